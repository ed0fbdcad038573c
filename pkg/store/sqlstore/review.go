package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// reviewTables are the tables with a review column, by entity type.
var reviewTables = map[string]string{"communication": "communications", "campaign": "campaigns"}

func reviewTable(entity string) (string, error) {
	t, ok := reviewTables[entity]
	if !ok {
		return "", fmt.Errorf("sqlstore: %q has no review", entity)
	}
	return t, nil
}

// reviewDoc stores a review as JSON, or NULL when there is none.
func reviewDoc(r domain.Review) any {
	if r.State == "" || r.State == domain.ReviewNone {
		return nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil
	}
	return string(b)
}

// LockReview implements store.Store: the no-op update takes the row's lock
// (as LockCampaign does), then the review is read under it.
func (s *Store) LockReview(ctx context.Context, entity, id string) (domain.Review, error) {
	var r domain.Review
	table, err := reviewTable(entity)
	if err != nil {
		return r, err
	}
	err = s.inTx(ctx, func(tx *Store) error {
		if err := tx.sees(ctx, table, id); err != nil {
			return err
		}
		n, err := tx.affected(ctx, `UPDATE `+table+` SET id = id WHERE id = $1`, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return store.ErrNotFound
		}
		return tx.q().QueryRowContext(ctx, `SELECT review FROM `+table+` WHERE id = $1`, id).Scan(jsonScan{&r})
	})
	r.Normalize()
	return r, err
}

// SetReview implements store.Store.
func (s *Store) SetReview(ctx context.Context, entity, id string, r domain.Review) error {
	table, err := reviewTable(entity)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx *Store) error {
		n, err := tx.affected(ctx, `UPDATE `+table+` SET review = $2 WHERE id = $1`, id, reviewDoc(r))
		if err != nil {
			return err
		}
		if n == 0 {
			return store.ErrNotFound
		}
		if entity == "communication" {
			scheduled, err := tx.scheduledDate(ctx, id)
			if err != nil {
				return err
			}
			tx.scheduledOn(scheduled)
		}
		tx.touch(entity, domain.ActionUpdated)
		return nil
	})
}

// reviewedQueries are ListReviewed's reads, by entity, in the order of each
// entity's list; the partial indexes of migration 22 hold exactly these
// rows, so neither table is scanned.
var reviewedQueries = []struct{ entity, query, order string }{
	{"communication", `SELECT id, title, review FROM communications WHERE review IS NOT NULL`, ` ORDER BY created_at, id`},
	{"campaign", `SELECT id, title, review FROM campaigns WHERE review IS NOT NULL`, ` ORDER BY created_at DESC, id`},
}

// ListReviewed implements store.Store.
func (s *Store) ListReviewed(ctx context.Context) ([]store.Reviewed, error) {
	var out []store.Reviewed
	for _, q := range reviewedQueries {
		query, args := andVisible(ctx, q.query, "scope", false)
		rows, err := s.q().QueryContext(ctx, query+q.order, args...)
		got, err := collect(rows, err, func(r *sql.Rows) (store.Reviewed, error) {
			it := store.Reviewed{Entity: q.entity}
			err := r.Scan(&it.ID, &it.Title, jsonScan{&it.Review})
			it.Review.Normalize()
			return it, err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

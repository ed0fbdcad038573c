package sqlstore

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

const activitySelect = `SELECT id, action, entity_type, entity_id, label, at, actor_id, actor_name, changes FROM activity`

func scanActivity(r *sql.Rows) (domain.Activity, error) {
	var a domain.Activity
	var changes string
	err := r.Scan(&a.ID, &a.Action, &a.EntityType, &a.EntityID, &a.Label, &a.At, &a.ActorID, &a.ActorName, &changes)
	a.At = a.At.UTC()
	if changes != "" {
		a.Changes = []byte(changes)
	}
	return a, err
}

// ListAudit implements store.Store.
func (s *Store) ListAudit(ctx context.Context, f store.AuditFilter) ([]domain.Activity, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	for _, c := range []struct{ col, v string }{
		{"entity_type", f.EntityType}, {"entity_id", f.EntityID}, {"actor_id", f.ActorID}, {"action", f.Action},
	} {
		if c.v != "" {
			where = append(where, c.col+" = "+arg(c.v))
		}
	}
	if !f.From.IsZero() {
		where = append(where, "at >= "+arg(f.From.UTC()))
	}
	if !f.To.IsZero() {
		where = append(where, "at < "+arg(f.To.UTC()))
	}
	if f.After != "" {
		var seq int64
		err := s.q().QueryRowContext(ctx, `SELECT seq FROM activity WHERE id = $1`, f.After).Scan(&seq)
		if err != nil {
			return nil, notFound(err)
		}
		where = append(where, "seq < "+arg(seq))
	}
	q := maskedActivity(ctx, arg)
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY seq DESC LIMIT " + arg(f.Limit)
	rows, err := s.q().QueryContext(ctx, q, args...)
	return collect(rows, err, scanActivity)
}

// Audit implements store.Store.
func (s *Store) Audit(ctx context.Context, action, entityType, entityID, label string) error {
	return s.inTx(ctx, func(tx *Store) error {
		return tx.record(ctx, action, entityType, entityID, label)
	})
}

// PruneAudit implements store.Store.
func (s *Store) PruneAudit(ctx context.Context, before time.Time) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *Store) error {
		res, err := tx.q().ExecContext(ctx, `DELETE FROM activity WHERE at < $1`, before.UTC())
		if err != nil {
			return err
		}
		deleted, err := res.RowsAffected()
		if err != nil {
			return err
		}
		n = int(deleted)
		// Old entries may be among the recent ones when little happens.
		tx.touched[store.ActivityList] = true
		ctx := store.WithChanges(ctx, store.Changes{"entries": {Before: n, After: 0}, "cutoff": {After: before.UTC().Format(time.RFC3339)}})
		return tx.record(ctx, store.ActionPruned, "audit", "", strconv.Itoa(n)+" entries before "+before.UTC().Format(time.RFC3339))
	})
	return n, err
}

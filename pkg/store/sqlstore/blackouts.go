package sqlstore

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

const blackoutSelect = `SELECT id, name, start_date, end_date, created_at FROM blackouts`

func scanBlackout(r rowScanner) (domain.Blackout, error) {
	var b domain.Blackout
	err := r.Scan(&b.ID, &b.Name, &b.StartDate, &b.EndDate, &b.CreatedAt)
	b.AudienceIDs = []string{}
	return b, err
}

// ListBlackouts implements store.Store: two queries (blackouts, then all
// their audience links), however many there are.
func (s *Store) ListBlackouts(ctx context.Context) ([]domain.Blackout, error) {
	out, err := queryAll(ctx, s, scanBlackout, blackoutSelect+` ORDER BY start_date, end_date, name, id`)
	if err != nil || len(out) == 0 {
		return out, err
	}
	err = attachLinks(ctx, s, `SELECT blackout_id, audience_id FROM blackout_audiences ORDER BY blackout_id, position`, out,
		func(b *domain.Blackout) string { return b.ID },
		func(b *domain.Blackout, aid string) { b.AudienceIDs = append(b.AudienceIDs, aid) })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// GetBlackout implements store.Store.
func (s *Store) GetBlackout(ctx context.Context, id string) (domain.Blackout, error) {
	b, err := scanBlackout(s.q().QueryRowContext(ctx, blackoutSelect+` WHERE id = $1`, id))
	if err != nil {
		return b, notFound(err)
	}
	b.AudienceIDs, err = s.collectIDs(ctx, `SELECT audience_id FROM blackout_audiences WHERE blackout_id = $1 ORDER BY position`, id)
	return b, err
}

// CreateBlackout implements store.Store.
func (s *Store) CreateBlackout(ctx context.Context, b *domain.Blackout) error {
	b.ID, b.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		_, err := tx.q().ExecContext(ctx,
			`INSERT INTO blackouts (id, name, start_date, end_date, created_at) VALUES ($1, $2, $3, $4, $5)`,
			b.ID, b.Name, b.StartDate, b.EndDate, b.CreatedAt)
		if err != nil {
			return err
		}
		return tx.saveBlackout(ctx, b, domain.ActionCreated)
	})
}

// UpdateBlackout implements store.Store.
func (s *Store) UpdateBlackout(ctx context.Context, b *domain.Blackout) error {
	return s.inTx(ctx, func(tx *Store) error {
		err := mustAffect(tx.q().ExecContext(ctx,
			`UPDATE blackouts SET name = $2, start_date = $3, end_date = $4 WHERE id = $1`,
			b.ID, b.Name, b.StartDate, b.EndDate))
		if err != nil {
			return err
		}
		return tx.saveBlackout(ctx, b, domain.ActionUpdated)
	})
}

// saveBlackout replaces the blackout's audience links, logs action and
// reads the stored record back into b; callers are in a transaction.
func (s *Store) saveBlackout(ctx context.Context, b *domain.Blackout, action string) error {
	if _, err := s.q().ExecContext(ctx, `DELETE FROM blackout_audiences WHERE blackout_id = $1`, b.ID); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, aid := range b.AudienceIDs {
		if seen[aid] {
			continue
		}
		seen[aid] = true
		if aid == "" {
			return &store.ReferenceError{Field: "audienceIds"}
		}
		if err := s.exists(ctx, "audiences", aid, "audienceIds"); err != nil {
			return err
		}
		if _, err := s.q().ExecContext(ctx,
			`INSERT INTO blackout_audiences (blackout_id, audience_id, position) VALUES ($1, $2, $3)`,
			b.ID, aid, len(seen)); err != nil {
			return err
		}
	}
	if err := s.record(ctx, action, "blackout", b.ID, b.Name); err != nil {
		return err
	}
	return reread(ctx, s.GetBlackout, b.ID, b)
}

// DeleteBlackout implements store.Store; its audience links go with it.
func (s *Store) DeleteBlackout(ctx context.Context, id string) error {
	return s.deleteRecorded(ctx, "blackouts", "name", "blackout", id)
}

// dropAudienceFromBlackouts runs inside DeleteAudience, after the audience
// is gone (its links went by cascade): a blackout that named it and now
// names nobody is deleted, because no audience would mean everyone.
func (s *Store) dropAudienceFromBlackouts(ctx context.Context, blackoutIDs []string) error {
	for _, bid := range blackoutIDs {
		var left int
		err := s.q().QueryRowContext(ctx, `SELECT COUNT(*) FROM blackout_audiences WHERE blackout_id = $1`, bid).Scan(&left)
		if err != nil {
			return err
		}
		if left == 0 {
			if err := s.DeleteBlackout(ctx, bid); err != nil {
				return err
			}
		}
	}
	return nil
}

package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/commsplan/commsplan/pkg/store"
)

// bumpSessions marks the revocation record changed; callers are inside inTx.
func (s *Store) bumpSessions(ctx context.Context) error {
	_, err := s.q().ExecContext(ctx, `UPDATE session_state SET version = version + 1 WHERE id = 1`)
	return err
}

// RevokeSession implements store.Store.
func (s *Store) RevokeSession(ctx context.Context, id string, expires time.Time) error {
	return s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx, `DELETE FROM revoked_sessions WHERE expires_at <= $1`, now()); err != nil {
			return err
		}
		res, err := tx.q().ExecContext(ctx,
			`INSERT INTO revoked_sessions (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
			id, expires.UTC().Truncate(time.Microsecond))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return tx.bumpSessions(ctx)
	})
}

// RevokeAllSessions implements store.Store.
func (s *Store) RevokeAllSessions(ctx context.Context, at time.Time) error {
	return s.inTx(ctx, func(tx *Store) error {
		_, err := tx.q().ExecContext(ctx,
			`UPDATE session_state SET valid_after = $1 WHERE id = 1 AND (valid_after IS NULL OR valid_after < $1)`,
			at.UTC().Truncate(time.Microsecond))
		if err != nil {
			return err
		}
		if err := tx.bumpSessions(ctx); err != nil {
			return err
		}
		return tx.record(ctx, store.ActionAllSessionsRevoked, "session", "all", "Every session")
	})
}

// SessionRevocationsVersion implements store.Store.
func (s *Store) SessionRevocationsVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.q().QueryRowContext(ctx, `SELECT version FROM session_state WHERE id = 1`).Scan(&v)
	return v, err
}

// SessionRevocations implements store.Store. The state row is read before
// the ids: a revocation committed in between shows in the ids under the
// older version, so the next poll reads the record again; the other order
// could keep a newer version without its id.
func (s *Store) SessionRevocations(ctx context.Context) (store.SessionRevocations, error) {
	var r store.SessionRevocations
	var after sql.NullTime
	err := s.q().QueryRowContext(ctx, `SELECT version, valid_after FROM session_state WHERE id = 1`).Scan(&r.Version, &after)
	if err != nil {
		return r, err
	}
	if after.Valid {
		r.ValidAfter = after.Time.UTC()
	}
	r.Revoked, err = s.collectIDs(ctx, `SELECT id FROM revoked_sessions WHERE expires_at > $1`, now())
	return r, err
}

// SwapAccessCodesHash implements store.Store.
func (s *Store) SwapAccessCodesHash(ctx context.Context, hash string) (string, error) {
	var previous string
	err := s.inTx(ctx, func(tx *Store) error {
		if err := tx.q().QueryRowContext(ctx, `SELECT codes_hash FROM session_state WHERE id = 1`).Scan(&previous); err != nil {
			return err
		}
		_, err := tx.q().ExecContext(ctx, `UPDATE session_state SET codes_hash = $1 WHERE id = 1`, hash)
		return err
	})
	return previous, err
}

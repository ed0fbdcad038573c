package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// personSelect reads a person with its count of unexpired sessions ($1 is
// now).
const personSelect = `SELECT ` + personColumns + ` FROM people p`

// personColumns are the columns scanPerson reads ($1 is now).
const personColumns = `p.id, p.name, p.email, p.role, p.created_at, p.last_seen_at,
	(SELECT COUNT(*) FROM person_sessions s WHERE s.person_id = p.id AND s.expires_at > $1)`

// scanPerson reads personColumns, then into extra the columns after them.
func scanPerson(r interface{ Scan(...any) error }, extra ...any) (domain.Person, error) {
	var p domain.Person
	var seen sql.NullTime
	err := r.Scan(append([]any{&p.ID, &p.Name, &p.Email, &p.Role, &p.CreatedAt, &seen, &p.ActiveSessions}, extra...)...)
	p.CreatedAt = p.CreatedAt.UTC()
	if seen.Valid {
		t := seen.Time.UTC()
		p.LastSeenAt = &t
	}
	return p, err
}

// ListPeople implements store.Store.
func (s *Store) ListPeople(ctx context.Context) ([]domain.Person, error) {
	rows, err := s.q().QueryContext(ctx, personSelect+` ORDER BY p.name, p.id`, now())
	return collect(rows, err, func(r *sql.Rows) (domain.Person, error) { return scanPerson(r) })
}

// GetPerson implements store.Store.
func (s *Store) GetPerson(ctx context.Context, id string) (domain.Person, error) {
	p, err := scanPerson(s.q().QueryRowContext(ctx, personSelect+` WHERE p.id = $2`, now(), id))
	return p, notFound(err)
}

// GetPersonByCodeHash implements store.Store.
func (s *Store) GetPersonByCodeHash(ctx context.Context, codeHash string) (domain.Person, error) {
	p, err := scanPerson(s.q().QueryRowContext(ctx, personSelect+` WHERE p.code_hash = $2`, now(), codeHash))
	return p, notFound(err)
}

// CreatePerson implements store.Store.
func (s *Store) CreatePerson(ctx context.Context, p *domain.Person, codeHash string) error {
	p.ID, p.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		return tx.insertRecorded(ctx, "person", p.ID, p.Name,
			`INSERT INTO people (id, name, email, role, code_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			p.ID, p.Name, p.Email, p.Role, codeHash, p.CreatedAt)
	})
}

// UpdatePerson implements store.Store.
func (s *Store) UpdatePerson(ctx context.Context, p *domain.Person) error {
	return s.inTx(ctx, func(tx *Store) error {
		return tx.updateRecorded(ctx, "person", p.ID, p.Name,
			`UPDATE people SET name = $1, email = $2, role = $3 WHERE id = $4`, p.Name, p.Email, p.Role, p.ID)
	})
}

// SetPersonCode implements store.Store.
func (s *Store) SetPersonCode(ctx context.Context, id, codeHash string) error {
	return s.inTx(ctx, func(tx *Store) error {
		var name string
		if err := tx.q().QueryRowContext(ctx, `SELECT name FROM people WHERE id = $1`, id).Scan(&name); err != nil {
			return notFound(err)
		}
		if _, err := tx.q().ExecContext(ctx, `UPDATE people SET code_hash = $1 WHERE id = $2`, codeHash, id); err != nil {
			return err
		}
		if _, err := tx.q().ExecContext(ctx, `DELETE FROM person_sessions WHERE person_id = $1`, id); err != nil {
			return err
		}
		return tx.record(ctx, store.ActionCodeIssued, "person", id, name)
	})
}

// DeletePerson implements store.Store.
func (s *Store) DeletePerson(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx, `DELETE FROM person_sessions WHERE person_id = $1`, id); err != nil {
			return err
		}
		if err := tx.deleteFeedsOf(ctx, id); err != nil {
			return err
		}
		return tx.deleteRecorded(ctx, "people", "name", "person", id)
	})
}

// LockAdmins implements store.Store: the no-op update takes the rows' write
// locks on PostgreSQL (SQLite has one writer anyway) and counts them.
func (s *Store) LockAdmins(ctx context.Context) (int, error) {
	return s.affected(ctx, `UPDATE people SET role = role WHERE role = 'admin'`)
}

// LockCampaign implements store.Store with the same no-op update.
func (s *Store) LockCampaign(ctx context.Context, id string) error {
	_, err := s.affected(ctx, `UPDATE campaigns SET id = id WHERE id = $1`, id)
	return err
}

// CreatePersonSession implements store.Store.
func (s *Store) CreatePersonSession(ctx context.Context, sess domain.PersonSession) error {
	at := sess.CreatedAt.UTC().Truncate(time.Microsecond)
	return s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx, `DELETE FROM person_sessions WHERE person_id = $1 AND expires_at <= $2`, sess.PersonID, at); err != nil {
			return err
		}
		if _, err := tx.q().ExecContext(ctx,
			`INSERT INTO person_sessions (id, person_id, created_at, last_seen_at, expires_at, user_agent) VALUES ($1, $2, $3, $4, $5, $6)`,
			sess.ID, sess.PersonID, at, sess.LastSeenAt.UTC().Truncate(time.Microsecond), sess.ExpiresAt.UTC().Truncate(time.Microsecond), sess.UserAgent); err != nil {
			return err
		}
		_, err := tx.q().ExecContext(ctx, `UPDATE people SET last_seen_at = $1 WHERE id = $2`, at, sess.PersonID)
		return err
	})
}

// sessionColumns are a person_sessions row's columns, as sessionDest reads them.
const sessionColumns = `ps.id, ps.person_id, ps.created_at, ps.last_seen_at, ps.expires_at, ps.user_agent`

// sessionDest are the scan destinations of sessionColumns in x.
func sessionDest(x *domain.PersonSession) []any {
	return []any{&x.ID, &x.PersonID, &x.CreatedAt, &x.LastSeenAt, &x.ExpiresAt, &x.UserAgent}
}

// utcSession is x with its times in UTC.
func utcSession(x domain.PersonSession) domain.PersonSession {
	x.CreatedAt, x.LastSeenAt, x.ExpiresAt = x.CreatedAt.UTC(), x.LastSeenAt.UTC(), x.ExpiresAt.UTC()
	return x
}

// PersonOfSession implements store.Store.
func (s *Store) PersonOfSession(ctx context.Context, sessionID string, at time.Time) (domain.Person, domain.PersonSession, error) {
	var sess domain.PersonSession
	p, err := scanPerson(s.q().QueryRowContext(ctx, `SELECT `+personColumns+`, `+sessionColumns+`
		FROM people p JOIN person_sessions ps ON ps.person_id = p.id WHERE ps.id = $2 AND ps.expires_at > $1`,
		at.UTC().Truncate(time.Microsecond), sessionID), sessionDest(&sess)...)
	return p, utcSession(sess), notFound(err)
}

// TouchPersonSession implements store.Store.
func (s *Store) TouchPersonSession(ctx context.Context, sessionID string, at, expires time.Time) error {
	at = at.UTC().Truncate(time.Microsecond)
	return s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx, `UPDATE person_sessions SET last_seen_at = $1, expires_at = $2 WHERE id = $3`,
			at, expires.UTC().Truncate(time.Microsecond), sessionID); err != nil {
			return err
		}
		_, err := tx.q().ExecContext(ctx,
			`UPDATE people SET last_seen_at = $1 WHERE id = (SELECT person_id FROM person_sessions WHERE id = $2)`, at, sessionID)
		return err
	})
}

// ListPersonSessions implements store.Store.
func (s *Store) ListPersonSessions(ctx context.Context, personID string) ([]domain.PersonSession, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT `+sessionColumns+` FROM person_sessions ps
		WHERE ps.person_id = $1 AND ps.expires_at > $2 ORDER BY ps.last_seen_at DESC, ps.id`, personID, now())
	return collect(rows, err, func(r *sql.Rows) (domain.PersonSession, error) {
		var x domain.PersonSession
		err := r.Scan(sessionDest(&x)...)
		return utcSession(x), err
	})
}

// DeletePersonSession implements store.Store.
func (s *Store) DeletePersonSession(ctx context.Context, id string) error {
	return s.exec(ctx, `DELETE FROM person_sessions WHERE id = $1`, id)
}

// EndPersonSession implements store.Store.
func (s *Store) EndPersonSession(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		var personID, name string
		if err := tx.q().QueryRowContext(ctx, `SELECT p.id, p.name FROM person_sessions ps JOIN people p ON p.id = ps.person_id
			WHERE ps.id = $1 AND ps.expires_at > $2`, id, now()).Scan(&personID, &name); err != nil {
			return notFound(err)
		}
		if _, err := tx.q().ExecContext(ctx, `DELETE FROM person_sessions WHERE id = $1`, id); err != nil {
			return err
		}
		return tx.record(ctx, store.ActionSessionEnded, "person", personID, name)
	})
}

// DeletePersonSessions implements store.Store.
func (s *Store) DeletePersonSessions(ctx context.Context, personID string) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *Store) error {
		var name string
		if err := tx.q().QueryRowContext(ctx, `SELECT name FROM people WHERE id = $1`, personID).Scan(&name); err != nil {
			return notFound(err)
		}
		var err error
		if n, err = tx.affected(ctx, `DELETE FROM person_sessions WHERE person_id = $1`, personID); err != nil {
			return err
		}
		return tx.record(ctx, store.ActionSignedOut, "person", personID, name)
	})
	return n, err
}

// exec runs one write statement in a transaction of its own (or the
// caller's): SQLite's reads go to a read-only pool.
func (s *Store) exec(ctx context.Context, query string, args ...any) error {
	return s.inTx(ctx, func(tx *Store) error {
		_, err := tx.q().ExecContext(ctx, query, args...)
		return err
	})
}

// affected is exec answering the number of rows the statement changed.
func (s *Store) affected(ctx context.Context, query string, args ...any) (int, error) {
	var n int64
	err := s.inTx(ctx, func(tx *Store) error {
		res, err := tx.q().ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// GetPersonByIdentity implements store.Store.
func (s *Store) GetPersonByIdentity(ctx context.Context, issuer, subject string) (domain.Person, error) {
	if subject == "" {
		return domain.Person{}, store.ErrNotFound
	}
	p, err := scanPerson(s.q().QueryRowContext(ctx, personSelect+` WHERE p.issuer = $2 AND p.subject = $3`, now(), issuer, subject))
	return p, notFound(err)
}

// LinkPersonIdentity implements store.Store.
func (s *Store) LinkPersonIdentity(ctx context.Context, id, issuer, subject string) error {
	n, err := s.affected(ctx, `UPDATE people SET issuer = $1, subject = $2 WHERE id = $3`, issuer, subject, id)
	if err == nil && n == 0 {
		err = store.ErrNotFound
	}
	return err
}

// CreateSignInFlow implements store.Store; expired flows are pruned on the
// way, so abandoned sign-ons do not pile up.
func (s *Store) CreateSignInFlow(ctx context.Context, f store.SignInFlow) error {
	return s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx, `DELETE FROM sign_in_flows WHERE expires_at <= $1`, now()); err != nil {
			return err
		}
		_, err := tx.q().ExecContext(ctx, `INSERT INTO sign_in_flows (state_hash, nonce, verifier, expires_at) VALUES ($1, $2, $3, $4)`,
			f.StateHash, f.Nonce, f.Verifier, f.Expires.UTC().Truncate(time.Microsecond))
		return err
	})
}

// TakeSignInFlow implements store.Store: the DELETE decides, so of two
// callbacks with one state (on any replicas) only one gets the flow.
func (s *Store) TakeSignInFlow(ctx context.Context, stateHash string) (store.SignInFlow, error) {
	f := store.SignInFlow{StateHash: stateHash}
	err := s.inTx(ctx, func(tx *Store) error {
		err := tx.q().QueryRowContext(ctx, `DELETE FROM sign_in_flows WHERE state_hash = $1 RETURNING nonce, verifier, expires_at`,
			stateHash).Scan(&f.Nonce, &f.Verifier, &f.Expires)
		if err != nil {
			return notFound(err)
		}
		if f.Expires = f.Expires.UTC(); !f.Expires.After(now()) {
			return store.ErrNotFound
		}
		return nil
	})
	return f, err
}

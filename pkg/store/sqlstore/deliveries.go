package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

const deliveryColumns = `id, communication_id, channel, recipient, employee_id, name, state, attempts, last_error,
  queued_at, sent_at, updated_at`

func scanDelivery(r rowScanner) (domain.Delivery, error) {
	var d domain.Delivery
	var sent sql.NullTime
	err := r.Scan(&d.ID, &d.CommunicationID, &d.Channel, &d.Recipient, &d.EmployeeID, &d.Name, &d.State, &d.Attempts,
		&d.LastError, &d.QueuedAt, &sent, &d.UpdatedAt)
	d.QueuedAt, d.UpdatedAt = d.QueuedAt.UTC(), d.UpdatedAt.UTC()
	if sent.Valid {
		t := sent.Time.UTC()
		d.SentAt = &t
	}
	return d, err
}

// QueueDeliveries implements store.Store.
func (s *Store) QueueDeliveries(ctx context.Context, run store.DeliveryRun, rows []domain.Delivery) ([]domain.Delivery, error) {
	var added []domain.Delivery
	err := s.inTx(ctx, func(tx *Store) error {
		at := now()
		if _, err := tx.q().ExecContext(ctx, `INSERT INTO delivery_runs
		    (communication_id, fingerprint, paused, pause_reason, consecutive_errors, started_by, started_at, updated_at)
		  VALUES ($1, $2, $3, '', 0, $4, $5, $5)
		  ON CONFLICT (communication_id) DO UPDATE SET fingerprint = $2, paused = $3, pause_reason = '',
		    consecutive_errors = 0, started_by = $4, updated_at = $5`,
			run.CommunicationID, run.Fingerprint, false, run.StartedBy, at); err != nil {
			return err
		}
		for _, d := range rows {
			d.ID, d.CommunicationID, d.State, d.QueuedAt, d.UpdatedAt = newID(), run.CommunicationID, domain.DeliveryQueued, at, at
			d.Attempts, d.LastError, d.SentAt = 0, "", nil
			res, err := tx.q().ExecContext(ctx, `INSERT INTO deliveries (`+deliveryColumns+`)
			  VALUES ($1, $2, $3, $4, $5, $6, $7, 0, '', $8, NULL, $8)
			  ON CONFLICT (communication_id, channel, recipient) DO NOTHING`,
				d.ID, d.CommunicationID, d.Channel, d.Recipient, d.EmployeeID, d.Name, d.State, at)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 1 {
				added = append(added, d)
			}
		}
		return nil
	})
	return added, err
}

// GetDeliveryRun implements store.Store.
func (s *Store) GetDeliveryRun(ctx context.Context, communicationID string) (store.DeliveryRun, error) {
	var r store.DeliveryRun
	err := s.q().QueryRowContext(ctx, `SELECT communication_id, fingerprint, paused, pause_reason, consecutive_errors,
	    started_by, started_at, updated_at FROM delivery_runs WHERE communication_id = $1`, communicationID).
		Scan(&r.CommunicationID, &r.Fingerprint, &r.Paused, &r.PauseReason, &r.ConsecutiveErrors, &r.StartedBy,
			&r.StartedAt, &r.UpdatedAt)
	r.StartedAt, r.UpdatedAt = r.StartedAt.UTC(), r.UpdatedAt.UTC()
	return r, notFound(err)
}

// GetDelivery implements store.Store.
func (s *Store) GetDelivery(ctx context.Context, id string) (domain.Delivery, error) {
	d, err := scanDelivery(s.q().QueryRowContext(ctx, `SELECT `+deliveryColumns+` FROM deliveries WHERE id = $1`, id))
	return d, notFound(err)
}

// ListDeliveries implements store.Store.
func (s *Store) ListDeliveries(ctx context.Context, f store.DeliveryFilter) (store.Page[domain.Delivery], error) {
	var a args
	where := []string{"communication_id = " + a.add(f.CommunicationID)}
	if f.State != "" {
		where = append(where, "state = "+a.add(f.State))
	}
	if f.Channel != "" {
		where = append(where, "channel = "+a.add(f.Channel))
	}
	if f.Q != "" {
		where = append(where, s.likeAny(a.add(likePattern(f.Q)), "recipient", "name"))
	}
	cond := " WHERE " + strings.Join(where, " AND ")
	limit := f.Limit
	if limit <= 0 {
		limit = store.DefaultPageLimit
	}
	offset := max(f.Offset, 0)
	var page store.Page[domain.Delivery]
	if err := s.q().QueryRowContext(ctx, `SELECT COUNT(*) FROM deliveries`+cond, a...).Scan(&page.Total); err != nil {
		return page, err
	}
	rows, err := s.q().QueryContext(ctx, `SELECT `+deliveryColumns+` FROM deliveries`+cond+
		` ORDER BY recipient`+s.opt.Dialect.TextOrder+`, channel`+s.opt.Dialect.TextOrder+
		fmt.Sprintf(` LIMIT %d OFFSET %d`, limit, offset), a...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return page, err
		}
		page.Rows = append(page.Rows, d)
	}
	page.More = offset+len(page.Rows) < page.Total
	return page, rows.Err()
}

// CountDeliveries implements store.Store.
func (s *Store) CountDeliveries(ctx context.Context, ids []string) (map[string]store.DeliveryCounts, error) {
	out := map[string]store.DeliveryCounts{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.q().QueryContext(ctx, `SELECT communication_id, state, COUNT(*) FROM deliveries
	  WHERE communication_id IN (`+fmt.Sprintf(s.opt.Dialect.TextList, "$1")+`) GROUP BY communication_id, state`,
		jsonValue{ids})
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, state string
		var n int
		if err := rows.Scan(&id, &state, &n); err != nil {
			return nil, err
		}
		c := out[id]
		c.Add(state, n)
		out[id] = c
	}
	return out, rows.Err()
}

// CountSentSince implements store.Store.
func (s *Store) CountSentSince(ctx context.Context, since time.Time) (int, error) {
	var n int
	err := s.q().QueryRowContext(ctx, `SELECT COUNT(*) FROM deliveries WHERE state = $1 AND sent_at >= $2`,
		domain.DeliverySent, since.UTC()).Scan(&n)
	return n, err
}

// ClaimDelivery implements store.Store.
func (s *Store) ClaimDelivery(ctx context.Context, id string, at, staleBefore time.Time) (domain.Delivery, bool, error) {
	var d domain.Delivery
	var ok bool
	err := s.inTx(ctx, func(tx *Store) error {
		res, err := tx.q().ExecContext(ctx, `UPDATE deliveries SET state = $1, attempts = attempts + 1, updated_at = $2
		  WHERE id = $3 AND (state = $4 OR (state = $1 AND updated_at < $6)) AND communication_id NOT IN
		    (SELECT communication_id FROM delivery_runs WHERE paused = $5)`,
			domain.DeliverySending, at.UTC(), id, domain.DeliveryQueued, true, staleBefore.UTC())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		ok = n == 1
		d, err = scanDelivery(tx.q().QueryRowContext(ctx, `SELECT `+deliveryColumns+` FROM deliveries WHERE id = $1`, id))
		return notFound(err)
	})
	return d, ok, err
}

// FinishDelivery implements store.Store.
func (s *Store) FinishDelivery(ctx context.Context, id, state, lastError string, at time.Time) (int, error) {
	var consecutive int
	err := s.inTx(ctx, func(tx *Store) error {
		var comm string
		if err := tx.q().QueryRowContext(ctx, `SELECT communication_id FROM deliveries WHERE id = $1`, id).Scan(&comm); err != nil {
			return notFound(err)
		}
		var sent any
		if state == domain.DeliverySent {
			sent = at.UTC()
		}
		if _, err := tx.q().ExecContext(ctx, `UPDATE deliveries SET state = $1, last_error = $2, sent_at = $3,
		    updated_at = $4 WHERE id = $5`, state, lastError, sent, at.UTC(), id); err != nil {
			return err
		}
		var change string
		switch state {
		case domain.DeliverySent:
			change = `consecutive_errors = 0`
		case domain.DeliveryFailed, domain.DeliveryQueued:
			change = `consecutive_errors = consecutive_errors + 1`
		default:
			change = `consecutive_errors = consecutive_errors`
		}
		if _, err := tx.q().ExecContext(ctx, `UPDATE delivery_runs SET `+change+`, updated_at = $1
		  WHERE communication_id = $2`, at.UTC(), comm); err != nil {
			return err
		}
		err := tx.q().QueryRowContext(ctx, `SELECT consecutive_errors FROM delivery_runs WHERE communication_id = $1`,
			comm).Scan(&consecutive)
		if err == sql.ErrNoRows {
			return nil
		}
		return err
	})
	return consecutive, err
}

// PauseDeliveries implements store.Store.
func (s *Store) PauseDeliveries(ctx context.Context, communicationID string, paused bool, reason string) error {
	return s.inTx(ctx, func(tx *Store) error {
		set := `paused = $1, pause_reason = $2, updated_at = $3`
		if !paused {
			set += `, consecutive_errors = 0`
			reason = ""
		}
		res, err := tx.q().ExecContext(ctx, `UPDATE delivery_runs SET `+set+` WHERE communication_id = $4`,
			paused, reason, now(), communicationID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return store.ErrNotFound
		}
		return nil
	})
}

// RequeueFailed implements store.Store.
func (s *Store) RequeueFailed(ctx context.Context, communicationID string) ([]domain.Delivery, error) {
	var out []domain.Delivery
	err := s.inTx(ctx, func(tx *Store) error {
		var err error
		out, err = tx.deliveriesIn(ctx, communicationID, domain.DeliveryFailed, domain.DeliveryFailed)
		if err != nil || len(out) == 0 {
			return err
		}
		at := now()
		if _, err := tx.q().ExecContext(ctx, `UPDATE deliveries SET state = $1, updated_at = $2
		  WHERE communication_id = $3 AND state = $4`, domain.DeliveryQueued, at, communicationID, domain.DeliveryFailed); err != nil {
			return err
		}
		for i := range out {
			out[i].State, out[i].UpdatedAt = domain.DeliveryQueued, at
		}
		return nil
	})
	return out, err
}

// PendingDeliveries implements store.Store.
func (s *Store) PendingDeliveries(ctx context.Context, communicationID string) ([]domain.Delivery, error) {
	return s.deliveriesIn(ctx, communicationID, domain.DeliveryQueued, domain.DeliverySending)
}

// deliveriesIn are a communication's deliveries in state a or b, by id.
func (s *Store) deliveriesIn(ctx context.Context, communicationID, a, b string) ([]domain.Delivery, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT `+deliveryColumns+` FROM deliveries
	  WHERE communication_id = $1 AND state IN ($2, $3) ORDER BY id`, communicationID, a, b)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Delivery
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

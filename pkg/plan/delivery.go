package plan

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/delivery"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// The audit actions of a send.
const (
	ActionSendQueued  = "send_queued"
	ActionSendTest    = "send_test"
	ActionSendPaused  = "send_paused"
	ActionSendResumed = "send_resumed"
	ActionSendRetried = "send_retried"
)

// Dispatch is how the use cases reach the delivery queue and channels:
// Enqueue puts jobs for ds in tx, the transaction of their records;
// SendTest sends one copy now, outside the queue.
type Dispatch interface {
	Enqueue(ctx context.Context, tx store.Store, ds []domain.Delivery) error
	SendTest(ctx context.Context, channel string, m delivery.Message) error
	// Configured says whether this server can send on channel.
	Configured(channel string) bool
}

// notConfigured refuses a send on a channel the server has no settings for.
func notConfigured(channel string) error {
	return &InputError{Message: "this server is not set up to send " + channel + " (docs/delivery.md)",
		Fields: map[string]string{"vehicleId": "is sent by " + channel + ", which this server is not set up for"}}
}

// SendFailedError is a test copy the channel refused or could not take:
// its message is the channel's (an SMTP reply), which names nothing of
// ours. The API answers 502.
type SendFailedError struct{ Err error }

func (e *SendFailedError) Error() string { return "the message was not sent: " + e.Err.Error() }

// Unwrap returns the channel's error.
func (e *SendFailedError) Unwrap() error { return e.Err }

// ErrNoDelivery is a send asked of a server without a delivery queue.
var ErrNoDelivery = errors.New("sending is not configured on this server")

// WithDispatch returns p sending through d.
func (p *Plan) WithDispatch(d Dispatch) *Plan {
	q := *p
	q.dispatch = d
	return &q
}

// SendResult is what a send queued.
type SendResult struct {
	// Queued are the deliveries this call added; Already those queued by
	// an earlier send; Skipped the audience's members left out (inactive,
	// no address).
	Queued  int `json:"queued"`
	Already int `json:"already"`
	Skipped int `json:"skipped"`
}

// sendable loads c with its vehicle and checks that it may be sent.
func (p *Plan) sendable(ctx context.Context, tx store.Store, id string) (domain.Communication, domain.Vehicle, error) {
	c, err := tx.GetCommunication(ctx, id)
	if err != nil {
		return c, domain.Vehicle{}, err
	}
	var v domain.Vehicle
	if c.VehicleID != "" {
		if v, err = tx.GetVehicle(ctx, c.VehicleID); err != nil && !errors.Is(err, store.ErrNotFound) {
			return c, v, err
		}
	}
	if err := delivery.Check(c, delivery.Target{VehicleType: v.Type, Private: v.Settings.Private, HasWebhook: v.Settings.Webhook != ""}, p.policy); err != nil {
		var r *delivery.Refusal
		if errors.As(err, &r) {
			if r.Field == "review" {
				return c, v, &ApprovalError{Field: "review"}
			}
			return c, v, Invalid(r.Field, r.Message)
		}
		return c, v, err
	}
	return c, v, nil
}

// Send queues communication id for every recipient now: its audience's
// active members on email, or its vehicle's channel. It needs
// delivery.send; with review.required only an approved communication is
// sent (*ApprovalError otherwise). Asking again queues only those not yet
// queued. The records, the jobs and the audit entry are one transaction.
func (p *Plan) Send(ctx context.Context, id string) (SendResult, error) {
	var out SendResult
	who, err := actor.Require(ctx, actor.DeliverySend)
	if err != nil {
		return out, err
	}
	c, v, err := p.sendable(ctx, p.st, id)
	if err != nil {
		return out, err
	}
	if p.dispatch == nil {
		return out, ErrNoDelivery
	}
	channel := delivery.ChannelOf(v.Type)
	if !p.dispatch.Configured(channel) {
		return out, notConfigured(channel)
	}
	var rows []domain.Delivery
	if channel == delivery.Email {
		members, err := p.members(ctx, c.AudienceID)
		if err != nil {
			return out, err
		}
		recipients, skipped := delivery.Recipients(members)
		out.Skipped = skipped
		for _, r := range recipients {
			rows = append(rows, domain.Delivery{Channel: channel, Recipient: r.Email, EmployeeID: r.EmployeeID, Name: r.Name})
		}
	} else {
		rows = []domain.Delivery{{Channel: channel, Recipient: v.ID, Name: v.Name}}
	}
	err = p.st.InTx(ctx, func(tx store.Store) error {
		added, err := tx.QueueDeliveries(ctx, store.DeliveryRun{CommunicationID: c.ID, Fingerprint: delivery.Fingerprint(c),
			StartedBy: who.ID}, rows)
		if err != nil {
			return err
		}
		if err := p.dispatch.Enqueue(ctx, tx, added); err != nil {
			return err
		}
		out.Queued, out.Already = len(added), len(rows)-len(added)
		ch := store.Changes{"queued": {After: out.Queued}, "channel": {After: channel}}
		return tx.Audit(store.WithChanges(ctx, ch), ActionSendQueued, "communication", c.ID,
			fmt.Sprintf("%s: %d recipients queued", c.Title, out.Queued))
	})
	return out, err
}

// members are every member of audience id on the day, a page at a time.
func (p *Plan) members(ctx context.Context, id string) ([]domain.Employee, error) {
	aud, err := p.st.GetAudience(ctx, id)
	if err != nil {
		return nil, err
	}
	crit := CriteriaOf(aud)
	var out []domain.Employee
	for offset := 0; ; {
		page, err := p.st.ListMembers(ctx, crit, offset, 1000)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Rows...)
		offset += len(page.Rows)
		if !page.More || len(page.Rows) == 0 {
			return out, nil
		}
	}
}

// SendTest sends one copy of communication id to address (the caller's
// own, by default) on email, after the same checks as Send, and records it
// in the audit trail.
func (p *Plan) SendTest(ctx context.Context, id, address string) (string, error) {
	who, err := actor.Require(ctx, actor.DeliverySend)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(address) == "" {
		if me, err := p.st.GetPerson(ctx, who.ID); err == nil {
			address = me.Email
		}
		if address == "" {
			return "", Invalid("email", "is required: you have no email address on record")
		}
	}
	a, err := mail.ParseAddress(strings.TrimSpace(address))
	if err != nil || !strings.Contains(a.Address, "@") {
		return "", Invalid("email", "must be an email address")
	}
	c, _, err := p.sendable(ctx, p.st, id)
	if err != nil {
		return "", err
	}
	if p.dispatch == nil {
		return "", ErrNoDelivery
	}
	if !p.dispatch.Configured(delivery.Email) {
		return "", notConfigured(delivery.Email)
	}
	h, text := delivery.Piece(c)
	to := strings.ToLower(a.Address)
	msg := delivery.Message{ID: delivery.MessageID(c.ID+"/test/"+time.Now().UTC().Format(time.RFC3339Nano), to, ""),
		To: to, Subject: "[Test] " + c.Title, HTML: h, Text: text, Communication: c.ID}
	if err := p.dispatch.SendTest(ctx, delivery.Email, msg); err != nil {
		return "", &SendFailedError{Err: err}
	}
	return to, p.st.Audit(store.WithChanges(ctx, store.Changes{"to": {After: to}}), ActionSendTest, "communication", c.ID,
		c.Title+": test copy sent")
}

// Deliveries is a page of communication id's delivery record with its
// counts and its run (nil before any send).
type Deliveries struct {
	Rows    []domain.Delivery    `json:"rows"`
	Total   int                  `json:"total"`
	More    bool                 `json:"more"`
	Summary store.DeliveryCounts `json:"summary"`
	Run     *store.DeliveryRun   `json:"run"`
}

// DeliveryRecord reads the record of a communication's send: anyone who
// may see the communication may read it.
func (p *Plan) DeliveryRecord(ctx context.Context, f store.DeliveryFilter) (Deliveries, error) {
	var out Deliveries
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return out, err
	}
	if f.State != "" && !oneOf(f.State, domain.DeliveryStates) {
		return out, Invalid("state", "must be one of "+strings.Join(domain.DeliveryStates, ", "))
	}
	if f.Channel != "" && !oneOf(f.Channel, delivery.Channels) {
		return out, Invalid("channel", "must be one of "+strings.Join(delivery.Channels, ", "))
	}
	if _, err := p.st.GetCommunication(ctx, f.CommunicationID); err != nil {
		return out, err
	}
	page, err := p.st.ListDeliveries(ctx, f)
	if err != nil {
		return out, err
	}
	out.Rows, out.Total, out.More = page.Rows, page.Total, page.More
	if out.Rows == nil {
		out.Rows = []domain.Delivery{}
	}
	counts, err := p.st.CountDeliveries(ctx, []string{f.CommunicationID})
	if err != nil {
		return out, err
	}
	out.Summary = counts[f.CommunicationID]
	run, err := p.st.GetDeliveryRun(ctx, f.CommunicationID)
	switch {
	case err == nil:
		out.Run = &run
	case !errors.Is(err, store.ErrNotFound):
		return out, err
	}
	return out, nil
}

func oneOf(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// PauseSend pauses (pause true) or resumes communication id's send; a
// resume queues again what waits. Both are in the audit trail.
func (p *Plan) PauseSend(ctx context.Context, id string, pause bool) error {
	if _, err := actor.Require(ctx, actor.DeliverySend); err != nil {
		return err
	}
	c, err := p.st.GetCommunication(ctx, id)
	if err != nil {
		return err
	}
	if p.dispatch == nil {
		return ErrNoDelivery
	}
	return p.st.InTx(ctx, func(tx store.Store) error {
		reason, action, label := "paused by a planner", ActionSendPaused, c.Title+": send paused"
		if !pause {
			reason, action, label = "", ActionSendResumed, c.Title+": send resumed"
		}
		if err := tx.PauseDeliveries(ctx, id, pause, reason); errors.Is(err, store.ErrNotFound) {
			return Invalid("id", "has not been sent")
		} else if err != nil {
			return err
		}
		if !pause {
			pending, err := tx.PendingDeliveries(ctx, id)
			if err != nil {
				return err
			}
			if err := p.dispatch.Enqueue(ctx, tx, pending); err != nil {
				return err
			}
		}
		return tx.Audit(ctx, action, "communication", id, label)
	})
}

// RetryFailed queues communication id's failed deliveries again, and
// resumes its send; it returns how many.
func (p *Plan) RetryFailed(ctx context.Context, id string) (int, error) {
	if _, err := actor.Require(ctx, actor.DeliverySend); err != nil {
		return 0, err
	}
	c, _, err := p.sendable(ctx, p.st, id)
	if err != nil {
		return 0, err
	}
	if p.dispatch == nil {
		return 0, ErrNoDelivery
	}
	var n int
	err = p.st.InTx(ctx, func(tx store.Store) error {
		if err := tx.PauseDeliveries(ctx, id, false, ""); errors.Is(err, store.ErrNotFound) {
			return Invalid("id", "has not been sent")
		} else if err != nil {
			return err
		}
		again, err := tx.RequeueFailed(ctx, id)
		if err != nil {
			return err
		}
		n = len(again)
		if err := p.dispatch.Enqueue(ctx, tx, again); err != nil {
			return err
		}
		return tx.Audit(store.WithChanges(ctx, store.Changes{"retried": {After: n}}), ActionSendRetried,
			"communication", id, fmt.Sprintf("%s: %d failed deliveries retried", c.Title, n))
	})
	return n, err
}

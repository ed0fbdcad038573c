package store

import (
	"context"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Deliveries is the record of what was sent to whom. It is part of Store.
// None of its writes makes an audit entry: the use cases that start,
// pause, resume and retry a send write theirs in the same transaction.
type Deliveries interface {
	// QueueDeliveries starts or extends the send of run.CommunicationID:
	// the run takes run's fingerprint and starter and is no longer paused,
	// and each of rows (ID, QueuedAt and UpdatedAt filled, state queued)
	// is added unless a row for its (communication, channel, recipient)
	// exists. It returns the rows it added.
	QueueDeliveries(ctx context.Context, run DeliveryRun, rows []domain.Delivery) ([]domain.Delivery, error)
	// GetDeliveryRun is the send of a communication; ErrNotFound before
	// one was queued.
	GetDeliveryRun(ctx context.Context, communicationID string) (DeliveryRun, error)
	// GetDelivery is one delivery by id; ErrNotFound when none.
	GetDelivery(ctx context.Context, id string) (domain.Delivery, error)
	// ListDeliveries is one page of a communication's deliveries f keeps,
	// by recipient then channel.
	ListDeliveries(ctx context.Context, f DeliveryFilter) (Page[domain.Delivery], error)
	// CountDeliveries counts each communication's deliveries by state, in
	// one grouped read; a communication without any is left out.
	CountDeliveries(ctx context.Context, communicationIDs []string) (map[string]DeliveryCounts, error)
	// CountSentSince counts the deliveries sent at or after since.
	CountSentSince(ctx context.Context, since time.Time) (int, error)
	// ClaimDelivery moves a queued delivery (or one left sending since
	// before staleBefore, by a worker that died) to sending, counting an
	// attempt, and returns it with ok true. A delivery in another state,
	// or whose run is paused, is left as it is and returned with ok false.
	ClaimDelivery(ctx context.Context, id string, at, staleBefore time.Time) (d domain.Delivery, ok bool, err error)
	// FinishDelivery records an attempt's outcome: state sent (SentAt at,
	// the run's consecutive failures reset), failed or queued (a retry to
	// come; both count a consecutive failure of the run, with lastError),
	// or skipped (with lastError as the reason). It returns the run's
	// consecutive failures after it.
	FinishDelivery(ctx context.Context, id, state, lastError string, at time.Time) (consecutive int, err error)
	// PauseDeliveries pauses (with reason) or resumes a communication's
	// send; resuming clears the consecutive failures. ErrNotFound when it
	// has none.
	PauseDeliveries(ctx context.Context, communicationID string, paused bool, reason string) error
	// RequeueFailed moves a communication's failed deliveries back to
	// queued and returns them.
	RequeueFailed(ctx context.Context, communicationID string) ([]domain.Delivery, error)
	// PendingDeliveries are a communication's deliveries still queued or
	// sending, by id.
	PendingDeliveries(ctx context.Context, communicationID string) ([]domain.Delivery, error)
}

// DeliveryRun is the send of one communication as a whole.
type DeliveryRun struct {
	CommunicationID string `json:"communicationId"`
	// Fingerprint is the communication's approval fingerprint when it was
	// queued: a job finding another one now skips its recipient.
	Fingerprint       string    `json:"-"`
	Paused            bool      `json:"paused"`
	PauseReason       string    `json:"pauseReason"`
	ConsecutiveErrors int       `json:"consecutiveErrors"`
	StartedBy         string    `json:"startedBy"`
	StartedAt         time.Time `json:"startedAt"`
	UpdatedAt         time.Time `json:"updatedAt"`
}

// DeliveryFilter narrows ListDeliveries.
type DeliveryFilter struct {
	CommunicationID string
	// State and Channel keep the deliveries with that value ("" all).
	State, Channel string
	// Q keeps the deliveries whose recipient or name holds it, ignoring case.
	Q string
	// Offset and Limit cut the page; Limit 0 means DefaultPageLimit.
	Offset, Limit int
}

// DeliveryCounts are a communication's deliveries by state, and in all.
type DeliveryCounts struct {
	Queued  int `json:"queued"`
	Sending int `json:"sending"`
	Sent    int `json:"sent"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
	Total   int `json:"total"`
}

// Add counts n deliveries in state.
func (c *DeliveryCounts) Add(state string, n int) {
	switch state {
	case domain.DeliveryQueued:
		c.Queued += n
	case domain.DeliverySending:
		c.Sending += n
	case domain.DeliverySent:
		c.Sent += n
	case domain.DeliveryFailed:
		c.Failed += n
	case domain.DeliverySkipped:
		c.Skipped += n
	}
	c.Total += n
}

// Done says no delivery waits to be sent.
func (c DeliveryCounts) Done() bool { return c.Queued == 0 && c.Sending == 0 }

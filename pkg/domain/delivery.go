package domain

import "time"

// The states of a delivery: queued until a worker takes it, sending while
// it goes out, then sent, failed (for good, or after its last retry) or
// skipped (never sent: its content changed since approval, or the person
// left).
const (
	DeliveryQueued  = "queued"
	DeliverySending = "sending"
	DeliverySent    = "sent"
	DeliveryFailed  = "failed"
	DeliverySkipped = "skipped"
)

// DeliveryStates are the states, in a send's order.
var DeliveryStates = []string{DeliveryQueued, DeliverySending, DeliverySent, DeliveryFailed, DeliverySkipped}

// Delivery is one recipient of one communication on one channel: the
// record a planner reads, kept after the send.
type Delivery struct {
	ID              string `json:"id"`
	CommunicationID string `json:"communicationId"`
	// Channel is "email", "teams" or "slack".
	Channel string `json:"channel"`
	// Recipient is the address: an email address (lower case), or the
	// vehicle's id for a channel post.
	Recipient  string     `json:"recipient"`
	EmployeeID string     `json:"employeeId"`
	Name       string     `json:"name"`
	State      string     `json:"state"`
	Attempts   int        `json:"attempts"`
	LastError  string     `json:"lastError"`
	QueuedAt   time.Time  `json:"queuedAt"`
	SentAt     *time.Time `json:"sentAt"`
	UpdatedAt  time.Time  `json:"updatedAt"`
}

package domain

import "time"

// Review states of a communication or a saved campaign: a second state
// beside the status (docs/review.md).
const (
	ReviewNone             = "none"
	ReviewRequested        = "requested"
	ReviewApproved         = "approved"
	ReviewChangesRequested = "changes_requested"
)

// ReviewStates lists the review states.
var ReviewStates = []string{ReviewNone, ReviewRequested, ReviewApproved, ReviewChangesRequested}

// Review is the review of a communication or a saved campaign: who was
// asked, by when, and the decisions taken. The zero value is no review;
// Normalize gives it its JSON form (state "none", empty lists).
type Review struct {
	State string `json:"state"`
	// Approvers are the people asked; empty means any approver.
	Approvers []Ref `json:"approvers"`
	// DueDate is a calendar date (YYYY-MM-DD) or empty.
	DueDate string `json:"dueDate"`
	// Decisions are every decision taken, oldest first, across rounds.
	Decisions []ReviewDecision `json:"decisions"`
	// RequestedBy is who asked for the current round.
	RequestedBy *Ref      `json:"requestedBy,omitempty"`
	RequestedAt time.Time `json:"requestedAt,omitzero"`
	// Round counts the requests: a new request, or an edit that resets an
	// approval, starts the next one; only its decisions count.
	Round int `json:"round"`
	// Fingerprint is the hash of the fields the current round covers
	// (pkg/review.Fingerprint).
	Fingerprint string `json:"fingerprint,omitempty"`
	// ResetAt is when an edit last reset an approval ("" when never since
	// the last approval): the Upcoming panel flags those items.
	ResetAt time.Time `json:"resetAt,omitzero"`
	// Editors are the people who changed a field the approval covers while
	// the item was under review or since it was last approved: none of
	// them may approve it (pkg/review.Decide). Cleared once approved.
	Editors []Ref `json:"editors,omitempty"`
}

// ReviewDecision is one approver's decision.
type ReviewDecision struct {
	Round    int       `json:"round"`
	By       Ref       `json:"by"`
	Decision string    `json:"decision"`
	Comment  string    `json:"comment"`
	At       time.Time `json:"at"`
}

// Normalize gives a zero review its stored meaning: state none and empty
// (not null) lists.
func (r *Review) Normalize() {
	if r.State == "" {
		r.State = ReviewNone
	}
	if r.Approvers == nil {
		r.Approvers = []Ref{}
	}
	if r.Decisions == nil {
		r.Decisions = []ReviewDecision{}
	}
}

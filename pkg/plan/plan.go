// Package plan is every change to the communications plan, whoever asks
// for it: pkg/api's handlers and pkg/cli's commands call the same function
// here, so the browser and the terminal cannot drift apart. A use case owns
// what needs the store besides the engines' pure rules: validation against
// stored data, transactions, re-rendering stored documents, the readiness
// history and the data versions (through the store), and the acting person.
//
// Every call's context carries who is acting (pkg/actor); a call without
// one fails with actor.ErrNone. Errors are bad input (*InputError, or the
// store's typed errors such as store.ErrNotFound and store.ErrConflict) or
// failures; pkg/api alone turns them into status codes and pkg/cli into
// exit codes.
package plan

import (
	"context"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// Plan runs the use cases over one store.
type Plan struct {
	st store.Store
	// now is the clock of the rules that depend on time (a comment's
	// edit window).
	now func() time.Time
	// pub gets every notification event once its transaction commits
	// (notify.go); nil sends none.
	pub Publisher
	// policy is the team's review settings (WithReview).
	policy review.Policy
	// org is the organisation derived from the directory, shared by the
	// copies With* make.
	org *orgCache
	// dispatch reaches the delivery queue (WithDispatch); nil refuses sends.
	dispatch Dispatch
}

// New returns the use cases over st.
func New(st store.Store) *Plan { return &Plan{st: st, now: time.Now, org: &orgCache{}} }

// WithClock returns p reading the time from now (tests move it).
func (p *Plan) WithClock(now func() time.Time) *Plan {
	q := *p
	q.now = now
	return &q
}

// WithPublisher returns p handing every notification event to pub after
// its transaction commits (the webhook, notify.Webhook).
func (p *Plan) WithPublisher(pub Publisher) *Plan {
	q := *p
	q.pub = pub
	return &q
}

// acting returns who is acting. Every use case that changes the plan calls
// it first: an actor whose role lacks plan.edit gets *actor.DeniedError.
func acting(ctx context.Context) (actor.Actor, error) {
	return actor.Require(ctx, actor.PlanEdit)
}

// InputError is bad input: Message is shown as it is (the API answers 400
// with it, the CLI exits 2 with it), Fields names the request fields and
// what is wrong with each. Err is the engine's own error, when there is one.
type InputError struct {
	Message string
	Fields  map[string]string
	Err     error
}

func (e *InputError) Error() string { return e.Message }

// Unwrap returns the engine's error.
func (e *InputError) Unwrap() error { return e.Err }

// Invalid is bad input in one field: "field msg", as api.BadRequest words it.
func Invalid(field, msg string) *InputError {
	return &InputError{Message: field + " " + msg, Fields: map[string]string{field: msg}}
}

package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/jobs"
	"github.com/commsplan/commsplan/pkg/store"
)

// SendArgs is one job: one delivery of one communication to one recipient
// on one channel. It is unique on (communication, channel, recipient)
// while it waits or runs, so asking twice queues it once.
type SendArgs struct {
	Delivery      string `json:"delivery"`
	Communication string `json:"communication" river:"unique"`
	Channel       string `json:"channel" river:"unique"`
	Recipient     string `json:"recipient" river:"unique"`
	// Round is the delivery's attempts when it was queued: a retry of a
	// failed delivery is a new job even while the old one's end is not yet
	// recorded by River.
	Round int `json:"round" river:"unique"`
	// Queued is when it was queued (Unix nanoseconds). A resume queues the
	// pending deliveries again at once; a job of theirs that ran while the
	// send was paused may not yet be recorded as finished by River, and
	// without this the new job would be refused as its duplicate and the
	// delivery left queued for good. The claim in the deliveries table
	// keeps each person to one message whatever the jobs.
	Queued int64 `json:"queued,omitempty" river:"unique"`
}

// Kind names the job in River.
func (SendArgs) Kind() string { return "delivery.send" }

// Lease is how long a delivery left sending is taken for in flight by
// default (Options.Lease): past it, its worker is taken for dead and the
// job may claim it again (the one case where a person can get a message
// twice). It matches the queue's rescue of stuck jobs.
const Lease = 3 * time.Minute

// MaxAttempts is how often a delivery is tried before it fails.
const MaxAttempts = 5

// uniqueStates are the job states a duplicate is refused in: every state
// but the finished ones, so a retry of a failed delivery queues again
// (the deliveries table keeps a person from getting it twice).
var uniqueStates = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
	rivertype.JobStateRetryable, rivertype.JobStateScheduled}

// InsertOpts puts the job on its channel's queue.
func (a SendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: a.Channel, MaxAttempts: MaxAttempts,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: uniqueStates}}
}

// WorkerStore is what a worker reads and writes.
type WorkerStore interface {
	GetCommunication(ctx context.Context, id string) (domain.Communication, error)
	GetVehicle(ctx context.Context, id string) (domain.Vehicle, error)
	GetDeliveryRun(ctx context.Context, communicationID string) (store.DeliveryRun, error)
	ClaimDelivery(ctx context.Context, id string, at, staleBefore time.Time) (domain.Delivery, bool, error)
	FinishDelivery(ctx context.Context, id, state, lastError string, at time.Time) (int, error)
	PauseDeliveries(ctx context.Context, communicationID string, paused bool, reason string) error
}

// Options are the delivery settings.
type Options struct {
	// Senders are the channels configured, by channel name.
	Senders map[string]Sender
	// Rates are the sends a second per channel (delivery.email.rate,
	// delivery.slack.rate); a channel without one is not limited.
	Rates map[string]float64
	// MaxErrors pauses a send after this many failures in a row
	// (delivery.max-errors); zero never pauses.
	MaxErrors int
	// Lease overrides Lease (tests of a crash use seconds).
	Lease time.Duration
	// Host is the right side of Message-IDs.
	Host   string
	Logger *slog.Logger
}

// Worker sends one delivery per job.
type Worker struct {
	river.WorkerDefaults[SendArgs]
	st     WorkerStore
	opt    Options
	limits map[string]*Limiter

	// seen keeps each communication and its run for a moment, so the jobs
	// of one send do not read them again each (a change is seen within
	// seenFor).
	mu   sync.Mutex
	seen map[string]seenSend
}

// seenSend is a communication and its run as read at.
type seenSend struct {
	c   domain.Communication
	run store.DeliveryRun
	at  time.Time
}

// seenFor is how long a read communication stands for the current one.
const seenFor = time.Second

// NewWorker returns the worker of the delivery jobs.
func NewWorker(st WorkerStore, opt Options) *Worker {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.Lease <= 0 {
		opt.Lease = Lease
	}
	w := &Worker{st: st, opt: opt, limits: map[string]*Limiter{}, seen: map[string]seenSend{}}
	for _, ch := range Channels {
		w.limits[ch] = NewLimiter(opt.Rates[ch])
	}
	return w
}

// Timeout bounds one delivery: the rate limit's wait and the send.
func (w *Worker) Timeout(*river.Job[SendArgs]) time.Duration { return w.opt.Lease * 2 / 3 }

// Work sends the delivery, once: a delivery already sent, skipped or
// failed, or whose send is paused, is left as it is.
func (w *Worker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	ctx = actor.With(ctx, actor.Queue)
	a := job.Args
	d, ok, err := w.st.ClaimDelivery(ctx, a.Delivery, time.Now(), time.Now().Add(-w.opt.Lease))
	if errors.Is(err, store.ErrNotFound) || (err == nil && !ok) {
		return nil
	}
	if err != nil {
		return err
	}
	c, run, err := w.current(ctx, a.Communication)
	if errors.Is(err, store.ErrNotFound) {
		_, err = w.st.FinishDelivery(ctx, d.ID, domain.DeliverySkipped, "the communication was deleted", time.Now())
		return err
	}
	if err != nil {
		return w.retry(ctx, d, job, err)
	}
	if Fingerprint(c) != run.Fingerprint {
		_, err = w.st.FinishDelivery(ctx, d.ID, domain.DeliverySkipped, ErrContentChanged.Error(), time.Now())
		return err
	}
	sender := w.opt.Senders[d.Channel]
	if sender == nil {
		return w.fail(ctx, d, fmt.Errorf("the %s channel is not configured", d.Channel))
	}
	msg, err := w.message(ctx, c, d)
	if err != nil {
		return w.fail(ctx, d, err)
	}
	if err := w.limits[d.Channel].Wait(ctx); err != nil {
		return w.retry(ctx, d, job, err)
	}
	if err := sender.Send(ctx, msg); err != nil {
		if IsPermanent(err) {
			return w.fail(ctx, d, err)
		}
		return w.retry(ctx, d, job, err)
	}
	_, err = w.st.FinishDelivery(ctx, d.ID, domain.DeliverySent, "", time.Now())
	return err
}

// current is the communication and its run, read at most seenFor ago.
func (w *Worker) current(ctx context.Context, id string) (domain.Communication, store.DeliveryRun, error) {
	w.mu.Lock()
	s, ok := w.seen[id]
	w.mu.Unlock()
	if ok && time.Since(s.at) < seenFor {
		return s.c, s.run, nil
	}
	c, err := w.st.GetCommunication(ctx, id)
	if err != nil {
		return c, store.DeliveryRun{}, err
	}
	run, err := w.st.GetDeliveryRun(ctx, id)
	if err != nil {
		return c, run, err
	}
	w.mu.Lock()
	for k, v := range w.seen {
		if time.Since(v.at) >= seenFor {
			delete(w.seen, k)
		}
	}
	w.seen[id] = seenSend{c: c, run: run, at: time.Now()}
	w.mu.Unlock()
	return c, run, nil
}

// message is what d's recipient gets of c.
func (w *Worker) message(ctx context.Context, c domain.Communication, d domain.Delivery) (Message, error) {
	h, text := Piece(c)
	m := Message{ID: MessageID(c.ID, d.Recipient, w.opt.Host), To: d.Recipient, Name: d.Name, Subject: c.Title,
		HTML: h, Text: text, Communication: c.ID}
	if d.Channel != Email {
		v, err := w.st.GetVehicle(ctx, c.VehicleID)
		if err != nil {
			return m, err
		}
		m.To, m.Name = v.ID, v.Name
	}
	return m, nil
}

// fail records a failure for good and stops the job.
func (w *Worker) fail(ctx context.Context, d domain.Delivery, cause error) error {
	n, err := w.st.FinishDelivery(ctx, d.ID, domain.DeliveryFailed, short(cause), time.Now())
	if err != nil {
		return err
	}
	w.pauseAfter(ctx, d, n)
	return river.JobCancel(cause)
}

// retry records a failed attempt and hands the job back to River for a
// retry with backoff (or the wait the other side asked for); the last
// attempt fails the delivery.
func (w *Worker) retry(ctx context.Context, d domain.Delivery, job *river.Job[SendArgs], cause error) error {
	if job.Attempt >= job.MaxAttempts {
		return w.fail(ctx, d, cause)
	}
	n, err := w.st.FinishDelivery(ctx, d.ID, domain.DeliveryQueued, short(cause), time.Now())
	if err != nil {
		return err
	}
	w.pauseAfter(ctx, d, n)
	if after := RetryAfter(cause); after > 0 {
		return river.JobSnooze(after)
	}
	return cause
}

func (w *Worker) pauseAfter(ctx context.Context, d domain.Delivery, failures int) {
	if w.opt.MaxErrors > 0 && failures >= w.opt.MaxErrors {
		reason := fmt.Sprintf("paused after %d failures in a row", failures)
		if err := w.st.PauseDeliveries(ctx, d.CommunicationID, true, reason); err != nil {
			w.opt.Logger.Warn("pause a send", "communication", d.CommunicationID, "err", err)
		}
	}
}

// short is an error as the record keeps it: one line, at most 300 bytes.
func short(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// Enqueuer puts delivery jobs on the queue in the transaction of their
// records.
type Enqueuer struct {
	Queue *jobs.Queue
}

// Enqueue inserts one job per delivery in tx, which must be a store
// transaction (InTx's).
func (e Enqueuer) Enqueue(ctx context.Context, tx store.Store, ds []domain.Delivery) error {
	t, ok := tx.(interface{ SQLTx() *sql.Tx })
	if !ok || t.SQLTx() == nil {
		return errors.New("delivery: enqueue needs a store transaction")
	}
	params := make([]river.InsertManyParams, len(ds))
	queued := time.Now().UnixNano()
	for i, d := range ds {
		params[i] = river.InsertManyParams{Args: SendArgs{Delivery: d.ID, Communication: d.CommunicationID,
			Channel: d.Channel, Recipient: d.Recipient, Round: d.Attempts, Queued: queued}}
	}
	return e.Queue.InsertManyTx(ctx, t.SQLTx(), params)
}

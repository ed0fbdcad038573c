package jobs

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"math"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Config is what a Queue runs.
type Config struct {
	// Backend is SQLite or Postgres; DB the store's write pool.
	Backend string
	DB      *sql.DB
	// Workers work the jobs; nil makes a client that only enqueues (a
	// command that queues a send for `serve` to work).
	Workers *river.Workers
	// Queues are the queue names with their number of workers.
	Queues map[string]int
	// Periodic are jobs the leader enqueues on a schedule: one server of
	// several takes each.
	Periodic []*river.PeriodicJob
	// RetryBase is the first retry's delay; each later one doubles it, up
	// to an hour. Zero means 10s.
	RetryBase time.Duration
	// PollInterval is how often workers look for new jobs (zero: 250ms).
	PollInterval time.Duration
	// RescueAfter is how long a job may run before it is taken for one
	// whose server died and run again (zero: 3 minutes).
	RescueAfter time.Duration
	// ID names this server among those sharing the database ("" River's).
	ID     string
	Logger *slog.Logger
}

// Queue is a running River client.
type Queue struct {
	client *Client
}

// New makes the client; Start runs its workers.
func New(cfg Config) (*Queue, error) {
	d, err := driver(cfg.Backend, cfg.DB)
	if err != nil {
		return nil, err
	}
	rc := &river.Config{ID: cfg.ID, Logger: cfg.Logger, PollOnly: true, RetryPolicy: backoff{base: cfg.RetryBase},
		FetchPollInterval: cfg.PollInterval, FetchCooldown: 20 * time.Millisecond, CompletedJobRetentionPeriod: 24 * time.Hour}
	rc.RescueStuckJobsAfter = cfg.RescueAfter
	if rc.RescueStuckJobsAfter == 0 {
		rc.RescueStuckJobsAfter = 3 * time.Minute
	}
	rc.JobTimeout = min(2*time.Minute, rc.RescueStuckJobsAfter)
	if rc.FetchPollInterval == 0 {
		rc.FetchPollInterval = 250 * time.Millisecond
	}
	if rc.Logger == nil {
		rc.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Workers != nil {
		rc.Workers = cfg.Workers
		rc.Queues = map[string]river.QueueConfig{}
		for name, n := range cfg.Queues {
			rc.Queues[name] = river.QueueConfig{MaxWorkers: max(n, 1)}
		}
		rc.PeriodicJobs = cfg.Periodic
	}
	c, err := river.NewClient(d, rc)
	if err != nil {
		return nil, err
	}
	return &Queue{client: c}, nil
}

// Client is the River client.
func (q *Queue) Client() *Client { return q.client }

// Start runs the workers until Stop.
func (q *Queue) Start(ctx context.Context) error { return q.client.Start(ctx) }

// Stop lets running jobs finish until ctx ends, then cancels them (they
// are retried by whichever server works the queue next).
func (q *Queue) Stop(ctx context.Context) error {
	err := q.client.Stop(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return q.client.StopAndCancel(cctx)
	}
	return err
}

// InsertManyTx enqueues jobs in tx, the transaction of the data they act
// on: they exist exactly when it commits.
func (q *Queue) InsertManyTx(ctx context.Context, tx *sql.Tx, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	_, err := q.client.InsertManyTx(ctx, tx, params)
	return err
}

// backoff doubles the delay at each attempt from base, up to an hour, so
// a server that said "try later" is not hammered.
type backoff struct{ base time.Duration }

func (b backoff) NextRetry(job *rivertype.JobRow) time.Time {
	base := b.base
	if base <= 0 {
		base = 10 * time.Second
	}
	n := max(len(job.Errors), 1) - 1
	d := time.Duration(float64(base) * math.Pow(2, float64(min(n, 20))))
	return time.Now().Add(min(d, time.Hour))
}

package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
)

// ChoreArgs is a periodic chore (a scheduled backup, audit pruning) by
// name.
type ChoreArgs struct {
	Name string `json:"name" river:"unique"`
}

// Kind names the job in River.
func (ChoreArgs) Kind() string { return "chore" }

// InsertOpts keeps one of each chore waiting or running at a time.
func (ChoreArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: ChoreQueue, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ChoreQueue is the queue of the chores.
const ChoreQueue = "chores"

// Chore is one chore: run every Interval by whichever server leads.
type Chore struct {
	Name     string
	Interval time.Duration
	// OnStart runs it when the leader starts, as well.
	OnStart bool
	Run     func(ctx context.Context) error
}

// choreWorker runs the chores by name.
type choreWorker struct {
	river.WorkerDefaults[ChoreArgs]
	chores map[string]Chore
}

func (w *choreWorker) Work(ctx context.Context, job *river.Job[ChoreArgs]) error {
	c, ok := w.chores[job.Args.Name]
	if !ok {
		return river.JobCancel(fmt.Errorf("no chore %q on this server", job.Args.Name))
	}
	return c.Run(ctx)
}

// Timeout lets a backup of a large plan take its time.
func (w *choreWorker) Timeout(*river.Job[ChoreArgs]) time.Duration { return time.Hour }

// WithChores adds the chores to cfg as periodic jobs with their worker.
func WithChores(cfg Config, chores []Chore) Config {
	if len(chores) == 0 {
		return cfg
	}
	if cfg.Workers == nil {
		cfg.Workers = river.NewWorkers()
	}
	w := &choreWorker{chores: map[string]Chore{}}
	for _, c := range chores {
		w.chores[c.Name] = c
		args := ChoreArgs{Name: c.Name}
		cfg.Periodic = append(cfg.Periodic, river.NewPeriodicJob(river.PeriodicInterval(c.Interval),
			func() (river.JobArgs, *river.InsertOpts) { return args, nil },
			&river.PeriodicJobOpts{RunOnStart: c.OnStart, ID: c.Name}))
	}
	river.AddWorker(cfg.Workers, w)
	if cfg.Queues == nil {
		cfg.Queues = map[string]int{}
	}
	cfg.Queues[ChoreQueue] = 1
	return cfg
}

package delivery

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/commsplan/commsplan/pkg/jobs"
)

// Service is delivery as a server runs it: the queue with its workers,
// and the channels for test copies. It is pkg/plan's Dispatch.
type Service struct {
	Enqueuer
	opt Options
}

// QueueConfig is the jobs configuration that works deliveries with w on
// the channel queues, workers each.
func QueueConfig(w *Worker, workers int, cfg jobs.Config) jobs.Config {
	if cfg.Workers == nil {
		cfg.Workers = river.NewWorkers()
	}
	river.AddWorker(cfg.Workers, w)
	if cfg.Queues == nil {
		cfg.Queues = map[string]int{}
	}
	cfg.Queues[Email] = workers
	cfg.Queues[Teams] = 1
	cfg.Queues[Slack] = 1
	return cfg
}

// NewService returns the dispatch over q with opt's channels.
func NewService(q *jobs.Queue, opt Options) *Service {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{Enqueuer: Enqueuer{Queue: q}, opt: opt}
}

// SendTest sends m now on channel, outside the queue, within a minute.
func (s *Service) SendTest(ctx context.Context, channel string, m Message) error {
	sender := s.opt.Senders[channel]
	if sender == nil {
		return fmt.Errorf("the %s channel is not configured", channel)
	}
	if s.opt.Host != "" {
		m.ID = MessageID(m.ID, m.To, s.opt.Host)
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return sender.Send(ctx, m)
}

// Configured says whether channel has a sender.
func (s *Service) Configured(channel string) bool { return s.opt.Senders[channel] != nil }

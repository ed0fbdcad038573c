package delivery

import (
	"context"
	"sync"
	"time"
)

// Limiter spaces sends on one channel to a rate: each Wait returns at the
// earliest 1/rate after the one before, across every worker of this
// server. A rate of zero or less is no limit.
type Limiter struct {
	mu    sync.Mutex
	every time.Duration
	next  time.Time
}

// NewLimiter limits to perSecond sends a second.
func NewLimiter(perSecond float64) *Limiter {
	if perSecond <= 0 {
		return &Limiter{}
	}
	return &Limiter{every: time.Duration(float64(time.Second) / perSecond)}
}

// Wait blocks until the next send may go, or ctx ends.
func (l *Limiter) Wait(ctx context.Context) error {
	if l == nil || l.every == 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := time.Now()
	at := l.next
	if at.Before(now) {
		at = now
	}
	l.next = at.Add(l.every)
	l.mu.Unlock()
	if d := time.Until(at); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

package access

import (
	"sync"
	"time"
)

// The throttle's policy (docs/security.md, "The gate").
const (
	// FreeFailures is how many wrong codes a client may give before it
	// has to wait.
	FreeFailures = 5
	// FirstWait is the wait after the FreeFailures-th wrong code; each
	// further one doubles it, up to MaxWait.
	FirstWait = time.Second
	// MaxWait is the longest a client ever waits: a right code after it
	// always opens a session, so no one can lock anyone out.
	MaxWait = 5 * time.Second
	// ForgetAfter is how long after its last wrong code a client's
	// failures are forgotten.
	ForgetAfter = 15 * time.Minute
)

// Throttle slows the guessing of access codes by client, where a client
// is a key the caller chooses: a signed device cookie's id for a browser
// that signed in before, else the address. It counts only wrong codes.
// After FreeFailures of them a client waits before its next attempt is
// checked; the wait doubles with each further failure, up to MaxWait. A
// right code after the wait always opens a session, so strangers sharing
// an address can delay but never lock it out.
//
// Checking and counting are one step: Attempt admits an attempt, which
// the caller then ends with Failed or Succeeded. Attempts in flight count
// towards FreeFailures, and after that only one at a time is admitted, so
// parallel requests cannot all pass before any has failed.
//
// It lives in memory: each replica counts on its own and a restart forgets
// (docs/decisions.md, "Access gate").
type Throttle struct {
	mu      sync.Mutex
	now     func() time.Time
	clients map[string]*client
}

// client is one key's record.
type client struct {
	failures int
	// last is the time of the last wrong code.
	last time.Time
	// inflight counts admitted attempts not yet ended.
	inflight int
}

// NewThrottle returns an empty Throttle on the clock now (time.Now when
// nil; tests pass their own to skip the waits).
func NewThrottle(now func() time.Time) *Throttle {
	if now == nil {
		now = time.Now
	}
	return &Throttle{now: now, clients: map[string]*client{}}
}

// sweepAt is the number of tracked clients above which Attempt drops every
// forgotten one, so a spray of addresses cannot grow the map without bound.
const sweepAt = 10_000

// Attempt admits an attempt from key, or refuses it and says how long to
// wait (never more than MaxWait). An admitted attempt must be ended with
// Failed or Succeeded.
func (t *Throttle) Attempt(key string) (ok bool, wait time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	if len(t.clients) >= sweepAt {
		for k, c := range t.clients {
			if c.forgotten(now) {
				delete(t.clients, k)
			}
		}
	}
	c := t.clients[key]
	if c == nil || c.forgotten(now) {
		c = &client{}
		t.clients[key] = c
	}
	if c.failures+c.inflight < FreeFailures {
		c.inflight++
		return true, 0
	}
	if c.failures >= FreeFailures {
		if wait := c.last.Add(Backoff(c.failures)).Sub(now); wait > 0 {
			return false, wait
		}
	}
	if c.inflight > 0 {
		// Past the free failures, one attempt at a time; the one in
		// flight ends within the server's pause for a wrong code.
		return false, FirstWait
	}
	c.inflight++
	return true, 0
}

// Clean reports whether key has no wrong code on record.
func (t *Throttle) Clean(key string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.clients[key]
	return c == nil || c.failures == 0 || c.forgotten(t.now())
}

// Failed ends an admitted attempt of key that gave a wrong code.
func (t *Throttle) Failed(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.clients[key]
	if c == nil {
		c = &client{}
		t.clients[key] = c
	}
	c.inflight = max(0, c.inflight-1)
	c.failures++
	c.last = t.now()
}

// Succeeded ends an admitted attempt of key that gave a right code: the
// key's failures are forgotten.
func (t *Throttle) Succeeded(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.clients[key]
	if c == nil {
		return
	}
	if c.inflight > 1 {
		*c = client{inflight: c.inflight - 1}
		return
	}
	delete(t.clients, key)
}

// Abandoned ends an admitted attempt of key that could not be checked (the
// database did not answer): it counts neither way.
func (t *Throttle) Abandoned(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c := t.clients[key]; c != nil {
		c.inflight = max(0, c.inflight-1)
	}
}

// Backoff is the wait after a client's failures-th wrong code: none up to
// FreeFailures, then FirstWait doubling with each failure, up to MaxWait.
func Backoff(failures int) time.Duration {
	if failures < FreeFailures {
		return 0
	}
	d := FirstWait
	for i := FreeFailures; i < failures && d < MaxWait; i++ {
		d *= 2
	}
	return min(d, MaxWait)
}

// forgotten reports whether c's failures are past ForgetAfter with nothing
// in flight.
func (c *client) forgotten(now time.Time) bool {
	return c.inflight == 0 && (c.failures == 0 || now.Sub(c.last) >= ForgetAfter)
}

package api

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/store"
)

// DefaultRefusalWindow is how long the refused sign-ins of one client and
// method after its first are counted into one audit row and one log line.
const DefaultRefusalWindow = time.Minute

// refusals coalesces what refused sign-ins write, so anonymous requests
// cannot fill the audit trail and the log: per client address and method
// ("code", "oidc"), the first refusal is written at once; the ones after it
// within the window are counted, and when the window ends they become one
// row (and one warning) with their count.
type refusals struct {
	window time.Duration
	write  func(b burst)
	mu     sync.Mutex
	open   map[string]*burst
}

// burst is the refusals of one client and method in a window after the
// first.
type burst struct {
	addr, method string
	who          actor.Actor
	opened       time.Time
	count        int
	first, last  time.Time
}

// note counts a refusal of addr by method at now: first is true when it
// opens a window (the caller writes it at once). A window ends when its
// timer fires, or when a refusal comes after it on the server's clock,
// whichever is first.
func (f *refusals) note(addr, method string, who actor.Actor, now time.Time) (first bool) {
	if f.window < 0 {
		return true
	}
	key := method + " " + addr
	f.mu.Lock()
	b, ok := f.open[key]
	if ok && now.Sub(b.opened) < f.window {
		b.count++
		if b.count == 1 {
			b.first = now
		}
		b.last = now
		f.mu.Unlock()
		return false
	}
	if f.open == nil {
		f.open = map[string]*burst{}
	}
	next := &burst{addr: addr, method: method, who: who, opened: now}
	f.open[key] = next
	f.mu.Unlock()
	if ok && b.count > 0 {
		f.write(*b)
	}
	time.AfterFunc(f.window, func() { f.close(key, next) })
	return true
}

// close ends b, key's window, writing its repeats as one row (unless a
// later refusal ended it already).
func (f *refusals) close(key string, b *burst) {
	f.mu.Lock()
	if f.open[key] != b {
		f.mu.Unlock()
		return
	}
	delete(f.open, key)
	f.mu.Unlock()
	if b.count > 0 {
		f.write(*b)
	}
}

// writeRepeats enters a window's repeated refusals in the audit trail as
// one row with their count, and logs them in one line.
func (s *Server) writeRepeats(b burst) {
	ch := store.Changes{"method": {After: b.method}, "count": {After: b.count},
		"from": {After: b.first.UTC().Format(time.RFC3339)}, "to": {After: b.last.UTC().Format(time.RFC3339)}}
	ctx := store.WithChanges(context.Background(), ch)
	label := b.addr + " (" + strconv.Itoa(b.count) + " more)"
	s.log.Warn("sign-ins refused", "method", b.method, "client", b.addr, "count", b.count)
	if err := s.plan.RefuseSignIn(ctx, b.who, label); err != nil {
		s.log.Warn("recording refused sign-ins in the audit trail", "err", err)
	}
}

// tooMany answers 429 with Retry-After: a client past the throttle's free
// failures, before its wait is over.
func tooMany(w http.ResponseWriter, wait time.Duration) {
	// Whole seconds, rounded up: a client that waits that long is checked.
	w.Header().Set("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
	writeJSON(w, http.StatusTooManyRequests, ErrorBody{Error: "Too many attempts. Please wait before trying again."})
}

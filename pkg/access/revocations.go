package access

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/commsplan/commsplan/pkg/store"
)

// RevocationStore is the part of store.Store that Revocations uses.
type RevocationStore interface {
	RevokeSession(ctx context.Context, id string, expires time.Time) error
	RevokeAllSessions(ctx context.Context, at time.Time) error
	SessionRevocationsVersion(ctx context.Context) (int64, error)
	SessionRevocations(ctx context.Context) (store.SessionRevocations, error)
}

// DefaultRefresh is how often a replica looks for revocations made by
// others: a logout elsewhere is honoured here within about this long.
const DefaultRefresh = time.Second

// refreshTimeout bounds one refresh, so a sick database delays at most one
// request per interval by that much.
const refreshTimeout = time.Second

// Revocations is one replica's view of the store's revocation record. The
// session check runs on every request, so it reads memory; the store is
// asked at most once per refresh interval, with a one-row version read, and
// the whole record only when the version moved. Revocations made through
// this view apply here at once.
type Revocations struct {
	src   RevocationStore
	every time.Duration
	now   func() time.Time

	// refreshing lets one caller read the store at a time.
	refreshing sync.Mutex
	// checked is when (Unix ns) the view was last known current.
	checked atomic.Int64

	mu         sync.RWMutex
	loaded     bool
	version    int64
	validAfter time.Time
	revoked    map[string]bool
	// local are the sessions revoked through this view (id → expiry), kept
	// across refreshes so a refresh that raced a logout cannot drop it.
	local map[string]time.Time
}

// NewRevocations returns a view of src's record that reads src at most once
// per every; 0 reads it on every check (tests use that).
func NewRevocations(src RevocationStore, every time.Duration) *Revocations {
	return &Revocations{src: src, every: every, now: time.Now, revoked: map[string]bool{}, local: map[string]time.Time{}}
}

// Revoked reports whether sess has been revoked. When the store cannot be
// read, the answer comes from the last view and err says why; the read is
// tried again after the interval, not on every request.
func (v *Revocations) Revoked(ctx context.Context, sess Session) (bool, error) {
	err := v.refresh(ctx)
	v.mu.RLock()
	defer v.mu.RUnlock()
	return v.revoked[sess.ID] || !sess.IssuedAt.After(v.validAfter), err
}

// Revoke ends sess on every replica: here at once, elsewhere at their next
// refresh.
func (v *Revocations) Revoke(ctx context.Context, sess Session) error {
	if err := v.src.RevokeSession(ctx, sess.ID, sess.Expires); err != nil {
		return err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.revoked[sess.ID] = true
	v.local[sess.ID] = sess.Expires
	return nil
}

// RevokeAll ends every session issued at or before at.
func (v *Revocations) RevokeAll(ctx context.Context, at time.Time) error {
	if err := v.src.RevokeAllSessions(ctx, at); err != nil {
		return err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if at.After(v.validAfter) {
		v.validAfter = at
	}
	return nil
}

func (v *Revocations) fresh() bool {
	return v.every > 0 && v.now().Sub(time.Unix(0, v.checked.Load())) < v.every
}

// refresh reads the store if the view is older than the interval. While one
// caller reads, the others go on with the current view (it is at most the
// interval plus one read old); before the first load, or with interval 0,
// they wait, so every check sees the store.
func (v *Revocations) refresh(ctx context.Context) error {
	if v.fresh() {
		return nil
	}
	if v.every > 0 && v.isLoaded() {
		if !v.refreshing.TryLock() {
			return nil
		}
	} else {
		v.refreshing.Lock()
	}
	defer v.refreshing.Unlock()
	if v.fresh() {
		return nil
	}
	start := v.now()
	// A client that goes away must not cut short a read others rely on.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
	defer cancel()
	err := v.read(ctx, start)
	v.checked.Store(start.UnixNano())
	return err
}

func (v *Revocations) isLoaded() bool {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return v.loaded
}

// read loads the record when its version moved; callers hold refreshing.
func (v *Revocations) read(ctx context.Context, now time.Time) error {
	version, err := v.src.SessionRevocationsVersion(ctx)
	if err != nil {
		return err
	}
	v.mu.RLock()
	current := v.loaded && version == v.version
	v.mu.RUnlock()
	if current {
		return nil
	}
	r, err := v.src.SessionRevocations(ctx)
	if err != nil {
		return err
	}
	revoked := make(map[string]bool, len(r.Revoked))
	for _, id := range r.Revoked {
		revoked[id] = true
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	for id, exp := range v.local {
		if exp.After(now) {
			revoked[id] = true
		} else {
			delete(v.local, id)
		}
	}
	v.loaded, v.version, v.revoked = true, r.Version, revoked
	if r.ValidAfter.After(v.validAfter) {
		v.validAfter = r.ValidAfter
	}
	return nil
}

package sqlstore

import (
	"context"
	"sync"
)

// rounds lets concurrent callers of one read share it without ever seeing
// less than a read of their own would: a caller gets the result of a run
// that started after it called, so the run sees every write committed
// before the call, on any replica. At most one run per key is under way;
// callers arriving during a run gather and share the next one. Under load
// one run serves many callers; alone, a caller costs one run, as without
// it. The data-version read and Search use it.
type rounds[K comparable, T any] struct {
	mu   sync.Mutex
	keys map[K]*roundKey[T]
}

// roundKey is one key's run under way, if any, and the next one gathering.
type roundKey[T any] struct {
	running bool
	pending *round[T]
}

// round is one run, shared by its callers; its result is read-only. fn is
// that of the caller that opened it.
type round[T any] struct {
	fn   func() (T, error)
	done chan struct{}
	v    T
	err  error
}

// do returns the result of a run of fn for key that started after the call.
// fn runs with a context of its own, not the caller's: the run belongs to
// every caller waiting on it. A caller whose ctx ends stops waiting.
func (r *rounds[K, T]) do(ctx context.Context, key K, fn func() (T, error)) (T, error) {
	r.mu.Lock()
	if r.keys == nil {
		r.keys = map[K]*roundKey[T]{}
	}
	k := r.keys[key]
	if k == nil {
		k = &roundKey[T]{}
		r.keys[key] = k
	}
	rd := k.pending
	if rd == nil {
		rd = &round[T]{fn: fn, done: make(chan struct{})}
		k.pending = rd
	}
	lead := !k.running
	if lead {
		k.running, k.pending = true, nil
	}
	r.mu.Unlock()
	if lead {
		r.run(key, k, rd)
	}
	select {
	case <-rd.done:
		return rd.v, rd.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// run runs rd, then starts the round that gathered meanwhile, if any; a key
// with nothing left to run is forgotten.
func (r *rounds[K, T]) run(key K, k *roundKey[T], rd *round[T]) {
	rd.v, rd.err = rd.fn()
	close(rd.done)
	r.mu.Lock()
	next := k.pending
	k.pending, k.running = nil, next != nil
	if next == nil {
		delete(r.keys, key)
	}
	r.mu.Unlock()
	if next != nil {
		go r.run(key, k, next)
	}
}

package sqlstore

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRoundsStartAfterTheCall checks a caller never gets a run that began
// before it called, that callers gathering during a run share one next
// run, and that a finished key is forgotten.
func TestRoundsStartAfterTheCall(t *testing.T) {
	var r rounds[string, int64]
	var runs atomic.Int64
	release := make(chan struct{})
	fn := func() (int64, error) {
		n := runs.Add(1)
		if n == 1 {
			<-release
		}
		return n, nil
	}
	first := make(chan int64)
	go func() {
		v, err := r.do(context.Background(), "k", fn)
		assert.NoError(t, err)
		first <- v
	}()
	require.Eventually(t, func() bool { return runs.Load() == 1 }, 5*time.Second, time.Millisecond)
	// These arrive while run 1 is under way: they must get run 2.
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := r.do(context.Background(), "k", fn)
			assert.NoError(t, err)
			assert.Equal(t, int64(2), v)
		}()
	}
	require.Eventually(t, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.keys["k"].pending != nil
	}, 5*time.Second, time.Millisecond)
	time.Sleep(20 * time.Millisecond) // let the rest gather too
	close(release)
	wg.Wait()
	assert.Equal(t, int64(1), <-first)
	assert.Equal(t, int64(2), runs.Load(), "one run under way, then one for all who came during it")
	r.mu.Lock()
	assert.Empty(t, r.keys, "nothing left to run: the key is forgotten")
	r.mu.Unlock()

	// Other keys run on their own.
	v, err := r.do(context.Background(), "other", fn)
	require.NoError(t, err)
	assert.Equal(t, int64(3), v)
}

// TestRoundsCallerGivesUp checks a caller whose context ends stops waiting
// while the run goes on for the others.
func TestRoundsCallerGivesUp(t *testing.T) {
	var r rounds[string, int]
	release := make(chan struct{})
	started := make(chan struct{})
	done := make(chan int)
	go func() {
		v, _ := r.do(context.Background(), "k", func() (int, error) { close(started); <-release; return 7, nil })
		done <- v
	}()
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := r.do(ctx, "k", func() (int, error) { return 8, nil })
	require.ErrorIs(t, err, context.Canceled)
	close(release)
	assert.Equal(t, 7, <-done)
}

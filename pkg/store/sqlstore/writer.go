package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
)

// serialWriter runs every transaction of a one-connection write pool
// (SQLite's) on one goroutine, one after another. Handing the connection
// from one request's goroutine to the next costs a wait for the scheduler
// to run the next, and on a busy machine that idle time was as long as the
// transactions themselves (0.4 ms each): the connection stood idle half the
// time, and writes queued behind it. The goroutine owning the connection
// starts the next transaction at once.
type serialWriter struct {
	// jobs is unbuffered: a job taken is a job started, so a caller whose
	// deadline passes while it waits simply stops offering its job.
	jobs      chan *writeJob
	quit      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

// writeJob is one transaction on the writer.
type writeJob struct {
	run func() error
	err error
	// panicked carries a panic in run back to its caller's goroutine.
	panicked *txPanic
	done     chan struct{}
}

// errWriterClosed answers transactions after Close.
var errWriterClosed = errors.New("sqlstore: store closed")

func newSerialWriter() *serialWriter {
	w := &serialWriter{jobs: make(chan *writeJob), quit: make(chan struct{}), done: make(chan struct{})}
	go w.loop()
	return w
}

func (w *serialWriter) loop() {
	defer close(w.done)
	for {
		select {
		case j := <-w.jobs:
			j.runOnce()
		case <-w.quit:
			return
		}
	}
}

func (j *writeJob) runOnce() {
	defer close(j.done)
	defer func() {
		if v := recover(); v != nil {
			j.panicked = &txPanic{value: v, stack: debug.Stack()}
		}
	}()
	j.err = j.run()
}

// txPanic is a panic in a transaction's callback, raised again in the
// caller's goroutine. It keeps the stack where it happened: the caller's
// own stack would only show the wait for the writer.
type txPanic struct {
	value any
	stack []byte
}

func (p *txPanic) String() string {
	return fmt.Sprintf("%v\n\nin a transaction, on the writer goroutine:\n%s", p.value, p.stack)
}

// do runs fn on the writer and answers its error. While the writer is busy
// the caller gives up when ctx ends: started is then false and err is ctx's.
// Once started, fn runs to its end, bounded by its own context.
func (w *serialWriter) do(ctx context.Context, fn func() error) (started bool, err error) {
	j := &writeJob{run: fn, done: make(chan struct{})}
	select {
	case w.jobs <- j:
	case <-ctx.Done():
		return false, ctx.Err()
	case <-w.quit:
		return false, errWriterClosed
	}
	<-j.done
	if j.panicked != nil {
		panic(j.panicked)
	}
	return true, j.err
}

// close stops the writer once the transaction under way, if any, ends.
func (w *serialWriter) close() {
	w.closeOnce.Do(func() { close(w.quit) })
	<-w.done
}

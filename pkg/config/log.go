package config

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// Logger returns the slog logger the settings ask for, writing to w.
func (c Config) Logger(w io.Writer) *slog.Logger {
	return slog.New(c.handler(w))
}

func (c Config) handler(w io.Writer) slog.Handler {
	var level slog.Level
	_ = level.UnmarshalText([]byte(c.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if c.LogFormat == "json" {
		return slog.NewJSONHandler(w, opts)
	}
	return slog.NewTextHandler(w, opts)
}

// LogFlushInterval is the longest a buffered log line waits (ServerLogger).
const LogFlushInterval = 100 * time.Millisecond

// ServerLogger is Logger for a server, whose access log writes a line per
// request: lines are gathered in a buffer and written at most every
// LogFlushInterval, as a web server's buffered access log is, instead of
// one write per request (a tenth of a cached list answer's CPU). A warning
// or an error is written at once, with what waits before it. Close the
// returned BufferedLog on the way out to write the rest; a process killed
// outright loses at most the last LogFlushInterval of info lines.
func (c Config) ServerLogger(w io.Writer) (*slog.Logger, *BufferedLog) {
	b := &BufferedLog{w: bufio.NewWriterSize(w, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go b.flushEvery(LogFlushInterval)
	return slog.New(flushOnWarn{c.handler(b), b}), b
}

// BufferedLog is the buffer under a ServerLogger, shared by concurrent log
// calls and written out by a goroutine of its own.
type BufferedLog struct {
	mu         sync.Mutex
	w          *bufio.Writer
	stop, done chan struct{}
	closeOnce  sync.Once
}

// Write adds p to the buffer.
func (b *BufferedLog) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

// Flush writes out what waits now, e.g. a server's start-up lines before it
// says it is ready.
func (b *BufferedLog) Flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.w.Flush()
}

func (b *BufferedLog) flushEvery(d time.Duration) {
	defer close(b.done)
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.Flush()
		case <-b.stop:
			b.Flush()
			return
		}
	}
}

// Close writes out the rest and stops the flushing goroutine; later calls do
// nothing.
func (b *BufferedLog) Close() {
	b.closeOnce.Do(func() { close(b.stop) })
	<-b.done
}

// flushOnWarn writes a warning or an error, and what waits before it, at
// once.
type flushOnWarn struct {
	slog.Handler
	b *BufferedLog
}

func (h flushOnWarn) Handle(ctx context.Context, r slog.Record) error {
	err := h.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn {
		h.b.Flush()
	}
	return err
}

func (h flushOnWarn) WithAttrs(attrs []slog.Attr) slog.Handler {
	return flushOnWarn{h.Handler.WithAttrs(attrs), h.b}
}

func (h flushOnWarn) WithGroup(name string) slog.Handler {
	return flushOnWarn{h.Handler.WithGroup(name), h.b}
}

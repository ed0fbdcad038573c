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
// or an error is written at once, with what waits before it. Call the
// returned function on the way out to write the rest; a process killed
// outright loses at most the last LogFlushInterval of info lines.
func (c Config) ServerLogger(w io.Writer) (*slog.Logger, func()) {
	b := &bufferedLog{w: bufio.NewWriterSize(w, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go b.flushEvery(LogFlushInterval)
	return slog.New(flushOnWarn{c.handler(b), b}), b.close
}

// bufferedLog is a buffered writer shared by concurrent log calls.
type bufferedLog struct {
	mu         sync.Mutex
	w          *bufio.Writer
	stop, done chan struct{}
	closeOnce  sync.Once
}

func (b *bufferedLog) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

func (b *bufferedLog) flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.w.Flush()
}

func (b *bufferedLog) flushEvery(d time.Duration) {
	defer close(b.done)
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			b.flush()
		case <-b.stop:
			b.flush()
			return
		}
	}
}

func (b *bufferedLog) close() {
	b.closeOnce.Do(func() { close(b.stop) })
	<-b.done
}

// flushOnWarn writes a warning or an error, and what waits before it, at
// once.
type flushOnWarn struct {
	slog.Handler
	b *bufferedLog
}

func (h flushOnWarn) Handle(ctx context.Context, r slog.Record) error {
	err := h.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn {
		h.b.flush()
	}
	return err
}

func (h flushOnWarn) WithAttrs(attrs []slog.Attr) slog.Handler {
	return flushOnWarn{h.Handler.WithAttrs(attrs), h.b}
}

func (h flushOnWarn) WithGroup(name string) slog.Handler {
	return flushOnWarn{h.Handler.WithGroup(name), h.b}
}

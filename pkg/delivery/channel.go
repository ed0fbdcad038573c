package delivery

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Sender sends one message on a channel. Its errors say whether to retry:
// a *SendError marked Permanent fails the delivery for good, any other
// error (a *SendError without it, a network failure, a timeout) is tried
// again with backoff.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SendError is a channel's answer to one message.
type SendError struct {
	// Permanent says trying again cannot help (an SMTP 5xx reply, an HTTP
	// 4xx other than 429).
	Permanent bool
	// RetryAfter is how long the other side asked to wait (HTTP 429's
	// Retry-After); zero leaves the backoff to the queue.
	RetryAfter time.Duration
	Err        error
}

func (e *SendError) Error() string { return e.Err.Error() }

// Unwrap returns the channel's own error.
func (e *SendError) Unwrap() error { return e.Err }

// IsPermanent reports whether err fails a delivery for good.
func IsPermanent(err error) bool {
	var se *SendError
	return errors.As(err, &se) && se.Permanent
}

// RetryAfter is how long err asks to wait, zero for the queue's backoff.
func RetryAfter(err error) time.Duration {
	var se *SendError
	if errors.As(err, &se) {
		return se.RetryAfter
	}
	return 0
}

// permanent wraps err as a failure for good.
func permanent(format string, a ...any) error {
	return &SendError{Permanent: true, Err: fmt.Errorf(format, a...)}
}

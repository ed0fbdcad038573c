package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/commsplan/commsplan/pkg/store"
)

var errDialect = errors.New("dialect says unavailable")

func TestClassify(t *testing.T) {
	d := Dialect{Unavailable: func(err error) bool { return errors.Is(err, errDialect) }}
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	for _, tc := range []struct {
		err         error
		unavailable bool
	}{
		{context.DeadlineExceeded, true},
		{fmt.Errorf("commit: %w", driver.ErrBadConn), true},
		{refused, true},
		{&net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}, true},
		{fmt.Errorf("read: %w", syscall.ECONNRESET), true},
		{errDialect, true},
		{sql.ErrNoRows, false},
		{store.ErrNotFound, false},
		{errors.New("syntax error"), false},
	} {
		got := d.Classify(tc.err)
		assert.Equal(t, tc.unavailable, errors.Is(got, store.ErrUnavailable), "%v", tc.err)
		assert.ErrorIs(t, got, tc.err, "the cause stays visible")
	}
	assert.NoError(t, d.Classify(nil))
	once := d.Classify(context.DeadlineExceeded)
	assert.Equal(t, once, d.Classify(once), "not wrapped twice")
}

// TestClassifyContexts: a passed statement deadline is unavailable whatever
// the driver said; a caller that gave up gets context.Canceled.
func TestClassifyContexts(t *testing.T) {
	s := New(Options{})
	live := context.Background()
	expired, cancel := context.WithTimeout(live, 0)
	defer cancel()
	<-expired.Done()
	gone, hangUp := context.WithCancel(live)
	hangUp()

	err := s.classify(live, expired, errors.New("sql: transaction has already been committed or rolled back"))
	assert.ErrorIs(t, err, store.ErrUnavailable)
	err = s.classify(gone, gone, errors.New("pq: canceling statement due to user request"))
	assert.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, store.ErrUnavailable)
	assert.NoError(t, s.classify(expired, expired, nil))
}

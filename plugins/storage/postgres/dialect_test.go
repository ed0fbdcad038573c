package postgres

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/lib/pq"
	"github.com/lib/pq/pqerror"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func TestUnavailableCodes(t *testing.T) {
	for code, want := range map[pqerror.Code]bool{
		pqerror.AdminShutdown:      true,
		pqerror.CrashShutdown:      true,
		pqerror.CannotConnectNow:   true,
		pqerror.TooManyConnections: true,
		pqerror.QueryCanceled:      true,
		"08006":                    true, // connection failure
		pqerror.UniqueViolation:    false,
		"22021":                    false, // invalid byte sequence: bad input, not a sick database
	} {
		err := dialect.Classify(&pq.Error{Code: code})
		assert.Equal(t, want, errors.Is(err, store.ErrUnavailable), "%s", code)
	}
}

func TestWithConnectTimeout(t *testing.T) {
	got, err := withConnectTimeout("postgres://u:p@h/db?sslmode=disable", 1500*time.Millisecond)
	require.NoError(t, err)
	assert.Equal(t, "postgres://u:p@h/db?connect_timeout=2&sslmode=disable", got, "whole seconds, rounded up")
	got, err = withConnectTimeout("postgres://h/db?connect_timeout=30", 5*time.Second)
	require.NoError(t, err)
	assert.Equal(t, "postgres://h/db?connect_timeout=30", got, "the DSN's own wins")
}

// TestFrozenConnect freezes the database under a store: a statement on a
// pooled connection and one that needs a new connection (stuck in its
// handshake, which the connect timeout alone would let run 5 s) both give
// up at the query timeout. Opening a store on a frozen database gives up at
// the connect timeout.
func TestFrozenConnect(t *testing.T) {
	proxy, dsn := storetest.Proxied(t, storetest.PostgresDSN(t))
	const timeout = 500 * time.Millisecond
	st := storetest.OpenWith(t, dsn, store.Options{ConnectTimeout: 5 * time.Second, QueryTimeout: timeout})
	require.NoError(t, st.Ping(context.Background()))

	proxy.Freeze()
	// The first ping uses the pooled connection and discards it; the next
	// ones must connect.
	for _, what := range []string{"pooled connection", "new connection", "another new connection"} {
		start := time.Now()
		err := st.Ping(context.Background())
		assert.ErrorIs(t, err, store.ErrUnavailable, what)
		assert.Less(t, time.Since(start), 5*timeout, what)
		t.Logf("%s: unavailable after %s", what, time.Since(start).Round(time.Millisecond))
	}

	start := time.Now()
	_, err := store.OpenWith(context.Background(), dsn, store.Options{ConnectTimeout: time.Second, QueryTimeout: timeout})
	assert.ErrorIs(t, err, store.ErrUnavailable)
	assert.Less(t, time.Since(start), 5*time.Second)
	t.Logf("open on a frozen database failed after %s: %v", time.Since(start).Round(time.Millisecond), err)

	proxy.Unfreeze()
	assert.NoError(t, st.Ping(context.Background()), "recovers without reopening")
}

package api

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// faultTimeout is the query timeout of these tests; an answer must come
// within faultBound, a bound rather than a tight timing.
const (
	faultTimeout = 500 * time.Millisecond
	faultBound   = 5 * faultTimeout
)

// newProxiedServer serves the API over a fresh PostgreSQL database reached
// through a storetest.Proxy, with the given query timeout.
func newProxiedServer(t *testing.T, queryTimeout time.Duration) (*testServer, *storetest.Proxy) {
	t.Helper()
	proxy, dsn := storetest.Proxied(t, storetest.PostgresDSN(t))
	st := storetest.OpenWith(t, dsn, store.Options{ConnectTimeout: time.Second, QueryTimeout: queryTimeout})
	b := storetest.Backend{Name: "postgres via proxy", DSN: func(testing.TB) string { return dsn }}
	return newTestServer(t, b, Options{Store: st}), proxy
}

// assertUnavailable sends a request and checks it answers 503 database
// unavailable with Retry-After, within faultBound.
func (ts *testServer) assertUnavailable(method, path string, body any) {
	ts.t.Helper()
	ts.assertUnavailableWithin(faultBound, method, path, body)
}

func (ts *testServer) assertUnavailableWithin(bound time.Duration, method, path string, body any) {
	ts.t.Helper()
	start := time.Now()
	resp, got := ts.do(method, path, body)
	took := time.Since(start)
	assert.Equal(ts.t, http.StatusServiceUnavailable, resp.StatusCode, "%s %s: %s", method, path, got)
	assert.Equal(ts.t, retryAfterUnavailable, resp.Header.Get("Retry-After"), "%s %s", method, path)
	var e ErrorBody
	require.NoError(ts.t, json.Unmarshal(got, &e), "%s", got)
	assert.Equal(ts.t, "database unavailable", e.Error)
	assert.Less(ts.t, took, bound, "%s %s must not wait on a sick database", method, path)
	ts.t.Logf("%s %s: 503 after %s", method, path, took.Round(time.Millisecond))
}

var newTheme = map[string]string{"name": "Reorganisation", "description": "Why we change"}

// TestFrozenDatabase freezes PostgreSQL (connections open, no answers):
// reads, writes and the readiness check answer 503 within the bound, the
// liveness check stays 200, and after the thaw everything works again
// without a restart.
func TestFrozenDatabase(t *testing.T) {
	ts, proxy := newProxiedServer(t, faultTimeout)
	ts.json(http.MethodGet, "/api/ready", nil, http.StatusOK, nil)
	ts.json(http.MethodPost, "/api/themes", newTheme, http.StatusCreated, nil)

	proxy.Freeze()
	ts.assertUnavailable(http.MethodGet, "/api/themes", nil)
	ts.assertUnavailable(http.MethodPost, "/api/themes", newTheme)
	ts.assertUnavailable(http.MethodGet, "/api/ready", nil)
	ts.json(http.MethodGet, "/api/health", nil, http.StatusOK, nil)

	proxy.Unfreeze()
	start := time.Now()
	ts.json(http.MethodGet, "/api/ready", nil, http.StatusOK, nil)
	t.Logf("ready again %s after the thaw", time.Since(start).Round(time.Millisecond))
	var themes []map[string]any
	ts.json(http.MethodGet, "/api/themes", nil, http.StatusOK, &themes)
	assert.Len(t, themes, 1, "the write made while frozen did not happen")
	ts.json(http.MethodPost, "/api/themes", newTheme, http.StatusCreated, nil)
}

// TestReadyOwnDeadline: the readiness check gives up after its own second
// even when the query timeout is the default 10 s.
func TestReadyOwnDeadline(t *testing.T) {
	ts, proxy := newProxiedServer(t, store.DefaultQueryTimeout)
	ts.json(http.MethodGet, "/api/ready", nil, http.StatusOK, nil)
	proxy.Freeze()
	ts.assertUnavailableWithin(5*readyTimeout, http.MethodGet, "/api/ready", nil)
	proxy.Unfreeze()
}

// TestRefusedDatabase closes the way to PostgreSQL: open connections are cut
// and new ones refused.
func TestRefusedDatabase(t *testing.T) {
	ts, proxy := newProxiedServer(t, faultTimeout)
	ts.json(http.MethodGet, "/api/themes", nil, http.StatusOK, nil)
	proxy.Close()
	ts.assertUnavailable(http.MethodGet, "/api/themes", nil)
	ts.assertUnavailable(http.MethodGet, "/api/ready", nil)
	ts.assertUnavailable(http.MethodPost, "/api/themes", newTheme)
}

// TestSQLiteWriteLockHeld has another process hold SQLite's write lock past
// the query timeout: writes answer 503 (not a hang, not a 500), reads go on
// under WAL, and writes work again once the lock is released.
func TestSQLiteWriteLockHeld(t *testing.T) {
	dsn := storetest.SQLiteDSN(t)
	st := storetest.OpenWith(t, dsn, store.Options{QueryTimeout: faultTimeout})
	b := storetest.Backend{Name: "sqlite", DSN: func(testing.TB) string { return dsn }}
	ts := newTestServer(t, b, Options{Store: st})

	other, err := sql.Open("sqlite", "file:"+dsn)
	require.NoError(t, err)
	defer other.Close()
	ctx := context.Background()
	conn, err := other.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, "BEGIN IMMEDIATE")
	require.NoError(t, err)

	ts.assertUnavailable(http.MethodPost, "/api/themes", newTheme)
	ts.json(http.MethodGet, "/api/themes", nil, http.StatusOK, nil)
	ts.json(http.MethodGet, "/api/ready", nil, http.StatusOK, nil)

	_, err = conn.ExecContext(ctx, "ROLLBACK")
	require.NoError(t, err)
	ts.json(http.MethodPost, "/api/themes", newTheme, http.StatusCreated, nil)
}

// TestClientGoneIsNotAFailure: an error after the client hung up is logged
// as neither a failure nor an unavailable database.
func TestClientGoneIsNotAFailure(t *testing.T) {
	var logs bytes.Buffer
	s := New(Options{Log: slog.New(slog.NewTextHandler(&logs, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, err := range []error{context.Canceled, store.ErrUnavailable, errors.New("driver: bad connection")} {
		w := httptest.NewRecorder()
		s.fail(w, httptest.NewRequestWithContext(ctx, http.MethodGet, "/api/themes", nil), err)
		assert.Equal(t, statusClientClosed, w.Code, "%v", err)
	}
	assert.Empty(t, logs.String(), "nothing at info level or above")

	w := httptest.NewRecorder()
	s.fail(w, httptest.NewRequest(http.MethodGet, "/api/themes", nil), store.ErrUnavailable)
	assert.Equal(t, http.StatusServiceUnavailable, w.Code)
	assert.Contains(t, logs.String(), "level=WARN msg=\"database unavailable\"")
}

// TestTerminatedConnections: PostgreSQL ending our sessions (57P01, as in a
// restart or pg_terminate_backend) costs the next request nothing: the dead
// pooled connections are found before use, dropped, and new ones opened.
// Without that check, the first read answered 503 (connection reset by peer).
func TestTerminatedConnections(t *testing.T) {
	ts := newTestServer(t, storetest.Backend{Name: "postgres", DSN: storetest.PostgresDSN})
	ts.json(http.MethodPost, "/api/themes", newTheme, http.StatusCreated, nil)
	admin, err := sql.Open("postgres", ts.DSN)
	require.NoError(t, err)
	defer admin.Close()
	var ended int
	require.NoError(t, admin.QueryRow(`SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()) t`).Scan(&ended))
	require.Positive(t, ended, "the server's pooled connections were ended")
	// pg_terminate_backend only signals; wait until those backends are gone,
	// as after a restart, so the test is of finding dead connections, not a
	// race with their exit.
	require.Eventually(t, func() bool {
		var left int
		err := admin.QueryRow(`SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid()`).Scan(&left)
		return err == nil && left == 0
	}, 10*time.Second, 20*time.Millisecond)
	ts.json(http.MethodGet, "/api/themes", nil, http.StatusOK, nil)
	ts.json(http.MethodPost, "/api/themes", newTheme, http.StatusCreated, nil)
	ts.json(http.MethodGet, "/api/ready", nil, http.StatusOK, nil)
}

// TestReadyNeedsNoSession: a load balancer has no session.
func TestReadyNeedsNoSession(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ts := newAnonServer(t, b, Options{})
			resp, body := ts.do(http.MethodGet, "/api/ready", nil)
			assert.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
			assert.JSONEq(t, `{"status": "ready"}`, string(body))
		})
	}
}

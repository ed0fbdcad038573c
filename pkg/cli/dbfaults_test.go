package cli

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptrace"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestUnavailableDatabaseExitsOne: a database that refuses connections, or
// is frozen past the configured timeouts, is a one-line error and exit 1.
func TestUnavailableDatabaseExitsOne(t *testing.T) {
	cleanDir(t)
	proxy, frozen := storetest.Proxied(t, storetest.PostgresDSN(t))
	proxy.Freeze()
	for _, args := range [][]string{
		{"migrate", "--db", "postgres://postgres@127.0.0.1:1/commsplan?sslmode=disable"},
		{"migrate", "--db", frozen, "--db-connect-timeout", "1s", "--db-query-timeout", "500ms"},
	} {
		start := time.Now()
		code, _, errOut := runCLI(t, args...)
		assert.Equal(t, 1, code, errOut)
		assert.Contains(t, errOut, "database unavailable")
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		assert.Less(t, time.Since(start), 10*time.Second, "bounded by the timeouts")
	}
}

// heldServe is serve on SQLite with another connection holding the write
// lock, so a write stays in flight for as long as the test wants.
type heldServe struct {
	t      *testing.T
	addr   string
	client *http.Client
	logs   *syncbuf.Buffer
	cancel context.CancelFunc
	done   chan error
	lock   *sql.Conn
}

func startHeldServe(t *testing.T, grace time.Duration) *heldServe {
	dir := cleanDir(t)
	h := &heldServe{t: t, logs: &syncbuf.Buffer{}, done: make(chan error, 1)}
	f := &Factory{Version: "test", Out: &bytes.Buffer{}, Err: h.logs}
	var err error
	f.Config, err = config.Load(newFlagSet(t, "--data-dir", dir, "--addr", "127.0.0.1:0"))
	require.NoError(t, err)
	f.Config.ShutdownGrace = grace

	var ctx context.Context
	ctx, h.cancel = context.WithCancel(actor.With(context.Background(), actor.Shared))
	ready := make(chan string, 1)
	go func() { h.done <- serveRun(ctx, f, &ServeOptions{Ready: func(a string) { ready <- a }}) }()
	h.addr = <-ready

	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	h.client = &http.Client{Jar: jar}
	code, err := os.ReadFile(filepath.Join(dir, "access-code"))
	require.NoError(t, err)
	resp, err := h.client.Post("http://"+h.addr+"/api/session", "application/json", strings.NewReader(`{"code":"`+strings.TrimSpace(string(code))+`"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)

	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "commsplan.db"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	h.lock, err = db.Conn(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() { h.lock.Close() })
	_, err = h.lock.ExecContext(context.Background(), "BEGIN IMMEDIATE")
	require.NoError(t, err)
	return h
}

// write sends a theme create, which waits for the lock, and returns once
// the request has been sent; its status arrives on the channel (0 when the
// connection failed).
func (h *heldServe) write() <-chan int {
	status := make(chan int, 1)
	sent := make(chan struct{})
	trace := &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) { close(sent) }}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), http.MethodPost,
		"http://"+h.addr+"/api/themes", strings.NewReader(`{"name":"Held","description":"in flight"}`))
	require.NoError(h.t, err)
	req.Header.Set("Content-Type", "application/json")
	go func() {
		resp, err := h.client.Do(req)
		if err != nil {
			status <- 0
			return
		}
		resp.Body.Close()
		status <- resp.StatusCode
	}()
	<-sent
	time.Sleep(200 * time.Millisecond) // let the server take it up
	return status
}

func (h *heldServe) release() {
	_, err := h.lock.ExecContext(context.Background(), "ROLLBACK")
	require.NoError(h.t, err)
}

// TestShutdownFinishesInFlightThenClosesStore: on SIGTERM serve stops
// accepting, waits for a request still waiting on the database, and only
// then closes the store.
func TestShutdownFinishesInFlightThenClosesStore(t *testing.T) {
	h := startHeldServe(t, 10*time.Second)
	status := h.write()
	h.cancel()
	select {
	case err := <-h.done:
		t.Fatalf("serve returned with a request in flight: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	_, err := http.Get("http://" + h.addr + "/api/ready")
	assert.Error(t, err, "no new connections during the drain")

	h.release()
	assert.Equal(t, http.StatusCreated, <-status, "the in-flight write finished")
	require.NoError(t, <-h.done)
	logs := h.logs.String()
	served := strings.Index(logs, "path=/api/themes status=201")
	closed := strings.Index(logs, "database closed")
	require.True(t, served >= 0 && closed >= 0, logs)
	assert.Less(t, served, closed, "the store closes after the request")
}

// TestShutdownGraceRunsOut: a request still running when the grace ends is
// cut off, and serve says so.
func TestShutdownGraceRunsOut(t *testing.T) {
	h := startHeldServe(t, 300*time.Millisecond)
	status := h.write()
	start := time.Now()
	h.cancel()
	err := <-h.done
	h.release()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "after the 300ms grace")
	assert.GreaterOrEqual(t, time.Since(start), 300*time.Millisecond)
	assert.Equal(t, 0, <-status, "the client's connection was closed")
}

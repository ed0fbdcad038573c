package api

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

// testCode is the access code of every test server.
const testCode = "Test-Code-1"

// testServer is the real API over a real database, reached over HTTP.
type testServer struct {
	t     *testing.T
	URL   string
	Store store.Store
	// DSN is the database's; tests read tables through it directly.
	DSN    string
	client *http.Client
}

// newTestServer starts the API on a fresh database of backend b, with a
// session already open; an Options may set what the store and gate leave.
func newTestServer(t *testing.T, b storetest.Backend, opts ...Options) *testServer {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	ts := newAnonServer(t, b, o)
	resp, body := ts.do(http.MethodPost, "/api/session", map[string]string{"code": testCode})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	return ts
}

// newAnonServer starts the API without a session; opts may override the
// gate's settings, or bring a store already open on b's DSN.
func newAnonServer(t *testing.T, b storetest.Backend, opts Options) *testServer {
	t.Helper()
	return startAnonServer(t, b, opts, httptest.NewUnstartedServer(nil))
}

// startAnonServer is newAnonServer on srv, an unstarted server whose
// address a test needed first (the single sign-on callback's).
func startAnonServer(t *testing.T, b storetest.Backend, opts Options, srv *httptest.Server) *testServer {
	t.Helper()
	dsn := b.DSN(t)
	st := opts.Store
	if st == nil {
		st = storetest.Open(t, dsn)
	}
	opts.Store = st
	if opts.Log == nil {
		opts.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	opts.Codes = access.NewCodes([]string{testCode, "second-code"})
	opts.Secret = []byte("test secret")
	if opts.FailDelay == 0 {
		opts.FailDelay = time.Millisecond
	}
	if opts.RefusalWindow == 0 {
		// Each refusal its own row, so tests can count them; the test of
		// the coalescing sets its own window.
		opts.RefusalWindow = -1
	}
	if opts.UI == nil {
		opts.UI = fstest.MapFS{
			"index.html":      {Data: []byte("<!doctype html><title>commsplan</title>")},
			"assets/app-1.js": {Data: []byte("console.log(1)")},
			"favicon.svg":     {Data: []byte("<svg/>")},
		}
	}
	srv.Config.Handler = New(opts).Handler()
	srv.Start()
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &testServer{t: t, URL: srv.URL, Store: st, DSN: dsn, client: &http.Client{Jar: jar}}
}

// browser is a second client of the same server with cookies of its own.
func (ts *testServer) browser() *testServer {
	ts.t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(ts.t, err)
	other := *ts
	other.client = &http.Client{Jar: jar}
	return &other
}

// do sends a request. A string or []byte body goes as it is, anything else
// as JSON; both with a JSON content type.
func (ts *testServer) do(method, path string, body any) (*http.Response, []byte) {
	ts.t.Helper()
	return ts.doWith(method, path, body, nil)
}

func (ts *testServer) doWith(method, path string, body any, header http.Header) (*http.Response, []byte) {
	ts.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		require.NoError(ts.t, err)
		r = bytes.NewReader(enc)
	}
	req, err := http.NewRequest(method, ts.URL+path, r)
	require.NoError(ts.t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := ts.client.Do(req)
	require.NoError(ts.t, err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	require.NoError(ts.t, err)
	return resp, out
}

// json sends a request, requires the status and decodes the answer into v.
func (ts *testServer) json(method, path string, body any, status int, v any) {
	ts.t.Helper()
	resp, out := ts.do(method, path, body)
	require.Equal(ts.t, status, resp.StatusCode, "%s %s: %s", method, path, out)
	if v != nil {
		require.NoError(ts.t, json.Unmarshal(out, v), string(out))
	}
}

// forEachBackend runs fn on SQLite and on PostgreSQL.
func forEachBackend(t *testing.T, fn func(t *testing.T, b storetest.Backend)) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) { fn(t, b) })
	}
}

// errorBody decodes an error answer.
func errorBody(t *testing.T, body []byte) ErrorBody {
	t.Helper()
	var e ErrorBody
	require.NoError(t, json.Unmarshal(body, &e), string(body))
	require.NotEmpty(t, e.Error, string(body))
	return e
}

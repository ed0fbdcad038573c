package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/api"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// signIn posts code to base and returns the session cookie.
func signIn(t *testing.T, base, code string) *http.Cookie {
	t.Helper()
	resp, err := http.Post(base+"/api/session", "application/json", strings.NewReader(`{"code":"`+code+`"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	for _, c := range resp.Cookies() {
		if c.Name == api.SessionCookie {
			return c
		}
	}
	t.Fatal("no session cookie")
	return nil
}

// themesStatus answers GET /api/themes with cookie c.
func themesStatus(t *testing.T, base string, c *http.Cookie) int {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/api/themes", nil)
	require.NoError(t, err)
	req.AddCookie(c)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

func TestSessionsRevokeAll(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			cleanDir(t)
			dsn := b.DSN(t)
			st := storetest.Open(t, dsn)
			srv := httptest.NewServer(api.New(api.Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Codes: access.NewCodes([]string{"code-1"}), Secret: []byte("s"), Revocations: access.NewRevocations(st, 0)}).Handler())
			t.Cleanup(srv.Close)
			a, b := signIn(t, srv.URL, "code-1"), signIn(t, srv.URL, "code-1")
			require.Equal(t, http.StatusOK, themesStatus(t, srv.URL, a))

			var out bytes.Buffer
			f := &Factory{Out: &out, Err: io.Discard, Config: config.Config{DB: dsn}}
			// The root command puts the command line in the context.
			require.NoError(t, sessionsRevokeAllRun(actor.With(context.Background(), actor.Terminal), f, &SessionsRevokeAllOptions{}))
			assert.Contains(t, out.String(), "every session issued up to")
			entries, err := st.ListAudit(context.Background(), store.AuditFilter{Action: store.ActionAllSessionsRevoked, Limit: 10})
			require.NoError(t, err)
			require.Len(t, entries, 1, "one audit entry")
			assert.Equal(t, actor.Terminal.Name, entries[0].ActorName)
			var ch store.Changes
			require.NoError(t, json.Unmarshal(entries[0].Changes, &ch))
			assert.Equal(t, "sessions revoke-all", ch["reason"].After)
			assert.Contains(t, ch, "sessionsIssuedUpTo")
			assert.Equal(t, http.StatusUnauthorized, themesStatus(t, srv.URL, a), "every session ends")
			assert.Equal(t, http.StatusUnauthorized, themesStatus(t, srv.URL, b))
			assert.Equal(t, http.StatusOK, themesStatus(t, srv.URL, signIn(t, srv.URL, "code-1")), "a new sign-in works")
		})
	}
}

func TestSessionsRevokeAllCommand(t *testing.T) {
	dir := cleanDir(t)
	code, out, errOut := runCLI(t, "sessions", "revoke-all", "--data-dir", dir)
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "revoked")
	code, _, errOut = runCLI(t, "sessions", "revoke-all", "extra")
	assert.Equal(t, 2, code, errOut)
	code, _, errOut = runCLI(t, "sessions", "revoke-all", "--db", "mysql://x")
	assert.Equal(t, 2, code, "an unknown DSN scheme is bad input: %s", errOut)
}

// TestServeRevokesOnCodeRotation restarts serve on one database: with the
// same codes a session lives on, with rotated codes it ends.
func TestServeRevokesOnCodeRotation(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			dsn := b.DSN(t)
			var logs bytes.Buffer
			serve := func(codes string) (string, func()) {
				f := &Factory{Version: "test", Out: io.Discard, Err: &logs}
				var err error
				f.Config, err = config.Load(newFlagSet(t, "--data-dir", dir, "--db", dsn, "--addr", "127.0.0.1:0",
					"--access-codes", codes, "--shutdown-grace", "1s"))
				require.NoError(t, err)
				ctx, cancel := context.WithCancel(context.Background())
				ready, done := make(chan string, 1), make(chan error, 1)
				go func() {
					done <- serveRun(ctx, f, &ServeOptions{Ready: func(a string) { ready <- a }})
				}()
				select {
				case addr := <-ready:
					return "http://" + addr, func() { cancel(); require.NoError(t, <-done) }
				case err := <-done:
					t.Fatalf("serve: %v", err)
				}
				return "", nil
			}

			base, stop := serve("ALPHA-ONE-1,BRAVO-TWO-2")
			c := signIn(t, base, "alpha-one-1")
			stop()

			base, stop = serve("bravo-two-2, alpha-one-1")
			assert.Equal(t, http.StatusOK, themesStatus(t, base, c), "the same codes keep sessions")
			stop()
			assert.NotContains(t, logs.String(), "every session is revoked")

			base, stop = serve("ALPHA-ONE-1,CHARLIE-THREE-3")
			assert.Equal(t, http.StatusUnauthorized, themesStatus(t, base, c), "rotated codes end them")
			assert.Equal(t, http.StatusOK, themesStatus(t, base, signIn(t, base, "charlie-three-3")))
			stop()
			assert.Contains(t, logs.String(), "every session is revoked")
			st := storetest.Open(t, dsn)
			entries, err := st.ListAudit(context.Background(), store.AuditFilter{Action: store.ActionAllSessionsRevoked, Limit: 10})
			require.NoError(t, err)
			require.Len(t, entries, 1, "the rotation, and only it, is in the audit trail")
			var ch store.Changes
			require.NoError(t, json.Unmarshal(entries[0].Changes, &ch))
			assert.Equal(t, "serve started with other access codes", ch["reason"].After)
		})
	}
}

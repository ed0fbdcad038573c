package cli

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
)

// TestServeRefusesShortCodes: a 9-character code from the flag, the
// environment, the config file or the data dir's file stops serve with
// exit 2 naming access-codes, before it opens the database or listens.
func TestServeRefusesShortCodes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) []string
	}{
		{"flag", func(t *testing.T, dir string) []string {
			return []string{"--access-codes", "LONG-ENOUGH-1,NINE-CHAR"}
		}},
		{"environment", func(t *testing.T, dir string) []string {
			t.Setenv("COMMSPLAN_ACCESS_CODES", "NINE-CHAR")
			return nil
		}},
		{"config file", func(t *testing.T, dir string) []string {
			return []string{"--config", writeFile(t, dir, "commsplan.yaml", []byte("access-codes: [NINE-CHAR]\n"))}
		}},
		{"data dir file", func(t *testing.T, dir string) []string {
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "data"), 0o700))
			writeFile(t, filepath.Join(dir, "data"), "access-code", []byte("NINE-CHAR\n"))
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := cleanDir(t)
			args := append([]string{"serve", "--data-dir", filepath.Join(dir, "data"), "--addr", "127.0.0.1:0"},
				tc.setup(t, dir)...)
			code, out, errOut := runCLI(t, args...)
			assert.Equal(t, 2, code, errOut)
			assert.Contains(t, errOut, "access-codes")
			assert.Contains(t, errOut, "at least 10 characters")
			assert.NotContains(t, errOut, "listening")
			assert.Empty(t, out)
			assert.NoFileExists(t, filepath.Join(dir, "data", "commsplan.db"), "refused before the database is opened")
			if tc.name != "data dir file" {
				assert.NoDirExists(t, filepath.Join(dir, "data"))
			}
		})
	}
}

// TestServeLogsNoSecrets starts serve twice on one data dir (text log, then
// JSON log), signs in, makes a calendar feed and fetches it: neither the
// generated code nor the feed's token is ever in the log. The code is
// printed once, on the first start, outside the log, and "access-code show"
// prints it.
func TestServeLogsNoSecrets(t *testing.T) {
	dir := cleanDir(t)
	logs, out := &syncbuf.Buffer{}, &syncbuf.Buffer{}
	var token string
	for i, format := range []string{"text", "json"} {
		f := &Factory{Version: "test", Out: out, Err: logs}
		var err error
		f.Config, err = config.Load(newFlagSet(t, "--data-dir", dir, "--addr", "127.0.0.1:0", "--log-format", format))
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		ready, done := make(chan string, 1), make(chan error, 1)
		go func() { done <- serveRun(ctx, f, &ServeOptions{Ready: func(a string) { ready <- a }}) }()
		base := "http://" + <-ready

		code, err := os.ReadFile(filepath.Join(dir, "access-code"))
		require.NoError(t, err)
		c := strings.TrimSpace(string(code))
		assert.Equal(t, 1, strings.Count(out.String(), c), "start %d: printed once, on the first start", i+1)

		jar, err := cookiejar.New(nil)
		require.NoError(t, err)
		client := &http.Client{Jar: jar}
		post := func(path, body string) *http.Response {
			resp, err := client.Post(base+path, "application/json", strings.NewReader(body))
			require.NoError(t, err)
			return resp
		}
		resp := post("/api/session", `{"code":"`+c+`"}`)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		if token == "" {
			resp = post("/api/calendar-feeds", `{"name":"Team"}`)
			require.Equal(t, http.StatusCreated, resp.StatusCode)
			var feed struct{ URL string }
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&feed))
			resp.Body.Close()
			token = strings.TrimSuffix(strings.TrimPrefix(feed.URL, "/api/calendar/"), ".ics")
			require.NotEmpty(t, token)
		}
		resp, err = http.Get(base + "/api/calendar/" + token + ".ics")
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)

		cancel()
		require.NoError(t, <-done)
		assert.NotContains(t, logs.String(), c, "start %d: the code is in no log line", i+1)
		assert.NotContains(t, logs.String(), token, "start %d: nor the feed's token", i+1)
		assert.Contains(t, logs.String(), "/api/calendar/REDACTED.ics")
	}

	code, shown, errOut := runCLI(t, "access-code", "show", "--data-dir", dir)
	require.Equal(t, 0, code, errOut)
	stored, err := os.ReadFile(filepath.Join(dir, "access-code"))
	require.NoError(t, err)
	assert.Equal(t, string(stored), shown)
}

package cli

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
)

// TestPeopleCommands: "people add" prints only the code, which signs in over
// the API of a running server with its role; list, role and code work by
// name; "people remove" ends the person's session at its next request; bad
// input is one line and exit code 2.
func TestPeopleCommands(t *testing.T) {
	dir := cleanDir(t)
	out := &syncbuf.Buffer{}
	f := &Factory{Version: "test", Out: out, Err: &syncbuf.Buffer{}}
	var err error
	f.Config, err = config.Load(newFlagSet(t, "--data-dir", dir+"/data", "--addr", "127.0.0.1:0"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(actor.With(context.Background(), actor.Terminal))
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- serveRun(ctx, f, &ServeOptions{Ready: func(a string) { ready <- a }}) }()
	addr := <-ready
	defer func() {
		cancel()
		require.NoError(t, <-done)
	}()

	code, stdout, stderr := runCLI(t, "people", "add", "--name", "Dana Reyes", "--email", "dana@example.com", "--role", "viewer")
	require.Equal(t, 0, code, stderr)
	personal := strings.TrimSpace(stdout)
	assert.Regexp(t, `^CPP(-[A-Z0-9]{4}){5}$`, personal, "the code and nothing else")

	client := &http.Client{Jar: newJar(t)}
	post := func(path, body string) (int, string) {
		resp, err := client.Post("http://"+addr+path, "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	get := func(path string) int {
		resp, err := client.Get("http://" + addr + path)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	status, body := post("/api/session", `{"code":"`+personal+`"}`)
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, `"name":"Dana Reyes"`)
	assert.Contains(t, body, `"role":"viewer"`)
	status, _ = post("/api/themes", `{"name":"No","description":"d"}`)
	assert.Equal(t, http.StatusForbidden, status, "a viewer")

	code, stdout, stderr = runCLI(t, "people", "list", "-o", "json")
	require.Equal(t, 0, code, stderr)
	var people []domain.Person
	require.NoError(t, json.Unmarshal([]byte(stdout), &people))
	require.Len(t, people, 2, "the first admin and Dana")
	code, stdout, _ = runCLI(t, "people", "list")
	require.Equal(t, 0, code)
	assert.Contains(t, stdout, "Dana Reyes")
	assert.Contains(t, stdout, "Administrator")

	code, stdout, stderr = runCLI(t, "people", "role", "dana reyes", "planner")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "is now planner")
	status, _ = post("/api/themes", `{"name":"Yes","description":"d"}`)
	assert.Equal(t, http.StatusCreated, status, "the new role applies at the next request")

	for _, c := range [][]string{
		{"people", "add", "--name", " ", "--role", "viewer"},
		{"people", "add", "--name", "X", "--role", "editor"},
		{"people", "role", "Administrator", "viewer"},
		{"people", "remove", "Administrator"},
		{"people", "remove", "nobody"},
	} {
		code, _, stderr := runCLI(t, c...)
		assert.Equal(t, 2, code, "%v: %s", c, stderr)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "%v: one line: %s", c, stderr)
	}

	code, stdout, stderr = runCLI(t, "people", "code", "Dana Reyes")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, http.StatusUnauthorized, get("/api/themes"), "a new code ends the session")
	status, _ = post("/api/session", `{"code":"`+strings.TrimSpace(stdout)+`"}`)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, http.StatusOK, get("/api/themes"))

	code, _, stderr = runCLI(t, "people", "remove", "Dana Reyes")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, http.StatusUnauthorized, get("/api/themes"), "removed: the session ends at its next request")

	// The audit trail keeps all of it, with names, oldest first.
	code, stdout, stderr = runCLI(t, "audit", "export", "-o", "json")
	require.Equal(t, 0, code, stderr)
	var entries []domain.Activity
	require.NoError(t, json.Unmarshal([]byte(stdout), &entries))
	var seen []string
	for _, e := range entries {
		seen = append(seen, e.ActorName+" "+e.Action+" "+e.EntityType)
	}
	assert.Contains(t, seen, "Dana Reyes signin session")
	assert.Contains(t, seen, "Dana Reyes created theme")
	assert.Contains(t, seen, "Command line deleted person")
	assert.Equal(t, "created", entries[0].Action, "oldest first: the first admin")
	code, stdout, _ = runCLI(t, "audit", "export", "--from", "2000-01-01", "--to", "2100-01-01")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(stdout, "At,Actor ID,Actor,Action,Entity,Entity ID,Label,Changes\r\n"), stdout)
	code, _, _ = runCLI(t, "audit", "export", "--from", "yesterday")
	assert.Equal(t, 2, code)
}

func newJar(t *testing.T) http.CookieJar {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return jar
}

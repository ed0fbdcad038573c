package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// runCLI runs the command tree with args in a clean directory and returns
// the exit code, stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runCLIVersion(t, "1.2.3", args...)
}

// runCLIVersion is runCLI for a binary of the given version.
func runCLIVersion(t *testing.T, version string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	f := &Factory{Version: version, In: strings.NewReader(""), Out: &out, Err: &errOut}
	code := Run(f, args)
	return code, out.String(), errOut.String()
}

func cleanDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("HOME", dir)
	for _, s := range config.Settings {
		t.Setenv(s.Env(), "")
		os.Unsetenv(s.Env())
	}
	return dir
}

func TestVersion(t *testing.T) {
	cleanDir(t)
	code, out, _ := runCLI(t, "version")
	assert.Equal(t, 0, code)
	assert.Equal(t, "commsplan 1.2.3\n", out)
}

func TestBadInputExitsTwo(t *testing.T) {
	cleanDir(t)
	for _, args := range [][]string{
		{"version", "--no-such-flag"},
		{"version", "--log-format", "xml"},
		{"migrate", "--db", "mysql://x"},
	} {
		code, _, errOut := runCLI(t, args...)
		assert.Equal(t, 2, code, "%v", args)
		if args[1] == "--db" {
			assert.Contains(t, errOut, `no storage backend for DSN scheme "mysql"`)
		}
		assert.True(t, strings.HasPrefix(errOut, "Error: "), errOut)
	}
}

func TestMigrate(t *testing.T) {
	dir := cleanDir(t)
	code, out, errOut := runCLI(t, "migrate", "--data-dir", dir)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "migrations applied")
	_, err := os.Stat(filepath.Join(dir, "commsplan.db"))
	assert.NoError(t, err)
	// Idempotent.
	code, _, errOut = runCLI(t, "migrate", "--data-dir", dir)
	assert.Equal(t, 0, code, errOut)
}

// TestMigrateRendersCampaigns: a campaign stored with a client's HTML
// (before the server rendered every campaign) gets the server's rendering,
// once.
func TestMigrateRendersCampaigns(t *testing.T) {
	dir := cleanDir(t)
	db := filepath.Join(dir, "commsplan.db")
	ctx := context.Background()
	st := storetest.Open(t, db)
	sched, err := campaign.Generate(campaign.Config{CampaignName: "Wave", StartDate: "2031-03-03", EndDate: "2031-04-30",
		CampaignTypes: []string{"opportunity"}}, orgdata.Load())
	require.NoError(t, err)
	raw, err := json.Marshal(sched)
	require.NoError(t, err)
	c := domain.Campaign{Title: "Wave", Schedule: raw, HTMLContent: "<script>alert(1)</script>", GeographicFilters: []string{}}
	require.NoError(t, st.CreateCampaign(ctx, &c))
	require.NoError(t, st.Close())

	code, out, errOut := runCLI(t, "migrate", "--db", db)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "campaigns rendered again: 1\n")
	code, out, errOut = runCLI(t, "campaign", "export", c.ID, "--db", db)
	require.Equal(t, 0, code, errOut)
	want, err := campaign.RenderHTML(sched)
	require.NoError(t, err)
	assert.Equal(t, want, out)
	code, out, errOut = runCLI(t, "migrate", "--db", db)
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "rendered again")
}

func TestRedactDSN(t *testing.T) {
	assert.Equal(t, "postgres://u:xxxxx@h/db", redactDSN("postgres://u:pw@h/db"))
	assert.Equal(t, "data/commsplan.db", redactDSN("data/commsplan.db"))
}

// TestServeGracefulShutdown starts serve, sends a slow request (a wrong code
// waits one second), stops the server while it is in flight, and checks the
// request still completes and the database is closed cleanly.
func TestServeGracefulShutdown(t *testing.T) {
	dir := cleanDir(t)
	logs := &syncbuf.Buffer{} // the log's own goroutine writes while we read
	out := &syncbuf.Buffer{}
	f := &Factory{Version: "test", Out: out, Err: logs}
	var err error
	f.Config, err = config.Load(newFlagSet(t, "--data-dir", dir, "--addr", "127.0.0.1:0"))
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(actor.With(context.Background(), actor.Shared))
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- serveRun(ctx, f, &ServeOptions{Ready: func(a string) { ready <- a }})
	}()
	addr := <-ready

	code, err := os.ReadFile(filepath.Join(dir, "access-code"))
	require.NoError(t, err, "a code is generated and kept")
	assert.Contains(t, out.String(), strings.TrimSpace(string(code)), "and printed once, not in the log")
	// The first start makes an admin and prints its personal code beside
	// the shared one; it signs in at the same gate as the admin.
	adminCode := regexp.MustCompile(`Admin code: (CPP[-A-Z0-9]+)`).FindStringSubmatch(out.String())
	require.Len(t, adminCode, 2, out.String())
	assert.NotContains(t, logs.String(), adminCode[1])
	resp, err := http.Post("http://"+addr+"/api/session", "application/json", strings.NewReader(`{"code":"`+adminCode[1]+`"}`))
	require.NoError(t, err)
	signedIn, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Contains(t, string(signedIn), `"role":"admin"`)
	assert.Contains(t, string(signedIn), `"name":"Administrator"`)

	slow := make(chan int, 1)
	go func() {
		resp, err := http.Post("http://"+addr+"/api/session", "application/json", strings.NewReader(`{"code":"wrong"}`))
		if err != nil {
			slow <- 0
			return
		}
		resp.Body.Close()
		slow <- resp.StatusCode
	}()
	time.Sleep(300 * time.Millisecond)
	cancel()
	assert.Equal(t, http.StatusUnauthorized, <-slow, "the in-flight request finished")
	require.NoError(t, <-done)
	assert.Contains(t, logs.String(), "database closed")
	assert.Contains(t, logs.String(), "path=/api/session status=401", "one log line per request")

	// The same data dir keeps its code and secret.
	f.Config.Addr = "127.0.0.1:0"
	ctx, cancel = context.WithCancel(actor.With(context.Background(), actor.Shared))
	go func() { done <- serveRun(ctx, f, &ServeOptions{Ready: func(a string) { ready <- a }}) }()
	<-ready
	again, err := os.ReadFile(filepath.Join(dir, "access-code"))
	require.NoError(t, err)
	assert.Equal(t, code, again)
	assert.Equal(t, 1, strings.Count(out.String(), "Admin code:"), "one admin, made at the first start")
	cancel()
	require.NoError(t, <-done)
}

// newFlagSet parses args against the root's persistent flags.
func newFlagSet(t *testing.T, args ...string) *pflag.FlagSet {
	t.Helper()
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	config.AddFlags(fs)
	require.NoError(t, fs.Parse(args))
	return fs
}

// TestEveryCommandHasHelp walks the tree: every runnable command has a short
// description and examples.
func TestEveryCommandHasHelp(t *testing.T) {
	root := NewRootCmd(&Factory{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			assert.NotEmpty(t, sub.Short, sub.CommandPath())
			if sub.Runnable() && !sub.HasSubCommands() && sub.Name() != "version" {
				assert.NotEmpty(t, sub.Example, "%s needs examples", sub.CommandPath())
			}
			walk(sub)
		}
	}
	walk(root)
}

package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/checklist"
)

// exitCase is one command line and the exit code it must give. In args,
// {data} is a seeded data dir, {empty} a directory with no database,
// {campaign} a saved campaign's id, {template} a checklist template's id,
// {items} a checklist JSON file, {report} an HTML report, {tmp} a scratch
// directory and {down} a PostgreSQL DSN where nothing listens.
type exitCase struct {
	args []string
	code int
	// stderr, when set, must appear in the error output.
	stderr string
}

// exitCases covers every command of the tree (TestExitCodes checks that
// none is missing): add a row when you add a command.
var exitCases = []exitCase{
	{[]string{}, 0, ""},
	{[]string{"--version"}, 0, ""},
	{[]string{"exprot"}, 2, `unknown command "exprot" for "commsplan"`},
	{[]string{"--no-such-flag"}, 2, "unknown flag: --no-such-flag"},
	{[]string{"help"}, 0, ""},
	{[]string{"help", "campaign"}, 0, ""},
	{[]string{"help", "campaign", "exprot"}, 2, `unknown help topic "campaign exprot"`},
	{[]string{"version"}, 0, ""},
	{[]string{"version", "x"}, 2, `unknown command "x" for "commsplan version"`},
	{[]string{"--log-level", "loud", "version"}, 2, "log-level must be"},

	{[]string{"serve", "extra"}, 2, `unknown command "extra" for "commsplan serve"`},
	{[]string{"serve", "--db", "mysql://x", "--data-dir", "{empty}"}, 2, `no storage backend for DSN scheme "mysql"`},
	{[]string{"serve", "--db", "{down}", "--data-dir", "{empty}"}, 1, "connect"},
	{[]string{"serve", "--max-per-audience-week", "0", "--data-dir", "{empty}"}, 2, "max-per-audience-week"},
	{[]string{"serve", "--pprof", "0.0.0.0:6060", "--data-dir", "{empty}"}, 2, "pprof must be a loopback address"},
	{[]string{"serve", "--access-codes", "NINE-CHAR", "--data-dir", "{empty}"}, 2, "access-codes: code 1 of 1: an access code must be at least 10 characters long, not 9"},
	{[]string{"migrate", "--data-dir", "{data}"}, 0, ""},
	{[]string{"migrate", "now"}, 2, `unknown command "now" for "commsplan migrate"`},
	{[]string{"migrate", "--db", "{down}"}, 1, "connect"},
	{[]string{"seed", "--data-dir", "{data}"}, 0, ""},
	{[]string{"seed", "--data-dir", "{data}", "--output", "yaml"}, 2, "must be table or json"},
	{[]string{"seed", "--db", "mysql://x"}, 2, "mysql"},

	{[]string{"orgdata"}, 0, ""},
	{[]string{"orgdata", "exprt"}, 2, "Did you mean this?\n\texport"},
	{[]string{"orgdata", "export", "-o", "CSV"}, 0, ""},
	{[]string{"orgdata", "export", "extra"}, 2, ""},

	{[]string{"campaign"}, 0, ""},
	{[]string{"campaign", "exprot", "{campaign}"}, 2, "unknown command \"exprot\" for \"commsplan campaign\"\n\nDid you mean this?\n\texport"},
	{[]string{"campaign", "generate", "--name", "N", "--start", "2030-01-01", "--end", "2030-02-01", "--type", "opportunity"}, 0, ""},
	{[]string{"campaign", "generate", "--name", "N"}, 2, "Please fill in all required fields: missing --start"},
	{[]string{"campaign", "generate", "extra"}, 2, ""},
	{[]string{"campaign", "check"}, 2, "accepts 1 arg(s), received 0"},
	{[]string{"campaign", "generate", "--file", "{tmp}/none.yaml"}, 2, "no such file"},
	{[]string{"campaign", "generate", "--config", "{items}"}, 2, "give this command's input with --file"},
	{[]string{"campaign", "list", "--data-dir", "{data}", "-o", "CSV"}, 0, ""},
	{[]string{"campaign", "list", "--data-dir", "{empty}"}, 2, "no database at"},
	{[]string{"campaign", "list", "--db", "{down}"}, 1, "connect"},
	{[]string{"campaign", "list", "--data-dir", "{data}", "--full"}, 2, "--full needs --output json"},
	{[]string{"campaign", "show", "{campaign}", "--data-dir", "{data}"}, 0, ""},
	{[]string{"campaign", "show", "--data-dir", "{data}"}, 2, "accepts 1 arg(s), received 0"},
	{[]string{"campaign", "show", "no-such-id", "--data-dir", "{data}"}, 2, `no campaign with id "no-such-id"`},
	{[]string{"campaign", "export", "{campaign}", "--data-dir", "{data}", "-o", "ICS"}, 0, ""},
	{[]string{"campaign", "export", "{campaign}", "--data-dir", "{data}", "-o", "pdf"}, 2, "must be html, json, csv or ics"},
	{[]string{"campaign", "export", "no-such-id", "--data-dir", "{data}"}, 2, "no campaign with id"},
	{[]string{"campaign", "import", "no-such-id", "--data-dir", "{data}"}, 2, `campaign "no-such-id" is neither a saved campaign's id nor its name`},
	{[]string{"campaign", "import", "{campaign}", "--data-dir", "{data}", "--audience", "Employees"}, 2, "must be LABEL=NAME|ID"},

	{[]string{"checklist"}, 0, ""},
	{[]string{"checklist", "scor", "x.html"}, 2, "Did you mean this?\n\tscore"},
	{[]string{"checklist", "score", "{items}"}, 0, ""},
	{[]string{"checklist", "score", "{tmp}/none.json"}, 2, "no such file"},
	{[]string{"checklist", "score"}, 2, "accepts 1 arg(s)"},
	{[]string{"checklist", "import", "{report}", "--name", "Imported", "--data-dir", "{data}"}, 0, ""},
	{[]string{"checklist", "import", "{report}", "--data-dir", "{data}"}, 2, "--name is required"},
	{[]string{"checklist", "report", "--file", "{items}", "--out", "-"}, 0, ""},
	{[]string{"checklist", "report", "--template", "no-such-id", "--data-dir", "{data}"}, 2, "no checklist template with id"},
	{[]string{"checklist", "report", "--template", "{template}", "--out", "-", "--data-dir", "{data}"}, 0, ""},
	{[]string{"checklist", "list", "--data-dir", "{data}"}, 0, ""},
	{[]string{"checklist", "list", "--data-dir", "{empty}"}, 2, "no database at"},
	{[]string{"checklist", "current", "--data-dir", "{data}", "-o", "json"}, 0, ""},
	{[]string{"checklist", "apply", "{items}", "--data-dir", "{data}"}, 0, ""},
	{[]string{"checklist", "apply", "{items}", "--version", "9999", "--data-dir", "{data}"}, 2, "someone saved it meanwhile"},
	{[]string{"checklist", "apply", "{items}", "--version", "many", "--data-dir", "{data}"}, 2, "invalid argument"},

	{[]string{"export"}, 0, ""},
	{[]string{"export", "schedul"}, 2, "Did you mean this?\n\tschedule"},
	{[]string{"export", "schedule", "-o", "ics", "--data-dir", "{data}"}, 0, ""},
	{[]string{"export", "schedule", "-o", "ics", "--from", "soon", "--data-dir", "{data}"}, 2, "--from"},
	{[]string{"communication"}, 0, ""},
	{[]string{"communication", "list", "--data-dir", "{data}"}, 0, ""},
	{[]string{"communication", "list", "--status", "lost", "--data-dir", "{data}"}, 2, "--status must be"},

	{[]string{"content"}, 0, ""},
	{[]string{"content", "generate", "--theme", "Training and Support", "--vehicle", "sms", "--data-dir", "{data}"}, 0, ""},
	{[]string{"content", "generate", "--theme", "Nope", "--vehicle", "sms", "--data-dir", "{data}"}, 2, `--theme "Nope"`},
	{[]string{"content", "generate", "--theme", "Nope", "--vehicle", "sms", "--data-dir", "{empty}"}, 2, "no database at"},
	{[]string{"content", "check", "-", "--vehicle", "sms"}, 0, ""},
	{[]string{"content", "check", "-"}, 2, "--vehicle is required"},

	{[]string{"sessions"}, 0, ""},
	{[]string{"sessions", "revoke"}, 2, "Did you mean this?\n\trevoke-all"},
	{[]string{"sessions", "revoke-all", "--data-dir", "{data}"}, 0, ""},
	{[]string{"sessions", "revoke-all", "extra", "--data-dir", "{data}"}, 2, ""},
	{[]string{"sessions", "revoke-all", "--db", "{down}"}, 1, "connect"},

	{[]string{"backup", "--out", "{tmp}/backups/", "--data-dir", "{data}"}, 0, ""},
	{[]string{"backup", "--data-dir", "{data}"}, 2, "--out is required"},
	{[]string{"backup", "--out", "{tmp}/b.cpbak", "--data-dir", "{empty}"}, 2, "no database at"},
	{[]string{"backup", "--out", "{tmp}/b.cpbak", "--db", "{down}"}, 1, "connect"},
	{[]string{"backup", "verfy", "x"}, 2, `unknown command "verfy" for "commsplan backup"`},
	{[]string{"backup", "verify", "{tmp}/none.cpbak"}, 2, "no such file"},
	{[]string{"backup", "verify", "{items}"}, 2, "damaged archive: not a readable zip archive"},
	{[]string{"backup", "verify"}, 2, "accepts 1 arg(s)"},
	{[]string{"restore", "{items}", "--data-dir", "{empty}"}, 2, "damaged archive"},
	{[]string{"restore"}, 2, "accepts 1 arg(s)"},
	{[]string{"migrate-to", "mysql://x", "--data-dir", "{data}"}, 2, `no storage backend for DSN scheme "mysql"`},
	{[]string{"migrate-to", "{tmp}/moved.db", "--data-dir", "{empty}"}, 2, "no database at"},
	{[]string{"migrate-to", "{tmp}/moved.db", "--data-dir", "{data}"}, 0, ""},
	{[]string{"migrate-to", "{down}", "--data-dir", "{data}"}, 1, "connect"},

	{[]string{"access-code"}, 0, ""},
	{[]string{"access-code", "shw"}, 2, "Did you mean this?\n\tshow"},
	{[]string{"access-code", "show", "--data-dir", "{data}"}, 2, "no generated access code at"},
	{[]string{"access-code", "show", "extra"}, 2, "takes no arguments"},

	{[]string{"docs", "--dir", "{tmp}/docs"}, 0, ""},
	{[]string{"docs"}, 2, "--dir is required"},

	{[]string{"people"}, 0, ""},
	{[]string{"audit"}, 0, ""},
	{[]string{"people", "add", "--data-dir", "{data}", "--name", "Exit Code", "--role", "viewer"}, 0, ""},
	{[]string{"directory"}, 0, ""},
	{[]string{"scim"}, 0, ""},
	{[]string{"scim", "token", "--data-dir", "{data}"}, 0, ""},
	{[]string{"scim", "token", "extra", "--data-dir", "{data}"}, 2, "takes no arguments"},
	{[]string{"directory", "import", "{tmp}/staff.csv", "--data-dir", "{data}"}, 0, ""},
	{[]string{"directory", "import", "{tmp}/bad.csv", "--data-dir", "{data}"}, 2, "5 bad rows, nothing imported"},
	{[]string{"directory", "import", "{tmp}/bad.csv", "--dry-run", "--data-dir", "{data}"}, 0, ""},
	{[]string{"directory", "import", "{tmp}/staff.csv", "--map", "nope", "--data-dir", "{data}"}, 2, `--map "nope": must be COLUMN=FIELD`},
	{[]string{"directory", "import", "{tmp}/staff.csv", "--map", "Nope=name", "--data-dir", "{data}"}, 2, `no column "Nope"`},
	{[]string{"directory", "import", "{tmp}/none.csv", "--data-dir", "{data}"}, 2, "no such file"},
	{[]string{"directory", "list", "--data-dir", "{data}", "--division", "TFS - Florida"}, 0, ""},
	{[]string{"directory", "list", "--data-dir", "{data}", "--active", "maybe"}, 2, "--active must be true or false"},
	{[]string{"directory", "list", "--data-dir", "{data}", "-o", "csv"}, 0, ""},
	{[]string{"orgdata", "export", "--directory", "-o", "table", "--data-dir", "{data}"}, 0, ""},
	{[]string{"directory", "show", "E001", "--data-dir", "{data}", "-o", "json"}, 0, ""},
	{[]string{"directory", "show", "nobody", "--data-dir", "{data}"}, 2, `no directory entry "nobody"`},
	{[]string{"people", "add", "--data-dir", "{data}", "--name", "X", "--role", "editor"}, 2, "--role must be one of viewer, planner, approver, admin"},
	{[]string{"people", "list", "--data-dir", "{data}"}, 0, ""},
	{[]string{"people", "role", "--data-dir", "{data}", "nobody", "viewer"}, 2, `no person with id or name "nobody"`},
	{[]string{"people", "code", "--data-dir", "{data}", "nobody"}, 2, `no person with id or name "nobody"`},
	{[]string{"people", "remove", "--data-dir", "{data}", "nobody"}, 2, `no person with id or name "nobody"`},
	{[]string{"audit", "export", "--data-dir", "{data}", "--from", "soon"}, 2, "--from must be a date"},
	{[]string{"audit", "export", "--data-dir", "{data}", "-o", "json"}, 0, ""},

	{[]string{"review"}, 0, ""},
	{[]string{"review", "list", "--data-dir", "{data}"}, 0, ""},
	{[]string{"review", "list", "--data-dir", "{data}", "--mine"}, 2, "say who you are: COMMSPLAN_PERSON_CODE"},
	{[]string{"send", "--data-dir", "{data}"}, 2, "accepts 1 arg(s), received 0"},
	{[]string{"send", "no-such-id", "--data-dir", "{data}"}, 2, `no communication with id "no-such-id"`},
	{[]string{"send", "no-such-id", "--data-dir", "{data}", "--test", "not-an-address"}, 2, "email must be an email address"},
	{[]string{"deliveries", "no-such-id", "--data-dir", "{data}"}, 2, `no communication with id "no-such-id"`},
	{[]string{"deliveries", "no-such-id", "--data-dir", "{data}", "--state", "lost"}, 2, "state must be one of"},
	{[]string{"deliveries", "no-such-id", "--data-dir", "{data}", "-o", "yaml"}, 2, "must be table or json"},
	{[]string{"review", "approve", "--data-dir", "{data}", "some-id"}, 2, "say who you are: COMMSPLAN_PERSON_CODE"},
	{[]string{"review", "approve", "--data-dir", "{data}", "some-id", "--as", "Nobody"}, 2, "type your personal access code on standard input"},
	{[]string{"review", "request-changes", "--data-dir", "{data}", "some-id", "--as", "x"}, 2, "--comment is required"},

	{[]string{"completion"}, 0, ""},
	{[]string{"completion", "tcsh"}, 2, `unknown command "tcsh" for "commsplan completion"`},
	{[]string{"completion", "bash"}, 0, ""},
	{[]string{"completion", "zsh"}, 0, ""},
	{[]string{"completion", "fish"}, 0, ""},
	{[]string{"completion", "powershell"}, 0, ""},
}

// TestExitCodes runs every row against real SQLite data dirs and checks
// the exit code, that an error is one "Error: ..." on stderr, and that help
// goes to stdout only when it is asked for.
func TestExitCodes(t *testing.T) {
	dir, replacer := seededDataDir(t)

	root := NewRootCmd(&Factory{Version: "t", Out: &strings.Builder{}, Err: &strings.Builder{}})
	covered := map[string]bool{}
	for _, tc := range exitCases {
		args := make([]string, len(tc.args))
		for i, a := range tc.args {
			args[i] = replacer.Replace(a)
		}
		if cmd, _, err := root.Find(args); err == nil {
			covered[cmd.CommandPath()] = true
		}
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, args...)
			assert.Equal(t, tc.code, code, "stderr: %s", errOut)
			if tc.code == 0 {
				assert.NotContains(t, errOut, "Error:")
				return
			}
			assert.True(t, strings.HasPrefix(errOut, "Error: "), "stderr: %q", errOut)
			assert.Contains(t, errOut, tc.stderr)
			assert.Empty(t, out, "no help or output on stdout when a command fails")
		})
	}
	assert.NoDirExists(t, filepath.Join(dir, "empty"), "failed and read-only commands create nothing")

	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.Hidden {
			assert.True(t, covered[c.CommandPath()], "no row in exitCases runs %q", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// seededDataDir makes a clean working directory with a seeded data dir
// (demo plan, a campaign, a checklist template) and returns it with the
// replacer of exitCase's placeholders.
func seededDataDir(t *testing.T) (string, *strings.Replacer) {
	t.Helper()
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	dir := cleanDir(t)
	data := filepath.Join(dir, "data")
	tmp := filepath.Join(dir, "tmp")
	require.NoError(t, os.MkdirAll(tmp, 0o755))
	items, err := checklist.EncodeItems(checklist.Initial())
	require.NoError(t, err)
	itemsFile := writeFile(t, tmp, "items.json", items)
	report, err := checklist.RenderBytes(checklist.Initial(), checklist.ReportOptions{})
	require.NoError(t, err)
	reportFile := writeFile(t, tmp, "report.html", report)
	for _, name := range []string{"staff.csv", "bad.csv"} {
		b, err := os.ReadFile(filepath.Join(repo, "testdata", "directory", name))
		require.NoError(t, err)
		writeFile(t, tmp, name, b)
	}

	mustRun := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, args...)
		require.Equal(t, 0, code, "%v: %s", args, errOut)
		return strings.TrimSpace(out)
	}
	mustRun("seed", "--demo", "--data-dir", data)
	campaignID := mustRun("campaign", "generate", "--name", "Wave 1", "--start", "2030-01-01", "--end", "2030-03-01",
		"--type", "opportunity", "--save", "--data-dir", data)
	templateID := mustRun("checklist", "import", reportFile, "--name", "Baseline", "--data-dir", data)

	replacer := strings.NewReplacer("{data}", data, "{empty}", filepath.Join(dir, "empty"), "{campaign}", campaignID,
		"{template}", templateID, "{items}", itemsFile, "{report}", reportFile, "{tmp}", tmp,
		"{down}", "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2")

	return dir, replacer
}

// TestJSONLayout: every command's JSON has the same layout, two-space
// indentation and a final newline.
func TestJSONLayout(t *testing.T) {
	_, replacer := seededDataDir(t)
	for _, args := range [][]string{
		{"campaign", "generate", "--name", "N", "--start", "2030-01-01", "--end", "2030-02-01", "--type", "opportunity", "-o", "json"},
		{"campaign", "list", "--data-dir", "{data}", "-o", "json"},
		{"campaign", "show", "{campaign}", "--data-dir", "{data}", "-o", "json"},
		{"campaign", "export", "{campaign}", "--data-dir", "{data}", "-o", "json"},
		{"checklist", "score", "{items}", "-o", "json"},
		{"checklist", "list", "--data-dir", "{data}", "-o", "json"},
		{"checklist", "current", "--data-dir", "{data}", "-o", "json"},
		{"communication", "list", "--data-dir", "{data}", "-o", "json"},
		{"export", "schedule", "--data-dir", "{data}", "-o", "json"},
		{"content", "generate", "--theme", "Training and Support", "--vehicle", "sms", "--data-dir", "{data}", "-o", "json"},
		{"seed", "--data-dir", "{data}", "-o", "json"},
		{"orgdata", "export", "-o", "json"},
	} {
		for i := range args {
			args[i] = replacer.Replace(args[i])
		}
		code, out, errOut := runCLI(t, args...)
		require.Equal(t, 0, code, "%v: %s", args, errOut)
		var compact, indented bytes.Buffer
		require.NoError(t, json.Compact(&compact, []byte(out)), args)
		require.NoError(t, json.Indent(&indented, compact.Bytes(), "", "  "))
		assert.Equal(t, indented.String()+"\n", out, "%v", args)
	}
}

// TestCompletionFromStore: campaign and template ids complete from the
// database, described by their titles; no database, no completion and
// nothing created.
func TestCompletionFromStore(t *testing.T) {
	dir, replacer := seededDataDir(t)
	data := replacer.Replace("{data}")
	code, out, errOut := runCLI(t, "__complete", "campaign", "show", "--data-dir", data, "")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, replacer.Replace("{campaign}")+"\tWave 1\n")
	code, out, errOut = runCLI(t, "__complete", "checklist", "report", "--data-dir", data, "--template", "")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, replacer.Replace("{template}")+"\tBaseline\n")
	empty := filepath.Join(dir, "nothing")
	code, out, _ = runCLI(t, "__complete", "campaign", "export", "--data-dir", empty, "")
	require.Equal(t, 0, code)
	assert.Equal(t, ":4\n", strings.SplitAfter(out, "\n")[0], "no ids, no files")
	assert.NoDirExists(t, empty)
}

// TestServeUnreachableDatabaseWritesNothing: serve opens the database
// before it generates an access code or a session secret.
func TestServeUnreachableDatabaseWritesNothing(t *testing.T) {
	dir := cleanDir(t)
	data := filepath.Join(dir, "data")
	code, _, errOut := runCLI(t, "serve", "--data-dir", data, "--db", "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2")
	assert.Equal(t, 1, code, errOut)
	assert.NoFileExists(t, filepath.Join(data, "access-code"))
	assert.NoFileExists(t, filepath.Join(data, "session-secret"))
}

// TestUnknownSubcommandHelp: help goes to stdout when asked for, and the
// suggestion list is cobra's.
func TestUnknownSubcommandHelp(t *testing.T) {
	cleanDir(t)
	code, out, errOut := runCLI(t, "campaign", "exprot", "x")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "Error: unknown command \"exprot\" for \"commsplan campaign\"\n\nDid you mean this?\n\texport\n\n"+
		"Run 'commsplan campaign --help' for usage.\n", errOut)

	code, out, errOut = runCLI(t, "campaign", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Available Commands:")
	assert.Empty(t, errOut)

	code, out, _ = runCLI(t, "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Exit codes:", "the root's help documents them")

	code, out, _ = runCLI(t, "--version")
	assert.Equal(t, 0, code)
	assert.Equal(t, "commsplan 1.2.3\n", out, "the same as commsplan version")
}

// TestCampaignGenerateGoLiveWarning: moving the end date is said on stderr.
func TestCampaignGenerateGoLiveWarning(t *testing.T) {
	cleanDir(t)
	args := []string{"campaign", "generate", "--name", "ERP", "--start", "2030-01-01", "--type", "technology-implementation",
		"--go-live", "2030-02-01", "-o", "json"}
	code, out, errOut := runCLI(t, append(args, "--end", "2030-03-01")...)
	require.Equal(t, 0, code, errOut)
	var s struct {
		EndDate string `json:"endDate"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	assert.Equal(t, "2030-05-02", s.EndDate)
	assert.Contains(t, errOut, "Warning: the end date is 2030-05-02, not 2030-03-01")

	code, _, errOut = runCLI(t, append(args, "--end", "2030-05-02")...)
	require.Equal(t, 0, code, errOut)
	// The plan's own warnings may remain (a month from start to go-live
	// leaves no room for enrolment); the end date's is gone.
	assert.NotContains(t, errOut, "the end date is", "no warning when the end date is the one asked for")
}

// TestChecklistValidationListsFive: at most five problems, in item order,
// then how many more.
func TestChecklistValidationListsFive(t *testing.T) {
	dir := cleanDir(t)
	items := checklist.Initial()[:12]
	for i := range items {
		items[i].Weight = 4
	}
	raw, err := json.Marshal(items)
	require.NoError(t, err)
	code, _, errOut := runCLI(t, "checklist", "score", writeFile(t, dir, "bad.json", raw))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "items[0].weight must be 1, 2, 3 or 5; items[1].weight must be 1, 2, 3 or 5; "+
		"items[2].weight must be 1, 2, 3 or 5; items[3].weight must be 1, 2, 3 or 5; items[4].weight must be 1, 2, 3 or 5; and 7 more")
	assert.NotContains(t, errOut, "items[10]")
}

func TestFieldProblemsNaturalOrder(t *testing.T) {
	fields := map[string]string{"items[10].a": "x", "items[2].a": "y", "items[2].b": "z", "name": "w"}
	assert.Equal(t, "items[2].a y; items[2].b z; items[10].a x; name w", fieldProblems(fields, func(k string) string { return k }))
}

package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/api"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// checklistVectorsPath is the scoring vectors file shared with pkg/checklist
// and the UI, as an absolute path worked out before any test changes
// directory.
var checklistVectorsPath, _ = filepath.Abs(filepath.Join("..", "..", "testdata", "checklist", "vectors.json"))

// runCLIWithInput is runCLI with stdin.
func runCLIWithInput(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	f := &Factory{Version: "test", In: strings.NewReader(stdin), Out: &out, Err: &errOut}
	root := NewRootCmd(f)
	root.SetArgs(args)
	code := 0
	if err := root.Execute(); err != nil {
		errOut.WriteString("Error: " + err.Error() + "\n")
		code = 1
		if e, ok := err.(*ExitError); ok {
			code = e.Code
		}
	}
	return code, out.String(), errOut.String()
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

func jsonOf(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func awkwardItems() []checklist.Item {
	items := checklist.Initial()
	items[0].Notes = "<script>alert(1)</script>\n\n\"quoted\" & ünï 🎉"
	items[1].Weight = 3
	items[2].Enabled = false
	items[5].ActualScore = 10
	return items
}

func TestChecklistScore(t *testing.T) {
	dir := cleanDir(t)
	items := awkwardItems()
	want := checklist.Score(items)
	report, err := checklist.RenderBytes(items, checklist.ReportOptions{})
	require.NoError(t, err)
	files := map[string]string{
		"item list": writeFile(t, dir, "items.json", jsonOf(t, items)),
		"template":  writeFile(t, dir, "template.json", jsonOf(t, map[string]any{"name": "T", "items": items})),
		"report":    writeFile(t, dir, "report.html", report),
	}
	for name, path := range files {
		t.Run(name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "checklist", "score", path, "--output", "json")
			require.Equal(t, 0, code, errOut)
			assert.JSONEq(t, string(jsonOf(t, want)), out)
		})
	}
	t.Run("stdin", func(t *testing.T) {
		code, out, errOut := runCLIWithInput(t, string(jsonOf(t, items)), "checklist", "score", "-", "-o", "json")
		require.Equal(t, 0, code, errOut)
		assert.JSONEq(t, string(jsonOf(t, want)), out)
	})
	t.Run("table", func(t *testing.T) {
		// Worked by hand: 25 enabled items; Impact 12×1 + 10 = 22 of 130;
		// weighted 86 + 2×1 (item 2 at weight 3) = 88 of 194 + 2×10 = 214.
		code, out, errOut := runCLI(t, "checklist", "score", files["report"])
		require.Equal(t, 0, code, errOut)
		for _, line := range []string{
			"Overall readiness:  41.1% (Needs Attention)",
			"Completion:         13/25 items (52.0%)",
			"Total score:        86/194 points",
			"Weighted score:     88/214",
			"Disabled items:     1",
			"CATEGORY                ITEMS  POINTS  PROGRESS",
			"1 Impact                13     22/130  16.9%",
			"2 User Engagement       8      48/48   100.0%",
			"3 System Functionality  4      16/16   100.0%",
		} {
			assert.Contains(t, out, line+"\n")
		}
	})
}

func TestChecklistScoreBadInput(t *testing.T) {
	dir := cleanDir(t)
	bad := checklist.Initial()
	bad[0].Weight = 4
	tests := []struct {
		name, content, want string
	}{
		{"html page", "<html><body>hello</body></html>", "Error: Invalid checklist format in imported HTML: not a commsplan checklist report\n"},
		{"text", "hello", "Error: Invalid checklist format in imported HTML: not a commsplan checklist report\n"},
		{"json without items", `{"name":"x"}`, "Error: Invalid checklist template format: items is not an array\n"},
		{"broken json", `[{"id":`, "Error: Invalid checklist template format: unexpected end of JSON input\n"},
		{"invalid item", string(jsonOf(t, bad)), "Error: Invalid checklist template format: invalid checklist: items[0].weight must be 1, 2, 3 or 5\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, dir, "input", []byte(tc.content))
			code, out, errOut := runCLI(t, "checklist", "score", path)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Equal(t, tc.want, errOut)
		})
	}
	t.Run("missing file", func(t *testing.T) {
		code, _, errOut := runCLI(t, "checklist", "score", filepath.Join(dir, "nope.json"))
		assert.Equal(t, 2, code)
		assert.Contains(t, errOut, "no such file")
	})
	t.Run("bad output", func(t *testing.T) {
		code, _, errOut := runCLI(t, "checklist", "score", "x", "-o", "yaml")
		assert.Equal(t, 2, code)
		assert.Contains(t, errOut, `invalid argument "yaml" for "-o, --output" flag: must be table or json`)
	})
	t.Run("too large", func(t *testing.T) {
		path := writeFile(t, dir, "big.html", bytes.Repeat([]byte(" "), checklist.MaxImportSize+1))
		code, _, errOut := runCLI(t, "checklist", "score", path)
		assert.Equal(t, 2, code)
		assert.Contains(t, errOut, "larger than 10 MiB")
	})
}

// TestChecklistCLIMatchesAPI scores every shared vector through
// "checklist score" and through PUT /api/checklist.
func TestChecklistCLIMatchesAPI(t *testing.T) {
	dir := cleanDir(t)
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	srv := httptest.NewServer(api.New(api.Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Codes: access.NewCodes([]string{"code-1"}), Secret: []byte("s")}).Handler())
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	client := &http.Client{Jar: jar}
	resp, err := client.Post(srv.URL+"/api/session", "application/json", strings.NewReader(`{"code":"code-1"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)

	raw, err := os.ReadFile(checklistVectorsPath)
	require.NoError(t, err)
	var doc struct {
		Vectors []struct {
			Name  string          `json:"name"`
			Items json.RawMessage `json:"items"`
			Stats json.RawMessage `json:"stats"`
		} `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	require.NotEmpty(t, doc.Vectors)

	version := 0
	for _, v := range doc.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			body := `{"items":` + string(v.Items) + `,"version":` + jsonString(version) + `}`
			req, err := http.NewRequest(http.MethodPut, srv.URL+"/api/checklist", strings.NewReader(body))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/json")
			resp, err := client.Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			require.Equal(t, http.StatusOK, resp.StatusCode)
			var state struct {
				Version int             `json:"version"`
				Stats   json.RawMessage `json:"stats"`
			}
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&state))
			version = state.Version

			code, out, errOut := runCLI(t, "checklist", "score", writeFile(t, dir, "v.json", v.Items), "-o", "json")
			require.Equal(t, 0, code, errOut)
			assert.JSONEq(t, string(state.Stats), out, "CLI and API agree")
			assert.JSONEq(t, string(v.Stats), out, "and both match the vector")
		})
	}
}

func jsonString(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestChecklistImportListReport(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			items := awkwardItems()
			report, err := checklist.RenderBytes(items, checklist.ReportOptions{})
			require.NoError(t, err)
			reportPath := writeFile(t, dir, "report.html", report)

			code, _, errOut := runCLI(t, "--db", db, "migrate")
			require.Equal(t, 0, code, errOut)
			code, out, errOut := runCLI(t, "--db", db, "checklist", "list")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, "No Saved Checklists\n", out)

			// Bad HTML: exit 2, the spec's message, nothing stored.
			code, out, errOut = runCLI(t, "--db", db, "checklist", "import", writeFile(t, dir, "page.html", []byte("<p>hi</p>")), "--name", "Bad")
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, "Invalid checklist format in imported HTML")
			code, _, errOut = runCLI(t, "--db", db, "checklist", "import", reportPath)
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, "--name is required")
			code, out, _ = runCLI(t, "--db", db, "checklist", "list", "-o", "json")
			require.Equal(t, 0, code)
			assert.JSONEq(t, "[]", out)

			code, out, errOut = runCLI(t, "--db", db, "checklist", "import", reportPath, "--name", "March baseline", "--description", "Before the pilot")
			require.Equal(t, 0, code, errOut)
			id := strings.TrimSpace(out)
			assert.Regexp(t, `^[0-9a-f-]{36}$`, id)
			assert.Equal(t, id+"\n", out, "only the id")

			code, out, errOut = runCLI(t, "--db", db, "checklist", "list")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "ID")
			assert.Regexp(t, id+`\s+March baseline\s+\d{4}-\d\d-\d\d\s+25\s+13\s+41\.1%\s+yes`, out)

			code, out, errOut = runCLI(t, "--db", db, "checklist", "list", "-o", "json")
			require.Equal(t, 0, code, errOut)
			var list []struct {
				ID          string           `json:"id"`
				Name        string           `json:"name"`
				Description string           `json:"description"`
				Items       []checklist.Item `json:"items"`
				Metadata    checklist.Metadata
			}
			require.NoError(t, json.Unmarshal([]byte(out), &list))
			require.Len(t, list, 1)
			assert.Equal(t, items, list[0].Items)
			assert.Equal(t, "Before the pilot", list[0].Description)
			assert.True(t, list[0].Metadata.Imported)

			// The template's report imports back to the same items.
			again := filepath.Join(dir, "again.html")
			code, out, errOut = runCLI(t, "--db", db, "checklist", "report", "--template", id, "--out", again, "--date", "2025-03-07")
			require.Equal(t, 0, code, errOut)
			assert.Empty(t, out)
			written, err := os.ReadFile(again)
			require.NoError(t, err)
			assert.Contains(t, string(written), "3/7/2025")
			got, err := checklist.ParseReport(written)
			require.NoError(t, err)
			assert.Equal(t, items, got)

			code, _, errOut = runCLI(t, "--db", db, "checklist", "report", "--template", "00000000-0000-0000-0000-000000000000", "--out", again)
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, "no checklist template")

			// --current on a fresh database is the initial checklist, in
			// the dated default file.
			code, out, errOut = runCLI(t, "--db", db, "checklist", "report", "--date", "2025-12-01")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, "business_readiness_report_2025-12-01.html\n", out)
			written, err = os.ReadFile(filepath.Join(dir, "business_readiness_report_2025-12-01.html"))
			require.NoError(t, err)
			got, err = checklist.ParseReport(written)
			require.NoError(t, err)
			assert.Equal(t, checklist.Initial(), got)

			// The working checklist once saved.
			saved := checklist.Initial()
			for i := range saved {
				saved[i].ActualScore = 0
			}
			_, err = storetest.Open(t, db).SaveChecklist(t.Context(), jsonOf(t, saved), jsonOf(t, checklist.Score(saved)), 0)
			require.NoError(t, err)
			code, out, errOut = runCLI(t, "--db", db, "checklist", "report", "--current", "--out", "-")
			require.Equal(t, 0, code, errOut)
			got, err = checklist.ParseReport([]byte(out))
			require.NoError(t, err)
			assert.Equal(t, saved, got)
		})
	}
}

func TestChecklistReportFromFile(t *testing.T) {
	dir := cleanDir(t)
	items := awkwardItems()
	path := writeFile(t, dir, "items.json", jsonOf(t, items))
	code, out, errOut := runCLI(t, "checklist", "report", "--file", path, "--out", "-", "--title", "Go-Live <Readiness>")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "<h1>Go-Live &lt;Readiness&gt;</h1>")
	got, err := checklist.ParseReport([]byte(out))
	require.NoError(t, err)
	assert.Equal(t, items, got)

	tests := []struct {
		name string
		args []string
		want string
	}{
		{"two sources", []string{"--file", path, "--current"}, "give only one of --template, --file and --current"},
		{"three sources", []string{"--file", path, "--current", "--template", "x"}, "give only one of"},
		{"bad date", []string{"--file", path, "--date", "3/7/2025"}, "--date must be a date, YYYY-MM-DD"},
		{"bad file", []string{"--file", writeFile(t, dir, "bad.json", []byte(`{}`))}, "Invalid checklist template format"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, append([]string{"checklist", "report"}, tc.args...)...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tc.want)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		})
	}
}

func TestChecklistFlags(t *testing.T) {
	f := &Factory{Out: io.Discard, Err: io.Discard}
	var got *ChecklistReportOptions
	cmd := newChecklistReportCmd(f, func(o *ChecklistReportOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--template", "abc", "--out", "r.html", "--title", "T", "--date", "2025-01-02"})
	require.NoError(t, cmd.Execute())
	assert.Equal(t, &ChecklistReportOptions{Template: "abc", Out: "r.html", Title: "T", Date: "2025-01-02"}, got)

	var imp *ChecklistImportOptions
	cmd = newChecklistImportCmd(f, func(o *ChecklistImportOptions) error { imp = o; return nil })
	cmd.SetArgs([]string{"r.html", "--name", "N", "--description", "D"})
	require.NoError(t, cmd.Execute())
	assert.Equal(t, &ChecklistImportOptions{File: "r.html", Name: "N", Description: "D"}, imp)

	var score *ChecklistScoreOptions
	cmd = newChecklistScoreCmd(f, func(o *ChecklistScoreOptions) error { score = o; return nil })
	cmd.SetArgs([]string{"items.json"})
	require.NoError(t, cmd.Execute())
	assert.Equal(t, &ChecklistScoreOptions{File: "items.json", Output: "table"}, score)
}

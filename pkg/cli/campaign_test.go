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

	ics "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/api"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// campaignTestdataDir is testdata/campaign as an absolute path, worked out
// before any test changes directory.
var campaignTestdataDir, _ = filepath.Abs(filepath.Join("..", "..", "testdata", "campaign"))

func campaignTestdata(t *testing.T, parts ...string) string {
	t.Helper()
	return filepath.Join(append([]string{campaignTestdataDir}, parts...)...)
}

func TestCampaignGenerateFlags(t *testing.T) {
	var got *CampaignGenerateOptions
	f := &Factory{Out: io.Discard, Err: io.Discard}
	cmd := newCampaignGenerateCmd(f, func(o *CampaignGenerateOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--file", "plan.yaml", "--name", "Wave 1", "--type", "opportunity", "--type", "product-launch,crisis-communication",
		"--urgency", "high", "--go-live", "2025-09-15", "--acquisition", "2025-02-01", "--location", "texas", "-o", "json", "--out", "x.json"})
	require.NoError(t, cmd.Execute())
	require.NotNil(t, got)
	assert.Equal(t, "plan.yaml", got.File)
	assert.Equal(t, "Wave 1", got.Overrides.CampaignName)
	assert.Equal(t, []string{"opportunity", "product-launch", "crisis-communication"}, got.Overrides.CampaignTypes)
	assert.Equal(t, "high", got.Overrides.Urgency)
	assert.Equal(t, "2025-09-15", got.Overrides.GoLiveDate)
	assert.Equal(t, "2025-02-01", got.Overrides.AcquisitionDate)
	assert.Equal(t, []string{"texas"}, got.Overrides.Locations)
	assert.Equal(t, "json", got.Output)
	assert.Equal(t, "x.json", got.OutFile)
	assert.True(t, got.Changed["name"])
	assert.False(t, got.Changed["start"])

	got = nil
	cmd = newCampaignGenerateCmd(f, func(o *CampaignGenerateOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--save", "--title", "T", "--description", "D"})
	require.NoError(t, cmd.Execute())
	assert.True(t, got.Save)
	assert.Equal(t, "", got.Output, "--save alone prints only the id")
	assert.Equal(t, "T", got.Title)
	assert.Equal(t, "D", got.Description)
}

func TestCampaignGenerateMatchesGolden(t *testing.T) {
	cleanDir(t)
	for _, name := range []string{"technology-implementation", "ma-integration-pre-acquisition", "crisis-communication-one-day"} {
		code, out, errOut := runCLI(t, "campaign", "generate", "--file", campaignTestdata(t, "configs", name+".json"), "--output", "json")
		require.Equal(t, 0, code, errOut)
		want, err := os.ReadFile(campaignTestdata(t, "golden", name+".json"))
		require.NoError(t, err)
		assert.Equal(t, string(want), out, name)
	}
}

func TestCampaignGenerateYAMLAndOverrides(t *testing.T) {
	dir := cleanDir(t)
	cfgFile := filepath.Join(dir, "plan.yml")
	require.NoError(t, os.WriteFile(cfgFile, []byte(`
campaignName: From YAML
startDate: 2025-01-01
endDate: 2025-01-31
campaignTypes: [change-management]
urgency: low
`), 0o644))
	code, out, errOut := runCLI(t, "campaign", "generate", "--file", cfgFile, "--name", "Overridden", "--urgency", "high", "-o", "json")
	require.Equal(t, 0, code, errOut)
	var s campaign.Schedule
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	assert.Equal(t, "Overridden", s.CampaignName)
	assert.Equal(t, campaign.BaseActivityCount(30, campaign.UrgencyHigh), s.TotalActivities)

	// Flags alone are enough, and the default output is a table.
	code, out, errOut = runCLI(t, "campaign", "generate", "--name", "Flags only", "--start", "2025-01-01", "--end", "2025-01-31",
		"--type", "technology-implementation", "--go-live", "2025-01-20")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Campaign:    Flags only")
	assert.Contains(t, out, "Period:      2025-01-01 to 2025-04-20")
	assert.Contains(t, out, "Phase 1: Preparation")
	assert.Contains(t, out, "System Testing")

	// stdin, sniffed as JSON.
	var outBuf, errBuf bytes.Buffer
	f := &Factory{Version: "t", In: strings.NewReader(`{"campaignName":"Stdin","startDate":"2025-01-01","endDate":"2025-02-01","campaignTypes":["opportunity"]}`),
		Out: &outBuf, Err: &errBuf}
	root := NewRootCmd(f)
	root.SetArgs([]string{"campaign", "generate", "-f", "-", "-o", "JSON"})
	require.NoError(t, root.Execute())
	assert.Contains(t, outBuf.String(), `"campaignName": "Stdin"`)
}

func TestCampaignGenerateBadInput(t *testing.T) {
	dir := cleanDir(t)
	typo := filepath.Join(dir, "typo.json")
	require.NoError(t, os.WriteFile(typo, []byte(`{"campaignNmae": "x"}`), 0o644))
	yamlTypo := filepath.Join(dir, "typo.yaml")
	require.NoError(t, os.WriteFile(yamlTypo, []byte("campaignName: x\nstartdate: 2025-01-01\n"), 0o644))
	ok := []string{"--name", "N", "--start", "2025-01-01", "--end", "2025-02-01", "--type", "change-management"}
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"nothing", nil, "Please fill in all required fields: missing --name (campaignName), --start (startDate), --end (endDate), --type (campaignTypes)"},
		{"no type", ok[:6], "Please fill in all required fields: missing --type (campaignTypes)"},
		{"replace without save", append(append([]string{}, ok...), "--replace"), "--replace needs --save"},
		{"end before start", append(append([]string{}, ok...), "--end", "2024-01-01"), "End date must be after start date"},
		{"go-live required", append(append([]string{}, ok...), "--type", "technology-implementation"),
			"Go-Live Date is required for technology implementations"},
		{"go-live outside", append(append([]string{}, ok...), "--type", "technology-implementation", "--go-live", "2026-01-01"),
			"Go-Live Date must be within the campaign period"},
		{"acquisition required", append(append([]string{}, ok...), "--type", "ma-integration", "--maturity", "integrating"),
			"Acquisition Date is required for Newly Acquired and Integrating audiences"},
		{"pre-acquisition phase", append(append([]string{}, ok...), "--type", "ma-integration", "--maturity", "pre-acquisition"),
			"Select at least one phase"},
		{"bad date", append(append([]string{}, ok...), "--start", "tomorrow"), "Start date must be a valid date (YYYY-MM-DD)"},
		{"missing file", []string{"--file", filepath.Join(dir, "none.json")}, "no such file"},
		{"unknown JSON field", []string{"--file", typo}, `unknown field "campaignNmae"`},
		{"unknown YAML field", []string{"--file", yamlTypo}, "field startdate not found"},
		{"blank title", append(append([]string{}, ok...), "--save", "--title", " "), "Please enter a title for the campaign."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, append([]string{"campaign", "generate"}, tc.args...)...)
			assert.Equal(t, 2, code, errOut)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tc.msg)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
		})
	}
	code, _, errOut := runCLI(t, "campaign", "generate", "--name", "N", "--start", "2025-01-01", "--end", "2024-01-01", "--type", "opportunity")
	assert.Equal(t, 2, code)
	assert.Equal(t, "Error: End date must be after start date\n", errOut, "the spec's message, exactly")
	code, _, errOut = runCLI(t, "campaign", "generate", "-o", "pdf")
	assert.Equal(t, 2, code)
	assert.Equal(t, "Error: invalid argument \"pdf\" for \"-o, --output\" flag: must be table, json or html\n"+
		"Run 'commsplan campaign generate --help' for usage.\n", errOut, "a flag error names the help to read")
}

func TestCampaignGenerateHTMLToFile(t *testing.T) {
	dir := cleanDir(t)
	cfgPath := campaignTestdata(t, "configs", "change-management-organizational.json")
	out := filepath.Join(dir, "plan.html")
	code, stdout, errOut := runCLI(t, "campaign", "generate", "--file", cfgPath, "--output", "html", "--out", out)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, stdout)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	want, err := os.ReadFile(campaignTestdata(t, "golden", "change-management-organizational.html"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// TestCampaignCLIMatchesAPI generates the same configurations through the
// CLI and through POST /api/campaigns/generate.
func TestCampaignCLIMatchesAPI(t *testing.T) {
	cleanDir(t)
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

	paths, err := filepath.Glob(campaignTestdata(t, "configs", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			raw, err := os.ReadFile(p)
			require.NoError(t, err)
			resp, err := client.Post(srv.URL+"/api/campaigns/generate", "application/json", bytes.NewReader(raw))
			require.NoError(t, err)
			defer resp.Body.Close()
			require.Equal(t, http.StatusOK, resp.StatusCode)
			var fromAPI api.GeneratedCampaign
			var body struct {
				Schedule    json.RawMessage `json:"schedule"`
				HTMLContent string          `json:"htmlContent"`
			}
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
			_ = fromAPI

			code, out, errOut := runCLI(t, "campaign", "generate", "--file", p, "-o", "json")
			require.Equal(t, 0, code, errOut)
			assert.JSONEq(t, string(body.Schedule), out)

			code, out, errOut = runCLI(t, "campaign", "generate", "--file", p, "-o", "html")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, body.HTMLContent, out)
		})
	}
}

func TestCampaignSaveListShowExport(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			cleanDir(t)
			db := b.DSN(t)
			cfgPath := campaignTestdata(t, "configs", "change-management-organizational.json")

			code, _, errOut := runCLI(t, "--db", db, "campaign", "list")
			if b.Name == "sqlite" {
				assert.Equal(t, 2, code, "no database yet")
				assert.Contains(t, errOut, "no database at "+db)
				assert.NoFileExists(t, db, "a read-only command creates nothing")
			}
			code, _, errOut = runCLI(t, "--db", db, "migrate")
			require.Equal(t, 0, code, errOut)
			code, out, errOut := runCLI(t, "--db", db, "campaign", "list")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, "No campaigns saved yet\n", out)

			code, out, errOut = runCLI(t, "--db", db, "campaign", "generate", "--file", cfgPath, "--save",
				"--title", "Scheduling Wave 1", "--description", "California and Florida")
			require.Equal(t, 0, code, errOut)
			id := strings.TrimSpace(out)
			assert.Regexp(t, `^[0-9a-f-]{36}$`, id)
			assert.Equal(t, id+"\n", out, "only the id")

			// The default title is the campaign name.
			code, out, errOut = runCLI(t, "--db", db, "campaign", "generate", "--name", "Quick", "--start", "2025-01-01",
				"--end", "2025-01-15", "--type", "opportunity", "--save")
			require.Equal(t, 0, code, errOut)
			quickID := strings.TrimSpace(out)

			code, out, errOut = runCLI(t, "--db", db, "campaign", "list")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "ID")
			assert.Contains(t, out, "Scheduling Wave 1")
			assert.Contains(t, out, "Quick")
			cfg := loadTestConfig(t, cfgPath)
			want, err := campaign.Generate(cfg, orgdata.Load())
			require.NoError(t, err)
			var line string
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, id) {
					line = l
				}
			}
			assert.Regexp(t, `\s`+itoa(want.TotalActivities)+`\s+`+itoa(want.Targeting.TargetCount)+`\s+2$`, line)
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, quickID) {
					assert.Regexp(t, `Unknown\s+0$`, l, "no head count in general mode")
				}
			}

			code, out, errOut = runCLI(t, "--db", db, "campaign", "list", "-o", "json")
			require.Equal(t, 0, code, errOut)
			var summaries []map[string]any
			require.NoError(t, json.Unmarshal([]byte(out), &summaries))
			require.Len(t, summaries, 2)
			assert.NotContains(t, out, "htmlContent", "the list leaves the HTML out")
			assert.NotContains(t, summaries[0], "schedule")
			assert.Contains(t, summaries[0], "totalActivities")
			code, out, errOut = runCLI(t, "--db", db, "campaign", "list", "-o", "Json", "--full")
			require.Equal(t, 0, code, errOut)
			var list []domain.Campaign
			require.NoError(t, json.Unmarshal([]byte(out), &list))
			require.Len(t, list, 2)
			assert.NotEmpty(t, list[0].HTMLContent, "--full keeps it")
			code, out, errOut = runCLI(t, "--db", db, "campaign", "list", "-o", "csv")
			require.Equal(t, 0, code, errOut)
			assert.True(t, strings.HasPrefix(out, "id,title,description,created,updated,activities,people,locations\n"), out)
			assert.Contains(t, out, id+",Scheduling Wave 1,California and Florida,")
			assert.Equal(t, 3, strings.Count(out, "\n"))

			// Saving the same title again is refused unless --replace.
			code, _, errOut = runCLI(t, "--db", db, "campaign", "generate", "-f", cfgPath, "--save", "--title", "Scheduling Wave 1")
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, "--replace")
			code, out, errOut = runCLI(t, "--db", db, "campaign", "generate", "-f", cfgPath, "--save", "--title", "Scheduling Wave 1",
				"--description", "California and Florida", "--replace", "-o", "json")
			require.Equal(t, 0, code, errOut)
			var replaced domain.Campaign
			require.NoError(t, json.Unmarshal([]byte(out), &replaced), "--save -o json prints the saved record")
			assert.Equal(t, id, replaced.ID, "the same campaign, updated")
			assert.NotEmpty(t, replaced.Schedule)
			code, out, _ = runCLI(t, "--db", db, "campaign", "list", "-o", "json")
			require.Equal(t, 0, code)
			require.NoError(t, json.Unmarshal([]byte(out), &summaries))
			assert.Len(t, summaries, 2, "no duplicate")

			code, out, errOut = runCLI(t, "--db", db, "campaign", "show", id)
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "Title:        Scheduling Wave 1")
			assert.Contains(t, out, "Description:  California and Florida")
			assert.Contains(t, out, "Locations:    california, florida")
			assert.Contains(t, out, "Phase 4: Reinforcement")

			code, out, errOut = runCLI(t, "--db", db, "campaign", "show", id, "-o", "json")
			require.Equal(t, 0, code, errOut)
			var saved domain.Campaign
			require.NoError(t, json.Unmarshal([]byte(out), &saved))
			wantJSON, err := json.Marshal(want)
			require.NoError(t, err)
			assert.JSONEq(t, string(wantJSON), string(saved.Schedule), "the saved schedule is the generated one")
			var filters campaign.AudienceFilters
			require.NoError(t, json.Unmarshal(saved.AudienceFilters, &filters))
			assert.Equal(t, cfg.Divisions, filters.Divisions)
			assert.Equal(t, cfg.RoleCategories, filters.Roles)
			assert.Equal(t, []string{"california", "florida"}, saved.GeographicFilters)

			for _, format := range []string{"html", "json", "csv", "ics"} {
				code, out, errOut = runCLI(t, "--db", db, "campaign", "export", id, "--output", format)
				require.Equal(t, 0, code, errOut)
				e, err := campaign.ExportCampaign(saved, format)
				require.NoError(t, err)
				if format == "json" {
					assert.JSONEq(t, string(e.Body), out)
				} else {
					assert.Equal(t, string(e.Body), out, format)
				}
			}
			code, out, errOut = runCLI(t, "--db", db, "campaign", "export", id, "--output", "ics")
			require.Equal(t, 0, code, errOut)
			cal, err := ics.ParseCalendar(strings.NewReader(out))
			require.NoError(t, err)
			assert.Len(t, cal.Events(), want.TotalActivities, "one event per activity")

			file := filepath.Join(t.TempDir(), "wave1.csv")
			code, out, errOut = runCLI(t, "--db", db, "campaign", "export", id, "--output", "csv", "--out", file)
			require.Equal(t, 0, code, errOut)
			assert.Empty(t, out)
			csv, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.Equal(t, want.TotalActivities+1, strings.Count(string(csv), "\r\n"))

			code, _, errOut = runCLI(t, "--db", db, "campaign", "export", id, "--output", "pdf")
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, `invalid argument "pdf" for "-o, --output" flag: must be html, json, csv or ics`)
			code, _, errOut = runCLI(t, "--db", db, "campaign", "show", "00000000-0000-0000-0000-000000000000")
			assert.Equal(t, 2, code, "an unknown id is bad input")
			assert.Contains(t, errOut, `no campaign with id "00000000-0000-0000-0000-000000000000"`)
		})
	}
}

func loadTestConfig(t *testing.T, path string) campaign.Config {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var cfg campaign.Config
	require.NoError(t, json.Unmarshal(raw, &cfg))
	return cfg
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestCampaignGenerateFileAndAppConfig checks that on "campaign generate"
// --file names the scheduler configuration while --config is the
// application's config file, as on every command.
func TestCampaignGenerateFileAndAppConfig(t *testing.T) {
	dir := cleanDir(t)
	db := filepath.Join(dir, "from-yaml.db")
	appConfig := filepath.Join(dir, "app.yaml")
	require.NoError(t, os.WriteFile(appConfig, []byte("db: "+db+"\n"), 0o644))
	code, out, errOut := runCLI(t, "campaign", "generate", "--config", appConfig, "--file", campaignTestdata(t, "configs", "transformation.json"), "--save")
	require.Equal(t, 0, code, errOut)
	id := strings.TrimSpace(out)

	code, out, errOut = runCLI(t, "--db", db, "campaign", "list")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, id, "saved to the database commsplan.yaml names")
	assert.Contains(t, out, "Operating Model Transformation")
}

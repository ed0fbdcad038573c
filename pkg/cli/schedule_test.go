package cli

import (
	"context"
	"encoding/csv"
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
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// seedPlan stores an audience, a vehicle, communications of every status
// (dates and an instant) and a saved campaign.
func seedPlan(t *testing.T, st store.Store) (comms []domain.Communication, c domain.Campaign) {
	t.Helper()
	ctx := context.Background()
	aud := domain.Audience{Name: "Field Technicians", TargetingScope: "organization", AudienceType: "general"}
	require.NoError(t, st.CreateAudience(ctx, &aud))
	veh := domain.Vehicle{Name: "Main hall", Type: "town_hall", CommunicationStrategy: "traditional"}
	require.NoError(t, st.CreateVehicle(ctx, &veh))
	for _, c := range []domain.Communication{
		{Title: "Go-live notice", Status: domain.StatusScheduled, ScheduledDate: "2031-03-04", AudienceID: aud.ID, VehicleID: veh.ID},
		{Title: "Town hall", Status: domain.StatusScheduled, ScheduledDate: "2031-03-10T15:00:00Z", AudienceID: aud.ID},
		{Title: "=HYPERLINK(\"x\")", Status: domain.StatusScheduled, ScheduledDate: "2031-04-01"},
		{Title: "Draft idea", Status: domain.StatusDraft},
		{Title: "Kick-off mail", Status: domain.StatusSent, ScheduledDate: "2031-02-01"},
	} {
		require.NoError(t, st.CreateCommunication(ctx, &c))
		comms = append(comms, c)
	}
	s, err := campaign.Generate(campaign.Config{CampaignName: "Wave 1", StartDate: "2031-03-01", EndDate: "2031-03-20",
		CampaignTypes: []string{"opportunity"}}, orgdata.Load())
	require.NoError(t, err)
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	c = domain.Campaign{Title: "Wave 1", Schedule: raw, HTMLContent: "<html></html>"}
	require.NoError(t, st.CreateCampaign(ctx, &c))
	return comms, c
}

func TestExportSchedule(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			cleanDir(t)
			db := b.DSN(t)
			st := storetest.Open(t, db)
			comms, saved := seedPlan(t, st)
			var sched campaign.Schedule
			require.NoError(t, json.Unmarshal(saved.Schedule, &sched))

			code, out, errOut := runCLI(t, "--db", db, "export", "schedule", "--output", "ics")
			require.Equal(t, 0, code, errOut)
			cal, err := ics.ParseCalendar(strings.NewReader(out))
			require.NoError(t, err)
			events := cal.Events()
			require.Len(t, events, 3, "the scheduled communications only")
			byUID := map[string]*ics.VEvent{}
			for _, e := range events {
				byUID[e.Id()] = e
			}
			for _, c := range comms[:3] {
				e := byUID[c.ID+"@commsplan"]
				require.NotNil(t, e, c.Title)
				assert.Equal(t, c.Title, ics.FromText(e.GetProperty(ics.ComponentPropertySummary).Value))
			}
			assert.Equal(t, "20310310T150000Z", byUID[comms[1].ID+"@commsplan"].GetProperty(ics.ComponentPropertyDtStart).Value)

			code, out, errOut = runCLI(t, "--db", db, "export", "schedule", "-o", "ics", "--include-campaigns")
			require.Equal(t, 0, code, errOut)
			cal, err = ics.ParseCalendar(strings.NewReader(out))
			require.NoError(t, err)
			assert.Len(t, cal.Events(), 3+len(sched.Activities))

			code, out, errOut = runCLI(t, "--db", db, "export", "schedule", "--output", "csv", "--from", "2031-03-01", "--to", "2031-03-31")
			require.Equal(t, 0, code, errOut)
			rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			require.NoError(t, err)
			require.Len(t, rows, 3)
			assert.Equal(t, []string{"Kind", "ID", "Title", "Scheduled (UTC)", "Date", "Time", "Time Zone", "Status", "Theme",
				"Audience", "Vehicle", "Campaign ID", "Campaign", "Phase", "Confidentiality"}, rows[0])
			assert.Equal(t, []string{"communication", comms[0].ID, "Go-live notice", "2031-03-04", "2031-03-04", "", "", "scheduled",
				"", "Field Technicians", "Main hall", "", "", "", ""}, rows[1])
			assert.Equal(t, "Town hall", rows[2][2])
			assert.True(t, strings.HasSuffix(out, "\r\n"))

			code, out, errOut = runCLI(t, "--db", db, "export", "schedule", "--output", "json", "--from", "2031-04-01")
			require.Equal(t, 0, code, errOut)
			assert.True(t, strings.HasPrefix(out, "[\n  {\n"), "indented like the rest of the CLI")
			var entries []schedule.Entry
			require.NoError(t, json.Unmarshal([]byte(out), &entries))
			require.Len(t, entries, 1)
			assert.Equal(t, "=HYPERLINK(\"x\")", entries[0].Title, "JSON keeps text as it is")

			file := filepath.Join(t.TempDir(), "plan.ics")
			code, out, errOut = runCLI(t, "--db", db, "export", "schedule", "--output", "ics", "--out", file)
			require.Equal(t, 0, code, errOut)
			assert.Empty(t, out)
			written, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.True(t, strings.HasPrefix(string(written), "BEGIN:VCALENDAR\r\n"))
			assert.Equal(t, 3, strings.Count(string(written), "BEGIN:VEVENT\r\n"))

			for _, tc := range []struct {
				args []string
				msg  string
			}{
				{[]string{"--output", "pdf"}, `invalid argument "pdf" for "-o, --output" flag: must be ics, csv or json`},
				{nil, `--output must be ics, csv or json, not ""`},
				{[]string{"-o", "csv", "--from", "March"}, "--from must be a date (YYYY-MM-DD)"},
				{[]string{"-o", "csv", "--from", "2031-03-02", "--to", "2031-03-01"}, "--from must not be after to"},
				{[]string{"-o", "csv", "--tz", "Atlantis/Capital"}, "--tz must be an IANA time zone"},
			} {
				args := append([]string{"--db", db, "export", "schedule"}, tc.args...)
				code, out, errOut := runCLI(t, args...)
				assert.Equal(t, 2, code, "%v: %s", tc.args, errOut)
				assert.Contains(t, errOut, tc.msg)
				assert.Empty(t, out)
			}
		})
	}
}

func TestCommunicationList(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			cleanDir(t)
			db := b.DSN(t)
			code, _, errOut := runCLI(t, "--db", db, "migrate")
			require.Equal(t, 0, code, errOut)

			code, out, errOut := runCLI(t, "--db", db, "communication", "list")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, "No communications found\n", out)
			code, out, errOut = runCLI(t, "--db", db, "communication", "list", "-o", "json")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, "[]\n", out)

			st := storetest.Open(t, db)
			comms, _ := seedPlan(t, st)

			code, out, errOut = runCLI(t, "--db", db, "communication", "list")
			require.Equal(t, 0, code, errOut)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			require.Len(t, lines, 6)
			assert.Regexp(t, `^ID\s+STATUS\s+SCHEDULED\s+TITLE\s+AUDIENCE\s+VEHICLE$`, lines[0])
			assert.Regexp(t, `^`+comms[0].ID+`\s+scheduled\s+2031-03-04\s+Go-live notice\s+Field Technicians\s+Main hall$`, lines[1])
			assert.Regexp(t, `^`+comms[3].ID+`\s+draft\s+Draft idea\s*$`, lines[4])

			code, out, errOut = runCLI(t, "--db", db, "communication", "list", "--status", "scheduled", "--output", "json")
			require.Equal(t, 0, code, errOut)
			var list []domain.Communication
			require.NoError(t, json.Unmarshal([]byte(out), &list))
			require.Len(t, list, 3)
			for i, c := range list {
				assert.Equal(t, comms[i].ID, c.ID)
				assert.Equal(t, comms[i].ScheduledDate, c.ScheduledDate)
			}
			assert.Equal(t, "Main hall", list[0].Vehicle.Name)

			code, out, errOut = runCLI(t, "--db", db, "communication", "list", "--status", "sent", "--output", "csv")
			require.Equal(t, 0, code, errOut)
			rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			require.NoError(t, err)
			require.Len(t, rows, 2)
			assert.Equal(t, []string{"ID", "Title", "Status", "Scheduled", "Theme", "Audience", "Vehicle", "Created"}, rows[0])
			assert.Equal(t, []string{comms[4].ID, "Kick-off mail", "sent", "2031-02-01"}, rows[1][:4])

			code, out, errOut = runCLI(t, "--db", db, "communication", "list", "--output", "csv")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "'=HYPERLINK(\"\"x\"\")", "formulas defused")

			code, _, errOut = runCLI(t, "--db", db, "communication", "list", "--status", "archived")
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, `--status must be draft, scheduled or sent, not "archived"`)
			code, _, errOut = runCLI(t, "--db", db, "communication", "list", "--output", "yaml")
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, `invalid argument "yaml" for "-o, --output" flag: must be table, json or csv`)
		})
	}
}

// TestExportScheduleCLIMatchesAPI checks that the CLI and
// GET /api/schedule/export give the same bytes for the same data.
func TestExportScheduleCLIMatchesAPI(t *testing.T) {
	cleanDir(t)
	db := storetest.SQLiteDSN(t)
	st := storetest.Open(t, db)
	seedPlan(t, st)
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

	for _, tc := range []struct {
		query string
		args  []string
	}{
		{"format=ics", []string{"-o", "ics"}},
		{"format=ics&includeCampaigns=true", []string{"-o", "ics", "--include-campaigns"}},
		{"format=csv&from=2031-03-05&to=2031-03-31&includeCampaigns=true", []string{"-o", "csv", "--from", "2031-03-05", "--to", "2031-03-31", "--include-campaigns"}},
		{"format=json&tz=Pacific/Kiritimati", []string{"-o", "json", "--tz", "Pacific/Kiritimati"}},
		{"format=json&includeCampaigns=true", []string{"-o", "json", "--include-campaigns"}},
	} {
		t.Run(tc.query, func(t *testing.T) {
			resp, err := client.Get(srv.URL + "/api/schedule/export?" + tc.query)
			require.NoError(t, err)
			defer resp.Body.Close()
			require.Equal(t, http.StatusOK, resp.StatusCode)
			fromAPI, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			code, out, errOut := runCLI(t, append([]string{"--db", db, "export", "schedule"}, tc.args...)...)
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, string(fromAPI), out, "the same bytes")
			assert.Greater(t, len(out), 200)
		})
	}
}

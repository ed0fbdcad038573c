package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

var erpArgs = []string{"campaign", "generate", "--name", "ERP Go-Live", "--start", "2025-06-02", "--end", "2025-10-31",
	"--type", "technology-implementation", "--go-live", "2025-09-15", "-o", "json"}

func generateJSON(t *testing.T, args ...string) (*campaign.Schedule, string) {
	t.Helper()
	code, out, errOut := runCLI(t, append(append([]string{}, erpArgs...), args...)...)
	require.Equal(t, 0, code, errOut)
	var s campaign.Schedule
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	return &s, errOut
}

func weekendCount(s *campaign.Schedule) int {
	n := 0
	for _, a := range s.Activities {
		d, _ := time.Parse(time.DateOnly, a.Date)
		if d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
			n++
		}
	}
	return n
}

func datesOf(s *campaign.Schedule) map[string]bool {
	out := map[string]bool{}
	for _, a := range s.Activities {
		out[a.Date] = true
	}
	return out
}

// TestCampaignGenerateDayRules: business days by default, --weekends,
// --holiday, --holidays (lines and ICS), --holiday-calendar and the cap.
func TestCampaignGenerateDayRules(t *testing.T) {
	dir := cleanDir(t)
	s, _ := generateJSON(t)
	assert.Zero(t, weekendCount(s), "business days by default")
	// The organisation's country (us for the seeded dataset) by default.
	for _, d := range []string{"2025-07-04", "2025-09-01", "2025-11-27", "2025-10-13"} {
		assert.False(t, datesOf(s)[d], "US holiday %s by default", d)
	}
	s, _ = generateJSON(t, "--holiday-calendar", "none")
	require.True(t, datesOf(s)["2025-07-04"] || datesOf(s)["2025-09-01"], "none turns them off; the test needs a US holiday in use")

	w, _ := generateJSON(t, "--weekends")
	assert.Positive(t, weekendCount(w), "--weekends allows them")

	h, _ := generateJSON(t, "--holiday", "2025-07-04", "--holiday", "2025-09-01")
	assert.False(t, datesOf(h)["2025-07-04"])
	assert.False(t, datesOf(h)["2025-09-01"])

	us, _ := generateJSON(t, "--holiday-calendar", "us")
	for _, d := range []string{"2025-07-04", "2025-09-01", "2025-11-27", "2025-10-13"} {
		assert.False(t, datesOf(us)[d], "US holiday %s", d)
	}

	lines := filepath.Join(dir, "holidays.txt")
	require.NoError(t, os.WriteFile(lines, []byte("# company days\n2025-07-04\n\n2025-09-01\n"), 0o600))
	l, _ := generateJSON(t, "--holidays", lines)
	assert.False(t, datesOf(l)["2025-07-04"])
	assert.False(t, datesOf(l)["2025-09-01"])

	icsPath := filepath.Join(dir, "holidays.ics")
	require.NoError(t, os.WriteFile(icsPath, []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"+
		"BEGIN:VEVENT\r\nUID:a@test\r\nDTSTAMP:20250101T000000Z\r\nDTSTART;VALUE=DATE:20250704\r\nDTEND;VALUE=DATE:20250705\r\nSUMMARY:Independence Day\r\nEND:VEVENT\r\n"+
		"BEGIN:VEVENT\r\nUID:b@test\r\nDTSTAMP:20250101T000000Z\r\nDTSTART;VALUE=DATE:20250901\r\nDTEND;VALUE=DATE:20250903\r\nSUMMARY:Shutdown\r\nEND:VEVENT\r\n"+
		"END:VCALENDAR\r\n"), 0o600))
	ic, _ := generateJSON(t, "--holidays", icsPath)
	for _, d := range []string{"2025-07-04", "2025-09-01", "2025-09-02"} {
		assert.False(t, datesOf(ic)[d], "ICS holiday %s", d)
	}

	empty := filepath.Join(dir, "empty.ics")
	require.NoError(t, os.WriteFile(empty, []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n"), 0o600))
	_, errOut := generateJSON(t, "--holidays", empty)
	assert.Contains(t, errOut, "Warning: "+empty+" has no events")

	// A cap of 1 cannot hold 197 activities: warnings on stderr, exit 0.
	c, errOut := generateJSON(t, "--max-per-audience-week", "1")
	assert.Equal(t, 197, c.TotalActivities, "the seeds' count wins")
	assert.NotEmpty(t, c.Warnings)
	assert.Contains(t, errOut, "Warning: "+c.Warnings[0])
	// The count cannot fit the cap at all: one sentence says so with the figures.
	assert.Contains(t, errOut, "Warning: The count asks for 197 activities over 28 weeks, but 6 audiences at most 1 a week each can take 168: ")
	assert.NotContains(t, errOut, "(limit 1)", "not one warning per week")
}

func TestCampaignGenerateDayRulesBadInput(t *testing.T) {
	dir := cleanDir(t)
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("2025-07-04\nJuly 5th\n"), 0o600))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--holiday", "2025-13-01"}, "Error: Holiday must be a valid date (YYYY-MM-DD)"},
		{[]string{"--holiday-calendar", "atlantis"}, `holiday-calendar must be none or one of`},
		{[]string{"--max-per-audience-week", "0"}, "max-per-audience-week must be a whole number of 1 or more"},
		{[]string{"--holidays", filepath.Join(dir, "missing.txt")}, "--holidays:"},
		{[]string{"--holidays", bad}, `line 2: "July 5th" is not a date`},
	} {
		code, _, errOut := runCLI(t, append(append([]string{}, erpArgs...), tc.args...)...)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Contains(t, errOut, tc.want, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(errOut), "\n")+1, "one line: %q", errOut)
	}
}

// TestCampaignGenerateAvoidsSavedBlackouts: with a database, the saved
// blackouts are avoided for the audiences they cover.
func TestCampaignGenerateAvoidsSavedBlackouts(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			cleanDir(t)
			db := b.DSN(t)
			code, _, errOut := runCLI(t, "--db", db, "migrate")
			require.Equal(t, 0, code, errOut)
			ctx := context.Background()
			st, err := store.Open(ctx, db)
			require.NoError(t, err)
			aud := domain.Audience{Name: "employees"}
			require.NoError(t, aud.Validate())
			require.NoError(t, st.CreateAudience(ctx, &aud))
			bo := domain.Blackout{Name: "Summer freeze", StartDate: "2025-07-28", EndDate: "2025-08-08", AudienceIDs: []string{aud.ID}}
			require.NoError(t, st.CreateBlackout(ctx, &bo))
			require.NoError(t, st.Close())

			code, out, errOut := runCLI(t, append([]string{"--db", db}, erpArgs...)...)
			require.Equal(t, 0, code, errOut)
			var s campaign.Schedule
			require.NoError(t, json.Unmarshal([]byte(out), &s))
			others := 0
			for _, a := range s.Activities {
				if a.Date >= "2025-07-28" && a.Date <= "2025-08-08" {
					assert.NotEqual(t, "Employees", a.Audience, "%s %s", a.Date, a.Title)
					others++
				}
			}
			assert.Positive(t, others)
		})
	}
}

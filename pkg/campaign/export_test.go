package campaign

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/commsplan/commsplan/pkg/domain"
)

func TestFileNames(t *testing.T) {
	tests := []struct{ title, format, want string }{
		{"Q3 ERP Go-Live!", "html", "q3_erp_go_live__campaign_schedule.html"},
		{"Q3 ERP Go-Live!", "csv", "q3_erp_go_live__campaign_schedule.csv"},
		{"Q3 ERP Go-Live!", "ics", "q3_erp_go_live__campaign_schedule.ics"},
		{"Q3 ERP Go-Live!", "json", "q3_erp_go_live__campaign_schedule.json"},
		{"", "html", "campaign_campaign_schedule.html"},
		{"../../etc/passwd", "html", "______etc_passwd_campaign_schedule.html"},
		{"Über Plan", "html", "_ber_plan_campaign_schedule.html"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, FileName(tc.title, tc.format), tc.title)
	}
	assert.Equal(t, "integration_wave_2_campaign.html", SavedFileName("Integration Wave 2"))
}

// hostile is a schedule whose free text tries to break every format.
func hostile(t *testing.T) *Schedule {
	cfg := validConfig()
	cfg.HolidayCalendar = "none" // the vectors hold New Year's Day
	s := mustGenerate(t, cfg)
	a := &s.Phases[1].Activities[0]
	a.Title = `<script>alert("x")</script> & co`
	a.Description = "=HYPERLINK(\"http://evil\"); line one,\r\nline two\\ with a long tail " + strings.Repeat("é界", 40)
	a.Priority = "urgent"
	a.Confidentiality = "Board Confidential"
	for i := range s.Activities {
		if s.Activities[i].ID == a.ID {
			s.Activities[i] = *a
		}
	}
	return s
}

func TestRenderHTML(t *testing.T) {
	cfg := validConfig()
	cfg.StartDate, cfg.EndDate = "2025-03-05", "2025-04-04"
	s := mustGenerate(t, cfg)
	out, err := RenderHTML(s)
	require.NoError(t, err)

	doc, err := html.Parse(strings.NewReader(out))
	require.NoError(t, err)
	text := textOf(doc)
	assert.Contains(t, text, "3/5/2025 - 4/4/2025", "en-US short dates")
	assert.NotContains(t, text, "2025-03-05", "ISO dates stay out of the document")
	assert.Contains(t, text, "Phase 1: Preparation")
	assert.Contains(t, text, "Days 1-4")
	assert.Contains(t, text, s.Summary)
	assert.Equal(t, len(s.Activities), strings.Count(out, `class="badge priority-`))

	assert.Contains(t, out, ".priority-high { background: #16a34a; }", "high is green")
	assert.Contains(t, out, ".priority-medium { background: #2563eb; }", "medium is blue")
	assert.Contains(t, out, ".priority-low { background: #6b7280; }", "low is grey")
	assert.Contains(t, out, "@media print")
}

func TestRenderHTMLEscapes(t *testing.T) {
	s := hostile(t)
	s.CampaignName = `</title><img src=x onerror=alert(1)>`
	s.ConfidentialityNote = "<b>secret</b>"
	out, err := RenderHTML(s)
	require.NoError(t, err)
	assert.NotContains(t, out, "<script>")
	assert.NotContains(t, out, "<img")
	assert.NotContains(t, out, "<b>secret")
	assert.Contains(t, out, "&lt;script&gt;")
	assert.Contains(t, out, `priority-low">urgent`, "an unknown priority is shown grey")
	assert.Contains(t, out, `class="label">Board Confidential`)
}

func TestRenderHTMLEmptyStates(t *testing.T) {
	out, err := RenderHTML(&Schedule{CampaignName: "Empty"})
	require.NoError(t, err)
	assert.Contains(t, out, "No timeline available")
	assert.Contains(t, out, "No campaign phases have been generated yet.")
	assert.Contains(t, out, DefaultType)

	s := mustGenerate(t, validConfig())
	s.Phases[2].Activities = nil
	out, err = RenderHTML(s)
	require.NoError(t, err)
	assert.Contains(t, out, "No activities in this phase")
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode && (n.Parent == nil || n.Parent.Data != "style") {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func TestWriteCSV(t *testing.T) {
	s := hostile(t)
	var buf bytes.Buffer
	require.NoError(t, WriteCSV(&buf, s))
	assert.True(t, strings.HasSuffix(buf.String(), "\r\n"), "CRLF line ends")

	rows, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, len(s.Activities)+1)
	assert.Equal(t, csvHeader, rows[0])
	for i, a := range s.Activities {
		row := rows[i+1]
		assert.Equal(t, a.ID, row[0])
		assert.Equal(t, a.Date, row[1])
		assert.Equal(t, a.Phase, row[2])
		if a.ID == s.Phases[1].Activities[0].ID {
			assert.Equal(t, a.Title, row[3], "commas, quotes and markup survive")
			assert.True(t, strings.HasPrefix(row[10], "'=HYPERLINK"), "formulas are defused: %q", row[10])
			assert.Equal(t, "Board Confidential", row[11])
		}
	}
}

func TestWriteICS(t *testing.T) {
	s := hostile(t)
	stamp := time.Date(2025, 6, 1, 12, 30, 0, 0, time.FixedZone("X", 3600))
	var buf bytes.Buffer
	require.NoError(t, WriteICS(&buf, s, ICSOptions{Namespace: "0b9e-uuid", Stamp: stamp}))
	raw := buf.String()

	// RFC 5545 §3.1: CRLF line ends, lines at most 75 octets, folds start
	// with a space, never split inside a UTF-8 sequence.
	require.True(t, strings.HasSuffix(raw, "\r\n"))
	lines := strings.Split(strings.TrimSuffix(raw, "\r\n"), "\r\n")
	for _, l := range lines {
		assert.LessOrEqual(t, len(l), 75, "%q", l)
		assert.NotContains(t, l, "\n")
		assert.NotContains(t, l, "\r")
		assert.True(t, utf8.ValidString(l), "%q", l)
	}
	assert.Equal(t, "BEGIN:VCALENDAR", lines[0])
	assert.Contains(t, raw, "\r\nVERSION:2.0\r\n")
	assert.Contains(t, raw, "\r\nPRODID:-//commsplan//Campaign Schedule//EN\r\n")
	assert.Equal(t, len(s.Activities), strings.Count(raw, "BEGIN:VEVENT\r\n"))
	assert.Contains(t, raw, "DTSTAMP:20250601T113000Z", "DTSTAMP in UTC")
	assert.Contains(t, raw, "\r\nUID:0b9e-uuid-activity-1@commsplan\r\n")
	assert.Contains(t, raw, "\r\nDTSTART;VALUE=DATE:20250101\r\nDTEND;VALUE=DATE:20250102\r\n")
	assert.Contains(t, raw, "CLASS:CONFIDENTIAL")
	assert.Contains(t, raw, "PRIORITY:1")

	// Unfolded and parsed back, every text is what it was.
	cal, err := ics.ParseCalendar(strings.NewReader(raw))
	require.NoError(t, err)
	events := cal.Events()
	require.Len(t, events, len(s.Activities))
	uids := map[string]bool{}
	for i, e := range events {
		a := s.Activities[i]
		uids[e.Id()] = true
		assert.Equal(t, a.Title, ics.FromText(e.GetProperty(ics.ComponentPropertySummary).Value))
		start, err := e.GetAllDayStartAt()
		require.NoError(t, err)
		assert.Equal(t, a.Date, start.Format(DateLayout))
		desc := ics.FromText(e.GetProperty(ics.ComponentPropertyDescription).Value)
		assert.True(t, strings.HasPrefix(desc, strings.ReplaceAll(a.Description, "\r\n", "\n")), "%q", desc)
	}
	assert.Len(t, uids, len(events), "UIDs are unique")
}

func TestWriteICSDefaultsAndErrors(t *testing.T) {
	s := mustGenerate(t, validConfig())
	var a, b bytes.Buffer
	require.NoError(t, WriteICS(&a, s, ICSOptions{}))
	require.NoError(t, WriteICS(&b, s, ICSOptions{}))
	assert.Equal(t, a.String(), b.String(), "stable without options")
	assert.Contains(t, a.String(), "DTSTAMP:20250101T000000Z")
	assert.Contains(t, a.String(), "UID:"+s.ID+"-activity-1@commsplan")

	s.Activities[3].Date = "next week"
	err := WriteICS(&a, s, ICSOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "has no valid date")
}

func TestChannelLabel(t *testing.T) {
	assert.Equal(t, "Town Hall", ChannelLabel("town_hall"))
	assert.Equal(t, "Lunch & Learn", ChannelLabel("lunch_learn"), "the screens' label")
	assert.Equal(t, "Carrier pigeon", ChannelLabel("Carrier pigeon"), "free text stays as typed")
	for _, v := range domain.VehicleTypes {
		assert.Equal(t, v.Label, ChannelLabel(v.Type))
	}
}

func TestExportCampaign(t *testing.T) {
	s := mustGenerate(t, validConfig())
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	c := domain.Campaign{ID: "c-1", Title: "Wave 1", Schedule: raw, HTMLContent: "<p>saved</p>",
		UpdatedAt: time.Date(2025, 2, 3, 4, 5, 6, 0, time.UTC)}

	tests := []struct{ format, contentType, file string }{
		{"html", "text/html; charset=utf-8", "wave_1_campaign.html"},
		{"json", "application/json", "wave_1_campaign_schedule.json"},
		{"csv", "text/csv; charset=utf-8", "wave_1_campaign_schedule.csv"},
		{" ICS ", "text/calendar; charset=utf-8", "wave_1_campaign_schedule.ics"},
	}
	for _, tc := range tests {
		e, err := ExportCampaign(c, tc.format)
		require.NoError(t, err, tc.format)
		assert.Equal(t, tc.contentType, e.ContentType)
		assert.Equal(t, tc.file, e.FileName)
		assert.NotEmpty(t, e.Body)
	}
	e, err := ExportCampaign(c, "html")
	require.NoError(t, err)
	assert.Equal(t, "<p>saved</p>", string(e.Body), "the saved HTML, not a new rendering")
	e, err = ExportCampaign(c, "ics")
	require.NoError(t, err)
	assert.Contains(t, string(e.Body), "DTSTAMP:20250203T040506Z")
	assert.Contains(t, string(e.Body), "UID:c-1-activity-1@commsplan")

	_, err = ExportCampaign(c, "pdf")
	var ve *ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, MsgExportFormat, ve.Message)

	c.Schedule = json.RawMessage(`{"activities": "oops"}`)
	_, err = ExportCampaign(c, "csv")
	assert.ErrorContains(t, err, "stored schedule")
}

func TestFilters(t *testing.T) {
	cfg := validConfig()
	cfg.CampaignTypes = []string{TypeMAIntegration, TypeTechnologyImplementation}
	cfg.GoLiveDate = "2025-01-10"
	cfg.AcquisitionDate = "2024-12-01"
	cfg.MaturityPhases = []string{MaturityIntegrating}
	cfg.AudienceMode = AudienceModeOrganizational
	cfg.AudienceType = "direct-affected"
	cfg.Locations = []string{"texas"}
	cfg.Divisions = []string{"hfs"}
	cfg.OrgLevels = []string{"field-operations"}
	cfg.RoleCategories = []string{"sprinkler"}
	s := mustGenerate(t, cfg)
	f, geo := Filters(cfg, s)
	assert.Equal(t, []string{TypeMAIntegration, TypeTechnologyImplementation}, f.Types)
	assert.Equal(t, []string{"hfs"}, f.Divisions)
	assert.Equal(t, []string{"field-operations"}, f.OrgLevels)
	assert.Equal(t, []string{"sprinkler"}, f.Roles)
	assert.Equal(t, []string{MaturityIntegrating}, f.MaturityPhases)
	assert.Equal(t, "direct-affected", f.AudienceType)
	assert.Equal(t, "2025-01-10", f.GoLiveDate)
	assert.Equal(t, "2024-12-01", f.AcquisitionDate)
	require.NotNil(t, f.TargetCount)
	assert.Equal(t, s.Targeting.TargetCount, int(*f.TargetCount))
	assert.Equal(t, []string{"texas"}, geo)

	general := validConfig()
	general.Audiences = []string{"managers"}
	general.Locations = []string{"texas"} // not used in general mode
	f, geo = Filters(general, mustGenerate(t, general))
	assert.Nil(t, f.TargetCount, "no head count: the inventory shows Unknown")
	assert.Equal(t, []string{"managers"}, f.Audiences)
	assert.Equal(t, []string{}, geo)
	raw, err := json.Marshal(f)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"targetCount":null`)
}

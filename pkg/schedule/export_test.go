package schedule

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/icalendar"
)

var created = time.Date(2031, 1, 15, 9, 30, 0, 0, time.UTC)

// plan is a small plan: two scheduled communications (a date and an instant
// late on 4 March UTC, already 5 March in Tokyo), a draft, a sent one, and a
// saved campaign with two activities.
func plan(t *testing.T) ([]domain.Communication, []domain.Campaign) {
	t.Helper()
	comms := []domain.Communication{
		{ID: "c-instant", Title: "Town hall, Q&A", Status: domain.StatusScheduled, ScheduledDate: "2031-03-04T20:00:00Z",
			CreatedAt: created, Audience: &domain.Ref{ID: "a1", Name: "Field Technicians"},
			Vehicle: &domain.VehicleRef{ID: "v1", Name: "Main hall", Type: "town_hall"}, Theme: &domain.Ref{ID: "t1", Name: "Go-live"}},
		{ID: "c-date", Title: "=cmd|' /C calc'!A0", Status: domain.StatusScheduled, ScheduledDate: "2031-03-04",
			CreatedAt: created.Add(time.Hour)},
		{ID: "c-draft", Title: "Draft", Status: domain.StatusDraft, ScheduledDate: "2031-03-04", CreatedAt: created},
		{ID: "c-sent", Title: "Sent", Status: domain.StatusSent, ScheduledDate: "2031-03-01", CreatedAt: created},
		{ID: "c-undated", Title: "Undated", Status: domain.StatusScheduled, CreatedAt: created},
	}
	sched := campaign.Schedule{ID: "s1", CampaignName: "Wave 1", Activities: []campaign.Activity{
		{ID: "activity-1", Title: "Kick-off", Date: "2031-03-02", Audience: "executives", Channel: "email",
			Priority: "high", Status: "planned", Phase: "Preparation", Description: "Start"},
		{ID: "activity-2", Title: "Retro", Date: "2031-04-10", Audience: "employees", Channel: "town_hall",
			Priority: "low", Status: campaign.ActivityCancelled, Phase: "Reinforcement"},
	}}
	raw, err := json.Marshal(sched)
	require.NoError(t, err)
	camps := []domain.Campaign{{ID: "camp-1", Title: "ERP wave 1", Schedule: raw, CreatedAt: created,
		UpdatedAt: created.Add(48 * time.Hour)}}
	return comms, camps
}

func uids(entries []Entry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.UID)
	}
	return out
}

func TestEntries(t *testing.T) {
	comms, camps := plan(t)
	all, err := Entries(comms, camps, ExportOptions{IncludeCampaigns: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"camp-1-activity-1@commsplan", "c-date@commsplan", "c-instant@commsplan",
		"camp-1-activity-2@commsplan"}, uids(all), "only scheduled, dated communications; all day before timed")

	onlyComms, err := Entries(comms, camps, ExportOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{"c-date@commsplan", "c-instant@commsplan"}, uids(onlyComms))
	e := onlyComms[1]
	assert.Equal(t, Entry{Kind: KindCommunication, UID: "c-instant@commsplan", ID: "c-instant", Title: "Town hall, Q&A",
		ScheduledDate: "2031-03-04T20:00:00Z", Day: "2031-03-04", Time: "20:00", Status: "scheduled", Theme: "Go-live",
		Audience: "Field Technicians", Vehicle: "Main hall"}, withoutPrivate(e))

	// In Tokyo the instant falls on 5 March; the date never moves.
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	require.NoError(t, err)
	opt := ExportOptions{Location: tokyo, From: day("2031-03-05"), To: day("2031-03-05")}
	got, err := Entries(comms, camps, opt)
	require.NoError(t, err)
	require.Equal(t, []string{"c-instant@commsplan"}, uids(got))
	assert.Equal(t, "2031-03-05", got[0].Day)

	opt = ExportOptions{From: day("2031-03-04"), To: day("2031-03-04")}
	got, err = Entries(comms, camps, opt)
	require.NoError(t, err)
	assert.Equal(t, []string{"c-date@commsplan", "c-instant@commsplan"}, uids(got), "range is inclusive, UTC by default")

	got, err = Entries(comms, camps, ExportOptions{From: day("2031-04-01"), IncludeCampaigns: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"camp-1-activity-2@commsplan"}, uids(got))

	got, err = Entries(nil, nil, ExportOptions{})
	require.NoError(t, err)
	assert.NotNil(t, got, "an empty export is an empty list, not null")

	bad := []domain.Campaign{{ID: "broken", Schedule: json.RawMessage(`"not a schedule"`)}}
	_, err = Entries(nil, bad, ExportOptions{IncludeCampaigns: true})
	assert.ErrorContains(t, err, "campaign broken")
	_, err = Entries(nil, bad, ExportOptions{})
	assert.NoError(t, err, "campaigns are read only when included")
}

func withoutPrivate(e Entry) Entry {
	e.at, e.event = domain.Scheduled{}, icalendar.Event{}
	return e
}

func TestExportICS(t *testing.T) {
	comms, camps := plan(t)
	b, err := Export(comms, camps, ExportOptions{Format: FormatICS, IncludeCampaigns: true, Name: "Team plan"})
	require.NoError(t, err)
	raw := string(b)
	assert.Contains(t, raw, "\r\nPRODID:-//commsplan//Communications Schedule//EN\r\n")
	assert.Contains(t, raw, "\r\nX-WR-CALNAME:Team plan\r\n")
	assert.Contains(t, raw, "UID:c-instant@commsplan\r\nDTSTAMP:20310115T093000Z\r\nDTSTART:20310304T200000Z\r\nDTEND:20310304T210000Z\r\n",
		"an instant in UTC, one hour; DTSTAMP is createdAt")
	assert.Contains(t, raw, "UID:c-date@commsplan\r\nDTSTAMP:20310115T103000Z\r\nDTSTART;VALUE=DATE:20310304\r\nDTEND;VALUE=DATE:20310305\r\n")
	assert.Contains(t, raw, "UID:camp-1-activity-1@commsplan\r\nDTSTAMP:20310117T093000Z\r\n", "campaign's updatedAt")

	cal, err := ics.ParseCalendar(bytes.NewReader(b))
	require.NoError(t, err)
	ev := cal.Events()
	require.Len(t, ev, 4)
	byUID := map[string]*ics.VEvent{}
	for _, e := range ev {
		byUID[e.Id()] = e
	}
	text := func(e *ics.VEvent, p ics.ComponentProperty) string { return ics.FromText(e.GetProperty(p).Value) }
	inst := byUID["c-instant@commsplan"]
	assert.Equal(t, "Town hall, Q&A", text(inst, ics.ComponentPropertySummary))
	assert.Equal(t, "Audience: Field Technicians\nVehicle: Main hall (Town Hall)\nTheme: Go-live", text(inst, ics.ComponentPropertyDescription),
		"the type's label, which differs from the name")
	assert.Equal(t, "Go-live", text(inst, ics.ComponentPropertyCategories))
	date := byUID["c-date@commsplan"]
	assert.Equal(t, "=cmd|' /C calc'!A0", text(date, ics.ComponentPropertySummary), "ICS text is not a spreadsheet")
	assert.Equal(t, "Audience: All audiences\nVehicle: None", text(date, ics.ComponentPropertyDescription))
	retro := byUID["camp-1-activity-2@commsplan"]
	assert.Equal(t, "CANCELLED", retro.GetProperty(ics.ComponentPropertyStatus).Value)
	assert.Contains(t, text(retro, ics.ComponentPropertyDescription), "Channel: Town Hall")

	again, err := Export(comms, camps, ExportOptions{Format: FormatICS, IncludeCampaigns: true, Name: "Team plan"})
	require.NoError(t, err)
	assert.Equal(t, b, again, "unchanged data gives the same bytes")

	b, err = Export(nil, nil, ExportOptions{Format: FormatICS})
	require.NoError(t, err)
	assert.Contains(t, string(b), "X-WR-CALNAME:"+DefaultCalendarName)
	assert.NotContains(t, string(b), "BEGIN:VEVENT")
}

func TestExportCSV(t *testing.T) {
	comms, camps := plan(t)
	b, err := Export(comms, camps, ExportOptions{Format: FormatCSV, IncludeCampaigns: true})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "Kind,ID,Title,Scheduled (UTC),Date,Time,Time Zone,Status,Theme,Audience,Vehicle,Campaign ID,Campaign,Phase,Confidentiality\r\n"))
	assert.NotContains(t, strings.ReplaceAll(string(b), "\r\n", ""), "\n", "CRLF line ends")
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 5)
	assert.Equal(t, []string{"campaignActivity", "activity-1", "Kick-off", "2031-03-02", "2031-03-02", "", "", "planned", "",
		"executives", "Email", "camp-1", "ERP wave 1", "Preparation", ""}, rows[1])
	assert.Equal(t, "'=cmd|' /C calc'!A0", rows[2][2], "formulas defused")
	assert.Equal(t, []string{"communication", "c-instant", "Town hall, Q&A", "2031-03-04T20:00:00Z", "2031-03-04", "20:00", "UTC",
		"scheduled", "Go-live", "Field Technicians", "Main hall", "", "", "", ""}, rows[3])
}

// Campaign activities with a confidentiality label stay out of an export
// unless it asks for them; then the CSV and the JSON name the label.
func TestExportLeavesConfidentialOut(t *testing.T) {
	_, camps := plan(t)
	var s campaign.Schedule
	require.NoError(t, json.Unmarshal(camps[0].Schedule, &s))
	s.Activities[0].Confidentiality = "Board Confidential"
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	camps[0].Schedule = raw
	for _, format := range ExportFormats {
		b, err := Export(nil, camps, ExportOptions{Format: format, IncludeCampaigns: true})
		require.NoError(t, err)
		assert.NotContains(t, string(b), "Kick-off", format)
		assert.Contains(t, string(b), "Retro", format)
		b, err = Export(nil, camps, ExportOptions{Format: format, IncludeCampaigns: true, IncludeConfidential: true})
		require.NoError(t, err)
		assert.Contains(t, string(b), "Kick-off", format)
		if format != FormatICS {
			assert.Contains(t, string(b), "Board Confidential", format)
		}
	}
	_, err = ExportQuery{Format: "csv", IncludeConfidential: "maybe"}.Options()
	assert.Equal(t, domain.FieldErrors{"includeConfidential": "must be true or false"}, err)
	opt, err := ExportQuery{Format: "csv", IncludeConfidential: "true"}.Options()
	require.NoError(t, err)
	assert.True(t, opt.IncludeConfidential)
}

// The CSV's Date and Time are local to the requested zone, beside the UTC
// instant: a 7:30 town hall in New York reads 7:30, in Tokyo the next
// day's 21:30; a date stays a date in every zone.
func TestExportCSVLocalColumns(t *testing.T) {
	comms := []domain.Communication{
		{ID: "th", Title: "Town hall", Status: domain.StatusScheduled, ScheduledDate: "2027-02-09T12:30:00Z", CreatedAt: created},
		{ID: "d", Title: "Memo", Status: domain.StatusScheduled, ScheduledDate: "2027-02-09", CreatedAt: created},
	}
	for zone, want := range map[string][][]string{
		"America/New_York": {{"2027-02-09", "", ""}, {"2027-02-09", "07:30", "America/New_York"}},
		"Asia/Tokyo":       {{"2027-02-09", "", ""}, {"2027-02-09", "21:30", "Asia/Tokyo"}},
		"Pacific/Auckland": {{"2027-02-09", "", ""}, {"2027-02-10", "01:30", "Pacific/Auckland"}},
	} {
		loc, err := time.LoadLocation(zone)
		require.NoError(t, err)
		b, err := Export(comms, nil, ExportOptions{Format: FormatCSV, Location: loc})
		require.NoError(t, err)
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 3, zone)
		for i, w := range want {
			assert.Equal(t, w, rows[i+1][4:7], "%s row %d", zone, i+1)
		}
		assert.Equal(t, "2027-02-09T12:30:00Z", rows[len(rows)-1][3], "the UTC instant stays")
	}
}

// The ICS names a vehicle's type only when it says more than its name.
func TestICSVehicleLabel(t *testing.T) {
	for name, want := range map[string]string{"Town Hall": "Vehicle: Town Hall\n", "town hall ": "Vehicle: town hall\n",
		"Main hall": "Vehicle: Main hall (Town Hall)\n"} {
		comms := []domain.Communication{{ID: "c", Title: "T", Status: domain.StatusScheduled, ScheduledDate: "2031-03-04",
			CreatedAt: created, Vehicle: &domain.VehicleRef{ID: "v", Name: strings.TrimSpace(name), Type: "town_hall"}}}
		entries, err := Entries(comms, nil, ExportOptions{})
		require.NoError(t, err)
		assert.Contains(t, entries[0].event.Description+"\n", want, name)
		assert.NotContains(t, entries[0].event.Description, "Town Hall (Town Hall)")
	}
}

// A campaign activity has one UID in the schedule export, the feed (the
// same Export) and the campaign's own ICS export.
func TestOneUIDPerActivity(t *testing.T) {
	comms, camps := plan(t)
	b, err := Export(comms, camps, ExportOptions{Format: FormatICS, IncludeCampaigns: true})
	require.NoError(t, err)
	var s campaign.Schedule
	require.NoError(t, json.Unmarshal(camps[0].Schedule, &s))
	var own bytes.Buffer
	require.NoError(t, campaign.WriteICS(&own, &s, campaign.ICSOptions{Namespace: camps[0].ID, Stamp: camps[0].UpdatedAt}))
	for _, a := range s.Activities {
		uid := "UID:" + campaign.ActivityUID(camps[0].ID, a.ID) + "\r\n"
		assert.Contains(t, string(b), uid, "schedule export and feed")
		assert.Contains(t, own.String(), uid, "campaign export")
	}
	assert.Contains(t, string(b), "UID:camp-1-activity-1@commsplan\r\n")
}

func TestExportJSON(t *testing.T) {
	comms, camps := plan(t)
	b, err := Export(comms, camps, ExportOptions{Format: FormatJSON})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "[\n  {\n    \"kind\": \"communication\",\n"), "indented: %s", b)
	assert.True(t, strings.HasSuffix(string(b), "]\n"))
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	require.Len(t, got, 2)
	assert.Equal(t, map[string]any{"kind": "communication", "uid": "c-date@commsplan", "id": "c-date",
		"title": "=cmd|' /C calc'!A0", "scheduledDate": "2031-03-04", "allDay": true, "day": "2031-03-04",
		"status": "scheduled", "theme": "", "audience": "", "vehicle": ""}, got[0])

	b, err = Export(nil, nil, ExportOptions{Format: FormatJSON})
	require.NoError(t, err)
	assert.Equal(t, "[]\n", string(b))

	_, err = Export(nil, nil, ExportOptions{Format: "pdf"})
	var fe domain.FieldErrors
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "must be ics, csv or json", fe["format"])
}

func TestExportQuery(t *testing.T) {
	opt, err := ExportQuery{Format: "ICS", From: "2031-03-01", To: "2031-03-31", TZ: "Europe/Paris", IncludeCampaigns: "true"}.Options()
	require.NoError(t, err)
	assert.Equal(t, FormatICS, opt.Format)
	assert.Equal(t, day("2031-03-01"), opt.From)
	assert.Equal(t, day("2031-03-31"), opt.To)
	assert.Equal(t, "Europe/Paris", opt.Location.String())
	assert.True(t, opt.IncludeCampaigns)

	opt, err = ExportQuery{Format: "json"}.Options()
	require.NoError(t, err)
	assert.True(t, opt.From.IsZero() && opt.To.IsZero())
	assert.Equal(t, time.UTC, opt.Location)
	assert.False(t, opt.IncludeCampaigns)

	_, err = ExportQuery{From: "03/01/2031", To: "2031-02-30", TZ: "Mars/Olympus", IncludeCampaigns: "yes"}.Options()
	var fe domain.FieldErrors
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, domain.FieldErrors{"format": "must be ics, csv or json", "from": "must be a date (YYYY-MM-DD)",
		"to": "must be a date (YYYY-MM-DD)", "tz": "must be an IANA time zone name such as Europe/Paris",
		"includeCampaigns": "must be true or false"}, fe)

	_, err = ExportQuery{Format: "csv", From: "2031-03-02", To: "2031-03-01", TZ: "Local"}.Options()
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, domain.FieldErrors{"from": "must not be after to", "tz": "must be an IANA time zone name such as Europe/Paris"}, fe)
}

func TestFileNameAndContentType(t *testing.T) {
	assert.Equal(t, "commsplan_schedule.ics", FileName(ExportOptions{Format: "ics"}))
	assert.Equal(t, "commsplan_schedule_from_2031-03-01_to_2031-03-31.csv",
		FileName(ExportOptions{Format: "csv", From: day("2031-03-01"), To: day("2031-03-31")}))
	assert.Equal(t, "text/calendar; charset=utf-8", ContentType("ics"))
	assert.Equal(t, "text/csv; charset=utf-8", ContentType("csv"))
	assert.Equal(t, "application/json; charset=utf-8", ContentType("json"))
}

func TestWriteCommunicationsCSV(t *testing.T) {
	comms, _ := plan(t)
	var b bytes.Buffer
	require.NoError(t, WriteCommunicationsCSV(&b, comms[:2]))
	assert.Equal(t, "ID,Title,Status,Scheduled,Theme,Audience,Vehicle,Created\r\n"+
		"c-instant,\"Town hall, Q&A\",scheduled,2031-03-04T20:00:00Z,Go-live,Field Technicians,Main hall,2031-01-15T09:30:00Z\r\n"+
		"c-date,'=cmd|' /C calc'!A0,scheduled,2031-03-04,,,,2031-01-15T10:30:00Z\r\n", b.String())
}

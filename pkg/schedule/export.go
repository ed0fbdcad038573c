package schedule

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/csvfile"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/icalendar"
)

// Formats of the schedule export.
const (
	FormatICS  = "ics"
	FormatCSV  = "csv"
	FormatJSON = "json"
)

// ExportFormats lists the schedule export formats.
var ExportFormats = []string{FormatICS, FormatCSV, FormatJSON}

// Kinds of export entries.
const (
	KindCommunication    = "communication"
	KindCampaignActivity = "campaignActivity"
)

// DefaultCalendarName is the calendar name of an export; a feed uses its own.
const DefaultCalendarName = "Communications schedule"

// ExportOptions choose what an export holds and how it is written.
type ExportOptions struct {
	// Format is FormatICS, FormatCSV or FormatJSON.
	Format string
	// From and To bound the days kept, inclusive; a zero value is open.
	// They are calendar days as midnight UTC (see domain.Scheduled.Day).
	From, To time.Time
	// Location is the zone in which an instant falls on a day (nil is UTC).
	Location *time.Location
	// IncludeCampaigns adds every activity of every saved campaign.
	IncludeCampaigns bool
	// IncludeConfidential keeps the confidential communications and the
	// campaign activities that carry a confidentiality label, of those the
	// reader may see (the store leaves out the rest); by default they are
	// left out, so a feed or a download does not tell the deal before the
	// announcement.
	IncludeConfidential bool
	// ApprovedOnly keeps the communications, and the activities of the
	// campaigns, whose review state is approved.
	ApprovedOnly bool
	// Name is the calendar's name; empty is DefaultCalendarName.
	Name string
}

// ExportQuery is an export request as text: the API's query parameters or
// the CLI's flags.
type ExportQuery struct {
	Format           string
	From, To         string
	TZ               string
	IncludeCampaigns string
	// IncludeConfidential is a boolean; default false.
	IncludeConfidential string
	// Approved is a boolean (ApprovedOnly); default false.
	Approved string
}

// msgFormat refuses an unknown export format.
const msgFormat = "must be ics, csv or json"

// Options reads the query: format (ics, csv or json), the range and zone
// as ParseRange reads them, and includeCampaigns, includeConfidential and
// approved (booleans, default false). Bad values come back together as domain.FieldErrors naming each
// parameter, so the API and the CLI refuse the same input alike.
func (q ExportQuery) Options() (ExportOptions, error) {
	opt := ExportOptions{Format: strings.ToLower(q.Format)}
	f := domain.FieldErrors{}
	rg, err := ParseRange(q.From, q.To, q.TZ)
	if fe, ok := err.(domain.FieldErrors); ok {
		maps.Copy(f, fe)
	}
	opt.From, opt.To, opt.Location = rg.From, rg.To, rg.Loc
	if !slices.Contains(ExportFormats, opt.Format) {
		f["format"] = msgFormat
	}
	for _, p := range []struct {
		field, value string
		to           *bool
	}{{"includeCampaigns", q.IncludeCampaigns, &opt.IncludeCampaigns}, {"includeConfidential", q.IncludeConfidential, &opt.IncludeConfidential},
		{"approved", q.Approved, &opt.ApprovedOnly}} {
		if p.value != "" {
			b, err := strconv.ParseBool(p.value)
			if err != nil {
				f[p.field] = "must be true or false"
			}
			*p.to = b
		}
	}
	if len(f) > 0 {
		return opt, f
	}
	return opt, nil
}

// Entry is one line of the schedule: a scheduled communication or a
// campaign activity. It is what the JSON export lists.
type Entry struct {
	Kind string `json:"kind"`
	// UID is the calendar UID: "<communication id>@commsplan" or
	// "<campaign id>-<activity id>@commsplan".
	UID string `json:"uid"`
	// ID is the communication's or the activity's id.
	ID    string `json:"id"`
	Title string `json:"title"`
	// ScheduledDate is a date (YYYY-MM-DD) or an RFC 3339 UTC instant.
	ScheduledDate string `json:"scheduledDate"`
	AllDay        bool   `json:"allDay"`
	// Day is the calendar day the entry falls on in the export's zone.
	Day string `json:"day"`
	// Time is the local time (HH:MM) in the export's zone; empty all day.
	Time          string `json:"time,omitempty"`
	Status        string `json:"status"`
	Theme         string `json:"theme"`
	Audience      string `json:"audience"`
	Vehicle       string `json:"vehicle"`
	CampaignID    string `json:"campaignId,omitempty"`
	CampaignTitle string `json:"campaignTitle,omitempty"`
	Phase         string `json:"phase,omitempty"`
	// Confidentiality is a campaign activity's label ("Board Confidential").
	Confidentiality string `json:"confidentiality,omitempty"`

	at    domain.Scheduled
	event icalendar.Event
	// seq and index order a campaign's activities that compareEntries
	// finds equal: the campaign's place in ListCampaigns' order and the
	// activity's in its schedule.
	seq, index int
}

// Texts of a communication's event description when a reference is unset.
const (
	allAudiences = "All audiences"
	noVehicle    = "None"
)

// Entries lists what an export holds, in calendar order (day, then all-day
// before timed, then time, title and UID): each communication with status
// scheduled and a date, with its campaign when it was imported from one
// the reader sees, and with IncludeCampaigns every activity of every
// campaign that no communication was imported from (those with a
// confidentiality label only with IncludeConfidential), kept when its day
// lies in the range. comms and campaigns are the reader's: every
// communication, whatever its status, and every campaign. A communication whose
// stored date cannot be read is left out; a campaign whose schedule cannot
// be read is an error, since it was validated when saved.
func Entries(comms []domain.Communication, campaigns []domain.Campaign, opt ExportOptions) ([]Entry, error) {
	loc := opt.Location
	if loc == nil {
		loc = time.UTC
	}
	im := memoryImports(comms, campaigns)
	var out []Entry
	keep := func(e Entry) {
		if e, ok := placed(e, opt, loc); ok {
			out = append(out, e)
		}
	}
	for c, at := range scheduled(comms) {
		if !keeps(c, opt) {
			continue
		}
		keep(communicationEntry(c, at, im))
	}
	if opt.IncludeCampaigns {
		for i, c := range campaigns {
			if err := campaignEntries(c, opt, loc, i, im, func(e Entry) { out = append(out, e) }); err != nil {
				return nil, err
			}
		}
	}
	slices.SortStableFunc(out, compareEntries)
	if out == nil {
		out = []Entry{}
	}
	return out, nil
}

// eachActivity calls fn with each activity of c an export keeps, in the
// stored schedule's order with its index there and its day: none unless c
// is approved with opt.ApprovedOnly, no confidential one without
// opt.IncludeConfidential, none a communication was imported from (im: it
// is listed as that communication), and only those whose day lies in
// opt's range.
// A schedule that cannot be read, or a kept activity without a valid date,
// is an error (both were validated when the campaign was saved).
func eachActivity(c domain.Campaign, opt ExportOptions, im *imports, fn func(i int, a campaign.Activity, day time.Time) error) error {
	if opt.ApprovedOnly && c.Review.State != domain.ReviewApproved {
		return nil
	}
	// Only the activities: the phases repeat them and the rest is not
	// exported.
	var s struct {
		Activities []campaign.Activity `json:"activities"`
	}
	if err := json.Unmarshal(c.Schedule, &s); err != nil {
		return fmt.Errorf("campaign %s: stored schedule: %w", c.ID, err)
	}
	for i, a := range s.Activities {
		if (a.Confidentiality != "" && !opt.IncludeConfidential) || im.imported(c.ID, a.ID) {
			continue
		}
		day, err := a.Day()
		if err != nil {
			return fmt.Errorf("campaign %s: %w", c.ID, err)
		}
		if inRange(day, opt) {
			if err := fn(i, a, day); err != nil {
				return err
			}
		}
	}
	return nil
}

// campaignEntries calls keep with the entry of each activity of c that
// eachActivity keeps, placed in loc; seq is c's place among the campaigns
// in ListCampaigns' order, which with the activity's index settles the
// order of entries compareEntries finds equal.
func campaignEntries(c domain.Campaign, opt ExportOptions, loc *time.Location, seq int, im *imports, keep func(Entry)) error {
	return eachActivity(c, opt, im, func(i int, a campaign.Activity, _ time.Time) error {
		e, err := activityEntry(c, a)
		if err != nil {
			return fmt.Errorf("campaign %s: %w", c.ID, err)
		}
		e.seq, e.index = seq, i
		if e, ok := placed(e, opt, loc); ok {
			keep(e)
		}
		return nil
	})
}

// compareEntries is calendar order: day, all-day before timed, then time,
// title and UID.
func compareEntries(a, b Entry) int {
	return cmp.Or(strings.Compare(a.Day, b.Day), boolOrder(a.AllDay, b.AllDay), a.at.At.Compare(b.at.At),
		strings.Compare(a.Title, b.Title), strings.Compare(a.UID, b.UID))
}

// boolOrder puts true first.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// placed fills e's Day and Time in loc; ok is false when its day is
// outside opt's range.
func placed(e Entry, opt ExportOptions, loc *time.Location) (Entry, bool) {
	day := e.at.Day(loc)
	if !inRange(day, opt) {
		return e, false
	}
	e.Day = day.Format(time.DateOnly)
	if !e.AllDay {
		e.Time = e.at.At.In(loc).Format("15:04")
	}
	return e, true
}

// inRange reports whether day lies in opt's range.
func inRange(day time.Time, opt ExportOptions) bool {
	return (opt.From.IsZero() || !day.Before(opt.From)) && (opt.To.IsZero() || !day.After(opt.To))
}

// keeps says whether an export keeps a communication it may show: approved
// ones only with opt.ApprovedOnly, confidential ones only with
// opt.IncludeConfidential (the store has already left out what the reader
// may not see).
func keeps(c domain.Communication, opt ExportOptions) bool {
	return (!opt.ApprovedOnly || c.Review.State == domain.ReviewApproved) && (!c.Confidential || opt.IncludeConfidential)
}

// confidentialLabel is the Confidentiality of a confidential communication
// without a label of its own (one of a campaign a planner marked).
const confidentialLabel = "Confidential"

// communicationEntry describes a scheduled communication; im names the
// campaign it was imported from.
func communicationEntry(c domain.Communication, at domain.Scheduled, im *imports) Entry {
	e := Entry{Kind: KindCommunication, UID: icalendar.UIDPart(c.ID) + "@commsplan", ID: c.ID, Title: c.Title,
		ScheduledDate: at.String(), AllDay: at.AllDay, Status: c.Status, at: at, Confidentiality: c.Confidentiality}
	e.CampaignID, e.CampaignTitle = im.campaign(c)
	if c.Confidential && e.Confidentiality == "" {
		e.Confidentiality = confidentialLabel
	}
	if c.Theme != nil {
		e.Theme = c.Theme.Name
	}
	audience, vehicle := allAudiences, noVehicle
	if c.Audience != nil {
		e.Audience, audience = c.Audience.Name, c.Audience.Name
	}
	if c.Vehicle != nil {
		e.Vehicle, vehicle = c.Vehicle.Name, c.Vehicle.Name
		// The type's label only when it says more than the name:
		// "Town Hall", not "Town Hall (Town Hall)".
		if label := campaign.ChannelLabel(c.Vehicle.Type); c.Vehicle.Type != "" && !strings.EqualFold(strings.TrimSpace(c.Vehicle.Name), label) {
			vehicle += " (" + label + ")"
		}
	}
	desc := "Audience: " + audience + "\nVehicle: " + vehicle
	if e.Theme != "" {
		desc += "\nTheme: " + e.Theme
	}
	e.event = icalendar.Event{UID: e.UID, Summary: c.Title, Description: desc, AllDay: at.AllDay, Start: at.At,
		Stamp: c.CreatedAt, Categories: []string{e.Theme}, Status: icalendar.StatusConfirmed, Transparent: true,
		Confidential: c.Confidential}
	return e
}

// activityEntry describes a saved campaign's activity. Its DTSTAMP is the
// campaign's updatedAt: the activities change only with the campaign.
func activityEntry(c domain.Campaign, a campaign.Activity) (Entry, error) {
	uid := campaign.ActivityUID(c.ID, a.ID)
	ev, err := a.Event(uid, c.UpdatedAt)
	if err != nil {
		return Entry{}, err
	}
	return Entry{Kind: KindCampaignActivity, UID: uid, ID: a.ID, Title: a.Title, ScheduledDate: a.Date, AllDay: true,
		Status: a.Status, Audience: a.Audience, Vehicle: campaign.ChannelLabel(a.Channel), CampaignID: c.ID,
		CampaignTitle: c.Title, Phase: a.Phase, Confidentiality: a.Confidentiality, at: domain.Scheduled{AllDay: true, At: ev.Start}, event: ev}, nil
}

// csvHeader is the first row of the CSV export: beside the stored value
// (a date, or the UTC instant) the local date and time in the export's
// zone, which a spreadsheet reads as they are.
var csvHeader = []string{"Kind", "ID", "Title", "Scheduled (UTC)", "Date", "Time", "Time Zone", "Status", "Theme",
	"Audience", "Vehicle", "Campaign ID", "Campaign", "Phase", "Confidentiality"}

// WriteCSV writes entries as CSV (RFC 4180, CRLF, formulas defused); loc
// names the zone of the local Date and Time columns (UTC when nil).
func WriteCSV(w io.Writer, entries []Entry, loc *time.Location) error {
	zone := zoneName(loc)
	rows := make([][]string, len(entries))
	for i, e := range entries {
		rows[i] = csvRow(e, zone)
	}
	return csvfile.Write(w, csvHeader, rows)
}

// zoneName names loc in the CSV's Time Zone column.
func zoneName(loc *time.Location) string {
	if loc == nil {
		return "UTC"
	}
	return loc.String()
}

// csvRow is e's CSV row; zone is the export's zone name.
func csvRow(e Entry, zone string) []string {
	if e.AllDay {
		zone = "" // a date is in no zone
	}
	return []string{e.Kind, e.ID, e.Title, e.ScheduledDate, e.Day, e.Time, zone, e.Status, e.Theme, e.Audience, e.Vehicle,
		e.CampaignID, e.CampaignTitle, e.Phase, e.Confidentiality}
}

// productID is the PRODID of the schedule's calendars.
const productID = "-//commsplan//Communications Schedule//EN"

// WriteICS writes entries as an iCalendar document named name: one VEVENT
// each, all day for a date and one hour from the instant otherwise.
func WriteICS(w io.Writer, name string, entries []Entry) error {
	if name == "" {
		name = DefaultCalendarName
	}
	cal := icalendar.Calendar{ProductID: productID, Name: name,
		Events: make([]icalendar.Event, len(entries))}
	for i, e := range entries {
		cal.Events[i] = e.event
	}
	return icalendar.Write(w, cal)
}

// WriteJSON writes entries as an indented JSON list, the way the CLI prints
// JSON.
func WriteJSON(w io.Writer, entries []Entry) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(entries)
}

// Export renders the schedule in opt.Format (see Entries for what it
// holds) from lists in memory. The API's GET /api/schedule/export, the
// calendar feed and the CLI's "export schedule" stream the same bytes from
// the store with ExportTo. An unknown format is a domain.FieldErrors on
// format.
func Export(comms []domain.Communication, campaigns []domain.Campaign, opt ExportOptions) ([]byte, error) {
	if !slices.Contains(ExportFormats, opt.Format) {
		return nil, domain.FieldErrors{"format": msgFormat}
	}
	entries, err := Entries(comms, campaigns, opt)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	switch opt.Format {
	case FormatICS:
		err = WriteICS(&b, opt.Name, entries)
	case FormatCSV:
		err = WriteCSV(&b, entries, opt.Location)
	default:
		err = WriteJSON(&b, entries)
	}
	return b.Bytes(), err
}

// ContentType is the media type of an export format.
func ContentType(format string) string {
	switch format {
	case FormatICS:
		return "text/calendar; charset=utf-8"
	case FormatCSV:
		return "text/csv; charset=utf-8"
	}
	return "application/json; charset=utf-8"
}

// FileName is the download name of an export: "commsplan_schedule", the
// range when one is given, and the format's extension. It holds only
// letters, digits, '_', '-' and '.'.
func FileName(opt ExportOptions) string {
	name := "commsplan_schedule"
	if !opt.From.IsZero() {
		name += "_from_" + opt.From.Format(time.DateOnly)
	}
	if !opt.To.IsZero() {
		name += "_to_" + opt.To.Format(time.DateOnly)
	}
	return name + "." + icalendar.UIDPart(opt.Format)
}

// communicationsCSVHeader is the first row of a communications list as CSV.
var communicationsCSVHeader = []string{"ID", "Title", "Status", "Scheduled", "Theme", "Audience", "Vehicle",
	"Created"}

// WriteCommunicationsCSV writes communications (any status) as CSV, one row
// each in the given order, for "commsplan communication list".
func WriteCommunicationsCSV(w io.Writer, comms []domain.Communication) error {
	rows := make([][]string, len(comms))
	for i, c := range comms {
		var theme, audience, vehicle string
		if c.Theme != nil {
			theme = c.Theme.Name
		}
		if c.Audience != nil {
			audience = c.Audience.Name
		}
		if c.Vehicle != nil {
			vehicle = c.Vehicle.Name
		}
		rows[i] = []string{c.ID, c.Title, c.Status, c.ScheduledDate, theme, audience, vehicle,
			c.CreatedAt.UTC().Format(time.RFC3339)}
	}
	return csvfile.Write(w, communicationsCSVHeader, rows)
}

// Source is where the streamed export reads the plan (plan.ScheduleSource
// reads a store). The export names what it wants with a Query, so the
// rules here import no storage.
type Source interface {
	// EachCommunication calls fn with each communication q asks for,
	// without its content, in date order (ListCommunications' order).
	EachCommunication(ctx context.Context, q Query, fn func(domain.Communication) error) error
	// EachCampaign calls fn with each campaign the reader sees (all with
	// ids nil, else those named) in ListCampaigns' order.
	EachCampaign(ctx context.Context, ids []string, fn func(domain.Campaign) error) error
}

// Query is what the streamed export asks a Source for: with Imported every
// communication imported from a campaign, dated or not, whatever its
// status; otherwise the scheduled communications with a date whose day in
// Loc lies from From to To (inclusive days as midnight UTC; zero leaves
// that end open).
type Query struct {
	Imported bool
	From, To time.Time
	Loc      *time.Location
}

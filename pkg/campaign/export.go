package campaign

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// File name suffixes of the exports (spec 02 §9 for the HTML ones).
const (
	scheduleHTMLSuffix = "_campaign_schedule.html"
	savedHTMLSuffix    = "_campaign.html"
	scheduleCSVSuffix  = "_campaign_schedule.csv"
	scheduleICSSuffix  = "_campaign_schedule.ics"
	scheduleJSONSuffix = "_campaign_schedule.json"
)

// SanitizeTitle makes a title safe for a file name the way the spec's
// downloads do: lower case, and every character other than a-z and 0-9
// replaced by an underscore. A title with nothing left becomes "campaign".
func SanitizeTitle(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(title)) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if strings.Trim(b.String(), "_") == "" {
		return "campaign"
	}
	return b.String()
}

// FileName returns the download name of a schedule export in format html,
// csv, ics or json: the sanitised campaign title plus
// "_campaign_schedule.<ext>".
func FileName(title, format string) string {
	suffix := map[string]string{
		"html": scheduleHTMLSuffix, "csv": scheduleCSVSuffix,
		"ics": scheduleICSSuffix, "json": scheduleJSONSuffix,
	}[format]
	if suffix == "" {
		suffix = "_campaign_schedule." + SanitizeTitle(format)
	}
	return SanitizeTitle(title) + suffix
}

// SavedFileName returns the download name of a saved campaign's HTML: the
// sanitised saved title plus "_campaign.html".
func SavedFileName(title string) string {
	return SanitizeTitle(title) + savedHTMLSuffix
}

// csvHeader is the first row of the CSV export.
var csvHeader = []string{
	"ID", "Date", "Phase", "Title", "Type", "Timing", "Audience", "Channel",
	"Priority", "Status", "Description", "Confidentiality", "Phase Percentage",
}

// WriteCSV writes the schedule's activities as CSV (RFC 4180, CRLF line
// ends), one row per activity in schedule order, dates ISO.
func WriteCSV(w io.Writer, s *Schedule) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, a := range s.Activities {
		row := []string{
			a.ID, a.Date, a.Phase, a.Title, a.Type, a.Timing, a.Audience, a.Channel,
			a.Priority, a.Status, a.Description, a.Confidentiality, a.PhasePercentage,
		}
		for i := range row {
			row[i] = csvCell(row[i])
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvCell defuses spreadsheet formulas: edited schedules carry free text,
// and a cell starting with = + - @ would run as a formula when opened.
func csvCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// ICSOptions tunes the iCalendar export.
type ICSOptions struct {
	// Namespace makes event UIDs unique across calendars; a saved
	// campaign's id is a good one. Empty means the schedule's id.
	Namespace string
	// Stamp is the DTSTAMP of every event: when the data last changed.
	// Zero means the schedule's start date, which keeps output stable.
	Stamp time.Time
}

// WriteICS writes the schedule as an iCalendar (RFC 5545) document with one
// all-day VEVENT per activity. Lines end in CRLF and are folded at 75
// octets; text is escaped. An activity without a valid ISO date is an
// error, since no calendar client could place it.
func WriteICS(w io.Writer, s *Schedule, opt ICSOptions) error {
	ns := opt.Namespace
	if ns == "" {
		ns = s.ID
	}
	stamp := opt.Stamp
	if stamp.IsZero() {
		stamp, _ = time.Parse(DateLayout, s.StartDate)
	}
	cal := ics.NewCalendarFor("commsplan")
	cal.SetProductId("-//commsplan//Campaign Schedule//EN")
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(ics.MethodPublish)
	cal.SetXWRCalName(icsText(s.CampaignName))
	if s.ConfidentialityNote != "" {
		cal.SetXWRCalDesc(icsText(s.ConfidentialityNote))
	}
	for _, a := range s.Activities {
		day, err := time.Parse(DateLayout, a.Date)
		if err != nil {
			return fmt.Errorf("activity %q has no valid date (%q)", a.Title, a.Date)
		}
		e := cal.AddEvent(icsUID(a.ID, ns))
		e.SetDtStampTime(stamp.UTC())
		e.SetAllDayStartAt(day)
		e.SetAllDayEndAt(day.AddDate(0, 0, 1))
		e.SetSummary(icsText(a.Title))
		e.SetDescription(icsText(icsDescription(a)))
		if a.Phase != "" {
			e.AddCategory(icsText(a.Phase))
		}
		if p, ok := icsPriority[a.Priority]; ok {
			e.SetPriority(p)
		}
		if a.Status == ActivityCancelled {
			e.SetStatus(ics.ObjectStatusCancelled)
		} else {
			e.SetStatus(ics.ObjectStatusConfirmed)
		}
		if a.Confidentiality != "" {
			e.SetClass(ics.ClassificationConfidential)
		}
		// All-day planning entries should not block anyone's free time.
		e.SetTimeTransparency(ics.TransparencyTransparent)
	}
	return cal.SerializeTo(w, ics.WithNewLineWindows)
}

// icsPriority maps activity priority to RFC 5545 PRIORITY (1 highest).
var icsPriority = map[string]int{PriorityHigh: 1, PriorityMedium: 5, PriorityLow: 9}

func icsUID(activityID, ns string) string {
	return SanitizeUID(activityID) + "." + SanitizeUID(ns) + "@commsplan"
}

// SanitizeUID keeps the characters that are safe in a UID and on every
// calendar client: letters, digits, '-' and '.'.
func SanitizeUID(s string) string {
	var b strings.Builder
	for _, r := range s {
		if (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r == '-' || r == '.' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

func icsDescription(a Activity) string {
	var b strings.Builder
	b.WriteString(a.Description)
	b.WriteString("\n")
	for _, f := range [][2]string{
		{"Phase", a.Phase}, {"Timing", a.Timing}, {"Type", a.Type}, {"Audience", a.Audience},
		{"Channel", ChannelLabel(a.Channel)}, {"Priority", a.Priority}, {"Status", a.Status},
		{"Confidentiality", a.Confidentiality}, {"Pre-acquisition phase", a.PhasePercentage},
	} {
		if f[1] != "" {
			b.WriteString("\n" + f[0] + ": " + f[1])
		}
	}
	return strings.TrimSpace(b.String())
}

// icsText prepares free text for a TEXT value: the library escapes
// backslashes, commas, semicolons and LF, but RFC 5545 also forbids bare CR
// and other control characters.
func icsText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\n' || r == '\t':
			return r
		case r < 0x20 || r == 0x7f:
			return -1
		}
		return r
	}, s)
}

// channelLabels are the display names of the delivery vehicle types.
var channelLabels = map[string]string{
	"email": "Email", "blog": "Blog", "social": "Social Media", "newsletter": "Newsletter",
	"internal": "Internal Memo", "town_hall": "Town Hall", "interactive_workshop": "Interactive Workshop",
	"digital_signage": "Digital Signage", "mobile_push": "Mobile Push", "podcast": "Podcast",
	"video": "Video", "lunch_learn": "Lunch and Learn", "project_dashboard": "Project Dashboard",
	"executive_briefing": "Executive Briefing", "yammer_teams": "Yammer / Teams", "sms": "SMS",
}

// ChannelLabel returns the display name of a channel (a delivery vehicle
// type), or the channel itself when it is free text.
func ChannelLabel(channel string) string {
	if l, ok := channelLabels[channel]; ok {
		return l
	}
	return channel
}

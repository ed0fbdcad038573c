package campaign

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/csvfile"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/icalendar"
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
// ends, formulas defused), one row per activity in schedule order, dates ISO.
func WriteCSV(w io.Writer, s *Schedule) error {
	rows := make([][]string, len(s.Activities))
	for i, a := range s.Activities {
		rows[i] = []string{
			a.ID, a.Date, a.Phase, a.Title, a.Type, a.Timing, a.Audience, a.Channel,
			a.Priority, a.Status, a.Description, a.Confidentiality, a.PhasePercentage,
		}
	}
	return csvfile.Write(w, csvHeader, rows)
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
// all-day VEVENT per activity, through pkg/icalendar. An activity without a
// valid ISO date is an error, since no calendar client could place it.
func WriteICS(w io.Writer, s *Schedule, opt ICSOptions) error {
	ns := opt.Namespace
	if ns == "" {
		ns = s.ID
	}
	stamp := opt.Stamp
	if stamp.IsZero() {
		stamp, _ = time.Parse(DateLayout, s.StartDate)
	}
	cal := icalendar.Calendar{
		ProductID:   "-//commsplan//Campaign Schedule//EN",
		Name:        s.CampaignName,
		Description: s.ConfidentialityNote,
		Events:      make([]icalendar.Event, 0, len(s.Activities)),
	}
	for _, a := range s.Activities {
		e, err := a.Event(ActivityUID(ns, a.ID), stamp)
		if err != nil {
			return err
		}
		cal.Events = append(cal.Events, e)
	}
	return icalendar.Write(w, cal)
}

// ActivityUID is the one calendar UID of a campaign's activity, the same in
// the campaign's ICS export, the schedule export and the calendar feed, so
// a planner who imports both sees the activity once:
// "<campaign id>-<activity id>@commsplan".
func ActivityUID(campaignID, activityID string) string {
	return icalendar.UIDPart(campaignID) + "-" + icalendar.UIDPart(activityID) + "@commsplan"
}

// Event describes the activity as an all-day calendar event with the given
// UID and DTSTAMP: its title, a description listing its details, its phase
// as category, and its priority, status and confidentiality. Campaign
// exports and the schedule's calendar feed both use it. An activity
// without a valid ISO date is an error.
func (a Activity) Event(uid string, stamp time.Time) (icalendar.Event, error) {
	day, err := a.Day()
	if err != nil {
		return icalendar.Event{}, err
	}
	e := icalendar.Event{
		UID: uid, Summary: a.Title, Description: icsDescription(a), AllDay: true, Start: day, Stamp: stamp,
		Categories: []string{a.Phase}, Priority: icsPriority[a.Priority], Status: icalendar.StatusConfirmed,
		Confidential: a.Confidentiality != "",
		// All-day planning entries should not block anyone's free time.
		Transparent: true,
	}
	if a.Status == ActivityCancelled {
		e.Status = icalendar.StatusCancelled
	}
	return e, nil
}

// Day is the activity's date as midnight UTC; an activity without a valid
// ISO date is an error.
func (a Activity) Day() (time.Time, error) {
	day, err := time.Parse(DateLayout, a.Date)
	if err != nil {
		return time.Time{}, fmt.Errorf("activity %q has no valid date (%q)", a.Title, a.Date)
	}
	return day, nil
}

// icsPriority maps activity priority to RFC 5545 PRIORITY (1 highest).
var icsPriority = map[string]int{PriorityHigh: 1, PriorityMedium: 5, PriorityLow: 9}

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

// ChannelLabel returns the display name of a channel: a delivery vehicle
// type's label from the registry (domain.VehicleTypes), the one the screens
// show, or the channel itself when it is free text rather than a type.
func ChannelLabel(channel string) string {
	if l, ok := domain.VehicleTypeLabel(channel); ok {
		return l
	}
	return channel
}

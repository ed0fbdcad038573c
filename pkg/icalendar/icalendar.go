// Package icalendar is commsplan's one iCalendar (RFC 5545) writer. The
// campaign export, the schedule export and the subscribable calendar feed
// all describe their entries as Events and write them with Write, which
// builds on github.com/arran4/golang-ical: lines end in CRLF and are folded
// at 75 octets, and TEXT values are escaped.
package icalendar

import (
	"io"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// Event statuses (RFC 5545 STATUS of a VEVENT).
const (
	StatusConfirmed = "CONFIRMED"
	StatusCancelled = "CANCELLED"
)

// Calendar is a VCALENDAR: its identity and its events, written in order.
type Calendar struct {
	// ProductID is the PRODID, for example "-//commsplan//Campaign Schedule//EN".
	ProductID string
	// Name is the display name calendar clients show (X-WR-CALNAME).
	Name string
	// Description is an optional note on the calendar (X-WR-CALDESC).
	Description string
	Events      []Event
}

// Event is one VEVENT. An all-day event starts on Start's calendar date
// (DTSTART;VALUE=DATE) and ends the next day; any other starts at the
// instant Start (written in UTC) and lasts one hour.
type Event struct {
	UID         string
	Summary     string
	Description string
	// AllDay makes Start a calendar date: its year, month and day as they
	// read in Start's own location, never shifted.
	AllDay bool
	Start  time.Time
	// Stamp is the DTSTAMP: when the data behind the event last changed, so
	// unchanged data writes the same bytes.
	Stamp      time.Time
	Categories []string
	// Priority is the RFC 5545 PRIORITY, 1 (highest) to 9; 0 leaves it out.
	Priority int
	// Status is StatusConfirmed, StatusCancelled or "" for none.
	Status string
	// Confidential marks the event CLASS:CONFIDENTIAL.
	Confidential bool
	// Transparent marks the event TRANSP:TRANSPARENT: it does not block
	// the subscriber's free time, which suits planning entries.
	Transparent bool
}

// instantLength is how long an event at an instant lasts.
const instantLength = time.Hour

// Write writes c as an iCalendar document.
func Write(w io.Writer, c Calendar) error {
	cal := header(c)
	for _, ev := range c.Events {
		cal.AddVEvent(vevent(ev))
	}
	return cal.SerializeTo(w, ics.WithNewLineWindows)
}

// header is the VCALENDAR of c without its events.
func header(c Calendar) *ics.Calendar {
	cal := ics.NewCalendarFor("commsplan")
	if c.ProductID != "" {
		cal.SetProductId(c.ProductID)
	}
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(ics.MethodPublish)
	if c.Name != "" {
		cal.SetXWRCalName(text(c.Name))
	}
	if c.Description != "" {
		cal.SetXWRCalDesc(text(c.Description))
	}
	return cal
}

// vevent is ev as the library's VEVENT.
func vevent(ev Event) *ics.VEvent {
	e := ics.NewEvent(ev.UID)
	e.SetDtStampTime(ev.Stamp.UTC())
	if ev.AllDay {
		y, m, d := ev.Start.Date()
		day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		e.SetAllDayStartAt(day)
		e.SetAllDayEndAt(day.AddDate(0, 0, 1))
	} else {
		e.SetStartAt(ev.Start.UTC())
		e.SetEndAt(ev.Start.UTC().Add(instantLength))
	}
	e.SetSummary(text(ev.Summary))
	if ev.Description != "" {
		e.SetDescription(text(ev.Description))
	}
	for _, cat := range ev.Categories {
		if cat != "" {
			e.AddCategory(text(cat))
		}
	}
	if ev.Priority > 0 {
		e.SetPriority(ev.Priority)
	}
	if ev.Status != "" {
		e.SetStatus(ics.ObjectStatus(ev.Status))
	}
	if ev.Confidential {
		e.SetClass(ics.ClassificationConfidential)
	}
	if ev.Transparent {
		e.SetTimeTransparency(ics.TransparencyTransparent)
	}
	return e
}

// serialization is Write's: lines end in CRLF, folded at 75 octets.
var serialization = &ics.SerializationConfiguration{MaxLength: 75, PropertyMaxLength: 75, NewLine: string(ics.WithNewLineWindows)}

// endCalendar closes a VCALENDAR.
const endCalendar = "END:VCALENDAR\r\n"

// Writer writes an iCalendar document one event at a time, the same bytes
// Write gives for the same calendar, without holding the events: the
// schedule export and the calendar feeds stream with it.
type Writer struct {
	w   io.Writer
	err error
}

// NewWriter writes c's header (c.Events are not written) and returns the
// writer of its events; Close ends the document.
func NewWriter(w io.Writer, c Calendar) (*Writer, error) {
	var b strings.Builder
	if err := header(c).SerializeTo(&b, ics.WithNewLineWindows); err != nil {
		return nil, err
	}
	_, err := io.WriteString(w, strings.TrimSuffix(b.String(), endCalendar))
	return &Writer{w: w, err: err}, err
}

// Event writes one event.
func (cw *Writer) Event(ev Event) error {
	if cw.err == nil {
		cw.err = vevent(ev).SerializeTo(cw.w, serialization)
	}
	return cw.err
}

// Close ends the document (it does not close the underlying writer).
func (cw *Writer) Close() error {
	if cw.err == nil {
		_, cw.err = io.WriteString(cw.w, endCalendar)
	}
	return cw.err
}

// text prepares free text for a TEXT value: the library escapes
// backslashes, commas, semicolons and LF, but RFC 5545 also forbids bare CR
// and other control characters, so CR becomes LF and the rest are dropped.
func text(s string) string {
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

// UIDPart keeps the characters that are safe in a UID on every calendar
// client (letters, digits, '-' and '.') and turns any other into '-'.
func UIDPart(s string) string {
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

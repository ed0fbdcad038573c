// Package icalendar is commsplan's one iCalendar (RFC 5545) writer. The
// campaign export, the schedule export and the subscribable calendar feed
// all describe their entries as Events and write them with Write, which
// builds on github.com/arran4/golang-ical: lines end in CRLF and are folded
// at 75 octets, and TEXT values are escaped.
package icalendar

import (
	"io"
	"strconv"
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
		cal.AddVEvent(&ics.VEvent{ComponentBase: ics.ComponentBase{Properties: properties(nil, ev)}})
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

// properties appends ev's VEVENT properties to props: what the library's
// NewEvent and setters (SetDtStampTime, SetAllDayStartAt, AddCategory, ...)
// build, in their order, but without a parameter map and a parameter
// value each, the most of an event's allocations. The library serializes
// them.
func properties(props []ics.IANAProperty, ev Event) []ics.IANAProperty {
	add := func(p ics.ComponentProperty, value string, params map[string][]string) {
		props = append(props, ics.IANAProperty{BaseProperty: ics.BaseProperty{IANAToken: string(p), Value: value, ICalParameters: params}})
	}
	add(ics.ComponentPropertyUniqueId, ev.UID, nil)
	add(ics.ComponentPropertyDtstamp, ev.Stamp.UTC().Format(utcLayout), nil)
	if ev.AllDay {
		y, m, d := ev.Start.Date()
		day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		add(ics.ComponentPropertyDtStart, day.Format(dateLayout), dateParams)
		add(ics.ComponentPropertyDtEnd, day.AddDate(0, 0, 1).Format(dateLayout), dateParams)
	} else {
		add(ics.ComponentPropertyDtStart, ev.Start.UTC().Format(utcLayout), nil)
		add(ics.ComponentPropertyDtEnd, ev.Start.UTC().Add(instantLength).Format(utcLayout), nil)
	}
	add(ics.ComponentPropertySummary, text(ev.Summary), nil)
	if ev.Description != "" {
		add(ics.ComponentPropertyDescription, text(ev.Description), nil)
	}
	for _, cat := range ev.Categories {
		if cat != "" {
			add(ics.ComponentPropertyCategories, text(cat), nil)
		}
	}
	if ev.Priority > 0 {
		add(ics.ComponentPropertyPriority, strconv.Itoa(ev.Priority), nil)
	}
	if ev.Status != "" {
		add(ics.ComponentPropertyStatus, ev.Status, nil)
	}
	if ev.Confidential {
		add(ics.ComponentPropertyClass, string(ics.ClassificationConfidential), nil)
	}
	if ev.Transparent {
		add(ics.ComponentPropertyTransp, string(ics.TransparencyTransparent), nil)
	}
	return props
}

// The library's layouts of a UTC DATE-TIME and of a DATE.
const (
	utcLayout  = "20060102T150405Z"
	dateLayout = "20060102"
)

// dateParams is VALUE=DATE, the parameter of an all-day event's DTSTART
// and DTEND; it is shared, as serializing only reads it.
var dateParams = map[string][]string{string(ics.ParameterValue): {string(ics.ValueDataTypeDate)}}

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
	// ev is reused from event to event: its properties' array.
	ev ics.VEvent
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
		cw.ev.Properties = properties(cw.ev.Properties[:0], ev)
		cw.err = cw.ev.SerializeTo(cw.w, serialization)
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
	unsafe := func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '-' && r != '.'
	}
	if strings.IndexFunc(s, unsafe) < 0 {
		return s // the common case, an id: no copy
	}
	return strings.Map(func(r rune) rune {
		if unsafe(r) {
			return '-'
		}
		return r
	}, s)
}

package icalendar

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func write(t *testing.T, c Calendar) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Write(&b, c))
	return b.String()
}

func TestWriteDateAndInstant(t *testing.T) {
	stamp := time.Date(2031, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 2*3600))
	// A date late in the evening east of UTC: its calendar date must not shift.
	day := time.Date(2031, 3, 4, 23, 30, 0, 0, time.FixedZone("E", 10*3600))
	at := time.Date(2031, 3, 4, 10, 0, 0, 0, time.FixedZone("NY", -5*3600))
	raw := write(t, Calendar{
		ProductID: "-//commsplan//Test//EN", Name: "Plan; Q1, wave\\2",
		Events: []Event{
			{UID: "a@commsplan", Summary: "Go-live notice", Description: "Audience: All\nVehicle: Email",
				AllDay: true, Start: day, Stamp: stamp, Categories: []string{"Launch", ""}, Transparent: true},
			{UID: "b@commsplan", Summary: "Town hall", Start: at, Stamp: stamp, Priority: 1,
				Status: StatusCancelled, Confidential: true},
		},
	})
	assert.True(t, strings.HasPrefix(raw, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//commsplan//Test//EN\r\n"), raw)
	assert.True(t, strings.HasSuffix(raw, "END:VCALENDAR\r\n"))
	assert.Contains(t, raw, "\r\nX-WR-CALNAME:Plan\\; Q1\\, wave\\\\2\r\n", "text escaped")
	assert.Contains(t, raw, "\r\nUID:a@commsplan\r\nDTSTAMP:20310102T010405Z\r\nDTSTART;VALUE=DATE:20310304\r\nDTEND;VALUE=DATE:20310305\r\n")
	assert.Contains(t, raw, "\r\nDESCRIPTION:Audience: All\\nVehicle: Email\r\n")
	assert.Contains(t, raw, "\r\nCATEGORIES:Launch\r\nTRANSP:TRANSPARENT\r\n", "empty category left out")
	assert.Contains(t, raw, "\r\nDTSTART:20310304T150000Z\r\nDTEND:20310304T160000Z\r\n", "instant in UTC, one hour")
	assert.Contains(t, raw, "\r\nPRIORITY:1\r\nSTATUS:CANCELLED\r\nCLASS:CONFIDENTIAL\r\n")
	assert.Equal(t, 1, strings.Count(raw, "TRANSP:"))
	assert.Equal(t, 1, strings.Count(raw, "DESCRIPTION:"), "an empty description is left out")

	cal, err := ics.ParseCalendar(strings.NewReader(raw))
	require.NoError(t, err)
	ev := cal.Events()
	require.Len(t, ev, 2)
	start, err := ev[0].GetAllDayStartAt()
	require.NoError(t, err)
	assert.Equal(t, "2031-03-04", start.Format(time.DateOnly))
	inst, err := ev[1].GetStartAt()
	require.NoError(t, err)
	assert.True(t, inst.Equal(at), "%v", inst)
}

func TestWriteFoldsAndCleansText(t *testing.T) {
	long := strings.Repeat("Überweisung — naïve café; ", 20)
	raw := write(t, Calendar{Events: []Event{{UID: "x", Summary: long, Description: "line\r\nnext\rthird\x00\x07 end",
		AllDay: true, Start: time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)}}})
	assert.Contains(t, raw, "PRODID:-//commsplan//Golang ICS Library", "default product id")
	lines := strings.Split(strings.TrimSuffix(raw, "\r\n"), "\r\n")
	folded := 0
	for _, l := range lines {
		assert.LessOrEqual(t, len(l), 75, "%q", l)
		assert.True(t, utf8.ValidString(l), "never split inside a UTF-8 sequence: %q", l)
		assert.NotContains(t, l, "\n")
		assert.NotContains(t, l, "\r")
		if strings.HasPrefix(l, " ") {
			folded++
		}
	}
	assert.Greater(t, folded, 5)
	cal, err := ics.ParseCalendar(strings.NewReader(raw))
	require.NoError(t, err)
	e := cal.Events()[0]
	assert.Equal(t, long, ics.FromText(e.GetProperty(ics.ComponentPropertySummary).Value))
	assert.Equal(t, "line\nnext\nthird end", ics.FromText(e.GetProperty(ics.ComponentPropertyDescription).Value),
		"CR becomes LF, other control characters go")
}

func TestWriteIsStable(t *testing.T) {
	c := Calendar{Name: "n", Events: []Event{{UID: "u", Summary: "s", Start: time.Unix(1e9, 0), Stamp: time.Unix(9e8, 0)}}}
	assert.Equal(t, write(t, c), write(t, c))
}

func TestUIDPart(t *testing.T) {
	assert.Equal(t, "activity-1.abc-DEF", UIDPart("activity-1.abc-DEF"))
	assert.Equal(t, "a-b-c--", UIDPart("a b@c/é"))
}

// TestWriterIsWrite: the streaming Writer gives Write's bytes, header,
// folded lines and all, and an empty calendar alike.
func TestWriterIsWrite(t *testing.T) {
	at := time.Date(2031, 3, 4, 15, 0, 0, 0, time.UTC)
	long := strings.Repeat("Ünïcode, commas; and \\ backslashes ", 6)
	for _, c := range []Calendar{
		{ProductID: "-//t//T//EN", Name: "Team, plan", Description: long},
		{Name: "n", Events: []Event{
			{UID: "a", Summary: long, Description: "line\nnext", AllDay: true, Start: at, Stamp: at, Categories: []string{"", "Go-live"},
				Status: StatusConfirmed, Transparent: true},
			{UID: "b", Summary: "s", Start: at, Stamp: at, Priority: 2, Status: StatusCancelled, Confidential: true},
		}},
	} {
		var whole, streamed bytes.Buffer
		require.NoError(t, Write(&whole, c))
		w, err := NewWriter(&streamed, c)
		require.NoError(t, err)
		for _, ev := range c.Events {
			require.NoError(t, w.Event(ev))
		}
		require.NoError(t, w.Close())
		assert.Equal(t, whole.String(), streamed.String())
	}
}

// libraryVEvent is ev built with the library's NewEvent and setters, as
// Write did before properties: the oracle properties must match.
func libraryVEvent(ev Event) *ics.VEvent {
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

// TestPropertiesAreTheSetters: an event built from properties serializes
// to the bytes of the same event built with the library's setters, for
// every field, folding and escaping included.
func TestPropertiesAreTheSetters(t *testing.T) {
	east := time.FixedZone("E", 10*3600)
	long := strings.Repeat("Ünïcode, commas; and \\ backslashes <b>tags</b> ", 5)
	var events []Event
	for i, start := range []time.Time{time.Date(2031, 12, 31, 23, 30, 0, 0, east), time.Date(2031, 3, 4, 15, 4, 5, 0, time.UTC)} {
		for j, summary := range []string{"Go-live", long, "Tab\there, CR\r\nand \x01 control"} {
			for k, desc := range []string{"", "Audience: All\nVehicle: Email", long + "\n" + long} {
				events = append(events, Event{UID: fmt.Sprintf("u%d-%d-%d@commsplan", i, j, k), Summary: summary, Description: desc,
					AllDay: (i+j+k)%2 == 0, Start: start, Stamp: start.Add(-time.Hour),
					Categories: [][]string{nil, {""}, {"Launch", "Wave; two"}}[k], Priority: []int{0, 1, 9}[j],
					Status: []string{"", StatusConfirmed, StatusCancelled}[(j+k)%3], Confidential: k == 1, Transparent: j != 1})
			}
		}
	}
	for _, ev := range events {
		var want, got bytes.Buffer
		require.NoError(t, libraryVEvent(ev).SerializeTo(&want, serialization))
		e := ics.VEvent{ComponentBase: ics.ComponentBase{Properties: properties(nil, ev)}}
		require.NoError(t, e.SerializeTo(&got, serialization))
		require.Equal(t, want.String(), got.String(), ev.UID)
	}
}

package domain

import (
	"errors"
	"time"
)

// Scheduled is a communication's scheduled time: either a calendar date
// (all day, in no time zone) or an instant. It is what scheduledDate holds.
type Scheduled struct {
	// AllDay is true for a calendar date; At is then midnight UTC of that date.
	AllDay bool
	// At is the instant, in UTC.
	At time.Time
}

// ErrScheduled is returned for a scheduledDate that is neither form.
var ErrScheduled = errors.New("must be a date (YYYY-MM-DD) or an RFC 3339 time")

// ParseScheduled reads a calendar date (YYYY-MM-DD) or an RFC 3339 instant in
// any offset, keeping which kind it was. An instant whose UTC form leaves
// years 0000-9999 is refused: its stored form could not be read back.
func ParseScheduled(s string) (Scheduled, error) {
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return Scheduled{AllDay: true, At: d}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return Scheduled{}, ErrScheduled
	}
	if y := t.UTC().Year(); y < 0 || y > 9999 {
		return Scheduled{}, ErrScheduled
	}
	return Scheduled{At: t.UTC()}, nil
}

// String is the stored and returned form: YYYY-MM-DD for a date, RFC 3339
// UTC for an instant (fractional seconds only when not zero).
func (s Scheduled) String() string {
	if s.AllDay {
		return s.At.Format(time.DateOnly)
	}
	return s.At.UTC().Format(time.RFC3339Nano)
}

// Day is the calendar day the communication falls on, as midnight UTC of
// that day: a date is its own day; an instant is its day in loc (UTC when
// nil). Rules that work per day or week (ISO weeks, blackouts, export
// ranges) compare these.
func (s Scheduled) Day(loc *time.Location) time.Time {
	if s.AllDay {
		return s.At
	}
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := s.At.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

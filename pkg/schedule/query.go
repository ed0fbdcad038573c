package schedule

import (
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Range is a request's optional day range and time zone. Every schedule
// route and the CLI read them with ParseRange, so they refuse the same input
// alike.
type Range struct {
	// From and To are inclusive days as midnight UTC (the form
	// domain.Scheduled.Day compares with); zero when absent.
	From, To time.Time
	// Loc puts an instant on its calendar day; UTC when tz is absent.
	Loc *time.Location
}

// ParseRange reads from and to (YYYY-MM-DD, optional, from not after to)
// and tz (an IANA zone name, default UTC). Bad values are domain.FieldErrors
// naming each parameter.
func ParseRange(from, to, tz string) (Range, error) {
	f := domain.FieldErrors{}
	rg := Range{From: parseDay(f, "from", from), To: parseDay(f, "to", to), Loc: time.UTC}
	if !rg.From.IsZero() && !rg.To.IsZero() && rg.To.Before(rg.From) {
		f["from"] = "must not be after to"
	}
	if tz != "" {
		// "Local" would be the server's zone, which means nothing to a client.
		loc, err := time.LoadLocation(tz)
		if err != nil || tz == "Local" {
			f["tz"] = "must be an IANA time zone name such as Europe/Paris"
		} else {
			rg.Loc = loc
		}
	}
	if len(f) > 0 {
		return rg, f
	}
	return rg, nil
}

// parseDay reads an optional YYYY-MM-DD value, noting a bad one in f.
func parseDay(f domain.FieldErrors, field, v string) time.Time {
	if v == "" {
		return time.Time{}
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		f[field] = "must be a date (YYYY-MM-DD)"
	}
	return d
}

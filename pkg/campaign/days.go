package campaign

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/rickar/cal/v2"
	"github.com/rickar/cal/v2/ar"
	"github.com/rickar/cal/v2/at"
	"github.com/rickar/cal/v2/be"
	"github.com/rickar/cal/v2/bg"
	"github.com/rickar/cal/v2/br"
	"github.com/rickar/cal/v2/ca"
	"github.com/rickar/cal/v2/ch"
	"github.com/rickar/cal/v2/cz"
	"github.com/rickar/cal/v2/de"
	"github.com/rickar/cal/v2/dk"
	"github.com/rickar/cal/v2/es"
	"github.com/rickar/cal/v2/fr"
	"github.com/rickar/cal/v2/gb"
	"github.com/rickar/cal/v2/gr"
	"github.com/rickar/cal/v2/hr"
	"github.com/rickar/cal/v2/ie"
	"github.com/rickar/cal/v2/it"
	"github.com/rickar/cal/v2/lt"
	"github.com/rickar/cal/v2/lv"
	"github.com/rickar/cal/v2/nl"
	"github.com/rickar/cal/v2/no"
	"github.com/rickar/cal/v2/nz"
	"github.com/rickar/cal/v2/pl"
	"github.com/rickar/cal/v2/ro"
	"github.com/rickar/cal/v2/se"
	"github.com/rickar/cal/v2/si"
	"github.com/rickar/cal/v2/sk"
	"github.com/rickar/cal/v2/ua"
	"github.com/rickar/cal/v2/us"
	"github.com/rickar/cal/v2/za"
)

// holidayCalendars are the national public-holiday calendars of
// github.com/rickar/cal, by ISO 3166 country code.
var holidayCalendars = map[string][]*cal.Holiday{
	"ar": ar.Holidays, "at": at.Holidays, "be": be.Holidays, "bg": bg.Holidays, "br": br.Holidays,
	"ca": ca.Holidays, "ch": ch.Holidays, "cz": cz.Holidays, "de": de.Holidays, "dk": dk.Holidays,
	"es": es.Holidays, "fr": fr.Holidays, "gb": gb.Holidays, "gr": gr.Holidays, "hr": hr.Holidays,
	"ie": ie.Holidays, "it": it.Holidays, "lt": lt.Holidays, "lv": lv.Holidays, "nl": nl.Holidays,
	"no": no.Holidays, "nz": nz.Holidays, "pl": pl.Holidays, "ro": ro.Holidays, "se": se.Holidays,
	"si": si.Holidays, "sk": sk.Holidays, "ua": ua.Holidays, "us": us.Holidays, "za": za.Holidays,
}

// HolidayCalendars returns the codes a holiday calendar may be given as,
// sorted ("none" means no calendar).
func HolidayCalendars() []string {
	out := make([]string, 0, len(holidayCalendars))
	for k := range holidayCalendars {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// KnownHolidayCalendar reports whether code names a holiday calendar ("" and
// "none" mean none and are known).
func KnownHolidayCalendar(code string) bool {
	_, ok := holidayCalendars[code]
	return ok || code == "" || code == "none"
}

// readCalendar reads the day rules of the configuration: business days,
// the holidays given and the cap. The calendar's holidays are added by
// Generate, once the period and the caller's default calendar are known.
func (p *plan) readCalendar(n Config) error {
	p.businessOnly = n.BusinessDaysOnly == nil || *n.BusinessDaysOnly
	p.holidays = map[time.Time]string{}
	for _, h := range n.Holidays {
		t, err := time.Parse(DateLayout, h)
		if err != nil {
			return invalid(MsgHoliday, "holidays", invalidDateFieldMessage)
		}
		p.holidays[t] = "a holiday"
	}
	if !KnownHolidayCalendar(n.HolidayCalendar) {
		return unknown("holiday calendar", "holidayCalendar", n.HolidayCalendar)
	}
	if n.MaxPerAudienceWeek != nil {
		if *n.MaxPerAudienceWeek < 1 {
			return invalid(MsgMaxPerAudienceWeek, "maxPerAudienceWeek", MsgMaxPerAudienceWeek)
		}
		p.maxPerWeek = *n.MaxPerAudienceWeek
	}
	return nil
}

// addCalendar adds the public holidays (observed dates) of the calendar
// code between from and to.
func (p *plan) addCalendar(code string, from, to time.Time) {
	hs := holidayCalendars[code]
	for y := from.Year(); y <= to.Year(); y++ {
		for _, h := range hs {
			_, obs := h.Calc(y)
			if obs.IsZero() {
				continue
			}
			d := time.Date(obs.Year(), obs.Month(), obs.Day(), 0, 0, 0, 0, time.UTC)
			if _, given := p.holidays[d]; !given || p.holidays[d] == "a holiday" {
				p.holidays[d] = h.Name
			}
		}
	}
}

// Blackout is a saved blackout period the generator avoids: Start and End
// are YYYY-MM-DD, inclusive; Audiences are the names of the audiences it
// covers (empty: everyone), matched to activity audiences case-insensitively.
type Blackout struct {
	Name      string
	Start     string
	End       string
	Audiences []string
}

// Options are what the caller reads from its settings and store and passes
// in, so the generator stays free of I/O.
type Options struct {
	// Blackouts are avoided for the audiences they cover.
	Blackouts []Blackout
	// MaxPerAudienceWeek is the cap when the configuration gives none
	// (the Schedule's schedule.max-per-audience-week; 3 when 0).
	MaxPerAudienceWeek int
	// HolidayCalendar is the calendar used when the configuration names
	// none (the server's campaign.holiday-calendar).
	HolidayCalendar string
}

// checkOptions refuses a default calendar that does not exist.
func (o Options) check() error {
	if !KnownHolidayCalendar(o.HolidayCalendar) {
		return fmt.Errorf("campaign: unknown holiday calendar %q", o.HolidayCalendar)
	}
	return nil
}

// blackoutSpan is a parsed blackout.
type blackoutSpan struct {
	name       string
	start, end time.Time
	audiences  []string // lower-cased names; empty: everyone
}

func parseBlackouts(bs []Blackout) []blackoutSpan {
	var out []blackoutSpan
	for _, b := range bs {
		s, err1 := time.Parse(DateLayout, b.Start)
		e, err2 := time.Parse(DateLayout, b.End)
		if err1 != nil || err2 != nil {
			continue
		}
		sp := blackoutSpan{name: b.Name, start: s, end: e}
		for _, a := range b.Audiences {
			sp.audiences = append(sp.audiences, lower(a))
		}
		out = append(out, sp)
	}
	return out
}

// blackoutOn returns the name of a blackout covering audience on day, or "".
func (g *generation) blackoutOn(audience string, day time.Time) string {
	a := lower(audience)
	for _, b := range g.blackouts {
		if day.Before(b.start) || day.After(b.end) {
			continue
		}
		if len(b.audiences) == 0 || slices.Contains(b.audiences, a) {
			return b.name
		}
	}
	return ""
}

// workday reports whether day may carry an activity: a weekday unless
// weekends are allowed, and not a holiday.
func (g *generation) workday(day time.Time) bool {
	if g.p.businessOnly && (day.Weekday() == time.Saturday || day.Weekday() == time.Sunday) {
		return false
	}
	_, holiday := g.p.holidays[day]
	return !holiday
}

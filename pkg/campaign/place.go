package campaign

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/load"
)

// placeAll places the go-live milestones and M&A activities: the pinned
// ones stay on their dates, the others take the best day (placeOne).
func (g *generation) placeAll(items []item) {
	for _, pinned := range []bool{true, false} {
		for i := range items {
			if items[i].pinned == pinned {
				g.placeOne(&items[i])
			}
		}
	}
}

// placeOne gives an item its date: a pinned one stays, any other takes the
// day nearest its ideal date, inside its window, that is a workday, outside
// the blackouts of its audience and within the audience's weekly cap. When
// no day satisfies all of that, the cap gives way first, then the
// blackout, then the workday rule, and a warning says so: the seeds' count
// wins over the rules, never silently.
func (g *generation) placeOne(it *item) {
	if !it.pinned {
		day, level := g.bestDay(it)
		it.date = day
		switch level {
		case levelBlackout:
			g.blackoutNotes = append(g.blackoutNotes, fmt.Sprintf("%q for %s on %s falls in the blackout %q: no other day in its window was free.",
				it.a.Title, it.a.Audience, domain.DayText(day), g.blackoutOn(it.a.Audience, day)))
		case levelNearest:
			g.dayNotes = append(g.dayNotes, fmt.Sprintf("%q for %s falls on %s, the nearest business day: its window has none.",
				it.a.Title, it.a.Audience, domain.DayText(day)))
		case levelAnyDay:
			g.dayNotes = append(g.dayNotes, fmt.Sprintf("%q for %s falls on %s, a weekend or holiday: its window has no business day.",
				it.a.Title, it.a.Audience, domain.DayText(day)))
		}
		if strings.HasPrefix(it.a.Timing, "Day ") {
			it.a.Timing = "Day " + strconv.Itoa(g.dayNumber(day))
		}
	}
	it.a.Date = it.date.Format(DateLayout)
	g.load.Add(it.a.Audience, it.date)
}

// finish writes the warnings and the campaign-specific descriptions.
func (g *generation) finish() {
	overloads := g.load.Overloads()
	if msg := g.overCapacity(overloads); msg != "" {
		// The count cannot fit the cap at all: one warning says why,
		// not one per week.
		g.warnings = append(g.warnings, msg)
		g.loadSummarised = true
	} else {
		for _, o := range overloads {
			g.warnings = append(g.warnings, load.Message(o.Audience, o.Count, g.load.Limit(), o.Monday, "activity", "activities"))
		}
	}
	for _, it := range g.items {
		if s := g.secretUntil(lowerAudience(it.a.Audience)); it.date.Before(s) {
			g.warnings = append(g.warnings, fmt.Sprintf("%q for %s on %s comes before the announcement on %s: the campaign ends before it.",
				it.a.Title, it.a.Audience, domain.DayText(it.date), domain.DayText(s)))
		}
	}
	g.warnings = append(g.warnings, g.blackoutNotes...)
	g.warnings = append(g.warnings, g.dayNotes...)
	for i := range g.items {
		it := &g.items[i]
		it.a.Description = g.describe(it.a)
		if it.a.Confidentiality == "" {
			// Every activity of a confidential campaign says how far it
			// may go.
			it.a.Confidentiality = g.confidentialityOn(it.date)
		}
		if it.a.Confidentiality == "" && g.beforeClose(it) {
			it.a.Confidentiality = BeforeCloseLabel
		}
	}
}

// How far bestDay had to relax the rules.
const (
	levelAll      = iota // a free workday outside blackouts
	levelOverCap         // over the weekly cap
	levelBlackout        // in a blackout of the audience
	levelAnyDay          // on a weekend or holiday
	levelNearest         // outside its window, on the nearest business day
)

// bestDay returns the day for it and how far the rules were relaxed.
func (g *generation) bestDay(it *item) (time.Time, int) {
	lo, hi := it.lo, it.hi
	if lo.IsZero() {
		lo, hi = g.p.start, g.p.end
	}
	ideal := it.date
	if ideal.Before(lo) {
		ideal = lo
	}
	if ideal.After(hi) {
		ideal = hi
	}
	aud := it.a.Audience
	// Within the cap, an activity moves at most maxShift days from its
	// ideal date; further than that it had better break the cap where it
	// belongs (and say so) than drift away from its moment.
	tests := []func(time.Time) bool{
		func(d time.Time) bool { return g.workday(d) && g.blackoutOn(aud, d) == "" && g.load.Fits(aud, d) },
		func(d time.Time) bool { return g.workday(d) && g.blackoutOn(aud, d) == "" },
		func(d time.Time) bool { return g.workday(d) },
	}
	for level, ok := range tests {
		l, h := lo, hi
		if level == levelAll {
			l, h = later(lo, ideal.AddDate(0, 0, -maxShift)), earlier(hi, ideal.AddDate(0, 0, maxShift))
		}
		if d, found := nearest(ideal, l, h, ok); found {
			return d, level
		}
	}
	// No workday in the window (a window on a weekend, or held on an end
	// date that is one): the nearest workday the catalogue's rules allow
	// (never across go-live, the close or the announcement the wrong way),
	// rather than an activity on a day off.
	rlo, rhi := g.ruleWindow(it.a.Title, lowerAudience(aud), later(g.p.start, g.secretUntil(lowerAudience(aud))), g.p.end)
	// A few days past the window's end first (what a milestone opens
	// stays after it), then before its start.
	fwd := earlier(rhi, hi.AddDate(0, 0, windowSlack))
	if !it.until.IsZero() {
		fwd = earlier(fwd, it.until)
	}
	if d, found := nearest(hi, later(rlo, hi), fwd, g.workday); found {
		return d, levelNearest
	}
	// Never before what its anchor opens (free), when it has one.
	rlo = later(rlo, it.free)
	if d, found := nearest(lo, later(rlo, lo.AddDate(0, 0, -windowSlack)), earlier(rhi, lo), g.workday); found {
		return d, levelNearest
	}
	if d, found := nearest(ideal, rlo, rhi, g.workday); found {
		return d, levelNearest
	}
	if d, found := nearest(ideal, g.p.start, g.p.end, g.workday); found {
		return d, levelNearest
	}
	return ideal, levelAnyDay
}

// windowSlack is how far past its window an activity whose window holds no
// business day may go (a long weekend); the checker allows as much.
const windowSlack = 4

// maxShift is how far the cap may move an activity from its ideal date.
const maxShift = 42

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// nearest returns the day in lo..hi nearest to ideal (the earlier one on a
// tie) for which ok holds.
func nearest(ideal, lo, hi time.Time, ok func(time.Time) bool) (time.Time, bool) {
	for k := 0; ; k++ {
		before, after := ideal.AddDate(0, 0, -k), ideal.AddDate(0, 0, k)
		inBefore, inAfter := !before.Before(lo), !after.After(hi)
		if !inBefore && !inAfter {
			return time.Time{}, false
		}
		if inBefore && ok(before) {
			return before, true
		}
		if k > 0 && inAfter && ok(after) {
			return after, true
		}
	}
}

// describe makes a description specific to the campaign: the catalogue's
// text, then who it is for, how it reaches them and which campaign and
// milestone it serves.
func (g *generation) describe(a Activity) string {
	var b strings.Builder
	b.WriteString(a.Description)
	fmt.Fprintf(&b, " For %s, by %s, as part of %s", a.Audience, ChannelLabel(a.Channel), g.p.cfg.CampaignName)
	switch {
	case g.p.technology:
		fmt.Fprintf(&b, " (go-live %s)", domain.DayText(g.p.goLive))
	case g.p.merger && g.p.hasAcq:
		fmt.Fprintf(&b, " (acquisition %s)", domain.DayText(g.p.acquisition))
	}
	b.WriteString(".")
	return b.String()
}

// lowerAudience turns an audience label back into its group id.
func lowerAudience(label string) string {
	for _, o := range audienceGroups {
		if o.Label == label {
			return o.ID
		}
	}
	return lower(label)
}

// BeforeCloseLabel marks what people outside the deal team of a newly
// acquired company hear before the acquisition closes.
const BeforeCloseLabel = "Confidential - Until Close"

// beforeClose reports whether an activity of a newly acquired company
// comes before the close and is not for the deal team.
func (g *generation) beforeClose(it *item) bool {
	return g.p.merger && g.p.hasAcq && contains(g.p.maturity, "newly-acquired") &&
		it.date.Before(g.p.acquisition) && !dealTeam(lowerAudience(it.a.Audience))
}

// overCapacity returns the one warning for a plan whose activities are
// more than the audiences chosen can take within the weekly cap (each at
// most the cap in every week of the campaign that has a workday), or ""
// when they would fit or nothing is over the cap.
func (g *generation) overCapacity(overloads []load.Overload) string {
	if len(overloads) == 0 {
		return ""
	}
	// The audiences the planner chose carry the count (all of them when
	// none was chosen).
	audiences := len(g.audience)
	if audiences == 0 {
		audiences = len(audienceGroups)
	}
	weeks := 0
	for m := load.Monday(g.p.start); !m.After(g.p.end); m = m.AddDate(0, 0, 7) {
		if g.hasWorkday(later(m, g.p.start), earlier(m.AddDate(0, 0, 6), g.p.end)) {
			weeks++
		}
	}
	capacity := audiences * weeks * g.load.Limit()
	if len(g.items) <= capacity {
		return ""
	}
	busiest := overloads[0]
	for _, o := range overloads {
		if o.Count > busiest.Count {
			busiest = o
		}
	}
	over := "1 audience-week goes"
	if len(overloads) > 1 {
		over = strconv.Itoa(len(overloads)) + " audience-weeks go"
	}
	return fmt.Sprintf("The count asks for %d activities over %s, but %s at most %d a week each can take %d: "+
		"%s over the cap, the busiest %s with %d in the week of %s. "+
		"More audiences, a longer campaign, a lower urgency or a higher cap would make room.",
		len(g.items), plural(weeks, "week"), plural(audiences, "audience"), g.load.Limit(), capacity,
		over, busiest.Audience, busiest.Count, domain.DayText(busiest.Monday))
}

// spread moves one-off activities out of the weeks where their audience is
// over the cap into the nearest day with room: no earlier than their phase
// starts (everyone outside the leaders hears first at launch), and as late
// as the catalogue's rules allow. Milestones and series items keep their
// days, and so do announcements and the steps before go-live (only the
// phase activities move). A plan whose count fits the cap then keeps
// it; order repairs the pairs afterwards.
func (g *generation) spread() {
	for i := range g.items {
		it := &g.items[i]
		aud := it.a.Audience
		// An announcement stays: the series of its audience start after
		// the first one.
		if it.phase < 0 || it.pinned || it.series != "" || it.a.Type == "announcement" || it.until.IsZero() || g.load.Count(aud, it.date) <= g.load.Limit() {
			continue
		}
		lo, hi := later(it.free, it.lo), it.until
		ok := func(d time.Time) bool { return g.workday(d) && g.blackoutOn(aud, d) == "" && g.load.Fits(aud, d) }
		if d, found := nearest(it.date, lo, hi, ok); found {
			g.moveTo(it, d)
		}
	}
}

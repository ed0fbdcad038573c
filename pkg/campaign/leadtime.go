package campaign

import (
	"time"

	"github.com/commsplan/commsplan/pkg/campaign/check"
)

// leadEntry is the technology catalogue's entry for a step a go-live needs
// before it (the first whose title holds the step).
func leadEntry(step string) (entry, bool) {
	cat := loadCatalogue()
	for _, k := range phaseKeys {
		for _, e := range cat.Types[TypeTechnologyImplementation][k] {
			if check.Matches(step, check.Activity{Title: e.Title}) {
				return e, true
			}
		}
	}
	return entry{}, false
}

// buildLeadTime places the steps a go-live needs before it (the
// catalogue's beforeGoLive) when the start leaves less room than they
// want: in their order, on the business days from the start (or the
// announcement, for those who may not hear before it) to the day before
// go-live, their distances from go-live squeezed in proportion, one step a
// day while there are days enough, and within each audience's weekly cap
// where an order-keeping day allows. A step goes to the first of its
// entry's audiences the plan addresses; the checker's lead-time warning
// says the plan was compressed. With room enough the phases place them.
func (g *generation) buildLeadTime() []item {
	steps := g.cat.BeforeGoLive
	want := 0
	for _, s := range steps {
		want = max(want, s.Days)
	}
	if !g.p.technology || !g.p.goLive.After(g.p.start) || Span(g.p.start, g.p.goLive) >= want {
		return nil
	}
	type placed struct {
		e        entry
		audience string
		days     []time.Time // the business days it may take
		ideal    int         // its index in days
	}
	var ps []placed
	for _, s := range steps {
		e, ok := leadEntry(s.Step)
		if !ok {
			continue
		}
		aud := ""
		for _, a := range e.audienceList() {
			if len(g.audience) == 0 || contains(g.audience, a) {
				aud = a
				break
			}
		}
		if aud == "" {
			continue
		}
		var days []time.Time
		for d := later(g.p.start, g.secretUntil(aud)); d.Before(g.p.goLive); d = d.AddDate(0, 0, 1) {
			if g.workday(d) {
				days = append(days, d)
			}
		}
		if len(days) == 0 {
			continue // the lead-time warning names the missing step
		}
		// Where the step falls in the room, as it would in the room the
		// catalogue wants.
		ideal := (want - s.Days) * len(days) / want
		ps = append(ps, placed{e: e, audience: aud, days: days, ideal: min(ideal, len(days)-1)})
	}
	var out []item
	var prev time.Time
	for i, p := range ps {
		label := audienceLabel(p.audience)
		// Keep the order: never before the previous step, after it while
		// the steps still to come have a day each.
		lo, hi := 0, len(p.days)-1
		for lo < len(p.days) && p.days[lo].Before(prev) {
			lo++
		}
		if !prev.IsZero() && lo < len(p.days) && p.days[lo].Equal(prev) && len(p.days)-lo > len(ps)-i {
			lo++
		}
		if len(p.days) >= len(ps) {
			hi = max(lo, min(hi, len(p.days)-(len(ps)-i)))
		}
		lo = min(lo, len(p.days)-1)
		hi = min(hi, len(p.days)-1)
		at := min(max(p.ideal, lo), hi)
		// The nearest order-keeping day within the cap and outside the
		// audience's blackouts; failing that, the ideal one (the cap's
		// warning says so).
		best := -1
		for k := 0; best < 0 && (at-k >= lo || at+k <= hi); k++ {
			for _, j := range []int{at - k, at + k} {
				if j >= lo && j <= hi && g.blackoutOn(label, p.days[j]) == "" && g.load.Fits(label, p.days[j]) {
					best = j
					break
				}
			}
		}
		if best < 0 {
			best = at
		}
		day := p.days[best]
		title := g.text(p.e.Title)
		if len(p.e.audienceList()) > 1 {
			title += " for " + label
		}
		a := g.activity(p.e, title, day)
		a.Audience = label
		a.Channel = p.e.channelFor(p.audience)
		it := item{a: a, date: day, phase: -1, lo: day, hi: day, free: p.days[0], until: p.days[len(p.days)-1]}
		g.placeOne(&it)
		g.titles[title] = true
		out = append(out, it)
		prev = day
	}
	return out
}

// keepStepOrder holds the steps before go-live in their listed order once
// everything is placed: from the last step back, where the first of a step
// comes after the first of the next, it moves earlier, to the nearest
// business day on or before the next one within its audience's cap (that
// day itself when none is free), never before what its anchor opens nor,
// unless it is one, before the audience's first announcement.
// Moving only earlier keeps every step before go-live, inside its window
// (each step's window opens no later than the next one's) and the
// audience's first announcement first, since the announcement is a step.
func (g *generation) keepStepOrder() {
	if !g.p.technology {
		return
	}
	steps := g.cat.BeforeGoLive
	firsts := make([]int, len(steps))
	for k, s := range steps {
		firsts[k] = -1
		for i := range g.items {
			if check.Matches(s.Step, check.Activity{Title: g.items[i].a.Title}) &&
				(firsts[k] < 0 || g.items[i].date.Before(g.items[firsts[k]].date)) {
				firsts[k] = i
			}
		}
	}
	next := -1
	for k := len(steps) - 1; k >= 0; k-- {
		i := firsts[k]
		if i < 0 {
			continue
		}
		if next >= 0 && g.items[i].date.After(g.items[next].date) {
			it := &g.items[i]
			by := g.items[next].date
			label := it.a.Audience
			lo := later(it.free, by.AddDate(0, 0, -maxShift))
			if it.a.Type != "announcement" {
				// Not before the audience first hears of the change.
				lo = later(lo, g.opening(label, i))
			}
			day, ok := nearest(by, lo, by, func(d time.Time) bool {
				return g.workday(d) && g.blackoutOn(label, d) == "" && g.load.Fits(label, d)
			})
			if !ok {
				day = by
			}
			g.moveTo(it, day)
		}
		next = i
	}
}

// opening is the day of audience's first announcement, other than item
// skip's (zero when it has none).
func (g *generation) opening(audience string, skip int) time.Time {
	var out time.Time
	for i := range g.items {
		it := &g.items[i]
		if i != skip && it.a.Type == "announcement" && it.a.Audience == audience && (out.IsZero() || it.date.Before(out)) {
			out = it.date
		}
	}
	return out
}

// ensureSteps gives a go-live with room enough every step it needs before
// it that the phases left out (a low count spends the one-off work
// elsewhere): the step takes the place of the one-off activity nearest its
// ideal day (the days the catalogue gives it before go-live), one of its
// audience first, so the seeds' count stays. Announcements, pinned
// milestones, series and the other steps are never replaced.
func (g *generation) ensureSteps() {
	if !g.p.technology || !g.p.goLive.After(g.p.start) {
		return
	}
	for _, s := range g.cat.BeforeGoLive {
		e, ok := leadEntry(s.Step)
		if !ok || g.hasStep(s.Step) {
			continue
		}
		aud := ""
		for _, a := range e.audienceList() {
			if len(g.audience) == 0 || contains(g.audience, a) {
				aud = a
				break
			}
		}
		if aud == "" {
			continue
		}
		lo, hi := g.window(e)
		lo, hi = g.ruleWindow(g.text(e.Title), aud, later(lo, g.secretUntil(aud)), earlier(hi, g.p.goLive.AddDate(0, 0, -1)))
		if !g.hasWorkday(lo, hi) {
			continue // the lead-time warning names it
		}
		ideal := later(lo, earlier(hi, g.p.goLive.AddDate(0, 0, -s.Days)))
		label := audienceLabel(aud)
		victim := -1
		dist := func(i int) int { return abs(Span(ideal, g.items[i].date)) }
		for _, mine := range []bool{true, false} {
			for i := range g.items {
				it := &g.items[i]
				if it.pinned || it.series != "" || it.phase < 0 || it.a.Type == "announcement" || isStep(g.cat, it.a.Title) ||
					(mine && it.a.Audience != label) {
					continue
				}
				if victim < 0 || dist(i) < dist(victim) {
					victim = i
				}
			}
			if victim >= 0 {
				break
			}
		}
		if victim < 0 {
			continue
		}
		it := &g.items[victim]
		g.load.Remove(it.a.Audience, it.date)
		title := g.text(e.Title)
		if len(e.audienceList()) > 1 {
			title += " for " + label
		}
		a := g.activity(e, title, ideal)
		a.Audience = label
		a.Channel = e.channelFor(aud)
		*it = item{a: a, date: ideal, phase: -1, lo: lo, hi: hi, free: lo, until: hi}
		g.titles[title] = true
		g.placeOne(it)
	}
}

// hasStep reports whether an item's title holds step.
func (g *generation) hasStep(step string) bool {
	for i := range g.items {
		if check.Matches(step, check.Activity{Title: g.items[i].a.Title}) {
			return true
		}
	}
	return false
}

// isStep reports whether title is one of the steps before go-live.
func isStep(cat *catalogue, title string) bool {
	for _, s := range cat.BeforeGoLive {
		if check.Matches(s.Step, check.Activity{Title: title}) {
			return true
		}
	}
	return false
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

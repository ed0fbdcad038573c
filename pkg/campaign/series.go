package campaign

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign/check"

	"github.com/commsplan/commsplan/pkg/load"
)

// stream is one recurring entry for one audience (the newsletter for
// employees), with the dates it may run between.
type stream struct {
	v      variant
	lo, hi time.Time
	weeks  []time.Time // Mondays of the weeks it may go out in
	want   int
}

// fillSeries gives the need activities the one-off work left over to the
// recurring series: each stream at most once a week, its items evenly
// spaced on one weekday, the streams taking turns so the load spreads
// over the chosen audiences and channels. When the series at their
// cadence cannot hold the count, the count wins: the rest go to the
// streams again, and a warning says so.
func (g *generation) fillSeries(streams []*stream, need int, extras []item) {
	if need <= 0 || len(streams) == 0 {
		return
	}
	opening := g.openings(extras)
	for _, st := range streams {
		// An audience hears its first announcement before any series.
		if d, ok := opening[audienceLabel(st.v.audience)]; ok {
			st.lo = later(st.lo, d)
		}
		for m := load.Monday(st.lo); !m.After(st.hi); m = m.AddDate(0, 0, 7) {
			if g.hasWorkday(later(m, st.lo), earlier(m.AddDate(0, 0, 6), st.hi)) {
				st.weeks = append(st.weeks, m)
			}
		}
	}
	// The type's own series (the newsletter, the sponsor update) before
	// the shared ones, and the audiences in turn.
	shared := map[string]bool{}
	for _, e := range g.cat.Series {
		shared[e.Title] = true
	}
	sort.SliceStable(streams, func(i, j int) bool { return !shared[streams[i].v.e.Title] && shared[streams[j].v.e.Title] })
	rank := map[*stream]int{}
	seen := map[string]int{}
	for _, st := range streams {
		rank[st] = seen[st.v.audience]
		seen[st.v.audience]++
	}
	sort.SliceStable(streams, func(i, j int) bool { return rank[streams[i]] < rank[streams[j]] })
	// A series runs weekly through its window before the next one starts:
	// a newsletter is Issue 1 to N, one a week, not a handful of one-issue
	// series; the last one taken runs at the cadence the rest of the count
	// needs. Stream by stream, the one whose audience has room in the
	// largest share of its weeks goes first, so the load spreads.
	left := need
	remaining := append([]*stream(nil), streams...)
	for left > 0 && len(remaining) > 0 {
		best, bestShare := -1, -1.0
		for i, st := range remaining {
			if len(st.weeks) == 0 {
				continue
			}
			label := audienceLabel(st.v.audience)
			room := 0
			for _, m := range st.weeks {
				if g.load.Count(label, m) < g.load.Limit() {
					room++
				}
			}
			if share := float64(room) / float64(len(st.weeks)); share > bestShare {
				best, bestShare = i, share
			}
		}
		if best < 0 {
			break
		}
		st := remaining[best]
		remaining = append(remaining[:best:best], remaining[best+1:]...)
		st.want = min(left, len(st.weeks))
		left -= st.want
		g.placeStream(st)
	}
	if left == 0 {
		return
	}
	g.warnings = append(g.warnings, fmt.Sprintf("The count asks for %d more activities than the catalogue's one-off work and its series, "+
		"each at most once a week per audience, can hold for the chosen audiences: %d series items share a week with another of their series.",
		left, left))
	// The count wins: the rest go to the streams again, in turn.
	var open []*stream
	for _, st := range streams {
		if len(st.weeks) > 0 {
			open = append(open, st)
		}
	}
	for k := 0; left > 0 && len(open) > 0; k++ {
		st := open[k%len(open)]
		g.addSeriesItem(st, st.weeks[(k/len(open))%len(st.weeks)], (k+2)%5)
		left--
	}
}

// placeStream places a stream's items evenly over its weeks on one
// weekday, starting in the week that keeps its audience's busiest weeks
// lightest.
func (g *generation) placeStream(st *stream) {
	if st.want == 0 {
		return
	}
	step := len(st.weeks) / st.want
	label := audienceLabel(st.v.audience)
	best, bestCost := 0, -1
	for off := 0; off < step && off < 8; off++ {
		cost := 0
		for j := 0; j < st.want; j++ {
			if n := g.load.Count(label, st.weeks[off+j*step]); n >= g.load.Limit() {
				cost += n
			}
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = off, cost
		}
	}
	// The weekday its window opens on (Tuesday when that is a weekend).
	weekday := (int(st.lo.Weekday()) + 6) % 7
	if weekday > 4 {
		weekday = 1
	}
	for j := 0; j < st.want; j++ {
		g.addSeriesItem(st, st.weeks[best+j*step], weekday)
	}
}

func (g *generation) addSeriesItem(st *stream, monday time.Time, weekday int) {
	day, _ := g.dayInWeek(st, monday, weekday)
	a := g.activity(st.v.e, st.v.title+", "+st.v.e.Series+" 0", day)
	a.Audience = audienceLabel(st.v.audience)
	a.Channel = st.v.channel
	it := item{a: a, date: day, phase: -1, pinned: true, series: st.v.title}
	g.placeOne(&it)
	g.items = append(g.items, it)
}

// dayInWeek returns the day of the week starting monday, inside the
// stream's window, nearest the preferred weekday (0 Monday), that is a
// workday, outside the audience's blackouts and within its cap, relaxing
// the cap and then the blackout; false when the week has no workday in
// the window.
func (g *generation) dayInWeek(st *stream, monday time.Time, weekday int) (time.Time, bool) {
	label := audienceLabel(st.v.audience)
	tests := []func(time.Time) bool{
		func(d time.Time) bool { return g.workday(d) && g.blackoutOn(label, d) == "" && g.load.Fits(label, d) },
		func(d time.Time) bool { return g.workday(d) && g.blackoutOn(label, d) == "" },
		g.workday,
	}
	lo, hi := later(monday, st.lo), earlier(monday.AddDate(0, 0, 6), st.hi)
	if lo.After(hi) {
		return time.Time{}, false
	}
	ideal := monday.AddDate(0, 0, weekday)
	if ideal.Before(lo) {
		ideal = lo
	}
	if ideal.After(hi) {
		ideal = hi
	}
	for _, ok := range tests {
		if d, found := nearest(ideal, lo, hi, ok); found {
			return d, true
		}
	}
	return time.Time{}, false
}

// ruleWindow narrows lo..hi to what the checker's rules allow an activity
// titled title for audience: the sequence pairs with a milestone on one
// side (strictly before it, or on or after it) and, in a campaign with an
// acquisition date, the close for integration, welcome, FAQ and pulse
// activities. The catalogue declares both; the checker reads the same.
func (g *generation) ruleWindow(title, audience string, lo, hi time.Time) (time.Time, time.Time) {
	a := check.Activity{Title: title, Audience: audienceLabel(audience)}
	for _, p := range g.cat.Sequence {
		if len(p.Audiences) > 0 && !containsFold(p.Audiences, a.Audience) {
			continue
		}
		if m, ok := g.milestone(p.Then); ok && check.Matches(p.First, a) {
			hi = earlier(hi, m.AddDate(0, 0, -1))
		}
		if m, ok := g.milestone(p.First); ok && check.Matches(p.Then, a) {
			lo = later(lo, m)
		}
	}
	if g.p.merger && g.p.hasAcq && containsFold(g.cat.AfterClose.Audiences, audience) {
		for _, t := range g.cat.AfterClose.Titles {
			if check.Matches(t, a) {
				lo = later(lo, g.p.acquisition)
			}
		}
	}
	return lo, hi
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// openings returns, per audience the catalogue says must first hear an
// announcement, the date of the earliest one placed so far (the phase
// activities and the milestones and M&A activities, extras).
func (g *generation) openings(extras []item) map[string]time.Time {
	out := map[string]time.Time{}
	for _, p := range g.cat.Sequence {
		if !p.SameAudience || p.Then != "*" {
			continue
		}
		for _, it := range append(append([]item(nil), g.items...), extras...) {
			a := check.Activity{Title: it.a.Title, Type: it.a.Type, Audience: it.a.Audience}
			if !containsFold(p.Audiences, it.a.Audience) || !check.Matches(p.First, a) {
				continue
			}
			if d, ok := out[it.a.Audience]; !ok || it.date.Before(d) {
				out[it.a.Audience] = it.date
			}
		}
	}
	return out
}

// order repairs the catalogue's pairs between activities once everything
// is placed: where an item of "then" comes before the first of "first",
// the two swap days (a swap keeps both on business days and leaves the
// week's load as it was). Pinned items stay.
func (g *generation) order() {
	act := func(it *item) check.Activity {
		return check.Activity{Title: it.a.Title, Type: it.a.Type, Audience: it.a.Audience}
	}
	for _, p := range g.cat.Sequence {
		if isMilestoneKey(p.First) || isMilestoneKey(p.Then) {
			continue
		}
		key := func(it *item) string {
			if p.SameAudience {
				return it.a.Audience
			}
			return ""
		}
		in := func(it *item) bool { return len(p.Audiences) == 0 || containsFold(p.Audiences, it.a.Audience) }
		isFirst := make([]bool, len(g.items))
		isThen := make([]bool, len(g.items))
		for i := range g.items {
			it := &g.items[i]
			if !in(it) {
				continue
			}
			isFirst[i] = check.Matches(p.First, act(it))
			isThen[i] = !isFirst[i] && !it.pinned && check.Matches(p.Then, act(it))
		}
		// stuck: items that could not move while the first sat where it
		// was; when the first moves, they may.
		stuck := map[int]bool{}
		for pass := 0; pass <= len(g.items); pass++ {
			// The first of "first" per key, and the earliest "then"
			// before it.
			first := map[string]int{}
			for i := range g.items {
				if !isFirst[i] {
					continue
				}
				k := key(&g.items[i])
				if j, ok := first[k]; !ok || g.items[i].date.Before(g.items[j].date) {
					first[k] = i
				}
			}
			bi, ai := -1, -1
			for i := range g.items {
				if !isThen[i] || stuck[i] {
					continue
				}
				j, ok := first[key(&g.items[i])]
				if !ok || g.items[j].pinned || !g.items[i].date.Before(g.items[j].date) {
					continue
				}
				if bi < 0 || g.items[i].date.Before(g.items[bi].date) {
					bi, ai = i, j
				}
			}
			if bi < 0 {
				break
			}
			a, b := &g.items[ai], &g.items[bi]
			free := a.free
			if free.IsZero() {
				free = a.lo
			}
			aFits := !b.date.Before(free)
			until := b.hi
			if !b.until.IsZero() {
				until = earlier(b.until, g.p.end) // its anchor, whatever the phase
			}
			bFits := until.IsZero() || !a.date.After(until)
			switch {
			case p.Then == "*" && aFits:
				// The announcement moves up to the audience's first day,
				// into an earlier phase if need be; nothing else moves.
				g.moveTo(a, b.date)
				clear(stuck)
			case aFits && bFits:
				ad, bd := a.date, b.date
				g.moveTo(a, bd)
				g.moveTo(b, ad)
			case bFits:
				// The first cannot come earlier: the other waits for it.
				g.moveTo(b, a.date)
			case aFits:
				// The other cannot wait: the first comes earlier.
				g.moveTo(a, b.date)
				clear(stuck)
			case b.loose && g.mayMoveTo(b, a.date):
				// Only its phase held the other: it waits, in a later
				// phase.
				g.moveTo(b, a.date)
			default:
				stuck[bi] = true // neither may move; the checker says so
			}
		}
	}
}

// moveTo puts a placed item on day, placed by date from then on; the
// audience's weekly load moves with it.
func (g *generation) moveTo(it *item, day time.Time) {
	g.load.Remove(it.a.Audience, it.date)
	g.load.Add(it.a.Audience, day)
	it.date = day
	it.phase = -1
	it.a.Date = day.Format(DateLayout)
	if strings.HasPrefix(it.a.Timing, "Day ") {
		it.a.Timing = "Day " + strconv.Itoa(g.dayNumber(day))
	}
}

func isMilestoneKey(k string) bool {
	return k == check.GoLive || k == check.Acquisition || k == check.Announcement || k == check.End
}

// hasWorkday reports whether lo..hi holds a workday.
func (g *generation) hasWorkday(lo, hi time.Time) bool {
	for d := lo; !d.After(hi); d = d.AddDate(0, 0, 1) {
		if g.workday(d) {
			return true
		}
	}
	return false
}

// mayMoveTo reports whether the catalogue's milestone pairs allow it on day
// (a loose item's phase does not hold it).
func (g *generation) mayMoveTo(it *item, day time.Time) bool {
	lo, hi := g.ruleWindow(it.a.Title, lowerAudience(it.a.Audience), g.p.start, g.p.end)
	return !day.Before(lo) && !day.After(hi)
}

package campaign

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign/check"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/load"
	"github.com/commsplan/commsplan/pkg/orgdata"
)

// Schedule and activity statuses and priorities (spec 02 §3 and §4).
const (
	StatusDraft = "draft"

	ActivityPlanned    = "planned"
	ActivityInProgress = "in-progress"
	ActivityCompleted  = "completed"
	ActivityCancelled  = "cancelled"

	PriorityHigh   = "high"
	PriorityMedium = "medium"
	PriorityLow    = "low"
)

// DefaultType is the schedule type when no campaign type has a label. The
// generator always has one (a type is required), but an edited schedule
// may not.
const DefaultType = "Standard Communication Campaign"

// Schedule is a generated campaign schedule (spec 02 §3). Dates are ISO
// calendar dates; display formats belong to the renderers.
type Schedule struct {
	ID                  string          `json:"id"`
	Name                string          `json:"name"`
	CampaignName        string          `json:"campaignName"`
	StartDate           string          `json:"startDate"`
	EndDate             string          `json:"endDate"`
	Type                string          `json:"type"`
	Status              string          `json:"status"`
	TotalActivities     int             `json:"totalActivities"`
	Phases              []Phase         `json:"phases"`
	Activities          []Activity      `json:"activities"`
	Timeline            []TimelineEntry `json:"timeline"`
	Summary             string          `json:"summary"`
	ConfidentialityNote string          `json:"confidentialityNote"`
	// Warnings name each rule the plan could not hold: an audience's week
	// over the cap, an activity in a blackout or on a non-business day.
	Warnings  []string   `json:"warnings"`
	Targeting *Targeting `json:"targeting,omitempty"`
	// Milestones are what the plan checker reads the plan against.
	Milestones *Milestones `json:"milestones,omitempty"`
}

// Phase is one of the four campaign phases with its activities.
type Phase struct {
	ID              string     `json:"id"`
	Name            string     `json:"name"`
	Description     string     `json:"description"`
	Duration        string     `json:"duration"`
	Activities      []Activity `json:"activities"`
	Confidentiality string     `json:"confidentiality"`
}

// TimelineEntry is a phase's place in the campaign: "Phase N: name", its
// activity count and its day range (day 1 is the start date).
type TimelineEntry struct {
	Phase      string `json:"phase"`
	Activities int    `json:"activities"`
	Timing     string `json:"timing"`
	StartDay   int    `json:"startDay"`
	EndDay     int    `json:"endDay"`
}

// Activity is one dated campaign activity. Channel is a delivery vehicle
// type; Phase is the name of the phase it belongs to.
type Activity struct {
	ID              string `json:"id"`
	Title           string `json:"title"`
	Type            string `json:"type"`
	Timing          string `json:"timing"`
	Date            string `json:"date"`
	Audience        string `json:"audience"`
	Channel         string `json:"channel"`
	Description     string `json:"description"`
	Priority        string `json:"priority"`
	Status          string `json:"status"`
	Phase           string `json:"phase"`
	Confidentiality string `json:"confidentiality,omitempty"`
	PhasePercentage string `json:"phasePercentage,omitempty"`
}

// Phase minimums of spec 02 §9, and the share of the span each phase takes.
var phaseRules = [4]struct{ percent, min int }{{15, 2}, {25, 3}, {35, 5}, {0, 3}}

// PhaseDays returns the length in days of the four phases for a span of
// span days: preparation max(2, 15%), launch max(3, 25%), engagement
// max(5, 35%), each rounded down, and reinforcement the rest but at least 3.
func PhaseDays(span int) [4]int {
	var d [4]int
	used := 0
	for i := 0; i < 3; i++ {
		d[i] = max(phaseRules[i].min, span*phaseRules[i].percent/100)
		used += d[i]
	}
	d[3] = max(phaseRules[3].min, span-used)
	return d
}

// BaseActivityCount returns the number of catalogue activities for a span:
// the span divided by 0.7, 1 or 1.3 for high, medium or low urgency,
// rounded down, and at least 7.
func BaseActivityCount(span int, urgency string) int {
	var n int
	switch urgency {
	case UrgencyHigh:
		n = span * 10 / 7
	case UrgencyLow:
		n = span * 10 / 13
	default:
		n = span
	}
	return max(7, n)
}

// Span returns the number of days from start to end (1 Jan to 31 Jan is 30).
func Span(start, end time.Time) int {
	return int(end.Sub(start).Hours() / 24)
}

// Generate builds the schedule for cfg, using org for organisational
// targeting. The result depends on nothing but its arguments. A
// configuration that breaks a rule gives a *ValidationError.
func Generate(cfg Config, org *orgdata.Dataset) (*Schedule, error) {
	return GenerateWith(cfg, org, Options{})
}

// GenerateWith is Generate with what the caller read from its settings and
// store: saved blackouts, the default cap and the default holiday calendar.
func GenerateWith(cfg Config, org *orgdata.Dataset, opt Options) (*Schedule, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	p, err := cfg.plan(org)
	if err != nil {
		return nil, err
	}
	if code := holidayCalendarFor(p.cfg.HolidayCalendar, opt.HolidayCalendar, org); code != "none" && code != "" {
		p.addCalendar(code, p.start, p.end)
	}
	limit := p.maxPerWeek
	if limit == 0 {
		limit = opt.MaxPerAudienceWeek
	}
	cat := loadCatalogue()
	g := &generation{p: p, cat: cat, span: Span(p.start, p.end), titles: map[string]bool{},
		blackouts: parseBlackouts(opt.Blackouts), load: load.NewCounter(limit)}
	g.days = PhaseDays(g.span)
	if p.merger {
		g.findAnnouncement()
	}
	// The pinned milestones and the M&A activities take their days first;
	// the phase activities then fit around them, each placed as it is
	// picked so the next pick can see every audience's load.
	if p.technology {
		g.buildGoLive()
	}
	if p.merger {
		g.buildMerger()
		g.buildPreAcquisition()
	}
	if p.technology && !g.announcement.IsZero() && g.announcement.After(p.goLive) {
		// The two cannot both hold; the plan says so.
		g.warnings = append(g.warnings, fmt.Sprintf("Go-live (%s) comes before the deal is announced (%s): %s",
			domain.DayText(p.goLive), domain.DayText(g.announcement),
			"nobody outside the deal team may hear of it before then, so its announcement, training and countdown cannot reach them in time."))
	}
	extras := g.items
	g.items = nil
	g.placeAll(extras)
	steps := g.buildLeadTime()
	extras = append(extras, steps...)
	g.buildBase(extras, len(steps))
	// Base activities come first among those on the same day.
	g.items = append(g.items, extras...)
	g.ensureSteps()
	g.spread()
	g.order()
	g.keepStepOrder()
	g.finish()
	return g.assemble(org), nil
}

// holidayCalendarFor is the calendar in force: the configuration's, else
// the caller's default (the server's campaign.holiday-calendar), else the
// organisation's country when there is a calendar for it.
func holidayCalendarFor(cfg, def string, org *orgdata.Dataset) string {
	if code := cmpOr(cfg, def); code != "" {
		return code
	}
	if org != nil {
		if c := strings.ToLower(org.Country); c != "" && KnownHolidayCalendar(c) {
			return c
		}
	}
	return ""
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// generation is the state of one Generate call.
type generation struct {
	p        *plan
	cat      *catalogue
	span     int
	days     [4]int
	items    []item
	goLive   int
	merger   int
	preAcq   int
	audience []string // general-mode audience groups the planner chose

	titles                  map[string]bool // titles taken
	announcement            time.Time       // a confidential deal's announcement, or zero
	blackouts               []blackoutSpan
	load                    *load.Counter
	warnings                []string
	loadSummarised          bool // one warning says the count cannot fit the cap
	blackoutNotes, dayNotes []string
}

// item is an activity before ids are assigned.
type item struct {
	a      Activity
	date   time.Time // the ideal date until place, then the date
	phase  int       // -1: place by date
	lo, hi time.Time // where place may put it
	pinned bool      // a spec date that stays (go-live milestones)
	free   time.Time // the earliest day the rules allow, whatever the phase
	loose  bool      // only its phase holds it (no anchor, not an M&A date)
	until  time.Time // the last day its anchor allows, whatever the phase
	series string    // a recurring activity's title before its number
}

// phaseStart returns the first day (1-based) of phase i.
func (g *generation) phaseStart(i int) int {
	day := 1
	for k := 0; k < i; k++ {
		day += g.days[k]
	}
	return day
}

// dateOfDay returns the date of campaign day d (day 1 is the start date),
// held inside the campaign period.
func (g *generation) dateOfDay(d int) time.Time {
	return g.clamp(g.p.start.AddDate(0, 0, d-1))
}

func (g *generation) clamp(t time.Time) time.Time {
	if t.Before(g.p.start) {
		return g.p.start
	}
	if t.After(g.p.end) {
		return g.p.end
	}
	return t
}

func (g *generation) dayNumber(t time.Time) int {
	return Span(g.p.start, t) + 1
}

// allocate spreads n activities over the phases in proportion to their
// days, by largest remainder (ties go to the earlier phase).
func allocate(n int, days [4]int) [4]int {
	total := 0
	for _, d := range days {
		total += d
	}
	var out [4]int
	var rem [4]int
	given := 0
	for i, d := range days {
		out[i] = n * d / total
		rem[i] = n * d % total
		given += out[i]
	}
	order := []int{0, 1, 2, 3}
	sort.SliceStable(order, func(a, b int) bool { return rem[order[a]] > rem[order[b]] })
	for k := 0; given < n; k++ {
		out[order[k%4]]++
		given++
	}
	return out
}

// buildBase fills the seeds' count, less the taken activities already
// placed (the compressed lead-time steps), phase by phase.
func (g *generation) buildBase(extras []item, taken int) {
	c := g.p.cfg
	if !g.p.organization {
		g.audience = c.Audiences
	}
	counts := allocate(BaseActivityCount(g.span, c.Urgency)-taken, g.days)
	types := g.p.types
	short := 0
	var streams []*stream
	byTitle := map[string]*stream{}
	for ph := range phaseKeys {
		n := counts[ph]
		first := g.phaseStart(ph)
		lo, hi := g.phaseRange(ph)
		pools := make([]*pool, len(types))
		for ti, t := range types {
			pools[ti] = g.newPool(t, ph, lo, hi)
			// A recurring entry runs from the first phase that offers it
			// to the last, at its cadence.
			for _, v := range pools[ti].series {
				if st, ok := byTitle[v.title]; ok {
					st.lo, st.hi = earlier(st.lo, v.lo), later(st.hi, v.hi)
					continue
				}
				st := &stream{v: v, lo: v.lo, hi: v.hi}
				byTitle[v.title] = st
				streams = append(streams, st)
			}
		}
		for j := 0; j < n; j++ {
			ideal := g.dateOfDay(first + j*g.days[ph]/n)
			v, ok := g.pick(pools, j%len(types), ideal)
			if !ok {
				// The catalogue's one-off work is used up: the rest of
				// the count goes to the recurring series.
				short += n - j
				break
			}
			wlo, whi := v.lo, v.hi
			if wlo.Before(lo) {
				wlo = lo
			}
			if whi.After(hi) {
				whi = hi
			}
			a := g.activity(v.e, v.title, ideal)
			a.Audience = audienceLabel(v.audience)
			a.Channel = v.channel
			it := item{a: a, date: ideal, phase: ph, lo: wlo, hi: whi, free: v.lo, loose: v.e.Anchor == ""}
			lo0, hi0 := g.window(v.e)
			it.free, it.until = g.ruleWindow(v.title, v.audience, later(lo0, g.secretUntil(v.audience)), hi0)
			g.placeOne(&it)
			g.items = append(g.items, it)
		}
	}
	g.fillSeries(streams, short, extras)
}

// sortItems sorts items by date, keeping the order of those on one day.
func sortItems(items []item) {
	// Sort an index, not the large items themselves.
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return items[idx[a]].date.Before(items[idx[b]].date) })
	sorted := make([]item, len(items))
	for i, k := range idx {
		sorted[i] = items[k]
	}
	copy(items, sorted)
}

// phaseRange returns the first and last date of phase i, held inside the
// campaign; the last phase runs to the end date.
func (g *generation) phaseRange(i int) (time.Time, time.Time) {
	first := g.phaseStart(i)
	lo := g.dateOfDay(first)
	hi := g.dateOfDay(first + g.days[i] - 1)
	if i == len(phaseKeys)-1 {
		hi = g.p.end
	}
	return lo, hi
}

// variant is a catalogue entry addressed to one audience, with the dates
// its anchor allows.
type variant struct {
	e        entry
	audience string
	channel  string
	title    string
	lo, hi   time.Time
}

// pool is what one campaign type offers one phase: the one-off variants
// not yet used, and its recurring entries (fillSeries runs them).
type pool struct {
	variants []variant
	series   []variant
}

// newPool lists type t's variants for phase ph whose window meets lo..hi:
// its own entries, then the common ones, interleaved by audience so that
// consecutive activities address different people.
func (g *generation) newPool(t string, ph int, lo, hi time.Time) *pool {
	// The type's own entries of the phase, and its anchored entries of
	// every phase: an anchored entry sits where its milestone puts it
	// (training before a late go-live, hypercare after an early one),
	// whichever phase that is; its window keeps it out of the others.
	var entries []entry
	for k, key := range phaseKeys {
		for _, e := range g.cat.Types[t][key] {
			// Preparation keeps to its own: everyone else hears first
			// in Launch.
			if k == ph || (ph > 0 && e.Anchor == "go-live" && g.p.technology && e.Series == "") {
				entries = append(entries, e)
			}
		}
	}
	entries = append(entries, g.cat.Common[phaseKeys[ph]]...)
	for _, e := range g.cat.Series {
		if len(e.Phases) == 0 || contains(e.Phases, phaseKeys[ph]) {
			entries = append(entries, e)
		}
	}
	byAudience := map[string][]variant{}
	var order []string
	p := &pool{}
	add := func(e entry, audience string, multi bool) {
		v := variant{e: e, audience: audience, channel: e.channelFor(audience), title: g.text(e.Title)}
		if multi {
			v.title += " for " + audienceLabel(audience)
		}
		v.lo, v.hi = g.window(e)
		if s := g.secretUntil(audience); s.After(v.lo) {
			v.lo = s // outsiders hear nothing before the announcement
		}
		v.lo, v.hi = g.ruleWindow(v.title, audience, v.lo, v.hi)
		if v.lo.Before(lo) {
			v.lo = lo
		}
		if v.hi.After(hi) {
			v.hi = hi
		}
		if v.lo.After(v.hi) {
			return // the anchor keeps it out of this phase
		}
		if e.Series != "" {
			p.series = append(p.series, v)
			return
		}
		if _, ok := byAudience[audience]; !ok {
			order = append(order, audience)
		}
		byAudience[audience] = append(byAudience[audience], v)
	}
	// The deal team is always an audience of a confidential campaign: it is
	// the only one that may hear anything before the announcement.
	chosen := func(a string) bool {
		return len(g.audience) == 0 || contains(g.audience, a) || (!g.announcement.IsZero() && dealTeam(a))
	}
	any := false
	for _, e := range entries {
		for _, a := range e.audienceList() {
			if chosen(a) {
				any = true
			}
		}
	}
	for _, e := range entries {
		auds := e.audienceList()
		multi := len(auds) > 1
		mine := false
		for _, a := range auds {
			mine = mine || chosen(a)
		}
		for _, a := range auds {
			switch {
			case chosen(a):
				add(e, a, multi)
			case (!any || (e.Series != "" && !mine)) && a == e.Audience:
				// None of the type's entries is for the chosen
				// audiences: the planner's choice wins, in turn.
				for _, c := range g.audience {
					add(e, c, true)
				}
			}
		}
	}
	// Interleave: the first variant of each audience, then the second...
	for k := 0; ; k++ {
		added := false
		for _, a := range order {
			if k < len(byAudience[a]) {
				p.variants = append(p.variants, byAudience[a][k])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return p
}

// pick takes the variant for the next activity of the phase from type
// ti's pool (then the others'): the unused one-off whose window is nearest
// the ideal date, preferring one whose audience has room that week; false
// when the phase's one-off activities are used up.
func (g *generation) pick(pools []*pool, ti int, ideal time.Time) (variant, bool) {
	fits := g.fitCache(ideal)
	for _, roomy := range []bool{true, false} {
		for k := range pools {
			p := pools[(ti+k)%len(pools)]
			if i := g.bestVariant(p.variants, ideal, roomy, fits); i >= 0 {
				v := p.variants[i]
				p.variants = append(p.variants[:i], p.variants[i+1:]...)
				g.titles[v.title] = true
				return v, true
			}
		}
	}
	return variant{}, false
}

// bestVariant returns the index of the variant nearest the ideal date (0
// when its window holds it), the one whose window closes first on a tie so
// activities due before a milestone are not crowded out by ones that could
// happen any time; with roomy, only variants whose audience has room near
// the ideal date count. -1 when none does.
func (g *generation) bestVariant(vs []variant, ideal time.Time, roomy bool, fits func(variant) bool) int {
	best, bestDist := -1, 0
	for i, v := range vs {
		if g.titles[v.title] {
			continue
		}
		d := 0
		if ideal.Before(v.lo) {
			d = Span(ideal, v.lo)
		} else if ideal.After(v.hi) {
			d = Span(v.hi, ideal)
		}
		if best >= 0 && (d > bestDist || (d == bestDist && !v.hi.Before(vs[best].hi))) {
			continue
		}
		if roomy && !fits(v) {
			continue
		}
		best, bestDist = i, d
	}
	return best
}

// fitCache returns whether a variant's audience has a free workday (within
// the cap, outside its blackouts) within maxShift days of ideal in the
// variant's window, remembering the answer per audience and window for one
// pick.
func (g *generation) fitCache(ideal time.Time) func(variant) bool {
	type key struct {
		audience string
		lo, hi   time.Time
	}
	memo := map[key]bool{}
	return func(v variant) bool {
		k := key{v.audience, v.lo, v.hi}
		if ok, seen := memo[k]; seen {
			return ok
		}
		label := audienceLabel(v.audience)
		lo := later(v.lo, ideal.AddDate(0, 0, -maxShift))
		hi := earlier(v.hi, ideal.AddDate(0, 0, maxShift))
		at := ideal
		if at.Before(lo) {
			at = lo
		}
		if at.After(hi) {
			at = hi
		}
		_, ok := nearest(at, lo, hi, func(d time.Time) bool {
			return g.workday(d) && g.blackoutOn(label, d) == "" && g.load.Fits(label, d)
		})
		memo[k] = ok
		return ok
	}
}

// window returns the dates entry e may sit on: its anchor's bounds, held
// inside the campaign.
func (g *generation) window(e entry) (time.Time, time.Time) {
	lo, hi := g.p.start, g.p.end
	at, ok := g.milestone(e.Anchor)
	if !ok {
		return lo, hi
	}
	if e.From != nil {
		if d := at.AddDate(0, 0, *e.From); d.After(lo) {
			lo = d
		}
	}
	if e.To != nil {
		if d := at.AddDate(0, 0, *e.To); d.Before(hi) {
			hi = d
		}
	}
	return lo, hi
}

// milestone returns the date of an anchor, if the campaign has it.
func (g *generation) milestone(anchor string) (time.Time, bool) {
	switch anchor {
	case "start":
		return g.p.start, true
	case "end":
		return g.p.end, true
	case "go-live":
		return g.p.goLive, g.p.technology
	case "acquisition":
		return g.p.acquisition, g.p.hasAcq && g.p.merger
	case "announcement":
		return g.announcement, !g.announcement.IsZero()
	}
	return time.Time{}, false
}

// text fills a catalogue text's placeholders: {campaign}, {goLive} and
// {acquisition}.
func (g *generation) text(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	goLive, acq := "go-live", "the acquisition date"
	if g.p.technology {
		goLive = domain.DayText(g.p.goLive)
	}
	if g.p.hasAcq {
		acq = domain.DayText(g.p.acquisition)
	}
	return strings.NewReplacer("{campaign}", g.p.cfg.CampaignName, "{goLive}", goLive, "{acquisition}", acq).Replace(s)
}

// audienceLabel is an audience group's label ("Managers").
func audienceLabel(id string) string {
	if l, ok := optionLabel(audienceGroups, id); ok {
		return l
	}
	return id
}

func (g *generation) buildGoLive() {
	// Testing 7 days before go-live, the celebration 14 days after,
	// capped at the end date (spec 02 §9).
	testing := g.clamp(g.p.goLive.AddDate(0, 0, -7))
	a := g.activity(g.cat.GoLive.Testing, g.cat.GoLive.Testing.Title, testing)
	a.Timing = "7 days before go-live"
	g.items = append(g.items, item{a: a, date: testing, phase: -1, pinned: true})

	celebration := g.p.goLive.AddDate(0, 0, 14)
	if celebration.After(g.p.end) {
		celebration = g.p.end
	}
	a = g.activity(g.cat.GoLive.Celebration, g.cat.GoLive.Celebration.Title, celebration)
	a.Timing = "14 days after go-live"
	g.items = append(g.items, item{a: a, date: celebration, phase: -1, pinned: true})
	g.goLive = 2
}

// nearAcquisition reports whether the campaign starts within 90 days of the
// acquisition date, before or after it.
func (g *generation) nearAcquisition() bool {
	if !g.p.hasAcq {
		return false
	}
	d := Span(g.p.start, g.p.acquisition)
	return d >= -90 && d <= 90
}

// mergerDate places an M&A activity and applies the 3-days-earlier rule.
func (g *generation) mergerDate(offset int, priority string) time.Time {
	date := g.p.start.AddDate(0, 0, offset)
	if priority == PriorityHigh && g.nearAcquisition() {
		date = date.AddDate(0, 0, -3)
	}
	return g.clamp(date)
}

func (g *generation) buildMerger() {
	for _, e := range g.cat.Merger {
		selected := false
		for _, m := range e.Maturity {
			if contains(g.p.maturity, m) {
				selected = true
				break
			}
		}
		if !selected {
			continue
		}
		date := g.mergerDate(g.span*e.At/100, e.Priority)
		lo, hi := g.outsiderWindow(e.Audience)
		lo, hi = g.afterWindow(lo, hi, g.acquiredFrom(e))
		g.items = append(g.items, item{a: g.activity(e, e.Title, date), date: date, phase: -1, lo: lo, hi: hi})
		g.merger++
	}
}

// PreAcquisitionPriority returns the priority of the pre-acquisition phase
// at index i of the six: the first two high, the next two medium, the rest
// low.
func PreAcquisitionPriority(i int) string {
	switch {
	case i < 2:
		return PriorityHigh
	case i < 4:
		return PriorityMedium
	default:
		return PriorityLow
	}
}

func (g *generation) buildPreAcquisition() {
	for _, i := range g.p.preAcq {
		ph := preAcquisitionPhases[i]
		es := g.cat.PreAcquistion[ph.ID]
		priority := PreAcquisitionPriority(i)
		span := g.dealSpan()
		for k, e := range es {
			// Spread the phase's activities over its share of the span up
			// to the announcement, so every phase comes before it.
			offset := span * (ph.MinPercent*len(es) + (ph.MaxPercent-ph.MinPercent)*k) / (100 * len(es))
			date := g.mergerDate(offset, priority)
			e.Priority = priority
			pinned := false
			if e.Title == announcementTitle() {
				// The all-employee announcement is the announcement.
				e.Priority = PriorityHigh
				if !g.announcement.IsZero() && !g.announcement.Before(g.p.start) && !g.announcement.After(g.p.end) {
					date, pinned = g.announcement, true
				}
			}
			a := g.activity(e, e.Title, date)
			a.Confidentiality = ph.Confidentiality
			a.PhasePercentage = ph.PercentageRange
			lo, hi := g.outsiderWindow(e.Audience)
			g.items = append(g.items, item{a: a, date: date, phase: -1, lo: lo, hi: hi, pinned: pinned})
			g.preAcq++
		}
	}
}

// dealSpan is the number of days the pre-acquisition phases share: up to
// the acquisition date when it falls inside the campaign, else the span.
func (g *generation) dealSpan() int {
	if g.p.hasAcq && g.p.acquisition.After(g.p.start) && !g.p.acquisition.After(g.p.end) {
		return Span(g.p.start, g.p.acquisition)
	}
	return g.span
}

// phaseOfDay returns the phase whose day range holds day d; days past the
// last range (the end date itself) belong to the last phase.
func (g *generation) phaseOfDay(d int) int {
	end := 0
	for i, n := range g.days {
		end += n
		if d <= end {
			return i
		}
	}
	return len(g.days) - 1
}

func (g *generation) assemble(org *orgdata.Dataset) *Schedule {
	p := g.p
	c := p.cfg
	sortItems(g.items)
	g.numberSeries()

	phases := make([]Phase, len(phaseKeys))
	for i, info := range g.cat.Phases {
		phases[i] = Phase{
			ID:          "phase-" + strconv.Itoa(i+1),
			Name:        info.Name,
			Description: info.Description,
			Duration:    strconv.Itoa(g.days[i]) + " days",
			Activities:  []Activity{},
		}
	}
	all := make([]Activity, len(g.items))
	for i := range g.items {
		it := &g.items[i]
		if it.phase < 0 {
			it.phase = g.phaseOfDay(g.dayNumber(it.date))
		}
		it.a.ID = "activity-" + strconv.Itoa(i+1)
		it.a.Phase = phases[it.phase].Name
		all[i] = it.a
		phases[it.phase].Activities = append(phases[it.phase].Activities, it.a)
	}
	for i := range phases {
		phases[i].Confidentiality = strictestConfidentiality(phases[i].Activities)
	}

	timeline := make([]TimelineEntry, len(phases))
	for i, ph := range phases {
		first := g.phaseStart(i)
		last := first + g.days[i] - 1
		timeline[i] = TimelineEntry{
			Phase:      fmt.Sprintf("Phase %d: %s", i+1, ph.Name),
			Activities: len(ph.Activities),
			Timing:     fmt.Sprintf("Days %d-%d", first, last),
			StartDay:   first,
			EndDay:     last,
		}
	}

	typ, _ := CampaignTypeLabel(p.types[0])
	if typ == "" {
		typ = DefaultType
	}
	t := targetingFor(p, org)
	s := &Schedule{
		ID:              scheduleID(c, p.end),
		Name:            c.CampaignName,
		CampaignName:    c.CampaignName,
		StartDate:       p.start.Format(DateLayout),
		EndDate:         p.end.Format(DateLayout),
		Type:            typ,
		Status:          StatusDraft,
		TotalActivities: len(all),
		Phases:          phases,
		Activities:      all,
		Timeline:        timeline,
		Targeting:       &t,
		Warnings:        append([]string{}, g.warnings...),
	}
	if g.preAcq > 0 {
		s.ConfidentialityNote = ConfidentialityNote
	}
	s.Summary = g.summary(s, t)
	s.Milestones = g.milestones()
	// The checker reads the plan as a planner will: what it still finds
	// goes into the warnings, each once.
	have := map[string]bool{}
	for _, w := range s.Warnings {
		have[w] = true
	}
	for _, f := range CheckSchedule(s) {
		if f.Rule == check.RuleLoad && g.loadSummarised {
			continue // the count-against-cap warning says it once
		}
		if !have[f.Message] {
			have[f.Message] = true
			s.Warnings = append(s.Warnings, f.Message)
		}
	}
	return s
}

// milestones records what the checker reads the plan against.
func (g *generation) milestones() *Milestones {
	p := g.p
	m := &Milestones{PreAcquisition: len(p.preAcq) > 0, WeekendsAllowed: !p.businessOnly, MaxPerAudienceWeek: g.load.Limit()}
	if p.technology {
		m.GoLive = p.goLive.Format(DateLayout)
	}
	if p.merger && p.hasAcq {
		m.Acquisition = p.acquisition.Format(DateLayout)
		m.NewlyAcquired = contains(p.maturity, "newly-acquired")
	}
	if !g.announcement.IsZero() && !g.announcement.After(p.end) {
		m.Announcement = g.announcement.Format(DateLayout)
	}
	if len(p.holidays) > 0 {
		m.Holidays = map[string]string{}
		for d, n := range p.holidays {
			if !d.Before(p.start) && !d.After(p.end) {
				m.Holidays[d.Format(DateLayout)] = n
			}
		}
	}
	return m
}

// ConfidentialityNote is the schedule's note when it holds pre-acquisition
// activities.
const ConfidentialityNote = "CONFIDENTIAL: this schedule contains pre-acquisition activities. " +
	"Share it only with the deal team and approved leaders, and do not forward it, " +
	"until the acquisition has been announced."

// strictestConfidentiality returns the label of the earliest pre-acquisition
// phase among the activities, the most restricted one, or "".
func strictestConfidentiality(as []Activity) string {
	best := -1
	for _, a := range as {
		if a.Confidentiality == "" {
			continue
		}
		for i, ph := range preAcquisitionPhases {
			if ph.Confidentiality == a.Confidentiality && (best < 0 || i < best) {
				best = i
			}
		}
	}
	if best < 0 {
		return ""
	}
	return preAcquisitionPhases[best].Confidentiality
}

// scheduleID derives the id from the normalised configuration, so the same
// input always gives the same id.
func scheduleID(c Config, end time.Time) string {
	b, _ := json.Marshal(struct {
		Config
		End string
	}{c, end.Format(DateLayout)})
	sum := sha256.Sum256(b)
	return "campaign-" + hex.EncodeToString(sum[:8])
}

func (g *generation) summary(s *Schedule, t Targeting) string {
	p := g.p
	var b strings.Builder
	fmt.Fprintf(&b, "%s with %s over %s, %s to %s.",
		s.Type, plural(s.TotalActivities, "activity"), plural(g.span, "day"), domain.DayText(p.start), domain.DayText(p.end))
	if len(p.types) > 1 {
		labels := make([]string, 0, len(p.types)-1)
		for _, id := range p.types[1:] {
			l, _ := CampaignTypeLabel(id)
			labels = append(labels, l)
		}
		fmt.Fprintf(&b, " Also covers %s.", strings.Join(labels, ", "))
	}
	for _, o := range urgencyLevels {
		if o.ID == p.cfg.Urgency {
			fmt.Fprintf(&b, " %s urgency (%s).", o.Label, strings.ToLower(o.Description))
		}
	}
	fmt.Fprintf(&b, " Target: %s.", t.EmployeeTarget)
	if p.endExtended {
		fmt.Fprintf(&b, " The end date is go-live (%s) plus 90 days.", domain.DayText(p.goLive))
	}
	var extras []string
	if g.goLive > 0 {
		extras = append(extras, plural(g.goLive, "go-live milestone"))
	}
	if g.merger > 0 {
		extras = append(extras, plural(g.merger, "M&A integration activity"))
	}
	if g.preAcq > 0 {
		extras = append(extras, plural(g.preAcq, "confidential pre-acquisition activity"))
	}
	if len(extras) > 0 {
		fmt.Fprintf(&b, " Includes %s on top of the phase activities.", strings.Join(extras, " and "))
	}
	if need := g.days[0] + g.days[1] + g.days[2] + g.days[3]; need > g.span {
		fmt.Fprintf(&b, " Short campaign: the phase minimums need %d days but the campaign spans %s, "+
			"so activities that would fall after the end date are held on it.", need, plural(g.span, "day"))
	}
	return b.String()
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "activity") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(noun, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// ShortDate writes a date in the en-US short form, M/D/YYYY.
func ShortDate(t time.Time) string {
	return fmt.Sprintf("%d/%d/%d", int(t.Month()), t.Day(), t.Year())
}

func (g *generation) activity(e entry, title string, date time.Time) Activity {
	return Activity{
		Title:       title,
		Type:        e.Type,
		Timing:      "Day " + strconv.Itoa(g.dayNumber(date)),
		Date:        date.Format(DateLayout),
		Audience:    audienceLabel(e.Audience),
		Channel:     e.Channel,
		Description: g.text(e.Description),
		Priority:    e.Priority,
		Status:      ActivityPlanned,
	}
}

func lower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// findAnnouncement sets the moment a confidential deal becomes public: the
// acquisition date when one is given, else the embargoed all-employee
// announcement of the last pre-acquisition phase. Without pre-acquisition
// phases there is no secret to keep and it stays zero.
func (g *generation) findAnnouncement() {
	if len(g.p.preAcq) == 0 {
		return
	}
	if g.p.hasAcq {
		// On the acquisition date, or the last business day before it.
		g.announcement = g.workdayOnOrBefore(g.p.acquisition)
		return
	}
	last := len(preAcquisitionPhases) - 1
	if g.p.preAcq[len(g.p.preAcq)-1] == last {
		// The embargoed all-employee announcement: the first activity of
		// the last pre-acquisition phase (buildPreAcquisition's rule).
		ph := preAcquisitionPhases[last]
		g.announcement = g.workdayOnOrBefore(g.mergerDate(g.span*ph.MinPercent/100, PriorityHigh))
		return
	}
	// No announcement in the campaign: the whole of it is before one.
	g.announcement = g.p.end.AddDate(0, 0, 1)
}

// workdayOnOrBefore returns the last workday on or before d inside the
// campaign, or d when d is outside it or the campaign has none before it.
func (g *generation) workdayOnOrBefore(d time.Time) time.Time {
	if d.Before(g.p.start) || d.After(g.p.end) {
		return d
	}
	if w, ok := nearest(d, g.p.start, d, g.workday); ok {
		return w
	}
	return d
}

// outsiderWindow is where an M&A activity for audience may sit: anywhere,
// or for people outside the deal team of a confidential campaign, from the
// announcement on (held on the end date when that is later).
func (g *generation) outsiderWindow(audience string) (time.Time, time.Time) {
	s := g.secretUntil(audience)
	if !s.After(g.p.start) {
		return time.Time{}, time.Time{}
	}
	if s.After(g.p.end) {
		return g.p.end, g.p.end
	}
	return s, g.p.end
}

// acquiredFrom returns the first day an M&A activity of the given maturity
// phases may sit on: the acquisition date for an activity of the newly
// acquired or integrating (welcome, day-one, integration: nobody is
// welcomed before the deal closes), else the zero time.
func (g *generation) acquiredFrom(e entry) time.Time {
	if !g.p.hasAcq {
		return time.Time{}
	}
	if contains(e.Maturity, "newly-acquired") || contains(e.Maturity, "integrating") {
		return g.p.acquisition
	}
	// Integration, welcome, FAQ and pulse activities for those outside the
	// company follow the close too (the catalogue's afterClose).
	if lo, _ := g.ruleWindow(e.Title, e.Audience, g.p.start, g.p.end); lo.After(g.p.start) && !lo.Before(g.p.acquisition) {
		return g.p.acquisition
	}
	return time.Time{}
}

// afterWindow narrows the window lo..hi (zero: the whole campaign) to
// days on or after from (zero: no change); a from past the end holds the
// activity on the end date.
func (g *generation) afterWindow(lo, hi, from time.Time) (time.Time, time.Time) {
	if from.IsZero() || !from.After(g.p.start) || (!lo.IsZero() && !from.After(lo)) {
		return lo, hi
	}
	if from.After(g.p.end) {
		return g.p.end, g.p.end
	}
	return from, g.p.end
}

// dealTeam reports whether an audience may hear of a deal before it is
// announced: Executives (the board, sponsors and the deal team).
func dealTeam(audience string) bool { return audience == "executives" }

// secretUntil returns the first day an activity for audience may sit on:
// the announcement for everyone outside the deal team in a confidential
// campaign, else the zero time.
func (g *generation) secretUntil(audience string) time.Time {
	if g.announcement.IsZero() || dealTeam(audience) {
		return time.Time{}
	}
	return g.announcement
}

// confidentialityOn returns the label of an activity on day in a
// confidential campaign: before the announcement, that of the selected
// pre-acquisition phase whose range holds the day (else the latest one
// begun, else the first); after it, PostAnnouncementLabel.
func (g *generation) confidentialityOn(day time.Time) string {
	if g.announcement.IsZero() {
		return ""
	}
	if !day.Before(g.announcement) {
		return PostAnnouncementLabel
	}
	d := Span(g.p.start, day)
	label := preAcquisitionPhases[g.p.preAcq[0]].Confidentiality
	for _, i := range g.p.preAcq {
		ph := preAcquisitionPhases[i]
		if d >= g.span*ph.MinPercent/100 {
			label = ph.Confidentiality
		}
	}
	return label
}

// PostAnnouncementLabel is the confidentiality of a confidential campaign's
// activities once the deal has been announced: internal, no longer secret,
// still part of a campaign whose plan is.
const PostAnnouncementLabel = "Internal - After Announcement"

// numberSeries numbers each recurring activity's instances in date order
// (Issue 1 is the first one sent): pick numbered them in the order it took
// them, before place moved them.
func (g *generation) numberSeries() {
	next := map[string]int{}
	for i := range g.items {
		it := &g.items[i]
		if it.series == "" {
			continue
		}
		next[it.series]++
		label := it.a.Title[strings.LastIndex(it.a.Title, ", ")+2:]
		label = label[:strings.LastIndex(label, " ")]
		it.a.Title = fmt.Sprintf("%s, %s %d", it.series, label, next[it.series])
	}
}

// Confidential reports whether any activity of the schedule, in its list
// or in its phases, carries a confidentiality label: such a campaign is
// seen by its insiders only (docs/security.md, "Need to know").
func (s *Schedule) Confidential() bool {
	for _, a := range s.Activities {
		if a.Confidentiality != "" {
			return true
		}
	}
	for _, ph := range s.Phases {
		if ph.Confidentiality != "" {
			return true
		}
		for _, a := range ph.Activities {
			if a.Confidentiality != "" {
				return true
			}
		}
	}
	return false
}

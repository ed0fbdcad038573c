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
	Targeting           *Targeting      `json:"targeting,omitempty"`
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
	p, err := cfg.plan(org)
	if err != nil {
		return nil, err
	}
	cat := loadCatalogue()
	g := &generation{p: p, cat: cat, span: Span(p.start, p.end)}
	g.days = PhaseDays(g.span)
	g.buildBase()
	if p.technology {
		g.buildGoLive()
	}
	if p.merger {
		g.buildMerger()
		g.buildPreAcquisition()
	}
	return g.assemble(org), nil
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
}

// item is an activity before ids are assigned.
type item struct {
	a     Activity
	date  time.Time
	phase int // -1: place by date
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

func (g *generation) buildBase() {
	c := g.p.cfg
	if !g.p.organization {
		g.audience = c.Audiences
	}
	counts := allocate(BaseActivityCount(g.span, c.Urgency), g.days)
	types := g.p.types
	for ph := range phaseKeys {
		n := counts[ph]
		first := g.phaseStart(ph)
		// Candidate entries per type, narrowed to the chosen audiences.
		cands := make([][]entry, len(types))
		retarget := make([]bool, len(types))
		for ti, t := range types {
			cands[ti], retarget[ti] = g.forAudience(g.cat.Types[t][phaseKeys[ph]])
		}
		for j := 0; j < n; j++ {
			ti := j % len(types)
			es := cands[ti]
			idx := j / len(types)
			e := es[idx%len(es)]
			if retarget[ti] {
				e.Audience = g.audience[idx%len(g.audience)]
			}
			title := e.Title
			if round := idx/len(es) + 1; round > 1 {
				title += " (Round " + strconv.Itoa(round) + ")"
			}
			day := first + j*g.days[ph]/n
			date := g.dateOfDay(day)
			g.items = append(g.items, item{a: g.activity(e, title, date), date: date, phase: ph})
		}
	}
}

// forAudience keeps the entries meant for the audiences the planner chose
// in general mode. When the catalogue has none for them, it keeps every
// entry and reports that their audience must be replaced by a chosen one:
// the planner's choice of audience wins over the catalogue's.
func (g *generation) forAudience(es []entry) ([]entry, bool) {
	if len(g.audience) == 0 {
		return es, false
	}
	var out []entry
	for _, e := range es {
		if contains(g.audience, e.Audience) {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return es, true
	}
	return out, false
}

func (g *generation) activity(e entry, title string, date time.Time) Activity {
	audience, ok := optionLabel(audienceGroups, e.Audience)
	if !ok {
		audience = e.Audience
	}
	return Activity{
		Title:       title,
		Type:        e.Type,
		Timing:      "Day " + strconv.Itoa(g.dayNumber(date)),
		Date:        date.Format(DateLayout),
		Audience:    audience,
		Channel:     e.Channel,
		Description: e.Description,
		Priority:    e.Priority,
		Status:      ActivityPlanned,
	}
}

func (g *generation) buildGoLive() {
	// Testing 7 days before go-live, the celebration 14 days after,
	// capped at the end date (spec 02 §9).
	testing := g.clamp(g.p.goLive.AddDate(0, 0, -7))
	a := g.activity(g.cat.GoLive.Testing, g.cat.GoLive.Testing.Title, testing)
	a.Timing = "7 days before go-live"
	g.items = append(g.items, item{a: a, date: testing, phase: -1})

	celebration := g.p.goLive.AddDate(0, 0, 14)
	if celebration.After(g.p.end) {
		celebration = g.p.end
	}
	a = g.activity(g.cat.GoLive.Celebration, g.cat.GoLive.Celebration.Title, celebration)
	a.Timing = "14 days after go-live"
	g.items = append(g.items, item{a: a, date: celebration, phase: -1})
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
		g.items = append(g.items, item{a: g.activity(e, e.Title, date), date: date, phase: -1})
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
		for k, e := range es {
			// Spread the phase's activities over its share of the span.
			offset := g.span * (ph.MinPercent*len(es) + (ph.MaxPercent-ph.MinPercent)*k) / (100 * len(es))
			date := g.mergerDate(offset, priority)
			e.Priority = priority
			a := g.activity(e, e.Title, date)
			a.Confidentiality = ph.Confidentiality
			a.PhasePercentage = ph.PercentageRange
			g.items = append(g.items, item{a: a, date: date, phase: -1})
			g.preAcq++
		}
	}
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
	sort.SliceStable(g.items, func(i, j int) bool { return g.items[i].date.Before(g.items[j].date) })

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
	}
	if g.preAcq > 0 {
		s.ConfidentialityNote = ConfidentialityNote
	}
	s.Summary = g.summary(s, t)
	return s
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
		s.Type, plural(s.TotalActivities, "activity"), plural(g.span, "day"), ShortDate(p.start), ShortDate(p.end))
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
		fmt.Fprintf(&b, " The end date is go-live (%s) plus 90 days.", ShortDate(p.goLive))
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

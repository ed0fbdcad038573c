// Package check reads a campaign plan the way a planner does and names
// what a planner would change: series off their cadence, steps out of
// order, activities on weekends and holidays, weeks over the cap, secrets
// told too early and M&A dates that contradict each other. It is pure: the
// plan, its milestones, holidays and the rules (from the catalogue) come in,
// findings go out.
package check

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/load"
)

// Severities of a finding: an error is a plan a planner would not keep; a
// warning is one to read before sending.
const (
	Error   = "error"
	Warning = "warning"
)

// Rule names, as they appear in findings.
const (
	RuleCadence         = "cadence"
	RuleSequence        = "sequence"
	RuleLeadTime        = "lead-time"
	RuleCalendar        = "calendar"
	RuleLoad            = "load"
	RuleConfidentiality = "confidentiality"
	RuleMergerDates     = "ma-dates"
)

// Milestone keywords a sequence pair or window may name instead of a title.
const (
	GoLive       = "go-live"
	Acquisition  = "acquisition"
	Announcement = "announcement"
	End          = "end"
)

// Activity is one dated activity of a plan.
type Activity struct {
	ID              string
	Title           string
	Type            string
	Date            time.Time
	Audience        string
	Confidentiality string
}

// Plan is what the checker reads: the activities, the campaign's period and
// milestones (zero when absent), its holidays by day with their names, and
// the weekly cap per audience.
type Plan struct {
	Start, End   time.Time
	Activities   []Activity
	GoLive       time.Time
	Acquisition  time.Time
	Announcement time.Time // a confidential deal's public moment; zero when there is no secret
	// NewlyAcquired: every activity before the acquisition is labelled or
	// addressed to the deal team.
	NewlyAcquired bool
	// PreAcquisition: the plan holds pre-acquisition phases.
	PreAcquisition bool
	// WeekendsAllowed turns the weekend half of the calendar rule off.
	WeekendsAllowed bool
	Holidays        map[time.Time]string
	Cap             int
}

// Pair is one "First before Then" rule. Each side is a milestone keyword,
// "type:<activity type>", "*" (Then only: any other activity) or a part of
// a title (case-insensitive). With a milestone on one side, every activity
// of the other side must be on the right side of it (strictly before a
// milestone, on or after one); between activities, the first of First must
// not come after any of Then. SameAudience compares per audience, and
// Audiences, when set, limits the rule to those audiences.
type Pair struct {
	First        string   `yaml:"first" json:"first"`
	Then         string   `yaml:"then" json:"then"`
	SameAudience bool     `yaml:"sameAudience" json:"sameAudience,omitempty"`
	Audiences    []string `yaml:"audiences" json:"audiences,omitempty"`
	Why          string   `yaml:"why" json:"why,omitempty"`
}

// Window is where the activities whose title holds Match may sit: From..To
// days (inclusive, negative before; nil open) around the milestone Anchor.
type Window struct {
	Match  string
	Anchor string
	From   *int
	To     *int
}

// Rules are what the catalogue declares: the sequence pairs, the windows
// of anchored entries, the titles of pinned milestones (which may fall on a
// weekend with a warning), the deal team's audiences, the title of the
// announcement activity and the titles of what must follow the close.
type Rules struct {
	Sequence     []Pair
	Windows      []Window
	Pinned       []string
	DealTeam     []string
	Announcement string
	AfterClose   []string
	// CloseAudiences are the audiences AfterClose applies to (all when
	// empty).
	CloseAudiences []string
	// Tolerance is how many days an anchored activity may stray outside
	// its window when the window holds no business day.
	Tolerance int
	// BeforeGoLive are the steps (parts of titles) a go-live needs before
	// it; a plan without one of them gets a lead-time warning.
	BeforeGoLive []string
	// LeadTime is the days before go-live the steps want (21 when 0):
	// with less room, they are compressed and the plan says so.
	LeadTime int
}

// Finding is one thing a planner would change.
type Finding struct {
	Rule        string   `json:"rule"`
	Severity    string   `json:"severity"`
	ActivityIDs []string `json:"activityIds"`
	Message     string   `json:"message"`
}

// Errors counts the findings of severity error.
func Errors(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == Error {
			n++
		}
	}
	return n
}

// Check returns the findings of plan p under rules r, errors first, then
// in rule order and by date.
func Check(p Plan, r Rules) []Finding {
	c := &checker{p: p, r: lowered(r), low: make(map[string]string, len(p.Activities))}
	c.acts = append([]Activity(nil), p.Activities...)
	sort.SliceStable(c.acts, func(i, j int) bool { return c.acts[i].Date.Before(c.acts[j].Date) })
	c.cadence()
	c.sequence()
	c.leadTime()
	c.calendar()
	c.load()
	c.confidentiality()
	c.mergerDates()
	sort.SliceStable(c.out, func(i, j int) bool {
		return c.out[i].Severity == Error && c.out[j].Severity != Error
	})
	return c.out
}

// lowered returns r with its title selectors in lower case, so matching
// lower-cases each title once and each selector never.
func lowered(r Rules) Rules {
	low := func(sel string) string {
		if strings.HasPrefix(sel, "type:") {
			return sel
		}
		return strings.ToLower(sel)
	}
	out := r
	out.Sequence = make([]Pair, len(r.Sequence))
	for i, p := range r.Sequence {
		p.First, p.Then = low(p.First), low(p.Then)
		out.Sequence[i] = p
	}
	out.Windows = make([]Window, len(r.Windows))
	for i, w := range r.Windows {
		w.Match = low(w.Match)
		out.Windows[i] = w
	}
	out.AfterClose = make([]string, len(r.AfterClose))
	for i, t := range r.AfterClose {
		out.AfterClose[i] = low(t)
	}
	return out
}

type checker struct {
	p    Plan
	r    Rules
	acts []Activity // by date
	low  map[string]string
	out  []Finding
}

func (c *checker) add(rule, sev, msg string, ids ...string) {
	if ids == nil {
		ids = []string{} // a milestone's finding names no activity: [] in JSON, never null
	}
	c.out = append(c.out, Finding{Rule: rule, Severity: sev, ActivityIDs: ids, Message: msg})
}

// short writes an activity's day as a planner does in a list: "16 Jul".
func short(t time.Time) string { return t.Format("2 Jan") }

// long writes a day in full: "4 Jul 2026".
func long(t time.Time) string { return t.Format("2 Jan 2006") }

// SeriesOf returns the series an activity title belongs to and its
// number, or ok false for a one-off: "Newsletter for Employees, Issue 3"
// is item 3 of "Newsletter for Employees, Issue".
func SeriesOf(title string) (series string, n int, ok bool) {
	sp := strings.LastIndexByte(title, ' ')
	if sp < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(title[sp+1:])
	if err != nil || n < 0 || title[sp+1] == '+' || title[sp+1] == '-' {
		return "", 0, false
	}
	head := title[:sp]
	comma := strings.LastIndex(head, ", ")
	if comma <= 0 {
		return "", 0, false
	}
	word := head[comma+2:]
	if word == "" || word[0] < 'A' || word[0] > 'Z' {
		return "", 0, false
	}
	for i := 1; i < len(word); i++ {
		if b := word[i]; !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z') {
			return "", 0, false
		}
	}
	return head, n, true
}

// cadence: a series never has two items for one audience in one ISO week,
// its numbers follow its dates, and its gaps are even.
func (c *checker) cadence() {
	type item struct {
		a Activity
		n int
	}
	groups := map[string][]item{}
	var keys []string
	for _, a := range c.acts {
		s, n, ok := SeriesOf(a.Title)
		if !ok {
			continue
		}
		k := s + "\x00" + strings.ToLower(a.Audience)
		if _, seen := groups[k]; !seen {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], item{a, n})
	}
	for _, k := range keys {
		g := groups[k]
		for i := 1; i < len(g); i++ {
			prev, cur := g[i-1], g[i]
			if load.WeekOf(prev.a.Date) == load.WeekOf(cur.a.Date) {
				c.add(RuleCadence, Error, fmt.Sprintf("%s (%s) and %s (%s) fall in the same week: a series goes out at most once a week",
					prev.a.Title, short(prev.a.Date), cur.a.Title, short(cur.a.Date)), prev.a.ID, cur.a.ID)
			}
			if cur.n < prev.n {
				c.add(RuleCadence, Error, fmt.Sprintf("%s (%s) comes before %s (%s)",
					prev.a.Title, short(prev.a.Date), cur.a.Title, short(cur.a.Date)), prev.a.ID, cur.a.ID)
			}
		}
		if len(g) < 3 {
			continue
		}
		gaps := make([]int, len(g)-1)
		for i := 1; i < len(g); i++ {
			gaps[i-1] = businessDays(g[i-1].a.Date, g[i].a.Date)
		}
		sorted := append([]int(nil), gaps...)
		sort.Ints(sorted)
		median := sorted[len(sorted)/2]
		for i, gap := range gaps {
			if gap-median > 2 || median-gap > 2 {
				c.add(RuleCadence, Warning, fmt.Sprintf("%s (%s) comes %d business days after %s (%s); the series' usual gap is %d",
					g[i+1].a.Title, short(g[i+1].a.Date), gap, g[i].a.Title, short(g[i].a.Date), median), g[i].a.ID, g[i+1].a.ID)
			}
		}
	}
}

// businessDays counts the weekdays after a up to and including b.
func businessDays(a, b time.Time) int {
	n := 0
	for d := a.AddDate(0, 0, 1); !d.After(b); d = d.AddDate(0, 0, 1) {
		if wd := d.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n++
		}
	}
	return n
}

// milestone returns the date of a milestone keyword and its name.
func (c *checker) milestone(k string) (time.Time, string, bool) {
	switch k {
	case GoLive:
		return c.p.GoLive, "go-live", !c.p.GoLive.IsZero()
	case Acquisition:
		return c.p.Acquisition, "the acquisition", !c.p.Acquisition.IsZero()
	case Announcement:
		return c.p.Announcement, "the announcement", !c.p.Announcement.IsZero()
	case End:
		return c.p.End, "the end of the campaign", !c.p.End.IsZero()
	}
	return time.Time{}, "", false
}

func isMilestone(k string) bool {
	return k == GoLive || k == Acquisition || k == Announcement || k == End
}

// Matches reports whether a fits the selector sel of a pair or window.
func Matches(sel string, a Activity) bool {
	return matchLow(sel, strings.ToLower(a.Title), a)
}

// matches reports whether a fits the selector sel (a title part or
// "type:x"; "*" matches anything).
func (c *checker) matches(sel string, a Activity) bool {
	low, ok := c.low[a.Title]
	if !ok {
		low = strings.ToLower(a.Title)
		c.low[a.Title] = low
	}
	return matchLow(sel, low, a)
}

func matchLow(sel, lowTitle string, a Activity) bool {
	switch {
	case sel == "*":
		return true
	case strings.HasPrefix(sel, "type:"):
		return strings.EqualFold(a.Type, sel[len("type:"):])
	}
	return containsFoldASCII(lowTitle, sel)
}

// containsFoldASCII reports whether lowTitle (lower case) holds sel in any
// case, without allocating for the common all-ASCII selector.
func containsFoldASCII(lowTitle, sel string) bool {
	for i := 0; i < len(sel); i++ {
		if b := sel[i]; b >= 'A' && b <= 'Z' || b >= 0x80 {
			return strings.Contains(lowTitle, strings.ToLower(sel))
		}
	}
	return strings.Contains(lowTitle, sel)
}

func (c *checker) inAudiences(p Pair, a Activity) bool {
	if len(p.Audiences) == 0 {
		return true
	}
	for _, x := range p.Audiences {
		if strings.EqualFold(x, a.Audience) {
			return true
		}
	}
	return false
}

// sequence checks the catalogue's "A before B" pairs.
func (c *checker) sequence() {
	for _, p := range c.r.Sequence {
		switch {
		case isMilestone(p.Then):
			m, name, ok := c.milestone(p.Then)
			if !ok {
				continue
			}
			for _, a := range c.acts {
				if c.matches(p.First, a) && c.inAudiences(p, a) && !a.Date.Before(m) {
					c.add(RuleSequence, Error, fmt.Sprintf("%s (%s) comes on or after %s (%s)%s",
						a.Title, short(a.Date), name, short(m), why(p)), a.ID)
				}
			}
		case isMilestone(p.First):
			m, name, ok := c.milestone(p.First)
			if !ok {
				continue
			}
			for _, a := range c.acts {
				if c.matches(p.Then, a) && c.inAudiences(p, a) && a.Date.Before(m) && !c.heldAtEnd(a, m) {
					c.add(RuleSequence, Error, fmt.Sprintf("%s (%s) comes before %s (%s)%s",
						a.Title, short(a.Date), name, short(m), why(p)), a.ID)
				}
			}
		default:
			// The first activity of First, per audience when asked.
			first := map[string]Activity{}
			for _, a := range c.acts {
				if !c.matches(p.First, a) || !c.inAudiences(p, a) {
					continue
				}
				k := c.groupKey(p, a)
				if _, ok := first[k]; !ok {
					first[k] = a
				}
			}
			for _, b := range c.acts {
				if !c.matches(p.Then, b) || c.matches(p.First, b) || !c.inAudiences(p, b) || (p.Then == "*" && c.pinned(b)) {
					continue
				}
				a, ok := first[c.groupKey(p, b)]
				if ok && b.Date.Before(a.Date) {
					c.add(RuleSequence, Error, fmt.Sprintf("%s (%s) comes after %s (%s)%s",
						a.Title, short(a.Date), b.Title, short(b.Date), why(p)), a.ID, b.ID)
				}
			}
		}
	}
	for _, w := range c.r.Windows {
		if room, ok := c.compressed(); ok && w.Anchor == "go-live" && c.leadStep(w.Match) {
			// Compressed, a step's window is the room before go-live.
			from, to := -room, -1
			w.From, w.To = &from, &to
		}
		m, name, ok := c.milestone(w.Anchor)
		if !ok || !c.fits(w, m) {
			continue
		}
		for _, a := range c.acts {
			if !c.matches(w.Match, a) {
				continue
			}
			d := int(a.Date.Sub(m).Hours() / 24)
			tol := c.r.Tolerance
			switch {
			case w.From != nil && d < *w.From-tol:
				c.add(RuleSequence, Error, fmt.Sprintf("%s (%s) is %s; it belongs %s", a.Title, short(a.Date), relative(d, name), span(w, name)), a.ID)
			case w.To != nil && d > *w.To+tol:
				c.add(RuleSequence, Error, fmt.Sprintf("%s (%s) is %s; it belongs %s", a.Title, short(a.Date), relative(d, name), span(w, name)), a.ID)
			}
		}
	}
}

// compressed returns the days from the start to go-live when they are
// fewer than the steps before go-live want (LeadTime), so the steps share
// that room.
func (c *checker) compressed() (int, bool) {
	if c.p.GoLive.IsZero() || c.p.Start.IsZero() {
		return 0, false
	}
	want := c.r.LeadTime
	if want == 0 {
		want = 21
	}
	room := int(c.p.GoLive.Sub(c.p.Start).Hours() / 24)
	return room, room > 0 && room < want
}

// leadStep reports whether a (lowered) title part names a step before
// go-live.
func (c *checker) leadStep(match string) bool {
	for _, s := range c.r.BeforeGoLive {
		if strings.Contains(match, strings.ToLower(s)) || strings.Contains(strings.ToLower(s), match) {
			return true
		}
	}
	return false
}

// fits reports whether window w around m meets the campaign; one that does
// not cannot be held, and the generator's warnings say where its
// activities went.
func (c *checker) fits(w Window, m time.Time) bool {
	if c.p.Start.IsZero() || c.p.End.IsZero() {
		return true
	}
	if w.From != nil && m.AddDate(0, 0, *w.From).After(c.p.End) {
		return false
	}
	if w.To != nil && m.AddDate(0, 0, *w.To).Before(c.p.Start) {
		return false
	}
	return true
}

// heldAtEnd reports whether a sits on the campaign's last business day
// because a milestone m after it leaves no business day before the end:
// the nearest day the plan has, which the generator's warnings name.
func (c *checker) heldAtEnd(a Activity, m time.Time) bool {
	if c.p.End.IsZero() {
		return false
	}
	for d := a.Date.AddDate(0, 0, 1); !d.After(c.p.End); d = d.AddDate(0, 0, 1) {
		if _, off := c.dayName(d); !off {
			return false
		}
	}
	return true
}

func why(p Pair) string {
	if p.Why == "" {
		return ""
	}
	return ": " + p.Why
}

func (c *checker) groupKey(p Pair, a Activity) string {
	if p.SameAudience {
		return strings.ToLower(a.Audience)
	}
	return ""
}

// relative writes d days around a milestone: "12 days before go-live".
func relative(d int, name string) string {
	switch {
	case d == 0:
		return "on " + name
	case d < 0:
		return plural(-d, "day") + " before " + name
	}
	return plural(d, "day") + " after " + name
}

// span writes a window: "in the 28 days before go-live".
func span(w Window, name string) string {
	switch {
	case w.From != nil && w.To != nil:
		return fmt.Sprintf("between %s and %s", strings.TrimPrefix(relative(*w.From, name), "on "), relative(*w.To, name))
	case w.From != nil:
		return "from " + strings.TrimPrefix(relative(*w.From, name), "on ")
	case w.To != nil:
		return "by " + strings.TrimPrefix(relative(*w.To, name), "on ")
	}
	return "anywhere"
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// leadTime warns when go-live leaves less room than the steps before it
// want (three weeks unless the rules say otherwise), naming the room there
// is, and when a step cannot come before go-live at all.
func (c *checker) leadTime() {
	if c.p.GoLive.IsZero() || c.p.Start.IsZero() {
		return
	}
	room, short := c.compressed()
	want := c.r.LeadTime
	if want == 0 {
		want = 21
	}
	if short {
		business := 0
		for d := c.p.Start; d.Before(c.p.GoLive); d = d.AddDate(0, 0, 1) {
			if _, off := c.dayName(d); !off {
				business++
			}
		}
		c.add(RuleLeadTime, Warning, fmt.Sprintf("Go-live (%s) is %s after the start (%s): the steps before it want %d days, so they are compressed into that room, in order",
			long(c.p.GoLive), plural(room, "day"), plural(business, "business day"), want))
	}
	if room <= 0 {
		return
	}
	for _, step := range c.r.BeforeGoLive {
		found := false
		for _, a := range c.acts {
			if a.Date.Before(c.p.GoLive) && c.matches(step, a) {
				found = true
				break
			}
		}
		if !found {
			c.add(RuleLeadTime, Warning, fmt.Sprintf("Nothing titled %q comes before go-live (%s): the %s before it went to other activities",
				step, long(c.p.GoLive), plural(room, "day")))
		}
	}
}

// Pinned reports whether the title is a pinned milestone's.
func (c *checker) pinned(a Activity) bool {
	for _, t := range c.r.Pinned {
		if strings.EqualFold(a.Title, t) {
			return true
		}
	}
	return false
}

// dayName names a non-business day: the holiday's name, or the weekday.
func (c *checker) dayName(d time.Time) (string, bool) {
	if n, ok := c.p.Holidays[d]; ok {
		return n, true
	}
	if !c.p.WeekendsAllowed && (d.Weekday() == time.Saturday || d.Weekday() == time.Sunday) {
		return d.Weekday().String(), true
	}
	return "", false
}

// calendar: no unpinned activity on a weekend or holiday; a pinned
// milestone or a milestone date on one is a warning naming the day.
func (c *checker) calendar() {
	for _, k := range []string{GoLive, Acquisition} {
		m, _, ok := c.milestone(k)
		if !ok {
			continue
		}
		if n, bad := c.dayName(m); bad {
			label := "Go-live"
			if k == Acquisition {
				label = "The acquisition"
			}
			c.add(RuleCalendar, Warning, fmt.Sprintf("%s falls on %s, %s", label, n, long(m)))
		}
	}
	for _, a := range c.acts {
		n, bad := c.dayName(a.Date)
		if !bad {
			continue
		}
		if c.pinned(a) {
			c.add(RuleCalendar, Warning, fmt.Sprintf("%s falls on %s, %s", a.Title, n, long(a.Date)), a.ID)
			continue
		}
		c.add(RuleCalendar, Error, fmt.Sprintf("%s for %s falls on %s, %s", a.Title, a.Audience, n, long(a.Date)), a.ID)
	}
}

// load: the weekly cap per audience, in the Schedule's words.
func (c *checker) load() {
	type key struct {
		aud  string
		week load.Week
	}
	ids := map[key][]string{}
	counter := load.NewCounter(c.p.Cap)
	for _, a := range c.acts {
		counter.Add(a.Audience, a.Date)
		k := key{a.Audience, load.WeekOf(a.Date)}
		ids[k] = append(ids[k], a.ID)
	}
	for _, o := range counter.Overloads() {
		c.add(RuleLoad, Warning, load.Message(o.Audience, o.Count, counter.Limit(), o.Monday, "activity", "activities"),
			ids[key{o.Audience, o.Week}]...)
	}
}

func (c *checker) dealTeam(a Activity) bool {
	for _, d := range c.r.DealTeam {
		if strings.EqualFold(d, a.Audience) {
			return true
		}
	}
	return false
}

// confidentiality: before the announcement only the deal team hears and
// every activity is labelled; in a newly acquired company, every activity
// before the close is labelled or for the deal team.
func (c *checker) confidentiality() {
	if ann := c.p.Announcement; !ann.IsZero() {
		for _, a := range c.acts {
			if !a.Date.Before(ann) {
				continue
			}
			if !c.dealTeam(a) && c.pinned(a) {
				c.add(RuleConfidentiality, Warning, fmt.Sprintf("%s for %s (%s) comes before the announcement (%s): a pinned milestone stays on its date, so tell its audience under embargo",
					a.Title, a.Audience, short(a.Date), long(ann)), a.ID)
			} else if !c.dealTeam(a) {
				c.add(RuleConfidentiality, Error, fmt.Sprintf("%s for %s (%s) comes before the announcement (%s): only the deal team may hear before it",
					a.Title, a.Audience, short(a.Date), long(ann)), a.ID)
			} else if a.Confidentiality == "" {
				c.add(RuleConfidentiality, Error, fmt.Sprintf("%s (%s) comes before the announcement (%s) without a confidentiality label",
					a.Title, short(a.Date), long(ann)), a.ID)
			}
		}
	}
	if acq := c.p.Acquisition; c.p.NewlyAcquired && !acq.IsZero() {
		for _, a := range c.acts {
			if a.Date.Before(acq) && a.Confidentiality == "" && !c.dealTeam(a) {
				c.add(RuleConfidentiality, Error, fmt.Sprintf("%s for %s (%s) comes before the acquisition closes (%s) without a confidentiality label",
					a.Title, a.Audience, short(a.Date), long(acq)), a.ID)
			}
		}
	}
}

// mergerDates: with pre-acquisition phases and an acquisition date, the
// announcement is on or before the acquisition; integration activities
// come after the announcement and the close.
func (c *checker) mergerDates() {
	acq := c.p.Acquisition
	if c.p.PreAcquisition && !acq.IsZero() && c.r.Announcement != "" {
		for _, a := range c.acts {
			if !strings.EqualFold(a.Title, c.r.Announcement) || !a.Date.After(acq) {
				continue
			}
			sev := Error
			if acq.Before(c.p.Start) {
				sev = Warning // the deal closed before the campaign starts
			}
			c.add(RuleMergerDates, sev, fmt.Sprintf("%s (%s) comes after the acquisition (%s)", a.Title, short(a.Date), long(acq)), a.ID)
		}
	}
	for _, a := range c.acts {
		if c.dealTeam(a) || !c.afterClose(a) {
			continue
		}
		if ann := c.p.Announcement; !ann.IsZero() && a.Date.Before(ann) {
			continue // the confidentiality rule names it
		}
		if !acq.IsZero() && a.Date.Before(acq) && !acq.After(c.p.End) && !c.heldAtEnd(a, acq) {
			c.add(RuleMergerDates, Error, fmt.Sprintf("%s for %s (%s) comes before the acquisition closes (%s)",
				a.Title, a.Audience, short(a.Date), long(acq)), a.ID)
		}
	}
}

func (c *checker) afterClose(a Activity) bool {
	if len(c.r.CloseAudiences) > 0 && !containsFold(c.r.CloseAudiences, a.Audience) {
		return false
	}
	for _, t := range c.r.AfterClose {
		if c.matches(t, a) {
			return true
		}
	}
	return false
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

package campaign

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/load"
	"github.com/commsplan/commsplan/pkg/orgdata"
)

// randomConfig draws a valid configuration: any span from 1 day to 10
// years, any mix of types, urgencies, maturity and pre-acquisition phases,
// audiences and organisational selections.
func randomConfig(r *rand.Rand) Config {
	pick := func(ids []string) []string {
		var out []string
		for _, id := range ids {
			if r.IntN(3) == 0 {
				out = append(out, id)
			}
		}
		return out
	}
	org := orgdata.Load()
	start := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.IntN(3000))
	var span int
	switch r.IntN(3) {
	case 0:
		span = 1 + r.IntN(20) // short
	case 1:
		span = 1 + r.IntN(400)
	default:
		span = 1 + r.IntN(3652)
	}
	end := start.AddDate(0, 0, span)
	c := Config{
		CampaignName: "Campaign " + string(rune('A'+r.IntN(26))),
		StartDate:    start.Format(DateLayout),
		EndDate:      end.Format(DateLayout),
		Urgency:      []string{"", UrgencyLow, UrgencyMedium, UrgencyHigh}[r.IntN(4)],
	}
	for _, t := range campaignTypes {
		if r.IntN(4) == 0 {
			c.CampaignTypes = append(c.CampaignTypes, t.ID)
		}
	}
	if len(c.CampaignTypes) == 0 {
		c.CampaignTypes = []string{campaignTypes[r.IntN(len(campaignTypes))].ID}
	}
	r.Shuffle(len(c.CampaignTypes), func(i, j int) { c.CampaignTypes[i], c.CampaignTypes[j] = c.CampaignTypes[j], c.CampaignTypes[i] })
	if contains(c.CampaignTypes, TypeTechnologyImplementation) {
		c.GoLiveDate = start.AddDate(0, 0, r.IntN(span+1)).Format(DateLayout)
	}
	if contains(c.CampaignTypes, TypeMAIntegration) {
		for _, m := range maturityPhases {
			if r.IntN(3) == 0 {
				c.MaturityPhases = append(c.MaturityPhases, m.ID)
			}
		}
		if contains(c.MaturityPhases, MaturityPreAcquisition) {
			for _, p := range preAcquisitionPhases {
				if r.IntN(2) == 0 {
					c.PreAcquisitionPhases = append(c.PreAcquisitionPhases, p.ID)
				}
			}
			if len(c.PreAcquisitionPhases) == 0 {
				c.PreAcquisitionPhases = []string{preAcquisitionPhases[r.IntN(6)].ID}
			}
		}
		if r.IntN(3) > 0 || contains(c.MaturityPhases, MaturityNewlyAcquired) || contains(c.MaturityPhases, MaturityIntegrating) {
			c.AcquisitionDate = start.AddDate(0, 0, r.IntN(400)-200).Format(DateLayout)
		}
	}
	if r.IntN(2) == 0 {
		c.AudienceMode = AudienceModeOrganizational
		for _, l := range org.Locations {
			if r.IntN(4) == 0 {
				c.Locations = append(c.Locations, l.ID)
			}
		}
		for _, d := range org.Divisions {
			if r.IntN(6) == 0 {
				c.Divisions = append(c.Divisions, d.ID)
			}
		}
		for _, l := range org.Levels {
			if r.IntN(4) == 0 {
				c.OrgLevels = append(c.OrgLevels, l.ID)
			}
		}
		for _, g := range org.RoleGroups {
			if r.IntN(5) == 0 {
				c.RoleCategories = append(c.RoleCategories, g.ID)
			}
		}
	} else {
		ids := make([]string, len(audienceGroups))
		for i, a := range audienceGroups {
			ids[i] = a.ID
		}
		c.Audiences = pick(ids)
	}
	return c
}

// checkInvariants is the property every generated schedule has.
func checkInvariants(t *testing.T, cfg Config, s *Schedule) {
	t.Helper()
	start, err := time.Parse(DateLayout, s.StartDate)
	require.NoError(t, err)
	end, err := time.Parse(DateLayout, s.EndDate)
	require.NoError(t, err)
	require.True(t, end.After(start))

	// Totals add up everywhere.
	require.Equal(t, len(s.Activities), s.TotalActivities)
	sumPhases, sumTimeline := 0, 0
	for i, ph := range s.Phases {
		sumPhases += len(ph.Activities)
		sumTimeline += s.Timeline[i].Activities
		require.Equal(t, len(ph.Activities), s.Timeline[i].Activities)
	}
	require.Equal(t, s.TotalActivities, sumPhases)
	require.Equal(t, s.TotalActivities, sumTimeline)
	require.GreaterOrEqual(t, s.TotalActivities, 7)

	// Phases are contiguous from day 1 and cover at least the span.
	require.Len(t, s.Phases, 4)
	require.Len(t, s.Timeline, 4)
	require.Equal(t, 1, s.Timeline[0].StartDay)
	for i := 1; i < 4; i++ {
		require.Equal(t, s.Timeline[i-1].EndDay+1, s.Timeline[i].StartDay)
	}
	require.GreaterOrEqual(t, s.Timeline[3].EndDay, Span(start, end))

	// Every date is inside the campaign; ids are unique; the flat list is
	// in date order and holds exactly the phases' activities.
	ids := map[string]bool{}
	inPhase := map[string]string{}
	for _, ph := range s.Phases {
		for _, a := range ph.Activities {
			inPhase[a.ID] = ph.Name
		}
	}
	prev := start
	for _, a := range s.Activities {
		d, err := time.Parse(DateLayout, a.Date)
		require.NoError(t, err)
		require.False(t, d.Before(start), "%s before start: %+v", a.Date, cfg)
		require.False(t, d.After(end), "%s after end: %+v", a.Date, cfg)
		require.False(t, d.Before(prev), "activities are in date order")
		prev = d
		require.False(t, ids[a.ID], "duplicate id %s", a.ID)
		ids[a.ID] = true
		require.Equal(t, inPhase[a.ID], a.Phase)
	}
	require.Len(t, inPhase, len(ids))
	require.NoError(t, s.Validate())
}

// checkPlanRules is the plan rules property: business days, holidays,
// distinct titles, anchors, the cap (or a warning per breach) and the
// seeds' count.
func checkPlanRules(t *testing.T, cfg Config, opt Options, s *Schedule) {
	t.Helper()
	n := cfg.Normalize()
	p, err := cfg.plan(orgdata.Load())
	require.NoError(t, err)
	if code := cmpOr(n.HolidayCalendar, opt.HolidayCalendar); code != "none" {
		p.addCalendar(code, p.start, p.end)
	}
	warned := strings.Join(s.Warnings, "\n")
	seen := map[string]bool{}
	pinned := map[string]bool{"System Testing": true, "Go-Live Celebration": true}
	for _, a := range s.Activities {
		require.False(t, seen[a.Title], "title %q repeated: %+v", a.Title, cfg)
		seen[a.Title] = true
		require.NotContains(t, a.Title, "(Round")
		d := day(a.Date)
		weekend := d.Weekday() == time.Saturday || d.Weekday() == time.Sunday
		if (p.businessOnly && weekend) || p.holidays[d] != "" {
			require.True(t, pinned[a.Title] || strings.Contains(warned, fmt.Sprintf("%q", a.Title)),
				"%s %q on a weekend or holiday without a warning: %+v", a.Date, a.Title, cfg)
		}
		// An activity whose window holds no business day goes to the
		// nearest one, and the warnings say so.
		nearestDay := strings.Contains(warned, fmt.Sprintf("%q for %s falls on %s, the nearest business day", a.Title, a.Audience, domain.DayText(d)))
		// Compressed, a step before go-live may take any day of the room.
		compressed := strings.Contains(warned, "so they are compressed") && isLeadStep(a.Title) &&
			!d.Before(p.start) && d.Before(p.goLive)
		if e, ok := catalogueEntryOf(n.CampaignName, a.Title); ok && e.Anchor == "go-live" && p.technology && !nearestDay && !compressed {
			if e.From != nil {
				require.False(t, d.Before(p.goLive.AddDate(0, 0, *e.From)), "%q on %s before its window: %+v", a.Title, a.Date, cfg)
			}
			if e.To != nil {
				require.False(t, d.After(p.goLive.AddDate(0, 0, *e.To)), "%q on %s after its window: %+v", a.Title, a.Date, cfg)
			}
		}
	}
	// The cap: every audience-week over it is named in a warning.
	limit := load.Limit(opt.MaxPerAudienceWeek)
	if n.MaxPerAudienceWeek != nil {
		limit = *n.MaxPerAudienceWeek
	}
	type audWeek struct {
		audience string
		monday   time.Time
	}
	weeks := map[audWeek]int{}
	for _, a := range s.Activities {
		weeks[audWeek{a.Audience, load.Monday(day(a.Date))}]++
	}
	// ... unless one warning says the count cannot fit the cap at all.
	_, overCapacity := loadWarnings(s)
	for k, c := range weeks {
		if c > limit && len(overCapacity) == 0 {
			// The Schedule's own sentence (load.Message), one wording.
			require.Contains(t, warned, load.Message(k.audience, c, limit, k.monday, "activity", "activities"),
				"week of %s over the cap: %+v", k.monday, cfg)
		}
	}
	// A confidential campaign keeps the secret: before the announcement
	// (the acquisition date, else the embargoed all-employee announcement,
	// else never) only the deal team hears, every activity is labelled.
	if len(p.preAcq) > 0 && p.merger {
		announced := "9999-12-31"
		if p.hasAcq {
			announced = p.acquisition.Format(DateLayout)
		} else if a, ok := titlesOf(s)["All-Employee Acquisition Announcement"]; ok {
			announced = a.Date
		}
		for _, a := range s.Activities {
			require.NotEmpty(t, a.Confidentiality, "%q unlabelled: %+v", a.Title, cfg)
			if a.Date < announced && !strings.Contains(warned, fmt.Sprintf("%q for %s on %s comes before the announcement", a.Title, a.Audience, domain.DayText(day(a.Date)))) {
				require.Equal(t, "Executives", a.Audience, "%s %q before the announcement %s: %+v", a.Date, a.Title, announced, cfg)
			}
		}
	}
	// Nobody is welcomed before the deal closes: an M&A activity of the
	// newly acquired or integrating sits on or after the acquisition date
	// (held on the end date when the acquisition comes after it).
	if p.merger && p.hasAcq {
		acq := p.acquisition.Format(DateLayout)
		byTitle := titlesOf(s)
		for _, e := range loadCatalogue().Merger {
			a, ok := byTitle[e.Title]
			if !ok || (!contains(e.Maturity, "newly-acquired") && !contains(e.Maturity, "integrating")) {
				continue
			}
			if acq > s.EndDate {
				// Held on the end date, or on the last business day
				// before it when the end date is a day off.
				want := s.EndDate
				for d := day(s.EndDate); !d.Before(day(s.StartDate)); d = d.AddDate(0, 0, -1) {
					_, holiday := p.holidays[d]
					if wd := d.Weekday(); !holiday && (!p.businessOnly || (wd != time.Saturday && wd != time.Sunday)) {
						want = d.Format(DateLayout)
						break
					}
				}
				require.Equal(t, want, a.Date, "%q: the acquisition %s comes after the end: %+v", a.Title, acq, cfg)
			} else {
				require.GreaterOrEqual(t, a.Date, acq, "%q before the acquisition: %+v", a.Title, cfg)
			}
		}
	}
	// The seeds' count.
	extras := 0
	if p.technology {
		extras += 2
	}
	if p.merger {
		for _, e := range loadCatalogue().Merger {
			for _, m := range e.Maturity {
				if contains(p.maturity, m) {
					extras++
					break
				}
			}
		}
		for _, i := range p.preAcq {
			extras += len(loadCatalogue().PreAcquistion[preAcquisitionPhases[i].ID])
		}
	}
	require.Equal(t, BaseActivityCount(Span(p.start, p.end), n.Urgency)+extras, s.TotalActivities)
}

// catalogueEntryOf finds the phase entry an activity title came from:
// "<Title>", "<Title> for <Audience>" or "<Title> for <Audience>, <Series> N".
func catalogueEntryOf(campaignName, title string) (entry, bool) {
	fill := strings.NewReplacer("{campaign}", campaignName)
	for _, phases := range loadCatalogue().Types {
		for _, es := range phases {
			for _, e := range es {
				base := fill.Replace(e.Title)
				if title == base || strings.HasPrefix(title, base+" for ") {
					return e, true
				}
			}
		}
	}
	return entry{}, false
}

// randomOptions draws the day rules: weekends, holidays, a calendar, a cap
// and blackouts.
func randomOptions(r *rand.Rand, c *Config) Options {
	start := day(c.StartDate)
	var o Options
	if r.IntN(4) == 0 {
		c.BusinessDaysOnly = ptr(false)
	}
	for k := r.IntN(4); k > 0; k-- {
		c.Holidays = append(c.Holidays, start.AddDate(0, 0, r.IntN(200)).Format(DateLayout))
	}
	cals := append([]string{"", "none"}, HolidayCalendars()...)
	c.HolidayCalendar = cals[r.IntN(len(cals))]
	o.HolidayCalendar = []string{"", "us", "gb"}[r.IntN(3)]
	if r.IntN(3) == 0 {
		c.MaxPerAudienceWeek = ptr(1 + r.IntN(5))
	}
	o.MaxPerAudienceWeek = r.IntN(5)
	for k := r.IntN(3); k > 0; k-- {
		b := start.AddDate(0, 0, r.IntN(200))
		bo := Blackout{Name: "Freeze", Start: b.Format(DateLayout), End: b.AddDate(0, 0, r.IntN(20)).Format(DateLayout)}
		if r.IntN(2) == 0 {
			bo.Audiences = []string{[]string{"employees", "Managers", "CUSTOMERS"}[r.IntN(3)]}
		}
		o.Blackouts = append(o.Blackouts, bo)
	}
	return o
}

func TestPlanRulesProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 2026))
	n := 150
	if testing.Short() {
		n = 40
	}
	org := orgdata.Load()
	for i := 0; i < n; i++ {
		cfg := randomConfig(r)
		opt := randomOptions(r, &cfg)
		s, err := GenerateWith(cfg, org, opt)
		require.NoError(t, err, "case %d: %+v", i, cfg)
		checkInvariants(t, cfg, s)
		checkPlanRules(t, cfg, opt, s)
		again, err := GenerateWith(cfg, org, opt)
		require.NoError(t, err)
		require.Equal(t, s, again, "deterministic")
	}
}

// TestBlackoutsAreAvoided: a blackout for one audience keeps its
// activities out unless a warning names them.
func TestBlackoutsAreAvoided(t *testing.T) {
	cfg := Config{CampaignName: "ERP Go-Live", StartDate: "2025-06-02", EndDate: "2025-10-31",
		CampaignTypes: []string{TypeTechnologyImplementation}, GoLiveDate: "2025-09-15"}
	opt := Options{Blackouts: []Blackout{{Name: "Summer freeze", Start: "2025-07-28", End: "2025-08-08", Audiences: []string{"employees"}}}}
	s, err := GenerateWith(cfg, orgdata.Load(), opt)
	require.NoError(t, err)
	managers := 0
	for _, a := range s.Activities {
		if a.Date >= "2025-07-28" && a.Date <= "2025-08-08" {
			require.NotEqual(t, "Employees", a.Audience, a.Title)
			managers++
		}
	}
	require.Positive(t, managers, "other audiences still hear in the blackout")
	for _, w := range s.Warnings {
		require.NotContains(t, w, "blackout", "there was room outside it")
	}
	checkPlanRules(t, cfg, opt, s)
}

// TestTheExampleCampaign is the example: no weekend, no repeated
// title, no audience over 3 a week, and go-live anchors respected.
func TestTheExampleCampaign(t *testing.T) {
	cfg := Config{CampaignName: "ERP Go-Live", StartDate: "2025-06-02", EndDate: "2025-10-31",
		CampaignTypes: []string{TypeTechnologyImplementation}, GoLiveDate: "2025-09-15"}
	s := mustGenerate(t, cfg)
	require.Equal(t, 197, s.TotalActivities)
	require.Empty(t, s.Warnings)
	for _, a := range s.Activities {
		wd := day(a.Date).Weekday()
		require.True(t, wd != time.Saturday && wd != time.Sunday, "%s %s", a.Date, a.Title)
		require.NotContains(t, a.Title, "_", "channel ids stay out of titles")
		require.NotContains(t, a.Description, "yammer_teams")
		require.Contains(t, a.Description, "ERP Go-Live")
		require.Contains(t, a.Description, a.Audience)
		if strings.HasPrefix(a.Title, "Hypercare") {
			require.Greater(t, a.Date, "2025-09-15", a.Title)
		}
		if strings.HasPrefix(a.Title, "Go-Live Countdown") {
			require.GreaterOrEqual(t, a.Date, "2025-08-18", a.Title)
			require.Less(t, a.Date, "2025-09-15", a.Title)
		}
	}
	checkPlanRules(t, cfg, Options{}, s)
}

func TestGeneratorProperties(t *testing.T) {
	// A fixed seed keeps failures reproducible; the case number in the
	// failure message finds the configuration again.
	r := rand.New(rand.NewPCG(5, 2025))
	n := 200
	if testing.Short() {
		n = 50
	}
	org := orgdata.Load()
	for i := 0; i < n; i++ {
		cfg := randomConfig(r)
		s, err := Generate(cfg, org)
		require.NoError(t, err, "case %d: %+v", i, cfg)
		checkInvariants(t, cfg, s)
	}
}

func BenchmarkGenerateTenYears(b *testing.B) {
	cfg := Config{
		CampaignName:         "Decade Programme",
		StartDate:            "2025-01-01",
		EndDate:              "2035-01-01",
		CampaignTypes:        []string{TypeTransformation, TypeTechnologyImplementation, TypeMAIntegration},
		Urgency:              UrgencyHigh,
		GoLiveDate:           "2034-10-03", // + 90 days keeps the end on 2035-01-01
		MaturityPhases:       []string{MaturityPreAcquisition, MaturityMixed},
		PreAcquisitionPhases: []string{"due-diligence", "negotiation"},
		AudienceMode:         AudienceModeOrganizational,
		Locations:            []string{"california", "florida"},
	}
	org := orgdata.Load()
	b.ReportAllocs()
	var s *Schedule
	for b.Loop() {
		var err error
		s, err = Generate(cfg, org)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.TotalActivities), "activities")
}

func BenchmarkMarshalJSONTenYears(b *testing.B) {
	s, err := Generate(Config{CampaignName: "Decade", StartDate: "2025-01-01", EndDate: "2035-01-01",
		CampaignTypes: []string{TypeChangeManagement}, Urgency: UrgencyHigh}, orgdata.Load())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var n int
	for b.Loop() {
		raw, err := json.Marshal(s)
		if err != nil {
			b.Fatal(err)
		}
		n = len(raw)
	}
	b.ReportMetric(float64(n)/(1<<20), "MiB")
}

func BenchmarkRenderHTMLTenYears(b *testing.B) {
	s, err := Generate(Config{CampaignName: "Decade", StartDate: "2025-01-01", EndDate: "2035-01-01",
		CampaignTypes: []string{TypeChangeManagement}, Urgency: UrgencyHigh}, orgdata.Load())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderHTML(s); err != nil {
			b.Fatal(err)
		}
	}
}

func titlesOf(s *Schedule) map[string]Activity {
	out := map[string]Activity{}
	for _, a := range s.Activities {
		out[a.Title] = a
	}
	return out
}

func isLeadStep(title string) bool {
	for _, s := range loadCatalogue().BeforeGoLive {
		if strings.Contains(title, s.Step) {
			return true
		}
	}
	return false
}

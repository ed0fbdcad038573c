package campaign

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign/check"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/load"
	"github.com/commsplan/commsplan/pkg/orgdata"
)

func mustGenerate(t testing.TB, cfg Config) *Schedule {
	t.Helper()
	s, err := Generate(cfg, orgdata.Load())
	require.NoError(t, err)
	return s
}

func ptr[T any](v T) *T { return &v }

func day(s string) time.Time {
	t, err := time.Parse(DateLayout, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestSpan(t *testing.T) {
	tests := []struct {
		start, end string
		want       int
	}{
		{"2025-01-01", "2025-01-31", 30},
		{"2025-01-01", "2025-01-02", 1},
		{"2024-02-01", "2024-03-01", 29}, // leap year
		{"2025-03-01", "2025-11-01", 245},
		{"2025-01-01", "2035-01-01", 3652},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Span(day(tc.start), day(tc.end)), "%s to %s", tc.start, tc.end)
	}
}

func TestPhaseDays(t *testing.T) {
	tests := []struct {
		span int
		want [4]int
	}{
		{1, [4]int{2, 3, 5, 3}},        // every minimum applies
		{10, [4]int{2, 3, 5, 3}},       // 15% = 1.5, 25% = 2.5, 35% = 3.5: minimums; rest 0 -> 3
		{13, [4]int{2, 3, 5, 3}},       // exactly the minimums
		{20, [4]int{3, 5, 7, 5}},       // 3, 5, 7 and the rest
		{30, [4]int{4, 7, 10, 9}},      // rounded down: 4.5, 7.5, 10.5
		{100, [4]int{15, 25, 35, 25}},  // exact
		{365, [4]int{54, 91, 127, 93}}, // 54.75, 91.25, 127.75
		{3652, [4]int{547, 913, 1278, 914}},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, PhaseDays(tc.span), "span %d", tc.span)
	}
}

func TestBaseActivityCount(t *testing.T) {
	tests := []struct {
		span    int
		urgency string
		want    int
	}{
		{30, UrgencyMedium, 30},
		{30, UrgencyHigh, 42}, // 30 / 0.7 = 42.86
		{30, UrgencyLow, 23},  // 30 / 1.3 = 23.08
		{7, UrgencyHigh, 10},  // exactly 10, not 9.999...
		{14, UrgencyHigh, 20}, // exactly 20
		{13, UrgencyLow, 10},  // exactly 10
		{26, UrgencyLow, 20},  // exactly 20
		{1, UrgencyHigh, 7},   // at least 7
		{5, UrgencyMedium, 7}, // at least 7
		{9, UrgencyLow, 7},    // 6.9 -> at least 7
		{3652, UrgencyHigh, 5217},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, BaseActivityCount(tc.span, tc.urgency), "span %d %s", tc.span, tc.urgency)
	}
}

func TestAllocateIsProportional(t *testing.T) {
	tests := []struct {
		n    int
		days [4]int
		want [4]int
	}{
		{30, [4]int{4, 7, 10, 9}, [4]int{4, 7, 10, 9}},
		{7, [4]int{2, 3, 5, 3}, [4]int{1, 2, 3, 1}}, // 1.08, 1.62, 2.69, 1.62: remainders .69 then .62 (first wins)
		{42, [4]int{4, 7, 10, 9}, [4]int{6, 10, 14, 12}},
	}
	for _, tc := range tests {
		got := allocate(tc.n, tc.days)
		assert.Equal(t, tc.want, got)
		assert.Equal(t, tc.n, got[0]+got[1]+got[2]+got[3])
	}
}

func TestPhasesAndTimeline(t *testing.T) {
	s := mustGenerate(t, validConfig()) // 1 Jan to 31 Jan: 30 days, medium
	require.Len(t, s.Phases, 4)
	names := []string{"Preparation", "Launch", "Engagement", "Reinforcement"}
	durations := []string{"4 days", "7 days", "10 days", "9 days"}
	timing := []string{"Days 1-4", "Days 5-11", "Days 12-21", "Days 22-30"}
	for i, ph := range s.Phases {
		assert.Equal(t, "phase-"+string(rune('1'+i)), ph.ID)
		assert.Equal(t, names[i], ph.Name)
		assert.Equal(t, durations[i], ph.Duration)
		assert.NotEmpty(t, ph.Description)
		assert.Equal(t, "Phase "+string(rune('1'+i))+": "+names[i], s.Timeline[i].Phase)
		assert.Equal(t, timing[i], s.Timeline[i].Timing)
		assert.Equal(t, len(ph.Activities), s.Timeline[i].Activities)
		// Base activities are dated inside their phase.
		for _, a := range ph.Activities {
			d := Span(day(s.StartDate), day(a.Date)) + 1
			assert.GreaterOrEqual(t, d, s.Timeline[i].StartDay, a.Title)
			assert.LessOrEqual(t, d, s.Timeline[i].EndDay, a.Title)
			assert.Equal(t, ph.Name, a.Phase)
		}
	}
	assert.Equal(t, 30, s.TotalActivities)
	assert.Equal(t, []int{4, 7, 10, 9}, []int{
		len(s.Phases[0].Activities), len(s.Phases[1].Activities),
		len(s.Phases[2].Activities), len(s.Phases[3].Activities),
	})
	assert.Equal(t, StatusDraft, s.Status)
	assert.Equal(t, "Change Management", s.Type)
	assert.Equal(t, "ERP Readiness", s.Name)
	assert.Equal(t, "ERP Readiness", s.CampaignName)
	assert.Empty(t, s.ConfidentialityNote)
}

func TestScheduleJSONFields(t *testing.T) {
	raw, err := json.Marshal(mustGenerate(t, validConfig()))
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	for _, f := range []string{"id", "name", "campaignName", "startDate", "endDate", "type", "status",
		"totalActivities", "phases", "activities", "timeline", "summary", "confidentialityNote"} {
		assert.Contains(t, doc, f)
	}
	act := doc["activities"].([]any)[0].(map[string]any)
	for _, f := range []string{"id", "title", "type", "timing", "date", "audience", "channel",
		"description", "priority", "status", "phase"} {
		assert.Contains(t, act, f)
	}
	assert.NotContains(t, act, "confidentiality", "optional fields stay out when empty")
	phase := doc["phases"].([]any)[0].(map[string]any)
	for _, f := range []string{"id", "name", "description", "duration", "activities", "confidentiality"} {
		assert.Contains(t, phase, f)
	}
	tl := doc["timeline"].([]any)[0].(map[string]any)
	for _, f := range []string{"phase", "activities", "timing", "startDay", "endDay"} {
		assert.Contains(t, tl, f)
	}
}

func TestUrgencyChangesTheCount(t *testing.T) {
	for urgency, want := range map[string]int{"": 30, UrgencyMedium: 30, UrgencyHigh: 42, UrgencyLow: 23} {
		cfg := validConfig()
		cfg.Urgency = urgency
		s := mustGenerate(t, cfg)
		assert.Equal(t, want, s.TotalActivities, "urgency %q", urgency)
	}
}

func TestShortCampaignSummary(t *testing.T) {
	cfg := validConfig()
	cfg.EndDate = "2025-01-06" // 5 days, minimums need 13
	s := mustGenerate(t, cfg)
	assert.Contains(t, s.Summary, "Short campaign: the phase minimums need 13 days but the campaign spans 5 days")
	assert.Equal(t, 7, s.TotalActivities)
	assert.Equal(t, "Days 11-13", s.Timeline[3].Timing, "phases keep their minimums")
	for _, a := range s.Activities {
		assert.False(t, day(a.Date).After(day(cfg.EndDate)), "%s dated %s", a.Title, a.Date)
	}

	long := mustGenerate(t, validConfig())
	assert.NotContains(t, long.Summary, "Short campaign")
}

func TestTechnologyImplementation(t *testing.T) {
	cfg := validConfig()
	cfg.CampaignTypes = []string{TypeTechnologyImplementation}
	cfg.GoLiveDate = "2025-01-20"
	s := mustGenerate(t, cfg)

	assert.Equal(t, "2025-04-20", s.EndDate, "end date is go-live plus 90 days")
	span := Span(day("2025-01-01"), day("2025-04-20"))
	assert.Equal(t, BaseActivityCount(span, UrgencyMedium)+2, s.TotalActivities, "two go-live milestones on top")

	testing := findActivity(t, s, "System Testing")
	assert.Equal(t, "2025-01-13", testing.Date, "7 days before go-live")
	celebration := findActivity(t, s, "Go-Live Celebration")
	assert.Equal(t, "2025-02-03", celebration.Date, "14 days after go-live")
	assert.Contains(t, s.Summary, "The end date is go-live (20 Jan 2025) plus 90 days.")

	// Testing cannot fall before the start of the campaign.
	cfg.GoLiveDate = "2025-01-03"
	s = mustGenerate(t, cfg)
	assert.Equal(t, "2025-01-01", findActivity(t, s, "System Testing").Date)
}

func TestCelebrationIsCappedAtTheEnd(t *testing.T) {
	// The end date is always go-live + 90, so the cap is checked on the
	// generation state directly.
	g := &generation{p: &plan{start: day("2025-01-01"), end: day("2025-01-10"), goLive: day("2025-01-05")}, cat: loadCatalogue()}
	g.buildGoLive()
	require.Len(t, g.items, 2)
	assert.Equal(t, "2025-01-10", g.items[1].a.Date)
}

func findActivity(t *testing.T, s *Schedule, title string) Activity {
	t.Helper()
	for _, a := range s.Activities {
		if a.Title == title {
			return a
		}
	}
	require.Failf(t, "activity not found", "%q", title)
	return Activity{}
}

func titles(s *Schedule) map[string]Activity {
	out := map[string]Activity{}
	for _, a := range s.Activities {
		out[a.Title] = a
	}
	return out
}

func TestMaturityPhasesChooseMergerActivities(t *testing.T) {
	cat := loadCatalogue()
	require.Len(t, cat.Merger, 10, "spec: 10 specialised M&A activities")
	for _, m := range maturityPhases {
		if m.ID == MaturityPreAcquisition {
			continue
		}
		t.Run(m.ID, func(t *testing.T) {
			cfg := validConfig()
			cfg.CampaignTypes = []string{TypeMAIntegration}
			cfg.MaturityPhases = []string{m.ID}
			cfg.AcquisitionDate = "2024-01-01"
			s := mustGenerate(t, cfg)
			got := titles(s)
			want := 0
			for _, e := range cat.Merger {
				_, present := got[e.Title]
				if contains(e.Maturity, m.ID) {
					want++
					assert.True(t, present, "%s belongs to %s", e.Title, m.ID)
				} else {
					assert.False(t, present, "%s does not belong to %s", e.Title, m.ID)
				}
			}
			assert.Positive(t, want)
			assert.Equal(t, BaseActivityCount(30, UrgencyMedium)+want, s.TotalActivities)
		})
	}
}

// TestMergerActivitiesMoveEarlierNearAcquisition: the seed's
// share-of-span dates and the 3-days-earlier rule, and never
// before the acquisition date for the integrating.
func TestMergerActivitiesMoveEarlierNearAcquisition(t *testing.T) {
	base := validConfig()
	base.StartDate, base.EndDate = "2025-03-01", "2025-11-01" // 245 days
	base.CampaignTypes = []string{TypeMAIntegration}
	base.MaturityPhases = []string{MaturityIntegrating}
	// The seed's dates, before business days move an activity off a
	// weekend: weekends allowed, this is the share-of-span rule alone.
	base.BusinessDaysOnly = ptr(false)
	span := 245

	tests := []struct {
		acquisition string
		shift       int
	}{
		{"2025-03-01", 3}, // same day
		{"2024-12-01", 3}, // 90 days before the start
		{"2025-05-30", 3}, // 90 days after the start
		{"2024-11-30", 0}, // 91 days before
		{"2025-05-31", 0}, // 91 days after
		{"2023-01-01", 0}, // long ago
	}
	for _, tc := range tests {
		t.Run(tc.acquisition, func(t *testing.T) {
			cfg := base
			cfg.AcquisitionDate = tc.acquisition
			s := mustGenerate(t, cfg)
			got := titles(s)
			for _, e := range loadCatalogue().Merger {
				if !contains(e.Maturity, MaturityIntegrating) {
					continue
				}
				a := got[e.Title]
				want := day(base.StartDate).AddDate(0, 0, span*e.At/100)
				if e.Priority == PriorityHigh {
					want = want.AddDate(0, 0, -tc.shift)
				}
				// an activity of the integrating sits on or
				// after the acquisition date (nobody is welcomed before
				// the deal closes); the seed's share-of-span date, 3 days
				// earlier near the acquisition, is its ideal day.
				if acq := day(tc.acquisition); want.Before(acq) {
					want = acq
				}
				assert.Equal(t, want.Format(DateLayout), a.Date, "%s (%s)", e.Title, e.Priority)
			}
		})
	}
}

func TestPreAcquisitionPhases(t *testing.T) {
	cfg := validConfig()
	cfg.StartDate, cfg.EndDate = "2025-01-01", "2026-01-01" // 365 days
	cfg.CampaignTypes = []string{TypeMAIntegration}
	cfg.MaturityPhases = []string{MaturityPreAcquisition}
	cfg.PreAcquisitionPhases = []string{"announcement-close", "strategic-assessment", "negotiation", "definitive-agreement"}
	s := mustGenerate(t, cfg)

	byPhase := map[string][]Activity{}
	for _, a := range s.Activities {
		if a.PhasePercentage != "" {
			byPhase[a.PhasePercentage] = append(byPhase[a.PhasePercentage], a)
		}
	}
	want := map[string]struct{ priority, label string }{
		"0-15%":   {PriorityHigh, "Board Confidential"},
		"40-70%":  {PriorityMedium, "Confidential - Integration Leaders"},
		"70-95%":  {PriorityMedium, "Confidential - Senior Leadership"},
		"98-100%": {PriorityLow, "Internal - Embargoed Until Announcement"},
	}
	require.Len(t, byPhase, len(want), "only the chosen phases")
	for pct, w := range want {
		require.NotEmpty(t, byPhase[pct], pct)
		for _, a := range byPhase[pct] {
			if a.Title == announcementTitle() {
				// The all-employee announcement is the announcement,
				// whatever the phase's position gives it.
				assert.Equal(t, PriorityHigh, a.Priority, a.Title)
				assert.Equal(t, w.label, a.Confidentiality, a.Title)
				continue
			}
			assert.Equal(t, w.priority, a.Priority, a.Title)
			assert.Equal(t, w.label, a.Confidentiality, a.Title)
		}
	}
	// Placed on the span by their percentage range.
	first := byPhase["40-70%"][0]
	assert.Equal(t, day("2025-01-01").AddDate(0, 0, 365*40/100).Format(DateLayout), first.Date)

	assert.Equal(t, ConfidentialityNote, s.ConfidentialityNote)
	assert.Equal(t, "Board Confidential", s.Phases[0].Confidentiality, "the strictest label of the phase's activities")
	assert.Equal(t, BaseActivityCount(365, UrgencyMedium)+8, s.TotalActivities)
	assert.Contains(t, s.Summary, "8 confidential pre-acquisition activities")

	for i, want := range []string{PriorityHigh, PriorityHigh, PriorityMedium, PriorityMedium, PriorityLow, PriorityLow} {
		assert.Equal(t, want, PreAcquisitionPriority(i))
	}
}

func TestPreAcquisitionHighPriorityMovesEarlier(t *testing.T) {
	cfg := validConfig()
	cfg.StartDate, cfg.EndDate = "2025-01-01", "2026-01-01"
	cfg.CampaignTypes = []string{TypeMAIntegration}
	cfg.MaturityPhases = []string{MaturityPreAcquisition}
	cfg.PreAcquisitionPhases = []string{"due-diligence", "negotiation"}
	far := mustGenerate(t, cfg)
	// Within 90 days before the start: an acquisition date inside the
	// campaign would also bring the phases before it.
	cfg.AcquisitionDate = "2024-12-01"
	near := mustGenerate(t, cfg)
	for title, a := range titles(far) {
		if a.PhasePercentage == "" {
			continue
		}
		b := titles(near)[title]
		shift := Span(day(b.Date), day(a.Date))
		if a.Priority == PriorityHigh {
			assert.Equal(t, 3, shift, title)
		} else {
			assert.Equal(t, 0, shift, title)
		}
	}
}

func TestGeneralModeTargeting(t *testing.T) {
	cfg := validConfig()
	s := mustGenerate(t, cfg)
	assert.Equal(t, TargetNoSegments, s.Targeting.EmployeeTarget)
	assert.Contains(t, s.Summary, "Target: No segments selected.")

	cfg.Audiences = []string{"managers", "executives"}
	s = mustGenerate(t, cfg)
	assert.Equal(t, TargetMultipleSegments, s.Targeting.EmployeeTarget)
	// Activities go to the chosen audiences wherever the catalogue allows.
	for _, a := range s.Activities {
		assert.Contains(t, []string{"Managers", "Executives"}, a.Audience, a.Title)
	}
}

func TestOrganizationalTargeting(t *testing.T) {
	org := orgdata.Load()
	tests := []struct {
		name                                string
		locations, divisions, levels, roles []string
	}{
		{"nothing selected", nil, nil, nil, nil},
		{"locations win", []string{"california", "florida"}, []string{"sfb"}, nil, nil},
		{"divisions win", []string{"michigan"}, []string{"sfb", "tfs", "ors"}, nil, nil},
		{"levels win", nil, []string{"glf"}, []string{"field-operations"}, nil},
		{"roles win", nil, nil, []string{"executive-leadership"}, []string{"fire-alarm", "sprinkler"}},
		{"labels count once", nil, []string{"sfb", "SFB - California"}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := validConfig()
			cfg.AudienceMode = AudienceModeOrganizational
			cfg.Audiences = []string{"customers"} // ignored in organisational mode
			cfg.Locations, cfg.Divisions, cfg.OrgLevels, cfg.RoleCategories = tc.locations, tc.divisions, tc.levels, tc.roles
			s := mustGenerate(t, cfg)
			want := max(org.LocationTotal(tc.locations), org.DivisionTotal(tc.divisions),
				org.LevelTotal(tc.levels), org.RoleTotal(tc.roles))
			tg := s.Targeting
			assert.Equal(t, want, tg.TargetCount)
			assert.Equal(t, org.LocationTotal(tc.locations), tg.LocationTotal)
			assert.Equal(t, org.DivisionTotal(tc.divisions), tg.DivisionTotal)
			assert.Equal(t, org.LevelTotal(tc.levels), tg.LevelTotal)
			assert.Equal(t, org.RoleTotal(tc.roles), tg.RoleTotal)
			if want == 0 {
				assert.Equal(t, TargetNoSegments, tg.EmployeeTarget)
			} else {
				assert.Equal(t, "~"+itoa(want)+" employees", tg.EmployeeTarget)
				assert.Contains(t, s.Summary, "Target: "+tg.EmployeeTarget+".")
			}
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestDivisionSize(t *testing.T) {
	tests := []struct {
		count        int
		size, impact string
	}{
		{0, "Small", "focused"}, {49, "Small", "focused"}, {50, "Medium", "medium"},
		{99, "Medium", "medium"}, {100, "Large", "high"}, {530, "Large", "high"},
	}
	for _, tc := range tests {
		size, impact := DivisionSize(tc.count)
		assert.Equal(t, tc.size, size, "count %d", tc.count)
		assert.Equal(t, tc.impact, impact, "count %d", tc.count)
	}

	cfg := validConfig()
	cfg.AudienceMode = AudienceModeOrganizational
	cfg.Divisions = []string{"sfb", "hfs", "glf"}
	s := mustGenerate(t, cfg)
	require.Len(t, s.Targeting.Divisions, 3)
	for _, d := range s.Targeting.Divisions {
		div, ok := orgdata.Load().Division(d.ID)
		require.True(t, ok)
		size, impact := DivisionSize(div.Count)
		assert.Equal(t, div.Count, d.Count)
		assert.Equal(t, size, d.Size)
		assert.Equal(t, impact, d.Impact)
	}
}

func TestMultipleTypesInterleave(t *testing.T) {
	cfg := validConfig()
	cfg.CampaignTypes = []string{TypeProductLaunch, TypeCrisisCommunication}
	s := mustGenerate(t, cfg)
	assert.Equal(t, "Product Launch", s.Type, "type is the first selected type's label")
	assert.Contains(t, s.Summary, "Also covers Crisis Communication.")
	cat := loadCatalogue()
	prep := s.Phases[0].Activities
	require.GreaterOrEqual(t, len(prep), 2)
	assert.Equal(t, cat.Types[TypeProductLaunch]["preparation"][0].Title, prep[0].Title)
	assert.Equal(t, cat.Types[TypeCrisisCommunication]["preparation"][0].Title, prep[1].Title)
}

func TestLongCampaignsNumberRecurringActivities(t *testing.T) {
	cfg := validConfig()
	cfg.EndDate = "2025-12-31" // a year: more than the one-off work fills
	s := mustGenerate(t, cfg)
	assert.Len(t, titles(s), len(s.Activities), "every title is distinct")
	for _, a := range s.Activities {
		assert.NotContains(t, a.Title, "(Round", a.Title)
	}
	// A series runs Issue 1, 2 ... one a week, numbered in date order.
	last := map[string]Activity{}
	numbered := 0
	for _, a := range s.Activities {
		series, n, ok := check.SeriesOf(a.Title)
		if !ok {
			continue
		}
		numbered++
		if prev, seen := last[series+a.Audience]; seen {
			_, pn, _ := check.SeriesOf(prev.Title)
			assert.Equal(t, pn+1, n, a.Title)
			assert.NotEqual(t, load.WeekOf(day(prev.Date)), load.WeekOf(day(a.Date)), a.Title)
		} else {
			assert.Equal(t, 1, n, a.Title)
		}
		last[series+a.Audience] = a
	}
	assert.Greater(t, numbered, 10, "a recurring activity is numbered")
}

func TestDeterministic(t *testing.T) {
	cfg := validConfig()
	cfg.CampaignTypes = []string{TypeMAIntegration, TypeTechnologyImplementation}
	cfg.GoLiveDate = "2025-01-15"
	cfg.MaturityPhases = []string{MaturityPreAcquisition, MaturityMixed}
	cfg.PreAcquisitionPhases = []string{"due-diligence"}
	a, err := json.Marshal(mustGenerate(t, cfg))
	require.NoError(t, err)
	b, err := json.Marshal(mustGenerate(t, cfg))
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))

	// Ids follow the content: another name is another schedule.
	cfg.CampaignName = "Other"
	c := mustGenerate(t, cfg)
	assert.NotContains(t, string(a), c.ID)
	assert.Regexp(t, `^campaign-[0-9a-f]{16}$`, c.ID)
}

func TestCatalogueIsValid(t *testing.T) {
	cat := loadCatalogue()
	check := func(where string, e entry, needPriority bool) {
		assert.NotEmpty(t, e.Title, where)
		assert.NotEmpty(t, e.Type, where)
		assert.NotEmpty(t, e.Description, where)
		assert.Contains(t, domain.VehicleTypeNames, e.Channel, where+" "+e.Title)
		_, ok := optionLabel(audienceGroups, e.Audience)
		assert.True(t, ok, "%s %s: audience %q", where, e.Title, e.Audience)
		if needPriority {
			assert.Contains(t, []string{PriorityHigh, PriorityMedium, PriorityLow}, e.Priority, where+" "+e.Title)
		}
	}
	for typ, phases := range cat.Types {
		_, ok := CampaignTypeLabel(typ)
		assert.True(t, ok, "catalogue type %q", typ)
		for ph, es := range phases {
			assert.Contains(t, phaseKeys, ph)
			for _, e := range es {
				check(typ+"/"+ph, e, true)
			}
		}
	}
	for _, e := range cat.Merger {
		check("merger", e, true)
		assert.NotEmpty(t, e.Maturity, e.Title)
		for _, m := range e.Maturity {
			assert.GreaterOrEqual(t, maturityIndex(m), 0, "%s: maturity %q", e.Title, m)
			assert.NotEqual(t, MaturityPreAcquisition, m, "pre-acquisition has its own activities")
		}
		assert.True(t, e.At >= 0 && e.At <= 100, e.Title)
	}
	for id, es := range cat.PreAcquistion {
		assert.GreaterOrEqual(t, preAcquisitionIndex(id), 0, id)
		for _, e := range es {
			check("pre-acquisition/"+id, e, false)
		}
	}
	// the fields: further audiences and their channels, anchors,
	// and a recurring entry no anchor restricts in every phase, so a phase
	// never runs out of distinct titles.
	anchors := []string{"", "start", "go-live", "acquisition", "announcement", "end"}
	for ph, es := range cat.Common {
		assert.Contains(t, phaseKeys, ph)
		free := false
		for _, e := range es {
			check("common/"+ph, e, true)
			free = free || (e.Series != "" && e.Anchor == "")
		}
		assert.True(t, free, "common/%s has an unanchored recurring entry", ph)
	}
	for _, k := range phaseKeys {
		assert.NotEmpty(t, cat.Common[k], "common/%s", k)
	}
	all := func(yield func(string, entry) bool) {
		for typ, phases := range cat.Types {
			for ph, es := range phases {
				for _, e := range es {
					if !yield(typ+"/"+ph, e) {
						return
					}
				}
			}
		}
		for ph, es := range cat.Common {
			for _, e := range es {
				if !yield("common/"+ph, e) {
					return
				}
			}
		}
	}
	for where, e := range all {
		assert.Contains(t, anchors, e.Anchor, where+" "+e.Title)
		if e.From != nil || e.To != nil {
			assert.NotEmpty(t, e.Anchor, "%s %s: from/to need an anchor", where, e.Title)
		}
		for _, a := range e.audienceList() {
			_, ok := optionLabel(audienceGroups, a)
			assert.True(t, ok, "%s %s: audience %q", where, e.Title, a)
			assert.Contains(t, domain.VehicleTypeNames, e.channelFor(a), where+" "+e.Title)
			if strings.HasSuffix(where, "/preparation") {
				assert.Contains(t, []string{"executives", "managers", "stakeholders"}, a,
					"%s %s: preparation addresses sponsors, leaders and managers", where, e.Title)
			}
		}
		for a := range e.Channels {
			assert.Contains(t, e.audienceList(), a, "%s %s: a channel for an audience it does not address", where, e.Title)
		}
	}
	check("go-live", cat.GoLive.Testing, true)
	check("go-live", cat.GoLive.Celebration, true)
	assert.Equal(t, "System Testing", cat.GoLive.Testing.Title)
	assert.Equal(t, "Go-Live Celebration", cat.GoLive.Celebration.Title)

	_, err := parseCatalogue([]byte("phases: []"))
	assert.Error(t, err)
	_, err = parseCatalogue([]byte("phases: ["))
	assert.Error(t, err)
	// An unquoted comma in a flow mapping would cut a description short.
	_, err = parseCatalogue([]byte("mergerActivities:\n  - {title: A, description: one, two}\n"))
	assert.ErrorContains(t, err, "two")
	for _, e := range all {
		assert.True(t, strings.HasSuffix(e.Description, "."), "%s: %q", e.Title, e.Description)
	}
}

func TestSummaryMentionsExtras(t *testing.T) {
	cfg := validConfig()
	cfg.CampaignTypes = []string{TypeTechnologyImplementation, TypeMAIntegration}
	cfg.GoLiveDate = "2025-01-10"
	cfg.MaturityPhases = []string{MaturityEstablished}
	s := mustGenerate(t, cfg)
	assert.True(t, strings.Contains(s.Summary, "Includes 2 go-live milestones and 2 M&A integration activities on top of the phase activities."), s.Summary)
}

package campaign

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

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

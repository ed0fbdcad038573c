package schedule_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

// streamPlan writes a plan larger than the store's page: the scale dataset
// at a small size (dates over five years, every status, campaigns), plus
// instants near midnight UTC that fall on another day in Tokyo or Los
// Angeles, same-day ties, approved reviews and a confidential activity.
func streamPlan(t *testing.T, st store.Store) {
	t.Helper()
	ctx := context.Background()
	_, err := seed.Scale(ctx, st, seed.ScaleOptions{Size: seed.ScaleSize{Communications: 1200, Campaigns: 3, Content: 5,
		Themes: 3, QuestionsPerTheme: 1, Audiences: 4, Vehicles: 4}})
	require.NoError(t, err)
	vehicles, err := st.ListVehicles(ctx)
	require.NoError(t, err)
	cs := make([]*domain.Communication, 600)
	for i := range cs {
		c := &domain.Communication{Title: fmt.Sprintf("Instant %d", i%40), Status: domain.StatusScheduled,
			ScheduledDate: fmt.Sprintf("2027-%02d-%02dT%02d:%02d:00Z", i%12+1, i%27+1, []int{0, 23, 14, 9}[i%4], i%2*30)}
		if i%3 == 0 {
			c.Review.State = domain.ReviewApproved
		}
		if i%5 == 0 {
			c.VehicleID = vehicles[i%len(vehicles)].ID
		}
		cs[i] = c
	}
	require.NoError(t, st.CreateCommunications(ctx, cs))
	s := campaign.Schedule{ID: "s", CampaignName: "Deal", Activities: []campaign.Activity{
		{ID: "a1", Title: "Instant 3", Date: "2027-04-04", Audience: "executives", Channel: "email", Priority: "high", Status: "planned", Phase: "Prep"},
		{ID: "a2", Title: "Board pack", Date: "2027-04-04", Audience: "executives", Channel: "email", Priority: "high", Status: "planned",
			Phase: "Prep", Confidentiality: "Board Confidential"},
	}}
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	approved := domain.Campaign{Title: "Deal", Schedule: raw, Review: domain.Review{State: domain.ReviewApproved}}
	require.NoError(t, st.CreateCampaign(ctx, &approved))
	spreadCampaigns(t, st)
}

// spreadCampaigns adds campaigns that start and end on other days than the
// scale dataset's, so that the streamed export opens them at different
// points of the walk: one before every communication, overlapping ones with
// their activities out of date order, one after the last communication,
// one whose first activity is confidential, ties with a communication
// ("Instant 3" on 2027-04-04) and between campaigns, an activity id
// repeated within a campaign, and one approved; and communications
// imported from some of their activities: one moved to another day, one a
// draft, one at an instant, and one whose campaign is gone.
func spreadCampaigns(t *testing.T, st store.Store) {
	ctx := context.Background()
	act := func(id, title, date string) campaign.Activity {
		return campaign.Activity{ID: id, Title: title, Date: date, Audience: "all staff", Channel: "email", Priority: "medium",
			Status: "planned", Phase: "Wave", Description: "About " + title}
	}
	conf := act("c0", "Early word", "2026-12-01")
	conf.Confidentiality = "Board Confidential"
	twin := act("t1", "Same day, same title", "2027-04-04")
	twin.Description = "the second of two"
	ids := map[string]string{}
	for _, c := range []struct {
		title    string
		approved bool
		acts     []campaign.Activity
	}{
		{"Before all", false, []campaign.Activity{act("b2", "Prepare", "2026-12-20"), act("b1", "Announce", "2026-11-02"),
			act("b3", "Remind", "2027-01-05")}},
		{"Overlap one", true, []campaign.Activity{act("o3", "Instant 3", "2027-04-04"), act("o1", "Kick-off", "2027-03-30"),
			act("o2", "Same day, same title", "2027-04-04"), act("t1", "Same day, same title", "2027-04-04"), twin,
			act("o4", "Close", "2027-06-02")}},
		{"Overlap two", false, []campaign.Activity{act("o2", "Same day, same title", "2027-04-04"), act("p1", "Kick-off", "2027-03-31"),
			act("p9", "Long tail", "2029-02-01")}},
		{"Confidential first", true, []campaign.Activity{conf, act("c1", "Town hall", "2027-05-15")}},
		{"After all", false, []campaign.Activity{act("z1", "Last word", "2036-02-29"), act("z0", "Next to last", "2036-01-01")}},
	} {
		raw, err := json.Marshal(campaign.Schedule{CampaignName: c.title, Activities: c.acts})
		require.NoError(t, err)
		cp := domain.Campaign{Title: c.title, Schedule: raw, HTMLContent: "<p>" + c.title + "</p>"}
		require.NoError(t, st.CreateCampaign(ctx, &cp))
		if c.approved {
			require.NoError(t, st.SetReview(ctx, "campaign", cp.ID, domain.Review{State: domain.ReviewApproved}))
		}
		ids[c.title] = cp.ID
	}
	for _, c := range []*domain.Communication{
		{Title: "Kick-off, moved", Status: domain.StatusScheduled, ScheduledDate: "2027-05-01", SourceCampaignID: ids["Overlap one"], SourceActivityID: "o1"},
		{Title: "Close", Status: domain.StatusDraft, ScheduledDate: "2027-06-02", SourceCampaignID: ids["Overlap one"], SourceActivityID: "o4"},
		{Title: "Announce", Status: domain.StatusScheduled, ScheduledDate: "2026-11-02T23:30:00Z", SourceCampaignID: ids["Before all"], SourceActivityID: "b1"},
		{Title: "Orphan", Status: domain.StatusScheduled, ScheduledDate: "2027-02-02", SourceCampaignID: "gone", SourceActivityID: "x1"},
	} {
		require.NoError(t, st.CreateCommunication(ctx, c))
	}
}

// TestExportToIsExport: the streamed export is, byte for byte, what the
// whole-body Export gives for the same data, in every format, with and
// without campaigns, a range, a zone and approved-only, on both backends.
func TestExportToIsExport(t *testing.T) {
	ctx := context.Background()
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	require.NoError(t, err)
	la, err := time.LoadLocation("America/Los_Angeles")
	require.NoError(t, err)
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			streamPlan(t, st)
			comms, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			camps, err := st.ListCampaigns(ctx)
			require.NoError(t, err)
			for _, format := range schedule.ExportFormats {
				for name, opt := range map[string]schedule.ExportOptions{
					"all":                          {},
					"campaigns":                    {IncludeCampaigns: true, Name: "Team, plan"},
					"confidential":                 {IncludeCampaigns: true, IncludeConfidential: true},
					"Tokyo":                        {Location: tokyo, IncludeCampaigns: true},
					"Los Angeles, a range":         {Location: la, From: day("2027-03-31"), To: day("2027-06-01"), IncludeCampaigns: true},
					"from only":                    {From: day("2029-01-01")},
					"approved":                     {ApprovedOnly: true, IncludeCampaigns: true, Location: tokyo},
					"empty range":                  {From: day("2040-01-01"), To: day("2040-01-02"), IncludeCampaigns: true},
					"campaigns, from 2027-04-04":   {From: day("2027-04-04"), IncludeCampaigns: true, IncludeConfidential: true},
					"campaigns, to 2027-01-05":     {To: day("2027-01-05"), IncludeCampaigns: true, Location: la},
					"campaigns, approved, a range": {ApprovedOnly: true, IncludeCampaigns: true, From: day("2027-03-31"), To: day("2030-01-01")},
				} {
					opt.Format = format
					want, err := schedule.Export(comms, camps, opt)
					require.NoError(t, err)
					var got bytes.Buffer
					require.NoError(t, schedule.ExportTo(ctx, &got, plan.ScheduleSource(st), opt))
					require.Equal(t, string(want), got.String(), "%s %s", format, name)
				}
			}
			// The imported activities are listed once, as their
			// communications, which name their campaigns when they exist.
			entries, err := schedule.Entries(comms, camps, schedule.ExportOptions{IncludeCampaigns: true})
			require.NoError(t, err)
			activities := map[string]bool{} // "<campaign> <activity id>"
			byTitle := map[string]schedule.Entry{}
			for _, e := range entries {
				if e.Kind == schedule.KindCampaignActivity {
					activities[e.CampaignTitle+" "+e.ID] = true
				} else {
					byTitle[e.Title] = e
				}
			}
			for _, gone := range []string{"Overlap one o1", "Overlap one o4", "Before all b1"} {
				assert.False(t, activities[gone], "%s is listed as its communication", gone)
			}
			assert.True(t, activities["Before all b2"], "the others stay")
			assert.True(t, activities["Overlap two p1"], "the others stay")
			assert.Equal(t, "Overlap one", byTitle["Kick-off, moved"].CampaignTitle)
			assert.Equal(t, "Before all", byTitle["Announce"].CampaignTitle)
			assert.NotEmpty(t, byTitle["Announce"].CampaignID)
			require.Contains(t, byTitle, "Orphan")
			assert.Empty(t, byTitle["Orphan"].CampaignID+byTitle["Orphan"].CampaignTitle, "a campaign the reader does not see is not named")
			assert.NotContains(t, byTitle, "Close", "a draft is not on the schedule")

			var got bytes.Buffer
			err = schedule.ExportTo(ctx, &got, plan.ScheduleSource(st), schedule.ExportOptions{Format: "pdf"})
			assert.Equal(t, domain.FieldErrors{"format": "must be ics, csv or json"}, err)
			assert.Zero(t, got.Len(), "nothing written for bad input")
		})
	}
}

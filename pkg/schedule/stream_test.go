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
					"all":                  {},
					"campaigns":            {IncludeCampaigns: true, Name: "Team, plan"},
					"confidential":         {IncludeCampaigns: true, IncludeConfidential: true},
					"Tokyo":                {Location: tokyo, IncludeCampaigns: true},
					"Los Angeles, a range": {Location: la, From: day("2027-03-31"), To: day("2027-06-01"), IncludeCampaigns: true},
					"from only":            {From: day("2029-01-01")},
					"approved":             {ApprovedOnly: true, IncludeCampaigns: true, Location: tokyo},
					"empty range":          {From: day("2040-01-01"), To: day("2040-01-02")},
				} {
					opt.Format = format
					want, err := schedule.Export(comms, camps, opt)
					require.NoError(t, err)
					var got bytes.Buffer
					require.NoError(t, schedule.ExportTo(ctx, &got, st, opt))
					require.Equal(t, string(want), got.String(), "%s %s", format, name)
				}
			}
			var got bytes.Buffer
			err = schedule.ExportTo(ctx, &got, st, schedule.ExportOptions{Format: "pdf"})
			assert.Equal(t, domain.FieldErrors{"format": "must be ics, csv or json"}, err)
			assert.Zero(t, got.Len(), "nothing written for bad input")
		})
	}
}

package plan_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestGenerateCampaignAvoidsSavedBlackouts: a blackout covers the stored
// audience of the same name (any case) and nobody else; one whose
// audiences were all deleted covers nobody; without a store there are none.
func TestGenerateCampaignAvoidsSavedBlackouts(t *testing.T) {
	cfg := campaign.Config{CampaignName: "ERP Go-Live", StartDate: "2025-06-02", EndDate: "2025-10-31",
		CampaignTypes: []string{campaign.TypeTechnologyImplementation}, GoLiveDate: "2025-09-15"}
	inFreeze := func(s *campaign.Schedule, audience string) int {
		n := 0
		for _, a := range s.Activities {
			if a.Date >= "2025-07-28" && a.Date <= "2025-08-08" && a.Audience == audience {
				n++
			}
		}
		return n
	}
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			aud := domain.Audience{Name: "EMPLOYEES"}
			require.NoError(t, aud.Validate())
			require.NoError(t, st.CreateAudience(ctx, &aud))
			bo := domain.Blackout{Name: "Summer freeze", StartDate: "2025-07-28", EndDate: "2025-08-08", AudienceIDs: []string{aud.ID}}
			require.NoError(t, st.CreateBlackout(ctx, &bo))

			free, err := plan.New(nil).GenerateCampaign(ctx, cfg, plan.CampaignDefaults{})
			require.NoError(t, err)
			require.Positive(t, inFreeze(free, "Employees"), "without a store the freeze is not known")

			s, err := plan.New(st).GenerateCampaign(ctx, cfg, plan.CampaignDefaults{})
			require.NoError(t, err)
			assert.Zero(t, inFreeze(s, "Employees"))
			assert.Positive(t, inFreeze(s, "Managers"), "other audiences still hear")
			assert.Empty(t, s.Warnings)

			// The installation's cap applies when the configuration has none.
			capped, err := plan.New(st).GenerateCampaign(ctx, cfg, plan.CampaignDefaults{MaxPerAudienceWeek: 1})
			require.NoError(t, err)
			// 197 activities cannot fit 6 audiences at 1 a week: one warning with the cap.
			assert.Contains(t, capped.Warnings[0], "at most 1 a week each")
		})
	}
}

// TestGenerateCampaignName: the name becomes a saved campaign's title, so
// an over-long one is bad input naming campaignName, before anything is read.
func TestGenerateCampaignName(t *testing.T) {
	cfg := campaign.Config{CampaignName: strings.Repeat("n", domain.MaxName+1)}
	_, err := plan.New(nil).GenerateCampaign(context.Background(), cfg, plan.CampaignDefaults{})
	var bad *plan.InputError
	require.ErrorAs(t, err, &bad)
	assert.Equal(t, map[string]string{"campaignName": "must be at most 500 characters"}, bad.Fields)
}

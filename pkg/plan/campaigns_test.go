package plan_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// schedule generates a small campaign and answers it with its rendering.
func schedule(t *testing.T, name string) (json.RawMessage, string) {
	t.Helper()
	s, err := campaign.Generate(campaign.Config{CampaignName: name, StartDate: "2031-03-03", EndDate: "2031-05-30",
		CampaignTypes: []string{"change-management"}}, orgdata.Load())
	require.NoError(t, err)
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	html, err := campaign.RenderHTML(s)
	require.NoError(t, err)
	return raw, html
}

func ptr[T any](v T) *T { return &v }

// TestSaveCampaignByTitle: a new title is created, a taken one refused,
// replaced with replace, and refused when two campaigns have it.
func TestSaveCampaignByTitle(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			raw, html := schedule(t, "Wave")
			ch := plan.CampaignChange{Title: ptr(" Wave 1 "), Schedule: &raw, GeographicFilters: ptr([]string{"california"})}

			c, err := p.SaveCampaignByTitle(ctx, ch, false)
			require.NoError(t, err)
			assert.Equal(t, "Wave 1", c.Title)
			assert.Equal(t, html, c.HTMLContent, "the server renders the HTML")

			_, err = p.SaveCampaignByTitle(ctx, ch, false)
			var taken *plan.TitleTaken
			require.ErrorAs(t, err, &taken)
			assert.Equal(t, []string{c.ID}, taken.IDs)

			ch.Description = ptr("replaced")
			replaced, err := p.SaveCampaignByTitle(ctx, ch, true)
			require.NoError(t, err)
			assert.Equal(t, c.ID, replaced.ID)
			assert.Equal(t, "replaced", replaced.Description)
			assert.True(t, c.CreatedAt.Equal(replaced.CreatedAt))

			_, err = p.CreateCampaign(ctx, ch) // the API allows a second one
			require.NoError(t, err)
			_, err = p.SaveCampaignByTitle(ctx, ch, true)
			require.ErrorAs(t, err, &taken)
			assert.True(t, taken.Replace)
			assert.Len(t, taken.IDs, 2)

			// The geographic filters are checked against the dataset, for
			// every way of saving.
			ch.Title = ptr("Elsewhere")
			ch.GeographicFilters = ptr([]string{"atlantis"})
			var bad *plan.InputError
			_, err = p.SaveCampaignByTitle(ctx, ch, false)
			require.ErrorAs(t, err, &bad)
			assert.Contains(t, bad.Fields, "geographicFilters")
			list, err := st.ListCampaigns(ctx)
			require.NoError(t, err)
			assert.Len(t, list, 2)
		})
	}
}

// TestRerenderCampaigns: HTML a client once stored is replaced by the
// rendering, nothing else changes, and a second run writes nothing.
func TestRerenderCampaigns(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			raw, html := schedule(t, "Wave")
			old := domain.Campaign{Title: "Stored before", Schedule: raw, HTMLContent: `<script>alert(1)</script>`, GeographicFilters: []string{}}
			require.NoError(t, st.CreateCampaign(ctx, &old))
			current := domain.Campaign{Title: "Current", Schedule: raw, HTMLContent: html, GeographicFilters: []string{}}
			require.NoError(t, st.CreateCampaign(ctx, &current))
			broken := domain.Campaign{Title: "Broken", Schedule: json.RawMessage(`[1]`), HTMLContent: "<p>kept</p>", GeographicFilters: []string{}}
			require.NoError(t, st.CreateCampaign(ctx, &broken))
			// More than a page of them (RerenderCampaigns reads 20 at a time).
			for i := range 21 {
				c := domain.Campaign{Title: fmt.Sprintf("Stale %d", i), Schedule: raw, HTMLContent: "<p>old</p>", GeographicFilters: []string{}}
				require.NoError(t, st.CreateCampaign(ctx, &c))
			}

			n, err := plan.New(st).RerenderCampaigns(ctx)
			assert.Equal(t, 22, n)
			require.Error(t, err, "the broken one is named")
			assert.Contains(t, err.Error(), broken.ID)

			got, err := st.GetCampaign(ctx, old.ID)
			require.NoError(t, err)
			assert.Equal(t, html, got.HTMLContent)
			assert.True(t, old.UpdatedAt.Equal(got.UpdatedAt), "re-rendering is no edit")
			got, err = st.GetCampaign(ctx, broken.ID)
			require.NoError(t, err)
			assert.Equal(t, "<p>kept</p>", got.HTMLContent)

			require.NoError(t, st.DeleteCampaign(ctx, broken.ID))
			n, err = plan.New(st).RerenderCampaigns(ctx)
			require.NoError(t, err)
			assert.Zero(t, n, "once current, nothing is written")
		})
	}
}

package plan_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestImportCampaign: the chosen activities become scheduled
// communications with their audience and vehicle; a second import creates
// nothing; unmapped labels are left out and named; a dry run writes
// nothing; a failing import writes nothing.
func TestImportCampaign(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			c, sched := savedCampaign(t, p)
			require.Greater(t, len(sched.Activities), 3)

			_, err := p.ImportCampaign(ctx, c.ID, plan.CampaignImport{})
			var bad *plan.InputError
			require.ErrorAs(t, err, &bad, "no theme yet")
			assert.Equal(t, plan.MsgNoThemes, bad.Message)
			_, err = p.ImportCampaign(context.Background(), c.ID, plan.CampaignImport{})
			assert.ErrorIs(t, err, actor.ErrNone)

			theme := domain.Theme{Name: "Change", Description: "d"}
			require.NoError(t, st.CreateTheme(ctx, &theme))
			labels := map[string]bool{}
			for _, a := range sched.Activities {
				labels[a.Audience] = true
			}
			var mapped []string
			for l := range labels {
				mapped = append(mapped, l)
			}
			require.GreaterOrEqual(t, len(mapped), 2)
			stored := domain.Audience{Name: "  " + mapped[0] + " "}
			require.NoError(t, st.CreateAudience(ctx, &stored))

			first := sched.Activities[:3]
			ids := []string{first[0].ID, first[1].ID, first[2].ID}
			dry, err := p.ImportCampaign(ctx, c.ID, plan.CampaignImport{ActivityIDs: ids, DryRun: true,
				AudienceMap: map[string]plan.AudienceTargets{}})
			require.NoError(t, err)
			list, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Empty(t, list, "a dry run writes nothing")

			everyone := map[string]plan.AudienceTargets{}
			for _, l := range mapped[1:] {
				everyone[l] = plan.AudienceTargets{""}
			}
			res, err := p.ImportCampaign(ctx, c.ID, plan.CampaignImport{ActivityIDs: ids, AudienceMap: everyone})
			require.NoError(t, err)
			assert.Len(t, res.Created, 3)
			assert.Zero(t, res.Skipped)
			assert.Empty(t, res.Unmapped)
			assert.LessOrEqual(t, len(dry.Created), 3, "the dry run left the unmapped out")
			for i, com := range res.Created {
				assert.Equal(t, first[i].ID, com.SourceActivityID)
				assert.Equal(t, domain.StatusScheduled, com.Status)
				if first[i].Audience == mapped[0] {
					assert.Equal(t, stored.ID, com.AudienceID)
				} else {
					assert.Empty(t, com.AudienceID)
				}
			}

			res, err = p.ImportCampaign(ctx, c.ID, plan.CampaignImport{AudienceMap: everyone})
			require.NoError(t, err)
			assert.Equal(t, 3, res.Skipped)
			assert.Len(t, res.Created, len(sched.Activities)-3)
			res, err = p.ImportCampaign(ctx, c.ID, plan.CampaignImport{AudienceMap: everyone})
			require.NoError(t, err)
			assert.Empty(t, res.Created, "a second import creates nothing")
			assert.Equal(t, len(sched.Activities), res.Skipped)

			// A mapping to an audience that is gone fails the whole import.
			other, err := p.CreateCampaign(ctx, plan.CampaignChange{Title: ptr("Other"), Schedule: &c.Schedule})
			require.NoError(t, err)
			_, err = p.ImportCampaign(ctx, other.ID, plan.CampaignImport{AudienceMap: map[string]plan.AudienceTargets{mapped[1]: {"gone"}}})
			var ref *store.ReferenceError
			require.ErrorAs(t, err, &ref)
			assert.Equal(t, "audienceMap."+mapped[1], ref.Field)
			list, err = st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Len(t, list, len(sched.Activities))
			_, err = p.ImportCampaign(ctx, "missing", plan.CampaignImport{})
			assert.ErrorIs(t, err, store.ErrNotFound)
		})
	}
}

// savedCampaign saves a generated campaign "Wave" and returns it with its
// schedule.
func savedCampaign(t *testing.T, p *plan.Plan) (domain.Campaign, campaign.Schedule) {
	t.Helper()
	raw, _ := schedule(t, "Wave")
	c, err := p.CreateCampaign(acting(), plan.CampaignChange{Title: ptr("Wave"), Schedule: &raw})
	require.NoError(t, err)
	var sched campaign.Schedule
	require.NoError(t, json.Unmarshal(raw, &sched))
	return c, sched
}

// TestConcurrentImportsCreateOnce: imports and batches of the same
// activities running at once put each activity on the schedule once, on
// both backends (PostgreSQL's transactions would otherwise each find the
// activities missing).
func TestConcurrentImportsCreateOnce(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			c, sched := savedCampaign(t, p)
			theme := domain.Theme{Name: "Change", Description: "d"}
			require.NoError(t, st.CreateTheme(ctx, &theme))
			everyone := map[string]plan.AudienceTargets{}
			var batch []domain.Communication
			for _, a := range sched.Activities {
				everyone[a.Audience] = plan.AudienceTargets{""}
				batch = append(batch, domain.Communication{Title: a.Title, ThemeID: theme.ID,
					ScheduledDate: a.Date, SourceCampaignID: c.ID, SourceActivityID: a.ID})
			}

			const runs = 6
			created := make([]int, runs)
			errs := make([]error, runs)
			var wg sync.WaitGroup
			for i := range runs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if i%2 == 0 {
						res, err := p.ImportCampaign(ctx, c.ID, plan.CampaignImport{AudienceMap: everyone})
						created[i], errs[i] = len(res.Created), err
						return
					}
					list, err := p.CreateCommunications(ctx, batch)
					created[i], errs[i] = len(list), err
				}()
			}
			wg.Wait()
			total := 0
			for i := range runs {
				require.NoError(t, errs[i], "run %d", i)
				total += created[i]
			}
			assert.Equal(t, len(sched.Activities), total, "each activity created once in all")
			list, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Equal(t, len(sched.Activities), len(list), "stored communications")
		})
	}
}

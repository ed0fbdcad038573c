package plan_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestImportSeveralAudiencesThemesDryRunAndUndo: a label mapped to two
// audiences makes a communication for each; a theme per activity wins over
// one per phase, which wins over the import's; a dry run expects the very
// warnings the import then causes; undoing the import removes what it put
// on the Schedule but the sent, in one audited act.
func TestImportSeveralAudiencesThemesDryRunAndUndo(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			c, sched := savedCampaign(t, p)
			themes := make([]domain.Theme, 3)
			for i, n := range []string{"Base", "Phase", "Own"} {
				themes[i] = domain.Theme{Name: n, Description: "d"}
				require.NoError(t, st.CreateTheme(ctx, &themes[i]))
			}
			x, y := domain.Audience{Name: "Plant X"}, domain.Audience{Name: "Plant Y"}
			require.NoError(t, st.CreateAudience(ctx, &x))
			require.NoError(t, st.CreateAudience(ctx, &y))
			both := map[string]plan.AudienceTargets{}
			for _, a := range sched.Activities {
				both[a.Audience] = plan.AudienceTargets{x.ID, y.ID, x.ID}
			}
			acts := sched.Activities
			require.NotEqual(t, acts[0].Phase, acts[len(acts)-1].Phase, "the campaign has several phases")
			last := acts[len(acts)-1]
			in := plan.CampaignImport{AudienceMap: both, ThemeID: themes[0].ID, WarnLimit: 1,
				PhaseThemes:    map[string]string{acts[0].Phase: themes[1].ID},
				ActivityThemes: map[string]string{acts[0].ID: themes[2].ID}}

			in.DryRun = true
			dry, err := p.ImportCampaign(ctx, c.ID, in)
			require.NoError(t, err)
			list, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			require.Empty(t, list, "a dry run writes nothing")
			assert.Len(t, dry.Created, 2*len(acts), "one communication per activity and audience")
			assert.Positive(t, dry.Warnings.Total, "a cap of one a week is broken")

			in.DryRun = false
			res, err := p.ImportCampaign(ctx, c.ID, in)
			require.NoError(t, err)
			require.Len(t, res.Created, 2*len(acts))
			assert.Equal(t, res.Warnings, dry.Warnings, "the dry run expected the warnings the import caused")
			seen := map[string][]string{}
			for _, com := range res.Created {
				seen[com.SourceActivityID] = append(seen[com.SourceActivityID], com.AudienceID)
				switch {
				case com.SourceActivityID == acts[0].ID:
					assert.Equal(t, themes[2].ID, com.ThemeID, "the activity's own theme")
				case com.SourceActivityID == last.ID && last.Phase != acts[0].Phase:
					assert.Equal(t, themes[0].ID, com.ThemeID, "the import's theme")
				}
			}
			assert.ElementsMatch(t, []string{x.ID, y.ID}, seen[acts[0].ID])
			for _, com := range res.Created {
				if com.SourceActivityID != acts[0].ID && acts[1].Phase == acts[0].Phase && com.SourceActivityID == acts[1].ID {
					assert.Equal(t, themes[1].ID, com.ThemeID, "the phase's theme")
				}
			}

			// One went out: the undo keeps it.
			sent := res.Created[len(res.Created)-1]
			sent.Status = domain.StatusSent
			require.NoError(t, st.UpdateCommunication(ctx, &sent))
			_, err = p.UndoCampaignImport(context.Background(), c.ID)
			assert.ErrorIs(t, err, actor.ErrNone)
			_, err = p.UndoCampaignImport(ctx, "missing")
			assert.ErrorIs(t, err, store.ErrNotFound)
			undone, err := p.UndoCampaignImport(ctx, c.ID)
			require.NoError(t, err)
			assert.Equal(t, plan.ImportUndone{Removed: len(res.Created) - 1, Kept: 1}, undone)
			list, err = st.ListCommunications(ctx)
			require.NoError(t, err)
			require.Len(t, list, 1)
			assert.Equal(t, sent.ID, list[0].ID)
			entries, err := st.ListAudit(ctx, store.AuditFilter{Action: plan.ActionImportUndone, Limit: 10})
			require.NoError(t, err)
			require.Len(t, entries, 1, "one act in the trail")
			assert.Equal(t, c.ID, entries[0].EntityID)
			assert.JSONEq(t, `{"removed":{"before":`+strconv.Itoa(len(res.Created)-1)+`},"kept":{"after":1}}`, string(entries[0].Changes))
			again, err := p.UndoCampaignImport(ctx, c.ID)
			require.NoError(t, err)
			assert.Equal(t, plan.ImportUndone{Kept: 1}, again, "nothing left to undo")

			// Bad input names its field and writes nothing.
			_, err = p.ImportCampaign(ctx, c.ID, plan.CampaignImport{AudienceMap: map[string]plan.AudienceTargets{acts[0].Audience: {}}})
			var bad *plan.InputError
			require.ErrorAs(t, err, &bad)
			assert.Contains(t, bad.Fields, "audienceMap."+acts[0].Audience)
			_, err = p.ImportCampaign(ctx, c.ID, plan.CampaignImport{AudienceMap: both, PhaseThemes: map[string]string{acts[0].Phase: "gone"}})
			var ref *store.ReferenceError
			require.ErrorAs(t, err, &ref)
			assert.Equal(t, "phaseThemes."+acts[0].Phase, ref.Field)
			list, err = st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Len(t, list, 1)
		})
	}
}

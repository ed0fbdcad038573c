package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestReviewRequiredHoldsForCLIScheduling: with review.required (here from
// the environment, as a config file would set it) the command line may not
// put an unapproved communication on the Schedule, as the API may not:
// "campaign import" of an unapproved campaign exits 2 naming the approval
// and writes nothing; without the setting the same import succeeds. Every
// command builds its Plan through Factory.Plan, which carries the policy.
func TestReviewRequiredHoldsForCLIScheduling(t *testing.T) {
	cleanDir(t)
	db := storetest.SQLiteDSN(t)
	st := storetest.Open(t, db)
	ctx := context.Background()
	code, out, errOut := runCLI(t, "--db", db, "campaign", "generate", "--name", "ERP Go-Live", "--start", "2025-06-02",
		"--end", "2025-10-31", "--type", "technology-implementation", "--go-live", "2025-09-15", "--save")
	require.Equal(t, 0, code, errOut)
	id := strings.TrimSpace(out)
	c, err := st.GetCampaign(ctx, id)
	require.NoError(t, err)
	var sched campaign.Schedule
	require.NoError(t, json.Unmarshal(c.Schedule, &sched))
	first := sched.Activities[0]
	require.NoError(t, st.CreateTheme(ctx, &domain.Theme{Name: "Go-live", Description: "d"}))
	require.NoError(t, st.CreateAudience(ctx, &domain.Audience{Name: "All Staff"}))
	args := []string{"--db", db, "campaign", "import", id, "--activity", first.ID, "--audience", first.Audience + "=All Staff"}

	t.Setenv("COMMSPLAN_REVIEW_REQUIRED", "true")
	code, _, errOut = runCLI(t, args...)
	assert.Equal(t, 2, code, errOut)
	assert.Contains(t, errOut, plan.MsgNeedsApproval)
	assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
	list, err := st.ListCommunications(ctx)
	require.NoError(t, err)
	assert.Empty(t, list, "nothing written")

	t.Setenv("COMMSPLAN_REVIEW_REQUIRED", "false")
	code, _, errOut = runCLI(t, args...)
	require.Equal(t, 0, code, errOut)
	list, err = st.ListCommunications(ctx)
	require.NoError(t, err)
	assert.Len(t, list, 1)
}

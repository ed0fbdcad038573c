package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestReviewCommands: an approver lists what waits for them and approves
// it as themselves (--as NAME with the code on stdin, or
// COMMSPLAN_PERSON_CODE); a planner's code may
// not decide; request-changes records the comment.
func TestReviewCommands(t *testing.T) {
	dir := t.TempDir()
	st := storetest.Open(t, filepath.Join(dir, "commsplan.db"))
	ctx := actor.With(context.Background(), actor.Terminal)
	p := plan.New(st)
	ann, annCode, err := p.AddPerson(ctx, "Ann Approver", "", "approver")
	require.NoError(t, err)
	_, patCode, err := p.AddPerson(ctx, "Pat Planner", "", "planner")
	require.NoError(t, err)
	theme := domain.Theme{Name: "Change", Description: "d"}
	require.NoError(t, st.CreateTheme(ctx, &theme))
	var ids []string
	for _, title := range []string{"One", "Two"} {
		c, err := plan.Create(ctx, p, plan.Communications, func(c domain.Communication) (domain.Communication, error) {
			c.Title, c.ThemeID = title, theme.ID
			return c, nil
		})
		require.NoError(t, err)
		_, err = p.RequestReview(ctx, plan.ReviewCommunication, c.ID, []string{ann.ID}, "")
		require.NoError(t, err)
		ids = append(ids, c.ID)
	}
	require.NoError(t, st.Close())

	code, out, errOut := runCLIWithInput(t, annCode+"\n", "review", "list", "--data-dir", dir, "--mine", "--as", "Ann Approver", "--output", "json")
	require.Equal(t, 0, code, errOut)
	var items []plan.ReviewItem
	require.NoError(t, json.Unmarshal([]byte(out), &items))
	assert.Len(t, items, 2)

	code, _, errOut = runCLIWithInput(t, patCode+"\n", "review", "approve", ids[0], "--data-dir", dir, "--as", "Pat Planner")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "reviews.decide")

	code, out, errOut = runCLIWithInput(t, annCode+"\n", "review", "approve", ids[0], "--data-dir", dir, "--as", "ann approver", "--comment", "fine")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "review approved")
	t.Setenv(PersonCodeEnv, annCode)
	code, out, errOut = runCLI(t, "review", "request-changes", ids[1], "--data-dir", dir, "--comment", "Say when")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "review changes_requested")
	code, _, errOut = runCLI(t, "review", "approve", ids[1], "--data-dir", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "not under review")

	code, out, errOut = runCLI(t, "review", "list", "--data-dir", dir)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "approved")
	assert.Contains(t, out, "changes_requested")
}

// TestReviewCodeNeverOnArgv: a personal code is never taken from the
// command line, where ps and shell history see it. --as takes a person's
// name: a code given there decides nothing, and a code that is not the
// named person's is refused; nothing is recorded either way.
func TestReviewCodeNeverOnArgv(t *testing.T) {
	dir := t.TempDir()
	st := storetest.Open(t, filepath.Join(dir, "commsplan.db"))
	ctx := actor.With(context.Background(), actor.Terminal)
	p := plan.New(st)
	ann, annCode, err := p.AddPerson(ctx, "Ann Approver", "", "approver")
	require.NoError(t, err)
	_, kimCode, err := p.AddPerson(ctx, "Kim Approver", "", "approver")
	require.NoError(t, err)
	c, err := plan.Create(ctx, p, plan.Communications, func(c domain.Communication) (domain.Communication, error) {
		c.Title = "One"
		return c, nil
	})
	require.NoError(t, err)
	_, err = p.RequestReview(ctx, plan.ReviewCommunication, c.ID, []string{ann.ID}, "")
	require.NoError(t, err)
	require.NoError(t, st.Close())

	code, _, errOut := runCLI(t, "review", "approve", c.ID, "--data-dir", dir, "--as", annCode)
	assert.Equal(t, 2, code, "a code on the command line decides nothing")
	assert.NotContains(t, errOut, annCode, "nor is it repeated")
	code, _, errOut = runCLIWithInput(t, kimCode+"\n", "review", "approve", c.ID, "--data-dir", dir, "--as", "Ann Approver")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "not this person's")
	assert.NotContains(t, errOut, kimCode)

	st = storetest.Open(t, filepath.Join(dir, "commsplan.db"))
	got, err := st.GetCommunication(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, domain.ReviewRequested, got.Review.State)
	assert.Empty(t, got.Review.Decisions)
}

package review

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
)

var (
	t0      = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	planner = Person{ID: "p", Name: "Pat"}
	ann     = Person{ID: "a", Name: "Ann", CanDecide: true}
	bob     = Person{ID: "b", Name: "Bob", CanDecide: true}
	cat     = Person{ID: "c", Name: "Cat", CanDecide: true}
)

type step struct {
	who      Person
	decision string
	comment  string
	err      error  // the refusal, if any
	state    string // the state after the step
}

func TestDecide(t *testing.T) {
	tests := []struct {
		name      string
		policy    Policy
		approvers []domain.Ref
		requester Person
		steps     []step
	}{
		{"one approval by any approver", Policy{}, nil, planner, []step{
			{who: ann, decision: Approve, state: domain.ReviewApproved},
		}},
		{"a decision after the approval is refused", Policy{}, nil, planner, []step{
			{who: ann, decision: Approve, state: domain.ReviewApproved},
			{who: bob, decision: RequestChanges, comment: "late", err: ErrNotUnderReview, state: domain.ReviewApproved},
		}},
		{"N distinct approvers", Policy{Approvals: 2}, nil, planner, []step{
			{who: ann, decision: Approve, state: domain.ReviewRequested},
			{who: ann, decision: Approve, err: ErrAlreadyApproved, state: domain.ReviewRequested},
			{who: bob, decision: Approve, state: domain.ReviewApproved},
		}},
		{"changes requested wins over earlier approvals", Policy{Approvals: 3}, nil, planner, []step{
			{who: ann, decision: Approve, state: domain.ReviewRequested},
			{who: bob, decision: Approve, state: domain.ReviewRequested},
			{who: cat, decision: RequestChanges, comment: "legal must see it", state: domain.ReviewChangesRequested},
			{who: ann, decision: Approve, err: ErrNotUnderReview, state: domain.ReviewChangesRequested},
		}},
		{"an approver may change their mind to changes requested", Policy{Approvals: 2}, nil, planner, []step{
			{who: ann, decision: Approve, state: domain.ReviewRequested},
			{who: ann, decision: RequestChanges, comment: "on second thought", state: domain.ReviewChangesRequested},
		}},
		{"self-approval refused", Policy{}, nil, ann, []step{
			{who: ann, decision: Approve, err: ErrSelfApproval, state: domain.ReviewRequested},
			{who: ann, decision: RequestChanges, comment: "my own typo", state: domain.ReviewChangesRequested},
		}},
		{"self-approval allowed by the setting", Policy{AllowSelfApproval: true}, nil, ann, []step{
			{who: ann, decision: Approve, state: domain.ReviewApproved},
		}},
		{"named approvers only", Policy{}, []domain.Ref{{ID: "b", Name: "Bob"}}, planner, []step{
			{who: ann, decision: Approve, err: ErrNotApprover, state: domain.ReviewRequested},
			{who: bob, decision: Approve, state: domain.ReviewApproved},
		}},
		{"any approver needs the permission", Policy{}, nil, ann, []step{
			{who: planner, decision: Approve, err: ErrNotApprover, state: domain.ReviewRequested},
		}},
		{"unknown decision", Policy{}, nil, planner, []step{
			{who: ann, decision: "maybe", err: ErrUnknownDecision, state: domain.ReviewRequested},
		}},
		{"changes requested needs a comment", Policy{}, nil, planner, []step{
			{who: ann, decision: RequestChanges, comment: "  ", err: ErrCommentRequired, state: domain.ReviewRequested},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Request(domain.Review{}, tt.requester, tt.approvers, "", "fp", t0)
			require.Equal(t, domain.ReviewRequested, r.State)
			for i, s := range tt.steps {
				next, err := Decide(r, tt.policy, s.who, s.decision, s.comment, t0.Add(time.Duration(i)*time.Minute))
				if s.err != nil {
					require.ErrorIs(t, err, s.err, "step %d", i)
					assert.Equal(t, len(r.Decisions), len(next.Decisions), "a refusal records nothing")
				} else {
					require.NoError(t, err, "step %d", i)
					r = next
				}
				assert.Equal(t, s.state, r.State, "step %d", i)
			}
		})
	}
}

func TestDecideOnNoReview(t *testing.T) {
	_, err := Decide(domain.Review{}, Policy{}, ann, Approve, "", t0)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "decision", e.Field)
	assert.ErrorIs(t, err, ErrNotUnderReview)
}

func TestFingerprintReset(t *testing.T) {
	c := domain.Communication{Title: "Go-live", RawContent: "Body", ThemeID: "t", SelectedQuestions: []string{"q2", "q1"},
		AudienceID: "a", VehicleID: "v", ScheduledDate: "2026-12-01T09:00:00Z"}
	base := Communication(c)
	edits := []struct {
		name  string
		edit  func(*domain.Communication)
		reset bool
	}{
		{"title", func(c *domain.Communication) { c.Title = "Go-live!" }, true},
		{"content", func(c *domain.Communication) { c.RawContent = "Body 2" }, true},
		{"generated content", func(c *domain.Communication) { c.GeneratedContent = "x" }, true},
		{"theme", func(c *domain.Communication) { c.ThemeID = "t2" }, true},
		{"questions", func(c *domain.Communication) { c.SelectedQuestions = []string{"q1"} }, true},
		{"audience", func(c *domain.Communication) { c.AudienceID = "" }, true},
		{"vehicle", func(c *domain.Communication) { c.VehicleID = "v2" }, true},
		{"date to another day", func(c *domain.Communication) { c.ScheduledDate = "2026-12-02T09:00:00Z" }, true},
		{"time within the day", func(c *domain.Communication) { c.ScheduledDate = "2026-12-01T16:30:00Z" }, false},
		{"instant to the same all-day date", func(c *domain.Communication) { c.ScheduledDate = "2026-12-01" }, false},
		{"questions reordered", func(c *domain.Communication) { c.SelectedQuestions = []string{"q1", "q2"} }, false},
		{"status", func(c *domain.Communication) { c.Status = domain.StatusScheduled }, false},
	}
	approved, err := Decide(Request(domain.Review{}, planner, nil, "", base, t0), Policy{}, ann, Approve, "", t0)
	require.NoError(t, err)
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			edited := c
			edited.SelectedQuestions = append([]string(nil), c.SelectedQuestions...)
			e.edit(&edited)
			r, reset := Edited(approved, Person{ID: "e", Name: "Ed"}, Communication(edited), t0.Add(time.Hour))
			assert.Equal(t, e.reset, reset)
			if e.reset {
				assert.Equal(t, domain.ReviewRequested, r.State)
				assert.Equal(t, approved.Round+1, r.Round)
				assert.Empty(t, Approvers(r), "the old round's approval no longer counts")
				assert.Len(t, r.Decisions, 1, "the history keeps it")
			} else {
				assert.Equal(t, domain.ReviewApproved, r.State)
			}
		})
	}
}

func TestEditedOtherStates(t *testing.T) {
	r, reset := Edited(domain.Review{}, Person{ID: "e", Name: "Ed"}, "x", t0)
	assert.False(t, reset)
	assert.Equal(t, domain.ReviewNone, r.State)

	req := Request(domain.Review{}, planner, nil, "", "fp", t0)
	r, reset = Edited(req, Person{ID: "e", Name: "Ed"}, "fp2", t0)
	assert.False(t, reset, "nothing approved yet")
	assert.Equal(t, "fp2", r.Fingerprint)

	two, err := Decide(req, Policy{Approvals: 2}, ann, Approve, "", t0)
	require.NoError(t, err)
	r, reset = Edited(two, Person{ID: "e", Name: "Ed"}, "fp2", t0)
	assert.True(t, reset, "a partial approval covered the old fields")
	assert.Empty(t, Approvers(r))

	ch, err := Decide(req, Policy{}, ann, RequestChanges, "fix", t0)
	require.NoError(t, err)
	r, reset = Edited(ch, Person{ID: "e", Name: "Ed"}, "fp2", t0)
	assert.False(t, reset)
	assert.Equal(t, domain.ReviewChangesRequested, r.State)
}

func TestInheritAndReady(t *testing.T) {
	camp, err := Decide(Request(domain.Review{}, planner, nil, "2026-12-01", "c", t0), Policy{}, ann, Approve, "ok", t0)
	require.NoError(t, err)
	r := Inherit(domain.Review{}, camp, "fp")
	assert.Equal(t, domain.ReviewApproved, r.State)
	assert.Equal(t, []string{"a"}, Approvers(r))
	assert.True(t, Ready(r, Policy{Required: true}))
	assert.False(t, Ready(domain.Review{State: domain.ReviewRequested}, Policy{Required: true}))
	assert.True(t, Ready(domain.Review{}, Policy{}))
}

func TestMayDecide(t *testing.T) {
	r := Request(domain.Review{}, planner, []domain.Ref{{ID: "a"}}, "", "fp", t0)
	assert.True(t, MayDecide(r, Policy{}, ann))
	assert.False(t, MayDecide(r, Policy{}, bob))
	any := Request(domain.Review{}, planner, nil, "", "fp", t0)
	assert.True(t, MayDecide(any, Policy{}, bob))
	assert.False(t, MayDecide(any, Policy{}, planner))
	own := Request(domain.Review{}, ann, nil, "", "fp", t0)
	assert.False(t, MayDecide(own, Policy{}, ann))
	assert.True(t, MayDecide(own, Policy{AllowSelfApproval: true}, ann))
}

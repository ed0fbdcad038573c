package plan_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// approverCtx is the context of an approver with id.
func approverCtx(id string) context.Context {
	return actor.With(context.Background(), actor.Actor{ID: id, Name: "Approver " + id, Role: actor.RoleApprover})
}

// draft stores a dated draft communication.
func draft(t *testing.T, p *plan.Plan, st store.Store) domain.Communication {
	t.Helper()
	theme := domain.Theme{Name: "Change", Description: "d"}
	require.NoError(t, st.CreateTheme(acting(), &theme))
	c, err := plan.Create(acting(), p, plan.Communications, func(c domain.Communication) (domain.Communication, error) {
		c.Title, c.ThemeID, c.Status, c.ScheduledDate = "Go-live", theme.ID, domain.StatusDraft, "2031-03-04T09:00:00Z"
		return c, nil
	})
	require.NoError(t, err)
	return c
}

// TestConcurrentDecisions: approvers deciding at once all count (the
// review's row is locked), on both backends: with review.approvals at the
// number of approvers, every round ends approved with every decision kept.
func TestConcurrentDecisions(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			const n = 4
			p := plan.New(st).WithReview(review.Policy{Approvals: n})
			c := draft(t, p, st)
			for round := range 3 {
				_, err := p.RequestReview(acting(), plan.ReviewCommunication, c.ID, nil, "")
				require.NoError(t, err)
				var wg sync.WaitGroup
				errs := make([]error, n)
				for i := range n {
					wg.Go(func() {
						_, errs[i] = p.DecideReview(approverCtx(fmt.Sprint("a", i)), plan.ReviewCommunication, c.ID, review.Approve, "")
					})
				}
				wg.Wait()
				for _, err := range errs {
					require.NoError(t, err)
				}
				got, err := st.GetCommunication(acting(), c.ID)
				require.NoError(t, err)
				assert.Equal(t, domain.ReviewApproved, got.Review.State, "round %d", round)
				assert.Len(t, review.Approvers(got.Review), n, "no decision lost in round %d", round)
			}

			// One approves while another requests changes: whichever came
			// first, the other is either recorded or refused as not under
			// review, never lost silently.
			_, err := p.RequestReview(acting(), plan.ReviewCommunication, c.ID, nil, "")
			require.NoError(t, err)
			var wg sync.WaitGroup
			var errA, errB error
			wg.Go(func() {
				_, errA = p.DecideReview(approverCtx("a0"), plan.ReviewCommunication, c.ID, review.RequestChanges, "no")
			})
			wg.Go(func() {
				_, errB = p.DecideReview(approverCtx("a1"), plan.ReviewCommunication, c.ID, review.Approve, "")
			})
			wg.Wait()
			require.NoError(t, errA, "changes requested is always possible while requested")
			got, err := st.GetCommunication(acting(), c.ID)
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewChangesRequested, got.Review.State)
			inRound := 0
			for _, d := range got.Review.Decisions {
				if d.Round == got.Review.Round {
					inRound++
				}
			}
			if errB == nil {
				assert.Equal(t, 2, inRound)
			} else {
				assert.ErrorIs(t, errB, review.ErrNotUnderReview)
				assert.Equal(t, 1, inRound)
			}
		})
	}
}

// TestRequiredReviewRefusesEveryWayToSchedule: with review.required the
// form's create and update, the drag's update, the batch and the import
// all refuse to schedule an unapproved communication, storing nothing;
// approved (directly or with its campaign), it is scheduled.
func TestRequiredReviewRefusesEveryWayToSchedule(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st).WithReview(review.Policy{Required: true})
			c := draft(t, p, st)
			var approval *plan.ApprovalError

			// The form's create.
			_, err := plan.Create(ctx, p, plan.Communications, func(n domain.Communication) (domain.Communication, error) {
				n.Title, n.ThemeID, n.Status, n.ScheduledDate = "New", c.ThemeID, domain.StatusScheduled, "2031-03-05"
				return n, nil
			})
			require.ErrorAs(t, err, &approval)
			assert.Equal(t, "status", approval.Field)
			// The form's update and the drag's (a date and the status).
			for _, edit := range []func(domain.Communication) domain.Communication{
				func(x domain.Communication) domain.Communication { x.Status = domain.StatusScheduled; return x },
				func(x domain.Communication) domain.Communication {
					x.Status, x.ScheduledDate = domain.StatusScheduled, "2031-03-06"
					return x
				},
			} {
				_, err = plan.Update(ctx, p, plan.Communications, c.ID, func(x domain.Communication) (domain.Communication, error) { return edit(x), nil })
				require.ErrorAs(t, err, &approval)
			}
			got, err := st.GetCommunication(ctx, c.ID)
			require.NoError(t, err)
			assert.Equal(t, c.Status, got.Status, "nothing half-saved")
			assert.Equal(t, c.ScheduledDate, got.ScheduledDate)

			// The batch.
			camp, sched := savedCampaign(t, p)
			var batch []domain.Communication
			for _, a := range sched.Activities[:2] {
				batch = append(batch, domain.Communication{Title: a.Title, ThemeID: c.ThemeID, RawContent: a.Description,
					ScheduledDate: a.Date, SourceCampaignID: camp.ID, SourceActivityID: a.ID})
			}
			_, err = p.CreateCommunications(ctx, batch)
			require.ErrorAs(t, err, &approval)
			assert.Equal(t, "communications[0].status", approval.Field)
			// The import.
			everyone := map[string]plan.AudienceTargets{}
			for _, a := range sched.Activities {
				everyone[a.Audience] = plan.AudienceTargets{""}
			}
			_, err = p.ImportCampaign(ctx, camp.ID, plan.CampaignImport{AudienceMap: everyone})
			require.ErrorAs(t, err, &approval)
			all, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Len(t, all, 1, "neither the batch nor the import stored anything")

			// Approved, the same update schedules it.
			_, err = p.RequestReview(ctx, plan.ReviewCommunication, c.ID, nil, "")
			require.NoError(t, err)
			_, err = p.DecideReview(approverCtx("a"), plan.ReviewCommunication, c.ID, review.Approve, "ok")
			require.NoError(t, err)
			sch, err := plan.Update(ctx, p, plan.Communications, c.ID, func(x domain.Communication) (domain.Communication, error) {
				x.Status = domain.StatusScheduled
				return x, nil
			})
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewApproved, sch.Review.State)
			// Moving it within its day keeps the approval; to another day resets it, and it stays scheduled (flagged).
			moved, err := plan.Update(ctx, p, plan.Communications, c.ID, func(x domain.Communication) (domain.Communication, error) {
				x.ScheduledDate = "2031-03-04T15:00:00Z"
				return x, nil
			})
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewApproved, moved.Review.State)
			moved, err = plan.Update(ctx, p, plan.Communications, c.ID, func(x domain.Communication) (domain.Communication, error) {
				x.ScheduledDate = "2031-03-05T15:00:00Z"
				return x, nil
			})
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewRequested, moved.Review.State)
			assert.False(t, moved.Review.ResetAt.IsZero())
			assert.Equal(t, domain.StatusScheduled, moved.Status)

			// The import asking for review brings the items in as drafts under review.
			res, err := p.ImportCampaign(ctx, camp.ID, plan.CampaignImport{AudienceMap: everyone, ActivityIDs: []string{sched.Activities[0].ID},
				Review: &plan.ImportReview{}})
			require.NoError(t, err)
			require.Len(t, res.Created, 1)
			assert.Equal(t, domain.StatusDraft, res.Created[0].Status)
			assert.Equal(t, domain.ReviewRequested, res.Created[0].Review.State)

			// An approved campaign's activities come in approved and scheduled,
			// to the audiences they were approved for (found by name).
			_, err = p.RequestReview(ctx, plan.ReviewCampaign, camp.ID, nil, "")
			require.NoError(t, err)
			_, err = p.DecideReview(approverCtx("a"), plan.ReviewCampaign, camp.ID, review.Approve, "")
			require.NoError(t, err)
			named := map[string]string{}
			for label := range everyone {
				aud, err := plan.Create(ctx, p, plan.Audiences, func(x domain.Audience) (domain.Audience, error) {
					x.Name = label
					return x, nil
				})
				require.NoError(t, err)
				named[label] = aud.ID
			}
			res, err = p.ImportCampaign(ctx, camp.ID, plan.CampaignImport{ActivityIDs: []string{sched.Activities[1].ID}})
			require.NoError(t, err)
			require.Len(t, res.Created, 1)
			assert.Equal(t, domain.StatusScheduled, res.Created[0].Status)
			assert.Equal(t, domain.ReviewApproved, res.Created[0].Review.State)
			// The batch too, while the item matches its activity; one that
			// says something else is not covered.
			a := sched.Activities[2]
			item := domain.Communication{Title: a.Title, ThemeID: c.ThemeID, RawContent: a.Description, ScheduledDate: a.Date,
				SourceCampaignID: camp.ID, SourceActivityID: a.ID, AudienceID: named[a.Audience]}
			changed := item
			changed.Title += " (edited)"
			_, err = p.CreateCommunications(ctx, []domain.Communication{changed})
			require.ErrorAs(t, err, &approval)
			out, err := p.CreateCommunications(ctx, []domain.Communication{item})
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewApproved, out[0].Review.State)

			// Editing the campaign resets its approval.
			title := "Wave 2"
			edited, err := p.UpdateCampaign(ctx, camp.ID, plan.CampaignChange{Title: &title})
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewRequested, edited.Review.State)
		})
	}
}

// TestDecisionCommentInThread: a decision's comment is also a comment of
// the record's thread by the decider, on both backends: its mention
// reaches the mentioned person's inbox, and an unknown mention refuses the
// decision naming comment with nothing stored (no decision, no comment).
func TestDecisionCommentInThread(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			dana, _, err := p.AddPerson(admin, "Dana Reyes", "", "planner")
			require.NoError(t, err)
			ari, _, err := p.AddPerson(admin, "Ari", "", "approver")
			require.NoError(t, err)
			asDana := actor.With(context.Background(), actor.Actor{ID: dana.ID, Name: dana.Name, Role: actor.RolePlanner})
			asAri := actor.With(context.Background(), actor.Actor{ID: ari.ID, Name: ari.Name, Role: actor.RoleApprover})
			c := draft(t, p, st)
			_, err = p.RequestReview(asDana, plan.ReviewCommunication, c.ID, nil, "")
			require.NoError(t, err)

			_, err = p.DecideReview(asAri, plan.ReviewCommunication, c.ID, review.RequestChanges, "ask @Nobody first")
			var in *plan.InputError
			require.ErrorAs(t, err, &in)
			assert.Contains(t, in.Fields["comment"], "@Nobody")
			thread, err := p.Comments(asDana, domain.ThreadCommunication, c.ID)
			require.NoError(t, err)
			assert.Empty(t, thread)
			got, err := st.GetCommunication(acting(), c.ID)
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewRequested, got.Review.State)
			assert.Empty(t, got.Review.Decisions)

			r, err := p.DecideReview(asAri, plan.ReviewCommunication, c.ID, review.RequestChanges, "  @dana.reyes the date\nis wrong ")
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewChangesRequested, r.State)
			thread, err = p.Comments(asDana, domain.ThreadCommunication, c.ID)
			require.NoError(t, err)
			require.Len(t, thread, 1)
			assert.Equal(t, "@dana.reyes the date\nis wrong", thread[0].Text)
			assert.Equal(t, []string{ari.ID, ari.Name}, []string{thread[0].AuthorID, thread[0].AuthorName})
			assert.Equal(t, []string{dana.ID}, thread[0].Mentions)
			inbox, err := p.Inbox(asDana)
			require.NoError(t, err)
			kinds := map[string]string{}
			for _, e := range inbox.Entries {
				kinds[e.Kind] = e.CommentID
			}
			assert.Contains(t, kinds, domain.InboxChangesRequested)
			assert.Equal(t, thread[0].ID, kinds[domain.InboxMention], "the mention opens the decision's comment")

			// An approval without a comment writes nothing in the thread.
			_, err = p.RequestReview(asDana, plan.ReviewCommunication, c.ID, nil, "")
			require.NoError(t, err)
			_, err = p.DecideReview(asAri, plan.ReviewCommunication, c.ID, review.Approve, " ")
			require.NoError(t, err)
			thread, err = p.Comments(asDana, domain.ThreadCommunication, c.ID)
			require.NoError(t, err)
			assert.Len(t, thread, 1)
		})
	}
}

// TestApproverWhoEditedMayNotApprove: an approver who changes what the
// approval covers while the item is under review (the fingerprint follows
// the edit, the round goes on) may not approve that round; another
// approver may. An edit after the approval resets it, and its editor may
// not approve the new round either. On both backends.
func TestApproverWhoEditedMayNotApprove(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st).WithReview(review.Policy{})
			c := draft(t, p, st)
			_, err := p.RequestReview(acting(), plan.ReviewCommunication, c.ID, nil, "")
			require.NoError(t, err)

			edit := func(who, title string) {
				_, err := plan.Update(approverCtx(who), p, plan.Communications, c.ID, func(c domain.Communication) (domain.Communication, error) {
					c.Title = title
					return c, nil
				})
				require.NoError(t, err)
			}
			edit("a1", "Go-live, as a1 wants it")
			_, err = p.DecideReview(approverCtx("a1"), plan.ReviewCommunication, c.ID, review.Approve, "")
			require.ErrorContains(t, err, "someone else must approve")
			got, err := st.GetCommunication(acting(), c.ID)
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewRequested, got.Review.State)
			assert.Empty(t, review.Approvers(got.Review))
			mine, err := p.Reviews(approverCtx("a1"), true)
			require.NoError(t, err)
			assert.Empty(t, mine, "not in a1's reviews to decide")

			// Requesting changes stays open to the editor.
			_, err = p.DecideReview(approverCtx("a2"), plan.ReviewCommunication, c.ID, review.Approve, "")
			require.NoError(t, err)
			got, err = st.GetCommunication(acting(), c.ID)
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewApproved, got.Review.State)
			assert.Empty(t, got.Review.Editors, "an approval clears the round's editors")

			// After the approval: a2's edit resets it, and a2 may not
			// approve again; a1 now may.
			edit("a2", "Go-live, as a2 wants it")
			_, err = p.DecideReview(approverCtx("a2"), plan.ReviewCommunication, c.ID, review.Approve, "")
			require.ErrorContains(t, err, "someone else must approve")
			_, err = p.DecideReview(approverCtx("a1"), plan.ReviewCommunication, c.ID, review.Approve, "")
			require.NoError(t, err)
		})
	}
}

// TestSharedIdentityNeverDecides: with the shared code given the approver
// role and two approvals needed, a person who approves with their own code
// cannot add a second approval with the shared code: the shared identity
// never decides, nor counts as an approver. On both backends.
func TestSharedIdentityNeverDecides(t *testing.T) {
	assert.Equal(t, actor.SharedID, review.SharedID)
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st).WithReview(review.Policy{Approvals: 2})
			c := draft(t, p, st)
			_, err := p.RequestReview(approverCtx("requester"), plan.ReviewCommunication, c.ID, nil, "")
			require.NoError(t, err)
			_, err = p.DecideReview(approverCtx("a1"), plan.ReviewCommunication, c.ID, review.Approve, "")
			require.NoError(t, err)
			shared := actor.With(context.Background(), actor.SharedAs(actor.RoleApprover))
			for _, d := range []string{review.Approve, review.RequestChanges} {
				_, err = p.DecideReview(shared, plan.ReviewCommunication, c.ID, d, "looks fine")
				require.ErrorContains(t, err, "shared access code cannot decide", d)
			}
			got, err := st.GetCommunication(acting(), c.ID)
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewRequested, got.Review.State)
			assert.Equal(t, []string{"a1"}, review.Approvers(got.Review))
			mine, err := p.Reviews(shared, true)
			require.NoError(t, err)
			assert.Empty(t, mine, "the shared identity has no reviews to decide")
		})
	}
}

// TestApprovalCoversItsAudienceAndVehicle: a campaign's approval carries
// over to an imported activity only while the communication goes to the
// audience and through the channel the activity was approved for, on both
// backends and by both ways in (the import and the batch). Remapped to
// another audience, or through a vehicle of another type, it arrives
// requested from the campaign's approvers, and under review.required as a
// draft, never approved and scheduled.
func TestApprovalCoversItsAudienceAndVehicle(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st).WithReview(review.Policy{Required: true})
			draft(t, p, st) // a theme for the import
			camp, sched := savedCampaign(t, p)
			_, err := p.RequestReview(ctx, plan.ReviewCampaign, camp.ID, nil, "")
			require.NoError(t, err)
			_, err = p.DecideReview(approverCtx("a"), plan.ReviewCampaign, camp.ID, review.Approve, "")
			require.NoError(t, err)
			audience := func(name string) string {
				a, err := plan.Create(ctx, p, plan.Audiences, func(x domain.Audience) (domain.Audience, error) {
					x.Name = name
					return x, nil
				})
				require.NoError(t, err)
				return a.ID
			}
			named := map[string]string{}
			for _, a := range sched.Activities {
				if named[a.Audience] == "" {
					named[a.Audience] = audience(a.Audience)
				}
			}
			division := audience("Manufacturing Division")
			other := domain.Vehicle{Name: "Podcast", Type: "podcast"}
			require.NoError(t, st.CreateVehicle(ctx, &other))

			// The import, remapped: every label to the division.
			acts := sched.Activities
			remap := map[string]plan.AudienceTargets{}
			for label := range named {
				remap[label] = plan.AudienceTargets{division}
			}
			res, err := p.ImportCampaign(ctx, camp.ID, plan.CampaignImport{ActivityIDs: []string{acts[0].ID}, AudienceMap: remap})
			require.NoError(t, err)
			require.Len(t, res.Created, 1)
			assert.Equal(t, domain.ReviewRequested, res.Created[0].Review.State)
			assert.Equal(t, domain.StatusDraft, res.Created[0].Status)
			approved, err := st.GetCampaign(ctx, camp.ID)
			require.NoError(t, err)
			assert.Equal(t, approved.Review.Approvers, res.Created[0].Review.Approvers, "asked of the campaign's approvers")
			// Not remapped, the same kind of activity comes in approved.
			res, err = p.ImportCampaign(ctx, camp.ID, plan.CampaignImport{ActivityIDs: []string{acts[1].ID}})
			require.NoError(t, err)
			require.Len(t, res.Created, 1)
			assert.Equal(t, domain.ReviewApproved, res.Created[0].Review.State)

			// The batch: the same kind of activity to another audience, to
			// everyone, or through a vehicle of another channel is not
			// covered; as approved, it is.
			for i, tc := range []struct {
				name             string
				audience         func(campaign.Activity) string
				vehicle          string
				want, wantStatus string
			}{
				{"another audience", func(campaign.Activity) string { return division }, "", domain.ReviewRequested, domain.StatusDraft},
				{"everyone", func(campaign.Activity) string { return "" }, "", domain.ReviewRequested, domain.StatusDraft},
				{"another channel", func(a campaign.Activity) string { return named[a.Audience] }, other.ID, domain.ReviewRequested, domain.StatusDraft},
				{"as approved", func(a campaign.Activity) string { return named[a.Audience] }, "", domain.ReviewApproved, domain.StatusScheduled},
			} {
				a := acts[2+i]
				item := domain.Communication{Title: a.Title, RawContent: a.Description, ScheduledDate: a.Date,
					SourceCampaignID: camp.ID, SourceActivityID: a.ID, AudienceID: tc.audience(a), VehicleID: tc.vehicle,
					Status: tc.wantStatus}
				out, err := p.CreateCommunications(ctx, []domain.Communication{item})
				require.NoError(t, err, tc.name)
				require.Len(t, out, 1, tc.name)
				assert.Equal(t, tc.want, out[0].Review.State, tc.name)
				assert.Equal(t, tc.wantStatus, out[0].Status, tc.name)
			}
		})
	}
}

// TestDecisionClearsRequestNotices: a review-request notice clears (is read)
// when the review it asked for is decided, on both backends: with two
// approvals needed, the first approver's own notice clears at their
// approval and the other's stays; the round's decision clears everyone's.
// A re-request supersedes the earlier round's notices. Other notices (the
// requester's decision notice, mentions) stay unread.
func TestDecisionClearsRequestNotices(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st).WithReview(review.Policy{Approvals: 2})
			dana, _, err := p.AddPerson(admin, "Dana Reyes", "", "planner")
			require.NoError(t, err)
			ari, _, err := p.AddPerson(admin, "Ari Stone", "", "approver")
			require.NoError(t, err)
			bo, _, err := p.AddPerson(admin, "Bo Lind", "", "approver")
			require.NoError(t, err)
			as := func(x domain.Person) context.Context {
				return actor.With(context.Background(), actor.Actor{ID: x.ID, Name: x.Name, Role: actor.Role(x.Role)})
			}
			unread := func(x domain.Person, kind string) int {
				t.Helper()
				page, err := p.Inbox(as(x))
				require.NoError(t, err)
				n := 0
				for _, e := range page.Entries {
					if e.Kind == kind && !e.Read {
						n++
					}
				}
				return n
			}
			c := draft(t, p, st)
			_, err = p.RequestReview(as(dana), plan.ReviewCommunication, c.ID, []string{ari.ID, bo.ID}, "")
			require.NoError(t, err)
			require.Equal(t, 1, unread(ari, domain.InboxReviewRequested))
			require.Equal(t, 1, unread(bo, domain.InboxReviewRequested))

			_, err = p.DecideReview(as(ari), plan.ReviewCommunication, c.ID, review.Approve, "")
			require.NoError(t, err)
			assert.Equal(t, 0, unread(ari, domain.InboxReviewRequested), "the approver's own notice clears")
			assert.Equal(t, 1, unread(bo, domain.InboxReviewRequested), "the other approver still has the work")

			_, err = p.DecideReview(as(bo), plan.ReviewCommunication, c.ID, review.Approve, "")
			require.NoError(t, err)
			assert.Equal(t, 0, unread(bo, domain.InboxReviewRequested))
			assert.Equal(t, 2, unread(dana, domain.InboxApproved), "the requester's decision notices stay")

			// A new round: its notice is unread; a request for changes by one
			// approver decides the round and clears the other's notice too.
			_, err = p.RequestReview(as(dana), plan.ReviewCommunication, c.ID, []string{ari.ID, bo.ID}, "")
			require.NoError(t, err)
			require.Equal(t, 1, unread(bo, domain.InboxReviewRequested))
			_, err = p.DecideReview(as(ari), plan.ReviewCommunication, c.ID, review.RequestChanges, "@Dana.Reyes name the date")
			require.NoError(t, err)
			assert.Equal(t, 0, unread(ari, domain.InboxReviewRequested))
			assert.Equal(t, 0, unread(bo, domain.InboxReviewRequested), "a decided round clears everyone's notice")
			assert.Equal(t, 1, unread(dana, domain.InboxMention))

			// Two re-requests before a decision: only the latest notice is unread.
			_, err = p.RequestReview(as(dana), plan.ReviewCommunication, c.ID, []string{bo.ID}, "")
			require.NoError(t, err)
			_, err = p.RequestReview(as(dana), plan.ReviewCommunication, c.ID, []string{bo.ID}, "")
			require.NoError(t, err)
			assert.Equal(t, 1, unread(bo, domain.InboxReviewRequested))
		})
	}
}

// TestReRequestKeepsApproversAndDueDate: a request that leaves approvers
// and due date out (nil) keeps the previous round's, on both backends;
// an empty list asks any approver and an empty date clears it.
func TestReRequestKeepsApproversAndDueDate(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			dana, _, err := p.AddPerson(admin, "Dana Reyes", "", "planner")
			require.NoError(t, err)
			ari, _, err := p.AddPerson(admin, "Ari Stone", "", "approver")
			require.NoError(t, err)
			asDana := actor.With(context.Background(), actor.Actor{ID: dana.ID, Name: dana.Name, Role: actor.RolePlanner})
			asAri := actor.With(context.Background(), actor.Actor{ID: ari.ID, Name: ari.Name, Role: actor.RoleApprover})
			c := draft(t, p, st)
			due := "2031-02-20"
			_, err = p.AskReview(asDana, plan.ReviewCommunication, c.ID, plan.ReviewAsk{Approvers: []string{ari.ID}, DueDate: &due})
			require.NoError(t, err)
			_, err = p.DecideReview(asAri, plan.ReviewCommunication, c.ID, review.RequestChanges, "Name the date")
			require.NoError(t, err)

			r, err := p.AskReview(asDana, plan.ReviewCommunication, c.ID, plan.ReviewAsk{})
			require.NoError(t, err)
			assert.Equal(t, domain.ReviewRequested, r.State)
			assert.Equal(t, []domain.Ref{{ID: ari.ID, Name: ari.Name}}, r.Approvers)
			assert.Equal(t, due, r.DueDate)
			assert.Equal(t, 2, r.Round)
			got, err := st.GetCommunication(acting(), c.ID)
			require.NoError(t, err)
			assert.Equal(t, r.Approvers, got.Review.Approvers, "stored as answered")

			none := ""
			r, err = p.AskReview(asDana, plan.ReviewCommunication, c.ID, plan.ReviewAsk{Approvers: []string{}, DueDate: &none})
			require.NoError(t, err)
			assert.Empty(t, r.Approvers, "[] asks any approver")
			assert.Empty(t, r.DueDate)

			bad := "soon"
			_, err = p.AskReview(asDana, plan.ReviewCommunication, c.ID, plan.ReviewAsk{DueDate: &bad})
			var in *plan.InputError
			require.ErrorAs(t, err, &in)
			assert.Contains(t, in.Fields, "dueDate")
		})
	}
}

// TestReviewRequestRecordsApprovers: a request's audit entry names whom it
// asked, by name, and its due date; a request of any approver records an
// empty list. On both backends.
func TestReviewRequestRecordsApprovers(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			dana, _, err := p.AddPerson(admin, "Dana Reyes", "", "planner")
			require.NoError(t, err)
			arjun, _, err := p.AddPerson(admin, "Arjun Rao", "", "approver")
			require.NoError(t, err)
			asDana := actor.With(context.Background(), actor.Actor{ID: dana.ID, Name: dana.Name, Role: actor.RolePlanner})
			c := draft(t, p, st)

			_, err = p.RequestReview(asDana, plan.ReviewCommunication, c.ID, []string{arjun.ID}, "2031-03-02")
			require.NoError(t, err)
			_, err = p.RequestReview(asDana, plan.ReviewCommunication, c.ID, nil, "")
			require.NoError(t, err)

			history, err := p.History(asDana, plan.ReviewCommunication, c.ID)
			require.NoError(t, err)
			var requests []map[string]any
			for _, e := range history {
				if e.Action != plan.ActionReviewRequested {
					continue
				}
				var ch map[string]map[string]any
				require.NoError(t, json.Unmarshal(e.Changes, &ch))
				requests = append(requests, map[string]any{"approvers": ch["approvers"]["after"], "dueDate": ch["dueDate"]["after"], "by": e.ActorName})
			}
			// Newest first.
			assert.Equal(t, []map[string]any{
				{"approvers": []any{}, "dueDate": nil, "by": "Dana Reyes"},
				{"approvers": []any{"Arjun Rao"}, "dueDate": "2031-03-02", "by": "Dana Reyes"},
			}, requests)
		})
	}
}

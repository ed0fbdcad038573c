package plan_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// published records the events a Publisher got.
type published struct {
	mu     sync.Mutex
	events []plan.Event
}

func (p *published) Publish(_ context.Context, ev plan.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, ev)
}

// TestComments: the thread of a communication and of a campaign on both
// backends: line breaks kept, replies, mentions into the inbox and to the
// publisher after commit, unknown mentions and empty text refused with
// nothing stored, the author's 15 minutes (on a moved clock), and every
// version in the audit trail.
func TestComments(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			clock := time.Date(2031, 3, 4, 9, 0, 0, 0, time.UTC)
			pub := &published{}
			p := plan.New(st).WithClock(func() time.Time { return clock }).WithPublisher(pub)

			dana, _, err := p.AddPerson(admin, "Dana Reyes", "", "planner")
			require.NoError(t, err)
			ari, _, err := p.AddPerson(admin, "Ari", "", "approver")
			require.NoError(t, err)
			asDana := actor.With(context.Background(), actor.Actor{ID: dana.ID, Name: dana.Name, Role: actor.RolePlanner})
			asAri := actor.With(context.Background(), actor.Actor{ID: ari.ID, Name: ari.Name, Role: actor.RoleApprover})

			comm := domain.Communication{Title: "Go-live letter", Status: "draft", SelectedQuestions: []string{}}
			require.NoError(t, st.CreateCommunication(asDana, &comm))
			camp := domain.Campaign{Title: "Wave 1", Schedule: json.RawMessage(`[]`), GeographicFilters: []string{}}
			require.NoError(t, st.CreateCampaign(asDana, &camp))

			first, err := p.AddComment(asDana, domain.ThreadCommunication, comm.ID, "  @Ari please check\n\nthe <b>date</b>  ", "")
			require.NoError(t, err)
			assert.Equal(t, "@Ari please check\n\nthe <b>date</b>", first.Text)
			assert.Equal(t, []string{ari.ID}, first.Mentions)
			assert.Equal(t, dana.Name, first.AuthorName)
			assert.Equal(t, clock, first.CreatedAt)

			clock = clock.Add(time.Minute)
			reply, err := p.AddComment(asAri, domain.ThreadCommunication, comm.ID, "Looks fine, @dana.reyes", first.ID)
			require.NoError(t, err)
			assert.Equal(t, first.ID, reply.ReplyTo)

			// Refusals store nothing.
			_, err = p.AddComment(asAri, domain.ThreadCommunication, comm.ID, " \n ", "")
			var fields domain.FieldErrors
			require.ErrorAs(t, err, &fields)
			assert.Equal(t, "is required", fields["text"])
			_, err = p.AddComment(asAri, domain.ThreadCommunication, comm.ID, "ask @Nobody and @Dana", "")
			var in *plan.InputError
			require.ErrorAs(t, err, &in)
			assert.Contains(t, in.Fields["text"], "@Nobody")
			_, err = p.AddComment(asAri, domain.ThreadCampaign, camp.ID, "wrong thread", first.ID)
			require.ErrorAs(t, err, &in)
			assert.Contains(t, in.Fields, "replyTo")
			_, err = p.AddComment(asAri, domain.ThreadCommunication, "missing", "hello", "")
			require.ErrorIs(t, err, store.ErrNotFound)
			_, err = p.AddComment(actor.With(context.Background(), actor.Actor{ID: "v", Name: "V", Role: actor.RoleViewer}),
				domain.ThreadCommunication, comm.ID, "hello", "")
			var denied *actor.DeniedError
			require.ErrorAs(t, err, &denied)

			thread, err := p.Comments(asAri, domain.ThreadCommunication, comm.ID)
			require.NoError(t, err)
			require.Len(t, thread, 2)
			assert.Equal(t, []string{first.ID, reply.ID}, []string{thread[0].ID, thread[1].ID})
			_, err = p.Comments(asAri, domain.ThreadCampaign, comm.ID)
			require.ErrorIs(t, err, store.ErrNotFound)

			// Each mentioned person's inbox, never the author's own.
			inbox, err := p.Inbox(asAri)
			require.NoError(t, err)
			require.Len(t, inbox.Entries, 1)
			assert.Equal(t, 1, inbox.Unread)
			e := inbox.Entries[0]
			assert.Equal(t, domain.InboxMention, e.Kind)
			assert.Equal(t, []string{domain.ThreadCommunication, comm.ID, "Go-live letter", dana.Name, first.ID},
				[]string{e.EntityType, e.EntityID, e.Title, e.ActorName, e.CommentID})
			unread, err := p.MarkInboxRead(asDana, []string{e.ID})
			require.NoError(t, err)
			assert.Equal(t, 1, unread, "Dana cannot mark Ari's entry; Dana's own stays unread")
			unread, err = p.MarkInboxRead(asAri, nil)
			require.NoError(t, err)
			assert.Equal(t, 0, unread)
			shared, err := p.Inbox(acting())
			require.NoError(t, err)
			assert.Empty(t, shared.Entries, "the shared identity has no inbox")

			pub.mu.Lock()
			require.Len(t, pub.events, 2)
			assert.Equal(t, []string{ari.ID}, pub.events[0].Recipients)
			assert.Equal(t, []string{"Ari"}, pub.events[0].RecipientNames)
			assert.Equal(t, dana.ID, pub.events[0].Actor.ID)
			pub.mu.Unlock()

			// The author's 15 minutes.
			_, err = p.EditComment(asAri, first.ID, "mine now")
			var notAuthor *plan.NotAuthorError
			require.ErrorAs(t, err, &notAuthor)
			clock = clock.Add(13 * time.Minute)
			edited, err := p.EditComment(asDana, first.ID, "@Ari please check the date")
			require.NoError(t, err)
			require.NotNil(t, edited.EditedAt)
			assert.Equal(t, clock, *edited.EditedAt)
			inbox, err = p.Inbox(asAri)
			require.NoError(t, err)
			assert.Len(t, inbox.Entries, 1, "an edit tells only the newly mentioned")
			_, err = p.EditComment(asDana, first.ID, "")
			require.ErrorAs(t, err, &fields)
			clock = clock.Add(2 * time.Minute)
			_, err = p.EditComment(asDana, first.ID, "too late")
			require.ErrorIs(t, err, store.ErrConflict)
			var closed *plan.EditWindowError
			require.ErrorAs(t, err, &closed)
			require.ErrorIs(t, p.DeleteComment(asDana, first.ID), store.ErrConflict)
			require.NoError(t, p.DeleteComment(asAri, reply.ID), "Ari's reply, a minute younger, still may")

			// Deleting the parent clears the replies' reply-to.
			c2, err := p.AddComment(asDana, domain.ThreadCampaign, camp.ID, "campaign note", "")
			require.NoError(t, err)
			r2, err := p.AddComment(asAri, domain.ThreadCampaign, camp.ID, "answer", c2.ID)
			require.NoError(t, err)
			require.NoError(t, p.DeleteComment(asDana, c2.ID))
			got, err := p.CommentOf(asAri, domain.ThreadCampaign, camp.ID, r2.ID)
			require.NoError(t, err)
			assert.Empty(t, got.ReplyTo)
			_, err = p.CommentOf(asAri, domain.ThreadCommunication, comm.ID, r2.ID)
			require.ErrorIs(t, err, store.ErrNotFound, "another thread's comment")

			// The audit trail keeps every version, on the communication.
			hist, err := p.History(asAri, domain.ThreadCommunication, comm.ID)
			require.NoError(t, err)
			var texts []string
			for _, a := range hist {
				var ch store.Changes
				if a.Action == domain.ActionCreated {
					continue
				}
				require.NoError(t, json.Unmarshal(a.Changes, &ch), a.Action)
				texts = append(texts, a.Action+": "+str(ch["text"].Before)+" → "+str(ch["text"].After)+" by "+a.ActorName)
				assert.NotEmpty(t, ch["commentId"].After)
			}
			assert.Equal(t, []string{
				"comment_deleted: Looks fine, @dana.reyes →  by Ari",
				"comment_edited: @Ari please check\n\nthe <b>date</b> → @Ari please check the date by Dana Reyes",
				"commented:  → Looks fine, @dana.reyes by Ari",
				"commented:  → @Ari please check\n\nthe <b>date</b> by Dana Reyes",
			}, texts)

			// A deleted record takes its thread and its inbox entries along.
			require.NoError(t, st.DeleteCommunication(asDana, comm.ID))
			inbox, err = p.Inbox(asDana)
			require.NoError(t, err)
			for _, e := range inbox.Entries {
				assert.NotEqual(t, comm.ID, e.EntityID)
			}
		})
	}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// TestAdminRemovesAnyComment: another planner may not delete a comment,
// an admin may, at any time: it stays in its thread saying "Removed by an
// admin" with its mentions gone, and its text is kept in the audit trail
// only (a viewer's History of the record does not show it; an approver's
// audit trail does). An admin's own comment within the window is deleted
// as any author's. On both backends.
func TestAdminRemovesAnyComment(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			terminal := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			clock := time.Date(2031, 3, 4, 9, 0, 0, 0, time.UTC)
			p := plan.New(st).WithClock(func() time.Time { return clock })
			dana, _, err := p.AddPerson(terminal, "Dana Reyes", "", "planner")
			require.NoError(t, err)
			kim, _, err := p.AddPerson(terminal, "Kim", "", "planner")
			require.NoError(t, err)
			ada, _, err := p.AddPerson(terminal, "Ada", "", "admin")
			require.NoError(t, err)
			as := func(pr domain.Person) context.Context {
				return actor.With(context.Background(), actor.Actor{ID: pr.ID, Name: pr.Name, Role: actor.Role(pr.Role)})
			}
			comm := domain.Communication{Title: "Go-live letter", Status: "draft", SelectedQuestions: []string{}}
			require.NoError(t, st.CreateCommunication(as(dana), &comm))
			bad, err := p.AddComment(as(dana), domain.ThreadCommunication, comm.ID, "Something abusive about @Kim", "")
			require.NoError(t, err)

			var notAuthor *plan.NotAuthorError
			require.ErrorAs(t, p.DeleteComment(as(kim), bad.ID), &notAuthor, "another planner may not")

			clock = clock.Add(2 * time.Hour) // past the author's window: an admin still may
			require.NoError(t, p.DeleteComment(as(ada), bad.ID))
			got, err := st.GetComment(context.Background(), bad.ID)
			require.NoError(t, err, "the comment keeps its place in the thread")
			assert.Equal(t, "Removed by an admin", got.Text)
			assert.Empty(t, got.Mentions)

			entries, err := p.AuditTrail(terminal, store.AuditFilter{Action: store.ActionCommentRemoved, Limit: 10})
			require.NoError(t, err)
			require.Len(t, entries, 1)
			assert.Equal(t, ada.ID, entries[0].ActorID)
			assert.Contains(t, string(entries[0].Changes), "Something abusive")

			viewer := actor.With(context.Background(), actor.Actor{ID: "v", Name: "Vi", Role: actor.RoleViewer})
			hist, err := p.History(viewer, domain.ThreadCommunication, comm.ID)
			require.NoError(t, err)
			for _, e := range hist {
				assert.NotContains(t, string(e.Changes), "Something abusive", "%s: the removed text is the audit trail's alone", e.Action)
			}
			thread, err := st.ListComments(context.Background(), domain.ThreadCommunication, comm.ID)
			require.NoError(t, err)
			for _, c := range thread {
				assert.NotContains(t, c.Text, "abusive")
			}
			inbox, err := p.Inbox(as(kim))
			require.NoError(t, err)
			require.NotEmpty(t, inbox.Entries, "Kim was mentioned")
			for _, e := range inbox.Entries {
				assert.NotContains(t, e.Excerpt, "abusive", "the inbox no longer quotes it")
			}

			own, err := p.AddComment(as(ada), domain.ThreadCommunication, comm.ID, "Mine", "")
			require.NoError(t, err)
			require.NoError(t, p.DeleteComment(as(ada), own.ID))
			_, err = st.GetComment(context.Background(), own.ID)
			assert.ErrorIs(t, err, store.ErrNotFound, "an admin's own comment in the window is deleted")
		})
	}
}

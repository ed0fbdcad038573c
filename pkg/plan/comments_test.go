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

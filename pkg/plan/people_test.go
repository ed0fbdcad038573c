package plan_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestPeople: the people use cases on both backends: the first admin, the
// bad-input rules (blank name, unknown role, the last admin), codes kept
// only as hashes, and a new code or a removal ending the sessions.
func TestPeople(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)

			_, err := p.People(acting())
			var denied *actor.DeniedError
			require.ErrorAs(t, err, &denied, "the shared planner may not manage people")
			assert.Equal(t, actor.PeopleManage, denied.Permission)

			admin, adminCode, created, err := p.EnsureAdmin(ctx)
			require.NoError(t, err)
			require.True(t, created)
			assert.Equal(t, "admin", admin.Role)
			_, _, created, err = p.EnsureAdmin(ctx)
			require.NoError(t, err)
			assert.False(t, created, "only when there is nobody")
			got, err := st.GetPersonByCodeHash(ctx, access.PersonalCodeHash(adminCode))
			require.NoError(t, err)
			assert.Equal(t, admin.ID, got.ID)

			_, _, err = p.AddPerson(ctx, "  ", "not-an-email", "editor")
			var fields domain.FieldErrors
			require.ErrorAs(t, err, &fields)
			assert.Equal(t, domain.FieldErrors{"name": "is required", "email": "must be an email address",
				"role": "must be one of viewer, planner, approver, admin"}, fields)

			dana, code, err := p.AddPerson(ctx, " Dana Reyes ", "dana@example.com", "Viewer")
			require.NoError(t, err)
			assert.Equal(t, "Dana Reyes", dana.Name)
			assert.Equal(t, "viewer", dana.Role)
			assert.Regexp(t, `^CPP-`, code)

			// The last admin can be neither demoted nor removed.
			_, err = p.UpdatePerson(ctx, admin.ID, plan.PersonChange{Role: ptr("planner")})
			var in *plan.InputError
			require.ErrorAs(t, err, &in)
			assert.Contains(t, in.Fields, "role")
			err = p.RemovePerson(ctx, admin.ID)
			require.ErrorAs(t, err, &in)
			assert.Contains(t, in.Fields, "id")

			dana, err = p.UpdatePerson(ctx, dana.ID, plan.PersonChange{Role: ptr("admin"), Email: ptr("")})
			require.NoError(t, err)
			assert.Equal(t, "admin", dana.Role)
			assert.Empty(t, dana.Email)
			_, err = p.UpdatePerson(ctx, admin.ID, plan.PersonChange{Role: ptr("planner")})
			require.NoError(t, err, "with a second admin the first may step down")

			found, err := p.FindPerson(ctx, "dana reyes")
			require.NoError(t, err)
			assert.Equal(t, dana.ID, found.ID)
			_, err = p.FindPerson(ctx, "nobody")
			require.ErrorIs(t, err, store.ErrNotFound)

			// Sessions: listed and ended one by one; a new code ends them; a
			// removal ends them and the person.
			open := func(id string) {
				t.Helper()
				at := time.Now()
				require.NoError(t, st.CreatePersonSession(ctx, domain.PersonSession{ID: id, PersonID: dana.ID,
					CreatedAt: at, LastSeenAt: at, ExpiresAt: at.Add(time.Hour)}))
			}
			open("s1")
			open("s2")
			who, sess, err := st.PersonOfSession(ctx, "s1", time.Now())
			require.NoError(t, err)
			assert.Equal(t, dana.ID, who.ID)
			assert.Equal(t, "s1", sess.ID)
			assert.Equal(t, 2, who.ActiveSessions)
			_, _, err = st.PersonOfSession(ctx, "s1", time.Now().Add(2*time.Hour))
			require.ErrorIs(t, err, store.ErrNotFound, "past its end a session does not hold")
			open("s0")
			sessions, err := p.PersonSessions(ctx, dana.ID)
			require.NoError(t, err)
			require.Len(t, sessions, 3)
			assert.Equal(t, "s0", sessions[0].ID, "the most recently seen first")
			require.NoError(t, p.EndSession(ctx, "s0"))
			require.ErrorIs(t, p.EndSession(ctx, "s0"), store.ErrNotFound)
			entries, err := st.ListAudit(ctx, store.AuditFilter{Action: store.ActionSessionEnded, Limit: 10})
			require.NoError(t, err)
			require.Len(t, entries, 1)
			assert.Equal(t, dana.ID, entries[0].EntityID)
			assert.Equal(t, actor.Terminal.Name, entries[0].ActorName)
			_, err = p.PersonSessions(acting(), dana.ID)
			require.ErrorAs(t, err, &denied)
			require.ErrorAs(t, p.EndSession(acting(), "s1"), &denied)
			newCode, err := p.NewPersonCode(ctx, dana.ID)
			require.NoError(t, err)
			assert.NotEqual(t, code, newCode)
			_, _, err = st.PersonOfSession(ctx, "s1", time.Now())
			require.ErrorIs(t, err, store.ErrNotFound, "a new code ends the sessions")
			_, err = st.GetPersonByCodeHash(ctx, access.PersonalCodeHash(code))
			require.ErrorIs(t, err, store.ErrNotFound, "and the old code")

			open("s3")
			n, err := p.SignOutPerson(ctx, dana.ID)
			require.NoError(t, err)
			assert.Equal(t, 1, n)
			open("s4")
			_, err = p.UpdatePerson(ctx, admin.ID, plan.PersonChange{Role: ptr("admin")})
			require.NoError(t, err)
			require.NoError(t, p.RemovePerson(ctx, dana.ID))
			_, _, err = st.PersonOfSession(ctx, "s4", time.Now())
			require.ErrorIs(t, err, store.ErrNotFound)
			people, err := p.People(ctx)
			require.NoError(t, err)
			require.Len(t, people, 1)
			assert.Equal(t, admin.ID, people[0].ID)
		})
	}
}

// TestViewerChangesNothing: the use cases refuse a viewer's write
// themselves, whoever calls them.
func TestViewerChangesNothing(t *testing.T) {
	st := storetest.Open(t, storetest.Backends[0].DSN(t))
	viewer := actor.With(context.Background(), actor.Actor{ID: "v", Name: "V", Role: actor.RoleViewer})
	_, err := plan.Create(viewer, plan.New(st), plan.Themes, func(th domain.Theme) (domain.Theme, error) {
		th.Name = "No"
		return th, nil
	})
	var denied *actor.DeniedError
	require.ErrorAs(t, err, &denied)
	assert.Equal(t, actor.PlanEdit, denied.Permission)
}

// TestSignOnPerson: a sign-on finds the person linked to its issuer and
// subject, else adds one with the role it is given, else refuses; the name
// falls back to the email, an odd email is dropped, and a removal unlinks.
func TestSignOnPerson(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			id := plan.Identity{Issuer: "https://idp.example", Subject: "s-1", Email: "ann@example.com"}

			_, _, err := p.SignOnPerson(ctx, id, "", false)
			require.ErrorIs(t, err, plan.ErrNoAccess)

			ann, created, err := p.SignOnPerson(ctx, id, actor.RolePlanner, false)
			require.NoError(t, err)
			assert.True(t, created)
			assert.Equal(t, "ann@example.com", ann.Name, "no name claim: the email")
			assert.Equal(t, "planner", ann.Role)

			again, created, err := p.SignOnPerson(ctx, plan.Identity{Issuer: id.Issuer, Subject: id.Subject, Name: "Ann"}, actor.RolePlanner, false)
			require.NoError(t, err)
			assert.False(t, created)
			assert.Equal(t, ann.ID, again.ID, "matched by issuer and subject")
			assert.Equal(t, "ann@example.com", again.Name, "kept as it was")

			other, created, err := p.SignOnPerson(ctx, plan.Identity{Issuer: "https://other.example", Subject: "s-1", Name: "Not Ann",
				Email: "not an email"}, actor.RoleViewer, false)
			require.NoError(t, err)
			assert.True(t, created, "the same subject at another issuer is someone else")
			assert.NotEqual(t, ann.ID, other.ID)
			assert.Empty(t, other.Email, "an odd email claim is dropped, not a refusal")

			require.NoError(t, p.RemovePerson(actor.With(ctx, actor.Terminal), ann.ID))
			_, err = st.GetPersonByIdentity(ctx, id.Issuer, id.Subject)
			require.ErrorIs(t, err, store.ErrNotFound)
			_, _, err = p.SignOnPerson(ctx, id, "", false)
			require.ErrorIs(t, err, plan.ErrNoAccess, "removed, and no role admits them again")
		})
	}
}

// TestFeedOwners: a calendar feed belongs to whoever created it; another
// planner may not revoke it, an admin may; removing the person revokes
// their feeds, each with its audit entry, and leaves the others'.
func TestFeedOwners(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			as := func(name string) (domain.Person, context.Context) {
				t.Helper()
				x, _, err := p.AddPerson(admin, name, "", "planner")
				require.NoError(t, err)
				return x, actor.With(context.Background(), actor.Actor{ID: x.ID, Name: x.Name, Role: actor.RolePlanner})
			}
			dana, danaCtx := as("Dana Reyes")
			_, erinCtx := as("Erin")
			feed := func(ctx context.Context, name string) domain.CalendarFeed {
				t.Helper()
				f, _, err := p.CreateCalendarFeed(ctx, func(f domain.CalendarFeed) (domain.CalendarFeed, error) {
					f.Name = name
					return f, nil
				})
				require.NoError(t, err)
				return f
			}
			mine, kept := feed(danaCtx, "Dana's"), feed(erinCtx, "Erin's")
			assert.Equal(t, dana.ID, mine.OwnerID)
			got, err := st.GetCalendarFeed(admin, mine.ID)
			require.NoError(t, err)
			assert.Equal(t, "Dana Reyes", got.OwnerName)

			var denied *actor.DeniedError
			require.ErrorAs(t, plan.Delete(erinCtx, p, plan.CalendarFeeds, mine.ID), &denied, "not Erin's feed")
			assert.Equal(t, actor.FeedsManage, denied.Permission)
			require.NoError(t, plan.Delete(danaCtx, p, plan.CalendarFeeds, mine.ID), "her own")
			other := feed(danaCtx, "Dana's second")
			require.NoError(t, plan.Delete(admin, p, plan.CalendarFeeds, other.ID), "an admin manages anyone's")

			first, second := feed(danaCtx, "Dana's third"), feed(danaCtx, "Dana's fourth")
			require.NoError(t, p.RemovePerson(admin, dana.ID))
			feeds, err := st.ListCalendarFeeds(admin)
			require.NoError(t, err)
			require.Len(t, feeds, 1, "removing Dana revoked her feeds, not Erin's")
			assert.Equal(t, kept.ID, feeds[0].ID)
			for _, f := range []domain.CalendarFeed{first, second} {
				entries, err := st.ListAudit(admin, store.AuditFilter{EntityType: "calendar_feed", EntityID: f.ID, Action: domain.ActionDeleted, Limit: 10})
				require.NoError(t, err)
				require.Len(t, entries, 1)
				assert.Equal(t, actor.Terminal.Name, entries[0].ActorName)
			}
		})
	}
}

// TestOwnSessions: a person lists their own sessions with the current one
// marked and ends another of them; another person's session is refused
// naming people.manage, which an admin has; the shared identity has no
// personal sessions (bad input naming session); an ended session is
// not found.
func TestOwnSessions(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			term := actor.With(context.Background(), actor.Terminal)
			dana, _, err := p.AddPerson(term, "Dana Reyes", "", "viewer")
			require.NoError(t, err)
			ed, _, err := p.AddPerson(term, "Ed Evans", "", "planner")
			require.NoError(t, err)
			now := time.Now()
			for id, person := range map[string]string{"d-laptop": dana.ID, "d-phone": dana.ID, "e-1": ed.ID} {
				require.NoError(t, st.CreatePersonSession(term, domain.PersonSession{ID: id, PersonID: person, CreatedAt: now,
					LastSeenAt: now, ExpiresAt: now.Add(time.Hour), UserAgent: "UA " + id}))
			}
			danaCtx := actor.With(context.Background(), actor.Actor{ID: dana.ID, Name: dana.Name, Role: actor.RoleViewer})

			own, err := p.OwnSessions(danaCtx, "d-laptop")
			require.NoError(t, err)
			require.Len(t, own, 2)
			current := map[string]bool{}
			for _, s := range own {
				current[s.ID] = s.Current
				assert.Equal(t, "UA "+s.ID, s.UserAgent)
			}
			assert.Equal(t, map[string]bool{"d-laptop": true, "d-phone": false}, current)

			err = p.EndSession(danaCtx, "e-1")
			var denied *actor.DeniedError
			require.ErrorAs(t, err, &denied, "another person's session")
			assert.Equal(t, actor.PeopleManage, denied.Permission)
			require.NoError(t, p.EndSession(danaCtx, "d-phone"))
			own, err = p.OwnSessions(danaCtx, "d-laptop")
			require.NoError(t, err)
			require.Len(t, own, 1)
			assert.ErrorIs(t, p.EndSession(danaCtx, "d-phone"), store.ErrNotFound, "already ended")
			require.NoError(t, p.EndSession(term, "e-1"), "an admin ends anyone's")

			_, err = p.OwnSessions(acting(), "")
			var bad *plan.InputError
			require.ErrorAs(t, err, &bad, "the shared identity")
			assert.Contains(t, bad.Fields, "session")
			_, err = p.OwnSessions(context.Background(), "")
			assert.ErrorIs(t, err, actor.ErrNone)
		})
	}
}

// TestDisplayNamesAreDistinct: comments, mentions, the inbox, reviews and
// the audit trail name people by their display name, so no two people show
// the same one, and none shows an identity that is no person. An admin may
// not name someone "Administrator" or "Shared access"; a provider's
// "Administrator" becomes "Administrator (its email's domain)"; a name
// someone has already gets the email's domain, else a number; a rename
// likewise. On both backends.
func TestDisplayNamesAreDistinct(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			_, _, _, err := p.EnsureAdmin(ctx)
			require.NoError(t, err)

			for _, reserved := range []string{"Administrator", "shared access", "Command line"} {
				_, _, err := p.AddPerson(ctx, reserved, "", "viewer")
				var in *plan.InputError
				require.ErrorAs(t, err, &in, reserved)
				assert.Contains(t, in.Fields, "name")
			}

			fake, _, err := p.SignOnPerson(context.Background(), plan.Identity{Issuer: "https://idp.example", Subject: "s-1",
				Name: "Administrator", Email: "boss@evil.example"}, actor.RoleViewer, false)
			require.NoError(t, err)
			assert.Equal(t, "Administrator (evil.example)", fake.Name)

			ann, _, err := p.AddPerson(ctx, "Ann Lee", "ann@a.example", "planner")
			require.NoError(t, err)
			assert.Equal(t, "Ann Lee", ann.Name)
			second, _, err := p.AddPerson(ctx, "ann lee", "", "planner")
			require.NoError(t, err)
			assert.Equal(t, "ann lee (2)", second.Name)
			third, _, err := p.SignOnPerson(context.Background(), plan.Identity{Issuer: "https://idp.example", Subject: "s-2",
				Name: "Ann Lee", Email: "ann@b.example"}, actor.RolePlanner, false)
			require.NoError(t, err)
			assert.Equal(t, "Ann Lee (b.example)", third.Name)
			kim, _, err := p.AddPerson(ctx, "Kim", "kim@a.example", "planner")
			require.NoError(t, err)
			kim, err = p.UpdatePerson(ctx, kim.ID, plan.PersonChange{Name: ptr("Ann Lee")})
			require.NoError(t, err)
			assert.Equal(t, "Ann Lee (a.example)", kim.Name)

			people, err := p.People(ctx)
			require.NoError(t, err)
			seen := map[string]bool{}
			for _, x := range people {
				key := strings.ToLower(x.Name)
				assert.False(t, seen[key], "%s shown twice", x.Name)
				seen[key] = true
			}

			// Where the name appears: a comment's author, a mention.
			comm := domain.Communication{Title: "Go-live", Status: "draft", SelectedQuestions: []string{}}
			require.NoError(t, st.CreateCommunication(ctx, &comm))
			asThird := actor.With(context.Background(), actor.Actor{ID: third.ID, Name: third.Name, Role: actor.RolePlanner})
			c, err := p.AddComment(asThird, domain.ThreadCommunication, comm.ID, "@Ann Lee please look", "")
			require.NoError(t, err)
			assert.Equal(t, "Ann Lee (b.example)", c.AuthorName)
			assert.Equal(t, []string{ann.ID}, c.Mentions, "@Ann Lee is the one Ann Lee")
		})
	}
}

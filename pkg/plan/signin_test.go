package plan_test

import (
	"context"
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

// TestTheGateWritesThroughPlan: signing in and out, a refusal and a change
// of the access codes each write their rows and exactly one audit entry,
// as the person it concerns; a sign-in whose session cannot be stored
// records nothing.
func TestTheGateWritesThroughPlan(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			admin := actor.With(context.Background(), actor.Terminal)
			p := plan.New(st)
			person, _, err := p.AddPerson(admin, "Dana Reyes", "dana@example.com", "planner")
			require.NoError(t, err)
			who := actor.Actor{ID: person.ID, Name: person.Name, Role: actor.RolePlanner}
			ctx := context.Background()
			entries := func(action string) []domain.Activity {
				t.Helper()
				list, err := st.ListAudit(admin, store.AuditFilter{EntityType: "session", Action: action, Limit: 100})
				require.NoError(t, err)
				return list
			}

			now := time.Now().UTC().Truncate(time.Second)
			row := domain.PersonSession{ID: "s-1", PersonID: person.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
			require.NoError(t, p.SignIn(ctx, who, &row))
			in := entries(store.ActionSignIn)
			require.Len(t, in, 1)
			assert.Equal(t, person.ID, in[0].ActorID)
			sessions, err := st.ListPersonSessions(ctx, person.ID)
			require.NoError(t, err)
			assert.Len(t, sessions, 1)

			other := domain.PersonSession{ID: "s-2", PersonID: "no-such-person", CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
			assert.Error(t, p.SignIn(ctx, actor.Actor{ID: "no-such-person", Name: "Nobody"}, &other))
			assert.Len(t, entries(store.ActionSignIn), 1, "a session not stored is no sign-in")

			require.NoError(t, p.SignOut(ctx, who, row.ID))
			assert.Len(t, entries(store.ActionSignOut), 1)
			sessions, err = st.ListPersonSessions(ctx, person.ID)
			require.NoError(t, err)
			assert.Empty(t, sessions)

			require.NoError(t, p.RefuseSignIn(ctx, actor.Actor{ID: "anonymous", Name: "Unknown"}, "203.0.113.9"))
			assert.Len(t, entries(store.ActionSignInRefused), 1)

			rotated, err := p.RotateAccessCodes(admin, "fp-1", now, "test")
			require.NoError(t, err)
			assert.False(t, rotated, "the first start only records the codes")
			_, err = p.RotateAccessCodes(ctx, "fp-2", now, "test")
			assert.ErrorIs(t, err, actor.ErrNone, "no actor: refused, and nothing changed")
			rotated, err = p.RotateAccessCodes(admin, "fp-2", now, "test")
			require.NoError(t, err)
			assert.True(t, rotated)
			rotated, err = p.RotateAccessCodes(admin, "fp-2", now, "test")
			require.NoError(t, err)
			assert.False(t, rotated)
		})
	}
}

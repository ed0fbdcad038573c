package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// terminal is the context of an operator at the command line (an admin).
func terminal() context.Context { return actor.With(context.Background(), actor.Terminal) }

// signInAs opens a session in a new browser of ts with code and answers it.
func (ts *testServer) signInAs(code string) *testServer {
	ts.t.Helper()
	b := ts.browser()
	b.json("POST", "/api/session", map[string]string{"code": code}, http.StatusOK, nil)
	return b
}

// personAs adds a person with role from the command line and answers them
// with a browser of ts signed in as them.
func (ts *testServer) personAs(name, role string) (domain.Person, *testServer) {
	ts.t.Helper()
	person, code, err := plan.New(ts.Store).AddPerson(terminal(), name, "", role)
	require.NoError(ts.t, err)
	return person, ts.signInAs(code)
}

// TestPersonalSession: a personal code signs in at the same gate as the
// person, with the person's role; a removal, a new code or a sign-out
// everywhere ends the session at its next request on every server that
// shares the database (the second one keeps its default revocation view,
// so no polling is involved), and a role change applies at once.
func TestPersonalSession(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		dana, code, err := p.AddPerson(terminal(), "Dana Reyes", "dana@example.com", "viewer")
		require.NoError(t, err)

		resp, body := ts.browser().do("POST", "/api/session", map[string]string{"code": code + "X"})
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		assert.Equal(t, InvalidCodeMessage, errorBody(t, body).Error)

		browser := ts.signInAs(" " + code + " ")
		var state sessionState
		browser.json("GET", "/api/session", nil, http.StatusOK, &state)
		assert.Equal(t, sessionState{Authenticated: true, ExpiresAt: state.ExpiresAt, ID: dana.ID, Name: "Dana Reyes",
			Role: actor.RoleViewer, Permissions: []actor.Permission{actor.PlanRead}}, state)
		people, err := p.People(terminal())
		require.NoError(t, err)
		for _, x := range people {
			if x.ID == dana.ID {
				assert.NotNil(t, x.LastSeenAt, "signing in is being seen")
				assert.Equal(t, 1, x.ActiveSessions)
			}
		}

		replica := New(Options{Store: storetest.Open(t, ts.DSN), Codes: access.NewCodes([]string{testCode}),
			Secret: []byte("test secret")}).Handler()
		cookie := browser.sessionCookie()
		require.Equal(t, http.StatusOK, statusWith(replica, "/api/themes", cookie))

		_, err = p.UpdatePerson(terminal(), dana.ID, plan.PersonChange{Role: ptr("planner")})
		require.NoError(t, err)
		browser.json("GET", "/api/session", nil, http.StatusOK, &state)
		assert.Equal(t, actor.RolePlanner, state.Role, "a new role applies at the next request")

		// Sign-out everywhere, then a new code, then the removal.
		_, err = p.SignOutPerson(terminal(), dana.ID)
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", cookie))
		resp, _ = browser.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)

		browser = ts.signInAs(code)
		cookie = browser.sessionCookie()
		code, err = p.NewPersonCode(terminal(), dana.ID)
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", cookie), "a new code ends the old sessions")

		browser = ts.signInAs(code)
		cookie = browser.sessionCookie()
		require.Equal(t, http.StatusOK, statusWith(replica, "/api/themes", cookie))
		require.NoError(t, p.RemovePerson(terminal(), dana.ID))
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", cookie), "a removal ends them")
		resp, _ = browser.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		browser.json("GET", "/api/session", nil, http.StatusOK, &state)
		assert.False(t, state.Authenticated)
		resp, _ = ts.browser().do("POST", "/api/session", map[string]string{"code": code})
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the removed person's code is refused")

		// Logout ends a personal session for good.
		erin, code, err := p.AddPerson(terminal(), "Erin", "", "approver")
		require.NoError(t, err)
		browser = ts.signInAs(code)
		cookie = browser.sessionCookie()
		browser.json("DELETE", "/api/session", nil, http.StatusNoContent, nil)
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", cookie))
		got, err := ts.Store.GetPerson(context.Background(), erin.ID)
		require.NoError(t, err)
		assert.Zero(t, got.ActiveSessions)
	})
}

// TestSharedRole: auth.shared-role sets the shared identity's role.
func TestSharedRole(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0], Options{SharedRole: actor.RoleViewer})
	var state sessionState
	ts.json("GET", "/api/session", nil, http.StatusOK, &state)
	assert.Equal(t, "shared", state.ID)
	assert.Equal(t, actor.RoleViewer, state.Role)
}

func ptr[T any](v T) *T { return &v }

// TestPeopleAPI: an admin manages people over the API; the bad input is
// a 400 naming the field; a planner is refused with 403 naming
// people.manage.
func TestPeopleAPI(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		resp, body := ts.do("GET", "/api/people", nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "the shared planner")
		assert.Contains(t, string(body), `"permission":"people.manage"`)

		_, adminCode, _, err := plan.New(ts.Store).EnsureAdmin(terminal())
		require.NoError(t, err)
		admin := ts.signInAs(adminCode)

		for _, c := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"name": " ", "role": "viewer"}, "name"},
			{map[string]any{"name": "X", "role": "editor"}, "role"},
			{map[string]any{"name": "X"}, "role"},
			{map[string]any{"name": "X", "role": "viewer", "email": "nope"}, "email"},
			{map[string]any{"name": 3, "role": "viewer"}, "name"},
		} {
			resp, body := admin.do("POST", "/api/people", c.body)
			if assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "%v: %s", c.body, body) {
				assert.Contains(t, errorBody(t, body).Fields, c.field, "%v", c.body)
			}
		}

		var dana CreatedPerson
		admin.json("POST", "/api/people", map[string]any{"name": "Dana Reyes", "email": "dana@example.com", "role": "viewer"}, http.StatusCreated, &dana)
		assert.Regexp(t, `^CPP-`, dana.Code)
		var erin CreatedPerson
		admin.json("POST", "/api/people", map[string]any{"name": "Erin", "role": "planner"}, http.StatusCreated, &erin)

		var people []map[string]any
		admin.json("GET", "/api/people", nil, http.StatusOK, &people)
		require.Len(t, people, 3)
		for _, p := range people {
			assert.NotContains(t, p, "code", "a list never shows a code")
		}
		resp, _ = admin.do("GET", "/api/people?limit=2", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Contains(t, resp.Header.Get("Link"), `rel="next"`)
		admin.json("GET", "/api/people?limit=2&after="+cursor(people[1]["id"].(string)), nil, http.StatusOK, &people)
		assert.Len(t, people, 1)

		viewer := ts.signInAs(dana.Code)
		resp, _ = viewer.do("POST", "/api/themes", map[string]any{"name": "No", "description": "d"})
		assert.Equal(t, http.StatusForbidden, resp.StatusCode)
		var updated map[string]any
		admin.json("PATCH", "/api/people/"+dana.ID, map[string]any{"role": "planner"}, http.StatusOK, &updated)
		assert.Equal(t, "planner", updated["role"])
		assert.Equal(t, "dana@example.com", updated["email"], "absent fields keep their value")
		viewer.json("POST", "/api/themes", map[string]any{"name": "Yes", "description": "d"}, http.StatusCreated, nil)

		// The last admin.
		var session sessionState
		admin.json("GET", "/api/session", nil, http.StatusOK, &session)
		resp, body = admin.do("PATCH", "/api/people/"+session.ID, map[string]any{"role": "viewer"})
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, errorBody(t, body).Fields, "role")
		resp, body = admin.do("DELETE", "/api/people/"+session.ID, nil)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, errorBody(t, body).Fields, "id")

		var code PersonCode
		admin.json("POST", "/api/people/"+erin.ID+"/code", nil, http.StatusOK, &code)
		assert.NotEqual(t, erin.Code, code.Code)
		erinBrowser := ts.signInAs(code.Code)
		admin.json("DELETE", "/api/people/"+erin.ID+"/sessions", nil, http.StatusNoContent, nil)
		resp, _ = erinBrowser.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)

		admin.json("DELETE", "/api/people/"+dana.ID, nil, http.StatusNoContent, nil)
		resp, _ = viewer.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "removed: back to the gate")
		resp, _ = admin.do("DELETE", "/api/people/"+dana.ID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		resp, _ = admin.do("POST", "/api/people/"+dana.ID+"/code", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		resp, _ = admin.do("DELETE", "/api/people/"+dana.ID+"/sessions", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	})
}

// TestSessionLimits: on an injected clock, a session, personal or shared,
// ends auth.idle-timeout after its last request and auth.max-age after its
// sign-in however busy; a replica on the same database with the same
// limits agrees; the last request is written at most once a minute.
func TestSessionLimits(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		clock := &fakeClock{t: time.Now()}
		limits := Options{Now: clock.now, IdleTimeout: time.Hour, MaxAge: 3 * time.Hour}
		ts := newTestServer(t, b, limits)
		p := plan.New(ts.Store)
		dana, code, err := p.AddPerson(terminal(), "Dana Reyes", "", "viewer")
		require.NoError(t, err)
		replica := New(Options{Store: storetest.Open(t, ts.DSN), Codes: access.NewCodes([]string{testCode}),
			Secret: []byte("test secret"), Now: clock.now, IdleTimeout: time.Hour, MaxAge: 3 * time.Hour}).Handler()
		status := func(b *testServer) int {
			t.Helper()
			resp, _ := b.do("GET", "/api/themes", nil)
			return resp.StatusCode
		}

		personal, shared := ts.signInAs(code), ts
		lastSeen := func() time.Time {
			t.Helper()
			sessions, err := p.PersonSessions(terminal(), dana.ID)
			require.NoError(t, err)
			require.Len(t, sessions, 1)
			return sessions[0].LastSeenAt
		}
		signedIn := lastSeen()
		clock.add(30 * time.Second)
		require.Equal(t, http.StatusOK, status(personal))
		assert.Equal(t, signedIn, lastSeen(), "not written again within a minute")
		clock.add(31 * time.Second)
		require.Equal(t, http.StatusOK, status(personal))
		require.Equal(t, http.StatusOK, status(shared))
		assert.Equal(t, signedIn.Add(61*time.Second).Truncate(time.Second), lastSeen().Truncate(time.Second))

		// Used every 59 minutes, both kinds hold past the idle timeout...
		for range 2 {
			clock.add(59 * time.Minute)
			assert.Equal(t, http.StatusOK, status(personal))
			assert.Equal(t, http.StatusOK, status(shared))
		}
		assert.Equal(t, http.StatusOK, statusWith(replica, "/api/themes", personal.sessionCookie()))
		assert.Equal(t, http.StatusOK, statusWith(replica, "/api/themes", shared.sessionCookie()))
		// ... and end an hour after their last request, here and on the replica.
		clock.add(time.Hour + time.Second)
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", personal.sessionCookie()))
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", shared.sessionCookie()))
		assert.Equal(t, http.StatusUnauthorized, status(personal))
		assert.Equal(t, http.StatusUnauthorized, status(shared))

		// However busy, a session ends auth.max-age after its sign-in.
		personal, shared = ts.signInAs(code), ts.signInAs(testCode)
		for elapsed := 50 * time.Minute; elapsed < 3*time.Hour; elapsed += 50 * time.Minute {
			clock.add(50 * time.Minute)
			require.Equal(t, http.StatusOK, status(personal), "after %s", elapsed)
			require.Equal(t, http.StatusOK, status(shared), "after %s", elapsed)
		}
		clock.add(30 * time.Minute)
		assert.Equal(t, http.StatusUnauthorized, status(personal))
		assert.Equal(t, http.StatusUnauthorized, status(shared))
	})
}

// TestPersonSessionsAPI: an admin lists a person's sessions and signs out
// one of them, which ends at its next request on every server, while the
// other holds; the People list counts only the open ones; a planner may
// do neither to another person.
func TestPersonSessionsAPI(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		_, adminCode, _, err := p.EnsureAdmin(terminal())
		require.NoError(t, err)
		admin := ts.signInAs(adminCode)
		dana, code, err := p.AddPerson(terminal(), "Dana Reyes", "", "planner")
		require.NoError(t, err)
		laptop, phone := ts.signInAs(code), ts.signInAs(code)
		replica := ts.replica()

		var sessions []domain.PersonSession
		admin.json("GET", "/api/people/"+dana.ID+"/sessions", nil, http.StatusOK, &sessions)
		require.Len(t, sessions, 2)
		var people []domain.Person
		admin.json("GET", "/api/people", nil, http.StatusOK, &people)
		count := func() int {
			admin.json("GET", "/api/people", nil, http.StatusOK, &people)
			for _, x := range people {
				if x.ID == dana.ID {
					return x.ActiveSessions
				}
			}
			t.Fatal("Dana is not listed")
			return 0
		}
		assert.Equal(t, 2, count())

		resp, body := laptop.do("DELETE", "/api/sessions/"+sessionOf(t, ts, admin), nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a planner may not end another's")
		assert.Contains(t, string(body), `"permission":"people.manage"`)
		resp, _ = laptop.do("GET", "/api/people/"+dana.ID+"/sessions", nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode)

		laptopID := sessionOf(t, ts, laptop)
		phoneCookie := phone.sessionCookie()
		admin.json("DELETE", "/api/sessions/"+laptopID, nil, http.StatusNoContent, nil)
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", laptop.sessionCookie()))
		resp, _ = laptop.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		assert.Equal(t, http.StatusOK, statusWith(replica, "/api/themes", phoneCookie), "the other session holds")
		assert.Equal(t, 1, count())
		admin.json("GET", "/api/people/"+dana.ID+"/sessions", nil, http.StatusOK, &sessions)
		require.Len(t, sessions, 1)
		assert.NotEqual(t, laptopID, sessions[0].ID)
		resp, _ = admin.do("DELETE", "/api/sessions/"+laptopID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "an ended session")
		resp, _ = admin.do("GET", "/api/people/nobody/sessions", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)

		var entries []domain.Activity
		admin.json("GET", "/api/audit?action=session_ended", nil, http.StatusOK, &entries)
		require.Len(t, entries, 1)
		assert.Equal(t, dana.ID, entries[0].EntityID)
		assert.Equal(t, plan.FirstAdminName, entries[0].ActorName)
	})
}

// TestOwnSessionsAPI: a person lists their own sessions (the browser
// that opened each, the current one marked) and ends another of them,
// which ends at its next request on every server, with a session_ended
// entry naming them and the session; another person's session is
// refused naming people.manage; the shared identity is told it has no
// personal sessions; logging out records the session that ended.
func TestOwnSessionsAPI(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		dana, code, err := p.AddPerson(terminal(), "Dana Reyes", "", "viewer")
		require.NoError(t, err)
		_, edCode, err := p.AddPerson(terminal(), "Ed Evans", "", "planner")
		require.NoError(t, err)
		_, auditorCode, err := p.AddPerson(terminal(), "Ann Auditor", "", "approver")
		require.NoError(t, err)
		signIn := func(code, ua string) *testServer {
			b := ts.browser()
			resp, out := b.doWith("POST", "/api/session", map[string]string{"code": code}, http.Header{"User-Agent": {ua}})
			require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
			return b
		}
		laptop := signIn(code, "Firefox/140 (laptop)")
		phone := signIn(code, "Safari/19 (phone) "+strings.Repeat("x", 400))
		ed := signIn(edCode, "Chrome")
		replica := ts.replica()

		var own []plan.OwnSession
		laptop.json("GET", "/api/session/sessions", nil, http.StatusOK, &own)
		require.Len(t, own, 2)
		byUA := map[string]plan.OwnSession{}
		for _, x := range own {
			byUA[x.UserAgent] = x
			assert.Equal(t, dana.ID, x.PersonID)
		}
		require.Contains(t, byUA, "Firefox/140 (laptop)")
		assert.True(t, byUA["Firefox/140 (laptop)"].Current, "the session asking")
		phoneID := sessionOf(t, ts, phone)
		assert.Equal(t, sessionOf(t, ts, laptop), byUA["Firefox/140 (laptop)"].ID)
		for _, x := range own {
			if x.ID == phoneID {
				assert.False(t, x.Current)
				assert.Len(t, x.UserAgent, domain.MaxUserAgent, "cut short")
			}
		}

		resp, body := laptop.do("DELETE", "/api/sessions/"+sessionOf(t, ts, ed), nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "another person's session: %s", body)
		assert.Contains(t, string(body), `"permission":"people.manage"`)
		laptop.json("DELETE", "/api/sessions/"+phoneID, nil, http.StatusNoContent, nil)
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", phone.sessionCookie()))
		resp, _ = phone.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the phone is back at the gate")
		resp, _ = laptop.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode, "the laptop holds")
		resp, _ = ed.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode, "Ed's session holds")
		laptop.json("GET", "/api/session/sessions", nil, http.StatusOK, &own)
		require.Len(t, own, 1)
		resp, _ = laptop.do("DELETE", "/api/sessions/"+phoneID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "already ended")

		auditor := signIn(auditorCode, "Edge")
		var entries []domain.Activity
		auditor.json("GET", "/api/audit?action=session_ended&entityId="+dana.ID, nil, http.StatusOK, &entries)
		require.Len(t, entries, 1)
		assert.Equal(t, dana.ID, entries[0].ActorID, "ended by Dana herself")
		var ch map[string]map[string]any
		require.NoError(t, json.Unmarshal(entries[0].Changes, &ch))
		assert.Equal(t, phoneID, ch["session"]["before"])
		assert.Contains(t, ch["userAgent"]["before"], "Safari/19")

		// The shared identity has no personal sessions.
		resp, body = ts.do("GET", "/api/session/sessions", nil)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		var e ErrorBody
		require.NoError(t, json.Unmarshal(body, &e))
		assert.Equal(t, plan.MsgNoOwnSessions, e.Fields["session"])

		laptopID := sessionOf(t, ts, laptop)
		laptop.json("DELETE", "/api/session", nil, http.StatusNoContent, nil)
		auditor.json("GET", "/api/audit?action=signout&actor="+dana.ID, nil, http.StatusOK, &entries)
		require.Len(t, entries, 1)
		assert.JSONEq(t, `{"session": {"before": "`+laptopID+`"}}`, string(entries[0].Changes))
	})
}

// sessionOf is the id of the session browser b holds.
func sessionOf(t *testing.T, ts *testServer, b *testServer) string {
	t.Helper()
	sess, ok := access.NewSigner([]byte("test secret"), time.Hour).Parse(b.sessionCookie().Value)
	require.True(t, ok)
	return sess.ID
}

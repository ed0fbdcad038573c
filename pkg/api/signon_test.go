package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
	"github.com/commsplan/commsplan/pkg/sso"
	"github.com/commsplan/commsplan/pkg/sso/oidctest"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// signOnServer is a test server with single sign-on against idp, a real
// OpenID provider started for the test.
type signOnServer struct {
	*testServer
	idp *oidctest.Provider
}

// newSignOnServer starts the provider and the server; cfg may change the
// sso settings the provider's registration leaves.
func newSignOnServer(t *testing.T, b storetest.Backend, cfg func(*sso.Config)) *signOnServer {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	base := "http://" + srv.Listener.Addr().String()
	idp := oidctest.New(t, base+sso.CallbackPath)
	c := sso.Config{Issuer: idp.Issuer, ClientID: idp.ClientID, ClientSecret: idp.ClientSecret, RedirectURL: idp.RedirectURI,
		Name: "Test IdP", RoleClaim: "groups"}
	if cfg != nil {
		cfg(&c)
	}
	// The refusal tests refuse one client many times: a clock a minute on
	// per look keeps the throttle from making it wait.
	var mu sync.Mutex
	clock := time.Now()
	throttle := access.NewThrottle(func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(time.Minute)
		return clock
	})
	ts := startAnonServer(t, b, Options{SignOn: sso.New(c, nil), Throttle: throttle}, srv)
	return &signOnServer{testServer: ts, idp: idp}
}

// signOn runs the whole flow in ts's browser, following every redirect,
// and answers where it ended (the gate's URL) and the callback URL the
// provider sent the browser to.
func (ts *testServer) signOn() (end, callback *url.URL) {
	ts.t.Helper()
	client := *ts.client
	client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if req.URL.Path == sso.CallbackPath {
			callback = req.URL
		}
		return nil
	}
	resp, err := client.Get(ts.URL + sso.LoginPath)
	require.NoError(ts.t, err)
	resp.Body.Close()
	require.Equal(ts.t, http.StatusOK, resp.StatusCode)
	return resp.Request.URL, callback
}

// session answers who ts's browser is signed in as ("" for no one).
func (ts *testServer) sessionID() string {
	ts.t.Helper()
	var s sessionState
	ts.json(http.MethodGet, "/api/session", nil, http.StatusOK, &s)
	return s.ID
}

// activeSessions counts the open personal sessions of everyone.
func activeSessions(t *testing.T, st store.Store) (people, sessions int) {
	t.Helper()
	all, err := st.ListPeople(context.Background())
	require.NoError(t, err)
	for _, p := range all {
		sessions += p.ActiveSessions
	}
	return len(all), sessions
}

func personByEmail(t *testing.T, st store.Store, email string) domain.Person {
	t.Helper()
	all, err := st.ListPeople(context.Background())
	require.NoError(t, err)
	for _, p := range all {
		if p.Email == email {
			return p
		}
	}
	t.Fatalf("no person with email %s", email)
	return domain.Person{}
}

func auditOf(t *testing.T, st store.Store, action string) []domain.Activity {
	t.Helper()
	entries, err := st.ListAudit(context.Background(), store.AuditFilter{Action: action, Limit: 100})
	require.NoError(t, err)
	return entries
}

func changesOf(t *testing.T, a domain.Activity) map[string]string {
	t.Helper()
	var c map[string]struct {
		After string `json:"after"`
	}
	require.NoError(t, json.Unmarshal(a.Changes, &c), string(a.Changes))
	out := map[string]string{}
	for k, v := range c {
		out[k] = v.After
	}
	return out
}

func TestSignOn(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newSignOnServer(t, b, func(c *sso.Config) {
			c.AllowedDomains = []string{"example.com"}
			c.Roles = map[string]actor.Role{"comms-admins": actor.RoleAdmin, "comms": actor.RolePlanner}
			c.DefaultRole = actor.RoleViewer
		})
		var provs providers
		ts.json(http.MethodGet, "/api/auth/providers", nil, http.StatusOK, &provs)
		require.NotNil(t, provs.OIDC)
		assert.Equal(t, provider{Name: "Test IdP", LoginURL: sso.LoginPath}, *provs.OIDC)

		// A first sign-in creates the person, with the strongest role
		// their groups map to, and opens a personal session.
		alice := oidctest.User{Subject: "alice-sub", Name: "Alice Archer", Email: "alice@example.com", EmailVerified: true,
			Groups: []string{"comms", "comms-admins", "other"}}
		ts.idp.SignInAs(alice)
		end, _ := ts.signOn()
		assert.Equal(t, "/", end.Path)
		assert.Empty(t, end.RawQuery)
		a := personByEmail(t, ts.Store, "alice@example.com")
		assert.Equal(t, "Alice Archer", a.Name)
		assert.Equal(t, string(actor.RoleAdmin), a.Role)
		assert.Equal(t, a.ID, ts.sessionID())
		assert.Equal(t, 1, a.ActiveSessions)
		// The provider was asked for a code with PKCE S256 and a nonce.
		q := ts.idp.AuthorizeRequests()[0]
		assert.Equal(t, "S256", q.Get("code_challenge_method"))
		assert.NotEmpty(t, q.Get("code_challenge"))
		assert.NotEmpty(t, q.Get("nonce"))
		assert.NotEmpty(t, q.Get("state"))
		signins := auditOf(t, ts.Store, store.ActionSignIn)
		require.Len(t, signins, 1)
		assert.Equal(t, a.ID, signins[0].ActorID)
		assert.Equal(t, "oidc", changesOf(t, signins[0])["method"])
		created := auditOf(t, ts.Store, domain.ActionCreated)
		require.NotEmpty(t, created)
		assert.Equal(t, actor.SignOn.ID, created[0].ActorID, "the person's creation is the sign-on's")

		// The person signs in again from another browser: the same person,
		// matched by issuer and subject, though the provider renamed them
		// and moved them out of the admins.
		again := ts.browser()
		alice.Name, alice.Groups = "Alice A. Archer", nil
		ts.idp.SignInAs(alice)
		end, _ = again.signOn()
		assert.Empty(t, end.RawQuery)
		assert.Equal(t, a.ID, again.sessionID())
		people, sessions := activeSessions(t, ts.Store)
		assert.Equal(t, 1, people, "Alice once")
		assert.Equal(t, 2, sessions)

		// Someone of no mapped group gets the default role.
		ts.idp.SignInAs(oidctest.User{Subject: "bob-sub", Name: "Bob", Email: "bob@EXAMPLE.com", EmailVerified: true})
		bob := ts.browser()
		end, _ = bob.signOn()
		assert.Empty(t, end.RawQuery)
		assert.Equal(t, string(actor.RoleViewer), personByEmail(t, ts.Store, "bob@EXAMPLE.com").Role)

		// The refusals: each ends on the gate with its reason and opens no
		// session, creates no one, and is recorded.
		carol := oidctest.User{Subject: "carol-sub", Name: "Carol", Email: "carol@example.com", EmailVerified: true}
		refused := func(name string, want sso.Reason, prepare func(), run func(*testServer) *url.URL) {
			t.Run(name, func(t *testing.T) {
				ts.idp.SignInAs(carol)
				if prepare != nil {
					prepare()
				}
				people, sessions := activeSessions(t, ts.Store)
				before := len(auditOf(t, ts.Store, store.ActionSignInRefused))
				br := ts.browser()
				br.t = t
				var end *url.URL
				if run != nil {
					end = run(br)
				} else {
					end, _ = br.signOn()
				}
				assert.Equal(t, "/", end.Path)
				assert.Equal(t, string(want), end.Query().Get(SignInErrorParam))
				assert.Empty(t, br.sessionID())
				p2, s2 := activeSessions(t, ts.Store)
				assert.Equal(t, people, p2, "nobody created")
				assert.Equal(t, sessions, s2, "no session opened")
				entries := auditOf(t, ts.Store, store.ActionSignInRefused)
				require.Len(t, entries, before+1)
				c := changesOf(t, entries[0])
				assert.Equal(t, "oidc", c["method"])
				assert.Equal(t, string(want), c["reason"])
			})
		}
		refused("tampered id_token", sso.Failed, func() {
			ts.idp.RewriteNextIDToken(func(raw string, claims map[string]any) string {
				claims["email"] = "carol@example.com.evil"
				return oidctest.Tamper(raw, claims)
			})
		}, nil)
		refused("wrong audience", sso.Failed, func() {
			ts.idp.RewriteNextIDToken(func(_ string, claims map[string]any) string {
				claims["aud"] = []string{"another-client"}
				claims["azp"] = "another-client"
				return ts.idp.Sign(claims)
			})
		}, nil)
		refused("expired token", sso.Failed, func() {
			ts.idp.RewriteNextIDToken(func(_ string, claims map[string]any) string {
				claims["iat"] = time.Now().Add(-time.Hour).Unix()
				claims["exp"] = time.Now().Add(-30 * time.Minute).Unix()
				return ts.idp.Sign(claims)
			})
		}, nil)
		refused("another nonce", sso.Failed, func() {
			ts.idp.RewriteNextIDToken(func(_ string, claims map[string]any) string {
				claims["nonce"] = "not-the-flows"
				return ts.idp.Sign(claims)
			})
		}, nil)
		refused("missing PKCE verifier", sso.Failed, ts.idp.DropNextVerifier, nil)
		refused("email domain not allowed", sso.Domain, func() {
			ts.idp.SignInAs(oidctest.User{Subject: "mallory-sub", Name: "Mallory", Email: "mallory@example.org", EmailVerified: true,
				Groups: []string{"comms-admins"}})
		}, nil)
		refused("unverified email", sso.Domain, func() {
			ts.idp.RewriteNextIDToken(func(_ string, claims map[string]any) string {
				claims["email_verified"] = false
				return ts.idp.Sign(claims)
			})
		}, nil)
		refused("provider error", sso.Cancelled, nil, func(br *testServer) *url.URL {
			// The person declines at the provider, which sends the browser
			// back with an error and the state.
			client := *br.client
			client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
			resp, err := client.Get(br.URL + sso.LoginPath)
			require.NoError(t, err)
			resp.Body.Close()
			loc, err := url.Parse(resp.Header.Get("Location"))
			require.NoError(t, err)
			resp, err = br.client.Get(br.URL + sso.CallbackPath + "?error=access_denied&state=" + url.QueryEscape(loc.Query().Get("state")))
			require.NoError(t, err)
			resp.Body.Close()
			return resp.Request.URL
		})
		refused("replayed state", sso.Expired, func() { ts.idp.SignInAs(alice) }, func(br *testServer) *url.URL {
			// A sign-in that works, then its callback again, with the
			// state's cookie put back: the state was used.
			end, callback := br.signOn()
			require.Empty(t, end.RawQuery)
			require.NotNil(t, callback)
			id := br.sessionID()
			require.NotEmpty(t, id)
			br.do(http.MethodDelete, "/api/session", nil)
			require.Empty(t, br.sessionID())
			br.client.Jar.SetCookies(callback, []*http.Cookie{{Name: SignOnCookie, Value: callback.Query().Get("state"), Path: "/"}})
			resp, err := br.client.Get(callback.String())
			require.NoError(t, err)
			resp.Body.Close()
			return resp.Request.URL
		})
		refused("state of another browser", sso.Expired, nil, func(br *testServer) *url.URL {
			// The callback reaches a browser that did not start the sign-on.
			other := br.browser()
			client := *other.client
			var callback *url.URL
			client.CheckRedirect = func(req *http.Request, _ []*http.Request) error {
				if req.URL.Path == sso.CallbackPath {
					callback = req.URL
					return http.ErrUseLastResponse
				}
				return nil
			}
			resp, err := client.Get(other.URL + sso.LoginPath)
			require.NoError(t, err)
			resp.Body.Close()
			require.NotNil(t, callback)
			resp, err = br.client.Get(callback.String())
			require.NoError(t, err)
			resp.Body.Close()
			return resp.Request.URL
		})
	})
}

// TestSignOnNoAccess: without a default role, someone whose groups map to
// no role is refused, while a mapped one comes in; the gate without single
// sign-on says so and its routes are not there.
func TestSignOnNoAccess(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newSignOnServer(t, b, func(c *sso.Config) {
			c.Roles = map[string]actor.Role{"comms": actor.RolePlanner}
		})
		ts.idp.SignInAs(oidctest.User{Subject: "dan-sub", Name: "Dan", Email: "dan@example.net", Groups: []string{"sales"}})
		end, _ := ts.signOn()
		assert.Equal(t, string(sso.NoAccess), end.Query().Get(SignInErrorParam))
		assert.Empty(t, ts.sessionID())
		people, _ := activeSessions(t, ts.Store)
		assert.Zero(t, people)

		ts.idp.SignInAs(oidctest.User{Subject: "dan-sub", Name: "Dan", Email: "dan@example.net", Groups: []string{"comms"}})
		end, _ = ts.signOn()
		assert.Empty(t, end.RawQuery)
		assert.NotEmpty(t, ts.sessionID())
		assert.Equal(t, string(actor.RolePlanner), personByEmail(t, ts.Store, "dan@example.net").Role)

		// A provider that cannot be reached: refused on the gate, retried
		// at the next sign-on.
		down := newAnonServer(t, b, Options{SignOn: sso.New(sso.Config{Issuer: "http://127.0.0.1:1", ClientID: "x",
			RedirectURL: "http://127.0.0.1:1/cb", Name: "Down"}, nil)})
		for range 2 {
			end, _ := down.signOn()
			assert.Equal(t, string(sso.Failed), end.Query().Get(SignInErrorParam))
		}
		assert.Empty(t, down.sessionID())

		off := newAnonServer(t, b, Options{})
		var provs providers
		off.json(http.MethodGet, "/api/auth/providers", nil, http.StatusOK, &provs)
		assert.Nil(t, provs.OIDC)
		resp, _ := off.do(http.MethodGet, sso.LoginPath, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	})
}

// TestSignOnProviderURLStaysOut: a provider that cannot be reached is
// logged by scheme and host only, never its path or query, in the text and
// the JSON log, and its refusal's audit entry holds neither.
func TestSignOnProviderURLStaysOut(t *testing.T) {
	b := storetest.Backends[0]
	for _, format := range []string{"text", "json"} {
		var log syncbuf.Buffer
		var h slog.Handler = slog.NewTextHandler(&log, nil)
		if format == "json" {
			h = slog.NewJSONHandler(&log, nil)
		}
		down := newAnonServer(t, b, Options{Log: slog.New(h), SignOn: sso.New(sso.Config{Issuer: "http://127.0.0.1:1/realms/s3cr3tRealm?key=s3cr3tKey",
			ClientID: "x", RedirectURL: "http://127.0.0.1:1/cb", Name: "Down"}, nil)})
		end, _ := down.signOn()
		require.Equal(t, string(sso.Failed), end.Query().Get(SignInErrorParam))
		assert.Contains(t, log.String(), "single sign-on refused", format)
		assert.Contains(t, log.String(), "http://127.0.0.1:1", format)
		assert.NotContains(t, log.String(), "s3cr3t", format)
		for _, e := range auditOf(t, down.Store, store.ActionSignInRefused) {
			assert.NotContains(t, e.Label+string(e.Changes), "s3cr3t")
		}
	}
}

// TestSignOnFollowsTheProvider: the role mapping runs at every sign-in,
// against the real provider. Moved from comms-admins to comms, a person
// is lowered from admin to planner (their open sessions at once); put back
// in comms-admins they stay planner, as raising needs
// auth.oidc.raise-roles; removed from every group, with no default role,
// they are refused and every session of theirs ends. Each change is in the
// audit trail. With raise-roles on, a higher mapped role raises.
func TestSignOnFollowsTheProvider(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newSignOnServer(t, b, func(c *sso.Config) {
			c.Roles = map[string]actor.Role{"comms-admins": actor.RoleAdmin, "comms": actor.RolePlanner}
		})
		role := func(br *testServer) string {
			var s sessionState
			br.json(http.MethodGet, "/api/session", nil, http.StatusOK, &s)
			return string(s.Role)
		}
		alice := oidctest.User{Subject: "alice-sub", Name: "Alice Archer", Email: "alice@example.com", EmailVerified: true,
			Groups: []string{"comms-admins"}}
		ts.idp.SignInAs(alice)
		first := ts.browser()
		end, _ := first.signOn()
		require.Empty(t, end.RawQuery)
		require.Equal(t, "admin", role(first))
		a := personByEmail(t, ts.Store, alice.Email)

		// Lowered: the mapping says planner now.
		alice.Groups = []string{"comms"}
		ts.idp.SignInAs(alice)
		second := ts.browser()
		end, _ = second.signOn()
		require.Empty(t, end.RawQuery)
		assert.Equal(t, "planner", personByEmail(t, ts.Store, alice.Email).Role)
		assert.Equal(t, "planner", role(first), "the open session is lowered at once")
		var lowered []domain.Activity
		for _, e := range auditOf(t, ts.Store, domain.ActionUpdated) {
			if e.EntityID == a.ID {
				lowered = append(lowered, e)
			}
		}
		require.Len(t, lowered, 1)
		assert.Equal(t, actor.SignOn.ID, lowered[0].ActorID)
		assert.JSONEq(t, `{"role":{"before":"admin","after":"planner"}}`, string(lowered[0].Changes))

		// Not raised without raise-roles.
		alice.Groups = []string{"comms-admins"}
		ts.idp.SignInAs(alice)
		end, _ = ts.browser().signOn()
		require.Empty(t, end.RawQuery)
		assert.Equal(t, "planner", personByEmail(t, ts.Store, alice.Email).Role)

		// Refused: no mapped group and no default role; every session ends.
		_, open := activeSessions(t, ts.Store)
		require.Equal(t, 3, open)
		alice.Groups = nil
		ts.idp.SignInAs(alice)
		end, _ = ts.browser().signOn()
		assert.Equal(t, string(sso.NoAccess), end.Query().Get(SignInErrorParam))
		assert.Empty(t, first.sessionID(), "the first session ended")
		assert.Empty(t, second.sessionID(), "the second session ended")
		_, open = activeSessions(t, ts.Store)
		assert.Zero(t, open)
		ended := auditOf(t, ts.Store, store.ActionSignedOut)
		require.NotEmpty(t, ended)
		assert.Equal(t, a.ID, ended[0].EntityID)
		assert.Equal(t, actor.SignOn.ID, ended[0].ActorID)
		assert.JSONEq(t, `{"activeSessions":{"before":3,"after":0},"reason":{"after":"single sign-on maps them to no role"}}`, string(ended[0].Changes))
	})
	t.Run("raise-roles", func(t *testing.T) {
		ts := newSignOnServer(t, storetest.Backends[0], func(c *sso.Config) {
			c.Roles = map[string]actor.Role{"comms-admins": actor.RoleAdmin, "comms": actor.RolePlanner}
			c.RaiseRoles = true
		})
		bob := oidctest.User{Subject: "bob-sub", Name: "Bob", Email: "bob@example.com", EmailVerified: true, Groups: []string{"comms"}}
		ts.idp.SignInAs(bob)
		end, _ := ts.browser().signOn()
		require.Empty(t, end.RawQuery)
		require.Equal(t, "planner", personByEmail(t, ts.Store, bob.Email).Role)
		bob.Groups = []string{"comms-admins"}
		ts.idp.SignInAs(bob)
		end, _ = ts.browser().signOn()
		require.Empty(t, end.RawQuery)
		assert.Equal(t, "admin", personByEmail(t, ts.Store, bob.Email).Role)
	})
}

// TestRefusedSignInsAreThrottled: anonymous refusals cannot fill the
// audit trail or the log. 300 bad callbacks and 30 logins against a
// provider that is down, from one client, are throttled like wrong codes
// (429 with Retry-After past the free failures), and the refusals of one
// minute become two rows: the first at once, the rest as one row with
// their count when the minute ends; one warning each. Wrong codes
// likewise. The server's clock stands still until the test moves it.
func TestRefusedSignInsAreThrottled(t *testing.T) {
	var log syncbuf.Buffer
	var mu sync.Mutex
	clock := time.Date(2031, 3, 4, 9, 0, 0, 0, time.UTC)
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return clock
	}
	later := func() {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(DefaultRefusalWindow)
	}
	ts := newAnonServer(t, storetest.Backends[0], Options{Log: slog.New(slog.NewTextHandler(&log, nil)), Now: now,
		RefusalWindow: DefaultRefusalWindow,
		SignOn:        sso.New(sso.Config{Issuer: "http://127.0.0.1:1", ClientID: "x", RedirectURL: "http://127.0.0.1:1/cb", Name: "Down"}, nil)})
	client := *ts.client
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	statuses := map[int]int{}
	get := func(path string) int {
		resp, err := client.Get(ts.URL + path)
		require.NoError(t, err)
		resp.Body.Close()
		statuses[resp.StatusCode]++
		if resp.StatusCode == http.StatusTooManyRequests {
			assert.NotEmpty(t, resp.Header.Get("Retry-After"))
		}
		return resp.StatusCode
	}
	for range 300 {
		get(sso.CallbackPath + "?state=x&code=y")
	}
	for range 30 {
		get(sso.LoginPath)
	}
	refused := statuses[http.StatusFound]
	assert.LessOrEqual(t, refused, access.FreeFailures+2, "past the free failures, the client waits: %v", statuses)
	assert.Positive(t, statuses[http.StatusTooManyRequests], "%v", statuses)
	rows := auditOf(t, ts.Store, store.ActionSignInRefused)
	assert.Len(t, rows, 1, "the first refusal at once, the rest counted")
	assert.Equal(t, 1, strings.Count(log.String(), "single sign-on refused"))

	// A minute later (on the server's clock) the next refusal ends the
	// window: its repeats are one row, and it opens the next.
	later()
	require.Eventually(t, func() bool {
		return get(sso.CallbackPath+"?state=x&code=y") == http.StatusFound
	}, 15*time.Second, 100*time.Millisecond, "the throttle's wait ends")
	rows = auditOf(t, ts.Store, store.ActionSignInRefused)
	require.Len(t, rows, 3, "first, the window's repeats as one row, the next window's first")
	var counted domain.Activity
	for _, r := range rows {
		if strings.Contains(string(r.Changes), `"count"`) {
			counted = r
		}
	}
	assert.Contains(t, string(counted.Changes), `"count":{"after":`+strconv.Itoa(refused-1)+`}`)
	assert.Contains(t, string(counted.Changes), `"method":{"after":"oidc"}`)
	assert.Equal(t, 1, strings.Count(log.String(), "sign-ins refused"))

	// Wrong codes from one client, likewise.
	for range 20 {
		resp, _ := ts.do(http.MethodPost, "/api/session", map[string]string{"code": "wrong-code"})
		assert.Contains(t, []int{http.StatusUnauthorized, http.StatusTooManyRequests}, resp.StatusCode)
	}
	codeRows := func() (n int) {
		for _, e := range auditOf(t, ts.Store, store.ActionSignInRefused) {
			if strings.Contains(string(e.Changes), `"method":{"after":"code"}`) {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 1, codeRows())
	later()
	require.Eventually(t, func() bool {
		resp, _ := ts.do(http.MethodPost, "/api/session", map[string]string{"code": "wrong-code"})
		return resp.StatusCode == http.StatusUnauthorized
	}, 15*time.Second, 100*time.Millisecond)
	assert.Equal(t, 3, codeRows())
}

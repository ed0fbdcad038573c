package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gorilla/mux"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// scenario is one request and what must come back.
type scenario struct {
	name     string
	method   string
	url      string
	body     any
	status   int
	contains []string
}

func runScenarios(t *testing.T, ts *testServer, cases []scenario) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.do(tc.method, tc.url, tc.body)
			assert.Equal(t, tc.status, resp.StatusCode, string(body))
			for _, want := range tc.contains {
				assert.Contains(t, string(body), want)
			}
			if resp.StatusCode >= 400 {
				errorBody(t, body)
			}
		})
	}
}

const missingID = "00000000-0000-0000-0000-000000000000"

func TestResources(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var theme domain.Theme
		ts.json("POST", "/api/themes", map[string]string{"name": "Why ERP", "description": "The case for change"}, 201, &theme)
		assert.Equal(t, "fa-tag", theme.Icon, "stored default icon")
		assert.Equal(t, "blue", theme.Color, "stored default colour")
		var q domain.Question
		ts.json("POST", "/api/questions", map[string]any{"themeId": theme.ID, "question": "What changes for me?"}, 201, &q)
		assert.Equal(t, 0, q.SortOrder)
		var aud domain.Audience
		ts.json("POST", "/api/audiences", map[string]any{"name": "SFB - California", "contactCount": "42"}, 201, &aud)
		assert.Equal(t, 42, aud.ContactCount, "a string-held integer is accepted")
		assert.Equal(t, "organization", aud.TargetingScope)
		assert.Equal(t, "general", aud.AudienceType)
		var veh domain.Vehicle
		ts.json("POST", "/api/vehicles", map[string]any{"name": "Weekly email", "type": "email",
			"settings": map[string]any{"template": "standard", "maxLength": "5000", "format": "html"}}, 201, &veh)
		assert.Equal(t, 5000, veh.Settings.MaxLength)
		assert.Equal(t, "universal", veh.CommunicationStrategy)
		var c domain.Content
		ts.json("POST", "/api/content", map[string]any{"title": "FAQ", "type": "text", "content": "Q\nA", "questionIds": []string{q.ID}}, 201, &c)
		var comm domain.Communication
		ts.json("POST", "/api/communications", map[string]any{"title": "Kickoff", "themeId": theme.ID, "audienceId": aud.ID,
			"vehicleId": veh.ID, "status": "scheduled", "scheduledDate": "2026-12-01T00:00:00.000Z"}, 201, &comm)
		assert.Equal(t, "2026-12-01T00:00:00Z", comm.ScheduledDate, "an instant stays an instant")

		runScenarios(t, ts, []scenario{
			{"themes list with counts", "GET", "/api/themes", nil, 200, []string{`"questionCount":1`, `"contentCount":1`}},
			{"theme get", "GET", "/api/themes/" + theme.ID, nil, 200, []string{`"Why ERP"`}},
			{"theme update keeps unsent fields", "PUT", "/api/themes/" + theme.ID, map[string]string{"name": "Why we change"}, 200, []string{`"Why we change"`, `"The case for change"`}},
			{"theme create needs a name", "POST", "/api/themes", map[string]string{"description": "d"}, 400, []string{`"name":"is required"`}},
			{"theme blank name", "POST", "/api/themes", map[string]string{"name": "  ", "description": "d"}, 400, []string{`"name"`}},
			{"theme unknown colour", "POST", "/api/themes", map[string]string{"name": "n", "description": "d", "color": "pink"}, 400, []string{`"color"`}},
			{"theme wrong type", "POST", "/api/themes", `{"name": 5, "description": "d"}`, 400, []string{`"name":"has the wrong type"`}},
			{"theme malformed JSON", "POST", "/api/themes", `{"name": "x",`, 400, []string{"malformed JSON"}},
			{"theme empty body", "POST", "/api/themes", "", 400, []string{"request body is required"}},
			{"theme update 404", "PUT", "/api/themes/" + missingID, map[string]string{"name": "n"}, 404, nil},
			{"theme get 404", "GET", "/api/themes/" + missingID, nil, 404, nil},
			{"theme delete 404", "DELETE", "/api/themes/" + missingID, nil, 404, nil},

			{"questions list", "GET", "/api/questions", nil, 200, []string{`"contentCount":1`}},
			{"questions by theme", "GET", "/api/questions?themeId=" + theme.ID, nil, 200, []string{q.ID}},
			{"questions of an unknown theme", "GET", "/api/questions?themeId=" + missingID, nil, 400, []string{`"themeId"`}},
			{"questions search", "GET", "/api/questions?q=" + url.QueryEscape(q.Question), nil, 200, []string{q.ID}},
			{"question update with text sortOrder", "PUT", "/api/questions/" + q.ID, map[string]any{"sortOrder": "3"}, 200, []string{`"sortOrder":3`}},
			{"question bad sortOrder", "PUT", "/api/questions/" + q.ID, map[string]any{"sortOrder": "three"}, 400, []string{`"sortOrder"`}},
			{"question needs themeId", "POST", "/api/questions", map[string]any{"question": "q"}, 400, []string{`"themeId":"is required"`}},
			{"question unknown theme", "POST", "/api/questions", map[string]any{"themeId": missingID, "question": "q"}, 400, []string{`"themeId"`}},
			{"question 404", "DELETE", "/api/questions/" + missingID, nil, 404, nil},

			{"content list with links", "GET", "/api/content", nil, 200, []string{q.ID}},
			{"content needs content", "POST", "/api/content", map[string]any{"title": "t", "type": "text"}, 400, []string{`"content":"is required"`}},
			{"content bad type", "POST", "/api/content", map[string]any{"title": "t", "type": "audio", "content": "c"}, 400, []string{`"type"`}},
			{"content bad url", "POST", "/api/content", map[string]any{"title": "t", "type": "video", "content": "c", "url": "javascript:alert(1)"}, 400, []string{`"url"`}},
			{"content unknown question", "POST", "/api/content", map[string]any{"title": "t", "type": "text", "content": "c", "questionIds": []string{missingID}}, 400, []string{`"questionIds"`}},
			{"content update clears links", "PUT", "/api/content/" + c.ID, map[string]any{"questionIds": []string{}}, 200, []string{`"questionIds":[]`}},
			{"content 404", "PUT", "/api/content/" + missingID, map[string]any{"title": "t"}, 404, nil},

			{"audiences list", "GET", "/api/audiences", nil, 200, []string{`"contactCount":42`}},
			{"audience negative count", "POST", "/api/audiences", map[string]any{"name": "n", "contactCount": -1}, 400, []string{`"contactCount"`}},
			{"audience count not a number", "POST", "/api/audiences", map[string]any{"name": "n", "contactCount": "lots"}, 400, []string{`"contactCount"`}},
			{"audience list of wrong type", "POST", "/api/audiences", map[string]any{"name": "n", "roles": "Installer"}, 400, []string{`"roles"`}},
			{"audience update", "PUT", "/api/audiences/" + aud.ID, map[string]any{"contactCount": 7}, 200, []string{`"contactCount":7`, `"SFB - California"`}},

			{"vehicles list", "GET", "/api/vehicles", nil, 200, []string{`"maxLength":5000`}},
			{"vehicle type defaults", "POST", "/api/vehicles", map[string]any{"name": "Texts", "type": "sms"}, 201, []string{`"communicationStrategy":"digital"`, `"maxLength":160`, `"preferredGenerations":["millennials","gen_z"]`}},
			{"vehicle get", "GET", "/api/vehicles/" + veh.ID, nil, 200, []string{`"Weekly email"`}},
			{"vehicle 404", "DELETE", "/api/vehicles/" + missingID, nil, 404, nil},
			{"audience get", "GET", "/api/audiences/" + aud.ID, nil, 200, []string{`"SFB - California"`}},
			{"audience 404", "GET", "/api/audiences/" + missingID, nil, 404, nil},
			{"question get", "GET", "/api/questions/" + q.ID, nil, 200, []string{`"What changes for me?"`}},
			{"content get", "GET", "/api/content/" + c.ID, nil, 200, []string{`"FAQ"`}},
			{"communication get", "GET", "/api/communications/" + comm.ID, nil, 200, []string{`"Kickoff"`}},
			{"communication 404", "DELETE", "/api/communications/" + missingID, nil, 404, nil},
			{"vehicle unknown type", "POST", "/api/vehicles", map[string]any{"name": "n", "type": "pigeon"}, 400, []string{`"type"`}},
			{"vehicle bad format", "POST", "/api/vehicles", map[string]any{"name": "n", "type": "sms", "settings": map[string]any{"format": "pdf"}}, 400, []string{`"settings.format"`}},
			{"vehicle bad strategy", "PUT", "/api/vehicles/" + veh.ID, map[string]any{"communicationStrategy": "psychic"}, 400, []string{`"communicationStrategy"`}},

			{"communications embed", "GET", "/api/communications", nil, 200, []string{
				fmt.Sprintf(`"theme":{"id":"%s","name":"Why we change"}`, theme.ID),
				fmt.Sprintf(`"vehicle":{"id":"%s","name":"Weekly email","type":"email"}`, veh.ID),
				fmt.Sprintf(`"audience":{"id":"%s","name":"SFB - California"}`, aud.ID)}},
			{"communication default draft", "POST", "/api/communications", map[string]any{"title": "Draft note"}, 201, []string{`"status":"draft"`}},
			{"scheduled needs a date", "POST", "/api/communications", map[string]any{"title": "t", "status": "scheduled"}, 400, []string{`"scheduledDate":"is required when status is scheduled"`}},
			{"bad date", "POST", "/api/communications", map[string]any{"title": "t", "scheduledDate": "12/01/2026"}, 400, []string{`"scheduledDate"`}},
			{"bad status", "POST", "/api/communications", map[string]any{"title": "t", "status": "archived"}, 400, []string{`"status"`}},
			{"unknown vehicle", "POST", "/api/communications", map[string]any{"title": "t", "vehicleId": missingID}, 400, []string{`"vehicleId"`}},
			{"clear audience with null", "PUT", "/api/communications/" + comm.ID, map[string]any{"audienceId": nil}, 200, []string{`"audience":null`}},

			{"activity newest first", "GET", "/api/activity?limit=2", nil, 200, []string{`"action":"updated"`, `"entityType":"communication"`}},
			{"activity bad limit", "GET", "/api/activity?limit=abc", nil, 400, []string{`"limit"`}},
			{"search", "GET", "/api/search?q=kick", nil, 200, []string{`"kind":"communication"`, `"Kickoff"`}},
			{"search needs q", "GET", "/api/search?q=", nil, 400, []string{`"q":"is required"`}},
			{"unknown api path", "GET", "/api/nope", nil, 404, []string{"no such API route"}},
			{"wrong method", "PATCH", "/api/themes", `{}`, 405, nil},
			{"deletes answer 204", "DELETE", "/api/content/" + c.ID, nil, 204, nil},
		})

		var acts []domain.Activity
		ts.json("GET", "/api/activity?limit=1", nil, 200, &acts)
		require.Len(t, acts, 1)
		// A delete records the fields the record had.
		assert.JSONEq(t, `{"content":{"before":"Q\nA"},"title":{"before":"FAQ"},"type":{"before":"text"}}`, string(acts[0].Changes))
		acts[0].Changes = nil
		assert.Equal(t, domain.Activity{ID: acts[0].ID, Action: "deleted", EntityType: "content", EntityID: c.ID, Label: "FAQ", At: acts[0].At, ActorID: "shared", ActorName: "Shared access"}, acts[0])
	})
}

func TestBodyLimitsAndContentType(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	big := `{"name": "` + strings.Repeat("x", MaxJSONBody) + `", "description": "d"}`
	resp, body := ts.do("POST", "/api/themes", big)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	errorBody(t, body)

	resp, body = ts.doWith("POST", "/api/themes", "name=x", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
	assert.Equal(t, http.StatusUnsupportedMediaType, resp.StatusCode)
	errorBody(t, body)

	resp, _ = ts.do("POST", "/api/themes", `{"name": "n", "description": "d"} {"again": 1}`)
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	resp, _ = ts.do("POST", "/api/themes", `{"name": "n", "description": "d", "unknownField": true}`)
	assert.Equal(t, http.StatusCreated, resp.StatusCode, "unknown fields are ignored")
}

func TestReorder(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var a, other domain.Theme
		ts.json("POST", "/api/themes", map[string]string{"name": "A", "description": "d"}, 201, &a)
		ts.json("POST", "/api/themes", map[string]string{"name": "B", "description": "d"}, 201, &other)
		ids := make([]string, 3)
		for i := range ids {
			var q domain.Question
			ts.json("POST", "/api/questions", map[string]any{"themeId": a.ID, "question": fmt.Sprintf("q%d", i), "sortOrder": i + 1}, 201, &q)
			ids[i] = q.ID
		}
		var foreign domain.Question
		ts.json("POST", "/api/questions", map[string]any{"themeId": other.ID, "question": "foreign"}, 201, &foreign)

		var got []domain.Question
		ts.json("PUT", "/api/questions/reorder", map[string]any{"themeId": a.ID, "questionOrders": []map[string]any{
			{"id": ids[2], "sortOrder": "1"}, {"id": ids[0], "sortOrder": "2"}, {"id": ids[1], "sortOrder": "3"}}}, 200, &got)
		require.Len(t, got, 3)
		assert.Equal(t, []string{ids[2], ids[0], ids[1]}, []string{got[0].ID, got[1].ID, got[2].ID})

		resp, body := ts.do("PUT", "/api/questions/reorder", map[string]any{"themeId": a.ID, "questionOrders": []map[string]any{
			{"id": ids[0], "sortOrder": 1}, {"id": foreign.ID, "sortOrder": 2}}})
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, errorBody(t, body).Fields, "questionOrders")
		ts.json("GET", "/api/questions?themeId="+a.ID, nil, 200, &got)
		assert.Equal(t, []string{ids[2], ids[0], ids[1]}, []string{got[0].ID, got[1].ID, got[2].ID}, "nothing changed")

		runScenarios(t, ts, []scenario{
			{"needs a theme", "PUT", "/api/questions/reorder", map[string]any{"questionOrders": []map[string]any{{"id": ids[0], "sortOrder": 1}}}, 400, []string{`"themeId"`}},
			{"needs orders", "PUT", "/api/questions/reorder", map[string]any{"themeId": a.ID}, 400, []string{`"questionOrders"`}},
			{"unknown theme", "PUT", "/api/questions/reorder", map[string]any{"themeId": missingID, "questionOrders": []map[string]any{{"id": ids[0], "sortOrder": 1}}}, 404, nil},
		})
	})
}

// TestEveryRouteNeedsASession walks the router, so a route added later is
// covered without editing this test.
func TestEveryRouteNeedsASession(t *testing.T) {
	ts := newAnonServer(t, storetest.Backends[0], Options{})
	srv := New(Options{Store: ts.Store, Codes: access.NewCodes([]string{"x"}), Secret: []byte("s")})
	checked := 0
	err := srv.Router().Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		path, err := route.GetPathTemplate()
		if err != nil || !strings.HasPrefix(path, "/api/") {
			return nil
		}
		methods, err := route.GetMethods()
		if err != nil {
			return nil
		}
		for _, m := range methods {
			url := strings.NewReplacer("{id}", missingID).Replace(path)
			resp, body := ts.do(m, url, map[string]any{})
			if isOpen(m, path) {
				continue
			}
			assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "%s %s: %s", m, path, body)
			checked++
		}
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, checked, 30)
	resp, _ := ts.do("GET", "/api/does-not-exist", nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "unknown API paths are gated too")
}

func TestSession(t *testing.T) {
	ts := newAnonServer(t, storetest.Backends[0], Options{Throttle: access.NewThrottle(newFakeClock().now)})
	resp, body := ts.do("GET", "/api/session", nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "no session yet is no error")
	assert.JSONEq(t, `{"authenticated": false}`, string(body))
	resp, _ = ts.do("GET", "/api/health", nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "health needs no session")

	resp, body = ts.do("POST", "/api/session", map[string]string{"code": "wrong"})
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	assert.Equal(t, "Invalid access code. Please contact your project administrator.", errorBody(t, body).Error)
	resp, body = ts.do("POST", "/api/session", map[string]string{"code": " "})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	assert.Contains(t, errorBody(t, body).Fields, "code")

	resp, _ = ts.do("POST", "/api/session", map[string]string{"code": strings.ToLower(testCode)})
	require.Equal(t, http.StatusOK, resp.StatusCode, "codes compare case-insensitively")
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == SessionCookie {
			cookie = c
		}
	}
	require.NotNil(t, cookie)
	assert.True(t, cookie.HttpOnly)
	assert.Equal(t, http.SameSiteLaxMode, cookie.SameSite)
	resp, _ = ts.do("GET", "/api/themes", nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp, body = ts.do("GET", "/api/session", nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	var state sessionState
	require.NoError(t, json.Unmarshal(body, &state))
	assert.True(t, state.Authenticated)
	assert.Equal(t, "Shared access", state.Name, "a shared code signs in as the shared identity")
	assert.Equal(t, actor.RolePlanner, state.Role, "with auth.shared-role's default")
	assert.Equal(t, []actor.Permission{actor.PlanRead, actor.PlanEdit, actor.DirectoryRead}, state.Permissions)

	// The same secret accepts the cookie after a restart.
	restarted := New(Options{Store: ts.Store, Codes: access.NewCodes([]string{testCode}), Secret: []byte("test secret")})
	req, _ := http.NewRequest("GET", "/api/themes", nil)
	req.AddCookie(cookie)
	rec := httptest.NewRecorder()
	restarted.Handler().ServeHTTP(rec, req)
	assert.Equal(t, http.StatusOK, rec.Code)
	// Another secret does not.
	other := New(Options{Store: ts.Store, Codes: access.NewCodes([]string{testCode}), Secret: []byte("other")})
	rec = httptest.NewRecorder()
	other.Handler().ServeHTTP(rec, req)
	assert.Equal(t, http.StatusUnauthorized, rec.Code)

	resp, _ = ts.do("DELETE", "/api/session", nil)
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)
	resp, _ = ts.do("GET", "/api/themes", nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "logged out")
	resp, body = ts.do("GET", "/api/session", nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.JSONEq(t, `{"authenticated": false}`, string(body))

	// Five wrong codes reach the limit; then even a right one waits (until
	// the throttle's clock moves, which this one does not).
	for i := 0; i < access.FreeFailures; i++ {
		ts.do("POST", "/api/session", map[string]string{"code": "wrong"})
	}
	resp, body = ts.do("POST", "/api/session", map[string]string{"code": testCode})
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, string(body))
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
}

func TestCrossOriginAndHeaders(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	resp, body := ts.doWith("POST", "/api/themes", map[string]string{"name": "n", "description": "d"},
		http.Header{"Origin": {"https://evil.example"}, "Sec-Fetch-Site": {"cross-site"}})
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	errorBody(t, body)
	resp, _ = ts.doWith("POST", "/api/themes", map[string]string{"name": "n", "description": "d"},
		http.Header{"Sec-Fetch-Site": {"same-origin"}})
	assert.Equal(t, http.StatusCreated, resp.StatusCode)
	resp, _ = ts.doWith("GET", "/api/themes", nil, http.Header{"Origin": {"https://evil.example"}, "Sec-Fetch-Site": {"cross-site"}})
	assert.Equal(t, http.StatusOK, resp.StatusCode, "reads are not state-changing")

	for _, path := range []string{"/api/themes", "/", "/api/nope"} {
		resp, _ := ts.do("GET", path, nil)
		assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'", path)
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), path)
	}
}

func TestUIServing(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	for _, path := range []string{"/", "/themes", "/audiences/anything/deep"} {
		resp, body := ts.do("GET", path, nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Contains(t, string(body), "<title>commsplan</title>", "SPA fallback for %s", path)
	}
	resp, body := ts.do("GET", "/assets/app-1.js", nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "console.log(1)", string(body))
	assert.Contains(t, resp.Header.Get("Cache-Control"), "immutable")
	resp, body = ts.do("GET", "/api/unknown/path", nil)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.True(t, json.Valid(body), "unknown API paths stay JSON")
}

func TestCompression(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	for i := 0; i < 30; i++ {
		ts.json("POST", "/api/themes", map[string]string{"name": fmt.Sprintf("Theme %d", i), "description": strings.Repeat("words ", 20)}, 201, nil)
	}
	// Go's client asks for gzip and unpacks it itself unless the request
	// names an encoding; naming it shows the raw answer.
	resp, body := ts.doWith("GET", "/api/themes", nil, http.Header{"Accept-Encoding": {"gzip"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	assert.False(t, json.Valid(body), "the body is compressed")
	resp, body = ts.doWith("GET", "/api/themes", nil, http.Header{"Accept-Encoding": {"identity"}})
	assert.Empty(t, resp.Header.Get("Content-Encoding"))
	assert.True(t, json.Valid(body))
}

// TestSecurityHeadersShared checks that answers do not share what a handler
// adds to a security header: an addition to one answer's header never shows
// in another's, nor in the next answer.
func TestSecurityHeadersShared(t *testing.T) {
	s := &Server{}
	h := s.securityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.URL.Query().Get("add"); v != "" {
			w.Header().Add("X-Frame-Options", v)
		}
	}))
	serve := func(target string) http.Header {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		return rec.Header()
	}
	first := serve("/?add=SAMEORIGIN")
	second := serve("/?add=ALLOW-FROM")
	plain := serve("/")
	assert.Equal(t, []string{"DENY", "SAMEORIGIN"}, first.Values("X-Frame-Options"))
	assert.Equal(t, []string{"DENY", "ALLOW-FROM"}, second.Values("X-Frame-Options"))
	assert.Equal(t, []string{"DENY"}, plain.Values("X-Frame-Options"))
	assert.Equal(t, []string{contentSecurityPolicy}, plain.Values("Content-Security-Policy"))
}

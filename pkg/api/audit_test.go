package api

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestAuditTrail: each write leaves exactly one entry naming who made it
// and the fields it changed; a write refused in its transaction leaves none;
// sign-ins, refused sign-ins, sign-outs and role changes are entries too;
// approvers read it, planners may not; no route changes it.
func TestAuditTrail(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		dana, danaCode, err := p.AddPerson(terminal(), "Dana Reyes", "", "planner")
		require.NoError(t, err)
		_, auditorCode, err := p.AddPerson(terminal(), "Ann Auditor", "", "approver")
		require.NoError(t, err)
		planner := ts.signInAs(danaCode)
		auditor := ts.signInAs(auditorCode)
		resp, _ := ts.browser().do("POST", "/api/session", map[string]string{"code": "CPP-WRONG-WRONG"})
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode)

		var theme domain.Theme
		planner.json("POST", "/api/themes", map[string]any{"name": "Why", "description": "The case"}, http.StatusCreated, &theme)
		planner.json("PUT", "/api/themes/"+theme.ID, map[string]any{"name": "Why now"}, http.StatusOK, nil)
		// Refused in the transaction (a dangling reference): no entry.
		resp, _ = planner.do("POST", "/api/communications", map[string]any{"title": "X", "themeId": "00000000-0000-4000-8000-000000000000"})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)

		resp, _ = planner.do("GET", "/api/audit", nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a planner may not read the audit trail")

		var entries []domain.Activity
		auditor.json("GET", "/api/audit?entity=theme&entityId="+theme.ID, nil, http.StatusOK, &entries)
		require.Len(t, entries, 2, "one entry per write")
		assert.Equal(t, "updated", entries[0].Action, "newest first")
		assert.Equal(t, dana.ID, entries[0].ActorID)
		assert.Equal(t, "Dana Reyes", entries[0].ActorName)
		assert.JSONEq(t, `{"name": {"before": "Why", "after": "Why now"}}`, string(entries[0].Changes))
		assert.Equal(t, "created", entries[1].Action)
		var created map[string]map[string]any
		require.NoError(t, json.Unmarshal(entries[1].Changes, &created))
		assert.Equal(t, "Why", created["name"]["after"])

		auditor.json("GET", "/api/audit?entity=communication", nil, http.StatusOK, &entries)
		assert.Empty(t, entries, "the failed write left nothing")

		auditor.json("GET", "/api/audit?entity=session&action=signin&actor="+dana.ID, nil, http.StatusOK, &entries)
		assert.Len(t, entries, 1)
		auditor.json("GET", "/api/audit?action=signin_refused", nil, http.StatusOK, &entries)
		require.Len(t, entries, 1)
		assert.Equal(t, "anonymous", entries[0].ActorID)

		_, err = p.UpdatePerson(terminal(), dana.ID, plan.PersonChange{Role: ptr("viewer")})
		require.NoError(t, err)
		auditor.json("GET", "/api/audit?entity=person&entityId="+dana.ID+"&action=updated", nil, http.StatusOK, &entries)
		require.Len(t, entries, 1)
		assert.Equal(t, "Command line", entries[0].ActorName)
		assert.JSONEq(t, `{"role": {"before": "planner", "after": "viewer"}}`, string(entries[0].Changes))

		planner.json("DELETE", "/api/session", nil, http.StatusNoContent, nil)
		auditor.json("GET", "/api/audit?action=signout", nil, http.StatusOK, &entries)
		assert.Len(t, entries, 1)

		// A record's history is open to whoever reads the plan.
		viewerPerson, viewerCode, err := p.AddPerson(terminal(), "Vic Viewer", "", "viewer")
		require.NoError(t, err)
		viewer := ts.signInAs(viewerCode)
		viewer.json("GET", "/api/history/theme/"+theme.ID, nil, http.StatusOK, &entries)
		require.Len(t, entries, 2)
		assert.Equal(t, "Dana Reyes", entries[0].ActorName)
		resp, _ = viewer.do("GET", "/api/history/person/"+viewerPerson.ID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "people and sign-ins are the audit trail's")
		resp, _ = viewer.do("GET", "/api/audit", nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode)

		// The activity log shows names too, and not the sign-ins.
		var activity []domain.Activity
		auditor.json("GET", "/api/activity", nil, http.StatusOK, &activity)
		require.NotEmpty(t, activity)
		assert.Equal(t, "Dana Reyes", activity[0].ActorName)
		for _, a := range activity {
			assert.NotEqual(t, "session", a.EntityType)
		}

		// Pages, newest first.
		resp, body := auditor.do("GET", "/api/audit?limit=2", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.NoError(t, json.Unmarshal(body, &entries))
		assert.Len(t, entries, 2)
		assert.Contains(t, resp.Header.Get("Link"), `rel="next"`)
		resp, _ = auditor.do("GET", "/api/audit?from=2026-13-01", nil)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)

		// Append-only: no route updates or deletes an entry.
		for _, m := range []string{"POST", "PUT", "PATCH", "DELETE"} {
			resp, _ := auditor.do(m, "/api/audit", map[string]any{})
			assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, m)
			resp, _ = auditor.do(m, "/api/audit/"+entries[0].ID, map[string]any{})
			assert.Equal(t, http.StatusNotFound, resp.StatusCode, m)
		}
	})
}

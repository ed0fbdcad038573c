package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func directoryFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "directory", name))
	require.NoError(t, err)
	return b
}

// TestDirectoryRoutes imports through the API as an admin, reads the
// directory as a planner (in full) and as a viewer (names and divisions),
// and counts an audience's members, on both backends.
func TestDirectoryRoutes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		_, adminCode, err := p.AddPerson(terminal(), "Ada Admin", "", "admin")
		require.NoError(t, err)
		_, viewerCode, err := p.AddPerson(terminal(), "Vic Viewer", "", "viewer")
		require.NoError(t, err)
		admin, viewer := ts.signInAs(adminCode), ts.signInAs(viewerCode)

		resp, body := ts.do(http.MethodPost, "/api/directory/import", directoryFixture(t, "staff.csv"))
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a planner does not import: %s", body)

		resp, body = admin.do(http.MethodPost, "/api/directory/import?dryRun=true", directoryFixture(t, "staff.csv"))
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var res plan.DirectoryImport
		require.NoError(t, json.Unmarshal(body, &res))
		assert.Equal(t, 3, res.Created)
		assert.False(t, res.Written)

		resp, body = admin.do(http.MethodPost, "/api/directory/import", directoryFixture(t, "bad.csv"))
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
		var refused ImportRefused
		require.NoError(t, json.Unmarshal(body, &refused))
		assert.Len(t, refused.Result.Errors, 5)
		assert.Equal(t, 3, refused.Result.Errors[0].Line)
		assert.Equal(t, "email", refused.Result.Errors[0].Field)

		resp, body = admin.do(http.MethodPost, "/api/directory/import?map=Nope%3Dname", directoryFixture(t, "staff.csv"))
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
		assert.Contains(t, string(body), `"file"`)

		resp, body = admin.do(http.MethodPost, "/api/directory/import", directoryFixture(t, "staff.csv"))
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		require.NoError(t, json.Unmarshal(body, &res))
		assert.Equal(t, 3, res.Created)

		resp, body = ts.do(http.MethodGet, "/api/directory?limit=2", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, "3", resp.Header.Get("X-Total-Count"))
		var rows []domain.Employee
		require.NoError(t, json.Unmarshal(body, &rows))
		require.Len(t, rows, 2)
		assert.Equal(t, "ann.abbott@example.com", rows[0].Email)

		resp, body = viewer.do(http.MethodGet, "/api/directory?division=sfb-california", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.NotContains(t, string(body), "@example.com", "a viewer sees no email")
		require.NoError(t, json.Unmarshal(body, &rows))
		require.Len(t, rows, 1)
		assert.Equal(t, "Ann Abbott", rows[0].Name)

		var one domain.Employee
		ts.json(http.MethodGet, "/api/directory/E003", nil, http.StatusOK, &one)
		assert.Equal(t, "Cy Chen", one.Name)
		resp, _ = ts.do(http.MethodGet, "/api/directory/nobody", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		resp, body = ts.do(http.MethodGet, "/api/directory?active=maybe", nil)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, string(body), `"active"`)

		var count AudienceCount
		ts.json(http.MethodPost, "/api/audiences/count", map[string]any{"locations": []string{"florida", "texas"}}, http.StatusOK, &count)
		require.NotNil(t, count.ContactCount)
		assert.Equal(t, 2, *count.ContactCount)
		var a domain.Audience
		ts.json(http.MethodPost, "/api/audiences", map[string]any{"name": "South", "locations": []string{"Florida", "Texas"},
			"excludeEmployeeIds": []string{"E002"}, "includeEmployeeIds": []string{"E001"}}, http.StatusCreated, &a)
		var list []domain.Audience
		ts.json(http.MethodGet, "/api/audiences", nil, http.StatusOK, &list)
		require.Len(t, list, 1)
		assert.Equal(t, 2, list[0].ContactCount, "Cy by the criteria, Ann included, Bob excluded")
		assert.NotNil(t, list[0].ContactCountAsOf)
		resp, body = ts.do(http.MethodGet, "/api/audiences/"+a.ID+"/members?limit=1&offset=1", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, "2", resp.Header.Get("X-Total-Count"))
		require.NoError(t, json.Unmarshal(body, &rows))
		require.Len(t, rows, 1)
		assert.Equal(t, "Cy Chen", rows[0].Name)

		// A leaver changes the cached audience list at once.
		resp, body = admin.do(http.MethodPost, "/api/directory/import", directoryFixture(t, "staff-leaver.csv"))
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		ts.json(http.MethodGet, "/api/audiences", nil, http.StatusOK, &list)
		assert.Equal(t, 2, list[0].ContactCount)
		ts.json(http.MethodPost, "/api/audiences/count", map[string]any{"locations": []string{"florida"}}, http.StatusOK, &count)
		assert.Equal(t, 0, *count.ContactCount, "Bob left")
	})
}

// TestSCIMIsMounted: /scim/v2 is served beside the API, behind its own
// token rather than a session.
func TestSCIMIsMounted(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	resp, body := ts.do(http.MethodGet, "/scim/v2/Users", nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "a session is no SCIM token: %s", body)
	token, err := plan.New(ts.Store).RotateSCIMToken(terminal())
	require.NoError(t, err)
	resp, body = ts.doWith(http.MethodGet, "/scim/v2/Users?filter=userName+eq+%22x%40example.com%22", nil,
		http.Header{"Authorization": {"Bearer " + token}})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	assert.Contains(t, string(body), `"totalResults":0`)
}

// TestDirectoryFacets: a division only the directory has is offered.
func TestDirectoryFacets(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	_, err := plan.New(ts.Store).ImportDirectory(terminal(), bytes.NewReader(directoryFixture(t, "hr-export-200-leavers.csv")), plan.DirectoryImportOptions{})
	require.NoError(t, err)
	var f store.Facets
	ts.json(http.MethodGet, "/api/directory/facets", nil, http.StatusOK, &f)
	assert.Contains(t, f.Divisions, store.Facet{Value: "NWF - Washington", Count: 5})
	assert.NotEmpty(t, f.JobTitles)
}

// TestDirectoryExportsAudited: every read of the directory with contact
// details (a page, an entry, an audience's members) leaves an audit entry
// naming who, what filter and how many rows; a viewer's reads show names
// and divisions only, leave none, and cannot find anyone by email. On
// both backends.
func TestDirectoryExportsAudited(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		_, adminCode, err := p.AddPerson(terminal(), "Ada Admin", "", "admin")
		require.NoError(t, err)
		_, viewerCode, err := p.AddPerson(terminal(), "Vic Viewer", "", "viewer")
		require.NoError(t, err)
		admin, viewer := ts.signInAs(adminCode), ts.signInAs(viewerCode)
		resp, body := admin.do(http.MethodPost, "/api/directory/import", directoryFixture(t, "staff.csv"))
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		exports := func() []domain.Activity {
			t.Helper()
			list, err := ts.Store.ListAudit(terminal(), store.AuditFilter{EntityType: store.DirectoryExportEntity, Limit: 50})
			require.NoError(t, err)
			return list
		}
		require.Empty(t, exports(), "an import exports nothing")

		resp, body = admin.do(http.MethodGet, "/api/directory?division=sfb-california&limit=10", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		list := exports()
		require.Len(t, list, 1)
		e := list[0]
		assert.Equal(t, store.ActionExported, e.Action)
		assert.Equal(t, "Ada Admin", e.ActorName)
		assert.Equal(t, "directory: 1 of 1 rows (division=sfb-california offset=0 limit=10)", e.Label)
		var ch store.Changes
		require.NoError(t, json.Unmarshal(e.Changes, &ch))
		assert.EqualValues(t, 1, ch["rows"].After)
		assert.Equal(t, "division=sfb-california offset=0 limit=10", ch["filter"].After)

		resp, _ = admin.do(http.MethodGet, "/api/directory?q=nobody-at-all", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Len(t, exports(), 1, "no rows, nothing exported")

		resp, _ = admin.do(http.MethodGet, "/api/directory/E002", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		list = exports()
		require.Len(t, list, 2)
		assert.Equal(t, "entry: 1 of 1 rows (employeeId=E002)", list[0].Label)

		var a domain.Audience
		ts.json(http.MethodPost, "/api/audiences", map[string]any{"name": "Florida", "locations": []string{"florida"}}, http.StatusCreated, &a)
		resp, _ = ts.do(http.MethodGet, "/api/audiences/"+a.ID+"/members", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		list = exports()
		require.Len(t, list, 3)
		assert.Equal(t, "audience members: 1 of 1 rows (audience=Florida offset=0 limit=100)", list[0].Label)
		assert.Equal(t, "Shared access", list[0].ActorName, "a planner signed in with the shared code")

		// A viewer: names and divisions only, no entry, no probing by email.
		for _, path := range []string{"/api/directory", "/api/directory/E002", "/api/audiences/" + a.ID + "/members"} {
			resp, body := viewer.do(http.MethodGet, path, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, path)
			assert.NotContains(t, string(body), "@example.com", path)
			assert.NotContains(t, string(body), `"phone"`, path)
			assert.NotContains(t, string(body), `"email"`, path)
			assert.Contains(t, string(body), `"division"`, path)
		}
		resp, body = viewer.do(http.MethodGet, "/api/directory?q=bob.brown%40example.com", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "0", resp.Header.Get("X-Total-Count"), "a viewer cannot find who has an address: %s", body)
		assert.Len(t, exports(), 3, "a viewer's reads export no personal data")

		// The exports move no cached list and stay out of the recent activity.
		var activity []domain.Activity
		ts.json(http.MethodGet, "/api/activity", nil, http.StatusOK, &activity)
		for _, e := range activity {
			assert.NotEqual(t, store.DirectoryExportEntity, e.EntityType)
		}
	})
}

package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gorilla/mux"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// documentedOperations reads every operation of docs/openapi.yaml as
// "METHOD /path" → operationId.
func documentedOperations(t *testing.T) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "openapi.yaml"))
	require.NoError(t, err)
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	out := map[string]string{}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if method == "parameters" {
				continue
			}
			var o struct {
				OperationID string `yaml:"operationId"`
			}
			require.NoError(t, op.Decode(&o))
			out[strings.ToUpper(method)+" "+path] = o.OperationID
		}
	}
	return out
}

// TestPermissionMatrix walks every operation in docs/openapi.yaml for every
// role, on both backends: a role that has the operation's permission is let
// through (whatever the answer then is, it is not 401 or 403), one that
// lacks it gets 403 naming the permission. It fails when an operation is
// missing from the table (operations, permissions.go) or the table names one
// that is not documented.
func TestPermissionMatrix(t *testing.T) {
	documented := documentedOperations(t)
	for route, id := range documented {
		op, ok := operations[route]
		if assert.True(t, ok, "%s (%s) is missing from the permission table (pkg/api/permissions.go)", route, id) {
			assert.Equal(t, id, op.ID, "%s: operationId", route)
		}
	}
	for route := range operations {
		assert.Contains(t, documented, route, "the permission table names %s, which docs/openapi.yaml does not describe", route)
	}
	// A viewer changes nothing: every write needs more than plan.read, but
	// for the downloads that take a POST body, marking one's own inbox
	// read, ending one of one's own sessions (pkg/plan refuses
	// another's) and counting an audience form's members.
	viewer := actor.Actor{ID: "v", Role: actor.RoleViewer}
	downloads := map[string]bool{"renderChecklistReport": true, "markInboxRead": true, "endSession": true, "countAudience": true}
	for route, op := range operations {
		if !strings.HasPrefix(route, "GET ") && op.Need != "" && !downloads[op.ID] {
			assert.False(t, viewer.Can(op.Need), "a viewer may %s", route)
		}
	}
	routes := make([]string, 0, len(documented))
	for r := range documented {
		routes = append(routes, r)
	}
	sort.Strings(routes)

	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		for _, role := range actor.Roles {
			_, code, err := p.AddPerson(terminal(), "A "+string(role), "", string(role))
			require.NoError(t, err)
			browser := ts.signInAs(code)
			who := actor.Actor{ID: "x", Role: role}
			for _, route := range routes {
				method, path, _ := strings.Cut(route, " ")
				op := operations[route]
				client := browser
				if op.Need == "" {
					client = ts.browser() // the open routes: logout must not end this role's session
				}
				// Placeholders: the gate is passed or not before any lookup.
				path = strings.NewReplacer("{id}", "00000000-0000-4000-8000-000000000000", "{commentId}", "00000000-0000-4000-8000-000000000001", "{name}", "nothing.zip",
					"{token}", "no-such-token").Replace(path)
				var body any
				if method != http.MethodGet && method != http.MethodDelete {
					body = map[string]any{}
				}
				resp, out := client.do(method, path, body)
				if op.Need == "" || who.Can(op.Need) {
					assert.NotContains(t, []int{http.StatusUnauthorized, http.StatusForbidden}, resp.StatusCode,
						"%s may %s: %s", role, route, out)
					continue
				}
				if assert.Equal(t, http.StatusForbidden, resp.StatusCode, "%s may not %s: %s", role, route, out) {
					var e PermissionError
					require.NoError(t, json.Unmarshal(out, &e))
					assert.Equal(t, op.Need, e.Permission, route)
				}
			}
		}
	})
}

// TestAuthorizeWithoutActor: a route that needs a permission, reached
// without an actor, is refused rather than let through; an open route of
// the permission table passes.
func TestAuthorizeWithoutActor(t *testing.T) {
	r := mux.NewRouter()
	r.Use(authorize)
	ok := func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }
	r.HandleFunc("/api/themes", ok).Methods(http.MethodGet)
	r.HandleFunc("/api/health", ok).Methods(http.MethodGet)
	for path, want := range map[string]int{"/api/themes": http.StatusUnauthorized, "/api/health": http.StatusOK} {
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		assert.Equal(t, want, rec.Code, path)
	}
}

package scim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/scim"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

type recording struct {
	Provider string `json:"provider"`
	Steps    []struct {
		Name    string          `json:"name"`
		Method  string          `json:"method"`
		Path    string          `json:"path"`
		Body    json.RawMessage `json:"body"`
		Status  int             `json:"status"`
		Capture string          `json:"capture"`
		Expect  map[string]any  `json:"expect"`
	} `json:"steps"`
}

// server serves the SCIM endpoint over a fresh database of b, with a token.
func server(t *testing.T, b storetest.Backend) (*httptest.Server, store.Store, string) {
	t.Helper()
	st := storetest.Open(t, b.DSN(t))
	p := plan.New(st)
	token, err := p.RotateSCIMToken(actor.With(context.Background(), actor.Terminal))
	require.NoError(t, err)
	h, err := scim.Handler(st, p)
	require.NoError(t, err)
	srv := httptest.NewServer(http.StripPrefix("/scim", h))
	t.Cleanup(srv.Close)
	return srv, st, token
}

// replay sends a recorded sequence, substituting captured ids, and checks
// each answer's status and expected fields.
func replay(t *testing.T, srv *httptest.Server, token, file string) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "scim", file))
	require.NoError(t, err)
	var rec recording
	require.NoError(t, json.Unmarshal(raw, &rec))
	ids := map[string]string{}
	subst := func(s string) string {
		for k, v := range ids {
			s = strings.ReplaceAll(s, "{"+k+"}", v)
		}
		return s
	}
	for _, step := range rec.Steps {
		var body io.Reader
		if len(step.Body) > 0 {
			body = bytes.NewReader([]byte(subst(string(step.Body))))
		}
		req, err := http.NewRequest(step.Method, srv.URL+subst(step.Path), body)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/scim+json")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		out, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, step.Status, resp.StatusCode, "%s: %s: %s", rec.Provider, step.Name, out)
		var answer map[string]any
		if len(out) > 0 {
			require.NoError(t, json.Unmarshal(out, &answer), "%s: %s", step.Name, out)
		}
		for k, want := range step.Expect {
			assert.EqualValues(t, want, answer[k], "%s: %s: %s", rec.Provider, step.Name, k)
		}
		if step.Capture != "" {
			id, _ := answer["id"].(string)
			require.NotEmpty(t, id, step.Name)
			ids[step.Capture] = id
		}
	}
	return ids
}

func audited(t *testing.T, st store.Store) []domain.Activity {
	t.Helper()
	list, err := st.ListAudit(context.Background(), store.AuditFilter{EntityType: "directory", Limit: 50})
	require.NoError(t, err)
	return list
}

// TestEntraSequence replays Entra ID's provisioning requests and checks the
// records they leave: the enterprise extension's fields, the manager by
// employeeId, "Replace" and "False" understood, a DELETE kept as an
// inactive entry, every write audited as the SCIM client.
func TestEntraSequence(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			srv, st, token := server(t, b)
			ids := replay(t, srv, token, "entra.json")
			ctx := context.Background()
			e, err := st.GetEmployee(ctx, ids["user"])
			require.NoError(t, err)
			assert.Equal(t, "C200", e.EmployeeID)
			assert.Equal(t, "Ryan B. Leenay", e.Name)
			assert.Equal(t, "ryan.leenay@contoso.example", e.Email)
			assert.Equal(t, "TFS - Florida", e.Division)
			assert.Equal(t, "Install", e.Department)
			assert.Equal(t, "C100", e.ManagerID, "the manager's SCIM id is kept as its employeeId")
			assert.Equal(t, "Senior Fire Alarm Technician", e.JobTitle)
			assert.Equal(t, "California", e.Location)
			assert.Equal(t, "en-US", e.Language)
			assert.Equal(t, domain.SourceSCIM, e.Source)
			assert.False(t, e.Active)
			assert.NotEmpty(t, e.EndDate, "a deleted user is kept, inactive, with an end date")
			m, err := st.GetEmployee(ctx, "C100")
			require.NoError(t, err)
			assert.True(t, m.Active)
			assert.Equal(t, "mia.manager@contoso.example", m.Email, "userName is kept in lower case")
			entries := audited(t, st)
			assert.Len(t, entries, 6, "two creates, three patches, one delete")
			for _, a := range entries {
				assert.Equal(t, actor.SCIMClient.ID, a.ActorID)
				assert.Equal(t, store.ActionDirectoryProvisioned, a.Action)
			}
		})
	}
}

// TestOktaSequence replays Okta's provisioning requests.
func TestOktaSequence(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			srv, st, token := server(t, b)
			ids := replay(t, srv, token, "okta.json")
			e, err := st.GetEmployee(context.Background(), ids["user"])
			require.NoError(t, err)
			assert.Equal(t, "00ujl29u0le5T6Aj10h7", e.EmployeeID, "without an employeeNumber the externalId is the key")
			assert.Equal(t, "Jane Doe-Smith", e.Name)
			assert.Equal(t, "Sprinkler Fitter", e.JobTitle)
			assert.Equal(t, "TFS - Florida", e.Division)
			assert.True(t, e.Active, "deactivated, then reactivated")
			assert.Equal(t, "Doe-Smith", e.Attributes["familyName"])
			assert.Len(t, audited(t, st), 4, "create, PUT, two PATCHes")
		})
	}
}

// TestToken: no token, a wrong one, and an old one after rotation are
// refused with 401; the new one is let through.
func TestToken(t *testing.T) {
	srv, st, token := server(t, storetest.Backends[0])
	get := func(auth string) int {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/scim/v2/Users", nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	assert.Equal(t, http.StatusOK, get("Bearer "+token))
	assert.Equal(t, http.StatusUnauthorized, get(""))
	assert.Equal(t, http.StatusUnauthorized, get("Bearer nope"))
	assert.Equal(t, http.StatusUnauthorized, get("Basic "+token))
	newToken, err := plan.New(st).RotateSCIMToken(actor.With(context.Background(), actor.Terminal))
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnauthorized, get("Bearer "+token), "the old token stops at once")
	assert.Equal(t, http.StatusOK, get("Bearer "+newToken))
	_, err = plan.New(st).RotateSCIMToken(actor.With(context.Background(), actor.Actor{ID: "p", Role: actor.RolePlanner}))
	var denied *actor.DeniedError
	assert.ErrorAs(t, err, &denied)
}

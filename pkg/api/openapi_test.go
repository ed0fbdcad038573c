package api

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gorilla/mux"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// operationIDPattern is an operationId's form: lowerCamelCase, a verb first.
var operationIDPattern = regexp.MustCompile(`^[a-z]+[A-Z][A-Za-z0-9]*$`)

// TestOpenAPICoversEveryRoute keeps docs/openapi.yaml true: every route the
// router serves is described, and nothing described is missing. Each
// operation has its own operationId (make lint-openapi checks the rest).
func TestOpenAPICoversEveryRoute(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "openapi.yaml"))
	require.NoError(t, err)
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	documented := map[string]bool{}
	operationIDs := map[string]string{} // operationId -> the route that has it
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if method == "parameters" {
				continue
			}
			route := strings.ToUpper(method) + " " + path
			documented[route] = true
			// Client generators name their methods after operationId.
			id, _ := op.(map[string]any)["operationId"].(string)
			if !assert.Regexp(t, operationIDPattern, id, "%s needs an operationId named for its use case (listThemes, createCommunication)", route) {
				continue
			}
			assert.Empty(t, operationIDs[id], "%s repeats the operationId %s", route, id)
			operationIDs[id] = route
		}
	}

	srv := New(Options{Store: storetest.Open(t, storetest.SQLiteDSN(t)), Codes: access.NewCodes([]string{"x"}), Secret: []byte("s")})
	served := map[string]bool{}
	require.NoError(t, srv.Router().Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		path, err := route.GetPathTemplate()
		if err != nil || !strings.HasPrefix(path, "/api/") {
			return nil
		}
		methods, _ := route.GetMethods()
		for _, m := range methods {
			served[m+" "+path] = true
		}
		return nil
	}))
	for route := range served {
		assert.True(t, documented[route], "%s is served but not in docs/openapi.yaml", route)
	}
	for route := range documented {
		assert.True(t, served[route], "%s is in docs/openapi.yaml but not served", route)
	}
}

package api

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gorilla/mux"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestOpenAPICoversEveryRoute keeps docs/openapi.yaml true: every route the
// router serves is described, and nothing described is missing.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "openapi.yaml"))
	require.NoError(t, err)
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method != "parameters" {
				documented[strings.ToUpper(method)+" "+path] = true
			}
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

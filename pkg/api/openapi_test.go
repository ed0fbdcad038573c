package api

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/gorilla/mux"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// operationIDPattern is an operationId's form: lowerCamelCase, a verb first.
var operationIDPattern = regexp.MustCompile(`^[a-z]+[A-Z][A-Za-z0-9]*$`)

// TestOpenAPICoversEveryRoute keeps docs/openapi.yaml true: every route the
// router serves is described, and nothing described is missing. Each
// operation has its own operationId, its request body and answers have
// schemas (make lint-openapi checks the rest).
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
			operation, _ := op.(map[string]any)
			// Client generators name their methods after operationId, and
			// type a method's argument and result from the schemas.
			id, _ := operation["operationId"].(string)
			if method == "put" || method == "patch" { // a POST may take no body
				assert.Contains(t, operation, "requestBody", "%s describes no request body", route)
			}
			responses, _ := operation["responses"].(map[string]any)
			// security: [] marks the routes the session gate lets through;
			// every other one answers 401 without a session.
			security, set := operation["security"].([]any)
			open := set && len(security) == 0
			assert.Equal(t, isOpen(strings.ToUpper(method), path), open,
				"%s: security: [] in docs/openapi.yaml must match the permission table's open routes (permissions.go)", route)
			if !open {
				assert.Contains(t, responses, "401", "%s is behind the session gate but lists no 401 (components/responses/Unauthorized)", route)
			}
			for code, r := range responses {
				if resp, _ := r.(map[string]any); strings.HasPrefix(code, "2") && code != "204" && resp["$ref"] == nil {
					assert.Contains(t, resp, "content", "%s's %s answer has no content schema", route, code)
				}
			}
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

// TestOpenAPISchemasMatchTypes keeps the described records true for client
// generators: each schema names exactly the JSON fields of the Go type the
// API sends, so a field added to one and not the other fails here.
func TestOpenAPISchemasMatchTypes(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "openapi.yaml"))
	require.NoError(t, err)
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `yaml:"properties"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	for name, v := range map[string]any{
		"Theme":                   domain.Theme{},
		"Question":                domain.Question{},
		"Content":                 domain.Content{},
		"Audience":                domain.Audience{},
		"Vehicle":                 domain.Vehicle{},
		"Communication":           domain.Communication{},
		"Activity":                domain.Activity{},
		"SearchHit":               domain.SearchHit{},
		"Blackout":                domain.Blackout{},
		"CalendarFeed":            domain.CalendarFeed{},
		"Backup":                  backup.Info{},
		"Campaign":                domain.Campaign{},
		"CampaignImport":          plan.ImportResult{},
		"ChecklistTemplate":       domain.ChecklistTemplate{},
		"ChecklistSnapshot":       domain.ChecklistSnapshot{},
		"ChecklistItem":           checklist.Item{},
		"ChecklistStats":          checklist.Stats{},
		"SavedNewsletterTemplate": domain.NewsletterTemplate{},
		"NewsletterTemplate":      compose.NewsletterTemplate{},
		"NewsletterSection":       compose.Section{},
		"ScheduleWarning":         schedule.Warning{},
	} {
		schema, ok := doc.Components.Schemas[name]
		if !assert.True(t, ok, "docs/openapi.yaml has no schema %s", name) {
			continue
		}
		var described []string
		for p := range schema.Properties {
			described = append(described, p)
		}
		assert.ElementsMatch(t, jsonFields(reflect.TypeOf(v)), described, "schema %s against %T", name, v)
	}
}

// jsonFields lists the names encoding/json gives a struct's fields, with
// embedded structs flattened and an outer field hiding an inner one.
func jsonFields(t reflect.Type) []string {
	seen := map[string]bool{}
	var names []string
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case tag == "-":
				continue
			case f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct:
				defer walk(f.Type) // after the outer fields, which win
				continue
			case !f.IsExported():
				continue
			case tag == "":
				tag = f.Name
			}
			if !seen[tag] {
				seen[tag] = true
				names = append(names, tag)
			}
		}
	}
	walk(t)
	return names
}

package api_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/api"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/cli"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// update rewrites the vehicle type enums of docs/openapi.yaml from the
// registry: go test ./pkg/api -run TestEveryPlaceListsTheVehicleTypeRegistry -update
var update = flag.Bool("update", false, "rewrite the vehicle type enums of docs/openapi.yaml from domain.VehicleTypes")

// TestEveryPlaceListsTheVehicleTypeRegistry takes the vehicle types from the
// registry (domain.VehicleTypes) and checks every other place that lists
// them: the reference API the screens read, the exports' channel labels, the
// compose rules, the CLI help and the OpenAPI enums. A type added to one
// place only fails here.
func TestEveryPlaceListsTheVehicleTypeRegistry(t *testing.T) {
	names := make([]string, len(domain.VehicleTypes))
	for i, v := range domain.VehicleTypes {
		names[i] = v.Type
		require.NotEmpty(t, v.Label, "%s has no label", v.Type)
	}
	require.Equal(t, names, domain.VehicleTypeNames)

	t.Run("reference API", func(t *testing.T) {
		var ref struct {
			VehicleTypes []struct{ Type, Label string } `json:"vehicleTypes"`
		}
		require.NoError(t, json.Unmarshal(getReference(t), &ref))
		require.Len(t, ref.VehicleTypes, len(domain.VehicleTypes))
		for i, v := range domain.VehicleTypes {
			assert.Equal(t, v.Type, ref.VehicleTypes[i].Type)
			assert.Equal(t, v.Label, ref.VehicleTypes[i].Label, v.Type)
		}
	})

	t.Run("export labels", func(t *testing.T) {
		s := &campaign.Schedule{ID: "c", CampaignName: "Registry", StartDate: "2026-01-05", EndDate: "2026-01-30"}
		p := campaign.Phase{ID: "p", Name: "Launch"}
		for i, v := range domain.VehicleTypes {
			a := campaign.Activity{ID: v.Type, Title: "About " + v.Type, Date: "2026-01-" + two(5+i),
				Phase: "Launch", Channel: v.Type, Priority: campaign.PriorityMedium}
			p.Activities = append(p.Activities, a)
			s.Activities = append(s.Activities, a)
		}
		s.Phases = []campaign.Phase{p}
		html, err := campaign.RenderHTML(s)
		require.NoError(t, err)
		var ics bytes.Buffer
		require.NoError(t, campaign.WriteICS(&ics, s, campaign.ICSOptions{}))
		unfolded := strings.ReplaceAll(ics.String(), "\r\n ", "")
		for _, v := range domain.VehicleTypes {
			assert.Equal(t, v.Label, campaign.ChannelLabel(v.Type))
			assert.Contains(t, html, "<td>"+htmlEscape(v.Label)+"</td>", "HTML export, %s", v.Type)
			assert.Contains(t, unfolded, `Channel: `+icsEscape(v.Label), "ICS export, %s", v.Type)
		}
	})

	t.Run("compose rules", func(t *testing.T) {
		for _, v := range domain.VehicleTypes {
			_, err := compose.Generate(compose.Input{Theme: compose.Theme{Name: "Registry"},
				Vehicle: &compose.Vehicle{Name: v.Label, Type: v.Type, Settings: v.DefaultSettings}})
			assert.NoError(t, err, "%s has no compose rule", v.Type)
		}
	})

	t.Run("CLI help", func(t *testing.T) {
		var out, errOut bytes.Buffer
		code := cli.Run(&cli.Factory{Version: "test", In: strings.NewReader(""), Out: &out, Err: &errOut},
			[]string{"content", "generate", "--help"})
		require.Equal(t, 0, code, errOut.String())
		_, list, ok := strings.Cut(out.String(), "Vehicle types:\n")
		require.True(t, ok, "the help lists the vehicle types")
		list, _, _ = strings.Cut(list, "\n\n")
		assert.Equal(t, names, regexp.MustCompile(`[a-z_]+`).FindAllString(list, -1))
	})

	t.Run("OpenAPI enums", func(t *testing.T) {
		path := filepath.Join("..", "..", "docs", "openapi.yaml")
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		if *update {
			raw = rewriteVehicleTypeEnums(raw, names)
			require.NoError(t, os.WriteFile(path, raw, 0o644))
		}
		var doc any
		require.NoError(t, yaml.Unmarshal(raw, &doc))
		found := 0
		walkEnums(doc, "", func(path string, enum []string) {
			// Content's type enum shares "video" only: two shared names
			// make an enum a list of vehicle types.
			if shared := slices.DeleteFunc(slices.Clone(enum), func(e string) bool { return !slices.Contains(names, e) }); len(shared) >= 2 {
				found++
				assert.Equal(t, names, enum, "%s must list the registry's types in its order: [%s]",
					path, strings.Join(names, ", "))
			}
		})
		assert.Positive(t, found, "docs/openapi.yaml has a vehicle type enum")
	})
}

// getReference answers GET /api/reference from a real server.
func getReference(t *testing.T) []byte {
	t.Helper()
	srv := httptest.NewServer(api.New(api.Options{Store: storetest.Open(t, storetest.SQLiteDSN(t)),
		Codes: access.NewCodes([]string{"code"}), Secret: []byte("s"),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}).Handler())
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	client := &http.Client{Jar: jar}
	resp, err := client.Post(srv.URL+"/api/session", "application/json", strings.NewReader(`{"code":"code"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp, err = client.Get(srv.URL + "/api/reference")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return body
}

// flowEnum is an enum written on one line, as every enum of
// docs/openapi.yaml is.
var flowEnum = regexp.MustCompile(`enum: \[([^\]]*)\]`)

// rewriteVehicleTypeEnums writes names into every one-line enum that lists
// vehicle types (two or more of names, the rule the check uses), leaving
// the rest of the document as it is.
func rewriteVehicleTypeEnums(doc []byte, names []string) []byte {
	return flowEnum.ReplaceAllFunc(doc, func(m []byte) []byte {
		shared := 0
		for _, e := range strings.Split(string(flowEnum.FindSubmatch(m)[1]), ",") {
			if slices.Contains(names, strings.Trim(strings.TrimSpace(e), `"'`)) {
				shared++
			}
		}
		if shared < 2 {
			return m
		}
		return []byte("enum: [" + strings.Join(names, ", ") + "]")
	})
}

// walkEnums calls fn with every string enum in an OpenAPI document.
func walkEnums(node any, path string, fn func(path string, enum []string)) {
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			if list, ok := v.([]any); ok && k == "enum" {
				var enum []string
				for _, e := range list {
					if s, ok := e.(string); ok {
						enum = append(enum, s)
					}
				}
				fn(path, enum)
				continue
			}
			walkEnums(v, path+"/"+k, fn)
		}
	case []any:
		for _, v := range n {
			walkEnums(v, path+"/[]", fn)
		}
	}
}

func two(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

func htmlEscape(s string) string { return strings.ReplaceAll(s, "&", "&amp;") }

func icsEscape(s string) string { return strings.NewReplacer(",", `\,`, ";", `\;`).Replace(s) }

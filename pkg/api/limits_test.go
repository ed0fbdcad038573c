package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestReferenceLimitsAreTheServersLimits checks that the limits GET
// /api/reference gives the UI are the ones the server enforces: a value at
// the limit is accepted and one past it refused, naming the field.
func TestReferenceLimitsAreTheServersLimits(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	var ref struct {
		Limits             Limits                     `json:"limits"`
		NewsletterTemplate compose.NewsletterTemplate `json:"newsletterTemplate"`
	}
	ts.json(http.MethodGet, "/api/reference", nil, http.StatusOK, &ref)
	lim := ref.Limits
	require.Positive(t, lim.Name)

	refused := func(method, path string, body any, field string) {
		t.Helper()
		resp, out := ts.do(method, path, body)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s %s: %s", method, path, out)
		assert.Contains(t, string(out), field)
	}

	t.Run("name and description", func(t *testing.T) {
		ts.json(http.MethodPost, "/api/vehicles", map[string]any{"name": strings.Repeat("n", lim.Name),
			"type": "email", "description": strings.Repeat("d", lim.Description)}, http.StatusCreated, nil)
		refused(http.MethodPost, "/api/vehicles", map[string]any{"name": strings.Repeat("n", lim.Name+1), "type": "email"}, `"name"`)
		refused(http.MethodPost, "/api/vehicles", map[string]any{"name": "n", "type": "email",
			"description": strings.Repeat("d", lim.Description+1)}, `"description"`)
	})

	t.Run("newsletter sub-sections", func(t *testing.T) {
		withSubs := func(n int) map[string]any {
			tmpl := ref.NewsletterTemplate
			tmpl.Sections = append([]compose.Section(nil), tmpl.Sections...)
			tmpl.Sections[0].SubSections = nil
			for i := range n {
				tmpl.Sections[0].SubSections = append(tmpl.Sections[0].SubSections,
					compose.SubSection{ID: "1-" + strings.Repeat("x", i+1), Title: "t", Content: "c"})
			}
			return map[string]any{"name": "N", "description": "D", "template": tmpl}
		}
		ts.json(http.MethodPost, "/api/newsletter-templates", withSubs(lim.NewsletterSubSections), http.StatusCreated, nil)
		refused(http.MethodPost, "/api/newsletter-templates", withSubs(lim.NewsletterSubSections+1), "subSections")
	})

	t.Run("checklist", func(t *testing.T) {
		var st struct {
			Items   []checklist.Item `json:"items"`
			Version int              `json:"version"`
		}
		ts.json(http.MethodGet, "/api/checklist", nil, http.StatusOK, &st)
		items := append([]checklist.Item(nil), st.Items...)
		items[0].MaxScore = lim.Checklist.MaxMaxScore + 1
		refused(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": st.Version}, "maxScore")
		items[0].MaxScore = lim.Checklist.MinMaxScore - 1
		refused(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": st.Version}, "maxScore")
		items[0].MaxScore = lim.Checklist.MaxMaxScore
		items[0].Title = strings.Repeat("t", lim.Checklist.Title)
		ts.json(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": st.Version}, http.StatusOK, nil)
		items[0].Title += "t"
		refused(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": st.Version + 1}, "title")
		assert.Equal(t, checklist.DefaultMaxScore, lim.Checklist.DefaultMaxScore)
	})
}

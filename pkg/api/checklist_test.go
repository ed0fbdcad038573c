package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// awkwardChecklist is the initial checklist with text an HTML round trip
// could mangle, a disabled item and varied weights.
func awkwardChecklist(t *testing.T) []checklist.Item {
	t.Helper()
	items := checklist.Initial()
	items[0].Notes = "<script>alert('x')</script>\n\n</dd></article> & &amp; \"quoted\" ünï 🎉"
	items[1].Team = `<img src=x onerror=alert(1)>`
	items[1].Weight = 5
	items[2].Enabled = false
	items[3].Description = "\n  First line\n\nThird line  \n"
	items[4].ActualScore = 10
	return items
}

func TestChecklistWorkingCopy(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)

		var fresh plan.ChecklistState
		ts.json(http.MethodGet, "/api/checklist", nil, http.StatusOK, &fresh)
		assert.Equal(t, checklist.Initial(), fresh.Items, "a fresh database starts with the initial checklist")
		assert.Equal(t, 0, fresh.Version)
		assert.Nil(t, fresh.UpdatedAt)
		assert.Equal(t, 38.2, fresh.Stats.ReadinessPercentage)
		assert.Equal(t, checklist.Categories(), fresh.Categories)

		items := awkwardChecklist(t)
		var saved plan.ChecklistState
		ts.json(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": 0}, http.StatusOK, &saved)
		assert.Equal(t, 1, saved.Version)
		assert.NotNil(t, saved.UpdatedAt)
		assert.Equal(t, items, saved.Items)
		assert.Equal(t, checklist.Score(items), saved.Stats)

		// A planner who still holds version 0 cannot overwrite the save.
		stale := checklist.Initial()
		stale[0].Notes = "stale"
		resp, body := ts.do(http.MethodPut, "/api/checklist", map[string]any{"items": stale, "version": 0})
		assert.Equal(t, http.StatusConflict, resp.StatusCode, string(body))
		errorBody(t, body)
		// It says who saved first, and when.
		var conflict ConflictBody
		require.NoError(t, json.Unmarshal(body, &conflict))
		assert.Equal(t, "Shared access", conflict.ChangedBy)
		require.NotNil(t, conflict.ChangedAt)
		assert.True(t, strings.HasPrefix(conflict.Error, "Changed by Shared access at "+conflict.ChangedAt.UTC().Format("15:04")+" UTC; "), conflict.Error)

		var got plan.ChecklistState
		ts.json(http.MethodGet, "/api/checklist", nil, http.StatusOK, &got)
		assert.Equal(t, items, got.Items, "the conflicting save changed nothing")
		assert.Equal(t, 1, got.Version)

		items = slices.Clone(items)
		items[0].ActualScore = items[0].MaxScore
		ts.json(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": 1}, http.StatusOK, &saved)
		assert.Equal(t, 2, saved.Version)
		resp, body = ts.do(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": 7})
		assert.Equal(t, http.StatusConflict, resp.StatusCode, "a version from the future is stale too: %s", body)

		var history []domain.ChecklistSnapshot
		ts.json(http.MethodGet, "/api/checklist/history", nil, http.StatusOK, &history)
		require.Len(t, history, 2, "one snapshot per accepted save")
		var first, second checklist.Stats
		require.NoError(t, json.Unmarshal(history[0].Stats, &first))
		require.NoError(t, json.Unmarshal(history[1].Stats, &second))
		assert.Equal(t, checklist.Score(awkwardChecklist(t)), first)
		assert.Equal(t, checklist.Score(items), second)
		assert.False(t, history[1].At.Before(history[0].At))

		// ?limit=N keeps the latest N, oldest first; a bad limit is a 400 naming it.
		var latest []domain.ChecklistSnapshot
		ts.json(http.MethodGet, "/api/checklist/history?limit=1", nil, http.StatusOK, &latest)
		assert.Equal(t, history[1:], latest)
		ts.json(http.MethodGet, "/api/checklist/history?limit=5", nil, http.StatusOK, &latest)
		assert.Equal(t, history, latest)
		for _, bad := range []string{"0", "-1", "x", "10001"} {
			resp, body := ts.do(http.MethodGet, "/api/checklist/history?limit="+bad, nil)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, "limit=%s: %s", bad, body)
			assert.Contains(t, errorBody(t, body).Fields, "limit")
		}
	})
}

func TestChecklistConcurrentSaves(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ts.json(http.MethodPut, "/api/checklist", map[string]any{"items": checklist.Initial(), "version": 0}, http.StatusOK, nil)

		const planners = 6
		statuses := make(chan int, planners)
		var wg sync.WaitGroup
		for i := range planners {
			wg.Go(func() {
				items := checklist.Initial()
				items[0].ActualScore = i
				resp, _ := ts.do(http.MethodPut, "/api/checklist", map[string]any{"items": items, "version": 1})
				statuses <- resp.StatusCode
			})
		}
		wg.Wait()
		close(statuses)
		count := map[int]int{}
		for s := range statuses {
			count[s]++
		}
		assert.Equal(t, map[int]int{http.StatusOK: 1, http.StatusConflict: planners - 1}, count)
		var history []domain.ChecklistSnapshot
		ts.json(http.MethodGet, "/api/checklist/history", nil, http.StatusOK, &history)
		assert.Len(t, history, 2)
	})
}

func TestChecklistPutRejects(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	bad := checklist.Initial()
	bad[2].Weight = 4
	tests := []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"no version", map[string]any{"items": checklist.Initial()}, 400, "version"},
		{"negative version", map[string]any{"items": checklist.Initial(), "version": -1}, 400, "version"},
		{"no items", map[string]any{"version": 0}, 400, "items"},
		{"null items", map[string]any{"items": nil, "version": 0}, 400, "items"},
		{"bad weight", map[string]any{"items": bad, "version": 0}, 400, "items[2].weight"},
		{"wrong type", `{"items": "all of them", "version": 0}`, 400, "items"},
		{"wrong item field type", `{"items": [{"id": "one"}], "version": 0}`, 400, ""},
		{"not JSON", `<html>`, 400, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.do(http.MethodPut, "/api/checklist", tc.body)
			require.Equal(t, tc.status, resp.StatusCode, string(body))
			e := errorBody(t, body)
			if tc.field != "" {
				assert.Contains(t, e.Fields, tc.field, string(body))
			}
		})
	}
	var history []domain.ChecklistSnapshot
	ts.json(http.MethodGet, "/api/checklist/history", nil, http.StatusOK, &history)
	assert.Empty(t, history, "nothing was saved")
	assert.NotNil(t, history, "an empty history is [], not null")
}

func TestChecklistTemplates(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)

		var list []domain.ChecklistTemplate
		ts.json(http.MethodGet, "/api/checklist-templates", nil, http.StatusOK, &list)
		assert.Empty(t, list)
		assert.NotNil(t, list)

		items := awkwardChecklist(t)
		var created domain.ChecklistTemplate
		ts.json(http.MethodPost, "/api/checklist-templates", map[string]any{
			"name": "  Wave 1 baseline  ", "description": "Before the pilot", "items": items, "isPublic": false,
			"metadata": map[string]any{"version": "1.0", "createdBy": "Alex", "totalItems": 999, "completedItems": 999},
		}, http.StatusCreated, &created)
		assert.NotEmpty(t, created.ID)
		assert.Equal(t, "Wave 1 baseline", created.Name)
		assert.Equal(t, "Before the pilot", created.Description)
		var gotItems []checklist.Item
		require.NoError(t, json.Unmarshal(created.Items, &gotItems))
		assert.Equal(t, items, gotItems)
		var meta checklist.Metadata
		require.NoError(t, json.Unmarshal(created.Metadata, &meta))
		assert.Equal(t, checklist.Metadata{Version: "1.0", CreatedBy: "Alex", TotalItems: 25, CompletedItems: 13, Imported: false}, meta,
			"the counts come from the items, not the client")

		ts.json(http.MethodGet, "/api/checklist-templates", nil, http.StatusOK, &list)
		require.Len(t, list, 1)
		assert.Equal(t, created.ID, list[0].ID)
		assert.JSONEq(t, string(created.Items), string(list[0].Items))

		var one domain.ChecklistTemplate
		ts.json(http.MethodGet, "/api/checklist-templates/"+created.ID, nil, http.StatusOK, &one)
		assert.JSONEq(t, string(created.Items), string(one.Items))
		assert.JSONEq(t, string(created.Metadata), string(one.Metadata))

		resp, body := ts.do(http.MethodDelete, "/api/checklist-templates/"+created.ID, nil)
		assert.Equal(t, http.StatusNoContent, resp.StatusCode, string(body))
		resp, _ = ts.do(http.MethodGet, "/api/checklist-templates/"+created.ID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		resp, _ = ts.do(http.MethodDelete, "/api/checklist-templates/"+created.ID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	})
}

func TestChecklistTemplateRejects(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	bad := checklist.Initial()
	bad[0].ActualScore = 11
	tests := []struct {
		name  string
		body  any
		field string
	}{
		{"no name", map[string]any{"items": checklist.Initial()}, "name"},
		{"blank name", map[string]any{"name": "  ", "items": checklist.Initial()}, "name"},
		{"long name", map[string]any{"name": strings.Repeat("n", domain.MaxName+1), "items": checklist.Initial()}, "name"},
		{"no items", map[string]any{"name": "N"}, "items"},
		{"score above max", map[string]any{"name": "N", "items": bad}, "items[0].actualScore"},
		{"bad metadata", map[string]any{"name": "N", "items": checklist.Initial(), "metadata": "v1"}, "metadata"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.do(http.MethodPost, "/api/checklist-templates", tc.body)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
			assert.Contains(t, errorBody(t, body).Fields, tc.field, string(body))
		})
	}
	var list []domain.ChecklistTemplate
	ts.json(http.MethodGet, "/api/checklist-templates", nil, http.StatusOK, &list)
	assert.Empty(t, list)
}

func TestChecklistReportAndImport(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		items := awkwardChecklist(t)

		resp, report := ts.do(http.MethodPost, "/api/checklist/report", map[string]any{"items": items, "date": "2025-03-07"})
		require.Equal(t, http.StatusOK, resp.StatusCode, string(report))
		assert.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"))
		assert.Equal(t, `attachment; filename=business_readiness_report_2025-03-07.html`, resp.Header.Get("Content-Disposition"))
		assert.Contains(t, string(report), "3/7/2025")
		assert.Contains(t, string(report), "&lt;script&gt;")
		assert.NotContains(t, string(report), "<script>")

		var imported struct {
			domain.ChecklistTemplate
			Items []checklist.Item `json:"items"`
		}
		ts.json(http.MethodPost, "/api/checklist-templates/import-html", map[string]any{
			"name": "Imported", "description": "From the March report", "htmlContent": string(report),
		}, http.StatusCreated, &imported)
		assert.Equal(t, items, imported.Items, "the report reads back exactly")
		assert.Equal(t, "Imported", imported.Name)
		var meta checklist.Metadata
		require.NoError(t, json.Unmarshal(imported.Metadata, &meta))
		assert.Equal(t, checklist.Metadata{Version: "1.0", CreatedBy: checklist.CreatedByImport, TotalItems: 25, CompletedItems: 13, Imported: true}, meta)

		var stored domain.ChecklistTemplate
		ts.json(http.MethodGet, "/api/checklist-templates/"+imported.ID, nil, http.StatusOK, &stored)
		var storedItems []checklist.Item
		require.NoError(t, json.Unmarshal(stored.Items, &storedItems))
		assert.Equal(t, items, storedItems)
	})
}

func TestChecklistImportRejects(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	report, err := checklist.RenderBytes(checklist.Initial(), checklist.ReportOptions{})
	require.NoError(t, err)
	tampered := strings.Replace(string(report), `data-weight="1"`, `data-weight="4"`, 1)
	tests := []struct {
		name   string
		body   any
		status int
		error  string
		field  string
	}{
		{"not a report", map[string]any{"name": "N", "htmlContent": "<html><body><h1>Hello</h1></body></html>"}, 400, checklist.ErrInvalidFormat.Error(), "htmlContent"},
		{"plain text", map[string]any{"name": "N", "htmlContent": "hello"}, 400, checklist.ErrInvalidFormat.Error(), "htmlContent"},
		{"tampered", map[string]any{"name": "N", "htmlContent": tampered}, 400, checklist.ErrInvalidFormat.Error(), "items[0].weight"},
		{"truncated", map[string]any{"name": "N", "htmlContent": string(report[:len(report)/2])}, 400, checklist.ErrInvalidFormat.Error(), "htmlContent"},
		{"hostile nesting", map[string]any{"name": "N", "htmlContent": `<main data-commsplan-checklist="1">` + strings.Repeat("<div>", 100000)}, 400, checklist.ErrInvalidFormat.Error(), "htmlContent"},
		{"no html", map[string]any{"name": "N"}, 400, checklist.ErrInvalidFormat.Error(), "htmlContent"},
		{"no name", map[string]any{"htmlContent": string(report)}, 400, "name is required", "name"},
		{"too large", map[string]any{"name": "N", "htmlContent": string(report) + strings.Repeat(" ", checklist.MaxImportSize)}, 413, "checklist HTML is larger than 10 MiB", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.do(http.MethodPost, "/api/checklist-templates/import-html", tc.body)
			require.Equal(t, tc.status, resp.StatusCode, string(body))
			e := errorBody(t, body)
			assert.Equal(t, tc.error, e.Error)
			if tc.field != "" {
				assert.Contains(t, e.Fields, tc.field, string(body))
			}
		})
	}
	t.Run("envelope too large", func(t *testing.T) {
		resp, body := ts.do(http.MethodPost, "/api/checklist-templates/import-html",
			fmt.Sprintf(`{"name":"N","htmlContent":"%s"}`, strings.Repeat("x", maxImportRequest)))
		assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode, string(body))
	})
	var list []domain.ChecklistTemplate
	ts.json(http.MethodGet, "/api/checklist-templates", nil, http.StatusOK, &list)
	assert.Empty(t, list, "nothing is stored")
}

func TestChecklistReportRejects(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	bad := checklist.Initial()
	bad[1].MaxScore = 0
	tests := []struct {
		name  string
		body  any
		field string
	}{
		{"no items", map[string]any{}, "items"},
		{"invalid item", map[string]any{"items": bad}, "items[1].maxScore"},
		{"bad date", map[string]any{"items": checklist.Initial(), "date": "03/07/2025"}, "date"},
		{"long title", map[string]any{"items": checklist.Initial(), "title": strings.Repeat("t", domain.MaxName+1)}, "title"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.do(http.MethodPost, "/api/checklist/report", tc.body)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
			assert.Contains(t, errorBody(t, body).Fields, tc.field)
		})
	}
	t.Run("default date and title", func(t *testing.T) {
		resp, body := ts.do(http.MethodPost, "/api/checklist/report", map[string]any{"items": []checklist.Item{}, "title": "Go-Live <Readiness>"})
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Contains(t, resp.Header.Get("Content-Disposition"), "business_readiness_report_")
		assert.Contains(t, string(body), "<h1>Go-Live &lt;Readiness&gt;</h1>")
		items, err := checklist.ParseReport(body)
		require.NoError(t, err)
		assert.Empty(t, items)
	})
}

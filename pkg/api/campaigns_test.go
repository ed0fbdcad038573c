package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/campaign/check"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/load"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// campaignConfig reads a scheduler configuration from testdata/campaign.
func campaignConfig(t *testing.T, name string) campaign.Config {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "campaign", "configs", name+".json"))
	require.NoError(t, err)
	var cfg campaign.Config
	require.NoError(t, json.Unmarshal(raw, &cfg))
	return cfg
}

func TestGenerateCampaign(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)

		for _, name := range []string{"technology-implementation", "ma-integration-pre-acquisition", "change-management-organizational"} {
			cfg := campaignConfig(t, name)
			var got struct {
				Schedule    json.RawMessage `json:"schedule"`
				HTMLContent string          `json:"htmlContent"`
			}
			ts.json("POST", "/api/campaigns/generate", cfg, http.StatusOK, &got)
			want, err := campaign.Generate(cfg, orgdata.Load())
			require.NoError(t, err)
			wantJSON, err := json.Marshal(want)
			require.NoError(t, err)
			assert.JSONEq(t, string(wantJSON), string(got.Schedule), name)
			wantHTML, err := campaign.RenderHTML(want)
			require.NoError(t, err)
			assert.Equal(t, wantHTML, got.HTMLContent, name)
		}

		base := map[string]any{"campaignName": "Go-Live", "startDate": "2025-01-01", "endDate": "2025-03-01",
			"campaignTypes": []string{"change-management"}}
		with := func(kv ...any) map[string]any {
			m := map[string]any{}
			for k, v := range base {
				m[k] = v
			}
			for i := 0; i < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return m
		}
		cases := []struct {
			name  string
			body  any
			msg   string
			field string
		}{
			{"missing name", with("campaignName", ""), "Please fill in all required fields", "campaignName"},
			{"no type", with("campaignTypes", []string{}), "Please fill in all required fields", "campaignTypes"},
			{"end before start", with("endDate", "2024-12-01"), "End date must be after start date", "endDate"},
			{"go-live missing", with("campaignTypes", []string{"technology-implementation"}),
				"Go-Live Date is required for technology implementations", "goLiveDate"},
			{"go-live outside", with("campaignTypes", []string{"technology-implementation"}, "goLiveDate", "2025-04-01"),
				"Go-Live Date must be within the campaign period", "goLiveDate"},
			{"acquisition missing", with("campaignTypes", []string{"ma-integration"}, "maturityPhases", []string{"newly-acquired"}),
				"Acquisition Date is required for Newly Acquired and Integrating audiences", "acquisitionDate"},
			{"no pre-acquisition phase", with("campaignTypes", []string{"ma-integration"}, "maturityPhases", []string{"pre-acquisition"}),
				"Select at least one phase", "preAcquisitionPhases"},
			{"unknown division", with("divisions", []string{"nope"}), `Unknown division: "nope"`, "divisions"},
			{"wrong type", with("campaignTypes", "change-management"), "campaignTypes has the wrong type", "campaignTypes"},
			{"holiday not a date", with("holidays", []string{"2025-02-30"}), "Holiday must be a valid date (YYYY-MM-DD)", "holidays"},
			{"unknown calendar", with("holidayCalendar", "atlantis"), `Unknown holiday calendar: "atlantis"`, "holidayCalendar"},
			{"cap below 1", with("maxPerAudienceWeek", 0), "maxPerAudienceWeek must be a whole number of 1 or more", "maxPerAudienceWeek"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				resp, body := ts.do("POST", "/api/campaigns/generate", tc.body)
				require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
				e := errorBody(t, body)
				assert.Equal(t, tc.msg, e.Error)
				assert.Contains(t, e.Fields, tc.field)
			})
		}
	})
}

// generated returns a schedule and its HTML from the generator.
func generated(t *testing.T, cfg campaign.Config) (*campaign.Schedule, string) {
	t.Helper()
	s, err := campaign.Generate(cfg, orgdata.Load())
	require.NoError(t, err)
	h, err := campaign.RenderHTML(s)
	require.NoError(t, err)
	return s, h
}

// TestCampaignHTMLIsTheServersRendering is the first finding: a
// campaign saved with a script in htmlContent comes back, and downloads,
// as the server's rendering of its schedule, every text escaped.
func TestCampaignHTMLIsTheServersRendering(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		sched, _ := generated(t, campaignConfig(t, "change-management-organizational"))
		hostile := *sched
		hostile.Activities = append([]campaign.Activity(nil), sched.Activities...)
		hostile.Activities[0].Title = `<script>alert("title")</script>`
		hostile.Phases = append([]campaign.Phase(nil), sched.Phases...)
		hostile.Phases[0].Activities = append([]campaign.Activity(nil), sched.Phases[0].Activities...)
		hostile.Phases[0].Activities[0].Title = hostile.Activities[0].Title
		script := `<html><body><script>alert(document.cookie)</script></body></html>`

		var rendered RenderedCampaign
		ts.json("POST", "/api/campaigns/render", map[string]any{"schedule": hostile}, http.StatusOK, &rendered)
		assert.NotContains(t, rendered.HTMLContent, "<script>")
		assert.Contains(t, rendered.HTMLContent, "&lt;script&gt;", "the schedule's texts are escaped")

		var c domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": hostile, "htmlContent": script},
			http.StatusCreated, &c)
		assert.Equal(t, rendered.HTMLContent, c.HTMLContent, "POST answers the server's rendering")
		var got domain.Campaign
		ts.json("GET", "/api/campaigns/"+c.ID, nil, http.StatusOK, &got)
		assert.Equal(t, rendered.HTMLContent, got.HTMLContent, "and stores it")
		resp, body := ts.do("GET", "/api/campaigns/"+c.ID+"/export?format=html", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, rendered.HTMLContent, string(body), "the download is the rendering")

		// PATCH with HTML only, and with a schedule and HTML.
		var patched domain.Campaign
		ts.json("PATCH", "/api/campaigns/"+c.ID, map[string]any{"htmlContent": script}, http.StatusOK, &patched)
		assert.Equal(t, rendered.HTMLContent, patched.HTMLContent)
		ts.json("PATCH", "/api/campaigns/"+c.ID, map[string]any{"schedule": sched, "htmlContent": script}, http.StatusOK, &patched)
		want, err := campaign.RenderHTML(sched)
		require.NoError(t, err)
		assert.Equal(t, want, patched.HTMLContent)
		ts.json("GET", "/api/campaigns/"+c.ID, nil, http.StatusOK, &got)
		assert.Equal(t, want, got.HTMLContent)
		assert.NotContains(t, got.HTMLContent, "<script>")
	})
}

func TestCampaignInventory(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cfg := campaignConfig(t, "change-management-organizational")
		sched, html := generated(t, cfg)
		filters, geo := campaign.Filters(cfg, sched)

		badActivity := *sched
		badActivity.Activities = append([]campaign.Activity(nil), sched.Activities...)
		badActivity.Activities[1].Title = ""
		runScenarios(t, ts, []scenario{
			{"missing title", "POST", "/api/campaigns", map[string]any{"schedule": sched, "htmlContent": html},
				400, []string{"Please enter a title for the campaign.", `"title":"Title required"`}},
			{"blank title", "POST", "/api/campaigns", map[string]any{"title": "  ", "schedule": sched, "htmlContent": html},
				400, []string{"Please enter a title for the campaign."}},
			{"no schedule", "POST", "/api/campaigns", map[string]any{"title": "Wave 1", "htmlContent": html},
				400, []string{"No schedule generated"}},
			{"null schedule", "POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": nil, "htmlContent": html},
				400, []string{"No schedule generated"}},
			{"schedule of the wrong type", "POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": "text", "htmlContent": html},
				400, []string{"schedule"}},
			{"wrong activity field type", "POST", "/api/campaigns", map[string]any{"title": "Wave 1", "htmlContent": html,
				"schedule": map[string]any{"activities": []any{map[string]any{"title": 5}}}},
				400, []string{"schedule.activities.title has the wrong type"}},
			{"invalid activity", "POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": badActivity, "htmlContent": html},
				400, []string{`"error":"Title is required"`, "schedule.activities[1].title"}},
			{"unknown location", "POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": sched, "htmlContent": html,
				"geographicFilters": []string{"atlantis"}}, 400, []string{"geographicFilters"}},
			{"bad audience filters", "POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": sched, "htmlContent": html,
				"audienceFilters": map[string]any{"targetCount": "many"}}, 400, []string{"audienceFilters"}},
			{"get unknown", "GET", "/api/campaigns/" + missingID, nil, 404, nil},
			{"patch unknown", "PATCH", "/api/campaigns/" + missingID, map[string]any{"htmlContent": "<p>x</p>"}, 404, nil},
			{"delete unknown", "DELETE", "/api/campaigns/" + missingID, nil, 404, nil},
		})

		var c domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{
			"title": " Wave 1 ", "description": "First wave", "schedule": sched, "htmlContent": html,
			"audienceFilters": filters, "geographicFilters": geo,
		}, http.StatusCreated, &c)
		assert.NotEmpty(t, c.ID)
		assert.Equal(t, "Wave 1", c.Title, "title is trimmed")
		assert.Equal(t, "First wave", c.Description)
		assert.Equal(t, html, c.HTMLContent)
		assert.Equal(t, []string{"california", "florida"}, c.GeographicFilters)
		var storedFilters campaign.AudienceFilters
		require.NoError(t, json.Unmarshal(c.AudienceFilters, &storedFilters))
		require.NotNil(t, storedFilters.TargetCount)
		assert.Equal(t, sched.Targeting.TargetCount, int(*storedFilters.TargetCount))
		wantSchedule, _ := json.Marshal(sched)
		assert.JSONEq(t, string(wantSchedule), string(c.Schedule))

		// A string target count is accepted, as elsewhere.
		var c2 domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 2", "schedule": sched, "htmlContent": html,
			"audienceFilters": map[string]any{"targetCount": "42", "types": []string{"opportunity"}}}, http.StatusCreated, &c2)
		assert.Contains(t, string(c2.AudienceFilters), `"targetCount":42`)
		assert.Equal(t, []string{}, c2.GeographicFilters)

		var all []domain.Campaign
		ts.json("GET", "/api/campaigns", nil, http.StatusOK, &all)
		require.Len(t, all, 2)
		_, listBody := ts.do("GET", "/api/campaigns", nil)
		assert.NotContains(t, string(listBody), "htmlContent", "the list leaves out the HTML")
		assert.Contains(t, string(listBody), `"schedule"`)
		var one domain.Campaign
		ts.json("GET", "/api/campaigns/"+c.ID, nil, http.StatusOK, &one)
		assert.Equal(t, c.ID, one.ID)

		// PATCH with only a schedule re-renders the HTML.
		edited := *sched
		edited.Activities = append([]campaign.Activity(nil), sched.Activities...)
		edited.Activities[0].Title = "Sponsor briefing (moved)"
		edited.Phases = append([]campaign.Phase(nil), sched.Phases...)
		edited.Phases[0].Activities = append([]campaign.Activity(nil), sched.Phases[0].Activities...)
		edited.Phases[0].Activities[0].Title = "Sponsor briefing (moved)"
		var patched domain.Campaign
		ts.json("PATCH", "/api/campaigns/"+c.ID, map[string]any{"schedule": edited}, http.StatusOK, &patched)
		assert.Contains(t, patched.HTMLContent, "Sponsor briefing (moved)")
		wantHTML, err := campaign.RenderHTML(&edited)
		require.NoError(t, err)
		assert.Equal(t, wantHTML, patched.HTMLContent)
		assert.Equal(t, "Wave 1", patched.Title, "absent fields keep their value")
		assert.True(t, patched.UpdatedAt.After(c.UpdatedAt) || patched.UpdatedAt.Equal(c.UpdatedAt))

		// A client's HTML is never stored: the schedule's rendering is.
		ts.json("PATCH", "/api/campaigns/"+c.ID, map[string]any{"schedule": sched, "htmlContent": "<p>custom</p>"}, http.StatusOK, &patched)
		assert.Equal(t, html, patched.HTMLContent)
		ts.json("PATCH", "/api/campaigns/"+c.ID, map[string]any{"htmlContent": " "}, http.StatusOK, &patched)
		assert.Equal(t, html, patched.HTMLContent)
		assert.JSONEq(t, string(wantSchedule), string(patched.Schedule))

		runScenarios(t, ts, []scenario{
			{"patch blank title", "PATCH", "/api/campaigns/" + c.ID, map[string]any{"title": ""}, 400, []string{"Please enter a title for the campaign."}},
			{"patch null schedule", "PATCH", "/api/campaigns/" + c.ID, map[string]any{"schedule": nil}, 400, []string{"No schedule generated"}},
			{"patch invalid activity", "PATCH", "/api/campaigns/" + c.ID, map[string]any{"schedule": badActivity}, 400, []string{"Title is required"}},
		})

		resp, _ := ts.do("DELETE", "/api/campaigns/"+c2.ID, nil)
		assert.Equal(t, http.StatusNoContent, resp.StatusCode)
		resp, _ = ts.do("GET", "/api/campaigns/"+c2.ID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		ts.json("GET", "/api/campaigns", nil, http.StatusOK, &all)
		assert.Len(t, all, 1)
	})
}

func TestCampaignBodiesOverOneMiB(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	// The largest schedule the generator makes: ten years at high urgency.
	sched, html := generated(t, campaign.Config{CampaignName: "Ten years", StartDate: "2025-01-01", EndDate: "2035-01-01",
		CampaignTypes: []string{"transformation"}, Urgency: "high"})
	body, err := json.Marshal(map[string]any{"title": "Long", "schedule": sched, "htmlContent": html})
	require.NoError(t, err)
	require.Greater(t, len(body), MaxJSONBody, "the case must exceed the general limit")
	resp, out := ts.do("POST", "/api/campaigns", body)
	assert.Equal(t, http.StatusCreated, resp.StatusCode, string(out[:min(len(out), 200)]))
}

func TestExportCampaign(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		// A pre-acquisition campaign is confidential: its creator, a
		// person, is its insider.
		_, ts := newTestServer(t, b).personAs("Pat Planner", "planner")
		sched, html := generated(t, campaignConfig(t, "ma-integration-pre-acquisition"))
		var c domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Project Lighthouse: Phase 1", "schedule": sched, "htmlContent": html},
			http.StatusCreated, &c)
		assert.True(t, c.Confidential)

		tests := []struct {
			format, contentType, file string
		}{
			{"html", "text/html; charset=utf-8", "project_lighthouse__phase_1_campaign.html"},
			{"json", "application/json", "project_lighthouse__phase_1_campaign_schedule.json"},
			{"csv", "text/csv; charset=utf-8", "project_lighthouse__phase_1_campaign_schedule.csv"},
			{"ics", "text/calendar; charset=utf-8", "project_lighthouse__phase_1_campaign_schedule.ics"},
			{"ICS", "text/calendar; charset=utf-8", "project_lighthouse__phase_1_campaign_schedule.ics"},
		}
		for _, tc := range tests {
			t.Run(tc.format, func(t *testing.T) {
				resp, body := ts.do("GET", "/api/campaigns/"+c.ID+"/export?format="+tc.format, nil)
				require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
				assert.Equal(t, tc.contentType, resp.Header.Get("Content-Type"))
				assert.Equal(t, `attachment; filename=`+tc.file, resp.Header.Get("Content-Disposition"))
				switch strings.ToLower(tc.format) {
				case "html":
					assert.Equal(t, html, string(body))
					assert.Equal(t, "sandbox", resp.Header.Get("Content-Security-Policy"))
				case "json":
					assert.JSONEq(t, string(c.Schedule), string(body))
				case "csv":
					assert.Equal(t, len(sched.Activities)+1, strings.Count(string(body), "\r\n"))
				case "ics":
					cal, err := ics.ParseCalendar(strings.NewReader(string(body)))
					require.NoError(t, err)
					events := cal.Events()
					require.Len(t, events, sched.TotalActivities)
					assert.Equal(t, c.ID+"-activity-1@commsplan", events[0].Id(), "the UID the feed gives it too")
					assert.Contains(t, string(body), "DTSTAMP:"+c.UpdatedAt.UTC().Format("20060102T150405Z"))
				}
			})
		}
		runScenarios(t, ts, []scenario{
			{"no format", "GET", "/api/campaigns/" + c.ID + "/export", nil, 400, []string{"format must be html, json, csv or ics"}},
			{"bad format", "GET", "/api/campaigns/" + c.ID + "/export?format=pdf", nil, 400, []string{"format"}},
			{"unknown campaign", "GET", "/api/campaigns/" + missingID + "/export?format=csv", nil, 404, nil},
		})
	})
}

func TestRenderCampaign(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cfg := campaignConfig(t, "ma-integration-pre-acquisition")
		var gen struct {
			Schedule    json.RawMessage `json:"schedule"`
			HTMLContent string          `json:"htmlContent"`
		}
		ts.json("POST", "/api/campaigns/generate", cfg, http.StatusOK, &gen)

		// The generated schedule renders to exactly the HTML generate gave.
		var got struct {
			HTMLContent string `json:"htmlContent"`
		}
		ts.json("POST", "/api/campaigns/render", map[string]any{"schedule": gen.Schedule}, http.StatusOK, &got)
		assert.Equal(t, gen.HTMLContent, got.HTMLContent)

		// An edited schedule: the new title shows, escaped.
		var sched campaign.Schedule
		require.NoError(t, json.Unmarshal(gen.Schedule, &sched))
		// The document lists the phases' activities (the editor keeps the
		// flat list in step with them).
		sched.Activities[0].Title = "<b>Edited</b> kickoff"
		sched.Phases[0].Activities[0].Title = "<b>Edited</b> kickoff"
		ts.json("POST", "/api/campaigns/render", map[string]any{"schedule": sched}, http.StatusOK, &got)
		assert.True(t, strings.Contains(got.HTMLContent, "&lt;b&gt;Edited&lt;/b&gt; kickoff"))
		assert.False(t, strings.Contains(got.HTMLContent, "<b>Edited"))

		cases := []struct {
			name  string
			body  any
			msg   string
			field string
		}{
			{"missing", map[string]any{}, "No schedule generated", "schedule"},
			{"null", map[string]any{"schedule": nil}, "No schedule generated", "schedule"},
			{"not an object", map[string]any{"schedule": "x"}, "schedule must be a campaign schedule object", "schedule"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				resp, body := ts.do("POST", "/api/campaigns/render", tc.body)
				require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
				e := errorBody(t, body)
				assert.Equal(t, tc.msg, e.Error)
				assert.Contains(t, e.Fields, tc.field)
			})
		}
		// An activity that breaks the form's rules names its field.
		sched.Activities[0].Title = " "
		sched.Phases[0].Activities[0].Title = " "
		resp, body := ts.do("POST", "/api/campaigns/render", map[string]any{"schedule": sched})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
		assert.Equal(t, "Title is required", errorBody(t, body).Error)
		assert.Contains(t, errorBody(t, body).Fields, "schedule.activities[0].title")
	})
}

// TestGenerateCampaignAvoidsSavedBlackouts: the server's generator avoids
// the saved blackouts for the audiences they cover (by name), holds the
// server's cap, and reports what it could not hold.
func TestGenerateCampaignAvoidsSavedBlackouts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b, Options{MaxPerAudienceWeek: 2})
		var aud domain.Audience
		ts.json("POST", "/api/audiences", map[string]any{"name": "EMPLOYEES"}, http.StatusCreated, &aud)
		ts.json("POST", "/api/blackouts", map[string]any{"name": "Summer freeze", "startDate": "2025-07-28",
			"endDate": "2025-08-08", "audienceIds": []string{aud.ID}}, http.StatusCreated, nil)
		cfg := map[string]any{"campaignName": "ERP Go-Live", "startDate": "2025-06-02", "endDate": "2025-10-31",
			"campaignTypes": []string{"technology-implementation"}, "goLiveDate": "2025-09-15"}
		var got GeneratedCampaign
		ts.json("POST", "/api/campaigns/generate", cfg, http.StatusOK, &got)
		weeks := map[string]int{}
		inFreeze := 0
		for _, a := range got.Schedule.Activities {
			if a.Date >= "2025-07-28" && a.Date <= "2025-08-08" {
				assert.NotEqual(t, "Employees", a.Audience, "%s %s", a.Date, a.Title)
				inFreeze++
			}
			d, err := time.Parse(time.DateOnly, a.Date)
			require.NoError(t, err)
			weeks[a.Audience+"|"+load.Monday(d).Format(time.DateOnly)]++
		}
		assert.Positive(t, inFreeze, "other audiences still hear")
		warned := strings.Join(got.Schedule.Warnings, "\n")
		for k, n := range weeks {
			if n > 2 {
				aud, week, _ := strings.Cut(k, "|")
				monday, err := time.Parse(time.DateOnly, week)
				require.NoError(t, err)
				assert.Contains(t, warned, load.Message(aud, n, 2, monday, "activity", "activities"), "the Schedule's sentence")
			}
		}

		// The configuration's own cap wins over the server's.
		cfg["maxPerAudienceWeek"] = 3
		ts.json("POST", "/api/campaigns/generate", cfg, http.StatusOK, &got)
		assert.Empty(t, got.Schedule.Warnings)
	})
}

// TestImportCampaign: a generated six-month technology campaign, saved and
// imported whole with its audiences mapped, lands on the Schedule with its
// audiences and vehicles and raises no overload warning; a second import
// creates nothing; unmapped labels are named and left out.
func TestImportCampaign(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var got GeneratedCampaign
		ts.json("POST", "/api/campaigns/generate", map[string]any{"campaignName": "ERP Go-Live", "startDate": "2025-06-02",
			"endDate": "2025-10-31", "campaignTypes": []string{"technology-implementation"}, "goLiveDate": "2025-09-15"}, http.StatusOK, &got)
		require.Empty(t, got.Schedule.Warnings)
		var saved domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "ERP Go-Live", "schedule": got.Schedule}, http.StatusCreated, &saved)
		path := "/api/campaigns/" + saved.ID + "/import"

		ts.fieldError("POST", path, map[string]any{}, "themeId") // no theme yet
		var theme, other domain.Theme
		ts.json("POST", "/api/themes", map[string]string{"name": "Go-live", "description": "d"}, http.StatusCreated, &theme)
		ts.json("POST", "/api/themes", map[string]string{"name": "Training", "description": "d"}, http.StatusCreated, &other)

		labels := map[string]int{}
		for _, a := range got.Schedule.Activities {
			labels[a.Audience]++
		}
		require.Contains(t, labels, "Employees")
		audiences := map[string]string{}
		var leftOut string
		for label := range labels {
			if label == "Employees" {
				continue
			}
			if leftOut == "" {
				leftOut = label // asked for below
				continue
			}
			var a domain.Audience
			ts.json("POST", "/api/audiences", map[string]any{"name": strings.ToUpper(label)}, http.StatusCreated, &a)
			audiences[label] = a.ID
		}
		var staff domain.Audience
		ts.json("POST", "/api/audiences", map[string]any{"name": "All staff"}, http.StatusCreated, &staff)
		var email, second domain.Vehicle
		ts.json("POST", "/api/vehicles", map[string]any{"name": "Staff email", "type": "email"}, http.StatusCreated, &email)
		ts.json("POST", "/api/vehicles", map[string]any{"name": "Zz other email", "type": "email"}, http.StatusCreated, &second)

		var res plan.ImportResult
		ts.json("POST", path, map[string]any{"dryRun": true, "themeId": other.ID}, http.StatusOK, &res)
		assert.ElementsMatch(t, []string{"Employees", leftOut}, res.Unmapped, "labels without a stored audience")
		var list []domain.Communication
		ts.json("GET", "/api/communications", nil, http.StatusOK, &list)
		assert.Empty(t, list, "a dry run writes nothing")

		// Employees → "All staff"; the other label stays unmapped.
		ts.json("POST", path, map[string]any{"themeId": other.ID, "audienceMap": map[string]string{"employees": staff.ID}}, http.StatusCreated, &res)
		assert.Equal(t, []string{leftOut}, res.Unmapped)
		assert.Zero(t, res.Skipped)
		first := len(res.Created)
		require.Equal(t, len(got.Schedule.Activities)-labels[leftOut], first)
		byActivity := map[string]campaign.Activity{}
		for _, a := range got.Schedule.Activities {
			byActivity[a.ID] = a
		}
		for _, c := range res.Created {
			a := byActivity[c.SourceActivityID]
			assert.Equal(t, saved.ID, c.SourceCampaignID)
			assert.Equal(t, a.Title, c.Title)
			assert.Equal(t, a.Date, c.ScheduledDate)
			assert.Equal(t, "scheduled", c.Status)
			assert.Equal(t, other.ID, c.ThemeID, "the chosen theme")
			if a.Audience == "Employees" {
				assert.Equal(t, staff.ID, c.AudienceID)
			} else {
				assert.Equal(t, audiences[a.Audience], c.AudienceID, "matched by name, case-insensitively: %s", a.Audience)
			}
			if a.Channel == "email" {
				assert.Equal(t, email.ID, c.VehicleID, "the first vehicle of the channel's type")
			} else {
				assert.Empty(t, c.VehicleID, a.Channel)
			}
		}

		// The rest, to everyone; then nothing is left to create.
		ts.json("POST", path, map[string]any{"audienceMap": map[string]string{leftOut: "", "Employees": staff.ID}}, http.StatusCreated, &res)
		assert.Len(t, res.Created, labels[leftOut])
		assert.Equal(t, first, res.Skipped)
		assert.Equal(t, theme.ID, res.Created[0].ThemeID, "the first theme by default")
		assert.Empty(t, res.Created[0].AudienceID, `"" is everyone`)
		ts.json("POST", path, map[string]any{"audienceMap": map[string]string{leftOut: "", "Employees": staff.ID}}, http.StatusCreated, &res)
		assert.Empty(t, res.Created)
		assert.Equal(t, len(got.Schedule.Activities), res.Skipped)
		list = nil
		ts.json("GET", "/api/communications", nil, http.StatusOK, &list)
		assert.Len(t, list, len(got.Schedule.Activities))

		// Bad input names its field; an unknown campaign is 404.
		ts.fieldError("POST", path, map[string]any{"activityIds": []string{"nope"}}, "activityIds")
		ts.fieldError("POST", path, map[string]any{"activityIds": []string{}}, "activityIds")
		ts.fieldError("POST", path, map[string]any{"themeId": missingID}, "themeId")
		ts.fieldError("POST", path, map[string]any{"audienceMap": map[string]string{"Employees": missingID}}, "audienceMap.Employees")
		ts.fieldError("POST", path, map[string]any{"audienceMap": map[string]int{"Employees": 1}}, "audienceMap")
		resp, body := ts.do("POST", "/api/campaigns/"+missingID+"/import", map[string]any{})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, string(body))
	})
}

// TestImportSeveralAudiencesAndUndo: over HTTP a label may map to a list
// of audiences (one communication each), a phase may have its own theme,
// a dry run names the warnings the import would cause, and DELETE on the
// import takes it off the Schedule as one audited act.
func TestImportSeveralAudiencesAndUndo(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var got GeneratedCampaign
		ts.json("POST", "/api/campaigns/generate", map[string]any{"campaignName": "ERP Go-Live", "startDate": "2025-06-02",
			"endDate": "2025-08-15", "campaignTypes": []string{"technology-implementation"}, "goLiveDate": "2025-07-14"}, http.StatusOK, &got)
		var saved domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "ERP Go-Live", "schedule": got.Schedule}, http.StatusCreated, &saved)
		path := "/api/campaigns/" + saved.ID + "/import"
		var base, launch domain.Theme
		ts.json("POST", "/api/themes", map[string]string{"name": "Base", "description": "d"}, http.StatusCreated, &base)
		ts.json("POST", "/api/themes", map[string]string{"name": "Launch", "description": "d"}, http.StatusCreated, &launch)
		var east, west domain.Audience
		ts.json("POST", "/api/audiences", map[string]any{"name": "East"}, http.StatusCreated, &east)
		ts.json("POST", "/api/audiences", map[string]any{"name": "West"}, http.StatusCreated, &west)
		amap := map[string]any{}
		for _, a := range got.Schedule.Activities {
			amap[a.Audience] = []string{east.ID, west.ID}
		}
		phase := got.Schedule.Activities[0].Phase
		body := map[string]any{"themeId": base.ID, "phaseThemes": map[string]string{phase: launch.ID}, "audienceMap": amap}

		var dry, res plan.ImportResult
		dryBody := map[string]any{"dryRun": true}
		for k, v := range body {
			dryBody[k] = v
		}
		ts.json("POST", path, dryBody, http.StatusOK, &dry)
		ts.json("POST", path, body, http.StatusCreated, &res)
		n := len(got.Schedule.Activities)
		require.Len(t, res.Created, 2*n, "one communication per activity and audience")
		assert.Equal(t, res.Warnings, dry.Warnings, "the dry run expected what the import caused")
		for _, a := range got.Schedule.Activities[:1] {
			for _, c := range res.Created {
				if c.SourceActivityID == a.ID {
					assert.Equal(t, launch.ID, c.ThemeID, "the phase's theme")
				}
			}
		}
		ts.fieldError("POST", path, map[string]any{"phaseThemes": map[string]string{phase: missingID}}, "phaseThemes."+phase)

		var undone plan.ImportUndone
		ts.json("DELETE", path, nil, http.StatusOK, &undone)
		assert.Equal(t, plan.ImportUndone{Removed: 2 * n}, undone)
		var list []domain.Communication
		ts.json("GET", "/api/communications", nil, http.StatusOK, &list)
		assert.Empty(t, list)
		resp, raw := ts.do("DELETE", "/api/campaigns/"+missingID+"/import", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, string(raw))
	})
}

// TestImportedCampaignRaisesNoOverload is the issue's "fits the Schedule's
// rules": a campaign generated with the default settings, imported in full
// with its audiences mapped to stored audiences, raises no overload warning.
func TestImportedCampaignRaisesNoOverload(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var got GeneratedCampaign
		ts.json("POST", "/api/campaigns/generate", map[string]any{"campaignName": "ERP Go-Live", "startDate": "2025-06-02",
			"endDate": "2025-10-31", "campaignTypes": []string{"technology-implementation"}, "goLiveDate": "2025-09-15"}, http.StatusOK, &got)
		var saved domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "ERP Go-Live", "schedule": got.Schedule}, http.StatusCreated, &saved)
		ts.json("POST", "/api/themes", map[string]string{"name": "Go-live", "description": "d"}, http.StatusCreated, nil)
		seen := map[string]bool{}
		for _, a := range got.Schedule.Activities {
			if !seen[a.Audience] {
				seen[a.Audience] = true
				ts.json("POST", "/api/audiences", map[string]any{"name": a.Audience}, http.StatusCreated, nil)
			}
		}
		var res plan.ImportResult
		ts.json("POST", "/api/campaigns/"+saved.ID+"/import", map[string]any{}, http.StatusCreated, &res)
		assert.Len(t, res.Created, len(got.Schedule.Activities))
		assert.Empty(t, res.Unmapped)
		t.Logf("%s: %d activities, %d audiences, %d communications created", b.Name, len(got.Schedule.Activities), len(seen), len(res.Created))
		var warnings []schedule.Warning
		ts.json("GET", "/api/schedule/warnings", nil, http.StatusOK, &warnings)
		for _, w := range warnings {
			assert.NotEqual(t, "overload", w.Kind, w.Message)
		}
	})
}

// TestCampaignSummaries checks GET /api/campaigns?fields=summary:
// the campaigns without their schedule and HTML, paged as the list, each
// shape with its own ETag, and both moving when a campaign changes.
func TestCampaignSummaries(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cfg := campaignConfig(t, "change-management-organizational")
		sched, html := generated(t, cfg)
		filters, geo := campaign.Filters(cfg, sched)
		var c1, c2 domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 1", "description": "First wave", "schedule": sched,
			"htmlContent": html, "audienceFilters": filters, "geographicFilters": geo}, http.StatusCreated, &c1)
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 2", "schedule": sched, "htmlContent": html}, http.StatusCreated, &c2)

		resp, body := ts.do("GET", "/api/campaigns?fields=summary", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.NotContains(t, string(body), `"schedule"`)
		assert.NotContains(t, string(body), "htmlContent")
		var sums []CampaignSummary
		require.NoError(t, json.Unmarshal(body, &sums))
		require.Len(t, sums, 2)
		var full []domain.Campaign
		ts.json("GET", "/api/campaigns", nil, http.StatusOK, &full)
		require.Len(t, full, 2)
		for i := range full {
			assert.Equal(t, full[i].ID, sums[i].ID, "the same order as the whole list")
		}
		var s1 CampaignSummary
		for _, s := range sums {
			if s.ID == c1.ID {
				s1 = s
			}
		}
		assert.Equal(t, "Wave 1", s1.Title)
		assert.Equal(t, "First wave", s1.Description)
		assert.Equal(t, sched.TotalActivities, s1.ActivityCount)
		assert.Equal(t, sched.StartDate, s1.StartDate)
		assert.Equal(t, sched.EndDate, s1.EndDate)
		assert.Equal(t, geo, s1.GeographicFilters)
		assert.JSONEq(t, string(c1.AudienceFilters), string(s1.AudienceFilters))
		assert.Less(t, len(body)*10, len(mustBody(t, ts, "/api/campaigns")), "a summary is a small part of the record")

		// Pages are cut from the summaries.
		resp, body = ts.do("GET", "/api/campaigns?fields=summary&limit=1", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.NoError(t, json.Unmarshal(body, &sums))
		require.Len(t, sums, 1)
		assert.Equal(t, full[0].ID, sums[0].ID)
		assert.Contains(t, resp.Header.Get("Link"), "fields=summary")
		// The next page (the inventory's Show more, or a client following the Link) keeps the shape.
		resp, body = ts.do("GET", "/api/campaigns?fields=summary&limit=1&after="+cursor(full[0].ID), nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.NotContains(t, string(body), `"schedule"`)
		require.NoError(t, json.Unmarshal(body, &sums))
		require.Len(t, sums, 1)
		assert.Equal(t, full[1].ID, sums[0].ID)

		// Each shape has its own ETag; each answers 304 to its own only.
		rs, _ := ts.do("GET", "/api/campaigns?fields=summary", nil)
		rf, _ := ts.do("GET", "/api/campaigns", nil)
		sumTag, fullTag := rs.Header.Get("ETag"), rf.Header.Get("ETag")
		require.NotEmpty(t, sumTag)
		assert.NotEqual(t, sumTag, fullTag)
		resp, _ = ts.doWith("GET", "/api/campaigns?fields=summary", nil, http.Header{"If-None-Match": {sumTag}})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)
		resp, _ = ts.doWith("GET", "/api/campaigns?fields=summary", nil, http.Header{"If-None-Match": {fullTag}})
		assert.Equal(t, http.StatusOK, resp.StatusCode, "the whole list's tag is not the summaries'")

		// A change moves the summaries' tag and shows in them.
		ts.json("PATCH", "/api/campaigns/"+c2.ID, map[string]any{"title": "Wave 2b"}, http.StatusOK, nil)
		resp, body = ts.doWith("GET", "/api/campaigns?fields=summary", nil, http.Header{"If-None-Match": {sumTag}})
		assert.Equal(t, http.StatusOK, resp.StatusCode)
		assert.NotEqual(t, sumTag, resp.Header.Get("ETag"))
		assert.Contains(t, string(body), "Wave 2b")

		runScenarios(t, ts, []scenario{
			{"unknown fields", "GET", "/api/campaigns?fields=schedule", nil, 400, []string{`"fields"`}},
		})
	})
}

func mustBody(t *testing.T, ts *testServer, path string) []byte {
	t.Helper()
	resp, body := ts.do("GET", path, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	return body
}

// TestCampaignPageIsTheCutPage checks a page of whole campaigns read from
// the store (storePage) answers exactly what the page cut from the whole
// list's entry answered before: the same bytes, X-Total-Count and Link, for
// every page of several sizes, with campaigns created at the same instant
// (ordered by id), and the same 400 for a cursor whose campaign is gone.
func TestCampaignPageIsTheCutPage(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ctx := context.Background()
		gen, _ := generated(t, campaignConfig(t, "change-management-organizational"))
		sched, err := json.Marshal(gen)
		require.NoError(t, err)
		var ids []string
		for i := range 9 {
			c := domain.Campaign{Title: fmt.Sprintf("Wave %d", i), Description: "d", Schedule: sched, HTMLContent: "<p>x</p>",
				AudienceFilters: json.RawMessage(`{"targetCount":12}`), GeographicFilters: []string{"paris"}}
			require.NoError(t, ts.Store.CreateCampaign(ctx, &c))
			ids = append(ids, c.ID)
		}
		storePageIsTheCutPage(t, ts, "/api/campaigns", ids, func() *listEntry {
			cs, err := ts.Store.ListCampaigns(ctx)
			require.NoError(t, err)
			e, err := buildEntry(1, listed(cs), func(c listedCampaign) string { return c.ID })
			require.NoError(t, err)
			return e
		})
	})
}

// TestContentPageIsTheCutPage is TestCampaignPageIsTheCutPage for a page of
// the whole library (GET /api/content?limit), question links included.
func TestContentPageIsTheCutPage(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ctx := context.Background()
		fillPlan(t, ts.Store, 3, 2, 0)
		qs, err := ts.Store.ListQuestions(ctx, store.QuestionFilter{})
		require.NoError(t, err)
		var ids []string
		for i := range 9 {
			c := domain.Content{Title: fmt.Sprintf("Piece %d", i), Type: domain.ContentText, Content: "body",
				QuestionIDs: []string{qs[i%len(qs)].ID, qs[(i+3)%len(qs)].ID}}
			require.NoError(t, ts.Store.CreateContent(ctx, &c))
			ids = append(ids, c.ID)
		}
		storePageIsTheCutPage(t, ts, "/api/content", ids, func() *listEntry {
			cs, err := ts.Store.ListContent(ctx)
			require.NoError(t, err)
			e, err := buildEntry(1, cs, contentID)
			require.NoError(t, err)
			return e
		})
	})
}

// storePageIsTheCutPage compares the pages of path with those cut from
// whole(), after giving ids 0, 3 and 6 one creation time and 4 and 5
// another, and deletes the row of ids[4] to check a stale cursor.
func storePageIsTheCutPage(t *testing.T, ts *testServer, path string, ids []string, whole func() *listEntry) {
	t.Helper()
	backdate(t, ts.Store, map[string]string{ids[0]: "2030-01-01T00:00:00.000000Z", ids[3]: "2030-01-01T00:00:00.000000Z",
		ids[6]: "2030-01-01T00:00:00.000000Z", ids[4]: "2029-06-01T12:00:00.000000Z", ids[5]: "2029-06-01T12:00:00.000000Z"})
	// The old answer: the page cut from the whole list's entry.
	old := func(url string) (int, string, http.Header) {
		e := whole()
		r := httptest.NewRequest("GET", url, nil)
		p, err := parsePage(r)
		require.NoError(t, err)
		pg, err := cutPage(r, e, e.all, p)
		if err != nil {
			return http.StatusBadRequest, "", nil
		}
		h := http.Header{"X-Total-Count": {strconv.Itoa(pg.total)}}
		if pg.link != "" {
			h.Set("Link", pg.link)
		}
		return http.StatusOK, string(pg.body), h
	}
	next := regexp.MustCompile(`^<([^>]+)>; rel="next"$`)
	pages := 0
	for _, limit := range []int{1, 2, 4, 9, 20} {
		for url := fmt.Sprintf("%s?limit=%d", path, limit); url != ""; pages++ {
			status, body, h := old(url)
			require.Equal(t, http.StatusOK, status, url)
			resp, got := ts.do("GET", url, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", url, got)
			require.Equal(t, body, string(got), url)
			assert.Equal(t, h.Get("X-Total-Count"), resp.Header.Get("X-Total-Count"), url)
			require.Equal(t, h.Get("Link"), resp.Header.Get("Link"), url)
			url = ""
			if m := next.FindStringSubmatch(h.Get("Link")); m != nil {
				url = m[1]
			}
		}
	}
	assert.Equal(t, 9+5+3+1+1, pages)

	e := whole()
	// after alone (100 a page), and after the last row.
	for _, url := range []string{path + "?after=" + cursor(e.ids[3]), path + "?after=" + cursor(e.ids[8]) + "&limit=2"} {
		_, body, h := old(url)
		resp, got := ts.do("GET", url, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", url, got)
		assert.Equal(t, body, string(got), url)
		assert.Equal(t, h.Get("X-Total-Count"), resp.Header.Get("X-Total-Count"), url)
		assert.Empty(t, resp.Header.Get("Link"), url)
	}
	// A cursor whose row was deleted, or that never named one.
	ts.json("DELETE", path+"/"+ids[4], nil, 204, nil)
	for _, url := range []string{path + "?limit=2&after=" + cursor(ids[4]), path + "?after=" + cursor("nope")} {
		status, _, _ := old(url)
		require.Equal(t, http.StatusBadRequest, status, url)
		resp, got := ts.do("GET", url, nil)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s: %s", url, got)
		assert.Contains(t, errorBody(t, got).Fields, "after")
	}
}

// TestCheckCampaign: POST /api/campaigns/check reads a generated schedule
// (no errors) and an edited one (the finding names the activities), and
// refuses a body without a schedule, on both backends.
func TestCheckCampaign(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cfg := map[string]any{"campaignName": "ERP Go-Live", "startDate": "2025-06-02", "endDate": "2025-10-31",
			"campaignTypes": []string{"technology-implementation"}, "goLiveDate": "2025-09-15", "audiences": []string{"Employees", "managers"}}
		var gen struct {
			Schedule campaign.Schedule `json:"schedule"`
		}
		ts.json("POST", "/api/campaigns/generate", cfg, http.StatusOK, &gen)
		var res campaign.CheckResult
		ts.json("POST", "/api/campaigns/check", map[string]any{"schedule": gen.Schedule}, http.StatusOK, &res)
		assert.Equal(t, 0, res.Errors, "%v", res.Findings)
		assert.NotNil(t, res.Findings)

		// The countdown dragged to the launch: outside its four weeks, and
		// before the training it follows.
		sched := gen.Schedule
		i := slices.IndexFunc(sched.Activities, func(a campaign.Activity) bool {
			return strings.HasPrefix(a.Title, "Go-Live Countdown Notice")
		})
		require.GreaterOrEqual(t, i, 0)
		sched.Activities[i].Date = "2025-07-01"
		ts.json("POST", "/api/campaigns/check", map[string]any{"schedule": sched}, http.StatusOK, &res)
		require.Equal(t, 2, res.Errors, "%v", res.Findings)
		w := slices.IndexFunc(res.Findings, func(f check.Finding) bool { return strings.Contains(f.Message, "is 76 days before go-live") })
		require.GreaterOrEqual(t, w, 0, "%v", res.Findings)
		assert.Equal(t, "sequence", res.Findings[w].Rule)
		assert.Equal(t, []string{sched.Activities[i].ID}, res.Findings[w].ActivityIDs)
		assert.Contains(t, res.Findings[w].Message, sched.Activities[i].Title+" (1 Jul) is 76 days before go-live")
		assert.Contains(t, res.Findings[1-w].Message, "the steps before go-live come in order")

		resp, body := ts.do("POST", "/api/campaigns/check", map[string]any{})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
		assert.Equal(t, "No schedule generated", errorBody(t, body).Error)
		assert.Contains(t, errorBody(t, body).Fields, "schedule")
	})
}

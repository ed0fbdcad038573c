package api

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestExportConditionalGET: the streamed export and feed send the bytes the
// whole-body export gives, with an ETag that moves with the data they show
// and only with it; If-None-Match gets 304. Both backends.
func TestExportConditionalGET(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ctx := context.Background()
		var th domain.Theme
		ts.json("POST", "/api/themes", map[string]any{"name": "Go-live", "description": "The go-live"}, http.StatusCreated, &th)
		for _, c := range []domain.Communication{
			{Title: "Kick-off", Status: domain.StatusScheduled, ScheduledDate: "2031-03-01", ThemeID: th.ID},
			{Title: "Late call", Status: domain.StatusScheduled, ScheduledDate: "2031-03-31T23:30:00Z"},
		} {
			require.NoError(t, ts.Store.CreateCommunication(ctx, &c))
		}
		sched, html := generated(t, campaignConfig(t, "change-management-organizational"))
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": sched, "htmlContent": html},
			http.StatusCreated, nil)
		var feed CreatedFeed
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Team", "includeCampaignActivities": true}, http.StatusCreated, &feed)
		var plain CreatedFeed
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Comms only"}, http.StatusCreated, &plain)

		whole := func(opt schedule.ExportOptions) string {
			comms, err := ts.Store.ListCommunications(ctx)
			require.NoError(t, err)
			camps, err := ts.Store.ListCampaigns(ctx)
			require.NoError(t, err)
			b, err := schedule.Export(comms, camps, opt)
			require.NoError(t, err)
			return string(b)
		}
		get := func(path, inm string) (int, string, string) {
			t.Helper()
			h := http.Header{}
			if inm != "" {
				h.Set("If-None-Match", inm)
			}
			resp, body := ts.doWith("GET", path, nil, h)
			return resp.StatusCode, resp.Header.Get("ETag"), string(body)
		}
		const csvPath = "/api/schedule/export?format=csv&tz=Europe/Paris"
		const campPath = "/api/schedule/export?format=ics&includeCampaigns=true"
		status, csvTag, body := get(csvPath, "")
		require.Equal(t, http.StatusOK, status, body)
		assert.Regexp(t, `^"[0-9a-f]{32}"$`, csvTag)
		paris := whole(schedule.ExportOptions{Format: schedule.FormatCSV, Location: mustZone(t, "Europe/Paris")})
		assert.Equal(t, paris, body, "the bytes of the whole-body export")
		status, campTag, body := get(campPath, "")
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, whole(schedule.ExportOptions{Format: schedule.FormatICS, IncludeCampaigns: true}), body)
		status, feedTag, body := get(feed.URL, "")
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, whole(schedule.ExportOptions{Format: schedule.FormatICS, IncludeCampaigns: true, Name: "Team"}), body)
		_, plainTag, _ := get(plain.URL, "")
		assert.Len(t, map[string]bool{csvTag: true, campTag: true, feedTag: true, plainTag: true}, 4, "each shape its own tag")
		_, other, _ := get("/api/schedule/export?format=csv", "")
		assert.NotEqual(t, csvTag, other, "the zone is part of the tag")

		for _, p := range []struct{ path, tag string }{{csvPath, csvTag}, {campPath, campTag}, {feed.URL, feedTag}, {plain.URL, plainTag}} {
			status, tag, body := get(p.path, p.tag)
			assert.Equal(t, http.StatusNotModified, status, p.path)
			assert.Empty(t, body)
			assert.Equal(t, p.tag, tag)
			status, _, _ = get(p.path, `"stale"`)
			assert.Equal(t, http.StatusOK, status)
		}

		// A campaign write moves what shows campaigns, nothing else.
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 2", "schedule": sched, "htmlContent": html},
			http.StatusCreated, nil)
		for _, p := range []struct {
			path, tag string
			moved     bool
		}{{csvPath, csvTag, false}, {campPath, campTag, true}, {feed.URL, feedTag, true}, {plain.URL, plainTag, false}} {
			status, tag, _ := get(p.path, p.tag)
			if p.moved {
				assert.Equal(t, http.StatusOK, status, p.path)
				assert.NotEqual(t, p.tag, tag)
			} else {
				assert.Equal(t, http.StatusNotModified, status, p.path)
			}
		}

		// Renaming a theme changes the communications' embedded name: every
		// export moves.
		ts.json("PUT", "/api/themes/"+th.ID, map[string]any{"name": "Launch", "description": "The go-live"}, http.StatusOK, nil)
		status, tag, body := get(csvPath, csvTag)
		require.Equal(t, http.StatusOK, status)
		assert.NotEqual(t, csvTag, tag)
		assert.Contains(t, body, "Launch")
		status, _, _ = get(plain.URL, plainTag)
		assert.Equal(t, http.StatusOK, status)
	})
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	require.NoError(t, err)
	return loc
}

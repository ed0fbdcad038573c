package api

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
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

		// A campaign write moves every export: a communication imported
		// from a campaign shows its title.
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 2", "schedule": sched, "htmlContent": html},
			http.StatusCreated, nil)
		for _, p := range []struct {
			path string
			tag  *string
		}{{csvPath, &csvTag}, {campPath, &campTag}, {feed.URL, &feedTag}, {plain.URL, &plainTag}} {
			status, tag, _ := get(p.path, *p.tag)
			assert.Equal(t, http.StatusOK, status, p.path)
			assert.NotEqual(t, *p.tag, tag)
			*p.tag = tag
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

// TestExportImportedOnce: after a campaign's activities are imported, the
// schedule export with campaigns (CSV, JSON and ICS, streamed and whole)
// and a feed with campaign activities list each imported activity once, as
// its communication with its campaign's id and title, and every other
// activity once as itself. Both backends.
func TestExportImportedOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ctx := context.Background()
		sched, html := generated(t, campaignConfig(t, "change-management-organizational"))
		var saved domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": sched, "htmlContent": html},
			http.StatusCreated, &saved)
		ts.json("POST", "/api/themes", map[string]string{"name": "Change", "description": "d"}, http.StatusCreated, nil)
		labels := map[string]string{}
		var picked []string
		for i, a := range sched.Activities {
			labels[a.Audience] = ""
			if i%3 != 1 {
				picked = append(picked, a.ID)
			}
		}
		var res plan.ImportResult
		ts.json("POST", "/api/campaigns/"+saved.ID+"/import", map[string]any{"activityIds": picked, "audienceMap": labels},
			http.StatusCreated, &res)
		require.Len(t, res.Created, len(picked))
		n := len(sched.Activities)
		t.Logf("%s: %d activities, %d imported", b.Name, n, len(picked))
		commOf := map[string]string{} // activity id -> communication id
		for _, c := range res.Created {
			commOf[c.SourceActivityID] = c.ID
		}
		// want checks one listing: each activity once, as its communication
		// when imported.
		want := func(name string, kinds, ids, campIDs, campTitles []string) {
			t.Helper()
			require.Len(t, ids, n, name)
			seen := map[string]int{}
			for i, id := range ids {
				seen[kinds[i]+" "+id]++
				if kinds[i] == schedule.KindCommunication && campIDs != nil {
					assert.Equal(t, saved.ID, campIDs[i], "%s: %s's Campaign ID", name, id)
					assert.Equal(t, "Wave 1", campTitles[i], "%s: %s's Campaign", name, id)
				}
			}
			for _, a := range sched.Activities {
				key := schedule.KindCampaignActivity + " " + a.ID
				if c, ok := commOf[a.ID]; ok {
					key = schedule.KindCommunication + " " + c
				}
				assert.Equal(t, 1, seen[key], "%s: %s", name, key)
			}
		}
		whole := func(opt schedule.ExportOptions) string {
			comms, err := ts.Store.ListCommunications(ctx)
			require.NoError(t, err)
			camps, err := ts.Store.ListCampaigns(ctx)
			require.NoError(t, err)
			b, err := schedule.Export(comms, camps, opt)
			require.NoError(t, err)
			return string(b)
		}

		resp, body := ts.do("GET", "/api/schedule/export?format=json&includeCampaigns=true", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, whole(schedule.ExportOptions{Format: schedule.FormatJSON, IncludeCampaigns: true}), string(body))
		var entries []schedule.Entry
		require.NoError(t, json.Unmarshal(body, &entries))
		var kinds, ids, campIDs, titles []string
		for _, e := range entries {
			kinds, ids, campIDs, titles = append(kinds, e.Kind), append(ids, e.ID), append(campIDs, e.CampaignID), append(titles, e.CampaignTitle)
		}
		want("json", kinds, ids, campIDs, titles)

		resp, body = ts.do("GET", "/api/schedule/export?format=csv&includeCampaigns=true", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, whole(schedule.ExportOptions{Format: schedule.FormatCSV, IncludeCampaigns: true}), string(body))
		rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
		require.NoError(t, err)
		require.Equal(t, []string{"Kind", "ID"}, rows[0][:2])
		require.Equal(t, []string{"Campaign ID", "Campaign"}, rows[0][11:13])
		kinds, ids, campIDs, titles = nil, nil, nil, nil
		for _, r := range rows[1:] {
			kinds, ids, campIDs, titles = append(kinds, r[0]), append(ids, r[1]), append(campIDs, r[11]), append(titles, r[12])
		}
		want("csv", kinds, ids, campIDs, titles)

		// Without campaigns, the communications still name theirs.
		resp, body = ts.do("GET", "/api/schedule/export?format=csv", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		rows, err = csv.NewReader(strings.NewReader(string(body))).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, len(picked)+1)
		for _, r := range rows[1:] {
			assert.Equal(t, []string{saved.ID, "Wave 1"}, r[11:13])
		}

		ics := func(name, body string) {
			t.Helper()
			var ks, ids []string
			// Unfolded: a long UID goes on over lines.
			for _, line := range strings.Split(strings.ReplaceAll(body, "\r\n ", ""), "\r\n") {
				uid, ok := strings.CutPrefix(line, "UID:")
				if !ok {
					continue
				}
				if id, ok := strings.CutPrefix(uid, saved.ID+"-"); ok {
					ks, ids = append(ks, schedule.KindCampaignActivity), append(ids, strings.TrimSuffix(id, "@commsplan"))
				} else {
					ks, ids = append(ks, schedule.KindCommunication), append(ids, strings.TrimSuffix(uid, "@commsplan"))
				}
			}
			want(name, ks, ids, nil, nil)
		}
		resp, body = ts.do("GET", "/api/schedule/export?format=ics&includeCampaigns=true", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, whole(schedule.ExportOptions{Format: schedule.FormatICS, IncludeCampaigns: true}), string(body))
		ics("ics", string(body))
		var feed CreatedFeed
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Team", "includeCampaignActivities": true}, http.StatusCreated, &feed)
		resp, body = ts.fetch(feed.URL, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		ics("feed", string(body))

		// A communication deleted gives its activity back to the campaign.
		ts.json("DELETE", "/api/communications/"+res.Created[0].ID, nil, http.StatusNoContent, nil)
		resp, body = ts.do("GET", "/api/schedule/export?format=json&includeCampaigns=true", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Contains(t, string(body), `"id": "`+res.Created[0].SourceActivityID+`"`)
	})
}

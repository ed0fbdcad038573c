package api

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// fetch GETs path with a plain client: no cookie jar, so no session.
func (ts *testServer) fetch(path string, header http.Header) (*http.Response, []byte) {
	ts.t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.URL+path, nil)
	require.NoError(ts.t, err)
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(ts.t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(ts.t, err)
	return resp, body
}

// rawDB opens the test server's database directly, to see what is at rest.
func (ts *testServer) rawDB() *sql.DB {
	ts.t.Helper()
	driver, dsn := "sqlite", "file:"+ts.DSN+"?_pragma=query_only(1)"
	if strings.HasPrefix(ts.DSN, "postgres") {
		driver, dsn = "postgres", ts.DSN
	}
	db, err := sql.Open(driver, dsn)
	require.NoError(ts.t, err)
	ts.t.Cleanup(func() { db.Close() })
	return db
}

func TestCalendarFeeds(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ts.json("POST", "/api/communications", map[string]any{"title": "Go-live notice", "status": "scheduled",
			"scheduledDate": "2031-03-04"}, http.StatusCreated, nil)

		var created map[string]any
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "  Team calendar ", "includeCampaignActivities": true},
			http.StatusCreated, &created)
		url, _ := created["url"].(string)
		require.Regexp(t, `^/api/calendar/[A-Za-z0-9_-]{43}\.ics$`, url, "32 random bytes, base64url")
		token := strings.TrimSuffix(strings.TrimPrefix(url, "/api/calendar/"), ".ics")
		assert.Equal(t, "Team calendar", created["name"])
		assert.Equal(t, true, created["includeCampaignActivities"])
		assert.NotEmpty(t, created["id"])
		assert.NotEmpty(t, created["createdAt"])
		id := created["id"].(string)

		var other map[string]any
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Second"}, http.StatusCreated, &other)
		assert.NotEqual(t, url, other["url"], "every feed gets its own token")
		assert.Equal(t, false, other["includeCampaignActivities"])

		// The list never shows the URL again.
		resp, body := ts.do("GET", "/api/calendar-feeds", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.NotContains(t, string(body), token)
		assert.NotContains(t, string(body), `"url"`)
		var feeds []domain.CalendarFeed
		require.NoError(t, json.Unmarshal(body, &feeds))
		require.Len(t, feeds, 2)
		assert.Equal(t, domain.CalendarFeed{ID: id, Name: "Team calendar", IncludeCampaignActivities: true,
			CreatedAt: feeds[0].CreatedAt, OwnerID: "shared", OwnerName: actor.Shared.Name}, feeds[0])

		// At rest: the SHA-256 of the token, never the token.
		db := ts.rawDB()
		var hash string
		require.NoError(t, db.QueryRowContext(context.Background(),
			`SELECT token_hash FROM calendar_feeds WHERE id = $1`, id).Scan(&hash))
		sum := sha256.Sum256([]byte(token))
		assert.Equal(t, hex.EncodeToString(sum[:]), hash)
		rows, err := db.QueryContext(context.Background(), `SELECT * FROM calendar_feeds`)
		require.NoError(t, err)
		cols, err := rows.Columns()
		require.NoError(t, err)
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			require.NoError(t, rows.Scan(ptrs...))
			for i, v := range vals {
				assert.NotContains(t, v.String, token, "column %s", cols[i])
			}
		}
		require.NoError(t, rows.Err())
		rows.Close()
		var logged int
		require.NoError(t, db.QueryRowContext(context.Background(),
			`SELECT COUNT(*) FROM activity WHERE label LIKE $1`, "%"+token+"%").Scan(&logged))
		assert.Zero(t, logged)

		// Fetched without a cookie.
		resp, cal := ts.fetch(url, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(cal))
		assert.Equal(t, "text/calendar; charset=utf-8", resp.Header.Get("Content-Type"))
		assert.Equal(t, "private, no-cache", resp.Header.Get("Cache-Control"))
		etag := resp.Header.Get("ETag")
		require.Regexp(t, `^"[0-9a-f]{32}"$`, etag, "a strong ETag")
		assert.Contains(t, string(cal), "\r\nX-WR-CALNAME:Team calendar\r\n")
		assert.Contains(t, string(cal), "\r\nSUMMARY:Go-live notice\r\n")

		resp, again := ts.fetch(url, nil)
		assert.Equal(t, cal, again, "an unchanged plan gives the same bytes")
		assert.Equal(t, etag, resp.Header.Get("ETag"))

		for _, inm := range []string{etag, `"other", ` + etag, "W/" + etag, "*"} {
			resp, body = ts.fetch(url, http.Header{"If-None-Match": {inm}})
			assert.Equal(t, http.StatusNotModified, resp.StatusCode, inm)
			assert.Empty(t, body)
			assert.Equal(t, etag, resp.Header.Get("ETag"))
		}
		resp, _ = ts.fetch(url, http.Header{"If-None-Match": {`"stale"`}})
		assert.Equal(t, http.StatusOK, resp.StatusCode)

		// A change to the plan changes the calendar and its ETag.
		ts.json("POST", "/api/communications", map[string]any{"title": "Training", "status": "scheduled",
			"scheduledDate": "2031-03-05"}, http.StatusCreated, nil)
		resp, body = ts.fetch(url, http.Header{"If-None-Match": {etag}})
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.NotEqual(t, etag, resp.Header.Get("ETag"))
		assert.Contains(t, string(body), "SUMMARY:Training")

		// Only the feed route is open; the rest still needs a session.
		resp, _ = ts.fetch("/api/calendar-feeds", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		resp, _ = ts.fetch("/api/calendar/"+token, nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "without .ics it is no feed")
		req, err := http.NewRequest(http.MethodDelete, ts.URL+url, nil)
		require.NoError(t, err)
		dresp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		dresp.Body.Close()
		assert.Equal(t, http.StatusUnauthorized, dresp.StatusCode, "only GET is open")

		// Unknown tokens get 404, with or without a session.
		resp, body = ts.fetch("/api/calendar/"+strings.Repeat("A", 43)+".ics", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		assert.Equal(t, "not found", errorBody(t, body).Error)
		resp, _ = ts.fetch("/api/calendar/not%20even%20base64.ics", nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)

		// Revoked: 404 at once.
		resp, _ = ts.do("DELETE", "/api/calendar-feeds/"+id, nil)
		require.Equal(t, http.StatusNoContent, resp.StatusCode)
		resp, _ = ts.fetch(url, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		resp, _ = ts.fetch(url, http.Header{"If-None-Match": {etag}})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a revoked feed never answers 304")
		resp, _ = ts.do("DELETE", "/api/calendar-feeds/"+id, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		resp, _ = ts.fetch(other["url"].(string), nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode, "the other feed still works")

		var acts []domain.Activity
		ts.json("GET", "/api/activity?limit=1", nil, http.StatusOK, &acts)
		require.NotEmpty(t, acts)
		assert.Equal(t, domain.Activity{ID: acts[0].ID, Action: "deleted", EntityType: "calendar_feed", EntityID: id,
			Label: "Team calendar", At: acts[0].At, ActorID: "shared", ActorName: "Shared access", Changes: acts[0].Changes}, acts[0])
		assert.JSONEq(t, `{"name": {"before": "Team calendar"}, "includeCampaignActivities": {"before": true},
			"ownerId": {"before": "shared"}, "ownerName": {"before": "Shared access"}}`, string(acts[0].Changes), "the deleted feed's fields")
	})
}

func TestCalendarFeedValidation(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		for _, tc := range []struct {
			body  any
			field string
			msg   string
		}{
			{map[string]any{}, "name", "is required"},
			{map[string]any{"name": "   "}, "name", "is required"},
			{map[string]any{"name": strings.Repeat("x", domain.MaxName+1)}, "name", "must be at most 500 characters"},
			{map[string]any{"name": "ok", "includeCampaignActivities": "yes"}, "includeCampaignActivities", "has the wrong type"},
			{map[string]any{"name": "ok", "includeConfidential": "yes"}, "includeConfidential", "has the wrong type"},
		} {
			resp, body := ts.do("POST", "/api/calendar-feeds", tc.body)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
			assert.Equal(t, tc.msg, errorBody(t, body).Fields[tc.field], string(body))
		}
		var feeds []domain.CalendarFeed
		ts.json("GET", "/api/calendar-feeds", nil, http.StatusOK, &feeds)
		assert.Empty(t, feeds)
	})
}

// TestCalendarFeedEvents parses the feed with golang-ical and checks each
// event against the stored communications and campaign activities.
func TestCalendarFeedEvents(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ctx := context.Background()
		var aud domain.Audience
		ts.json("POST", "/api/audiences", map[string]any{"name": "Field Technicians"}, http.StatusCreated, &aud)
		var veh domain.Vehicle
		ts.json("POST", "/api/vehicles", map[string]any{"name": "Main hall", "type": "town_hall"}, http.StatusCreated, &veh)
		ts.json("POST", "/api/communications", map[string]any{"title": "Cutover; weekend, plan", "status": "scheduled",
			"scheduledDate": "2031-03-04", "audienceId": aud.ID, "vehicleId": veh.ID}, http.StatusCreated, nil)
		ts.json("POST", "/api/communications", map[string]any{"title": "Draft only", "scheduledDate": "2031-03-04"},
			http.StatusCreated, nil)
		ts.json("POST", "/api/communications", map[string]any{"title": "Already sent", "status": "sent",
			"scheduledDate": "2031-02-01"}, http.StatusCreated, nil)
		// An instant, stored as the store keeps it.
		instant := domain.Communication{Title: strings.Repeat("Town hall with the steering committee ", 3), Status: domain.StatusScheduled,
			ScheduledDate: "2031-03-04T15:00:00Z", AudienceID: aud.ID}
		require.NoError(t, ts.Store.CreateCommunication(ctx, &instant))
		sched, html := generated(t, campaignConfig(t, "change-management-organizational"))
		var saved domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": sched, "htmlContent": html},
			http.StatusCreated, &saved)

		var feed CreatedFeed
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Everything", "includeCampaignActivities": true},
			http.StatusCreated, &feed)
		resp, raw := ts.fetch(feed.URL, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(raw))

		for _, l := range strings.Split(strings.TrimSuffix(string(raw), "\r\n"), "\r\n") {
			require.LessOrEqual(t, len(l), 75, "folded at 75 octets: %q", l)
			require.NotContains(t, l, "\n")
		}
		cal, err := ics.ParseCalendar(strings.NewReader(string(raw)))
		require.NoError(t, err)
		events := map[string]*ics.VEvent{}
		for _, e := range cal.Events() {
			require.NotContains(t, events, e.Id(), "UIDs are unique")
			events[e.Id()] = e
		}

		comms, err := ts.Store.ListCommunications(ctx)
		require.NoError(t, err)
		want := 0
		for _, c := range comms {
			e, ok := events[c.ID+"@commsplan"]
			if c.Status != domain.StatusScheduled {
				assert.False(t, ok, "%s is not scheduled", c.Title)
				continue
			}
			want++
			require.True(t, ok, "%s is in the feed", c.Title)
			assert.Equal(t, c.Title, ics.FromText(e.GetProperty(ics.ComponentPropertySummary).Value))
			start := e.GetProperty(ics.ComponentPropertyDtStart)
			at, err := domain.ParseScheduled(c.ScheduledDate)
			require.NoError(t, err)
			if at.AllDay {
				assert.Equal(t, []string{"DATE"}, start.ICalParameters["VALUE"], "a date is VALUE=DATE")
				assert.Equal(t, at.At.Format("20060102"), start.Value)
				end, err := e.GetAllDayEndAt()
				require.NoError(t, err)
				assert.Equal(t, at.At.AddDate(0, 0, 1).Format(time.DateOnly), end.Format(time.DateOnly))
			} else {
				assert.Empty(t, start.ICalParameters["VALUE"])
				assert.Equal(t, "20310304T150000Z", start.Value, "an instant in UTC")
				got, err := e.GetStartAt()
				require.NoError(t, err)
				assert.True(t, got.Equal(at.At))
				end, err := e.GetEndAt()
				require.NoError(t, err)
				assert.Equal(t, time.Hour, end.Sub(got))
			}
			stamp, err := e.GetDtStampTime()
			require.NoError(t, err)
			assert.True(t, stamp.Equal(c.CreatedAt.Truncate(time.Second)), "DTSTAMP is createdAt: %v vs %v", stamp, c.CreatedAt)
			desc := ics.FromText(e.GetProperty(ics.ComponentPropertyDescription).Value)
			assert.Contains(t, desc, "Audience: Field Technicians")
			if c.VehicleID != "" {
				assert.Contains(t, desc, "Vehicle: Main hall (Town Hall)")
			} else {
				assert.Contains(t, desc, "Vehicle: None")
			}
		}
		assert.Equal(t, 2, want)

		var stored campaign.Schedule
		require.NoError(t, json.Unmarshal(saved.Schedule, &stored))
		require.NotEmpty(t, stored.Activities)
		for _, a := range stored.Activities {
			e, ok := events[saved.ID+"-"+a.ID+"@commsplan"]
			require.True(t, ok, "activity %s is in the feed", a.ID)
			assert.Equal(t, a.Title, ics.FromText(e.GetProperty(ics.ComponentPropertySummary).Value))
			start, err := e.GetAllDayStartAt()
			require.NoError(t, err)
			assert.Equal(t, a.Date, start.Format(time.DateOnly))
		}
		assert.Len(t, events, want+len(stored.Activities), "nothing else")

		// Without campaign activities: only the communications.
		var slim CreatedFeed
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Comms"}, http.StatusCreated, &slim)
		_, raw = ts.fetch(slim.URL, nil)
		cal, err = ics.ParseCalendar(strings.NewReader(string(raw)))
		require.NoError(t, err)
		assert.Len(t, cal.Events(), want)
	})
}

func TestScheduleExport(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		ctx := context.Background()
		for _, c := range []domain.Communication{
			{Title: "=SUM(A1)", Status: domain.StatusScheduled, ScheduledDate: "2031-03-01"},
			{Title: "Late call", Status: domain.StatusScheduled, ScheduledDate: "2031-03-31T23:30:00Z"},
			{Title: "April", Status: domain.StatusScheduled, ScheduledDate: "2031-04-02"},
		} {
			require.NoError(t, ts.Store.CreateCommunication(ctx, &c))
		}
		sched, html := generated(t, campaignConfig(t, "change-management-organizational"))
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": sched, "htmlContent": html},
			http.StatusCreated, nil)

		resp, body := ts.do("GET", "/api/schedule/export?format=csv&from=2031-03-01&to=2031-03-31", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
		assert.Equal(t, "attachment; filename=commsplan_schedule_from_2031-03-01_to_2031-03-31.csv",
			resp.Header.Get("Content-Disposition"))
		rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 3)
		assert.Equal(t, "'=SUM(A1)", rows[1][2])
		assert.Equal(t, "Late call", rows[2][2])

		// In Paris the late call is already 1 April.
		resp, body = ts.do("GET", "/api/schedule/export?format=json&from=2031-03-01&to=2031-03-31&tz=Europe/Paris", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"))
		var entries []schedule.Entry
		require.NoError(t, json.Unmarshal(body, &entries))
		require.Len(t, entries, 1)
		assert.Equal(t, "=SUM(A1)", entries[0].Title)

		resp, body = ts.do("GET", "/api/schedule/export?format=ics&includeCampaigns=true", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		assert.Equal(t, "attachment; filename=commsplan_schedule.ics", resp.Header.Get("Content-Disposition"))
		cal, err := ics.ParseCalendar(strings.NewReader(string(body)))
		require.NoError(t, err)
		assert.Len(t, cal.Events(), 3+len(sched.Activities))

		for _, tc := range []struct{ query, field string }{
			{"", "format"},
			{"format=pdf", "format"},
			{"format=ics&from=tomorrow", "from"},
			{"format=ics&from=2031-03-02&to=2031-03-01", "from"},
			{"format=ics&tz=Nowhere/Else", "tz"},
			{"format=ics&includeCampaigns=maybe", "includeCampaigns"},
		} {
			resp, body := ts.do("GET", "/api/schedule/export?"+tc.query, nil)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, tc.query)
			assert.Contains(t, errorBody(t, body).Fields, tc.field, tc.query)
		}
		resp, _ = ts.fetch("/api/schedule/export?format=ics", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the export needs a session")
	})
}

// BenchmarkCalendarFeed answers a feed of 1,000 scheduled communications
// (half dates, half instants) without a cookie, through the whole handler.
func BenchmarkCalendarFeed(b *testing.B) {
	for _, be := range storetest.Backends {
		b.Run(be.Name, func(b *testing.B) {
			st := storetest.Open(b, be.DSN(b))
			ctx := context.Background()
			require.NoError(b, st.InTx(ctx, func(tx store.Store) error {
				for i := 0; i < 1000; i++ {
					when := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%365)
					sd := when.Format(time.DateOnly)
					if i%2 == 1 {
						sd = when.Add(15 * time.Hour).Format(time.RFC3339)
					}
					c := domain.Communication{Title: fmt.Sprintf("Communication %d", i), Status: domain.StatusScheduled, ScheduledDate: sd}
					if err := tx.CreateCommunication(ctx, &c); err != nil {
						return err
					}
				}
				return nil
			}))
			f := domain.CalendarFeed{Name: "Bench"}
			require.NoError(b, st.CreateCalendarFeed(ctx, &f, plan.FeedTokenHash("bench-token")))
			h := New(Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Codes: access.NewCodes([]string{"bench"}), Secret: []byte("bench")}).Handler()
			size := 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/calendar/bench-token.ics", nil))
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d", rec.Code)
				}
				size = rec.Body.Len()
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// TestConfidentialActivitiesStayOut: a feed and an export of a saved
// pre-acquisition campaign hold no confidential activity unless asked.
func TestConfidentialActivitiesStayOut(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		// Approvers may publish the secret; the campaign's creator, a person,
		// is its insider.
		_, ts := newTestServer(t, b, Options{SharedRole: actor.RoleApprover}).personAs("Avery Approver", "approver")
		var got GeneratedCampaign
		ts.json("POST", "/api/campaigns/generate", campaignConfig(t, "ma-integration-pre-acquisition"), http.StatusOK, &got)
		labelled, open := 0, 0
		for _, a := range got.Schedule.Activities {
			if a.Confidentiality != "" {
				labelled++
			} else {
				open++
			}
		}
		require.Positive(t, labelled)
		ts.json("POST", "/api/campaigns", map[string]any{"title": "Project Falcon", "schedule": got.Schedule}, http.StatusCreated, nil)

		count := func(path string) (int, []byte) {
			resp, body := ts.do("GET", path, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			return strings.Count(string(body), "BEGIN:VEVENT"), body
		}
		feed := func(body map[string]any) string {
			var created CreatedFeed
			ts.json("POST", "/api/calendar-feeds", body, http.StatusCreated, &created)
			return created.URL
		}
		n, body := count(feed(map[string]any{"name": "Team", "includeCampaignActivities": true}))
		assert.Equal(t, open, n, "the feed leaves every labelled activity out")
		assert.NotContains(t, string(body), "CLASS:CONFIDENTIAL")
		secret := map[string]any{"name": "Deal team", "includeCampaignActivities": true, "includeConfidential": true}
		resp, out := newTestServer(t, b).do("POST", "/api/calendar-feeds", secret)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "a planner may not publish the secret: %s", out)
		var withSecret CreatedFeed
		ts.json("POST", "/api/calendar-feeds", secret, http.StatusCreated, &withSecret)
		assert.True(t, withSecret.IncludeConfidential)
		n, body = count(withSecret.URL)
		assert.Equal(t, open+labelled, n)
		assert.Contains(t, string(body), "CLASS:CONFIDENTIAL")

		n, _ = count("/api/schedule/export?format=ics&includeCampaigns=true")
		assert.Equal(t, open, n, "the export too")
		n, _ = count("/api/schedule/export?format=ics&includeCampaigns=true&includeConfidential=true")
		assert.Equal(t, open+labelled, n)
		_, body = count("/api/schedule/export?format=csv&includeCampaigns=true&includeConfidential=true")
		assert.Contains(t, strings.SplitN(string(body), "\r\n", 2)[0], ",Confidentiality")
		assert.Contains(t, string(body), "Board Confidential")
		ts.fieldError("GET", "/api/schedule/export?format=csv&includeConfidential=maybe", nil, "includeConfidential")
	})
}

package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// rangeFixture stores communications around the edges of 2031-03-10 to
// 2031-03-12: dates, and instants every 30 minutes from the 8th to the 14th
// (UTC), in every status, two themes, audiences and vehicles, and some
// undated ones. It returns everything stored.
func rangeFixture(t *testing.T, s store.Store) (all []domain.Communication, themes, audiences, vehicles []string) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, s.InTx(ctx, func(tx store.Store) error {
		for i := range 2 {
			th := domain.Theme{Name: fmt.Sprintf("Theme %d", i), Description: "d", Icon: "fa-tag", Color: "blue"}
			au := domain.Audience{Name: fmt.Sprintf("Audience %d", i), TargetingScope: "organization", AudienceType: "general"}
			ve := domain.Vehicle{Name: fmt.Sprintf("Vehicle %d", i), Type: "email", CommunicationStrategy: "universal"}
			if err := tx.CreateTheme(ctx, &th); err != nil {
				return err
			}
			if err := tx.CreateAudience(ctx, &au); err != nil {
				return err
			}
			if err := tx.CreateVehicle(ctx, &ve); err != nil {
				return err
			}
			themes, audiences, vehicles = append(themes, th.ID), append(audiences, au.ID), append(vehicles, ve.ID)
		}
		var cs []*domain.Communication
		add := func(title, when, status string) {
			n := len(cs)
			cs = append(cs, &domain.Communication{Title: title, ScheduledDate: when, Status: status,
				ThemeID: themes[n%2], AudienceID: audiences[(n/2)%2], VehicleID: vehicles[(n/3)%2], RawContent: "body " + title})
		}
		statuses := domain.CommunicationStatuses
		for d := 8; d <= 14; d++ {
			add(fmt.Sprintf("Date %d", d), fmt.Sprintf("2031-03-%02d", d), statuses[d%3])
		}
		start := time.Date(2031, 3, 8, 0, 0, 0, 0, time.UTC)
		for i := 0; i < 6*48; i++ {
			at := start.Add(time.Duration(i) * 30 * time.Minute)
			if i%7 == 0 {
				at = at.Add(500 * time.Millisecond) // fractional seconds sort apart as text
			}
			add(fmt.Sprintf("Instant %d", i), domain.Scheduled{At: at}.String(), statuses[i%3])
		}
		for i := range 4 {
			add(fmt.Sprintf("Undated %d", i), "", domain.StatusDraft)
		}
		return tx.CreateCommunications(ctx, cs)
	}))
	all, err := s.ListCommunications(ctx)
	require.NoError(t, err)
	return all, themes, audiences, vehicles
}

func idsOf(cs []domain.Communication) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

// getComms reads a filtered list and returns its rows.
func getComms(t *testing.T, ts *testServer, query string) []domain.Communication {
	t.Helper()
	var out []domain.Communication
	ts.json("GET", "/api/communications?"+query, nil, 200, &out)
	return out
}

// TestCommunicationRangeUsesTheDayRule asks for ranges in several time zones
// and checks the answer is exactly the communications whose
// domain.Scheduled.Day falls in the range, undated ones only when asked.
func TestCommunicationRangeUsesTheDayRule(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		all, _, _, _ := rangeFixture(t, ts.Store)
		for _, tz := range []string{"", "UTC", "America/Los_Angeles", "Pacific/Auckland", "Asia/Kolkata", "Pacific/Kiritimati", "Pacific/Pago_Pago"} {
			loc := time.UTC
			if tz != "" {
				var err error
				loc, err = time.LoadLocation(tz)
				require.NoError(t, err)
			}
			for _, rg := range [][2]string{{"2031-03-10", "2031-03-12"}, {"2031-03-11", "2031-03-11"}, {"2031-03-10", ""}, {"", "2031-03-09"}} {
				for _, undated := range []string{"", "true", "false", "only"} {
					want := []string{}
					from, _ := time.Parse(time.DateOnly, rg[0])
					to, _ := time.Parse(time.DateOnly, rg[1])
					for _, c := range all {
						if c.ScheduledDate == "" {
							if undated == "true" || undated == "only" {
								want = append(want, c.ID)
							}
							continue
						}
						if undated == "only" {
							continue
						}
						sc, err := domain.ParseScheduled(c.ScheduledDate)
						require.NoError(t, err)
						day := sc.Day(loc)
						if (rg[0] == "" || !day.Before(from)) && (rg[1] == "" || !day.After(to)) {
							want = append(want, c.ID)
						}
					}
					q := url.Values{"from": {rg[0]}, "to": {rg[1]}, "tz": {tz}, "undated": {undated}}
					got := idsOf(getComms(t, ts, q.Encode()))
					assert.Equal(t, want, got, "%s", q.Encode())
				}
			}
		}
		// A day in Auckland starts at 11:00 UTC the day before; in Los Angeles at 07:00 UTC.
		titles := func(cs []domain.Communication) []string {
			var out []string
			for _, c := range cs {
				out = append(out, c.ScheduledDate)
			}
			return out
		}
		auck := titles(getComms(t, ts, "from=2031-03-11&to=2031-03-11&tz=Pacific/Auckland"))
		assert.Contains(t, auck, "2031-03-10T11:00:00Z")
		assert.NotContains(t, auck, "2031-03-10T10:30:00Z")
		assert.Contains(t, auck, "2031-03-11T10:30:00Z")
		assert.NotContains(t, auck, "2031-03-11T11:00:00Z")
		assert.Contains(t, auck, "2031-03-11")
		la := titles(getComms(t, ts, "from=2031-03-11&to=2031-03-11&tz=America/Los_Angeles"))
		assert.Contains(t, la, "2031-03-11T07:00:00Z")
		assert.NotContains(t, la, "2031-03-11T06:30:00Z")
		assert.Contains(t, la, "2031-03-12T06:30:00Z")
		assert.NotContains(t, la, "2031-03-12T07:00:00Z")
	})
}

// TestCommunicationFiltersCombine checks every filter, alone and together,
// against the whole list filtered here, and the sort orders.
func TestCommunicationFiltersCombine(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		all, themes, audiences, vehicles := rangeFixture(t, ts.Store)
		keep := func(pred func(c domain.Communication) bool) []string {
			out := []string{}
			for _, c := range all {
				if pred(c) {
					out = append(out, c.ID)
				}
			}
			return out
		}
		cases := []struct {
			query string
			pred  func(c domain.Communication) bool
		}{
			{"status=sent", func(c domain.Communication) bool { return c.Status == "sent" }},
			{"status=sent,draft", func(c domain.Communication) bool { return c.Status != "scheduled" }},
			{"status=sent&status=scheduled", func(c domain.Communication) bool { return c.Status != "draft" }},
			{"themeId=" + themes[1], func(c domain.Communication) bool { return c.ThemeID == themes[1] }},
			{"audienceId=" + audiences[0], func(c domain.Communication) bool { return c.AudienceID == audiences[0] }},
			{"vehicleId=" + vehicles[1], func(c domain.Communication) bool { return c.VehicleID == vehicles[1] }},
			{"q=INSTANT+1", func(c domain.Communication) bool { return strings.HasPrefix(c.Title, "Instant 1") }},
			{"q=100%25", func(c domain.Communication) bool { return false }},
			{"q=body+undated", func(c domain.Communication) bool { return strings.HasPrefix(c.Title, "Undated") }},
			{"status=scheduled&themeId=" + themes[0] + "&audienceId=" + audiences[1] + "&vehicleId=" + vehicles[0] + "&from=2031-03-09&to=2031-03-12",
				func(c domain.Communication) bool {
					return c.Status == "scheduled" && c.ThemeID == themes[0] && c.AudienceID == audiences[1] && c.VehicleID == vehicles[0] &&
						c.ScheduledDate >= "2031-03-09" && c.ScheduledDate < "2031-03-13"
				}},
			{"status=draft&undated=only&q=undated+2", func(c domain.Communication) bool { return c.Title == "Undated 2" }},
		}
		for _, tc := range cases {
			assert.Equal(t, keep(tc.pred), idsOf(getComms(t, ts, tc.query)), tc.query)
		}
		// Sorts: every row once, in the order asked.
		byDate := getComms(t, ts, "sort=scheduled")
		require.Len(t, byDate, len(all))
		assert.True(t, slices.IsSortedFunc(byDate[:len(all)-4], func(a, b domain.Communication) int { return strings.Compare(a.ScheduledDate, b.ScheduledDate) }))
		assert.Empty(t, byDate[len(all)-1].ScheduledDate, "undated last")
		desc := getComms(t, ts, "sort=-scheduled&undated=false")
		require.Len(t, desc, len(all)-4)
		assert.True(t, slices.IsSortedFunc(desc, func(a, b domain.Communication) int { return strings.Compare(b.ScheduledDate, a.ScheduledDate) }))
		byTitle := getComms(t, ts, "sort=title&status=draft")
		assert.True(t, slices.IsSortedFunc(byTitle, func(a, b domain.Communication) int {
			return strings.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title))
		}))
	})
}

// TestCommunicationFilterBadInput: each bad parameter is a 400 naming it.
func TestCommunicationFilterBadInput(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		_, _, _, _ = rangeFixture(t, ts.Store)
		for query, field := range map[string]string{
			"from=2031-03-12&to=2031-03-10":   "from",
			"from=2031-13-01":                 "from",
			"from=tomorrow&to=2031-03-10":     "from",
			"to=2031-02-30":                   "to",
			"from=2031-01-01&to=2032-02-05":   "to",
			"from=2031-01-01&tz=Mars/Olympus": "tz",
			"status=pending":                  "status",
			"status=draft,":                   "status",
			"themeId=no-such-theme":           "themeId",
			"audienceId=no-such-audience":     "audienceId",
			"vehicleId=no-such-vehicle":       "vehicleId",
			"undated=maybe":                   "undated",
			"sort=size":                       "sort",
			"status=draft&limit=0":            "limit",
			"status=draft&after=bm8tc3VjaA":   "after",
		} {
			resp, body := ts.do("GET", "/api/communications?"+query, nil)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s: %s", query, body)
			assert.Contains(t, errorBody(t, body).Fields, field, "%s: %s", query, body)
		}
		// 400 days and more is fine with a limit, and up to 399 days without.
		ts.json("GET", "/api/communications?from=2031-01-01&to=2032-02-05&limit=10", nil, 200, nil)
		ts.json("GET", "/api/communications?from=2031-01-01&to=2032-02-04", nil, 200, nil)
	})
}

// TestCommunicationFilterPagesAndETags pages through a filtered list, checks
// 304 on an unchanged shape, distinct ETags per shape, and a fresh answer
// after a write.
func TestCommunicationFilterPagesAndETags(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		_, _, _, _ = rangeFixture(t, ts.Store)
		whole := getComms(t, ts, "status=scheduled&sort=scheduled")
		var got []domain.Communication
		next := "/api/communications?status=scheduled&sort=scheduled&limit=7"
		for next != "" {
			resp, body := ts.do("GET", next, nil)
			require.Equal(t, 200, resp.StatusCode, string(body))
			var page []domain.Communication
			require.NoError(t, json.Unmarshal(body, &page))
			got = append(got, page...)
			assert.Equal(t, strconv.Itoa(len(whole)), resp.Header.Get("X-Total-Count"))
			next = ""
			if l := resp.Header.Get("Link"); l != "" {
				next = strings.TrimPrefix(strings.SplitN(l, ">", 2)[0], "<")
				assert.Contains(t, next, "status=scheduled")
			}
		}
		assert.Equal(t, idsOf(whole), idsOf(got))

		month := "/api/communications?from=2031-03-10&to=2031-03-11&tz=Europe/Paris"
		resp, body := ts.do("GET", month, nil)
		require.Equal(t, 200, resp.StatusCode)
		etag := resp.Header.Get("ETag")
		assert.Regexp(t, `^W/"communications\.[0-9a-z]+-[0-9a-z]+-[0-9a-z]+"$`, etag)
		resp, _ = ts.doWith("GET", month, nil, http.Header{"If-None-Match": {etag}})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)
		// Another shape, another tag; the same filter written otherwise, the same.
		other, _ := ts.do("GET", "/api/communications?from=2031-03-10&to=2031-03-11&tz=Asia/Tokyo", nil)
		assert.NotEqual(t, etag, other.Header.Get("ETag"))
		same, _ := ts.do("GET", "/api/communications?tz=Europe/Paris&to=2031-03-11&from=2031-03-10&q=", nil)
		assert.Equal(t, etag, same.Header.Get("ETag"))
		whole2, _ := ts.do("GET", "/api/communications", nil)
		assert.NotEqual(t, etag, whole2.Header.Get("ETag"))

		var c domain.Communication
		ts.json("POST", "/api/communications", map[string]any{"title": "New on the 10th", "scheduledDate": "2031-03-10", "status": "scheduled"}, 201, &c)
		resp, body2 := ts.doWith("GET", month, nil, http.Header{"If-None-Match": {etag}})
		require.Equal(t, 200, resp.StatusCode)
		assert.NotEqual(t, string(body), string(body2))
		assert.Contains(t, string(body2), c.ID)
	})
}

// TestThemeCardsKeepTheirCache checks what one theme's question versions
// are for (store.QuestionVersion), on two servers sharing a database: writes
// to one theme's questions, renaming themes and retitling content leave
// other themes' cards current (304) on both, while the written card follows
// them. Themes share versions by a hash, so the other cards are drawn
// from buckets the target does not use.
func TestThemeCardsKeepTheirCache(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		a := newTestServer(t, b)
		servers := []*testServer{a, a.secondServer(t)}
		var target domain.Theme
		a.json("POST", "/api/themes", map[string]any{"name": "Target", "description": "d"}, 201, &target)
		targetPath := "/api/questions?themeId=" + target.ID
		// Other cards in buckets of their own: one sharing the target's
		// would rightly move with it (one theme in 64).
		var others []string
		etags := map[string][]string{}
		buckets := map[int]bool{sqlstore.ThemeBucket(target.ID): true}
		for i := 0; len(others) < 4; i++ {
			var th domain.Theme
			a.json("POST", "/api/themes", map[string]any{"name": fmt.Sprintf("Other %d", i), "description": "d"}, 201, &th)
			if buckets[sqlstore.ThemeBucket(th.ID)] {
				continue
			}
			buckets[sqlstore.ThemeBucket(th.ID)] = true
			a.json("POST", "/api/questions", map[string]any{"themeId": th.ID, "question": "Where?"}, 201, nil)
			others = append(others, "/api/questions?themeId="+th.ID)
		}
		var piece domain.Content
		a.json("POST", "/api/content", map[string]any{"title": "FAQ", "content": "body", "type": "text"}, 201, &piece)
		for _, path := range others {
			for _, srv := range servers {
				resp, body := srv.do("GET", path, nil)
				require.Equal(t, 200, resp.StatusCode, string(body))
				etags[path] = append(etags[path], resp.Header.Get("ETag"))
			}
		}
		var q domain.Question
		writes := []struct {
			name  string
			write func()
		}{
			{"create a question", func() {
				a.json("POST", "/api/questions", map[string]any{"themeId": target.ID, "question": "When?"}, 201, &q)
			}},
			{"reword it", func() { a.json("PUT", "/api/questions/"+q.ID, map[string]any{"question": "When exactly?"}, 200, nil) }},
			{"link content to it", func() {
				a.json("PUT", "/api/content/"+piece.ID, map[string]any{"questionIds": []string{q.ID}}, 200, nil)
			}},
			{"retitle the content", func() { a.json("PUT", "/api/content/"+piece.ID, map[string]any{"title": "FAQ 2"}, 200, nil) }},
			{"rename the target theme", func() { a.json("PUT", "/api/themes/"+target.ID, map[string]any{"name": "Renamed"}, 200, nil) }},
			{"delete the question", func() { a.json("DELETE", "/api/questions/"+q.ID, nil, 204, nil) }},
		}
		for _, w := range writes {
			w.write()
			for i, srv := range servers {
				assert.Equal(t, listTruth(t, a.Store, targetPath), mustGet(srv, targetPath), "%s: the target on server %d", w.name, i)
				for _, path := range others {
					resp, _ := srv.doWith("GET", path, nil, http.Header{"If-None-Match": {etags[path][i]}})
					assert.Equal(t, http.StatusNotModified, resp.StatusCode, "%s: %s on server %d", w.name, path, i)
				}
			}
		}
		a.json("DELETE", "/api/themes/"+target.ID, nil, 204, nil)
		for i, srv := range servers {
			resp, body := srv.do("GET", targetPath, nil)
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "deleted theme on server %d: %s", i, body)
		}
	})
}

// TestCalendarMonthsKeepTheirCache checks what the months' versions are for
// (store.FilterVersion), on two servers sharing a database: writes to
// March, to the undated drafts and to records no communication names leave
// July's answer current (304) on both, while March's follows them; renaming
// the vehicle July's communication names moves July on both.
func TestCalendarMonthsKeepTheirCache(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		a := newTestServer(t, b)
		servers := []*testServer{a, a.secondServer(t)}
		var veh domain.Vehicle
		a.json("POST", "/api/vehicles", map[string]any{"name": "Email", "type": "email"}, 201, &veh)
		var july, march domain.Communication
		a.json("POST", "/api/communications", map[string]any{"title": "July", "status": "scheduled",
			"scheduledDate": "2031-07-10T09:00:00Z", "vehicleId": veh.ID}, 201, &july)
		const julyPath = "/api/communications?from=2031-06-30&to=2031-08-10&tz=Europe/Paris"
		const marchPath = "/api/communications?from=2031-02-24&to=2031-04-06&tz=Europe/Paris"
		etags := make([]string, len(servers))
		for i, srv := range servers {
			resp, body := srv.do("GET", julyPath, nil)
			require.Equal(t, 200, resp.StatusCode, string(body))
			require.Contains(t, string(body), july.ID)
			etags[i] = resp.Header.Get("ETag")
		}
		var spare domain.Theme
		writes := []struct {
			name  string
			write func()
		}{
			{"create in March", func() {
				a.json("POST", "/api/communications", map[string]any{"title": "March", "status": "scheduled",
					"scheduledDate": "2031-03-10"}, 201, &march)
			}},
			{"move within March", func() {
				a.json("PUT", "/api/communications/"+march.ID, map[string]any{"scheduledDate": "2031-03-12"}, 200, &march)
			}},
			{"create an undated draft", func() { a.json("POST", "/api/communications", map[string]any{"title": "Draft"}, 201, nil) }},
			{"create and rename a theme", func() {
				a.json("POST", "/api/themes", map[string]any{"name": "Spare", "description": "d"}, 201, &spare)
				a.json("PUT", "/api/themes/"+spare.ID, map[string]any{"name": "Spare, renamed"}, 200, nil)
			}},
			{"delete in March", func() { a.json("DELETE", "/api/communications/"+march.ID, nil, 204, nil) }},
		}
		for _, w := range writes {
			w.write()
			for i, srv := range servers {
				resp, _ := srv.doWith("GET", julyPath, nil, http.Header{"If-None-Match": {etags[i]}})
				assert.Equal(t, http.StatusNotModified, resp.StatusCode, "%s: July on server %d", w.name, i)
				assert.Equal(t, listTruth(t, a.Store, marchPath), mustGet(srv, marchPath), "%s: March on server %d", w.name, i)
			}
		}
		a.json("PUT", "/api/vehicles/"+veh.ID, map[string]any{"name": "Newsletter"}, 200, nil)
		for i, srv := range servers {
			resp, body := srv.doWith("GET", julyPath, nil, http.Header{"If-None-Match": {etags[i]}})
			require.Equal(t, http.StatusOK, resp.StatusCode, "renamed vehicle: July on server %d", i)
			assert.Contains(t, string(body), "Newsletter")
		}
	})
}

package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// secondServer starts a second API server on ts's database, as a second `serve`
// would be; it shares ts's client and so its session.
func (ts *testServer) secondServer(t *testing.T) *testServer {
	t.Helper()
	o := newAnonServer(t, storetest.Backend{Name: "replica", DSN: func(testing.TB) string { return ts.DSN }}, Options{})
	o.client = ts.client
	return o
}

// listTruth is what path must answer: the store's rows, read afresh and
// encoded as writeJSON does.
func listTruth(t *testing.T, s store.Store, path string) string {
	t.Helper()
	ctx := context.Background()
	u, err := url.Parse(path)
	require.NoError(t, err)
	var rows any
	switch u.Path {
	case "/api/themes":
		rows, err = s.ListThemes(ctx)
	case "/api/questions":
		f := store.QuestionFilter{ThemeID: u.Query().Get("themeId"), Q: u.Query().Get("q")}
		if f.ThemeID != "" {
			if _, gerr := s.GetTheme(ctx, f.ThemeID); errors.Is(gerr, store.ErrNotFound) {
				return "400 themeId" // the filter names a theme that is gone
			}
		}
		rows, err = s.ListQuestions(ctx, f)
	case "/api/content":
		rows, err = s.ListContent(ctx)
	case "/api/audiences":
		rows, err = s.ListAudiences(ctx)
	case "/api/vehicles":
		rows, err = s.ListVehicles(ctx)
	case "/api/communications":
		// A filtered query: the store's answer to the parsed filter, read afresh.
		f, shape, perr := parseCommunicationFilter(httptest.NewRequest("GET", path, nil), page{})
		require.NoError(t, perr)
		if shape == "" {
			rows, err = s.ListCommunications(ctx)
		} else {
			rows, err = s.FilterCommunications(ctx, f)
			var ref *store.ReferenceError
			if errors.As(err, &ref) {
				return "400 " + ref.Field // the filter names a record that is gone
			}
		}
	case "/api/campaigns":
		var cs []domain.Campaign
		cs, err = s.ListCampaigns(ctx)
		rows = listed(cs)
		if u.Query().Get("fields") == "summary" {
			// The summaries of the whole records, not the store's own query.
			sums := make([]domain.CampaignSummary, len(cs))
			for i, c := range cs {
				sums[i] = c.Summary(c.Figures())
			}
			rows = sums
		}
	case "/api/schedule/warnings":
		q := u.Query()
		rg, err := schedule.ParseRange(q.Get("from"), q.Get("to"), q.Get("tz"))
		require.NoError(t, err)
		in, err := plan.New(s).ScheduleInput(ctx, schedule.DefaultLimit, rg.Loc, rg.From, rg.To)
		require.NoError(t, err)
		rows = namedWarnings(schedule.Warnings(in), in.Communications)
	case "/api/dashboard":
		var d plan.Dashboard
		d, err = plan.New(s).Dashboard(ctx, time.Now(), time.UTC)
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, json.NewEncoder(&buf).Encode(d))
		return buf.String()
	default:
		t.Fatalf("listTruth: no list at %s", path)
	}
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, json.NewEncoder(&buf).Encode(rows))
	if n := u.Query().Get("limit"); n != "" {
		// The page: the first limit rows, or those after the row named by
		// the cursor (a 400 when it is gone).
		var all []json.RawMessage
		require.NoError(t, json.Unmarshal(buf.Bytes(), &all))
		limit, err := strconv.Atoi(n)
		require.NoError(t, err)
		if after := u.Query().Get("after"); after != "" {
			id, err := base64.RawURLEncoding.DecodeString(after)
			require.NoError(t, err)
			at := slices.IndexFunc(all, func(row json.RawMessage) bool {
				var r struct{ ID string }
				require.NoError(t, json.Unmarshal(row, &r))
				return r.ID == string(id)
			})
			if at < 0 {
				return "400 after"
			}
			all = all[at+1:]
		}
		var page [][]byte
		for _, row := range all[:min(limit, len(all))] {
			page = append(page, row)
		}
		return "[" + string(bytes.Join(page, []byte(","))) + "]\n"
	}
	return buf.String()
}

// TestListCacheFollowsWrites makes every kind of write on one server and
// reads every list, revalidating with the ETag it last got, on that server
// and on a second one over the same database. Each answer must equal the
// store's rows read afresh, and a 304 must only come for unchanged data.
func TestListCacheFollowsWrites(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		a := newTestServer(t, b)
		servers := []*testServer{a, a.secondServer(t)}
		paths := []string{"/api/themes", "/api/questions", "/api/content", "/api/audiences", "/api/vehicles",
			"/api/communications", "/api/campaigns",
			// Pages (kept with their entry), the summaries, the Dashboard.
			"/api/campaigns?limit=1", "/api/campaigns?fields=summary", "/api/campaigns?fields=summary&limit=1",
			"/api/content?limit=1", "/api/dashboard"}
		type seen struct{ etag, body string }
		last := map[string]seen{}
		check := func(step string) {
			t.Helper()
			for i, srv := range servers {
				for _, p := range paths {
					key := string(rune('A'+i)) + p
					want := listTruth(t, a.Store, p)
					h := http.Header{}
					if l, ok := last[key]; ok {
						h.Set("If-None-Match", l.etag)
					}
					resp, body := srv.doWith("GET", p, nil, h)
					if field, ok := strings.CutPrefix(want, "400 "); ok {
						require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s: server %d, %s: %s", step, i, p, body)
						require.Contains(t, errorBody(t, body).Fields, field)
						delete(last, key)
						continue
					}
					switch resp.StatusCode {
					case http.StatusNotModified:
						require.Equal(t, want, last[key].body, "%s: server %d answered 304 for changed %s", step, i, p)
					case http.StatusOK:
						require.Equal(t, want, string(body), "%s: server %d served stale %s", step, i, p)
						require.NotEmpty(t, resp.Header.Get("ETag"), p)
						last[key] = seen{resp.Header.Get("ETag"), string(body)}
					default:
						t.Fatalf("%s: GET %s on server %d: %d %s", step, p, i, resp.StatusCode, body)
					}
				}
			}
		}
		var th, other domain.Theme
		var q1, q2 domain.Question
		var c domain.Content
		var aud domain.Audience
		var veh domain.Vehicle
		var comm domain.Communication
		var camp domain.Campaign
		var freeze domain.Blackout
		sched, html := generated(t, campaignConfig(t, "change-management-organizational"))
		steps := []struct {
			name  string
			write func()
		}{
			{"nothing yet", func() {}},
			{"create themes", func() {
				a.json("POST", "/api/themes", map[string]any{"name": "Pay", "description": "d"}, 201, &th)
				a.json("POST", "/api/themes", map[string]any{"name": "Other", "description": "d"}, 201, &other)
				// Filtered lists are cut from the whole list's entry: each
				// theme's, and a theme with no questions; an unknown theme
				// is a 400. Searches are shapes of their own.
				paths = append(paths, "/api/questions?themeId="+th.ID, "/api/questions?themeId="+other.ID,
					"/api/questions?themeId=no-such-theme", "/api/questions?q=WH", "/api/questions?q=wh&themeId="+other.ID)
			}},
			{"create questions", func() {
				a.json("POST", "/api/questions", map[string]any{"themeId": th.ID, "question": "When?"}, 201, &q1)
				a.json("POST", "/api/questions", map[string]any{"themeId": th.ID, "question": "Why?"}, 201, &q2)
			}},
			{"create linked content", func() {
				a.json("POST", "/api/content", map[string]any{"title": "FAQ", "type": "text", "content": "x", "questionIds": []string{q1.ID}}, 201, &c)
			}},
			{"relink content", func() {
				a.json("PUT", "/api/content/"+c.ID, map[string]any{"questionIds": []string{q2.ID}}, 200, &c)
			}},
			{"rename theme", func() { a.json("PUT", "/api/themes/"+th.ID, map[string]any{"name": "Payroll"}, 200, &th) }},
			{"move question", func() {
				a.json("PUT", "/api/questions/"+q1.ID, map[string]any{"themeId": other.ID}, 200, &q1)
			}},
			{"reorder questions", func() {
				a.json("PUT", "/api/questions/reorder", map[string]any{"themeId": th.ID,
					"questionOrders": []map[string]any{{"id": q2.ID, "sortOrder": 9}}}, 200, nil)
			}},
			{"create audience and vehicle", func() {
				a.json("POST", "/api/audiences", map[string]any{"name": "Field"}, 201, &aud)
				a.json("POST", "/api/vehicles", map[string]any{"name": "Email", "type": "email"}, 201, &veh)
			}},
			{"create communication", func() {
				a.json("POST", "/api/communications", map[string]any{"title": "Launch", "themeId": th.ID,
					"audienceId": aud.ID, "vehicleId": veh.ID, "scheduledDate": "2031-03-04T23:30:00Z", "status": "scheduled"}, 201, &comm)
				// The new query shapes: a month in two zones (the instant is
				// on the 5th in Auckland), a filter, a search, undated only.
				paths = append(paths, "/api/communications?from=2031-03-01&to=2031-03-04",
					"/api/communications?from=2031-03-05&to=2031-03-31&tz=Pacific/Auckland",
					"/api/communications?status=scheduled&vehicleId="+veh.ID, "/api/communications?q=laun&sort=title",
					"/api/communications?undated=only")
				// The schedule's warnings: a month in two zones, and all.
				paths = append(paths, "/api/schedule/warnings?from=2031-03-01&to=2031-03-04",
					"/api/schedule/warnings?from=2031-03-05&to=2031-03-31&tz=Pacific/Auckland", "/api/schedule/warnings")
			}},
			{"create communications in a batch", func() {
				a.json("POST", "/api/communications/batch", map[string]any{"communications": []map[string]any{
					{"title": "a", "vehicleId": veh.ID}, {"title": "b"}}}, 201, nil)
			}},
			{"rename audience", func() { a.json("PUT", "/api/audiences/"+aud.ID, map[string]any{"name": "Field staff"}, 200, nil) }},
			{"rename vehicle", func() { a.json("PUT", "/api/vehicles/"+veh.ID, map[string]any{"name": "Newsletter"}, 200, nil) }},
			{"update communication", func() {
				a.json("PUT", "/api/communications/"+comm.ID, map[string]any{"vehicleId": ""}, 200, nil)
			}},
			{"create campaign", func() {
				a.json("POST", "/api/campaigns", map[string]any{"title": "Wave 1", "schedule": sched, "htmlContent": html}, 201, &camp)
			}},
			{"update campaign", func() {
				a.json("PATCH", "/api/campaigns/"+camp.ID, map[string]any{"title": "Wave 2"}, 200, nil)
			}},
			{"create a second campaign", func() {
				var newest domain.Campaign
				a.json("POST", "/api/campaigns", map[string]any{"title": "Wave 3", "schedule": sched, "htmlContent": html}, 201, &newest)
				// Pages of whole campaigns read from the store: after the
				// newest (the older one, then none once it is deleted),
				// and after the older (none, then a 400 once it is gone).
				paths = append(paths, "/api/campaigns?limit=1&after="+cursor(newest.ID), "/api/campaigns?limit=5&after="+cursor(camp.ID))
			}},
			{"create blackout", func() {
				a.json("POST", "/api/blackouts", map[string]any{"name": "Freeze", "startDate": "2031-03-01", "endDate": "2031-03-02"}, 201, &freeze)
			}},
			{"stretch the blackout over the launch", func() {
				a.json("PUT", "/api/blackouts/"+freeze.ID, map[string]any{"endDate": "2031-03-05"}, 200, nil)
			}},
			{"a second launch that day", func() {
				a.json("POST", "/api/communications", map[string]any{"title": "Launch 2", "audienceId": aud.ID,
					"scheduledDate": "2031-03-04", "status": "scheduled"}, 201, nil)
			}},
			{"delete the blackout", func() { a.json("DELETE", "/api/blackouts/"+freeze.ID, nil, 204, nil) }},
			{"delete campaign", func() { a.json("DELETE", "/api/campaigns/"+camp.ID, nil, 204, nil) }},
			{"delete communication", func() { a.json("DELETE", "/api/communications/"+comm.ID, nil, 204, nil) }},
			{"delete vehicle", func() { a.json("DELETE", "/api/vehicles/"+veh.ID, nil, 204, nil) }},
			{"delete audience", func() { a.json("DELETE", "/api/audiences/"+aud.ID, nil, 204, nil) }},
			{"delete question", func() { a.json("DELETE", "/api/questions/"+q2.ID, nil, 204, nil) }},
			{"delete content", func() { a.json("DELETE", "/api/content/"+c.ID, nil, 204, nil) }},
			{"delete a theme with questions, links and communications", func() {
				a.json("POST", "/api/content", map[string]any{"title": "FAQ 2", "type": "text", "content": "x", "questionIds": []string{q1.ID}}, 201, nil)
				a.json("POST", "/api/communications", map[string]any{"title": "Other", "themeId": other.ID}, 201, nil)
				check("before deleting the theme")
				a.json("DELETE", "/api/themes/"+other.ID, nil, 204, nil)
			}},
		}
		for _, st := range steps {
			st.write()
			check(st.name)
			// Unchanged data revalidates to 304 on both servers.
			for i, srv := range servers {
				for _, p := range []string{"/api/themes", "/api/dashboard", "/api/campaigns?limit=1"} {
					resp, _ := srv.doWith("GET", p, nil, http.Header{"If-None-Match": {last[string(rune('A'+i))+p].etag}})
					assert.Equal(t, http.StatusNotModified, resp.StatusCode, "%s: server %d, %s", st.name, i, p)
				}
			}
		}
	})
}

// TestListEncodings checks the stored gzip and zstd bodies (of a whole list,
// a page kept with its entry, and the Dashboard) decode to the identity
// body, are not compressed twice by the outer middleware, and carry the
// caching headers.
func TestListEncodings(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fillPlan(t, ts.Store, 30, 2, 10)
		for path, tag := range map[string]string{"/api/themes": "themes", "/api/themes?limit=20": "themes",
			"/api/dashboard": `activity\.[0-9a-z]+`} {
			testEncodings(t, ts, path, tag)
		}
	})
}

// testEncodings reads path in every coding, twice: the miss, then the hit.
func testEncodings(t *testing.T, ts *testServer, path, tag string) {
	want := listTruth(t, ts.Store, path)
	require.Greater(t, len(want), minCompressSize, path)
	{
		decoders := map[string]func(io.Reader) (io.Reader, error){
			"": func(r io.Reader) (io.Reader, error) { return r, nil },
			"gzip": func(r io.Reader) (io.Reader, error) {
				return gzip.NewReader(r)
			},
			"zstd": func(r io.Reader) (io.Reader, error) {
				d, err := zstd.NewReader(r)
				return d, err
			},
		}
		for _, accept := range []string{"identity", "gzip", "zstd", "gzip, deflate, br, zstd", "zstd;q=0, gzip"} {
			for range 2 { // the miss, then the hit
				req, err := http.NewRequest("GET", ts.URL+path, nil)
				require.NoError(t, err)
				req.Header.Set("Accept-Encoding", accept)
				resp, err := ts.client.Do(req)
				require.NoError(t, err)
				raw, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				require.NoError(t, err)
				require.Equal(t, http.StatusOK, resp.StatusCode)
				coding := resp.Header.Get("Content-Encoding")
				assert.Equal(t, acceptedCoding(accept), coding, accept)
				assert.Equal(t, "private, no-cache", resp.Header.Get("Cache-Control"))
				assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"))
				assert.Regexp(t, `^W/"`+tag+`-[0-9a-z]+-[0-9a-z]+"$`, resp.Header.Get("ETag"))
				dec, err := decoders[coding](bytes.NewReader(raw))
				require.NoError(t, err, accept)
				plain, err := io.ReadAll(dec)
				require.NoError(t, err, accept)
				assert.Equal(t, want, string(plain), path+" "+accept)
			}
		}
	}
}

// TestListPagination walks every list page by page and checks the pages
// add up to the whole list; bad parameters are 400s naming themselves.
func TestListPagination(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fillPlan(t, ts.Store, 7, 2, 5)
		fillVehicles(t, ts.Store, 3)
		fillAudiencesCampaigns(t, ts.Store, 4)
		themes, err := ts.Store.ListThemes(context.Background())
		require.NoError(t, err)
		next := regexp.MustCompile(`^<([^>]+)>; rel="next"$`)
		for _, p := range []string{"/api/themes", "/api/questions", "/api/content", "/api/audiences", "/api/vehicles",
			"/api/communications", "/api/campaigns", "/api/questions?themeId=" + themes[2].ID} {
			var whole []json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(listTruth(t, ts.Store, p)), &whole))
			sep := "?"
			if strings.Contains(p, "?") {
				sep = "&"
			}
			var got []json.RawMessage
			url, pages := p+sep+"limit=3", 0
			for url != "" {
				resp, body := ts.do("GET", url, nil)
				require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", url, body)
				var page []json.RawMessage
				require.NoError(t, json.Unmarshal(body, &page))
				require.LessOrEqual(t, len(page), 3)
				got = append(got, page...)
				pages++
				url = ""
				if m := next.FindStringSubmatch(resp.Header.Get("Link")); m != nil {
					url = m[1]
					if strings.Contains(p, "themeId=") {
						assert.Contains(t, url, "themeId="+themes[2].ID, "the next page keeps the filter")
					}
				}
			}
			assert.Equal(t, whole, got, p)
			assert.Equal(t, max(1, (len(whole)+2)/3), pages, p)
		}

		// A cursor must name a row of the list filtered as asked.
		qs, err := ts.Store.ListQuestions(context.Background(), store.QuestionFilter{ThemeID: themes[3].ID})
		require.NoError(t, err)
		require.NotEmpty(t, qs)
		resp, body := ts.do("GET", "/api/questions?themeId="+themes[2].ID+"&after="+cursor(qs[0].ID), nil)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s", body)
		assert.Contains(t, errorBody(t, body).Fields, "after")

		for _, tc := range []struct{ query, field string }{
			{"limit=0", "limit"}, {"limit=-1", "limit"}, {"limit=ten", "limit"}, {"limit=1001", "limit"},
			{"after=***", "after"}, {"limit=2&after=" + cursor("no-such-id"), "after"},
		} {
			resp, body := ts.do("GET", "/api/themes?"+tc.query, nil)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, tc.query)
			assert.Contains(t, errorBody(t, body).Fields, tc.field, tc.query)
		}
	})
}

// TestListCacheOrder checks a reader is served any entry at least as new as
// the version it read, and a failed build keeps the entry there.
func TestListCacheOrder(t *testing.T) {
	ctx := context.Background()
	c := newListCache("test")
	key := slotKey{list: store.ThemesList}
	build := func(need int64) (*listEntry, error) {
		return buildEntry(need, []string{"x"}, func(s string) string { return s })
	}
	rebuilt := func(int64) (*listEntry, error) { t.Fatal("rebuilt"); return nil, nil }
	e, err := c.get(ctx, key, 5, build)
	require.NoError(t, err)
	assert.Equal(t, int64(5), e.version)
	// A reader that saw version 3 gets the newer entry, not a rebuild.
	e, err = c.get(ctx, key, 3, rebuilt)
	require.NoError(t, err)
	assert.Equal(t, int64(5), e.version)
	_, err = c.get(ctx, key, 6, func(int64) (*listEntry, error) { return nil, errors.New("down") })
	require.Error(t, err)
	e, err = c.get(ctx, key, 5, rebuilt)
	require.NoError(t, err)
	assert.Equal(t, int64(5), e.version)
}

// TestListCacheCoalescesBuilds checks that readers of many versions arriving
// during one build share a single next build, labelled with the newest
// version any of them read, and that none is served an older one.
func TestListCacheCoalescesBuilds(t *testing.T) {
	ctx := context.Background()
	c := newListCache("test")
	key := slotKey{list: store.ThemesList}
	release := make(chan struct{})
	var builds atomic.Int32
	build := func(need int64) (*listEntry, error) {
		if builds.Add(1) == 1 {
			<-release
		}
		return buildEntry(need, []string{"x"}, func(s string) string { return s })
	}
	first := make(chan *listEntry)
	go func() {
		e, err := c.get(ctx, key, 1, build)
		assert.NoError(t, err)
		first <- e
	}()
	require.Eventually(t, func() bool { return builds.Load() == 1 }, 5*time.Second, time.Millisecond)
	var wg sync.WaitGroup
	for v := int64(1); v <= 40; v++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := c.get(ctx, key, v, build)
			if assert.NoError(t, err) {
				assert.GreaterOrEqual(t, e.version, v)
			}
		}()
	}
	// Let the readers gather behind the blocked build, then free it.
	require.Eventually(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		p := c.slots[key].pending
		return p != nil && p.need == 40
	}, 5*time.Second, time.Millisecond)
	close(release)
	wg.Wait()
	assert.Equal(t, int64(1), (<-first).version)
	assert.Equal(t, int32(2), builds.Load(), "one blocked build, then one for every waiter")
	e, err := c.get(ctx, key, 40, func(int64) (*listEntry, error) { t.Fatal("rebuilt"); return nil, nil })
	require.NoError(t, err)
	assert.Equal(t, int64(40), e.version)
}

// TestListCacheLimitsBuilds checks no more builds run at once than the cache
// has places for, however many lists want one.
func TestListCacheLimitsBuilds(t *testing.T) {
	c := newListCache("test")
	places := cap(c.builds)
	var running, most atomic.Int32
	release := make(chan struct{})
	build := func(need int64) (*listEntry, error) {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-release
		running.Add(-1)
		return buildEntry(need, []string{"x"}, func(s string) string { return s })
	}
	var wg sync.WaitGroup
	for i := range places + 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := c.get(context.Background(), slotKey{list: store.List(i)}, 1, build)
			assert.NoError(t, err)
		}()
	}
	require.Eventually(t, func() bool { return running.Load() == int32(places) }, 5*time.Second, time.Millisecond)
	time.Sleep(20 * time.Millisecond) // the others are waiting for a place, not building
	assert.Equal(t, int32(places), running.Load())
	close(release)
	wg.Wait()
	assert.Equal(t, int32(places), most.Load())
}

// TestListCacheJoinsBuildWaitingForPlace checks a reader of a newer version
// joins a build that is still waiting for a place, since its rows are not
// loaded yet, rather than waiting for a build after it.
func TestListCacheJoinsBuildWaitingForPlace(t *testing.T) {
	c := newListCache("test")
	for range cap(c.builds) {
		c.builds <- struct{}{} // every place taken
	}
	var builds atomic.Int32
	var needs []int64
	var mu sync.Mutex
	build := func(need int64) (*listEntry, error) {
		builds.Add(1)
		mu.Lock()
		needs = append(needs, need)
		mu.Unlock()
		return buildEntry(need, []string{"x"}, func(s string) string { return s })
	}
	var wg sync.WaitGroup
	got := make([]int64, 2)
	for i, v := range []int64{1, 5} {
		wg.Go(func() {
			e, err := c.get(context.Background(), slotKey{list: store.ThemesList}, v, build)
			if assert.NoError(t, err) {
				got[i] = e.version
			}
		})
		require.Eventually(t, func() bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			slot := c.slots[slotKey{list: store.ThemesList}]
			return slot != nil && slot.running != nil && slot.running.need == v
		}, 5*time.Second, time.Millisecond)
	}
	for range cap(c.builds) {
		<-c.builds
	}
	wg.Wait()
	assert.Equal(t, int32(1), builds.Load())
	assert.Equal(t, []int64{5}, needs)
	assert.Equal(t, []int64{5, 5}, got)
}

// TestListCacheBoundsItsWeight checks the cache keeps no more than maxWeight
// but for the entry stored last, dropping the least recently read entries
// first (a filtered shape with its slot, a whole list keeping its slot),
// and that a dropped entry is built again when read.
func TestListCacheBoundsItsWeight(t *testing.T) {
	ctx := context.Background()
	c := newListCache("test")
	builds := map[slotKey]int{}
	build := func(k slotKey, rows int) func(int64) (*listEntry, error) {
		return func(need int64) (*listEntry, error) {
			builds[k]++
			return buildEntry(need, make([]string, rows), func(string) string { return "" })
		}
	}
	// Each row is `""` and a comma: a body of 3*rows+2 bytes with the brackets.
	whole, month1, month2, month3 := slotKey{list: store.ContentList}, slotKey{list: store.CommunicationsList, shape: "m1"},
		slotKey{list: store.CommunicationsList, shape: "m2"}, slotKey{list: store.CommunicationsList, shape: "m3"}
	read := func(k slotKey, rows int) {
		t.Helper()
		e, err := c.get(ctx, k, 1, build(k, rows))
		require.NoError(t, err)
		require.Equal(t, 3*rows+2, len(e.body))
	}
	weight := func(rows ...int) int {
		w := 0
		for _, n := range rows {
			w += 2 * (3*n + 2)
		}
		return w
	}
	c.maxWeight = weight(100, 100, 100)
	read(whole, 100)
	read(month1, 100)
	read(month2, 100)
	assert.Equal(t, weight(100, 100, 100), c.weight)
	read(whole, 100) // a hit: now the most recently read
	read(month3, 100)
	// month1 was read least recently: it and its slot are gone.
	assert.Equal(t, weight(100, 100, 100), c.weight)
	assert.NotContains(t, c.slots, month1)
	assert.Equal(t, 2, c.shapes)
	read(month1, 100)
	assert.Equal(t, 2, builds[month1], "built again")
	assert.NotContains(t, c.slots, month2)

	// An entry over the bound is kept alone until the next one is stored;
	// the whole list's slot stays, without its entry.
	read(month2, 1000)
	assert.Equal(t, weight(1000), c.weight)
	require.Contains(t, c.slots, whole)
	assert.Nil(t, c.slots[whole].entry)
	read(month2, 1000)
	assert.Equal(t, 2, builds[month2], "the big entry was kept")
	read(whole, 100)
	assert.Equal(t, weight(100), c.weight)
	assert.Equal(t, 2, builds[whole])
}

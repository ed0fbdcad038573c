package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// pageAll reads every page of path (which has a limit), following Link, and
// checks X-Total-Count on each.
func pageAll[T any](t *testing.T, ts *testServer, path string) []T {
	t.Helper()
	var all []T
	total := ""
	for next := path; next != ""; {
		resp, body := ts.do("GET", next, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", next, body)
		var page []T
		require.NoError(t, json.Unmarshal(body, &page))
		all = append(all, page...)
		if total == "" {
			total = resp.Header.Get("X-Total-Count")
		}
		assert.Equal(t, total, resp.Header.Get("X-Total-Count"))
		next = ""
		if l := resp.Header.Get("Link"); l != "" {
			next = strings.TrimPrefix(strings.SplitN(l, ">", 2)[0], "<")
		}
	}
	assert.Equal(t, strconv.Itoa(len(all)), total, path)
	return all
}

// TestContentSearch: GET /api/content?q=&type= keeps what the Content
// Library's search keeps (title or description, ignoring case; the type),
// in the whole list's order, paged; each shape has its ETag and 304, a
// write reaches it on this server and on a second one over the same
// database, and a bad type is a 400 naming it.
func TestContentSearch(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		for i := range 30 {
			in := map[string]any{"title": fmt.Sprintf("Piece %02d", i), "type": domain.ContentTypes[i%4],
				"description": []string{"About the Go-Live", "Training notes", "100% ready_now"}[i%3], "content": "Body go-live"}
			ts.json("POST", "/api/content", in, 201, nil)
		}
		var whole []domain.Content
		ts.json("GET", "/api/content", nil, 200, &whole)
		keep := func(q, typ string) []string {
			out := []string{}
			for _, c := range whole {
				text := strings.ToLower(c.Title + "\x00" + c.Description)
				if (typ == "" || c.Type == typ) && strings.Contains(text, strings.ToLower(q)) {
					out = append(out, c.ID)
				}
			}
			return out
		}
		ids := func(cs []domain.Content) []string {
			out := []string{}
			for _, c := range cs {
				out = append(out, c.ID)
			}
			return out
		}
		for _, tc := range [][2]string{{"go-LIVE", ""}, {"", "video"}, {"training", "image"}, {"piece 1", ""}, {"100%", ""}, {"y_n", ""},
			{"_", ""}, {"body", ""}, {"  piece 2 ", "text"}} {
			q := url.Values{"q": {tc[0]}, "type": {tc[1]}, "limit": {"4"}}
			want := keep(strings.TrimSpace(tc[0]), tc[1])
			assert.Equal(t, want, ids(pageAll[domain.Content](t, ts, "/api/content?"+q.Encode())), "%v", tc)
		}
		assert.Empty(t, keep("body", ""), "the body is not searched")

		path := "/api/content?q=training&type=image"
		resp, body := ts.do("GET", path, nil)
		require.Equal(t, 200, resp.StatusCode)
		etag := resp.Header.Get("ETag")
		resp, _ = ts.doWith("GET", path, nil, http.Header{"If-None-Match": {etag}})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)
		other, _ := ts.do("GET", "/api/content?q=training", nil)
		assert.NotEqual(t, etag, other.Header.Get("ETag"))
		same, _ := ts.do("GET", "/api/content?type=image&q=Training", nil)
		assert.Equal(t, etag, same.Header.Get("ETag"))

		replica := ts.secondServer(t)
		_, before := replica.do("GET", path, nil)
		assert.Equal(t, string(body), string(before))
		var c domain.Content
		ts.json("POST", "/api/content", map[string]any{"title": "New", "type": "image", "description": "More TRAINING", "content": "x"}, 201, &c)
		for _, srv := range []*testServer{ts, replica} {
			resp, after := srv.doWith("GET", path, nil, http.Header{"If-None-Match": {etag}})
			require.Equal(t, 200, resp.StatusCode)
			assert.Contains(t, string(after), c.ID)
		}

		resp, body = ts.do("GET", "/api/content?type=poster", nil)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, errorBody(t, body).Fields, "type")
	})
}

// TestQuestionSearch: GET /api/questions?q=&themeId= keeps the questions
// whose text or description holds q, ignoring case (within the theme when
// given), in the whole list's order, paged with X-Total-Count; each search
// has its ETag and 304, a write reaches it on this server and on a second
// one over the same database, and an unknown theme is a 400 naming themeId.
func TestQuestionSearch(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var themes [3]domain.Theme
		for i := range themes {
			ts.json("POST", "/api/themes", map[string]any{"name": fmt.Sprintf("Theme %d", i), "description": "d"}, 201, &themes[i])
		}
		for i := range 30 {
			in := map[string]any{"themeId": themes[i%3].ID, "question": fmt.Sprintf("Question %02d about Go-Live?", i),
				"description": []string{"", "Training notes", "100% ready_now"}[i%4%3], "sortOrder": 30 - i}
			ts.json("POST", "/api/questions", in, 201, nil)
		}
		var whole []domain.Question
		ts.json("GET", "/api/questions", nil, 200, &whole)
		keep := func(q, theme string) []string {
			out := []string{}
			for _, x := range whole {
				text := strings.ToLower(x.Question + "\x00" + x.Description)
				if (theme == "" || x.ThemeID == theme) && strings.Contains(text, strings.ToLower(q)) {
					out = append(out, x.ID)
				}
			}
			return out
		}
		ids := func(qs []domain.Question) []string {
			out := []string{}
			for _, x := range qs {
				out = append(out, x.ID)
			}
			return out
		}
		for _, tc := range [][2]string{{"go-LIVE", ""}, {"training", themes[1].ID}, {"question 1", ""}, {"100%", ""}, {"y_n", themes[2].ID},
			{"_", ""}, {"  question 2 ", themes[0].ID}, {"", themes[1].ID}} {
			q := url.Values{"q": {tc[0]}, "themeId": {tc[1]}, "limit": {"4"}}
			want := keep(strings.TrimSpace(tc[0]), tc[1])
			assert.NotEmpty(t, want, "%v", tc)
			assert.Equal(t, want, ids(pageAll[domain.Question](t, ts, "/api/questions?"+q.Encode())), "%v", tc)
		}
		assert.Empty(t, keep("nothing like it", ""))
		_, none := ts.do("GET", "/api/questions?q=nothing+like+it", nil)
		assert.Equal(t, "[]\n", string(none))

		path := "/api/questions?q=training&themeId=" + themes[1].ID
		resp, body := ts.do("GET", path, nil)
		require.Equal(t, 200, resp.StatusCode)
		etag := resp.Header.Get("ETag")
		resp, _ = ts.doWith("GET", path, nil, http.Header{"If-None-Match": {etag}})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)
		other, _ := ts.do("GET", "/api/questions?q=training", nil)
		assert.NotEqual(t, etag, other.Header.Get("ETag"))
		same, _ := ts.do("GET", "/api/questions?themeId="+themes[1].ID+"&q=TRAINING", nil)
		assert.Equal(t, etag, same.Header.Get("ETag"))

		replica := ts.secondServer(t)
		_, before := replica.do("GET", path, nil)
		assert.Equal(t, string(body), string(before))
		var added domain.Question
		ts.json("POST", "/api/questions", map[string]any{"themeId": themes[1].ID, "question": "New one", "description": "More TRAINING"}, 201, &added)
		for _, srv := range []*testServer{ts, replica} {
			resp, after := srv.doWith("GET", path, nil, http.Header{"If-None-Match": {etag}})
			require.Equal(t, 200, resp.StatusCode)
			assert.Contains(t, string(after), added.ID)
		}

		for _, query := range []string{"themeId=no-such-theme", "q=x&themeId=no-such-theme", "themeId=no-such-theme&limit=5"} {
			resp, body = ts.do("GET", "/api/questions?"+query, nil)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, query)
			assert.Contains(t, errorBody(t, body).Fields, "themeId", query)
		}
		resp, body = ts.do("GET", "/api/questions?q=x&limit=0", nil)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, errorBody(t, body).Fields, "limit")
	})
}

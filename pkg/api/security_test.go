package api

import (
	"bufio"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// loopbackProxy makes the test server's peer, 127.0.0.1, a trusted proxy,
// so X-Forwarded-For picks the client's address.
var loopbackProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}

// signIn posts code from the address addr (through the trusted proxy).
func (ts *testServer) signIn(code, addr string) *http.Response {
	ts.t.Helper()
	resp, _ := ts.doWith("POST", "/api/session", map[string]string{"code": code}, http.Header{"X-Forwarded-For": {addr}})
	return resp
}

// retryAfter reads a 429's Retry-After, which the gate always sends, in
// whole seconds from 1 to 5.
func retryAfter(t *testing.T, resp *http.Response) int {
	t.Helper()
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	require.NoError(t, err, "Retry-After %q", resp.Header.Get("Retry-After"))
	require.GreaterOrEqual(t, secs, 1)
	require.LessOrEqual(t, secs, 5, "no client ever waits more than 5 s")
	return secs
}

// TestGateBackoff: 20 wrong codes from one address never lock it out: the
// address waits at most 5 s (Retry-After), and then the right code opens a
// session. Another address is never affected.
func TestGateBackoff(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		clock := newFakeClock()
		ts := newAnonServer(t, b, Options{TrustedProxies: loopbackProxy, Throttle: access.NewThrottle(clock.now)})
		const office, other = "203.0.113.10", "198.51.100.7"
		waits := 0
		for failures := 0; failures < 20; {
			resp := ts.signIn("wrong-code-guess", office)
			if resp.StatusCode == http.StatusTooManyRequests {
				clock.add(time.Duration(retryAfter(t, resp)) * time.Second)
				waits++
				continue
			}
			require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
			failures++
		}
		assert.Equal(t, 15, waits, "the first five are free, then each waits")

		resp := ts.signIn(testCode, office)
		secs := retryAfter(t, resp)
		assert.Equal(t, 5, secs, "the wait doubled up to 5 s")
		assert.Equal(t, http.StatusOK, ts.browser().signIn(testCode, other).StatusCode, "another address is not affected")

		clock.add(time.Duration(secs) * time.Second)
		resp = ts.signIn(testCode, office)
		require.Equal(t, http.StatusOK, resp.StatusCode, "the right code after the wait opens a session")
		r, _ := ts.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusOK, r.StatusCode)
	})
}

// TestDeviceCookie: a browser that signed in before signs in at once while
// strangers' failures keep its address waiting; a browser without the
// cookie waits. The cookie survives logout; a forged one counts for nothing.
func TestDeviceCookie(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		clock := newFakeClock()
		ts := newAnonServer(t, b, Options{TrustedProxies: loopbackProxy, Throttle: access.NewThrottle(clock.now)})
		const office = "203.0.113.10"
		resp := ts.signIn(testCode, office)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		var device *http.Cookie
		for _, c := range resp.Cookies() {
			if c.Name == DeviceCookie {
				device = c
			}
		}
		require.NotNil(t, device, "a successful sign-in sets the device cookie")
		assert.True(t, device.HttpOnly)
		assert.Equal(t, "/", device.Path)
		assert.WithinDuration(t, time.Now().Add(access.DeviceTTL), device.Expires, time.Hour, "it lasts a year")

		resp, _ = ts.do("DELETE", "/api/session", nil)
		require.Equal(t, http.StatusNoContent, resp.StatusCode)
		for _, c := range resp.Cookies() {
			assert.NotEqual(t, DeviceCookie, c.Name, "logout keeps the device cookie")
		}

		stranger := ts.browser()
		for i := 0; i < 10; i++ {
			r := stranger.signIn("wrong-code-guess", office)
			if r.StatusCode == http.StatusTooManyRequests {
				retryAfter(t, r)
				continue
			}
			require.Equal(t, http.StatusUnauthorized, r.StatusCode)
		}
		retryAfter(t, stranger.signIn(testCode, office))
		newcomer := ts.browser()
		retryAfter(t, newcomer.signIn(testCode, office))

		assert.Equal(t, http.StatusOK, ts.signIn(testCode, office).StatusCode,
			"the browser with a device cookie signs in at once while its address waits")

		forged := ts.browser()
		forged.client.Jar.SetCookies(resp.Request.URL, []*http.Cookie{{Name: DeviceCookie, Value: device.Value + "x"}})
		retryAfter(t, forged.signIn(testCode, office))

		// A device's wrong code counts against its address too, and costs
		// it its exemption: its next attempt waits with its address.
		require.Equal(t, http.StatusUnauthorized, ts.signIn("wrong-code-guess", office).StatusCode)
		retryAfter(t, ts.signIn(testCode, office))
	})
}

// TestWrongCodesCountPerAddress: four device cookies do not buy an address
// four sets of free wrong codes. 20 wrong codes from four browsers that
// signed in before, on one address, are mostly refused with 429: each
// device gets at most its first attempt past the address's wait.
func TestWrongCodesCountPerAddress(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newAnonServer(t, b, Options{TrustedProxies: loopbackProxy})
		const office = "203.0.113.20"
		var devices []*testServer
		for range 4 {
			d := ts.browser()
			require.Equal(t, http.StatusOK, d.signIn(testCode, office).StatusCode)
			devices = append(devices, d)
		}
		checked := 0
		for i := range 20 {
			switch r := devices[i%4].signIn("wrong-code-guess", office); r.StatusCode {
			case http.StatusUnauthorized:
				checked++
			case http.StatusTooManyRequests:
			default:
				t.Fatalf("status %d", r.StatusCode)
			}
		}
		assert.LessOrEqual(t, checked, access.FreeFailures+len(devices)-1,
			"wrong codes are counted per address, whatever the cookies")
	})
}

// TestCacheControl: a sample of authenticated /api answers, every method,
// carries private, no-cache; the session answers no-store; ETags still
// answer 304.
func TestCacheControl(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var theme map[string]any
		ts.json("POST", "/api/themes", map[string]any{"name": "Benefits", "description": "Pay and leave"}, http.StatusCreated, &theme)
		id := theme["id"].(string)
		for _, c := range []struct{ method, path string }{
			{"GET", "/api/themes"}, {"GET", "/api/themes/" + id}, {"PUT", "/api/themes/" + id}, {"GET", "/api/questions"},
			{"GET", "/api/communications"}, {"GET", "/api/reference"}, {"GET", "/api/activity"}, {"GET", "/api/search?q=ben"},
			{"GET", "/api/schedule/export?format=csv"}, {"GET", "/api/checklist"}, {"GET", "/api/calendar-feeds"},
			{"GET", "/api/no-such-route"}, {"DELETE", "/api/themes/" + id},
		} {
			var body any
			if c.method == "PUT" {
				body = map[string]any{"name": "Pay", "description": "Pay and leave"}
			}
			resp, out := ts.do(c.method, c.path, body)
			require.Less(t, resp.StatusCode, 500, "%s %s: %s", c.method, c.path, out)
			assert.Equal(t, "private, no-cache", resp.Header.Get("Cache-Control"), "%s %s", c.method, c.path)
		}
		resp, _ := ts.do("GET", "/api/themes", nil)
		etag := resp.Header.Get("ETag")
		require.NotEmpty(t, etag)
		resp, _ = ts.doWith("GET", "/api/themes", nil, http.Header{"If-None-Match": {etag}})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode, "ETags still work")
		assert.Equal(t, "private, no-cache", resp.Header.Get("Cache-Control"))

		for _, m := range []string{"GET", "POST", "DELETE"} {
			var body any
			if m == "POST" {
				body = map[string]string{"code": testCode}
			}
			resp, _ := ts.do(m, "/api/session", body)
			assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"), "%s /api/session", m)
		}
		resp, _ = ts.browser().do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		assert.Equal(t, "private, no-cache", resp.Header.Get("Cache-Control"), "a 401 too")

	})
}

// TestHostCookie: behind a trusted proxy that says https, the session and
// device cookies are __Host- cookies (Secure, Path=/, no Domain), and only
// that name is read over https.
func TestHostCookie(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newAnonServer(t, b, Options{TrustedProxies: loopbackProxy})
		https := http.Header{"X-Forwarded-Proto": {"https"}}
		resp, body := ts.doWith("POST", "/api/session", map[string]string{"code": testCode}, https)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		names := map[string]*http.Cookie{}
		for _, c := range resp.Cookies() {
			names[c.Name] = c
		}
		for _, name := range []string{HostPrefix + SessionCookie, HostPrefix + DeviceCookie} {
			c := names[name]
			require.NotNil(t, c, "%s in %v", name, resp.Header.Values("Set-Cookie"))
			assert.True(t, c.Secure, name)
			assert.Equal(t, "/", c.Path, name)
			assert.Empty(t, c.Domain, name)
			assert.True(t, c.HttpOnly, name)
		}
		session := names[HostPrefix+SessionCookie]

		get := func(name string, header http.Header) int {
			req, err := http.NewRequest("GET", ts.URL+"/api/themes", nil)
			require.NoError(t, err)
			req.AddCookie(&http.Cookie{Name: name, Value: session.Value})
			for k, v := range header {
				req.Header[k] = v
			}
			r, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			r.Body.Close()
			return r.StatusCode
		}
		assert.Equal(t, http.StatusOK, get(HostPrefix+SessionCookie, https))
		assert.Equal(t, http.StatusUnauthorized, get(SessionCookie, https), "over https only the __Host- name counts")

		resp, _ = ts.doWith("DELETE", "/api/session", nil, https)
		require.Len(t, resp.Cookies(), 1)
		assert.Equal(t, HostPrefix+SessionCookie, resp.Cookies()[0].Name, "logout clears the __Host- cookie")
	})
}

// logLines decodes a JSON log.
func logLines(t *testing.T, log string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(log))
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m), sc.Text())
		out = append(out, m)
	}
	return out
}

// TestLogWithoutSecrets: a calendar feed's token never reaches the request
// log, nor a query parameter or Referer that holds a credential; in the
// text log and in the JSON log.
func TestLogWithoutSecrets(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		for _, format := range []string{"text", "json"} {
			var log syncbuf.Buffer
			var h slog.Handler = slog.NewTextHandler(&log, nil)
			if format == "json" {
				h = slog.NewJSONHandler(&log, nil)
			}
			ts := newTestServer(t, b, Options{Log: slog.New(h)})
			var created map[string]any
			ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Team"}, http.StatusCreated, &created)
			url := created["url"].(string)
			token := strings.TrimSuffix(strings.TrimPrefix(url, "/api/calendar/"), ".ics")
			resp, _ := ts.browser().do("GET", url, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			resp, _ = ts.browser().do("GET", url+"?tz=UTC", nil)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			resp, _ = ts.browser().do("GET", "/api/calendar/"+token, nil)
			require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
			ts.doWith("GET", "/api/themes?access_token=s3cr3t-value&limit=5", nil,
				http.Header{"Referer": {"http://comms.example.com" + url + "?code=s3cr3t-code"}})

			out := log.String()
			assert.NotContains(t, out, token, format)
			assert.NotContains(t, out, "s3cr3t", format)
			assert.Contains(t, out, "/api/calendar/REDACTED.ics", format)
			assert.Contains(t, out, "limit=5", format)
			if format == "json" {
				var referers, queries int
				for _, l := range logLines(t, out) {
					if l["msg"] != "request" {
						continue
					}
					if ref, ok := l["referer"].(string); ok {
						assert.Equal(t, "http://comms.example.com/api/calendar/REDACTED.ics?code=REDACTED", ref)
						referers++
					}
					if q, ok := l["query"].(string); ok && strings.Contains(q, "limit") {
						assert.Equal(t, "access_token=REDACTED&limit=5", q)
						queries++
					}
				}
				assert.Equal(t, 1, referers)
				assert.Equal(t, 1, queries)
			}
		}
	})
}

// TestLongPathLog: a path of 1 MB answers 414 and at most 1 KB of it
// reaches the log, cut and marked; a long query likewise.
func TestLongPathLog(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		var log syncbuf.Buffer
		ts := newAnonServer(t, b, Options{Log: slog.New(slog.NewJSONHandler(&log, nil))})
		long := strings.Repeat("a", 1<<20)
		resp, _ := ts.do("GET", "/"+long, nil)
		assert.Contains(t, []int{http.StatusRequestURITooLong, http.StatusNotFound}, resp.StatusCode)
		resp, _ = ts.do("GET", "/api/themes/"+long, nil)
		assert.Contains(t, []int{http.StatusRequestURITooLong, http.StatusNotFound}, resp.StatusCode)
		resp, _ = ts.do("GET", "/api/health?x="+strings.Repeat("b", 2000), nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode)

		lines := logLines(t, log.String())
		require.Len(t, lines, 3)
		assert.Less(t, len(log.String()), 3<<10, "at most 1 KB a line")
		for _, l := range lines[:2] {
			assert.Regexp(t, `^/(api/themes/)?a+\.\.\.\[cut \d+ bytes\]$`, l["path"])
		}
		assert.Regexp(t, `^x=b+\.\.\.\[cut 1490 bytes\]$`, lines[2]["query"])
	})
}

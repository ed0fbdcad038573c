package api

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// fakeClock is a clock a test moves by hand, for the throttle's waits.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)} }

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// sessionCookie returns the session cookie the test client holds.
func (ts *testServer) sessionCookie() *http.Cookie {
	ts.t.Helper()
	req, err := http.NewRequest("GET", ts.URL, nil)
	require.NoError(ts.t, err)
	for _, c := range ts.client.Jar.Cookies(req.URL) {
		if c.Name == SessionCookie {
			return c
		}
	}
	ts.t.Fatal("no session cookie")
	return nil
}

// replica is a second server on the test server's database with the same
// secret, which reads revocations on every check.
func (ts *testServer) replica() http.Handler {
	st := storetest.Open(ts.t, ts.DSN)
	return New(Options{Store: st, Codes: access.NewCodes([]string{testCode}), Secret: []byte("test secret"),
		Revocations: access.NewRevocations(st, 0)}).Handler()
}

// statusWith answers GET path on h with cookie c.
func statusWith(h http.Handler, path string, c *http.Cookie) int {
	req := httptest.NewRequest("GET", path, nil)
	req.AddCookie(c)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code
}

func TestLogoutRevokes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		replica := ts.replica()
		old := ts.sessionCookie()
		require.Equal(t, http.StatusOK, statusWith(replica, "/api/themes", old), "the replica accepts the session")

		resp, _ := ts.do("DELETE", "/api/session", nil)
		require.Equal(t, http.StatusNoContent, resp.StatusCode)
		ts.client.Jar.SetCookies(resp.Request.URL, []*http.Cookie{old})
		resp, _ = ts.do("GET", "/api/themes", nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "the old cookie is dead on the same server")
		assert.Equal(t, http.StatusUnauthorized, statusWith(replica, "/api/themes", old), "and on the replica")
		var state sessionState
		ts.json("GET", "/api/session", nil, http.StatusOK, &state)
		assert.False(t, state.Authenticated)
		resp, _ = ts.do("DELETE", "/api/session", nil)
		assert.Equal(t, http.StatusNoContent, resp.StatusCode, "logging out again is no error")

		// Logging in again gives a new session that works.
		ts.json("POST", "/api/session", map[string]string{"code": testCode}, http.StatusOK, nil)
		assert.NotEqual(t, old.Value, ts.sessionCookie().Value)
		assert.Equal(t, http.StatusOK, statusWith(replica, "/api/themes", ts.sessionCookie()))
	})
}

// TestThrottleBehindProxy: the test server's peer is 127.0.0.1, which plays
// the reverse proxy.
func TestThrottleBehindProxy(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		proxy := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		ts := newAnonServer(t, b, Options{TrustedProxies: proxy, Throttle: access.NewThrottle(newFakeClock().now)})
		login := func(code, xff string) int {
			resp, _ := ts.doWith("POST", "/api/session", map[string]string{"code": code}, http.Header{"X-Forwarded-For": {xff}})
			return resp.StatusCode
		}
		for i := 0; i < 5; i++ {
			require.Equal(t, http.StatusUnauthorized, login("wrong", "203.0.113.10"))
		}
		assert.Equal(t, http.StatusTooManyRequests, login(testCode, "203.0.113.10"), "client A is blocked")
		assert.Equal(t, http.StatusTooManyRequests, login(testCode, "198.51.100.7, 203.0.113.10"),
			"an address A writes in front of the proxy's changes nothing")
		assert.Equal(t, http.StatusOK, login(testCode, "203.0.113.20"), "client B behind the same proxy is not")

		untrusted := newAnonServer(t, b, Options{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")},
			Throttle: access.NewThrottle(newFakeClock().now)})
		for i := 0; i < 5; i++ {
			resp, _ := untrusted.doWith("POST", "/api/session", map[string]string{"code": "wrong"},
				http.Header{"X-Forwarded-For": {"203.0.113." + string(rune('1'+i))}})
			require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		}
		resp, _ := untrusted.doWith("POST", "/api/session", map[string]string{"code": testCode},
			http.Header{"X-Forwarded-For": {"203.0.113.200"}})
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "an untrusted peer's X-Forwarded-For is ignored")
	})
}

func TestSecureCookie(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		proxy := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
		cases := []struct {
			name   string
			opts   Options
			header http.Header
			secure bool
		}{
			{"plain http", Options{}, nil, false},
			{"public https URL", Options{PublicURL: "https://comms.example.com"}, nil, true},
			{"public http URL", Options{PublicURL: "http://comms.example.com"}, nil, false},
			{"trusted proxy says https", Options{TrustedProxies: proxy}, http.Header{"X-Forwarded-Proto": {"https"}}, true},
			{"trusted proxy says http", Options{TrustedProxies: proxy}, http.Header{"X-Forwarded-Proto": {"http"}}, false},
			{"untrusted peer says https", Options{}, http.Header{"X-Forwarded-Proto": {"https"}}, false},
		}
		for _, tc := range cases {
			ts := newAnonServer(t, b, tc.opts)
			resp, body := ts.doWith("POST", "/api/session", map[string]string{"code": testCode}, tc.header)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			require.Len(t, resp.Cookies(), 2, "session and device: %s", tc.name)
			for _, c := range resp.Cookies() {
				assert.Equal(t, tc.secure, c.Secure, "%s: %s", c.Name, tc.name)
			}
			assert.Equal(t, tc.secure, resp.Header.Get("Strict-Transport-Security") != "", "HSTS: %s", tc.name)
			resp, _ = ts.doWith("DELETE", "/api/session", nil, tc.header)
			require.Len(t, resp.Cookies(), 1, tc.name)
			assert.Equal(t, tc.secure, resp.Cookies()[0].Secure, "logout's cookie: %s", tc.name)
		}
	})
}

func TestClientOf(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32")}
	cases := []struct {
		name, remote, xff, proto string
		tls                      bool
		want                     client
	}{
		{"direct", "192.0.2.1:5000", "", "", false, client{"192.0.2.1", false}},
		{"direct TLS", "192.0.2.1:5000", "", "", true, client{"192.0.2.1", true}},
		{"untrusted peer's headers", "192.0.2.1:5000", "203.0.113.5", "https", false, client{"192.0.2.1", false}},
		{"trusted proxy", "10.0.0.2:5000", "203.0.113.5", "https", false, client{"203.0.113.5", true}},
		{"spoofed left of the real client", "10.0.0.2:5000", "1.1.1.1, 203.0.113.5", "", false, client{"203.0.113.5", false}},
		{"a chain of trusted proxies", "10.0.0.2:5000", "203.0.113.5, 10.9.9.9", "https", false, client{"203.0.113.5", true}},
		{"only proxies", "10.0.0.2:5000", "10.0.0.7, 10.0.0.8", "", false, client{"10.0.0.7", false}},
		{"no header from the proxy", "10.0.0.2:5000", "", "", false, client{"10.0.0.2", false}},
		{"hops with ports", "10.0.0.2:5000", "[2001:db9::1]:443, 203.0.113.5:4711", "", false, client{"203.0.113.5", false}},
		{"IPv6 proxy", "[2001:db8::1]:443", "2001:db9::5", "HTTPS", false, client{"2001:db9::5", true}},
		{"garbage after a trusted hop", "10.0.0.2:5000", "nonsense, 10.0.0.9", "", false, client{"10.0.0.9", false}},
		{"first proto counts", "10.0.0.2:5000", "203.0.113.5", "https, http", false, client{"203.0.113.5", true}},
		{"IPv4-mapped peer", "[::ffff:192.0.2.1]:5000", "", "", false, client{"192.0.2.1", false}},
		{"IPv4-mapped proxy", "[::ffff:10.0.0.2]:5000", "203.0.113.5", "", false, client{"203.0.113.5", false}},
	}
	for _, tc := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if tc.proto != "" {
			r.Header.Set("X-Forwarded-Proto", tc.proto)
		}
		if tc.tls {
			r.TLS = &tls.ConnectionState{}
		}
		assert.Equal(t, tc.want, clientOf(trusted, r), tc.name)
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.0.0.2:5000"
	r.Header.Add("X-Forwarded-For", "1.1.1.1")
	r.Header.Add("X-Forwarded-For", "203.0.113.5")
	assert.Equal(t, "203.0.113.5", clientOf(trusted, r).addr, "several header lines read as one list")
}

func TestLogoutWithoutDatabase(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	require.NoError(t, ts.Store.Close())
	resp, body := ts.do("DELETE", "/api/session", nil)
	assert.GreaterOrEqual(t, resp.StatusCode, 500, "the revocation could not be recorded: %s", body)
	errorBody(t, body)
	require.Len(t, resp.Cookies(), 1)
	assert.Equal(t, -1, resp.Cookies()[0].MaxAge, "the browser forgets the cookie all the same")
}

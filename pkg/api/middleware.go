package api

import (
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/gzhttp"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/store"
)

// requireSession answers 401 to a request without a session, unless its
// route is open: its operation needs no permission (permissions.go, the one
// list of them). It also marks every /api answer as one no shared cache may
// keep: private, no-cache (a browser may keep it but asks again, so ETags
// still work), and no-store for the session answers, which set the cookie.
func (s *Server) requireSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/session" {
			w.Header()["Cache-Control"] = noStore[:1:1]
		} else {
			w.Header()["Cache-Control"] = privateNoCache[:1:1]
		}
		if op, ok := operationOf(r); ok && op.Need == "" {
			next.ServeHTTP(w, r)
			return
		}
		sess, who, err := s.who(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if who.ID == "" {
			writeJSON(w, http.StatusUnauthorized, ErrorBody{Error: "authentication required"})
			return
		}
		s.renew(w, r, sess)
		// Who is acting, for every use case this request runs (pkg/plan).
		ctx := actor.With(r.Context(), who)
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			// A read reads the data versions once: its list's and the
			// insiders' (store.ViewKey) come from the same read.
			ctx = store.OnceVersions(ctx)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// authorize answers 403 to a request whose role lacks the permission its
// operation needs (permissions.go); the use cases check again (pkg/plan).
// It runs after checkParams, so a malformed path or query is a 404 or 400
// whoever asks. Only an open route goes without an actor (requireSession);
// any other without one is refused, never let through.
func authorize(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := need(r); p != "" {
			who, err := actor.From(r.Context())
			if err != nil {
				writeJSON(w, http.StatusUnauthorized, ErrorBody{Error: "authentication required"})
				return
			}
			if !who.Can(p) {
				denied(w, &actor.DeniedError{Permission: p, Role: who.Role})
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy suits the SPA: everything from this origin, inline
// styles for the component library and generated reports, framing refused.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-src 'self' blob: data:; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// securityHeaderValues are the headers every answer carries, in canonical
// form. Each value's slice is capped at its length, so a handler that adds
// to one gets a copy, never a change to the shared one.
var securityHeaderValues = func() http.Header {
	h := http.Header{}
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
	return h
}()

// Cache-Control values of /api answers (requireSession), shared likewise.
var (
	privateNoCache = []string{"private, no-cache"}
	noStore        = []string{"no-store"}
)

// hsts is Strict-Transport-Security's value, shared likewise.
var hsts = []string{"max-age=31536000"}

// securityHeaders sends HSTS whenever the browser came over https (see
// secure), also when TLS ends at a proxy. The values are shared, not built
// per answer (docs/performance.md, "The hot path of a small list").
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range securityHeaderValues {
			h[k] = v[:len(v):len(v)]
		}
		if s.secure(r) {
			h["Strict-Transport-Security"] = hsts[:1:1]
		}
		next.ServeHTTP(w, r)
	})
}

// compress gzips answers for clients that accept it: the UI's entry script
// shrinks from about 430 KB to 140 KB, and large JSON lists shrink as much.
// The API's answers are compressed anew on each request (a campaign read
// whole is 100 KB and more), so they take the lists' fast level
// (listGzipLevel): under the five-year soak, gzip at the default level was
// 6% of the server's CPU for Edit's campaign reads alone.
func compress(next http.Handler) http.Handler {
	ui := gzhttp.GzipHandler(next)
	fast, err := gzhttp.NewWrapper(gzhttp.CompressionLevel(listGzipLevel))
	if err != nil {
		panic(err) // a constant level
	}
	api := fast(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			api.ServeHTTP(w, r)
			return
		}
		ui.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status and size of an answer for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// logRequests writes one line per request. The path, the query and the
// Referer go through logSafe: no credential and no megabyte reaches the log.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		// LogAttrs: typed attributes, no boxing of each value.
		attrs := make([]slog.Attr, 0, 8)
		attrs = append(attrs, slog.String("method", r.Method), slog.String("path", logPath(r)))
		if r.URL.RawQuery != "" {
			attrs = append(attrs, slog.String("query", logSafe(r.URL.RawQuery)))
		}
		attrs = append(attrs, slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
			slog.Duration("duration", time.Since(start).Round(time.Microsecond)),
			slog.String("remote", clientOf(s.trusted, r).addr))
		if ref := r.Header.Get("Referer"); ref != "" {
			attrs = append(attrs, slog.String("referer", logSafe(ref)))
		}
		s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}

// MaxURI is the longest request target (path and query) served; a longer
// one is answered 414 without being routed.
const MaxURI = 16 << 10

// limitURI answers 414 to a request target longer than MaxURI.
func limitURI(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.RequestURI) > MaxURI || len(r.URL.Path)+len(r.URL.RawQuery) > MaxURI {
			writeJSON(w, http.StatusRequestURITooLong, ErrorBody{Error: "request URI too long"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// maxLogged is the longest path, query or Referer written to the log.
const maxLogged = 512

// feedToken matches the token of a calendar feed's path
// anywhere in a path or URL.
var feedToken = regexp.MustCompile(`(/api/calendar/)[^/?#]+`)

// secretParam matches a query parameter whose name says it holds a
// credential, with its value.
var secretParam = regexp.MustCompile(`(?i)((?:^|[?&;])[^=&;#]*(?:token|code|secret|key|password)[^=&;#]*=)[^&;#]*`)

// logPath is the request's path as the log may show it.
func logPath(r *http.Request) string { return logSafe(r.URL.Path) }

// logSafe is a path, query or URL as the log may show it: a calendar
// feed's token and the values of parameters named for a credential are
// replaced by REDACTED, and beyond maxLogged bytes it is cut and marked.
func logSafe(s string) string {
	if strings.Contains(s, "/api/calendar/") {
		s = feedToken.ReplaceAllStringFunc(s, func(m string) string {
			if strings.HasSuffix(m, ".ics") {
				return "/api/calendar/REDACTED.ics"
			}
			return "/api/calendar/REDACTED"
		})
	}
	if strings.ContainsRune(s, '=') {
		s = secretParam.ReplaceAllString(s, "${1}REDACTED")
	}
	if len(s) > maxLogged {
		cut := maxLogged
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "...[cut " + strconv.Itoa(len(s)-cut) + " bytes]"
	}
	return s
}

func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "path", logPath(r), "panic", v, "stack", string(debug.Stack()))
				writeJSON(w, http.StatusInternalServerError, ErrorBody{Error: "internal server error"})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

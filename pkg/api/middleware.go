package api

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/commsplan/commsplan/pkg/actor"
)

// openPaths need no session: health checks and the gate itself. A calendar
// feed (GET feedPath) needs none either: its token is the credential.
var openPaths = map[string]bool{"/api/health": true, "/api/ready": true, "/api/session": true}

// isOpen reports whether a request may go without a session.
func isOpen(method, path string) bool {
	return openPaths[path] || (method == http.MethodGet && feedPath.MatchString(path))
}

func (s *Server) requireSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isOpen(r.Method, r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		if !s.hasSession(r) {
			writeJSON(w, http.StatusUnauthorized, ErrorBody{Error: "authentication required"})
			return
		}
		// Who is acting, for every use case this request runs (pkg/plan).
		// Today every session is the shared identity.
		next.ServeHTTP(w, r.WithContext(actor.With(r.Context(), actor.Shared)))
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
func compress(next http.Handler) http.Handler {
	return gzhttp.GzipHandler(next)
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

// logRequests writes one line per request.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		// LogAttrs: typed attributes, no boxing of each value.
		s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("method", r.Method),
			slog.String("path", r.URL.Path), slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
			slog.Duration("duration", time.Since(start).Round(time.Microsecond)),
			slog.String("remote", clientOf(s.trusted, r).addr))
	})
}

func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				writeJSON(w, http.StatusInternalServerError, ErrorBody{Error: "internal server error"})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

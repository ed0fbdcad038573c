package api

import (
	"mime"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/commsplan/commsplan/pkg/domain"
)

// checkParams guards every routed request's path and query, as decode
// guards bodies: a path holding a NUL or bytes that are not UTF-8 names no
// record (404), and such a query parameter is a 400 naming it. Both
// backends then answer alike, and PostgreSQL never sees such text.
func checkParams(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if domain.TextProblem(r.URL.Path, 0) != "" {
			writeJSON(w, http.StatusNotFound, ErrorBody{Error: "not found"})
			return
		}
		if r.URL.RawQuery == "" {
			next.ServeHTTP(w, r)
			return
		}
		q := r.URL.Query()
		names := make([]string, 0, len(q))
		for name := range q {
			names = append(names, name)
		}
		slices.Sort(names) // the same parameter is named every time
		for _, name := range names {
			if msg := domain.TextProblem(name, 0); msg != "" {
				writeJSON(w, http.StatusBadRequest, BadRequest("query", "has a parameter name that "+msg).Body)
				return
			}
			for _, v := range q[name] {
				if msg := domain.TextProblem(v, 0); msg != "" {
					writeJSON(w, http.StatusBadRequest, BadRequest(name, msg).Body)
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// maxFileName bounds a download's file name, in bytes (all ASCII).
const maxFileName = 100

// attachment sets Content-Disposition for a download named name, made safe
// first: letters, digits, '.', '_' and '-' only (anything else becomes '_'),
// at most maxFileName characters with the extension kept. Every download
// the API sends goes through here, so no title can make a header that
// clients cannot read.
func attachment(w http.ResponseWriter, name string) {
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": safeFileName(name)}))
}

// safeFileName is attachment's rule.
func safeFileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-", r)):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	safe := strings.TrimLeft(b.String(), ".")
	if safe == "" {
		safe = "download"
	}
	if len(safe) <= maxFileName {
		return safe
	}
	ext := ""
	if i := strings.LastIndexByte(safe, '.'); i > 0 && len(safe)-i <= 10 {
		ext = safe[i:]
	}
	return safe[:maxFileName-len(ext)] + ext
}

// Package redact shows outbound URLs (the webhook, the identity provider)
// the one way they may appear in the audit trail, logs and errors: scheme
// and host only. An incoming-webhook URL carries its secret in the path or
// query, and an error from net/http repeats the whole URL.
package redact

import (
	"errors"
	"net/url"
	"strings"
)

// URL is raw as scheme://host (port kept); "the URL" when it does not
// parse or has no host.
func URL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return "the URL"
	}
	return u.Scheme + "://" + u.Host
}

// Host is raw's host (port kept), "" when it has none.
func Host(raw string) string {
	if u, err := url.Parse(strings.TrimSpace(raw)); err == nil {
		return u.Host
	}
	return ""
}

// Error is err's text with every URL in it cut to scheme and host: the
// URLs of a *url.Error chain, the URLs given (the configured ones, in any
// form an error may quote them: whole, unescaped, path and query), and any
// http(s) URL left in the text.
func Error(err error, urls ...string) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	var ue *url.Error
	for e := err; errors.As(e, &ue); e = ue.Err {
		urls = append(urls, ue.URL)
	}
	for _, raw := range urls {
		if raw == "" {
			continue
		}
		short := URL(raw)
		forms := []string{raw}
		if u, err := url.Parse(raw); err == nil {
			forms = append(forms, u.String(), u.Redacted())
			if u.RawQuery != "" {
				forms = append(forms, u.RawQuery)
			}
			if p := u.EscapedPath(); p != "" && p != "/" {
				forms = append(forms, p, u.Path)
			}
		}
		for _, f := range forms {
			if f != "" && f != short {
				msg = strings.ReplaceAll(msg, f, short)
			}
		}
	}
	return Text(msg)
}

// Text cuts every http(s) URL in s to scheme and host.
func Text(s string) string {
	var b strings.Builder
	for {
		i := indexURL(s)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		end := i + strings.IndexFunc(s[i:], func(r rune) bool {
			return r == ' ' || r == '"' || r == '\'' || r == '\n' || r == '\t' || r == '<' || r == '>'
		})
		if end < i {
			end = len(s)
		}
		b.WriteString(URL(strings.TrimRight(s[i:end], ".,;:)")))
		// Keep trailing punctuation the URL did not own.
		tail := s[i:end]
		trimmed := strings.TrimRight(tail, ".,;:)")
		b.WriteString(tail[len(trimmed):])
		s = s[end:]
	}
}

func indexURL(s string) int {
	i, j := strings.Index(s, "http://"), strings.Index(s, "https://")
	switch {
	case i < 0:
		return j
	case j < 0:
		return i
	}
	return min(i, j)
}

package compose

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// clean makes user text safe to work with: invalid UTF-8 becomes U+FFFD,
// control characters other than line breaks and tabs are dropped, and CR LF
// and lone CR become LF. Nothing else of the user's text is changed.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\n' || r == '\t':
			return r
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, s)
}

// inline is user text for one line: cleaned, with every run of white space
// collapsed to one space.
func inline(s string) string { return strings.Join(strings.Fields(clean(s)), " ") }

// paragraphs splits notes on blank lines; each paragraph is inline text.
func paragraphs(raw string) []string {
	var out []string
	var cur []string
	flush := func() {
		if p := strings.Join(strings.Fields(strings.Join(cur, " ")), " "); p != "" { // cleaned below
			out = append(out, p)
		}
		cur = cur[:0]
	}
	for line := range strings.SplitSeq(clean(raw), "\n") {
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		cur = append(cur, line)
	}
	flush()
	return out
}

// runeLen counts code points, the unit of every length limit.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

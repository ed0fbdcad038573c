package compose

import (
	"html"
	"strings"
	"unicode"

	xhtml "golang.org/x/net/html"
)

// Mark is appended where Fit cuts a piece short; it counts within the limit.
const Mark = "…"

// Fit is the one format and length rule every generator's answer goes
// through, the rule-based one and the plugins alike:
//
//   - line endings become "\n" in every format, as an HTML parser would
//     make them, so a piece's length does not depend on the writer's OS;
//   - html is made a well-formed fragment: only the tags of allowedTags
//     survive, without attributes, and are balanced; any other tag, comment
//     or stray markup is escaped or dropped;
//   - markdown gets no raw HTML: an unescaped '<' that opens a tag is escaped;
//   - text gets no tags: a '<' that opens one becomes '‹';
//   - then, when max > 0 and the content has more than max code points, it
//     is cut at a sentence or word boundary (never inside an HTML tag or
//     entity), Mark is appended and any open HTML element closed, all within
//     max, and Truncated is set.
//
// Fit is deterministic and leaves the rule-based generator's output, already
// in shape, unchanged but for the length.
func Fit(content, format string, max int) Result {
	format = normalizeFormat(format)
	content = lineEndings.Replace(content)
	switch format {
	case FormatHTML:
		content = sanitizeHTML(content)
	case FormatMarkdown:
		content = escapeRawHTML(content)
	default:
		content = textEscape(content)
	}
	r := Result{Content: content, Format: format, MaxLength: max}
	if max > 0 && runeLen(content) > max {
		if format == FormatHTML {
			r.Content = cutHTML(content, max)
		} else {
			r.Content = cutPlain(content, max, format == FormatMarkdown)
		}
		r.Truncated = true
	}
	r.Length = runeLen(r.Content)
	return r
}

var lineEndings = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// allowedTags are the elements an html piece may hold; void ones have no end
// tag.
var allowedTags = map[string]bool{
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"p": true, "ul": true, "ol": true, "li": true, "strong": true, "em": true,
	"b": true, "i": true, "blockquote": true, "table": true, "thead": true,
	"tbody": true, "tr": true, "th": true, "td": true, "br": true, "hr": true,
}

var voidTags = map[string]bool{"br": true, "hr": true}

// blockTags close an open paragraph when they start, as HTML does.
var blockTags = map[string]bool{
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "p": true,
	"ul": true, "ol": true, "blockquote": true, "table": true, "hr": true,
}

// sanitizeHTML rewrites s as a well-formed fragment of allowed tags without
// attributes: other tags are shown as escaped text, comments and doctypes
// dropped, text re-escaped, stray end tags dropped and open elements closed.
func sanitizeHTML(s string) string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var out strings.Builder
	var stack []string
	closeTo := func(n int) {
		for len(stack) > n {
			out.WriteString("</" + stack[len(stack)-1] + ">")
			stack = stack[:len(stack)-1]
		}
	}
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			closeTo(0)
			return out.String()
		case xhtml.TextToken:
			out.WriteString(html.EscapeString(string(z.Text())))
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			raw := string(z.Raw())
			name, _ := z.TagName()
			tag := string(name)
			if !allowedTags[tag] {
				out.WriteString(html.EscapeString(raw))
				continue
			}
			if blockTags[tag] && len(stack) > 0 && stack[len(stack)-1] == "p" {
				closeTo(len(stack) - 1)
			}
			if tag == "li" && len(stack) > 0 && stack[len(stack)-1] == "li" {
				closeTo(len(stack) - 1)
			}
			out.WriteString("<" + tag + ">")
			if !voidTags[tag] {
				stack = append(stack, tag)
			}
		case xhtml.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if !allowedTags[tag] {
				out.WriteString(html.EscapeString(string(z.Raw())))
				continue
			}
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i] == tag {
					closeTo(i)
					break
				}
			}
		}
	}
}

// escapeRawHTML escapes every '<' of a markdown text that is not already
// escaped and would open a tag, so a generator cannot pass raw HTML through
// markdown.
func escapeRawHTML(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var sb strings.Builder
	rs := []rune(s)
	backslashes := 0
	for i, r := range rs {
		if r == '<' && backslashes%2 == 0 && i+1 < len(rs) && opensTag(rs[i+1]) {
			sb.WriteByte('\\')
		}
		if r == '\\' {
			backslashes++
		} else {
			backslashes = 0
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// cutPlain shortens text or markdown to max code points, Mark included.
func cutPlain(s string, max int, markdown bool) string {
	rs := []rune(s)
	k := chooseCut(rs, max-runeLen(Mark), true)
	kept := strings.TrimRightFunc(string(rs[:k]), unicode.IsSpace)
	if markdown {
		// A trailing lone backslash would escape the mark.
		n := len(kept) - len(strings.TrimRight(kept, `\`))
		if n%2 == 1 {
			kept = kept[:len(kept)-1]
		}
	}
	return kept + Mark
}

// chooseCut picks how many runes of rs to keep, at most limit: the end of
// the last sentence or line if that keeps at least half, else the last word
// boundary, else (when hard) limit itself, moved back so that a combining
// mark or joiner is not separated from its base; without hard, 0.
func chooseCut(rs []rune, limit int, hard bool) int {
	if limit <= 0 {
		return 0
	}
	if limit >= len(rs) {
		return len(rs)
	}
	word := 0
	for i := limit; i > 0; i-- {
		if !unicode.IsSpace(rs[i]) {
			continue
		}
		if word == 0 {
			word = i
		}
		if 2*i < limit {
			break
		}
		if rs[i] == '\n' || sentenceEnd(rs[:i]) {
			return i
		}
	}
	if word > 0 || !hard {
		return word
	}
	k := limit
	for k > 0 && clings(rs[k]) {
		k--
	}
	if k == 0 {
		return limit
	}
	return k
}

// sentenceEnd says whether rs ends with sentence punctuation, possibly
// followed by closing quotes or brackets.
func sentenceEnd(rs []rune) bool {
	i := len(rs) - 1
	for i >= 0 && strings.ContainsRune(closers, rs[i]) {
		i--
	}
	return i >= 0 && strings.ContainsRune(terminators, rs[i])
}

// clings says whether r belongs to the character before it: a combining
// mark, a zero-width joiner or a variation selector.
func clings(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Variation_Selector) || r == '\u200d'
}

// cutHTML shortens a sanitized fragment to max code points: it keeps whole
// tags and entities, cuts the text it stops in at a boundary, appends Mark
// and closes the elements still open. Room to close them and for the mark is
// kept at every step.
func cutHTML(s string, max int) string {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var out strings.Builder
	var stack []string
	used, closing := 0, 0
	markLen := runeLen(Mark)
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			break
		}
		raw := string(z.Raw())
		n := runeLen(raw)
		switch tt {
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			name, _ := z.TagName()
			tag, end := string(name), 0
			if !voidTags[tag] {
				end = len(tag) + 3
			}
			if used+n+closing+end+markLen > max {
				return finishHTML(&out, stack)
			}
			out.WriteString(raw)
			used += n
			if end > 0 {
				stack = append(stack, tag)
				closing += end
			}
		case xhtml.EndTagToken:
			out.WriteString(raw)
			used += n
			if len(stack) > 0 {
				closing -= len(stack[len(stack)-1]) + 3
				stack = stack[:len(stack)-1]
			}
		case xhtml.TextToken:
			if used+n+closing+markLen <= max {
				out.WriteString(raw)
				used += n
				continue
			}
			text := []rune(string(z.Text()))
			avail := max - used - closing - markLen
			limit := 0 // how many runes of text fit once escaped
			for cost := 0; limit < len(text); limit++ {
				cost += runeLen(html.EscapeString(string(text[limit])))
				if cost > avail {
					break
				}
			}
			k := chooseCut(text, limit, used == 0)
			out.WriteString(html.EscapeString(strings.TrimRightFunc(string(text[:k]), unicode.IsSpace)))
			return finishHTML(&out, stack)
		default: // comments and doctypes do not survive sanitizeHTML
		}
	}
	return finishHTML(&out, stack)
}

// finishHTML appends Mark and closes the open elements.
func finishHTML(out *strings.Builder, stack []string) string {
	out.WriteString(Mark)
	for i := len(stack) - 1; i >= 0; i-- {
		out.WriteString("</" + stack[i] + ">")
	}
	return out.String()
}

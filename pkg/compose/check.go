package compose

import (
	"html"
	"strings"
)

// Gold is what is known of the right answers for a piece's notes (the
// corpus's answer files): Check uses what is set.
type Gold struct {
	Answers  []GoldAnswer  // each sentence and the question it answers
	KeyDates []GoldKeyDate // the key dates, in calendar order
	Facts    []string      // what a reader must not lose, as written in the notes
	Action   string        // the call to action's words ("book"), when the notes have one
	Deadline string        // its deadline ("1 February")
	Decision string        // the decision asked of executives, when there is one
}

// GoldAnswer is one sentence of the notes and the question it answers:
// 1-based, 0 for none.
type GoldAnswer struct {
	Sentence string
	Question int
}

// GoldKeyDate is a key date as a person writes it ("13–16 March 2027") and
// words of what happens then.
type GoldKeyDate struct{ Date, What string }

// plainOf is a piece's content as a reader sees it: html without tags and
// entities, markdown without its escapes, text as it is.
func plainOf(content, format string) string {
	switch format {
	case FormatHTML:
		var sb strings.Builder
		in := false
		for _, r := range content {
			switch {
			case r == '<':
				in = true
			case r == '>' && in:
				in = false
				sb.WriteByte('\n')
			case !in:
				sb.WriteRune(r)
			}
		}
		return html.UnescapeString(sb.String())
	case FormatMarkdown:
		return unescapeMarkdown(content)
	}
	return content
}

// unescapeMarkdown drops the backslashes mdEscape adds.
func unescapeMarkdown(s string) string {
	var sb strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' && i+1 < len(rs) && strings.ContainsRune("\\`*_[]<~&#>+-=.)", rs[i+1]) {
			i++
		}
		sb.WriteRune(rs[i])
	}
	return sb.String()
}

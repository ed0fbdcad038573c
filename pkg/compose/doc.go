package compose

import (
	"html"
	"strconv"
	"strings"
	"unicode"
)

// kind is the kind of a document block.
type kind int

const (
	kHeading  kind = iota
	kPara          // a paragraph, optionally led by a bold label
	kBullets       // an unordered list
	kNumbered      // an ordered list
	kFields        // label/value lines (a memo's header)
	kRule          // a separator
)

// item is one entry of a list or of a fields block: a bold label and text.
type item struct{ label, text string }

// block is one part of a document. All its texts are plain: the renderer
// escapes them for the format, ours and the user's alike, so nothing a user
// types can turn into markup.
type block struct {
	kind  kind
	level int // headings: 1..3
	label string
	text  string
	items []item
}

// doc is a generated piece before it is rendered in a format.
type doc []block

func (d *doc) h(level int, text string) {
	*d = append(*d, block{kind: kHeading, level: level, text: text})
}
func (d *doc) p(text string) { *d = append(*d, block{kind: kPara, text: text}) }

// lp adds a paragraph led by a bold label.
func (d *doc) lp(label, text string) { *d = append(*d, block{kind: kPara, label: label, text: text}) }
func (d *doc) bullets(items ...item) {
	if len(items) > 0 {
		*d = append(*d, block{kind: kBullets, items: items})
	}
}
func (d *doc) numbered(items ...item) {
	if len(items) > 0 {
		*d = append(*d, block{kind: kNumbered, items: items})
	}
}
func (d *doc) fields(items ...item) { *d = append(*d, block{kind: kFields, items: items}) }
func (d *doc) rule()                { *d = append(*d, block{kind: kRule}) }

// render writes d in format: html (a fragment), markdown or text.
func (d doc) render(format string) string {
	var parts []string
	for _, b := range d {
		var s string
		switch format {
		case FormatHTML:
			s = b.html()
		case FormatMarkdown:
			s = b.markdown()
		default:
			s = b.plain()
		}
		if s != "" {
			parts = append(parts, s)
		}
	}
	sep := "\n\n"
	if format == FormatHTML {
		sep = "\n"
	}
	return strings.Join(parts, sep)
}

// join puts a label and a text together with a space when both are present.
func join(label, text string) string {
	if label == "" || text == "" {
		return label + text
	}
	return label + " " + text
}

func (b block) html() string {
	e := html.EscapeString
	labelled := func(tag string, it item) string {
		if it.label == "" && it.text == "" {
			return ""
		}
		s := "<" + tag + ">"
		if it.label != "" {
			s += "<strong>" + e(it.label) + "</strong>"
			if it.text != "" {
				s += " "
			}
		}
		return s + e(it.text) + "</" + tag + ">"
	}
	list := func(tag string) string {
		var sb strings.Builder
		sb.WriteString("<" + tag + ">")
		for _, it := range b.items {
			sb.WriteString(labelled("li", it))
		}
		sb.WriteString("</" + tag + ">")
		return sb.String()
	}
	switch b.kind {
	case kHeading:
		t := "h" + strconv.Itoa(b.level)
		return "<" + t + ">" + e(b.text) + "</" + t + ">"
	case kPara:
		return labelled("p", item{b.label, b.text})
	case kBullets:
		return list("ul")
	case kNumbered:
		return list("ol")
	case kFields:
		var lines []string
		for _, it := range b.items {
			lines = append(lines, labelled("p", it))
		}
		return strings.Join(lines, "\n")
	case kRule:
		return "<hr>"
	}
	return ""
}

func (b block) markdown() string {
	labelled := func(it item) string {
		if it.label == "" {
			return mdEscape(it.text, true)
		}
		s := "**" + mdEscape(it.label, false) + "**"
		if it.text != "" {
			s += " " + mdEscape(it.text, false)
		}
		return s
	}
	switch b.kind {
	case kHeading:
		return strings.Repeat("#", b.level) + " " + mdEscape(b.text, false)
	case kPara:
		return labelled(item{b.label, b.text})
	case kBullets, kNumbered:
		return strings.Join(b.listed(labelled), "\n")
	case kFields:
		lines := make([]string, len(b.items))
		for i, it := range b.items {
			lines[i] = labelled(it)
		}
		return strings.Join(lines, "\n\n")
	case kRule:
		return "---"
	}
	return ""
}

// listed renders each item of a list block with line, after its marker:
// "1. " in a numbered list, "- " in a bulleted one.
func (b block) listed(line func(item) string) []string {
	lines := make([]string, len(b.items))
	for i, it := range b.items {
		marker := "- "
		if b.kind == kNumbered {
			marker = strconv.Itoa(i+1) + ". "
		}
		lines[i] = marker + line(it)
	}
	return lines
}

func (b block) plain() string {
	t := textEscape
	switch b.kind {
	case kHeading:
		return t(b.text)
	case kPara:
		return t(join(b.label, b.text))
	case kBullets, kNumbered:
		return strings.Join(b.listed(func(it item) string { return t(join(it.label, it.text)) }), "\n")
	case kFields:
		lines := make([]string, len(b.items))
		for i, it := range b.items {
			lines[i] = t(join(it.label, it.text))
		}
		return strings.Join(lines, "\n")
	}
	return "" // a rule is just the blank line around it
}

// mdEscape backslash-escapes the characters that would give text markdown
// structure: everywhere \ ` * _ [ ] < ~ and an & that starts an entity
// (&name;); a # that would open or close an ATX heading; and at the start
// of a block > + - = and the . or ) after leading digits (quotes, lists,
// setext lines). The result reads the same once rendered. Labels and
// headings are never at a block start that matters, so start is false for
// them.
func mdEscape(s string, start bool) string {
	var sb strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '~':
			sb.WriteByte('\\')
		case '&':
			if entityAt(rs[i+1:]) {
				sb.WriteByte('\\')
			}
		case '#':
			j := i
			for j < len(rs) && rs[j] == '#' {
				j++
			}
			opens := start && i == 0 && (j == len(rs) || rs[j] == ' ')
			closes := i > 0 && rs[i-1] == ' ' && j == len(rs)
			if opens || closes {
				sb.WriteByte('\\')
			}
		case '>', '+', '-', '=':
			if start && i == 0 {
				sb.WriteByte('\\')
			}
		case '.', ')':
			if start && i > 0 && leadingDigits(rs[:i]) {
				sb.WriteByte('\\')
			}
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// entityAt says whether rs, following an '&', reads as an entity: letters,
// digits or # and then ';'.
func entityAt(rs []rune) bool {
	for i, r := range rs {
		switch {
		case r == ';':
			return i > 0
		case r == '#' || (r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r))):
		default:
			return false
		}
	}
	return false
}

// leadingDigits says whether rs is all ASCII digits.
func leadingDigits(rs []rune) bool {
	for _, r := range rs {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// textEscape keeps text output free of tags: a '<' that would open one
// (followed by a letter, '/', '!' or '?') becomes '‹' (U+2039). Every
// other character, '>' and "a < b" included, is kept as typed.
func textEscape(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	rs := []rune(s)
	for i, r := range rs {
		if r == '<' && i+1 < len(rs) && opensTag(rs[i+1]) {
			rs[i] = '‹'
		}
	}
	return string(rs)
}

// opensTag says whether r after '<' makes it the start of a tag, a comment
// or a processing instruction.
func opensTag(r rune) bool {
	return r == '/' || r == '!' || r == '?' || (r < 128 && unicode.IsLetter(r))
}

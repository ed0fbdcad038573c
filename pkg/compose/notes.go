package compose

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// substance is the part of the planner's notes that goes under one question:
// paragraphs, each a list of sentences.
type substance [][]string

// sentences flattens s.
func (s substance) sentences() []string {
	var out []string
	for _, p := range s {
		out = append(out, p...)
	}
	return out
}

// joined is s as one run of text.
func (s substance) joined() string { return strings.Join(s.sentences(), " ") }

// first is the first sentence of s, or "".
func (s substance) first() string {
	for _, p := range s {
		if len(p) > 0 {
			return p[0]
		}
	}
	return ""
}

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

// Sentence punctuation, and what may follow it inside the sentence.
const (
	terminators = ".!?…。！？؟"
	closers     = "\"')]}»”’"
)

// sentences splits one paragraph after sentence punctuation followed by a
// space. "e.g. this" splits too: the rule is simple and deterministic.
func sentences(p string) []string {
	var out []string
	rs := []rune(p)
	start := 0
	for i := 0; i < len(rs); i++ {
		if !strings.ContainsRune(terminators, rs[i]) {
			continue
		}
		j := i + 1
		for j < len(rs) && (strings.ContainsRune(terminators, rs[j]) || strings.ContainsRune(closers, rs[j])) {
			j++
		}
		if j == len(rs) || unicode.IsSpace(rs[j]) {
			if s := strings.TrimSpace(string(rs[start:j])); s != "" {
				out = append(out, s)
			}
			start = j
		}
		i = j - 1
	}
	if s := strings.TrimSpace(string(rs[start:])); s != "" {
		out = append(out, s)
	}
	return out
}

// notes are the planner's raw notes as paragraphs of sentences.
func notes(raw string) substance {
	var out substance
	for _, p := range paragraphs(raw) {
		out = append(out, sentences(p))
	}
	return out
}

// distribute shares the notes among n questions, in order and contiguously:
// whole paragraphs when there are at least n of them, otherwise sentences
// (those of one paragraph that land on one question stay one paragraph).
// Earlier questions take the remainder, so with fewer sentences than
// questions the last questions get none.
func distribute(s substance, n int) []substance {
	if n <= 0 {
		n = 1
	}
	type unit struct {
		para  int
		sents []string
	}
	var units []unit
	for i, p := range s {
		if len(s) >= n {
			units = append(units, unit{i, p})
			continue
		}
		for _, sent := range p {
			units = append(units, unit{i, []string{sent}})
		}
	}
	out := make([]substance, n)
	size, extra := len(units)/n, len(units)%n
	at := 0
	for i := range out {
		k := size
		if i < extra {
			k++
		}
		for j, u := range units[at : at+k] {
			if j > 0 && units[at+j-1].para == u.para {
				last := &out[i][len(out[i])-1]
				*last = append(*last, u.sents...)
				continue
			}
			out[i] = append(out[i], append([]string(nil), u.sents...))
		}
		at += k
	}
	return out
}

// runeLen counts code points, the unit of every length limit.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

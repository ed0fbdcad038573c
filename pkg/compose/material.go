package compose

import (
	"fmt"
	"strings"

	"github.com/commsplan/commsplan/pkg/domain"
)

// topic is one question of the piece with the notes it got.
type topic struct {
	title    string
	fallback string // stands in when notes is empty
	notes    substance
}

// material is an input made ready for the rules: user texts cleaned, notes
// split and shared among the questions.
type material struct {
	theme, desc string
	topics      []topic
	notes       substance
	tone        tone
	format      string
	max         int
	tpl         NewsletterTemplate
	shortened   bool // a rule cut its material to fit max
}

func newMaterial(in Input, format string) *material {
	m := &material{
		theme:  inline(in.Theme.Name),
		desc:   inline(in.Theme.Description),
		notes:  notes(in.Raw),
		tone:   toneOf(in.Vehicle.Strategy),
		format: format,
		max:    in.Vehicle.Settings.MaxLength,
		tpl:    DefaultNewsletterTemplate(),
	}
	if in.Template != nil {
		m.tpl = *in.Template
	}
	parts := distribute(m.notes, len(in.Questions))
	for i, q := range in.Questions {
		title := inline(q.Question)
		if title == "" {
			title = fmt.Sprintf("Question %d", i+1)
		}
		fallback := inline(q.Description)
		if fallback == "" {
			fallback = noDetail
		}
		m.topics = append(m.topics, topic{title, fallback, parts[i]})
	}
	if len(m.topics) == 0 {
		m.topics = []topic{{"Key Points", or(m.desc, noDetail), parts[0]}}
	}
	return m
}

// or returns s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// period ends s as a sentence: it adds a full stop unless s already ends
// with sentence punctuation.
func period(s string) string {
	if s == "" || sentenceEnd([]rune(s)) {
		return s
	}
	return s + "."
}

// points are one short line per topic: its first sentence, or its title.
func (m *material) points() []string {
	out := make([]string, len(m.topics))
	for i, t := range m.topics {
		out[i] = or(t.notes.first(), t.title)
	}
	return out
}

// callToAction closes a long piece; digital sets it apart in bold like a
// link.
func (m *material) callToAction(d *doc) {
	if m.tone == domain.StrategyDigital {
		d.lp(m.tone.cta(), "")
		return
	}
	d.p(m.tone.cta())
}

// compact builds a piece that must fit m.max from its points: when the whole
// does not fit, the points are cut (the last one kept marked with Mark) to
// the longest run that does, so the call to action and the headline stay.
func (m *material) compact(points []string, build func([]string) doc) doc {
	fits := func(d doc) bool { return m.max <= 0 || runeLen(d.render(m.format)) <= m.max }
	if d := build(points); fits(d) {
		return d
	}
	m.shortened = true
	total := 0
	for _, p := range points {
		total += runeLen(p)
	}
	best := build(shorten(points, 0))
	for lo, hi := 1, total; lo <= hi; {
		mid := (lo + hi) / 2
		if d := build(shorten(points, mid)); fits(d) {
			best, lo = d, mid+1
		} else {
			hi = mid - 1
		}
	}
	return best
}

// shorten keeps the points that fit in n code points and cuts the next one
// to the rest; Mark always shows where the cut is.
func shorten(points []string, n int) []string {
	var out []string
	for _, p := range points {
		if l := runeLen(p); l <= n {
			out = append(out, p)
			n -= l
			continue
		}
		switch cut := cutPlain(p, n, false); {
		case cut != Mark:
			out = append(out, cut)
		case len(out) > 0:
			out[len(out)-1] += Mark // nothing of p fits: mark the cut after the last kept point
		default:
			out = append(out, Mark)
		}
		break
	}
	return out
}

// segment is a timed part of a session, an episode or a video.
type segment struct {
	title string
	span  int // minutes, or seconds for a video
	write func(d *doc)
}

// clock writes n units as h:mm (or m:ss).
func clock(n int) string { return fmt.Sprintf("%d:%02d", n/60, n%60) }

// timed writes the run of segments: an agenda with the timings under
// agendaTitle, then each segment under notesTitle with its timing.
func timed(d *doc, agendaTitle, notesTitle string, segs []segment) {
	d.h(2, agendaTitle)
	var items []item
	at := 0
	spans := make([]string, len(segs))
	for i, s := range segs {
		spans[i] = clock(at) + "–" + clock(at+s.span)
		items = append(items, item{spans[i], s.title})
		at += s.span
	}
	d.bullets(items...)
	d.h(2, notesTitle)
	for i, s := range segs {
		d.h(3, s.title+" ("+spans[i]+")")
		s.write(d)
	}
}

// sectionsInOrder returns the template's sections sorted by number.
func sectionsInOrder(t NewsletterTemplate) []Section {
	out := make([]Section, SectionCount+1)
	for _, s := range t.Sections {
		if s.Number >= 1 && s.Number <= SectionCount {
			out[s.Number] = s
		}
	}
	return out[1:]
}

// containsAny says whether s, lowercased, holds one of the words.
func containsAny(s string, words []string) bool {
	s = strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

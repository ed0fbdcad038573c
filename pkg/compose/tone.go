package compose

import (
	"strings"
	"unicode"

	"github.com/commsplan/commsplan/pkg/domain"
)

// tone is the vehicle's communication strategy, which shapes the wording:
// traditional writes fuller sentences and calls to a meeting or a manager,
// digital writes short paragraphs and bullet points with a link-style call
// to action, universal sits between the two.
type tone string

// toneOf maps a strategy to a tone; an unknown one is universal.
func toneOf(strategy string) tone {
	switch strategy {
	case domain.StrategyTraditional, domain.StrategyDigital:
		return tone(strategy)
	}
	return domain.StrategyUniversal
}

// pick returns the phrase for t: traditional, universal or digital.
func (t tone) pick(traditional, universal, digital string) string {
	return byTone(t, traditional, universal, digital)
}

// byTone returns the value for t: traditional, universal or digital.
func byTone[T any](t tone, traditional, universal, digital T) T {
	switch t {
	case domain.StrategyTraditional:
		return traditional
	case domain.StrategyDigital:
		return digital
	}
	return universal
}

// team signs every piece.
const team = "The ERP Programme Team"

func (t tone) greeting() string { return t.pick("Dear colleagues,", "Hello everyone,", "Hi everyone,") }
func (t tone) signOff() string  { return t.pick("Kind regards,", "Best regards,", "Thanks,") }

// cta is the call to action that closes a long piece.
func (t tone) cta() string {
	return t.pick(
		"If you have any questions, please speak to your manager or come along to the next programme briefing session in your area.",
		"Read more on the programme hub, or speak to your manager if you have questions.",
		"→ Read more on the programme hub",
	)
}

// shortCTA closes the pieces that must fit a few hundred characters.
func (t tone) shortCTA() string {
	return t.pick("Questions? Please ask your manager.", "More on the programme hub.", "More: programme hub →")
}

// spokenCTA is the call to action of a piece that is said aloud (podcast,
// video, town hall, lunch and learn): no arrow, no link text, and no event
// the notes do not name.
func (t tone) spokenCTA() string {
	return t.pick(
		"If you have any questions, please speak to your manager.",
		"You can read more on the programme hub, or speak to your manager if you have questions.",
		"Find out more on the programme hub, or ask your manager.",
	)
}

// body writes notes in the tone: traditional keeps whole paragraphs,
// universal splits them into short paragraphs of at most two sentences,
// digital makes a bullet of every sentence. A list of the notes stays a
// list (numbered if it was).
func (t tone) body(d *doc, s substance) {
	// Digital: the sentences of consecutive paragraphs make one list, not
	// a list per paragraph with gaps between.
	var pending []item
	flush := func() {
		d.bullets(pending...)
		pending = nil
	}
	defer flush()
	for _, p := range s {
		if p.list != kPara {
			flush()
			var items []item
			for _, it := range p.items {
				items = append(items, item{text: it})
			}
			if p.list == kNumbered {
				d.numbered(items...)
			} else {
				d.bullets(items...)
			}
			continue
		}
		switch t {
		case domain.StrategyTraditional:
			d.p(strings.Join(p.items, " "))
		case domain.StrategyDigital:
			// A line that leads into a list ("Before cut-over every team
			// must:") stays a line, or it would read as the list's first item.
			for _, sent := range p.items {
				if strings.HasSuffix(sent, ":") {
					flush()
					d.p(sent)
					continue
				}
				pending = append(pending, item{text: sent})
			}
		default:
			for i := 0; i < len(p.items); i += 2 {
				d.p(strings.Join(p.items[i:min(i+2, len(p.items))], " "))
			}
		}
	}
}

// hashtag turns a theme name into a hashtag ("Go-live readiness" →
// "#GoLiveReadiness"), or "" when nothing usable is left or it is too long.
func hashtag(name string) string {
	var sb strings.Builder
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		sb.WriteString(string(rs))
	}
	if sb.Len() == 0 || runeLen(sb.String()) > 30 {
		return ""
	}
	return "#" + sb.String()
}

// say writes notes as a presenter says them (town hall, workshop, lunch
// and learn, podcast, video): sentences in paragraphs of at most two
// (traditional: whole paragraphs), and a list of the notes said as one
// sentence after its lead-in ("Before cut-over every division must: close
// open work orders by Tue. 10 March; submit final timesheets…; and print
// the depot contact sheet."), never as bullets.
func (m *material) say(d *doc, s substance) {
	var paras [][]string
	for _, p := range s {
		if p.list == kPara {
			paras = append(paras, append([]string(nil), p.items...))
			continue
		}
		said := sayList(p.items)
		if n := len(paras); n > 0 {
			last := paras[n-1]
			if k := len(last); k > 0 && strings.HasSuffix(last[k-1], ":") {
				// "Managers, please: release your team…"
				if rs := []rune(said); len(rs) > 1 && unicode.IsUpper(rs[0]) && unicode.IsLower(rs[1]) {
					rs[0] = unicode.ToLower(rs[0])
					said = string(rs)
				}
				last[k-1] += " " + said
				continue
			}
		}
		rs := []rune(said)
		rs[0] = unicode.ToUpper(rs[0])
		paras = append(paras, []string{string(rs)})
	}
	for _, p := range paras {
		if m.tone == "traditional" {
			d.p(strings.Join(p, " "))
			continue
		}
		for i := 0; i < len(p); i += 2 {
			d.p(strings.Join(p[i:min(i+2, len(p))], " "))
		}
	}
}

// sayList makes a list one sentence: items that are sentences of their own
// stay sentences; items that run on ("close open work orders;") are joined
// with semicolons and a last "and".
func sayList(items []string) string {
	own := true
	for _, it := range items {
		rs := []rune(it)
		if len(rs) == 0 || !unicode.IsUpper(rs[0]) || !sentenceEnd(rs) {
			own = false
		}
	}
	if own {
		return strings.Join(items, " ")
	}
	parts := make([]string, len(items))
	for i, it := range items {
		it = strings.TrimRight(it, ";, ")
		if strings.HasSuffix(it, ".") && !endsWithAny(it, []string{"a.m.", "p.m.", "etc."}) && !strings.HasSuffix(it, "..") {
			it = strings.TrimSuffix(it, ".")
		}
		parts[i] = strings.TrimRight(it, ";, ")
	}
	if n := len(parts); n > 1 {
		parts[n-1] = "and " + parts[n-1]
	}
	return period(strings.Join(parts, "; "))
}

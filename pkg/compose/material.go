package compose

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/commsplan/commsplan/pkg/domain"
)

// para is a run of the notes that stays together: sentences of one
// paragraph, or the items of one list.
type para struct {
	list  kind // kPara for prose, kBullets or kNumbered for a list
	items []string
	src   int // the paragraph of the notes it comes from
}

// substance is the part of the planner's notes that goes in one place.
type substance []para

// sentences flattens s.
func (s substance) sentences() []string {
	var out []string
	for _, p := range s {
		out = append(out, p.items...)
	}
	return out
}

// joined is s as one run of text.
func (s substance) joined() string { return strings.Join(s.sentences(), " ") }

// firstPara is the first paragraph of s as one text.
//
// A line that leads into a list ("Actions for managers:") is left out: the
// list is not part of the paragraph, so the line would lead nowhere.
func (s substance) firstPara() string {
	if len(s) == 0 {
		return ""
	}
	items := s[0].items
	if n := len(items); n > 1 && strings.HasSuffix(items[n-1], ":") {
		items = items[:n-1]
	}
	return strings.Join(items, " ")
}

// topic is one question of the piece with the notes that answer it.
type topic struct {
	title string
	notes substance
	point string // its most relevant sentence (lead), for the pieces with one line per question
}

// Frame is what the communication itself says about the piece: its title
// (the email's subject, the memo's RE), its audience (the memo's TO and the
// greeting) and its scheduled date (the memo's DATE). Empty fields fall
// back to the theme, "All employees" and no date.
type Frame struct {
	Title    string
	Audience string
	// Greeting is whom the greeting names ("Massachusetts team"): set for
	// a division's audience, else derived from Audience (greetingName).
	Greeting string
	Date     time.Time // zero: none
}

// placement of a unit of the notes that answers no question.
const (
	placeOpening = -1
	placeClosing = -2
)

// material is an input made ready for the rules: user texts cleaned,
// internal lines withheld, the notes read and each sentence placed under the
// question it answers (or in the opening or closing paragraph).
type material struct {
	typ          string
	theme, desc  string
	frame        Frame
	questions    []string
	units        []unit
	place        []int  // per unit: a question's index, placeOpening or placeClosing
	section      []int  // newsletter, per unit: the section number it goes to, or 0 for the lead story (placeSections)
	score        []int  // per unit: the weight of the meaningful words it shares with its place (distinctness)
	rel          []int  // per unit: relevance (relevance), what trim keeps longest and a point shows
	dropped      []bool // per unit: cut to fit the length
	year         int    // the earliest date the notes write with its year (yyyymmdd), or 0
	tone         tone
	format       string
	max          int
	tpl          NewsletterTemplate
	shortened    bool // a rule cut its material to fit max
	placeholders bool // sections the notes cannot fill show their bracketed prompt (Input.Placeholders)

	// Built from the units still kept.
	topics           []topic           // the questions that have material, in order
	sections         map[int]substance // newsletter: each section's notes but the lead story's
	opening, closing substance
	openingPoint     string   // the opening's most relevant sentence
	open             []string // the questions, when none has material
	all              substance
	dates            []item // key dates: the date and its sentence shortened
	dateKeys         []int  // per key date: its first day (yyyymmdd; year 0 when unknown)
}

func newMaterial(in Input, format string) *material {
	kept, _ := Withhold(in.Raw)
	m := &material{
		typ:    in.Vehicle.Type,
		theme:  inline(in.Theme.Name),
		desc:   inline(in.Theme.Description),
		frame:  Frame{Title: inline(in.Frame.Title), Audience: inline(in.Frame.Audience), Greeting: inline(in.Frame.Greeting), Date: in.Frame.Date},
		units:  readUnits(kept),
		tone:   toneOf(in.Vehicle.Strategy),
		format: format,
		max:    in.Vehicle.Settings.MaxLength,
		tpl:    DefaultNewsletterTemplate(),

		placeholders: in.Placeholders,
	}
	if in.Template != nil {
		m.tpl = *in.Template
	}
	var qwords, qex []map[string]bool
	var qcues []cue
	for i, q := range in.Questions {
		title := inline(q.Question)
		if title == "" {
			title = fmt.Sprintf("Question %d", i+1)
		}
		m.questions = append(m.questions, title)
		qwords = append(qwords, words(title+" "+inline(q.Description)))
		qcues = append(qcues, questionCues(title))
		qex = append(qex, words(inline(strings.Join(q.Examples, " "))))
	}
	m.place, m.score = placeUnits(m.units, questionsRead{qwords, qex, qcues}, words(m.theme), words(m.theme+" "+m.desc))
	m.rel = relevance(m.units, m.score, words(m.theme), len(qwords))
	if m.typ == "newsletter" {
		m.section = placeSections(m.units, m.tpl, questionsRead{qwords, qex, qcues}, words(m.theme+" "+m.desc))
	}
	m.dropped = make([]bool, len(m.units))
	m.year = year(m.units)
	m.build()
	return m
}

// readUnits reads the notes (readNotes) with each unit's words and date.
func readUnits(kept string) []unit {
	units := readNotes(kept)
	for i := range units {
		units[i].words = words(units[i].text)
		units[i].dates = findDates(units[i].text)
		units[i].dated = len(units[i].dates) > 0
		units[i].cues, units[i].main = sentenceCues(units[i])
	}
	return units
}

// distinctness weighs each word of the questions by how well it tells them
// apart: with n questions, a word in one of them weighs n, a word in all of
// them 1 (n+1 minus the questions that hold it). A word of the theme (its
// name or description) weighs 1 too: the whole piece is about it. So
// "division", in the demo theme's description, says less about where
// "Invoices are issued…, with every division controller signing off" goes
// than "invoice" (billing) and "signing" (sign-offs).
func distinctness(qwords []map[string]bool, theme map[string]bool) map[string]int {
	df := map[string]int{}
	for _, qw := range qwords {
		for w := range qw {
			df[w]++
		}
	}
	weight := make(map[string]int, len(df))
	for w, n := range df {
		weight[w] = len(qwords) + 1 - n
		if theme[w] {
			weight[w] = 1
		}
	}
	return weight
}

// weighted is the weight of the words a shares with the question words q.
func weighted(a, q map[string]bool, weight map[string]int) int {
	n := 0
	for w := range a {
		if q[w] {
			n += weight[w]
		}
	}
	return n
}

// questionsRead are the questions as placeUnits reads them, by position:
// each one's words (its text and description), its examples' words (the
// library content linked to it; nil when it has none) and its cues.
type questionsRead struct {
	words, examples []map[string]bool
	cues            []cue
}

// weightedOnly is the weight of the words a shares with the example words
// ex and not with the question's own words q (those count already).
func weightedOnly(a, ex, q map[string]bool, weight map[string]int) int {
	n := 0
	for w := range a {
		if ex[w] && !q[w] {
			n += weight[w]
		}
	}
	return n
}

// placeUnits puts each unit under the question whose meaningful words it
// shares with the most weight (distinctness, with context the theme's
// name and description; the earlier question on a tie). A list goes as a
// whole, with the line that leads into it ("Actions for managers:") and the
// sentences before that line in its paragraph. A unit
// that shares nothing with any question, or more words with the theme's
// name than with the question chosen, goes to the opening paragraph when
// no answer came before it in the notes, else to the closing one.
func placeUnits(units []unit, qs questionsRead, theme, context map[string]bool) (place, score []int) {
	qwords, qcues := qs.words, qs.cues
	place = make([]int, len(units))
	score = make([]int, len(units))
	weight := distinctness(qwords, context)
	exWeight := distinctness(qs.examples, context)
	n := len(qwords)
	// Groups: a prose sentence alone; a list with its lead-in line and the
	// sentences before it in the lead-in's paragraph.
	var groups [][]int
	for i, u := range units {
		n := len(groups)
		switch {
		case u.list != kPara && n > 0 && units[groups[n-1][len(groups[n-1])-1]].para == u.para:
			groups[n-1] = append(groups[n-1], i)
		case u.list != kPara && n > 0 && len(groups[n-1]) == 1 && units[groups[n-1][0]].list == kPara &&
			strings.HasSuffix(units[groups[n-1][0]].text, ":"):
			groups[n-1] = append(groups[n-1], i)
			// The sentences of the paragraph that ends in the lead-in
			// ("Training is by role… Managers, please:") go with it: the
			// list carries out what they say.
			lead := units[groups[n-1][0]]
			for n > 1 && len(groups[n-2]) == 1 && units[groups[n-2][0]].list == kPara && units[groups[n-2][0]].para == lead.para {
				groups[n-2] = append(groups[n-2], groups[n-1]...)
				groups = groups[:n-1]
				n--
			}
		case n > 0 && len(groups[n-1]) == 1 && askingLead(units[groups[n-1][0]]) && units[groups[n-1][0]].para == u.para:
			// "Stuck? The Learning Desk answers on…": the short question
			// leads into its answer.
			groups[n-1] = append(groups[n-1], i)
		default:
			groups = append(groups, []int{i})
		}
	}
	answered := false
	prevPlace, prevPara := -1, -1
	// A shared word weighs its distinctness, a kind of answer the question
	// asks for and the sentence gives half a distinctive word, its main kind
	// a whole one (the best of the weightings tried on the corpus).
	//
	// The library's words (the question's description and its examples)
	// count only when they weigh at least exampleMin (two distinctive
	// words with three questions): one shared word of a long example is
	// chance, and would draw the sentences that answer no question.
	const lexWeight, cueWeight, mainWeight, exampleWeight, exampleMin = 2, 1, 2, 1, 4
	for _, g := range groups {
		w := map[string]bool{}
		for _, i := range g {
			for k := range units[i].words {
				w[k] = true
			}
		}
		// A group says what its first line says: a list's lead-in ("Before
		// cut-over every division must:"), a question's answer.
		c, main := units[g[0]].cues, units[g[0]].main
		if c == 0 {
			for _, i := range g {
				c |= units[i].cues
			}
			main = primaryCue(c)
		}
		if askingLead(units[g[0]]) && len(g) > 1 {
			c, main = c|units[g[1]].cues, units[g[1]].main
		}
		topical := false // the group shares topic words with some question
		for _, qw := range qwords {
			topical = topical || weighted(w, qw, weight) > 0
		}
		best, bestWith, bestN, bestCount, bestCue := -1, 0, 0, 0, 0
		for q, qw := range qwords {
			cues := 0
			if q < len(qcues) {
				qc := qcues[q]
				// A "when" question asks when its own event happens: a
				// date about another question's subject (it shares that
				// question's topic words and none of this one's) goes with
				// that subject ("Pay does not move: the first SAP pay date
				// is…" answers "How is payroll protected?", not "When does
				// my division go live?").
				if qc&cueWhen != 0 && weighted(w, qw, weight) == 0 && topical {
					qc &^= cueWhen
				}
				cues = cueWeight * cueCount(qc, c)
				if qc&main != 0 {
					cues += mainWeight
				}
			}
			ex := 0
			if q < len(qs.examples) {
				ex = weightedOnly(w, qs.examples[q], qw, exWeight)
				if ex < exampleMin {
					ex = 0
				}
			}
			// The examples choose the question; the score (how relevant
			// the sentence is, which short pieces keep first) stays the
			// question's own.
			own := (lexWeight*weighted(w, qw, weight) + n*cues) / lexWeight
			if s := (lexWeight*weighted(w, qw, weight) + n*cues + exampleWeight*ex) / lexWeight; s > bestWith {
				best, bestWith, bestN, bestCount, bestCue = q, s, own, shared(w, qw), cues
			}
		}
		if best >= 0 && bestCue == 0 && shared(w, theme) > bestCount {
			best = -1
		}
		// A sentence that says nothing a question asks about, or that
		// goes on from the one before ("It takes 45 minutes…", "She
		// succeeds…"), stays with the sentence before it in its paragraph.
		first := units[g[0]]
		if first.list == kPara && first.para == prevPara && prevPlace >= 0 && continues(first.text) && (best < 0 || bestCount == 0) {
			best, bestN = prevPlace, weighted(w, qwords[prevPlace], weight)
		}
		prevPara = units[g[len(g)-1]].para
		prevPlace = best
		p := best
		if best < 0 {
			p = placeClosing
			if !answered {
				p = placeOpening
			}
			bestN = 0
		} else {
			answered = true
		}
		for _, i := range g {
			place[i], score[i] = p, bestN
		}
	}
	return place, score
}

// placeSections matches each unit of a newsletter's notes to the enabled
// section of the template whose title and default text it shares the most
// meaningful words with, by placeUnits's matching (a list with its lead-in
// as one). The questions compete too, after the sections: a unit that
// answers a question better than any section matches ("What must my team
// finish before cut-over?" rather than "day-to-day work" for "close open
// work orders") stays in the lead story (0) under its question, and so does
// one that matches nothing or section 1; on a tie the section wins
// ("Training runs 9–20 February" goes to Training and Readiness). Section 4
// is no candidate: it lists the key dates of every section.
func placeSections(units []unit, t NewsletterTemplate, qs questionsRead, context map[string]bool) []int {
	var nums []int
	var cands []map[string]bool
	var scues []cue
	for _, s := range sectionsInOrder(t) {
		if s.Enabled && s.Number != 4 {
			nums = append(nums, s.Number)
			cands = append(cands, words(s.Title+" "+s.DefaultText))
			scues = append(scues, questionCues(s.Title))
		}
	}
	all := questionsRead{words: append(cands, qs.words...), examples: append(make([]map[string]bool, len(cands)), qs.examples...),
		cues: append(scues, qs.cues...)}
	place, _ := placeUnits(units, all, nil, context)
	out := make([]int, len(units))
	for i, p := range place {
		if p >= 0 && p < len(nums) && nums[p] != 1 {
			out[i] = nums[p]
		}
	}
	return out
}

// relevance ranks the units: the words a unit shares with its question,
// plus those it shares with the theme's name, plus one when it names a
// date. "Wave 1 goes live on Monday 3 March" outranks "Payroll is compared
// line by line" in a Go-Live Readiness piece: a short piece shows the one,
// and trimming drops the other first.
//
// A question's word weighs up to scale (the number of questions, at least
// one: distinctness), so a theme word and a date weigh scale.
func relevance(units []unit, score []int, theme map[string]bool, scale int) []int {
	scale = max(scale, 1)
	rel := make([]int, len(units))
	for i, u := range units {
		rel[i] = score[i] + scale*shared(u.words, theme)
		if u.dated {
			rel[i] += scale
		}
	}
	return rel
}

// build shares the units still kept among the topics, the opening and the
// closing paragraph, and finds the key dates.
func (m *material) build() {
	parts := make([]substance, len(m.questions))
	m.opening, m.closing, m.all, m.dates, m.sections = nil, nil, nil, nil, map[int]substance{}
	add := func(s *substance, u unit) {
		if n := len(*s); n > 0 && (*s)[n-1].list == u.list && (*s)[n-1].src == u.para {
			(*s)[n-1].items = append((*s)[n-1].items, u.text)
			return
		}
		*s = append(*s, para{list: u.list, items: []string{u.text}, src: u.para})
	}
	best := make([]int, len(m.questions)) // per question: its point's unit, or -1
	for i := range best {
		best[i] = -1
	}
	bestOpening := -1
	better := func(i, than int) bool {
		return !strings.HasSuffix(m.units[i].text, ":") && (than < 0 || m.rel[i] > m.rel[than])
	}
	seenDate := map[string]bool{}
	var dates []keyDate
	var texts []string
	for i, u := range m.units {
		if m.dropped[i] || m.leadInAlone(i) {
			continue
		}
		switch p := m.place[i]; {
		case m.section != nil && m.section[i] > 0:
			sec := m.sections[m.section[i]]
			add(&sec, u)
			m.sections[m.section[i]] = sec
		case p == placeOpening:
			add(&m.opening, u)
			if better(i, bestOpening) {
				bestOpening = i
			}
		case p == placeClosing:
			add(&m.closing, u)
		default:
			add(&parts[p], u)
			if better(i, best[p]) {
				best[p] = i
			}
		}
		add(&m.all, u)
		for _, kd := range u.dates {
			if kd = kd.inYear(m.year); !seenDate[kd.key()] {
				seenDate[kd.key()] = true
				dates = append(dates, kd)
				texts = append(texts, keyDateText(m.standalone(i), kd.label))
			}
		}
	}
	// One item per day, in calendar order (the first spelling and sentence
	// of the notes), a range sorted by its first day.
	order := make([]int, len(dates))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if dates[a].start != dates[b].start {
			return dates[a].start - dates[b].start
		}
		return dates[a].end - dates[b].end // 13 March before 13–16 March
	})
	m.dateKeys = m.dateKeys[:0]
	for _, i := range order {
		m.dates = append(m.dates, item{dates[i].display() + ":", texts[i]})
		m.dateKeys = append(m.dateKeys, dates[i].start)
	}
	m.topics, m.open, m.openingPoint = nil, nil, ""
	if bestOpening >= 0 {
		m.openingPoint = m.units[bestOpening].text
	}
	for i, q := range m.questions {
		if len(parts[i]) > 0 {
			tp := topic{title: q, notes: parts[i]}
			if best[i] >= 0 {
				tp.point = m.units[best[i]].text
			}
			m.topics = append(m.topics, tp)
		}
	}
	if len(m.topics) == 0 && len(m.sections) == 0 {
		m.open = m.questions
	}
}

// leadInAlone says whether unit i leads into a list ("Actions:") whose
// items have all been cut.
func (m *material) leadInAlone(i int) bool {
	u := m.units[i]
	if u.list != kPara || !strings.HasSuffix(u.text, ":") || i+1 >= len(m.units) || m.units[i+1].list == kPara {
		return false
	}
	for j := i + 1; j < len(m.units) && m.units[j].list != kPara && m.units[j].para == m.units[i+1].para; j++ {
		if !m.dropped[j] {
			return false
		}
	}
	return true
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

// points are one short line per part of the notes: the opening's most
// relevant sentence, then each topic's.
func (m *material) points() []string {
	var out []string
	cta, ctaItem := "", ""
	if shortTypes[m.typ] {
		cta, ctaItem = m.callToActionPoint()
	}
	if cta != "" {
		out = append(out, asSentence(cta))
	}
	add := func(p string) {
		if p == ctaItem {
			return
		}
		if p = asSentence(p); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if m.openingPoint != "" {
		add(m.openingPoint)
	}
	for _, t := range m.topics {
		if t.point != "" {
			add(t.point)
		}
	}
	// Without material (notes empty or all internal) a short piece says
	// what is known, the theme's description, rather than only "More:".
	if len(out) == 0 && m.desc != "" {
		out = append(out, m.desc)
	}
	return out
}

// callToActionPoint is the notes' call to action: the first instruction
// with a deadline ("Book your session by 1 February"), which a short piece
// carries first; "" when the notes have none.
//
// A list item that needs its lead-in says it with it, so it reads alone:
// "Before the switch, every depot must:" and "close its open work orders
// by Wed. 11 March;" give "Before the switch, every depot must close its
// open work orders by Wed. 11 March."
func (m *material) callToActionPoint() (point, item string) {
	for i, u := range m.units {
		if !m.dropped[i] && deadline(u) {
			return m.standalone(i), u.text
		}
	}
	return "", ""
}

// standalone is unit i as it reads alone: a list item that needs its
// lead-in ("close its open work orders by Wed. 11 March;" after "Before the
// switch, every depot must:") is said with it, its first letter lowered.
func (m *material) standalone(i int) string {
	u := m.units[i]
	if u.list == kPara || !backReference.MatchString(u.text) {
		return u.text
	}
	for j := i - 1; j >= 0; j-- {
		if m.units[j].para != u.para {
			if p := m.units[j]; p.list == kPara && obligingLead.MatchString(p.text) {
				rs := []rune(u.text)
				rs[0] = unicode.ToLower(rs[0])
				return strings.TrimSuffix(p.text, ":") + " " + string(rs)
			}
			break
		}
	}
	return u.text
}

// backReference is a word of a list item that needs its lead-in to be
// read alone: "close its open work orders" (whose? "every depot must:").
var backReference = regexp.MustCompile(`(?i)\b(?:its|their|theirs|it|they|them)\b`)

// obligingLead is a list's lead-in that ends on what the items complete:
// "every depot must:", "Managers, please:".
var obligingLead = regexp.MustCompile(`(?i)\b(?:must|should|need to|needs to|have to|has to|will|please),?:$`)

// asSentence makes a list item read as a sentence on its own, as a point
// of a short piece: "finish data cleansing by 14 February;" gives "Finish
// data cleansing by 14 February."
func asSentence(s string) string {
	s = strings.TrimRight(s, ";, ")
	if s == "" {
		return s
	}
	rs := []rune(s)
	rs[0] = unicode.ToUpper(rs[0])
	return period(string(rs))
}

// greeting opens a letter: to the division ("Hello, Massachusetts team,"),
// to a named audience without its code, or to everyone.
func (m *material) greeting() string {
	name := m.frame.Greeting
	if name == "" {
		name = greetingName(m.frame.Audience)
	}
	if name != "" {
		return m.tone.pick("Dear "+name+",", "Hello, "+name+",", "Hi, "+name+",")
	}
	return m.tone.greeting()
}

// divisionName is an audience named by a division's code and its place:
// "BFA - Massachusetts".
var divisionName = regexp.MustCompile(`^[A-Z0-9&]{2,}\s+[-–]\s+(.+)$`)

// greetingName is whom a greeting names for an audience: a division's
// place and "team" ("Massachusetts team", never "BFA - Massachusetts"),
// else the audience's name.
func greetingName(audience string) string {
	if m := divisionName.FindStringSubmatch(audience); m != nil {
		return m[1] + " team"
	}
	return audience
}

// DivisionGreeting is whom a greeting names for a division, by its label:
// its place and "team" ("BFA - Massachusetts" gives "Massachusetts team",
// "Ohio" gives "Ohio team"), never its code.
func DivisionGreeting(label string) string {
	label = inline(label)
	if m := divisionName.FindStringSubmatch(label); m != nil {
		label = m[1]
	}
	if label == "" {
		return ""
	}
	return label + " team"
}

// purpose is the theme's description, which introduces a piece once and
// only when the notes give no purpose of their own (an opening paragraph).
func (m *material) purpose() string {
	if len(m.opening) > 0 {
		return ""
	}
	return m.desc
}

// status is a project dashboard's status from the notes: how many key
// dates and actions with a deadline, and the next one after the
// communication's date (the first, without a date).
func (m *material) status() string {
	if len(m.dates) == 0 {
		return "No dates in the notes yet."
	}
	actions := 0
	for i, u := range m.units {
		if !m.dropped[i] && deadline(u) {
			actions++
		}
	}
	next := m.dates[0]
	if !m.frame.Date.IsZero() {
		today := m.frame.Date.Year()*10000 + int(m.frame.Date.Month())*100 + m.frame.Date.Day()
		for i, k := range m.dateKeys {
			if k >= today {
				next = m.dates[i]
				break
			}
		}
	}
	s := fmt.Sprintf("%d key dates", len(m.dates))
	if len(m.dates) == 1 {
		s = "1 key date"
	}
	switch actions {
	case 0:
	case 1:
		s += ", 1 action with a deadline"
	default:
		s += fmt.Sprintf(", %d actions with a deadline", actions)
	}
	return s + ". Next: " + next.label + " " + next.text + "."
}

// subject is the communication's title, else one made of the theme.
func (m *material) subject() string {
	if m.frame.Title != "" {
		return m.frame.Title
	}
	return m.theme + m.tone.pick(": what you need to know", ": an update for you", ": the essentials")
}

// headline is the title of a piece with a label ("Town Hall: …"): the
// communication's title, else the theme. The label goes before it unless
// the title already says what the piece is ("Town Hall: Wave 1 Dates",
// "Wave 1 Go-Live Week Podcast", "Lunch & Learn: …" for "lunch and learn").
func (m *material) headline(label, keyword string) string {
	title := or(m.frame.Title, m.theme)
	norm := func(s string) string {
		s = strings.ReplaceAll(strings.ToLower(s), "&", " and ")
		return " " + strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ") + " "
	}
	if strings.Contains(norm(title), norm(keyword)) {
		return title
	}
	return label + ": " + title
}

// dateLine is the scheduled date as a planner writes it ("3 February
// 2027"), or "".
func (m *material) dateLine() string {
	if m.frame.Date.IsZero() {
		return ""
	}
	return m.frame.Date.Format("2 January 2006")
}

// body writes notes in the piece's tone, but a blog is prose: its digital
// tone writes short paragraphs (as universal does), not a bullet per
// sentence. A list of the notes stays a list in every piece.
func (m *material) body(d *doc, s substance) {
	t := m.tone
	if m.typ == "blog" && t == domain.StrategyDigital {
		t = domain.StrategyUniversal
	}
	t.body(d, s)
}

// topicsUnder writes each topic that has material under a heading of the
// given level.
func (m *material) topicsUnder(d *doc, level int, title func(i int, t topic) string) {
	for i, t := range m.topics {
		d.h(level, title(i, t))
		m.body(d, t.notes)
	}
}

// closingBody writes the notes that answer no question and came after the
// answers, then the open questions when no question has material.
func (m *material) closingBody(d *doc, level int) {
	if len(m.closing) > 0 && len(m.topics) > 0 {
		// Under its own heading, so it is not read as the last answer.
		d.h(level, "And finally")
	}
	m.body(d, m.closing)
	m.openQuestions(d, level)
}

// openQuestions lists the questions once when none of them has material
// yet: the piece says what is known and what is still open.
func (m *material) openQuestions(d *doc, level int) {
	if len(m.open) == 0 {
		return
	}
	if spoken(m.typ) {
		d.p("Still to be answered: " + strings.Join(m.open, " "))
		return
	}
	if level > 0 {
		d.h(level, "Still to be answered")
	} else {
		d.p("Still to be answered:")
	}
	var items []item
	for _, q := range m.open {
		items = append(items, item{text: q})
	}
	d.bullets(items...)
}

// keyDates lists the dates of the notes under "Key dates", one item per
// date, in the vehicles that have room for it.
func (m *material) keyDates(d *doc, level int) {
	if len(m.dates) == 0 {
		return
	}
	d.h(level, "Key dates")
	d.bullets(m.dates...)
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

// wordsPerMinute is how fast a voice-over is read.
const wordsPerMinute = 150

// spoken is what of s a voice-over of the given seconds can say at
// wordsPerMinute, after the words of said (what the scene says anyway):
// its sentences and list items from the most relevant (the earlier on a
// tie) while they fit, at least one, in the notes' order. A line that
// leads into a list stays when an item of its list does. A 30-second
// scene says its point and what else fits, not six bullets.
func (m *material) spoken(s substance, seconds int, said string) substance {
	budget := seconds*wordsPerMinute/60 - len(strings.Fields(said))
	rel := map[string]int{}
	for i, u := range m.units {
		if !m.dropped[i] {
			if r, ok := rel[u.text]; !ok || m.rel[i] > r {
				rel[u.text] = m.rel[i]
			}
		}
	}
	type at struct{ p, i int }
	var all []at
	for p, para := range s {
		for i, it := range para.items {
			if !strings.HasSuffix(it, ":") {
				all = append(all, at{p, i})
			}
		}
	}
	slices.SortStableFunc(all, func(a, b at) int { return rel[s[b.p].items[b.i]] - rel[s[a.p].items[a.i]] })
	keep := map[at]bool{}
	used := 0
	// A list is said after its lead-in, in one sentence with an "and": the
	// lead-in's words count once an item of the list is said.
	leadCost := func(p int) int {
		if s[p].list == kPara || p == 0 {
			return 0
		}
		for i := range s[p].items {
			if keep[at{p, i}] {
				return 0
			}
		}
		prev := s[p-1].items
		if k := len(prev); k > 0 && strings.HasSuffix(prev[k-1], ":") {
			return len(strings.Fields(prev[k-1])) + 1
		}
		return 1
	}
	for _, a := range all {
		n := len(strings.Fields(s[a.p].items[a.i])) + leadCost(a.p)
		if len(keep) > 0 && used+n > budget {
			continue
		}
		keep[a], used = true, used+n
	}
	listKept := func(p int) bool {
		for i := range s[p].items {
			if keep[at{p, i}] {
				return true
			}
		}
		return false
	}
	var out substance
	for p, para := range s {
		kept := para
		kept.items = nil
		for i, it := range para.items {
			lead := strings.HasSuffix(it, ":") && i == len(para.items)-1 && p+1 < len(s) && s[p+1].list != kPara && listKept(p+1)
			if keep[at{p, i}] || lead {
				kept.items = append(kept.items, it)
			}
		}
		if len(kept.items) > 0 {
			out = append(out, kept)
		}
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

// measure is the length of a piece as its limit counts it: code points, or
// GSM-7 septets for an SMS.
func (m *material) measure(s string) int {
	if m.typ == "sms" && m.format == FormatText {
		return septets(toGSM7(s))
	}
	return runeLen(s)
}

// trim cuts the notes, sentence by sentence from the least relevant (the
// fewest words shared with its question; the later one first on a tie),
// until the piece fits: the frame (subject, greeting, call to action,
// sign-off, required sections) is never part of what is cut. It returns
// the piece that fits with the fewest sentences cut, or the one with all cut
// (which Fit then shortens).
func (m *material) trim(build func() string) string {
	order := make([]int, len(m.units))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if m.rel[a] != m.rel[b] {
			return m.rel[a] - m.rel[b]
		}
		return b - a
	})
	// The call to action is cut last: a short piece carries it.
	if cta := slices.IndexFunc(m.units, deadline); cta >= 0 {
		j := slices.Index(order, cta)
		order = append(append(order[:j:j], order[j+1:]...), cta)
	}
	try := func(k int) (string, bool) {
		for i := range m.dropped {
			m.dropped[i] = false
		}
		for _, i := range order[:k] {
			m.dropped[i] = true
		}
		m.build()
		m.shortened = false
		s := build()
		return s, m.measure(s) <= m.max && !m.shortened
	}
	// The fewest sentences dropped that leave a piece that fits, keeping
	// at least one: a binary search on how many are dropped.
	n := len(order)
	if n > 1 {
		if _, fits := try(n - 1); fits {
			lo, hi := 1, n-1
			for lo < hi {
				mid := (lo + hi) / 2
				if _, fits := try(mid); fits {
					hi = mid
				} else {
					lo = mid + 1
				}
			}
			s, _ := try(hi)
			m.shortened = true
			return s
		}
	}
	// Not even the most relevant sentence fits with the frame. Rather than
	// nothing of the notes, a sentence of the highest relevance that fits
	// whole on its own ("goes live on 9 February" in an SMS, when its
	// neighbour is too long); never a less relevant one instead ("invoices
	// go out on 1 March" for the go-live date)...
	if n > 0 {
		top := m.rel[order[n-1]]
		for j := n - 1; j >= 0 && m.rel[order[j]] == top; j-- {
			for i := range m.dropped {
				m.dropped[i] = i != order[j]
			}
			m.build()
			m.shortened = false
			if s := build(); m.measure(s) <= m.max && !m.shortened {
				m.shortened = true
				return s
			}
		}
	}
	// ...else the most relevant one cut at a word (the short types cut
	// their own points), else none (which Fit then shortens).
	best, _ := try(max(n-1, 0))
	if m.measure(best) > m.max {
		best, _ = try(n)
	}
	m.shortened = true
	return best
}

package compose

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
	punktlib "github.com/neurosnap/sentences"
	englishsent "github.com/neurosnap/sentences/english"
)

// Reading the planner's notes: internal lines are withheld, the rest is
// split into paragraphs, sentences and list items, and each sentence is
// matched to the question it answers (docs/compose.md, "Reading the notes").

// internalPrefixes start a line that is never published (case-insensitive).
var internalPrefixes = []string{"internal:", "confidential:", "note to self", "todo:", "//"}

// internalPhrases anywhere in a line withhold it.
var internalPhrases = []string{"do not mention", "don't mention", "don’t mention", "do not share", "not for distribution"}

// Withhold splits the raw notes into what may be published and the lines
// that are internal: a line starting with INTERNAL:, CONFIDENTIAL:, NOTE TO
// SELF, TODO: or //, or containing "do not mention", "don't mention", "do
// not share" or "not for distribution". Withheld lines are returned as
// written (trimmed); kept is the notes without them. Every generator gets
// kept, never the withheld lines.
func Withhold(raw string) (kept string, withheld []string) {
	withheld = []string{}
	lines := strings.Split(clean(raw), "\n")
	out := lines[:0]
	for _, line := range lines {
		if internalLine(line) {
			withheld = append(withheld, strings.TrimSpace(line))
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n"), withheld
}

func internalLine(line string) bool {
	l := strings.ToLower(strings.TrimSpace(line))
	// A list marker does not hide the marker after it: "- INTERNAL: …".
	if rest, ok := listItem(l); ok {
		l = rest
	}
	for _, p := range internalPrefixes {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	for _, p := range internalPhrases {
		if strings.Contains(l, p) {
			return true
		}
	}
	return false
}

// numberedMarker is "1." or "1)" and a space at the start of a line.
var numberedMarker = regexp.MustCompile(`^\d{1,3}[.)]\s+`)

// listItem says whether the line (trimmed) is a list item: it starts with
// "-", "*" or "•" and a space, or "1." / "1)" and a space; rest is the item
// without its marker.
func listItem(line string) (rest string, ok bool) {
	rest, _, ok = listMarker(line)
	return rest, ok
}

// listMarker is listItem that also says whether the list is numbered.
func listMarker(line string) (rest string, numbered, ok bool) {
	for _, m := range []string{"- ", "* ", "• "} {
		if strings.HasPrefix(line, m) {
			return strings.TrimSpace(line[len(m):]), false, true
		}
	}
	if loc := numberedMarker.FindStringIndex(line); loc != nil {
		return strings.TrimSpace(line[loc[1]:]), true, true
	}
	return line, false, false
}

// unit is one sentence or list item of the notes.
type unit struct {
	text string
	para int  // the paragraph (or list) it comes from
	list kind // kPara for prose, kBullets or kNumbered for a list item
	at   int  // its position in the notes

	// Read once, as trimming rebuilds a piece many times.
	words map[string]bool // its meaningful words (words)
	dates []keyDate       // the dates it names (findDates)
	dated bool            // it names a date
	cues  cue             // what kind of information it gives (sentenceCues)
	main  cue             // what it gives above all
}

// readNotes splits the (already withheld) notes into units: paragraphs on
// blank lines, list items one per line, prose into sentences.
func readNotes(raw string) []unit {
	var out []unit
	para := 0
	var prose []string
	flush := func() {
		if p := inline(strings.Join(prose, " ")); p != "" {
			for _, s := range sentences(p) {
				out = append(out, unit{text: s, para: para, list: kPara, at: len(out)})
			}
			para++
		}
		prose = prose[:0]
	}
	lastList := kind(-1)
	for line := range strings.SplitSeq(clean(raw), "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			flush()
			if lastList >= 0 {
				para++
				lastList = -1
			}
			continue
		}
		if rest, numbered, ok := listMarker(t); ok && inline(rest) != "" {
			flush()
			k := kBullets
			if numbered {
				k = kNumbered
			}
			if lastList >= 0 && lastList != k {
				para++
			}
			lastList = k
			out = append(out, unit{text: inline(rest), para: para, list: k, at: len(out)})
			continue
		}
		if lastList >= 0 {
			para++
			lastList = -1
		}
		prose = append(prose, t)
	}
	flush()
	return out
}

// ourAbbreviations are taught to the Punkt model (it misses some, "No.
// 4400" among them); boundary then decides each break.
var ourAbbreviations = []string{"st", "dr", "mr", "mrs", "ms", "no", "ext", "e.g", "i.e", "etc", "a.m", "p.m", "vs",
	"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
	"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
	"corp", "inc", "ltd", "co", "ave", "blvd", "rd", "sq", "ln", "u.s", "u.k", "e.u"}

// titleAbbreviations always lead into what follows ("Dr. Smith", "No.
// 4", "e.g. Ms. Chen"): no sentence ends after them.
var titleAbbreviations = map[string]bool{"dr.": true, "mr.": true, "mrs.": true, "ms.": true, "no.": true,
	"ext.": true, "e.g.": true, "i.e.": true, "vs.": true, "prof.": true}

// timeAbbreviations, weekdays and months written short end a sentence
// only when a capitalised word follows that is no day, month or time zone:
// "at 7 a.m. Eastern", "Tue., Wed. and Thu. mornings", "Mon.-Fri. 8 a.m."
// and "Sat. 14 Feb. 2027" stay whole; "on Tue., Wed. and Thu. Each
// session…" breaks after "Thu.".
var timeAbbreviations = map[string]bool{"a.m.": true, "p.m.": true, "etc.": true,
	"mon.": true, "tue.": true, "tues.": true, "wed.": true, "thu.": true, "thur.": true, "thurs.": true, "fri.": true, "sat.": true, "sun.": true,
	"jan.": true, "feb.": true, "mar.": true, "apr.": true, "jun.": true, "jul.": true, "aug.": true, "sep.": true, "sept.": true,
	"oct.": true, "nov.": true, "dec.": true}

// closingAbbreviations may end a sentence: a capitalised word after them
// starts the next one ("…on King St. Do not use the lifts", "over 3 m.
// Report…", "Acme Corp. The deal…"); any other word does not ("Acme Corp.
// will acquire").
var closingAbbreviations = map[string]bool{"corp.": true, "inc.": true, "ltd.": true, "co.": true,
	"ave.": true, "blvd.": true, "rd.": true, "sq.": true, "ln.": true,
	"m.": true, "km.": true, "kg.": true, "cm.": true, "mm.": true, "min.": true, "mins.": true, "hrs.": true, "lbs.": true}

var (
	segmenterOnce sync.Once
	segmenter     *punktlib.DefaultSentenceTokenizer
	segmenterMu   sync.Mutex // the tokenizer keeps state while it works
)

func punkt() *punktlib.DefaultSentenceTokenizer {
	segmenterOnce.Do(func() {
		t, err := englishsent.NewSentenceTokenizer(nil)
		if err != nil {
			panic("compose: the sentence model does not load: " + err.Error()) // embedded data
		}
		for _, a := range ourAbbreviations {
			t.Storage.AbbrevTypes.Add(a)
		}
		segmenter = t
	})
	return segmenter
}

// sentences splits one paragraph into sentences: the Punkt model proposes
// the breaks, and boundary decides each place where a word ends with a
// full stop: "Dr. Smith", "No. 4400", "at 7 a.m. Eastern", "Tue., Wed. and
// Thu. mornings", "Mon.-Fri. 8 a.m.", "2.5", "$12.50", "J. R. Smith",
// "U.S. and" stay whole. Text the model does not know (CJK, Arabic) is
// split after its own sentence punctuation.
func sentences(p string) []string {
	segmenterMu.Lock()
	toks := punkt().Tokenize(p)
	segmenterMu.Unlock()
	words := strings.Fields(p)
	breaks := map[int]bool{} // after word i, the model breaks
	n := 0
	for _, t := range toks {
		n += len(strings.Fields(t.Text))
		breaks[n-1] = true
	}
	var out []string
	start := 0
	for i := 0; i+1 < len(words); i++ {
		if boundary(words, start, i, breaks[i]) {
			out = append(out, strings.Join(words[start:i+1], " "))
			start = i + 1
		}
	}
	if start < len(words) {
		out = append(out, strings.Join(words[start:], " "))
	}
	var all []string
	for _, s := range out {
		all = append(all, splitForeign(s)...)
	}
	return all
}

// boundary decides whether a sentence ends after words[i] (the sentence
// began at words[start]); model is the Punkt model's answer.
func boundary(words []string, start, i int, model bool) bool {
	w := strings.TrimLeft(strings.TrimRight(words[i], closers), "\"'“‘([")
	next := []rune(strings.TrimLeft(words[i+1], "\"'“‘("))
	upper := len(next) > 0 && unicode.IsUpper(next[0])
	if !strings.HasSuffix(w, ".") {
		return model
	}
	l := strings.ToLower(w)
	if k := strings.LastIndexAny(l, "-–/"); k >= 0 && k < len(l)-2 {
		l = l[k+1:] // "Mon.-Fri." reads as "fri."
	}
	nextWord := strings.ToLower(strings.Trim(string(next), ".,;:)"))
	switch {
	case titleAbbreviations[l]:
		return false
	case l == "st.":
		// "St. Louis" (a saint) leads on; "King St. Do not…" (a street,
		// after a capitalised name) may end a sentence.
		prev := ""
		if i-1 > start {
			prev = strings.TrimLeft(words[i-1], "\"'“‘(")
		}
		return upper && prev != "" && unicode.IsUpper([]rune(prev)[0]) && !strings.HasSuffix(prev, ",")
	case initial(w) && (i == start || !labelWords[strings.ToLower(strings.Trim(words[i-1], "\"'“‘(,"))]):
		return false // "Dana K. Ruiz", "J. R. Patel"; but "…in Room B. Parking is free"
	case initial(w):
		return upper
	case timeAbbreviations[l]:
		return upper && !calendarWords[nextWord]
	case closingAbbreviations[l], dottedAbbreviation(w):
		return upper
	case i > start && isNumber(strings.TrimRight(l[:len(l)-1], ")")) && len(l) > 1:
		// "…on ext. 4400. Super users…": the model takes it for an
		// ordinal; a number starting a sentence ("1. The first") stays.
		return upper
	}
	return model
}

// labelWords name a place or a thing by a letter ("Room B", "Gate C"): the
// letter is no initial, and a sentence may end after it.
var labelWords = map[string]bool{"room": true, "building": true, "gate": true, "point": true, "block": true, "wing": true,
	"floor": true, "level": true, "zone": true, "unit": true, "hall": true, "plan": true, "option": true, "phase": true,
	"wave": true, "site": true, "depot": true, "bay": true, "door": true, "suite": true, "area": true, "section": true,
	"grade": true, "class": true, "team": true, "group": true, "shift": true, "line": true, "lot": true}

// initial is a single capital letter and a full stop ("K.").
func initial(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && unicode.IsUpper(rs[0]) && rs[1] == '.'
}

// dottedAbbreviation is a word with a full stop inside it as well as at its
// end: "U.S.", "E.U.", "example.com." (not "2.5." , a number).
func dottedAbbreviation(w string) bool {
	body := strings.TrimSuffix(w, ".")
	return strings.ContainsAny(body, ".@") && strings.IndexFunc(body, unicode.IsLetter) >= 0
}

// endsWithAny says whether s ends with one of the abbreviations as a whole
// word (after a space or an opening bracket), case-insensitive.
func endsWithAny(s string, abbrevs []string) bool {
	l := strings.ToLower(s)
	for _, a := range abbrevs {
		if strings.HasSuffix(l, a) {
			before := len(l) - len(a)
			if before == 0 || strings.ContainsRune(" (\"'[“‘", rune(l[before-1])) {
				return true
			}
		}
	}
	return false
}

// calendarWords never start a sentence after an abbreviation of time:
// days, months and time zones ("at 7 a.m. Eastern", "Thu. 12 Feb.").
var calendarWords = map[string]bool{
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"mon": true, "tue": true, "tues": true, "wed": true, "thu": true, "thur": true, "thurs": true, "fri": true, "sat": true, "sun": true,
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true, "sept": true,
	"oct": true, "nov": true, "dec": true,
	"am": true, "pm": true, "gmt": true, "utc": true, "bst": true, "cet": true, "cest": true, "est": true, "edt": true,
	"cst": true, "cdt": true, "mst": true, "mdt": true, "pst": true, "pdt": true, "et": true, "ct": true, "mt": true, "pt": true,
	"eastern": true, "central": true, "pacific": true, "mountain": true, "atlantic": true, "alaska": true, "hawaii": true,
	"local": true, "uk": true,
}

// Sentence punctuation, and what may follow it inside the sentence.
const (
	terminators = ".!?…。！？؟"
	closers     = "\"')]}»”’"
	foreign     = "。！？؟"
)

// splitForeign splits after CJK and Arabic sentence punctuation, which the
// English model does not know.
func splitForeign(s string) []string {
	if !strings.ContainsAny(s, foreign) {
		return []string{s}
	}
	var out []string
	rs := []rune(s)
	start := 0
	for i := 0; i < len(rs); i++ {
		if !strings.ContainsRune(foreign, rs[i]) {
			continue
		}
		j := i + 1
		for j < len(rs) && (strings.ContainsRune(terminators, rs[j]) || strings.ContainsRune(closers, rs[j])) {
			j++
		}
		if t := strings.TrimSpace(string(rs[start:j])); t != "" {
			out = append(out, t)
		}
		start, i = j, j-1
	}
	if t := strings.TrimSpace(string(rs[start:])); t != "" {
		out = append(out, t)
	}
	return out
}

// stopWords carry no meaning for matching a sentence to a question. "go"
// is one: "Questions go to Dr. Smith" is no answer to "When do we go
// live?"; "go-live" still matches on "live".
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all also am an and any are as at be because
		been before being below between both but by can could did do does doing don down during each either
		few for from further get gets getting got had has have having he her here hers herself him himself his how
		i if in into is it its itself just let me more most much must my myself need needs no nor not now of off on
		once only or other our ours ourselves out over own please same shall she should so some such than that the
		their theirs them themselves then there these they this those through to too under until up upon us very
		was we were what when where which while who whom whose why will with within without would yes yet you your
		yours yourself yourselves next new one two also via per etc e g i.e eg ie will
		go goes going gone went`) {
		m[w] = true
	}
	return m
}()

// genericStems are words (stemmed) too general to tell what a sentence is
// about: "Payroll runs in both systems" is no answer to "Parallel runs
// before the old systems close" for sharing "run", "old" and "system", nor
// is "The old tools are read-only". Every piece is about a system moving
// from old to new, so those say nothing either.
var genericStems = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`run ran use make made take took taken give gave keep kept put set come came
		see saw know knew want way thing usual still everi old new system today work`) {
		m[w] = true
	}
	return m
}()

// relatedWords is the domain's vocabulary: each line is one subject, in
// the words a planner uses for it. Matching reads every word of a line as
// its first as well, so "Invoices are issued" answers "How is billing
// protected?" and "Book a course" answers "How do I get trained?"; the
// word itself still counts, so the same word weighs more than a related
// one ("before cut-over" answers "before cut-over" more than "go live"). Words are read as
// words() splits them: "cut" stands for cut-over, "super" for super user
// ("go", "over" are stop words; "user" is left out, too general). Keep it
// small and about the programme; a word belongs to one line only.
var relatedWords = []string{
	"bill billing invoice",
	"payroll pay paid salary payslip wage timesheet",
	"training train course session learn workshop class",
	"login password access account credentials",
	"live cutover cut switch switchover launch",
	"support help helpdesk desk super hypercare",
}

// relatedStems maps the stem of each word of relatedWords to the stem of
// the first word of its line.
var relatedStems = func() map[string]string {
	m := map[string]string{}
	for _, line := range relatedWords {
		fields := strings.Fields(line)
		for _, f := range fields {
			m[english.Stem(f, false)] = english.Stem(fields[0], false)
		}
	}
	return m
}()

// words are the meaningful words of s: lowercased, stop words dropped,
// stemmed with Snowball (English), generic stems dropped, and with each
// word the first of its line in relatedWords. Go-live gives "live".
func words(s string) map[string]bool {
	out := map[string]bool{}
	if strings.ContainsAny(s, "@/") {
		s = addresses.ReplaceAllString(s, " ") // "hr.policy@example.com" says nothing of policy
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if stopWords[w] || utf8.RuneCountInString(w) < 2 || isNumber(w) {
			continue
		}
		if st := english.Stem(w, false); !genericStems[st] {
			out[st] = true
			if c, ok := relatedStems[st]; ok {
				out[c] = true
			}
		}
	}
	return out
}

// addresses are e-mail and web addresses, whose words are no meaning.
var addresses = regexp.MustCompile(`[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?://\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io)\b\S*`)

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// shared counts the words a and b have in common.
func shared(a, b map[string]bool) int {
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return n
}

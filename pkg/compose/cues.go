package compose

import (
	"regexp"
	"strings"
)

// Cues: what kind of answer a question asks for, and what kind of
// information a sentence gives, beyond the words they share. "When does
// my division go live?" is answered by a sentence that names a date or a
// time; "Who do I contact for help?" by one with a phone number, an
// e-mail address, a person or a desk; "What must I do?" by an obligation
// or an instruction; "How do I book?" by a procedure; "Where will I work?"
// by a place (docs/compose.md, "Sentences go to the question they answer").
type cue uint8

const (
	cueWhen    cue = 1 << iota // a date, a time, a day, a period
	cueContact                 // a phone number, an extension, an e-mail, a desk or line, a person to ask
	cuePerson                  // a person or a role
	cuePlace                   // an address, a room, a site
	cueMust                    // an obligation or an instruction
	cueHow                     // a procedure: where to click, what to open
	cueChange                  // what is new, different or stays the same
)

// questionCues reads what a question asks for from its words.
func questionCues(q string) cue {
	l := " " + strings.ToLower(q) + " "
	var c cue
	has := func(ws ...string) bool {
		for _, w := range ws {
			if strings.Contains(l, w) {
				return true
			}
		}
		return false
	}
	if has(" when ", " what time", " how long", " what date", " which day", " dates", " deadline", " timeline", " schedule") {
		c |= cueWhen
	}
	if has(" who ", " contact", " talk to", " ask ", " questions", " call ") {
		c |= cueContact
	}
	if has(" who ", " leader", " manager", " sponsor") {
		c |= cuePerson
	}
	if has(" where ") {
		c |= cuePlace | cueContact
	}
	if has(" must ", " need to ", " should ", " have to ", " what do i do", " what can i do", " action", " finish", " prepare") {
		c |= cueMust
	}
	if has(" how do ", " how can ", " how to ", " how will ", " how does ") {
		c |= cueHow
	}
	if has(" change", " different", " announced", " happening", " affect") {
		c |= cueChange
	}
	return c
}

var (
	timeCue    = regexp.MustCompile(`(?i)\b\d{1,2}(?::\d{2})?\s*(?:a\.m\.|p\.m\.|am\b|pm\b)|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight|today|tomorrow|tonight|this morning|weekend|quarter|mornings?|afternoons?|evenings?|nights?|until|since)\b|\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\b\.?`)
	contactCue = regexp.MustCompile(`(?i)\b\d{3}[- ]\d{3}[- ]\d{4}\b|\b0\d{3} \d{3} \d{4}\b|\+\d{1,3}(?: \d{2,4}){2,4}|\b(?:ext|no)\.\s*\d|[\w.+-]+@[\w-]+\.[\w.]+|\b(?:call|ring|phone|write to|e-?mail (?:us|them)|by e-?mail|contact|desk|line|hotline|helpline|advisers?|questions?|ask|talk|speak|report|stuck|problems?|clinic)\b`)
	// A named person or a post a person holds is a person above all; a
	// role named in passing ("your manager") only adds to what a
	// sentence gives.
	personCue = regexp.MustCompile(`\b(?:Dr|Mr|Mrs|Ms|Prof)\.\s+[A-Z]|\b[A-Z][a-z]+ [A-Z]\. |(?i)\b(?:ceo|coo|cfo|chief executive|vice president|head of|appointed|succeeds|reports to)\b`)
	roleCue   = regexp.MustCompile(`(?i)\b(?:director|manager|lead|leader|warden|adviser|specialist|clerk|super users?|officer|joins)\b`)
	placeCue  = regexp.MustCompile(`\b\d+[A-Z]?\s+(?:[A-Z][a-z]+\s+){1,2}(?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Blvd\.|Lane|Ln\.|Sq\.|Square|Way|Drive|Park)|\b(?:Room|Building|Unit|Suite|Level|Gate|Floor|Wing) [A-Z0-9]|\b(?:Atrium|Assembly Point)\b`)
	siteCue   = regexp.MustCompile(`(?i)\b(?:office|site|hub|depot|warehouse|canteen|centre|center|station|yard|workshop|trailers?|stores|car park)\b`)
	mustCue   = regexp.MustCompile(`(?i)\b(?:must|need to|needs to|have to|has to|required|due|deadline|last day|please|do not|don't|never|always)\b`)
	// A rate ("$180 a night", "three days a week") is an amount, not a time.
	rateCue   = regexp.MustCompile(`(?i)\b(?:a|an|per) (?:night|day|week|month|year|hour)\b`)
	howCue    = regexp.MustCompile(`(?i)\b(?:to (?:book|enrol|register|apply|sign|log|order)|sign in|log in|in the (?:\w+ )?(?:portal|app)|portal|through|via|press|click|select|search|pick|in person|no booking)\b`)
	changeCue = regexp.MustCompile(`(?i)\b(?:change|changes|changing|new|now|no longer|instead|replaces?|moves?|from \S+ to|rises|falls|capped|rule|stays?|remain|same|nothing|announce|acquire|acquisition|closed|sign)\b`)
)

// imperatives start a sentence that tells the reader what to do.
var imperatives = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`book submit check approve close print collect complete confirm send log count post
		finish bring leave read record enrol change re-enter save report drink take stop shut register update review sign
		clean order use make keep wear follow call ring write contact visit join attend download install fill return pack`) {
		m[w] = true
	}
	return m
}()

// imperativeAfterClause finds an instruction after a leading clause:
// "Before you log off on Friday, save your work".
func imperativeAfterClause(s string) bool {
	_, rest, ok := strings.Cut(s, ", ")
	if !ok {
		return false
	}
	return imperatives[strings.ToLower(strings.Trim(strings.SplitN(rest, " ", 2)[0], ",.;:"))]
}

// sentenceCues reads what kind of information a sentence gives (all) and
// what it is above all (primary, primaryCue's order of the strong signs).
func sentenceCues(u unit) (all, primary cue) {
	s := u.text
	var c cue
	if u.dated || timeCue.MatchString(rateCue.ReplaceAllString(s, "")) {
		c |= cueWhen
	}
	if contactCue.MatchString(s) {
		c |= cueContact
	}
	if personCue.MatchString(s) {
		c |= cuePerson
	}
	if placeCue.MatchString(s) {
		c |= cuePlace
	}
	strong := c
	if roleCue.MatchString(s) {
		c |= cuePerson
	}
	if siteCue.MatchString(s) {
		c |= cuePlace
	}
	first := strings.ToLower(strings.Trim(strings.SplitN(s, " ", 2)[0], ",.;:"))
	if mustCue.MatchString(s) || imperatives[first] || imperativeAfterClause(s) {
		c |= cueMust
	}
	if howCue.MatchString(s) || imperatives[first] {
		c |= cueHow
	}
	if changeCue.MatchString(s) {
		c |= cueChange
	}
	return c, primaryCue(c&^(cuePerson|cuePlace) | strong)
}

// primaryCue is the kind of information a sentence is above all, in this
// order: a contact point ("HR Services answers pay questions Mon.-Fri. 8
// a.m. to 6 p.m. on 1-800-…" tells whom to call, not when), an
// obligation or instruction ("close open work orders by Tue. 10 March"),
// a procedure, a place, a person ("Your manager will meet you…between 5
// and 16 October" says whom to talk to), a date or time, a change.
func primaryCue(c cue) cue {
	for _, k := range []cue{cueContact, cueMust, cueHow, cuePlace, cuePerson, cueWhen, cueChange} {
		if c&k != 0 {
			return k
		}
	}
	return 0
}

// cueCount is the number of kinds of answer a question asks for that the
// sentence gives.
func cueCount(q, s cue) int {
	n := 0
	for b := q & s; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// askingLead is a short question that leads into its answer ("Stuck?",
// "Problems?", "Questions?").
func askingLead(u unit) bool {
	return u.list == kPara && strings.HasSuffix(u.text, "?") && len(strings.Fields(u.text)) <= 3
}

// continuers start a sentence that goes on from the one before it.
var continuers = map[string]bool{"it": true, "its": true, "she": true, "he": true, "they": true, "this": true,
	"that": true, "these": true, "those": true, "each": true, "both": true, "there": true, "then": true, "also": true}

// continues says whether s goes on from the sentence before it.
func continues(s string) bool {
	return continuers[strings.ToLower(strings.Trim(strings.SplitN(s, " ", 2)[0], ",.;:"))]
}

// deadlineCue is a date the reader must act by: "by Tue. 10 March",
// "before 28 March", "Last day to enrol: Fri. 20 November".
var deadlineCue = regexp.MustCompile(`(?i)\b(?:by|before|until|no later than|due|deadline|last day)\b`)

// deadline says whether a sentence is an instruction with a deadline (a
// decision asked of executives, "approve the training budget by 10
// January", is none).
func deadline(u unit) bool {
	return u.dated && instruction(u.text) && deadlineCue.MatchString(u.text) && !asksDecision(u.text)
}

// obligationWords make a sentence an instruction without an imperative:
// "Timesheets … are due by…", "Managers must confirm…", "Each team names
// one super user by…".
var obligationWords = regexp.MustCompile(`(?i)\b(?:must|need to|needs to|have to|has to|required to|due|deadline|last day|please)\b|\b(?:each|every) (?:team|manager|employee|division|depot|site)\b`)

// instruction says whether a sentence tells the reader to do something:
// an imperative ("Book…", "Before you log off, save…") or an obligation.
func instruction(s string) bool {
	first := strings.ToLower(strings.Trim(strings.SplitN(s, " ", 2)[0], ",.;:"))
	return imperatives[first] || imperativeAfterClause(s) || obligationWords.MatchString(s)
}

package compose

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"unicode"

	"github.com/commsplan/commsplan/pkg/domain"
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
		var sb, tag strings.Builder
		in := false
		for _, r := range content {
			switch {
			case r == '<':
				in = true
			case r == '>' && in:
				in = false
				switch block := tag.String(); {
				case block == "li":
					sb.WriteString("\n- ") // a list item stays one
				case len(block) == 2 && block[0] == 'h' && block[1] >= '1' && block[1] <= '6':
					sb.WriteString("\n# ") // a heading stays one
				case !inlineTags[strings.Trim(block, "/")]:
					sb.WriteByte('\n')
				}
				tag.Reset()
			case in:
				tag.WriteRune(r)
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

// inlineTags run inside a line.
var inlineTags = map[string]bool{"strong": true, "em": true, "b": true, "i": true}

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

// Finding is one thing a planner would fix before sending a piece, in the
// planner's words.
type Finding struct {
	Rule     string `json:"rule"`     // one of the Rule… names
	Severity string `json:"severity"` // SeverityError or SeverityWarning
	Message  string `json:"message"`
	Line     string `json:"line,omitempty"` // the line of the piece it is about
}

// Severities: an error stops a piece from being sent as it is; a warning
// asks the planner to look.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
)

// The rules Check applies.
const (
	RuleFragment      = "fragment"
	RuleWrongQuestion = "wrong-question"
	RuleKeyDate       = "key-date"
	RuleFactLost      = "fact-lost"
	RulePlaceholder   = "placeholder"
	RuleRepeatedLine  = "repeated-line"
	RuleSpokenBullet  = "spoken-bullet"
	RuleWithheldLeak  = "withheld-leak"
	RuleSMSSegments   = "sms-segments"
	RuleGreeting      = "greeting"
	RuleEmployeeLine  = "employee-line"
)

// Errors counts the findings that are errors.
func Errors(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == SeverityError {
			n++
		}
	}
	return n
}

// longTypes must carry every fact of the notes; shortTypes their call to
// action and its deadline.
var (
	longTypes  = map[string]bool{"email": true, "newsletter": true, "internal": true, "blog": true}
	shortTypes = map[string]bool{"sms": true, "mobile_push": true, "digital_signage": true, "social": true}
)

// Check reads a piece (generated, or written by the planner) for in (its
// theme, questions, notes and vehicle) as a planner would before sending
// it: Check(in, piece) is CheckWith(in, piece, nil).
func Check(in Input, piece Result) []Finding { return CheckWith(in, piece, nil) }

// CheckWith is Check with what is known of the right answers: with gold, an
// answer under the wrong question is found, and the key dates, facts and
// call to action are the gold ones rather than those read from the notes.
func CheckWith(in Input, piece Result, gold *Gold) []Finding {
	typ := ""
	if in.Vehicle != nil {
		typ = in.Vehicle.Type
	}
	format := piece.Format
	if format == "" {
		format = FormatText
	}
	text := plainOf(piece.Content, format)
	lines := plainLines(text)
	kept, withheld := Withhold(in.Raw)
	c := checker{typ: typ, lines: lines, text: normalSpace(text)}

	c.fragments()
	// A planner who asked for a template (Input.Placeholders) keeps its
	// prompts on purpose.
	if !in.Placeholders {
		c.placeholders(in.Raw)
	}
	c.repeated(in)
	c.keyDates(gold)
	if spoken(typ) {
		c.spokenBullets()
	}
	c.leaks(withheld)
	if typ == "sms" && format == FormatText && piece.MaxLength > 0 {
		if n := septets(toGSM7(piece.Content)); n > piece.MaxLength {
			c.add(RuleSMSSegments, SeverityError, fmt.Sprintf("The SMS is %d characters, over its %d (%d segments).", n, piece.MaxLength, smsSegments(toGSM7(piece.Content))), "")
		}
	}
	facts := factsOf(kept)
	if gold != nil && gold.Facts != nil {
		facts = gold.Facts
	}
	if longTypes[typ] {
		for _, f := range facts {
			if !strings.Contains(c.text, normalSpace(f)) {
				c.add(RuleFactLost, SeverityError, "The notes give \""+f+"\"; the piece does not.", "")
			}
		}
	}
	if shortTypes[typ] && gold != nil && gold.Action != "" {
		l := strings.ToLower(c.text)
		if !strings.Contains(l, strings.ToLower(gold.Action)) || !sameDay(c.text, gold.Deadline) {
			c.add(RuleFactLost, SeverityError, "The notes ask readers to "+gold.Action+" by "+gold.Deadline+"; this short piece does not say so.", "")
		}
	}
	if gold != nil {
		c.wrongQuestions(in, gold)
	}
	c.greeting(in.Frame)
	if typ == "executive_briefing" {
		c.employeeLines(kept)
		if gold != nil && gold.Decision != "" && !strings.Contains(strings.ToLower(c.text), strings.ToLower(gold.Decision)) {
			c.add(RuleFactLost, SeverityError, "The notes ask the executives to "+gold.Decision+"; the briefing does not.", "")
		}
	}
	return c.out
}

type checker struct {
	typ   string
	lines []string
	text  string
	out   []Finding
}

func (c *checker) add(rule, severity, message, line string) {
	c.out = append(c.out, Finding{Rule: rule, Severity: severity, Message: message, Line: line})
}

// plainLines are the piece's lines without list markers, bold marks and
// headings' hashes, trimmed, the empty ones dropped.
func plainLines(text string) []string {
	var out []string
	for l := range strings.SplitSeq(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l == "---" {
			continue
		}
		out = append(out, l)
	}
	return out
}

// normalSpace collapses white space, so a fact is found across a line
// break.
func normalSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// content is a line without its list marker, heading marks and bold
// label marks.
func content(l string) (body string, listed bool) {
	l = strings.TrimLeft(l, "#")
	l = strings.TrimSpace(l)
	if rest, _, ok := listMarker(l); ok {
		l, listed = rest, true
	}
	return strings.ReplaceAll(l, "**", ""), listed
}

// fragments finds sentences that begin inside another: a line that is a
// time zone or a lone word ("Eastern.", "mornings."), or a paragraph that
// starts in lowercase ("mornings in go-live week").
func (c *checker) fragments() {
	for _, l := range c.lines {
		body, listed := content(l)
		if loc := keyDateLabel.FindStringIndex(body); loc != nil {
			body = body[loc[1]:] // a key date's text
		}
		fs := strings.Fields(body)
		if len(fs) == 0 {
			continue
		}
		first := strings.ToLower(strings.Trim(fs[0], ".,;:"))
		rs := []rune(fs[0])
		switch {
		case zoneWords[first] && (len(fs) == 1 || strings.HasSuffix(fs[0], ".") || strings.HasSuffix(fs[0], ",")):
			c.add(RuleFragment, SeverityError, "A sentence begins inside another: \""+body+"\".", l)
		case !listed && len(rs) > 0 && unicode.IsLower(rs[0]) && !strings.HasPrefix(body, "e.g.") && !strings.Contains(fs[0], "@"):
			c.add(RuleFragment, SeverityError, "A paragraph begins in the middle of a sentence: \""+body+"\".", l)
		case len(fs) == 1 && strings.HasSuffix(body, ".") && !strings.HasSuffix(body, "..."):
			c.add(RuleFragment, SeverityError, "A line holds one word: \""+body+"\".", l)
		}
	}
}

// zoneWords start no sentence: a time zone left behind by a break after
// "a.m." ("Eastern. Your first job tickets…").
var zoneWords = map[string]bool{"eastern": true, "central": true, "pacific": true, "mountain": true, "gmt": true, "utc": true,
	"bst": true, "cet": true, "est": true, "pst": true, "cst": true, "mornings": true, "afternoons": true, "evenings": true}

// keyDateLabel is a key date's label at the start of a line: "13–16 March
// 2027: …".
var keyDateLabel = regexp.MustCompile(`^\d{1,2}(?:–\d{1,2})? [A-Z][a-z]+(?: \d{4})?(?: – \d{1,2} [A-Z][a-z]+(?: \d{4})?)?: `)

// placeholderPattern is a bracketed prompt left for the planner.
var placeholderPattern = regexp.MustCompile(`\[(?:Add|Insert|Enter|TBC|TBD|Placeholder|Your)\b[^\]]*\]`)

func (c *checker) placeholders(raw string) {
	for _, l := range c.lines {
		for _, p := range placeholderPattern.FindAllString(l, -1) {
			if !strings.Contains(raw, p) {
				c.add(RulePlaceholder, SeverityError, "A placeholder is left to fill: "+p+".", l)
			}
		}
	}
}

// repeated finds a line said twice (of four words or more; a question's
// title may be both listed and a heading).
func (c *checker) repeated(in Input) {
	titles := map[string]bool{}
	for _, q := range in.Questions {
		titles[inline(q.Question)] = true
	}
	seen := map[string]bool{}
	for _, l := range c.lines {
		if strings.HasPrefix(l, "#") {
			continue // a heading may repeat its entry in a list of contents
		}
		body, _ := content(l)
		if len(strings.Fields(body)) < 4 || titles[body] || titles[strings.TrimSuffix(body, ":")] {
			continue
		}
		if seen[body] {
			c.add(RuleRepeatedLine, SeverityError, "A line is said twice: \""+body+"\".", l)
		}
		seen[body] = true
	}
}

// keyDates checks the Key dates list: each date once, its text whole (no
// ellipsis, not cut after a preposition), and with gold every gold date.
func (c *checker) keyDates(gold *Gold) {
	labels := map[string]int{}
	texts := map[string]bool{}
	in := false
	for _, l := range c.lines {
		body, _ := content(l)
		if strings.HasPrefix(body, "Key dates") || strings.HasPrefix(body, "Key Dates") {
			in = true
			continue
		}
		if !in {
			continue
		}
		loc := keyDateLabel.FindStringIndex(body)
		if loc == nil {
			in = false
			continue
		}
		label, text := body[:loc[1]-2], body[loc[1]:]
		labels[label]++
		if labels[label] == 2 {
			c.add(RuleKeyDate, SeverityError, "The key date "+label+" is listed twice.", l)
		}
		if texts[text] {
			c.add(RuleKeyDate, SeverityError, "Two key dates say the same: \""+text+"\".", l)
		}
		texts[text] = true
		last := strings.ToLower(strings.Trim(lastWord(text), ".,;:"))
		if strings.HasSuffix(text, Mark) || strings.HasSuffix(text, "...") || cutEnds[last] || strings.Contains(text, "( )") || strings.Contains(text, "()") {
			c.add(RuleKeyDate, SeverityError, "The key date "+label+" is cut: \""+text+"\".", l)
		}
	}
	if gold == nil || len(labels) == 0 {
		return
	}
	for _, k := range gold.KeyDates {
		if labels[k.Date] == 0 {
			c.add(RuleKeyDate, SeverityError, "The key date "+k.Date+" ("+k.What+") is missing.", "")
		}
	}
}

// cutEnds end a text that was cut short.
var cutEnds = map[string]bool{"of": true, "the": true, "to": true, "on": true, "at": true, "by": true, "from": true,
	"and": true, "or": true, "a": true, "an": true, "with": true, "for": true, "starting": true, "is": true, "are": true,
	"was": true, "were": true}

func lastWord(s string) string {
	fs := strings.Fields(s)
	if len(fs) == 0 {
		return ""
	}
	return fs[len(fs)-1]
}

// spokenBullets finds list marks, arrows and section marks in the lines a
// presenter says: after the script's heading ("Talking Points", "Script",
// "Session Plan", "Session Notes"); the agenda above it is a list by right.
func (c *checker) spokenBullets() {
	spoken := false
	for _, l := range c.lines {
		t := strings.TrimLeft(l, "# ")
		switch strings.TrimSpace(strings.ReplaceAll(t, "**", "")) {
		case "Talking Points", "Script", "Session Plan", "Session Notes":
			spoken = true
			continue
		}
		if !spoken {
			continue
		}
		_, listed := content(l)
		if listed || strings.ContainsAny(l, "→§•") || strings.HasPrefix(strings.TrimSpace(l), "* ") {
			c.add(RuleSpokenBullet, SeverityError, "A spoken line is written as a bullet: \""+l+"\".", l)
		}
	}
}

// leaks finds a withheld (internal) line in the piece.
func (c *checker) leaks(withheld []string) {
	for _, w := range withheld {
		body := w
		if rest, ok := listItem(body); ok {
			body = rest
		}
		for _, p := range internalPrefixes {
			if len(body) >= len(p) && strings.EqualFold(body[:len(p)], p) {
				body = strings.TrimSpace(body[len(p):])
			}
		}
		if len(strings.Fields(body)) >= 3 && strings.Contains(c.text, normalSpace(body)) {
			c.add(RuleWithheldLeak, SeverityError, "An internal line reached the piece: \""+w+"\".", "")
		}
	}
}

// wrongQuestions finds a sentence of the notes under a question gold says
// it does not answer. A question's section runs from its heading (a line
// that is the question, "2. " and the question, or the question and a
// timing) to the next heading of any kind.
func (c *checker) wrongQuestions(in Input, gold *Gold) {
	current := -1
	for _, l := range c.lines {
		body, _ := content(l)
		body = strings.TrimSpace(numberPrefix.ReplaceAllString(timingSuffix.ReplaceAllString(body, ""), ""))
		heading := false
		for qi, q := range in.Questions {
			if t := inline(q.Question); body == t || body == "HOST: "+t || strings.HasSuffix(body, ": "+t) {
				current, heading = qi, true
			}
		}
		if heading {
			continue
		}
		if sectionHeadings[body] {
			current = -1
			continue
		}
		if current < 0 {
			continue
		}
		for _, a := range gold.Answers {
			if a.Question != current+1 && len(strings.Fields(a.Sentence)) >= 3 && strings.Contains(normalSpace(l), a.Sentence) {
				msg := "\"" + a.Sentence + "\" answers no question, yet sits under \"" + in.Questions[current].Question + "\"."
				if a.Question > 0 && a.Question <= len(in.Questions) {
					msg = "\"" + a.Sentence + "\" answers \"" + in.Questions[a.Question-1].Question + "\", yet sits under \"" + in.Questions[current].Question + "\"."
				}
				c.add(RuleWrongQuestion, SeverityWarning, msg, l)
			}
		}
	}
}

var (
	numberPrefix = regexp.MustCompile(`^\d+\. `)
	timingSuffix = regexp.MustCompile(`\s*\(\d+:\d{2}–\d+:\d{2}\)$|^\d+:\d{2}–\d+:\d{2}\s+`)
)

// sectionHeadings end a question's section.
var sectionHeadings = map[string]bool{"Key dates": true, "And finally": true, "Still to be answered": true, "Key Points": true,
	"Decision Needed": true, "Impact": true, "Next Steps": true, "Find Out More": true, "What's Next": true, "Action Required": true,
	"Questions and answers": true, "Close and next steps": true, "Wrap-up and next steps": true, "Wrap-up": true, "Outro": true,
	"Call to action": true, "Key Dates and Milestones": true, "Highlights": true}

// greeting finds a greeting that names an audience by its code ("Hello
// BFA - Massachusetts,").
func (c *checker) greeting(f Frame) {
	for _, l := range c.lines {
		if greetingLine.MatchString(l) && audienceCode.MatchString(l) {
			c.add(RuleGreeting, SeverityError, "The greeting names the audience by its code: \""+l+"\".", l)
		}
	}
}

var (
	greetingLine = regexp.MustCompile(`^(?:Dear|Hello|Hi)\b.*,$`)
	audienceCode = regexp.MustCompile(`\b[A-Z]{2,}\s+-\s+`)
)

// employeeLines finds, in an executive briefing, a sentence of the notes
// written to employees ("Your pay date does not change").
func (c *checker) employeeLines(kept string) {
	for _, u := range readNotes(kept) {
		if toEmployees(u.text) && strings.Contains(c.text, u.text) {
			c.add(RuleEmployeeLine, SeverityError, "The briefing carries a line meant for employees: \""+u.text+"\".", "")
		}
	}
}

// toEmployees says whether a sentence speaks to staff: "you", "your".
func toEmployees(s string) bool { return youWords.MatchString(s) }

var youWords = regexp.MustCompile(`(?i)\b(?:you|your|yours)\b`)

// factPatterns find what a reader must not lose in notes without gold:
// phone numbers, extensions, e-mail addresses, amounts of money, street
// addresses.
var factPatterns = regexp.MustCompile(`\b\d{1,2}-\d{3}-\d{3}-\d{4}\b|\b\d{3}-\d{3}-\d{4}\b|\b0\d{3} \d{3} \d{4}\b|\+\d{1,3}(?: \d{2,4}){2,4}|\b(?:ext|No)\. \d+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[$£€]\d[\d,]*(?:\.\d+)?(?: (?:million|billion))?|\b\d+ (?:[A-Z][a-z]+ ){1,2}(?:Street|St\.|Road|Avenue|Ave\.|Blvd\.|Lane|Sq\.)`)

// factsOf are the facts of the notes (factPatterns), each once.
func factsOf(kept string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range factPatterns.FindAllString(kept, -1) {
		f = strings.TrimRight(f, ".")
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// sameDay says whether text names the day of date ("Fri. 15 Jan." is "15
// January").
func sameDay(text, date string) bool {
	want := findDates(date)
	if len(want) == 0 {
		return strings.Contains(text, date)
	}
	for _, d := range findDates(text) {
		if d.end%10000 == want[0].end%10000 || d.start%10000 == want[0].start%10000 {
			return true
		}
	}
	return false
}

// spoken reports whether pieces of vehicle type typ are said aloud (the
// registry's Spoken).
func spoken(typ string) bool {
	info, _ := domain.VehicleTypeInfo(typ)
	return info.Spoken
}

// typeLabel is vehicle type typ's label in the registry, the one every
// screen, export and piece says.
func typeLabel(typ string) string {
	label, _ := domain.VehicleTypeLabel(typ)
	return label
}

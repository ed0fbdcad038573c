package compose

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every marker withholds its line, whatever its case and wherever the
// phrase sits; the rest of the notes is kept.
func TestWithholdEveryMarker(t *testing.T) {
	internal := []string{
		"INTERNAL: DON'T mention payroll impact until HR signs off.",
		"internal: figures are provisional",
		"Confidential: the vendor's day rate",
		"NOTE TO SELF check the room booking",
		"note to self: chase Priya",
		"TODO: confirm the date with IT",
		"// draft, check with legal",
		"- INTERNAL: a bullet can be internal too",
		"The pilot slipped, do not mention it yet.",
		"Headcount figures: don't mention before Friday.",
		"Budget detail — do not share outside the board.",
		"The redundancy list is not for distribution.",
		"Payroll is fine. DO NOT MENTION the old supplier.",
	}
	public := []string{"Go-live is on 3 March.", "Internal systems close at 6 p.m.", "Share this note with your team.", "A // in the middle is fine."}
	raw := strings.Join(append(append([]string{}, public[:2]...), append(internal, public[2:]...)...), "\n")
	kept, withheld := Withhold(raw)
	assert.Equal(t, internal, withheld)
	for _, p := range public {
		assert.Contains(t, kept, p)
	}
	for _, typ := range domain.VehicleTypeNames {
		in := goldenInput(t, typ, domain.StrategyUniversal)
		in.Raw = raw
		in.Vehicle.Settings.MaxLength = 0
		r, err := Generate(in)
		require.NoError(t, err)
		assert.Equal(t, internal, r.Withheld, typ)
		for _, w := range []string{"payroll impact", "provisional", "day rate", "room booking", "Priya", "confirm the date", "legal",
			"bullet can be internal", "pilot slipped", "Headcount", "outside the board", "redundancy", "old supplier"} {
			assert.NotContains(t, r.Content, w, typ)
		}
	}
}

// Notes that are only internal lines are no error: the piece is made of the
// theme and the questions, listed once as still open, and every line is
// reported.
func TestOnlyInternalNotes(t *testing.T) {
	in := goldenInput(t, "email", domain.StrategyUniversal)
	in.Raw = "INTERNAL: one\nTODO: two"
	r, err := Generate(in)
	require.NoError(t, err)
	assert.Equal(t, []string{"INTERNAL: one", "TODO: two"}, r.Withheld)
	assert.Contains(t, r.Content, "<h2>Still to be answered</h2>")
	for _, q := range in.Questions {
		assert.Equal(t, 1, strings.Count(r.Content, q.Question), q.Question)
	}
	assert.NotContains(t, r.Content, "Details will follow")
}

// Abbreviations, decimals, times and initials do not end a sentence.
func TestSentencesKeepAbbreviations(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Go-live for the St. Albans depot is on 3 March. Questions? Contact Dr. Anne Smith (No. 4400) on ext. 2231.",
			[]string{"Go-live for the St. Albans depot is on 3 March.", "Questions?", "Contact Dr. Anne Smith (No. 4400) on ext. 2231."}},
		{"Timesheets must be approved by Wednesday 25 February, e.g. through the app. The uplift is 2.5 per cent.",
			[]string{"Timesheets must be approved by Wednesday 25 February, e.g. through the app.", "The uplift is 2.5 per cent."}},
		{"Mr. Jones, Mrs. Brown and Ms. Lee compared SAP vs. Oracle, i.e. the two finalists, on cost, speed etc. and chose SAP.",
			[]string{"Mr. Jones, Mrs. Brown and Ms. Lee compared SAP vs. Oracle, i.e. the two finalists, on cost, speed etc. and chose SAP."}},
		{"The desk opens at 7:30 a.m. on Monday. It closes at 5 p.m. Then the night team takes over.",
			[]string{"The desk opens at 7:30 a.m. on Monday.", "It closes at 5 p.m.", "Then the night team takes over."}},
		{"J. R. Smith leads the cut-over. Call him on ext. 4400. He answers.",
			[]string{"J. R. Smith leads the cut-over.", "Call him on ext. 4400.", "He answers."}},
	} {
		assert.Equal(t, c.want, sentences(c.in), c.in)
	}
}

// A line starting with -, *, • or 1. is a list item and stays one, a
// numbered list numbered; the text before it stays prose.
func TestListsStayLists(t *testing.T) {
	in := goldenInput(t, "email", domain.StrategyTraditional)
	in.Questions = []Question{{ID: "q", Question: "What must managers do for training?"}}
	in.Raw = "Managers have training actions:\n1. Confirm attendance lists by 6 Feb.\n2. Book the rooms.\n\nTraining kit:\n* laptop\n• headset\n- training login"
	r, err := Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "<ol><li>Confirm attendance lists by 6 Feb.</li><li>Book the rooms.</li></ol>")
	assert.Contains(t, r.Content, "<ul><li>laptop</li><li>headset</li><li>training login</li></ul>")
	assert.NotContains(t, r.Content, "6 Feb 2.")
	in.Vehicle.Settings.Format = FormatText
	r, err = Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "1. Confirm attendance lists by 6 Feb.\n2. Book the rooms.")
	assert.Contains(t, r.Content, "- laptop\n- headset\n- training login")
}

// Each sentence goes to the question it shares the most words with,
// whatever the order of the notes; within a question the notes' order is
// kept; a sentence that answers none opens or closes the piece.
func TestSentencesFindTheirQuestion(t *testing.T) {
	qs := []Question{
		{ID: "a", Question: "How are billing and payroll protected during the switch?"},
		{ID: "b", Question: "How do I get trained?"},
		{ID: "c", Question: "Who do I call for help?"},
		// "go" is no meaningful word: "Questions go to ..." is no answer here.
		{ID: "d", Question: "When does my division go live?"},
	}
	answers := map[string][]string{
		"d": {"The Southeast division goes live on 9 February."},
		"a": {"Billing runs as usual in March.", "Payroll is paid on the normal date."},
		"b": {"Training runs through February.", "Book your training in the portal."},
		"c": {"Call the help desk on 4400.", "Super users help on every floor.", "Questions go to the super-user in each depot."},
	}
	other := "Thanks go to everyone in each depot."
	var all []string
	for _, id := range []string{"a", "b", "c", "d"} {
		all = append(all, answers[id]...)
	}
	all = append(all, other)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		in := goldenInput(t, "blog", domain.StrategyTraditional)
		in.Questions, in.Raw = qs, strings.Join(all, "\n\n")
		r, err := Generate(in)
		require.NoError(t, err)
		sections := strings.Split(r.Content, "\n## ")
		for _, q := range qs {
			var body string
			for _, s := range sections {
				if strings.HasPrefix(s, q.Question) {
					body = s
				}
			}
			require.NotEmpty(t, body, q.Question)
			prev := -1
			for _, sent := range all {
				at := strings.Index(body, sent)
				if slicesContains(answers[q.ID], sent) {
					require.GreaterOrEqual(t, at, 0, "%q under %q", sent, q.Question)
					assert.Greater(t, at, prev, "the notes' order")
					prev = at
				} else {
					assert.Equal(t, -1, at, "%q must not be under %q", sent, q.Question)
				}
			}
		}
		assert.Contains(t, r.Content, other)
	}
}

func slicesContains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// A short piece takes a sentence per question, never a line that only leads
// into a list ("every team must:") without the list.
func TestShortPiecesSkipLeadIns(t *testing.T) {
	for _, typ := range []string{"social", "sms", "mobile_push"} {
		in := goldenInput(t, typ, domain.StrategyUniversal)
		in.Questions = []Question{{ID: "a", Question: "What must my team finish before cut-over?"}}
		in.Raw = "Before cut-over, every team must:\n- Close open work orders by 5 Feb.\n- Approve all timesheets by 4 Feb."
		r, err := Generate(in)
		require.NoError(t, err)
		assert.NotContains(t, r.Content, "must:", typ)
		assert.Contains(t, r.Content, "Close open work orders by 5 Feb", typ)
	}
}

// Without material a short piece says what is known: the theme's
// description, never only its call to action.
func TestShortPiecesWithoutMaterial(t *testing.T) {
	for _, typ := range []string{"social", "sms", "mobile_push", "digital_signage"} {
		in := goldenInput(t, typ, domain.StrategyUniversal)
		in.Theme.Description = "What every division must finish before it switches over."
		in.Raw = "INTERNAL: do not share the budget yet."
		r, err := Generate(in)
		require.NoError(t, err)
		assert.Contains(t, r.Content, "What every division must finish before it switches over.", typ)
		assert.NotContains(t, r.Content, "budget", typ)
	}
}

// When the best-matching sentence is too long for a short piece, the next
// one that fits whole is sent rather than nothing, or a sentence cut.
func TestShortPieceKeepsAWholeSentence(t *testing.T) {
	in := goldenInput(t, "sms", domain.StrategyDigital)
	in.Questions = []Question{
		{ID: "a", Question: "How are billing and payroll protected during the switch?"},
		{ID: "b", Question: "When does my division go live?"},
	}
	in.Raw = "Payroll is protected: the January and February pay runs are processed in the current payroll system, and the new payroll system takes over billing and payroll from the March run.\n" +
		"The Southeast division goes live on Monday 9 February."
	r, err := Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "The Southeast division goes live on Monday 9 February.")
	assert.NotContains(t, r.Content, "...")
	assert.Equal(t, 1, r.Segments)
}

// A question with nothing to say is left out; no filler.
func TestNoFiller(t *testing.T) {
	in := goldenInput(t, "town_hall", domain.StrategyTraditional)
	in.Questions = append(in.Questions, Question{ID: "q9", Question: "What about the canteen menu?"})
	r, err := Generate(in)
	require.NoError(t, err)
	assert.NotContains(t, r.Content, "canteen")
	assert.NotContains(t, r.Content, "Details will follow")
}

// The dates of the notes are listed under Key dates where there is room,
// one item per date, in calendar order.
func TestKeyDates(t *testing.T) {
	for typ, want := range map[string]bool{"email": true, "newsletter": true, "internal": true, "blog": true, "project_dashboard": true, "sms": false, "podcast": false} {
		in := goldenInput(t, typ, domain.StrategyUniversal)
		r, err := Generate(in)
		require.NoError(t, err)
		if typ == "newsletter" {
			assert.Contains(t, r.Content, "<h2>Key Dates and Milestones</h2>\n<ul><li><strong>10 January:</strong>")
			continue
		}
		assert.Equal(t, want, strings.Contains(r.Content, "Key dates"), typ)
	}
	in := goldenInput(t, "email", domain.StrategyUniversal)
	in.Vehicle.Settings.Format = FormatText
	r, err := Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "Key dates\n\n- 10 January: Approve the training budget\n- 6 February: Confirm training attendance lists\n- 9–20 February: Training runs\n")
	assert.Equal(t, 1, strings.Count(r.Content, "- 1 March:"))
}

// The communication frames the piece: its title is the subject and the
// memo's RE, its audience the greeting and the memo's TO, its date the
// memo's DATE.
func TestFrame(t *testing.T) {
	in := goldenInput(t, "email", domain.StrategyTraditional)
	in.Frame.Title = "Training Sign-up Opens"
	r, err := Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "<p><strong>Subject:</strong> Training Sign-up Opens</p>\n<p>Dear Field Technicians,</p>")
	in = goldenInput(t, "internal", domain.StrategyTraditional)
	r, err = Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "TO: Field Technicians\nFROM: The ERP Programme Team\nDATE: 17 February 2025\nRE: Go-live on 3 March: what you need to do")
	in.Frame = Frame{}
	r, err = Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "TO: All employees\nFROM: The ERP Programme Team\nRE: Go-Live Readiness")
}

// Spoken channels say their call to action aloud: no arrow, no link text;
// town halls and workshops invite to no event the notes do not name.
func TestSpokenChannels(t *testing.T) {
	for _, typ := range []string{"podcast", "video", "town_hall", "lunch_learn", "interactive_workshop"} {
		for _, s := range []string{domain.StrategyTraditional, domain.StrategyUniversal, domain.StrategyDigital} {
			r, err := Generate(goldenInput(t, typ, s))
			require.NoError(t, err)
			assert.NotContains(t, r.Content, "→", typ+" "+s)
			assert.NotContains(t, r.Content, "Read more on the programme hub\n", typ+" "+s)
			if typ == "town_hall" || typ == "interactive_workshop" {
				assert.NotContains(t, r.Content, "briefing session", typ+" "+s)
			}
		}
	}
}

// longNotes are about 9.5 KB of notes.
func longNotes() string {
	var sb strings.Builder
	sb.WriteString(goldenNotes)
	for i := 1; sb.Len() < 9500; i++ {
		fmt.Fprintf(&sb, "\n\nDepot %d works through its cut-over checklist, item by item, with its super users on hand. Its training room %d stays open on the usual floor.", i, i)
	}
	return sb.String()
}

// The frame survives long notes on every vehicle type: the body is trimmed
// sentence by sentence, never the subject, greeting, call to action,
// sign-off or the newsletter's required sections; no word is cut.
func TestFrameSurvivesLongNotes(t *testing.T) {
	frames := map[string][]string{
		"email":                {"Subject:", "Dear Field Technicians,", "If you have any questions", "Kind regards,", team},
		"internal":             {"MEMORANDUM", "TO: Field Technicians", "DATE: 17 February 2025", "RE: Go-live on 3 March", "Action Required", "Thank you for your continued support."},
		"yammer_teams":         {"If you have questions, please reply below"},
		"blog":                 {"Find Out More"},
		"social":               {"Questions? Please ask your manager."},
		"sms":                  {"Questions? Please ask your manager."},
		"digital_signage":      {"Questions? Please ask your manager."},
		"mobile_push":          {"Open the app for details."},
		"town_hall":            {"Questions and answers", "Close and next steps"},
		"podcast":              {"Outro", "Thanks for listening."},
		"video":                {"Call to action"},
		"executive_briefing":   {"Situation", "Next Steps"},
		"project_dashboard":    {"Next Steps"},
		"lunch_learn":          {"Wrap-up"},
		"interactive_workshop": {"Wrap-up and next steps"},
	}
	for _, s := range sectionsInOrder(DefaultNewsletterTemplate()) {
		if s.Required && s.Number == 1 || s.Number == SectionCount {
			frames["newsletter"] = append(frames["newsletter"], s.Title)
		}
	}
	frames["newsletter"] = append(frames["newsletter"], "programme briefing session in your area.")
	raw := longNotes()
	require.Greater(t, len(raw), 9000)
	for _, typ := range domain.VehicleTypeNames {
		in := goldenInput(t, typ, domain.StrategyTraditional)
		in.Raw = raw
		if in.Vehicle.Settings.MaxLength > 4000 {
			in.Vehicle.Settings.MaxLength = 4000
		}
		r, err := Generate(in)
		require.NoError(t, err)
		assert.LessOrEqual(t, r.Length, r.MaxLength, typ)
		content := strings.ReplaceAll(r.Content, "&#39;", "'")
		for _, f := range frames[typ] {
			assert.Contains(t, content, f, typ)
		}
		checkNoCutWord(t, typ, r.Content, raw)
	}
}

// checkNoCutWord fails when a word of the piece ending in a cut mark is
// not a whole word of the source.
func checkNoCutWord(t *testing.T, typ, content, source string) {
	t.Helper()
	for _, mark := range []string{Mark, "..."} {
		for i := strings.Index(content, mark); i >= 0; i = next(content, mark, i) {
			start := strings.LastIndexFunc(content[:i], func(r rune) bool { return unicode.IsSpace(r) || r == '>' }) + 1
			word := content[start:i]
			if word == "" || strings.HasSuffix(word, ".") {
				continue
			}
			assert.Regexp(t, `(^|[\s(])`+regexpQuote(word)+`[\s.,;:)]`, source, "%s cut inside a word: %q", typ, word)
		}
	}
}

func next(s, sub string, i int) int {
	j := strings.Index(s[i+len(sub):], sub)
	if j < 0 {
		return -1
	}
	return i + len(sub) + j
}

func regexpQuote(s string) string {
	var sb strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$`, r) {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// An SMS is GSM-7 only, cut at a word with "...", and the default one is a
// single segment.
func TestSMSIsGSM7(t *testing.T) {
	for _, s := range []string{domain.StrategyTraditional, domain.StrategyUniversal, domain.StrategyDigital} {
		for _, raw := range []string{goldenNotes, longNotes(), "Go-live — “soon” → see the hub… 👋 Café Zoë €5 {x}"} {
			in := goldenInput(t, "sms", s)
			in.Raw = raw
			r, err := Generate(in)
			require.NoError(t, err)
			for _, c := range r.Content {
				assert.True(t, isGSM(c), "%q is not GSM-7 in %q", c, r.Content)
			}
			assert.LessOrEqual(t, septets(r.Content), 160, r.Content)
			assert.Equal(t, 1, r.Segments, r.Content)
			checkNoCutWord(t, "sms", r.Content, toGSM7(raw+" "+in.Theme.Name))
		}
	}
	assert.Equal(t, 1, smsSegments(strings.Repeat("a", 160)))
	assert.Equal(t, 2, smsSegments(strings.Repeat("a", 161)))
	assert.Equal(t, 2, smsSegments(strings.Repeat("€", 81))) // extension characters count twice
	assert.Equal(t, 3, smsSegments(strings.Repeat("a", 307)))
}

// No transition or boilerplate line appears twice in one piece.
func TestNoRepeatedLine(t *testing.T) {
	for _, typ := range domain.VehicleTypeNames {
		for _, s := range []string{domain.StrategyTraditional, domain.StrategyUniversal, domain.StrategyDigital} {
			in := goldenInput(t, typ, s)
			in.Vehicle.Settings.Format = FormatText
			in.Questions = append(in.Questions, Question{ID: "q5", Question: "What do managers do?"}, Question{ID: "q6", Question: "Where do I book?"})
			in.Raw += "\n\nManagers sign the checklist.\n\nBook in the portal."
			r, err := Generate(in)
			require.NoError(t, err)
			seen := map[string]bool{}
			for _, line := range strings.Split(r.Content, "\n") {
				line = strings.TrimSpace(line)
				if line == "" || (strings.HasSuffix(line, ":") && len(line) <= 20) {
					continue // a structural label: "Talking points:", "Voice-over:"
				}
				assert.False(t, seen[line], "%s/%s repeats %q", typ, s, line)
				seen[line] = true
			}
			// Transitions and activities are not repeated even as prefixes.
			for _, p := range []string{"Next up:", "Activity: Work in pairs", "Let's turn to a question"} {
				assert.LessOrEqual(t, strings.Count(r.Content, p), 1, typ+" "+s)
			}
		}
	}
}

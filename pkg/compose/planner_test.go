package compose

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Defects found by reading the drafts of the demo plan as a planner would
// each test fails on the engine before the fix.

// seededInput is the demo plan's Go-Live Readiness theme with its three
// questions, as `commsplan seed --demo` stores them, and notes as a planner
// pastes them.
func seededInput(t *testing.T, typ, strategy, notes string) Input {
	v, ok := domain.DefaultVehicle(typ)
	require.True(t, ok, typ)
	return Input{
		Theme: Theme{Name: "Go-Live Readiness", Description: "What every division must finish before it switches over, and how the switch is protected."},
		Questions: []Question{
			{ID: "q1", Question: "When does my division go live?", Description: "Divisions go live in waves."},
			{ID: "q2", Question: "What must my team finish before cut-over?"},
			{ID: "q3", Question: "How are billing and payroll protected during the switch?", Description: "Parallel runs and sign-offs before the old systems close."},
		},
		Raw:     notes,
		Frame:   Frame{Title: "Wave 2 Readiness Update", Audience: "BFA - Massachusetts", Date: time.Date(2027, 3, 15, 0, 0, 0, 0, time.UTC)},
		Vehicle: &Vehicle{Name: v.Name, Type: v.Type, Settings: v.Settings, Strategy: strategy},
	}
}

const seededNotes = "Payroll runs in both systems for two cycles and is compared line by line before the old system closes. " +
	"Timesheets for the parallel run must be approved by Wednesday 26 February.\n" +
	"Wave 1 (California and Florida) goes live on Monday 3 March. Wave 2 follows on 7 April.\n" +
	"From March 3 you log in to SAP with your usual network password.\n" +
	"The old scheduling tools are read-only from 17–21 February, while open work orders are moved over.\n" +
	"The steering committee must approve the go/no-go for wave 2 by 20 March."

func generate(t *testing.T, in Input) string {
	t.Helper()
	r, err := Generate(in)
	require.NoError(t, err)
	return r.Content
}

// keyDateLines are the items under "Key dates" of a text piece.
func keyDateLines(content string) []string {
	_, after, ok := strings.Cut(content, "Key dates\n\n")
	if !ok {
		return nil
	}
	block, _, _ := strings.Cut(after, "\n\n")
	return strings.Split(block, "\n")
}

// A date written in two spellings ("Monday 3 March", "March 3") is one key
// date, listed once, as every date of the list is written: day, month in
// full, and the year when the notes name one.
func TestKeyDatesOneItemPerDay(t *testing.T) {
	for _, tc := range []struct{ notes, want string }{
		{"Wave 1 goes live on Monday 3 March.\nFrom March 3 you log in with your usual password.", "- 3 March: Wave 1 goes live"},
		{"Go-live is on 3 Mar.\nOn 3 March 2027 the portal opens.", "- 3 March 2027: Go-live"},
		{"Invoices go out on March 1st.\nBilling starts 1 March.", "- 1 March: Invoices go out"},
	} {
		in := seededInput(t, "email", domain.StrategyUniversal, tc.notes)
		in.Vehicle.Settings.Format = FormatText
		lines := keyDateLines(generate(t, in))
		assert.Equal(t, []string{tc.want}, lines, tc.notes)
	}
}

// A range of dates is one key date, labelled with the whole range and
// sorted by its first day.
func TestKeyDateRanges(t *testing.T) {
	for _, tc := range []struct{ sentence, label string }{
		{"The old tools are read-only from 17–21 February, while work orders move.", "17–21 February"},
		{"Sessions run from 10 to 21 February in every region.", "10 to 21 February"},
		{"Cut-over runs 28 February – 3 March.", "28 February – 3 March"},
		{"Parallel payroll runs February 17-28, 2027.", "February 17-28, 2027"},
		{"Go-live is on Monday 3 March.", "Monday 3 March"},
		{"Wave 1 – 3 March: California and Florida.", "3 March"}, // a dash with spaces after a bare number is no range
		{"Wave 1 - 3 March.", "3 March"},
		{"Sessions run 9-13 Feb.", "9-13 Feb"},
	} {
		kd, ok := findDate(tc.sentence)
		require.True(t, ok, tc.sentence)
		assert.Equal(t, tc.label, kd.label, tc.sentence)
	}
	in := seededInput(t, "email", domain.StrategyUniversal, "Payroll closes on 20 February.\nThe old tools are read-only from 17–21 February.")
	in.Vehicle.Settings.Format = FormatText
	assert.Equal(t, []string{"- 17–21 February: The old tools are read-only", "- 20 February: Payroll closes"}, keyDateLines(generate(t, in)))
}

// A key date's item says what happens, without repeating the date of its
// label or the whole sentence of the body.
func TestKeyDateItemsDoNotRepeatTheSentence(t *testing.T) {
	for _, tc := range []struct{ sentence, want string }{
		{"Please approve the training budget by 10 January.", "Approve the training budget"},
		{"Billing runs as usual: invoices go out on 1 March.", "Invoices go out"},
		{"Payroll is paid on the normal date; timesheets must be approved by Wednesday 25 February.", "Timesheets must be approved"},
		{"The old system closes on Friday 28 February at 6 p.m.", "The old system closes at 6 p.m."},
		{"On go-live day, Monday 3 March, you log in to the new portal with your usual password.", "On go-live day, you log in to the new portal with your usual password"},
		{"From March 3 you log in to SAP with your usual network password.", "You log in to SAP with your usual network password"},
		{"finish data cleansing of customer sites by 14 February;", "Finish data cleansing of customer sites"},
		{"Wave 2 follows on 7 April, and wave 3 in May.", "Wave 2 follows"},
		{"Deadline for timesheets: 3 March.", "Deadline for timesheets"},
		{"3 March.", "3 March"}, // nothing left but the date: the sentence
		// A month written short keeps its dot with the date: no ". at".
		{"Return handheld scanners to the IT cage by Thu. 11 Feb. at 3 p.m.", "Return handheld scanners to the IT cage at 3 p.m."},
		{"The first shift at Northgate starts Mon. 15 Feb. at 6 a.m. Pacific.", "The first shift at Northgate starts at 6 a.m. Pacific"},
	} {
		kd, ok := findDate(tc.sentence)
		require.True(t, ok, tc.sentence)
		assert.Equal(t, tc.want, keyDateText(tc.sentence, kd.label), tc.sentence)
	}
	in := seededInput(t, "email", domain.StrategyUniversal, seededNotes)
	in.Vehicle.Settings.Format = FormatText
	lines := keyDateLines(generate(t, in))
	require.NotEmpty(t, lines)
	for _, l := range lines {
		label, text, _ := strings.Cut(strings.TrimPrefix(l, "- "), ": ")
		kd, _ := findDate(label)
		assert.NotContains(t, text, kd.label, "the item repeats its date: %q", l)
	}
}

// Generic words ("run", "old", "system") match no sentence to a question:
// the read-only tools are no answer to billing and payroll for sharing
// "old" with "the old systems close", and the payroll sentence is placed by
// "payroll", not by "runs".
func TestGenericWordsDoNotMatch(t *testing.T) {
	assert.Empty(t, words("runs ran using old new systems usually"))
	assert.Equal(t, map[string]bool{"payrol": true, "parallel": true}, words("Payroll runs in parallel"))

	m := newMaterial(seededInput(t, "email", domain.StrategyUniversal, "The old scheduling tools are read-only while open work orders are moved over."), FormatText)
	assert.Equal(t, placeOpening, m.place[0], "placed under %d", m.place[0])

	m = newMaterial(seededInput(t, "email", domain.StrategyUniversal, "Parallel runs are run by the team."), FormatText)
	assert.Equal(t, 3, m.score[0], "only 'parallel' counts, in one of three questions")
}

// The short pieces show the go-live date, not a payroll sentence that
// shares more generic words with its question.
func TestShortPiecesShowTheGoLiveDate(t *testing.T) {
	// Without a call to action in the notes, the go-live day.
	notes := strings.ReplaceAll(seededNotes, "Timesheets for the parallel run must be approved by Wednesday 26 February.", "")
	for _, typ := range []string{"digital_signage", "mobile_push", "sms", "social"} {
		for _, strategy := range []string{domain.StrategyTraditional, domain.StrategyUniversal, domain.StrategyDigital} {
			c := generate(t, seededInput(t, typ, strategy, notes))
			assert.Contains(t, c, "goes live on Monday 3 March", typ+"/"+strategy)
			if typ != "social" { // room for a point per question
				assert.NotContains(t, c, "compared line by line", typ+"/"+strategy)
			}
			// With one, the call to action and its deadline first.
			c = generate(t, seededInput(t, typ, strategy, seededNotes))
			assert.Contains(t, c, "Timesheets for the parallel run must be approved by Wednesday 26 February", typ+"/"+strategy)
		}
	}
	// On the golden notes: the managers' action with its date, not the
	// training budget (a decision for executives) nor "invoices go out".
	c := generate(t, goldenInput(t, "sms", domain.StrategyTraditional))
	assert.Contains(t, c, "Confirm training attendance lists by 6 Feb.")
	assert.NotContains(t, c, "invoices")
}

// Decision Needed holds what the executives must decide, not a staff
// action ("timesheets must be approved") nor a fact ("within the approved
// budget").
func TestDecisionNeededIsForExecutives(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		want     bool
	}{
		{"Please approve the training budget by 10 January.", true},
		{"The steering committee must approve the go/no-go for wave 2 by 20 March.", true},
		{"We ask the board to endorse the revised plan.", true},
		{"A decision on the wave 3 dates is needed in April.", true},
		{"Timesheets must be approved by Wednesday 25 February.", false},
		{"Managers approve timesheets every Friday.", false},
		{"The programme costs are within the approved budget.", false},
		{"Every division controller signs off the first batch of invoices.", false},
	} {
		assert.Equal(t, tc.want, asksDecision(tc.sentence), tc.sentence)
	}
	c := generate(t, seededInput(t, "executive_briefing", domain.StrategyTraditional, seededNotes))
	_, decision, ok := strings.Cut(c, "<h2>Decision Needed</h2>")
	require.True(t, ok)
	decision, _, _ = strings.Cut(decision, "<h2>Impact</h2>")
	assert.Contains(t, decision, "go/no-go")
	assert.NotContains(t, decision, "Timesheets")
}

// A blog is prose in every tone: its digital tone writes paragraphs, not a
// bullet per sentence; a list of the notes stays a list.
func TestBlogIsProse(t *testing.T) {
	c := generate(t, goldenInput(t, "blog", domain.StrategyDigital))
	assert.NotContains(t, c, "- Training runs")
	assert.Contains(t, c, "\n\nTraining runs 9–20 February. Book a session")
	assert.Contains(t, c, "\n- Billing runs as usual: invoices go out on 1 March.\n")
	assert.Contains(t, c, "\n1. Confirm training attendance lists by 6 Feb.\n")
}

// The pieces with a headline take the communication's title, with their
// label unless the title already names the kind of piece.
func TestHeadlinesUseTheTitle(t *testing.T) {
	for _, tc := range []struct{ typ, title, want string }{
		{"town_hall", "Town Hall: Wave 1 Go-Live Dates", "# Town Hall: Wave 1 Go-Live Dates\n"},
		{"town_hall", "Wave 1 Go-Live Dates", "# Town Hall: Wave 1 Go-Live Dates\n"},
		{"town_hall", "", "# Town Hall: Go-Live Readiness\n"},
		{"interactive_workshop", "Draft: Wave 3 Division Workshop", "# Draft: Wave 3 Division Workshop\n"},
		{"interactive_workshop", "Wave 3 readiness", "# Workshop: Wave 3 readiness\n"},
		{"podcast", "Wave 1 Go-Live Week Podcast", "# Wave 1 Go-Live Week Podcast\n"},
		{"podcast", "Wave 1 go-live week", "# Podcast Episode: Wave 1 go-live week\n"},
		{"lunch_learn", "Lunch & Learn: Scheduling Inspections in SAP", "# Lunch & Learn: Scheduling Inspections in SAP\n"},
		{"video", "Field App Walkthrough for Technicians", "# Video Script: Field App Walkthrough for Technicians\n"},
		{"project_dashboard", "Wave 2 Readiness Update", "# Wave 2 Readiness Update\n"},
	} {
		in := seededInput(t, tc.typ, domain.StrategyUniversal, seededNotes)
		in.Frame.Title = tc.title
		c := generate(t, in)
		assert.True(t, strings.HasPrefix(c, tc.want), "%s %q: %q", tc.typ, tc.title, strings.SplitN(c, "\n", 2)[0])
	}
	c := generate(t, seededInput(t, "executive_briefing", domain.StrategyUniversal, seededNotes))
	assert.True(t, strings.HasPrefix(c, "<h1>Executive Briefing: Wave 2 Readiness Update</h1>"), c)
}

// In the digital tone a line that leads into a list stays a line: as a
// bullet, Markdown makes it the list's first item.
func TestDigitalLeadInStaysALine(t *testing.T) {
	in := seededInput(t, "email", domain.StrategyDigital, seededNotes+"\n\nBefore cut-over every division must:\n- confirm its super users;\n- close open work orders.")
	in.Vehicle.Settings.Format = FormatText
	c := generate(t, in)
	assert.Contains(t, c, "\n\nBefore cut-over every division must:\n\n- confirm its super users;\n")
	assert.NotContains(t, c, "- Before cut-over")
	// Said aloud, the list is one sentence after its lead-in.
	c = generate(t, seededInput(t, "podcast", domain.StrategyDigital, seededNotes+"\n\nBefore cut-over every division must:\n- confirm its super users;\n- close open work orders."))
	assert.Contains(t, c, "Before cut-over every division must: confirm its super users; and close open work orders.")
	// A first paragraph alone (Yammer) leaves out the line without its list.
	c = generate(t, goldenInput(t, "yammer_teams", domain.StrategyTraditional))
	assert.NotContains(t, c, "Actions for managers:")
}

// A video ends on its call to action: the last notes are said before it,
// and the title card shows the communication's title.
func TestVideoEndsOnTheCallToAction(t *testing.T) {
	c := generate(t, goldenInput(t, "video", domain.StrategyTraditional))
	assert.True(t, strings.HasSuffix(strings.TrimSpace(c), "If you have any questions, please speak to your manager."), c)
	assert.Contains(t, c, "**On screen:** Go-live on 3 March: what you need to do\n")
}

// Sentences go to the question they answer through related words
// (invoice: billing; payslip, salary: payroll; course, session: training;
// password: access; desk, super users: help; cutover: go-live) and words
// weighted by how distinctive they are: "division", in the demo theme, does
// not pull the invoices under "When does my division go live?". Each case
// holds in any order of the notes.
func TestSentencesFindTheirQuestionThroughRelatedWords(t *testing.T) {
	const noQuestion = -100
	demo := seededInput(t, "email", domain.StrategyUniversal, "")
	golden := goldenInput(t, "email", domain.StrategyUniversal)
	training := seededInput(t, "email", domain.StrategyUniversal, "")
	training.Theme = Theme{Name: "Training and Support", Description: "When, where and how each role is trained, and where to get help afterwards."}
	training.Questions = []Question{
		{ID: "t1", Question: "When and how will I be trained?", Description: "Training is scheduled by role and by go-live wave."},
		{ID: "t2", Question: "Who do I contact if I get stuck after go-live?"},
		{ID: "t3", Question: "Where can I find quick reference guides?"},
	}
	for _, tc := range []struct {
		name  string
		in    Input
		cases map[string]int // sentence: the question's index, or noQuestion
	}{
		{"demo", demo, map[string]int{
			"Invoices are issued from SAP from day one, with every division controller signing off the first batch.": 2,
			"Salaries are paid on the usual date in every division.":                                                 2,
			"Wave 1 goes live on Monday 3 March.":                                                                    0,
			"Before cut-over every division must close its open work orders.":                                        1,
		}},
		// A theme named after its first question's subject: its sentences
		// still answer that question, not the theme.
		{"training", training, map[string]int{
			"Training is by role and takes 2.5 hours.":                  0,
			"Book your session in the learning portal before 28 March.": 0,
			"If you get stuck after go-live, call the help desk.":       1,
			"Quick reference guides are on the programme hub.":          2,
			"Thank you for all the work on readiness.":                  noQuestion,
		}},
		{"golden", golden, map[string]int{
			"Sessions can be booked in the learning portal.":    1,
			"Questions go to the super-user in each depot.":     2,
			"The service desk resets forgotten passwords.":      2,
			"Payslips arrive as normal.":                        3,
			"Invoices are checked twice.":                       3,
			"The cutover weekend starts on Friday 28 February.": 0,
			"The help desk is open all day in go-live week.":    2,
		}},
	} {
		var notes []string
		for s := range tc.cases {
			notes = append(notes, s)
		}
		slices.Sort(notes)
		rng := rand.New(rand.NewPCG(3, 4))
		for range 10 {
			rng.Shuffle(len(notes), func(i, j int) { notes[i], notes[j] = notes[j], notes[i] })
			in := tc.in
			in.Raw = strings.Join(notes, "\n\n")
			m := newMaterial(in, FormatText)
			for i, u := range m.units {
				want, ok := tc.cases[u.text]
				require.True(t, ok, u.text)
				if want == noQuestion {
					assert.Less(t, m.place[i], 0, "%s: %q", tc.name, u.text) // the opening or the closing
					continue
				}
				assert.Equal(t, want, m.place[i], "%s: %q", tc.name, u.text)
			}
		}
	}
}

// Key dates keep years apart when the notes give them: 3 March 2027 and
// 3 March 2028 are two dates, in calendar order; a date without its year
// is in the notes' year ("From 3 March" is 3 March 2027).
func TestKeyDatesKeepYearsApart(t *testing.T) {
	in := seededInput(t, "email", domain.StrategyUniversal,
		"The support contract renews on 3 March 2028.\nWave 1 goes live on 3 March 2027.\nFrom 3 March you log in with your usual password.\nThe old tools close on 28 February.")
	in.Vehicle.Settings.Format = FormatText
	assert.Equal(t, []string{
		"- 28 February 2027: The old tools close",
		"- 3 March 2027: Wave 1 goes live",
		"- 3 March 2028: The support contract renews",
	}, keyDateLines(generate(t, in)))
}

// A list led into by the last line of a paragraph ("Managers, please:")
// goes with the sentences before that line: the training paragraph and the
// managers' steps for it stay together, under the question the whole
// passage answers.
func TestListGoesWithItsParagraph(t *testing.T) {
	m := newMaterial(seededInput(t, "email", domain.StrategyUniversal,
		"Training is by role and takes 2.5 hours. Book your session in the learning portal.\nManagers, please:\n1. Release your team for their session.\n2. Confirm attendance lists."), FormatText)
	require.Len(t, m.units, 5)
	for i, u := range m.units {
		assert.Equal(t, 1, m.place[i], "%q", u.text) // What must my team finish before cut-over?
	}
}

// Every date of a sentence is a key date, each with its own clause; a
// deadline's "before" goes with its date as "by" does; an example after
// ", e.g." is no part of the item.
func TestKeyDatesEveryDateOfASentence(t *testing.T) {
	in := seededInput(t, "email", domain.StrategyUniversal,
		"From April 7 you log in to SAP with your usual password; your account is set up by 31 March.\n"+
			"Book your session in the learning portal before 28 March.\n"+
			"Timesheets must be approved by Wednesday 2 April, e.g. through the manager's portal.")
	in.Vehicle.Settings.Format = FormatText
	assert.Equal(t, []string{
		"- 28 March: Book your session in the learning portal",
		"- 31 March: Your account is set up",
		"- 2 April: Timesheets must be approved",
		"- 7 April: You log in to SAP with your usual password",
	}, keyDateLines(generate(t, in)))
}

// The planner's read-through: notes as a planner writes them
// (testdata/golden/planner/notes.txt: an internal line, "Dr. Anne Smith
// (ext. 4400)", "St. Louis depot", a bulleted and a numbered list, dates
// with a range and a second spelling, a billing and payroll paragraph, a
// training paragraph) on the demo plan's Go-Live Readiness theme, framed
// by a communication, for every type in its default tone. Each output was
// read as the planner and the HR reviewer would before it was committed.
func TestGoldenPlannerReadThrough(t *testing.T) {
	notes, err := os.ReadFile(filepath.Join("testdata", "golden", "planner", "notes.txt"))
	require.NoError(t, err)
	for _, typ := range domain.VehicleTypeNames {
		t.Run(typ, func(t *testing.T) {
			in := seededInput(t, typ, "", string(notes))
			in.Frame = Frame{Title: "Wave 2 Go-Live: What You Need to Do", Audience: "BFA - Massachusetts",
				Date: time.Date(2027, 3, 15, 0, 0, 0, 0, time.UTC)}
			r, err := Generate(in)
			require.NoError(t, err)
			require.Len(t, r.Withheld, 1)
			assert.NotContains(t, r.Content, "wave 3 slip")
			assert.LessOrEqual(t, r.Length, r.MaxLength)
			checkGolden(t, filepath.Join("planner", typ+"."+extensions[r.Format]), goldenFile(r))
		})
	}
}

// A video's voice-over says what its seconds allow at wordsPerMinute (the
// lines leading into a list aside): a 30-second scene is not six bullets.
func TestVideoVoiceOverFitsItsSeconds(t *testing.T) {
	notes, err := os.ReadFile(filepath.Join("testdata", "golden", "planner", "notes.txt"))
	require.NoError(t, err)
	for _, strategy := range []string{domain.StrategyTraditional, domain.StrategyUniversal, domain.StrategyDigital} {
		in := seededInput(t, "video", strategy, string(notes))
		in.Vehicle.Settings.Format = FormatText
		script := generate(t, in)
		_, script, _ = strings.Cut(script, "\nScript\n")
		scenes := strings.Split(script, "\n\n")
		var title string
		var seconds, said int
		check := func() {
			if title != "" && title != "Title card" && title != "Call to action" {
				assert.LessOrEqual(t, said, seconds*wordsPerMinute/60, "%s: %s (%d s)", strategy, title, seconds)
			}
		}
		for _, block := range scenes {
			var a, b, c, d int
			if i := strings.LastIndex(block, " ("); i > 0 && strings.HasSuffix(block, ")") && !strings.Contains(block, "\n") {
				if n, _ := fmt.Sscanf(block[i:], " (%d:%d–%d:%d)", &a, &b, &c, &d); n == 4 {
					check()
					title, seconds, said = block[:i], (c*60+d)-(a*60+b), 0
					continue
				}
			}
			for _, line := range strings.Split(block, "\n") {
				if strings.HasPrefix(line, "On screen:") || strings.HasSuffix(line, ":") {
					continue
				}
				line = strings.TrimPrefix(strings.TrimPrefix(line, "Voice-over:"), "- ")
				if i := strings.Index(line, ". "); i > 0 && i < 3 && unicode.IsDigit(rune(line[0])) {
					line = line[i+2:] // a numbered item's "1. "
				}
				said += len(strings.Fields(line))
			}
		}
		check()
	}
}

// Notes that ask for no decision give the briefing a visible placeholder
// (a paragraph, which step 4 counts), never an invented decision.
func TestBriefingWithoutDecisionLeavesItOut(t *testing.T) {
	in := seededInput(t, "executive_briefing", "", "Wave 1 goes live on Monday 3 March.")
	got := generate(t, in)
	assert.NotContains(t, got, "Decision Needed", "a section the notes cannot fill is left out")
	assert.NotContains(t, got, "[Add")
	in.Placeholders = true
	got = generate(t, in)
	assert.Contains(t, got, "<h2>Decision Needed</h2>\n<p>[Add the decision you need from the steering committee]</p>")
	assert.Contains(t, got, "<h2>Impact</h2>\n<p>[Add the impact: who is affected, the cost and the risk]</p>")
	assert.NotContains(t, got, "Endorse the approach")
}

// Key dates write their months in full: one list does not mix "26 Mar"
// and "28 March".
func TestKeyDatesWriteMonthsInFull(t *testing.T) {
	for in, want := range map[string]string{"26 Mar": "26 March", "9-13 Feb": "9-13 February", "Sept. 3": "September 3", "3 May": "3 May", "Monday 3 March": "Monday 3 March"} {
		assert.Equal(t, want, longMonths(in), in)
	}
	in := seededInput(t, "email", domain.StrategyUniversal, "Confirm attendance lists by 26 Mar.\nBook your session before 28 March.")
	in.Vehicle.Settings.Format = FormatText
	assert.Equal(t, []string{"- 26 March: Confirm attendance lists", "- 28 March: Book your session"}, keyDateLines(generate(t, in)))
}

// Two dates in one clause are two key dates, each with its own words (a
// fresh note, written after the corpus, found it): "the last old-system
// pay date is Friday 13 March and the first SAP pay date is Friday 27
// March 2027".
func TestKeyDatesTwoInOneClause(t *testing.T) {
	in := seededInput(t, "email", domain.StrategyUniversal,
		"Pay does not move: the last old-system pay date is Friday 13 March and the first SAP pay date is Friday 27 March 2027.")
	in.Vehicle.Settings.Format = FormatText
	assert.Equal(t, []string{
		"- 13 March 2027: The last old-system pay date",
		"- 27 March 2027: The first SAP pay date",
	}, keyDateLines(generate(t, in)))
}

// A call to action that is a list item needing its lead-in ("close its open
// work orders…") is said with it in a short piece.
func TestShortPieceSaysTheCallToActionWhole(t *testing.T) {
	c := generate(t, seededInput(t, "sms", domain.StrategyDigital,
		"Go-live is Monday 16 March at 7 a.m. Eastern.\n\nBefore the switch, every depot must:\n- close its open work orders in the old system by Wed. 11 March;\n- return unused stock slips."))
	assert.Contains(t, c, "Before the switch, every depot must close its open work orders in the old system by Wed. 11 March.")
	// And so does its key date.
	in := seededInput(t, "email", domain.StrategyUniversal, "Before the switch, every depot must:\n- close its open work orders by Wed. 11 March;\n- return unused stock slips.")
	in.Vehicle.Settings.Format = FormatText
	assert.Equal(t, []string{"- 11 March: Before the switch, every depot must close its open work orders"}, keyDateLines(generate(t, in)))
}

// A date inside a fact about another question's subject goes with that
// question, not with the "when" question: "Pay does not move…" names two
// pay dates and answers how payroll is protected, not when the division
// goes live. A date with no subject of its own still answers "when".
func TestDatedFactGoesWithItsSubject(t *testing.T) {
	const pay = "Pay does not move: the last old-system pay date is Friday 13 March and the first SAP pay date is Friday 27 March 2027."
	cases := map[string]int{
		pay: 2,
		"BFA switches to SAP over the weekend of Fri 13 to Mon 16 March 2027.":         0,
		"Go-live is Monday 16 March at 8 a.m. Central.":                                0,
		"Before cut-over every division must close open work orders by Tue. 10 March.": 1,
		"Invoices are issued from SAP from day one.":                                   2,
	}
	var notes []string
	for s := range cases {
		notes = append(notes, s)
	}
	slices.Sort(notes)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 10 {
		rng.Shuffle(len(notes), func(i, j int) { notes[i], notes[j] = notes[j], notes[i] })
		in := seededInput(t, "email", domain.StrategyUniversal, strings.Join(notes, "\n\n"))
		m := newMaterial(in, FormatText)
		for i, u := range m.units {
			want, ok := cases[u.text]
			require.True(t, ok, u.text)
			assert.Equal(t, want, m.place[i], "%q", u.text)
		}
	}
	// In the drafted email, under its question's heading.
	in := seededInput(t, "email", domain.StrategyUniversal, pay)
	r, err := Generate(in)
	require.NoError(t, err)
	text := plainOf(r.Content, r.Format)
	q3 := strings.Index(text, "How are billing and payroll protected during the switch?")
	require.GreaterOrEqual(t, q3, 0, text)
	assert.Greater(t, strings.Index(text, "Pay does not move"), q3, text)
	assert.NotContains(t, text, "When does my division go live?")
}

package compose

import (
	"strings"
	"testing"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkerInput is a cut-over note for a vehicle of type typ.
func checkerInput(t *testing.T, typ string) Input {
	v, ok := domain.DefaultVehicle(typ)
	require.True(t, ok)
	return Input{
		Theme:     Theme{Name: "SAP Cut-Over"},
		Questions: []Question{{ID: "1", Question: "When does my division go live?"}, {ID: "2", Question: "Who do I contact for help?"}},
		Raw: "INTERNAL: NES readiness still to confirm with the steering committee.\n" +
			"Go-Live is Monday 16 March at 7 a.m. Eastern. Questions go to the Go-Live Help Desk on No. 4400.\n" +
			"HR Services answers Mon.-Fri. 8 a.m. to 6 p.m. Eastern, on 1-800-555-0147.",
		Vehicle: &Vehicle{Type: typ, Settings: v.Settings, Strategy: v.CommunicationStrategy},
	}
}

// rulesOf are the rules of the findings, in order.
func rulesOf(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

// Each rule finds what it names in a piece a planner wrote, and a clean
// piece has no finding: the checker can fail.
func TestCheckFindsWhatAPlannerWouldFix(t *testing.T) {
	clean := "Subject: Go-live\n\nHello everyone,\n\nGo-Live is Monday 16 March at 7 a.m. Eastern. Questions go to the Go-Live Help Desk on No. 4400.\n\n" +
		"HR Services answers Mon.-Fri. 8 a.m. to 6 p.m. Eastern, on 1-800-555-0147.\n\nKey dates\n\n- 16 March: Go-Live is at 7 a.m. Eastern\n\nBest regards,"
	in := checkerInput(t, "email")
	assert.Empty(t, Check(in, Result{Content: clean, Format: FormatText}))

	for _, tc := range []struct {
		name, typ, content string
		want               string
	}{
		{"a time zone left behind", "email", clean + "\n\nEastern. Your first job tickets arrive that morning.", RuleFragment},
		{"a paragraph starting mid-sentence", "email", clean + "\n\nmornings in go-live week.", RuleFragment},
		{"a placeholder", "email", clean + "\n\n[Add a message from the programme sponsor]", RulePlaceholder},
		{"a line said twice", "email", clean + "\n\nHR Services answers Mon.-Fri. 8 a.m. to 6 p.m. Eastern, on 1-800-555-0147.", RuleRepeatedLine},
		{"a key date cut", "email", strings.Replace(clean, "\n\nBest", "\n- 13–16 March: BFA, NES and WSS switch to SAP over the weekend of\n\nBest", 1), RuleKeyDate},
		{"a key date with an ellipsis", "email", strings.Replace(clean, "\n\nBest", "\n- 13 March: BFA, NES and WSS switch to SAP over the…\n\nBest", 1), RuleKeyDate},
		{"a key date twice", "email", strings.Replace(clean, "\n\nBest", "\n- 16 March: Go-live\n\nBest", 1), RuleKeyDate},
		{"a phone number lost", "email", "Subject: Go-live\n\nGo-Live is Monday 16 March at 7 a.m. Eastern. Questions go to the Go-Live Help Desk on No. 4400.", RuleFactLost},
		{"an internal line leaked", "email", clean + "\n\nNES readiness still to confirm with the steering committee.", RuleWithheldLeak},
		{"a greeting by code", "email", "Hello BFA - Massachusetts,\n\n" + clean, RuleGreeting},
		{"a bullet said aloud", "town_hall", "## Run of Show\n\n- **0:00–0:05** Welcome\n\n## Talking Points\n\n- Go-Live is Monday 16 March at 7 a.m.", RuleSpokenBullet},
		{"an arrow said aloud", "podcast", "## Script\n\n**HOST:** → Read more on the programme hub", RuleSpokenBullet},
	} {
		in := checkerInput(t, tc.typ)
		assert.Contains(t, rulesOf(Check(in, Result{Content: tc.content, Format: FormatText})), tc.want, tc.name)
	}

	// An SMS over its one segment.
	sms := checkerInput(t, "sms")
	long := ""
	for len(long) < 200 {
		long += "Go-Live is Monday 16 March. "
	}
	assert.Contains(t, rulesOf(Check(sms, Result{Content: long, Format: FormatText, MaxLength: 160})), RuleSMSSegments)

	// A line for employees in an executive briefing.
	brief := checkerInput(t, "executive_briefing")
	brief.Raw += "\nYour pay date does not change."
	assert.Contains(t, rulesOf(Check(brief, Result{Content: "<h2>Key Points</h2>\n<p>Your pay date does not change.</p>", Format: FormatHTML})), RuleEmployeeLine)

	// With gold: an answer under the wrong question (a warning), and a
	// short piece without the call to action.
	gold := &Gold{Answers: []GoldAnswer{{Sentence: "Questions go to the Go-Live Help Desk on No. 4400.", Question: 2}}, Action: "book", Deadline: "1 February"}
	fs := CheckWith(in, Result{Content: "<h2>When does my division go live?</h2>\n<p>Questions go to the Go-Live Help Desk on No. 4400.</p>", Format: FormatHTML}, gold)
	require.Contains(t, rulesOf(fs), RuleWrongQuestion)
	for _, f := range fs {
		if f.Rule == RuleWrongQuestion {
			assert.Equal(t, SeverityWarning, f.Severity)
			assert.Contains(t, f.Message, `answers "Who do I contact for help?", yet sits under "When does my division go live?"`)
		}
	}
	fs = CheckWith(sms, Result{Content: "SAP Cut-Over: Go-Live is Monday 16 March. More: programme hub", Format: FormatText, MaxLength: 160}, gold)
	assert.Contains(t, rulesOf(fs), RuleFactLost)
	fs = CheckWith(sms, Result{Content: "SAP Cut-Over: Book your session by Fri. 1 Feb. More: programme hub", Format: FormatText, MaxLength: 160}, gold)
	assert.NotContains(t, rulesOf(fs), RuleFactLost, "the deadline in another spelling")
}

// The examples, rewritten as notes of our own with the same
// traits, draft cleanly for every vehicle type.
func TestWhereWeStandDraftsCleanly(t *testing.T) {
	notes := "Go-live is Monday 16 March 2027 at 7 a.m. Eastern. Your first job tickets in SAP arrive that morning.\n\n" +
		"BFA, NES and WSS switch to SAP over the weekend of Fri 13 to Mon 16 March.\n\n" +
		"HR Services answers pay questions Mon.-Fri. 8 a.m. to 6 p.m. Eastern, on 1-800-555-0147. Super users visit each depot on Tue., Wed. and Thu. mornings.\n\n" +
		"From pay period 7 (starting 5 April) pay slips come from SAP. The first SAP pay date is Fri. 16 April.\n\n" +
		"Book your training session by 1 February in the Learning Portal.\n" +
		"INTERNAL: NES readiness still open."
	for _, typ := range domain.VehicleTypeNames {
		v, _ := domain.DefaultVehicle(typ)
		in := Input{
			Theme:     Theme{Name: "SAP Cut-Over", Description: "Moving the divisions to SAP."},
			Questions: []Question{{ID: "1", Question: "When does my division go live?"}, {ID: "2", Question: "What must my team finish before cut-over?"}, {ID: "3", Question: "Who do I contact for help?"}},
			Raw:       notes,
			Frame:     Frame{Title: "Book Your Session by 1 February", Audience: "BFA - Massachusetts"},
			Vehicle:   &Vehicle{Type: typ, Settings: v.Settings, Strategy: v.CommunicationStrategy},
		}
		r, err := Generate(in)
		require.NoError(t, err)
		gold := &Gold{Facts: []string{"1-800-555-0147", "7 a.m. Eastern", "8 a.m. to 6 p.m. Eastern", "Tue., Wed. and Thu. mornings"}, Action: "book", Deadline: "1 February"}
		for _, f := range CheckWith(in, r, gold) {
			assert.NotEqual(t, SeverityError, f.Severity, "%s: %s", typ, f.Message)
		}
		assert.NotContains(t, r.Content, "BFA - Massachusetts,", typ)
		assert.NotContains(t, r.Content, "[Add", typ)
		if typ == "email" || typ == "blog" || typ == "internal" {
			assert.Contains(t, plainOf(r.Content, r.Format), "13–16 March 2027:", typ)
		}
	}
}

// A heading may repeat its entry in a list of contents ("In This Post"),
// even when Check does not know the questions (content check on a file).
func TestCheckHeadingsMayRepeatTheContents(t *testing.T) {
	blog := "# Go-live\n\n## In This Post\n\n- When does my division go live?\n\n## When does my division go live?\n\nGo-live is Monday 16 March."
	in := checkerInput(t, "blog")
	in.Questions, in.Raw = nil, "Go-live is Monday 16 March."
	assert.Empty(t, Check(in, Result{Content: blog, Format: FormatMarkdown}))
	html := "<h2>In This Post</h2>\n<ul><li>When does my division go live?</li></ul>\n<h2>When does my division go live?</h2>\n<p>Go-live is Monday 16 March.</p>"
	assert.Empty(t, Check(in, Result{Content: html, Format: FormatHTML}))
}

package compose

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenInput is the fixed theme, questions and notes of the golden files,
// for a vehicle of type typ with its default settings and the given
// strategy.
func goldenInput(t testing.TB, typ, strategy string) Input {
	v, ok := domain.DefaultVehicle(typ)
	require.True(t, ok, typ)
	return Input{
		Theme: Theme{Name: "Go-Live Readiness", Description: "Everything you need for the move to the new ERP system on 3 March."},
		Questions: []Question{
			{ID: "q1", Question: "What changes on go-live day?"},
			{ID: "q2", Question: "How do I get trained?"},
			{ID: "q3", Question: "Who do I call for help?", Description: "Support routes during hypercare."},
			{ID: "q4", Question: "How are billing and payroll protected during the switch?"},
		},
		Raw: goldenNotes,
		Frame: Frame{Title: "Go-live on 3 March: what you need to do", Audience: "Field Technicians",
			Date: time.Date(2025, 2, 17, 9, 0, 0, 0, time.UTC)},
		Vehicle: &Vehicle{Name: v.Name, Type: v.Type, Settings: v.Settings, Strategy: strategy, PreferredGenerations: v.PreferredGenerations},
	}
}

// goldenNotes are notes as a planner pastes them: an internal line,
// abbreviations, times, a decimal, a numbered and a bulleted list, dates.
const goldenNotes = "INTERNAL: Don't mention payroll impact until HR signs off.\n" +
	"The old system closes on Friday 28 February at 6 p.m. On go-live day, Monday 3 March, you log in to the new portal with your usual password.\n\n" +
	"Training runs 9–20 February. Book a session through the learning portal; training lasts 2.5 hours and Finance goes first. " +
	"Please approve the training budget by 10 January.\n" +
	"Actions for managers:\n" +
	"1. Confirm training attendance lists by 6 Feb.\n" +
	"2. Release your team for their training session.\n\n" +
	"The help desk is open 7:30 a.m. to 7 p.m. for the first month, e.g. on ext. 4400. " +
	"Super users on every floor of St. Anne's House help too; they wear green lanyards. " +
	"For anything else, call Dr. Anne Smith (No. 4400 on the switchboard).\n" +
	"- Billing runs as usual: invoices go out on 1 March.\n" +
	"- Payroll is paid on the normal date; timesheets must be approved by Wednesday 25 February.\n\n" +
	"Thank you for everything you are doing to get ready for March 3."

var extensions = map[string]string{FormatHTML: "html", FormatMarkdown: "md", FormatText: "txt"}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./pkg/compose -update to create it")
	assert.Equal(t, string(want), got, "golden %s differs; if the change is intended, run with -update", name)
}

// goldenFile is what a golden file holds: the result's figures, then the
// content.
func goldenFile(r Result) string {
	return fmt.Sprintf("format=%s length=%d maxLength=%d truncated=%t\n\n%s\n", r.Format, r.Length, r.MaxLength, r.Truncated, r.Content)
}

func TestGoldenEveryVehicleType(t *testing.T) {
	require.Len(t, rulesByType, len(domain.VehicleTypeNames))
	for _, typ := range domain.VehicleTypeNames {
		for _, strategy := range []string{domain.StrategyTraditional, domain.StrategyDigital} {
			t.Run(typ+"/"+strategy, func(t *testing.T) {
				in := goldenInput(t, typ, strategy)
				r, err := Generate(in)
				require.NoError(t, err)
				assert.Equal(t, in.Vehicle.Settings.Format, r.Format)
				assert.LessOrEqual(t, r.Length, r.MaxLength)
				checkGolden(t, typ+"."+strategy+"."+extensions[r.Format], goldenFile(r))
			})
		}
	}
}

// demoNotes are notes a planner would paste for the demo plan's Go-Live
// Readiness theme (`commsplan seed --demo`): an internal line, a date in
// two spellings, a range, a list with its lead-in, a decision, a staff
// action.
const demoNotes = "INTERNAL: don't share the wave 3 dates until the steering committee confirms them.\n" +
	"Wave 1 (California and Florida) goes live on Monday 3 March. Wave 2 follows on 7 April, and wave 3 in May.\n" +
	"From March 3 you log in to SAP with your usual network password.\n\n" +
	"Before cut-over every division must:\n" +
	"- finish data cleansing of customer sites and contracts by 14 February;\n" +
	"- confirm its super users;\n" +
	"- close open work orders in the old tools.\n\n" +
	"The old scheduling tools are read-only from 17–21 February, while open work orders are moved over.\n" +
	"Payroll runs in both systems for two cycles and is compared line by line before the old system closes. " +
	"Timesheets for the parallel run must be approved by Wednesday 26 February.\n" +
	"Invoices are issued from SAP from day one, with every division controller signing off the first batch.\n" +
	"The steering committee must approve the go/no-go for wave 2 by 20 March.\n" +
	"Thank you for all the work on readiness."

// Every type in its default tone on the demo plan's Go-Live Readiness
// theme, its three questions and demoNotes: the drafts a planner reads
// first (testdata/golden/demo/).
func TestGoldenDemoPlan(t *testing.T) {
	for _, typ := range domain.VehicleTypeNames {
		t.Run(typ, func(t *testing.T) {
			in := seededInput(t, typ, "", demoNotes)
			r, err := Generate(in)
			require.NoError(t, err)
			assert.Equal(t, []string{"INTERNAL: don't share the wave 3 dates until the steering committee confirms them."}, r.Withheld)
			checkGolden(t, filepath.Join("demo", typ+"."+extensions[r.Format]), goldenFile(r))
		})
	}
}

// The same email in the three formats, and a newsletter with a customised
// template.
func TestGoldenFormatsAndTemplate(t *testing.T) {
	for _, format := range []string{FormatHTML, FormatMarkdown, FormatText} {
		in := goldenInput(t, "email", domain.StrategyUniversal)
		in.Vehicle.Settings.Format = format
		r, err := Generate(in)
		require.NoError(t, err)
		checkGolden(t, "email.universal."+extensions[format], goldenFile(r))
	}

	in := goldenInput(t, "newsletter", domain.StrategyUniversal)
	tpl := DefaultNewsletterTemplate()
	tpl.Title = "Finance Monthly"
	tpl.CampaignTheme = "Road to go-live"
	tpl.Sections[1].Content = "Our CFO writes: we are nearly there.\n\nThank you for the hard work."
	tpl.Sections[6].Enabled = true // 7 Implementation Timeline
	tpl.Sections[6].SubSections[1].Content = "Testing, until 21 February."
	tpl.Sections[9].Enabled = true // 10 FAQ Section
	in.Template = &tpl
	r, err := Generate(in)
	require.NoError(t, err)
	checkGolden(t, "newsletter.custom.html", goldenFile(r))
	assert.Contains(t, r.Content, "<h2>Implementation Timeline</h2>")
	assert.NotContains(t, r.Content, "<h2>FAQ Section</h2>", "an enabled section the notes cannot fill is left out")
	assert.NotContains(t, r.Content, "Success Story Spotlight")
	in.Placeholders = true
	r, err = Generate(in)
	require.NoError(t, err)
	assert.Contains(t, r.Content, "<h2>FAQ Section</h2>\n<p>[Add the questions heard most often, with their answers]</p>")
}

// The newsletter holds the enabled sections, in order, under their titles,
// and none of the disabled ones (with placeholders: every enabled one).
func TestNewsletterSections(t *testing.T) {
	in := goldenInput(t, "newsletter", domain.StrategyTraditional)
	tpl := DefaultNewsletterTemplate()
	tpl.Sections[10].Enabled = true // 11
	// Out of order in the slice: the number decides.
	tpl.Sections[0], tpl.Sections[14] = tpl.Sections[14], tpl.Sections[0]
	in.Template = &tpl
	in.Placeholders = true // every enabled section shows, filled or not
	r, err := Generate(in)
	require.NoError(t, err)
	last := -1
	for _, s := range sectionsInOrder(tpl) {
		at := strings.Index(r.Content, "<h2>"+strings.ReplaceAll(s.Title, "'", "&#39;")+"</h2>")
		if !s.Enabled {
			assert.Equal(t, -1, at, s.Title)
			continue
		}
		require.Greater(t, at, last, "section %d %q out of order or missing", s.Number, s.Title)
		last = at
	}
}

// The tones differ as docs/compose.md says: traditional calls to a manager
// or a meeting, digital gives bullet points and a link-style call to action.
func TestTones(t *testing.T) {
	gen := func(strategy string) string {
		in := goldenInput(t, "email", strategy)
		r, err := Generate(in)
		require.NoError(t, err)
		return r.Content
	}
	trad, dig, uni := gen(domain.StrategyTraditional), gen(domain.StrategyDigital), gen(domain.StrategyUniversal)
	assert.Contains(t, trad, "manager")
	assert.Contains(t, trad, "briefing session")
	assert.NotContains(t, trad, "<li>Training runs 9–20 February.</li>")
	assert.Contains(t, dig, "<li>Training runs 9–20 February.</li>")
	assert.Contains(t, dig, "→")
	assert.NotEqual(t, trad, uni)
	assert.NotEqual(t, dig, uni)
	// An empty or unknown strategy falls back: empty to the type's default,
	// unknown to universal.
	in := goldenInput(t, "email", "")
	r, _ := Generate(in)
	assert.Equal(t, uni, r.Content) // email's default strategy is universal
	assert.Equal(t, uni, gen("carrier-pigeon"))
}

package checklist

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

var update = flag.Bool("update", false, "rewrite golden files")

var (
	goldenReport = filepath.Join("..", "..", "testdata", "checklist", "report.golden.html")
	reportDate   = time.Date(2025, time.March, 7, 15, 4, 5, 0, time.UTC)
)

// awkwardTexts are field values that an HTML round trip could easily
// mangle.
var awkwardTexts = []string{
	`<script>alert("x")</script>`,
	`</dd></dl></article></section></main><main data-commsplan-checklist="1">`,
	`<img src=x onerror="alert(1)"> & &amp; &lt; &#60; &nbsp; "double" 'single' ` + "`back`",
	"line 1\nline 2\n\nline 4 after a blank line",
	"\n\nstarts and ends with blank lines\n\n",
	"  leading and trailing spaces  ",
	"tab\there",
	"ünïcödé — “quotes” 日本語 עברית 🎉 \u200b zero-width",
	`{{.Title}} {{template "item" .}} data-field="title" data-item-id="3"`,
	"<!-- a comment --> <![CDATA[ cdata ]]> <?php echo 1; ?>",
	"+1 -> =2 ; 100%",
	"\uFEFFbyte order mark",
}

func awkwardItems() []Item {
	var items []Item
	for i, s := range awkwardTexts {
		items = append(items, Item{
			ID:             i + 1,
			WeightCode:     i%3 + 1,
			Weight:         Weights()[i%4],
			Title:          "Title " + s,
			Description:    s,
			Team:           s,
			Responsibility: s,
			Notes:          s,
			ActualScore:    i % 5,
			MaxScore:       5 + i,
			HeatMap:        i,
			Enabled:        i%4 != 3,
		})
	}
	return items
}

// reportFixture is the golden report's checklist: the initial items with a
// few edits, a disabled item and awkward text.
func reportFixture(t testing.TB) []Item {
	t.Helper()
	items := Initial()
	items[0].Weight = 5
	items[0].ActualScore = 7
	items[1].Team, items[1].Responsibility, items[1].Notes = "Change & Adoption", "Lead <the> assessment", "Met with \"Ops\".\n\nFollow up in March."
	items[2].Enabled = false
	items[14], items[15] = items[15], items[14]
	items = append(items, Item{ID: 27, WeightCode: 3, Weight: DefaultWeight, MaxScore: 20, Enabled: true,
		Title: "Legacy <b>system</b> decommissioned", Description: "Is the legacy system read-only?\nWhen is it switched off?"})
	require.NoError(t, Validate(items))
	return items
}

func TestReportGolden(t *testing.T) {
	got, err := RenderBytes(reportFixture(t), ReportOptions{Generated: reportDate})
	require.NoError(t, err)
	if *update {
		require.NoError(t, os.WriteFile(goldenReport, got, 0o644))
	}
	want, err := os.ReadFile(goldenReport)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), string(got))
}

func TestReportContent(t *testing.T) {
	items := reportFixture(t)
	out, err := RenderBytes(items, ReportOptions{Generated: reportDate, Title: "Readiness & <Go-Live>"})
	require.NoError(t, err)
	doc := string(out)
	s := Score(items)

	assert.Contains(t, doc, "<title>Readiness &amp; &lt;Go-Live&gt; - 3/7/2025</title>")
	assert.Contains(t, doc, `<time datetime="2025-03-07">3/7/2025</time>`)
	assert.Contains(t, doc, fmt.Sprintf(`<p class="figure">%.1f%%</p>`, s.ReadinessPercentage))
	assert.Contains(t, doc, s.ReadinessLevel)
	assert.Contains(t, doc, fmt.Sprintf(`<p class="figure">%d/%d</p>`, s.CompletedItems, s.TotalItems))
	assert.Contains(t, doc, fmt.Sprintf(`<p class="figure">%d/%d</p>`, s.TotalScore, s.MaxPossibleScore))
	assert.Contains(t, doc, "1 disabled item is not applicable and excluded from this report.")
	for _, c := range Categories() {
		assert.Contains(t, doc, "<h3>"+c.Name+"</h3>")
		assert.Contains(t, doc, "category-"+c.Color)
	}
	assert.Contains(t, doc, "Legacy &lt;b&gt;system&lt;/b&gt; decommissioned")
	assert.NotContains(t, doc, "<b>system</b>")
	assert.Contains(t, doc, "@media print")

	// What a browser sees: the enabled items, in order, and the disabled
	// one only inside a hidden section.
	tree, err := html.Parse(bytes.NewReader(out))
	require.NoError(t, err)
	var visible, hidden []string
	walk(tree, false, func(n *html.Node, inHidden bool) {
		if attr(n, "data-field") == "title" {
			if inHidden {
				hidden = append(hidden, text(n))
			} else {
				visible = append(visible, text(n))
			}
		}
	})
	var wantVisible, wantHidden []string
	for _, it := range items {
		if it.Enabled {
			wantVisible = append(wantVisible, it.Title)
		} else {
			wantHidden = append(wantHidden, it.Title)
		}
	}
	assert.Equal(t, wantVisible, visible)
	assert.Equal(t, wantHidden, hidden)
}

func TestReportRefusesInvalidItems(t *testing.T) {
	items := Initial()
	items[0].Weight = 4
	var ve *ValidationError
	_, err := RenderBytes(items, ReportOptions{})
	require.ErrorAs(t, err, &ve)
	assert.Contains(t, ve.Fields, "items[0].weight")
}

func TestReportFileName(t *testing.T) {
	assert.Equal(t, "business_readiness_report_2025-03-07.html", ReportFileName(reportDate))
	assert.Equal(t, "3/7/2025", ShortDate(reportDate))
	assert.Equal(t, "12/25/2025", ShortDate(time.Date(2025, 12, 25, 0, 0, 0, 0, time.UTC)))
}

func TestRoundTrip(t *testing.T) {
	withCR := awkwardItems()
	withCR[0].Notes = "windows\r\nline\rbreaks\x00 and a NUL"
	tests := map[string][]Item{
		"initial":      Initial(),
		"fixture":      reportFixture(t),
		"awkward text": awkwardItems(),
		"all disabled": func() []Item {
			items := Initial()[:3]
			for i := range items {
				items[i].Enabled = false
			}
			return items
		}(),
		"empty":          {},
		"extreme values": {{ID: 999999999, WeightCode: 3, Weight: 5, Title: "T", Description: "D", ActualScore: 20, MaxScore: 20, HeatMap: 100, Enabled: true}},
		"reset": func() []Item {
			items := Initial()
			for i := range items {
				items[i].ActualScore, items[i].HeatMap, items[i].Weight = 0, 0, DefaultWeight
			}
			return items
		}(),
		"line breaks normalized": withCR,
	}
	for name, items := range tests {
		t.Run(name, func(t *testing.T) {
			out, err := RenderBytes(items, ReportOptions{Generated: reportDate})
			require.NoError(t, err)
			got, err := ParseReport(out)
			require.NoError(t, err)
			assert.Equal(t, Normalize(items), got)
			// What a browser would show is what was imported.
			assert.Equal(t, Normalize(items), browserFields(t, out, got))
		})
	}
	t.Run("Import reader", func(t *testing.T) {
		out, err := RenderBytes(Initial(), ReportOptions{})
		require.NoError(t, err)
		got, err := Import(bytes.NewReader(out))
		require.NoError(t, err)
		assert.Equal(t, Initial(), got)
	})
}

// browserFields replaces the text fields of items with what the full HTML
// parser (the one browsers follow) finds in the report.
func browserFields(t *testing.T, report []byte, items []Item) []Item {
	t.Helper()
	tree, err := html.Parse(bytes.NewReader(report))
	require.NoError(t, err)
	byID := map[string]map[string]string{}
	walk(tree, false, func(n *html.Node, _ bool) {
		if id := attr(n, "data-item-id"); id != "" {
			fields := map[string]string{}
			walk(n, false, func(f *html.Node, _ bool) {
				if name := attr(f, "data-field"); name != "" {
					fields[name] = text(f)
				}
			})
			byID[id] = fields
		}
	})
	out := make([]Item, len(items))
	for i, it := range items {
		f := byID[fmt.Sprint(it.ID)]
		require.NotNil(t, f, "item %d in the tree", it.ID)
		it.Title, it.Description, it.Team, it.Responsibility, it.Notes = f["title"], f["description"], f["team"], f["responsibility"], f["notes"]
		out[i] = it
	}
	return out
}

func walk(n *html.Node, inHidden bool, fn func(*html.Node, bool)) {
	if n.Type == html.ElementNode {
		for _, a := range n.Attr {
			if a.Key == "hidden" {
				inHidden = true
			}
		}
	}
	fn(n, inHidden)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, inHidden, fn)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

func TestImportRejects(t *testing.T) {
	out, err := RenderBytes(reportFixture(t), ReportOptions{Generated: reportDate})
	require.NoError(t, err)
	report := string(out)
	replace := func(old, new string) string {
		require.Contains(t, report, old)
		return strings.Replace(report, old, new, 1)
	}
	tests := []struct {
		name, in, reason string
	}{
		{"empty", "", "not a commsplan checklist report"},
		{"plain text", "just some text", "not a commsplan checklist report"},
		{"json", `{"items":[]}`, "not a commsplan checklist report"},
		{"another page", "<!DOCTYPE html><html><body><h1>Business Readiness Report</h1></body></html>", "not a commsplan checklist report"},
		{"campaign-like page with items", `<div data-item-id="1" data-field="title">x</div>`, "checklist data outside the checklist"},
		{"other version", replace(`data-commsplan-checklist="1"`, `data-commsplan-checklist="2"`), `unsupported report version "2"`},
		{"truncated", report[:len(report)/2], "truncated"},
		{"two checklists", report + report, "more than one checklist"},
		{"nested root", replace(`<header class="report-header">`, `<div data-commsplan-checklist="1"></div><header class="report-header">`), "nested checklist root"},
		{"weight 4", replace(`data-weight="5"`, `data-weight="4"`), "weight must be 1, 2, 3 or 5"},
		{"score above max", replace(`data-actual-score="7"`, `data-actual-score="17"`), "actualScore must be between 0 and maxScore"},
		{"score not a number", replace(`data-actual-score="7"`, `data-actual-score="seven"`), "not a number"},
		{"huge number", replace(`data-actual-score="7"`, `data-actual-score="99999999999999999999"`), "not a number"},
		{"missing attribute", replace(` data-heat-map="1"`, ``), "without data-heat-map"},
		{"bad enabled flag", replace(`data-enabled="true"`, `data-enabled="yes"`), "no valid data-enabled"},
		{"markup inside a field", replace(`data-field="notes"></dd>`, `data-field="notes"><b>bold</b></dd>`), "markup <b> inside the notes field"},
		{"script inside a field", replace(`data-field="notes"></dd>`, `data-field="notes"><script>alert(1)</script></dd>`), "markup <script> inside the notes field"},
		{"comment inside a field", replace(`data-field="notes"></dd>`, `data-field="notes"><!-- x --></dd>`), "comment inside the notes field"},
		{"missing field", replace(`<dt>Notes</dt><dd data-field="notes"></dd>`, ``), "has no notes field"},
		{"duplicate field", replace(`<dd data-field="notes"></dd>`, `<dd data-field="notes"></dd><dd data-field="notes"></dd>`), "two notes fields"},
		{"unknown field", replace(`<dd data-field="notes"></dd>`, `<dd data-field="notes"></dd><dd data-field="secret"></dd>`), `unknown field "secret"`},
		{"self-closing field", replace(`<dd data-field="notes"></dd>`, `<dd data-field="notes"/>`), "self-closing"},
		{"field outside item", replace(`<h2>Checklist Items</h2>`, `<h2 data-field="title">Checklist Items</h2>`), "outside an item"},
		{"item inside item", replace(`<p class="item-figures">`, `<div data-item-id="99"></div><p class="item-figures">`), "item inside an item"},
		{"mismatched end tag", replace(`</dl>`, `</div>`), "</div> closes <dl>"},
		{"stray void end tag", replace(`</dl>`, `</br></dl>`), "void element"},
		{"duplicate position", replace(`data-position="1"`, `data-position="0"`), "bad position"},
		{"position out of range", replace(`data-position="1"`, `data-position="900"`), "bad position"},
		{"duplicate id", replace(`data-item-id="2"`, `data-item-id="1"`), "duplicates another item's id"},
		{"blank title", strings.Replace(report, `data-field="title">Business Process Changes Mapped<`, `data-field="title">  <`, 1), "title is required"},
		{"nested too deep", replace(`<h2>Checklist Items</h2>`, strings.Repeat("<div>", 100)+strings.Repeat("</div>", 100)), "nested more than 64 deep"},
		{"deep nesting without a report", strings.Repeat("<div>", 500000), "not a commsplan checklist report"},
		{"unclosed tags without a report", strings.Repeat("<p><b><i><table><tr><td>", 100000), "not a commsplan checklist report"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			items, err := ParseReport([]byte(tc.in))
			assert.Nil(t, items)
			require.ErrorIs(t, err, ErrInvalidFormat)
			assert.Equal(t, "Invalid checklist format in imported HTML", err.Error())
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			assert.Contains(t, fe.Reason, tc.reason)
		})
	}
}

func TestImportSizeLimit(t *testing.T) {
	out, err := RenderBytes(Initial(), ReportOptions{})
	require.NoError(t, err)
	// Padding after the report keeps it valid up to the limit.
	atLimit := append(out, bytes.Repeat([]byte(" "), MaxImportSize-len(out))...)
	got, err := Import(bytes.NewReader(atLimit))
	require.NoError(t, err)
	assert.Len(t, got, 26)

	_, err = Import(bytes.NewReader(append(atLimit, ' ')))
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = ParseReport(append(atLimit, ' '))
	assert.ErrorIs(t, err, ErrTooLarge)
}

func largeChecklist() []Item {
	items := make([]Item, 0, MaxItems)
	for len(items) < MaxItems {
		for _, it := range Initial() {
			if len(items) == MaxItems {
				break
			}
			it.ID = len(items) + 1
			it.Notes = strings.Repeat("Follow up with the division leads. ", 10)
			items = append(items, it)
		}
	}
	return items
}

func BenchmarkRender(b *testing.B) {
	items := Initial()
	for b.Loop() {
		if _, err := RenderBytes(items, ReportOptions{Generated: reportDate}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImport(b *testing.B) {
	out, err := RenderBytes(Initial(), ReportOptions{Generated: reportDate})
	require.NoError(b, err)
	b.SetBytes(int64(len(out)))
	for b.Loop() {
		if _, err := ParseReport(out); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImportLarge(b *testing.B) {
	out, err := RenderBytes(largeChecklist(), ReportOptions{Generated: reportDate})
	require.NoError(b, err)
	b.SetBytes(int64(len(out)))
	for b.Loop() {
		if _, err := ParseReport(out); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImportHostile(b *testing.B) {
	in := []byte(strings.Repeat("<div>", MaxImportSize/5))
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := ParseReport(in); err == nil {
			b.Fatal("accepted")
		}
	}
}

func TestImportToleratesResavedReport(t *testing.T) {
	items := reportFixture(t)
	out, err := RenderBytes(items, ReportOptions{Generated: reportDate})
	require.NoError(t, err)
	// A report saved again on Windows has CR LF line ends, and an editor may
	// add a byte order mark.
	crlf := append([]byte("\uFEFF"), bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))...)
	got, err := ParseReport(crlf)
	require.NoError(t, err)
	assert.Equal(t, items, got)
}

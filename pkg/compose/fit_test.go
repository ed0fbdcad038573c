package compose

import (
	"strings"
	"testing"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFitUnderLimitUnchanged(t *testing.T) {
	r := Fit("Hello world.", FormatText, 12)
	assert.Equal(t, Result{Content: "Hello world.", Format: FormatText, Length: 12, MaxLength: 12}, r)
	r = Fit("Hello world.", FormatText, 0)
	assert.False(t, r.Truncated)
	assert.Equal(t, FormatText, Fit("x", "pdf", 0).Format) // unknown format: text
}

func TestFitCutsAtSentenceOrWord(t *testing.T) {
	s := "First sentence here. Second sentence is longer than that."
	r := Fit(s, FormatText, 40)
	assert.Equal(t, "First sentence here.…", r.Content) // the sentence end keeps at least half
	assert.True(t, r.Truncated)
	r = Fit("Onesentence without any full stop going on and on", FormatText, 20)
	assert.Equal(t, "Onesentence without…", r.Content)
	assert.Equal(t, 20, r.Length)
	r = Fit(strings.Repeat("x", 30), FormatText, 10) // one long word: a hard cut
	assert.Equal(t, strings.Repeat("x", 9)+"…", r.Content)
	r = Fit(strings.Repeat("e\u0301", 6), FormatText, 4) // e + combining acute: not split from its base
	assert.Equal(t, "e\u0301…", r.Content)
	r = Fit("abc", FormatText, 1)
	assert.Equal(t, "…", r.Content)
}

func TestFitHTML(t *testing.T) {
	s := "<h1>Title</h1>\n<p>Fish &amp; chips for everyone. Then more words follow here.</p>\n<ul><li>one</li><li>two</li></ul>"
	r := Fit(s, FormatHTML, 60)
	assert.Equal(t, "<h1>Title</h1>\n<p>Fish &amp; chips for everyone.…</p>", r.Content)
	assert.LessOrEqual(t, r.Length, 60)
	// Never inside an entity: "&amp;" is kept whole or dropped.
	for max := 1; max < len(s); max++ {
		r := Fit(s, FormatHTML, max)
		require.LessOrEqual(t, r.Length, max)
		checkHTML(t, r.Content, allowedTags)
		checkEntities(t, r.Content)
	}
}

// A plugin's html answer is made safe and well-formed.
func TestFitSanitizesHTML(t *testing.T) {
	r := Fit(`<div class="x"><p onclick="y">Hi <b>there</b><script>alert(1)</script><!-- c --><p>next`, FormatHTML, 0)
	assert.Equal(t, `&lt;div class=&#34;x&#34;&gt;<p>Hi <b>there</b>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>next</p>`, r.Content)
	r = Fit("<ul><li>a<li>b</ul></em>", FormatHTML, 0)
	assert.Equal(t, "<ul><li>a</li><li>b</li></ul>", r.Content)
}

func TestFitMarkdownAndText(t *testing.T) {
	assert.Equal(t, `a \<b>x\</b> \<i> \\\<u> a < b`, Fit(`a <b>x</b> \<i> \\<u> a < b`, FormatMarkdown, 0).Content)
	assert.Equal(t, "a ‹b>x‹/b> a < b > c ‹!-- ‹?x", Fit("a <b>x</b> a < b > c <!-- <?x", FormatText, 0).Content)
	// A cut never leaves a backslash escaping the mark.
	r := Fit(`word \\\*`+strings.Repeat("y", 20), FormatMarkdown, 8)
	assert.Equal(t, "word…", r.Content)
}

func TestMarkdownEscape(t *testing.T) {
	for in, want := range map[string]string{
		"# not a heading":       `\# not a heading`,
		"#hashtag":              "#hashtag",
		"- not a list":          `\- not a list`,
		"1. not a list":         `1\. not a list`,
		"2024) neither":         `2024\) neither`,
		"> no quote":            `\> no quote`,
		"*a* _b_ `c` [d](e) ~f": "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\~f",
		"<b>x</b> R&D &amp;":    `\<b>x\</b> R&D \&amp;`,
		`back\slash`:            `back\\slash`,
		"a - b = c. 3. d":       "a - b = c. 3. d",
	} {
		assert.Equal(t, want, mdEscape(in, true), in)
	}
	assert.Equal(t, `Title \#`, mdEscape("Title #", false))
	assert.Equal(t, "1. Title", mdEscape("1. Title", false))
}

// Markup typed by the planner is shown, never obeyed, in every format.
func TestUserMarkupEscaped(t *testing.T) {
	in := goldenInput(t, "email", domain.StrategyTraditional)
	in.Theme.Name = "<b>Go-Live</b> & more"
	in.Raw = "Read <script>alert(1)</script> now. *Bold* # claims."
	in.Questions = in.Questions[:1]
	for format, want := range map[string][]string{
		FormatHTML:     {"&lt;b&gt;Go-Live&lt;/b&gt; &amp; more", "Read &lt;script&gt;alert(1)&lt;/script&gt; now."},
		FormatMarkdown: {`\<b>Go-Live\</b> & more`, `Read \<script>alert(1)\</script> now. \*Bold\* # claims.`},
		FormatText:     {"‹b>Go-Live‹/b> & more", "Read ‹script>alert(1)‹/script> now. *Bold* # claims."},
	} {
		in.Vehicle.Settings.Format = format
		r, err := Generate(in)
		require.NoError(t, err)
		for _, w := range want {
			assert.Contains(t, r.Content, w, format)
		}
		assert.Equal(t, format == FormatMarkdown, strings.Contains(r.Content, `\<script`), format)
		assert.NotContains(t, strings.ReplaceAll(r.Content, `\<`, ""), "<script", format)
	}
}

// Every type honours a small limit, and marks the cut.
func TestEveryTypeFitsSmallLimits(t *testing.T) {
	for _, typ := range domain.VehicleTypeNames {
		for _, max := range []int{1, 30, 120} {
			for _, format := range []string{FormatHTML, FormatMarkdown, FormatText} {
				in := goldenInput(t, typ, domain.StrategyDigital)
				in.Vehicle.Settings.MaxLength, in.Vehicle.Settings.Format = max, format
				r, err := Generate(in)
				require.NoError(t, err)
				assert.LessOrEqual(t, r.Length, max, "%s %s %d", typ, format, max)
				assert.True(t, r.Truncated, "%s %s %d", typ, format, max)
				if typ == "sms" && format == FormatText {
					assert.NotContains(t, r.Content, Mark, "GSM-7 has no %s", Mark)
				}
			}
		}
	}
}

func TestValidateLimits(t *testing.T) {
	tpl := DefaultNewsletterTemplate()
	tpl.Title = strings.Repeat("x", 201)
	tpl.Sections[3].Content = strings.Repeat("y", 10001)
	tpl.Sections[4].Title = " "
	tpl.Sections[5].SubSections = append(tpl.Sections[5].SubSections, SubSection{ID: "6.1", Title: strings.Repeat("z", 201)})
	err := tpl.Validate()
	assert.Equal(t, domain.FieldErrors{
		"customTemplate.title":                            "must be at most 200 characters",
		"customTemplate.sections[4].content":              "must be at most 10000 characters",
		"customTemplate.sections[5].title":                "is required",
		"customTemplate.sections[6].subSections[0].title": "must be at most 200 characters",
	}, err)

	tpl = DefaultNewsletterTemplate()
	tpl.Sections[2].Number = 7 // 3 missing, 7 twice
	assert.Equal(t, domain.FieldErrors{"customTemplate.sections": "must hold sections 1 to 15, once each"}, tpl.Validate())

	// Generate refuses a template with a required section off.
	in := goldenInput(t, "newsletter", domain.StrategyTraditional)
	tpl = DefaultNewsletterTemplate()
	tpl.Sections[0].Enabled = false
	in.Template = &tpl
	_, err = Generate(in)
	assert.Equal(t, domain.FieldErrors{"customTemplate.sections[1]": "is required and cannot be turned off"}, err)
}

func TestRulesGenerator(t *testing.T) {
	in := goldenInput(t, "sms", domain.StrategyDigital)
	want, err := Generate(in)
	require.NoError(t, err)
	got, err := Rules().Generate(t.Context(), in)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

package compose

import (
	"fmt"
	"html"
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/stretchr/testify/require"
	xhtml "golang.org/x/net/html"
)

// rendererTags are the only elements the rule-based generator writes.
var rendererTags = map[string]bool{"h1": true, "h2": true, "h3": true, "p": true, "ul": true, "ol": true, "li": true, "strong": true, "hr": true}

// pieces are the fragments random user texts are made of: markup, entities,
// markdown, unicode (emoji, combining marks, right-to-left), controls and
// invalid UTF-8.
var pieces = []string{
	"<script>alert(1)</script>", "<b>", "</b>", "<b>bold</b>", "&amp;", "&lt;", "&", "&#39;", "<div",
	"<p>", "</p>", "<!-- x -->", "<img src=x onerror=alert(1)>", "<", ">", "a < b", "<?php", "<!DOCTYPE html>",
	"# ", "## Title #", "*", "**", "_", "`", "```", "- ", "1. ", "2) ", "> ", "+", "=", "[x](y)", "\\", "|", "~~",
	"👩‍👩‍👧", "👍🏽", "e\u0301", "\u0301", "مرحبا بالعالم", "שלום", "\u202e", "漢字。", "ß", "\uFFFD",
	"\x00", "\x1b[31m", "\r\n", "\n", "\n\n", "\t", " ", ". ", "! ", "? ", "…", "\xff\xfe",
	"word", "Go-live", "the", "training", "approve", "impact", "e.g.", "18:00.",
	strings.Repeat("x", 300), strings.Repeat("long sentence here. ", 40),
}

func randText(r *rand.Rand, n int) string {
	var sb strings.Builder
	for range r.Intn(n + 1) {
		sb.WriteString(pieces[r.Intn(len(pieces))])
		if r.Intn(3) == 0 {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

var (
	formats    = []string{FormatHTML, FormatMarkdown, FormatText, ""}
	strategies = []string{domain.StrategyTraditional, domain.StrategyDigital, domain.StrategyUniversal, ""}
	maxLengths = []int{0, 1, 2, 3, 5, 10, 40, 160, 180, 280, 1000, 5000}
)

func randInput(r *rand.Rand) Input {
	typ := randomTypes[r.Intn(len(randomTypes))]
	in := Input{
		Theme: Theme{Name: "T" + randText(r, 4), Description: randText(r, 6)},
		Raw:   randText(r, 40),
		Vehicle: &Vehicle{Type: typ, Strategy: strategies[r.Intn(len(strategies))],
			Settings: domain.VehicleSettings{Format: formats[r.Intn(len(formats))], MaxLength: maxLengths[r.Intn(len(maxLengths))]}},
	}
	for i := range r.Intn(6) {
		in.Questions = append(in.Questions, Question{ID: fmt.Sprint(i), Question: randText(r, 5), Description: randText(r, 3)})
	}
	if r.Intn(3) == 0 {
		tpl := DefaultNewsletterTemplate()
		// Within Validate's limits: a template over them is rejected.
		clip := func(s string) string { return string([]rune(s)[:min(150, len([]rune(s)))]) }
		tpl.Title, tpl.CampaignTheme = clip(randText(r, 3)), clip(randText(r, 3))
		for i := range tpl.Sections {
			s := &tpl.Sections[i]
			if !s.Required {
				s.Enabled = r.Intn(2) == 0
			}
			if r.Intn(3) == 0 {
				s.Title, s.Content = "S"+clip(randText(r, 3)), randText(r, 8)
			}
			for j := range s.SubSections {
				s.SubSections[j].Content = randText(r, 3)
			}
		}
		in.Template = &tpl
	}
	return in
}

// checkHTML fails unless s is a well-formed fragment of allowed elements
// without attributes, with entities complete.
func checkHTML(t testing.TB, s string, allowed map[string]bool) {
	t.Helper()
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var stack []string
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			require.Empty(t, stack, "unclosed elements in %q", s)
			return
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			name, attrs := z.TagName()
			require.True(t, allowed[string(name)], "element %q in %q", name, s)
			require.False(t, attrs, "attributes in %q", s)
			if !voidTags[string(name)] {
				stack = append(stack, string(name))
			}
		case xhtml.EndTagToken:
			name, _ := z.TagName()
			require.NotEmpty(t, stack, "stray </%s> in %q", name, s)
			require.Equal(t, stack[len(stack)-1], string(name), "mismatched end tag in %q", s)
			stack = stack[:len(stack)-1]
		case xhtml.TextToken:
			raw := string(z.Raw())
			require.NotContains(t, raw, "<", "raw < in text of %q", s)
			require.Equal(t, raw, html.EscapeString(string(z.Text())), "text not escaped in %q", s)
		default:
			t.Fatalf("token %v in %q", tt, s)
		}
	}
}

// entity matches every '&' and what follows it; all must be whole entities.
var entity = regexp.MustCompile(`&[^;&<]{0,6};?`)

func checkEntities(t testing.TB, s string) {
	t.Helper()
	for _, e := range entity.FindAllString(s, -1) {
		require.Contains(t, []string{"&lt;", "&gt;", "&amp;", "&#39;", "&#34;"}, e, "cut entity in %q", s)
	}
}

var tagInText = regexp.MustCompile(`<[A-Za-z/!?]`)

// checkResult holds every property of a generated piece.
func checkResult(t testing.TB, in Input, r Result) {
	t.Helper()
	max := in.Vehicle.Settings.MaxLength
	require.True(t, utf8.ValidString(r.Content))
	require.Equal(t, utf8.RuneCountInString(r.Content), r.Length)
	require.Equal(t, max, r.MaxLength)
	if max > 0 {
		require.LessOrEqual(t, r.Length, max, "%q", r.Content)
	}
	switch r.Format {
	case FormatHTML:
		checkHTML(t, r.Content, rendererTags)
		checkEntities(t, r.Content)
	case FormatMarkdown:
		require.Equal(t, r.Content, escapeRawHTML(r.Content), "raw HTML in markdown %q", r.Content)
	case FormatText:
		require.False(t, tagInText.MatchString(r.Content), "tag in text %q", r.Content)
	default:
		t.Fatalf("format %q", r.Format)
	}
	again, err := Generate(in)
	require.NoError(t, err)
	require.Equal(t, r, again, "not deterministic")
}

// neutral replaces the characters that could carry markup in every user
// text of in: the structure of the output must not change.
func neutral(in Input) Input {
	n := strings.NewReplacer("<", "_", ">", "_", "&", "_", ";", "_").Replace
	in.Theme = Theme{n(in.Theme.Name), n(in.Theme.Description)}
	in.Raw = n(in.Raw)
	qs := make([]Question, len(in.Questions))
	for i, q := range in.Questions {
		qs[i] = Question{ID: q.ID, Question: n(q.Question), Description: n(q.Description)}
	}
	in.Questions = qs
	if in.Template != nil {
		tpl := *in.Template
		tpl.Title, tpl.CampaignTheme = n(tpl.Title), n(tpl.CampaignTheme)
		tpl.Sections = append([]Section(nil), tpl.Sections...)
		for i := range tpl.Sections {
			s := &tpl.Sections[i]
			s.Title, s.Content, s.DefaultText = n(s.Title), n(s.Content), n(s.DefaultText)
			s.SubSections = append([]SubSection(nil), s.SubSections...)
			for j := range s.SubSections {
				s.SubSections[j].Title, s.SubSections[j].Content = n(s.SubSections[j].Title), n(s.SubSections[j].Content)
			}
		}
		in.Template = &tpl
	}
	return in
}

// tags lists the element names of an html piece in order.
func tags(s string) []string {
	var out []string
	z := xhtml.NewTokenizer(strings.NewReader(s))
	for tt := z.Next(); tt != xhtml.ErrorToken; tt = z.Next() {
		if tt != xhtml.TextToken {
			name, _ := z.TagName()
			out = append(out, fmt.Sprint(tt, string(name)))
		}
	}
	return out
}

// checkNoInputMarkup: without a length limit, the html structure of a
// piece is the same as with every markup character of the input replaced,
// so no input markup became markup.
func checkNoInputMarkup(t testing.TB, in Input) {
	t.Helper()
	in.Vehicle = &Vehicle{Type: in.Vehicle.Type, Strategy: in.Vehicle.Strategy, Settings: domain.VehicleSettings{Format: FormatHTML}}
	got, err := Generate(in)
	require.NoError(t, err)
	want, err := Generate(neutral(in))
	require.NoError(t, err)
	require.Equal(t, tags(want.Content), tags(got.Content), "input markup became markup in %q", got.Content)
}

// checkRenderer: the renderer's own output is already what Fit makes of it,
// so Fit's clean-up never hides an escaping bug.
func checkRenderer(t testing.TB, in Input) {
	t.Helper()
	for _, f := range []string{FormatHTML, FormatMarkdown, FormatText} {
		v := *in.Vehicle
		v.Settings.MaxLength = 0
		if v.Strategy == "" {
			v.Strategy = domain.StrategyUniversal
		}
		in := in
		in.Vehicle = &v
		s := rulesByType[v.Type](newMaterial(in, f)).render(f)
		require.Equal(t, s, Fit(s, f, 0).Content, "%s renderer output changed by Fit", f)
	}
}

// randomTypes are the types the random inputs draw from: the registry
// less slack, which runs the yammer_teams rule (covered through that
// type), so the seeded sequence of inputs stays the one it was.
var randomTypes = slices.DeleteFunc(slices.Clone(domain.VehicleTypeNames), func(s string) bool { return s == "slack" })

func TestPropertiesRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewSource(10))
	for i := range n {
		in := randInput(r)
		res, err := Generate(in)
		require.NoError(t, err, "case %d", i)
		checkResult(t, in, res)
		if i%5 == 0 {
			checkNoInputMarkup(t, in)
			checkRenderer(t, in)
		}
	}
}

func FuzzGenerate(f *testing.F) {
	f.Add("Go-Live", "<script>alert(1)</script> & <b>bold", "What <i>changes</i>?", uint8(0), uint8(0), uint16(100), uint8(0))
	f.Add("# Heading", "- item\n\n1. one\n\n> quote `code` *em*", "**q**", uint8(1), uint8(1), uint16(50), uint8(1))
	f.Add("👩‍👩‍👧 e\u0301", "مرحبا بالعالم. שלום! 漢字。", "\u202eRTL?", uint8(3), uint8(2), uint16(7), uint8(2))
	f.Add("T", strings.Repeat("word ", 400)+"<p>unclosed <b>tags &amp", "", uint8(15), uint8(0), uint16(160), uint8(0))
	f.Add("x\x00y", "\xff\xfe broken\r\nlines", "q\tq", uint8(7), uint8(1), uint16(1), uint8(1))
	f.Fuzz(func(t *testing.T, theme, raw, question string, typ, format uint8, max uint16, strategy uint8) {
		in := Input{
			Theme: Theme{Name: theme, Description: raw},
			Raw:   raw,
			Vehicle: &Vehicle{Type: domain.VehicleTypeNames[int(typ)%len(domain.VehicleTypeNames)],
				Strategy: strategies[int(strategy)%len(strategies)],
				Settings: domain.VehicleSettings{Format: formats[int(format)%3], MaxLength: int(max % 6000)}},
			Questions: []Question{{ID: "1", Question: question}, {ID: "2", Question: theme}},
		}
		res, err := Generate(in)
		if inline(theme) == "" {
			require.Error(t, err)
			return
		}
		require.NoError(t, err)
		checkResult(t, in, res)
		checkNoInputMarkup(t, in)
	})
}

// FuzzFit holds Fit to its rules on any content, as a plugin's answer may
// be: html comes out well-formed with entities whole, text without tags,
// and nothing exceeds max.
func FuzzFit(f *testing.F) {
	f.Add("<p>Hello <b>world</b> &amp; all</p><script>x</script>", uint8(0), uint16(20))
	f.Add("<ul><li>one<li>two</ul><p>para<h2>head", uint8(0), uint16(15))
	f.Add("<div class=x onclick=y>text</div><!-- c --><a href='j'>l</a>", uint8(0), uint16(0))
	f.Add("plain <b>text</b> here. Second sentence! Third?", uint8(2), uint16(25))
	f.Add("# md <b>x</b> \\<i> \\\\<u>", uint8(1), uint16(12))
	f.Add("&lt;&lt;&lt;&lt;&lt;&lt;&lt;", uint8(0), uint16(9))
	f.Add("<A\r>a\r\nb\rc", uint8(0), uint16(0))
	f.Add("line\r\nline\r", uint8(2), uint16(0))
	f.Add("e\u0301e\u0301e\u0301e\u0301👩‍👩‍👧👩‍👩‍👧", uint8(2), uint16(4))
	f.Fuzz(func(t *testing.T, content string, format uint8, max uint16) {
		fm := formats[int(format)%3]
		m := int(max % 2000)
		r := Fit(content, fm, m)
		require.Equal(t, fm, r.Format)
		require.Equal(t, utf8.RuneCountInString(r.Content), r.Length)
		if m > 0 {
			require.LessOrEqual(t, r.Length, m)
		}
		require.Equal(t, r, Fit(content, fm, m))
		require.NotContains(t, r.Content, "\r")
		switch fm {
		case FormatHTML:
			checkHTML(t, r.Content, allowedTags)
			checkEntities(t, r.Content)
		case FormatText:
			require.False(t, tagInText.MatchString(r.Content))
		}
	})
}

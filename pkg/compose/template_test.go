package compose

import (
	"errors"
	"strings"
	"testing"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDefaultNewsletterTemplate(t *testing.T) {
	tpl := DefaultNewsletterTemplate()
	require.NoError(t, tpl.Validate())
	require.Len(t, tpl.Sections, SectionCount)
	for i, s := range tpl.Sections {
		assert.Equal(t, i+1, s.Number)
		assert.Equal(t, requiredSections[s.Number], s.Required, s.Title)
		assert.Equal(t, s.Required, s.Enabled, s.Title)
		assert.NotEmpty(t, s.Purpose)
		assert.NotEmpty(t, s.Guidelines)
		assert.NotEmpty(t, s.DefaultText)
	}
	// Optional sections keep the spec's names.
	for n, title := range map[int]string{7: "Implementation Timeline", 8: "Support and Adoption Strategies",
		9: "Communication Channels Matrix", 10: "FAQ Section", 11: "Success Story Spotlight", 12: "Looking Ahead Preview"} {
		assert.Equal(t, title, tpl.Sections[n-1].Title)
	}
	// A fresh copy each time.
	tpl.Sections[0].SubSections[0].Title = "changed"
	assert.NotEqual(t, "changed", DefaultNewsletterTemplate().Sections[0].SubSections[0].Title)
}

func TestValidateRequiredSection(t *testing.T) {
	tpl := DefaultNewsletterTemplate()
	tpl.Sections[12].Enabled = false // section 13
	tpl.Sections[6].Enabled = true   // optional 7 may be on
	err := tpl.Validate()
	var fe domain.FieldErrors
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, domain.FieldErrors{"customTemplate.sections[13]": "is required and cannot be turned off"}, fe)

	tpl = DefaultNewsletterTemplate()
	tpl.Sections = tpl.Sections[:14]
	require.ErrorAs(t, tpl.Validate(), &fe)
	assert.Contains(t, fe, "customTemplate.sections")
}

func TestGenerateErrors(t *testing.T) {
	_, err := Generate(Input{Theme: Theme{Name: "X"}})
	assert.Equal(t, ErrNoVehicle, err)
	assert.Equal(t, "Please select a delivery vehicle first", err.Error())
	_, err = Generate(Input{Theme: Theme{Name: "X"}, Vehicle: &Vehicle{Type: "carrier_pigeon"}})
	assert.Error(t, err)
	_, err = Generate(Input{Theme: Theme{Name: " "}, Vehicle: &Vehicle{Type: "email"}})
	assert.Error(t, err)
}

// newsletterSections splits a generated newsletter into its sections' HTML
// by their level-2 titles (as they are escaped in the HTML).
func newsletterSections(content string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(content, "<h2>")[1:] {
		title, body, _ := strings.Cut(part, "</h2>")
		out[title] = body
	}
	return out
}

// Each sentence or list of the notes goes to the newsletter section whose
// title and default text it matches best, once; a section with no
// material keeps its placeholder; notes that answer a question better stay
// in the lead story (section 1) under it.
func TestNewsletterNotesGoToTheirSections(t *testing.T) {
	cases := []struct {
		name, notes string
		in          map[string]string // a section's title: a text it holds
		placeholder []string          // sections that stay placeholders
	}{
		{name: "training and support",
			notes: "Training runs 9–20 February. Book a session through the learning portal.\n\n" +
				"The help desk is open 7 a.m. to 7 p.m.; super users help too.\n\nThank you for everything you are doing.",
			in: map[string]string{"Training and Readiness": "Book a session through the learning portal.",
				"Questions and Support": "The help desk is open", "Recognition and Thanks": "Thank you for everything"},
			placeholder: []string{"Leadership Message", "What&#39;s Changing", "How This Affects You"}},
		{name: "a list with its lead-in",
			notes:       "Managers, please:\n- release your team for their training session;\n- confirm attendance lists by 6 Feb.",
			in:          map[string]string{"Training and Readiness": "<li>confirm attendance lists by 6 Feb.</li>"},
			placeholder: []string{"Questions and Support", "Recognition and Thanks"}},
		{name: "a question answered better than any section",
			notes:       "Invoices go out on 1 March and payroll is paid on the normal date.",
			in:          map[string]string{"Programme Update": "Invoices go out on 1 March"},
			placeholder: []string{"Training and Readiness", "Questions and Support", "Recognition and Thanks"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := goldenInput(t, "newsletter", domain.StrategyUniversal)
			in.Raw = c.notes
			in.Placeholders = true
			r, err := Generate(in)
			require.NoError(t, err)
			secs := newsletterSections(r.Content)
			tpl := DefaultNewsletterTemplate()
			for title, text := range c.in {
				assert.Contains(t, secs[title], text, title)
				assert.Equal(t, 1, strings.Count(r.Content, text), "%q appears once", text)
				for _, s := range tpl.Sections {
					if s.Title == strings.ReplaceAll(title, "&#39;", "'") {
						assert.NotContains(t, secs[title], Placeholder(s), "%s has material", title)
					}
				}
			}
			for _, title := range c.placeholder {
				assert.Contains(t, secs[title], "<p>[Add ", "%s has no material", title)
			}
		})
	}
}

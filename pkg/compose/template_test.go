package compose

import (
	"errors"
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

package domain

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewsletterTemplateValidate(t *testing.T) {
	ok := NewsletterTemplate{Name: "  Monthly ", Description: " d ", Template: json.RawMessage(` {"sections":[]} `)}
	assert.NoError(t, ok.Validate())
	assert.Equal(t, "Monthly", ok.Name)
	assert.Equal(t, "d", ok.Description)

	for _, tc := range []struct {
		t     NewsletterTemplate
		field string
	}{
		{NewsletterTemplate{Template: json.RawMessage(`{}`)}, "name"},
		{NewsletterTemplate{Name: " ", Template: json.RawMessage(`{}`)}, "name"},
		{NewsletterTemplate{Name: strings.Repeat("n", MaxName+1), Template: json.RawMessage(`{}`)}, "name"},
		{NewsletterTemplate{Name: "x"}, "template"},
		{NewsletterTemplate{Name: "x", Template: json.RawMessage(`null`)}, "template"},
		{NewsletterTemplate{Name: "x", Template: json.RawMessage(`[1]`)}, "template"},
		{NewsletterTemplate{Name: "x", Template: json.RawMessage(`{"a":`)}, "template"},
	} {
		err := tc.t.Validate()
		var fe FieldErrors
		if assert.ErrorAs(t, err, &fe) {
			assert.Contains(t, fe, tc.field)
		}
	}
}

package domain

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMentions(t *testing.T) {
	people := []Person{{ID: "dana", Name: "Dana Reyes"}, {ID: "dan", Name: "Dan"}, {ID: "ana", Name: "Ana"},
		{ID: "jo1", Name: "Jo Lee"}, {ID: "jo2", Name: "jo  lee"}, {ID: "zoe", Name: "Zoë"}}
	for _, tc := range []struct {
		text     string
		ids, bad []string
	}{
		{"no mention here", nil, nil},
		{"@Dana Reyes please look", []string{"dana"}, nil},
		{"@Dan please look", []string{"dan"}, nil},
		{"@dana.reyes and @DANA_REYES", []string{"dana"}, nil},
		{"thanks @Dan.", []string{"dan"}, nil},
		{"@Danny?", nil, []string{"@Danny"}},
		{`@"Dana   Reyes" ok`, []string{"dana"}, nil},
		{`@"Nobody Here" ok`, nil, []string{`@"Nobody Here"`}},
		{"mail ana@example.com or @Ana", []string{"ana"}, nil},
		{"@Jo Lee names two", []string{"jo1", "jo2"}, nil},
		{"@Zoë, @zoë", []string{"zoe"}, nil},
		{"@ 5pm, @@, @-", nil, nil},
		{"(@Ana) @Bob.Smith.", []string{"ana"}, []string{"@Bob.Smith"}},
		{"@Dana Reyesx", nil, []string{"@Dana"}},
	} {
		ids, bad := Mentions(tc.text, people)
		assert.Equal(t, tc.ids, nilIfEmpty(ids), tc.text)
		assert.Equal(t, tc.bad, bad, tc.text)
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func TestCommentValidate(t *testing.T) {
	c := Comment{Text: "  \n line one\n\nline two \n "}
	assert.NoError(t, c.Validate())
	assert.Equal(t, "line one\n\nline two", c.Text)
	blank := Comment{Text: " \n\t"}
	assert.Equal(t, FieldErrors{"text": "is required"}, blank.Validate())
}

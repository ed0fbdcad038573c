package domain

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTextProblem(t *testing.T) {
	for _, tc := range []struct {
		value string
		max   int
		want  string
	}{
		{"plain", 5, ""},
		{"ééééé", 5, ""}, // characters, not bytes
		{"éééééé", 5, "must be at most 5 characters"},
		{strings.Repeat("x", 1<<20), 0, ""},
		{"a\x00b", 0, MsgNUL},
		{"a\xffb", 0, MsgUTF8},
	} {
		assert.Equal(t, tc.want, TextProblem(tc.value, tc.max), "%q", tc.value)
	}
}

// wrapped stands for the API's optional request fields: the value sits in
// an unexported field and takes its parent's name.
type wrapped[T any] struct {
	set bool
	v   T
}

func TestCheckInput(t *testing.T) {
	type settings struct {
		MaxLength int `json:"maxLength"`
	}
	type input struct {
		Name     wrapped[string]   `json:"name"`
		Settings wrapped[settings] `json:"settings"`
		Items    []struct {
			Title string `json:"title"`
		} `json:"items"`
		Effect  map[string]float64 `json:"effect"`
		Doc     json.RawMessage    `json:"doc"`
		Version int                `json:"version"`
		Ignored string             `json:"-"`
		Plain   string
	}
	var in input
	assert.Empty(t, CheckInput(&in))

	in.Name = wrapped[string]{set: true, v: "a\x00b"}
	in.Settings.v.MaxLength = 1 << 31
	in.Items = make([]struct {
		Title string `json:"title"`
	}, 4)
	in.Items[3].Title = "\x00"
	in.Effect = map[string]float64{"bad\x00key": 1}
	in.Doc = json.RawMessage(`{"a":[{"b":"\u0000"}],"n":-2147483649,"ok":2147483647,"f":0.5}`)
	in.Version = -1 << 31 // the smallest 32-bit value is fine
	in.Ignored = "\x00"
	in.Plain = "\xff"
	assert.Equal(t, FieldErrors{
		"name":               MsgNUL,
		"settings.maxLength": MsgIntRange,
		"items[3].title":     MsgNUL,
		"effect":             "has a key that " + MsgNUL,
		"doc.a[0].b":         MsgNUL,
		"doc.n":              MsgIntRange,
		"Plain":              MsgUTF8,
	}, CheckInput(&in))

	assert.Equal(t, FieldErrors{"body": MsgNUL}, CheckInput("\x00"))
	assert.Equal(t, FieldErrors{"doc": MsgUTF8}, CheckInput(struct {
		Doc json.RawMessage `json:"doc"`
	}{json.RawMessage("\"\xff\"")}))
}

func TestValidateUsesTheTextRule(t *testing.T) {
	c := Communication{Title: "T", RawContent: "x\x00", SelectedQuestions: []string{"q", "\x00"}}
	assert.Equal(t, FieldErrors{"rawContent": MsgNUL, "selectedQuestions[1]": MsgNUL}, c.Validate())
	th := Theme{Name: strings.Repeat("n", MaxName), Description: strings.Repeat("d", MaxDescription+1)}
	assert.Equal(t, FieldErrors{"description": "must be at most 10000 characters"}, th.Validate())
	q := Question{ThemeID: "t", Question: "Q", SortOrder: 1 << 31}
	assert.Equal(t, FieldErrors{"sortOrder": MsgIntRange}, q.Validate())
	camp := Campaign{Title: "T", HTMLContent: "<p>\x00</p>", Schedule: json.RawMessage(`{"n":4294967296}`)}
	assert.Equal(t, FieldErrors{"htmlContent": MsgNUL, "schedule.n": MsgIntRange}, camp.Validate())
	tmpl := ChecklistTemplate{Name: " ", Description: "d"}
	assert.Equal(t, FieldErrors{"name": "is required"}, tmpl.Validate())
}

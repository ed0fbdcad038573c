package checklist

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func validItem(id int) Item {
	return Item{ID: id, WeightCode: 1, Weight: 1, Title: "T", Description: "D", ActualScore: 1, MaxScore: 10, Enabled: true}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Item)
		field  string
		msg    string
	}{
		{"id zero", func(it *Item) { it.ID = 0 }, "id", "must be a positive integer"},
		{"category 0", func(it *Item) { it.WeightCode = 0 }, "weightCode", "must be 1, 2 or 3"},
		{"category 4", func(it *Item) { it.WeightCode = 4 }, "weightCode", "must be 1, 2 or 3"},
		{"weight 4", func(it *Item) { it.Weight = 4 }, "weight", "must be 1, 2, 3 or 5"},
		{"weight 0", func(it *Item) { it.Weight = 0 }, "weight", "must be 1, 2, 3 or 5"},
		{"blank title", func(it *Item) { it.Title = " \n" }, "title", "is required"},
		{"blank description", func(it *Item) { it.Description = "" }, "description", "is required"},
		{"long title", func(it *Item) { it.Title = strings.Repeat("é", MaxTitleLen+1) }, "title", "must be at most 300 characters"},
		{"long notes", func(it *Item) { it.Notes = strings.Repeat("x", MaxNotesLen+1) }, "notes", "must be at most 10000 characters"},
		{"long team", func(it *Item) { it.Team = strings.Repeat("x", MaxTeamLen+1) }, "team", "must be at most 300 characters"},
		{"long responsibility", func(it *Item) { it.Responsibility = strings.Repeat("x", MaxTeamLen+1) }, "responsibility", "must be at most 300 characters"},
		{"max 0", func(it *Item) { it.MaxScore = 0 }, "maxScore", "must be between 1 and 20"},
		{"max 21", func(it *Item) { it.MaxScore = 21 }, "maxScore", "must be between 1 and 20"},
		{"score above max", func(it *Item) { it.ActualScore = 11 }, "actualScore", "must be between 0 and maxScore"},
		{"negative score", func(it *Item) { it.ActualScore = -1 }, "actualScore", "must be between 0 and maxScore"},
		{"negative heat map", func(it *Item) { it.HeatMap = -1 }, "heatMap", "must be between 0 and 100"},
		{"heat map 101", func(it *Item) { it.HeatMap = 101 }, "heatMap", "must be between 0 and 100"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			items := []Item{validItem(1), validItem(2)}
			tc.mutate(&items[1])
			var ve *ValidationError
			require.ErrorAs(t, Validate(items), &ve)
			assert.Equal(t, map[string]string{"items[1]." + tc.field: tc.msg}, ve.Fields)
		})
	}
	t.Run("valid", func(t *testing.T) {
		assert.NoError(t, Validate([]Item{validItem(1), validItem(2)}))
		assert.NoError(t, Validate(nil))
		assert.NoError(t, Validate(Initial()))
	})
	t.Run("duplicate id", func(t *testing.T) {
		var ve *ValidationError
		require.ErrorAs(t, Validate([]Item{validItem(1), validItem(2), validItem(1)}), &ve)
		assert.Equal(t, map[string]string{"items[2].id": "duplicates another item's id"}, ve.Fields)
	})
	t.Run("too many", func(t *testing.T) {
		items := make([]Item, MaxItems+1)
		for i := range items {
			items[i] = validItem(i + 1)
		}
		var ve *ValidationError
		require.ErrorAs(t, Validate(items), &ve)
		assert.Equal(t, map[string]string{"items": "must hold at most 1000 items"}, ve.Fields)
	})
	t.Run("message lists the fields", func(t *testing.T) {
		it := validItem(1)
		it.Weight, it.Title = 4, ""
		err := Validate([]Item{it})
		require.Error(t, err)
		assert.Equal(t, "invalid checklist: items[0].title is required; items[0].weight must be 1, 2, 3 or 5", err.Error())
	})
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a\r\nb\rc\nd", "a\nb\nc\nd"},
		{"tab\tkept", "tab\tkept"},
		{"nul\x00bell\x07gone\x0c", "nulbellgone"},
		{"bad \xff utf8", "bad \uFFFD utf8"},
		{"<b>markup</b> & ünïcödé 🎉", "<b>markup</b> & ünïcödé 🎉"},
		{"\n\nleading and trailing\n\n", "\n\nleading and trailing\n\n"},
	}
	for _, tc := range tests {
		items := []Item{{Title: tc.in, Description: tc.in, Team: tc.in, Responsibility: tc.in, Notes: tc.in}}
		got := Normalize(items)
		assert.Equal(t, Item{Title: tc.want, Description: tc.want, Team: tc.want, Responsibility: tc.want, Notes: tc.want}, got[0], "%q", tc.in)
		assert.Equal(t, tc.in, items[0].Title, "the input is not modified")
	}
}

func TestEncodeDecodeItems(t *testing.T) {
	raw, err := EncodeItems(nil)
	require.NoError(t, err)
	assert.JSONEq(t, `[]`, string(raw))

	raw, err = EncodeItems(Initial())
	require.NoError(t, err)
	got, err := DecodeItems(raw)
	require.NoError(t, err)
	assert.Equal(t, Initial(), got)

	for _, bad := range []string{``, `null`, `{}`, `"x"`, `[1]`, `[{"id":"1"}]`} {
		_, err := DecodeItems(json.RawMessage(bad))
		assert.ErrorIs(t, err, ErrInvalidTemplate, bad)
	}
	got, err = DecodeItems(json.RawMessage(` [] `))
	require.NoError(t, err)
	assert.NotNil(t, got)
	assert.Empty(t, got)
}

func TestDecodeFile(t *testing.T) {
	list, err := EncodeItems(Initial())
	require.NoError(t, err)
	report, err := RenderBytes(Initial(), ReportOptions{})
	require.NoError(t, err)
	template := `{"id":"x","name":"N","items":` + string(list) + `,"metadata":{"version":"1.0"}}`

	for name, in := range map[string]string{
		"item list":        string(list),
		"item list w/ BOM": "\uFEFF\n" + string(list),
		"template":         template,
		"working":          `{"items":` + string(list) + `,"version":4}`,
		"report":           string(report),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := DecodeFile([]byte(in))
			require.NoError(t, err)
			assert.Equal(t, Initial(), got)
		})
	}

	bad := []struct {
		name, in string
		want     error
		reason   string
	}{
		{"empty", "", ErrInvalidFormat, "not a commsplan checklist report"},
		{"text", "hello", ErrInvalidFormat, "not a commsplan checklist report"},
		{"other html", "<html><body><p>hi</p></body></html>", ErrInvalidFormat, ""},
		{"broken json", `[{"id":1,`, ErrInvalidTemplate, ""},
		{"object without items", `{"name":"x"}`, ErrInvalidTemplate, "items is not an array"},
		{"items not array", `{"items":{"id":1}}`, ErrInvalidTemplate, "items is not an array"},
		{"invalid item", `[{"id":1,"weightCode":1,"weight":4,"title":"T","description":"D","maxScore":10}]`, ErrInvalidTemplate, "items[0].weight must be 1, 2, 3 or 5"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeFile([]byte(tc.in))
			require.ErrorIs(t, err, tc.want)
			assert.Equal(t, tc.want.Error(), err.Error(), "the error text is the spec's message")
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			assert.Contains(t, fe.Detail(), tc.reason)
		})
	}
}

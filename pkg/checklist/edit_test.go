package checklist

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func editFixture() []Item {
	return []Item{
		{ID: 1, WeightCode: 1, Weight: 2, Title: "One", Description: "Q1?", Team: "A", Responsibility: "R", ActualScore: 3, MaxScore: 10, HeatMap: 3, Enabled: true, Notes: "n"},
		{ID: 2, WeightCode: 2, Weight: 1, Title: "Two", Description: "Q2?", ActualScore: 6, MaxScore: 6, Enabled: true},
		{ID: 5, WeightCode: 3, Weight: 5, Title: "Five", Description: "Q5?", ActualScore: 1, MaxScore: 4, HeatMap: 1, Enabled: false},
	}
}

func ids(items []Item) []int {
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}

func TestEdits(t *testing.T) {
	tests := []struct {
		name    string
		edit    func([]Item) ([]Item, error)
		wantErr error
		check   func(t *testing.T, got []Item)
	}{
		{"toggle incomplete to max", func(it []Item) ([]Item, error) { return ToggleComplete(it, 1) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, 10, got[0].ActualScore) }},
		{"toggle complete to zero", func(it []Item) ([]Item, error) { return ToggleComplete(it, 2) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, 0, got[1].ActualScore) }},
		{"toggle disabled", func(it []Item) ([]Item, error) { return ToggleComplete(it, 5) }, ErrItemDisabled, nil},
		{"toggle unknown", func(it []Item) ([]Item, error) { return ToggleComplete(it, 9) }, ErrItemNotFound, nil},
		{"score in range", func(it []Item) ([]Item, error) { return SetScore(it, 1, 7) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, 7, got[0].ActualScore) }},
		{"score clamped high", func(it []Item) ([]Item, error) { return SetScore(it, 1, 99) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, 10, got[0].ActualScore) }},
		{"score clamped low", func(it []Item) ([]Item, error) { return SetScore(it, 1, -4) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, 0, got[0].ActualScore) }},
		{"score disabled", func(it []Item) ([]Item, error) { return SetScore(it, 5, 2) }, ErrItemDisabled, nil},
		{"weight 5", func(it []Item) ([]Item, error) { return SetWeight(it, 2, 5) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, 5, got[1].Weight) }},
		{"weight 4 refused", func(it []Item) ([]Item, error) { return SetWeight(it, 2, 4) }, &ValidationError{}, nil},
		{"weight disabled", func(it []Item) ([]Item, error) { return SetWeight(it, 5, 2) }, ErrItemDisabled, nil},
		{"category", func(it []Item) ([]Item, error) { return SetCategory(it, 1, 3) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, 3, got[0].WeightCode) }},
		{"category 0 refused", func(it []Item) ([]Item, error) { return SetCategory(it, 1, 0) }, &ValidationError{}, nil},
		{"category disabled", func(it []Item) ([]Item, error) { return SetCategory(it, 5, 1) }, ErrItemDisabled, nil},
		{"disable", func(it []Item) ([]Item, error) { return SetEnabled(it, 1, false) }, nil,
			func(t *testing.T, got []Item) { assert.False(t, got[0].Enabled) }},
		{"enable a disabled item", func(it []Item) ([]Item, error) { return SetEnabled(it, 5, true) }, nil,
			func(t *testing.T, got []Item) { assert.True(t, got[2].Enabled) }},
		{"details", func(it []Item) ([]Item, error) {
			return SetDetails(it, 2, Details{Team: "Ops", Responsibility: "Own it", Notes: "line 1\r\nline 2"})
		}, nil, func(t *testing.T, got []Item) {
			assert.Equal(t, "Ops", got[1].Team)
			assert.Equal(t, "Own it", got[1].Responsibility)
			assert.Equal(t, "line 1\nline 2", got[1].Notes)
		}},
		{"details disabled", func(it []Item) ([]Item, error) { return SetDetails(it, 5, Details{}) }, ErrItemDisabled, nil},
		{"move up", func(it []Item) ([]Item, error) { return MoveUp(it, 2) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, []int{2, 1, 5}, ids(got)) }},
		{"move first up stays", func(it []Item) ([]Item, error) { return MoveUp(it, 1) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, []int{1, 2, 5}, ids(got)) }},
		{"move down", func(it []Item) ([]Item, error) { return MoveDown(it, 1) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, []int{2, 1, 5}, ids(got)) }},
		{"move last down stays", func(it []Item) ([]Item, error) { return MoveDown(it, 5) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, []int{1, 2, 5}, ids(got)) }},
		{"move disabled allowed", func(it []Item) ([]Item, error) { return MoveUp(it, 5) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, []int{1, 5, 2}, ids(got)) }},
		{"move unknown", func(it []Item) ([]Item, error) { return MoveDown(it, 3) }, ErrItemNotFound, nil},
		{"delete", func(it []Item) ([]Item, error) { return Delete(it, 2) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, []int{1, 5}, ids(got)) }},
		{"delete disabled", func(it []Item) ([]Item, error) { return Delete(it, 5) }, nil,
			func(t *testing.T, got []Item) { assert.Equal(t, []int{1, 2}, ids(got)) }},
		{"delete unknown", func(it []Item) ([]Item, error) { return Delete(it, 7) }, ErrItemNotFound, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := editFixture()
			got, err := tc.edit(in)
			assert.Equal(t, editFixture(), in, "the input is not modified")
			if tc.wantErr != nil {
				require.Error(t, err)
				if ve, ok := tc.wantErr.(*ValidationError); ok {
					assert.ErrorAs(t, err, &ve)
				} else {
					assert.ErrorIs(t, err, tc.wantErr)
				}
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			tc.check(t, got)
		})
	}
}

func TestAdd(t *testing.T) {
	t.Run("next id, trimmed, defaults", func(t *testing.T) {
		in := editFixture()
		got, it, err := Add(in, NewItem{Title: "  New  ", Description: "\n Why?\n ", WeightCode: 2})
		require.NoError(t, err)
		assert.Equal(t, editFixture(), in)
		require.Len(t, got, 4)
		assert.Equal(t, it, got[3])
		assert.Equal(t, Item{ID: 6, WeightCode: 2, Weight: 1, Title: "New", Description: "Why?", MaxScore: 10, Enabled: true}, it)
	})
	t.Run("first item", func(t *testing.T) {
		_, it, err := Add(nil, NewItem{Title: "T", Description: "D", MaxScore: 20})
		require.NoError(t, err)
		assert.Equal(t, 1, it.ID)
		assert.Equal(t, CategoryImpact, it.WeightCode)
		assert.Equal(t, 20, it.MaxScore)
		assert.Equal(t, 0, it.ActualScore)
		assert.Equal(t, 0, it.HeatMap)
	})
	tests := []struct {
		name   string
		in     NewItem
		fields []string
	}{
		{"blank title", NewItem{Title: "  ", Description: "D"}, []string{"title"}},
		{"blank description", NewItem{Title: "T", Description: "\t\n"}, []string{"description"}},
		{"both blank", NewItem{}, []string{"title", "description"}},
		{"max 21", NewItem{Title: "T", Description: "D", MaxScore: 21}, []string{"maxScore"}},
		{"max negative", NewItem{Title: "T", Description: "D", MaxScore: -1}, []string{"maxScore"}},
		{"category 4", NewItem{Title: "T", Description: "D", WeightCode: 4}, []string{"weightCode"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Add(editFixture(), tc.in)
			var ve *ValidationError
			require.ErrorAs(t, err, &ve)
			for _, f := range tc.fields {
				assert.Contains(t, ve.Fields, f)
			}
			assert.Len(t, ve.Fields, len(tc.fields))
		})
	}
}

func TestNextID(t *testing.T) {
	assert.Equal(t, 1, NextID(nil))
	assert.Equal(t, 6, NextID(editFixture()))
	assert.Equal(t, 27, NextID(Initial()))
}

func TestReset(t *testing.T) {
	in := editFixture()
	got := Reset(in)
	assert.Equal(t, editFixture(), in)
	require.Len(t, got, len(in))
	for i, it := range got {
		assert.Zero(t, it.ActualScore)
		assert.Zero(t, it.HeatMap)
		assert.Empty(t, it.Team)
		assert.Empty(t, it.Responsibility)
		assert.Empty(t, it.Notes)
		assert.Equal(t, 1, it.Weight)
		// kept
		assert.Equal(t, in[i].ID, it.ID)
		assert.Equal(t, in[i].Title, it.Title)
		assert.Equal(t, in[i].Description, it.Description)
		assert.Equal(t, in[i].WeightCode, it.WeightCode)
		assert.Equal(t, in[i].MaxScore, it.MaxScore)
		assert.Equal(t, in[i].Enabled, it.Enabled)
	}
	s := Score(got)
	assert.Zero(t, s.TotalScore)
	assert.Zero(t, s.ReadinessPercentage)
	assert.True(t, slices.Equal(ids(in), ids(got)))
}

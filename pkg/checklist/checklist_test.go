package checklist

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInitial(t *testing.T) {
	items := Initial()
	require.Len(t, items, 26)
	require.NoError(t, Validate(items))

	want := map[int]struct{ count, max, score int }{
		CategoryImpact:              {14, 10, 1},
		CategoryUserEngagement:      {8, 6, 6},
		CategorySystemFunctionality: {4, 4, 4},
	}
	counts := map[int]int{}
	titles := map[string]bool{}
	for i, it := range items {
		w := want[it.WeightCode]
		counts[it.WeightCode]++
		assert.Equal(t, i+1, it.ID, "ids run from 1")
		assert.Equal(t, w.max, it.MaxScore, it.Title)
		assert.Equal(t, w.score, it.ActualScore, it.Title)
		assert.Equal(t, DefaultWeight, it.Weight, it.Title)
		assert.True(t, it.Enabled, it.Title)
		assert.NotEmpty(t, it.Team, it.Title)
		assert.NotEmpty(t, it.Responsibility, it.Title)
		assert.Empty(t, it.Notes, it.Title)
		assert.GreaterOrEqual(t, strings.Count(it.Description, "\n"), 1, "%s: description has several questions", it.Title)
		for _, q := range strings.Split(it.Description, "\n") {
			assert.True(t, strings.HasSuffix(q, "?"), "%s: %q is a question", it.Title, q)
		}
		assert.False(t, titles[it.Title], "duplicate title %s", it.Title)
		titles[it.Title] = true
	}
	for code, w := range want {
		assert.Equal(t, w.count, counts[code], "items in category %d", code)
	}
}

func TestInitialReturnsACopy(t *testing.T) {
	a := Initial()
	a[0].Title = "changed"
	assert.NotEqual(t, "changed", Initial()[0].Title)
}

func TestCategories(t *testing.T) {
	cats := Categories()
	require.Len(t, cats, 3)
	want := []struct {
		code        int
		name, color string
	}{
		{1, "Impact", "red"},
		{2, "User Engagement", "yellow"},
		{3, "System Functionality", "blue"},
	}
	for i, w := range want {
		assert.Equal(t, w.code, cats[i].Code)
		assert.Equal(t, w.name, cats[i].Name)
		assert.Equal(t, w.color, cats[i].Color)
		assert.NotEmpty(t, cats[i].Description)
		c, ok := CategoryByCode(w.code)
		assert.True(t, ok)
		assert.Equal(t, cats[i], c)
	}
	_, ok := CategoryByCode(4)
	assert.False(t, ok)
}

func TestItemJSON(t *testing.T) {
	t.Run("field names", func(t *testing.T) {
		raw, err := json.Marshal(Item{ID: 1})
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(raw, &m))
		for _, f := range []string{"id", "weightCode", "weight", "title", "description", "team",
			"responsibility", "actualScore", "maxScore", "heatMap", "enabled", "notes"} {
			assert.Contains(t, m, f)
		}
		assert.Len(t, m, 12)
	})
	t.Run("defaults when absent", func(t *testing.T) {
		var it Item
		require.NoError(t, json.Unmarshal([]byte(`{"id":3,"title":"T"}`), &it))
		assert.Equal(t, 1, it.Weight)
		assert.True(t, it.Enabled)
	})
	t.Run("explicit values win", func(t *testing.T) {
		var it Item
		require.NoError(t, json.Unmarshal([]byte(`{"id":3,"weight":5,"enabled":false}`), &it))
		assert.Equal(t, 5, it.Weight)
		assert.False(t, it.Enabled)
	})
	t.Run("wrong type", func(t *testing.T) {
		var it Item
		assert.Error(t, json.Unmarshal([]byte(`{"id":"x"}`), &it))
	})
}

func TestWeights(t *testing.T) {
	assert.Equal(t, []int{1, 2, 3, 5}, Weights())
	for w, ok := range map[int]bool{0: false, 1: true, 2: true, 3: true, 4: false, 5: true, 6: false, -1: false} {
		assert.Equal(t, ok, ValidWeight(w), "weight %d", w)
	}
}

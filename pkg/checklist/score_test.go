package checklist

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vectorsPath is shared with the web UI's scoring tests.
var vectorsPath = filepath.Join("..", "..", "testdata", "checklist", "vectors.json")

type scoringVector struct {
	Name  string          `json:"name"`
	Note  string          `json:"note"`
	Items []Item          `json:"items"`
	Stats json.RawMessage `json:"stats"`
}

func loadVectors(t testing.TB) []scoringVector {
	t.Helper()
	raw, err := os.ReadFile(vectorsPath)
	require.NoError(t, err)
	var doc struct {
		Vectors []scoringVector `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	require.NotEmpty(t, doc.Vectors)
	return doc.Vectors
}

func TestScoreVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			got, err := json.Marshal(Score(v.Items))
			require.NoError(t, err)
			assert.JSONEq(t, string(v.Stats), string(got), v.Note)
		})
	}
}

func TestVectorsCoverage(t *testing.T) {
	var disabled, allZero, complete bool
	weights := map[int]bool{}
	for _, v := range loadVectors(t) {
		var s Stats
		require.NoError(t, json.Unmarshal(v.Stats, &s))
		disabled = disabled || s.DisabledItems > 0
		allZero = allZero || (s.TotalItems > 0 && s.TotalScore == 0)
		complete = complete || (s.TotalItems > 0 && s.CompletedItems == s.TotalItems)
		for _, it := range v.Items {
			weights[it.Weight] = true
		}
	}
	assert.True(t, disabled, "a vector with disabled items")
	assert.True(t, allZero, "an all-zero vector")
	assert.True(t, complete, "a complete vector")
	for _, w := range Weights() {
		assert.True(t, weights[w], "a vector with weight %d", w)
	}
}

func TestScoreInitial(t *testing.T) {
	// Worked by hand: 14×1 + 8×6 + 4×4 = 78 of 14×10 + 8×6 + 4×4 = 204.
	s := Score(Initial())
	assert.Equal(t, 78, s.TotalScore)
	assert.Equal(t, 204, s.MaxPossibleScore)
	assert.Equal(t, 38.2, s.ReadinessPercentage)
	assert.Equal(t, LevelNeedsAttention, s.ReadinessLevel)
	assert.Equal(t, 12, s.CompletedItems)
	assert.Equal(t, 46.2, s.CompletionPercentage)
	assert.Equal(t, CategoryStats{Current: 14, Max: 140, Percentage: 10, Count: 14}, s.Categories["1"])
}

func TestScoreIgnoresUnknownCategory(t *testing.T) {
	s := Score([]Item{{ID: 1, WeightCode: 9, Weight: 1, ActualScore: 2, MaxScore: 4, Enabled: true}})
	assert.Equal(t, 1, s.TotalItems)
	assert.Len(t, s.Categories, 3)
	for _, cs := range s.Categories {
		assert.Zero(t, cs.Count)
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		n, d int
		want float64
	}{
		{0, 0, 0},
		{5, 0, 0},
		{0, 7, 0},
		{1, 3, 33.3},
		{2, 3, 66.7},
		{1, 8, 12.5},
		{1, 16, 6.3}, // 6.25 rounds half up
		{1, 80, 1.3}, // 1.25 rounds half up
		{3, 4, 75},
		{188, 209, 90}, // 89.952
		{188, 251, 74.9},
		{7, 7, 100},
		{-1, 4, 0},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Percent(tc.n, tc.d), "%d/%d", tc.n, tc.d)
	}
}

func TestLevel(t *testing.T) {
	tests := []struct {
		pct  float64
		want string
	}{
		{100, LevelExcellent}, {90, LevelExcellent}, {89.9, LevelGood}, {75, LevelGood},
		{74.9, LevelFair}, {50, LevelFair}, {49.9, LevelNeedsAttention}, {0, LevelNeedsAttention},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Level(tc.pct), "%v", tc.pct)
	}
}

func TestProgressColorAndTier(t *testing.T) {
	tests := []struct {
		pct         float64
		color, tier string
	}{
		{100, "green", "completed"}, {99.9, "blue", "high"}, {75, "blue", "high"},
		{74.9, "yellow", "medium"}, {50, "yellow", "medium"}, {49.9, "red", "low"}, {0, "red", "low"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.color, ProgressColor(tc.pct), "%v", tc.pct)
		assert.Equal(t, tc.tier, ProgressTier(tc.pct), "%v", tc.pct)
	}
}

func BenchmarkScore(b *testing.B) {
	items := Initial()
	for b.Loop() {
		Score(items)
	}
}

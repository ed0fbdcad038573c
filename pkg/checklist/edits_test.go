package checklist

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEditVectors runs testdata/checklist/edits.json, the contract of the
// checklist edits the web UI makes itself (its Vitest tests apply each
// edit): the limits the UI gets are the server's, and every list before and
// after an edit is one the server accepts and can score. The server has no
// edit functions of its own; it validates whatever list is sent.
func TestEditVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "checklist", "edits.json"))
	require.NoError(t, err)
	var doc struct {
		Limits struct {
			MinMaxScore, MaxMaxScore, DefaultMaxScore int
		} `json:"limits"`
		Items   []Item `json:"items"`
		Vectors []struct {
			Name  string  `json:"name"`
			Op    string  `json:"op"`
			Items *[]Item `json:"items"`
			Want  *[]Item `json:"want"`
		} `json:"vectors"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc))
	assert.Equal(t, MinMaxScore, doc.Limits.MinMaxScore)
	assert.Equal(t, MaxMaxScore, doc.Limits.MaxMaxScore)
	assert.Equal(t, DefaultMaxScore, doc.Limits.DefaultMaxScore)
	require.NoError(t, Validate(doc.Items))

	ops := map[string]bool{}
	for _, v := range doc.Vectors {
		ops[v.Op] = true
		before := doc.Items
		if v.Items != nil {
			before = *v.Items
		}
		require.NoError(t, Validate(before), v.Name)
		if v.Want == nil {
			assert.Equal(t, "add", v.Op, "%s: only an add is ignored", v.Name)
			continue
		}
		assert.NoError(t, Validate(*v.Want), "%s: the server refuses the edit's result", v.Name)
		Score(*v.Want)
		if v.Op == "reset" {
			for _, it := range *v.Want {
				assert.Zero(t, it.ActualScore, v.Name)
				assert.Equal(t, DefaultWeight, it.Weight, v.Name)
			}
		}
	}
	for _, op := range []string{"toggleComplete", "setScore", "reset", "add", "move", "remove"} {
		assert.True(t, ops[op], "no vector for %s", op)
	}
}

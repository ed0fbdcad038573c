package campaign

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ruleVectors are testdata/campaign/rules.json: the rules the web UI mirrors,
// which its Vitest tests run too.
type ruleVectors struct {
	ValidateActivity []struct {
		Name     string      `json:"name"`
		Activity Activity    `json:"activity"`
		Errors   [][2]string `json:"errors"`
	} `json:"validateActivity"`
	SanitizeTitle []struct {
		Title string `json:"title"`
		Want  string `json:"want"`
	} `json:"sanitizeTitle"`
}

func loadRuleVectors(t *testing.T) ruleVectors {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "campaign", "rules.json"))
	require.NoError(t, err)
	var v ruleVectors
	require.NoError(t, json.Unmarshal(raw, &v))
	require.NotEmpty(t, v.ValidateActivity)
	require.NotEmpty(t, v.SanitizeTitle)
	return v
}

func TestValidateActivityVectors(t *testing.T) {
	for _, v := range loadRuleVectors(t).ValidateActivity {
		err := ValidateActivity(v.Activity, "")
		if len(v.Errors) == 0 {
			assert.NoError(t, err, v.Name)
			continue
		}
		// The server reports the first failing field, in the form's order.
		var ve *ValidationError
		require.True(t, errors.As(err, &ve), "%s: %v", v.Name, err)
		first := v.Errors[0]
		assert.Equal(t, map[string]string{first[0]: first[1]}, ve.Fields, v.Name)
		assert.Equal(t, first[1], ve.Message, v.Name)
	}
}

func TestSanitizeTitleVectors(t *testing.T) {
	for _, v := range loadRuleVectors(t).SanitizeTitle {
		assert.Equal(t, v.Want, SanitizeTitle(v.Title), "%q", v.Title)
	}
}

package campaign

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReferenceMatchesSpec(t *testing.T) {
	ref := Reference()

	ids := func(n int, id func(int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = id(i)
		}
		return out
	}
	assert.Equal(t, []string{"transformation", "disruption-response", "opportunity", "change-management",
		"product-launch", "crisis-communication", "technology-implementation", "ma-integration"},
		ids(len(ref.CampaignTypes), func(i int) string { return ref.CampaignTypes[i].ID }))
	assert.Equal(t, []string{"pre-acquisition", "newly-acquired", "integrating", "maturing", "established", "mixed-maturity"},
		ids(len(ref.MaturityPhases), func(i int) string { return ref.MaturityPhases[i].ID }))
	assert.Equal(t, []string{"executives", "managers", "employees", "customers", "stakeholders", "partners"},
		ids(len(ref.AudienceGroups), func(i int) string { return ref.AudienceGroups[i].ID }))
	assert.Equal(t, []string{"direct-affected", "indirect-divisions", "internal", "external", "mixed"},
		ids(len(ref.AudienceTypes), func(i int) string { return ref.AudienceTypes[i].ID }))

	ranges := [][2]int{{0, 15}, {15, 40}, {40, 70}, {70, 95}, {95, 98}, {98, 100}}
	require.Len(t, ref.PreAcquisitionPhases, len(ranges))
	for i, p := range ref.PreAcquisitionPhases {
		assert.Equal(t, ranges[i], [2]int{p.MinPercent, p.MaxPercent}, p.ID)
		assert.NotEmpty(t, p.Name, p.ID)
		assert.NotEmpty(t, p.Confidentiality, p.ID)
	}
	for _, m := range ref.MaturityPhases {
		assert.NotEmpty(t, m.Label, m.ID)
		assert.NotEmpty(t, m.Description, m.ID)
		assert.NotEmpty(t, m.Duration, m.ID)
		assert.Regexp(t, `^#[0-9a-f]{6}$`, m.Color, m.ID)
	}
	urgency := map[string]string{}
	for _, u := range ref.UrgencyLevels {
		urgency[u.ID] = u.Description
	}
	assert.Equal(t, map[string]string{"low": "Standard timeline", "medium": "Accelerated", "high": "Urgent deployment"}, urgency)

	// The JSON field names are a contract with GET /api/reference.
	raw, err := json.Marshal(ref)
	require.NoError(t, err)
	var fields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &fields))
	for _, f := range []string{"campaignTypes", "maturityPhases", "preAcquisitionPhases", "audienceGroups", "audienceTypes", "urgencyLevels"} {
		assert.Contains(t, fields, f)
	}

	// Reference hands out copies.
	ref.CampaignTypes[0].Label = "changed"
	assert.NotEqual(t, "changed", Reference().CampaignTypes[0].Label)
}

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCompareFindsWhatDiffers(t *testing.T) {
	want := map[string]any{"name": "Theme c1-3", "contactCount": 42}
	assert.Empty(t, compare([]byte(`{"id":"x","name":"Theme c1-3","contactCount":42,"other":true}`), want))
	assert.Contains(t, compare([]byte(`{"name":"Theme c1-2","contactCount":42}`), want), "name")
	assert.Contains(t, compare([]byte(`{"name":"Theme c1-3","contactCount":41}`), want), "contactCount")
	assert.Contains(t, compare([]byte(`{"name":"Theme c1-3"}`), want), "contactCount")
	assert.NotEmpty(t, compare([]byte(`[]`), want))
}

func TestCheckedKeepsOnlyComparableFields(t *testing.T) {
	got := checked(map[string]any{"title": "a", "schedule": "{}", "htmlContent": "<p>", "questionIds": []string{"q"},
		"themeId": "t", "audienceId": "a", "vehicleId": "v", "status": "draft"})
	assert.Equal(t, map[string]any{"title": "a", "status": "draft"}, got)
}

func TestClientTextIsUnique(t *testing.T) {
	c := newClient(7, 1, &fixture{})
	a, b := c.text("Theme"), c.text("Theme")
	assert.NotEqual(t, a, b)
	assert.Contains(t, a, "c7-")
}

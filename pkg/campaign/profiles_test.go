package campaign

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

func TestDivisionDetails(t *testing.T) {
	org := orgdata.Load()
	details := DivisionDetails(org)
	require.Len(t, details, len(org.Divisions))
	for _, div := range org.Divisions {
		d := details[div.ID]
		size, impact := DivisionSize(div.Count)
		assert.Equal(t, size, d.Size, div.ID)
		assert.Equal(t, impact, d.Impact, div.ID)
		assert.LessOrEqual(t, len(d.TopRoles), TopRoles)
		for i := 1; i < len(d.TopRoles); i++ {
			assert.GreaterOrEqual(t, d.TopRoles[i-1].Count, d.TopRoles[i].Count, div.ID)
		}
		sum := 0.0
		for _, l := range d.Structure {
			sum += l.Percent
		}
		if len(d.Structure) > 0 {
			assert.InDelta(t, 100, sum, 0.5, div.ID)
		}
	}
	// SFB - California: 142 people, so Large; its biggest title is the
	// FA/LV Installer with 20 there.
	sfb := details["sfb"]
	assert.Equal(t, SizeLarge, sfb.Size)
	require.Len(t, sfb.TopRoles, TopRoles)
	assert.Equal(t, RoleCount{Title: "FA/LV Installer", Count: 20}, sfb.TopRoles[0])
}

// TestEmployeeTargetVectors runs the vectors the scheduler's live preview
// (webui/src/lib/scheduler.ts) is tested on through the generator, so the
// preview and the schedule give the same text.
func TestEmployeeTargetVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "campaign", "targets.json"))
	require.NoError(t, err)
	var vectors []struct {
		Name string `json:"name"`
		Want string `json:"want"`
		Config
	}
	require.NoError(t, json.Unmarshal(raw, &vectors))
	require.NotEmpty(t, vectors)
	for _, v := range vectors {
		cfg := v.Config
		cfg.CampaignName, cfg.StartDate, cfg.EndDate = "Target", "2025-01-01", "2025-02-01"
		cfg.CampaignTypes = []string{TypeChangeManagement}
		s, err := Generate(cfg, orgdata.Load())
		require.NoError(t, err, v.Name)
		assert.Equal(t, v.Want, s.Targeting.EmployeeTarget, v.Name)
	}
}

// TestMAActivitiesMatchGenerator checks the preview list against a schedule:
// every M&A activity the generator adds for a selection is in the list for
// that selection.
func TestMAActivitiesMatchGenerator(t *testing.T) {
	cfg := Config{CampaignName: "Deal", StartDate: "2025-01-01", EndDate: "2025-07-01", CampaignTypes: []string{TypeMAIntegration},
		AcquisitionDate: "2025-03-01", MaturityPhases: []string{MaturityPreAcquisition, MaturityIntegrating},
		PreAcquisitionPhases: []string{"due-diligence", "negotiation"}}
	s, err := Generate(cfg, orgdata.Load())
	require.NoError(t, err)
	want := map[string]bool{}
	for _, a := range MAActivities() {
		if a.PreAcquisitionPhase != "" && slices.Contains(cfg.PreAcquisitionPhases, a.PreAcquisitionPhase) {
			want[a.Title] = true
		}
		for _, m := range a.MaturityPhases {
			if slices.Contains(cfg.MaturityPhases, m) {
				want[a.Title] = true
			}
		}
	}
	got := map[string]bool{}
	for _, a := range s.Activities {
		if _, ok := want[a.Title]; ok {
			got[a.Title] = true
		}
	}
	assert.Equal(t, want, got)
	assert.Len(t, want, 6+4)
}

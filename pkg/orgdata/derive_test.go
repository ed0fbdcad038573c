package orgdata_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/seed"
)

// headCounts groups entries as the store's DirectoryHeadCounts does.
func headCounts(es []domain.Employee) []domain.HeadCount {
	type k struct{ div, loc, lvl, grp, title string }
	n := map[k]int{}
	var order []k
	for _, e := range es {
		if !e.Active {
			continue
		}
		key := k{e.Division, e.Location, e.Level, e.RoleGroup, e.JobTitle}
		if n[key] == 0 {
			order = append(order, key)
		}
		n[key]++
	}
	out := make([]domain.HeadCount, 0, len(order))
	for _, key := range order {
		out = append(out, domain.HeadCount{Division: key.div, Location: key.loc, Level: key.lvl, RoleGroup: key.grp, JobTitle: key.title, Count: n[key]})
	}
	return out
}

// The demo directory describes the embedded dataset exactly: derived from
// it, every list and head count is the dataset's, in its order.
func TestDeriveFromDemoDirectoryIsTheDataset(t *testing.T) {
	base := orgdata.Load()
	got := orgdata.Derive(base, headCounts(seed.DemoDirectory(base)))
	assert.Equal(t, base.TotalEmployees, got.TotalEmployees)
	assert.Equal(t, base.Locations, got.Locations)
	assert.Equal(t, base.Divisions, got.Divisions)
	assert.Equal(t, base.Levels, got.Levels)
	assert.Equal(t, base.RoleGroups, got.RoleGroups)
	assert.Equal(t, base.JobTitles, got.JobTitles)
	assert.Equal(t, base.RoleGroupsByDivision(), got.RoleGroupsByDivision())
}

// A new division, location, level, group and title come in after the
// known ones with their key as id and their most common spelling; known
// values match in any spelling; what the directory lacks is left out.
func TestDeriveNewAndMissing(t *testing.T) {
	base := orgdata.Load()
	got := orgdata.Derive(base, []domain.HeadCount{
		{Division: "sfb - california", Location: "California", Level: "Field Operations", RoleGroup: "fire-alarm", JobTitle: "fa/lv installer", Count: 3},
		{Division: "ACQ - Ohio", Location: "Ohio", Level: "Apprentice", RoleGroup: "Drones", JobTitle: "Drone Pilot", Count: 4},
		{Division: "ACQ  - OHIO", Location: "ohio", Level: "Apprentice", RoleGroup: "Drones", JobTitle: "Drone Pilot", Count: 1},
		{Division: "", Location: "", Count: 2},
	})
	assert.Equal(t, 10, got.TotalEmployees)
	require.Len(t, got.Divisions, 2)
	assert.Equal(t, orgdata.Division{ID: "sfb", Label: "SFB - California", Location: "california", Count: 3, BusinessLine: base.Divisions[0].BusinessLine}, got.Divisions[0])
	assert.Equal(t, orgdata.Division{ID: "acq-ohio", Label: "ACQ - Ohio", Location: "ohio", Count: 5}, got.Divisions[1])
	assert.Equal(t, []orgdata.Location{{ID: "california", Label: "California", Count: 3}, {ID: "ohio", Label: "Ohio", Count: 5}}, got.Locations)
	assert.Equal(t, "apprentice", got.Levels[1].ID)
	assert.Equal(t, orgdata.RoleGroup{ID: "drones", Label: "Drones", Count: 5}, got.RoleGroups[1])
	require.Len(t, got.JobTitles, 2)
	assert.Equal(t, orgdata.JobTitle{JobTitle: "Drone Pilot", TotalEmployees: 5, DivisionsCount: 1, Divisions: []string{"ACQ - Ohio"},
		DivisionBreakdown: map[string]int{"ACQ - Ohio": 5}, RoleGroup: "drones", Level: "apprentice"}, got.JobTitles[0])
	assert.Equal(t, "FA/LV Installer", got.JobTitles[1].JobTitle)
	assert.Equal(t, 5, got.DivisionTotal([]string{"acq-ohio"}))
	assert.Equal(t, []string{"drones"},
		ids(got.RoleGroupsFor([]string{"acq-ohio"})))
	assert.Equal(t, base.Generations, got.Generations)
}

func ids(gs []orgdata.RoleGroup) []string {
	out := []string{}
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return out
}

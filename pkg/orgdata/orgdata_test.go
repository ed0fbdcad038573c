package orgdata_test

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/orgdata/internal/build"
)

const total = 1933

func TestEmbeddedDataMatchesSource(t *testing.T) {
	src, err := os.ReadFile("source.yaml")
	require.NoError(t, err)
	d, err := build.Build(src)
	require.NoError(t, err)
	want, err := build.JSON(d)
	require.NoError(t, err)
	if !bytes.Equal(want, orgdata.JSON()) {
		t.Fatal("data/dataset.json is stale: run `go generate ./pkg/orgdata` and commit the result")
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	src, err := os.ReadFile("source.yaml")
	require.NoError(t, err)
	var first []byte
	for range 3 {
		d, err := build.Build(src)
		require.NoError(t, err)
		b, err := build.JSON(d)
		require.NoError(t, err)
		if first == nil {
			first = b
			continue
		}
		assert.Equal(t, string(first), string(b))
	}
}

func TestLoadReturnsSharedValue(t *testing.T) {
	assert.Same(t, orgdata.Load(), orgdata.Load())
}

func TestSizes(t *testing.T) {
	d := orgdata.Load()
	assert.Equal(t, total, d.TotalEmployees)
	assert.Len(t, d.JobTitles, 241)
	assert.Len(t, d.Locations, 10)
	assert.Len(t, d.Levels, 8)
	assert.Len(t, d.RoleGroups, 15)
	assert.InDelta(t, 30, len(d.Divisions), 2, "about 30 divisions")
}

func TestTotalsAgree(t *testing.T) {
	d := orgdata.Load()
	sum := func(n int, count func(i int) int) int {
		s := 0
		for i := range n {
			s += count(i)
		}
		return s
	}
	assert.Equal(t, total, sum(len(d.JobTitles), func(i int) int { return d.JobTitles[i].TotalEmployees }), "titles")
	assert.Equal(t, total, sum(len(d.Divisions), func(i int) int { return d.Divisions[i].Count }), "divisions")
	assert.Equal(t, total, sum(len(d.Locations), func(i int) int { return d.Locations[i].Count }), "locations")
	assert.Equal(t, total, sum(len(d.Levels), func(i int) int { return d.Levels[i].Count }), "levels")
	assert.Equal(t, total, sum(len(d.RoleGroups), func(i int) int { return d.RoleGroups[i].Count }), "role groups")
	g := d.Generations
	assert.Equal(t, 873, g.Traditional)
	assert.Equal(t, 1059, g.DigitalNative)
	assert.Equal(t, total, g.Traditional+g.DigitalNative+g.Unknown)
	assert.Equal(t, g.Traditional, g.ByGeneration["silent_gen"]+g.ByGeneration["baby_boomers"]+g.ByGeneration["gen_x"])
	assert.Equal(t, g.DigitalNative, g.ByGeneration["millennials"]+g.ByGeneration["gen_z"])
}

func TestSpecLocationCounts(t *testing.T) {
	d := orgdata.Load()
	want := map[string]int{
		"california": 500, "florida": 530, "massachusetts": 154, "maryland": 106,
		"pennsylvania": 141, "new-jersey": 101, "texas": 109, "new-york": 63, "michigan": 38,
	}
	for id, n := range want {
		l, ok := d.Location(id)
		if assert.True(t, ok, id) {
			assert.Equal(t, n, l.Count, id)
		}
	}
}

func TestJobTitleRecordsAreConsistent(t *testing.T) {
	d := orgdata.Load()
	perDivision := map[string]int{}
	perGroup := map[string]int{}
	perLevel := map[string]int{}
	seen := map[string]bool{}
	for _, jt := range d.JobTitles {
		assert.False(t, seen[jt.JobTitle], "repeated title %q", jt.JobTitle)
		seen[jt.JobTitle] = true
		assert.Equal(t, jt.DivisionsCount, len(jt.Divisions), jt.JobTitle)
		assert.Equal(t, jt.DivisionsCount, len(jt.DivisionBreakdown), jt.JobTitle)
		s := 0
		for _, label := range jt.Divisions {
			n, ok := jt.DivisionBreakdown[label]
			assert.True(t, ok, "%s: %s listed but not in breakdown", jt.JobTitle, label)
			assert.Positive(t, n, "%s in %s", jt.JobTitle, label)
			_, exists := d.Division(label)
			assert.True(t, exists, "%s: unknown division %q", jt.JobTitle, label)
			s += n
			perDivision[label] += n
		}
		assert.Equal(t, jt.TotalEmployees, s, "%s: breakdown sum", jt.JobTitle)
		// The Roles table shows the first divisions as badges: largest first.
		assert.True(t, slices.IsSortedFunc(jt.Divisions, func(a, b string) int {
			return jt.DivisionBreakdown[b] - jt.DivisionBreakdown[a]
		}), "%s: divisions not largest first", jt.JobTitle)
		perGroup[jt.RoleGroup] += jt.TotalEmployees
		perLevel[jt.Level] += jt.TotalEmployees
	}
	for _, div := range d.Divisions {
		assert.Equal(t, div.Count, perDivision[div.Label], "division %s", div.Label)
	}
	for _, g := range d.RoleGroups {
		assert.Equal(t, g.Count, perGroup[g.ID], "role group %s", g.ID)
	}
	for _, l := range d.Levels {
		assert.Equal(t, l.Count, perLevel[l.ID], "level %s", l.ID)
	}
}

func TestLargestTitles(t *testing.T) {
	d := orgdata.Load()
	require.GreaterOrEqual(t, len(d.JobTitles), 4)
	got := []string{}
	for _, jt := range d.JobTitles[:3] {
		got = append(got, fmt.Sprintf("%s %d", jt.JobTitle, jt.TotalEmployees))
	}
	assert.Equal(t, []string{"FA/LV Installer 98", "Sprinkler Fitter C2 81", "Service Coordinator 2 69"}, got)
	assert.Less(t, d.JobTitles[3].TotalEmployees, 69)
}

func TestDivisions(t *testing.T) {
	d := orgdata.Load()
	label := regexp.MustCompile(`^([A-Z]{3}) - (.+)$`)
	special := map[string]bool{"Corporate": true, "Unknown": true, "HR Services": true}
	lines := map[string]bool{}
	for _, l := range d.BusinessLines {
		lines[l.ID] = true
	}
	ids := map[string]bool{}
	for _, div := range d.Divisions {
		assert.False(t, ids[div.ID], "repeated id %s", div.ID)
		ids[div.ID] = true
		assert.True(t, lines[div.BusinessLine], "%s: business line %q", div.Label, div.BusinessLine)
		loc, ok := d.Location(div.Location)
		require.True(t, ok, "%s: location %q", div.Label, div.Location)
		if special[div.Label] {
			delete(special, div.Label)
			continue
		}
		m := label.FindStringSubmatch(div.Label)
		if assert.NotNil(t, m, "label %q", div.Label) {
			assert.Equal(t, loc.Label, m[2], "%s: place is its location", div.Label)
			assert.Equal(t, strings.ToLower(m[1]), div.ID)
			assert.Equal(t, loc.Label, div.Place())
		}
	}
	assert.Empty(t, special, "missing shared divisions")
	assert.Len(t, d.BusinessLines, 6)
}

func TestDivisionsFor(t *testing.T) {
	d := orgdata.Load()
	assert.Equal(t, d.Divisions, d.DivisionsFor(nil))

	got := d.DivisionsFor([]string{"new-york", "michigan"})
	labels := []string{}
	sum := 0
	for _, div := range got {
		labels = append(labels, div.Label)
		sum += div.Count
	}
	assert.ElementsMatch(t, []string{"ESS - New York", "NYF - New York", "GLF - Michigan"}, labels)
	assert.Equal(t, 63+38, sum)

	for _, l := range d.Locations {
		s := 0
		for _, div := range d.DivisionsFor([]string{l.ID}) {
			s += div.Count
		}
		assert.Equal(t, l.Count, s, "location %s", l.ID)
	}
	assert.Empty(t, d.DivisionsFor([]string{"nowhere"}))
}

func TestRoleGroupsFor(t *testing.T) {
	d := orgdata.Load()
	ids := func(gs []orgdata.RoleGroup) []string {
		out := []string{}
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	always := []string{"executive-leadership", "operations-management", "administrative-support"}

	assert.Len(t, d.RoleGroupsFor(nil), 15)

	tests := []struct {
		name      string
		divisions []string
		include   []string
		exclude   []string
	}{
		{"sprinkler division", []string{"laf"}, []string{"sprinkler"}, []string{"security"}},
		{"security division by label", []string{"WSS - Massachusetts"}, []string{"security"}, []string{"sprinkler"}},
		{"fire alarm division", []string{"sfb"}, []string{"fire-alarm", "inspection-testing"}, []string{"security"}},
		{"hr services", []string{"hr-services"}, []string{"human-resources"}, []string{"sprinkler", "fire-alarm"}},
		{"two divisions", []string{"laf", "wss"}, []string{"sprinkler", "security"}, nil},
		{"unknown division key", []string{"nope"}, nil, []string{"sprinkler", "fire-alarm", "security"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ids(d.RoleGroupsFor(tc.divisions))
			for _, id := range append(slices.Clone(always), tc.include...) {
				assert.Contains(t, got, id)
			}
			for _, id := range tc.exclude {
				assert.NotContains(t, got, id)
			}
		})
	}

	// Derived from the data: a group is offered exactly when one of its
	// titles has employees in the division (or it is always eligible).
	for _, div := range d.Divisions {
		got := ids(d.RoleGroupsFor([]string{div.ID}))
		for _, g := range d.RoleGroups {
			occurs := false
			for _, jt := range d.JobTitles {
				if jt.RoleGroup == g.ID && jt.DivisionBreakdown[div.Label] > 0 {
					occurs = true
				}
			}
			assert.Equal(t, occurs || g.AlwaysEligible, slices.Contains(got, g.ID), "%s in %s", g.ID, div.Label)
		}
	}
}

func TestRoleGroupsByDivisionIsTheUnionRule(t *testing.T) {
	d := orgdata.Load()
	byDiv := d.RoleGroupsByDivision()
	require.Len(t, byDiv, len(d.Divisions))
	for _, sel := range [][]string{{"sfb"}, {"laf", "wss"}, {"corporate", "hr-services", "gwl"}} {
		union := map[string]bool{}
		for _, id := range sel {
			for _, g := range byDiv[id] {
				union[g] = true
			}
		}
		got := map[string]bool{}
		for _, g := range d.RoleGroupsFor(sel) {
			got[g.ID] = true
		}
		assert.Equal(t, got, union, "%v", sel)
	}
}

func TestSearchJobTitles(t *testing.T) {
	d := orgdata.Load()
	tests := []struct {
		name, q, division string
		check             func(t *testing.T, got []orgdata.JobTitle)
	}{
		{"empty matches all", "", "", func(t *testing.T, got []orgdata.JobTitle) { assert.Len(t, got, 241) }},
		{"case-insensitive title", "SPRINKLER fitter c2", "", func(t *testing.T, got []orgdata.JobTitle) {
			require.Len(t, got, 1)
			assert.Equal(t, "Sprinkler Fitter C2", got[0].JobTitle)
		}},
		{"substring", "installer", "", func(t *testing.T, got []orgdata.JobTitle) {
			require.NotEmpty(t, got)
			assert.Equal(t, "FA/LV Installer", got[0].JobTitle)
			for _, jt := range got {
				assert.Contains(t, strings.ToLower(jt.JobTitle), "installer")
			}
		}},
		{"division substring", "", "corporate", func(t *testing.T, got []orgdata.JobTitle) {
			require.NotEmpty(t, got)
			for _, jt := range got {
				assert.Contains(t, jt.Divisions, "Corporate")
			}
			titles := []string{}
			for _, jt := range got {
				titles = append(titles, jt.JobTitle)
			}
			assert.Contains(t, titles, "Chief Executive Officer")
		}},
		{"both filters", "fitter", "georgia", func(t *testing.T, got []orgdata.JobTitle) {
			require.NotEmpty(t, got)
			for _, jt := range got {
				assert.Contains(t, strings.ToLower(jt.JobTitle), "fitter")
				assert.True(t, slices.ContainsFunc(jt.Divisions, func(l string) bool { return strings.HasSuffix(l, "Georgia") }))
			}
		}},
		{"no match", "astronaut", "", func(t *testing.T, got []orgdata.JobTitle) { assert.Empty(t, got) }},
		{"spaces ignored", "  chief executive ", "", func(t *testing.T, got []orgdata.JobTitle) { assert.Len(t, got, 1) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.check(t, d.SearchJobTitles(tc.q, tc.division)) })
	}
}

func TestTotals(t *testing.T) {
	d := orgdata.Load()
	allIDs := func(n int, id func(i int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = id(i)
		}
		return out
	}
	assert.Equal(t, total, d.DivisionTotal(allIDs(len(d.Divisions), func(i int) string { return d.Divisions[i].ID })))
	assert.Equal(t, total, d.LocationTotal(allIDs(len(d.Locations), func(i int) string { return d.Locations[i].ID })))
	assert.Equal(t, total, d.LevelTotal(allIDs(len(d.Levels), func(i int) string { return d.Levels[i].ID })))
	assert.Equal(t, total, d.RoleTotal(allIDs(len(d.RoleGroups), func(i int) string { return d.RoleGroups[i].ID })))

	tests := []struct {
		name string
		got  int
		want int
	}{
		{"division by id and label, repeated", d.DivisionTotal([]string{"sfb", "SFB - California", "corporate"}), 142 + 68},
		{"unknown division", d.DivisionTotal([]string{"zzz"}), 0},
		{"locations", d.LocationTotal([]string{"california", "texas", "california", "mars"}), 609},
		{"empty", d.LocationTotal(nil), 0},
		{"level by label", d.LevelTotal([]string{"Executive Leadership"}), mustLevel(t, d, "executive-leadership")},
		{"role by id", d.RoleTotal([]string{"fire-alarm"}), mustRole(t, d, "fire-alarm")},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.got, tc.name)
	}
}

func TestSpecOrgLevels(t *testing.T) {
	d := orgdata.Load()
	for _, label := range []string{"Executive Leadership", "Division Management", "Project Management",
		"Field Operations", "Technical Specialists", "Administrative Support"} {
		l, ok := d.Level(label)
		if assert.True(t, ok, label) {
			assert.Positive(t, l.Count, label)
		}
	}
}

func mustLevel(t *testing.T, d *orgdata.Dataset, id string) int {
	l, ok := d.Level(id)
	require.True(t, ok)
	return l.Count
}

func mustRole(t *testing.T, d *orgdata.Dataset, id string) int {
	g, ok := d.RoleGroup(id)
	require.True(t, ok)
	return g.Count
}

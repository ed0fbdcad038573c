package build

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAllocateMeetsTotalsAndTargets(t *testing.T) {
	totals := []int{10, 7, 3, 1}
	targets := []int{9, 8, 4}
	allowed := [][]bool{
		{true, true, false},
		{false, true, true},
		{true, true, true},
		{false, false, true},
	}
	w := [][]int64{{9, 8, 4}, {9, 8, 4}, {9, 8, 4}, {9, 8, 4}}
	x, err := allocate(totals, targets, allowed, w)
	require.NoError(t, err)
	cols := make([]int, len(targets))
	for i, row := range x {
		s := 0
		for j, n := range row {
			if !allowed[i][j] {
				assert.Zero(t, n, "title %d placed in forbidden division %d", i, j)
			}
			assert.GreaterOrEqual(t, n, 0)
			s += n
			cols[j] += n
		}
		assert.Equal(t, totals[i], s, "title %d", i)
	}
	assert.Equal(t, targets, cols)
}

func TestAllocateSpreadsByWeight(t *testing.T) {
	// Two titles over two divisions, each leaning three to one towards a
	// different division: minimising x²/w splits them 3:1.
	x, err := allocate([]int{40, 40}, []int{40, 40}, [][]bool{{true, true}, {true, true}}, [][]int64{{3, 1}, {1, 3}})
	require.NoError(t, err)
	assert.Equal(t, [][]int{{30, 10}, {10, 30}}, x)
}

func TestAllocateInfeasible(t *testing.T) {
	tests := []struct {
		name    string
		totals  []int
		targets []int
		allowed [][]bool
		want    string
	}{
		{"sums differ", []int{3}, []int{4}, [][]bool{{true}}, "titles hold 3 employees but divisions 4"},
		{"forbidden", []int{2, 2}, []int{3, 1}, [][]bool{{false, true}, {false, true}}, "cannot fill"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := make([][]int64, len(tc.totals))
			for i := range w {
				w[i] = make([]int64, len(tc.targets))
				for j := range w[i] {
					w[i][j] = 1
				}
			}
			_, err := allocate(tc.totals, tc.targets, tc.allowed, w)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

const miniSource = `
totalEmployees: 10
generations: {traditional: 4, digitalNative: 5, unknown: 1}
businessLines:
  - {id: fire-alarm, label: Fire Alarm}
  - {id: administration, label: Administration}
locations:
  - {id: texas, label: Texas, count: 10}
divisions:
  - {code: HFS, location: texas, line: fire-alarm, count: 7}
  - {id: corporate, label: Corporate, location: texas, line: administration, count: 3}
levels:
  - {id: field-operations, label: Field Operations}
  - {id: executive-leadership, label: Executive Leadership}
roleGroups:
  - {id: fire-alarm, label: Fire Alarm, lines: [fire-alarm]}
  - {id: executive-leadership, label: Executive Leadership, lines: [administration], alwaysEligible: true}
titles:
  - [6, Fire Alarm Technician, fire-alarm, field-operations]
  - [1, Chief Executive Officer, executive-leadership, executive-leadership, [corporate]]
  - [3, Office Manager, executive-leadership, field-operations, [all]]
`

func TestBuildMini(t *testing.T) {
	d, err := Build([]byte(miniSource))
	require.NoError(t, err)
	require.Len(t, d.Divisions, 2)
	assert.Equal(t, "HFS - Texas", d.Divisions[0].Label)
	assert.Equal(t, "hfs", d.Divisions[0].ID)
	require.Len(t, d.JobTitles, 3)
	assert.Equal(t, "Fire Alarm Technician", d.JobTitles[0].JobTitle)
	assert.Equal(t, map[string]int{"HFS - Texas": 6}, d.JobTitles[0].DivisionBreakdown)
	ceo := d.JobTitles[2]
	assert.Equal(t, "Chief Executive Officer", ceo.JobTitle)
	assert.Equal(t, []string{"Corporate"}, ceo.Divisions)
	assert.Equal(t, 6, d.RoleGroups[0].Count)
	assert.Equal(t, 4, d.RoleGroups[1].Count)
	assert.Equal(t, 9, d.Levels[0].Count)
}

func TestBuildRejectsInconsistentSource(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"location sum", "count: 10}\ndivisions", "count: 11}\ndivisions", "locations sum to 11"},
		{"division sum", "line: fire-alarm, count: 7}", "line: fire-alarm, count: 6}", "location texas: divisions sum to 9"},
		{"title sum", "[6, Fire Alarm Technician", "[5, Fire Alarm Technician", "titles sum to 9"},
		{"generations", "unknown: 1}", "unknown: 2}", "generations sum to 11"},
		{"unknown group", "Fire Alarm Technician, fire-alarm,", "Fire Alarm Technician, sprinkler,", `unknown role group "sprinkler"`},
		{"unknown level", "fire-alarm, field-operations]", "fire-alarm, field-ops]", `unknown level "field-ops"`},
		{"unknown limit", "[corporate]]", "[hq]]", `"hq" is neither a business line nor a division id`},
		{"bad code", "code: HFS", "code: HF", "want three capital letters"},
		{"unknown field", "totalEmployees: 10", "totalEmployees: 10\ncolour: red", "field colour not found"},
		{"bad row", "[1, Chief Executive Officer, executive-leadership, executive-leadership, [corporate]]", "[1, Chief Executive Officer]", "a title is [count"},
		{"repeated title", "[3, Office Manager", "[3, Fire Alarm Technician", `title "Fire Alarm Technician": empty or repeated`},
		{"infeasible", "[6, Fire Alarm Technician, fire-alarm, field-operations]", "[6, Fire Alarm Technician, fire-alarm, field-operations, [corporate]]", "cannot fill"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(miniSource, tc.from, tc.to, 1)
			require.NotEqual(t, miniSource, src, "test edit did not apply")
			_, err := Build([]byte(src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

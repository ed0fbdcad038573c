package campaign

import (
	"cmp"
	"math"
	"slices"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

// TopRoles is how many job titles a division profile lists (spec 02 §9).
const TopRoles = 8

// DivisionDetail is the scheduler's detailed division profile: the size
// label and impact of spec 02 §9, the organisational structure (share of the
// division's people at each level) and its largest job titles. The spec
// calls these "fixed ratios per division type" without values; we derive
// them from the dataset's job titles, so they are real figures.
type DivisionDetail struct {
	DivisionProfile
	Structure []LevelShare `json:"structure"`
	TopRoles  []RoleCount  `json:"topRoles"`
}

// LevelShare is one organisational level's head count in a division and its
// percentage of the division's job-title head count (one decimal).
type LevelShare struct {
	ID      string  `json:"id"`
	Label   string  `json:"label"`
	Count   int     `json:"count"`
	Percent float64 `json:"percent"`
}

// RoleCount is a job title's head count in a division.
type RoleCount struct {
	Title string `json:"title"`
	Count int    `json:"count"`
}

// DivisionDetails returns every division's profile, keyed by division id.
// Levels come in dataset order (levels without people are left out); roles
// are the TopRoles largest, ties by title.
func DivisionDetails(org *orgdata.Dataset) map[string]DivisionDetail {
	out := make(map[string]DivisionDetail, len(org.Divisions))
	for _, div := range org.Divisions {
		byLevel := map[string]int{}
		roles := []RoleCount{}
		total := 0
		for _, t := range org.JobTitles {
			n := t.DivisionBreakdown[div.Label]
			if n <= 0 {
				continue
			}
			byLevel[t.Level] += n
			total += n
			roles = append(roles, RoleCount{Title: t.JobTitle, Count: n})
		}
		slices.SortFunc(roles, func(a, b RoleCount) int {
			return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Title, b.Title))
		})
		structure := []LevelShare{}
		for _, l := range org.Levels {
			if n := byLevel[l.ID]; n > 0 {
				structure = append(structure, LevelShare{ID: l.ID, Label: l.Label, Count: n,
					Percent: math.Round(float64(n)*1000/float64(total)) / 10})
			}
		}
		out[div.ID] = DivisionDetail{DivisionProfile: divisionProfile(div), Structure: structure, TopRoles: roles[:min(TopRoles, len(roles))]}
	}
	return out
}

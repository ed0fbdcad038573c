package seed

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
)

// KindDirectory is the demo directory's kind of seeded record.
const KindDirectory = "directory"

// zones are the demo directory's time zones by location id.
var zones = map[string]string{
	"california": "America/Los_Angeles", "florida": "America/New_York", "massachusetts": "America/New_York",
	"maryland": "America/New_York", "pennsylvania": "America/New_York", "new-jersey": "America/New_York",
	"texas": "America/Chicago", "new-york": "America/New_York", "michigan": "America/Detroit", "georgia": "America/New_York",
}

var (
	firstNames = []string{"Avery", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Quinn", "Harper", "Rowan", "Elliot",
		"Maria", "James", "Wei", "Priya", "Diego", "Fatima", "Noah", "Aisha", "Lucas", "Mei", "Omar", "Sofia", "Ethan", "Grace",
		"Mateo", "Chloe", "Samuel", "Leila", "Daniel", "Hana", "Isaac", "Nora", "Gabriel", "Zoe", "Adrian", "Ivy", "Victor"}
	lastNames = []string{"Nguyen", "Garcia", "Smith", "Patel", "Johnson", "Kim", "Martinez", "Brown", "Okafor", "Rossi",
		"Chen", "Williams", "Lopez", "Davis", "Haddad", "Miller", "Singh", "Wilson", "Moreau", "Anderson", "Tanaka", "Thomas",
		"Hernandez", "Moore", "Schmidt", "Jackson", "Novak", "White", "Costa", "Harris", "Ivanova", "Clark", "Reyes"}
)

// DemoDirectory is the synthetic directory `seed --demo` loads: one entry
// per employee the dataset counts, each job title's head count spread over
// its divisions as the dataset's breakdown says, so the directory's totals
// per division, location, level and role group are the dataset's exactly.
// Names, addresses at example.com and time zones are made up, the same on
// every run.
func DemoDirectory(d *orgdata.Dataset) []domain.Employee {
	out := make([]domain.Employee, 0, d.TotalEmployees)
	lines := map[string]string{}
	for _, l := range d.BusinessLines {
		lines[l.ID] = l.Label
	}
	for _, j := range d.JobTitles {
		level, _ := d.Level(j.Level)
		group, _ := d.RoleGroup(j.RoleGroup)
		for _, divLabel := range slices.Sorted(maps.Keys(j.DivisionBreakdown)) {
			div, _ := d.Division(divLabel)
			loc, _ := d.Location(div.Location)
			for range j.DivisionBreakdown[divLabel] {
				n := len(out)
				first, last := firstNames[n%len(firstNames)], lastNames[(n/len(firstNames)+n)%len(lastNames)]
				out = append(out, domain.Employee{
					EmployeeID: fmt.Sprintf("D%05d", n+1), Name: first + " " + last,
					Email:    fmt.Sprintf("%s.%s.%d@example.com", strings.ToLower(first), strings.ToLower(last), n+1),
					Division: div.Label, Location: loc.Label, Department: lines[div.BusinessLine], JobTitle: j.JobTitle,
					Level: level.Label, EmployeeType: "Full-time", RoleGroup: group.Label, Language: "en-US",
					Timezone: zones[div.Location], Active: true, Attributes: map[string]string{}, Source: domain.SourceSeed,
				})
			}
		}
	}
	return out
}

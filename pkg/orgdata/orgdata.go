// Package orgdata is the embedded organisation dataset: the synthetic
// field-services group's locations, divisions, organisational levels, role
// groups, job titles and generational split. Every total in commsplan (the
// audiences, the roles table, the campaign scheduler's targeting) is a view of
// this one dataset, so they agree everywhere.
//
// The data is synthetic. It is kept readable in source.yaml and generated
// into data/dataset.json (go generate; see docs/dataset.md), which Load parses
// once and shares:
//
//	d := orgdata.Load()
//	d.TotalEmployees                          // 1,933
//	d.DivisionsFor([]string{"california"})   // divisions of some locations
//	d.RoleGroupsFor([]string{"sfb"})         // role groups eligible there
//	d.SearchJobTitles("installer", "florida") // the Roles table's filters
//
// The scheduler's "~N employees" target takes the largest of DivisionTotal,
// LocationTotal, LevelTotal and RoleTotal: each sums the head counts of the
// named records (ids, or labels where records have them), counting each
// record once and ignoring names it does not know.
package orgdata

// CompanyName is the synthetic group's name, shown in the audience summary.
const CompanyName = "Keystone Life Safety Group"

// Location is a location group (a US state group) with its head count.
type Location struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// Division is one division, labelled "CODE - Place" (or Corporate, Unknown,
// HR Services), in one location group.
type Division struct {
	ID           string `json:"id"`
	Label        string `json:"label"`
	Location     string `json:"location"`
	Count        int    `json:"count"`
	BusinessLine string `json:"businessLine"`
}

// Level is an organisational level with its head count.
type Level struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// RoleGroup is a group of job titles (a role category) with its head count.
type RoleGroup struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Count int    `json:"count"`
	// AlwaysEligible groups (executive, operations management, administrative
	// support) are offered whatever divisions are selected (spec 02 §5).
	AlwaysEligible bool `json:"alwaysEligible"`
}

// JobTitle is one job title record as the Roles Database shows it.
type JobTitle struct {
	JobTitle          string         `json:"jobTitle"`
	TotalEmployees    int            `json:"totalEmployees"`
	DivisionsCount    int            `json:"divisionsCount"`
	Divisions         []string       `json:"divisions"`
	DivisionBreakdown map[string]int `json:"divisionBreakdown"`
	// RoleGroup and Level are the ids of the title's role group and
	// organisational level.
	RoleGroup string `json:"roleGroup"`
	Level     string `json:"level"`
}

// Generations is the generational split of the workforce.
type Generations struct {
	Traditional   int `json:"traditional"`
	DigitalNative int `json:"digitalNative"`
	// Unknown counts employees without a recorded birth year: the spec's
	// 873 + 1,059 is one short of 1,933 (see docs/dataset.md).
	Unknown int `json:"unknown"`
	// ByGeneration splits Traditional and DigitalNative by generation id
	// (silent_gen, baby_boomers, gen_x are traditional; millennials and
	// gen_z digital native).
	ByGeneration map[string]int `json:"byGeneration"`
}

// BusinessLine is a line of business a division works in.
type BusinessLine struct {
	ID    string `json:"id" yaml:"id"`
	Label string `json:"label" yaml:"label"`
}

// Dataset is the whole organisation dataset.
type Dataset struct {
	TotalEmployees int `json:"totalEmployees"`
	// Country is the ISO 3166 code of the country the organisation works
	// in ("us"); campaign schedules avoid its public holidays by default.
	Country       string         `json:"country,omitempty"`
	BusinessLines []BusinessLine `json:"businessLines"`
	Locations     []Location     `json:"locations"`
	Divisions     []Division     `json:"divisions"`
	Levels        []Level        `json:"levels"`
	RoleGroups    []RoleGroup    `json:"roleGroups"`
	JobTitles     []JobTitle     `json:"jobTitles"`
	Generations   Generations    `json:"generations"`
}

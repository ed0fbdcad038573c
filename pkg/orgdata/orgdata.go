// Package orgdata is the embedded organisation dataset: the synthetic
// field-services group's locations, divisions, organisational levels, role
// groups, job titles and generational split. Every total in commsplan (the
// audiences, the roles table, the campaign scheduler's targeting) is a view of
// this one dataset, so they agree everywhere.
package orgdata

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
}

// JobTitle is one job title record as the Roles Database shows it.
type JobTitle struct {
	JobTitle          string         `json:"jobTitle"`
	TotalEmployees    int            `json:"totalEmployees"`
	DivisionsCount    int            `json:"divisionsCount"`
	Divisions         []string       `json:"divisions"`
	DivisionBreakdown map[string]int `json:"divisionBreakdown"`
}

// Generations is the generational split of the workforce.
type Generations struct {
	Traditional   int `json:"traditional"`
	DigitalNative int `json:"digitalNative"`
}

// Dataset is the whole organisation dataset.
type Dataset struct {
	TotalEmployees int         `json:"totalEmployees"`
	Locations      []Location  `json:"locations"`
	Divisions      []Division  `json:"divisions"`
	Levels         []Level     `json:"levels"`
	RoleGroups     []RoleGroup `json:"roleGroups"`
	JobTitles      []JobTitle  `json:"jobTitles"`
	Generations    Generations `json:"generations"`
}

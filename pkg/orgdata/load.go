package orgdata

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strings"
	"sync"
)

// Business line ids of Division.BusinessLine.
const (
	LineFireAlarm      = "fire-alarm"
	LineSprinkler      = "sprinkler"
	LineSecurity       = "security"
	LineLowVoltage     = "low-voltage"
	LineService        = "service"
	LineAdministration = "administration"
)

//go:embed data/dataset.json
var datasetJSON []byte

var (
	loadOnce sync.Once
	loaded   *Dataset
)

// Load returns the embedded dataset, parsed on first use. The value is shared
// by every caller and must be treated as read-only; copy what you change.
func Load() *Dataset {
	loadOnce.Do(func() {
		var d Dataset
		if err := json.Unmarshal(datasetJSON, &d); err != nil {
			// The file is generated and checked by the package tests, so a
			// failure here is a build defect, not a runtime condition.
			panic("orgdata: embedded dataset: " + err.Error())
		}
		loaded = &d
	})
	return loaded
}

// JSON returns the embedded dataset document exactly as stored.
func JSON() []byte { return slices.Clone(datasetJSON) }

// Location returns the location group with the given id.
func (d *Dataset) Location(id string) (Location, bool) {
	for _, l := range d.Locations {
		if l.ID == id {
			return l, true
		}
	}
	return Location{}, false
}

// Division returns the division whose id or label is key (ids compare
// case-insensitively, labels exactly).
func (d *Dataset) Division(key string) (Division, bool) {
	for _, div := range d.Divisions {
		if div.Label == key || strings.EqualFold(div.ID, key) {
			return div, true
		}
	}
	return Division{}, false
}

// Level returns the organisational level with the given id or label.
func (d *Dataset) Level(key string) (Level, bool) {
	for _, l := range d.Levels {
		if l.ID == key || l.Label == key {
			return l, true
		}
	}
	return Level{}, false
}

// RoleGroup returns the role group with the given id or label.
func (d *Dataset) RoleGroup(key string) (RoleGroup, bool) {
	for _, g := range d.RoleGroups {
		if g.ID == key || g.Label == key {
			return g, true
		}
	}
	return RoleGroup{}, false
}

// JobTitle returns the job title record with exactly the given title.
func (d *Dataset) JobTitle(title string) (JobTitle, bool) {
	for _, t := range d.JobTitles {
		if t.JobTitle == title {
			return t, true
		}
	}
	return JobTitle{}, false
}

// Place is the part of the division label after " - " (the US state), or
// the whole label for Corporate, Unknown and HR Services.
func (div Division) Place() string {
	if _, place, ok := strings.Cut(div.Label, " - "); ok {
		return place
	}
	return div.Label
}

// DivisionsFor returns the divisions located in any of the given location
// ids, in dataset order; all divisions when locations is empty.
func (d *Dataset) DivisionsFor(locations []string) []Division {
	if len(locations) == 0 {
		return slices.Clone(d.Divisions)
	}
	var out []Division
	for _, div := range d.Divisions {
		if slices.Contains(locations, div.Location) {
			out = append(out, div)
		}
	}
	return out
}

// RoleGroupsFor returns the role groups that may be targeted in the given
// divisions (ids or labels), in dataset order: a group qualifies when one of
// its job titles has employees in one of the divisions, and the always
// eligible (executive, management and administrative) groups always do. With
// no division given, every group qualifies. This is spec 02 §5's role filter,
// derived from the data instead of a hand-written list.
func (d *Dataset) RoleGroupsFor(divisions []string) []RoleGroup {
	if len(divisions) == 0 {
		return slices.Clone(d.RoleGroups)
	}
	labels := map[string]bool{}
	for _, key := range divisions {
		if div, ok := d.Division(key); ok {
			labels[div.Label] = true
		}
	}
	present := map[string]bool{}
	for _, t := range d.JobTitles {
		for label := range t.DivisionBreakdown {
			if labels[label] && t.DivisionBreakdown[label] > 0 {
				present[t.RoleGroup] = true
				break
			}
		}
	}
	var out []RoleGroup
	for _, g := range d.RoleGroups {
		if g.AlwaysEligible || present[g.ID] {
			out = append(out, g)
		}
	}
	return out
}

// RoleGroupsByDivision maps each division id to the ids of the role groups
// RoleGroupsFor offers for that division alone. RoleGroupsFor of several
// divisions is the union of their entries, so a client can apply the rule
// without asking the server again.
func (d *Dataset) RoleGroupsByDivision() map[string][]string {
	out := make(map[string][]string, len(d.Divisions))
	for _, div := range d.Divisions {
		ids := []string{}
		for _, g := range d.RoleGroupsFor([]string{div.ID}) {
			ids = append(ids, g.ID)
		}
		out[div.ID] = ids
	}
	return out
}

// SearchJobTitles returns the job titles matching both filters, in dataset
// order (largest first), with the Roles table's rules (spec 01 §5): q is a
// case-insensitive substring of the title; division is a case-insensitive
// substring of any of the title's division labels; an empty filter matches
// everything. Surrounding spaces are ignored.
func (d *Dataset) SearchJobTitles(q, division string) []JobTitle {
	q = strings.ToLower(strings.TrimSpace(q))
	division = strings.ToLower(strings.TrimSpace(division))
	out := make([]JobTitle, 0, len(d.JobTitles))
	for _, t := range d.JobTitles {
		if q != "" && !strings.Contains(strings.ToLower(t.JobTitle), q) {
			continue
		}
		if division != "" && !slices.ContainsFunc(t.Divisions, func(label string) bool {
			return strings.Contains(strings.ToLower(label), division)
		}) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// DivisionTotal is the head count of the given divisions (ids or labels);
// unknown keys and repeats add nothing.
func (d *Dataset) DivisionTotal(keys []string) int {
	seen := map[string]bool{}
	total := 0
	for _, k := range keys {
		if div, ok := d.Division(k); ok && !seen[div.ID] {
			seen[div.ID] = true
			total += div.Count
		}
	}
	return total
}

// LocationTotal is the head count of the given location ids; unknown ids and
// repeats add nothing.
func (d *Dataset) LocationTotal(ids []string) int {
	seen := map[string]bool{}
	total := 0
	for _, id := range ids {
		if l, ok := d.Location(id); ok && !seen[l.ID] {
			seen[l.ID] = true
			total += l.Count
		}
	}
	return total
}

// LevelTotal is the head count of the given organisational levels (ids or
// labels); unknown keys and repeats add nothing.
func (d *Dataset) LevelTotal(keys []string) int {
	seen := map[string]bool{}
	total := 0
	for _, k := range keys {
		if l, ok := d.Level(k); ok && !seen[l.ID] {
			seen[l.ID] = true
			total += l.Count
		}
	}
	return total
}

// RoleTotal is the head count of the given role groups (ids or labels);
// unknown keys and repeats add nothing.
func (d *Dataset) RoleTotal(keys []string) int {
	seen := map[string]bool{}
	total := 0
	for _, k := range keys {
		if g, ok := d.RoleGroup(k); ok && !seen[g.ID] {
			seen[g.ID] = true
			total += g.Count
		}
	}
	return total
}

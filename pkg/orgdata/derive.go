package orgdata

import (
	"cmp"
	"maps"
	"slices"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Derive is the organisation a directory describes: its locations,
// divisions, levels, role groups and job titles with their head counts.
// A value base knows (by domain.DirectoryKey of its id or label) keeps
// base's id, label and settings (a division's location and business line,
// a role group's eligibility), so saved plans that name "sfb" still find
// it; a value base does not know is new, with its key as id and its most
// common spelling as label. Records base has and the directory does not
// are left out: the organisation is what the directory holds now. Base's
// order comes first, new records after, largest first. The generational
// split, country and business lines stay base's: a directory does not
// carry them. An empty value counts in the total and in no list.
func Derive(base *Dataset, counts []domain.HeadCount) *Dataset {
	d := &Dataset{Country: base.Country, BusinessLines: base.BusinessLines, Generations: base.Generations}
	locs := newTally(len(base.Locations))
	for _, l := range base.Locations {
		locs.know(l.ID, l.Label, l.ID)
	}
	divs := newTally(len(base.Divisions))
	for _, div := range base.Divisions {
		divs.know(div.Label, div.ID, div.Label)
	}
	levels := newTally(len(base.Levels))
	for _, l := range base.Levels {
		levels.know(l.ID, l.Label, l.ID)
	}
	groups := newTally(len(base.RoleGroups))
	for _, g := range base.RoleGroups {
		groups.know(g.ID, g.Label, g.ID)
	}
	titles := newTally(len(base.JobTitles))
	for _, t := range base.JobTitles {
		titles.know(t.JobTitle, t.JobTitle)
	}
	// Per division its locations, per title its divisions, levels and
	// groups, by the tallies' keys.
	divLocs := map[string]map[string]int{}
	titleDivs := map[string]map[string]int{}
	titleLevels := map[string]map[string]int{}
	titleGroups := map[string]map[string]int{}
	for _, c := range counts {
		if c.Count <= 0 {
			continue
		}
		d.TotalEmployees += c.Count
		l := locs.add(c.Location, c.Count)
		dv := divs.add(c.Division, c.Count)
		lv := levels.add(c.Level, c.Count)
		g := groups.add(c.RoleGroup, c.Count)
		t := titles.add(c.JobTitle, c.Count)
		if dv != "" && l != "" {
			bump(divLocs, dv, l, c.Count)
		}
		if t != "" {
			if dv != "" {
				bump(titleDivs, t, dv, c.Count)
			}
			if lv != "" {
				bump(titleLevels, t, lv, c.Count)
			}
			if g != "" {
				bump(titleGroups, t, g, c.Count)
			}
		}
	}

	baseLoc := map[string]Location{}
	for _, l := range base.Locations {
		baseLoc[locs.keyOf(l.ID)] = l
	}
	for _, k := range locs.order() {
		l, ok := baseLoc[k]
		if !ok {
			l = Location{ID: k, Label: locs.label(k)}
		}
		l.Count = locs.n[k]
		d.Locations = append(d.Locations, l)
	}
	baseDiv := map[string]Division{}
	for _, div := range base.Divisions {
		baseDiv[divs.keyOf(div.Label)] = div
	}
	divLabel := map[string]string{} // key → the derived label
	for _, k := range divs.order() {
		div, ok := baseDiv[k]
		if !ok {
			div = Division{ID: k, Label: divs.label(k)}
			if l := top(divLocs[k]); l != "" {
				div.Location = idOf(d.Locations, l, locs)
			}
		}
		div.Count = divs.n[k]
		divLabel[k] = div.Label
		d.Divisions = append(d.Divisions, div)
	}
	baseLevel := map[string]Level{}
	for _, l := range base.Levels {
		baseLevel[levels.keyOf(l.ID)] = l
	}
	levelID := map[string]string{}
	for _, k := range levels.order() {
		l, ok := baseLevel[k]
		if !ok {
			l = Level{ID: k, Label: levels.label(k)}
		}
		l.Count = levels.n[k]
		levelID[k] = l.ID
		d.Levels = append(d.Levels, l)
	}
	baseGroup := map[string]RoleGroup{}
	for _, g := range base.RoleGroups {
		baseGroup[groups.keyOf(g.ID)] = g
	}
	groupID := map[string]string{}
	for _, k := range groups.order() {
		g, ok := baseGroup[k]
		if !ok {
			g = RoleGroup{ID: k, Label: groups.label(k)}
		}
		g.Count = groups.n[k]
		groupID[k] = g.ID
		d.RoleGroups = append(d.RoleGroups, g)
	}
	baseTitle := map[string]string{}
	for _, t := range base.JobTitles {
		baseTitle[titles.keyOf(t.JobTitle)] = t.JobTitle
	}
	for _, k := range titles.order() {
		name, ok := baseTitle[k]
		if !ok {
			name = titles.label(k)
		}
		t := JobTitle{JobTitle: name, TotalEmployees: titles.n[k], DivisionBreakdown: map[string]int{},
			Divisions: []string{}, Level: levelID[top(titleLevels[k])], RoleGroup: groupID[top(titleGroups[k])]}
		for dk, n := range titleDivs[k] {
			t.DivisionBreakdown[divLabel[dk]] = n
			t.Divisions = append(t.Divisions, divLabel[dk])
		}
		// Largest first, as the dataset's builder orders them.
		slices.SortFunc(t.Divisions, func(a, b string) int {
			return cmp.Or(cmp.Compare(t.DivisionBreakdown[b], t.DivisionBreakdown[a]), cmp.Compare(a, b))
		})
		t.DivisionsCount = len(t.Divisions)
		d.JobTitles = append(d.JobTitles, t)
	}
	slices.SortStableFunc(d.JobTitles, func(a, b JobTitle) int {
		return cmp.Or(cmp.Compare(b.TotalEmployees, a.TotalEmployees), cmp.Compare(a.JobTitle, b.JobTitle))
	})
	if d.Locations == nil {
		d.Locations = []Location{}
	}
	if d.Divisions == nil {
		d.Divisions = []Division{}
	}
	if d.Levels == nil {
		d.Levels = []Level{}
	}
	if d.RoleGroups == nil {
		d.RoleGroups = []RoleGroup{}
	}
	if d.JobTitles == nil {
		d.JobTitles = []JobTitle{}
	}
	return d
}

// tally counts a field's values by domain.DirectoryKey. Values base knows
// come first in base's order (known), new ones after; each key keeps the
// count of every spelling, for its label.
type tally struct {
	alias    map[string]string // a known id's or label's key → the record's key
	known    []string
	n        map[string]int
	spelling map[string]map[string]int
}

func newTally(size int) *tally {
	return &tally{alias: make(map[string]string, 2*size), n: map[string]int{}, spelling: map[string]map[string]int{}}
}

// know adds a base record named by names; its key is the first name's.
func (t *tally) know(names ...string) {
	k := domain.DirectoryKey(names[0])
	t.known = append(t.known, k)
	for _, name := range names {
		t.alias[domain.DirectoryKey(name)] = k
	}
}

// keyOf is the record key of a value.
func (t *tally) keyOf(v string) string {
	k := domain.DirectoryKey(v)
	if a, ok := t.alias[k]; ok {
		return a
	}
	return k
}

// add counts n of the value v and returns its key ("" for an empty value).
func (t *tally) add(v string, n int) string {
	k := t.keyOf(v)
	if k == "" {
		return ""
	}
	t.n[k] += n
	if t.spelling[k] == nil {
		t.spelling[k] = map[string]int{}
	}
	t.spelling[k][v] += n
	return k
}

// order is the keys with a count: the known ones in base's order, then
// the new ones, largest first, then by key.
func (t *tally) order() []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range t.known {
		if t.n[k] > 0 && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	var fresh []string
	for k := range t.n {
		if !seen[k] {
			fresh = append(fresh, k)
		}
	}
	slices.SortFunc(fresh, func(a, b string) int { return cmp.Or(cmp.Compare(t.n[b], t.n[a]), cmp.Compare(a, b)) })
	return append(out, fresh...)
}

// label is the key's most common spelling (ties: the first in order).
func (t *tally) label(k string) string {
	return top(t.spelling[k])
}

// top is the key of m with the largest count, ties by key; "" when empty.
func top(m map[string]int) string {
	best := ""
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if best == "" || m[k] > m[best] {
			best = k
		}
	}
	return best
}

func bump(m map[string]map[string]int, a, b string, n int) {
	if m[a] == nil {
		m[a] = map[string]int{}
	}
	m[a][b] += n
}

// idOf is the id of the derived location with key k.
func idOf(ls []Location, k string, t *tally) string {
	for _, l := range ls {
		if t.keyOf(l.ID) == k {
			return l.ID
		}
	}
	return k
}

// Package build turns the readable dataset source (pkg/orgdata/source.yaml)
// into the orgdata.Dataset that pkg/orgdata embeds as JSON.
//
// The source fixes each job title's head count and each division's head
// count; build decides how many holders of each title work in each division.
// It solves that as a minimum-cost flow (titles to divisions, each title
// limited to the divisions its role group or its own list allows) with a
// convex cost per title and division, so every division gets exactly its head
// count, every title exactly its total, and the head count of a title is
// spread over its divisions roughly in proportion to their size. Only integer
// arithmetic is used, so the output is the same on every machine.
package build

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

// allLines in a role group's lines means every division.
const allLines = "all"

type source struct {
	TotalEmployees int    `yaml:"totalEmployees"`
	Country        string `yaml:"country"`
	Generations    struct {
		Traditional   int            `yaml:"traditional"`
		DigitalNative int            `yaml:"digitalNative"`
		Unknown       int            `yaml:"unknown"`
		ByGeneration  map[string]int `yaml:"byGeneration"`
	} `yaml:"generations"`
	BusinessLines []orgdata.BusinessLine `yaml:"businessLines"`
	Locations     []struct {
		ID    string `yaml:"id"`
		Label string `yaml:"label"`
		Count int    `yaml:"count"`
	} `yaml:"locations"`
	Divisions []struct {
		Code     string `yaml:"code"`
		ID       string `yaml:"id"`
		Label    string `yaml:"label"`
		Location string `yaml:"location"`
		Line     string `yaml:"line"`
		Count    int    `yaml:"count"`
		CatchAll bool   `yaml:"catchAll"`
	} `yaml:"divisions"`
	Levels []struct {
		ID    string `yaml:"id"`
		Label string `yaml:"label"`
	} `yaml:"levels"`
	RoleGroups []struct {
		ID             string   `yaml:"id"`
		Label          string   `yaml:"label"`
		Lines          []string `yaml:"lines"`
		AlwaysEligible bool     `yaml:"alwaysEligible"`
	} `yaml:"roleGroups"`
	Titles []titleRow `yaml:"titles"`
}

// titleRow is one "[count, title, role group, level, [limits]]" row.
type titleRow struct {
	Total     int
	Title     string
	RoleGroup string
	Level     string
	Limits    []string
}

func (r *titleRow) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode || len(n.Content) < 4 || len(n.Content) > 5 {
		return fmt.Errorf("line %d: a title is [count, title, role group, level, optional limits]", n.Line)
	}
	if err := n.Content[0].Decode(&r.Total); err != nil {
		return fmt.Errorf("line %d: count: %w", n.Line, err)
	}
	r.Title = n.Content[1].Value
	r.RoleGroup = n.Content[2].Value
	r.Level = n.Content[3].Value
	if len(n.Content) == 5 {
		if err := n.Content[4].Decode(&r.Limits); err != nil {
			return fmt.Errorf("line %d: limits: %w", n.Line, err)
		}
	}
	return nil
}

// Build parses the source and returns the complete dataset, or an error
// naming the first inconsistency.
func Build(src []byte) (*orgdata.Dataset, error) {
	var s source
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("parse source: %w", err)
	}
	d, err := assemble(&s)
	if err != nil {
		return nil, err
	}
	return d, nil
}

// JSON renders the dataset the way data/dataset.json stores it.
func JSON(d *orgdata.Dataset) ([]byte, error) {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func assemble(s *source) (*orgdata.Dataset, error) {
	d := &orgdata.Dataset{
		TotalEmployees: s.TotalEmployees,
		Country:        s.Country,
		BusinessLines:  s.BusinessLines,
		Generations: orgdata.Generations{
			Traditional:   s.Generations.Traditional,
			DigitalNative: s.Generations.DigitalNative,
			Unknown:       s.Generations.Unknown,
			ByGeneration:  s.Generations.ByGeneration,
		},
	}
	g := s.Generations
	if g.Traditional+g.DigitalNative+g.Unknown != s.TotalEmployees {
		return nil, fmt.Errorf("generations sum to %d, want %d", g.Traditional+g.DigitalNative+g.Unknown, s.TotalEmployees)
	}
	if len(g.ByGeneration) > 0 {
		sum := 0
		for _, n := range g.ByGeneration {
			sum += n
		}
		if sum != g.Traditional+g.DigitalNative {
			return nil, fmt.Errorf("byGeneration sums to %d, want traditional+digitalNative = %d", sum, g.Traditional+g.DigitalNative)
		}
	}

	lines := map[string]bool{}
	for _, l := range s.BusinessLines {
		if l.ID == "" || lines[l.ID] {
			return nil, fmt.Errorf("business line %q: empty or repeated id", l.ID)
		}
		lines[l.ID] = true
	}

	locTotal := 0
	locIndex := map[string]int{}
	for i, l := range s.Locations {
		if _, dup := locIndex[l.ID]; dup || l.ID == "" {
			return nil, fmt.Errorf("location %q: empty or repeated id", l.ID)
		}
		locIndex[l.ID] = i
		locTotal += l.Count
		d.Locations = append(d.Locations, orgdata.Location{ID: l.ID, Label: l.Label, Count: l.Count})
	}
	if locTotal != s.TotalEmployees {
		return nil, fmt.Errorf("locations sum to %d, want %d", locTotal, s.TotalEmployees)
	}

	divIndex := map[string]int{}
	perLocation := map[string]int{}
	var catchAll []bool
	for _, sd := range s.Divisions {
		li, ok := locIndex[sd.Location]
		if !ok {
			return nil, fmt.Errorf("division %s%s: unknown location %q", sd.Code, sd.ID, sd.Location)
		}
		if !lines[sd.Line] {
			return nil, fmt.Errorf("division %s%s: unknown business line %q", sd.Code, sd.ID, sd.Line)
		}
		div := orgdata.Division{ID: sd.ID, Label: sd.Label, Location: sd.Location, Count: sd.Count, BusinessLine: sd.Line}
		if sd.Code != "" {
			if len(sd.Code) != 3 || strings.ToUpper(sd.Code) != sd.Code {
				return nil, fmt.Errorf("division code %q: want three capital letters", sd.Code)
			}
			div.ID = strings.ToLower(sd.Code)
			div.Label = sd.Code + " - " + d.Locations[li].Label
		}
		if div.ID == "" || div.Label == "" {
			return nil, errors.New("division: want a code, or an id and a label")
		}
		if _, dup := divIndex[div.ID]; dup {
			return nil, fmt.Errorf("division %q: repeated id", div.ID)
		}
		divIndex[div.ID] = len(d.Divisions)
		perLocation[sd.Location] += sd.Count
		d.Divisions = append(d.Divisions, div)
		catchAll = append(catchAll, sd.CatchAll)
	}
	for _, l := range d.Locations {
		if perLocation[l.ID] != l.Count {
			return nil, fmt.Errorf("location %s: divisions sum to %d, want %d", l.ID, perLocation[l.ID], l.Count)
		}
	}

	levelIndex := map[string]int{}
	for i, l := range s.Levels {
		if _, dup := levelIndex[l.ID]; dup || l.ID == "" {
			return nil, fmt.Errorf("level %q: empty or repeated id", l.ID)
		}
		levelIndex[l.ID] = i
		d.Levels = append(d.Levels, orgdata.Level{ID: l.ID, Label: l.Label})
	}

	// allowed[g] lists the division indexes a title of role group g may
	// occur in, before any limits of the title itself.
	expand := func(what string, names []string) ([]bool, error) {
		set := make([]bool, len(d.Divisions))
		for _, n := range names {
			found := false
			for i, div := range d.Divisions {
				if n == allLines || div.BusinessLine == n || div.ID == n {
					set[i] = true
					found = true
				}
			}
			if !found {
				return nil, fmt.Errorf("%s: %q is neither a business line nor a division id", what, n)
			}
		}
		return set, nil
	}
	groupIndex := map[string]int{}
	var groupAllowed [][]bool
	for i, g := range s.RoleGroups {
		if _, dup := groupIndex[g.ID]; dup || g.ID == "" {
			return nil, fmt.Errorf("role group %q: empty or repeated id", g.ID)
		}
		set, err := expand("role group "+g.ID, g.Lines)
		if err != nil {
			return nil, err
		}
		groupIndex[g.ID] = i
		groupAllowed = append(groupAllowed, set)
		d.RoleGroups = append(d.RoleGroups, orgdata.RoleGroup{ID: g.ID, Label: g.Label, AlwaysEligible: g.AlwaysEligible})
	}

	titleTotal := 0
	seen := map[string]bool{}
	allowed := make([][]bool, len(s.Titles))
	for i, t := range s.Titles {
		if t.Title == "" || seen[t.Title] {
			return nil, fmt.Errorf("title %q: empty or repeated", t.Title)
		}
		seen[t.Title] = true
		if t.Total < 1 {
			return nil, fmt.Errorf("title %q: head count %d, want at least 1", t.Title, t.Total)
		}
		gi, ok := groupIndex[t.RoleGroup]
		if !ok {
			return nil, fmt.Errorf("title %q: unknown role group %q", t.Title, t.RoleGroup)
		}
		li, ok := levelIndex[t.Level]
		if !ok {
			return nil, fmt.Errorf("title %q: unknown level %q", t.Title, t.Level)
		}
		titleTotal += t.Total
		d.RoleGroups[gi].Count += t.Total
		d.Levels[li].Count += t.Total
		if len(t.Limits) > 0 {
			set, err := expand("title "+t.Title, t.Limits)
			if err != nil {
				return nil, err
			}
			allowed[i] = set
			continue
		}
		allowed[i] = append([]bool(nil), groupAllowed[gi]...)
		for j, c := range catchAll {
			allowed[i][j] = allowed[i][j] || c
		}
	}
	if titleTotal != s.TotalEmployees {
		return nil, fmt.Errorf("titles sum to %d, want %d", titleTotal, s.TotalEmployees)
	}

	totals := make([]int, len(s.Titles))
	for i, t := range s.Titles {
		totals[i] = t.Total
	}
	targets := make([]int, len(d.Divisions))
	for j, div := range d.Divisions {
		targets[j] = div.Count
	}
	w := make([][]int64, len(s.Titles))
	for i, t := range s.Titles {
		home := t.Limits
		if len(home) == 0 {
			home = s.RoleGroups[groupIndex[t.RoleGroup]].Lines
		}
		w[i] = make([]int64, len(d.Divisions))
		for j, div := range d.Divisions {
			w[i][j] = weight(t.Title, div, home[0])
		}
	}
	alloc, err := allocate(totals, targets, allowed, w)
	if err != nil {
		return nil, err
	}

	for i, t := range s.Titles {
		jt := orgdata.JobTitle{
			JobTitle:          t.Title,
			TotalEmployees:    t.Total,
			DivisionBreakdown: map[string]int{},
			RoleGroup:         t.RoleGroup,
			Level:             t.Level,
		}
		for j, n := range alloc[i] {
			if n > 0 {
				label := d.Divisions[j].Label
				jt.Divisions = append(jt.Divisions, label)
				jt.DivisionBreakdown[label] = n
			}
		}
		// Largest first: the Roles table shows the first three as badges.
		sort.SliceStable(jt.Divisions, func(a, b int) bool {
			na, nb := jt.DivisionBreakdown[jt.Divisions[a]], jt.DivisionBreakdown[jt.Divisions[b]]
			if na != nb {
				return na > nb
			}
			return jt.Divisions[a] < jt.Divisions[b]
		})
		jt.DivisionsCount = len(jt.Divisions)
		d.JobTitles = append(d.JobTitles, jt)
	}
	sort.SliceStable(d.JobTitles, func(a, b int) bool {
		ta, tb := d.JobTitles[a], d.JobTitles[b]
		if ta.TotalEmployees != tb.TotalEmployees {
			return ta.TotalEmployees > tb.TotalEmployees
		}
		return ta.JobTitle < tb.JobTitle
	})
	return d, nil
}

// homeBoost is how much more a title leans towards divisions of its home
// business line (the first line its group or its limits name) than towards
// the other lines it may occur in: a low-voltage technician mostly works in a
// low-voltage division, though fire alarm divisions employ some.
const homeBoost = 4

// weight is the preference of a title for a division: the division's size,
// times homeBoost in the title's home line, times a fixed pseudo-random factor
// from 64 to 127 so that titles are not all spread in the same proportions.
func weight(title string, div orgdata.Division, home string) int64 {
	h := fnv.New32a()
	h.Write([]byte(title + "\x00" + div.ID))
	w := int64(div.Count) * int64(64+h.Sum32()%64)
	if div.BusinessLine == home || div.ID == home {
		w *= homeBoost
	}
	return w
}

package campaign

import (
	"bytes"
	_ "embed"
	"fmt"
	"slices"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/campaign/check"
)

//go:embed catalogue.yaml
var catalogueYAML []byte

// Phase keys of the catalogue, in phase order.
var phaseKeys = [4]string{"preparation", "launch", "engagement", "reinforcement"}

// entry is one activity template of the catalogue.
type entry struct {
	Title       string   `yaml:"title"`
	Type        string   `yaml:"type"`
	Channel     string   `yaml:"channel"`
	Audience    string   `yaml:"audience"`
	Priority    string   `yaml:"priority"`
	Description string   `yaml:"description"`
	At          int      `yaml:"at"`       // merger activities: percent of the span
	Maturity    []string `yaml:"maturity"` // merger activities: maturity phases that include it

	// Audiences are further audiences the entry may address; each is a
	// variant of its own, titled "<Title> for <Audience>".
	Audiences []string `yaml:"audiences"`
	// Channels overrides Channel per audience (a manager briefing is not
	// an employee email).
	Channels map[string]string `yaml:"channels"`
	// Anchor, From and To say where the entry may sit: From..To days
	// (inclusive, negative is before) from the milestone Anchor, one of
	// start, go-live, acquisition, announcement or end. A bound left out is
	// open; an anchor the campaign does not have leaves the entry free.
	Anchor string `yaml:"anchor"`
	From   *int   `yaml:"from"`
	To     *int   `yaml:"to"`
	// Series marks a recurring activity; when a phase needs more
	// activities than the catalogue has, its instances are numbered
	// "<Title>, <Series> N" (Issue 3, Cohort 2).
	Series string `yaml:"series"`
	// Phases limits a shared series to these phases (all when empty).
	Phases []string `yaml:"phases"`
}

// audienceList is the entry's audiences: its own first, then the others.
func (e entry) audienceList() []string {
	return uniq(append([]string{e.Audience}, e.Audiences...))
}

// channelFor is the entry's channel for audience.
func (e entry) channelFor(audience string) string {
	if c, ok := e.Channels[audience]; ok {
		return c
	}
	return e.Channel
}

// leadStep is a step a go-live needs before it: a part of its title and the
// days before go-live it ideally falls on.
type leadStep struct {
	Step string `yaml:"step"`
	Days int    `yaml:"days"`
}

// leadSteps returns the steps' titles and the room they want: the days
// before go-live of the earliest.
func (c *catalogue) leadSteps() ([]string, int) {
	var names []string
	room := 0
	for _, s := range c.BeforeGoLive {
		names = append(names, s.Step)
		room = max(room, s.Days)
	}
	return names, room
}

// stepPairs are the sequence pairs of the steps before go-live, each after
// the one listed before it, for the checker (the generator keeps the order
// with keepStepOrder).
func (c *catalogue) stepPairs() []check.Pair {
	var out []check.Pair
	for i := 1; i < len(c.BeforeGoLive); i++ {
		p := check.Pair{First: c.BeforeGoLive[i-1].Step, Then: c.BeforeGoLive[i].Step, Why: "the steps before go-live come in order"}
		if !slices.ContainsFunc(c.Sequence, func(q check.Pair) bool { return q.First == p.First && q.Then == p.Then }) {
			out = append(out, p) // not declared already
		}
	}
	return out
}

type phaseInfo struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
}

type catalogue struct {
	Phases []phaseInfo                   `yaml:"phases"`
	Types  map[string]map[string][]entry `yaml:"types"`
	// Common activities suit every campaign type; each type uses them
	// after its own.
	Common map[string][]entry `yaml:"common"`
	// Series is the recurring work every type shares.
	Series        []entry            `yaml:"series"`
	Merger        []entry            `yaml:"mergerActivities"`
	PreAcquistion map[string][]entry `yaml:"preAcquisitionActivities"`
	// Sequence is the table of "A before B" pairs the checker holds every
	// plan to.
	Sequence []check.Pair `yaml:"sequence"`
	// BeforeGoLive are the steps a go-live needs before it, in order.
	BeforeGoLive []leadStep `yaml:"beforeGoLive"`
	// AfterClose names (by a part of the title) what the audiences listed
	// hear only after a deal is announced and closed.
	AfterClose struct {
		Titles    []string `yaml:"titles"`
		Audiences []string `yaml:"audiences"`
	} `yaml:"afterClose"`
	GoLive struct {
		Testing     entry `yaml:"testing"`
		Celebration entry `yaml:"celebration"`
	} `yaml:"goLive"`
}

// loadCatalogue parses the embedded catalogue once. The file ships inside
// the binary and a test checks it, so a parse failure is a build defect.
var loadCatalogue = sync.OnceValue(func() *catalogue {
	c, err := parseCatalogue(catalogueYAML)
	if err != nil {
		panic(err)
	}
	return c
})

func parseCatalogue(b []byte) (*catalogue, error) {
	var c catalogue
	dec := yaml.NewDecoder(bytes.NewReader(b))
	// Strict: in a flow mapping an unquoted comma starts a new key, so a
	// stray key means a description was cut short.
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("campaign catalogue: %w", err)
	}
	if len(c.Phases) != len(phaseKeys) {
		return nil, fmt.Errorf("campaign catalogue: want %d phases, have %d", len(phaseKeys), len(c.Phases))
	}
	for _, t := range campaignTypes {
		for _, k := range phaseKeys {
			if len(c.Types[t.ID][k]) == 0 {
				return nil, fmt.Errorf("campaign catalogue: no %s activities for %s", k, t.ID)
			}
		}
	}
	for _, p := range preAcquisitionPhases {
		if len(c.PreAcquistion[p.ID]) == 0 {
			return nil, fmt.Errorf("campaign catalogue: no activities for pre-acquisition phase %s", p.ID)
		}
	}
	return &c, nil
}

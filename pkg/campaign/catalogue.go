package campaign

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"gopkg.in/yaml.v3"
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
}

type phaseInfo struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
}

type catalogue struct {
	Phases        []phaseInfo                   `yaml:"phases"`
	Types         map[string]map[string][]entry `yaml:"types"`
	Merger        []entry                       `yaml:"mergerActivities"`
	PreAcquistion map[string][]entry            `yaml:"preAcquisitionActivities"`
	GoLive        struct {
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

package assembly

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/commsplan/commsplan/pkg/compose"
)

// Settings configure a generator plugin (compose.endpoint, compose.model
// and COMMSPLAN_COMPOSE_API_KEY).
type Settings struct {
	Endpoint, Model, APIKey string
}

// NewGeneratorFunc builds a plugin's generator from the settings.
type NewGeneratorFunc func(Settings) (compose.Generator, error)

// RulesName is the built-in rule-based generator, the default.
const RulesName = "rules"

var (
	generatorsMu sync.RWMutex
	generators   = map[string]NewGeneratorFunc{}
)

// RegisterGenerator makes a generator plugin available under name (the
// value of compose.generator), as storage backends register with
// store.Register. It panics on a duplicate or on "rules", a wiring bug.
func RegisterGenerator(name string, fn NewGeneratorFunc) {
	generatorsMu.Lock()
	defer generatorsMu.Unlock()
	if _, dup := generators[name]; dup || name == RulesName {
		panic("assembly: RegisterGenerator called twice for " + name)
	}
	generators[name] = fn
}

// NewGenerator returns the generator named name: compose.Rules() for
// "rules" or "", else the registered plugin's.
func NewGenerator(name string, s Settings) (compose.Generator, error) {
	if name == "" || name == RulesName {
		return compose.Rules(), nil
	}
	generatorsMu.RLock()
	fn, ok := generators[name]
	generatorsMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("no content generator %q (known: %s)", name, strings.Join(Generators(), ", "))
	}
	return fn(s)
}

// Generators lists the known generator names, sorted.
func Generators() []string {
	generatorsMu.RLock()
	defer generatorsMu.RUnlock()
	out := []string{RulesName}
	for name := range generators {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

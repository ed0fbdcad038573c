package assembly_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
)

// A division's audience is greeted as its team, never by its code; another
// audience gets the engine's greeting.
func TestGreeting(t *testing.T) {
	assert.Equal(t, "Massachusetts team", assembly.Greeting(domain.Audience{Name: "BFA - Massachusetts", Divisions: []string{"BFA - Massachusetts"}}))
	assert.Equal(t, "Ohio team", assembly.Greeting(domain.Audience{Name: "Ohio", Divisions: []string{"Ohio"}}))
	assert.Empty(t, assembly.Greeting(domain.Audience{Name: "Field Technicians"}))
	assert.Empty(t, assembly.Greeting(domain.Audience{Name: "East", Divisions: []string{"Ohio", "Maine"}}))

	v, _ := domain.DefaultVehicle("email")
	r, err := compose.Generate(compose.Input{Theme: compose.Theme{Name: "Go-live"}, Raw: "Go-live is on 3 March.",
		Vehicle: assembly.Vehicle(&v), Frame: compose.Frame{Audience: "BFA - Massachusetts", Greeting: "Massachusetts team"}})
	require.NoError(t, err)
	assert.Contains(t, r.Content, "<p>Hello, Massachusetts team,</p>")
}

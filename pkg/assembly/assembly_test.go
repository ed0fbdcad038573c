package assembly_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

// A division's audience is greeted as its team, never by its code; another
// audience gets the engine's greeting.
func TestGreeting(t *testing.T) {
	assert.Equal(t, "Massachusetts team", assembly.Greeting(domain.Audience{Name: "BFA - Massachusetts", Divisions: []string{"BFA - Massachusetts"}}))
	assert.Equal(t, "Ohio team", assembly.Greeting(domain.Audience{Name: "Ohio", Divisions: []string{"Ohio"}}))
	assert.Empty(t, assembly.Greeting(domain.Audience{Name: "Field Technicians"}))
	assert.Empty(t, assembly.Greeting(domain.Audience{Name: "East", Divisions: []string{"Ohio", "Maine"}}))
	// A greeting configured on the audience wins, for a division too.
	assert.Equal(t, "Worcester crew", assembly.Greeting(domain.Audience{Name: "BFA - Massachusetts", Divisions: []string{"BFA - Massachusetts"}, Greeting: " Worcester crew "}))
	assert.Equal(t, "night shift", assembly.Greeting(domain.Audience{Name: "East", Greeting: "night shift"}))

	v, _ := domain.DefaultVehicle("email")
	r, err := compose.Generate(compose.Input{Theme: compose.Theme{Name: "Go-live"}, Raw: "Go-live is on 3 March.",
		Vehicle: assembly.Vehicle(&v), Frame: compose.Frame{Audience: "BFA - Massachusetts", Greeting: "Massachusetts team"}})
	require.NoError(t, err)
	assert.Contains(t, r.Content, "<p>Hello, Massachusetts team,</p>")
}

// TestInputCarriesLibraryExamples: each question of the input carries the
// library content linked to it, without markup, and no other question's.
func TestInputCarriesLibraryExamples(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, storetest.Backends[0].DSN(t))
	th := domain.Theme{Name: "Cut-over", Description: "d", Icon: "fa-tag", Color: "blue"}
	require.NoError(t, st.CreateTheme(ctx, &th))
	when := domain.Question{ThemeID: th.ID, Question: "When do we go live?"}
	must := domain.Question{ThemeID: th.ID, Question: "What must my team finish?", SortOrder: 1}
	require.NoError(t, st.CreateQuestion(ctx, &when))
	require.NoError(t, st.CreateQuestion(ctx, &must))
	piece := domain.Content{Title: "Cut-over checklist", Description: "What stops when", Type: domain.ContentText,
		Content: "<p>The old system goes <strong>read-only</strong> on Friday.</p>", QuestionIDs: []string{must.ID}}
	require.NoError(t, st.CreateContent(ctx, &piece))

	in, err := assembly.Input(ctx, st, assembly.Request{ThemeID: th.ID, QuestionIDs: []string{when.ID, must.ID}})
	require.NoError(t, err)
	require.Len(t, in.Questions, 2)
	assert.Empty(t, in.Questions[0].Examples)
	require.Len(t, in.Questions[1].Examples, 1)
	ex := in.Questions[1].Examples[0]
	assert.Contains(t, ex, "Cut-over checklist")
	assert.Contains(t, ex, "read-only")
	assert.NotContains(t, ex, "<")
}

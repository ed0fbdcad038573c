package domain_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
)

func TestVehicleTypesCoverEveryName(t *testing.T) {
	require.Len(t, domain.VehicleTypes, len(domain.VehicleTypeNames))
	for i, name := range domain.VehicleTypeNames {
		assert.Equal(t, name, domain.VehicleTypes[i].Type, "order follows VehicleTypeNames")
	}
	labels := map[string]bool{}
	gens := domain.GenerationIDs()
	for _, v := range domain.VehicleTypes {
		assert.NotEmpty(t, v.Label, v.Type)
		assert.False(t, labels[v.Label], "repeated label %q", v.Label)
		labels[v.Label] = true
		assert.NotEmpty(t, v.Description, v.Type)
		assert.Contains(t, domain.CommunicationStrategies, v.DefaultStrategy, v.Type)
		assert.Contains(t, domain.VehicleFormats, v.DefaultSettings.Format, v.Type)
		assert.NotEmpty(t, v.DefaultSettings.Template, v.Type)
		assert.Positive(t, v.DefaultSettings.MaxLength, v.Type)
		require.NotEmpty(t, v.PreferredGenerations, v.Type)
		for _, g := range v.PreferredGenerations {
			assert.Contains(t, gens, g, v.Type)
			assert.Greater(t, v.DefaultEffectiveness[g], 0.5, "%s prefers %s", v.Type, g)
		}
		assert.Len(t, v.DefaultEffectiveness, len(gens), v.Type)
	}
}

func TestVehicleTypeInfoSpecDefaults(t *testing.T) {
	trad := []string{"silent_gen", "baby_boomers", "gen_x"}
	dig := []string{"millennials", "gen_z"}
	tests := []struct {
		typ       string
		strategy  string
		preferred []string
		settings  *domain.VehicleSettings
	}{
		{"email", "universal", []string{"baby_boomers", "gen_x", "millennials"}, &domain.VehicleSettings{Template: "standard", MaxLength: 5000, Format: "html"}},
		{"blog", "digital", dig, &domain.VehicleSettings{Template: "article", MaxLength: 10000, Format: "markdown"}},
		{"social", "digital", dig, &domain.VehicleSettings{Template: "post", MaxLength: 280, Format: "text"}},
		{"newsletter", "traditional", trad, &domain.VehicleSettings{Template: "newsletter", MaxLength: 8000, Format: "html"}},
		{"internal", "", nil, &domain.VehicleSettings{Template: "memo", MaxLength: 3000, Format: "text"}},
		{"town_hall", "traditional", trad, nil},
		{"executive_briefing", "traditional", trad, nil},
		{"sms", "digital", dig, nil},
	}
	for _, tc := range tests {
		t.Run(tc.typ, func(t *testing.T) {
			v, ok := domain.VehicleTypeInfo(tc.typ)
			require.True(t, ok)
			if tc.strategy != "" {
				assert.Equal(t, tc.strategy, v.DefaultStrategy)
			}
			if tc.preferred != nil {
				assert.Equal(t, tc.preferred, v.PreferredGenerations)
			}
			if tc.settings != nil {
				assert.Equal(t, *tc.settings, v.DefaultSettings)
			}
		})
	}
	_, ok := domain.VehicleTypeInfo("carrier_pigeon")
	assert.False(t, ok)
}

func TestGenerations(t *testing.T) {
	want := []struct {
		id       string
		from, to int
	}{
		{"silent_gen", 1928, 1945}, {"baby_boomers", 1946, 1964}, {"gen_x", 1965, 1980},
		{"millennials", 1981, 1996}, {"gen_z", 1997, 2012},
	}
	require.Len(t, domain.Generations, len(want))
	for i, w := range want {
		g := domain.Generations[i]
		assert.Equal(t, w.id, g.ID)
		assert.Equal(t, w.from, g.BornFrom, w.id)
		assert.Equal(t, w.to, g.BornTo, w.id)
		assert.NotEmpty(t, g.Label)
		if i > 0 {
			assert.Equal(t, domain.Generations[i-1].BornTo+1, g.BornFrom, "no gap before %s", w.id)
		}
	}
	assert.Equal(t, domain.CohortTraditional, domain.Generations[2].Cohort)
	assert.Equal(t, domain.CohortDigitalNative, domain.Generations[3].Cohort)
}

func TestDefaultVehicleIsValidAndIndependent(t *testing.T) {
	for _, name := range domain.VehicleTypeNames {
		v, ok := domain.DefaultVehicle(name)
		require.True(t, ok, name)
		require.NoError(t, v.Validate(), name)
		v.PreferredGenerations[0] = "changed"
		v.GenerationalEffectiveness["gen_z"] = -1
		info, _ := domain.VehicleTypeInfo(name)
		assert.False(t, slices.Contains(info.PreferredGenerations, "changed"), "%s: defaults shared with the vehicle", name)
		assert.NotEqual(t, -1.0, info.DefaultEffectiveness["gen_z"], name)
	}
	_, ok := domain.DefaultVehicle("fax")
	assert.False(t, ok)
}

func TestVehicleValidateFillsCopiesOfTheDefaults(t *testing.T) {
	for _, vt := range domain.VehicleTypes {
		v := domain.Vehicle{Name: "n", Type: vt.Type}
		require.NoError(t, v.Validate())
		assert.Equal(t, vt.DefaultSettings, v.Settings, vt.Type)
		assert.Equal(t, vt.DefaultStrategy, v.CommunicationStrategy, vt.Type)
		assert.Equal(t, vt.PreferredGenerations, v.PreferredGenerations, vt.Type)
		assert.Equal(t, vt.DefaultEffectiveness, v.GenerationalEffectiveness, vt.Type)
		// Changing the vehicle must not change the type's defaults.
		v.GenerationalEffectiveness[domain.GenZ] = -1
		v.PreferredGenerations[0] = "changed"
		again, _ := domain.VehicleTypeInfo(vt.Type)
		assert.NotEqual(t, -1.0, again.DefaultEffectiveness[domain.GenZ], vt.Type)
		assert.NotEqual(t, "changed", again.PreferredGenerations[0], vt.Type)
	}
	kept := domain.Vehicle{Name: "n", Type: "sms", GenerationalEffectiveness: map[string]float64{}, PreferredGenerations: []string{}}
	require.NoError(t, kept.Validate())
	assert.Empty(t, kept.GenerationalEffectiveness, "an empty map given is kept")
	assert.Empty(t, kept.PreferredGenerations, "an empty list given is kept")
}

package domain

import "maps"

// Communication strategies of a delivery vehicle (spec 02 §3).
const (
	StrategyTraditional = "traditional"
	StrategyDigital     = "digital"
	StrategyUniversal   = "universal"
)

// Generation ids (spec 02 §3).
const (
	GenSilent      = "silent_gen"
	GenBabyBoomers = "baby_boomers"
	GenX           = "gen_x"
	GenMillennials = "millennials"
	GenZ           = "gen_z"
)

// Cohorts of the workforce's generational split: the first three generations
// count as traditional, the last two as digital native.
const (
	CohortTraditional   = "traditional"
	CohortDigitalNative = "digital-native"
)

// Generation is one of the five generations a vehicle can target, with the
// birth years it spans (inclusive) and its cohort.
type Generation struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	BornFrom int    `json:"bornFrom"`
	BornTo   int    `json:"bornTo"`
	Cohort   string `json:"cohort"`
}

// Generations are the five generations, oldest first.
var Generations = []Generation{
	{ID: GenSilent, Label: "Silent Generation", BornFrom: 1928, BornTo: 1945, Cohort: CohortTraditional},
	{ID: GenBabyBoomers, Label: "Baby Boomers", BornFrom: 1946, BornTo: 1964, Cohort: CohortTraditional},
	{ID: GenX, Label: "Generation X", BornFrom: 1965, BornTo: 1980, Cohort: CohortTraditional},
	{ID: GenMillennials, Label: "Millennials", BornFrom: 1981, BornTo: 1996, Cohort: CohortDigitalNative},
	{ID: GenZ, Label: "Generation Z", BornFrom: 1997, BornTo: 2012, Cohort: CohortDigitalNative},
}

// GenerationIDs lists the generation ids, oldest first.
func GenerationIDs() []string {
	ids := make([]string, len(Generations))
	for i, g := range Generations {
		ids[i] = g.ID
	}
	return ids
}

// DefaultVehicle returns a vehicle of type t filled with the type's defaults
// (name = the type's label), or false for an unknown type.
func DefaultVehicle(t string) (Vehicle, bool) {
	info, ok := VehicleTypeInfo(t)
	if !ok {
		return Vehicle{}, false
	}
	return Vehicle{
		Name:                      info.Label,
		Type:                      info.Type,
		Description:               info.Description,
		Settings:                  info.DefaultSettings,
		GenerationalTargeting:     append([]string(nil), info.PreferredGenerations...),
		CommunicationStrategy:     info.DefaultStrategy,
		PreferredGenerations:      append([]string(nil), info.PreferredGenerations...),
		GenerationalEffectiveness: maps.Clone(info.DefaultEffectiveness),
	}, true
}

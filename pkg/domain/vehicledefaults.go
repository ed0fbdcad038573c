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

// VehicleType is a delivery vehicle type with the defaults a new vehicle of
// that type starts from.
type VehicleType struct {
	Type                 string          `json:"type"`
	Label                string          `json:"label"`
	Description          string          `json:"description"`
	DefaultStrategy      string          `json:"defaultStrategy"`
	PreferredGenerations []string        `json:"preferredGenerations"`
	DefaultSettings      VehicleSettings `json:"defaultSettings"`
	// DefaultEffectiveness rates how well the type reaches each generation,
	// from 0 to 1: high for its preferred generations, lower for the rest.
	DefaultEffectiveness map[string]float64 `json:"defaultEffectiveness"`
}

var (
	traditionalGens = []string{GenSilent, GenBabyBoomers, GenX}
	digitalGens     = []string{GenMillennials, GenZ}
	broadGens       = []string{GenBabyBoomers, GenX, GenMillennials}
)

// VehicleTypes holds the defaults of the 16 types, in the order of
// VehicleTypeNames. Spec 02 §3 fixes email, blog, social, newsletter and
// internal settings and the strategies of email, blog, social, sms,
// newsletter, town_hall and executive_briefing; the rest are our choices
// (docs/dataset.md).
var VehicleTypes = []VehicleType{
	vt("email", "Email", "Direct email to employees' inboxes.", StrategyUniversal, broadGens, "standard", 5000, "html"),
	vt("blog", "Blog Post", "Article on the programme's intranet blog.", StrategyDigital, digitalGens, "article", 10000, "markdown"),
	vt("social", "Social Media", "Short post on the company's social channels.", StrategyDigital, digitalGens, "post", 280, "text"),
	vt("newsletter", "Newsletter", "Sectioned programme newsletter, sent on a regular cycle.", StrategyTraditional, traditionalGens, "newsletter", 8000, "html"),
	vt("internal", "Internal Memo", "Formal memo from programme or division leadership.", StrategyUniversal, broadGens, "memo", 3000, "text"),
	vt("town_hall", "Town Hall", "Talking points for a live all-hands or division meeting.", StrategyTraditional, traditionalGens, "talking_points", 4000, "markdown"),
	vt("interactive_workshop", "Interactive Workshop", "Outline for a hands-on session with exercises and Q&A.", StrategyUniversal, []string{GenX, GenMillennials, GenZ}, "workshop", 6000, "markdown"),
	vt("digital_signage", "Digital Signage", "Headline for screens in offices, shops and break rooms.", StrategyDigital, digitalGens, "signage", 200, "text"),
	vt("mobile_push", "Mobile Push Notification", "Push notification to the company app.", StrategyDigital, digitalGens, "notification", 180, "text"),
	vt("podcast", "Podcast", "Script for an audio episode field staff can listen to on the road.", StrategyDigital, digitalGens, "episode_script", 12000, "markdown"),
	vt("video", "Video", "Script for a short explainer or leadership video.", StrategyDigital, digitalGens, "video_script", 5000, "markdown"),
	vt("lunch_learn", "Lunch & Learn", "Agenda and notes for an informal learning session.", StrategyUniversal, broadGens, "session_outline", 4000, "markdown"),
	vt("project_dashboard", "Project Dashboard", "Status update for the programme dashboard.", StrategyDigital, digitalGens, "status_update", 2000, "markdown"),
	vt("executive_briefing", "Executive Briefing", "Concise briefing for executives and division leaders.", StrategyTraditional, traditionalGens, "briefing", 3000, "html"),
	vt("yammer_teams", "Yammer / Teams Post", "Post in the programme's Yammer community or Teams channel.", StrategyDigital, digitalGens, "post", 1000, "markdown"),
	vt("sms", "SMS", "Text message to employees' phones.", StrategyDigital, digitalGens, "sms", 160, "text"),
}

// Effectiveness ratings behind DefaultEffectiveness.
const (
	effectivenessPreferred = 0.85
	effectivenessOther     = 0.45
)

func vt(typ, label, desc, strategy string, preferred []string, template string, maxLength int, format string) VehicleType {
	eff := map[string]float64{}
	for _, g := range Generations {
		eff[g.ID] = effectivenessOther
	}
	for _, g := range preferred {
		eff[g] = effectivenessPreferred
	}
	return VehicleType{
		Type:                 typ,
		Label:                label,
		Description:          desc,
		DefaultStrategy:      strategy,
		PreferredGenerations: preferred,
		DefaultSettings:      VehicleSettings{Template: template, MaxLength: maxLength, Format: format},
		DefaultEffectiveness: eff,
	}
}

// VehicleTypeInfo returns the defaults of vehicle type t. The returned record
// shares its slices and map with VehicleTypes: copy before changing them.
func VehicleTypeInfo(t string) (VehicleType, bool) {
	for _, v := range VehicleTypes {
		if v.Type == t {
			return v, true
		}
	}
	return VehicleType{}, false
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

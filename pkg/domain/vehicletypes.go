package domain

import "slices"

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
	// Spoken types are said aloud: their calls to action must be sayable,
	// never a bullet, an arrow or a link (the rules, the checker and the
	// generator's prompt all read it here).
	Spoken bool `json:"-"`
	// WriterHint is a sentence a writer of the type needs beyond its
	// settings ("" none), for a generator's prompt.
	WriterHint string `json:"-"`
}

var (
	traditionalGens = []string{GenSilent, GenBabyBoomers, GenX}
	digitalGens     = []string{GenMillennials, GenZ}
	broadGens       = []string{GenBabyBoomers, GenX, GenMillennials}
)

// VehicleTypes is the registry of the 17 delivery vehicle types (spec 02
// §3), in display order. Every list of types, every type label (screens and
// exports alike) and every type's defaults come from here; a type's compose
// rule sits next to it in pkg/compose (rulesByType). docs/architecture.md
// lists the steps to add a type. Spec 02 §3 fixes email, blog, social,
// newsletter and internal settings and the strategies of email, blog,
// social, sms, newsletter, town_hall and executive_briefing; the rest are
// our choices (docs/dataset.md).
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
	vt("slack", "Slack Post", "Post in the programme's Slack channel.", StrategyDigital, digitalGens, "post", 1000, "markdown"),
	vt("sms", "SMS", "Text message to employees' phones.", StrategyDigital, digitalGens, "sms", 160, "text"),
}

// The types said aloud, and the writers' hints, by type.
var (
	spokenTypes = []string{"town_hall", "interactive_workshop", "podcast", "video", "lunch_learn"}
	writerHints = map[string]string{
		"town_hall":            inventNoEvent,
		"interactive_workshop": inventNoEvent,
		"sms":                  "Use only GSM-7 characters: plain quotes, \"...\" not an ellipsis character, no arrows or emoji.",
	}
)

// inventNoEvent keeps a piece that invites people to the events its notes
// name.
const inventNoEvent = "Invite people only to events the notes name; invent no session, briefing or meeting."

func init() {
	for i := range VehicleTypes {
		v := &VehicleTypes[i]
		v.Spoken = slices.Contains(spokenTypes, v.Type)
		v.WriterHint = writerHints[v.Type]
	}
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

// VehicleTypeNames are the registry's type names, in its order.
var VehicleTypeNames = vehicleTypeNames()

func vehicleTypeNames() []string {
	names := make([]string, len(VehicleTypes))
	for i, v := range VehicleTypes {
		names[i] = v.Type
	}
	return names
}

// VehicleTypeLabel returns the display label of vehicle type t, and false
// when t is not a vehicle type.
func VehicleTypeLabel(t string) (string, bool) {
	info, ok := VehicleTypeInfo(t)
	return info.Label, ok
}

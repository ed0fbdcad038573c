package domain

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// FieldErrors maps a JSON field name to what is wrong with it.
type FieldErrors map[string]string

// Error lists the fields in a stable order.
func (f FieldErrors) Error() string {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + " " + f[k]
	}
	return "invalid input: " + strings.Join(parts, "; ")
}

// orNil returns nil for an empty set, so callers can return it as an error.
func (f FieldErrors) orNil() error {
	if len(f) == 0 {
		return nil
	}
	return f
}

func (f FieldErrors) required(field, value string) {
	if strings.TrimSpace(value) == "" {
		f[field] = "is required"
	}
}

// named trims and checks a record's required name and its description.
func (f FieldErrors) named(name, description *string) {
	*description = strings.TrimSpace(*description)
	f.requiredText("name", name, MaxName)
	f.text("description", *description, MaxDescription)
}

// requiredText trims a text that must be given and checks it against max.
func (f FieldErrors) requiredText(field string, value *string, max int) {
	*value = strings.TrimSpace(*value)
	f.required(field, *value)
	f.text(field, *value, max)
}

// int32 checks that an integer fits the 32-bit columns.
func (f FieldErrors) int32(field string, n int) {
	if !InInt32(int64(n)) {
		f[field] = MsgIntRange
	}
}

// raw checks a JSON document kept as text (see CheckInput).
func (f FieldErrors) raw(field string, doc json.RawMessage) {
	checkRaw(f, field, doc)
}

func (f FieldErrors) oneOf(field, value string, allowed []string) {
	if !slices.Contains(allowed, value) {
		f[field] = "must be one of " + strings.Join(allowed, ", ")
	}
}

// Int is an integer that also decodes from a JSON string holding one, since
// the spec's original client sent sortOrder and contactCount as text.
type Int int

// UnmarshalJSON accepts 5 and "5".
func (n *Int) UnmarshalJSON(b []byte) error {
	s := string(b)
	if len(s) >= 2 && s[0] == '"' {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		s = strings.TrimSpace(str)
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		// A type error lets encoding/json name the field.
		return &json.UnmarshalTypeError{Value: "non-integer " + string(b), Type: reflect.TypeFor[int]()}
	}
	*n = Int(v)
	return nil
}

// ThemeIcons and ThemeColors are the choice lists of spec 01 §3 (fa-tag is
// the stored default).
var (
	ThemeIcons  = []string{"fa-tag", "fa-rocket", "fa-chart-line", "fa-users", "fa-bullhorn", "fa-cogs", "fa-route", "fa-user-check", "fa-question-circle", "fa-lightbulb"}
	ThemeColors = []string{"blue", "green", "purple", "orange", "teal", "yellow"}
)

// Validate fills the stored defaults (icon fa-tag, colour blue) and checks a theme.
func (t *Theme) Validate() error {
	f := FieldErrors{}
	if t.Icon == "" {
		t.Icon = "fa-tag"
	}
	if t.Color == "" {
		t.Color = "blue"
	}
	f.named(&t.Name, &t.Description)
	f.required("description", t.Description)
	f.oneOf("icon", t.Icon, ThemeIcons)
	f.oneOf("color", t.Color, ThemeColors)
	return f.orNil()
}

// Validate checks a question.
func (q *Question) Validate() error {
	f := FieldErrors{}
	f.required("themeId", q.ThemeID)
	f.text("themeId", q.ThemeID, MaxName)
	f.requiredText("question", &q.Question, MaxDescription)
	f.text("description", q.Description, MaxDescription)
	f.int32("sortOrder", q.SortOrder)
	return f.orNil()
}

// Validate checks a content piece.
func (c *Content) Validate() error {
	f := FieldErrors{}
	if c.Type == "" {
		c.Type = ContentText
	}
	f.requiredText("title", &c.Title, MaxName)
	f.text("description", c.Description, MaxDescription)
	f.oneOf("type", c.Type, ContentTypes)
	f.required("content", c.Content)
	f.text("content", c.Content, MaxBody)
	f.text("url", c.URL, MaxDescription)
	f.texts("questionIds", c.QuestionIDs, MaxName)
	f.raw("sourceData", c.SourceData)
	if c.URL != "" && f["url"] == "" {
		u, err := url.Parse(c.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			f["url"] = "must be an http or https URL"
		}
	}
	if c.VehicleType != "" {
		f.oneOf("vehicleType", c.VehicleType, VehicleTypeNames)
	}
	if trimmed := bytes.TrimSpace(c.SourceData); len(trimmed) > 0 && string(trimmed) != "null" &&
		(trimmed[0] != '{' || !json.Valid(trimmed)) {
		f["sourceData"] = "must be a JSON object"
	}
	return f.orNil()
}

// Validate fills the defaults (targetingScope organization, audienceType
// general) and checks an audience.
func (a *Audience) Validate() error {
	f := FieldErrors{}
	if a.TargetingScope == "" {
		a.TargetingScope = "organization"
	}
	if a.AudienceType == "" {
		a.AudienceType = "general"
	}
	f.requiredText("name", &a.Name, MaxName)
	f.text("description", a.Description, MaxDescription)
	f.text("targetingScope", a.TargetingScope, MaxName)
	f.text("audienceType", a.AudienceType, MaxName)
	a.Greeting = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(a.Greeting), ","))
	f.text("greeting", a.Greeting, MaxName)
	for field, list := range map[string][]string{"roles": a.Roles, "orgLevels": a.OrgLevels, "divisions": a.Divisions,
		"departments": a.Departments, "locations": a.Locations, "employeeTypes": a.EmployeeTypes} {
		f.texts(field, list, MaxName)
	}
	f.texts("includeEmployeeIds", a.IncludeIDs, MaxEmployeeText)
	f.texts("excludeEmployeeIds", a.ExcludeIDs, MaxEmployeeText)
	if a.ContactCount < 0 {
		f["contactCount"] = "must be 0 or more"
	}
	f.int32("contactCount", a.ContactCount)
	return f.orNil()
}

// CommunicationStrategies are a vehicle's strategies; VehicleFormats its formats.
var (
	CommunicationStrategies = []string{"traditional", "digital", "universal"}
	VehicleFormats          = []string{"text", "html", "markdown"}
)

// Validate fills what a vehicle leaves out from its type's defaults
// (strategy, preferred generations, settings, generational effectiveness;
// universal for an unknown type) and checks it. A nil list or map is left
// out; an empty one is kept.
func (v *Vehicle) Validate() error {
	f := FieldErrors{}
	if info, ok := VehicleTypeInfo(v.Type); ok {
		if v.CommunicationStrategy == "" {
			v.CommunicationStrategy = info.DefaultStrategy
		}
		if v.PreferredGenerations == nil {
			v.PreferredGenerations = append([]string{}, info.PreferredGenerations...)
		}
		if v.GenerationalEffectiveness == nil {
			v.GenerationalEffectiveness = maps.Clone(info.DefaultEffectiveness)
		}
		if v.Settings.Template == "" {
			v.Settings.Template = info.DefaultSettings.Template
		}
		if v.Settings.MaxLength == 0 {
			v.Settings.MaxLength = info.DefaultSettings.MaxLength
		}
		if v.Settings.Format == "" {
			v.Settings.Format = info.DefaultSettings.Format
		}
	}
	if v.CommunicationStrategy == "" {
		v.CommunicationStrategy = StrategyUniversal
	}
	f.requiredText("name", &v.Name, MaxName)
	f.text("description", v.Description, MaxDescription)
	f.text("settings.template", v.Settings.Template, MaxDescription)
	f.texts("generationalTargeting", v.GenerationalTargeting, MaxName)
	f.texts("preferredGenerations", v.PreferredGenerations, MaxName)
	for g := range v.GenerationalEffectiveness {
		if msg := TextProblem(g, MaxName); msg != "" {
			f["generationalEffectiveness"] = "has a key that " + msg
		}
	}
	f.oneOf("type", v.Type, VehicleTypeNames)
	f.oneOf("communicationStrategy", v.CommunicationStrategy, CommunicationStrategies)
	if v.Settings.Format != "" {
		f.oneOf("settings.format", v.Settings.Format, VehicleFormats)
	}
	if v.Settings.MaxLength < 0 {
		f["settings.maxLength"] = "must be 0 or more"
	}
	f.int32("settings.maxLength", v.Settings.MaxLength)
	return f.orNil()
}

// Validate fills the default status (draft), normalises scheduledDate
// (a date stays a date, an instant becomes RFC 3339 UTC; see Scheduled) and
// checks a communication: a scheduled one needs a scheduledDate.
func (c *Communication) Validate() error {
	f := FieldErrors{}
	c.ScheduledDate = strings.TrimSpace(c.ScheduledDate)
	if c.Status == "" {
		c.Status = StatusDraft
	}
	f.requiredText("title", &c.Title, MaxName)
	f.oneOf("status", c.Status, CommunicationStatuses)
	for field, id := range map[string]string{"themeId": c.ThemeID, "audienceId": c.AudienceID, "vehicleId": c.VehicleID,
		"finalContentId": c.FinalContentID, "sourceCampaignId": c.SourceCampaignID, "sourceActivityId": c.SourceActivityID} {
		f.text(field, id, MaxName)
	}
	f.texts("selectedQuestions", c.SelectedQuestions, MaxName)
	c.Confidentiality = strings.TrimSpace(c.Confidentiality)
	f.text("confidentiality", c.Confidentiality, MaxName)
	f.text("rawContent", c.RawContent, MaxBody)
	f.text("generatedContent", c.GeneratedContent, MaxBody)
	c.ScheduledDate = f.scheduledDate(c.ScheduledDate)
	if c.Status == StatusScheduled && c.ScheduledDate == "" {
		f["scheduledDate"] = "is required when status is scheduled"
	}
	return f.orNil()
}

// scheduledDate checks a scheduled date, when there is one, and returns it
// in its one written form.
func (f FieldErrors) scheduledDate(value string) string {
	if value == "" {
		return value
	}
	s, err := ParseScheduled(value)
	if err != nil {
		f["scheduledDate"] = err.Error()
		return value
	}
	return s.String()
}

// CheckCandidate checks a communication that is not stored, the one the
// warnings preview reads: its status and scheduled date, each when given,
// as Validate checks them.
func CheckCandidate(status, scheduledDate string) error {
	f := FieldErrors{}
	if status != "" {
		f.oneOf("status", status, CommunicationStatuses)
	}
	f.scheduledDate(scheduledDate)
	return f.orNil()
}

// Validate checks a campaign before it is stored, for the API and the CLI
// alike: a title, the text limits, and documents that are text a database
// can hold. The schedule's own rules are pkg/campaign's.
func (c *Campaign) Validate() error {
	f := FieldErrors{}
	f.requiredText("title", &c.Title, MaxName)
	f.text("description", c.Description, MaxDescription)
	f.text("htmlContent", c.HTMLContent, MaxDocument)
	f.texts("geographicFilters", c.GeographicFilters, MaxName)
	f.raw("schedule", c.Schedule)
	f.raw("audienceFilters", c.AudienceFilters)
	return f.orNil()
}

// Validate checks a checklist template before it is stored, for the API and
// the CLI alike: a name and the text limits. The items are pkg/checklist's.
func (t *ChecklistTemplate) Validate() error {
	f := FieldErrors{}
	f.named(&t.Name, &t.Description)
	f.raw("items", t.Items)
	f.raw("metadata", t.Metadata)
	return f.orNil()
}

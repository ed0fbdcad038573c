package domain

import (
	"encoding/json"
	"fmt"
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

func (f FieldErrors) maxLen(field, value string, n int) {
	if len([]rune(value)) > n {
		f[field] = fmt.Sprintf("must be at most %d characters", n)
	}
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

const (
	maxName = 200
	maxText = 100_000
)

// Validate fills the stored defaults (icon fa-tag, colour blue) and checks a theme.
func (t *Theme) Validate() error {
	f := FieldErrors{}
	t.Name, t.Description = strings.TrimSpace(t.Name), strings.TrimSpace(t.Description)
	if t.Icon == "" {
		t.Icon = "fa-tag"
	}
	if t.Color == "" {
		t.Color = "blue"
	}
	f.required("name", t.Name)
	f.maxLen("name", t.Name, maxName)
	f.required("description", t.Description)
	f.maxLen("description", t.Description, maxText)
	f.oneOf("icon", t.Icon, ThemeIcons)
	f.oneOf("color", t.Color, ThemeColors)
	return f.orNil()
}

// Validate checks a question.
func (q *Question) Validate() error {
	f := FieldErrors{}
	q.Question = strings.TrimSpace(q.Question)
	f.required("themeId", q.ThemeID)
	f.required("question", q.Question)
	f.maxLen("question", q.Question, maxText)
	f.maxLen("description", q.Description, maxText)
	return f.orNil()
}

// Validate checks a content piece.
func (c *Content) Validate() error {
	f := FieldErrors{}
	c.Title = strings.TrimSpace(c.Title)
	if c.Type == "" {
		c.Type = ContentText
	}
	f.required("title", c.Title)
	f.maxLen("title", c.Title, maxName)
	f.oneOf("type", c.Type, ContentTypes)
	f.required("content", c.Content)
	f.maxLen("content", c.Content, maxText)
	if c.URL != "" {
		u, err := url.Parse(c.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			f["url"] = "must be an http or https URL"
		}
	}
	if c.VehicleType != "" {
		f.oneOf("vehicleType", c.VehicleType, VehicleTypeNames)
	}
	if len(c.SourceData) > 0 && !json.Valid(c.SourceData) {
		f["sourceData"] = "must be JSON"
	}
	return f.orNil()
}

// Validate fills the defaults (targetingScope organization, audienceType
// general) and checks an audience.
func (a *Audience) Validate() error {
	f := FieldErrors{}
	a.Name = strings.TrimSpace(a.Name)
	if a.TargetingScope == "" {
		a.TargetingScope = "organization"
	}
	if a.AudienceType == "" {
		a.AudienceType = "general"
	}
	f.required("name", a.Name)
	f.maxLen("name", a.Name, maxName)
	if a.ContactCount < 0 {
		f["contactCount"] = "must be 0 or more"
	}
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
	v.Name = strings.TrimSpace(v.Name)
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
	f.required("name", v.Name)
	f.maxLen("name", v.Name, maxName)
	f.oneOf("type", v.Type, VehicleTypeNames)
	f.oneOf("communicationStrategy", v.CommunicationStrategy, CommunicationStrategies)
	if v.Settings.Format != "" {
		f.oneOf("settings.format", v.Settings.Format, VehicleFormats)
	}
	if v.Settings.MaxLength < 0 {
		f["settings.maxLength"] = "must be 0 or more"
	}
	return f.orNil()
}

// Validate fills the default status (draft), normalises scheduledDate
// (a date stays a date, an instant becomes RFC 3339 UTC; see Scheduled) and
// checks a communication: a scheduled one needs a scheduledDate.
func (c *Communication) Validate() error {
	f := FieldErrors{}
	c.Title = strings.TrimSpace(c.Title)
	c.ScheduledDate = strings.TrimSpace(c.ScheduledDate)
	if c.Status == "" {
		c.Status = StatusDraft
	}
	f.required("title", c.Title)
	f.maxLen("title", c.Title, maxName)
	f.oneOf("status", c.Status, CommunicationStatuses)
	f.maxLen("sourceCampaignId", c.SourceCampaignID, maxName)
	f.maxLen("sourceActivityId", c.SourceActivityID, maxName)
	if c.ScheduledDate != "" {
		if s, err := ParseScheduled(c.ScheduledDate); err != nil {
			f["scheduledDate"] = err.Error()
		} else {
			c.ScheduledDate = s.String()
		}
	}
	if c.Status == StatusScheduled && c.ScheduledDate == "" {
		f["scheduledDate"] = "is required when status is scheduled"
	}
	return f.orNil()
}

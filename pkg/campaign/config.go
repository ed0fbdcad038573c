package campaign

import (
	"fmt"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

// DateLayout is the ISO calendar date layout every date of a configuration
// and a schedule uses.
const DateLayout = "2006-01-02"

// MaxYears is the longest campaign period a configuration may ask for. It
// keeps a single request from producing an unbounded schedule.
const MaxYears = 10

// Validation messages. The first five are spec 02 §5's, word for word; the
// others cover input the spec's form could not produce.
const (
	MsgRequired              = "Please fill in all required fields"
	MsgEndBeforeStart        = "End date must be after start date"
	MsgGoLiveRequired        = "Go-Live Date is required for technology implementations"
	MsgGoLiveOutside         = "Go-Live Date must be within the campaign period"
	MsgAcquisitionRequired   = "Acquisition Date is required for Newly Acquired and Integrating audiences"
	MsgPreAcquisitionPhases  = "Select at least one phase"
	MsgPeriodTooLong         = "The campaign period cannot be longer than 10 years"
	MsgUrgency               = "Urgency must be low, medium or high"
	MsgAudienceMode          = "Audience mode must be general or organizational"
	MsgHoliday               = "Holiday must be a valid date (YYYY-MM-DD)"
	MsgMaxPerAudienceWeek    = "maxPerAudienceWeek must be a whole number of 1 or more"
	msgInvalidDateSuffix     = " must be a valid date (YYYY-MM-DD)"
	msgUnknownValueTemplate  = "Unknown %s: %q"
	minYear, maxYear         = 1900, 2999
	requiredFieldMessage     = "is required"
	invalidDateFieldMessage  = "must be a date in YYYY-MM-DD format"
	unknownValueFieldMessage = "has an unknown value"
)

// Config is the Campaign Scheduler's configuration. The JSON and YAML field
// names are those of the API and of `commsplan campaign generate --file`.
type Config struct {
	CampaignName         string   `json:"campaignName" yaml:"campaignName"`
	StartDate            string   `json:"startDate" yaml:"startDate"`
	EndDate              string   `json:"endDate" yaml:"endDate"`
	CampaignTypes        []string `json:"campaignTypes" yaml:"campaignTypes"`
	AudienceMode         string   `json:"audienceMode" yaml:"audienceMode"`
	AudienceType         string   `json:"audienceType" yaml:"audienceType"`
	Audiences            []string `json:"audiences" yaml:"audiences"`
	Urgency              string   `json:"urgency" yaml:"urgency"`
	GoLiveDate           string   `json:"goLiveDate" yaml:"goLiveDate"`
	AcquisitionDate      string   `json:"acquisitionDate" yaml:"acquisitionDate"`
	MaturityPhases       []string `json:"maturityPhases" yaml:"maturityPhases"`
	PreAcquisitionPhases []string `json:"preAcquisitionPhases" yaml:"preAcquisitionPhases"`
	Locations            []string `json:"locations" yaml:"locations"`
	Divisions            []string `json:"divisions" yaml:"divisions"`
	OrgLevels            []string `json:"orgLevels" yaml:"orgLevels"`
	RoleCategories       []string `json:"roleCategories" yaml:"roleCategories"`

	// BusinessDaysOnly keeps activities on Monday to Friday; nil means
	// true. The pinned go-live dates stay where the rules put them.
	BusinessDaysOnly *bool `json:"businessDaysOnly,omitempty" yaml:"businessDaysOnly,omitempty"`
	// Holidays are dates (YYYY-MM-DD) no activity may fall on.
	Holidays []string `json:"holidays,omitempty" yaml:"holidays,omitempty"`
	// HolidayCalendar is a country code (HolidayCalendars) whose public
	// holidays are avoided; empty uses the caller's default (Options).
	HolidayCalendar string `json:"holidayCalendar,omitempty" yaml:"holidayCalendar,omitempty"`
	// MaxPerAudienceWeek is the most activities one audience gets in one
	// ISO week; nil uses the caller's default (the Schedule's setting).
	MaxPerAudienceWeek *int `json:"maxPerAudienceWeek,omitempty" yaml:"maxPerAudienceWeek,omitempty"`
}

// ValidationError is a configuration the generator refuses. Message is meant
// for people (the API answers it as "error"); Fields names the offending
// configuration fields when they are known.
type ValidationError struct {
	Message string
	Fields  map[string]string
}

func (e *ValidationError) Error() string { return e.Message }

func invalid(msg string, fields ...string) *ValidationError {
	e := &ValidationError{Message: msg}
	if len(fields) > 0 {
		e.Fields = map[string]string{}
		for i := 0; i+1 < len(fields); i += 2 {
			e.Fields[fields[i]] = fields[i+1]
		}
	}
	return e
}

// plan is a validated, normalised configuration: dates parsed, lists
// de-duplicated, defaults applied, and the technology end date applied.
type plan struct {
	cfg          Config
	start, end   time.Time
	goLive       time.Time
	businessOnly bool
	holidays     map[time.Time]string // day → name
	maxPerWeek   int                  // 0: the caller's default
	hasGoLive    bool
	acquisition  time.Time
	hasAcq       bool
	types        []string
	maturity     []string
	preAcq       []int // indexes into preAcquisitionPhases, ascending
	technology   bool
	merger       bool
	endExtended  bool
	organization bool
}

// Normalize returns the configuration as the generator reads it: names
// trimmed, defaults applied (urgency medium, audience mode general), lists
// without blanks or duplicates, and the M&A lists emptied when they do not
// apply. It does not validate.
func (c Config) Normalize() Config {
	n := c
	n.CampaignName = strings.TrimSpace(c.CampaignName)
	n.StartDate = strings.TrimSpace(c.StartDate)
	n.EndDate = strings.TrimSpace(c.EndDate)
	n.GoLiveDate = strings.TrimSpace(c.GoLiveDate)
	n.AcquisitionDate = strings.TrimSpace(c.AcquisitionDate)
	n.Urgency = strings.ToLower(strings.TrimSpace(c.Urgency))
	if n.Urgency == "" {
		n.Urgency = UrgencyMedium
	}
	n.AudienceMode = strings.ToLower(strings.TrimSpace(c.AudienceMode))
	if n.AudienceMode == "" {
		n.AudienceMode = AudienceModeGeneral
	}
	n.AudienceType = strings.TrimSpace(c.AudienceType)
	n.CampaignTypes = uniq(c.CampaignTypes)
	n.Audiences = uniq(audienceIDs(c.Audiences))
	n.MaturityPhases = uniq(c.MaturityPhases)
	n.PreAcquisitionPhases = uniq(c.PreAcquisitionPhases)
	n.Locations = uniq(c.Locations)
	n.Divisions = uniq(c.Divisions)
	n.OrgLevels = uniq(c.OrgLevels)
	n.RoleCategories = uniq(c.RoleCategories)
	n.Holidays = uniq(c.Holidays)
	n.HolidayCalendar = strings.ToLower(strings.TrimSpace(c.HolidayCalendar))
	// The maturity selector exists only for M&A integration, and the
	// pre-acquisition selector only for the pre-acquisition phase: values
	// left behind after unticking them do not count.
	if !contains(n.CampaignTypes, TypeMAIntegration) {
		n.MaturityPhases = nil
	}
	if !contains(n.MaturityPhases, MaturityPreAcquisition) {
		n.PreAcquisitionPhases = nil
	}
	return n
}

// Validate checks the configuration against the rules of spec 02 §5 and
// returns a *ValidationError for the first rule it breaks, or nil.
func (c Config) Validate(org *orgdata.Dataset) error {
	_, err := c.plan(org)
	return err
}

func (c Config) plan(org *orgdata.Dataset) (*plan, error) {
	n := c.Normalize()
	var missing []string
	for _, f := range []struct{ name, value string }{
		{"campaignName", n.CampaignName}, {"startDate", n.StartDate}, {"endDate", n.EndDate},
	} {
		if f.value == "" {
			missing = append(missing, f.name, requiredFieldMessage)
		}
	}
	if len(n.CampaignTypes) == 0 {
		missing = append(missing, "campaignTypes", requiredFieldMessage)
	}
	if len(missing) > 0 {
		return nil, invalid(MsgRequired, missing...)
	}

	p := &plan{cfg: n, types: n.CampaignTypes, maturity: n.MaturityPhases}
	var err error
	if p.start, err = parseDate("Start date", "startDate", n.StartDate); err != nil {
		return nil, err
	}
	if p.end, err = parseDate("End date", "endDate", n.EndDate); err != nil {
		return nil, err
	}
	if !p.end.After(p.start) {
		return nil, invalid(MsgEndBeforeStart, "endDate", MsgEndBeforeStart)
	}
	if p.end.After(p.start.AddDate(MaxYears, 0, 0)) {
		return nil, invalid(MsgPeriodTooLong, "endDate", MsgPeriodTooLong)
	}
	if n.GoLiveDate != "" {
		if p.goLive, err = parseDate("Go-Live Date", "goLiveDate", n.GoLiveDate); err != nil {
			return nil, err
		}
		p.hasGoLive = true
	}
	if n.AcquisitionDate != "" {
		if p.acquisition, err = parseDate("Acquisition Date", "acquisitionDate", n.AcquisitionDate); err != nil {
			return nil, err
		}
		p.hasAcq = true
	}

	if err := checkKnown(n, org); err != nil {
		return nil, err
	}
	if err := p.readCalendar(n); err != nil {
		return nil, err
	}

	p.technology = contains(n.CampaignTypes, TypeTechnologyImplementation)
	if p.technology {
		if !p.hasGoLive {
			return nil, invalid(MsgGoLiveRequired, "goLiveDate", requiredFieldMessage)
		}
		if p.goLive.Before(p.start) || p.goLive.After(p.end) {
			return nil, invalid(MsgGoLiveOutside, "goLiveDate", MsgGoLiveOutside)
		}
	}
	p.merger = contains(n.CampaignTypes, TypeMAIntegration)
	if (contains(p.maturity, MaturityNewlyAcquired) || contains(p.maturity, MaturityIntegrating)) && !p.hasAcq {
		return nil, invalid(MsgAcquisitionRequired, "acquisitionDate", requiredFieldMessage)
	}
	if contains(p.maturity, MaturityPreAcquisition) {
		if len(n.PreAcquisitionPhases) == 0 {
			return nil, invalid(MsgPreAcquisitionPhases, "preAcquisitionPhases", MsgPreAcquisitionPhases)
		}
		for i, ph := range preAcquisitionPhases {
			if contains(n.PreAcquisitionPhases, ph.ID) {
				p.preAcq = append(p.preAcq, i)
			}
		}
	}
	p.organization = n.AudienceMode == AudienceModeOrganizational

	// Spec 02 §4: a go-live date on a technology implementation sets the
	// end date to go-live plus 90 days. It is checked against the period
	// the planner entered, then applied.
	if p.technology {
		p.end = p.goLive.AddDate(0, 0, 90)
		p.endExtended = true
	}
	return p, nil
}

func parseDate(label, field, s string) (time.Time, error) {
	t, err := time.Parse(DateLayout, s)
	if err != nil || t.Year() < minYear || t.Year() > maxYear {
		return time.Time{}, invalid(label+msgInvalidDateSuffix, field, invalidDateFieldMessage)
	}
	return t, nil
}

// checkKnown refuses ids that are not in the reference data or the
// organisation dataset, so a typo is not silently dropped from a schedule.
func checkKnown(n Config, org *orgdata.Dataset) error {
	switch n.Urgency {
	case UrgencyLow, UrgencyMedium, UrgencyHigh:
	default:
		return invalid(MsgUrgency, "urgency", unknownValueFieldMessage)
	}
	switch n.AudienceMode {
	case AudienceModeGeneral, AudienceModeOrganizational:
	default:
		return invalid(MsgAudienceMode, "audienceMode", unknownValueFieldMessage)
	}
	if n.AudienceType != "" {
		if _, ok := optionLabel(audienceTypes, n.AudienceType); !ok {
			return unknown("audience type", "audienceType", n.AudienceType)
		}
	}
	for _, id := range n.CampaignTypes {
		if _, ok := CampaignTypeLabel(id); !ok {
			return unknown("campaign type", "campaignTypes", id)
		}
	}
	for _, id := range n.Audiences {
		if _, ok := optionLabel(audienceGroups, id); !ok {
			return unknown("audience", "audiences", id)
		}
	}
	for _, id := range n.MaturityPhases {
		if maturityIndex(id) < 0 {
			return unknown("maturity phase", "maturityPhases", id)
		}
	}
	for _, id := range n.PreAcquisitionPhases {
		if preAcquisitionIndex(id) < 0 {
			return unknown("pre-acquisition phase", "preAcquisitionPhases", id)
		}
	}
	if org == nil {
		org = &orgdata.Dataset{}
	}
	lists := []struct {
		what, field string
		ids         []string
		known       func(string) bool
	}{
		{"location", "locations", n.Locations, func(id string) bool { _, ok := org.Location(id); return ok }},
		{"division", "divisions", n.Divisions, func(id string) bool { _, ok := org.Division(id); return ok }},
		{"organizational level", "orgLevels", n.OrgLevels, func(id string) bool { _, ok := org.Level(id); return ok }},
		{"role category", "roleCategories", n.RoleCategories, func(id string) bool { _, ok := org.RoleGroup(id); return ok }},
	}
	for _, l := range lists {
		for _, id := range l.ids {
			if !l.known(id) {
				return unknown(l.what, l.field, id)
			}
		}
	}
	return nil
}

func unknown(what, field, id string) error {
	return invalid(fmt.Sprintf(msgUnknownValueTemplate, what, id), field, unknownValueFieldMessage)
}

// uniq trims the values, drops blanks and duplicates, and keeps the order.
func uniq(in []string) []string {
	if len(in) == 0 {
		return nil
	}
	out := make([]string, 0, len(in))
	seen := make(map[string]bool, len(in))
	for _, v := range in {
		v = strings.TrimSpace(v)
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// audienceIDs turns audiences given by label ("Employees") or by id in any
// case into ids; an unknown value stays as given, for validation to name.
func audienceIDs(in []string) []string {
	out := make([]string, len(in))
	for i, v := range in {
		out[i] = v
		for _, o := range audienceGroups {
			if strings.EqualFold(strings.TrimSpace(v), o.ID) || strings.EqualFold(strings.TrimSpace(v), o.Label) {
				out[i] = o.ID
			}
		}
	}
	return out
}

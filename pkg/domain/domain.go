// Package domain holds commsplan's entity types, their enumerations and the
// validation rules of the spec. It does no I/O: storage, HTTP and the CLI all
// build on these types.
package domain

import (
	"encoding/json"
	"net/url"
	"strings"
	"time"
)

// Theme groups questions and communications around one topic.
type Theme struct {
	ID            string    `json:"id"`
	Name          string    `json:"name"`
	Description   string    `json:"description"`
	Icon          string    `json:"icon"`
	Color         string    `json:"color"`
	CreatedAt     time.Time `json:"createdAt"`
	QuestionCount int       `json:"questionCount"`
	ContentCount  int       `json:"contentCount"`
}

// Question is a guiding question that belongs to one theme.
type Question struct {
	ID           string    `json:"id"`
	ThemeID      string    `json:"themeId"`
	Question     string    `json:"question"`
	Description  string    `json:"description"`
	SortOrder    int       `json:"sortOrder"`
	CreatedAt    time.Time `json:"createdAt"`
	ContentCount int       `json:"contentCount"`
}

// QuestionOrder is one entry of a reorder request.
type QuestionOrder struct {
	ID        string `json:"id"`
	SortOrder int    `json:"sortOrder"`
}

// Content types of the content library.
const (
	ContentText     = "text"
	ContentImage    = "image"
	ContentVideo    = "video"
	ContentDocument = "document"
)

// ContentTypes lists the valid content piece types.
var ContentTypes = []string{ContentText, ContentImage, ContentVideo, ContentDocument}

// Content is one piece of the content library. QuestionIDs are the questions
// it is linked to.
type Content struct {
	ID          string          `json:"id"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Content     string          `json:"content"`
	Type        string          `json:"type"`
	URL         string          `json:"url"`
	VehicleType string          `json:"vehicleType"`
	SourceData  json.RawMessage `json:"sourceData"`
	QuestionIDs []string        `json:"questionIds"`
	CreatedAt   time.Time       `json:"createdAt"`
}

// Audience is a segment of employees that communications target.
type Audience struct {
	ID             string   `json:"id"`
	Name           string   `json:"name"`
	Description    string   `json:"description"`
	ContactCount   int      `json:"contactCount"`
	Roles          []string `json:"roles"`
	OrgLevels      []string `json:"orgLevels"`
	Divisions      []string `json:"divisions"`
	TargetingScope string   `json:"targetingScope"`
	Departments    []string `json:"departments"`
	Locations      []string `json:"locations"`
	EmployeeTypes  []string `json:"employeeTypes"`
	AudienceType   string   `json:"audienceType"`
	// Greeting is whom a piece for the audience greets ("Worcester crew":
	// "Hello, Worcester crew,"); empty: a division's team, else the
	// engine's greeting.
	Greeting string `json:"greeting"`
	// IncludeIDs and ExcludeIDs name directory entries (by employeeId)
	// added to or left out of the members the criteria give.
	IncludeIDs []string  `json:"includeEmployeeIds"`
	ExcludeIDs []string  `json:"excludeEmployeeIds"`
	CreatedAt  time.Time `json:"createdAt"`
	// ContactCountAsOf is when the directory that ContactCount was counted
	// from was last imported; nil while no directory is loaded and the
	// count is the stored one.
	ContactCountAsOf *time.Time `json:"contactCountAsOf,omitempty"`
}

// VehicleSettings are a delivery vehicle's template, length limit and format.
type VehicleSettings struct {
	Template  string `json:"template"`
	MaxLength int    `json:"maxLength"`
	Format    string `json:"format"`
	// Webhook is a Teams or Slack channel's incoming-webhook URL, a
	// secret: in JSON it is only its scheme and host (the store keeps it
	// whole, StoredWebhook).
	Webhook Secret `json:"webhook"`
	// Private marks the channel private: confidential communications may
	// be posted to it.
	Private bool `json:"private"`
}

// Secret is a URL whose path and query are a credential (a webhook's):
// marshalled, it shows as scheme and host only, so no response or log
// line carries it. Unmarshalled, it takes the text as it is.
type Secret string

// MarshalJSON shows the scheme and host only.
func (s Secret) MarshalJSON() ([]byte, error) { return json.Marshal(s.Shown()) }

// Shown is the scheme and host, "" for none.
func (s Secret) Shown() string {
	if s == "" {
		return ""
	}
	u, err := url.Parse(strings.TrimSpace(string(s)))
	if err != nil || u.Host == "" {
		return "(set)"
	}
	return u.Scheme + "://" + u.Host
}

// Vehicle is a delivery vehicle: a channel through which communications go
// out. CommunicationCount, the number of communications using it, is read
// only: the store computes it.
type Vehicle struct {
	ID                        string             `json:"id"`
	Name                      string             `json:"name"`
	Type                      string             `json:"type"`
	Description               string             `json:"description"`
	Settings                  VehicleSettings    `json:"settings"`
	GenerationalTargeting     []string           `json:"generationalTargeting"`
	CommunicationStrategy     string             `json:"communicationStrategy"`
	PreferredGenerations      []string           `json:"preferredGenerations"`
	GenerationalEffectiveness map[string]float64 `json:"generationalEffectiveness"`
	CreatedAt                 time.Time          `json:"createdAt"`
	CommunicationCount        int                `json:"communicationCount"`
}

// Communication statuses.
const (
	StatusDraft     = "draft"
	StatusScheduled = "scheduled"
	StatusSent      = "sent"
)

// CommunicationStatuses lists the valid communication statuses.
var CommunicationStatuses = []string{StatusDraft, StatusScheduled, StatusSent}

// Ref is an embedded reference to a related record.
type Ref struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// VehicleRef is an embedded reference to a delivery vehicle.
type VehicleRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

// Communication is one planned message. ThemeID, AudienceID and VehicleID are
// empty when unset or when the referenced record was deleted. ScheduledDate is
// empty, a calendar date (YYYY-MM-DD) or an RFC 3339 UTC instant (see
// Scheduled). SourceCampaignID and SourceActivityID name the saved campaign
// activity a communication was imported from, or are empty.
type Communication struct {
	ID                string   `json:"id"`
	Title             string   `json:"title"`
	ThemeID           string   `json:"themeId"`
	SelectedQuestions []string `json:"selectedQuestions"`
	AudienceID        string   `json:"audienceId"`
	VehicleID         string   `json:"vehicleId"`
	RawContent        string   `json:"rawContent"`
	GeneratedContent  string   `json:"generatedContent"`
	FinalContentID    string   `json:"finalContentId"`
	Status            string   `json:"status"`
	ScheduledDate     string   `json:"scheduledDate"`
	SourceCampaignID  string   `json:"sourceCampaignId"`
	SourceActivityID  string   `json:"sourceActivityId"`
	// Confidentiality is its label ("Board Confidential"), kept from the
	// campaign activity it was imported from or set by a planner; "" for none.
	Confidentiality string `json:"confidentiality"`
	// Confidential says only its insiders see it: it has a label or comes
	// from a confidential campaign (set by the store).
	Confidential bool        `json:"confidential"`
	CreatedAt    time.Time   `json:"createdAt"`
	Theme        *Ref        `json:"theme"`
	Vehicle      *VehicleRef `json:"vehicle"`
	Audience     *Ref        `json:"audience"`
	// Review is its review state (set by pkg/plan's review use cases only).
	Review Review `json:"review"`
}

// Activity actions recorded in the activity log.
const (
	ActionCreated = "created"
	ActionUpdated = "updated"
	ActionDeleted = "deleted"
)

// Activity is one entry of the activity log: what happened to which record, when.
type Activity struct {
	ID         string    `json:"id"`
	Action     string    `json:"action"`
	EntityType string    `json:"entityType"`
	EntityID   string    `json:"entityId"`
	Label      string    `json:"label"`
	At         time.Time `json:"at"`
	// ActorID and ActorName say who acted ("" for entries older than the
	// audit trail); the name is kept as it was, after a removal too.
	ActorID   string `json:"actorId"`
	ActorName string `json:"actorName"`
	// Changes are the changed fields, {"field": {"before": .., "after": ..}},
	// when the write said which.
	Changes json.RawMessage `json:"changes,omitempty"`
}

// Campaign is a generated schedule saved to the campaign inventory. The
// schedule is kept as the document the generator produced.
type Campaign struct {
	ID                string          `json:"id"`
	Title             string          `json:"title"`
	Description       string          `json:"description"`
	Schedule          json.RawMessage `json:"schedule"`
	HTMLContent       string          `json:"htmlContent"`
	AudienceFilters   json.RawMessage `json:"audienceFilters"`
	GeographicFilters []string        `json:"geographicFilters"`
	// Confidential says only its insiders see it: a planner marked it, or
	// one of its activities carries a confidentiality label (pkg/plan).
	Confidential bool      `json:"confidential"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
	// Review is its review state (set by pkg/plan's review use cases only).
	Review Review `json:"review"`
}

// CampaignSummary is what a list of campaigns shows, without the schedule
// and the HTML (a saved campaign of 130 activities is about 120 KB of
// schedule; its summary is well under 1 KB).
type CampaignSummary struct {
	ID                string          `json:"id"`
	Title             string          `json:"title"`
	Description       string          `json:"description"`
	ActivityCount     int             `json:"activityCount"`
	StartDate         string          `json:"startDate,omitempty"`
	EndDate           string          `json:"endDate,omitempty"`
	AudienceFilters   json.RawMessage `json:"audienceFilters"`
	GeographicFilters []string        `json:"geographicFilters"`
	Confidential      bool            `json:"confidential"`
	CreatedAt         time.Time       `json:"createdAt"`
	UpdatedAt         time.Time       `json:"updatedAt"`
	Review            Review          `json:"review"`
}

// ScheduleFigures are the schedule's fields a CampaignSummary shows.
type ScheduleFigures struct {
	TotalActivities int    `json:"totalActivities"`
	StartDate       string `json:"startDate"`
	EndDate         string `json:"endDate"`
}

// Summary is the campaign's summary with the figures of its schedule.
func (c Campaign) Summary(f ScheduleFigures) CampaignSummary {
	return CampaignSummary{ID: c.ID, Title: c.Title, Description: c.Description, ActivityCount: f.TotalActivities,
		StartDate: f.StartDate, EndDate: f.EndDate, AudienceFilters: c.AudienceFilters,
		GeographicFilters: c.GeographicFilters, Confidential: c.Confidential, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, Review: c.Review}
}

// Figures reads the schedule's figures; a schedule that does not read as
// one has none (a field of the wrong type is left zero).
func (c Campaign) Figures() ScheduleFigures {
	var f ScheduleFigures
	_ = json.Unmarshal(c.Schedule, &f)
	return f
}

// ChecklistTemplate is a named checklist kept in the repository. Items and
// Metadata are the documents pkg/checklist reads and writes.
type ChecklistTemplate struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Items       json.RawMessage `json:"items"`
	IsPublic    bool            `json:"isPublic"`
	Metadata    json.RawMessage `json:"metadata"`
	CreatedAt   time.Time       `json:"createdAt"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

// WorkingChecklist is the team's shared checklist. Version grows by one on
// every accepted save and guards against lost updates.
type WorkingChecklist struct {
	Items     json.RawMessage `json:"items"`
	Version   int             `json:"version"`
	UpdatedAt time.Time       `json:"updatedAt"`
}

// ChecklistSnapshot is the dated stats of one accepted checklist save.
type ChecklistSnapshot struct {
	ID    string          `json:"id"`
	At    time.Time       `json:"at"`
	Stats json.RawMessage `json:"stats"`
}

// SearchHit is one result of the global search.
type SearchHit struct {
	Kind     string `json:"kind"`
	ID       string `json:"id"`
	Title    string `json:"title"`
	Snippet  string `json:"snippet"`
	ParentID string `json:"parentId,omitempty"`
}

// DayText writes a day the way every sentence the server writes names one
// (warnings, campaign descriptions and summaries): "3 Feb 2027", never the
// ambiguous 2/3/2027.
func DayText(day time.Time) string { return day.Format("2 Jan 2006") }

// Insider is a person who may see a confidential campaign or communication.
type Insider struct {
	PersonID string    `json:"personId"`
	Name     string    `json:"name"`
	AddedAt  time.Time `json:"addedAt"`
}

// ConfidentialLabel is the title a hidden record's audit entries show to
// whoever may not see it.
const ConfidentialLabel = "Confidential item"

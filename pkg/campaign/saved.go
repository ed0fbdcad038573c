package campaign

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/commsplan/commsplan/pkg/domain"
)

// AudienceFilters is what a saved campaign records about whom it targets
// (spec 02 §3). TargetCount is null when the schedule has no head count
// (general mode, or nothing selected); the inventory then shows Unknown.
type AudienceFilters struct {
	Types           []string    `json:"types"`
	Audiences       []string    `json:"audiences"`
	AudienceType    string      `json:"audienceType"`
	Divisions       []string    `json:"divisions"`
	OrgLevels       []string    `json:"orgLevels"`
	Roles           []string    `json:"roles"`
	MaturityPhases  []string    `json:"maturityPhases"`
	TargetCount     *domain.Int `json:"targetCount"`
	GoLiveDate      string      `json:"goLiveDate"`
	AcquisitionDate string      `json:"acquisitionDate"`
}

// Filters returns the audience and geographic filters a saved campaign
// records for a configuration and the schedule generated from it, the way
// the Campaign Scheduler's save form fills them.
func Filters(cfg Config, s *Schedule) (AudienceFilters, []string) {
	n := cfg.Normalize()
	f := AudienceFilters{
		Types:           nonNil(n.CampaignTypes),
		Audiences:       nonNil(n.Audiences),
		AudienceType:    n.AudienceType,
		Divisions:       nonNil(n.Divisions),
		OrgLevels:       nonNil(n.OrgLevels),
		Roles:           nonNil(n.RoleCategories),
		MaturityPhases:  nonNil(n.MaturityPhases),
		GoLiveDate:      n.GoLiveDate,
		AcquisitionDate: n.AcquisitionDate,
	}
	if s != nil && s.Targeting != nil && s.Targeting.TargetCount > 0 {
		c := domain.Int(s.Targeting.TargetCount)
		f.TargetCount = &c
	}
	geo := nonNil(n.Locations)
	if n.AudienceMode != AudienceModeOrganizational {
		geo = []string{}
	}
	return f, geo
}

// ExportFormats are the formats a saved campaign exports to.
var ExportFormats = []string{"html", "json", "csv", "ics"}

// MsgExportFormat refuses an unknown export format.
const MsgExportFormat = "format must be html, json, csv or ics"

// Export is a saved campaign rendered for download.
type Export struct {
	ContentType string
	FileName    string
	Body        []byte
}

// ExportCampaign renders a saved campaign in format: "html" is its stored
// HTML (named "<title>_campaign.html"), "json" its schedule, "csv" and "ics"
// the schedule's activities. The API and the CLI both export through it.
// An unknown format is a *ValidationError.
func ExportCampaign(c domain.Campaign, format string) (*Export, error) {
	format = strings.ToLower(strings.TrimSpace(format))
	e := &Export{FileName: FileName(c.Title, format)}
	switch format {
	case "html":
		e.ContentType, e.FileName = "text/html; charset=utf-8", SavedFileName(c.Title)
		e.Body = []byte(c.HTMLContent)
	case "json":
		e.ContentType = "application/json"
		e.Body = append([]byte(nil), c.Schedule...)
	case "csv", "ics":
		var s Schedule
		if err := json.Unmarshal(c.Schedule, &s); err != nil {
			return nil, fmt.Errorf("campaign %s: stored schedule: %w", c.ID, err)
		}
		var b bytes.Buffer
		var err error
		if format == "csv" {
			e.ContentType = "text/csv; charset=utf-8"
			err = WriteCSV(&b, &s)
		} else {
			e.ContentType = "text/calendar; charset=utf-8"
			err = WriteICS(&b, &s, ICSOptions{Namespace: c.ID, Stamp: c.UpdatedAt})
		}
		if err != nil {
			return nil, fmt.Errorf("campaign %s: %w", c.ID, err)
		}
		e.Body = b.Bytes()
	default:
		return nil, invalid(MsgExportFormat, "format", MsgExportFormat)
	}
	return e, nil
}

package campaign

import (
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

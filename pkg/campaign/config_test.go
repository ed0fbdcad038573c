package campaign

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

// validConfig is a configuration every rule accepts; tests change one thing.
func validConfig() Config {
	return Config{
		CampaignName:  "ERP Readiness",
		StartDate:     "2025-01-01",
		EndDate:       "2025-01-31",
		CampaignTypes: []string{TypeChangeManagement},
	}
}

func TestValidateMessages(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		msg    string
		field  string
	}{
		{"valid", func(*Config) {}, "", ""},
		{"missing name", func(c *Config) { c.CampaignName = "" }, MsgRequired, "campaignName"},
		{"blank name", func(c *Config) { c.CampaignName = "   " }, MsgRequired, "campaignName"},
		{"missing start", func(c *Config) { c.StartDate = "" }, MsgRequired, "startDate"},
		{"missing end", func(c *Config) { c.EndDate = "" }, MsgRequired, "endDate"},
		{"no campaign type", func(c *Config) { c.CampaignTypes = nil }, MsgRequired, "campaignTypes"},
		{"only blank campaign types", func(c *Config) { c.CampaignTypes = []string{" "} }, MsgRequired, "campaignTypes"},
		{"bad start date", func(c *Config) { c.StartDate = "01/02/2025" }, "Start date must be a valid date (YYYY-MM-DD)", "startDate"},
		{"impossible end date", func(c *Config) { c.EndDate = "2025-02-30" }, "End date must be a valid date (YYYY-MM-DD)", "endDate"},
		{"year out of range", func(c *Config) { c.EndDate = "3025-01-01" }, "End date must be a valid date (YYYY-MM-DD)", "endDate"},
		{"end equals start", func(c *Config) { c.EndDate = c.StartDate }, MsgEndBeforeStart, "endDate"},
		{"end before start", func(c *Config) { c.EndDate = "2024-12-31" }, MsgEndBeforeStart, "endDate"},
		{"exactly ten years", func(c *Config) { c.EndDate = "2035-01-01" }, "", ""},
		{"over ten years", func(c *Config) { c.EndDate = "2035-01-02" }, MsgPeriodTooLong, "endDate"},
		{"technology without go-live", func(c *Config) {
			c.CampaignTypes = []string{TypeTechnologyImplementation}
		}, MsgGoLiveRequired, "goLiveDate"},
		{"technology go-live before start", func(c *Config) {
			c.CampaignTypes = []string{TypeTechnologyImplementation}
			c.GoLiveDate = "2024-12-31"
		}, MsgGoLiveOutside, "goLiveDate"},
		{"technology go-live after end", func(c *Config) {
			c.CampaignTypes = []string{TypeTechnologyImplementation}
			c.GoLiveDate = "2025-02-01"
		}, MsgGoLiveOutside, "goLiveDate"},
		{"technology go-live on start", func(c *Config) {
			c.CampaignTypes = []string{TypeTechnologyImplementation}
			c.GoLiveDate = "2025-01-01"
		}, "", ""},
		{"technology go-live on end", func(c *Config) {
			c.CampaignTypes = []string{TypeTechnologyImplementation}
			c.GoLiveDate = "2025-01-31"
		}, "", ""},
		{"bad go-live date", func(c *Config) { c.GoLiveDate = "soon" }, "Go-Live Date must be a valid date (YYYY-MM-DD)", "goLiveDate"},
		{"go-live outside the period without technology is ignored", func(c *Config) { c.GoLiveDate = "2030-01-01" }, "", ""},
		{"newly acquired without acquisition date", func(c *Config) {
			c.CampaignTypes = []string{TypeMAIntegration}
			c.MaturityPhases = []string{MaturityNewlyAcquired}
		}, MsgAcquisitionRequired, "acquisitionDate"},
		{"integrating without acquisition date", func(c *Config) {
			c.CampaignTypes = []string{TypeMAIntegration}
			c.MaturityPhases = []string{MaturityMaturing, MaturityIntegrating}
		}, MsgAcquisitionRequired, "acquisitionDate"},
		{"maturing needs no acquisition date", func(c *Config) {
			c.CampaignTypes = []string{TypeMAIntegration}
			c.MaturityPhases = []string{MaturityMaturing}
		}, "", ""},
		{"maturity phases ignored without M&A type", func(c *Config) {
			c.MaturityPhases = []string{MaturityNewlyAcquired}
		}, "", ""},
		{"bad acquisition date", func(c *Config) { c.AcquisitionDate = "2025-13-01" }, "Acquisition Date must be a valid date (YYYY-MM-DD)", "acquisitionDate"},
		{"pre-acquisition without phases", func(c *Config) {
			c.CampaignTypes = []string{TypeMAIntegration}
			c.MaturityPhases = []string{MaturityPreAcquisition}
		}, MsgPreAcquisitionPhases, "preAcquisitionPhases"},
		{"pre-acquisition with a phase", func(c *Config) {
			c.CampaignTypes = []string{TypeMAIntegration}
			c.MaturityPhases = []string{MaturityPreAcquisition}
			c.PreAcquisitionPhases = []string{"negotiation"}
		}, "", ""},
		{"unknown campaign type", func(c *Config) { c.CampaignTypes = []string{"rebrand"} }, `Unknown campaign type: "rebrand"`, "campaignTypes"},
		{"unknown urgency", func(c *Config) { c.Urgency = "critical" }, MsgUrgency, "urgency"},
		{"urgency is case-insensitive", func(c *Config) { c.Urgency = "HIGH" }, "", ""},
		{"unknown audience mode", func(c *Config) { c.AudienceMode = "everyone" }, MsgAudienceMode, "audienceMode"},
		{"unknown audience type", func(c *Config) { c.AudienceType = "vip" }, `Unknown audience type: "vip"`, "audienceType"},
		{"unknown audience", func(c *Config) { c.Audiences = []string{"employees", "robots"} }, `Unknown audience: "robots"`, "audiences"},
		{"unknown maturity phase", func(c *Config) {
			c.CampaignTypes = []string{TypeMAIntegration}
			c.MaturityPhases = []string{"settled"}
		}, `Unknown maturity phase: "settled"`, "maturityPhases"},
		{"unknown pre-acquisition phase", func(c *Config) {
			c.CampaignTypes = []string{TypeMAIntegration}
			c.MaturityPhases = []string{MaturityPreAcquisition}
			c.PreAcquisitionPhases = []string{"closing"}
		}, `Unknown pre-acquisition phase: "closing"`, "preAcquisitionPhases"},
		{"unknown location", func(c *Config) { c.Locations = []string{"atlantis"} }, `Unknown location: "atlantis"`, "locations"},
		{"unknown division", func(c *Config) { c.Divisions = []string{"xyz"} }, `Unknown division: "xyz"`, "divisions"},
		{"unknown level", func(c *Config) { c.OrgLevels = []string{"intern"} }, `Unknown organizational level: "intern"`, "orgLevels"},
		{"unknown role", func(c *Config) { c.RoleCategories = []string{"pilot"} }, `Unknown role category: "pilot"`, "roleCategories"},
	}
	org := orgdata.Load()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := validConfig()
			tc.change(&cfg)
			err := cfg.Validate(org)
			if tc.msg == "" {
				assert.NoError(t, err)
				return
			}
			var ve *ValidationError
			require.True(t, errors.As(err, &ve), "want a *ValidationError, got %v", err)
			assert.Equal(t, tc.msg, ve.Message)
			assert.Equal(t, tc.msg, err.Error())
			assert.Contains(t, ve.Fields, tc.field)

			// Generate refuses with the same error.
			_, gerr := Generate(cfg, org)
			assert.Equal(t, err, gerr)
		})
	}
}

func TestValidateReportsEveryMissingField(t *testing.T) {
	err := Config{}.Validate(orgdata.Load())
	var ve *ValidationError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, MsgRequired, ve.Message)
	assert.Equal(t, map[string]string{
		"campaignName": "is required", "startDate": "is required",
		"endDate": "is required", "campaignTypes": "is required",
	}, ve.Fields)
}

func TestNormalize(t *testing.T) {
	n := Config{
		CampaignName:         "  Launch  ",
		CampaignTypes:        []string{"opportunity", " opportunity", "", "crisis-communication"},
		Audiences:            []string{"managers", "managers"},
		Urgency:              " High ",
		MaturityPhases:       []string{MaturityPreAcquisition},
		PreAcquisitionPhases: []string{"negotiation"},
	}.Normalize()
	assert.Equal(t, "Launch", n.CampaignName)
	assert.Equal(t, []string{"opportunity", "crisis-communication"}, n.CampaignTypes)
	assert.Equal(t, []string{"managers"}, n.Audiences)
	assert.Equal(t, UrgencyHigh, n.Urgency)
	assert.Equal(t, AudienceModeGeneral, n.AudienceMode)
	// Without the M&A type, maturity and pre-acquisition choices are dropped.
	assert.Nil(t, n.MaturityPhases)
	assert.Nil(t, n.PreAcquisitionPhases)

	d := Config{}.Normalize()
	assert.Equal(t, UrgencyMedium, d.Urgency, "urgency defaults to medium")
	assert.Equal(t, AudienceModeGeneral, d.AudienceMode, "audience mode defaults to general")
}

func TestConfigYAMLUsesAPIFieldNames(t *testing.T) {
	// Unquoted YAML dates must arrive as the text the planner wrote.
	src := `
campaignName: Q3 Rollout
startDate: 2025-07-01
endDate: 2025-09-30
campaignTypes: [technology-implementation]
goLiveDate: 2025-08-15
audienceMode: organizational
locations: [california]
orgLevels: [field-operations]
roleCategories: [fire-alarm]
divisions: [sfb]
urgency: high
`
	var c Config
	require.NoError(t, yaml.Unmarshal([]byte(src), &c))
	assert.Equal(t, Config{
		CampaignName: "Q3 Rollout", StartDate: "2025-07-01", EndDate: "2025-09-30",
		CampaignTypes: []string{TypeTechnologyImplementation}, GoLiveDate: "2025-08-15",
		AudienceMode: AudienceModeOrganizational, Locations: []string{"california"},
		OrgLevels: []string{"field-operations"}, RoleCategories: []string{"fire-alarm"},
		Divisions: []string{"sfb"}, Urgency: UrgencyHigh,
	}, c)
	assert.NoError(t, c.Validate(orgdata.Load()))
}

func TestAudiencesByLabel(t *testing.T) {
	cfg := validConfig()
	cfg.Audiences = []string{"Employees", " MANAGERS ", "customers", "employees"}
	assert.Equal(t, []string{"employees", "managers", "customers"}, cfg.Normalize().Audiences, "labels and ids in any case, once each")
	cfg.Audiences = []string{"Everyone"}
	_, err := Generate(cfg, nil)
	require.Error(t, err)
	assert.Equal(t, `Unknown audience: "Everyone"`, err.Error())
}

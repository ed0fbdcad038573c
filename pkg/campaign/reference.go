// Package campaign generates phased campaign schedules from a scheduler
// configuration, renders them as HTML, CSV and iCalendar, and holds the
// campaign reference data (types, M&A maturity and pre-acquisition phases,
// audience groups and types, urgency levels). The CLI and the API both call
// this one package, so a configuration gives the same schedule everywhere.
package campaign

// Campaign type ids (spec 02 §3, reference data).
const (
	TypeTransformation           = "transformation"
	TypeDisruptionResponse       = "disruption-response"
	TypeOpportunity              = "opportunity"
	TypeChangeManagement         = "change-management"
	TypeProductLaunch            = "product-launch"
	TypeCrisisCommunication      = "crisis-communication"
	TypeTechnologyImplementation = "technology-implementation"
	TypeMAIntegration            = "ma-integration"
)

// Maturity phase ids of an M&A integration.
const (
	MaturityPreAcquisition = "pre-acquisition"
	MaturityNewlyAcquired  = "newly-acquired"
	MaturityIntegrating    = "integrating"
	MaturityMaturing       = "maturing"
	MaturityEstablished    = "established"
	MaturityMixed          = "mixed-maturity"
)

// Urgency levels.
const (
	UrgencyLow    = "low"
	UrgencyMedium = "medium"
	UrgencyHigh   = "high"
)

// Audience modes of the scheduler.
const (
	AudienceModeGeneral        = "general"
	AudienceModeOrganizational = "organizational"
)

// CampaignType is one of the eight campaign types.
type CampaignType struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	Description string `json:"description"`
}

// MaturityPhase is an M&A maturity phase: how far an acquired business is
// into its integration.
type MaturityPhase struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	Description string `json:"description"`
	Duration    string `json:"duration"`
	Color       string `json:"color"`
}

// PreAcquisitionPhase is a stage of a deal before it is announced. MinPercent
// and MaxPercent place it on the campaign span; Confidentiality is the label
// every activity of the phase carries.
type PreAcquisitionPhase struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Description     string `json:"description"`
	MinPercent      int    `json:"minPercent"`
	MaxPercent      int    `json:"maxPercent"`
	PercentageRange string `json:"percentageRange"`
	Confidentiality string `json:"confidentiality"`
}

// Option is an id with a display label and a short description.
type Option struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	Description string `json:"description,omitempty"`
}

// ReferenceData is the campaign part of GET /api/reference.
type ReferenceData struct {
	CampaignTypes        []CampaignType        `json:"campaignTypes"`
	MaturityPhases       []MaturityPhase       `json:"maturityPhases"`
	PreAcquisitionPhases []PreAcquisitionPhase `json:"preAcquisitionPhases"`
	AudienceGroups       []Option              `json:"audienceGroups"`
	AudienceTypes        []Option              `json:"audienceTypes"`
	UrgencyLevels        []Option              `json:"urgencyLevels"`
	// MAActivities are the M&A activities the scheduler previews.
	MAActivities []MAActivity `json:"maActivities"`
}

var campaignTypes = []CampaignType{
	{TypeTransformation, "Organizational Transformation", "Reshaping how the organisation works: structure, processes and ways of working."},
	{TypeDisruptionResponse, "Disruption Response", "Responding to an unplanned change in the market, supply chain or operations."},
	{TypeOpportunity, "Opportunity Communication", "Rallying people around a growth opportunity, new market or contract win."},
	{TypeChangeManagement, "Change Management", "Moving people through a planned change: awareness, desire, knowledge, ability, reinforcement."},
	{TypeProductLaunch, "Product Launch", "Introducing a new product or service offering to employees, customers and partners."},
	{TypeCrisisCommunication, "Crisis Communication", "Fast, factual and repeated communication during an incident or crisis."},
	{TypeTechnologyImplementation, "Technology Implementation", "Preparing people for a new system: testing, training, go-live and hypercare."},
	{TypeMAIntegration, "M&A Integration", "Bringing acquired businesses into the group, from confidential planning to a settled culture."},
}

var maturityPhases = []MaturityPhase{
	{MaturityPreAcquisition, "Pre-Acquisition", "The deal is not yet announced; planning is confidential to the deal team.", "Before close", "#7c3aed"},
	{MaturityNewlyAcquired, "Newly Acquired", "The deal has closed; people need reassurance, a welcome and day-one answers.", "0-6 months", "#dc2626"},
	{MaturityIntegrating, "Integrating", "Systems, benefits and processes are moving onto the group's standards.", "6-18 months", "#ea580c"},
	{MaturityMaturing, "Maturing", "Integration work is largely done; the focus moves to culture and shared practice.", "18-36 months", "#ca8a04"},
	{MaturityEstablished, "Established", "A settled part of the group that mentors newer acquisitions.", "36+ months", "#16a34a"},
	{MaturityMixed, "Mixed Maturity", "The audience spans businesses at different stages of integration.", "Varies", "#2563eb"},
}

var preAcquisitionPhases = []PreAcquisitionPhase{
	{"strategic-assessment", "Strategic Assessment", "Board and executive sponsors assess the target and the strategic fit.", 0, 15, "0-15%", "Board Confidential"},
	{"due-diligence", "Due Diligence", "A small team reviews the target's finances, operations, people and contracts.", 15, 40, "15-40%", "Strictly Confidential - Deal Team Only"},
	{"negotiation", "Negotiation", "Terms are negotiated and integration leaders are named under NDA.", 40, 70, "40-70%", "Confidential - Integration Leaders"},
	{"definitive-agreement", "Definitive Agreement", "The agreement is signed; regulatory and closing conditions are worked through.", 70, 95, "70-95%", "Confidential - Senior Leadership"},
	{"announcement-preparation", "Announcement Preparation", "Announcement materials, manager briefings and FAQs are readied for release.", 95, 98, "95-98%", "Restricted - Announcement Team"},
	{"announcement-close", "Announcement and Close", "The deal is announced and closes; the confidential period ends.", 98, 100, "98-100%", "Internal - Embargoed Until Announcement"},
}

var audienceGroups = []Option{
	{ID: "executives", Label: "Executives"},
	{ID: "managers", Label: "Managers"},
	{ID: "employees", Label: "Employees"},
	{ID: "customers", Label: "Customers"},
	{ID: "stakeholders", Label: "Stakeholders"},
	{ID: "partners", Label: "Partners"},
}

var audienceTypes = []Option{
	{ID: "direct-affected", Label: "Directly Affected", Description: "People whose daily work changes."},
	{ID: "indirect-divisions", Label: "Indirect Divisions", Description: "Divisions that feel the change through the people they work with."},
	{ID: "internal", Label: "Internal", Description: "Everyone inside the organisation."},
	{ID: "external", Label: "External", Description: "Customers, partners and other people outside the organisation."},
	{ID: "mixed", Label: "Mixed", Description: "Internal and external audiences together."},
}

var urgencyLevels = []Option{
	{ID: UrgencyLow, Label: "Low", Description: "Standard timeline"},
	{ID: UrgencyMedium, Label: "Medium", Description: "Accelerated"},
	{ID: UrgencyHigh, Label: "High", Description: "Urgent deployment"},
}

// Reference returns the campaign reference data. Each call returns fresh
// slices, so a caller may change them freely.
func Reference() ReferenceData {
	return ReferenceData{
		CampaignTypes:        append([]CampaignType(nil), campaignTypes...),
		MaturityPhases:       append([]MaturityPhase(nil), maturityPhases...),
		PreAcquisitionPhases: append([]PreAcquisitionPhase(nil), preAcquisitionPhases...),
		AudienceGroups:       append([]Option(nil), audienceGroups...),
		AudienceTypes:        append([]Option(nil), audienceTypes...),
		UrgencyLevels:        append([]Option(nil), urgencyLevels...),
		MAActivities:         MAActivities(),
	}
}

// CampaignTypeLabel returns the label of a campaign type id, and false when
// the id is unknown.
func CampaignTypeLabel(id string) (string, bool) {
	for _, t := range campaignTypes {
		if t.ID == id {
			return t.Label, true
		}
	}
	return "", false
}

func optionLabel(opts []Option, id string) (string, bool) {
	for _, o := range opts {
		if o.ID == id {
			return o.Label, true
		}
	}
	return "", false
}

func maturityIndex(id string) int {
	for i, m := range maturityPhases {
		if m.ID == id {
			return i
		}
	}
	return -1
}

func preAcquisitionIndex(id string) int {
	for i, p := range preAcquisitionPhases {
		if p.ID == id {
			return i
		}
	}
	return -1
}

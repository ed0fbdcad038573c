package api

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
)

// routeReference registers the organisation dataset and reference data
// routes.
func (s *Server) routeReference(r *mux.Router) {
	r.HandleFunc("/job-titles", s.listJobTitles).Methods(http.MethodGet)
	r.HandleFunc("/reference", s.getReference).Methods(http.MethodGet)
}

// listJobTitles answers the Roles Database: every job title record of the
// organisation (the directory's while one is loaded), narrowed by ?q=
// (title substring) and ?division= (substring of any division label), both
// case-insensitive (spec 01 §5).
func (s *Server) listJobTitles(w http.ResponseWriter, r *http.Request) {
	org, _, err := s.plan.Organisation(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	writeJSON(w, http.StatusOK, org.SearchJobTitles(q.Get("q"), q.Get("division")))
}

// Reference is the document of GET /api/reference: the organisation dataset's
// lists with their head counts, the generations, the vehicle type defaults and
// the campaign scheduler's reference data, so the UI needs one call.
type Reference struct {
	CompanyName    string                 `json:"companyName"`
	TotalEmployees int                    `json:"totalEmployees"`
	Locations      []orgdata.Location     `json:"locations"`
	Divisions      []orgdata.Division     `json:"divisions"`
	BusinessLines  []orgdata.BusinessLine `json:"businessLines"`
	OrgLevels      []orgdata.Level        `json:"orgLevels"`
	RoleGroups     []orgdata.RoleGroup    `json:"roleGroups"`
	JobTitleCount  int                    `json:"jobTitleCount"`
	// RoleGroupsByDivision lists, per division id, the role groups offered
	// when that division is selected; for several divisions the scheduler
	// offers the union, and with none every group.
	RoleGroupsByDivision map[string][]string  `json:"roleGroupsByDivision"`
	Generations          []domain.Generation  `json:"generations"`
	GenerationalSplit    orgdata.Generations  `json:"generationalSplit"`
	VehicleTypes         []domain.VehicleType `json:"vehicleTypes"`
	// NewsletterTemplate is the default newsletter layout.
	NewsletterTemplate compose.NewsletterTemplate `json:"newsletterTemplate"`
	// DivisionProfiles are the scheduler's detailed division profiles.
	DivisionProfiles map[string]campaign.DivisionDetail `json:"divisionProfiles"`
	// Limits are the input limits the server enforces.
	Limits Limits `json:"limits"`
	// Review is the team's review settings, which the screens follow
	// (the Upcoming panel's flag, the approvals a review needs).
	Review ReviewSettings `json:"review"`
	campaign.ReferenceData
}

// Limits are the input limits the server enforces, so the screens apply the
// same ones before they send instead of keeping copies that drift (issue
// 24). Lengths are in characters.
type Limits struct {
	Name                  int             `json:"name"`
	Description           int             `json:"description"`
	Body                  int             `json:"body"`
	NewsletterSubSections int             `json:"newsletterSubSections"`
	Checklist             ChecklistLimits `json:"checklist"`
}

// ChecklistLimits are the readiness checklist's limits (pkg/checklist).
type ChecklistLimits struct {
	Items           int `json:"items"`
	Title           int `json:"title"`
	Description     int `json:"description"`
	Team            int `json:"team"`
	Notes           int `json:"notes"`
	MinMaxScore     int `json:"minMaxScore"`
	MaxMaxScore     int `json:"maxMaxScore"`
	DefaultMaxScore int `json:"defaultMaxScore"`
}

// limits reads the limits from the packages that enforce them.
var limits = Limits{
	Name: domain.MaxName, Description: domain.MaxDescription, Body: domain.MaxBody,
	NewsletterSubSections: compose.MaxSubSections,
	Checklist: ChecklistLimits{
		Items: checklist.MaxItems, Title: checklist.MaxTitleLen, Description: checklist.MaxDescriptionLen,
		Team: checklist.MaxTeamLen, Notes: checklist.MaxNotesLen, MinMaxScore: checklist.MinMaxScore,
		MaxMaxScore: checklist.MaxMaxScore, DefaultMaxScore: checklist.DefaultMaxScore,
	},
}

// NewReference assembles the reference document from the dataset.
func NewReference(d *orgdata.Dataset) Reference {
	return Reference{
		CompanyName:          orgdata.CompanyName,
		TotalEmployees:       d.TotalEmployees,
		Locations:            d.Locations,
		Divisions:            d.Divisions,
		BusinessLines:        d.BusinessLines,
		OrgLevels:            d.Levels,
		RoleGroups:           d.RoleGroups,
		JobTitleCount:        len(d.JobTitles),
		RoleGroupsByDivision: d.RoleGroupsByDivision(),
		Generations:          domain.Generations,
		GenerationalSplit:    d.Generations,
		VehicleTypes:         domain.VehicleTypes,
		NewsletterTemplate:   compose.DefaultNewsletterTemplate(),
		DivisionProfiles:     campaign.DivisionDetails(d),
		Limits:               limits,
		ReferenceData:        campaign.Reference(),
	}
}

// referenceCache keeps the reference document built for one version of
// the organisation (plan.Organisation), shared by every request until a
// directory write moves it.
type referenceCache struct {
	mu      sync.Mutex
	built   bool
	version int64
	ref     Reference
}

// at is the reference for the organisation org at version v.
func (c *referenceCache) at(org *orgdata.Dataset, v int64) Reference {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.built || c.version != v {
		c.ref, c.version, c.built = NewReference(org), v, true
	}
	return c.ref
}

// getReference answers the reference document. Its organisation follows
// the directory, so it has a weak ETag of the organisation's version, the
// review settings and the build: a client asks again and gets a 304 until
// an import or a provisioning changes it.
func (s *Server) getReference(w http.ResponseWriter, r *http.Request) {
	org, v, err := s.plan.Organisation(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pol := s.plan.ReviewPolicy()
	review := ReviewSettings{Required: pol.Required, Approvals: max(pol.Approvals, 1), AllowSelfApproval: pol.AllowSelfApproval}
	etag := fmt.Sprintf(`"reference-%s-%t%d%t-%s"`, strconv.FormatInt(v, 36), review.Required, review.Approvals, review.AllowSelfApproval, s.lists.tag)
	w.Header().Set("ETag", "W/"+etag)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	ref := s.references.at(org, v)
	ref.Review = review
	writeJSON(w, http.StatusOK, ref)
}

// ReviewSettings are review.required, review.approvals and
// review.allow-self-approval.
type ReviewSettings struct {
	Required          bool `json:"required"`
	Approvals         int  `json:"approvals"`
	AllowSelfApproval bool `json:"allowSelfApproval"`
}

package api

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// MaxCampaignBody bounds saving a campaign. A saved campaign carries its
// whole schedule and its HTML; a ten-year, high-urgency schedule is about
// 3.1 MiB of JSON and 2.1 MiB of HTML, well over the 1 MiB JSON limit.
const MaxCampaignBody = 16 << 20

// campaignExportFormats names the export formats in a 400.
const campaignExportFormats = "html, json, csv or ics"

// routeCampaigns registers the campaign generator and inventory routes.
func (s *Server) routeCampaigns(r *mux.Router) {
	r.HandleFunc("/campaigns/generate", s.generateCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns/render", s.renderCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns/check", s.checkCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns", s.campaignList()).Methods(http.MethodGet)
	r.HandleFunc("/campaigns", s.createCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns/{id}", get(s, s.store.GetCampaign)).Methods(http.MethodGet)
	r.HandleFunc("/campaigns/{id}", s.patchCampaign).Methods(http.MethodPatch)
	r.HandleFunc("/campaigns/{id}", remove(s, plan.Campaigns)).Methods(http.MethodDelete)
	r.HandleFunc("/campaigns/{id}/export", s.exportCampaign).Methods(http.MethodGet)
	r.HandleFunc("/campaigns/{id}/import", s.importCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns/{id}/import", s.undoCampaignImport).Methods(http.MethodDelete)
}

// undoCampaignImport is DELETE /api/campaigns/{id}/import: the campaign's
// import taken off the Schedule as one action (plan.UndoCampaignImport).
func (s *Server) undoCampaignImport(w http.ResponseWriter, r *http.Request) {
	res, err := s.plan.UndoCampaignImport(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// importCampaign is POST /api/campaigns/{id}/import: the saved campaign's
// activities onto the Schedule through plan.ImportCampaign, the use case
// "campaign import" calls. 201 with what was created (200 for a dry run,
// which writes nothing).
func (s *Server) importCampaign(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ActivityIDs    opt[[]string]                   `json:"activityIds"`
		ThemeID        string                          `json:"themeId"`
		PhaseThemes    map[string]string               `json:"phaseThemes"`
		ActivityThemes map[string]string               `json:"activityThemes"`
		AudienceMap    map[string]plan.AudienceTargets `json:"audienceMap"`
		DryRun         bool                            `json:"dryRun"`
		// RequestReview asks for the review of the imported items.
		RequestReview *reviewRequest `json:"requestReview"`
	}
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	req := plan.CampaignImport{ThemeID: in.ThemeID, PhaseThemes: in.PhaseThemes, ActivityThemes: in.ActivityThemes,
		AudienceMap: in.AudienceMap, DryRun: in.DryRun, WarnLimit: s.maxPerWeek}
	if in.RequestReview != nil {
		req.Review = &plan.ImportReview{Approvers: in.RequestReview.Approvers}
		if d := in.RequestReview.DueDate; d != nil {
			req.Review.DueDate = *d
		}
	}
	if ids := in.ActivityIDs.ptr(); ids != nil && *ids != nil {
		req.ActivityIDs = *ids // absent or null: all; [] is refused
	}
	res, err := s.plan.ImportCampaign(r.Context(), mux.Vars(r)["id"], req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	status := http.StatusCreated
	if in.DryRun {
		status = http.StatusOK
	}
	writeJSON(w, status, res)
}

// listedCampaign is a campaign in GET /api/campaigns: without htmlContent,
// which GET /api/campaigns/{id} has. The outer field hides the embedded one.
type listedCampaign struct {
	domain.Campaign
	HTMLContent string `json:"htmlContent,omitempty"`
}

func (s *Server) listCampaigns(ctx context.Context) ([]listedCampaign, error) {
	cs, err := s.store.ListCampaigns(ctx)
	return listed(cs), err
}

// campaignPage is a page of GET /api/campaigns?limit&after, read from the
// store: cut from the whole list, every campaign write rebuilt all of them
// with their schedules (60 MB of JSON at the five-year scale).
func (s *Server) campaignPage(ctx context.Context, after string, limit int) ([]listedCampaign, pageInfo, error) {
	pg, err := s.store.ListCampaignPage(ctx, after, limit)
	return listed(pg.Rows), pageInfo{total: pg.Total, more: pg.More}, err
}

// campaignSummaryShape is the list cache's shape of GET /api/campaigns?fields=summary.
const campaignSummaryShape = "fields=summary"

// CampaignSummary is a campaign in GET /api/campaigns?fields=summary
// (store.ListCampaignSummaries). GET /api/campaigns/{id} has the whole record.
type CampaignSummary = domain.CampaignSummary

// campaignList is GET /api/campaigns: the whole records (without
// htmlContent) as the spec has them, a page of them read from the store
// with ?limit or ?after, or with ?fields=summary their summaries (whose
// pages are cut from all of them), each a cached list shape with its own
// ETag.
func (s *Server) campaignList() http.HandlerFunc {
	full := cachedList(s, store.CampaignsList, s.listCampaigns, func(c listedCampaign) string { return c.ID })
	return func(w http.ResponseWriter, r *http.Request) {
		fields := ""
		if r.URL.RawQuery != "" {
			fields = r.URL.Query().Get("fields")
		}
		switch fields {
		case "":
			p, err := parsePage(r)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			if !p.on {
				full(w, r)
				return
			}
			storePage(s, w, r, store.CampaignsList, "campaigns", p, s.campaignPage, func(c listedCampaign) string { return c.ID })
		case "summary":
			p, err := parsePage(r)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			serveList(s, w, r, slotKey{list: store.CampaignsList, shape: campaignSummaryShape}, p, s.store.ListCampaignSummaries,
				func(c CampaignSummary) string { return c.ID })
		default:
			s.fail(w, r, BadRequest("fields", "must be summary, or absent for the whole records"))
		}
	}
}

// listed wraps campaigns for the list.
func listed(cs []domain.Campaign) []listedCampaign {
	out := make([]listedCampaign, len(cs))
	for i, c := range cs {
		out[i] = listedCampaign{Campaign: c}
	}
	return out
}

// GeneratedCampaign is the answer of POST /api/campaigns/generate.
type GeneratedCampaign struct {
	Schedule    *campaign.Schedule `json:"schedule"`
	HTMLContent string             `json:"htmlContent"`
}

func (s *Server) generateCampaign(w http.ResponseWriter, r *http.Request) {
	var cfg campaign.Config
	if err := decode(w, r, &cfg, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	sched, err := s.plan.GenerateCampaign(r.Context(), cfg,
		plan.CampaignDefaults{MaxPerAudienceWeek: s.maxPerWeek, HolidayCalendar: s.holidayCalendar})
	if err != nil {
		s.fail(w, r, plan.CampaignInvalid(err))
		return
	}
	html, err := campaign.RenderHTML(sched)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, GeneratedCampaign{Schedule: sched, HTMLContent: html})
}

// RenderedCampaign is the answer of POST /api/campaigns/render.
type RenderedCampaign struct {
	HTMLContent string `json:"htmlContent"`
}

// renderCampaign renders a schedule edited in the scheduler before it is
// saved, with the renderer generate and save use, so the server writes
// every HTML document.
func (s *Server) renderCampaign(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Schedule json.RawMessage `json:"schedule"`
	}
	if err := decode(w, r, &in, MaxCampaignBody); err != nil {
		s.fail(w, r, err)
		return
	}
	html, err := plan.RenderCampaign(in.Schedule)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, RenderedCampaign{HTMLContent: html})
}

// checkCampaign is POST /api/campaigns/check: the plan checker's findings
// on a schedule body (generated, or edited in the scheduler or the
// inventory editor), errors first, with their counts.
func (s *Server) checkCampaign(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Schedule json.RawMessage `json:"schedule"`
	}
	if err := decode(w, r, &in, MaxCampaignBody); err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := plan.CheckCampaign(in.Schedule)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// campaignInput is the body of POST and PATCH /api/campaigns. Documents
// stay raw until the use case reads them, so "absent", null and a value are
// told apart. htmlContent is accepted (older clients and the seeds send
// it) and ignored: the server renders the stored HTML from the schedule.
type campaignInput struct {
	Title             opt[string]          `json:"title"`
	Description       opt[string]          `json:"description"`
	Schedule          opt[json.RawMessage] `json:"schedule"`
	HTMLContent       opt[string]          `json:"htmlContent"`
	AudienceFilters   opt[json.RawMessage] `json:"audienceFilters"`
	GeographicFilters opt[[]string]        `json:"geographicFilters"`
	Confidential      opt[bool]            `json:"confidential"`
}

// change is the input as the use case's change: absent fields are nil.
func (in campaignInput) change() plan.CampaignChange {
	return plan.CampaignChange{Title: in.Title.ptr(), Description: in.Description.ptr(), Schedule: in.Schedule.ptr(),
		AudienceFilters: in.AudienceFilters.ptr(), GeographicFilters: in.GeographicFilters.ptr(), Confidential: in.Confidential.ptr()}
}

func (s *Server) createCampaign(w http.ResponseWriter, r *http.Request) {
	var in campaignInput
	if err := decode(w, r, &in, MaxCampaignBody); err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.plan.CreateCampaign(r.Context(), in.change())
	s.answer(w, r, http.StatusCreated, c, err)
}

func (s *Server) patchCampaign(w http.ResponseWriter, r *http.Request) {
	var in campaignInput
	if err := decode(w, r, &in, MaxCampaignBody); err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.plan.UpdateCampaign(r.Context(), mux.Vars(r)["id"], in.change())
	s.answer(w, r, http.StatusOK, c, err)
}

// exportCampaign answers a saved campaign as a download: its stored HTML,
// its schedule as JSON, or the schedule's activities as CSV or iCalendar.
func (s *Server) exportCampaign(w http.ResponseWriter, r *http.Request) {
	format := r.URL.Query().Get("format")
	if !slices.Contains(campaign.ExportFormats, strings.ToLower(format)) {
		s.fail(w, r, BadRequest("format", "must be "+campaignExportFormats))
		return
	}
	c, err := s.store.GetCampaign(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	e, err := campaign.ExportCampaign(c, format)
	if err != nil {
		s.fail(w, r, plan.CampaignInvalid(err))
		return
	}
	if strings.HasPrefix(e.ContentType, "text/html") {
		// The server rendered it, every text escaped; the sandbox is a
		// second wall should a browser ignore the attachment.
		w.Header().Set("Content-Security-Policy", "sandbox")
	}
	w.Header().Set("Content-Type", e.ContentType)
	attachment(w, e.FileName)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(e.Body)
}

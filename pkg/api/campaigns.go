package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/store"
)

// MaxCampaignBody bounds saving a campaign. A saved campaign carries its
// whole schedule and its HTML; a ten-year, high-urgency schedule is about
// 3.1 MiB of JSON and 2.1 MiB of HTML, well over the 1 MiB JSON limit.
const MaxCampaignBody = 16 << 20

// Save-campaign messages of spec 02 §5 and §8.
const (
	msgCampaignTitle      = "Please enter a title for the campaign."
	msgNoSchedule         = "No schedule generated"
	msgHTMLContent        = "htmlContent is required"
	campaignExportFormats = "html, json, csv or ics"
)

// routeCampaigns registers the campaign generator and inventory routes (issue 5).
func (s *Server) routeCampaigns(r *mux.Router) {
	r.HandleFunc("/campaigns/generate", s.generateCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns/render", s.renderCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns", cachedList(s, store.CampaignsList, s.listCampaigns, func(c listedCampaign) string { return c.ID })).Methods(http.MethodGet)
	r.HandleFunc("/campaigns", s.createCampaign).Methods(http.MethodPost)
	r.HandleFunc("/campaigns/{id}", get(s, s.store.GetCampaign)).Methods(http.MethodGet)
	r.HandleFunc("/campaigns/{id}", s.patchCampaign).Methods(http.MethodPatch)
	r.HandleFunc("/campaigns/{id}", remove(s, s.store.DeleteCampaign)).Methods(http.MethodDelete)
	r.HandleFunc("/campaigns/{id}/export", s.exportCampaign).Methods(http.MethodGet)
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

// campaignError turns the generator's validation failure into a 400 whose
// error is the spec's message.
func campaignError(err error) error {
	var ve *campaign.ValidationError
	if errors.As(err, &ve) {
		return &Error{Status: http.StatusBadRequest, Body: ErrorBody{Error: ve.Message, Fields: ve.Fields}}
	}
	return err
}

func (s *Server) generateCampaign(w http.ResponseWriter, r *http.Request) {
	var cfg campaign.Config
	if err := decode(w, r, &cfg, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	// The name becomes the saved campaign's title.
	if msg := domain.TextProblem(cfg.CampaignName, domain.MaxName); msg != "" {
		s.fail(w, r, BadRequest("campaignName", msg))
		return
	}
	sched, err := campaign.Generate(cfg, orgdata.Load())
	if err != nil {
		s.fail(w, r, campaignError(err))
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
	sched, err := decodeSchedule(in.Schedule)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	html, err := campaign.RenderHTML(sched)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, RenderedCampaign{HTMLContent: html})
}

// campaignInput is the body of POST and PATCH /api/campaigns. Documents
// stay raw until validated, so "absent", null and a value are told apart.
type campaignInput struct {
	Title             opt[string]          `json:"title"`
	Description       opt[string]          `json:"description"`
	Schedule          opt[json.RawMessage] `json:"schedule"`
	HTMLContent       opt[string]          `json:"htmlContent"`
	AudienceFilters   opt[json.RawMessage] `json:"audienceFilters"`
	GeographicFilters opt[[]string]        `json:"geographicFilters"`
}

// apply merges the input into c and validates the result. On create every
// required field must be present; on update absent fields keep their value,
// and a new schedule without new HTML gets its HTML re-rendered.
func (in campaignInput) apply(c domain.Campaign, creating bool) (domain.Campaign, error) {
	c.Title = strings.TrimSpace(in.Title.or(c.Title))
	if c.Title == "" {
		return c, &Error{Status: http.StatusBadRequest, Body: ErrorBody{Error: msgCampaignTitle,
			Fields: map[string]string{"title": "Title required"}}}
	}
	c.Description = in.Description.or(c.Description)

	if in.Schedule.set || creating {
		sched, err := decodeSchedule(in.Schedule.v)
		if err != nil {
			return c, err
		}
		c.Schedule, err = json.Marshal(sched)
		if err != nil {
			return c, err
		}
		if !in.HTMLContent.set {
			if creating {
				return c, BadRequest("htmlContent", "is required")
			}
			if c.HTMLContent, err = campaign.RenderHTML(sched); err != nil {
				return c, err
			}
		}
	}
	if in.HTMLContent.set {
		if strings.TrimSpace(in.HTMLContent.v) == "" {
			return c, &Error{Status: http.StatusBadRequest, Body: ErrorBody{Error: msgHTMLContent,
				Fields: map[string]string{"htmlContent": "is required"}}}
		}
		c.HTMLContent = in.HTMLContent.v
	}

	if in.AudienceFilters.set {
		raw := in.AudienceFilters.v
		if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
			c.AudienceFilters = nil
		} else {
			var f campaign.AudienceFilters
			if err := json.Unmarshal(raw, &f); err != nil {
				return c, BadRequest("audienceFilters", "must be an object of the scheduler's filters")
			}
			b, err := json.Marshal(f)
			if err != nil {
				return c, err
			}
			c.AudienceFilters = b
		}
	}
	if in.GeographicFilters.set {
		org := orgdata.Load()
		geo := []string{}
		for _, id := range in.GeographicFilters.v {
			if _, ok := org.Location(id); !ok {
				return c, BadRequest("geographicFilters", "has an unknown location: "+id)
			}
			geo = append(geo, id)
		}
		c.GeographicFilters = geo
	}
	if c.GeographicFilters == nil {
		c.GeographicFilters = []string{}
	}
	return c, c.Validate()
}

// decodeSchedule reads a client's schedule: a JSON object whose activities
// pass the activity form's rules.
func decodeSchedule(raw json.RawMessage) (*campaign.Schedule, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, &Error{Status: http.StatusBadRequest, Body: ErrorBody{Error: msgNoSchedule,
			Fields: map[string]string{"schedule": "is required"}}}
	}
	var sched campaign.Schedule
	if err := json.Unmarshal(trimmed, &sched); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return nil, BadRequest("schedule."+typeErr.Field, "has the wrong type")
		}
		return nil, BadRequest("schedule", "must be a campaign schedule object")
	}
	// Every schedule the generator writes has its dates; {} is no schedule.
	for _, d := range []struct{ field, value string }{{"schedule.startDate", sched.StartDate}, {"schedule.endDate", sched.EndDate}} {
		if _, err := time.Parse(campaign.DateLayout, d.value); err != nil {
			return nil, BadRequest(d.field, "must be a date (YYYY-MM-DD)")
		}
	}
	if err := sched.Validate(); err != nil {
		return nil, campaignError(err)
	}
	return &sched, nil
}

func (s *Server) createCampaign(w http.ResponseWriter, r *http.Request) {
	var in campaignInput
	if err := decode(w, r, &in, MaxCampaignBody); err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := in.apply(domain.Campaign{}, true)
	if err == nil {
		err = s.store.CreateCampaign(r.Context(), &c)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (s *Server) patchCampaign(w http.ResponseWriter, r *http.Request) {
	var in campaignInput
	if err := decode(w, r, &in, MaxCampaignBody); err != nil {
		s.fail(w, r, err)
		return
	}
	base, err := s.store.GetCampaign(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := in.apply(base, false)
	if err == nil {
		err = s.store.UpdateCampaign(r.Context(), &c)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
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
		s.fail(w, r, campaignError(err))
		return
	}
	if strings.HasPrefix(e.ContentType, "text/html") {
		// The stored HTML came from a client: never let it run as a page
		// of this origin, even if a browser ignores the attachment.
		w.Header().Set("Content-Security-Policy", "sandbox")
	}
	w.Header().Set("Content-Type", e.ContentType)
	attachment(w, e.FileName)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(e.Body)
}

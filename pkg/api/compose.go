package api

import (
	"encoding/json"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
)

// routeCompose registers content generation, save to library and the saved
// newsletter templates (docs/compose.md).
func (s *Server) routeCompose(r *mux.Router) {
	r.HandleFunc("/communications/{id}/generate-content", s.generateContent).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}/save-to-library", s.saveToLibrary).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}/check-content", s.checkContent).Methods(http.MethodPost)
	r.HandleFunc("/newsletter-preview", s.newsletterPreview).Methods(http.MethodPost)

	r.HandleFunc("/newsletter-templates", list(s, s.store.ListNewsletterTemplates)).Methods(http.MethodGet)
	r.HandleFunc("/newsletter-templates", create(s, plan.NewsletterTemplates, newsletterInput.apply)).Methods(http.MethodPost)
	r.HandleFunc("/newsletter-templates/{id}", get(s, s.store.GetNewsletterTemplate)).Methods(http.MethodGet)
	r.HandleFunc("/newsletter-templates/{id}", update(s, plan.NewsletterTemplates, newsletterInput.apply)).Methods(http.MethodPut)
	r.HandleFunc("/newsletter-templates/{id}", remove(s, plan.NewsletterTemplates)).Methods(http.MethodDelete)
}

type generateInput struct {
	VehicleID      string                      `json:"vehicleId"`
	RawContent     *string                     `json:"rawContent"`
	CustomTemplate *compose.NewsletterTemplate `json:"customTemplate"`
	Placeholders   bool                        `json:"placeholders"`
}

func (s *Server) generateContent(w http.ResponseWriter, r *http.Request) {
	var in generateInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.plan.GenerateContent(r.Context(), s.generator, mux.Vars(r)["id"],
		assembly.Generation{VehicleID: in.VehicleID, Raw: in.RawContent, Template: in.CustomTemplate, Placeholders: in.Placeholders})
	s.answer(w, r, http.StatusOK, res, err)
}

// checkContent lists the draft checker's findings on the piece as the
// planner has edited it (the wizard's list beside the preview).
func (s *Server) checkContent(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Content      *string `json:"content"`
		Format       string  `json:"format"`
		Placeholders bool    `json:"placeholders"`
	}
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	if in.Content == nil {
		s.fail(w, r, domain.FieldErrors{"content": "is required"})
		return
	}
	findings, err := s.plan.CheckContent(r.Context(), mux.Vars(r)["id"],
		assembly.Checking{Content: *in.Content, Format: in.Format, Placeholders: in.Placeholders})
	s.answer(w, r, http.StatusOK, map[string]any{"findings": findings, "errors": compose.Errors(findings)}, err)
}

// newsletterPreview renders the template editor's preview on the server,
// with the rules generator, so preview, download and Generate are one HTML.
func (s *Server) newsletterPreview(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ThemeID           string                      `json:"themeId"`
		SelectedQuestions []string                    `json:"selectedQuestions"`
		VehicleID         string                      `json:"vehicleId"`
		RawContent        string                      `json:"rawContent"`
		CustomTemplate    *compose.NewsletterTemplate `json:"customTemplate"`
		Placeholders      bool                        `json:"placeholders"`
	}
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	req := assembly.Request{ThemeID: in.ThemeID, QuestionIDs: in.SelectedQuestions, Raw: in.RawContent, Template: in.CustomTemplate,
		Placeholders: in.Placeholders}
	if in.VehicleID != "" {
		v, err := s.store.GetVehicle(r.Context(), in.VehicleID)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		req.Vehicle = &v
	}
	res, err := assembly.NewsletterPreview(r.Context(), s.store, req)
	s.answer(w, r, http.StatusOK, res, err)
}

func (s *Server) saveToLibrary(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Title       string  `json:"title"`
		Description string  `json:"description"`
		Content     *string `json:"content"`
	}
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	piece, err := s.plan.SaveToLibrary(r.Context(),
		assembly.Save{CommunicationID: mux.Vars(r)["id"], Title: in.Title, Description: in.Description, Content: in.Content})
	s.answer(w, r, http.StatusCreated, piece, err)
}

type newsletterInput struct {
	Name        opt[string]          `json:"name"`
	Description opt[string]          `json:"description"`
	Template    opt[json.RawMessage] `json:"template"`
}

// apply merges and validates a saved newsletter template; its document
// must be a valid compose.NewsletterTemplate (15 sections, the required
// ones on) and is stored as the engine reads it.
func (in newsletterInput) apply(t domain.NewsletterTemplate) (domain.NewsletterTemplate, error) {
	t.Name, t.Description, t.Template = in.Name.or(t.Name), in.Description.or(t.Description), in.Template.or(t.Template)
	if err := t.Validate(); err != nil {
		return t, err
	}
	doc, err := assembly.ParseTemplate(t.Template, "template")
	if err != nil {
		return t, err
	}
	t.Template, err = json.Marshal(doc)
	return t, err
}

package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/plan"
)

// maxImportRequest bounds the JSON envelope of an HTML import. The HTML
// itself may be MaxImportBody (10 MiB) once decoded; JSON escaping makes the
// envelope larger, so it gets room for twice that.
const maxImportRequest = 2*MaxImportBody + MaxJSONBody

// routeChecklist registers the readiness checklist routes.
func (s *Server) routeChecklist(r *mux.Router) {
	r.HandleFunc("/checklist-templates", list(s, s.store.ListChecklistTemplates)).Methods(http.MethodGet)
	r.HandleFunc("/checklist-templates", s.createChecklistTemplate).Methods(http.MethodPost)
	r.HandleFunc("/checklist-templates/import-html", s.importChecklistHTML).Methods(http.MethodPost)
	r.HandleFunc("/checklist-templates/{id}", get(s, s.store.GetChecklistTemplate)).Methods(http.MethodGet)
	r.HandleFunc("/checklist-templates/{id}", remove(s, plan.ChecklistTemplates)).Methods(http.MethodDelete)
	r.HandleFunc("/checklist", s.getChecklist).Methods(http.MethodGet)
	r.HandleFunc("/checklist", s.putChecklist).Methods(http.MethodPut)
	r.HandleFunc("/checklist/report", s.checklistReport).Methods(http.MethodPost)
	r.HandleFunc("/checklist/history", s.listChecklistHistory).Methods(http.MethodGet)
}

// MaxHistoryLimit bounds ?limit= of GET /api/checklist/history.
const MaxHistoryLimit = 10000

// listChecklistHistory answers the snapshots, oldest first; ?limit=N keeps
// the latest N (the Readiness Trend draws 60 of the five-year scale's
// 1,000, about 3 KB of JSON instead of 58 KB compressed).
func (s *Server) listChecklistHistory(w http.ResponseWriter, r *http.Request) {
	limit, err := intParam(r, "limit", 0, 1, MaxHistoryLimit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rows, err := s.store.ListChecklistHistory(r.Context())
	if limit > 0 && len(rows) > limit {
		rows = rows[len(rows)-limit:]
	}
	s.answer(w, r, http.StatusOK, rows, err)
}

// checklistTemplateInput is the body of POST /api/checklist-templates.
type checklistTemplateInput struct {
	Name        opt[string]           `json:"name"`
	Description opt[string]           `json:"description"`
	Items       opt[[]checklist.Item] `json:"items"`
	IsPublic    opt[bool]             `json:"isPublic"`
	Metadata    opt[struct {
		Version   string `json:"version"`
		CreatedBy string `json:"createdBy"`
	}] `json:"metadata"`
}

func (s *Server) createChecklistTemplate(w http.ResponseWriter, r *http.Request) {
	var in checklistTemplateInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	t, err := s.plan.CreateChecklistTemplate(r.Context(), plan.ChecklistTemplate{Name: in.Name.v, Description: in.Description.v,
		Items: in.Items.v, IsPublic: in.IsPublic.v, Version: in.Metadata.v.Version, CreatedBy: in.Metadata.v.CreatedBy})
	s.answer(w, r, http.StatusCreated, t, err)
}

// checklistImportInput is the body of POST /api/checklist-templates/import-html.
type checklistImportInput struct {
	Name        opt[string] `json:"name"`
	Description opt[string] `json:"description"`
	HTMLContent opt[string] `json:"htmlContent"`
}

// importChecklistHTML stores a downloaded report as a new template and
// answers it with its items (plan.ImportChecklistReport).
func (s *Server) importChecklistHTML(w http.ResponseWriter, r *http.Request) {
	var in checklistImportInput
	if err := decode(w, r, &in, maxImportRequest); err != nil {
		s.fail(w, r, err)
		return
	}
	t, err := s.plan.ImportChecklistReport(r.Context(), in.Name.v, in.Description.v, []byte(in.HTMLContent.v))
	s.answer(w, r, http.StatusCreated, t, err)
}

func (s *Server) getChecklist(w http.ResponseWriter, r *http.Request) {
	st, err := s.plan.WorkingChecklist(r.Context())
	s.answer(w, r, http.StatusOK, st, err)
}

// checklistPutInput is the body of PUT /api/checklist. Version is the one
// the client last read; a stale one is a 409.
type checklistPutInput struct {
	Items   opt[[]checklist.Item] `json:"items"`
	Version opt[int]              `json:"version"`
}

func (s *Server) putChecklist(w http.ResponseWriter, r *http.Request) {
	var in checklistPutInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	save := plan.ChecklistSave{Items: in.Items.v}
	if in.Version.set {
		save.Version = &in.Version.v
	}
	st, err := s.plan.SaveChecklist(r.Context(), save)
	s.answer(w, r, http.StatusOK, st, err)
}

// checklistReportInput is the body of POST /api/checklist/report.
type checklistReportInput struct {
	Items opt[[]checklist.Item] `json:"items"`
	// Title is the report's heading (default "Business Readiness Report").
	Title string `json:"title"`
	// Date is the calendar date printed on the report and in its file name,
	// YYYY-MM-DD; the default is today on the server. The UI sends the
	// user's own date.
	Date string `json:"date"`
}

// checklistReport answers the printable HTML report of the items sent, as a
// download named business_readiness_report_YYYY-MM-DD.html.
func (s *Server) checklistReport(w http.ResponseWriter, r *http.Request) {
	var in checklistReportInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	html, date, err := plan.ChecklistReport(in.Items.v, in.Title, in.Date, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	attachment(w, checklist.ReportFileName(date))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(html)
}

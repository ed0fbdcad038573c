package api

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// MaxDirectoryBody bounds a directory CSV upload: 50,000 employees with a
// dozen columns are about 8 MiB.
const MaxDirectoryBody = 64 << 20

// routeDirectory registers the employee directory's routes.
func (s *Server) routeDirectory(r *mux.Router) {
	r.HandleFunc("/directory", s.listDirectory).Methods(http.MethodGet)
	r.HandleFunc("/directory/import", s.importDirectory).Methods(http.MethodPost)
	r.HandleFunc("/directory/facets", s.directoryFacets).Methods(http.MethodGet)
	r.HandleFunc("/directory/{id}", s.getEmployee).Methods(http.MethodGet)
	r.HandleFunc("/audiences/count", s.countAudience).Methods(http.MethodPost)
	r.HandleFunc("/audiences/{id}/members", s.audienceMembers).Methods(http.MethodGet)
}

// offsetPage reads the offset and limit of a directory page.
func offsetPage(r *http.Request) (offset, limit int, err error) {
	if offset, err = intParam(r, "offset", 0, 0, 1<<30); err != nil {
		return 0, 0, err
	}
	limit, err = intParam(r, "limit", store.DefaultPageLimit, 1, MaxPageLimit)
	return offset, limit, err
}

// writeEmployees answers a page with its total in X-Total-Count.
func writeEmployees(w http.ResponseWriter, page store.Page[domain.Employee]) {
	w.Header().Set("X-Total-Count", strconv.Itoa(page.Total))
	if page.Rows == nil {
		page.Rows = []domain.Employee{}
	}
	writeJSON(w, http.StatusOK, page.Rows)
}

func (s *Server) listDirectory(w http.ResponseWriter, r *http.Request) {
	offset, limit, err := offsetPage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	f := store.EmployeeFilter{Q: q.Get("q"), Division: q.Get("division"), Location: q.Get("location"),
		JobTitle: q.Get("jobTitle"), Level: q.Get("level"), Offset: offset, Limit: limit}
	if v := q.Get("active"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			s.fail(w, r, BadRequest("active", "must be true or false"))
			return
		}
		f.Active = &b
	}
	page, err := s.plan.Directory(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeEmployees(w, page)
}

func (s *Server) directoryFacets(w http.ResponseWriter, r *http.Request) {
	f, err := s.plan.DirectoryFacets(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, f)
}

func (s *Server) getEmployee(w http.ResponseWriter, r *http.Request) {
	e, err := s.plan.Employee(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, e)
}

// ImportRefused is the 400 of an import with bad rows: the message, and
// the result listing them.
type ImportRefused struct {
	ErrorBody
	Result plan.DirectoryImport `json:"result"`
}

// importDirectory reads the CSV body; the options are query parameters
// (map=COLUMN=FIELD, repeated; key; dryRun; partial; noDeactivate).
func (s *Server) importDirectory(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	opts := plan.DirectoryImportOptions{Key: q.Get("key"), Map: map[string]string{}}
	for _, m := range q["map"] {
		col, field, ok := strings.Cut(m, "=")
		if !ok || col == "" {
			s.fail(w, r, BadRequest("map", "must be COLUMN=FIELD"))
			return
		}
		opts.Map[col] = field
	}
	for name, dst := range map[string]*bool{"dryRun": &opts.DryRun, "partial": &opts.Partial, "noDeactivate": &opts.NoDeactivate} {
		if v := q.Get(name); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				s.fail(w, r, BadRequest(name, "must be true or false"))
				return
			}
			*dst = b
		}
	}
	body := http.MaxBytesReader(w, r.Body, MaxDirectoryBody)
	res, err := s.plan.ImportDirectory(r.Context(), body, opts)
	var refused *plan.ImportRefusedError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		writeJSON(w, http.StatusRequestEntityTooLarge, ErrorBody{Error: "the file is larger than " + strconv.Itoa(MaxDirectoryBody>>20) + " MiB"})
	case errors.As(err, &refused):
		writeJSON(w, http.StatusBadRequest, ImportRefused{ErrorBody: ErrorBody{Error: refused.Error(),
			Fields: map[string]string{"file": refused.Error()}}, Result: refused.Result})
	case err != nil:
		s.fail(w, r, err)
	default:
		_, _ = io.Copy(io.Discard, body)
		writeJSON(w, http.StatusOK, res)
	}
}

// AudienceCount is the answer of POST /api/audiences/count.
type AudienceCount struct {
	// ContactCount is the live member count; null while no directory is
	// loaded.
	ContactCount *int       `json:"contactCount"`
	AsOf         *time.Time `json:"asOf"`
}

// countAudience counts the members of an audience as the form holds it,
// before it is saved.
func (s *Server) countAudience(w http.ResponseWriter, r *http.Request) {
	var in audienceInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	a, err := in.apply(domain.Audience{Name: "preview"})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	n, asOf, err := s.plan.CountAudience(r.Context(), a)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, AudienceCount{ContactCount: n, AsOf: asOf})
}

func (s *Server) audienceMembers(w http.ResponseWriter, r *http.Request) {
	offset, limit, err := offsetPage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page, err := s.plan.AudienceMembers(r.Context(), mux.Vars(r)["id"], offset, limit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeEmployees(w, page)
}

package api

import (
	"net/http"
	"strconv"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
)

// routePeople registers the people routes: admins only, by the
// permission table.
func (s *Server) routePeople(r *mux.Router) {
	r.HandleFunc("/people", s.listPeople).Methods(http.MethodGet)
	r.HandleFunc("/people", s.addPerson).Methods(http.MethodPost)
	r.HandleFunc("/people/{id}", s.updatePerson).Methods(http.MethodPatch)
	r.HandleFunc("/people/{id}", s.removePerson).Methods(http.MethodDelete)
	r.HandleFunc("/people/{id}/code", s.newPersonCode).Methods(http.MethodPost)
	r.HandleFunc("/people/{id}/sessions", s.signOutPerson).Methods(http.MethodDelete)
	r.HandleFunc("/people/{id}/sessions", s.listPersonSessions).Methods(http.MethodGet)
	r.HandleFunc("/sessions/{id}", s.endSession).Methods(http.MethodDelete)
	r.HandleFunc("/session/sessions", s.listOwnSessions).Methods(http.MethodGet)
}

// CreatedPerson is the answer of POST /api/people: the person and, this
// once, the personal code.
type CreatedPerson struct {
	domain.Person
	Code string `json:"code"`
}

// PersonCode is the answer of POST /api/people/{id}/code.
type PersonCode struct {
	Code string `json:"code"`
}

type personInput struct {
	Name  opt[string] `json:"name"`
	Email opt[string] `json:"email"`
	Role  opt[string] `json:"role"`
}

func (s *Server) listPeople(w http.ResponseWriter, r *http.Request) {
	people, err := s.plan.People(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writePage(s, w, r, people, func(p domain.Person) string { return p.ID })
}

func (s *Server) addPerson(w http.ResponseWriter, r *http.Request) {
	var in personInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	p, code, err := s.plan.AddPerson(r.Context(), in.Name.or(""), in.Email.or(""), in.Role.or(""))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, CreatedPerson{Person: p, Code: code})
}

func (s *Server) updatePerson(w http.ResponseWriter, r *http.Request) {
	var in personInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.plan.UpdatePerson(r.Context(), mux.Vars(r)["id"], plan.PersonChange{Name: in.Name.ptr(), Email: in.Email.ptr(), Role: in.Role.ptr()})
	s.answer(w, r, http.StatusOK, p, err)
}

func (s *Server) removePerson(w http.ResponseWriter, r *http.Request) {
	if err := s.plan.RemovePerson(r.Context(), mux.Vars(r)["id"]); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) newPersonCode(w http.ResponseWriter, r *http.Request) {
	code, err := s.plan.NewPersonCode(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, PersonCode{Code: code})
}

func (s *Server) signOutPerson(w http.ResponseWriter, r *http.Request) {
	if _, err := s.plan.SignOutPerson(r.Context(), mux.Vars(r)["id"]); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) listPersonSessions(w http.ResponseWriter, r *http.Request) {
	sessions, err := s.plan.PersonSessions(r.Context(), mux.Vars(r)["id"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writePage(s, w, r, sessions, func(x domain.PersonSession) string { return x.ID })
}

func (s *Server) listOwnSessions(w http.ResponseWriter, r *http.Request) {
	sess, _ := s.session(r)
	sessions, err := s.plan.OwnSessions(r.Context(), sess.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writePage(s, w, r, sessions, func(x plan.OwnSession) string { return x.ID })
}

func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	if err := s.plan.EndSession(r.Context(), mux.Vars(r)["id"]); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// writePage answers rows as a list answers: all of them, or with ?limit and
// ?after one page and a Link to the next (the cursor is a row's id).
func writePage[T any](s *Server, w http.ResponseWriter, r *http.Request, rows []T, id func(T) string) {
	p, err := parsePage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	start, end := 0, len(rows)
	if p.after != "" {
		start = -1
		for i, row := range rows {
			if id(row) == p.after {
				start = i + 1
				break
			}
		}
		if start < 0 {
			s.fail(w, r, BadRequest("after", "names a row no longer in the list; start again without it"))
			return
		}
	}
	if p.on {
		end = min(start+p.limit, len(rows))
	}
	if end < len(rows) {
		q := r.URL.Query()
		q.Set("limit", strconv.Itoa(p.limit))
		q.Set("after", cursor(id(rows[end-1])))
		w.Header().Set("Link", "<"+r.URL.Path+"?"+q.Encode()+`>; rel="next"`)
	}
	page := rows[start:end]
	if page == nil {
		page = []T{}
	}
	writeJSON(w, http.StatusOK, page)
}

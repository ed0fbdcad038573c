package api

import (
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
)

// routeInsiders registers the insiders of confidential campaigns and
// communications: who may see them (docs/security.md, "Need to know").
// Whoever may not see the record gets 404, as for one that does not exist.
func (s *Server) routeInsiders(r *mux.Router) {
	for _, k := range []struct{ path, kind string }{
		{"/communications", domain.ThreadCommunication}, {"/campaigns", domain.ThreadCampaign},
	} {
		r.HandleFunc(k.path+"/{id}/insiders", s.listInsiders(k.kind)).Methods(http.MethodGet)
		r.HandleFunc(k.path+"/{id}/insiders", s.addInsider(k.kind)).Methods(http.MethodPost)
		r.HandleFunc(k.path+"/{id}/insiders/{personId}", s.removeInsider(k.kind)).Methods(http.MethodDelete)
	}
}

type insiderInput struct {
	PersonID opt[string] `json:"personId"`
	// Name names the person instead, as a screen shows them.
	Name opt[string] `json:"name"`
}

func (s *Server) listInsiders(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := s.plan.Insiders(r.Context(), kind, mux.Vars(r)["id"])
		s.answer(w, r, http.StatusOK, out, err)
	}
}

func (s *Server) addInsider(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in insiderInput
		if err := decode(w, r, &in, MaxJSONBody); err != nil {
			s.fail(w, r, err)
			return
		}
		id := in.PersonID.or("")
		switch {
		case id == "" && strings.TrimSpace(in.Name.or("")) == "":
			s.fail(w, r, BadRequest("personId", "is required (or name)"))
			return
		case id == "":
			var err error
			if id, err = s.plan.PersonNamed(r.Context(), "name", in.Name.or("")); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		out, err := s.plan.AddInsider(r.Context(), kind, mux.Vars(r)["id"], id)
		s.answer(w, r, http.StatusOK, out, err)
	}
}

func (s *Server) removeInsider(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := mux.Vars(r)
		out, err := s.plan.RemoveInsider(r.Context(), kind, v["id"], v["personId"])
		s.answer(w, r, http.StatusOK, out, err)
	}
}

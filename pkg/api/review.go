package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
)

// routeReview registers the review routes of communications and campaigns
// and the review list.
func (s *Server) routeReview(r *mux.Router) {
	for _, e := range []struct{ path, entity string }{
		{"/communications/{id}", plan.ReviewCommunication}, {"/campaigns/{id}", plan.ReviewCampaign},
	} {
		r.HandleFunc(e.path+"/review", s.requestReview(e.entity)).Methods(http.MethodPost)
		r.HandleFunc(e.path+"/decisions", s.decideReview(e.entity)).Methods(http.MethodPost)
	}
	r.HandleFunc("/reviews", s.listReviews).Methods(http.MethodGet)
	r.HandleFunc("/approvers", s.listApprovers).Methods(http.MethodGet)
	r.HandleFunc("/mentionable", s.listMentionable).Methods(http.MethodGet)
}

// listMentionable is GET /api/mentionable: the people a comment may
// mention, for the @-picker.
func (s *Server) listMentionable(w http.ResponseWriter, r *http.Request) {
	out, err := s.plan.Mentionable(r.Context())
	s.answer(w, r, http.StatusOK, out, err)
}

// listApprovers is GET /api/approvers: the people a review may name.
func (s *Server) listApprovers(w http.ResponseWriter, r *http.Request) {
	out, err := s.plan.Approvers(r.Context())
	s.answer(w, r, http.StatusOK, out, err)
}

// reviewRequest is the body of POST .../review.
type reviewRequest struct {
	// Approvers are person ids; [] means any approver, absent (or null)
	// keeps the previous round's.
	Approvers []string `json:"approvers"`
	// DueDate is YYYY-MM-DD, "" for none; absent (or null) keeps the
	// previous round's.
	DueDate *string `json:"dueDate"`
}

// requestReview is POST /api/{communications|campaigns}/{id}/review: 200
// with the review.
func (s *Server) requestReview(entity string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in reviewRequest
		if err := decode(w, r, &in, MaxJSONBody); err != nil {
			s.fail(w, r, err)
			return
		}
		out, err := s.plan.AskReview(r.Context(), entity, mux.Vars(r)["id"], plan.ReviewAsk{Approvers: in.Approvers, DueDate: in.DueDate})
		s.answer(w, r, http.StatusOK, out, err)
	}
}

// decideReview is POST /api/{communications|campaigns}/{id}/decisions:
// 200 with the review after the decision.
func (s *Server) decideReview(entity string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Decision *string `json:"decision"`
			Comment  string  `json:"comment"`
		}
		if err := decode(w, r, &in, MaxJSONBody); err != nil {
			s.fail(w, r, err)
			return
		}
		if in.Decision == nil {
			s.fail(w, r, BadRequest("decision", "is required"))
			return
		}
		out, err := s.plan.DecideReview(r.Context(), entity, mux.Vars(r)["id"], *in.Decision, in.Comment)
		s.answer(w, r, http.StatusOK, out, err)
	}
}

// listReviews is GET /api/reviews[?mine=1]: the communications and
// campaigns under review (or decided), oldest request first; mine keeps
// those the acting person may decide now.
func (s *Server) listReviews(w http.ResponseWriter, r *http.Request) {
	mine := false
	if v := r.URL.Query().Get("mine"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			s.fail(w, r, BadRequest("mine", "must be true or false"))
			return
		}
		mine = b
	}
	out, err := s.plan.Reviews(r.Context(), mine)
	if out == nil {
		out = []plan.ReviewItem{}
	}
	s.answer(w, r, http.StatusOK, out, err)
}

// reviewStatus is the status of a review refusal: 403 for who may not,
// 409 for a state that does not allow it, 400 for bad input.
func reviewStatus(e *review.Error) int {
	switch {
	case errors.Is(e, review.ErrNotApprover), errors.Is(e, review.ErrSelfApproval), errors.Is(e, review.ErrEditedByApprover), errors.Is(e, review.ErrShared):
		return http.StatusForbidden
	case errors.Is(e, review.ErrNotUnderReview), errors.Is(e, review.ErrAlreadyApproved):
		return http.StatusConflict
	}
	return http.StatusBadRequest
}

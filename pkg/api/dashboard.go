package api

import (
	"net/http"

	"github.com/commsplan/commsplan/pkg/schedule"
)

// dashboard is GET /api/dashboard?tz=: the Dashboard's summary
// (plan.Dashboard), its days, weeks and months in the planner's zone.
func (s *Server) dashboard(w http.ResponseWriter, r *http.Request) {
	rg, err := schedule.ParseRange("", "", r.URL.Query().Get("tz"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.plan.Dashboard(r.Context(), s.now(), rg.Loc)
	s.answer(w, r, http.StatusOK, d, err)
}

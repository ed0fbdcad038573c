package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// routeSchedule registers blackout periods and the schedule warnings.
func (s *Server) routeSchedule(r *mux.Router) {
	r.HandleFunc("/blackouts", list(s, s.store.ListBlackouts)).Methods(http.MethodGet)
	r.HandleFunc("/blackouts", create(s, plan.Blackouts, blackoutInput.apply)).Methods(http.MethodPost)
	r.HandleFunc("/blackouts/{id}", get(s, s.store.GetBlackout)).Methods(http.MethodGet)
	r.HandleFunc("/blackouts/{id}", update(s, plan.Blackouts, blackoutInput.apply)).Methods(http.MethodPut)
	r.HandleFunc("/blackouts/{id}", remove(s, plan.Blackouts)).Methods(http.MethodDelete)

	r.HandleFunc("/schedule/warnings", s.scheduleWarnings).Methods(http.MethodGet)
	r.HandleFunc("/schedule/warnings/preview", s.previewWarnings).Methods(http.MethodPost)
}

type blackoutInput struct {
	Name        opt[string]   `json:"name"`
	StartDate   opt[string]   `json:"startDate"`
	EndDate     opt[string]   `json:"endDate"`
	AudienceIDs opt[[]string] `json:"audienceIds"`
}

func (in blackoutInput) apply(b domain.Blackout) (domain.Blackout, error) {
	b.Name, b.StartDate, b.EndDate = in.Name.or(b.Name), in.StartDate.or(b.StartDate), in.EndDate.or(b.EndDate)
	b.AudienceIDs = in.AudienceIDs.or(b.AudienceIDs)
	return b, b.Validate()
}

func (s *Server) scheduleWarnings(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	rg, err := schedule.ParseRange(q.Get("from"), q.Get("to"), q.Get("tz"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	spanFrom, spanTo, v, err := s.plan.ScheduleVersion(r.Context(), rg.Loc, rg.From, rg.To)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Cached as a list's shape is: the Schedule asks on every
	// month it shows. The span is in the key, as versions of different
	// spans do not compare.
	shape := fmt.Sprintf("warnings\x00%s\x00%s\x00%s\x00%s\x00%s\x00%d", rg.Loc, rg.From.Format(time.DateOnly), rg.To.Format(time.DateOnly),
		spanFrom.Format(time.DateOnly), spanTo.Format(time.DateOnly), s.maxPerWeek)
	e, ok := s.cachedEntry(w, r, slotKey{list: store.BlackoutsList, shape: shape}, v, func(ctx context.Context, need int64) (*listEntry, error) {
		in, err := s.plan.ScheduleInput(ctx, s.maxPerWeek, rg.Loc, rg.From, rg.To)
		if err != nil {
			return nil, err
		}
		return jsonEntry(need, namedWarnings(schedule.Warnings(in), in.Communications))
	})
	if !ok {
		return
	}
	writeEncoded(w, r, &e.encodings)
}

// warningComm is a communication a warning names: enough to show and open
// it without the whole list.
type warningComm struct {
	ID            string `json:"id"`
	Title         string `json:"title"`
	ScheduledDate string `json:"scheduledDate"`
}

// namedWarning is a warning with the communications it names, in
// communicationIds order.
type namedWarning struct {
	schedule.Warning
	Communications []warningComm `json:"communications"`
}

// namedWarnings adds to each warning the communications it names.
func namedWarnings(ws []schedule.Warning, cs []domain.Communication) []namedWarning {
	byID := make(map[string]*domain.Communication, len(cs))
	for i := range cs {
		byID[cs[i].ID] = &cs[i]
	}
	out := make([]namedWarning, len(ws))
	for i, w := range ws {
		out[i] = namedWarning{Warning: w, Communications: make([]warningComm, 0, len(w.CommunicationIDs))}
		for _, id := range w.CommunicationIDs {
			if c := byID[id]; c != nil {
				out[i].Communications = append(out[i].Communications, warningComm{c.ID, c.Title, c.ScheduledDate})
			}
		}
	}
	return out
}

// previewInput is a candidate communication: the fields the warnings read.
type previewInput struct {
	ID            string `json:"id"`
	AudienceID    string `json:"audienceId"`
	Status        string `json:"status"`
	ScheduledDate string `json:"scheduledDate"`
}

func (s *Server) previewWarnings(w http.ResponseWriter, r *http.Request) {
	rg, err := schedule.ParseRange("", "", r.URL.Query().Get("tz"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	loc := rg.Loc
	var cand previewInput
	if err := decode(w, r, &cand, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	warnings, in, err := s.plan.PreviewWarnings(r.Context(), s.maxPerWeek, loc, domain.Communication{ID: cand.ID,
		AudienceID: cand.AudienceID, Status: cand.Status, ScheduledDate: cand.ScheduledDate})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, namedWarnings(warnings, in.Communications))
}

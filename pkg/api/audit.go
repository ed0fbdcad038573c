package api

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// routeAudit registers the audit trail: read-only, for
// approvers and admins by the permission table. No route changes it.
func (s *Server) routeAudit(r *mux.Router) {
	r.HandleFunc("/audit", s.listAudit).Methods(http.MethodGet)
	r.HandleFunc("/history/{entity}/{id}", s.listHistory).Methods(http.MethodGet)
}

// historyEntities are the records whose history anyone who reads the plan
// may see (a History panel); sign-ins and people are the audit trail's.
var historyEntities = map[string]bool{
	"theme": true, "question": true, "content": true, "audience": true, "vehicle": true, "communication": true,
	"campaign": true, "blackout": true, "newsletter_template": true, "checklist_template": true, "checklist": true,
	"checklist_item": true, "calendar_feed": true,
}

// listHistory is GET /api/history/{entity}/{id}: one record's entries,
// newest first, at most 100.
func (s *Server) listHistory(w http.ResponseWriter, r *http.Request) {
	v := mux.Vars(r)
	if !historyEntities[v["entity"]] {
		s.fail(w, r, &Error{Status: http.StatusNotFound, Body: ErrorBody{Error: "no history of " + v["entity"] + " records"}})
		return
	}
	entries, err := s.plan.History(r.Context(), v["entity"], v["id"])
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if entries == nil {
		entries = []domain.Activity{}
	}
	writeJSON(w, http.StatusOK, entries)
}

// auditTime reads an optional from/to: an RFC 3339 time or a date (the
// start of that day, UTC).
func auditTime(r *http.Request, name string) (time.Time, error) {
	t, ok := plan.ParseAuditTime(r.URL.Query().Get(name))
	if !ok {
		return time.Time{}, BadRequest(name, "must be "+plan.AuditTimeHint)
	}
	return t, nil
}

func (s *Server) listAudit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := store.AuditFilter{EntityType: q.Get("entity"), EntityID: q.Get("entityId"), ActorID: q.Get("actor"), Action: q.Get("action")}
	var err error
	if f.From, err = auditTime(r, "from"); err != nil {
		s.fail(w, r, err)
		return
	}
	if f.To, err = auditTime(r, "to"); err != nil {
		s.fail(w, r, err)
		return
	}
	if !f.From.IsZero() && !f.To.IsZero() && f.From.After(f.To) {
		s.fail(w, r, BadRequest("from", "must not be after to"))
		return
	}
	p, err := parsePage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f.Limit, f.After = DefaultPageLimit, p.after
	if p.on {
		f.Limit = p.limit
	}
	// One more than the page says whether another follows.
	f.Limit++
	entries, err := s.plan.AuditTrail(r.Context(), f)
	if errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, BadRequest("after", "names an entry that does not exist"))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(entries) == f.Limit {
		entries = entries[:f.Limit-1]
		q.Set("limit", strconv.Itoa(f.Limit-1))
		q.Set("after", cursor(entries[len(entries)-1].ID))
		w.Header().Set("Link", "<"+r.URL.Path+"?"+q.Encode()+`>; rel="next"`)
	}
	if entries == nil {
		entries = []domain.Activity{}
	}
	writeJSON(w, http.StatusOK, entries)
}

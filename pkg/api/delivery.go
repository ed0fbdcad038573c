package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/store"
)

// routeDelivery registers the sending of communications and their record.
func (s *Server) routeDelivery(r *mux.Router) {
	r.HandleFunc("/communications/{id}/send", s.sendCommunication).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}/send/test", s.sendTestCopy).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}/send/pause", s.pauseSend(true)).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}/send/resume", s.pauseSend(false)).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}/send/retry-failed", s.retryFailed).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}/deliveries", s.listDeliveries).Methods(http.MethodGet)
}

func (s *Server) sendCommunication(w http.ResponseWriter, r *http.Request) {
	res, err := s.plan.Send(r.Context(), mux.Vars(r)["id"])
	s.answer(w, r, http.StatusAccepted, res, err)
}

func (s *Server) sendTestCopy(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email string `json:"email"`
	}
	if r.ContentLength != 0 {
		if err := decode(w, r, &in, MaxJSONBody); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	to, err := s.plan.SendTest(r.Context(), mux.Vars(r)["id"], in.Email)
	s.answer(w, r, http.StatusOK, map[string]string{"sentTo": to}, err)
}

func (s *Server) pauseSend(pause bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := mux.Vars(r)["id"]
		if err := s.plan.PauseSend(r.Context(), id, pause); err != nil {
			s.fail(w, r, err)
			return
		}
		rec, err := s.plan.DeliveryRecord(r.Context(), store.DeliveryFilter{CommunicationID: id, Limit: 1})
		s.answer(w, r, http.StatusOK, map[string]any{"run": rec.Run, "summary": rec.Summary}, err)
	}
}

func (s *Server) retryFailed(w http.ResponseWriter, r *http.Request) {
	n, err := s.plan.RetryFailed(r.Context(), mux.Vars(r)["id"])
	s.answer(w, r, http.StatusAccepted, map[string]int{"retried": n}, err)
}

func (s *Server) listDeliveries(w http.ResponseWriter, r *http.Request) {
	offset, limit, err := offsetPage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	rec, err := s.plan.DeliveryRecord(r.Context(), store.DeliveryFilter{CommunicationID: mux.Vars(r)["id"],
		State: q.Get("state"), Channel: q.Get("channel"), Q: q.Get("q"), Offset: offset, Limit: limit})
	s.answer(w, r, http.StatusOK, rec, err)
}

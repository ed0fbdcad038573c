package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
)

// MaxBatch is the most communications one batch create takes.
const MaxBatch = plan.MaxBatch

// createCommunications is POST /api/communications/batch: every item is
// decoded as a single create would be, with type errors keyed
// communications[i].field; plan.CreateCommunications validates them (an
// item without a status is scheduled) and stores all or none.
func (s *Server) createCommunications(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Communications []json.RawMessage `json:"communications"`
	}
	if err := decode(w, r, &in, MaxBatchBody); err != nil {
		s.fail(w, r, err)
		return
	}
	f := domain.FieldErrors{}
	items := make([]domain.Communication, len(in.Communications))
	for i, raw := range in.Communications {
		prefix := fmt.Sprintf("communications[%d]", i)
		var item communicationInput
		if err := json.Unmarshal(raw, &item); err != nil {
			var typeErr *json.UnmarshalTypeError
			if errors.As(err, &typeErr) && typeErr.Field != "" {
				f[prefix+"."+typeErr.Field] = "has the wrong type"
			} else {
				f[prefix] = "must be a communication object"
			}
			continue
		}
		items[i] = item.merge(domain.Communication{})
	}
	if len(f) > 0 {
		s.fail(w, r, f)
		return
	}
	out, err := s.plan.CreateCommunications(r.Context(), items)
	s.answer(w, r, http.StatusCreated, out, err)
}

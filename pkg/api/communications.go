package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/commsplan/commsplan/pkg/domain"
)

// MaxBatch is the most communications one batch create takes.
const MaxBatch = 1000

// createCommunications is POST /api/communications/batch: every item is
// decoded and validated as a single create would be, with errors keyed
// communications[i].field, and then all are stored in one transaction or
// none is.
func (s *Server) createCommunications(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Communications []json.RawMessage `json:"communications"`
	}
	if err := decode(w, r, &in, MaxBatchBody); err != nil {
		s.fail(w, r, err)
		return
	}
	if n := len(in.Communications); n < 1 || n > MaxBatch {
		s.fail(w, r, BadRequest("communications", fmt.Sprintf("must list 1 to %d communications (got %d)", MaxBatch, n)))
		return
	}
	f := domain.FieldErrors{}
	recs := make([]*domain.Communication, len(in.Communications))
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
		rec, err := item.apply(domain.Communication{})
		var fields domain.FieldErrors
		if errors.As(err, &fields) {
			for k, v := range fields {
				f[prefix+"."+k] = v
			}
		} else if err != nil {
			s.fail(w, r, err)
			return
		}
		recs[i] = &rec
	}
	if len(f) > 0 {
		s.fail(w, r, f)
		return
	}
	if err := s.store.CreateCommunications(r.Context(), recs); err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]domain.Communication, len(recs))
	for i, c := range recs {
		out[i] = *c
	}
	writeJSON(w, http.StatusCreated, out)
}

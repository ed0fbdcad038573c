package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
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
	err := s.store.InTx(r.Context(), func(tx store.Store) error {
		known := refCache{}
		for i, c := range recs {
			if err := known.check(r.Context(), tx, c, nil, fmt.Sprintf("communications[%d].", i)); err != nil {
				return err
			}
		}
		return tx.CreateCommunications(r.Context(), recs)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]domain.Communication, len(recs))
	for i, c := range recs {
		out[i] = *c
	}
	writeJSON(w, http.StatusCreated, out)
}

// createCommunication stores a new communication once its selected
// questions and final content are known records.
func (s *Server) createCommunication(ctx context.Context, c *domain.Communication) error {
	return s.store.InTx(ctx, func(tx store.Store) error {
		if err := (refCache{}).check(ctx, tx, c, nil, ""); err != nil {
			return err
		}
		return tx.CreateCommunication(ctx, c)
	})
}

// updateCommunication is createCommunication for a change: only references
// the change adds are checked, so a question deleted since it was chosen
// does not block editing the title.
func (s *Server) updateCommunication(ctx context.Context, c *domain.Communication) error {
	return s.store.InTx(ctx, func(tx store.Store) error {
		before, err := tx.GetCommunication(ctx, c.ID)
		if err != nil {
			return err
		}
		if err := (refCache{}).check(ctx, tx, c, &before, ""); err != nil {
			return err
		}
		return tx.UpdateCommunication(ctx, c)
	})
}

// refCache remembers which question and content ids exist, so a batch looks
// each up once.
type refCache map[string]bool

// check makes sure every selected question and the final content that c
// names (beyond those before already named) exist; otherwise it is a
// *store.ReferenceError on prefix+field (a 400). The store keeps these as
// plain ids, with no foreign key to catch them.
func (known refCache) check(ctx context.Context, st store.Store, c *domain.Communication, before *domain.Communication, prefix string) error {
	for _, id := range c.SelectedQuestions {
		if before != nil && slices.Contains(before.SelectedQuestions, id) {
			continue
		}
		if err := known.exists("question:"+id, func() error { _, err := st.GetQuestion(ctx, id); return err }); err != nil {
			return refError(err, prefix+"selectedQuestions")
		}
	}
	if id := c.FinalContentID; id != "" && (before == nil || before.FinalContentID != id) {
		if err := known.exists("content:"+id, func() error { _, err := st.GetContent(ctx, id); return err }); err != nil {
			return refError(err, prefix+"finalContentId")
		}
	}
	return nil
}

func (known refCache) exists(key string, load func() error) error {
	if known[key] {
		return nil
	}
	if err := load(); err != nil {
		return err
	}
	known[key] = true
	return nil
}

// refError turns a missing record into a ReferenceError on field.
func refError(err error, field string) error {
	if errors.Is(err, store.ErrNotFound) {
		return &store.ReferenceError{Field: field}
	}
	return err
}

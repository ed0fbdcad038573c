package plan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/store"
)

// ChecklistState is the team's working checklist as both front ends show
// it (GET and PUT /api/checklist, "checklist current -o json"): its items,
// its version (0 before the first save), its dashboard figures and the
// categories they are shown under.
type ChecklistState struct {
	Items      []checklist.Item     `json:"items"`
	Version    int                  `json:"version"`
	UpdatedAt  *time.Time           `json:"updatedAt,omitempty"`
	Stats      checklist.Stats      `json:"stats"`
	Categories []checklist.Category `json:"categories"`
}

func newChecklistState(items []checklist.Item, version int, updated time.Time) ChecklistState {
	st := ChecklistState{Items: items, Version: version, Stats: checklist.Score(items), Categories: checklist.Categories()}
	if !updated.IsZero() {
		st.UpdatedAt = &updated
	}
	return st
}

// VersionConflict is a save based on a version that is no longer the
// stored one: someone saved meanwhile. It is a store.ErrConflict.
type VersionConflict struct {
	Expected, Current int
}

func (e *VersionConflict) Error() string {
	return fmt.Sprintf("the checklist is at version %d, not %d: someone saved it meanwhile", e.Current, e.Expected)
}

// Unwrap makes the conflict a store.ErrConflict.
func (e *VersionConflict) Unwrap() error { return store.ErrConflict }

// WorkingChecklist loads the team's working checklist: the initial
// checklist at version 0, without an update time, before the first save.
func (p *Plan) WorkingChecklist(ctx context.Context) (ChecklistState, error) {
	return workingChecklist(ctx, p.st)
}

func workingChecklist(ctx context.Context, st store.Store) (ChecklistState, error) {
	wc, err := st.GetChecklist(ctx)
	if errors.Is(err, store.ErrNotFound) {
		return newChecklistState(checklist.Initial(), 0, time.Time{}), nil
	}
	if err != nil {
		return ChecklistState{}, err
	}
	items, err := checklist.DecodeItems(wc.Items)
	if err != nil {
		return ChecklistState{}, err
	}
	return newChecklistState(items, wc.Version, wc.UpdatedAt), nil
}

// checkItems normalizes and validates a checklist a client sent.
func checkItems(items []checklist.Item) ([]checklist.Item, error) {
	if items == nil {
		return nil, Invalid("items", "is required")
	}
	items = checklist.Normalize(items)
	if err := checklist.Validate(items); err != nil {
		var ve *checklist.ValidationError
		if errors.As(err, &ve) {
			return nil, &InputError{Message: ve.Error(), Fields: ve.Fields, Err: err}
		}
		return nil, err
	}
	return items, nil
}

// SaveChecklist replaces the working checklist with items, scored, if it is
// still at version (the one the caller last read; 0 before the first save),
// and records the save in the readiness history. A negative version
// replaces whatever is stored. A stale version is a *VersionConflict and
// nothing changes.
func (p *Plan) SaveChecklist(ctx context.Context, items []checklist.Item, version int) (ChecklistState, error) {
	if _, err := acting(ctx); err != nil {
		return ChecklistState{}, err
	}
	items, err := checkItems(items)
	if err != nil {
		return ChecklistState{}, err
	}
	rawItems, err := checklist.EncodeItems(items)
	if err != nil {
		return ChecklistState{}, err
	}
	rawStats, err := json.Marshal(checklist.Score(items))
	if err != nil {
		return ChecklistState{}, err
	}
	var saved ChecklistState
	err = p.st.InTx(ctx, func(tx store.Store) error {
		expected := version
		if expected < 0 {
			cur, err := workingChecklist(ctx, tx)
			if err != nil {
				return err
			}
			expected = cur.Version
		}
		wc, err := tx.SaveChecklist(ctx, rawItems, rawStats, expected)
		if errors.Is(err, store.ErrConflict) {
			cur, gerr := workingChecklist(ctx, tx)
			if gerr != nil {
				return gerr
			}
			return &VersionConflict{Expected: expected, Current: cur.Version}
		}
		if err != nil {
			return err
		}
		saved = newChecklistState(items, wc.Version, wc.UpdatedAt)
		return nil
	})
	return saved, err
}

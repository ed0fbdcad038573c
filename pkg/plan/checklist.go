package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
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
	// By and At say who saved the current version and when, from the
	// audit trail ("" and zero for a save older than it).
	By string
	At time.Time
}

func (e *VersionConflict) Error() string {
	msg := fmt.Sprintf("the checklist is at version %d, not %d: someone saved it meanwhile", e.Current, e.Expected)
	if e.By != "" {
		return fmt.Sprintf("Changed by %s at %s UTC; %s", e.By, e.At.UTC().Format("15:04"), msg)
	}
	return msg
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

// CheckChecklist normalizes and validates a checklist a client sent, as
// every save does; the readiness report checks its items with it.
func CheckChecklist(items []checklist.Item) ([]checklist.Item, error) { return checkItems(items) }

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

// ChecklistSave is a change of the working checklist.
type ChecklistSave struct {
	Items []checklist.Item
	// Version is the version the caller last read, 0 before the first save.
	// It is required unless Overwrite is set.
	Version *int
	// Overwrite replaces whatever is stored, at any version ("checklist
	// apply" without --version).
	Overwrite bool
}

// SaveChecklist replaces the working checklist with the items, scored, if
// it is still at the version the caller last read, and records the save in
// the readiness history. A stale version is a *VersionConflict and nothing
// changes.
func (p *Plan) SaveChecklist(ctx context.Context, in ChecklistSave) (ChecklistState, error) {
	if _, err := acting(ctx); err != nil {
		return ChecklistState{}, err
	}
	version := -1 // any
	if !in.Overwrite {
		if in.Version == nil || *in.Version < 0 {
			return ChecklistState{}, Invalid("version", "is required: the version last read (0 for a new checklist)")
		}
		version = *in.Version
	}
	items, err := checkItems(in.Items)
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
		cur, err := workingChecklist(ctx, tx)
		if err != nil {
			return err
		}
		expected := version
		if expected < 0 {
			expected = cur.Version
		}
		// The audit entry lists the items that changed, by id; each changed
		// item gets an entry of its own too (its History panel).
		wc, err := tx.SaveChecklist(changed(ctx, itemsByID(cur.Items), itemsByID(items)), rawItems, rawStats, expected)
		if errors.Is(err, store.ErrConflict) {
			conflict := &VersionConflict{Expected: expected, Current: cur.Version}
			last, lerr := tx.ListAudit(ctx, store.AuditFilter{EntityType: "checklist", Limit: 1})
			if lerr != nil {
				return lerr
			}
			if len(last) == 1 {
				conflict.By, conflict.At = last[0].ActorName, last[0].At
			}
			return conflict
		}
		if err != nil {
			return err
		}
		if err := recordItems(ctx, tx, cur.Items, items); err != nil {
			return err
		}
		saved = newChecklistState(items, wc.Version, wc.UpdatedAt)
		return nil
	})
	return saved, err
}

// ReportOptions checks what a readiness report is printed with: the title
// (trimmed; empty is the default heading) within a title's limits, and the
// date, YYYY-MM-DD, printed on it and in its file name (today when empty).
// Bad input names the field, "date" or "title".
func ReportOptions(title, date string, today time.Time) (checklist.ReportOptions, error) {
	opt := checklist.ReportOptions{Title: strings.TrimSpace(title), Generated: today}
	if date != "" {
		day, err := time.Parse(time.DateOnly, date)
		if err != nil {
			return opt, Invalid("date", "must be a date, YYYY-MM-DD")
		}
		opt.Generated = day
	}
	if msg := domain.TextProblem(opt.Title, domain.MaxName); msg != "" {
		return opt, Invalid("title", msg)
	}
	return opt, nil
}

// ChecklistReport renders the printable report of a client's items, checked
// as a save checks them, with ReportOptions' title and date; it returns the
// HTML and the date printed on it.
func ChecklistReport(items []checklist.Item, title, date string, today time.Time) ([]byte, time.Time, error) {
	items, err := checkItems(items)
	if err != nil {
		return nil, time.Time{}, err
	}
	opt, err := ReportOptions(title, date, today)
	if err != nil {
		return nil, time.Time{}, err
	}
	var buf bytes.Buffer
	if err := checklist.Render(&buf, items, opt); err != nil {
		return nil, time.Time{}, err
	}
	return buf.Bytes(), opt.Generated, nil
}

// ChecklistTemplate is a template to save from a client's items.
type ChecklistTemplate struct {
	Name, Description string
	Items             []checklist.Item
	IsPublic          bool
	// Version and CreatedBy are the client's metadata, kept; the counts
	// always come from the items.
	Version, CreatedBy string
}

// CreateChecklistTemplate saves a template: a name, and items that pass
// the checklist's rules.
func (p *Plan) CreateChecklistTemplate(ctx context.Context, t ChecklistTemplate) (domain.ChecklistTemplate, error) {
	if _, err := acting(ctx); err != nil {
		return domain.ChecklistTemplate{}, err
	}
	name := strings.TrimSpace(t.Name)
	if name == "" {
		return domain.ChecklistTemplate{}, Invalid("name", "is required")
	}
	items, err := checkItems(t.Items)
	if err != nil {
		return domain.ChecklistTemplate{}, err
	}
	meta := checklist.NewMetadata(items, t.CreatedBy, false)
	if v := strings.TrimSpace(t.Version); v != "" {
		meta.Version = v
	}
	return p.saveTemplate(ctx, name, t.Description, items, t.IsPublic, meta)
}

// ImportChecklistReport saves a downloaded readiness report as a new
// template. Anything but a report checklist.Render wrote is an
// *InputError with the spec's message (fields.htmlContent says why), and
// nothing is stored.
func (p *Plan) ImportChecklistReport(ctx context.Context, name, description string, html []byte) (domain.ChecklistTemplate, error) {
	if _, err := acting(ctx); err != nil {
		return domain.ChecklistTemplate{}, err
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return domain.ChecklistTemplate{}, Invalid("name", "is required")
	}
	if len(bytes.TrimSpace(html)) == 0 {
		return domain.ChecklistTemplate{}, &InputError{Message: checklist.ErrInvalidFormat.Error(),
			Fields: map[string]string{"htmlContent": "is required"}, Err: checklist.ErrInvalidFormat}
	}
	items, err := checklist.ParseReport(html)
	var fe *checklist.FormatError
	if errors.As(err, &fe) {
		fields := map[string]string{"htmlContent": fe.Reason}
		for k, v := range fe.Fields {
			fields[k] = v
		}
		return domain.ChecklistTemplate{}, &InputError{Message: fe.Error(), Fields: fields, Err: err}
	}
	if err != nil {
		return domain.ChecklistTemplate{}, err
	}
	return p.saveTemplate(ctx, name, description, items, false, checklist.NewMetadata(items, checklist.CreatedByImport, true))
}

func (p *Plan) saveTemplate(ctx context.Context, name, description string, items []checklist.Item, public bool,
	meta checklist.Metadata) (domain.ChecklistTemplate, error) {
	raw, err := checklist.EncodeItems(items)
	if err != nil {
		return domain.ChecklistTemplate{}, err
	}
	t := domain.ChecklistTemplate{Name: name, Description: description, Items: raw, IsPublic: public, Metadata: meta.Encode()}
	if err := t.Validate(); err != nil {
		return t, err
	}
	err = p.st.CreateChecklistTemplate(changed(ctx, nil, t), &t)
	return t, err
}

// ChecklistItemEntity is the audit trail's entity type of one item of the
// working checklist (its id: the item's id). A save records one entry per
// item it added, changed or removed, besides the checklist's own entry, so
// an item's history is read like any record's.
const ChecklistItemEntity = "checklist_item"

// recordItems records, in tx, one entry per item that differs between
// before and after: created, updated (its changed fields) or deleted,
// labelled with its title. A move changes no item and records none.
func recordItems(ctx context.Context, tx store.Store, before, after []checklist.Item) error {
	old := itemsByID(before)
	kept := make(map[string]bool, len(after))
	for _, it := range after {
		id := strconv.Itoa(it.ID)
		kept[id] = true
		action := domain.ActionUpdated
		var c store.Changes
		if b, had := old[id]; had {
			c = store.Diff(b, it)
		} else {
			action, c = domain.ActionCreated, store.Diff(nil, it)
		}
		if len(c) == 0 {
			continue
		}
		if err := tx.Audit(store.WithChanges(ctx, c), action, ChecklistItemEntity, id, it.Title); err != nil {
			return err
		}
	}
	for _, it := range before {
		id := strconv.Itoa(it.ID)
		if kept[id] {
			continue
		}
		if err := tx.Audit(store.WithChanges(ctx, store.Diff(it, nil)), domain.ActionDeleted, ChecklistItemEntity, id, it.Title); err != nil {
			return err
		}
	}
	return nil
}

// itemsByID keys a checklist's items by their id, for the audit entry.
func itemsByID(items []checklist.Item) map[string]checklist.Item {
	m := make(map[string]checklist.Item, len(items))
	for _, it := range items {
		m[strconv.Itoa(it.ID)] = it
	}
	return m
}

package plan

import (
	"context"
	"encoding/json"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// changed returns ctx carrying the fields that differ between before and
// after for the store's audit entry of the write (store.WithDiff).
func changed(ctx context.Context, before, after any) context.Context {
	return store.WithDiff(ctx, before, after)
}

// AuditTimeHint says what ParseAuditTime takes, for the front ends' messages.
const AuditTimeHint = "a date (2026-11-25) or an RFC 3339 time"

// ParseAuditTime reads an optional from/to bound of the audit trail: an RFC
// 3339 time or a date (the start of that day, UTC). Empty is no bound; ok is
// false when v is neither form.
func ParseAuditTime(v string) (t time.Time, ok bool) {
	if v == "" {
		return time.Time{}, true
	}
	for _, layout := range []string{time.RFC3339, time.DateOnly} {
		if t, err := time.Parse(layout, v); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// AuditTrail reads the audit trail, newest first (approvers and admins).
func (p *Plan) AuditTrail(ctx context.Context, f store.AuditFilter) ([]domain.Activity, error) {
	if _, err := actor.Require(ctx, actor.AuditRead); err != nil {
		return nil, err
	}
	return p.st.ListAudit(ctx, f)
}

// PruneAudit removes the audit entries older than keepDays days before now
// (audit.keep-days; 0 keeps every entry) and records that it did. Admins
// only: the command line and the server's own schedule.
func (p *Plan) PruneAudit(ctx context.Context, keepDays int, now time.Time) (int, error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return 0, err
	}
	if keepDays <= 0 {
		return 0, nil
	}
	return p.st.PruneAudit(ctx, now.AddDate(0, 0, -keepDays))
}

// History reads one record's entries of the audit trail, newest first (at
// most 100): who changed it, when, and what. Anyone who reads the plan may.
func (p *Plan) History(ctx context.Context, entityType, id string) ([]domain.Activity, error) {
	who, err := actor.Require(ctx, actor.PlanRead)
	if err != nil {
		return nil, err
	}
	entries, err := p.st.ListAudit(ctx, store.AuditFilter{EntityType: entityType, EntityID: id, Limit: 100})
	if err != nil || who.Can(actor.AuditRead) {
		return entries, err
	}
	// The text of a comment an admin removed is the audit trail's alone:
	// its entries (written, edited, removed) show no text here.
	removed := map[string]bool{}
	for _, e := range entries {
		if e.Action == store.ActionCommentRemoved {
			removed[commentOf(e)] = true
		}
	}
	for i, e := range entries {
		if id := commentOf(e); id != "" && removed[id] {
			var ch store.Changes
			if json.Unmarshal(e.Changes, &ch) == nil {
				delete(ch, "text")
				entries[i].Changes, _ = json.Marshal(ch)
			}
		}
	}
	return entries, nil
}

// commentOf is the id of the comment an entry of a thread is about, "" for
// other entries.
func commentOf(e domain.Activity) string {
	var ch struct {
		CommentID struct {
			After string `json:"after"`
		} `json:"commentId"`
	}
	if len(e.Changes) == 0 || json.Unmarshal(e.Changes, &ch) != nil {
		return ""
	}
	return ch.CommentID.After
}

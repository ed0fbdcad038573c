package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// skipped are fields no audit entry lists: identity, times the store sets.
var skipped = map[string]bool{"id": true, "createdAt": true, "updatedAt": true, "htmlContent": true, "review": true}

// changed returns ctx carrying the fields that differ between before and
// after (JSON values by their JSON names) for the store's audit entry of
// the write (store.WithChanges). before nil is a create: the fields after
// sets; after nil is a delete: the fields before had. Counts the store
// derives, and records embedded beside their id (theme beside themeId),
// are left out.
func changed(ctx context.Context, before, after any) context.Context {
	if out := changes(before, after); len(out) > 0 {
		return store.WithChanges(ctx, out)
	}
	return ctx
}

// changes are the fields that differ between before and after, as changed
// says.
func changes(before, after any) store.Changes {
	b, a := fields(before), fields(after)
	out := store.Changes{}
	if after == nil {
		for k, v := range b {
			if !skipped[k] && !strings.HasSuffix(k, "Count") && b[k+"Id"] == nil && !empty(v) {
				out[k] = store.Change{Before: v}
			}
		}
		return out
	}
	for k, v := range a {
		if skipped[k] || strings.HasSuffix(k, "Count") || a[k+"Id"] != nil {
			continue
		}
		old, had := b[k]
		if before == nil {
			if empty(v) {
				continue
			}
		} else if had && bytes.Equal(old, v) {
			continue
		}
		c := store.Change{After: v}
		if had {
			c.Before = old
		}
		out[k] = c
	}
	return out
}

func fields(v any) map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	if v == nil {
		return m
	}
	if b, err := json.Marshal(v); err == nil {
		_ = json.Unmarshal(b, &m)
	}
	return m
}

func empty(v json.RawMessage) bool {
	switch string(v) {
	case `""`, "null", "[]", "{}", "false", "0":
		return true
	}
	return false
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
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return nil, err
	}
	return p.st.ListAudit(ctx, store.AuditFilter{EntityType: entityType, EntityID: id, Limit: 100})
}

package store

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"time"
)

// Change is one field's value before and after a write (JSON values; nil
// before a create).
type Change struct {
	Before any `json:"before,omitempty"`
	After  any `json:"after,omitempty"`
}

// Changes are the fields a write changed, by their JSON names.
type Changes map[string]Change

type changesKey struct{}

// WithChanges returns ctx carrying the changed fields of the one write
// made with it: the store writes them into that write's audit entry.
func WithChanges(ctx context.Context, c Changes) context.Context {
	return context.WithValue(ctx, changesKey{}, c)
}

type batchKey struct{}

// WithBatchChanges returns ctx carrying the changed fields of each record
// of one batch write, by the record's index in the batch: each record's
// audit entry gets its own.
func WithBatchChanges(ctx context.Context, c []Changes) context.Context {
	return context.WithValue(ctx, batchKey{}, c)
}

// RowContext is ctx for the audit entry of the i-th record of a batch
// write: carrying that record's changes when ctx has batch changes.
func RowContext(ctx context.Context, i int) context.Context {
	if b, _ := ctx.Value(batchKey{}).([]Changes); i < len(b) {
		return WithChanges(ctx, b[i])
	}
	return ctx
}

// ChangesFrom returns the changes ctx carries, nil when none.
func ChangesFrom(ctx context.Context) Changes {
	c, _ := ctx.Value(changesKey{}).(Changes)
	return c
}

// skipped are fields no audit entry lists: identity, times the store sets.
var skipped = map[string]bool{"id": true, "createdAt": true, "updatedAt": true, "htmlContent": true, "review": true}

// WithDiff returns ctx carrying the fields that differ between before and
// after (Diff) for the store's audit entry of the write made with it; ctx
// itself when none differ.
func WithDiff(ctx context.Context, before, after any) context.Context {
	if out := Diff(before, after); len(out) > 0 {
		return WithChanges(ctx, out)
	}
	return ctx
}

// Diff returns the fields that differ between before and after, JSON
// values by their JSON names. before nil is a create: the fields after
// sets; after nil is a delete: the fields before had. Counts the store
// derives, and records embedded beside their id (theme beside themeId),
// are left out. The use cases (pkg/plan, pkg/assembly) give it the record
// before and after their write.
func Diff(before, after any) Changes {
	b, a := fields(before), fields(after)
	out := Changes{}
	if after == nil {
		for k, v := range b {
			if !skipped[k] && !strings.HasSuffix(k, "Count") && b[k+"Id"] == nil && !empty(v) {
				out[k] = Change{Before: v}
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
		c := Change{After: v}
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

// AuditFilter narrows ListAudit; a zero field does not narrow.
type AuditFilter struct {
	EntityType string
	EntityID   string
	ActorID    string
	Action     string
	// From and To bound the entries' times: From <= at < To.
	From, To time.Time
	// After is the id of the last entry of the previous page: the page
	// starts with the next older entry.
	After string
	// Limit is the most entries answered (required).
	Limit int
}

// The actions of audit entries that are no write of a record.
const (
	ActionSignIn        = "signin"
	ActionSignInRefused = "signin_refused"
	ActionSignOut       = "signout"
	ActionCodeIssued    = "code_issued"
	ActionSignedOut     = "sessions_ended"
	// ActionSessionEnded is one session of a person ended from a list of
	// sessions: by an admin, or by the person (one of their own).
	ActionSessionEnded = "session_ended"
	// ActionAllSessionsRevoked is every session ended at once (entity type
	// session, id all): `sessions revoke-all`, or serve starting with other
	// access codes than the database last saw.
	ActionAllSessionsRevoked = "sessions_revoked"
	// ActionPruned is audit.keep-days removing old entries (entity type
	// audit).
	ActionPruned = "pruned"
	// ActionCommented, ActionCommentEdited and ActionCommentDeleted are a
	// comment written, edited and deleted, entered on the communication or
	// campaign of its thread with the text before and after.
	ActionCommented      = "commented"
	ActionCommentEdited  = "comment_edited"
	ActionCommentDeleted = "comment_deleted"
	// ActionCommentRemoved is an admin's removal of a comment: the text
	// before is in this entry only, shown to audit readers.
	ActionCommentRemoved = "comment_removed"
	// ActionWebhookDelivered and ActionWebhookFailed are a notification
	// the webhook delivered, or gave up on, entered on its record.
	ActionWebhookDelivered = "webhook_delivered"
	ActionWebhookFailed    = "webhook_failed"
	// ActionInsiderAdded and ActionInsiderRemoved are a person made or no
	// longer an insider of a confidential campaign or communication,
	// entered on that record with the person's id and name.
	ActionInsiderAdded   = "insider_added"
	ActionInsiderRemoved = "insider_removed"
)

// SignInFlow is a single sign-on in progress (pkg/sso): what the callback
// needs besides the state the browser brings back.
type SignInFlow struct {
	// StateHash is the hex SHA-256 of the state; the state itself is only
	// in the browser's cookie and the provider's redirect.
	StateHash string
	// Nonce must come back in the id_token.
	Nonce string
	// Verifier is the PKCE code verifier.
	Verifier string
	// Expires is when the flow stops being accepted.
	Expires time.Time
}

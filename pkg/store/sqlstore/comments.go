package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// threadColumn is the comments column that holds the id of a thread's
// record, and the table whose title labels the record's audit entries.
func threadColumn(entityType string) (column, table string, err error) {
	switch entityType {
	case domain.ThreadCommunication:
		return "communication_id", "communications", nil
	case domain.ThreadCampaign:
		return "campaign_id", "campaigns", nil
	}
	return "", "", store.ErrNotFound
}

const commentSelect = `SELECT id, COALESCE(communication_id, ''), COALESCE(campaign_id, ''), reply_to, author_id, author_name,
	body, mentions, created_at, updated_at FROM comments`

func scanComment(r interface{ Scan(...any) error }) (domain.Comment, error) {
	var c domain.Comment
	var comm, camp string
	var updated time.Time
	err := r.Scan(&c.ID, &comm, &camp, &c.ReplyTo, &c.AuthorID, &c.AuthorName, &c.Text, jsonScan{&c.Mentions}, &c.CreatedAt, &updated)
	c.EntityType, c.EntityID = domain.ThreadCommunication, comm
	if camp != "" {
		c.EntityType, c.EntityID = domain.ThreadCampaign, camp
	}
	c.CreatedAt = c.CreatedAt.UTC()
	if !updated.Equal(c.CreatedAt) {
		t := updated.UTC()
		c.EditedAt = &t
	}
	if c.Mentions == nil {
		c.Mentions = []string{}
	}
	return c, err
}

// ListComments implements store.Store.
func (s *Store) ListComments(ctx context.Context, entityType, entityID string) ([]domain.Comment, error) {
	col, _, err := threadColumn(entityType)
	if err != nil {
		return nil, err
	}
	if _, err := s.threadTitle(ctx, entityType, entityID); err != nil {
		return nil, err
	}
	rows, err := s.q().QueryContext(ctx, commentSelect+` WHERE `+col+` = $1 ORDER BY created_at, id`, entityID)
	return collect(rows, err, func(r *sql.Rows) (domain.Comment, error) { return scanComment(r) })
}

// GetComment implements store.Store.
func (s *Store) GetComment(ctx context.Context, id string) (domain.Comment, error) {
	c, err := scanComment(s.q().QueryRowContext(ctx, commentSelect+` WHERE id = $1`, id))
	if err != nil {
		return c, notFound(err)
	}
	// A comment is as hidden as its thread's record.
	if _, err := s.threadTitle(ctx, c.EntityType, c.EntityID); err != nil {
		return domain.Comment{}, err
	}
	return c, nil
}

// threadTitle reads the title of a thread's record: store.ErrNotFound when
// there is no such record.
func (s *Store) threadTitle(ctx context.Context, entityType, entityID string) (string, error) {
	_, table, err := threadColumn(entityType)
	if err != nil {
		return "", err
	}
	var title string
	q, args := andVisible(ctx, `SELECT title FROM `+table+` WHERE id = $1`, "scope", false, entityID)
	err = s.q().QueryRowContext(ctx, q, args...).Scan(&title)
	return title, notFound(err)
}

// CreateComment implements store.Store.
func (s *Store) CreateComment(ctx context.Context, c *domain.Comment) error {
	col, _, err := threadColumn(c.EntityType)
	if err != nil {
		return err
	}
	c.ID = newID()
	if c.CreatedAt.IsZero() {
		c.CreatedAt = now()
	}
	c.CreatedAt = c.CreatedAt.UTC().Truncate(time.Microsecond)
	c.EditedAt = nil
	return s.inTx(ctx, func(tx *Store) error {
		title, err := tx.threadTitle(ctx, c.EntityType, c.EntityID)
		if err != nil {
			return err
		}
		if _, err := tx.q().ExecContext(ctx, `INSERT INTO comments (id, `+col+`, reply_to, author_id, author_name, body, mentions,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
			c.ID, c.EntityID, c.ReplyTo, c.AuthorID, c.AuthorName, c.Text, list(c.Mentions), c.CreatedAt); err != nil {
			return err
		}
		return tx.record(withCommentID(ctx, c.ID), store.ActionCommented, c.EntityType, c.EntityID, title)
	})
}

// UpdateComment implements store.Store.
func (s *Store) UpdateComment(ctx context.Context, c *domain.Comment, at time.Time) error {
	at = at.UTC().Truncate(time.Microsecond)
	return s.inTx(ctx, func(tx *Store) error {
		title, err := tx.threadTitle(ctx, c.EntityType, c.EntityID)
		if err != nil {
			return err
		}
		if err := mustAffect(tx.q().ExecContext(ctx, `UPDATE comments SET body = $1, mentions = $2, updated_at = $3 WHERE id = $4`,
			c.Text, list(c.Mentions), at, c.ID)); err != nil {
			return err
		}
		c.EditedAt = &at
		return tx.record(withCommentID(ctx, c.ID), store.ActionCommentEdited, c.EntityType, c.EntityID, title)
	})
}

// RemoveComment implements store.Store.
func (s *Store) RemoveComment(ctx context.Context, c *domain.Comment, at time.Time) error {
	at = at.UTC().Truncate(time.Microsecond)
	return s.inTx(ctx, func(tx *Store) error {
		title, err := tx.threadTitle(ctx, c.EntityType, c.EntityID)
		if err != nil {
			return err
		}
		c.Text, c.Mentions = domain.CommentRemovedText, []string{}
		if err := mustAffect(tx.q().ExecContext(ctx, `UPDATE comments SET body = $1, mentions = $2, updated_at = $3 WHERE id = $4`,
			c.Text, list(c.Mentions), at, c.ID)); err != nil {
			return err
		}
		// The inbox entries that quoted it quote it no more.
		if _, err := tx.q().ExecContext(ctx, `UPDATE inbox SET excerpt = $1 WHERE comment_id = $2`, c.Text, c.ID); err != nil {
			return err
		}
		c.EditedAt = &at
		return tx.record(withCommentID(ctx, c.ID), store.ActionCommentRemoved, c.EntityType, c.EntityID, title)
	})
}

// DeleteComment implements store.Store: the replies to it lose their
// reply_to in the same transaction.
func (s *Store) DeleteComment(ctx context.Context, c domain.Comment) error {
	return s.inTx(ctx, func(tx *Store) error {
		title, err := tx.threadTitle(ctx, c.EntityType, c.EntityID)
		if err != nil {
			return err
		}
		if _, err := tx.q().ExecContext(ctx, `UPDATE comments SET reply_to = '' WHERE reply_to = $1`, c.ID); err != nil {
			return err
		}
		if err := mustAffect(tx.q().ExecContext(ctx, `DELETE FROM comments WHERE id = $1`, c.ID)); err != nil {
			return err
		}
		return tx.record(withCommentID(ctx, c.ID), store.ActionCommentDeleted, c.EntityType, c.EntityID, title)
	})
}

// withCommentID adds the comment's id to the changes ctx carries, so the
// thread's audit entry says which comment it was.
func withCommentID(ctx context.Context, id string) context.Context {
	out := store.Changes{}
	for k, v := range store.ChangesFrom(ctx) {
		out[k] = v
	}
	out["commentId"] = store.Change{After: id}
	return store.WithChanges(ctx, out)
}

const inboxSelect = `SELECT id, person_id, kind, entity_type, entity_id, title, actor_id, actor_name, comment_id, excerpt, at, is_read FROM inbox`

func scanInbox(r *sql.Rows) (domain.InboxEntry, error) {
	var e domain.InboxEntry
	err := r.Scan(&e.ID, &e.PersonID, &e.Kind, &e.EntityType, &e.EntityID, &e.Title, &e.ActorID, &e.ActorName,
		&e.CommentID, &e.Excerpt, &e.At, &e.Read)
	e.At = e.At.UTC()
	return e, err
}

// AddInboxEntries implements store.Store.
func (s *Store) AddInboxEntries(ctx context.Context, entries []domain.InboxEntry) error {
	return s.inTx(ctx, func(tx *Store) error {
		for i := range entries {
			e := &entries[i]
			e.ID = newID()
			if e.At.IsZero() {
				e.At = now()
			}
			e.At = e.At.UTC().Truncate(time.Microsecond)
			if _, err := tx.q().ExecContext(ctx, `INSERT INTO inbox (id, person_id, kind, entity_type, entity_id, title, actor_id,
				actor_name, comment_id, excerpt, at, is_read) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, FALSE)`,
				e.ID, e.PersonID, e.Kind, e.EntityType, e.EntityID, e.Title, e.ActorID, e.ActorName, e.CommentID, e.Excerpt, e.At); err != nil {
				return err
			}
		}
		return nil
	})
}

// inboxLive keeps the entries whose record still exists and its person
// may see ($1, an insider of the record's scope, or "*" for one who sees
// every record): a person no longer an insider no longer sees the entry.
func inboxLive(all string) string {
	return strings.ReplaceAll(inboxLiveSQL, "$ALL", all)
}

// inboxLiveSQL is inboxLive with $ALL for the parameter of "*".
const inboxLiveSQL = ` AND ((entity_type = 'communication' AND EXISTS (SELECT 1 FROM communications c WHERE c.id = inbox.entity_id
	  AND (c.scope = '' OR $ALL = '*' OR c.scope IN (SELECT i.scope FROM insiders i WHERE i.person_id = $1))))
	OR (entity_type = 'campaign' AND EXISTS (SELECT 1 FROM campaigns k WHERE k.id = inbox.entity_id
	  AND (k.scope = '' OR $ALL = '*' OR k.scope IN (SELECT i.scope FROM insiders i WHERE i.person_id = $1)))))`

// seesAll is inboxLive's parameter: "*" when ctx's actor sees every record.
func seesAll(ctx context.Context) string {
	if viewOf(ctx).all {
		return "*"
	}
	return ""
}

// ListInbox implements store.Store.
func (s *Store) ListInbox(ctx context.Context, personID string, limit int) ([]domain.InboxEntry, error) {
	rows, err := s.q().QueryContext(ctx, inboxSelect+` WHERE person_id = $1`+inboxLive("$3")+` ORDER BY at DESC, id DESC LIMIT $2`, personID, limit, seesAll(ctx))
	return collect(rows, err, scanInbox)
}

// UnreadInbox implements store.Store.
func (s *Store) UnreadInbox(ctx context.Context, personID string) (int, error) {
	var n int
	err := s.q().QueryRowContext(ctx, `SELECT COUNT(*) FROM inbox WHERE person_id = $1 AND NOT is_read`+inboxLive("$2"),
		personID, seesAll(ctx)).Scan(&n)
	return n, err
}

// MarkInboxRead implements store.Store.
func (s *Store) MarkInboxRead(ctx context.Context, personID string, ids []string) (int, error) {
	if len(ids) == 0 {
		return s.affected(ctx, `UPDATE inbox SET is_read = TRUE WHERE person_id = $1 AND NOT is_read`, personID)
	}
	n := 0
	err := s.inTx(ctx, func(tx *Store) error {
		for _, id := range ids {
			m, err := tx.affected(ctx, `UPDATE inbox SET is_read = TRUE WHERE person_id = $1 AND id = $2 AND NOT is_read`, personID, id)
			if err != nil {
				return err
			}
			n += m
		}
		return nil
	})
	return n, err
}

// ResolveInbox implements store.Store.
func (s *Store) ResolveInbox(ctx context.Context, kind, entityType, entityID string, personIDs []string) (int, error) {
	const q = `UPDATE inbox SET is_read = TRUE WHERE kind = $1 AND entity_type = $2 AND entity_id = $3 AND NOT is_read`
	if personIDs == nil {
		return s.affected(ctx, q, kind, entityType, entityID)
	}
	n := 0
	err := s.inTx(ctx, func(tx *Store) error {
		for _, id := range personIDs {
			m, err := tx.affected(ctx, q+` AND person_id = $4`, kind, entityType, entityID, id)
			if err != nil {
				return err
			}
			n += m
		}
		return nil
	})
	return n, err
}

package plan

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// NotAuthorError is a change to someone else's comment: the API answers
// 403 with its message, the CLI exits 2.
type NotAuthorError struct{}

func (*NotAuthorError) Error() string { return "only the author may change or delete a comment" }

// EditWindowError is a change to a comment past domain.CommentEditWindow:
// the API answers 409 with its message.
type EditWindowError struct{}

func (*EditWindowError) Error() string {
	return "a comment can be edited or deleted for 15 minutes after it was written; this one no longer can"
}

// Unwrap makes the closed window a store.ErrConflict.
func (*EditWindowError) Unwrap() error { return store.ErrConflict }

// Comments reads the thread of a communication or a saved campaign
// (entityType domain.ThreadCommunication or ThreadCampaign), oldest first;
// store.ErrNotFound when there is no such record.
func (p *Plan) Comments(ctx context.Context, entityType, entityID string) ([]domain.Comment, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return nil, err
	}
	return p.st.ListComments(ctx, entityType, entityID)
}

// AddComment writes a comment in a record's thread as the acting person.
// replyTo, when not "", must be a comment of the same thread. Each person
// the text mentions (domain.Mentions) gets it in their inbox; a mention of
// no one is bad input naming text.
func (p *Plan) AddComment(ctx context.Context, entityType, entityID, text, replyTo string) (domain.Comment, error) {
	a, err := acting(ctx)
	if err != nil {
		return domain.Comment{}, err
	}
	c := domain.Comment{EntityType: entityType, EntityID: entityID, Text: text, ReplyTo: strings.TrimSpace(replyTo),
		AuthorID: a.ID, AuthorName: a.Name, CreatedAt: p.now().UTC()}
	if err := c.Validate(); err != nil {
		return c, err
	}
	err = p.notifyingTx(ctx, func(tx store.Store, n *Notices) error {
		return writeComment(ctx, tx, n, &c, "text")
	})
	return c, err
}

// writeComment stores the validated comment c in tx and tells the people
// it mentions through n: AddComment's and a review decision's one way to
// write in a thread. field names the request field that held the text.
func writeComment(ctx context.Context, tx store.Store, n *Notices, c *domain.Comment, field string) error {
	if c.ReplyTo != "" {
		parent, err := tx.GetComment(ctx, c.ReplyTo)
		if errors.Is(err, store.ErrNotFound) || (err == nil && (parent.EntityType != c.EntityType || parent.EntityID != c.EntityID)) {
			return Invalid("replyTo", "is not a comment of this thread")
		}
		if err != nil {
			return err
		}
	}
	if err := mentionsOf(ctx, tx, c, field); err != nil {
		return err
	}
	ctx = store.WithChanges(ctx, store.Changes{"text": {After: c.Text}})
	if err := tx.CreateComment(ctx, c); err != nil {
		return err
	}
	return n.Add(ctx, mentionEvent(ctx, tx, *c, c.Mentions))
}

// EditComment replaces the text of the acting person's own comment within
// domain.CommentEditWindow of its writing. People newly mentioned get it
// in their inbox.
func (p *Plan) EditComment(ctx context.Context, id, text string) (domain.Comment, error) {
	var c domain.Comment
	if _, err := acting(ctx); err != nil {
		return c, err
	}
	err := p.notifyingTx(ctx, func(tx store.Store, n *Notices) error {
		var err error
		if c, err = p.ownComment(ctx, tx, id); err != nil {
			return err
		}
		before, mentioned := c.Text, c.Mentions
		c.Text = text
		if err := c.Validate(); err != nil {
			return err
		}
		if err := mentionsOf(ctx, tx, &c, "text"); err != nil {
			return err
		}
		ctx := store.WithChanges(ctx, store.Changes{"text": {Before: before, After: c.Text}})
		if err := tx.UpdateComment(ctx, &c, p.now()); err != nil {
			return err
		}
		var added []string
		for _, m := range c.Mentions {
			if !slices.Contains(mentioned, m) {
				added = append(added, m)
			}
		}
		return n.Add(ctx, mentionEvent(ctx, tx, c, added))
	})
	return c, err
}

// DeleteComment deletes the acting person's own comment within
// domain.CommentEditWindow of its writing; the audit trail keeps its text.
// An admin (people.manage) removes anyone's, at any time: the comment stays
// in its thread saying domain.CommentRemovedText, and its text is kept in
// the audit entry only (History shows it to audit readers alone).
func (p *Plan) DeleteComment(ctx context.Context, id string) error {
	who, err := acting(ctx)
	if err != nil {
		return err
	}
	return p.st.InTx(ctx, func(tx store.Store) error {
		c, err := p.ownComment(ctx, tx, id)
		var notAuthor *NotAuthorError
		var late *EditWindowError
		if (errors.As(err, &notAuthor) || errors.As(err, &late)) && who.Can(actor.PeopleManage) {
			// An admin removes any comment: it stays in its thread as
			// CommentRemovedText, its text in the audit entry only.
			if c.Text == domain.CommentRemovedText {
				return nil
			}
			ch := store.Changes{"text": {Before: c.Text, After: domain.CommentRemovedText}}
			return tx.RemoveComment(store.WithChanges(ctx, ch), &c, p.now())
		}
		if err != nil {
			return err
		}
		return tx.DeleteComment(store.WithChanges(ctx, store.Changes{"text": {Before: c.Text}}), c)
	})
}

// CommentOf reads one comment, checking that it belongs to the record's
// thread (the API's routes nest it there): store.ErrNotFound otherwise.
func (p *Plan) CommentOf(ctx context.Context, entityType, entityID, id string) (domain.Comment, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return domain.Comment{}, err
	}
	c, err := p.st.GetComment(ctx, id)
	if err == nil && (c.EntityType != entityType || c.EntityID != entityID) {
		return domain.Comment{}, store.ErrNotFound
	}
	return c, err
}

// ownComment reads comment id for a change by the acting person: the
// author only, within the edit window.
func (p *Plan) ownComment(ctx context.Context, tx store.Store, id string) (domain.Comment, error) {
	a, err := actor.From(ctx)
	if err != nil {
		return domain.Comment{}, err
	}
	c, err := tx.GetComment(ctx, id)
	if err != nil {
		return c, err
	}
	if c.AuthorID != a.ID {
		return c, &NotAuthorError{}
	}
	if p.now().Sub(c.CreatedAt) > domain.CommentEditWindow {
		return c, &EditWindowError{}
	}
	return c, nil
}

// mentionsOf sets c.Mentions from its text against the stored people; an
// unknown name is bad input naming field.
func mentionsOf(ctx context.Context, tx store.Store, c *domain.Comment, field string) error {
	people, err := tx.ListPeople(ctx)
	if err != nil {
		return err
	}
	ids, unknown := domain.Mentions(c.Text, people)
	if len(unknown) > 0 {
		return Invalid(field, "mentions "+strings.Join(unknown, ", ")+", who is not a person here; "+
			`write a person's name after @, or @"Full Name"`)
	}
	if ids == nil {
		ids = []string{}
	}
	if err := insidersOnly(ctx, tx, c, ids, people, field); err != nil {
		return err
	}
	c.Mentions = ids
	return nil
}

// insidersOnly refuses, naming field, a mention in a confidential thread
// of a person who may not see it (neither its insider nor an admin): the
// mention would tell them of it.
func insidersOnly(ctx context.Context, tx store.Store, c *domain.Comment, ids []string, people []domain.Person, field string) error {
	if len(ids) == 0 || !confidentialRecord(ctx, tx, c.EntityType, c.EntityID) {
		return nil
	}
	insiders, err := tx.ListInsiders(ctx, c.EntityType, c.EntityID)
	if err != nil {
		return err
	}
	var outside []string
	for _, id := range ids {
		i := slices.IndexFunc(people, func(p domain.Person) bool { return p.ID == id })
		if i < 0 || (actor.Actor{Role: actor.Role(people[i].Role)}).Can(actor.ConfidentialRead) ||
			slices.ContainsFunc(insiders, func(in domain.Insider) bool { return in.PersonID == id }) {
			continue
		}
		outside = append(outside, people[i].Name)
	}
	if len(outside) > 0 {
		return Invalid(field, "mentions "+strings.Join(outside, ", ")+", who may not see this confidential item; "+
			"an insider may add them as an insider first")
	}
	return nil
}

// mentionEvent is the mention of c told to the people recipients.
func mentionEvent(ctx context.Context, tx store.Store, c domain.Comment, recipients []string) Event {
	if len(recipients) == 0 {
		return Event{}
	}
	return Event{Kind: domain.InboxMention, EntityType: c.EntityType, EntityID: c.EntityID, Title: threadTitle(ctx, tx, c),
		Recipients: recipients, CommentID: c.ID, Text: c.Text}
}

// threadTitle is the title of a comment's record ("" when unreadable: the
// store already refused a missing record).
func threadTitle(ctx context.Context, tx store.Store, c domain.Comment) string {
	switch c.EntityType {
	case domain.ThreadCommunication:
		if x, err := tx.GetCommunication(ctx, c.EntityID); err == nil {
			return x.Title
		}
	case domain.ThreadCampaign:
		if x, err := tx.GetCampaign(ctx, c.EntityID); err == nil {
			return x.Title
		}
	}
	return ""
}

package plan

import (
	"context"
	"slices"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// Event is something people are told about: a review requested, a
// decision, a mention. It lands in its recipients' inboxes in the
// transaction of the change, and goes to the Publisher (the webhook) once
// that transaction commits.
type Event struct {
	// Kind is one of domain.InboxReviewRequested, InboxApproved,
	// InboxChangesRequested, InboxMention.
	Kind string `json:"kind"`
	// EntityType and EntityID name the communication or campaign; Title is
	// its title.
	EntityType string `json:"entityType"`
	EntityID   string `json:"entityId"`
	Title      string `json:"title"`
	// Actor is who acted (requested, decided, commented).
	Actor actor.Actor `json:"actor"`
	// Recipients are the ids of the people whose inbox gets the entry; the
	// actor is never one.
	Recipients []string `json:"recipients"`
	// RecipientNames are the recipients' names, for the webhook's text.
	RecipientNames []string `json:"recipientNames"`
	// CommentID and Text are the comment of a mention or a decision, ""
	// when none.
	CommentID string    `json:"commentId"`
	Text      string    `json:"text"`
	At        time.Time `json:"at"`
	// Confidential says the record is seen by its insiders only: a
	// notice outside commsplan (the webhook) then names neither it nor
	// the comment.
	Confidential bool `json:"confidential"`
}

// Publisher gets the events that committed. Publish must not block: the
// webhook queues and delivers in the background.
type Publisher interface {
	Publish(ctx context.Context, ev Event)
}

// Notices collects the events of one transaction (notifyingTx).
type Notices struct {
	p      *Plan
	tx     store.Store
	events []Event
}

// Add puts ev in its recipients' inboxes inside the transaction and keeps
// it for the publisher. The actor is taken out of the recipients (no one
// is told of their own act), as are unknown people and repeats; with no
// recipient left it does nothing.
func (n *Notices) Add(ctx context.Context, ev Event) error {
	a, err := actor.From(ctx)
	if err != nil {
		return err
	}
	ev.Actor = a
	ev.Confidential = confidentialRecord(ctx, n.tx, ev.EntityType, ev.EntityID)
	if ev.At.IsZero() {
		ev.At = n.p.now().UTC()
	}
	people, err := n.tx.ListPeople(ctx)
	if err != nil {
		return err
	}
	var ids, names []string
	for _, id := range ev.Recipients {
		i := slices.IndexFunc(people, func(x domain.Person) bool { return x.ID == id })
		if id == a.ID || i < 0 || slices.Contains(ids, id) {
			continue
		}
		ids, names = append(ids, id), append(names, people[i].Name)
	}
	if len(ids) == 0 {
		return nil
	}
	ev.Recipients, ev.RecipientNames = ids, names
	// An entry about a confidential item keeps neither its title nor the
	// text: the row outlives who may see the item (a backup, a later
	// change of its insiders), and the link is enough for an insider.
	title, excerpt := ev.Title, domain.Excerpt(ev.Text)
	if ev.Confidential {
		title, excerpt = domain.ConfidentialLabel, ""
	}
	entries := make([]domain.InboxEntry, len(ids))
	for i, id := range ids {
		entries[i] = domain.InboxEntry{PersonID: id, Kind: ev.Kind, EntityType: ev.EntityType, EntityID: ev.EntityID,
			Title: title, ActorID: a.ID, ActorName: a.Name, CommentID: ev.CommentID, Excerpt: excerpt, At: ev.At}
	}
	if err := n.tx.AddInboxEntries(ctx, entries); err != nil {
		return err
	}
	n.events = append(n.events, ev)
	return nil
}

// confidentialRecord reports whether the communication or campaign is
// confidential; one that cannot be read counts as confidential, so a
// notice never tells more than it may.
func confidentialRecord(ctx context.Context, tx store.Store, entity, id string) bool {
	switch entity {
	case domain.ThreadCommunication:
		c, err := tx.GetCommunication(ctx, id)
		return err != nil || c.Confidential
	case domain.ThreadCampaign:
		c, err := tx.GetCampaign(ctx, id)
		return err != nil || c.Confidential
	}
	return true
}

// notifyingTx runs fn in one transaction with the Notices of its events:
// their inbox entries commit or roll back with fn's writes, and the
// publisher gets them only after the commit. Every use case that tells
// people something (comments, review requests and decisions) goes through
// it.
func (p *Plan) notifyingTx(ctx context.Context, fn func(tx store.Store, n *Notices) error) error {
	var n *Notices
	err := p.st.InTx(ctx, func(tx store.Store) error {
		n = &Notices{p: p, tx: tx}
		return fn(tx, n)
	})
	if err != nil || p.pub == nil {
		return err
	}
	for _, ev := range n.events {
		p.pub.Publish(context.WithoutCancel(ctx), ev)
	}
	return nil
}

// InboxPage is a person's inbox: the newest entries and the unread count.
type InboxPage struct {
	Entries []domain.InboxEntry `json:"entries"`
	Unread  int                 `json:"unread"`
}

// InboxLimit is the most entries Inbox answers.
const InboxLimit = 200

// Inbox reads the acting person's inbox, newest first. The shared identity
// and the command line are no person: their inbox is empty.
func (p *Plan) Inbox(ctx context.Context) (InboxPage, error) {
	a, err := actor.Require(ctx, actor.PlanRead)
	if err != nil {
		return InboxPage{}, err
	}
	page := InboxPage{Entries: []domain.InboxEntry{}}
	if !isPerson(a) {
		return page, nil
	}
	if page.Entries, err = p.st.ListInbox(ctx, a.ID, InboxLimit); err != nil {
		return page, err
	}
	page.Unread, err = p.st.UnreadInbox(ctx, a.ID)
	return page, err
}

// MarkInboxRead marks the acting person's entries ids read (all when ids
// is empty) and answers the unread count after.
func (p *Plan) MarkInboxRead(ctx context.Context, ids []string) (int, error) {
	a, err := actor.Require(ctx, actor.PlanRead)
	if err != nil || !isPerson(a) {
		return 0, err
	}
	if _, err := p.st.MarkInboxRead(ctx, a.ID, ids); err != nil {
		return 0, err
	}
	return p.st.UnreadInbox(ctx, a.ID)
}

// isPerson reports whether a is a named person, not the shared identity or
// the command line.
func isPerson(a actor.Actor) bool {
	return a.ID != actor.SharedID && a.ID != actor.Terminal.ID && a.ID != ""
}

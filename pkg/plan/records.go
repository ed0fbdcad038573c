package plan

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// Kind is one kind of record the generic use cases (Create, Update,
// Delete) change: its store calls and, when it has any, the rules that
// need the store. The kinds are the package's variables (Themes,
// Communications, ...).
type Kind[T any] struct {
	get    func(store.Store, context.Context, string) (T, error)
	create func(store.Store, context.Context, *T) error
	update func(store.Store, context.Context, *T) error
	delete func(store.Store, context.Context, string) error
	// check runs in the write's transaction; before is nil on create.
	check func(ctx context.Context, tx store.Store, rec, before *T) error
	// after runs in the write's transaction once the record is stored
	// (before is nil on create); an error rolls the write back.
	after func(ctx context.Context, p *Plan, tx store.Store, rec, before *T) error
}

// The kinds of record with generic writes.
var (
	Themes              = Kind[domain.Theme]{store.Store.GetTheme, store.Store.CreateTheme, store.Store.UpdateTheme, store.Store.DeleteTheme, nil, nil}
	Questions           = Kind[domain.Question]{store.Store.GetQuestion, store.Store.CreateQuestion, store.Store.UpdateQuestion, store.Store.DeleteQuestion, nil, nil}
	Contents            = Kind[domain.Content]{store.Store.GetContent, store.Store.CreateContent, store.Store.UpdateContent, store.Store.DeleteContent, nil, nil}
	Audiences           = Kind[domain.Audience]{store.Store.GetAudience, store.Store.CreateAudience, store.Store.UpdateAudience, store.Store.DeleteAudience, nil, nil}
	Vehicles            = Kind[domain.Vehicle]{store.Store.GetVehicle, store.Store.CreateVehicle, store.Store.UpdateVehicle, store.Store.DeleteVehicle, nil, nil}
	Blackouts           = Kind[domain.Blackout]{store.Store.GetBlackout, store.Store.CreateBlackout, store.Store.UpdateBlackout, store.Store.DeleteBlackout, nil, nil}
	NewsletterTemplates = Kind[domain.NewsletterTemplate]{store.Store.GetNewsletterTemplate, store.Store.CreateNewsletterTemplate,
		store.Store.UpdateNewsletterTemplate, store.Store.DeleteNewsletterTemplate, nil, nil}
	Communications = Kind[domain.Communication]{store.Store.GetCommunication, store.Store.CreateCommunication,
		store.Store.UpdateCommunication, store.Store.DeleteCommunication,
		func(ctx context.Context, tx store.Store, c, before *domain.Communication) error {
			if err := keepsSight(ctx, "confidentiality", c.Confidentiality != "" && (before == nil || before.Confidentiality == "")); err != nil {
				return err
			}
			return refCache{}.check(ctx, tx, c, before, "")
		}, communicationWritten}
	Campaigns          = Kind[domain.Campaign]{get: store.Store.GetCampaign, delete: store.Store.DeleteCampaign}
	ChecklistTemplates = Kind[domain.ChecklistTemplate]{get: store.Store.GetChecklistTemplate, delete: store.Store.DeleteChecklistTemplate}
	CalendarFeeds      = Kind[domain.CalendarFeed]{get: store.Store.GetCalendarFeed, delete: deleteFeed}
)

// communicationWritten is a communication write's review rules: an edit
// of what an approval covers resets it, and with review.required nothing
// becomes scheduled unapproved.
func communicationWritten(ctx context.Context, p *Plan, tx store.Store, c, before *domain.Communication) error {
	if before != nil {
		r, err := p.editReview(ctx, tx, ReviewCommunication, c.ID, c.Title, review.Communication(*c))
		if err != nil {
			return err
		}
		c.Review = r
	}
	return p.checkScheduling(c, before, "status")
}

// validator is a record with its domain rules; Validate also fills the
// spec's defaults.
type validator[T any] interface {
	*T
	Validate() error
}

// Create stores a new record: build makes it from the zero record (a
// front end merges its input there), then the record's rules and the
// kind's store rules run, all in one transaction.
func Create[T any, P validator[T]](ctx context.Context, p *Plan, k Kind[T], build func(T) (T, error)) (T, error) {
	var rec T
	if _, err := acting(ctx); err != nil {
		return rec, err
	}
	rec, err := build(rec)
	if err != nil {
		return rec, err
	}
	if err := P(&rec).Validate(); err != nil {
		return rec, err
	}
	err = p.st.InTx(ctx, func(tx store.Store) error {
		if k.check != nil {
			if err := k.check(ctx, tx, &rec, nil); err != nil {
				return err
			}
		}
		if err := k.create(tx, changed(ctx, nil, rec), &rec); err != nil {
			return err
		}
		if k.after != nil {
			return k.after(ctx, p, tx, &rec, nil)
		}
		return nil
	})
	return rec, err
}

// Update changes the record id: change merges the front end's input into
// the stored record, then the rules run and the record is stored, all in
// one transaction.
func Update[T any, P validator[T]](ctx context.Context, p *Plan, k Kind[T], id string, change func(T) (T, error)) (T, error) {
	var rec T
	if _, err := acting(ctx); err != nil {
		return rec, err
	}
	err := p.st.InTx(ctx, func(tx store.Store) error {
		before, err := k.get(tx, ctx, id)
		if err != nil {
			return err
		}
		if rec, err = change(before); err != nil {
			return err
		}
		if err := P(&rec).Validate(); err != nil {
			return err
		}
		if k.check != nil {
			if err := k.check(ctx, tx, &rec, &before); err != nil {
				return err
			}
		}
		if err := k.update(tx, changed(ctx, before, rec), &rec); err != nil {
			return err
		}
		if k.after != nil {
			return k.after(ctx, p, tx, &rec, &before)
		}
		return nil
	})
	return rec, err
}

// Delete removes the record id; store.ErrNotFound when there is none. Its
// audit entry lists the fields the record had.
func Delete[T any](ctx context.Context, p *Plan, k Kind[T], id string) error {
	if _, err := acting(ctx); err != nil {
		return err
	}
	return p.st.InTx(ctx, func(tx store.Store) error {
		before, err := k.get(tx, ctx, id)
		if err != nil {
			return err
		}
		return k.delete(tx, changed(ctx, before, nil), id)
	})
}

// ReorderQuestions sets the sort order of questions of one theme and
// answers the theme's questions in their new order.
func (p *Plan) ReorderQuestions(ctx context.Context, themeID string, orders []domain.QuestionOrder) ([]domain.Question, error) {
	if _, err := acting(ctx); err != nil {
		return nil, err
	}
	f := domain.FieldErrors{}
	if themeID == "" {
		f["themeId"] = "is required"
	}
	if len(orders) == 0 {
		f["questionOrders"] = "must list at least one question"
	}
	for _, o := range orders {
		if o.ID == "" {
			f["questionOrders"] = "every entry needs an id"
		}
	}
	if len(f) > 0 {
		return nil, f
	}
	err := p.st.InTx(ctx, func(tx store.Store) error {
		// The entry lists each moved question's order, before and after.
		qs, err := tx.ListQuestions(ctx, store.QuestionFilter{ThemeID: themeID})
		if err != nil {
			return err
		}
		was := make(map[string]int, len(qs))
		for _, q := range qs {
			was[q.ID] = q.SortOrder
		}
		diff := store.Changes{}
		for _, o := range orders {
			if old, ok := was[o.ID]; !ok || old != o.SortOrder {
				diff[o.ID] = store.Change{Before: was[o.ID], After: o.SortOrder}
			}
		}
		if len(diff) > 0 {
			ctx = store.WithChanges(ctx, diff)
		}
		return tx.ReorderQuestions(ctx, themeID, orders)
	})
	if err != nil {
		return nil, err
	}
	return p.st.ListQuestions(ctx, store.QuestionFilter{ThemeID: themeID})
}

// createBatch stores new communications in one write, each with its audit
// entry listing the fields it set; callers are in a transaction.
func createBatch(ctx context.Context, tx store.Store, cs []*domain.Communication) error {
	diffs := make([]store.Changes, len(cs))
	for i, c := range cs {
		diffs[i] = store.Diff(nil, *c)
	}
	return tx.CreateCommunications(store.WithBatchChanges(ctx, diffs), cs)
}

// MaxBatch is the most communications one batch create takes.
const MaxBatch = 1000

// CreateCommunications stores a batch of communications imported from
// campaign activities, in one transaction or not at all. An item without a
// status is scheduled (spec 02 §4: imported activities start scheduled),
// unless it has no date to be scheduled on (then a draft, as before); a
// status it gives wins. Every item's problems are named
// communications[i].field. An item whose (sourceCampaignId,
// sourceActivityId) already has a communication, stored or earlier in the
// batch, is skipped, so sending the same activities twice creates nothing
// the second time; the answer lists only the created ones.
func (p *Plan) CreateCommunications(ctx context.Context, items []domain.Communication) ([]domain.Communication, error) {
	if _, err := acting(ctx); err != nil {
		return nil, err
	}
	if n := len(items); n < 1 || n > MaxBatch {
		return nil, Invalid("communications", fmt.Sprintf("must list 1 to %d communications (got %d)", MaxBatch, n))
	}
	f := domain.FieldErrors{}
	recs := make([]*domain.Communication, len(items))
	for i := range items {
		c := items[i]
		if strings.TrimSpace(c.Status) == "" && strings.TrimSpace(c.ScheduledDate) != "" {
			c.Status = domain.StatusScheduled
		}
		if strings.TrimSpace(c.SourceActivityID) != "" && strings.TrimSpace(c.SourceCampaignID) == "" {
			f[fmt.Sprintf("communications[%d].sourceCampaignId", i)] = "is required with sourceActivityId"
			continue
		}
		var fields domain.FieldErrors
		if err := c.Validate(); errors.As(err, &fields) {
			for k, v := range fields {
				f[fmt.Sprintf("communications[%d].%s", i, k)] = v
			}
		} else if err != nil {
			return nil, err
		}
		recs[i] = &c
	}
	if len(f) > 0 {
		return nil, f
	}
	var fresh []*domain.Communication
	var at []int // fresh[k] is item at[k]
	err := p.st.InTx(ctx, func(tx store.Store) error {
		known := refCache{}
		for i, c := range recs {
			if err := known.check(ctx, tx, c, nil, fmt.Sprintf("communications[%d].", i)); err != nil {
				return err
			}
		}
		var campaigns []string
		for _, c := range recs {
			if c.SourceActivityID != "" {
				campaigns = append(campaigns, c.SourceCampaignID)
			}
		}
		done, err := importedActivities(ctx, tx, campaigns)
		if err != nil {
			return err
		}
		for i, c := range recs {
			key := [2]string{c.SourceCampaignID, c.SourceActivityID}
			if c.SourceActivityID != "" && done[key] {
				continue
			}
			done[key] = c.SourceActivityID != ""
			fresh, at = append(fresh, c), append(at, i)
		}
		if len(fresh) == 0 {
			return nil
		}
		if err := p.newReviews(ctx, tx, fresh, nil, func(k int) string { return fmt.Sprintf("communications[%d].status", at[k]) }); err != nil {
			return err
		}
		if err := renumber(createBatch(ctx, tx, fresh), at); err != nil {
			return err
		}
		return p.createdReviews(ctx, tx, fresh)
	})
	if err != nil {
		return nil, err
	}
	out := make([]domain.Communication, len(fresh))
	for i, c := range fresh {
		out[i] = *c
	}
	return out, nil
}

// renumber names a reference error of the k-th stored item after the
// batch's item at[k], since skipped items are not sent to the store.
func renumber(err error, at []int) error {
	var ref *store.ReferenceError
	if !errors.As(err, &ref) {
		return err
	}
	var k int
	var rest string
	if n, _ := fmt.Sscanf(ref.Field, "communications[%d]%s", &k, &rest); n == 2 && k >= 0 && k < len(at) {
		return &store.ReferenceError{Field: fmt.Sprintf("communications[%d]%s", at[k], rest)}
	}
	return err
}

// refCache remembers which question and content ids exist, so a batch looks
// each up once.
type refCache map[string]bool

// check makes sure every selected question, the final content and the
// source campaign that c names (beyond those before already named) exist
// for the actor; otherwise it is a
// *store.ReferenceError on prefix+field. The store keeps these as plain
// ids, with no foreign key to catch them, so a question deleted since it
// was chosen does not block editing the title.
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
	// The source campaign is read in the actor's view: one they may not see
	// is refused as one that does not exist, since the communication would
	// take its scope and vanish from them, and a different answer would
	// tell them it exists.
	if id := c.SourceCampaignID; id != "" && (before == nil || before.SourceCampaignID != id) {
		if err := known.exists("campaign:"+id, func() error { _, err := st.GetCampaign(ctx, id); return err }); err != nil {
			return refError(err, prefix+"sourceCampaignId")
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

// CreateCalendarFeed stores a calendar feed with a new token and answers
// the feed and its token, which is shown this once: only its hash is kept.
// A feed with IncludeConfidential needs an actor who may decide reviews
// (approver or admin).
func (p *Plan) CreateCalendarFeed(ctx context.Context, build func(domain.CalendarFeed) (domain.CalendarFeed, error)) (domain.CalendarFeed, string, error) {
	who, err := acting(ctx)
	if err != nil {
		return domain.CalendarFeed{}, "", err
	}
	f, err := build(domain.CalendarFeed{})
	if err != nil {
		return f, "", err
	}
	if err := f.Validate(); err != nil {
		return f, "", err
	}
	// A feed that publishes confidential activities is an approver's or an
	// admin's decision, the roles that decide reviews.
	if f.IncludeConfidential && !who.Can(actor.ReviewsDecide) {
		return f, "", &actor.DeniedError{Permission: actor.ReviewsDecide, Role: who.Role}
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return f, "", err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	f.OwnerID, f.OwnerName = who.ID, who.Name
	if err := p.st.CreateCalendarFeed(changed(ctx, nil, f), &f, FeedTokenHash(token)); err != nil {
		return f, "", err
	}
	return f, token, nil
}

// deleteFeed revokes a calendar feed: the actor's own, one without an
// owner, or, with actor.FeedsManage (admins), anyone's.
func deleteFeed(st store.Store, ctx context.Context, id string) error {
	who, err := acting(ctx)
	if err != nil {
		return err
	}
	return st.InTx(ctx, func(tx store.Store) error {
		f, err := tx.GetCalendarFeed(ctx, id)
		if err != nil {
			return err
		}
		if f.OwnerID != "" && f.OwnerID != who.ID && !who.Can(actor.FeedsManage) {
			return &actor.DeniedError{Permission: actor.FeedsManage, Role: who.Role}
		}
		return tx.DeleteCalendarFeed(ctx, id)
	})
}

// FeedTokenHash is what is stored for a feed's token: the hex SHA-256 of
// its text. The token holds 256 random bits, so a fast hash is enough.
func FeedTokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// GenerateContent generates content for the stored communication id
// (assembly.GenerateCommunication) and stores it as an edit of the
// communication: an approval the new content no longer matches is reset,
// as any edit's.
func (p *Plan) GenerateContent(ctx context.Context, gen compose.Generator, id string, g assembly.Generation) (compose.Result, error) {
	if _, err := acting(ctx); err != nil {
		return compose.Result{}, err
	}
	out, err := assembly.GenerateCommunication(ctx, p.st, gen, id, g)
	if err != nil {
		return out.Result, err
	}
	return out.Result, p.st.InTx(ctx, func(tx store.Store) error {
		c, err := tx.GetCommunication(ctx, id)
		if err != nil {
			return err
		}
		before := c
		out.Apply(&c)
		// A plugin's answer is checked like any input before it is stored.
		if err := c.Validate(); err != nil {
			return err
		}
		return p.writeCommunication(ctx, tx, before, &c)
	})
}

// CheckContent runs the draft checker on a communication's edited piece
// (assembly.CheckCommunication); it writes nothing.
func (p *Plan) CheckContent(ctx context.Context, id string, ck assembly.Checking) ([]compose.Finding, error) {
	if _, err := acting(ctx); err != nil {
		return nil, err
	}
	return assembly.CheckCommunication(ctx, p.st, id, ck)
}

// SaveToLibrary saves a communication's generated content to the library
// (assembly.SaveToLibrary); the communication's change (its final piece,
// an edited text) is an edit that resets an approval it no longer matches.
func (p *Plan) SaveToLibrary(ctx context.Context, save assembly.Save) (domain.Content, error) {
	if _, err := acting(ctx); err != nil {
		return domain.Content{}, err
	}
	if err := save.Check(); err != nil {
		return domain.Content{}, err
	}
	var piece domain.Content
	err := p.st.InTx(ctx, func(tx store.Store) error {
		var err error
		piece, err = p.saveToLibrary(ctx, tx, save)
		return err
	})
	return piece, err
}

// saveToLibrary stores the piece assembly.LibraryPiece prepares and sets
// the communication's finalContentId, in tx.
func (p *Plan) saveToLibrary(ctx context.Context, tx store.Store, save assembly.Save) (domain.Content, error) {
	before, err := tx.GetCommunication(ctx, save.CommunicationID)
	if err != nil {
		return domain.Content{}, err
	}
	piece, c, err := assembly.LibraryPiece(ctx, tx, before, save)
	if err != nil {
		return piece, err
	}
	if err := tx.CreateContent(changed(ctx, nil, piece), &piece); err != nil {
		return piece, err
	}
	c.FinalContentID = piece.ID
	return piece, p.writeCommunication(ctx, tx, before, &c)
}

// writeCommunication stores an edit of c in tx as Update does: the diff in
// its audit entry, then the review rules (communicationWritten).
func (p *Plan) writeCommunication(ctx context.Context, tx store.Store, before domain.Communication, c *domain.Communication) error {
	if err := tx.UpdateCommunication(changed(ctx, before, *c), c); err != nil {
		return err
	}
	return communicationWritten(ctx, p, tx, c, &before)
}

// SaveDraftToLibrary creates a draft communication holding generated
// content and saves that content to the library (assembly.SaveToLibrary),
// in one transaction: what the Assembly wizard does in two calls, "content
// generate --save" does in one. It answers the stored communication and
// the new content piece.
func (p *Plan) SaveDraftToLibrary(ctx context.Context, draft domain.Communication, save assembly.Save) (domain.Communication, domain.Content, error) {
	var piece domain.Content
	if _, err := acting(ctx); err != nil {
		return draft, piece, err
	}
	if draft.Status == "" {
		draft.Status = domain.StatusDraft
	}
	if err := draft.Validate(); err != nil {
		return draft, piece, err
	}
	err := p.st.InTx(ctx, func(tx store.Store) error {
		if err := (refCache{}).check(ctx, tx, &draft, nil, ""); err != nil {
			return err
		}
		if err := tx.CreateCommunication(changed(ctx, nil, draft), &draft); err != nil {
			return err
		}
		save.CommunicationID = draft.ID
		var err error
		piece, err = p.saveToLibrary(ctx, tx, save)
		return err
	})
	return draft, piece, err
}

package plan

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// The entities that have a review.
const (
	ReviewCommunication = "communication"
	ReviewCampaign      = "campaign"
)

// The audit actions of a review; each is also a ReviewEvent's Kind.
const (
	ActionReviewRequested        = "review_requested"
	ActionReviewApproved         = "review_approved"
	ActionReviewChangesRequested = "review_changes_requested"
	ActionReviewReset            = "review_reset"
)

// MsgNeedsApproval is the refusal to schedule an unapproved communication
// while review.required is on.
const MsgNeedsApproval = "This communication needs approval before it can be scheduled"

// ApprovalError is MsgNeedsApproval: Field names the request field
// ("status", or "communications[3].status" in a batch). The API answers 409.
type ApprovalError struct {
	Field string
}

func (e *ApprovalError) Error() string { return MsgNeedsApproval }

// reviewStep is one step of a review, as recorded in the audit trail:
// what happened (kind, one of the Action* constants), to what, and the
// review after it. comment is a decision's comment.
type reviewStep struct {
	kind, entity, id, title string
	review                  domain.Review
	comment                 string
}

// WithReview returns p with the team's review policy (review.required,
// review.approvals, review.allow-self-approval).
func (p *Plan) WithReview(pol review.Policy) *Plan {
	q := *p
	q.policy = pol
	return &q
}

// ReviewPolicy is the policy p applies.
func (p *Plan) ReviewPolicy() review.Policy { return p.policy }

// reviewed records a step in the audit trail, with the state change and
// the comment; tx is the write's transaction. A request also records whom
// it asks, by name (an empty list: any approver), and its due date, so
// the History says who was asked without looking anyone up.
func reviewed(ctx context.Context, tx store.Store, st reviewStep, before string) error {
	ch := store.Changes{"reviewState": {Before: before, After: st.review.State}}
	if st.comment != "" {
		ch["comment"] = store.Change{After: st.comment}
	}
	if st.kind == ActionReviewRequested {
		names := []string{}
		for _, a := range st.review.Approvers {
			names = append(names, a.Name)
		}
		ch["approvers"] = store.Change{After: names}
		if st.review.DueDate != "" {
			ch["dueDate"] = store.Change{After: st.review.DueDate}
		}
	}
	return tx.Audit(store.WithChanges(ctx, ch), st.kind, st.entity, st.id, st.title)
}

// reviewers are whom a request tells: its named approvers, else everyone
// whose role may decide reviews.
func reviewers(ctx context.Context, tx store.Store, r domain.Review) ([]string, error) {
	var ids []string
	for _, a := range r.Approvers {
		ids = append(ids, a.ID)
	}
	if len(ids) > 0 {
		return ids, nil
	}
	people, err := tx.ListPeople(ctx)
	if err != nil {
		return nil, err
	}
	for _, x := range people {
		if (actor.Actor{Role: actor.Role(x.Role)}).Can(actor.ReviewsDecide) {
			ids = append(ids, x.ID)
		}
	}
	return ids, nil
}

// person is who as the review engine sees them.
func person(who actor.Actor) review.Person {
	return review.Person{ID: who.ID, Name: who.Name, CanDecide: who.Can(actor.ReviewsDecide), Shared: who.ID == actor.SharedID}
}

// reviewed item: its title and fingerprint now.
func reviewSubject(ctx context.Context, tx store.Store, entity, id string) (title, fingerprint string, err error) {
	switch entity {
	case ReviewCommunication:
		c, err := tx.GetCommunication(ctx, id)
		return c.Title, review.Communication(c), err
	case ReviewCampaign:
		c, err := tx.GetCampaign(ctx, id)
		return c.Title, review.Campaign(c), err
	}
	return "", "", store.ErrNotFound
}

// RequestReview asks for the review of a communication or campaign
// (entity ReviewCommunication or ReviewCampaign): approvers are person ids
// (none: any approver), each someone whose role may decide reviews;
// dueDate is YYYY-MM-DD or empty. It starts a new round in any state.
func (p *Plan) RequestReview(ctx context.Context, entity, id string, approvers []string, dueDate string) (domain.Review, error) {
	if approvers == nil {
		approvers = []string{}
	}
	return p.AskReview(ctx, entity, id, ReviewAsk{Approvers: approvers, DueDate: &dueDate})
}

// ReviewAsk is what a review request names. A nil field keeps the previous
// round's value, so a re-request ("Request review again") asks the same
// people by the same day unless it says otherwise; an empty, non-nil
// Approvers means any approver, an empty DueDate none.
type ReviewAsk struct {
	// Approvers are person ids, each someone whose role may decide reviews.
	Approvers []string
	// DueDate is YYYY-MM-DD or "".
	DueDate *string
}

// AskReview is RequestReview with ask's nil fields kept from the previous
// round: the POST body's absent approvers and dueDate.
func (p *Plan) AskReview(ctx context.Context, entity, id string, ask ReviewAsk) (domain.Review, error) {
	var out domain.Review
	who, err := acting(ctx)
	if err != nil {
		return out, err
	}
	if ask.DueDate != nil {
		due := strings.TrimSpace(*ask.DueDate)
		if due != "" {
			if _, err := time.Parse(time.DateOnly, due); err != nil {
				return out, Invalid("dueDate", "must be a date (YYYY-MM-DD)")
			}
		}
		ask.DueDate = &due
	}
	err = p.notifyingTx(ctx, func(tx store.Store, n *Notices) error {
		r, err := tx.LockReview(ctx, entity, id)
		if err != nil {
			return err
		}
		approvers, dueDate := ask.Approvers, r.DueDate
		if approvers == nil {
			for _, a := range r.Approvers {
				approvers = append(approvers, a.ID)
			}
		}
		if ask.DueDate != nil {
			dueDate = *ask.DueDate
		}
		refs, err := approverRefs(ctx, tx, approvers)
		if err != nil {
			return err
		}
		title, fp, err := reviewSubject(ctx, tx, entity, id)
		if err != nil {
			return err
		}
		before := r.State
		out = review.Request(r, person(who), refs, dueDate, fp, p.now())
		if err := tx.SetReview(ctx, entity, id, out); err != nil {
			return err
		}
		if err := reviewed(ctx, tx, reviewStep{kind: ActionReviewRequested, entity: entity, id: id, title: title, review: out}, before); err != nil {
			return err
		}
		to, err := reviewers(ctx, tx, out)
		if err != nil {
			return err
		}
		// The new round's notice supersedes the earlier rounds' ones.
		if _, err := tx.ResolveInbox(ctx, domain.InboxReviewRequested, entity, id, nil); err != nil {
			return err
		}
		return n.Add(ctx, Event{Kind: domain.InboxReviewRequested, EntityType: entity, EntityID: id, Title: title, Recipients: to})
	})
	return out, err
}

// approverRefs checks the approvers' ids: each a person who may decide
// reviews, named once.
func approverRefs(ctx context.Context, tx store.Store, ids []string) ([]domain.Ref, error) {
	refs := []domain.Ref{}
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if slices.ContainsFunc(refs, func(r domain.Ref) bool { return r.ID == id }) {
			continue
		}
		pr, err := tx.GetPerson(ctx, id)
		if errors.Is(err, store.ErrNotFound) || id == "" {
			return nil, Invalid("approvers", "names an unknown person ("+id+")")
		}
		if err != nil {
			return nil, err
		}
		if !(actor.Actor{Role: actor.Role(pr.Role)}).Can(actor.ReviewsDecide) {
			return nil, Invalid("approvers", "names "+pr.Name+", whose role ("+pr.Role+") may not decide reviews")
		}
		refs = append(refs, domain.Ref{ID: pr.ID, Name: pr.Name})
	}
	return refs, nil
}

// DecideReview records the acting approver's decision (review.Approve or
// review.RequestChanges) with its comment. The refusals are
// *review.Error; the decision and its audit entry are one transaction in
// which the review's row is locked, so concurrent decisions all count.
func (p *Plan) DecideReview(ctx context.Context, entity, id, decision, comment string) (domain.Review, error) {
	var out domain.Review
	who, err := actor.Require(ctx, actor.ReviewsDecide)
	if err != nil {
		return out, err
	}
	err = p.notifyingTx(ctx, func(tx store.Store, n *Notices) error {
		r, err := tx.LockReview(ctx, entity, id)
		if err != nil {
			return err
		}
		title, _, err := reviewSubject(ctx, tx, entity, id)
		if err != nil {
			return err
		}
		if out, err = review.Decide(r, p.policy, person(who), decision, comment, p.now()); err != nil {
			return err
		}
		if err := tx.SetReview(ctx, entity, id, out); err != nil {
			return err
		}
		kind, inbox := ActionReviewApproved, domain.InboxApproved
		if decision == review.RequestChanges {
			kind, inbox = ActionReviewChangesRequested, domain.InboxChangesRequested
		}
		comment = strings.TrimSpace(comment)
		if err := reviewed(ctx, tx, reviewStep{kind: kind, entity: entity, id: id, title: title, review: out, comment: comment}, r.State); err != nil {
			return err
		}
		if comment != "" {
			if err := p.decisionComment(ctx, tx, n, who, entity, id, comment); err != nil {
				return err
			}
		}
		if err := resolveRequests(ctx, tx, entity, id, who.ID, out); err != nil {
			return err
		}
		if out.RequestedBy == nil {
			return nil
		}
		return n.Add(ctx, Event{Kind: inbox, EntityType: entity, EntityID: id, Title: title, Recipients: []string{out.RequestedBy.ID}, Text: comment})
	})
	return out, err
}

// resolveRequests clears the review-request notices whose work a decision
// did: the decider's own, and everyone's once the round is decided (no
// longer requested), as an inbox clears itself when the work is done.
func resolveRequests(ctx context.Context, tx store.Store, entity, id, decider string, r domain.Review) error {
	var whose []string
	if r.State == domain.ReviewRequested {
		whose = []string{decider}
	}
	_, err := tx.ResolveInbox(ctx, domain.InboxReviewRequested, entity, id, whose)
	return err
}

// decisionComment writes a decision's comment in the record's thread as
// the decider, in the decision's transaction, so its mentions reach the
// inbox like any comment's; bad text is bad input naming comment.
func (p *Plan) decisionComment(ctx context.Context, tx store.Store, n *Notices, who actor.Actor, entity, id, text string) error {
	c := domain.Comment{EntityType: entity, EntityID: id, Text: text, AuthorID: who.ID, AuthorName: who.Name, CreatedAt: p.now().UTC()}
	if err := c.Validate(); err != nil {
		var fe domain.FieldErrors
		if errors.As(err, &fe) {
			return domain.FieldErrors{"comment": fe["text"]}
		}
		return err
	}
	return writeComment(ctx, tx, n, &c, "comment")
}

// editReview is an edit's effect on the review of entity id: the review
// under its row's lock follows fp, and an approval that no longer covers
// the fields is reset, recorded and told. Callers are in the edit's
// transaction; it answers the review after the edit.
func (p *Plan) editReview(ctx context.Context, tx store.Store, entity, id, title, fp string) (domain.Review, error) {
	who, err := acting(ctx)
	if err != nil {
		return domain.Review{}, err
	}
	r, err := tx.LockReview(ctx, entity, id)
	if err != nil {
		return r, err
	}
	next, reset := review.Edited(r, person(who), fp, p.now())
	if next.Fingerprint == r.Fingerprint && !reset {
		return r, nil
	}
	if err := tx.SetReview(ctx, entity, id, next); err != nil {
		return next, err
	}
	if !reset {
		return next, nil
	}
	return next, reviewed(ctx, tx, reviewStep{kind: ActionReviewReset, entity: entity, id: id, title: title, review: next}, r.State)
}

// checkScheduling refuses c becoming scheduled (it was not, before is nil
// or another status) without the approval p's policy requires.
func (p *Plan) checkScheduling(c *domain.Communication, before *domain.Communication, field string) error {
	if c.Status != domain.StatusScheduled || (before != nil && before.Status == domain.StatusScheduled) {
		return nil
	}
	if review.Ready(c.Review, p.policy) {
		return nil
	}
	return &ApprovalError{Field: field}
}

// Reviews lists the communications and campaigns whose review is not none,
// for "review list": with mine, only those the acting person may decide now.
func (p *Plan) Reviews(ctx context.Context, mine bool) ([]ReviewItem, error) {
	who, err := actor.From(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := p.st.ListReviewed(ctx)
	if err != nil {
		return nil, err
	}
	var out []ReviewItem
	for _, r := range rows {
		keep := r.Review.State != domain.ReviewNone
		if mine {
			keep = review.MayDecide(r.Review, p.policy, person(who))
		}
		if keep {
			out = append(out, ReviewItem{Entity: r.Entity, ID: r.ID, Title: r.Title, Review: r.Review})
		}
	}
	slices.SortStableFunc(out, func(a, b ReviewItem) int { return a.Review.RequestedAt.Compare(b.Review.RequestedAt) })
	return out, nil
}

// MyReviewCommunicationIDs lists the ids of the communications the acting
// person may decide now: Reviews(mine)'s communications, never nil.
func (p *Plan) MyReviewCommunicationIDs(ctx context.Context) ([]string, error) {
	items, err := p.Reviews(ctx, true)
	if err != nil {
		return nil, err
	}
	ids := []string{}
	for _, it := range items {
		if it.Entity == ReviewCommunication {
			ids = append(ids, it.ID)
		}
	}
	return ids, nil
}

// ReviewItem is one reviewed communication or campaign.
type ReviewItem struct {
	Entity string        `json:"entity"`
	ID     string        `json:"id"`
	Title  string        `json:"title"`
	Review domain.Review `json:"review"`
}

// FindReviewed finds what a review command names: a communication's or a
// campaign's id; store.ErrNotFound when neither has it.
func (p *Plan) FindReviewed(ctx context.Context, id string) (entity string, err error) {
	if _, err := p.st.GetCommunication(ctx, id); err == nil {
		return ReviewCommunication, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	if _, err := p.st.GetCampaign(ctx, id); err != nil {
		return "", err
	}
	return ReviewCampaign, nil
}

// ImportReview asks, with an import, for the review of every imported
// communication that its campaign's approval does not cover.
type ImportReview struct {
	// Approvers are person ids (none: any approver); DueDate YYYY-MM-DD.
	Approvers []string
	DueDate   string
}

// newReviews settles the reviews of communications about to be created
// (recs, whose item i is named field(i)): one imported from an activity of
// an approved campaign, and still matching it, is approved with it; with
// req the others are asked for review (as drafts when review.required is
// on, since they cannot be scheduled yet); then review.required refuses a
// scheduled one that is not approved. Callers are in the write's
// transaction.
func (p *Plan) newReviews(ctx context.Context, tx store.Store, recs []*domain.Communication, req *ImportReview, field func(int) string) error {
	who, err := acting(ctx)
	if err != nil {
		return err
	}
	var refs []domain.Ref
	if req != nil {
		due := strings.TrimSpace(req.DueDate)
		if due != "" {
			if _, err := time.Parse(time.DateOnly, due); err != nil {
				return Invalid("review.dueDate", "must be a date (YYYY-MM-DD)")
			}
		}
		req.DueDate = due
		if refs, err = approverRefs(ctx, tx, req.Approvers); err != nil {
			return err
		}
	}
	camps := map[string]*campaignActivities{}
	var to *approvedFor
	now := p.now()
	for i, c := range recs {
		c.Review = domain.Review{}
		if c.SourceActivityID != "" {
			ca, err := loadActivities(ctx, tx, camps, c.SourceCampaignID)
			if err != nil {
				return err
			}
			if a, ok := ca.activities[c.SourceActivityID]; ok && ca.campaign.Review.State == domain.ReviewApproved && matchesActivity(*c, a) {
				if to == nil {
					if to, err = loadApprovedFor(ctx, tx); err != nil {
						return err
					}
				}
				if to.covers(*c, a) {
					c.Review = review.Inherit(c.Review, ca.campaign.Review, review.Communication(*c))
				} else {
					// The campaign's approval was for another audience or
					// vehicle: the same approvers are asked again.
					camp := ca.campaign.Review
					c.Review = review.Request(c.Review, person(who), camp.Approvers, camp.DueDate, review.Communication(*c), now)
					if p.policy.Required && c.Status == domain.StatusScheduled {
						c.Status = domain.StatusDraft
					}
				}
			}
		}
		if req != nil && c.Review.State != domain.ReviewApproved {
			c.Review = review.Request(c.Review, person(who), refs, req.DueDate, review.Communication(*c), now)
			if p.policy.Required && c.Status == domain.StatusScheduled {
				c.Status = domain.StatusDraft
			}
		}
		if err := p.checkScheduling(c, nil, field(i)); err != nil {
			return err
		}
	}
	return nil
}

// createdReviews records the reviews newReviews gave the communications,
// now stored: an approval with the campaign, or a request, in the audit
// trail (not the inboxes: an import of fifty items sends no fifty notices).
func (p *Plan) createdReviews(ctx context.Context, tx store.Store, recs []*domain.Communication) error {
	for _, c := range recs {
		switch c.Review.State {
		case domain.ReviewApproved:
			ch := store.Changes{"reviewState": {Before: domain.ReviewNone, After: domain.ReviewApproved},
				"comment": {After: "Approved with its campaign"}}
			if err := tx.Audit(store.WithChanges(ctx, ch), ActionReviewApproved, ReviewCommunication, c.ID, c.Title); err != nil {
				return err
			}
		case domain.ReviewRequested:
			if err := reviewed(ctx, tx, reviewStep{kind: ActionReviewRequested, entity: ReviewCommunication, id: c.ID,
				title: c.Title, review: c.Review}, domain.ReviewNone); err != nil {
				return err
			}
		}
	}
	return nil
}

// campaignActivities is a stored campaign with its activities by id.
type campaignActivities struct {
	campaign   domain.Campaign
	activities map[string]campaign.Activity
}

func loadActivities(ctx context.Context, tx store.Store, seen map[string]*campaignActivities, id string) (*campaignActivities, error) {
	if ca, ok := seen[id]; ok {
		return ca, nil
	}
	ca := &campaignActivities{activities: map[string]campaign.Activity{}}
	seen[id] = ca
	c, err := tx.GetCampaign(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return ca, nil
	}
	if err != nil {
		return nil, err
	}
	ca.campaign = c
	var sched campaign.Schedule
	if json.Unmarshal(c.Schedule, &sched) == nil {
		for _, a := range sched.Activities {
			ca.activities[a.ID] = a
		}
	}
	return ca, nil
}

// matchesActivity: the communication still says what the approved activity
// said (title, description as content, the same day, nothing generated),
// so the campaign's approval covers it.
func matchesActivity(c domain.Communication, a campaign.Activity) bool {
	return c.Title == a.Title && c.RawContent == a.Description && c.GeneratedContent == "" && c.FinalContentID == "" &&
		review.Day(c.ScheduledDate) == review.Day(a.Date)
}

// approvedFor knows the stored audiences' names and vehicles' types, to
// tell whether a communication goes to whom and through what its campaign
// activity was approved for.
type approvedFor struct {
	audience map[string]string // id → audienceKey of its name
	channel  map[string]string // id → vehicle type
}

func loadApprovedFor(ctx context.Context, tx store.Store) (*approvedFor, error) {
	auds, err := tx.ListAudiences(ctx)
	if err != nil {
		return nil, err
	}
	vehs, err := tx.ListVehicles(ctx)
	if err != nil {
		return nil, err
	}
	to := &approvedFor{audience: map[string]string{}, channel: map[string]string{}}
	for _, a := range auds {
		to.audience[a.ID] = audienceKey(a.Name)
	}
	for _, v := range vehs {
		to.channel[v.ID] = v.Type
	}
	return to, nil
}

// covers says whether an approval of activity a covers c's audience and
// vehicle: the audience is the one a names (by name, as the import finds
// it without a mapping) and the vehicle, when c has one, of a's channel. An
// approval is for whom and through what it was given: a remapped audience
// or another vehicle needs one of its own.
func (to *approvedFor) covers(c domain.Communication, a campaign.Activity) bool {
	audience := ""
	if c.AudienceID != "" {
		var ok bool
		if audience, ok = to.audience[c.AudienceID]; !ok {
			return false
		}
	}
	if audience != audienceKey(a.Audience) {
		return false
	}
	return c.VehicleID == "" || to.channel[c.VehicleID] == a.Channel
}

// Approvers are the people whose role may decide reviews, by name: whom a
// request may name. Anyone who reads the plan may list them (names only).
func (p *Plan) Approvers(ctx context.Context) ([]domain.Ref, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return nil, err
	}
	people, err := p.st.ListPeople(ctx)
	if err != nil {
		return nil, err
	}
	out := []domain.Ref{}
	for _, x := range people {
		if (actor.Actor{Role: actor.Role(x.Role)}).Can(actor.ReviewsDecide) {
			out = append(out, domain.Ref{ID: x.ID, Name: x.Name})
		}
	}
	return out, nil
}

// Mentionable lists everyone a comment may mention, by name: every person
// (domain.Mentions resolves a mention against them all), for the comment
// box's @-picker. Any reader may ask: the names are those the threads show.
func (p *Plan) Mentionable(ctx context.Context) ([]domain.Ref, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return nil, err
	}
	people, err := p.st.ListPeople(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]domain.Ref, 0, len(people))
	for _, x := range people {
		out = append(out, domain.Ref{ID: x.ID, Name: x.Name})
	}
	slices.SortStableFunc(out, func(a, b domain.Ref) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out, nil
}

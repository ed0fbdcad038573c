// Package review holds the rules of a review: the state a request, a
// decision or an edit leaves a domain.Review in, and the fingerprint of
// what an approval covers. It does no I/O: pkg/plan loads the review,
// calls these rules and stores the result in one transaction.
package review

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Policy is the team's review settings.
type Policy struct {
	// Required: a communication becomes scheduled only when approved.
	Required bool
	// Approvals is how many distinct approvers must approve (at least 1).
	Approvals int
	// AllowSelfApproval lets the person who asked approve.
	AllowSelfApproval bool
}

// approvals is the number of approvals p needs.
func (p Policy) approvals() int { return max(p.Approvals, 1) }

// Decisions an approver may take.
const (
	Approve        = domain.ReviewApproved
	RequestChanges = domain.ReviewChangesRequested
)

// Person is who requests, edits or decides: CanDecide is the
// reviews.decide permission of their role; Shared is the shared identity
// (whoever holds a shared code), which never decides.
type Person struct {
	ID, Name  string
	CanDecide bool
	Shared    bool
}

func (p Person) ref() domain.Ref { return domain.Ref{ID: p.ID, Name: p.Name} }

// Refusals of the rules. The front ends name the field from Error.Field.
var (
	// ErrNotUnderReview: a decision on an item whose state is not requested.
	ErrNotUnderReview = errors.New("not under review")
	// ErrNotApprover: the person is neither a named approver nor, when any
	// approver may decide, someone who may decide reviews.
	ErrNotApprover = errors.New("not an approver of this review")
	// ErrSelfApproval: the person asked for the review and may not approve it.
	ErrSelfApproval = errors.New("self-approval is not allowed")
	// ErrAlreadyApproved: the person approved in this round already.
	ErrAlreadyApproved = errors.New("already approved")
	// ErrUnknownDecision: the decision is neither approved nor changes_requested.
	ErrUnknownDecision = errors.New("unknown decision")
	// ErrCommentRequired: requesting changes needs a comment.
	ErrCommentRequired = errors.New("comment required")
	// ErrEditedByApprover: the person changed what the approval covers in
	// this round; someone else must approve it.
	ErrEditedByApprover = errors.New("approver changed the item")
	// ErrShared: the shared identity never decides a review: a shared code
	// names no one, so its approval could be anyone's, twice.
	ErrShared = errors.New("the shared identity does not decide reviews")
)

// Error is a refusal naming the request field it is about; errors.Is
// finds the Err* value.
type Error struct {
	Field   string
	Message string
	Err     error
}

func (e *Error) Error() string { return e.Message }

// Unwrap returns the Err* value.
func (e *Error) Unwrap() error { return e.Err }

func refuse(field string, err error, msg string) error {
	return &Error{Field: field, Message: msg, Err: err}
}

// Request starts a new round: state requested, the approvers (none: any
// approver) and due date given, asked by who, covering fingerprint. It
// may be asked in any state; earlier decisions stay in the history.
func Request(r domain.Review, who Person, approvers []domain.Ref, dueDate, fingerprint string, now time.Time) domain.Review {
	r.Normalize()
	r.State = domain.ReviewRequested
	r.Approvers = slices.Clone(approvers)
	if r.Approvers == nil {
		r.Approvers = []domain.Ref{}
	}
	r.DueDate = dueDate
	by := who.ref()
	r.RequestedBy = &by
	r.RequestedAt = now.UTC()
	r.Round++
	r.Fingerprint = fingerprint
	r.ResetAt = time.Time{}
	r.Decisions = slices.Clone(r.Decisions)
	return r
}

// Decide records who's decision with comment. The first changes_requested
// ends the round (it wins over earlier approvals); the round is approved
// once p's number of distinct approvers approved. The refusals are *Error.
func Decide(r domain.Review, p Policy, who Person, decision, comment string, now time.Time) (domain.Review, error) {
	r.Normalize()
	comment = strings.TrimSpace(comment)
	switch decision {
	case Approve, RequestChanges:
	default:
		return r, refuse("decision", ErrUnknownDecision, "decision must be approved or changes_requested")
	}
	if who.Shared {
		return r, refuse("decision", ErrShared, "A shared access code cannot decide reviews: sign in with your personal code.")
	}
	if r.State != domain.ReviewRequested {
		return r, refuse("decision", ErrNotUnderReview, fmt.Sprintf("This item is not under review (its review state is %s).", r.State))
	}
	if !mayDecide(r, who) {
		return r, refuse("decision", ErrNotApprover, "You are not an approver of this review.")
	}
	if decision == RequestChanges && comment == "" {
		return r, refuse("comment", ErrCommentRequired, "comment is required when requesting changes")
	}
	if decision == Approve {
		if !p.AllowSelfApproval && r.RequestedBy != nil && r.RequestedBy.ID == who.ID {
			return r, refuse("decision", ErrSelfApproval, "You cannot approve your own review request.")
		}
		if slices.Contains(Approvers(r), who.ID) {
			return r, refuse("decision", ErrAlreadyApproved, "You have already approved this round.")
		}
		if edited(r, who) {
			return r, refuse("decision", ErrEditedByApprover, "You changed this item in this review round; someone else must approve it.")
		}
	}
	r.Decisions = append(slices.Clone(r.Decisions), domain.ReviewDecision{
		Round: r.Round, By: who.ref(), Decision: decision, Comment: comment, At: now.UTC(),
	})
	switch {
	case decision == RequestChanges:
		r.State = domain.ReviewChangesRequested
	case len(Approvers(r)) >= p.approvals():
		r.State = domain.ReviewApproved
		r.Editors = nil
	}
	return r, nil
}

// edited: who changed a covered field in this round.
func edited(r domain.Review, who Person) bool {
	return slices.ContainsFunc(r.Editors, func(e domain.Ref) bool { return e.ID == who.ID })
}

// mayDecide: a named approver, or anyone who may decide when none is named.
func mayDecide(r domain.Review, who Person) bool {
	if who.Shared {
		return false
	}
	if len(r.Approvers) == 0 {
		return who.CanDecide
	}
	return slices.ContainsFunc(r.Approvers, func(a domain.Ref) bool { return a.ID == who.ID })
}

// MayDecide reports whether who has a decision to take on r under p
// ("Needs my review"): it is under review, who is one of its approvers,
// has not approved this round and did not ask for it (unless p allows
// self-approval).
func MayDecide(r domain.Review, p Policy, who Person) bool {
	r.Normalize()
	if r.State != domain.ReviewRequested || !mayDecide(r, who) {
		return false
	}
	if !p.AllowSelfApproval && r.RequestedBy != nil && r.RequestedBy.ID == who.ID {
		return false
	}
	return !slices.Contains(Approvers(r), who.ID) && !edited(r, who)
}

// Approvers are the ids of the distinct people who approved in the current
// round. The shared identity is never one, whatever an older decision says.
func Approvers(r domain.Review) []string {
	var ids []string
	for _, d := range r.Decisions {
		if d.Round == r.Round && d.Decision == Approve && d.By.ID != SharedID && !slices.Contains(ids, d.By.ID) {
			ids = append(ids, d.By.ID)
		}
	}
	return ids
}

// Edited applies who's edit whose fields now have fingerprint. An approved
// review, or a requested one with approvals already given, that no longer
// covers them starts a new round in state requested (reset is true): an
// approval covers what was approved. Other states only follow the new
// fingerprint (a changes_requested review waits for a new request). Either
// way who joins the editors, who may not approve this round.
func Edited(r domain.Review, who Person, fingerprint string, now time.Time) (out domain.Review, reset bool) {
	r.Normalize()
	if r.State == domain.ReviewNone || r.Fingerprint == fingerprint {
		return r, false
	}
	switch {
	case r.State == domain.ReviewApproved, r.State == domain.ReviewRequested && len(Approvers(r)) > 0:
		r.State = domain.ReviewRequested
		r.Round++
		r.ResetAt = now.UTC()
		r.Editors = nil
		reset = true
	}
	r.Fingerprint = fingerprint
	if who.ID != "" && !edited(r, who) {
		r.Editors = append(slices.Clone(r.Editors), who.ref())
	}
	return r, reset
}

// SharedID is the id the shared identity acts under (actor.SharedID).
const SharedID = "shared"

// Inherit marks r approved as the campaign's approval covers it: used for
// a communication imported from an approved campaign's activity, whose
// fields still match the activity. The campaign's approvals of its last
// round are copied, marked as given with the campaign.
func Inherit(r domain.Review, campaign domain.Review, fingerprint string) domain.Review {
	r.Normalize()
	r.State = domain.ReviewApproved
	r.Round++
	r.Fingerprint = fingerprint
	r.Approvers = slices.Clone(campaign.Approvers)
	r.RequestedBy = campaign.RequestedBy
	r.RequestedAt = campaign.RequestedAt
	r.DueDate = campaign.DueDate
	for _, d := range campaign.Decisions {
		if d.Round == campaign.Round && d.Decision == Approve {
			d.Round = r.Round
			d.Comment = strings.TrimSpace("Approved with its campaign. " + d.Comment)
			r.Decisions = append(r.Decisions, d)
		}
	}
	return r
}

// Fingerprint is the hash of the parts an approval covers, in order.
func Fingerprint(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s;", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// Day is a scheduledDate's calendar day for the fingerprint, so that moving
// the time within the same day keeps an approval: the day in UTC, as
// domain.Scheduled.Day(nil) counts it. A date that does not parse counts as
// written.
func Day(scheduled string) string {
	if scheduled == "" {
		return ""
	}
	sc, err := domain.ParseScheduled(scheduled)
	if err != nil {
		return scheduled
	}
	return sc.Day(nil).Format(time.DateOnly)
}

// Communication is the fingerprint of what a communication's approval
// covers: title, content (raw, generated and the final piece), theme,
// questions, audience, vehicle and the date's day.
func Communication(c domain.Communication) string {
	qs := slices.Sorted(slices.Values(c.SelectedQuestions))
	return Fingerprint("communication", c.Title, c.RawContent, c.GeneratedContent, c.FinalContentID, c.ThemeID,
		strings.Join(qs, ","), c.AudienceID, c.VehicleID, Day(c.ScheduledDate))
}

// Campaign is the fingerprint of what a campaign's approval covers: its
// title, description and schedule document.
func Campaign(c domain.Campaign) string {
	return Fingerprint("campaign", c.Title, c.Description, string(c.Schedule))
}

// Ready says whether r lets its item be scheduled under p: always when
// review is not required, else only when approved.
func Ready(r domain.Review, p Policy) bool {
	return !p.Required || r.State == domain.ReviewApproved
}

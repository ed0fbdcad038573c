package plan

import (
	"context"
	"errors"
	"strings"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// Insiders of a confidential campaign or communication (entity
// domain.ThreadCampaign or domain.ThreadCommunication). The store keeps
// who sees what; these use cases add the rules around it. Only who may see
// the record (an insider, or an admin with actor.ConfidentialRead) finds
// it: anyone else gets store.ErrNotFound, as for a record that does not
// exist, so insiders and admins are the ones who manage insiders.

// Insiders lists the record's insiders.
func (p *Plan) Insiders(ctx context.Context, entity, id string) ([]domain.Insider, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return nil, err
	}
	return p.st.ListInsiders(ctx, entity, id)
}

// AddInsider makes the person an insider of the record, with its audit
// entry. The shared identity is never an insider: it names no person.
func (p *Plan) AddInsider(ctx context.Context, entity, id, personID string) ([]domain.Insider, error) {
	if _, err := acting(ctx); err != nil {
		return nil, err
	}
	if personID == actor.SharedID {
		return nil, Invalid("personId", "the shared identity is never an insider: name a person")
	}
	var out []domain.Insider
	err := p.st.InTx(ctx, func(tx store.Store) error {
		err := tx.AddInsider(ctx, entity, id, personID)
		var ref *store.ReferenceError
		switch {
		case errors.As(err, &ref):
			return Invalid("personId", "names no person")
		case errors.Is(err, store.ErrConflict):
			return Invalid("confidential", "the record is not confidential: every person sees it already")
		case err != nil:
			return err
		}
		out, err = tx.ListInsiders(ctx, entity, id)
		return err
	})
	return out, err
}

// PersonNamed is the id of the one person whose name is name (ignoring
// case and surrounding spaces), as a screen names them: bad input naming
// field when none or several are.
func (p *Plan) PersonNamed(ctx context.Context, field, name string) (string, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return "", err
	}
	people, err := p.st.ListPeople(ctx)
	if err != nil {
		return "", err
	}
	var ids []string
	for _, x := range people {
		if strings.EqualFold(strings.TrimSpace(x.Name), strings.TrimSpace(name)) {
			ids = append(ids, x.ID)
		}
	}
	switch len(ids) {
	case 0:
		return "", Invalid(field, "names no person here")
	case 1:
		return ids[0], nil
	}
	return "", Invalid(field, "names more than one person: give their personId")
}

// RemoveInsider ends the person's being an insider of the record, with its
// audit entry. Removing the last insider leaves the record to the admins.
func (p *Plan) RemoveInsider(ctx context.Context, entity, id, personID string) ([]domain.Insider, error) {
	if _, err := acting(ctx); err != nil {
		return nil, err
	}
	var out []domain.Insider
	err := p.st.InTx(ctx, func(tx store.Store) error {
		if err := tx.RemoveInsider(ctx, entity, id, personID); err != nil {
			return err
		}
		var err error
		out, err = tx.ListInsiders(ctx, entity, id)
		if errors.Is(err, store.ErrNotFound) {
			// One who removed themselves no longer sees the record.
			return nil
		}
		return err
	})
	if out == nil {
		out = []domain.Insider{}
	}
	return out, err
}

// MsgSharedConfidential refuses the shared identity making a record
// confidential: it is never an insider, so it would lose sight of what it
// just saved.
const MsgSharedConfidential = "the shared access code is no person and never an insider: sign in with your personal code to keep a confidential record"

// keepsSight refuses a write that makes a record confidential (labels
// true) by an actor who would not see it afterwards: the shared identity
// without actor.ConfidentialRead. field names what made it confidential.
func keepsSight(ctx context.Context, field string, labels bool) error {
	a, err := actor.From(ctx)
	if err != nil || !labels || a.ID != actor.SharedID || a.Can(actor.ConfidentialRead) {
		return nil
	}
	return Invalid(field, MsgSharedConfidential)
}

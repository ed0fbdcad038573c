package plan

import (
	"context"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// The gate's writes: signing in and out, a refused sign-in, and a change
// of the access codes. The gate (pkg/api) proves who someone is; these
// record it. Whoever signs in acts for their own entry, so none needs a
// permission. ctx may carry the entry's fields (store.WithChanges: how the
// sign-in was tried, the session that ended).

// SignIn records that who signed in: for a personal session its row
// (nil for a shared session, whose token alone holds it), and the signin
// entry of the audit trail, in one transaction.
func (p *Plan) SignIn(ctx context.Context, who actor.Actor, row *domain.PersonSession) error {
	ctx = actor.With(ctx, who)
	return p.st.InTx(ctx, func(tx store.Store) error {
		if row != nil {
			if err := tx.CreatePersonSession(ctx, *row); err != nil {
				return err
			}
		}
		return tx.Audit(ctx, store.ActionSignIn, "session", who.ID, who.Name)
	})
}

// SignOut records that who signed out: a personal session's row
// (personalID, "" for a shared session) is deleted, and the signout entry
// written, in one transaction.
func (p *Plan) SignOut(ctx context.Context, who actor.Actor, personalID string) error {
	ctx = actor.With(ctx, who)
	return p.st.InTx(ctx, func(tx store.Store) error {
		if personalID != "" {
			if err := tx.DeletePersonSession(ctx, personalID); err != nil {
				return err
			}
		}
		if who.ID == "" {
			return nil
		}
		return tx.Audit(ctx, store.ActionSignOut, "session", who.ID, who.Name)
	})
}

// RefuseSignIn records a refused sign-in (or a window of them) by who, an
// unknown or refused identity; label says from where.
func (p *Plan) RefuseSignIn(ctx context.Context, who actor.Actor, label string) error {
	return p.st.Audit(actor.With(ctx, who), store.ActionSignInRefused, "session", "", label)
}

// RotateAccessCodes records fingerprint as the access codes the server
// starts with; when it differs from the one recorded before (not on the
// first start), every session issued up to at ends, in the same
// transaction, so a leaked code stops working. rotated says so. It needs
// people.manage (the command line starting the server holds it).
func (p *Plan) RotateAccessCodes(ctx context.Context, fingerprint string, at time.Time, why string) (rotated bool, err error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return false, err
	}
	err = p.st.InTx(ctx, func(tx store.Store) error {
		prev, err := tx.SwapAccessCodesHash(ctx, fingerprint)
		if err != nil || prev == "" || prev == fingerprint {
			return err
		}
		rotated = true
		return revokeAll(ctx, tx, at, why)
	})
	return rotated, err
}

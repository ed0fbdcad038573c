package plan

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// ActionImportUndone is the audit action of undoing a campaign's import.
const ActionImportUndone = "import_undone"

// ImportUndone is what undoing a campaign's import did: how many of its
// communications were taken off the Schedule, and how many were kept
// because they were already sent.
type ImportUndone struct {
	Removed int `json:"removed"`
	Kept    int `json:"kept"`
}

// UndoCampaignImport takes a campaign's imported communications off the
// Schedule as one action, in one transaction: each one not yet sent is
// deleted (each with its own audit entry, as a delete has), and the
// campaign gets one entry "import_undone" counting them, so the trail
// reads as one act. A sent communication went out and stays. Undoing a
// campaign with nothing imported removes nothing and records nothing.
func (p *Plan) UndoCampaignImport(ctx context.Context, campaignID string) (ImportUndone, error) {
	var out ImportUndone
	if _, err := acting(ctx); err != nil {
		return out, err
	}
	err := p.st.InTx(ctx, func(tx store.Store) error {
		c, err := tx.GetCampaign(ctx, campaignID)
		if err != nil {
			return err
		}
		if err := tx.LockCampaign(ctx, c.ID); err != nil {
			return err
		}
		list, err := tx.ListCommunications(ctx)
		if err != nil {
			return err
		}
		for _, comm := range list {
			if comm.SourceCampaignID != c.ID {
				continue
			}
			if comm.Status == domain.StatusSent {
				out.Kept++
				continue
			}
			if err := tx.DeleteCommunication(changed(ctx, comm, nil), comm.ID); err != nil {
				return err
			}
			out.Removed++
		}
		if out.Removed == 0 {
			return nil
		}
		ch := store.Changes{"removed": {Before: out.Removed}}
		if out.Kept > 0 {
			ch["kept"] = store.Change{After: out.Kept}
		}
		return tx.Audit(store.WithChanges(ctx, ch), ActionImportUndone, "campaign", c.ID, c.Title)
	})
	if err != nil {
		return ImportUndone{}, err
	}
	return out, nil
}

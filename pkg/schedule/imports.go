package schedule

import (
	"context"
	"maps"
	"slices"

	"github.com/commsplan/commsplan/pkg/domain"
)

// imports ties the communications imported from campaigns to their
// campaigns, for one reader: an imported activity is listed once, as its
// communication, and the communication names its campaign. Both export
// paths and the feeds read it through the same two methods.
type imports struct {
	// activities holds the (campaign id, activity id) of every activity a
	// communication the reader sees was imported from, whatever the
	// communication's status, date or label: once imported, the activity
	// is on the schedule as that communication.
	activities map[[2]string]bool
	// named holds the campaigns those communications name.
	named map[string]bool
	// titles holds the title of each named campaign the reader sees.
	titles map[string]string
}

// addCommunication records c's link, if it was imported.
func (im *imports) addCommunication(c domain.Communication) {
	if c.SourceCampaignID == "" {
		return
	}
	if im.named == nil {
		im.activities, im.named, im.titles = map[[2]string]bool{}, map[string]bool{}, map[string]string{}
	}
	im.named[c.SourceCampaignID] = true
	if c.SourceActivityID != "" {
		im.activities[[2]string{c.SourceCampaignID, c.SourceActivityID}] = true
	}
}

// campaignIDs lists the campaigns the communications name, sorted.
func (im *imports) campaignIDs() []string {
	return slices.Sorted(maps.Keys(im.named))
}

// addCampaign records c's title when a communication names c. c comes
// from the reader's view, so a campaign the reader may not see is never
// added and its title never shown.
func (im *imports) addCampaign(c domain.Campaign) {
	if im.named[c.ID] {
		im.titles[c.ID] = c.Title
	}
}

// imported reports whether a communication the reader sees was imported
// from campaign campaignID's activity activityID.
func (im *imports) imported(campaignID, activityID string) bool {
	return im.activities[[2]string{campaignID, activityID}]
}

// campaign is the id and title of the campaign communication c was
// imported from, both empty when the reader may not see it (or it is
// gone).
func (im *imports) campaign(c domain.Communication) (id, title string) {
	title, ok := im.titles[c.SourceCampaignID]
	if !ok {
		return "", ""
	}
	return c.SourceCampaignID, title
}

// readImports reads the links of the reader's imported communications and
// their campaigns' titles from src: one walk of the imported rows (an
// index serves it) and one read of the campaigns they name.
func readImports(ctx context.Context, src Source) (*imports, error) {
	im := &imports{}
	err := src.EachCommunication(ctx, Query{Imported: true},
		func(c domain.Communication) error {
			im.addCommunication(c)
			return nil
		})
	if err != nil || len(im.named) == 0 {
		return im, err
	}
	err = src.EachCampaign(ctx, im.campaignIDs(), func(c domain.Campaign) error {
		im.addCampaign(c)
		return nil
	})
	return im, err
}

// memoryImports is readImports over lists in memory: the reader's
// communications and campaigns.
func memoryImports(comms []domain.Communication, campaigns []domain.Campaign) *imports {
	im := &imports{}
	for _, c := range comms {
		im.addCommunication(c)
	}
	for _, c := range campaigns {
		im.addCampaign(c)
	}
	return im
}

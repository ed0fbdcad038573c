package domain

import (
	"time"
)

// CalendarFeed is a subscribable calendar (ICS) of the schedule. Its URL
// holds a secret token that is shown once when the feed is created; only the
// token's SHA-256 is stored, so it never appears here.
type CalendarFeed struct {
	ID                        string `json:"id"`
	Name                      string `json:"name"`
	IncludeCampaignActivities bool   `json:"includeCampaignActivities"`
	// IncludeConfidential keeps the campaign activities that carry a
	// confidentiality label; without it the feed leaves them out.
	IncludeConfidential bool      `json:"includeConfidential"`
	CreatedAt           time.Time `json:"createdAt"`
	// OwnerID is who created the feed: a person's id, "shared" or
	// "terminal" ("" for feeds made before people existed). Only they, or
	// an admin (actor.FeedsManage), may revoke it; removing the person
	// revokes it.
	OwnerID string `json:"ownerId"`
	// OwnerName is the owner's name: the person's as it is now, else the
	// creator's as it was.
	OwnerName string `json:"ownerName"`
}

// Validate checks a calendar feed: a name of at most MaxName characters.
func (f *CalendarFeed) Validate() error {
	fe := FieldErrors{}
	fe.requiredText("name", &f.Name, MaxName)
	return fe.orNil()
}

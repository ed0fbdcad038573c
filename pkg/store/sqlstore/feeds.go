package sqlstore

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

const feedSelect = `SELECT f.id, f.name, f.include_campaign_activities, f.include_confidential, f.created_at,
	f.owner_id, COALESCE(p.name, f.owner_name) FROM calendar_feeds f LEFT JOIN people p ON p.id = f.owner_id`

func scanFeed(r rowScanner) (domain.CalendarFeed, error) {
	var f domain.CalendarFeed
	err := r.Scan(&f.ID, &f.Name, &f.IncludeCampaignActivities, &f.IncludeConfidential, &f.CreatedAt, &f.OwnerID, &f.OwnerName)
	return f, err
}

// ListCalendarFeeds implements store.Store.
func (s *Store) ListCalendarFeeds(ctx context.Context) ([]domain.CalendarFeed, error) {
	return queryAll(ctx, s, scanFeed, feedSelect+` ORDER BY f.created_at, f.id`)
}

// CreateCalendarFeed implements store.Store.
func (s *Store) CreateCalendarFeed(ctx context.Context, f *domain.CalendarFeed, tokenHash string) error {
	f.ID, f.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		return tx.insertRecorded(ctx, "calendar_feed", f.ID, f.Name,
			`INSERT INTO calendar_feeds (id, name, include_campaign_activities, include_confidential, token_hash, created_at, owner_id, owner_name)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			f.ID, f.Name, f.IncludeCampaignActivities, f.IncludeConfidential, tokenHash, f.CreatedAt, f.OwnerID, f.OwnerName)
	})
}

// DeleteCalendarFeed implements store.Store.
func (s *Store) DeleteCalendarFeed(ctx context.Context, id string) error {
	return s.deleteRecorded(ctx, "calendar_feeds", "name", "calendar_feed", id)
}

// GetCalendarFeedByTokenHash implements store.Store.
func (s *Store) GetCalendarFeedByTokenHash(ctx context.Context, tokenHash string) (domain.CalendarFeed, error) {
	return queryOne(ctx, s, scanFeed, feedSelect+` WHERE f.token_hash = $1`, tokenHash)
}

// GetCalendarFeed implements store.Store.
func (s *Store) GetCalendarFeed(ctx context.Context, id string) (domain.CalendarFeed, error) {
	return queryOne(ctx, s, scanFeed, feedSelect+` WHERE f.id = $1`, id)
}

// deleteFeedsOf revokes every feed the person owns, each with its audit
// entry, in the caller's transaction.
func (s *Store) deleteFeedsOf(ctx context.Context, personID string) error {
	feeds, err := queryAll(ctx, s, scanFeed, feedSelect+` WHERE f.owner_id = $1`, personID)
	if err != nil {
		return err
	}
	for _, f := range feeds {
		// A cascade of the person's removal: each feed's entry gets the
		// feed's own fields, not the diff of the person ctx may carry.
		if err := s.deleteRecorded(store.WithDiff(ctx, f, nil), "calendar_feeds", "name", "calendar_feed", f.ID); err != nil {
			return err
		}
	}
	return nil
}

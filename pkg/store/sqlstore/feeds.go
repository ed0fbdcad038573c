package sqlstore

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
)

const feedSelect = `SELECT id, name, include_campaign_activities, include_confidential, created_at FROM calendar_feeds`

func scanFeed(r rowScanner) (domain.CalendarFeed, error) {
	var f domain.CalendarFeed
	err := r.Scan(&f.ID, &f.Name, &f.IncludeCampaignActivities, &f.IncludeConfidential, &f.CreatedAt)
	return f, err
}

// ListCalendarFeeds implements store.Store.
func (s *Store) ListCalendarFeeds(ctx context.Context) ([]domain.CalendarFeed, error) {
	return queryAll(ctx, s, scanFeed, feedSelect+` ORDER BY created_at, id`)
}

// CreateCalendarFeed implements store.Store.
func (s *Store) CreateCalendarFeed(ctx context.Context, f *domain.CalendarFeed, tokenHash string) error {
	f.ID, f.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		return tx.insertRecorded(ctx, "calendar_feed", f.ID, f.Name,
			`INSERT INTO calendar_feeds (id, name, include_campaign_activities, include_confidential, token_hash, created_at)
			 VALUES ($1, $2, $3, $4, $5, $6)`,
			f.ID, f.Name, f.IncludeCampaignActivities, f.IncludeConfidential, tokenHash, f.CreatedAt)
	})
}

// DeleteCalendarFeed implements store.Store.
func (s *Store) DeleteCalendarFeed(ctx context.Context, id string) error {
	return s.deleteRecorded(ctx, "calendar_feeds", "name", "calendar_feed", id)
}

// GetCalendarFeedByTokenHash implements store.Store.
func (s *Store) GetCalendarFeedByTokenHash(ctx context.Context, tokenHash string) (domain.CalendarFeed, error) {
	return queryOne(ctx, s, scanFeed, feedSelect+` WHERE token_hash = $1`, tokenHash)
}

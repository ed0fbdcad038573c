package storetest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

func testCalendarFeeds(t *testing.T, s store.Store) {
	const hashA, hashB = "aaaa0000", "bbbb1111"
	a := domain.CalendarFeed{Name: "Team calendar"}
	require.NoError(t, s.CreateCalendarFeed(ctx, &a, hashA))
	require.NotEmpty(t, a.ID)
	require.False(t, a.CreatedAt.IsZero())
	b := domain.CalendarFeed{Name: "With campaigns", IncludeCampaignActivities: true}
	require.NoError(t, s.CreateCalendarFeed(ctx, &b, hashB))

	list, err := s.ListCalendarFeeds(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, a.ID, list[0].ID, "oldest first")
	assert.Equal(t, b, utc(list[1]))
	assert.Equal(t, a, utc(list[0]), "createdAt round-trips")

	got, err := s.GetCalendarFeedByTokenHash(ctx, hashB)
	require.NoError(t, err)
	assert.Equal(t, b, utc(got))
	_, err = s.GetCalendarFeedByTokenHash(ctx, "cccc2222")
	assert.ErrorIs(t, err, store.ErrNotFound)

	// Two feeds can never share a token.
	assert.Error(t, s.CreateCalendarFeed(ctx, &domain.CalendarFeed{Name: "Copy"}, hashA))

	require.NoError(t, s.DeleteCalendarFeed(ctx, a.ID))
	_, err = s.GetCalendarFeedByTokenHash(ctx, hashA)
	assert.ErrorIs(t, err, store.ErrNotFound, "revoked at once")
	assert.ErrorIs(t, s.DeleteCalendarFeed(ctx, a.ID), store.ErrNotFound)
	list, err = s.ListCalendarFeeds(ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, b, utc(list[0]))

	acts, err := s.ListActivity(ctx, 10)
	require.NoError(t, err)
	require.Len(t, acts, 3, "two creates and a delete; the refused copy left nothing")
	assert.Equal(t, domain.Activity{ID: acts[0].ID, Action: domain.ActionDeleted, EntityType: "calendar_feed",
		EntityID: a.ID, Label: "Team calendar", At: acts[0].At, ActorID: "system", ActorName: "commsplan"}, acts[0])
	assert.Equal(t, domain.ActionCreated, acts[2].Action)
	assert.Equal(t, "calendar_feed", acts[2].EntityType)
}

// utc reads a feed's time in UTC, as Create reports it; backends may scan
// their timestamps in another location.
func utc(f domain.CalendarFeed) domain.CalendarFeed {
	f.CreatedAt = f.CreatedAt.UTC()
	return f
}

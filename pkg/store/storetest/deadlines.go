package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// testDeadlines: a passed deadline is ErrUnavailable, on reads, writes and
// Ping alike; a caller that gave up gets context.Canceled, which is no sick
// database; the store is unharmed either way.
func testDeadlines(t *testing.T, s store.Store) {
	ctx := context.Background()
	require.NoError(t, s.Ping(ctx))

	expired, cancel := context.WithDeadline(ctx, time.Now().Add(-time.Second))
	defer cancel()
	_, err := s.ListThemes(expired)
	assert.ErrorIs(t, err, store.ErrUnavailable, "read")
	assert.ErrorIs(t, s.CreateTheme(expired, &domain.Theme{Name: "Late"}), store.ErrUnavailable, "write")
	assert.ErrorIs(t, s.Ping(expired), store.ErrUnavailable, "ping")

	gone, hangUp := context.WithCancel(ctx)
	hangUp()
	_, err = s.ListThemes(gone)
	assert.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, store.ErrUnavailable)

	themes, err := s.ListThemes(ctx)
	require.NoError(t, err)
	assert.Empty(t, themes, "the late write did not happen")
	require.NoError(t, s.CreateTheme(ctx, &domain.Theme{Name: "On time"}))
}

package storetest

import (
	"context"
	"database/sql"
	"io/fs"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Upgrade checks that data written under migration 00001 reads back after
// every later migration: a communication stored with a calendar date keeps
// it as a date, and the source ids of 00002 read as "". db is a raw
// connection to the database dsn names, which must be empty.
func Upgrade(t *testing.T, db *sql.DB, dialect goose.Dialect, migrations fs.FS, dsn string) {
	t.Helper()
	ctx := context.Background()
	p, err := goose.NewProvider(dialect, db, migrations)
	require.NoError(t, err)
	_, err = p.UpTo(ctx, 1)
	require.NoError(t, err)
	_, err = db.ExecContext(ctx,
		`INSERT INTO communications (id, title, status, scheduled_date, created_at) VALUES ($1, $2, $3, $4, $5)`,
		"c-1", "Go-live notice", "scheduled", "2026-12-01", time.Now().UTC())
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s := Open(t, dsn) // migrates to the latest version
	c, err := s.GetCommunication(ctx, "c-1")
	require.NoError(t, err)
	assert.Equal(t, "2026-12-01", c.ScheduledDate, "a stored date stays a date")
	assert.Empty(t, c.SourceCampaignID)
	assert.Empty(t, c.SourceActivityID)
	c.Title = "Edited"
	require.NoError(t, s.UpdateCommunication(ctx, &c), "an old row can be updated")
	assert.Equal(t, "2026-12-01", c.ScheduledDate)
}

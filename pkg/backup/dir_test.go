package backup_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestDirKeepsTheNewest: a new backup that verifies prunes the oldest
// beyond Keep, leaves other files alone, and clears stale partial files.
func TestDirKeepsTheNewest(t *testing.T) {
	st, _ := seeded(t, storetest.Backends[0])
	dir := t.TempDir()
	old := []string{"commsplan-backup-2020-01-01T000000Z.cpbak", "commsplan-backup-2021-01-01T000000Z.cpbak",
		"commsplan-backup-2022-01-01T000000Z.cpbak"}
	for _, n := range append(old, "notes.txt") {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600))
	}
	stale := filepath.Join(dir, backup.TempPrefix+"commsplan-backup-2019-01-01T000000Z.cpbak.123")
	require.NoError(t, os.WriteFile(stale, []byte("x"), 0o600))
	require.NoError(t, os.Chtimes(stale, time.Now().Add(-2*time.Hour), time.Now().Add(-2*time.Hour)))

	d := &backup.Dir{Path: dir, Keep: 2, Store: st}
	info, err := d.Run(context.Background())
	require.NoError(t, err)
	list, err := d.List()
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, info, list[0])
	assert.Equal(t, old[2], list[1].Name)
	assert.FileExists(t, filepath.Join(dir, "notes.txt"))
	assert.NoFileExists(t, stale)
	_, err = backup.Verify(filepath.Join(dir, info.Name))
	assert.NoError(t, err)
}

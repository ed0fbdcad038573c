//go:build unix

package sqlite

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// TestWALStampWriter is not a test: TestWALStampSeesOtherProcesses runs the
// test binary again with COMMSPLAN_STAMP_DB set, to write from a process of
// its own.
func TestWALStampWriter(t *testing.T) {
	path := os.Getenv("COMMSPLAN_STAMP_DB")
	if path == "" {
		t.Skip("helper process only")
	}
	s, err := Open(context.Background(), path, store.Options{})
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.CreateTheme(context.Background(), &domain.Theme{Name: "from another process"}))
}

// TestWALStampSeesOtherProcesses checks the stamp holds still while nothing
// is committed, moves when another process commits, and gives up (false)
// once the -shm file it reads was deleted.
func TestWALStampSeesOtherProcesses(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "stamp.db")
	s, err := open(ctx, path, store.Options{}, defaults)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	w := newWALStamp(path)
	t.Cleanup(func() { _ = w.Close() })

	first, ok := w.Stamp(nil)
	require.True(t, ok, "a migrated database has a settled wal-index header")
	_, err = s.ListThemes(ctx)
	require.NoError(t, err)
	again, ok := w.Stamp(nil)
	require.True(t, ok)
	assert.Equal(t, first, again, "reads commit nothing")

	before, err := s.DataVersion(ctx, store.ThemesList) // remembered with the stamp
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^TestWALStampWriter$")
	cmd.Env = append(os.Environ(), "COMMSPLAN_STAMP_DB="+path)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)

	after, ok := w.Stamp(nil)
	require.True(t, ok)
	assert.NotEqual(t, first, after, "another process committed")
	v, err := s.DataVersion(ctx, store.ThemesList)
	require.NoError(t, err)
	assert.Greater(t, v, before, "the next version read sees the other process's commit")

	require.NoError(t, os.Remove(path+"-shm"))
	_, ok = w.Stamp(nil)
	assert.False(t, ok, "a deleted -shm file proves nothing")
}

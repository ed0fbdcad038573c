package backup_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestScheduledPruneRules: a scheduled backup that verifies prunes the
// oldest scheduled archives beyond Keep, but never an on-demand archive,
// never the newest scheduled one, never one younger than MinAge; it leaves
// other files alone and clears stale partial files. An on-demand backup
// prunes nothing.
func TestScheduledPruneRules(t *testing.T) {
	st, _ := seeded(t, storetest.Backends[0])
	dir := t.TempDir()
	now := time.Date(2030, 6, 10, 12, 0, 0, 0, time.UTC)
	old := []string{
		backup.ScheduledFileName(now.Add(-72 * time.Hour)), // pruned: beyond Keep, old
		backup.ScheduledFileName(now.Add(-48 * time.Hour)), // pruned
		backup.FileName(now.Add(-47 * time.Hour)),          // on demand: kept
		backup.ScheduledFileName(now.Add(-20 * time.Hour)), // beyond Keep, but younger than MinAge: kept
		backup.ScheduledFileName(now.Add(-2 * time.Hour)),  // younger than MinAge: kept
	}
	for _, n := range append(old, "notes.txt") {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600))
	}
	stale := filepath.Join(dir, backup.TempPrefix+"commsplan-backup-2019-01-01T000000Z.cpbak.123")
	require.NoError(t, os.WriteFile(stale, []byte("x"), 0o600))
	require.NoError(t, os.Chtimes(stale, time.Now().Add(-2*time.Hour), time.Now().Add(-2*time.Hour)))

	d := &backup.Dir{Path: dir, Keep: 2, MinAge: 24 * time.Hour, Store: st, Now: func() time.Time { return now }}
	// On demand: nothing goes, however many.
	info, err := d.Run(context.Background())
	require.NoError(t, err)
	assert.False(t, info.Scheduled)
	list, err := d.List()
	require.NoError(t, err)
	assert.Len(t, list, len(old)+1)

	now = now.Add(time.Second)
	sched, removed, err := d.RunScheduled(context.Background())
	require.NoError(t, err)
	assert.True(t, sched.Scheduled)
	var gone []string
	for _, r := range removed {
		gone = append(gone, r.Name)
	}
	assert.ElementsMatch(t, old[:2], gone)
	list, err = d.List()
	require.NoError(t, err)
	var names []string
	for _, b := range list {
		names = append(names, b.Name)
	}
	assert.Equal(t, []string{sched.Name, info.Name, old[4], old[3], old[2]}, names, "newest first")
	assert.FileExists(t, filepath.Join(dir, "notes.txt"))
	assert.NoFileExists(t, stale)
	for _, n := range []string{info.Name, sched.Name} {
		_, err = backup.Verify(filepath.Join(dir, n))
		assert.NoError(t, err)
		fi, err := os.Stat(filepath.Join(dir, n))
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "an archive is the owner's alone")
	}

	// By count alone, Keep 1 leaves the newest scheduled archive and every
	// on-demand one.
	d.MinAge, d.Keep = -1, 1
	now = now.Add(time.Second)
	last, removed, err := d.RunScheduled(context.Background())
	require.NoError(t, err)
	gone = nil
	for _, r := range removed {
		gone = append(gone, r.Name)
	}
	assert.ElementsMatch(t, []string{sched.Name, old[4], old[3]}, gone)
	list, err = d.List()
	require.NoError(t, err)
	names = nil
	for _, b := range list {
		names = append(names, b.Name)
	}
	assert.Equal(t, []string{last.Name, info.Name, old[2]}, names)
}

// TestScheduleRunsOnItsInterval runs the loop serve starts on a short
// interval: each tick writes a complete archive that verifies, no final
// name ever holds a partial file, and the directory is pruned to Keep.
func TestScheduleRunsOnItsInterval(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st, _ := seeded(t, b)
			dir := t.TempDir()
			const interval, keep, runs = 150 * time.Millisecond, 2, 5

			// The clock steps an hour per archive, so names are distinct and
			// ordered however fast the ticks come; the real times show the
			// interval. The run after the last one ends the loop's context as
			// it starts, so it is cut short like a run at shutdown.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var mu sync.Mutex
			var ticks []time.Time
			var names []string
			base := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
			d := &backup.Dir{Path: dir, Keep: keep, MinAge: -1, Store: st, Now: func() time.Time {
				mu.Lock()
				defer mu.Unlock()
				at := base.Add(time.Duration(len(ticks)) * time.Hour)
				ticks = append(ticks, time.Now())
				names = append(names, backup.ScheduledFileName(at))
				if len(ticks) > runs {
					cancel()
				}
				return at
			}}
			taken := func() int {
				mu.Lock()
				defer mu.Unlock()
				return len(ticks)
			}

			var logs bytes.Buffer
			log := slog.New(slog.NewTextHandler(&syncWriter{w: &logs}, nil))
			start := time.Now()
			done := make(chan struct{})
			go func() {
				defer close(done)
				d.Schedule(ctx, interval, log)
			}()

			// Watch the directory while the loop runs: every final name
			// must be a whole archive (one pruned meanwhile is gone).
			checked := map[string]bool{}
			deadline := time.Now().Add(8 * time.Second)
			for ctx.Err() == nil && time.Now().Before(deadline) {
				entries, err := os.ReadDir(dir)
				if err != nil && !os.IsNotExist(err) {
					require.NoError(t, err)
				}
				for _, e := range entries {
					if !strings.HasPrefix(e.Name(), "commsplan-backup-") || checked[e.Name()] {
						continue
					}
					if _, err := backup.Verify(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
						t.Fatalf("%s holds an archive that does not verify: %v", e.Name(), err)
					} else if err == nil {
						checked[e.Name()] = true
					}
				}
				time.Sleep(10 * time.Millisecond)
			}
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("Schedule did not return after its context ended")
			}
			require.Equal(t, runs+1, taken(), "the loop ran %d times in %s", taken(), time.Since(start))

			mu.Lock()
			defer mu.Unlock()
			// Run i starts on the loop's (i+1)-th tick, never sooner; a run
			// longer than the interval delays the next but does not pile up.
			for i, at := range ticks {
				assert.GreaterOrEqual(t, at.Sub(start), time.Duration(i+1)*interval, "run %d", i)
			}
			assert.Equal(t, runs, strings.Count(logs.String(), `msg="scheduled backup" `), logs.String())

			// Pruned to the newest Keep of the completed runs; the run the
			// cancel interrupted left nothing, not even a partial file.
			list, err := d.List()
			require.NoError(t, err)
			var got []string
			for _, b := range list {
				got = append(got, b.Name)
			}
			assert.Equal(t, []string{names[runs-1], names[runs-2]}, got)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Len(t, entries, keep, "only the kept archives remain")
			for _, n := range got {
				m, err := backup.Verify(filepath.Join(dir, n))
				require.NoError(t, err)
				assert.Positive(t, m.Rows())
			}
			// The watcher polls, so on a loaded machine an archive can be
			// written and pruned between two looks: it must have seen at least
			// one, and every one it saw verified.
			assert.NotEmpty(t, checked, "the watcher saw whole archives")
		})
	}
}

// syncWriter lets the loop's logger and the test share a buffer.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

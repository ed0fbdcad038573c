package backup_test

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	"github.com/commsplan/commsplan/plugins/storage/sqlite"
)

// seeded opens a fresh database of the backend with the demo plan.
func seeded(t *testing.T, b storetest.Backend) (store.Store, string) {
	t.Helper()
	dsn := b.DSN(t)
	st := storetest.Open(t, dsn)
	_, err := seed.Run(context.Background(), st, seed.Options{Demo: true})
	require.NoError(t, err)
	return st, dsn
}

// tablesOf lists a database's tables, with the backend's own catalog.
func tablesOf(t *testing.T, b storetest.Backend, dsn string) []string {
	t.Helper()
	var db *sql.DB
	var err error
	// The search indexes (SQLite's FTS5 tables and their shadow tables) are
	// derived from the tables, kept by triggers: not data of their own.
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
	  AND name NOT GLOB '*_search' AND name NOT GLOB '*_search_*'`
	if b.Name == "postgres" {
		db, err = sql.Open("postgres", dsn)
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`
	} else {
		db, err = sql.Open("sqlite", "file:"+sqlite.Path(dsn))
	}
	require.NoError(t, err)
	defer db.Close()
	rows, err := db.Query(q)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		out = append(out, n)
	}
	require.NoError(t, rows.Err())
	sort.Strings(out)
	return out
}

// TestEveryTableIsBackedUpOrNamed fails when a migration adds a table that
// backups neither hold nor name as left out, or moves the schema past
// store.SchemaVersion. (A new column fails Snapshot itself: see
// sqlstore's checkColumns.)
func TestEveryTableIsBackedUpOrNamed(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dsn := b.DSN(t)
			st := storetest.Open(t, dsn)
			want := slices.Clone(store.BackupTables)
			for _, e := range store.BackupExcluded {
				want = append(want, e.Table)
			}
			sort.Strings(want)
			assert.Equal(t, want, tablesOf(t, b, dsn))
			require.NoError(t, st.Snapshot(context.Background(), func(s store.Snapshot) error {
				assert.Equal(t, store.SchemaVersion, s.SchemaVersion(), "the migrations and store.SchemaVersion")
				return nil
			}))
		})
	}
}

func archive(t *testing.T, st store.Store) string {
	t.Helper()
	path, _, err := backup.WriteFile(context.Background(), st, t.TempDir()+"/", backup.Options{Version: "test"})
	require.NoError(t, err)
	return path
}

// parts reads every data part of an archive.
func parts(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	out := map[string][]byte{}
	for _, f := range zr.File {
		if f.Name == backup.ManifestName {
			continue
		}
		r, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(r)
		require.NoError(t, err)
		out[f.Name] = b
	}
	return out
}

// TestRoundTripAcrossBackends restores each backend's archive into the
// other, backs that up again, and compares the data parts byte for byte.
func TestRoundTripAcrossBackends(t *testing.T) {
	ctx := context.Background()
	for _, dir := range [][2]storetest.Backend{{storetest.Backends[0], storetest.Backends[1]}, {storetest.Backends[1], storetest.Backends[0]}} {
		t.Run(dir[0].Name+"-to-"+dir[1].Name, func(t *testing.T) {
			src, _ := seeded(t, dir[0])
			first := archive(t, src)
			m, err := backup.Verify(first)
			require.NoError(t, err)
			assert.Greater(t, m.Rows(), int64(100))

			dst := storetest.Open(t, dir[1].DSN(t))
			before, err := dst.DataVersion(ctx, store.CommunicationsList)
			require.NoError(t, err)
			_, err = backup.Restore(ctx, dst, first, false)
			require.NoError(t, err)
			after, err := dst.DataVersion(ctx, store.CommunicationsList)
			require.NoError(t, err)
			assert.Greater(t, after, before, "a restore moves the data versions")

			second := archive(t, dst)
			assert.Equal(t, parts(t, first), parts(t, second))
			got, err := backup.Digest(ctx, dst)
			require.NoError(t, err)
			assert.Equal(t, m.Tables, got)

			// The activity counter goes on after the restored entries.
			require.NoError(t, dst.CreateTheme(ctx, &domain.Theme{Name: "After the restore", Icon: "fa-star", Color: "blue"}))
			log, err := dst.ListActivity(ctx, 1)
			require.NoError(t, err)
			require.Len(t, log, 1)
			assert.Equal(t, "After the restore", log[0].Label)
		})
	}
}

// rewrite copies an archive, letting edit change or drop (nil) each
// entry's uncompressed content.
func rewrite(t *testing.T, path string, edit func(name string, b []byte) []byte) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		r, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(r)
		require.NoError(t, err)
		if b = edit(f.Name, b); b == nil {
			continue
		}
		w, err := zw.Create(f.Name)
		require.NoError(t, err)
		_, err = w.Write(b)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	out := filepath.Join(t.TempDir(), "edited"+backup.Ext)
	require.NoError(t, os.WriteFile(out, buf.Bytes(), 0o600))
	return out
}

// editManifest rewrites the manifest through fn.
func editManifest(t *testing.T, path string, fn func(m map[string]any)) string {
	return rewrite(t, path, func(name string, b []byte) []byte {
		if name != backup.ManifestName {
			return b
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(b, &m))
		fn(m)
		out, err := json.Marshal(m)
		require.NoError(t, err)
		return out
	})
}

// TestDamagedArchivesAreRefused checks each kind of damage is refused by
// verify and by a restore into either backend, which writes nothing.
func TestDamagedArchivesAreRefused(t *testing.T) {
	ctx := context.Background()
	src, _ := seeded(t, storetest.Backends[0])
	good := archive(t, src)
	raw, err := os.ReadFile(good)
	require.NoError(t, err)

	flipped := func() string {
		zr, err := zip.OpenReader(good)
		require.NoError(t, err)
		defer zr.Close()
		for _, f := range zr.File {
			if f.Name == "data/communications.jsonl" {
				off, err := f.DataOffset()
				require.NoError(t, err)
				b := slices.Clone(raw)
				b[off+int64(f.CompressedSize64)/2] ^= 0x10
				p := filepath.Join(t.TempDir(), "flipped"+backup.Ext)
				require.NoError(t, os.WriteFile(p, b, 0o600))
				return p
			}
		}
		t.Fatal("no communications part")
		return ""
	}()
	truncated := filepath.Join(t.TempDir(), "truncated"+backup.Ext)
	require.NoError(t, os.WriteFile(truncated, raw[:len(raw)*2/3], 0o600))

	cases := map[string]struct {
		path string
		want error
	}{
		"flipped byte": {flipped, backup.ErrDamaged},
		"truncated":    {truncated, backup.ErrDamaged},
		"missing part": {rewrite(t, good, func(name string, b []byte) []byte {
			if name == "data/themes.jsonl" {
				return nil
			}
			return b
		}), backup.ErrDamaged},
		"counts lie": {editManifest(t, good, func(m map[string]any) {
			tables := m["tables"].([]any)
			p := tables[6].(map[string]any) // communications
			p["rows"] = p["rows"].(float64) + 1
		}), backup.ErrDamaged},
		"row changed, manifest not": {rewrite(t, good, func(name string, b []byte) []byte {
			if name == "data/themes.jsonl" {
				return bytes.Replace(b, []byte(`"color":"`), []byte(`"color":"x`), 1)
			}
			return b
		}), backup.ErrDamaged},
		// A damaged byte can leave valid JSON that the store refuses: still
		// damage, not the store's error.
		"row refused, manifest not": {rewrite(t, good, func(name string, b []byte) []byte {
			if name == "data/themes.jsonl" {
				return bytes.Replace(b, []byte(`"id":"`), []byte(`"id":1,"y":"`), 1)
			}
			return b
		}), backup.ErrDamaged},
		"future schema": {editManifest(t, good, func(m map[string]any) {
			m["schemaVersion"] = store.SchemaVersion + 1
		}), store.ErrNewerSchema},
	}
	// One empty database per backend takes every refused restore: it must
	// stay empty through all of them.
	var targets []store.Store
	for _, b := range storetest.Backends {
		targets = append(targets, storetest.Open(t, b.DSN(t)))
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := backup.Verify(c.path)
			require.ErrorIs(t, err, c.want)
			assert.NotContains(t, err.Error(), "\n", "one line")
			for i, dst := range targets {
				_, err := backup.Restore(ctx, dst, c.path, false)
				require.ErrorIs(t, err, c.want, storetest.Backends[i].Name)
				assertEmpty(t, dst)
			}
		})
	}
	// A source whose rows lie to the store is refused by the load's own
	// count check, in the transaction.
	t.Run("store counts", func(t *testing.T) {
		a, err := backup.Open(good)
		require.NoError(t, err)
		defer a.Close()
		for i, dst := range targets {
			err := dst.Restore(ctx, lyingSource{a}, false)
			require.ErrorContains(t, err, "the archive says", storetest.Backends[i].Name)
			assertEmpty(t, dst)
		}
	})
}

// lyingSource says there is one more vehicle than it gives.
type lyingSource struct{ *backup.Archive }

func (l lyingSource) Count(table string) int64 {
	n := l.Archive.Count(table)
	if table == "vehicles" {
		n++
	}
	return n
}

func assertEmpty(t *testing.T, st store.Store) {
	t.Helper()
	d, err := backup.Digest(context.Background(), st)
	require.NoError(t, err)
	for _, p := range d {
		assert.Zero(t, p.Rows, p.Table)
	}
}

// TestRestoreRefusesANonEmptyDatabase checks the refusal and --replace.
func TestRestoreRefusesANonEmptyDatabase(t *testing.T) {
	ctx := context.Background()
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			src, _ := seeded(t, b)
			path := archive(t, src)
			dst := storetest.Open(t, b.DSN(t))
			require.NoError(t, dst.CreateTheme(ctx, &domain.Theme{Name: "Already here", Icon: "fa-star", Color: "blue"}))
			_, err := backup.Restore(ctx, dst, path, false)
			require.ErrorIs(t, err, store.ErrNotEmpty)
			themes, err := dst.ListThemes(ctx)
			require.NoError(t, err)
			require.Len(t, themes, 1)

			_, err = backup.Restore(ctx, dst, path, true)
			require.NoError(t, err)
			want, err := backup.Digest(ctx, src)
			require.NoError(t, err)
			got, err := backup.Digest(ctx, dst)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

// TestBackupUnderWrites takes a backup while writers add communications:
// every write acknowledged before the backup began is in it, none begun
// after it ended is, and it verifies.
func TestBackupUnderWrites(t *testing.T) {
	ctx := context.Background()
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			src, _ := seeded(t, b)
			type write struct {
				id             string
				started, acked time.Time
			}
			var mu sync.Mutex
			var writes []write
			var stop atomic.Bool
			var wg sync.WaitGroup
			var failures atomic.Int64
			for w := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; !stop.Load(); i++ {
						c := &domain.Communication{Title: fmt.Sprintf("burst %d-%d", w, i), Status: "draft"}
						started := time.Now()
						if err := src.CreateCommunication(ctx, c); err != nil {
							failures.Add(1)
							continue
						}
						mu.Lock()
						writes = append(writes, write{c.ID, started, time.Now()})
						mu.Unlock()
					}
				}()
			}
			time.Sleep(300 * time.Millisecond)
			began := time.Now()
			var buf bytes.Buffer
			_, err := backup.Write(ctx, src, &buf, backup.Options{Version: "test"})
			ended := time.Now()
			require.NoError(t, err)
			time.Sleep(200 * time.Millisecond)
			stop.Store(true)
			wg.Wait()
			require.Zero(t, failures.Load())

			path := filepath.Join(t.TempDir(), "burst"+backup.Ext)
			require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o600))
			_, err = backup.Verify(path)
			require.NoError(t, err)
			dst := storetest.Open(t, b.DSN(t))
			_, err = backup.Restore(ctx, dst, path, false)
			require.NoError(t, err)
			list, err := dst.ListCommunications(ctx)
			require.NoError(t, err)
			have := map[string]bool{}
			for _, c := range list {
				have[c.ID] = true
			}
			var before, after, during int
			for _, w := range writes {
				switch {
				case w.acked.Before(began):
					before++
					assert.True(t, have[w.id], "acknowledged before the backup began")
				case w.started.After(ended):
					after++
					assert.False(t, have[w.id], "begun after the backup ended")
				default:
					during++
				}
			}
			t.Logf("writes before %d, during %d, after %d", before, during, after)
			require.NotZero(t, before)
			require.NotZero(t, after)
		})
	}
}

// TestKillDuringBackup kills a backup mid-write (SIGKILL): no archive is
// left under the final name and the database reads as before.
func TestKillDuringBackup(t *testing.T) {
	if os.Getenv("BACKUP_TEST_CHILD") != "" {
		child()
		return
	}
	ctx := context.Background()
	st, dsn := seeded(t, storetest.Backends[0])
	want, err := backup.Digest(ctx, st)
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "plan"+backup.Ext)
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringBackup$")
	cmd.Env = append(os.Environ(), "BACKUP_TEST_CHILD="+dsn+"|"+out)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line := make([]byte, len("writing\n"))
	_, err = io.ReadFull(stdout, line)
	require.NoError(t, err, "the child did not start writing")
	partial, _ := filepath.Glob(filepath.Join(filepath.Dir(out), backup.TempPrefix+"*"))
	require.Len(t, partial, 1, "the archive is being written under a temporary name")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()

	_, err = os.Stat(out)
	assert.True(t, errors.Is(err, os.ErrNotExist), "no archive under the final name")
	got, err := backup.Digest(ctx, st)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// child writes a backup and stops for good in the middle of it, after
// telling the parent.
func child() {
	dsn, out, _ := strings.Cut(os.Getenv("BACKUP_TEST_CHILD"), "|")
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		panic(err)
	}
	var once sync.Once
	_, _, err = backup.WriteFile(context.Background(), st, out, backup.Options{Progress: func(backup.Progress) {
		once.Do(func() {
			os.Stdout.WriteString("writing\n")
			time.Sleep(time.Hour) // until killed
		})
	}})
	panic(fmt.Sprint("the backup ended: ", err))
}

package backup_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// BenchmarkScaleSQLite times a backup and a restore of the five-year scale
// dataset (seed.FiveYears on top of the demo plan) on SQLite; the targets
// are 30 s and 60 s (docs/performance.md). Seeding takes a minute or more
// and is not timed. Run it alone:
//
//	go test -run '^$' -bench BenchmarkScaleSQLite -benchtime 1x ./pkg/backup/
func BenchmarkScaleSQLite(b *testing.B) {
	ctx := context.Background()
	src := storetest.Open(b, storetest.SQLiteDSN(b))
	start := time.Now()
	if _, err := seed.Run(ctx, src, seed.Options{Demo: true}); err != nil {
		b.Fatal(err)
	}
	if _, err := seed.Scale(ctx, src, seed.ScaleOptions{}); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded the scale dataset in %s", time.Since(start).Round(time.Millisecond))
	dir := b.TempDir()
	var path string
	b.Run("backup", func(b *testing.B) {
		for b.Loop() {
			p, m, err := backup.WriteFile(ctx, src, dir+"/", backup.Options{Version: "bench"})
			if err != nil {
				b.Fatal(err)
			}
			path = p
			fi, _ := os.Stat(p)
			b.ReportMetric(float64(m.Rows()), "rows")
			b.ReportMetric(float64(fi.Size())/1e6, "MB")
		}
	})
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			if _, err := backup.Verify(path); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("restore", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			dst, err := store.Open(ctx, filepath.Join(b.TempDir(), "restored.db"))
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := backup.Restore(ctx, dst, path, false); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			dst.Close()
			b.StartTimer()
		}
	})
}

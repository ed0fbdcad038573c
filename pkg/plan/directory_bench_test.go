package plan

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// hrExport writes an HR export of n employees, every tenth changed when
// variant is not 0 (a new job title), the way a real export looks: a BOM,
// quoted names with commas, US dates and a few further columns.
func hrExport(n, variant int) []byte {
	var b bytes.Buffer
	b.WriteString("\ufeffEmployee ID,Full Name,Email,Division,Location,Department,Job Title,Level,Employee Type,Manager ID,Hire Date,Time Zone,Language,Cost Centre\r\n")
	divisions := []string{"SFB - California", "TFS - Florida", "BFA - Massachusetts", "ATF - Georgia", "Corporate"}
	locations := []string{"California", "Florida", "Massachusetts", "Georgia", "Texas"}
	zones := []string{"America/Los_Angeles", "America/New_York", "America/New_York", "America/New_York", "America/Chicago"}
	for i := range n {
		title := "Fire Alarm Technician"
		if variant != 0 && i%10 == 0 {
			title = fmt.Sprintf("Senior Technician %d", variant)
		}
		d := i % len(divisions)
		fmt.Fprintf(&b, "E%06d,\"Person, Number %d\",person.%d@example.com,%s,%s,Service,%s,Individual Contributor,Full-time,E%06d,%d/%d/20%02d,%s,en-US,CC-%d\r\n",
			i, i, i, divisions[d], locations[d], title, i/10, 1+i%12, 1+i%28, 10+i%15, zones[d], i%100)
	}
	return b.Bytes()
}

// BenchmarkImportDirectory50k imports a 50,000-row HR export into a fresh
// SQLite directory (create), then the same file (unchanged) and a file with
// a tenth changed (update), reporting the peak heap in use over each. The
// target is 30 s for the first import (docs/performance.md). Run it alone:
//
//	go test -run '^$' -bench BenchmarkImportDirectory50k -benchtime 1x ./pkg/plan/
func BenchmarkImportDirectory50k(b *testing.B) {
	const n = 50_000
	first, changed := hrExport(n, 0), hrExport(n, 1)
	b.Logf("the export is %.1f MiB", float64(len(first))/(1<<20))
	ctx := actor.With(context.Background(), actor.Terminal)
	for _, step := range []struct {
		name string
		file []byte
		want func(DirectoryImport) bool
	}{
		{"create", first, func(r DirectoryImport) bool { return r.Created == n }},
		{"unchanged", first, func(r DirectoryImport) bool { return r.Unchanged == n }},
		{"update", changed, func(r DirectoryImport) bool { return r.Updated == n/10 }},
	} {
		b.Run(step.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				st := storetest.Open(b, storetest.SQLiteDSN(b))
				p := New(st)
				if step.name != "create" {
					if _, err := p.ImportDirectory(ctx, bytes.NewReader(first), DirectoryImportOptions{}); err != nil {
						b.Fatal(err)
					}
				}
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				var peak atomic.Uint64
				stop := make(chan struct{})
				go func() {
					t := time.NewTicker(5 * time.Millisecond)
					defer t.Stop()
					for {
						var m runtime.MemStats
						runtime.ReadMemStats(&m)
						if m.HeapInuse > peak.Load() {
							peak.Store(m.HeapInuse)
						}
						select {
						case <-stop:
							return
						case <-t.C:
						}
					}
				}()
				cpu0 := cpuTime()
				b.StartTimer()
				res, err := p.ImportDirectory(ctx, bytes.NewReader(step.file), DirectoryImportOptions{})
				b.StopTimer()
				b.ReportMetric((cpuTime() - cpu0).Seconds(), "cpu-s")
				close(stop)
				if err != nil {
					b.Fatal(err)
				}
				if !step.want(res) {
					b.Fatalf("unexpected result %+v", res)
				}
				b.ReportMetric(float64(peak.Load()-min(peak.Load(), base.HeapInuse))/(1<<20), "MiB-peak-heap")
				b.StartTimer()
			}
		})
	}
}

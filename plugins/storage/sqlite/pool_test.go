package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// BenchmarkWriteUnderReads times single writes (a theme rename, one
// transaction) while eight readers list themes and content without pause,
// the worst case of a list cache that always misses, for several read pool
// sizes and WAL auto-checkpoint thresholds. It reports the writes' p50 and
// p99 and the readers' lists per second.
func BenchmarkWriteUnderReads(b *testing.B) {
	for _, pool := range []int{1, 2, 4, 8} {
		for _, ckpt := range []int{1000, 10000} {
			b.Run(fmt.Sprintf("readconns=%d/autocheckpoint=%d", pool, ckpt), func(b *testing.B) {
				ctx := context.Background()
				s, err := open(ctx, filepath.Join(b.TempDir(), "b.db"), store.Options{QueryTimeout: time.Minute}, tuning{readConns: pool, checkpoint: ckpt})
				require.NoError(b, err)
				defer s.Close()
				var themes []domain.Theme
				require.NoError(b, s.InTx(ctx, func(tx store.Store) error {
					for i := range 300 {
						th := domain.Theme{Name: fmt.Sprintf("Theme %d", i), Description: "d"}
						if err := tx.CreateTheme(ctx, &th); err != nil {
							return err
						}
						themes = append(themes, th)
						for j := range 5 {
							q := domain.Question{ThemeID: th.ID, Question: fmt.Sprintf("Q %d.%d", i, j)}
							if err := tx.CreateQuestion(ctx, &q); err != nil {
								return err
							}
							c := domain.Content{Title: "c", Content: "body", Type: "text", QuestionIDs: []string{q.ID}}
							if err := tx.CreateContent(ctx, &c); err != nil {
								return err
							}
						}
					}
					return nil
				}))
				stop := make(chan struct{})
				var lists atomic.Int64
				var wg sync.WaitGroup
				for range 8 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for {
							select {
							case <-stop:
								return
							default:
							}
							if _, err := s.ListThemes(ctx); err != nil {
								b.Error(err)
								return
							}
							if _, err := s.ListContent(ctx); err != nil {
								b.Error(err)
								return
							}
							lists.Add(2)
						}
					}()
				}
				lat := make([]time.Duration, 0, b.N)
				start := time.Now()
				i := 0
				for b.Loop() {
					th := themes[i%len(themes)]
					th.Name = fmt.Sprintf("Renamed %d", i)
					t0 := time.Now()
					require.NoError(b, s.UpdateTheme(ctx, &th))
					lat = append(lat, time.Since(t0))
					i++
				}
				elapsed := time.Since(start)
				close(stop)
				wg.Wait()
				slices.Sort(lat)
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
				b.ReportMetric(float64(lists.Load())/elapsed.Seconds(), "lists/s")
			})
		}
	}
}

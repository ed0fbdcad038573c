package schedule_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// BenchmarkExport times the schedule export of 20,000 scheduled
// communications on SQLite ("stream in ≤ 1 s and in bounded
// memory"), streamed (ExportTo, what the API, the feeds and the CLI run) and,
// as the baseline in the same run, built whole in memory as before
// (ListCommunications, ListCampaigns, Export). Besides ns/op and B/op it
// reports peak-heap-MB: the most the live heap grew over its level before
// the export, sampled every 100 µs. "+campaigns" adds the 500 saved
// campaigns' 65,000 activities of the five-year dataset, whose campaigns
// all run over the same quarter; "+spread-campaigns" runs them one after
// another over the five years (a wave every 3.5 days, about 24 under way at
// a time), on a second store with the same communications.
//
//	go test ./pkg/schedule -run '^$' -bench Export -benchtime 3x
func BenchmarkExport(b *testing.B) {
	ctx := context.Background()
	// Seeding under a shared machine's load can pass the default statement
	// timeout; the exports themselves are measured, not bounded.
	open := func(b *testing.B) store.Store {
		return storetest.OpenWith(b, storetest.SQLiteDSN(b), store.Options{QueryTimeout: 10 * time.Minute})
	}
	st := open(b)
	scaleExportPlan(b, st, 20000)
	var spread store.Store
	parent := b // the second store lives as long as the whole benchmark
	for _, format := range []string{schedule.FormatICS, schedule.FormatCSV, schedule.FormatJSON, schedule.FormatICS + "+campaigns",
		schedule.FormatICS + "+spread-campaigns"} {
		name, variant, _ := strings.Cut(format, "+")
		opt := schedule.ExportOptions{Format: name, IncludeCampaigns: variant != ""}
		src := st
		stores := func(b *testing.B) store.Store {
			if variant == "spread-campaigns" {
				if spread == nil {
					spread = open(parent)
					scaleExportPlan(b, spread, 20000)
					spreadOut(b, spread)
				}
				return spread
			}
			return src
		}
		b.Run(format+"/stream", func(b *testing.B) {
			st := stores(b)
			measure(b, func() error { return schedule.ExportTo(ctx, io.Discard, plan.ScheduleSource(st), opt) })
		})
		b.Run(format+"/whole", func(b *testing.B) {
			st := stores(b)
			measure(b, func() error {
				comms, err := st.ListCommunications(ctx)
				if err != nil {
					return err
				}
				var camps []domain.Campaign
				if opt.IncludeCampaigns {
					if camps, err = st.ListCampaigns(ctx); err != nil {
						return err
					}
				}
				body, err := schedule.Export(comms, camps, opt)
				if err == nil {
					_, err = io.Discard.Write(body)
				}
				return err
			})
		})
	}
}

// spreadOut moves the i-th campaign (oldest first) and its activities
// 3.5·i days later, so the 500 run one after another over five years.
func spreadOut(b *testing.B, st store.Store) {
	ctx := context.Background()
	camps, err := st.ListCampaigns(ctx)
	require.NoError(b, err)
	shift := func(date string, days int) string {
		d, err := time.Parse(time.DateOnly, date)
		require.NoError(b, err)
		return d.AddDate(0, 0, days).Format(time.DateOnly)
	}
	for i, c := range camps {
		days := (len(camps) - 1 - i) * 7 / 2
		var s campaign.Schedule
		require.NoError(b, json.Unmarshal(c.Schedule, &s))
		s.StartDate, s.EndDate = shift(s.StartDate, days), shift(s.EndDate, days)
		for j := range s.Activities {
			s.Activities[j].Date = shift(s.Activities[j].Date, days)
		}
		for p := range s.Phases {
			for j := range s.Phases[p].Activities {
				s.Phases[p].Activities[j].Date = shift(s.Phases[p].Activities[j].Date, days)
			}
		}
		c.Schedule, err = json.Marshal(s)
		require.NoError(b, err)
		require.NoError(b, st.UpdateCampaign(ctx, &c))
	}
}

// measure runs op b.N times and reports its peak heap growth and the CPU
// time the process spent per op (cpu-ms/op: on a shared machine the wall
// time follows the other loads, the CPU time much less).
func measure(b *testing.B, op func() error) {
	b.ReportAllocs()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	var peak uint64
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		base := heap()
		var top atomic.Uint64
		done := make(chan struct{})
		go func() {
			t := time.NewTicker(100 * time.Microsecond)
			defer t.Stop()
			for {
				if h := heap(); h > top.Load() {
					top.Store(h)
				}
				select {
				case <-done:
					return
				case <-t.C:
				}
			}
		}()
		b.StartTimer()
		cpu0 := processCPU()
		err := op()
		cpu += processCPU() - cpu0
		b.StopTimer()
		close(done)
		if h := heap(); h > top.Load() {
			top.Store(h)
		}
		if err != nil {
			b.Fatal(err)
		}
		if top.Load() > base {
			peak = max(peak, top.Load()-base)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// scaleExportPlan writes the five-year dataset's reference data and 500
// campaigns, and n scheduled communications over five years: dates and
// instants, with theme, audience and vehicle.
func scaleExportPlan(b *testing.B, st store.Store, n int) {
	ctx := context.Background()
	_, err := seed.Scale(ctx, st, seed.ScaleOptions{Size: seed.ScaleSize{Campaigns: 500, Themes: 200, QuestionsPerTheme: 1,
		Audiences: 60, Vehicles: 40}})
	require.NoError(b, err)
	themes, err := st.ListThemes(ctx)
	require.NoError(b, err)
	auds, err := st.ListAudiences(ctx)
	require.NoError(b, err)
	vehs, err := st.ListVehicles(ctx)
	require.NoError(b, err)
	rng := rand.New(rand.NewPCG(1, 2))
	start := time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)
	for lo := 0; lo < n; lo += 1000 {
		cs := make([]*domain.Communication, min(1000, n-lo))
		for i := range cs {
			at := start.AddDate(0, 0, rng.IntN(5*365))
			date := at.Format(time.DateOnly)
			if rng.IntN(10) < 3 {
				date = at.Add(time.Duration(rng.IntN(24*4)) * 15 * time.Minute).Format(time.RFC3339)
			}
			cs[i] = &domain.Communication{Title: fmt.Sprintf("Communication %d: what changes this week", lo+i),
				Status: domain.StatusScheduled, ScheduledDate: date, ThemeID: themes[rng.IntN(len(themes))].ID,
				AudienceID: auds[rng.IntN(len(auds))].ID, VehicleID: vehs[rng.IntN(len(vehs))].ID,
				RawContent: strings.Repeat("Plain words on the change, the dates and where to get help. ", 4)}
		}
		require.NoError(b, st.CreateCommunications(ctx, cs))
	}
}

package plan_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	sched "github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestScheduleInputSpan: the warnings of a range, worked out from only the
// communications of schedule.Span, equal the ones worked out
// from every communication, and so do a candidate's preview warnings; a
// month reads a small part of the schedule. The plan is a scale dataset
// (five years of communications, blackouts) plus communications at instants
// near midnight and without an audience, read in several zones. With
// COMMSPLAN_SCALE_TEST=1 it is the full five-year dataset on SQLite.
func TestScheduleInputSpan(t *testing.T) {
	size := seed.ScaleSize{Communications: 1500, Themes: 2, QuestionsPerTheme: 1, Content: 1, Audiences: 4, Vehicles: 2, Blackouts: 25}
	backends := storetest.Backends
	if os.Getenv("COMMSPLAN_SCALE_TEST") == "1" {
		size, backends = seed.FiveYears, backends[:1]
	}
	for _, b := range backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, b.DSN(t))
			_, err := seed.Scale(ctx, st, seed.ScaleOptions{Size: size})
			require.NoError(t, err)
			auds, err := st.ListAudiences(ctx)
			require.NoError(t, err)
			// Instants either side of midnight in the zones below, some for everyone.
			for i, at := range []string{"2027-03-07T23:30:00Z", "2027-03-08T00:30:00Z", "2028-02-29T11:15:00Z", "2028-02-29T12:45:00Z",
				"2029-06-30T22:10:00Z", "2029-07-01T03:00:00Z", "2030-12-31T23:59:00Z", "2031-01-01T00:01:00Z"} {
				for j := range 4 {
					c := domain.Communication{Title: fmt.Sprintf("Edge %d.%d", i, j), Status: domain.StatusScheduled, ScheduledDate: at}
					if j > 0 {
						c.AudienceID = auds[j%len(auds)].ID
					}
					require.NoError(t, st.CreateCommunication(ctx, &c))
				}
			}
			all, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			blackouts, err := st.ListBlackouts(ctx)
			require.NoError(t, err)
			p := plan.New(st)
			const limit = 2
			day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
			ranges := [][2]string{{"2027-03-01", "2027-03-31"}, {"2028-02-26", "2028-04-08"}, {"2029-06-30", "2029-07-01"},
				{"2030-12-29", "2031-01-02"}, {"2029-01-01", ""}, {"", "2027-06-30"}, {"", ""}}
			// A day at either end of a blackout: its warning counts days beyond the day's week.
			for _, b := range blackouts[:8] {
				ranges = append(ranges, [2]string{b.StartDate, b.StartDate}, [2]string{b.EndDate, b.EndDate})
			}
			compared := 0
			for _, zone := range []string{"UTC", "Europe/Paris", "Pacific/Auckland", "America/Los_Angeles"} {
				loc, err := time.LoadLocation(zone)
				require.NoError(t, err)
				for _, r := range ranges {
					from, to := day(r[0]), day(r[1])
					want := sched.Warnings(sched.Input{Communications: all, Audiences: auds, Blackouts: blackouts,
						Limit: limit, Loc: loc, From: from, To: to})
					in, err := p.ScheduleInput(ctx, limit, loc, from, to)
					require.NoError(t, err)
					assert.Equal(t, want, sched.Warnings(in), "%s %v", zone, r)
					if r[0] != "" && r[1] != "" {
						compared += len(want)
						assert.Less(t, len(in.Communications), len(all)/10, "%s %v: a range reads its span only", zone, r)
					}
				}
				warned := 0
				full := sched.Input{Communications: all, Audiences: auds, Blackouts: blackouts, Limit: limit, Loc: loc}
				for i, cand := range []domain.Communication{
					{Status: domain.StatusScheduled, ScheduledDate: "2027-03-08", AudienceID: auds[1].ID},
					{Status: domain.StatusScheduled, ScheduledDate: "2029-06-30T22:30:00Z"},
					{ID: all[3].ID, Status: domain.StatusScheduled, ScheduledDate: blackouts[4].StartDate, AudienceID: blackouts[4].AudienceIDs[0]},
					{ID: all[5].ID, Status: domain.StatusDraft, ScheduledDate: "2028-02-29"},
				} {
					got, _, err := p.PreviewWarnings(ctx, limit, loc, cand)
					require.NoError(t, err)
					want := sched.Preview(full, cand)
					assert.Equal(t, want, got, "%s candidate %d", zone, i)
					if len(want) > 0 {
						warned++
					}
				}
				assert.GreaterOrEqual(t, warned, 2, "%s: candidates with warnings to compare", zone)
			}
			assert.Greater(t, compared, 40, "the ranges have warnings to compare")
		})
	}
}

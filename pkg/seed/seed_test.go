package seed_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

var now = time.Date(2025, 3, 10, 9, 30, 0, 0, time.UTC)

func eachBackend(t *testing.T, fn func(t *testing.T, s store.Store)) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			fn(t, storetest.Open(t, b.DSN(t)))
		})
	}
}

func TestDefaultSeed(t *testing.T) {
	eachBackend(t, func(t *testing.T, s store.Store) {
		ctx := context.Background()
		d := orgdata.Load()
		r, err := seed.Run(ctx, s, seed.Options{Now: now})
		require.NoError(t, err)
		assert.False(t, r.Demo)
		assert.Equal(t, []seed.Count{
			{Kind: seed.KindAudiences, Inserted: len(d.Divisions)},
			{Kind: seed.KindVehicles, Inserted: 17},
		}, r.Counts)

		audiences, err := s.ListAudiences(ctx)
		require.NoError(t, err)
		require.Len(t, audiences, len(d.Divisions))
		sum := 0
		for _, a := range audiences {
			sum += a.ContactCount
			div, ok := d.Division(a.Name)
			require.True(t, ok, "audience %q is not a division", a.Name)
			assert.Equal(t, div.Count, a.ContactCount, a.Name)
			assert.Equal(t, []string{div.Label}, a.Divisions)
			assert.Equal(t, []string{div.Location}, a.Locations)
			assert.Equal(t, "general", a.AudienceType)
			assert.Equal(t, "organization", a.TargetingScope)
		}
		assert.Equal(t, 1933, sum)

		vehicles, err := s.ListVehicles(ctx)
		require.NoError(t, err)
		require.Len(t, vehicles, 17)
		byType := map[string]domain.Vehicle{}
		for _, v := range vehicles {
			byType[v.Type] = v
		}
		for _, vt := range domain.VehicleTypes {
			v, ok := byType[vt.Type]
			if assert.True(t, ok, vt.Type) {
				assert.Equal(t, vt.Label, v.Name)
				assert.Equal(t, vt.DefaultSettings, v.Settings)
				assert.Equal(t, vt.DefaultStrategy, v.CommunicationStrategy)
				assert.Equal(t, vt.PreferredGenerations, v.PreferredGenerations)
			}
		}

		themes, err := s.ListThemes(ctx)
		require.NoError(t, err)
		assert.Empty(t, themes, "the default seed loads no demo plan")
	})
}

func TestDemoSeedIsIdempotent(t *testing.T) {
	eachBackend(t, func(t *testing.T, s store.Store) {
		ctx := context.Background()
		var steps []seed.Step
		first, err := seed.Run(ctx, s, seed.Options{Demo: true, Now: now, Progress: func(st seed.Step) { steps = append(steps, st) }})
		require.NoError(t, err)
		assert.True(t, first.Demo)
		assert.Zero(t, first.Skipped())
		for _, kind := range []string{seed.KindAudiences, seed.KindVehicles, seed.KindThemes, seed.KindQuestions, seed.KindContent, seed.KindCommunications, seed.KindDirectory} {
			assert.Positive(t, first.Count(kind).Inserted, kind)
		}
		require.NotEmpty(t, steps)
		assert.Equal(t, first.Inserted(), len(steps), "one progress step per record")
		last := steps[len(steps)-1]
		assert.Equal(t, seed.Step{Kind: seed.KindDirectory, Done: last.Total, Total: last.Total}, last)

		before := snapshot(t, s)

		second, err := seed.Run(ctx, s, seed.Options{Demo: true, Now: now.AddDate(0, 0, 3)})
		require.NoError(t, err)
		assert.Zero(t, second.Inserted(), "second run inserts nothing")
		assert.Equal(t, first.Inserted(), second.Skipped())
		assert.Equal(t, before, snapshot(t, s), "second run changes nothing")

		// Without --demo, a run after a demo run skips what it owns.
		third, err := seed.Run(ctx, s, seed.Options{})
		require.NoError(t, err)
		assert.Zero(t, third.Inserted())
		assert.Equal(t, first.Count(seed.KindAudiences).Inserted+17, third.Skipped())
	})
}

func TestDemoPlan(t *testing.T) {
	s := storetest.Open(t, storetest.SQLiteDSN(t))
	ctx := context.Background()
	_, err := seed.Run(ctx, s, seed.Options{Demo: true, Now: now})
	require.NoError(t, err)

	themes, err := s.ListThemes(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, themes)
	for _, th := range themes {
		assert.Positive(t, th.QuestionCount, th.Name)
		assert.Positive(t, th.ContentCount, "%s has content linked to its questions", th.Name)
		assert.Contains(t, domain.ThemeIcons, th.Icon)
	}

	content, err := s.ListContent(ctx)
	require.NoError(t, err)
	for _, c := range content {
		assert.NotEmpty(t, c.QuestionIDs, c.Title)
	}

	comms, err := s.ListCommunications(ctx)
	require.NoError(t, err)
	statuses := map[string]int{}
	today := now.Format(time.DateOnly)
	horizon := now.AddDate(0, 0, 56).Format(time.DateOnly)
	for _, c := range comms {
		statuses[c.Status]++
		require.NotNil(t, c.Theme, c.Title)
		require.NotNil(t, c.Vehicle, c.Title)
		assert.NotEmpty(t, c.SelectedQuestions, c.Title)
		switch c.Status {
		case domain.StatusScheduled:
			assert.Regexp(t, `^\d{4}-\d{2}-\d{2}$`, c.ScheduledDate)
			assert.Greater(t, c.ScheduledDate, today, "%s is in the future", c.Title)
			assert.LessOrEqual(t, c.ScheduledDate, horizon, "%s is within eight weeks", c.Title)
		case domain.StatusSent:
			assert.Less(t, c.ScheduledDate, today, "%s was sent in the past", c.Title)
		case domain.StatusDraft:
			assert.Empty(t, c.ScheduledDate, c.Title)
		}
	}
	assert.Positive(t, statuses[domain.StatusDraft])
	assert.Positive(t, statuses[domain.StatusScheduled])
	assert.Positive(t, statuses[domain.StatusSent])
}

func TestSeedKeepsUserChangesAndFillsGaps(t *testing.T) {
	s := storetest.Open(t, storetest.SQLiteDSN(t))
	ctx := context.Background()
	_, err := seed.Run(ctx, s, seed.Options{Demo: true, Now: now})
	require.NoError(t, err)

	// The user edits one audience and deletes a vehicle and a theme.
	audiences, err := s.ListAudiences(ctx)
	require.NoError(t, err)
	edited := audiences[0]
	edited.ContactCount = 7
	require.NoError(t, s.UpdateAudience(ctx, &edited))
	vehicles, err := s.ListVehicles(ctx)
	require.NoError(t, err)
	require.NoError(t, s.DeleteVehicle(ctx, vehicles[0].ID))
	themes, err := s.ListThemes(ctx)
	require.NoError(t, err)
	require.NoError(t, s.DeleteTheme(ctx, themes[0].ID))

	r, err := seed.Run(ctx, s, seed.Options{Demo: true, Now: now})
	require.NoError(t, err)
	assert.Equal(t, 0, r.Count(seed.KindAudiences).Inserted)
	assert.Equal(t, 1, r.Count(seed.KindVehicles).Inserted)
	assert.Equal(t, 1, r.Count(seed.KindThemes).Inserted)
	assert.Equal(t, themes[0].QuestionCount, r.Count(seed.KindQuestions).Inserted, "the deleted theme's questions come back")
	assert.Zero(t, r.Count(seed.KindCommunications).Inserted)

	got, err := s.GetAudience(ctx, edited.ID)
	require.NoError(t, err)
	assert.Equal(t, 7, got.ContactCount, "seeding never overwrites")
}

func TestSeedIsOneTransaction(t *testing.T) {
	eachBackend(t, func(t *testing.T, s store.Store) {
		// Cancel the run once the vehicles are in: the next store call fails
		// and everything inserted before it must be rolled back.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		_, err := seed.Run(ctx, s, seed.Options{Demo: true, Now: now, Progress: func(st seed.Step) {
			if st.Kind == seed.KindVehicles && st.Done == st.Total {
				cancel()
			}
		}})
		require.Error(t, err)

		bg := context.Background()
		audiences, err := s.ListAudiences(bg)
		require.NoError(t, err)
		assert.Empty(t, audiences, "audiences inserted before the failure were rolled back")
		vehicles, err := s.ListVehicles(bg)
		require.NoError(t, err)
		assert.Empty(t, vehicles)
	})
}

type stored struct {
	Audiences      []domain.Audience
	Vehicles       []domain.Vehicle
	Themes         []domain.Theme
	Questions      []domain.Question
	Content        []domain.Content
	Communications []domain.Communication
}

func snapshot(t *testing.T, s store.Store) stored {
	t.Helper()
	ctx := context.Background()
	var out stored
	var err error
	out.Audiences, err = s.ListAudiences(ctx)
	require.NoError(t, err)
	out.Vehicles, err = s.ListVehicles(ctx)
	require.NoError(t, err)
	out.Themes, err = s.ListThemes(ctx)
	require.NoError(t, err)
	out.Questions, err = s.ListQuestions(ctx, store.QuestionFilter{})
	require.NoError(t, err)
	out.Content, err = s.ListContent(ctx)
	require.NoError(t, err)
	out.Communications, err = s.ListCommunications(ctx)
	require.NoError(t, err)
	return out
}

func BenchmarkSeedDemo(b *testing.B) {
	for _, be := range storetest.Backends {
		b.Run(be.Name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s := storetest.Open(b, be.DSN(b))
				b.StartTimer()
				_, err := seed.Run(context.Background(), s, seed.Options{Demo: true, Now: now})
				require.NoError(b, err)
			}
		})
	}
}

// TestScaleSmall writes a small scale dataset and checks every kind landed.
func TestScaleSmall(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	size := seed.ScaleSize{Communications: 30, Campaigns: 2, Content: 5, Themes: 3, QuestionsPerTheme: 2, Audiences: 2, Vehicles: 2,
		Blackouts: 2, ChecklistSnapshots: 3}
	report, err := seed.Scale(ctx, st, seed.ScaleOptions{Size: size})
	require.NoError(t, err)
	assert.Equal(t, 30+2+5+3+6+2+2+2+3, report.Inserted())
	comms, err := st.ListCommunications(ctx)
	require.NoError(t, err)
	require.Len(t, comms, 30)
	statuses := map[string]bool{}
	for _, c := range comms {
		statuses[c.Status] = true
	}
	assert.Len(t, statuses, len(domain.CommunicationStatuses), "every status")
	camps, err := st.ListCampaigns(ctx)
	require.NoError(t, err)
	require.Len(t, camps, 2)
	var sched struct{ Activities []json.RawMessage }
	require.NoError(t, json.Unmarshal(camps[0].Schedule, &sched))
	assert.InDelta(t, 130, len(sched.Activities), 30, "about 130 activities")
	hist, err := st.ListChecklistHistory(ctx)
	require.NoError(t, err)
	assert.Len(t, hist, 3)
}

// TestDemoDirectoryMatchesTheDataset: seed --demo loads a directory whose
// active totals per division, location, level and role group are the
// dataset's exactly, and whose every entry is valid; a second run adds
// nothing.
func TestDemoDirectoryMatchesTheDataset(t *testing.T) {
	ctx := context.Background()
	d := orgdata.Load()
	all := seed.DemoDirectory(d)
	require.Len(t, all, d.TotalEmployees)
	count := func(key func(domain.Employee) string) map[string]int {
		out := map[string]int{}
		for _, e := range all {
			out[key(e)]++
		}
		return out
	}
	divs, locs, levels, groups := count(func(e domain.Employee) string { return e.Division }),
		count(func(e domain.Employee) string { return e.Location }), count(func(e domain.Employee) string { return e.Level }),
		count(func(e domain.Employee) string { return e.RoleGroup })
	for _, x := range d.Divisions {
		assert.Equal(t, x.Count, divs[x.Label], x.Label)
	}
	for _, x := range d.Locations {
		assert.Equal(t, x.Count, locs[x.Label], x.Label)
	}
	for _, x := range d.Levels {
		assert.Equal(t, x.Count, levels[x.Label], x.Label)
	}
	for _, x := range d.RoleGroups {
		assert.Equal(t, x.Count, groups[x.Label], x.Label)
	}
	ids := map[string]bool{}
	for _, e := range all {
		require.NoError(t, e.Validate(), e.EmployeeID)
		assert.NotEmpty(t, e.Timezone, e.EmployeeID)
		assert.True(t, strings.HasSuffix(e.Email, "@example.com"))
		ids[e.EmployeeID] = true
	}
	assert.Len(t, ids, len(all))

	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			_, err := seed.Run(ctx, st, seed.Options{Demo: true})
			require.NoError(t, err)
			status, err := st.DirectoryStatus(ctx)
			require.NoError(t, err)
			assert.Equal(t, d.TotalEmployees, status.Active)
			// Every seeded division audience counts its head count live.
			p := plan.New(st)
			list, err := p.Audiences(ctx)
			require.NoError(t, err)
			for _, a := range list {
				div, ok := d.Division(a.Name)
				require.True(t, ok, a.Name)
				assert.Equal(t, div.Count, a.ContactCount, a.Name)
			}
			again, err := seed.Run(ctx, st, seed.Options{Demo: true})
			require.NoError(t, err)
			assert.Equal(t, 0, again.Count(seed.KindDirectory).Inserted)
			assert.Equal(t, d.TotalEmployees, again.Count(seed.KindDirectory).Skipped)
		})
	}
}

package campaign

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign/check"
)

// stepDates returns the first date of each step before go-live, in the
// catalogue's order (zero when a step is missing).
func stepDates(s *Schedule) []time.Time {
	var out []time.Time
	for _, st := range loadCatalogue().BeforeGoLive {
		var first time.Time
		for _, a := range s.Activities {
			if check.Matches(st.Step, check.Activity{Title: a.Title}) {
				if d := day(a.Date); first.IsZero() || d.Before(first) {
					first = d
				}
			}
		}
		out = append(out, first)
	}
	return out
}

func TestLeadTimeCompressesTheSteps(t *testing.T) {
	cases := []struct {
		name, start, goLive string
		distinct            bool // one step a day: as many business days as steps
	}{
		{"go-live in week 3", "2026-01-05", "2026-01-26", true},
		{"go-live in week 2", "2026-01-05", "2026-01-13", true},
		{"fewer days than steps", "2026-01-05", "2026-01-08", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := validConfig()
			cfg.CampaignName = "ERP Go-Live"
			cfg.StartDate, cfg.EndDate = c.start, "2026-04-03"
			cfg.CampaignTypes = []string{TypeTechnologyImplementation}
			cfg.GoLiveDate = c.goLive
			cfg.HolidayCalendar = "us"
			s := mustGenerate(t, cfg)
			goLive := day(c.goLive)
			dates := stepDates(s)
			for i, d := range dates {
				step := loadCatalogue().BeforeGoLive[i].Step
				require.False(t, d.IsZero(), "%s missing", step)
				assert.True(t, !d.Before(day(c.start)) && d.Before(goLive), "%s on %s", step, d)
				assert.True(t, d.Weekday() != time.Saturday && d.Weekday() != time.Sunday, "%s on %s", step, d)
				if i > 0 {
					assert.False(t, d.Before(dates[i-1]), "%s before the step listed before it", step)
					if c.distinct {
						assert.True(t, d.After(dates[i-1]), "%s shares a day while days are left", step)
					}
				}
			}
			// The count is the seeds': the steps took the place of other work.
			assert.Equal(t, BaseActivityCount(Span(day(c.start), day(s.EndDate)), cfg.Urgency)+2, s.TotalActivities)
			compressed := 0
			for _, w := range s.Warnings {
				if assert.NotContains(t, w, "Nothing titled") && assert.NotContains(t, w, "comes after") {
					if check.Matches("so they are compressed", check.Activity{Title: w}) {
						compressed++
					}
				}
			}
			assert.Equal(t, 1, compressed, "one compression warning: %v", s.Warnings)
			assert.Zero(t, check.Errors(CheckSchedule(s)))
		})
	}
}

func TestLeadTimeKeepsTheCapWherePossible(t *testing.T) {
	cfg := validConfig()
	cfg.StartDate, cfg.EndDate = "2026-01-05", "2026-04-03"
	cfg.CampaignTypes = []string{TypeTechnologyImplementation}
	cfg.GoLiveDate = "2026-01-26"
	cfg.Audiences = []string{"employees"}
	s := mustGenerate(t, cfg)
	// Five steps for employees in three weeks fit a cap of 3 a week: the
	// steps never make a week over it.
	perWeek := map[string]int{}
	for _, a := range s.Activities {
		if isStep(loadCatalogue(), a.Title) {
			y, w := day(a.Date).ISOWeek()
			perWeek[time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*w).Format(DateLayout)]++
		}
	}
	for wk, n := range perWeek {
		assert.LessOrEqual(t, n, 3, "week %s", wk)
	}
}

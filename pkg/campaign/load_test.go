package campaign

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/load"
)

// loadWarnings returns the warnings that name one audience's week over the
// cap, and the one that says the count cannot fit it.
func loadWarnings(s *Schedule) (perWeek []string, overCapacity []string) {
	for _, w := range s.Warnings {
		switch {
		case strings.Contains(w, " in the week of ") && strings.Contains(w, "(limit "):
			perWeek = append(perWeek, w)
		case strings.HasPrefix(w, "The count asks for ") && strings.Contains(w, " can take "):
			overCapacity = append(overCapacity, w)
		}
	}
	return perWeek, overCapacity
}

func TestCountOverTheCapIsOneWarning(t *testing.T) {
	cfg := validConfig()
	cfg.StartDate, cfg.EndDate = "2026-01-05", "2026-05-01"
	cfg.CampaignTypes = []string{TypeChangeManagement}
	cfg.Audiences = []string{"employees", "managers"}
	s := mustGenerate(t, cfg)
	// 116 activities for two audiences over 17 weeks, at most 3 a week
	// each (102): the count cannot fit, and one warning says so.
	require.Len(t, s.Activities, 116)
	perWeek, over := loadWarnings(s)
	assert.Empty(t, perWeek)
	require.Len(t, over, 1)
	assert.Contains(t, over[0], "The count asks for 116 activities over 17 weeks, but 2 audiences at most 3 a week each can take 102")

	// With a third audience the count fits, and no week is over the cap.
	cfg.Audiences = append(cfg.Audiences, "executives")
	s = mustGenerate(t, cfg)
	perWeek, over = loadWarnings(s)
	assert.Empty(t, perWeek)
	assert.Empty(t, over)
	counter := load.NewCounter(0)
	for _, a := range s.Activities {
		counter.Add(a.Audience, day(a.Date))
	}
	assert.Empty(t, counter.Overloads())
}

func TestMoveToKeepsTheLoad(t *testing.T) {
	start := day("2026-03-02")
	g := &generation{p: &plan{start: start, end: start.AddDate(0, 2, 0)}, load: load.NewCounter(1)}
	it := item{a: Activity{Audience: "Employees", Timing: "Day 1"}, date: start}
	g.load.Add("Employees", start)
	require.False(t, g.load.Fits("Employees", start))

	next := start.AddDate(0, 0, 7)
	g.moveTo(&it, next)
	assert.True(t, g.load.Fits("Employees", start), "the week it left has room again")
	assert.Equal(t, 1, g.load.Count("Employees", next))
	assert.Empty(t, g.load.Overloads())
	assert.Equal(t, "Day 8", it.a.Timing)
	assert.Equal(t, next, it.date)
}

// loadWarningsAreTrue is the matrix's proof that every week the generator
// names over the cap is over it in the plan it returns (no count went stale
// when an activity moved): it returns the first warning that is not, or "".
func loadWarningsAreTrue(s *Schedule) string {
	limit := 0
	if s.Milestones != nil {
		limit = s.Milestones.MaxPerAudienceWeek
	}
	counter := load.NewCounter(limit)
	for _, a := range s.Activities {
		counter.Add(a.Audience, day(a.Date))
	}
	over := map[string]bool{}
	for _, o := range counter.Overloads() {
		over[load.Message(o.Audience, o.Count, counter.Limit(), o.Monday, "activity", "activities")] = true
	}
	perWeek, _ := loadWarnings(s)
	for _, w := range perWeek {
		if !over[w] {
			return w
		}
	}
	return ""
}

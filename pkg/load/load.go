// Package load is the Schedule's audience-load rule: no audience gets more
// than a limit of communications in one ISO week. The Schedule's overload
// warnings (pkg/schedule) and the campaign generator (pkg/campaign) both
// count with it, so a generated plan that holds the rule raises no warning
// once imported.
package load

import (
	"fmt"
	"sort"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// DefaultLimit is the number of communications one audience may get in one
// ISO week (the default of the schedule.max-per-audience-week setting).
const DefaultLimit = 3

// Limit returns the limit in force: limit, or DefaultLimit when it is 0 or
// less.
func Limit(limit int) int {
	if limit <= 0 {
		return DefaultLimit
	}
	return limit
}

// Over reports whether n communications for one audience in one week break
// the limit.
func Over(n, limit int) bool { return n > Limit(limit) }

// Week is an ISO 8601 week, the unit the rule counts in.
type Week struct{ Year, Week int }

// WeekOf returns the ISO week of day.
func WeekOf(day time.Time) Week {
	y, w := day.ISOWeek()
	return Week{y, w}
}

// String writes the week as 2025-W07.
func (w Week) String() string { return fmt.Sprintf("%04d-W%02d", w.Year, w.Week) }

// Monday returns the first day of day's ISO week.
func Monday(day time.Time) time.Time {
	return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
}

// Counter counts communications per audience and ISO week against a limit.
type Counter struct {
	limit int
	n     map[key]int
}

type key struct {
	audience string
	week     Week
}

// NewCounter returns an empty counter for limit (DefaultLimit when 0 or
// less).
func NewCounter(limit int) *Counter {
	return &Counter{limit: Limit(limit), n: map[key]int{}}
}

// Limit is the counter's limit.
func (c *Counter) Limit() int { return c.limit }

// Count returns how many communications audience has in day's week.
func (c *Counter) Count(audience string, day time.Time) int {
	return c.n[key{audience, WeekOf(day)}]
}

// Fits reports whether one more communication for audience on day keeps its
// week within the limit.
func (c *Counter) Fits(audience string, day time.Time) bool {
	return !Over(c.Count(audience, day)+1, c.limit)
}

// Add counts one communication for audience on day.
func (c *Counter) Add(audience string, day time.Time) {
	c.n[key{audience, WeekOf(day)}]++
}

// Remove uncounts one communication for audience on day (one that moved).
func (c *Counter) Remove(audience string, day time.Time) {
	k := key{audience, WeekOf(day)}
	if c.n[k] <= 1 {
		delete(c.n, k)
		return
	}
	c.n[k]--
}

// Overload is one audience's week over the limit.
type Overload struct {
	Audience string
	Week     Week
	Monday   time.Time
	Count    int
}

// Overloads returns the audience-weeks over the limit, by week and then
// audience.
func (c *Counter) Overloads() []Overload {
	var out []Overload
	for k, n := range c.n {
		if Over(n, c.limit) {
			out = append(out, Overload{Audience: k.audience, Week: k.week, Count: n,
				Monday: Monday(isoMonday(k.week))})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Week != b.Week {
			if a.Week.Year != b.Week.Year {
				return a.Week.Year < b.Week.Year
			}
			return a.Week.Week < b.Week.Week
		}
		return a.Audience < b.Audience
	})
	return out
}

// isoMonday returns a day in ISO week w (4 January is always in week 1).
func isoMonday(w Week) time.Time {
	return time.Date(w.Year, 1, 4, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*(w.Week-1))
}

// Message is the overload warning's one sentence, for the Schedule's
// warnings and the campaign generator's alike: "Employees gets 4
// communications in the week of 3 Feb 2027 (limit 3)". one and many name
// what is counted ("communication", "activity").
func Message(audience string, n, limit int, monday time.Time, one, many string) string {
	what := many
	if n == 1 {
		what = one
	}
	return fmt.Sprintf("%s gets %d %s in the week of %s (limit %d)", audience, n, what, domain.DayText(monday), Limit(limit))
}

package plan

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// Dashboard sizes (the spec's Dashboard).
const (
	// UpcomingLimit is how many upcoming communications the Dashboard lists.
	UpcomingLimit = 3
	// ActivityLimit is how many Recent Activity entries it shows.
	ActivityLimit = 6
)

// Dashboard is the Dashboard's summary: the four cards' figures, this
// week's due count, the next communications and the recent activity. The
// figures are the spec's (webui/src/lib/dashboard.ts computes the same from
// the full lists; testdata/dashboard/vectors.json holds both to it).
type Dashboard struct {
	ActiveThemes   int  `json:"activeThemes"`
	ThemesTrend    *int `json:"themesTrend"`
	Scheduled      int  `json:"scheduled"`
	ScheduledTrend *int `json:"scheduledTrend"`
	DueThisWeek    int  `json:"dueThisWeek"`
	Contacts       int  `json:"contacts"`
	ContactsTrend  *int `json:"contactsTrend"`
	ContentPieces  int  `json:"contentPieces"`
	ContentTrend   *int `json:"contentTrend"`
	// SentThisWeek counts the messages delivered since Sunday (the week in
	// the planner's time zone): every recipient's, on every channel.
	SentThisWeek int                    `json:"sentThisWeek"`
	Upcoming     []domain.Communication `json:"upcoming"`
	Activity     []domain.Activity      `json:"activity"`
}

// Dashboard computes the summary at now, with days, weeks (Sunday to
// Saturday) and months in loc, the planner's time zone. The counts are SQL
// aggregates, this week's and the upcoming communications indexed range
// queries: nothing reads every record.
func (p *Plan) Dashboard(ctx context.Context, now time.Time, loc *time.Location) (Dashboard, error) {
	if loc == nil {
		loc = time.UTC
	}
	local := now.In(loc)
	monthStart := time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, loc)
	c, err := p.st.DashboardCounts(ctx, monthStart)
	if err != nil {
		return Dashboard{}, err
	}
	d := Dashboard{
		ActiveThemes: c.Themes, ThemesTrend: trendPercent(c.Themes, c.ThemesBefore),
		Scheduled: c.Scheduled, ScheduledTrend: trendPercent(c.Scheduled, c.ScheduledBefore),
		Contacts: c.Contacts, ContactsTrend: trendPercent(c.Contacts, c.ContactsBefore),
		ContentPieces: c.Content, ContentTrend: trendPercent(c.Content, c.ContentBefore),
	}
	if err := p.liveContacts(ctx, &d, monthStart); err != nil {
		return Dashboard{}, err
	}
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	sunday := today.AddDate(0, 0, -int(today.Weekday()))
	week, err := p.st.FilterCommunications(ctx, store.CommunicationFilter{From: sunday, To: sunday.AddDate(0, 0, 6), Loc: loc,
		Statuses: []string{domain.StatusScheduled}, Undated: store.UndatedExclude})
	if err != nil {
		return Dashboard{}, err
	}
	d.DueThisWeek = len(week)
	weekStart := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc).AddDate(0, 0, -int(local.Weekday()))
	if d.SentThisWeek, err = p.st.CountSentSince(ctx, weekStart); err != nil {
		return Dashboard{}, err
	}
	if d.Upcoming, err = p.upcoming(ctx, today, loc, UpcomingLimit); err != nil {
		return Dashboard{}, err
	}
	d.Activity, err = p.st.ListActivity(ctx, ActivityLimit)
	return d, err
}

// upcoming lists the communications dated on today (a day in loc) or later,
// soonest first (a date before the timed ones of its day, then by local
// time, then by title), at most limit: the Schedule's Upcoming rule. It
// reads growing windows of days until one holds limit communications, or
// there are no later ones; everything after a window sorts after it.
func (p *Plan) upcoming(ctx context.Context, today time.Time, loc *time.Location, limit int) ([]domain.Communication, error) {
	for days := 7; ; days *= 4 {
		f := store.CommunicationFilter{From: today, Loc: loc, Undated: store.UndatedExclude, Sort: store.SortScheduled}
		last := days > 5*366*4
		if !last {
			f.To = today.AddDate(0, 0, days-1)
		}
		cs, err := p.st.FilterCommunications(ctx, f)
		if err != nil {
			return nil, err
		}
		if len(cs) < limit && !last {
			continue
		}
		type keyed struct {
			c    domain.Communication
			day  time.Time
			all  bool
			at   string
			rank int
		}
		ks := make([]keyed, len(cs))
		for i, c := range cs {
			sc, _ := domain.ParseScheduled(c.ScheduledDate)
			ks[i] = keyed{c: c, day: sc.Day(loc), all: sc.AllDay, at: sc.At.In(loc).Format("15:04:05.000"), rank: i}
		}
		slices.SortStableFunc(ks, func(a, b keyed) int {
			if n := a.day.Compare(b.day); n != 0 {
				return n
			}
			if a.all != b.all {
				if a.all {
					return -1
				}
				return 1
			}
			return cmp.Or(strings.Compare(a.at, b.at), strings.Compare(a.c.Title, b.c.Title))
		})
		out := make([]domain.Communication, 0, min(limit, len(ks)))
		for _, k := range ks[:min(limit, len(ks))] {
			out = append(out, k.c)
		}
		return out, nil
	}
}

// trendPercent compares a figure with its value at the start of the month,
// as a whole percentage rounded as JavaScript's Math.round does (halves up);
// nil when there is nothing to compare with.
func trendPercent(current, previous int) *int {
	if previous <= 0 {
		return nil
	}
	x := (float64(current-previous) / float64(previous)) * 100
	r := math.Floor(x)
	if x-r >= 0.5 {
		r++
	}
	n := int(r)
	return &n
}

// liveContacts makes the contacts card follow the directory while one is
// loaded: the sum of the audiences' live member counts, and its trend over
// the audiences made before since (the stored counts' rule, live).
func (p *Plan) liveContacts(ctx context.Context, d *Dashboard, since time.Time) error {
	st, err := p.st.DirectoryStatus(ctx)
	if err != nil || !st.Loaded() {
		return err
	}
	list, err := p.Audiences(ctx)
	if err != nil {
		return err
	}
	total, before := 0, 0
	for _, a := range list {
		total += a.ContactCount
		if a.CreatedAt.Before(since) {
			before += a.ContactCount
		}
	}
	d.Contacts, d.ContactsTrend = total, trendPercent(total, before)
	return nil
}

package sqlstore

import (
	"context"
	"time"

	"github.com/commsplan/commsplan/pkg/store"
)

// dashboardQuery counts each card's records in total and created before $1,
// in one round trip; every count is an aggregate over one table.
const dashboardQuery = `SELECT
  (SELECT count(*) FROM themes),
  (SELECT count(*) FROM themes WHERE created_at < $1),
  (SELECT count(*) FROM content),
  (SELECT count(*) FROM content WHERE created_at < $1),
  (SELECT coalesce(sum(contact_count), 0) FROM audiences),
  (SELECT coalesce(sum(contact_count), 0) FROM audiences WHERE created_at < $1),
  (SELECT count(*) FROM communications WHERE status = 'scheduled' AND scheduled_date <> '' AND (scope = '' OR $2 = '*'
     OR scope IN (SELECT i.scope FROM insiders i WHERE i.person_id = $2))),
  (SELECT count(*) FROM communications WHERE status = 'scheduled' AND scheduled_date <> '' AND created_at < $1 AND (scope = ''
     OR $2 = '*' OR scope IN (SELECT i.scope FROM insiders i WHERE i.person_id = $2)))`

// DashboardCounts implements store.Store.
func (s *Store) DashboardCounts(ctx context.Context, before time.Time) (store.DashboardCounts, error) {
	var c store.DashboardCounts
	// The scheduled communications are those ctx's actor may see ("*": all).
	who := viewOf(ctx).person
	if viewOf(ctx).all {
		who = "*"
	}
	err := s.q().QueryRowContext(ctx, dashboardQuery, before.UTC().Truncate(time.Microsecond), who).Scan(
		&c.Themes, &c.ThemesBefore, &c.Content, &c.ContentBefore,
		&c.Contacts, &c.ContactsBefore, &c.Scheduled, &c.ScheduledBefore)
	return c, err
}

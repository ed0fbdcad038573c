package sqlstore

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/commsplan/commsplan/pkg/store"
)

// touches says which lists a write to each activity entity type can change,
// counts, cascades and embedded names included. record bumps them in the
// write's own transaction, so every logged write moves the right versions
// without its method having to remember.
var touches = map[string][]store.List{
	// Deleting a theme cascades to its questions and their content links and
	// clears it from communications, which embed its name.
	"theme": {store.ThemesList, store.QuestionsList, store.ContentList, store.CommunicationsList},
	// Themes count questions; a deleted question drops its content links.
	"question":       {store.QuestionsList, store.ThemesList, store.ContentList},
	"question_order": {store.QuestionsList},
	// Content links change theme and question content counts.
	"content": {store.ContentList, store.ThemesList, store.QuestionsList},
	// Communications embed audience and vehicle names.
	"audience": {store.AudiencesList, store.CommunicationsList},
	"vehicle":  {store.VehiclesList, store.CommunicationsList},
	// Vehicles count their communications.
	"communication": {store.CommunicationsList, store.VehiclesList},
	"campaign":      {store.CampaignsList},
	// Not in any versioned list.
	"blackout":            nil,
	"calendar_feed":       nil,
	"newsletter_template": nil,
	"checklist_template":  nil,
	"checklist":           nil,
	"checklist_item":      nil,
	// The audit trail's own entries.
	"session": nil,
	"person":  nil,
	"audit":   nil,
}

// touch marks the lists a write to entityType can change; callers are
// inside inTx. An entity type missing from touches marks every list: a
// forgotten entry costs cache hits, never staleness.
func (s *Store) touch(entityType string) {
	lists, known := touches[entityType]
	if !known {
		lists = store.Lists
	}
	for _, l := range lists {
		s.touched[l] = true
	}
	if !slices.Contains(unlistedActivity, entityType) {
		s.touched[store.ActivityList] = true
	}
}

// unlistedActivity are the entity types whose entries ListActivity leaves
// out (the audit trail's own, and the checklist's saves): they do not move
// store.ActivityList.
var unlistedActivity = []string{"session", "person", "checklist", "checklist_item", "audit"}

// unlistedActivitySQL is unlistedActivity as an SQL list.
var unlistedActivitySQL = "('" + strings.Join(unlistedActivity, "', '") + "')"

// bumpVersions moves the versions of the touched lists, once per transaction
// however many rows it wrote, just before it commits. The rows are locked in
// one fixed order and last, held only until the commit, so concurrent
// PostgreSQL writers queue briefly and never deadlock on them.
func (s *Store) bumpVersions(ctx context.Context) error {
	// The new version is at least the clock in microseconds, so versions keep
	// growing even across a database dropped and made afresh: a browser's
	// old ETag can never match new data.
	at := now().UnixMicro()
	for _, l := range store.Lists {
		if !s.touched[l] {
			continue
		}
		if err := s.bump(ctx, at, l); err != nil {
			return err
		}
	}
	return nil
}

// bumpQuery moves one list's version.
const bumpQuery = `UPDATE data_versions SET version = CASE WHEN version + 1 > $1 THEN version + 1 ELSE $1 END WHERE kind = $2`

// bump runs bumpQuery for one list in the transaction.
func (s *Store) bump(ctx context.Context, at int64, l store.List) error {
	_, err := s.q().ExecContext(ctx, bumpQuery, at, l.String())
	return err
}

// versionQuery reads one list's data version by primary key.
const versionQuery = `SELECT version FROM data_versions WHERE kind = $1`

// versionsQuery reads every list's data version: a handful of rows.
const versionsQuery = `SELECT kind, version FROM data_versions`

// versionReader coalesces the data-version reads of concurrent list
// requests (rounds): one query at a time reads every version, and a request
// waits for the first query that starts after it arrived, so it still sees
// every write committed before it (on any replica).
//
// With Options.Stamp (SQLite's wal-index header) a request whose stamp is
// the one read just before the last query skips the query: no commit, in
// any process, came after that stamp, so the versions read after it are
// current. A list hit on SQLite then costs a pread instead of a query.
type versionReader struct {
	rounds rounds[struct{}, *versionsAt]
	last   atomic.Pointer[versionsAt]
}

// versionsAt are the versions read after the stamp was taken.
type versionsAt struct {
	stamp []byte
	v     [store.NumLists]int64
}

func (r *versionReader) read(ctx context.Context, s *Store, l store.List) (int64, error) {
	if s.opt.Stamp != nil {
		var buf [128]byte
		if now, ok := s.opt.Stamp.Stamp(buf[:0]); ok {
			if last := r.last.Load(); last != nil && bytes.Equal(now, last.stamp) {
				return last.v[l], nil
			}
		}
	}
	at, err := r.rounds.do(ctx, struct{}{}, func() (*versionsAt, error) {
		// The round's own deadline: it belongs to all its waiters, not to the
		// request that started it.
		ctx, cancel := context.WithTimeout(context.Background(), versionTimeout(s.opt.QueryTimeout))
		defer cancel()
		at := &versionsAt{}
		stamped := false
		if s.opt.Stamp != nil {
			at.stamp, stamped = s.opt.Stamp.Stamp(nil) // before the query, never after
		}
		var err error
		if at.v, err = s.versions(ctx); err != nil {
			return nil, err
		}
		if stamped {
			r.last.Store(at)
		} else {
			r.last.Store(nil)
		}
		return at, nil
	})
	if err != nil {
		return 0, err
	}
	return at.v[l], nil
}

// versions runs versionsQuery.
func (s *Store) versions(ctx context.Context) (v [store.NumLists]int64, err error) {
	rows, err := s.q().QueryContext(ctx, versionsQuery)
	if err != nil {
		return v, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var n int64
		if err := rows.Scan(&kind, &n); err != nil {
			return v, err
		}
		for _, l := range store.Lists {
			if l.String() == kind {
				v[l] = n
			}
		}
	}
	return v, rows.Err()
}

// versionTimeout bounds a shared version read: the query timeout, or a
// minute without one, since no single caller's context governs it.
func versionTimeout(queryTimeout time.Duration) time.Duration {
	if queryTimeout > 0 {
		return queryTimeout
	}
	return time.Minute
}

// DataVersion implements store.Store. Inside a transaction it is one
// primary-key lookup; outside, concurrent calls share reads (versionReader).
func (s *Store) DataVersion(ctx context.Context, l store.List) (int64, error) {
	if s.tx != nil || s.version == nil {
		var v int64
		err := s.q().QueryRowContext(ctx, versionQuery, l.String()).Scan(&v)
		return v, err
	}
	return s.version.read(ctx, s, l)
}

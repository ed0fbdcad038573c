package sqlstore

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// touches says which lists a write to each activity entity type can change,
// counts, cascades and embedded names included. record bumps them in the
// write's own transaction, so every logged write moves the right versions
// without its method having to remember. An "entity/action" entry narrows
// an entity's for that action; a write whose effect depends on its data
// adds the rest before it records (also): the entity's own entry is the
// worst case.
var touches = map[string][]store.List{
	// Deleting a theme cascades to its questions and their content links.
	// Communications embed its name: record moves them when one names it
	// (namedBy). Making or renaming one changes no question or link.
	"theme":         {store.ThemesList, store.QuestionsList, store.ContentList},
	"theme/created": {store.ThemesList},
	"theme/updated": {store.ThemesList},
	// Themes count questions; a deleted question drops its content links.
	// A new question has no links; an edited one keeps them, and changes
	// the themes' counts only when it moves (UpdateQuestion adds them).
	"question":         {store.QuestionsList, store.ThemesList, store.ContentList},
	"question/created": {store.QuestionsList, store.ThemesList},
	"question/updated": {store.QuestionsList},
	"question_order":   {store.QuestionsList},
	// Content links change theme and question content counts: a create or
	// an update adds them when its links change (setLinks), a delete when it
	// had any.
	"content":         {store.ContentList, store.ThemesList, store.QuestionsList},
	"content/created": {store.ContentList},
	"content/updated": {store.ContentList},
	"content/deleted": {store.ContentList},
	// Communications embed audience and vehicle names (namedBy).
	"audience": {store.AudiencesList},
	"vehicle":  {store.VehiclesList},
	// The audiences' contact counts follow the directory.
	"directory": {store.AudiencesList},
	// A SCIM token changes no list, nor does a read of the directory.
	"scim_token":       {},
	"directory_export": {},
	// Vehicles count their communications.
	"communication": {store.CommunicationsList, store.VehiclesList},
	"campaign":      {store.CampaignsList},
	// Who is an insider changes what each person sees, not the lists:
	// the cache keys by what a person may see (store.ViewKey).
	"campaign/insider_added":        {store.InsidersList},
	"campaign/insider_removed":      {store.InsidersList},
	"communication/insider_added":   {store.InsidersList},
	"communication/insider_removed": {store.InsidersList},
	"blackout":                      {store.BlackoutsList},
	// Not in any versioned list.
	"calendar_feed":       nil,
	"newsletter_template": nil,
	"checklist_template":  nil,
	"checklist":           nil,
	"checklist_item":      nil,
	// The audit trail's own entries.
	"session": nil,
	"person":  nil,
	"audit":   nil,
	"backup":  nil,
}

// touchedBy is touches for an action on an entity type; known is false for
// an entity type touches does not list.
func touchedBy(entityType, action string) (lists []store.List, known bool) {
	if lists, ok := touches[entityType+"/"+action]; ok {
		return lists, true
	}
	lists, known = touches[entityType]
	return lists, known
}

// also adds lists to those the next record touches, for a write whose
// effect on them depends on its data; callers are inside inTx.
func (s *Store) also(lists ...store.List) {
	s.extra = append(s.extra, lists...)
}

// touch marks the lists an action on entityType can change; callers are
// inside inTx. An entity type missing from touches marks every list: a
// forgotten entry costs cache hits, never staleness. So does a write to a
// partitioned list that did not name its parts first (scheduledOn,
// inThemes): it moves every part.
func (s *Store) touch(entityType, action string) {
	lists, known := touchedBy(entityType, action)
	if !known {
		lists = store.Lists
	}
	for _, l := range slices.Concat(lists, s.extra) {
		s.touched[l] = true
		if prefix, ok := partitioned[l]; ok && !s.placed[l] {
			s.parts[prefix+everyPart] = true
		}
	}
	s.extra = s.extra[:0]
	clear(s.placed)
	if !slices.Contains(unlistedActivity, entityType) {
		s.touched[store.ActivityList] = true
	}
}

// unlistedActivity are the entity types whose entries ListActivity leaves
// out (the audit trail's own, and the checklist's saves): they do not move
// store.ActivityList.
var unlistedActivity = []string{"session", "person", "checklist", "checklist_item", "audit", "backup", "scim_token", "directory_export"}

// unlistedActivitySQL is unlistedActivity as an SQL list.
var unlistedActivitySQL = "('" + strings.Join(unlistedActivity, "', '") + "')"

// bumpVersions moves the versions of the touched lists, once per transaction
// however many rows it wrote, just before it commits, then the parts of
// them it wrote (partitioned). The rows are locked in one fixed order (the
// lists', then the parts' sorted keys) and last, held only until the
// commit, so concurrent PostgreSQL writers queue briefly and never deadlock
// on them.
func (s *Store) bumpVersions(ctx context.Context) error {
	// The new version is at least the clock in microseconds, so versions keep
	// growing even across a database dropped and made afresh: a browser's
	// old ETag can never match new data.
	at := now().UnixMicro()
	for _, l := range store.Lists {
		if !s.touched[l] {
			continue
		}
		if _, err := s.q().ExecContext(ctx, bumpQuery, at, l.String()); err != nil {
			return err
		}
	}
	var parts []string
	for l, prefix := range partitioned {
		if !s.touched[l] {
			continue
		}
		n := len(parts)
		for k := range s.parts {
			if strings.HasPrefix(k, prefix) {
				parts = append(parts, k)
			}
		}
		if len(parts) == n {
			// The list was marked directly (a restore): every part moves.
			parts = append(parts, prefix+everyPart)
		}
	}
	slices.Sort(parts)
	for _, k := range parts {
		if _, err := s.q().ExecContext(ctx, bumpPartQuery, at, k); err != nil {
			return err
		}
	}
	return nil
}

// bumpQuery moves one list's version.
const bumpQuery = `UPDATE data_versions SET version = CASE WHEN version + 1 > $1 THEN version + 1 ELSE $1 END WHERE kind = $2`

// bumpPartQuery is bumpQuery for a part of a partitioned list, whose row is
// made the first time that part is written.
const bumpPartQuery = `INSERT INTO data_versions (kind, version) VALUES ($2, $1)
ON CONFLICT (kind) DO UPDATE SET version = CASE WHEN data_versions.version + 1 > $1 THEN data_versions.version + 1 ELSE $1 END`

// partitioned are the lists whose answers are also read in parts (issue
// 27), each part with a version of its own in data_versions, named
// prefix + key: a calendar month's communications, one theme's questions.
// Besides the whole list's version, a write moves the parts it names
// (scheduledOn, inThemes) and, when it names none, everyPart, which every
// part's version includes: a write that forgets to name its parts costs
// cache hits, never staleness.
var partitioned = map[store.List]string{
	store.CommunicationsList: monthKind,
	store.QuestionsList:      themeQuestionsKind,
}

// everyPart is the key every part's version includes.
const everyPart = "*"

// Months of the communications: besides the whole list's
// version, each month of scheduled days has its own, and one covers the
// undated ones, so a calendar month's answer stays valid while other
// months are written. A write to the communications moves the months its
// rows were and are scheduled in (scheduledOn); any other change to them
// (a name they embed, a restore, a write that did not say) moves
// everyPart.
const (
	// monthKind prefixes a month's row in data_versions:
	// "communications@2031-03", "communications@undated".
	monthKind = "communications@"
	// undatedMonth is the key of the undated communications.
	undatedMonth = "undated"
	// maxVersionMonths bounds the months a filter's version sums (about a
	// year and a month fill a calendar view); a longer range takes the
	// whole list's version.
	maxVersionMonths = 15
)

// monthKeys are the months a communication scheduled on scheduled can be
// listed in, in any time zone: a date's own month; for an instant, the
// months of the day before, of and after its UTC day, as a zone moves an
// instant's day by at most one (domain.Scheduled.Day).
func monthKeys(scheduled string) []string {
	if scheduled == "" {
		return []string{undatedMonth}
	}
	sc, err := domain.ParseScheduled(scheduled)
	if err != nil {
		return []string{everyPart}
	}
	if sc.AllDay {
		return []string{sc.At.Format("2006-01")}
	}
	d := sc.Day(nil)
	return []string{d.AddDate(0, 0, -1).Format("2006-01"), d.Format("2006-01"), d.AddDate(0, 0, 1).Format("2006-01")}
}

// scheduledOn names the months the next write to the communications changes:
// those of the stored scheduledDate values its rows had and now have.
// Callers are inside inTx, and record the write next.
func (s *Store) scheduledOn(scheduled ...string) {
	for _, sc := range scheduled {
		for _, m := range monthKeys(sc) {
			s.parts[monthKind+m] = true
		}
	}
	s.placed[store.CommunicationsList] = true
}

// One theme's questions: the Questions screen reads them a card
// at a time, so a write to one theme's questions leaves the other cards'
// answers valid. Themes share themeBuckets versions by a hash of their id,
// which bounds the rows every version read scans however many themes come
// and go; a write moves its themes' buckets (inThemes).
const (
	// themeQuestionsKind prefixes a bucket's row in data_versions:
	// "questions@37".
	themeQuestionsKind = "questions@"
	// themeBuckets is how many versions the themes' questions share.
	themeBuckets = 64
)

// ThemeBucket is the version bucket a theme's questions share with other
// themes: tests that expect a write to leave a card alone pick themes in
// other buckets.
func ThemeBucket(themeID string) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(themeID))
	return int(h.Sum32() % themeBuckets)
}

// themeKey is the bucket of a theme's questions, as its row names it.
func themeKey(themeID string) string { return strconv.Itoa(ThemeBucket(themeID)) }

// inThemes names the themes whose questions' answer the next write to the
// questions changes: the themes its questions were and are in, and those
// of the questions whose content links it changes. Callers are inside
// inTx, and record the write next.
func (s *Store) inThemes(themeIDs ...string) {
	for _, id := range themeIDs {
		s.parts[themeQuestionsKind+themeKey(id)] = true
	}
	s.placed[store.QuestionsList] = true
}

// namedBy are the communications' columns through which they embed an
// entity's name (communicationSelect): a write to such an entity changes
// the communications only when one of them names it.
var namedBy = map[string]string{"theme": "theme_id", "audience": "audience_id", "vehicle": "vehicle_id"}

// named says whether a communication names the entity (namedBy); always
// false for other entity types. Callers are inside inTx.
func (s *Store) named(ctx context.Context, entityType, id string) (bool, error) {
	col, ok := namedBy[entityType]
	if !ok {
		return false, nil
	}
	var one int
	err := s.q().QueryRowContext(ctx, `SELECT 1 FROM communications WHERE `+col+` = $1 LIMIT 1`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// touchNamed marks the communications changed in every month when named:
// their embedded name of the entity changed (or was cleared).
func (s *Store) touchNamed(named bool) {
	if named {
		s.touched[store.CommunicationsList] = true
		s.parts[monthKind+everyPart] = true
	}
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
	// parts are the partitioned lists' parts' versions, by their kind in
	// data_versions ("communications@2031-03").
	parts map[string]int64
}

func (r *versionReader) read(ctx context.Context, s *Store) (*versionsAt, error) {
	if once := store.VersionsOnceOf(ctx); once != nil {
		// One read per request (store.OnceVersions).
		if at, ok := once.Value.Load().(*versionsAt); ok {
			return at, nil
		}
		at, err := r.readShared(ctx, s)
		if err == nil {
			once.Value.Store(at)
		}
		return at, err
	}
	return r.readShared(ctx, s)
}

// readShared is read without a request's own read: the versions read
// once the stamp moved, shared with concurrent readers.
func (r *versionReader) readShared(ctx context.Context, s *Store) (*versionsAt, error) {
	if s.opt.Stamp != nil {
		var buf [128]byte
		if now, ok := s.opt.Stamp.Stamp(buf[:0]); ok {
			if last := r.last.Load(); last != nil && bytes.Equal(now, last.stamp) {
				return last, nil
			}
		}
	}
	return r.rounds.do(ctx, struct{}{}, func() (*versionsAt, error) {
		// The round's own deadline: it belongs to all its waiters, not to the
		// request that started it.
		ctx, cancel := context.WithTimeout(context.Background(), versionTimeout(s.opt.QueryTimeout))
		defer cancel()
		var stamp []byte
		stamped := false
		if s.opt.Stamp != nil {
			stamp, stamped = s.opt.Stamp.Stamp(nil) // before the query, never after
		}
		at, err := s.versions(ctx)
		if err != nil {
			return nil, err
		}
		at.stamp = stamp
		if stamped {
			r.last.Store(at)
		} else {
			r.last.Store(nil)
		}
		return at, nil
	})
}

// versions runs versionsQuery.
func (s *Store) versions(ctx context.Context) (*versionsAt, error) {
	rows, err := s.q().QueryContext(ctx, versionsQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	at := &versionsAt{parts: map[string]int64{}}
	for rows.Next() {
		var kind string
		var n int64
		if err := rows.Scan(&kind, &n); err != nil {
			return nil, err
		}
		if strings.Contains(kind, "@") {
			at.parts[kind] = n
			continue
		}
		for _, l := range store.Lists {
			if l.String() == kind {
				at.v[l] = n
			}
		}
	}
	return at, rows.Err()
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
	at, err := s.version.read(ctx, s)
	if err != nil {
		return 0, err
	}
	return at.v[l], nil
}

// FilterVersion implements store.Store: the sum of the versions f's answer
// depends on. Each only grows, so the sum moves with any of them, whatever
// the replicas' clocks. A range with both ends (or the undated alone) sums
// its months, the undated when it lists them, and everyMonth; any other
// filter takes the whole list's version. A record f names adds its list's
// version: deleting it makes f a 400, though no communication changed.
func (s *Store) FilterVersion(ctx context.Context, f store.CommunicationFilter) (int64, error) {
	at, err := s.versionsNow(ctx)
	if err != nil {
		return 0, err
	}
	var v int64
	if months, ok := filterMonths(f); ok {
		for _, m := range append(months, everyPart) {
			v += at.parts[monthKind+m]
		}
	} else {
		v = at.v[store.CommunicationsList]
	}
	for _, ref := range []struct {
		id string
		l  store.List
	}{{f.ThemeID, store.ThemesList}, {f.AudienceID, store.AudiencesList}, {f.VehicleID, store.VehiclesList}} {
		if ref.id != "" {
			v += at.v[ref.l]
		}
	}
	return v, nil
}

// QuestionVersion implements store.Store: one theme's bucket and everyPart
// for a filter within a theme, the whole list's version otherwise. The sum
// moves with either, whatever the replicas' clocks.
func (s *Store) QuestionVersion(ctx context.Context, f store.QuestionFilter) (int64, error) {
	at, err := s.versionsNow(ctx)
	if err != nil {
		return 0, err
	}
	if f.ThemeID == "" {
		return at.v[store.QuestionsList], nil
	}
	return at.parts[themeQuestionsKind+themeKey(f.ThemeID)] + at.parts[themeQuestionsKind+everyPart], nil
}

// versionsNow reads every version: in a transaction, its own view;
// outside, a shared read (versionReader).
func (s *Store) versionsNow(ctx context.Context) (*versionsAt, error) {
	if s.tx != nil || s.version == nil {
		return s.versions(ctx)
	}
	return s.version.read(ctx, s)
}

// filterMonths are the month keys whose versions cover what f lists; ok is
// false when f is not bounded to months (an open range, no range, or more
// than maxVersionMonths).
func filterMonths(f store.CommunicationFilter) (keys []string, ok bool) {
	switch {
	case f.Undated == store.UndatedOnly:
		return []string{undatedMonth}, true
	case f.From.IsZero() || f.To.IsZero() || f.To.Before(f.From):
		return nil, false
	}
	for m := time.Date(f.From.Year(), f.From.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(f.To); m = m.AddDate(0, 1, 0) {
		if len(keys) == maxVersionMonths {
			return nil, false
		}
		keys = append(keys, m.Format("2006-01"))
	}
	if f.Undated == store.UndatedInclude {
		keys = append(keys, undatedMonth)
	}
	return keys, true
}

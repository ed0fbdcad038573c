package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// communicationSelect embeds theme, vehicle and audience with one query.
const communicationSelect = `SELECT c.id, c.title, c.theme_id, c.selected_questions, c.audience_id, c.vehicle_id,
  c.raw_content, c.generated_content, c.final_content_id, c.status, c.scheduled_date,
  c.source_campaign_id, c.source_activity_id, c.created_at, c.review, c.confidentiality, c.scope <> '',
  t.name, v.name, v.type, a.name
FROM communications c
LEFT JOIN themes t ON t.id = c.theme_id
LEFT JOIN vehicles v ON v.id = c.vehicle_id
LEFT JOIN audiences a ON a.id = c.audience_id`

func scanCommunication(r rowScanner) (domain.Communication, error) {
	var (
		c                                domain.Communication
		themeID, audienceID, vehicleID   sql.NullString
		themeName, vName, vType, audName sql.NullString
	)
	err := r.Scan(&c.ID, &c.Title, &themeID, jsonScan{&c.SelectedQuestions}, &audienceID, &vehicleID,
		&c.RawContent, &c.GeneratedContent, &c.FinalContentID, &c.Status, &c.ScheduledDate,
		&c.SourceCampaignID, &c.SourceActivityID, &c.CreatedAt, jsonScan{&c.Review}, &c.Confidentiality, &c.Confidential,
		&themeName, &vName, &vType, &audName)
	if err != nil {
		return c, err
	}
	c.ThemeID, c.AudienceID, c.VehicleID = themeID.String, audienceID.String, vehicleID.String
	c.Review.Normalize()
	if themeID.Valid {
		c.Theme = &domain.Ref{ID: themeID.String, Name: themeName.String}
	}
	if vehicleID.Valid {
		c.Vehicle = &domain.VehicleRef{ID: vehicleID.String, Name: vName.String, Type: vType.String}
	}
	if audienceID.Valid {
		c.Audience = &domain.Ref{ID: audienceID.String, Name: audName.String}
	}
	return c, nil
}

// ListCommunications implements store.Store.
func (s *Store) ListCommunications(ctx context.Context) ([]domain.Communication, error) {
	q, args := andVisible(ctx, communicationSelect, "c.scope", true)
	return queryAll(ctx, s, scanCommunication, q+` ORDER BY c.created_at, c.id`, args...)
}

// communicationOrders are FilterCommunications' ORDER BY clauses, by sort.
var communicationOrders = map[store.CommunicationSort]string{
	store.SortCreated:       `c.created_at, c.id`,
	store.SortScheduled:     `c.scheduled_date = '', c.scheduled_date, c.created_at, c.id`,
	store.SortScheduledDesc: `c.scheduled_date = '', c.scheduled_date DESC, c.created_at DESC, c.id DESC`,
	store.SortTitle:         `lower(c.title), c.id`,
}

// FilterCommunications implements store.Store with one query
// (communicationQuery).
func (s *Store) FilterCommunications(ctx context.Context, f store.CommunicationFilter) ([]domain.Communication, error) {
	q, err := s.communicationQuery(ctx, f)
	if err != nil {
		return nil, err
	}
	order, ok := communicationOrders[f.Sort]
	if !ok {
		return nil, fmt.Errorf("sqlstore: unknown communication sort %d", f.Sort)
	}
	rows, err := s.q().QueryContext(ctx, q.query()+` ORDER BY `+order, q.args...)
	out, err := collect(rows, err, func(r *sql.Rows) (domain.Communication, error) { return scanCommunication(r) })
	if err != nil || (!q.byDay && q.idSet == nil) {
		return out, err
	}
	kept := out[:0]
	for _, c := range out {
		if q.keeps(c) {
			kept = append(kept, c)
		}
	}
	return kept, nil
}

// communicationPage is how many rows EachCommunication reads per query.
const communicationPage = 500

// EachCommunication implements store.Store: the rows FilterCommunications
// would list, read communicationPage at a time by keyset on
// (scheduled_date, id), so no query holds a connection while fn runs and
// memory stays one page however many rows there are.
func (s *Store) EachCommunication(ctx context.Context, f store.CommunicationFilter, fn func(domain.Communication) error) error {
	q, err := s.communicationQuery(ctx, f)
	if err != nil {
		return err
	}
	base, n := q.query(), len(q.args)
	// The first page's query text has no cursor; every later page shares one
	// text, so each is prepared once.
	start := base + ` ORDER BY c.scheduled_date, c.id LIMIT ` + strconv.Itoa(communicationPage)
	if len(q.where) > 0 {
		base += ` AND `
	} else {
		base += ` WHERE `
	}
	next := base + fmt.Sprintf(`(c.scheduled_date, c.id) > ($%d, $%d) ORDER BY c.scheduled_date, c.id LIMIT %d`, n+1, n+2, communicationPage)
	var lastDate, lastID string
	for first := true; ; first = false {
		query, args := start, q.args
		if !first {
			query, args = next, append(q.args[:n:n], lastDate, lastID)
		}
		rows, err := s.q().QueryContext(ctx, query, args...)
		page, err := collect(rows, err, func(r *sql.Rows) (domain.Communication, error) { return scanCommunication(r) })
		if err != nil {
			return err
		}
		for _, c := range page {
			if (q.byDay || q.idSet != nil) && !q.keeps(c) {
				continue
			}
			if err := fn(c); err != nil {
				return err
			}
		}
		if len(page) < communicationPage {
			return nil
		}
		lastDate, lastID = page[len(page)-1].ScheduledDate, page[len(page)-1].ID
	}
}

// commQuery is a CommunicationFilter as SQL: the WHERE clauses and their
// arguments, and what is settled after the query (the day in f.Loc, ids
// past the parameter limit).
type commQuery struct {
	f     store.CommunicationFilter
	where []string
	args  []any
	byDay bool
	idSet map[string]bool
}

// communicationSelectNoContent is communicationSelect without reading
// the content columns (CommunicationFilter.NoContent).
var communicationSelectNoContent = strings.NewReplacer("c.selected_questions", "NULL", "c.raw_content", "''",
	"c.generated_content", "''").Replace(communicationSelect)

// query is the select with its WHERE clauses, without an order.
func (q *commQuery) query() string {
	sel := communicationSelect
	if q.f.NoContent {
		sel = communicationSelectNoContent
	}
	if len(q.where) == 0 {
		return sel
	}
	return sel + ` WHERE ` + strings.Join(q.where, " AND ")
}

// keeps settles what the query left coarse: the day rule and the id set.
func (q *commQuery) keeps(c domain.Communication) bool {
	return (!q.byDay || c.ScheduledDate == "" || inRange(c.ScheduledDate, q.f)) && (q.idSet == nil || q.idSet[c.ID])
}

// communicationQuery checks f's references and turns it into a commQuery.
// The range is first a coarse scan of the scheduled_date index, a day wider
// at each end than any time zone can move an instant's day, and then
// settled by domain.Scheduled.Day in f.Loc (keeps): the one day rule, not a
// copy of it in SQL. (scheduled_date holds YYYY-MM-DD dates and RFC 3339
// UTC instants, which sort as text.)
func (s *Store) communicationQuery(ctx context.Context, f store.CommunicationFilter) (*commQuery, error) {
	for _, ref := range []struct{ table, id, field string }{
		{"themes", f.ThemeID, "themeId"}, {"audiences", f.AudienceID, "audienceId"}, {"vehicles", f.VehicleID, "vehicleId"},
	} {
		if err := s.exists(ctx, ref.table, ref.id, ref.field); err != nil {
			return nil, err
		}
	}
	q := &commQuery{f: f}
	arg := func(v any) string {
		q.args = append(q.args, v)
		return fmt.Sprintf("$%d", len(q.args))
	}
	ranged := !f.From.IsZero() || !f.To.IsZero()
	undated := f.Undated
	if undated == store.UndatedDefault {
		undated = store.UndatedInclude
		if ranged {
			undated = store.UndatedExclude
		}
	}
	switch {
	case undated == store.UndatedOnly:
		q.where = append(q.where, `c.scheduled_date = ''`)
	case ranged:
		var span []string
		if !f.From.IsZero() {
			span = append(span, `c.scheduled_date >= `+arg(f.From.AddDate(0, 0, -1).Format(time.DateOnly)))
		} else {
			span = append(span, `c.scheduled_date <> ''`)
		}
		if !f.To.IsZero() {
			span = append(span, `c.scheduled_date < `+arg(f.To.AddDate(0, 0, 2).Format(time.DateOnly)))
		}
		cond := strings.Join(span, " AND ")
		if undated == store.UndatedInclude {
			cond = `(c.scheduled_date = '' OR (` + cond + `))`
		}
		q.where = append(q.where, cond)
	case undated == store.UndatedExclude:
		q.where = append(q.where, `c.scheduled_date <> ''`)
	}
	if len(f.Statuses) > 0 {
		marks := make([]string, len(f.Statuses))
		for i, st := range f.Statuses {
			marks[i] = arg(st)
		}
		q.where = append(q.where, `c.status IN (`+strings.Join(marks, ", ")+`)`)
	}
	for _, ref := range []struct{ col, id string }{{"c.theme_id", f.ThemeID}, {"c.audience_id", f.AudienceID}, {"c.vehicle_id", f.VehicleID}} {
		if ref.id != "" {
			q.where = append(q.where, ref.col+` = `+arg(ref.id))
		}
	}
	if f.Q != "" {
		q.where = append(q.where, s.likeAny(arg(likePattern(f.Q)), "c.title", "c.raw_content"))
	}
	if f.Imported {
		// The predicate of the partial index communications_source_campaign.
		q.where = append(q.where, `c.source_campaign_id <> ''`)
	}
	switch {
	case f.IDs == nil:
	case len(f.IDs) == 0:
		q.where = append(q.where, `1 = 0`)
	case len(f.IDs) <= maxIDParams:
		marks := make([]string, len(f.IDs))
		for i, id := range f.IDs {
			marks[i] = arg(id)
		}
		q.where = append(q.where, `c.id IN (`+strings.Join(marks, ", ")+`)`)
	default:
		// Past SQLite's parameter limit the other clauses narrow the scan
		// and the ids are settled here.
		q.idSet = make(map[string]bool, len(f.IDs))
		for _, id := range f.IDs {
			q.idSet[id] = true
		}
	}
	if cond := visibleSQL(ctx, "c.scope", arg); cond != "" {
		q.where = append(q.where, cond)
	}
	q.byDay = ranged && undated != store.UndatedOnly
	return q, nil
}

// maxIDParams is the most ids FilterCommunications binds as parameters,
// well under SQLite's limit (32766) with the filter's other parameters.
var maxIDParams = 500

// inRange says whether a stored scheduledDate's Day(f.Loc) is within f's range.
func inRange(scheduled string, f store.CommunicationFilter) bool {
	sc, err := domain.ParseScheduled(scheduled)
	if err != nil {
		return false
	}
	day := sc.Day(f.Loc)
	return (f.From.IsZero() || !day.Before(f.From)) && (f.To.IsZero() || !day.After(f.To))
}

// GetCommunication implements store.Store.
func (s *Store) GetCommunication(ctx context.Context, id string) (domain.Communication, error) {
	q, args := andVisible(ctx, communicationSelect+` WHERE c.id = $1`, "c.scope", false, id)
	return queryOne(ctx, s, scanCommunication, q, args...)
}

// checkCommunicationRefs checks c's theme, audience and vehicle. known,
// when not nil, remembers references already found, so a batch naming the
// same theme a thousand times checks it once.
func (s *Store) checkCommunicationRefs(ctx context.Context, c *domain.Communication, known map[string]bool) error {
	for _, ref := range []struct{ table, id, field string }{
		{"themes", c.ThemeID, "themeId"}, {"audiences", c.AudienceID, "audienceId"}, {"vehicles", c.VehicleID, "vehicleId"},
	} {
		key := ref.table + "/" + ref.id
		if known[key] {
			continue
		}
		if err := s.exists(ctx, ref.table, ref.id, ref.field); err != nil {
			return err
		}
		if known != nil {
			known[key] = true
		}
	}
	return nil
}

// CreateCommunication implements store.Store.
func (s *Store) CreateCommunication(ctx context.Context, c *domain.Communication) error {
	return s.inTx(ctx, func(tx *Store) error {
		if err := tx.insertCommunication(ctx, c, nil); err != nil {
			return err
		}
		return reread(ctx, tx.GetCommunication, c.ID, c)
	})
}

// CreateCommunications implements store.Store: one transaction, one insert
// and one activity entry per communication, then one query reads them all
// back. A dangling reference names its item's index.
func (s *Store) CreateCommunications(ctx context.Context, cs []*domain.Communication) error {
	return s.inTx(ctx, func(tx *Store) error {
		// An import names the same few themes and audiences many times.
		known := map[string]bool{}
		ids := make([]any, len(cs))
		for i, c := range cs {
			err := tx.insertCommunication(store.RowContext(ctx, i), c, known)
			var ref *store.ReferenceError
			if errors.As(err, &ref) {
				return &store.ReferenceError{Field: fmt.Sprintf("communications[%d].%s", i, ref.Field)}
			}
			if err != nil {
				return err
			}
			ids[i] = c.ID
		}
		if len(cs) == 0 {
			return nil
		}
		marks := make([]string, len(ids))
		for i := range ids {
			marks[i] = fmt.Sprintf("$%d", i+1)
		}
		query, args := andVisible(ctx, communicationSelect+` WHERE c.id IN (`+strings.Join(marks, ", ")+`)`, "c.scope", false, ids...)
		stored, err := queryAll(ctx, tx, scanCommunication, query, args...)
		if err != nil {
			return err
		}
		byID := make(map[string]domain.Communication, len(stored))
		for _, c := range stored {
			byID[c.ID] = c
		}
		for _, c := range cs {
			*c = byID[c.ID]
		}
		return nil
	})
}

// insertCommunication checks c's references (see checkCommunicationRefs),
// inserts it with a new id and logs it; callers are inside inTx.
func (s *Store) insertCommunication(ctx context.Context, c *domain.Communication, known map[string]bool) error {
	if err := s.checkCommunicationRefs(ctx, c, known); err != nil {
		return err
	}
	c.ID, c.CreatedAt = newID(), now()
	_, err := s.q().ExecContext(ctx,
		`INSERT INTO communications (id, title, theme_id, selected_questions, audience_id, vehicle_id, raw_content,
		   generated_content, final_content_id, status, scheduled_date, source_campaign_id, source_activity_id, created_at, review,
		   confidentiality)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
		c.ID, c.Title, nullable(c.ThemeID), list(c.SelectedQuestions), nullable(c.AudienceID), nullable(c.VehicleID),
		c.RawContent, c.GeneratedContent, c.FinalContentID, c.Status, c.ScheduledDate, c.SourceCampaignID,
		c.SourceActivityID, c.CreatedAt, reviewDoc(c.Review), c.Confidentiality)
	if err != nil {
		return err
	}
	if err := s.setCommunicationScope(ctx, c.ID); err != nil {
		return err
	}
	s.scheduledOn(c.ScheduledDate)
	return s.record(ctx, domain.ActionCreated, "communication", c.ID, c.Title)
}

// UpdateCommunication implements store.Store.
func (s *Store) UpdateCommunication(ctx context.Context, c *domain.Communication) error {
	return s.inTx(ctx, func(tx *Store) error {
		old, err := tx.GetCommunication(ctx, c.ID)
		if err != nil {
			return err
		}
		if err := tx.checkCommunicationRefs(ctx, c, nil); err != nil {
			return err
		}
		tx.scheduledOn(old.ScheduledDate, c.ScheduledDate)
		err = mustAffect(tx.q().ExecContext(ctx,
			`UPDATE communications SET title = $2, theme_id = $3, selected_questions = $4, audience_id = $5,
			   vehicle_id = $6, raw_content = $7, generated_content = $8, final_content_id = $9, status = $10,
			   scheduled_date = $11, source_campaign_id = $12, source_activity_id = $13, confidentiality = $14 WHERE id = $1`,
			c.ID, c.Title, nullable(c.ThemeID), list(c.SelectedQuestions), nullable(c.AudienceID), nullable(c.VehicleID),
			c.RawContent, c.GeneratedContent, c.FinalContentID, c.Status, c.ScheduledDate, c.SourceCampaignID,
			c.SourceActivityID, c.Confidentiality))
		if err != nil {
			return err
		}
		if err := tx.setCommunicationScope(ctx, c.ID); err != nil {
			return err
		}
		if err := tx.record(ctx, domain.ActionUpdated, "communication", c.ID, c.Title); err != nil {
			return err
		}
		return reread(ctx, tx.GetCommunication, c.ID, c)
	})
}

// DeleteCommunication implements store.Store.
func (s *Store) DeleteCommunication(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		if err := tx.sees(ctx, "communications", id); err != nil {
			return err
		}
		scheduled, err := tx.scheduledDate(ctx, id)
		if err != nil {
			return err
		}
		tx.scheduledOn(scheduled)
		return tx.deleteRecorded(ctx, "communications", "title", "communication", id)
	})
}

// scheduledDate is a communication's stored scheduledDate, for scheduledOn.
func (s *Store) scheduledDate(ctx context.Context, id string) (string, error) {
	var scheduled string
	err := s.q().QueryRowContext(ctx, `SELECT scheduled_date FROM communications WHERE id = $1`, id).Scan(&scheduled)
	return scheduled, notFound(err)
}

// ListActivity implements store.Store.
func (s *Store) ListActivity(ctx context.Context, limit int) ([]domain.Activity, error) {
	args := []any{limit}
	sel := maskedActivity(ctx, func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	})
	rows, err := s.q().QueryContext(ctx, sel+
		` WHERE entity_type NOT IN `+unlistedActivitySQL+` ORDER BY seq DESC LIMIT $1`, args...)
	return collect(rows, err, scanActivity)
}

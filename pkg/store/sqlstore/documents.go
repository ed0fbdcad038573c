package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

const campaignSelect = `SELECT id, title, description, schedule, html_content, audience_filters, geographic_filters,
  created_at, updated_at, review, scope <> '' FROM campaigns`

func scanCampaign(r rowScanner) (domain.Campaign, error) {
	var c domain.Campaign
	err := r.Scan(&c.ID, &c.Title, &c.Description, rawScan{&c.Schedule}, &c.HTMLContent, rawScan{&c.AudienceFilters},
		jsonScan{&c.GeographicFilters}, &c.CreatedAt, &c.UpdatedAt, jsonScan{&c.Review}, &c.Confidential)
	c.Review.Normalize()
	return c, err
}

// ListCampaigns implements store.Store, newest first.
func (s *Store) ListCampaigns(ctx context.Context) ([]domain.Campaign, error) {
	q, args := andVisible(ctx, campaignSelect, "scope", true)
	return queryAll(ctx, s, scanCampaign, q+` ORDER BY created_at DESC, id`, args...)
}

// campaignPage is how many campaigns EachCampaign reads per query: about
// 50 KB of schedule each at the scale dataset.
const campaignPage = 10

// EachCampaign implements store.Store: the ids first (all of them, in
// ListCampaigns' order, when ids is nil), then the campaigns campaignPage
// at a time by id, their html_content left unread.
func (s *Store) EachCampaign(ctx context.Context, ids []string, fn func(domain.Campaign) error) error {
	if ids == nil {
		var err error
		q, args := andVisible(ctx, `SELECT id FROM campaigns`, "scope", true)
		if ids, err = s.collectIDs(ctx, q+` ORDER BY created_at DESC, id`, args...); err != nil {
			return err
		}
	}
	query := func(n int) string {
		marks := make([]string, n)
		for i := range marks {
			marks[i] = "$" + strconv.Itoa(i+1)
		}
		q := strings.Replace(campaignSelect, "html_content", "'' AS html_content", 1) + ` WHERE id IN (` +
			strings.Join(marks, ", ") + `)`
		if cond := visibleSQL(ctx, "scope", func(v any) string { return "$" + strconv.Itoa(n+1) }); cond != "" {
			q += ` AND ` + cond
		}
		return q
	}
	viewArgs := func(args []any) []any {
		if v := viewOf(ctx); !v.all {
			return append(args, v.person)
		}
		return args
	}
	full := query(campaignPage)
	for lo := 0; lo < len(ids); lo += campaignPage {
		page := ids[lo:min(lo+campaignPage, len(ids))]
		q := full
		if len(page) < campaignPage {
			q = query(len(page))
		}
		args := make([]any, len(page))
		for i, id := range page {
			args[i] = id
		}
		found, err := queryAll(ctx, s, scanCampaign, q, viewArgs(args)...)
		if err != nil {
			return err
		}
		byID := make(map[string]domain.Campaign, len(found))
		for _, c := range found {
			byID[c.ID] = c
		}
		for _, id := range page {
			c, ok := byID[id]
			if !ok {
				continue
			}
			delete(byID, id) // an id given twice is one campaign, read once
			if err := fn(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// ListCampaignSummaries implements store.Store, reading no HTML. Where the
// dialect takes JSON apart (Dialect.JSONField) the schedule's three figures
// come out of the database as JSON values and the schedule (about 120 KB a
// campaign at the scale dataset) is not read either; elsewhere the schedule
// is read and decoded here. On SQLite the index campaigns_list (migration
// 20) holds every column this reads, the figures' expressions included, so
// the summaries are read from it alone: keep the two the same.
func (s *Store) ListCampaignSummaries(ctx context.Context) ([]domain.CampaignSummary, error) {
	figures := "schedule"
	if f := s.opt.Dialect.JSONField; f != "" {
		figures = fmt.Sprintf(f, "schedule", "totalActivities") + `, ` + fmt.Sprintf(f, "schedule", "startDate") + `, ` +
			fmt.Sprintf(f, "schedule", "endDate")
	}
	query, args := andVisible(ctx, `SELECT id, title, description, `+figures+
		`, audience_filters, geographic_filters, created_at, updated_at, review, scope <> '' FROM campaigns`, "scope", true)
	rows, err := s.q().QueryContext(ctx, query+` ORDER BY created_at DESC, id`, args...)
	return collect(rows, err, func(r *sql.Rows) (domain.CampaignSummary, error) {
		var c domain.Campaign
		if s.opt.Dialect.JSONField == "" {
			err := r.Scan(&c.ID, &c.Title, &c.Description, rawScan{&c.Schedule}, rawScan{&c.AudienceFilters},
				jsonScan{&c.GeographicFilters}, &c.CreatedAt, &c.UpdatedAt, jsonScan{&c.Review}, &c.Confidential)
			c.Review.Normalize()
			return c.Summary(c.Figures()), err
		}
		var total, start, end sql.NullString
		err := r.Scan(&c.ID, &c.Title, &c.Description, &total, &start, &end, rawScan{&c.AudienceFilters},
			jsonScan{&c.GeographicFilters}, &c.CreatedAt, &c.UpdatedAt, jsonScan{&c.Review}, &c.Confidential)
		c.Review.Normalize()
		// The figures as the whole schedule would give them (Campaign.Figures).
		var doc []byte
		for _, kv := range []struct {
			key string
			v   sql.NullString
		}{{"totalActivities", total}, {"startDate", start}, {"endDate", end}} {
			if kv.v.Valid {
				doc = fmt.Appendf(doc, "%q:%s,", kv.key, kv.v.String)
			}
		}
		if len(doc) > 0 {
			c.Schedule = json.RawMessage("{" + string(doc[:len(doc)-1]) + "}")
		}
		return c.Summary(c.Figures()), err
	})
}

// ListCampaignPage implements store.Store, reading no HTML (keysetPage).
// The index campaigns_list (migration 20) serves the order, so neither the
// schedules nor the HTML before created_at in a row are read but for the
// page's own rows.
func (s *Store) ListCampaignPage(ctx context.Context, after string, limit int) (store.Page[domain.Campaign], error) {
	return keysetPage(ctx, s, "campaigns", `id, title, description, schedule, audience_filters, geographic_filters,
	  created_at, updated_at, review, scope <> ''`, after, limit, func(r *sql.Rows, total *int) (domain.Campaign, error) {
		var c domain.Campaign
		err := r.Scan(total, &c.ID, &c.Title, &c.Description, rawScan{&c.Schedule}, rawScan{&c.AudienceFilters},
			jsonScan{&c.GeographicFilters}, &c.CreatedAt, &c.UpdatedAt, jsonScan{&c.Review}, &c.Confidential)
		c.Review.Normalize()
		return c, err
	})
}

// pageKeyset is the condition of a page of a list ordered by created_at
// DESC, id: the rows after the one whose id is $1, all when $1 is empty.
const pageKeyset = `$1 = '' OR created_at < (SELECT created_at FROM %[1]s WHERE id = $1)
	    OR (created_at = (SELECT created_at FROM %[1]s WHERE id = $1) AND id > $1)`

// keysetPage reads a page of table, ordered created_at DESC, id, after the
// row whose id is after: one statement reads the page (one row past it, to
// tell whether more remain) and the count of all rows, so both are of one
// snapshot; the cursor's created_at is read in it too, so a cursor deleted
// meanwhile finds no rows rather than a page of another order. Only an
// empty page asks again, for the count and whether the cursor's row
// exists. scan reads cols after the count, which it stores in total.
func keysetPage[T any](ctx context.Context, s *Store, table, cols, after string, limit int,
	scan func(r *sql.Rows, total *int) (T, error)) (store.Page[T], error) {
	var page store.Page[T]
	// A table with scopes (campaigns) is read as ctx's actor may see it,
	// its count too.
	from, args := table, []any{after, limit + 1}
	if table == "campaigns" {
		if cond := visibleSQL(ctx, "scope", func(v any) string {
			args = append(args, v)
			return "$" + strconv.Itoa(len(args))
		}); cond != "" {
			from = `(SELECT * FROM ` + table + ` WHERE ` + cond + `) AS ` + table
		}
	}
	rows, err := s.q().QueryContext(ctx, `SELECT (SELECT count(*) FROM `+from+`), `+cols+` FROM `+from+`
	  WHERE `+fmt.Sprintf(pageKeyset, table)+` ORDER BY created_at DESC, id LIMIT $2`, args...)
	page.Rows, err = collect(rows, err, func(r *sql.Rows) (T, error) { return scan(r, &page.Total) })
	if err != nil {
		return page, err
	}
	if len(page.Rows) > limit {
		page.Rows, page.More = page.Rows[:limit], true
	}
	if len(page.Rows) > 0 {
		return page, nil
	}
	var found int
	err = s.q().QueryRowContext(ctx, `SELECT (SELECT count(*) FROM `+from+`), (SELECT count(*) FROM `+from+` WHERE id = $1)
	  LIMIT $2`, args...).Scan(&page.Total, &found)
	if err == nil && after != "" && found == 0 {
		err = fmt.Errorf("%s %s: %w", table, after, store.ErrNotFound)
	}
	return page, err
}

// GetCampaign implements store.Store.
func (s *Store) GetCampaign(ctx context.Context, id string) (domain.Campaign, error) {
	q, args := andVisible(ctx, campaignSelect+` WHERE id = $1`, "scope", false, id)
	return queryOne(ctx, s, scanCampaign, q, args...)
}

// CreateCampaign implements store.Store.
func (s *Store) CreateCampaign(ctx context.Context, c *domain.Campaign) error {
	c.ID, c.CreatedAt = newID(), now()
	c.UpdatedAt = c.CreatedAt
	if c.GeographicFilters == nil {
		c.GeographicFilters = []string{}
	}
	return s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx,
			`INSERT INTO campaigns (id, title, description, schedule, html_content, audience_filters, geographic_filters,
			   created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			c.ID, c.Title, c.Description, string(c.Schedule), c.HTMLContent, rawDoc(c.AudienceFilters),
			list(c.GeographicFilters), c.CreatedAt, c.UpdatedAt); err != nil {
			return err
		}
		if err := tx.setCampaignScope(ctx, c.ID, c.Confidential); err != nil {
			return err
		}
		return tx.record(ctx, domain.ActionCreated, "campaign", c.ID, c.Title)
	})
}

// UpdateCampaign implements store.Store.
func (s *Store) UpdateCampaign(ctx context.Context, c *domain.Campaign) error {
	return s.inTx(ctx, func(tx *Store) error {
		if err := tx.sees(ctx, "campaigns", c.ID); err != nil {
			return err
		}
		err := mustAffect(tx.q().ExecContext(ctx,
			`UPDATE campaigns SET title = $2, description = $3, schedule = $4, html_content = $5, audience_filters = $6,
			   geographic_filters = $7, updated_at = $8 WHERE id = $1`,
			c.ID, c.Title, c.Description, string(c.Schedule), c.HTMLContent, rawDoc(c.AudienceFilters),
			list(c.GeographicFilters), now()))
		if err != nil {
			return err
		}
		if err := tx.setCampaignScope(ctx, c.ID, c.Confidential); err != nil {
			return err
		}
		if err := tx.record(ctx, domain.ActionUpdated, "campaign", c.ID, c.Title); err != nil {
			return err
		}
		return reread(ctx, tx.GetCampaign, c.ID, c)
	})
}

// SetCampaignHTML implements store.Store.
func (s *Store) SetCampaignHTML(ctx context.Context, id, html string) error {
	return s.inTx(ctx, func(tx *Store) error {
		return mustAffect(tx.q().ExecContext(ctx, `UPDATE campaigns SET html_content = $2 WHERE id = $1`, id, html))
	})
}

// DeleteCampaign implements store.Store.
func (s *Store) DeleteCampaign(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		if err := tx.sees(ctx, "campaigns", id); err != nil {
			return err
		}
		return tx.deleteRecorded(ctx, "campaigns", "title", "campaign", id)
	})
}

const templateSelect = `SELECT id, name, description, items, is_public, metadata, created_at, updated_at FROM checklist_templates`

func scanTemplate(r rowScanner) (domain.ChecklistTemplate, error) {
	var t domain.ChecklistTemplate
	err := r.Scan(&t.ID, &t.Name, &t.Description, rawScan{&t.Items}, &t.IsPublic, rawScan{&t.Metadata}, &t.CreatedAt, &t.UpdatedAt)
	return t, err
}

// ListChecklistTemplates implements store.Store, newest first.
func (s *Store) ListChecklistTemplates(ctx context.Context) ([]domain.ChecklistTemplate, error) {
	return queryAll(ctx, s, scanTemplate, templateSelect+` ORDER BY created_at DESC, id`)
}

// GetChecklistTemplate implements store.Store.
func (s *Store) GetChecklistTemplate(ctx context.Context, id string) (domain.ChecklistTemplate, error) {
	return queryOne(ctx, s, scanTemplate, templateSelect+` WHERE id = $1`, id)
}

// CreateChecklistTemplate implements store.Store.
func (s *Store) CreateChecklistTemplate(ctx context.Context, t *domain.ChecklistTemplate) error {
	t.ID, t.CreatedAt = newID(), now()
	t.UpdatedAt = t.CreatedAt
	return s.inTx(ctx, func(tx *Store) error {
		return tx.insertRecorded(ctx, "checklist_template", t.ID, t.Name,
			`INSERT INTO checklist_templates (id, name, description, items, is_public, metadata, created_at, updated_at)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			t.ID, t.Name, t.Description, string(t.Items), t.IsPublic, rawDoc(t.Metadata), t.CreatedAt, t.UpdatedAt)
	})
}

// DeleteChecklistTemplate implements store.Store.
func (s *Store) DeleteChecklistTemplate(ctx context.Context, id string) error {
	return s.deleteRecorded(ctx, "checklist_templates", "name", "checklist_template", id)
}

// GetChecklist implements store.Store.
func (s *Store) GetChecklist(ctx context.Context) (domain.WorkingChecklist, error) {
	var c domain.WorkingChecklist
	err := s.q().QueryRowContext(ctx, `SELECT items, version, updated_at FROM working_checklist WHERE id = 1`).
		Scan(rawScan{&c.Items}, &c.Version, &c.UpdatedAt)
	return c, notFound(err)
}

// SaveChecklist implements store.Store. The version check is part of the
// UPDATE's WHERE clause, so two concurrent saves of one version cannot both
// win, whatever the isolation level.
func (s *Store) SaveChecklist(ctx context.Context, items, stats json.RawMessage, expectedVersion int) (domain.WorkingChecklist, error) {
	var out domain.WorkingChecklist
	err := s.inTx(ctx, func(tx *Store) error {
		at := now()
		var res sql.Result
		var err error
		if expectedVersion == 0 {
			res, err = tx.q().ExecContext(ctx,
				`INSERT INTO working_checklist (id, items, version, updated_at) VALUES (1, $1, 1, $2) ON CONFLICT (id) DO NOTHING`,
				string(items), at)
		} else {
			res, err = tx.q().ExecContext(ctx,
				`UPDATE working_checklist SET items = $1, version = version + 1, updated_at = $2 WHERE id = 1 AND version = $3`,
				string(items), at, expectedVersion)
		}
		if err := mustAffect(res, err); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return store.ErrConflict
			}
			return err
		}
		if _, err := tx.q().ExecContext(ctx,
			`INSERT INTO checklist_history (id, at, stats) VALUES ($1, $2, $3)`, newID(), at, string(stats)); err != nil {
			return err
		}
		if err := tx.record(ctx, domain.ActionUpdated, "checklist", "working", "Readiness checklist"); err != nil {
			return err
		}
		out, err = tx.GetChecklist(ctx)
		return err
	})
	return out, err
}

// ListChecklistHistory implements store.Store.
func (s *Store) ListChecklistHistory(ctx context.Context) ([]domain.ChecklistSnapshot, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT id, at, stats FROM checklist_history ORDER BY seq`)
	return collect(rows, err, func(r *sql.Rows) (domain.ChecklistSnapshot, error) {
		var c domain.ChecklistSnapshot
		return c, r.Scan(&c.ID, &c.At, rawScan{&c.Stats})
	})
}

// searchKey names one search for rounds.
type searchKey struct {
	q     string
	limit int
	// view is who searches (viewOf): people who see different rows
	// share no answer.
	view view
}

// Search implements store.Store: the four searchable kinds in rank order.
// Concurrent identical searches share runs (rounds; the hits are then
// shared and read-only): under the soak's mixed load searches were 29% of
// the server's CPU.
func (s *Store) Search(ctx context.Context, q string, limit int) ([]domain.SearchHit, error) {
	if s.tx != nil || s.searches == nil {
		return s.search(ctx, q, limit)
	}
	return s.searches.do(ctx, searchKey{q, limit, viewOf(ctx)}, func() ([]domain.SearchHit, error) {
		return s.search(context.WithoutCancel(ctx), q, limit)
	})
}

// search reads the kinds one after the other in rank order, each asked
// only for the hits still missing, each hit list in the final order: the
// same hits as one query over all four kinds ordered by (rank,
// lower(title), id), but a word that names enough themes never reads the
// 20,000 communications of a long programme. (A write between two of the
// statements may show in the later kinds only; a search is a way in, not a
// record.) A kind is read in two ways, chosen by what q turns out to be:
//   - a word in many rows (the scale dataset's "training" is in 14,510 of
//     20,000 communications) fills the page from the first rows in title
//     order: the probe reads the first searchProbe rows of the title index
//     ("<table>_title_idx", migrations 19 and 21) and, when it finds
//     enough hits, they are the first hits of all;
//   - else the trigram indexes name the rows holding q (three characters
//     or more; shorter ones scan), and LIKE checks them as it always did,
//     so the hits are the same. On SQLite the statement asks the FTS5 table
//     (Dialect.SearchFTS5); on PostgreSQL it is the LIKE alone, which the
//     planner serves from the pg_trgm indexes when few rows match.
func (s *Store) search(ctx context.Context, q string, limit int) ([]domain.SearchHit, error) {
	pattern := likePattern(q)
	indexed := utf8.RuneCountInString(q) >= 3
	phrase := `"` + strings.ReplaceAll(q, `"`, `""`) + `"`
	out := []domain.SearchHit{}
	for _, k := range s.opt.Dialect.searchKinds() {
		need := limit - len(out)
		if need <= 0 {
			break
		}
		rows, err := s.q().QueryContext(ctx, k.probe, pattern, need)
		hits, err := collect(rows, err, scanSearchHit)
		if err != nil {
			return nil, err
		}
		if len(hits) < need {
			if indexed && k.indexed != "" {
				rows, err = s.q().QueryContext(ctx, k.indexed, pattern, need, phrase)
			} else {
				rows, err = s.q().QueryContext(ctx, k.scan, pattern, need)
			}
			if hits, err = collect(rows, err, scanSearchHit); err != nil {
				return nil, err
			}
		}
		if hits, err = s.visibleHits(ctx, hits); err != nil {
			return nil, err
		}
		out = append(out, hits...)
	}
	return out, nil
}

// visibleHits drops the communications among hits that ctx's actor may not
// see, whose scope the query read as ParentID (which a communication's hit
// does not carry out). A search with hidden hits so answers fewer than it
// might: it never names what is hidden, nor counts it. The reader's
// scopes are read only when a hit has one.
func (s *Store) visibleHits(ctx context.Context, hits []domain.SearchHit) ([]domain.SearchHit, error) {
	if len(hits) == 0 || hits[0].Kind != "communication" {
		return hits, nil
	}
	all := viewOf(ctx).all
	var mine []string
	kept := hits[:0:0]
	for _, h := range hits {
		scope := h.ParentID
		h.ParentID = ""
		if scope != "" && !all {
			if mine == nil {
				key, err := s.ViewKey(ctx)
				if err != nil {
					return nil, err
				}
				mine = append(strings.Fields(key), "")
			}
			if !slices.Contains(mine, scope) {
				continue
			}
		}
		kept = append(kept, h)
	}
	return kept, nil
}

func scanSearchHit(r *sql.Rows) (domain.SearchHit, error) {
	var h domain.SearchHit
	return h, r.Scan(&h.Kind, &h.ID, &h.Title, &h.Snippet, &h.ParentID)
}

// searchProbe is how many rows, in title order, a kind's probe reads.
const searchProbe = 200

// searchKind is one kind Search reads: $1 the LIKE pattern, $2 the hits
// wanted, $3 (indexed only) the FTS5 trigram phrase. indexed is "" where
// scan is served by the indexes as it is (PostgreSQL).
type searchKind struct {
	probe, indexed, scan string
}

// searchKinds are Search's statements for the dialect, in rank order.
func (d Dialect) searchKinds() []searchKind {
	return searchStatements[b2i(d.SearchFTS5)][b2i(d.LikeIgnoresCase)]
}

// searchStatements holds searchKinds by SearchFTS5 and LikeIgnoresCase.
// Where LIKE ignores case by itself the column goes to LIKE as it is:
// lowering every value of every row first was a fifth of a search's cost
// on SQLite.
var searchStatements = func() (out [2][2][]searchKind) {
	for _, fts := range []bool{false, true} {
		for _, ignoresCase := range []bool{false, true} {
			out[b2i(fts)][b2i(ignoresCase)] = buildSearchKinds(fts, ignoresCase)
		}
	}
	return out
}()

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func buildSearchKinds(fts, ignoresCase bool) []searchKind {
	kinds := []struct{ kind, table, title, snippet, parent string }{
		{"theme", "themes", "name", "description", "''"},
		{"question", "questions", "question", "description", "theme_id"},
		{"content", "content", "title", "description", "''"},
		// A communication's parent column is its scope, which Search
		// reads to leave out what the reader may not see (visibleHits).
		{"communication", "communications", "title", "status", "scope"},
	}
	searched := map[string][]string{"themes": {"name", "description"}, "questions": {"question", "description"},
		"content": {"title", "description", "content"}, "communications": {"title", "raw_content"}}
	out := make([]searchKind, len(kinds))
	for i, k := range kinds {
		like := make([]string, len(searched[k.table]))
		for j, c := range searched[k.table] {
			if !ignoresCase {
				c = "lower(" + c + ")"
			}
			like[j] = c + ` LIKE $1 ESCAPE '\'`
		}
		sel := fmt.Sprintf(`SELECT '%s', id, %s, %s, %s FROM %s WHERE `, k.kind, k.title, k.snippet, k.parent, k.table)
		match := "(" + strings.Join(like, " OR ") + ")"
		order := fmt.Sprintf(` ORDER BY lower(%s), id LIMIT $2`, k.title)
		if fts {
			first := fmt.Sprintf(`SELECT rowid FROM %s INDEXED BY %s_title_idx ORDER BY lower(%s), id LIMIT %d`,
				k.table, k.table, k.title, searchProbe)
			out[i].probe = sel + `rowid IN (` + first + `) AND ` + match + order
			out[i].indexed = sel + fmt.Sprintf(`rowid IN (SELECT rowid FROM %[1]s_search WHERE %[1]s_search MATCH $3) AND `, k.table) +
				match + order
			out[i].scan = sel + match + order
			continue
		}
		// PostgreSQL: each statement is fenced so that the planner cannot
		// mix the two ways. The probe filters the first rows alone (a
		// sub-select with LIMIT is never merged), and the scan gathers the
		// hits before sorting them (a MATERIALIZED CTE): unfenced, a plan
		// made without statistics walked the title index through all
		// 20,000 rows for a word in none (115 ms), or rechecked the 14,510
		// rows the trigram indexes named for "training" (150 ms).
		cols := []string{"id", k.title, k.snippet}
		if k.parent != "''" {
			cols = append(cols, k.parent)
		}
		for _, c := range searched[k.table] {
			if !slices.Contains(cols, c) {
				cols = append(cols, c)
			}
		}
		list := strings.Join(cols, ", ")
		from := func(rel string) string {
			return fmt.Sprintf(`SELECT '%s', id, %s, %s, %s FROM %s `, k.kind, k.title, k.snippet, k.parent, rel)
		}
		out[i].probe = from(fmt.Sprintf(`(SELECT %s FROM %s ORDER BY lower(%s), id LIMIT %d) AS head`, list, k.table, k.title, searchProbe)) +
			`WHERE ` + match + order
		out[i].scan = fmt.Sprintf(`WITH hits AS MATERIALIZED (SELECT %s FROM %s WHERE %s) `, list, k.table, match) + from("hits") + order
	}
	return out
}

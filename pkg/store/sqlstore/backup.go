package sqlstore

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/store"
)

// kind is how a column's values are read, written and put in JSON.
type kind uint8

const (
	text     kind = iota // a string
	nullText             // a string or null
	integer              // a 64-bit integer
	boolean              // true or false
	stamp                // a time: UTC, microseconds, RFC 3339
)

// column is one column of a backed-up table.
type column struct {
	name string
	kind kind
}

// table is how a backup reads and a restore writes one table.
type table struct {
	name    string
	columns []column
	// key orders the rows: the primary key.
	key []string
	// serial is an auto-numbered column whose counter a restore moves past
	// the loaded rows (Dialect.SerialReset); "" when none.
	serial string
}

func cols(kinds kind, names ...string) []column {
	out := make([]column, len(names))
	for i, n := range names {
		out[i] = column{n, kinds}
	}
	return out
}

func withCols(parts ...[]column) []column { return slices.Concat(parts...) }

var (
	id      = column{"id", text}
	created = column{"created_at", stamp}
	updated = column{"updated_at", stamp}
)

// catalog is every table in store.BackupTables with its columns, as the
// migrations up to store.SchemaVersion leave them. TestBackupCatalog fails
// when a migration adds a table or a column this does not name.
var catalog = map[string]table{
	"themes":    {columns: withCols([]column{id}, cols(text, "name", "description", "icon", "color"), []column{created})},
	"questions": {columns: withCols([]column{id}, cols(text, "theme_id", "question", "description"), []column{{"sort_order", integer}, created})},
	"content": {columns: withCols([]column{id}, cols(text, "title", "description", "content", "type", "url", "vehicle_type"),
		[]column{{"source_data", nullText}, created})},
	"question_content": {columns: withCols([]column{id}, cols(text, "question_id", "content_id"))},
	"audiences": {columns: withCols([]column{id}, cols(text, "name", "description"), []column{{"contact_count", integer}},
		cols(text, "roles", "org_levels", "divisions", "targeting_scope", "departments", "locations", "employee_types", "audience_type"),
		[]column{created}, cols(text, "include_ids", "exclude_ids", "greeting"))},
	"employees": {columns: withCols([]column{id}, cols(text, "employee_id", "name", "email", "phone", "division", "location",
		"department", "job_title", "level", "employee_type", "role_group", "manager_id", "language", "timezone"),
		[]column{{"active", boolean}}, cols(text, "start_date", "end_date", "attributes", "source", "division_key", "location_key",
			"level_key", "role_key", "department_key", "type_key"), []column{created, updated})},
	"vehicles": {columns: withCols([]column{id}, cols(text, "name", "type", "description", "settings", "generational_targeting",
		"communication_strategy", "preferred_generations", "generational_effectiveness"), []column{created})},
	"communications": {columns: withCols([]column{id, {"title", text}}, []column{{"theme_id", nullText}, {"selected_questions", text},
		{"audience_id", nullText}, {"vehicle_id", nullText}}, cols(text, "raw_content", "generated_content", "final_content_id", "status",
		"scheduled_date"), []column{created}, cols(text, "source_campaign_id", "source_activity_id"), []column{{"review", nullText}},
		cols(text, "scope", "confidentiality"))},
	"activity": {columns: withCols([]column{{"seq", integer}, id}, cols(text, "action", "entity_type", "entity_id", "label"),
		[]column{{"at", stamp}}, cols(text, "actor_id", "actor_name", "changes", "scope")), key: []string{"seq"}, serial: "seq"},
	"campaigns": {columns: withCols([]column{id}, cols(text, "title", "description", "schedule", "html_content"),
		[]column{{"audience_filters", nullText}, {"geographic_filters", text}, created, updated, {"review", nullText}, {"scope", text}})},
	"checklist_templates": {columns: withCols([]column{id}, cols(text, "name", "description", "items"),
		[]column{{"is_public", boolean}, {"metadata", nullText}, created, updated})},
	"working_checklist": {columns: []column{{"id", integer}, {"items", text}, {"version", integer}, updated}},
	"checklist_history": {columns: []column{{"seq", integer}, id, {"at", stamp}, {"stats", text}}, key: []string{"seq"}, serial: "seq"},
	"blackouts":         {columns: withCols([]column{id}, cols(text, "name", "start_date", "end_date"), []column{created})},
	"blackout_audiences": {columns: []column{{"blackout_id", text}, {"audience_id", text}, {"position", integer}},
		key: []string{"blackout_id", "audience_id"}},
	"calendar_feeds": {columns: []column{id, {"name", text}, {"include_campaign_activities", boolean}, {"token_hash", text}, created, {"include_confidential", boolean},
		{"owner_id", text}, {"owner_name", text}}},
	"comments": {columns: withCols([]column{id, {"communication_id", nullText}, {"campaign_id", nullText}},
		cols(text, "reply_to", "author_id", "author_name", "body", "mentions"), []column{created, updated})},
	"newsletter_templates": {columns: withCols([]column{id}, cols(text, "name", "description", "template"),
		[]column{created, updated})},
}

func init() {
	for name, t := range catalog {
		t.name = name
		if t.key == nil {
			t.key = []string{"id"}
		}
		catalog[name] = t
	}
}

// tableOf returns a backed-up table by name.
func tableOf(name string) (table, error) {
	t, ok := catalog[name]
	if !ok {
		return table{}, fmt.Errorf("sqlstore: %q is not a backed-up table", name)
	}
	return t, nil
}

func (t table) names() []string {
	out := make([]string, len(t.columns))
	for i, c := range t.columns {
		out[i] = c.name
	}
	return out
}

// order is the ORDER BY list: bytewise for text, whatever the database's
// collation, so every backend writes rows in one order.
func (t table) order(d Dialect) string {
	parts := make([]string, len(t.key))
	for i, k := range t.key {
		parts[i] = k
		if c := t.column(k); c.kind == text {
			parts[i] += d.TextOrder
		}
	}
	return strings.Join(parts, ", ")
}

func (t table) column(name string) column {
	for _, c := range t.columns {
		if c.name == name {
			return c
		}
	}
	return column{}
}

// TimeFormat is how a backup writes times: UTC with microseconds, the
// precision both backends keep.
const TimeFormat = "2006-01-02T15:04:05.000000Z"

// Snapshot implements store.Store.
func (s *Store) Snapshot(ctx context.Context, fn func(store.Snapshot) error) error {
	if s.tx != nil {
		return errors.New("sqlstore: Snapshot inside a transaction")
	}
	tx, err := s.opt.Read.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return fmt.Errorf("begin snapshot: %w", s.classify(ctx, ctx, err))
	}
	defer func() { _ = tx.Rollback() }()
	snap := &snapshot{s: &Store{opt: s.opt, tx: tx}}
	// The first read fixes the snapshot: SQLite's WAL read mark,
	// PostgreSQL's REPEATABLE READ view.
	if err := snap.s.q().QueryRowContext(ctx, "SELECT COALESCE(MAX(version_id), 0) FROM goose_db_version").Scan(&snap.schema); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	for _, name := range store.BackupTables {
		if err := snap.s.checkColumns(ctx, catalog[name]); err != nil {
			return err
		}
	}
	return fn(snap)
}

// checkColumns refuses a table whose columns differ from the catalog's, so
// a backup never silently drops a column a migration added.
func (s *Store) checkColumns(ctx context.Context, t table) error {
	rows, err := s.q().QueryContext(ctx, "SELECT * FROM "+t.name+" WHERE 1 = 0")
	if err != nil {
		return fmt.Errorf("read columns of %s: %w", t.name, err)
	}
	defer rows.Close()
	have, err := rows.Columns()
	if err != nil {
		return err
	}
	want := t.names()
	for _, c := range have {
		if !slices.Contains(want, c) {
			return fmt.Errorf("table %s has a column %s that backups do not know", t.name, c)
		}
	}
	for _, c := range want {
		if !slices.Contains(have, c) {
			return fmt.Errorf("table %s has no column %s", t.name, c)
		}
	}
	return rows.Err()
}

// snapshot is store.Snapshot over a read-only transaction.
type snapshot struct {
	s      *Store
	schema int64
}

func (p *snapshot) SchemaVersion() int64 { return p.schema }

func (p *snapshot) Count(ctx context.Context, name string) (int64, error) {
	t, err := tableOf(name)
	if err != nil {
		return 0, err
	}
	var n int64
	err = p.s.q().QueryRowContext(ctx, "SELECT COUNT(*) FROM "+t.name).Scan(&n)
	return n, err
}

func (p *snapshot) Rows(ctx context.Context, name string, fn func(row []byte) error) error {
	t, err := tableOf(name)
	if err != nil {
		return err
	}
	rows, err := p.s.q().QueryContext(ctx, "SELECT "+strings.Join(t.names(), ", ")+" FROM "+t.name+" ORDER BY "+t.order(p.s.opt.Dialect))
	if err != nil {
		return fmt.Errorf("read %s: %w", t.name, err)
	}
	defer rows.Close()
	vals := make([]any, len(t.columns))
	dest := make([]any, len(t.columns))
	for i, c := range t.columns {
		switch c.kind {
		case text:
			vals[i] = new(string)
		case nullText:
			vals[i] = new(sql.NullString)
		case integer:
			vals[i] = new(int64)
		case boolean:
			vals[i] = new(bool)
		case stamp:
			vals[i] = new(time.Time)
		}
		dest[i] = vals[i]
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("read %s: %w", t.name, err)
		}
		buf.Reset()
		buf.WriteByte('{')
		for i, c := range t.columns {
			if i > 0 {
				buf.WriteByte(',')
			}
			_ = enc.Encode(c.name)
			buf.Truncate(buf.Len() - 1) // Encode's newline
			buf.WriteByte(':')
			var v any
			switch x := vals[i].(type) {
			case *string:
				v = *x
			case *sql.NullString:
				if x.Valid {
					v = x.String
				}
			case *int64:
				v = *x
			case *bool:
				v = *x
			case *time.Time:
				v = x.UTC().Format(TimeFormat)
			}
			if err := enc.Encode(v); err != nil {
				return err
			}
			buf.Truncate(buf.Len() - 1)
		}
		buf.WriteByte('}')
		if err := fn(buf.Bytes()); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Restore implements store.Store.
func (s *Store) Restore(ctx context.Context, src store.RestoreSource, replace bool) error {
	if v := src.SchemaVersion(); v > store.SchemaVersion {
		return fmt.Errorf("%w: the archive is at schema %d, this binary knows up to %d", store.ErrNewerSchema, v, store.SchemaVersion)
	}
	return s.longTx(ctx, func(tx *Store) error {
		for _, name := range store.BackupTables {
			var n int64
			if err := tx.q().QueryRowContext(ctx, "SELECT COUNT(*) FROM "+name).Scan(&n); err != nil {
				return err
			}
			if n > 0 && !replace {
				return fmt.Errorf("%w: table %s has %d rows (--replace deletes them)", store.ErrNotEmpty, name, n)
			}
		}
		if replace {
			for _, name := range slices.Backward(store.BackupTables) {
				if _, err := tx.q().ExecContext(ctx, "DELETE FROM "+name); err != nil {
					return fmt.Errorf("empty %s: %w", name, err)
				}
			}
		}
		for _, name := range store.BackupTables {
			if err := tx.load(ctx, catalog[name], src); err != nil {
				return err
			}
		}
		for _, l := range store.Lists {
			tx.touched[l] = true
		}
		return nil
	})
}

// load inserts one table's rows and checks their count.
func (s *Store) load(ctx context.Context, t table, src store.RestoreSource) error {
	stmts := map[uint64]*sql.Stmt{}
	defer func() {
		for _, st := range stmts {
			_ = st.Close()
		}
	}()
	line := 0
	args := make([]any, 0, len(t.columns))
	err := src.Rows(t.name, func(row []byte) error {
		line++
		fields := map[string]any{}
		dec := json.NewDecoder(bytes.NewReader(row))
		dec.UseNumber()
		if err := dec.Decode(&fields); err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, line, err)
		}
		var mask uint64
		args = args[:0]
		for i, c := range t.columns {
			v, ok := fields[c.name]
			if !ok {
				continue // an older schema's row: the column's default
			}
			delete(fields, c.name)
			arg, err := c.value(v)
			if err != nil {
				return fmt.Errorf("%s row %d: %w", t.name, line, err)
			}
			mask |= 1 << i
			args = append(args, arg)
		}
		for name := range fields {
			return fmt.Errorf("%s row %d: unknown column %s", t.name, line, name)
		}
		st, ok := stmts[mask]
		if !ok {
			var names, marks []string
			for i, c := range t.columns {
				if mask&(1<<i) != 0 {
					names = append(names, c.name)
					marks = append(marks, fmt.Sprintf("$%d", len(names)))
				}
			}
			var err error
			st, err = s.tx.PrepareContext(ctx, "INSERT INTO "+t.name+" ("+strings.Join(names, ", ")+") VALUES ("+strings.Join(marks, ", ")+")")
			if err != nil {
				return s.classify(ctx, ctx, err)
			}
			stmts[mask] = st
		}
		if _, err := st.ExecContext(ctx, args...); err != nil {
			return fmt.Errorf("%s row %d: %w", t.name, line, s.classify(ctx, ctx, err))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	if t.serial != "" && s.opt.Dialect.SerialReset != "" {
		if _, err := s.q().ExecContext(ctx, fmt.Sprintf(s.opt.Dialect.SerialReset, t.name, t.serial)); err != nil {
			return fmt.Errorf("move %s's counter: %w", t.name, err)
		}
	}
	var n int64
	if err := s.q().QueryRowContext(ctx, "SELECT COUNT(*) FROM "+t.name).Scan(&n); err != nil {
		return err
	}
	if want := src.Count(t.name); n != want {
		return fmt.Errorf("load: table %s has %d rows after the load, the archive says %d", t.name, n, want)
	}
	return nil
}

// value converts a decoded JSON value into the column's argument.
func (c column) value(v any) (any, error) {
	bad := func() (any, error) { return nil, fmt.Errorf("column %s: %v is not a valid value", c.name, v) }
	switch c.kind {
	case text:
		if s, ok := v.(string); ok {
			return s, nil
		}
	case nullText:
		if v == nil {
			return nil, nil
		}
		if s, ok := v.(string); ok {
			return s, nil
		}
	case integer:
		if n, ok := v.(json.Number); ok {
			if i, err := n.Int64(); err == nil {
				return i, nil
			}
		}
	case boolean:
		if b, ok := v.(bool); ok {
			return b, nil
		}
	case stamp:
		if s, ok := v.(string); ok {
			if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
				return t.UTC(), nil
			}
		}
	}
	return bad()
}

// longTx is inTx without the query timeout, for a restore that may take
// minutes; the caller's context still ends it.
func (s *Store) longTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.tx != nil {
		return errors.New("sqlstore: Restore inside a transaction")
	}
	if s.writer == nil {
		return s.runTx(ctx, ctx, fn)
	}
	started, err := s.writer.do(ctx, func() error { return s.runTx(ctx, ctx, fn) })
	if !started {
		return fmt.Errorf("begin transaction: %w", s.classify(ctx, ctx, err))
	}
	return err
}

// Package sqlstore implements store.Store over database/sql. Both storage
// backends (plugins/storage/sqlite and plugins/storage/postgres) use it: the
// SQL is written once with $1 placeholders, which modernc SQLite and lib/pq
// both accept, and a small Dialect carries what truly differs.
package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/pressly/goose/v3"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// Dialect is what differs between backends.
type Dialect struct {
	// Goose is the migration dialect.
	Goose goose.Dialect
	// Migrations holds the backend's goose SQL files at its root.
	Migrations fs.FS
}

// Options configures a Store.
type Options struct {
	// Write runs every transaction. For SQLite it is one connection, so
	// writers queue in Go rather than fail with "database is locked".
	Write *sql.DB
	// Read serves reads outside transactions; it may be the same as Write.
	Read *sql.DB
	// Dialect is the backend's dialect.
	Dialect Dialect
	// Trace, when set, sees every statement before it runs.
	Trace func(query string)
}

// Store is the database/sql implementation of store.Store. A Store made by
// New works on the pools; one handed to an InTx callback works inside that
// transaction.
type Store struct {
	opt Options
	tx  *sql.Tx
}

var _ store.Store = (*Store)(nil)

// New returns a Store over the given pools. It does not migrate.
func New(opt Options) *Store {
	if opt.Read == nil {
		opt.Read = opt.Write
	}
	return &Store{opt: opt}
}

type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// q is where statements go: the transaction if there is one, else the read
// pool (writes always run in a transaction).
func (s *Store) q() querier {
	var q querier = s.opt.Read
	if s.tx != nil {
		q = s.tx
	}
	if s.opt.Trace != nil {
		return tracer{q, s.opt.Trace}
	}
	return q
}

// SetTrace installs fn to see every statement; call it before the store is
// shared. Tests use it to count queries, and debug logging to show them.
func (s *Store) SetTrace(fn func(query string)) { s.opt.Trace = fn }

type tracer struct {
	q     querier
	trace func(string)
}

func (t tracer) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	t.trace(query)
	return t.q.ExecContext(ctx, query, args...)
}

func (t tracer) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	t.trace(query)
	return t.q.QueryContext(ctx, query, args...)
}

func (t tracer) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	t.trace(query)
	return t.q.QueryRowContext(ctx, query, args...)
}

// inTx runs fn in the current transaction or, outside one, in a new one.
func (s *Store) inTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	tx, err := s.opt.Write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	if err := fn(&Store{opt: s.opt, tx: tx}); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// InTx implements store.Store.
func (s *Store) InTx(ctx context.Context, fn func(tx store.Store) error) error {
	return s.inTx(ctx, func(tx *Store) error { return fn(tx) })
}

// Migrate applies the dialect's pending migrations with goose.
func (s *Store) Migrate(ctx context.Context) error {
	p, err := goose.NewProvider(s.opt.Dialect.Goose, s.opt.Write, s.opt.Dialect.Migrations)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Close closes both pools.
func (s *Store) Close() error {
	if s.tx != nil {
		return errors.New("sqlstore: Close called inside a transaction")
	}
	err := s.opt.Write.Close()
	if s.opt.Read != s.opt.Write {
		err = errors.Join(err, s.opt.Read.Close())
	}
	return err
}

// now is the storage clock, cut to the microsecond that PostgreSQL keeps so a
// record reads back equal to what was written.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

func newID() string { return uuid.NewString() }

// notFound turns sql.ErrNoRows into store.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// mustAffect reports ErrNotFound when an update or delete touched no row.
func mustAffect(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// exists checks a reference inside the transaction and names the field when
// it dangles. An empty id is no reference and passes.
func (s *Store) exists(ctx context.Context, table, id, field string) error {
	if id == "" {
		return nil
	}
	var one int
	err := s.q().QueryRowContext(ctx, "SELECT 1 FROM "+table+" WHERE id = $1", id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return &store.ReferenceError{Field: field}
	}
	return err
}

// record appends an entry to the activity log; callers are inside inTx.
func (s *Store) record(ctx context.Context, action, entityType, id, label string) error {
	_, err := s.q().ExecContext(ctx,
		`INSERT INTO activity (id, action, entity_type, entity_id, label, at) VALUES ($1, $2, $3, $4, $5, $6)`,
		newID(), action, entityType, id, label, now())
	return err
}

// deleteRecorded deletes one row by id and logs it under its label column.
func (s *Store) deleteRecorded(ctx context.Context, table, labelColumn, entityType, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		var label string
		err := tx.q().QueryRowContext(ctx, "SELECT "+labelColumn+" FROM "+table+" WHERE id = $1", id).Scan(&label)
		if err != nil {
			return notFound(err)
		}
		if err := mustAffect(tx.q().ExecContext(ctx, "DELETE FROM "+table+" WHERE id = $1", id)); err != nil {
			return err
		}
		return tx.record(ctx, domain.ActionDeleted, entityType, id, label)
	})
}

// jsonValue stores a Go value as JSON text.
type jsonValue struct{ v any }

func (j jsonValue) Value() (driver.Value, error) {
	b, err := json.Marshal(j.v)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// list stores a string list, never as null.
func list(v []string) jsonValue {
	if v == nil {
		v = []string{}
	}
	return jsonValue{v}
}

// jsonScan reads JSON text into a Go value; NULL leaves it untouched.
type jsonScan struct{ v any }

func (j jsonScan) Scan(src any) error {
	switch b := src.(type) {
	case nil:
		return nil
	case string:
		return json.Unmarshal([]byte(b), j.v)
	case []byte:
		return json.Unmarshal(b, j.v)
	default:
		return fmt.Errorf("sqlstore: cannot read %T as JSON", src)
	}
}

// rawDoc stores a JSON document, or NULL when it is empty.
func rawDoc(m json.RawMessage) any {
	if len(m) == 0 || string(m) == "null" {
		return nil
	}
	return string(m)
}

// rawScan reads a JSON document column.
type rawScan struct{ m *json.RawMessage }

func (r rawScan) Scan(src any) error {
	switch b := src.(type) {
	case nil:
		*r.m = nil
	case string:
		*r.m = json.RawMessage(b)
	case []byte:
		*r.m = append(json.RawMessage(nil), b...)
	default:
		return fmt.Errorf("sqlstore: cannot read %T as a JSON document", src)
	}
	return nil
}

// nullable stores an empty reference as NULL.
func nullable(id string) any {
	if id == "" {
		return nil
	}
	return id
}

// likePattern builds a case-insensitive LIKE pattern for a substring, with
// the LIKE metacharacters escaped.
func likePattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(q)) + "%"
}

// collect scans every row with scan.
func collect[T any](rows *sql.Rows, err error, scan func(*sql.Rows) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

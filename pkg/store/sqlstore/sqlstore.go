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
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/pressly/goose/v3"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// Dialect is what differs between backends.
type Dialect struct {
	// Goose is the migration dialect.
	Goose goose.Dialect
	// Migrations holds the backend's goose SQL files at its root.
	Migrations fs.FS
	// Unavailable reports the driver's own errors that mean the database
	// cannot answer now (a server shutting down, a lock held too long).
	// Network errors, bad connections and deadlines are recognised
	// without it.
	Unavailable func(error) bool
	// PrepareHot lets every statement run prepared once per query text
	// (stmtCache): on SQLite parsing was a third of a cached list's cost and
	// of the writer's; on PostgreSQL it spares the server parsing and
	// planning. Off, each statement is sent as it is.
	PrepareHot bool
	// LikeIgnoresCase says LIKE already ignores case wherever lower()
	// folds it, so searches need not lower each value. On SQLite both fold
	// ASCII letters only; PostgreSQL's lower() folds every letter.
	LikeIgnoresCase bool
	// SearchFTS5 says each kind Search reads has a trigram full-text table
	// over its rowids ("<table>_search", SQLite's FTS5, migration 19), which
	// Search asks for the rows holding q. Without it Search runs the LIKE
	// alone, which PostgreSQL's pg_trgm indexes serve.
	SearchFTS5 bool
	// JSONField is the expression, with %[1]s a text column holding JSON and
	// %[2]s a key, giving the JSON text of the key's value in the column's
	// object, or NULL: campaign summaries take the schedule's figures out in
	// the database instead of reading the whole schedule. Empty, they read
	// the schedule (on PostgreSQL each json -> parses the whole text again,
	// and three of them took longer than sending it).
	JSONField string
	// TextOrder follows a text column in ORDER BY to sort it bytewise
	// whatever the database's collation, so backups of the same data are
	// the same bytes on every backend ("" where that is the default).
	TextOrder string
	// SerialReset is the statement, with %[1]s the table and %[2]s the
	// column, that moves an auto-numbered column's counter past its rows
	// after a restore inserted them; "" where inserting does that already.
	SerialReset string
	// TextList is a subquery, with %s a placeholder holding a JSON array of
	// strings, that gives the array's values as rows: "col IN (TextList)"
	// takes a list of any length as one argument, so the query text (and
	// its prepared statement) stays the same.
	TextList string
	// AfterMigrate, when set, runs after the backend's own migrations on the
	// write pool: the job queue's (River's) migrations, so one migrate
	// brings every table up.
	AfterMigrate func(ctx context.Context, db *sql.DB) error
	// Backend names the backend ("sqlite", "postgres"): the job queue
	// picks its driver by it.
	Backend string
}

// Classify wraps err in store.ErrUnavailable when it means the database
// could not answer: a deadline, a network failure, a broken connection or
// one of the dialect's codes. Other errors come back unchanged. It is the
// one classifier; the Store applies it to every statement, and backends to
// the errors of opening a connection.
func (d Dialect) Classify(err error) error {
	if err == nil || errors.Is(err, store.ErrUnavailable) {
		return err
	}
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, driver.ErrBadConn) || errors.As(err, &netErr) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		(d.Unavailable != nil && d.Unavailable(err)) {
		return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
	}
	return err
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
	// QueryTimeout bounds every statement outside a transaction and every
	// transaction as a whole (waiting for a connection included); zero
	// means no bound.
	QueryTimeout time.Duration
	// Stamp, when the backend has one, tells cheaply whether the database
	// may have changed; while it is unchanged the data versions are not read
	// again (versionReader). The Store closes it.
	Stamp Stamper
	// SerialWrites runs every transaction on one goroutine that owns the
	// write pool's one connection (serialWriter): for SQLite.
	SerialWrites bool
}

// Stamper tells whether any connection, in any process, committed: Stamp
// appends to dst bytes that change with every commit, before its COMMIT
// returns, and reports false when it cannot tell.
type Stamper interface {
	Stamp(dst []byte) ([]byte, bool)
	Close() error
}

// Store is the database/sql implementation of store.Store. A Store made by
// New works on the pools; one handed to an InTx callback works inside that
// transaction, whose deadline its statements share.
type Store struct {
	opt      Options
	tx       *sql.Tx
	deadline time.Time
	// touched holds the lists this transaction's writes can change; their
	// versions are bumped just before it commits (see bumpVersions).
	touched map[store.List]bool
	// parts are the parts of partitioned lists this transaction's writes
	// move, by their kind in data_versions; placed holds the lists whose
	// parts the next record already named (scheduledOn, inThemes); extra
	// the lists it touches beyond touches (also).
	parts  map[string]bool
	placed map[store.List]bool
	extra  []store.List
	// version reads data versions for a Store made by New.
	version *versionReader
	// searches share concurrent identical searches; nil in a transaction.
	searches *rounds[searchKey, []domain.SearchHit]
	// views remembers each person's ViewKey at the insiders' version; nil
	// in a transaction.
	views *viewMemo
	// stmts and txStmts keep the read and the write pool's statements
	// prepared (Dialect.PrepareHot); nil without it.
	stmts, txStmts *stmtCache
	// writer runs the transactions (Options.SerialWrites); nil without it.
	writer *serialWriter
}

var _ store.Store = (*Store)(nil)

// New returns a Store over the given pools. It does not migrate.
func New(opt Options) *Store {
	if opt.Read == nil {
		opt.Read = opt.Write
	}
	s := &Store{opt: opt, version: &versionReader{}, searches: &rounds[searchKey, []domain.SearchHit]{},
		views: &viewMemo{keys: map[string]viewAt{}}}
	if opt.Dialect.PrepareHot {
		s.stmts, s.txStmts = newStmtCache(opt.Read), newStmtCache(opt.Write)
	}
	if opt.SerialWrites {
		s.writer = newSerialWriter()
	}
	return s
}

// querier is what database/sql's pools and transactions share.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// q is where statements go: the transaction if there is one, else the read
// pool (writes always run in a transaction). Every statement passes through
// the returned runner, which gives it its deadline, traces it and classifies
// its errors, so no method can leave them out.
func (s *Store) q() runner {
	var q querier = s.opt.Read
	if s.tx != nil {
		q = s.tx
	}
	return runner{s: s, q: q}
}

// SetTrace installs fn to see every statement; call it before the store is
// shared. Tests use it to count queries, and debug logging to show them.
func (s *Store) SetTrace(fn func(query string)) { s.opt.Trace = fn }

// bound gives a statement or a new transaction its deadline: the
// transaction's own, or the query timeout from now.
func (s *Store) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	switch {
	case s.tx != nil && !s.deadline.IsZero():
		return context.WithDeadline(ctx, s.deadline)
	case s.tx == nil && s.opt.QueryTimeout > 0:
		return context.WithTimeout(ctx, s.opt.QueryTimeout)
	}
	return ctx, func() {}
}

// classify is Dialect.Classify with the contexts in view: a statement whose
// deadline passed is unavailable whatever the driver said, and a caller that
// gave up (a client that hung up) gets context.Canceled, not a failure.
func (s *Store) classify(caller, bounded context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(caller.Err(), context.Canceled):
		if errors.Is(err, context.Canceled) {
			return err
		}
		return fmt.Errorf("%w: %w", context.Canceled, err)
	case bounded.Err() != nil && !errors.Is(err, store.ErrUnavailable):
		return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
	}
	return s.opt.Dialect.Classify(err)
}

// runner runs statements for a Store; see q.
type runner struct {
	s *Store
	q querier
}

func (a runner) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	a.trace(query)
	bounded, cancel := a.s.bound(ctx)
	defer cancel()
	var res sql.Result
	var err error
	if st := a.prepared(bounded, query); st != nil {
		res, err = st.ExecContext(bounded, args...)
	} else {
		res, err = a.q.ExecContext(bounded, query, args...)
	}
	return res, a.s.classify(ctx, bounded, err)
}

func (a runner) QueryContext(ctx context.Context, query string, args ...any) (*boundRows, error) {
	a.trace(query)
	bounded, cancel := a.s.bound(ctx)
	var rows *sql.Rows
	var err error
	if st := a.prepared(bounded, query); st != nil {
		rows, err = st.QueryContext(bounded, args...)
	} else {
		rows, err = a.q.QueryContext(bounded, query, args...)
	}
	if err != nil {
		cancel()
		return nil, a.s.classify(ctx, bounded, err)
	}
	return &boundRows{Rows: rows, s: a.s, caller: ctx, bounded: bounded, cancel: cancel}, nil
}

func (a runner) QueryRowContext(ctx context.Context, query string, args ...any) *boundRow {
	a.trace(query)
	bounded, cancel := a.s.bound(ctx)
	var row *sql.Row
	if st := a.prepared(bounded, query); st != nil {
		row = st.QueryRowContext(bounded, args...)
	} else {
		row = a.q.QueryRowContext(bounded, query, args...)
	}
	return &boundRow{row: row, s: a.s, caller: ctx, bounded: bounded, cancel: cancel}
}

// prepared is query's cached statement where it runs: from the read pool's
// cache, or from the write pool's bound to the transaction; nil without a
// cache, or in a transaction before the statement was prepared.
func (a runner) prepared(ctx context.Context, query string) *sql.Stmt {
	switch {
	case a.s.tx != nil && a.s.txStmts != nil:
		if st := a.s.txStmts.lookup(query); st != nil {
			return a.s.tx.StmtContext(ctx, st)
		}
	case a.s.tx == nil && a.s.stmts != nil:
		return a.s.stmts.get(ctx, query)
	}
	return nil
}

func (a runner) trace(query string) {
	if a.s.opt.Trace != nil {
		a.s.opt.Trace(query)
	}
}

// boundRows are rows whose deadline ends when they are closed and whose
// errors are classified.
type boundRows struct {
	*sql.Rows
	s               *Store
	caller, bounded context.Context
	cancel          context.CancelFunc
}

// Err reports the error that ended the iteration, classified.
func (r *boundRows) Err() error { return r.s.classify(r.caller, r.bounded, r.Rows.Err()) }

// Close closes the rows and releases their deadline.
func (r *boundRows) Close() error {
	err := r.Rows.Close()
	r.cancel()
	return r.s.classify(r.caller, r.bounded, err)
}

// boundRow is a single-row result whose deadline ends with Scan.
type boundRow struct {
	row             *sql.Row
	s               *Store
	caller, bounded context.Context
	cancel          context.CancelFunc
}

// Scan copies the row into dest; sql.ErrNoRows passes unchanged.
func (r *boundRow) Scan(dest ...any) error {
	defer r.cancel()
	return r.s.classify(r.caller, r.bounded, r.row.Scan(dest...))
}

// inTx runs fn in the current transaction or, outside one, in a new one
// bounded as a whole by the query timeout.
func (s *Store) inTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	bounded, cancel := s.bound(ctx)
	defer cancel()
	if s.writer == nil {
		return s.runTx(ctx, bounded, fn)
	}
	started, err := s.writer.do(bounded, func() error { return s.runTx(ctx, bounded, fn) })
	if !started {
		return fmt.Errorf("begin transaction: %w", s.classify(ctx, bounded, err))
	}
	return err
}

// runTx runs fn in a new transaction bounded by bounded, on the caller's
// goroutine or the writer's.
func (s *Store) runTx(ctx, bounded context.Context, fn func(tx *Store) error) error {
	tx, err := s.opt.Write.BeginTx(bounded, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", s.classify(ctx, bounded, err))
	}
	deadline, _ := bounded.Deadline()
	txs := &Store{opt: s.opt, tx: tx, deadline: deadline, touched: map[store.List]bool{}, parts: map[string]bool{},
		placed:  map[store.List]bool{},
		version: s.version,
		txStmts: s.txStmts}
	if s.txStmts != nil {
		defer s.txStmts.prepareWanted(ctx)
	}
	// Also when fn panics: the connection must not stay the transaction's.
	// After a commit it is a no-op.
	defer func() { _ = tx.Rollback() }()
	if err := fn(txs); err != nil {
		return err
	}
	if err := txs.bumpVersions(bounded); err != nil {
		return fmt.Errorf("bump data versions: %w", s.classify(ctx, bounded, err))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", s.classify(ctx, bounded, err))
	}
	return nil
}

// Ping implements store.Store with a one-row query, so it takes the same
// path, deadline and classification as every read.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.q().QueryRowContext(ctx, "SELECT 1").Scan(&one)
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
	if s.opt.Dialect.AfterMigrate != nil {
		if err := s.opt.Dialect.AfterMigrate(ctx, s.opt.Write); err != nil {
			return fmt.Errorf("migrate the job queue: %w", err)
		}
	}
	return nil
}

// DB is the write pool: the job queue's driver runs on it, so on SQLite its
// statements queue behind the store's on the one connection.
func (s *Store) DB() *sql.DB { return s.opt.Write }

// Backend names the backend (Dialect.Backend).
func (s *Store) Backend() string { return s.opt.Dialect.Backend }

// SQLTx is the transaction a Store handed to an InTx callback runs in (nil
// outside one): the job queue enqueues in it, with the data.
func (s *Store) SQLTx() *sql.Tx { return s.tx }

// Close closes both pools.
func (s *Store) Close() error {
	if s.tx != nil {
		return errors.New("sqlstore: Close called inside a transaction")
	}
	if s.writer != nil {
		s.writer.close()
	}
	err := errors.Join(s.stmts.close(), s.txStmts.close(), s.opt.Write.Close())
	if s.opt.Stamp != nil {
		err = errors.Join(err, s.opt.Stamp.Close())
	}
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

// record appends an entry to the activity log and marks the lists the write
// can change, whose versions move when the transaction commits; callers are
// inside inTx.
// The entry is the audit trail's too: it names the actor of ctx and the
// changes ctx carries (store.WithChanges), in the write's transaction.
func (s *Store) record(ctx context.Context, action, entityType, id, label string) error {
	var changes string
	if c := store.ChangesFrom(ctx); len(c) > 0 {
		b, err := json.Marshal(c)
		if err != nil {
			return err
		}
		changes = string(b)
	}
	who := actingFor(ctx)
	insert := `INSERT INTO activity (id, action, entity_type, entity_id, label, at, actor_id, actor_name, changes)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`
	if table, err := scopeTable(entityType); err == nil {
		// The entry keeps its record's scope, a deleted record's that of
		// its last entry, so it stays masked for whoever may not see it.
		insert = `INSERT INTO activity (id, action, entity_type, entity_id, label, at, actor_id, actor_name, changes, scope)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE((SELECT scope FROM ` + table + ` WHERE id = $4),
		   (SELECT a.scope FROM activity a WHERE a.entity_type = $3 AND a.entity_id = $4 ORDER BY a.seq DESC LIMIT 1), ''))`
	}
	_, err := s.q().ExecContext(ctx, insert,
		newID(), action, entityType, id, label, now(), who.ID, who.Name, changes)
	if err != nil {
		return err
	}
	s.touch(entityType, action)
	if action != domain.ActionCreated { // nothing names a record just made
		named, err := s.named(ctx, entityType, id)
		if err != nil {
			return err
		}
		s.touchNamed(named)
	}
	return nil
}

// system is who acts when no one is in the context: a migration, a seed or
// a restore run by commsplan itself.
var system = actor.Actor{ID: "system", Name: "commsplan"}

// actingFor is the actor of ctx, or system.
func actingFor(ctx context.Context) actor.Actor {
	if a, err := actor.From(ctx); err == nil {
		return a
	}
	return system
}

// insertRecorded inserts one row and logs its creation; callers are inside inTx.
func (s *Store) insertRecorded(ctx context.Context, entityType, id, label, query string, args ...any) error {
	if _, err := s.q().ExecContext(ctx, query, args...); err != nil {
		return err
	}
	return s.record(ctx, domain.ActionCreated, entityType, id, label)
}

// updateRecorded updates one row, store.ErrNotFound when there is none, and
// logs the update; callers are inside inTx.
func (s *Store) updateRecorded(ctx context.Context, entityType, id, label, query string, args ...any) error {
	if err := mustAffect(s.q().ExecContext(ctx, query, args...)); err != nil {
		return err
	}
	return s.record(ctx, domain.ActionUpdated, entityType, id, label)
}

// reread replaces *dst with the row as stored, so counts and columns the
// database sets come back to the caller.
func reread[T any](ctx context.Context, get func(context.Context, string) (T, error), id string, dst *T) error {
	stored, err := get(ctx, id)
	*dst = stored
	return err
}

// deleteRecorded deletes one row by id and logs it under its label column.
// Communications that named it lose its name with it (namedBy).
func (s *Store) deleteRecorded(ctx context.Context, table, labelColumn, entityType, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		var label string
		err := tx.q().QueryRowContext(ctx, "SELECT "+labelColumn+" FROM "+table+" WHERE id = $1", id).Scan(&label)
		if err != nil {
			return notFound(err)
		}
		named, err := tx.named(ctx, entityType, id)
		if err != nil {
			return err
		}
		if err := mustAffect(tx.q().ExecContext(ctx, "DELETE FROM "+table+" WHERE id = $1", id)); err != nil {
			return err
		}
		if err := tx.record(ctx, domain.ActionDeleted, entityType, id, label); err != nil {
			return err
		}
		tx.touchNamed(named)
		return nil
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

// likeAny is a condition true when any of cols matches the likePattern in
// placeholder p, ignoring case (lower() where LIKE does not already).
func (s *Store) likeAny(p string, cols ...string) string {
	terms := make([]string, len(cols))
	for i, c := range cols {
		if !s.opt.Dialect.LikeIgnoresCase {
			c = "lower(" + c + ")"
		}
		terms[i] = c + ` LIKE ` + p + ` ESCAPE '\'`
	}
	return "(" + strings.Join(terms, " OR ") + ")"
}

// rowScanner is one result row, from a list or on its own; an alias, so
// every scanX function fits queryAll and queryOne as it is.
type rowScanner = interface{ Scan(...any) error }

// queryAll runs a query and scans every row it returns.
func queryAll[T any](ctx context.Context, s *Store, scan func(rowScanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := s.q().QueryContext(ctx, query, args...)
	return collect(rows, err, func(r *sql.Rows) (T, error) { return scan(r) })
}

// queryOne scans the one row a query finds, store.ErrNotFound when none.
func queryOne[T any](ctx context.Context, s *Store, scan func(rowScanner) (T, error), query string, args ...any) (T, error) {
	v, err := scan(s.q().QueryRowContext(ctx, query, args...))
	return v, notFound(err)
}

// collectIDs reads a one-column list of ids.
func (s *Store) collectIDs(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.q().QueryContext(ctx, query, args...)
	return collect(rows, err, func(r *sql.Rows) (string, error) {
		var id string
		return id, r.Scan(&id)
	})
}

// attachLinks reads (owner id, linked id) pairs in order and appends each
// linked id to its owner among items: one query for a whole list.
func attachLinks[T any](ctx context.Context, s *Store, query string, items []T, ownerID func(*T) string, add func(*T, string), args ...any) error {
	byID := make(map[string]*T, len(items))
	for i := range items {
		byID[ownerID(&items[i])] = &items[i]
	}
	links, err := s.q().QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer links.Close()
	for links.Next() {
		var owner, linked string
		if err := links.Scan(&owner, &linked); err != nil {
			return err
		}
		if it := byID[owner]; it != nil {
			add(it, linked)
		}
	}
	return links.Err()
}

// collect scans every row with scan.
func collect[T any](rows *boundRows, err error, scan func(*sql.Rows) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows.Rows)
		if err != nil {
			// Past the deadline database/sql closes the rows and Scan
			// answers the bare context error: classify it like Next's.
			return nil, rows.s.classify(rows.caller, rows.bounded, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

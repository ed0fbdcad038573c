// Package sqlite registers the embedded SQLite storage backend (modernc.org/sqlite,
// no cgo) for plain file paths and sqlite:// DSNs. It is commsplan's
// zero-setup default.
//
// Example usage:
//
//	import _ "github.com/commsplan/commsplan/plugins/storage/sqlite"
//
//	s, err := store.Open(ctx, "data/commsplan.db")
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/pressly/goose/v3"
	"modernc.org/sqlite" // also the database/sql driver "sqlite"

	"github.com/commsplan/commsplan/pkg/jobs"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

func init() { Register() }

var registerOnce sync.Once

// Register makes the backend available for "" (plain paths) and "sqlite"
// DSNs. The package's init calls it; calling it again does nothing.
func Register() {
	registerOnce.Do(func() {
		store.Register("", Open)
		store.Register("sqlite", Open)
	})
}

// Path returns the database file a DSN names.
func Path(dsn string) string { return store.FilePath(dsn) }

// connString puts the pragmas in the DSN so every pooled connection gets
// them: WAL lets readers run beside the writer, the busy timeout (the query
// timeout) bounds the wait for a lock another process holds, and
// _txlock=immediate takes the write lock at BEGIN so a transaction never
// fails half-way on a lock upgrade.
func connString(path string, readOnly bool, busy time.Duration) string {
	v := url.Values{}
	v.Add("_pragma", "journal_mode(WAL)")
	v.Add("_pragma", "foreign_keys(1)")
	v.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busy.Milliseconds()))
	v.Add("_pragma", "synchronous(NORMAL)")
	v.Set("_time_format", "sqlite")
	if readOnly {
		v.Add("_pragma", "query_only(1)")
	} else {
		v.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + v.Encode()
}

// dialect is SQLite's: a lock still held when the busy timeout ends
// (SQLITE_BUSY) means the database cannot answer now.
var dialect = sqlstore.Dialect{Goose: goose.DialectSQLite3, PrepareHot: true, LikeIgnoresCase: true,
	SearchFTS5: true, JSONField: `CASE WHEN json_valid(%[1]s) THEN %[1]s -> '$.%[2]s' END`,
	TextList: `SELECT value FROM json_each(%s)`, Unavailable: func(err error) bool {
		var e *sqlite.Error
		return errors.As(err, &e) && e.Code()&0xff == sqliteBusy
	}}

// sqliteBusy is SQLITE_BUSY, the primary result code of "database is locked".
const sqliteBusy = 5

// tuning is the pool and WAL settings; BenchmarkWriteUnderReads compares
// others (docs/performance.md).
type tuning struct {
	// readConns is the read pool's size.
	readConns int
	// checkpoint is the WAL auto-checkpoint threshold in pages.
	checkpoint int
}

// defaults: in WAL mode readers never lock the writer out, but modernc
// SQLite is pure Go, so every running read takes CPU from the writer. With
// as many read connections as cores the writer's p99 under eight busy
// readers was lowest (4 and 8 connections raised it; 1 starved the reads).
// The checkpoint threshold is SQLite's own 1000 pages: 10,000 made no
// consistent difference. Measured in docs/performance.md.
var defaults = tuning{readConns: max(2, runtime.GOMAXPROCS(0)), checkpoint: 1000}

// Open opens (creating if needed) and migrates the SQLite database a DSN
// names. opt.QueryTimeout bounds every statement and transaction and is the
// busy timeout; a file has no connect timeout.
func Open(ctx context.Context, dsn string, opt store.Options) (store.Store, error) {
	return open(ctx, dsn, opt, defaults)
}

func open(ctx context.Context, dsn string, opt store.Options, tune tuning) (*sqlstore.Store, error) {
	path := Path(dsn)
	if path == "" {
		return nil, fmt.Errorf("sqlite: empty database path in DSN %q", dsn)
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("sqlite: %w", err)
		}
	}
	// A new database file is the owner's alone (the plan, its audit trail
	// and the people): created 0600 before SQLite opens it, whose -wal and
	// -shm files take the database file's mode.
	if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.Close()
	} else if !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	write, err := sql.Open("sqlite", connString(path, false, opt.QueryTimeout)+
		"&_pragma="+url.QueryEscape(fmt.Sprintf("wal_autocheckpoint(%d)", tune.checkpoint)))
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	// One writer: writes queue in Go instead of failing with SQLITE_BUSY.
	write.SetMaxOpenConns(1)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, dialect.Classify(err))
	}
	read, err := sql.Open("sqlite", connString(path, true, opt.QueryTimeout))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	read.SetMaxOpenConns(tune.readConns)
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	d := dialect
	d.Migrations = sub
	d.Backend = jobs.SQLite
	d.AfterMigrate = func(ctx context.Context, db *sql.DB) error { return jobs.Migrate(ctx, jobs.SQLite, db) }
	s := sqlstore.New(sqlstore.Options{Write: write, Read: read, Dialect: d, QueryTimeout: opt.QueryTimeout,
		Stamp: newWALStamp(path), SerialWrites: true})
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	return s, nil
}

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
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the database/sql driver "sqlite"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

func init() { Register() }

var registered bool

// Register makes the backend available for "" (plain paths) and "sqlite"
// DSNs. The package's init calls it; calling it again does nothing.
func Register() {
	if registered {
		return
	}
	registered = true
	store.Register("", Open)
	store.Register("sqlite", Open)
}

// Path returns the database file a DSN names.
func Path(dsn string) string {
	p := strings.TrimPrefix(dsn, "sqlite://")
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	return p
}

// connString puts the pragmas in the DSN so every pooled connection gets
// them: WAL lets readers run beside the writer, the busy timeout covers
// checkpoints, and _txlock=immediate takes the write lock at BEGIN so a
// transaction never fails half-way on a lock upgrade.
func connString(path string, readOnly bool) string {
	v := url.Values{}
	v.Add("_pragma", "journal_mode(WAL)")
	v.Add("_pragma", "foreign_keys(1)")
	v.Add("_pragma", "busy_timeout(10000)")
	v.Add("_pragma", "synchronous(NORMAL)")
	v.Set("_time_format", "sqlite")
	if readOnly {
		v.Add("_pragma", "query_only(1)")
	} else {
		v.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + v.Encode()
}

// Open opens (creating if needed) and migrates the SQLite database a DSN names.
func Open(ctx context.Context, dsn string) (store.Store, error) {
	path := Path(dsn)
	if path == "" {
		return nil, fmt.Errorf("sqlite: empty database path in DSN %q", dsn)
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("sqlite: %w", err)
		}
	}
	write, err := sql.Open("sqlite", connString(path, false))
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	// One writer: writes queue in Go instead of failing with SQLITE_BUSY.
	write.SetMaxOpenConns(1)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	read, err := sql.Open("sqlite", connString(path, true))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	read.SetMaxOpenConns(4)
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	s := sqlstore.New(sqlstore.Options{Write: write, Read: read, Dialect: sqlstore.Dialect{Goose: goose.DialectSQLite3, Migrations: sub}})
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	return s, nil
}

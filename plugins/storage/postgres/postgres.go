// Package postgres registers the PostgreSQL storage backend (github.com/lib/pq)
// for postgres:// and postgresql:// DSNs, for teams that run a shared server or
// several replicas.
//
// Example usage:
//
//	import _ "github.com/commsplan/commsplan/plugins/storage/postgres"
//
//	s, err := store.Open(ctx, "postgres://user@db.internal/commsplan?sslmode=disable")
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	_ "github.com/lib/pq" // the database/sql driver "postgres"
	"github.com/pressly/goose/v3"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

func init() { Register() }

var registered bool

// Register makes the backend available for "postgres" DSNs (postgresql://
// maps to the same scheme). The package's init calls it; calling it again
// does nothing.
func Register() {
	if registered {
		return
	}
	registered = true
	store.Register("postgres", Open)
}

// Open connects to and migrates the PostgreSQL database a DSN names.
func Open(ctx context.Context, dsn string) (store.Store, error) {
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(8)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	s := sqlstore.New(sqlstore.Options{Write: db, Read: db, Dialect: sqlstore.Dialect{Goose: goose.DialectPostgres, Migrations: sub}})
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return s, nil
}

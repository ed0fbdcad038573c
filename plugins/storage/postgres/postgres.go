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
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/lib/pq" // also the database/sql driver "postgres"
	"github.com/lib/pq/pqerror"
	"github.com/pressly/goose/v3"

	"github.com/commsplan/commsplan/pkg/jobs"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

func init() { Register() }

var registerOnce sync.Once

// Register makes the backend available for "postgres" DSNs (postgresql://
// maps to the same scheme). The package's init calls it; calling it again
// does nothing.
func Register() {
	registerOnce.Do(func() { store.Register("postgres", Open) })
}

// dialect is PostgreSQL's: text sorted bytewise for backups, serial
// counters moved after a restore, and the codes of a server that cannot take the
// query now (shutting down, starting up, out of connections, the query
// cancelled) and every connection exception (class 08).
var dialect = sqlstore.Dialect{Goose: goose.DialectPostgres, PrepareHot: true, TextOrder: ` COLLATE "C"`,
	TextList:    `SELECT jsonb_array_elements_text(%s::jsonb)`,
	SerialReset: `SELECT setval(pg_get_serial_sequence('%[1]s', '%[2]s'), COALESCE((SELECT MAX(%[2]s) FROM %[1]s), 0) + 1, false)`,
	Unavailable: func(err error) bool {
		var e *pq.Error
		if !errors.As(err, &e) {
			return false
		}
		switch e.Code {
		case pqerror.AdminShutdown, pqerror.CrashShutdown, pqerror.CannotConnectNow,
			pqerror.TooManyConnections, pqerror.QueryCanceled:
			return true
		}
		return e.Code.Class() == pqerror.ClassConnectionException
	}}

// Open connects to and migrates the PostgreSQL database a DSN names.
// opt.ConnectTimeout becomes the DSN's connect_timeout unless it has one;
// opt.QueryTimeout bounds every statement and transaction.
func Open(ctx context.Context, dsn string, opt store.Options) (store.Store, error) {
	dsn, err := withConnectTimeout(dsn, opt.ConnectTimeout)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	c, err := newConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := sql.OpenDB(c)
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(8)
	pingCtx, cancel := context.WithTimeout(ctx, opt.ConnectTimeout+opt.QueryTimeout)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres: connect: %w", dialect.Classify(err))
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	d := dialect
	d.Migrations = sub
	d.Backend = jobs.Postgres
	d.AfterMigrate = func(ctx context.Context, db *sql.DB) error { return jobs.Migrate(ctx, jobs.Postgres, db) }
	s := sqlstore.New(sqlstore.Options{Write: db, Read: db, Dialect: d, QueryTimeout: opt.QueryTimeout})
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return s, nil
}

// withConnectTimeout adds connect_timeout (whole seconds, rounded up, as
// lib/pq reads it) to a URL DSN that has none.
func withConnectTimeout(dsn string, timeout time.Duration) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", errors.New("invalid DSN") // the error would repeat the password
	}
	q := u.Query()
	if q.Has("connect_timeout") || timeout <= 0 {
		return dsn, nil
	}
	q.Set("connect_timeout", strconv.FormatInt(int64((timeout+time.Second-1)/time.Second), 10))
	u.RawQuery = q.Encode()
	return u.String(), nil
}

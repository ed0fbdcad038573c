// Package jobs runs background work on River, a job queue kept in the
// plan's own database: deliveries and the scheduled chores (backups, audit
// pruning). River elects one leader among the servers sharing a database,
// so periodic work runs once however many replicas there are, and a job is
// enqueued in the same transaction as the data it acts on.
package jobs

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// The backends River runs on.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Client is the River client both backends share: their drivers work over
// database/sql transactions.
type Client = river.Client[*sql.Tx]

// driver is River's driver for backend over db.
func driver(backend string, db *sql.DB) (riverdriver.Driver[*sql.Tx], error) {
	switch backend {
	case SQLite:
		return riversqlite.New(db), nil
	case Postgres:
		return riverdatabasesql.New(db), nil
	}
	return nil, fmt.Errorf("jobs: no queue driver for backend %q", backend)
}

// Migrate brings River's tables up to this build's version in db. The
// storage backends call it after their own migrations, so `migrate` and
// every start leave one complete schema.
func Migrate(ctx context.Context, backend string, db *sql.DB) error {
	d, err := driver(backend, db)
	if err != nil {
		return err
	}
	m, err := rivermigrate.New(d, nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// Pool is a store the queue can run on: its backend's name and its write
// pool (sqlstore.Store has both).
type Pool interface {
	Backend() string
	DB() *sql.DB
}

// For is the queue configuration over st's database, or an error when st
// is not a SQL store.
func For(st any) (Config, error) {
	p, ok := st.(Pool)
	if !ok {
		return Config{}, fmt.Errorf("jobs: the store %T has no database pool for the queue", st)
	}
	return Config{Backend: p.Backend(), DB: p.DB()}, nil
}

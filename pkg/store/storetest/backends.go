// Package storetest is the one conformance suite every storage backend must
// pass, plus the helpers tests use to get a fresh database of each kind.
//
// Example usage, in a backend's own test:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store { return storetest.Open(t, storetest.SQLiteDSN(t)) })
//	}
package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/lib/pq" // to create and drop test databases
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store"
)

// PostgresEnv names the variable holding the DSN of a PostgreSQL server that
// tests may create databases on.
const PostgresEnv = "COMMSPLAN_TEST_POSTGRES_DSN"

// SQLiteDSN returns the path of a fresh SQLite file in a temporary directory.
func SQLiteDSN(t testing.TB) string {
	return filepath.Join(t.TempDir(), "commsplan.db")
}

// PostgresDSN creates an empty database on the server named by
// COMMSPLAN_TEST_POSTGRES_DSN, drops it when the test ends, and returns its
// DSN. Without the variable or the server the test is skipped, unless
// CI=true, where that is a failure.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	unavailable := func(format string, args ...any) string {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL is required in CI: "+format, args...)
		}
		t.Skipf("PostgreSQL not available: "+format, args...)
		return ""
	}
	if base == "" {
		return unavailable("%s is not set", PostgresEnv)
	}
	admin, err := sql.Open("postgres", base)
	if err != nil {
		return unavailable("%v", err)
	}
	defer admin.Close()
	if err := admin.Ping(); err != nil {
		return unavailable("%v", err)
	}
	name := fmt.Sprintf("commsplan_test_%d", rand.Uint64())
	_, err = admin.Exec("CREATE DATABASE " + name)
	require.NoError(t, err)
	t.Cleanup(func() {
		db, err := sql.Open("postgres", base)
		if err != nil {
			t.Errorf("drop test database: %v", err)
			return
		}
		defer db.Close()
		if _, err := db.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	require.NoError(t, err)
	u.Path = "/" + name
	return u.String()
}

// Backend is a named way to get a fresh database.
type Backend struct {
	Name string
	DSN  func(t testing.TB) string
}

// Backends lists SQLite and PostgreSQL, for tests that run on both.
var Backends = []Backend{{"sqlite", SQLiteDSN}, {"postgres", PostgresDSN}}

// Open opens a store for dsn (its backend must be registered) with the
// default options and closes it when the test ends.
func Open(t testing.TB, dsn string) store.Store {
	t.Helper()
	return OpenWith(t, dsn, store.Options{})
}

// OpenWith is Open with options, such as a short query timeout.
func OpenWith(t testing.TB, dsn string, opt store.Options) store.Store {
	t.Helper()
	s, err := store.OpenWith(context.Background(), dsn, opt)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

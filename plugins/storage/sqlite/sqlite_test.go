package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	"github.com/commsplan/commsplan/plugins/storage/sqlite"
)

func TestConformance(t *testing.T) {
	// The suite checks behaviour, not speed: under -race on a loaded two-core
	// machine, eight concurrent writers can queue past the 10 s default.
	opt := store.Options{QueryTimeout: time.Minute}
	storetest.Run(t, func(t *testing.T) store.Store { return storetest.OpenWith(t, storetest.SQLiteDSN(t), opt) })
}

func TestSQLiteScheme(t *testing.T) {
	storetest.Open(t, "sqlite://"+storetest.SQLiteDSN(t))
}

// TestSearchPlans: the header search reads the title index for a word in
// most rows and the FTS5 trigram table for a word in few (EXPLAIN QUERY
// PLAN of the statements Search runs).
func TestSearchPlans(t *testing.T) {
	dsn := storetest.SQLiteDSN(t)
	// The bulk write behind the plans is one statement of 3,000 rows: under
	// -race on a loaded machine it can pass the 10 s default.
	s := storetest.OpenWith(t, dsn, store.Options{QueryTimeout: time.Minute})
	storetest.SeedSearchPlan(t, s)
	db, err := sql.Open("sqlite", dsn)
	require.NoError(t, err)
	defer db.Close()
	explain := func(st storetest.SearchStatement) string { return sqlite.QueryPlan(t, db, st.Query, st.Args...) }

	sts := storetest.SearchStatements(t, s, "training")
	require.Len(t, sts, 1, "the first rows in title order hold the page")
	assert.Contains(t, explain(sts[0]), "communications_title_idx")

	sts = storetest.SearchStatements(t, s, "kickoff")
	require.Len(t, sts, 2, "the probe, then the index")
	plan := explain(sts[1])
	assert.Contains(t, plan, "VIRTUAL TABLE INDEX")
	assert.NotContains(t, strings.Split(plan, "\n"), "SCAN communications", "no scan of the table")
}

// TestNewFilesAreTheOwners: a new database, its WAL and shared-memory
// files are created 0600 whatever the umask allows, in the data dir or
// anywhere else (a migrate-to target).
func TestNewFilesAreTheOwners(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "elsewhere", "plan.db")
	st, err := sqlite.Open(context.Background(), path, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	require.NoError(t, st.CreateTheme(context.Background(), &domain.Theme{Name: "T", Icon: "fa-star", Color: "blue"}))
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), p)
	}
}

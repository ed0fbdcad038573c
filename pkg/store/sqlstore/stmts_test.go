package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"
)

// TestStmtCache checks reads outside a transaction prepare each query text
// once, a transaction's statements are prepared after it for the next one
// (never inside it: SQLite's one write connection is the transaction's),
// and past the bound queries still run, unprepared.
func TestStmtCache(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+t.TempDir()+"/stmts.db")
	require.NoError(t, err)
	db.SetMaxOpenConns(1)
	s := New(Options{Write: db, Read: db, Dialect: Dialect{PrepareHot: true}})
	t.Cleanup(func() { _ = s.Close() })
	one := func(st *Store, query string) int {
		var n int
		require.NoError(t, st.q().QueryRowContext(ctx, query).Scan(&n))
		return n
	}
	for range 3 {
		assert.Equal(t, 1, one(s, "SELECT 1"))
		rows, err := s.q().QueryContext(ctx, "SELECT 2 UNION ALL SELECT 3")
		require.NoError(t, err)
		require.NoError(t, rows.Close())
	}
	assert.Len(t, s.stmts.stmts, 2, "one statement per query text")

	_, err = db.Exec("CREATE TABLE t (n INTEGER)")
	require.NoError(t, err)
	for i := range 3 {
		require.NoError(t, s.inTx(ctx, func(tx *Store) error {
			if i == 0 {
				assert.Nil(t, tx.q().prepared(ctx, "INSERT INTO t VALUES ($1)"), "not prepared yet")
			} else {
				assert.NotNil(t, tx.q().prepared(ctx, "INSERT INTO t VALUES ($1)"), "prepared after the first")
			}
			_, err := tx.q().ExecContext(ctx, "INSERT INTO t VALUES ($1)", i)
			return err
		}))
	}
	assert.Equal(t, 3, one(s, "SELECT COUNT(*) FROM t"))
	assert.Contains(t, s.txStmts.stmts, "INSERT INTO t VALUES ($1)")
	assert.NotContains(t, s.stmts.stmts, "INSERT INTO t VALUES ($1)")
	// A failed transaction leaves nothing behind, prepared or not.
	boom := errors.New("boom")
	require.ErrorIs(t, s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx, "INSERT INTO t VALUES ($1)", 9); err != nil {
			return err
		}
		return boom
	}), boom)
	assert.Equal(t, 3, one(s, "SELECT COUNT(*) FROM t"))

	// A bad query is reported by running it, not hidden by the cache.
	var n int
	assert.Error(t, s.q().QueryRowContext(ctx, "SELECT nothing FROM nowhere").Scan(&n))
	assert.NotContains(t, s.stmts.stmts, "SELECT nothing FROM nowhere")

	for i := range maxCachedStmts + 10 {
		assert.Equal(t, i, one(s, fmt.Sprintf("SELECT %d", i)))
	}
	assert.Len(t, s.stmts.stmts, maxCachedStmts)

}

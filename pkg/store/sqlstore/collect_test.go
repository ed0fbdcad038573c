package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/commsplan/commsplan/pkg/store"
)

// TestCollectClassifiesScanErrors: when the query timeout passes while rows
// are being read, database/sql closes them and Scan answers the bare
// context error; collect must still report it as store.ErrUnavailable (a
// 503 with Retry-After), never as an unknown error (a 500). The soak at
// the five-year scale met it on the campaigns list.
func TestCollectClassifiesScanErrors(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+t.TempDir()+"/collect.db")
	require.NoError(t, err)
	s := New(Options{Write: db, Read: db, QueryTimeout: 50 * time.Millisecond})
	t.Cleanup(func() { _ = s.Close() })
	rows, err := s.q().QueryContext(ctx, "SELECT 1 UNION ALL SELECT 2")
	_, err = collect(rows, err, func(r *sql.Rows) (int, error) {
		time.Sleep(200 * time.Millisecond) // past the timeout, between Next and Scan
		var n int
		return n, r.Scan(&n)
	})
	require.Error(t, err)
	assert.True(t, errors.Is(err, store.ErrUnavailable), "got %v", err)
}

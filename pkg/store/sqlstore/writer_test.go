package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/commsplan/commsplan/pkg/store"
)

// serialStore is a Store over one SQLite file whose transactions run on the
// writer goroutine, as the SQLite backend's do.
func serialStore(t *testing.T, timeout time.Duration) (*Store, *sql.DB) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+t.TempDir()+"/writer.db?_pragma=journal_mode(wal)")
	require.NoError(t, err)
	db.SetMaxOpenConns(1)
	_, err = db.Exec("CREATE TABLE t (n INTEGER)")
	require.NoError(t, err)
	s := New(Options{Write: db, Read: db, SerialWrites: true, QueryTimeout: timeout})
	t.Cleanup(func() { _ = s.Close() })
	return s, db
}

func insert(ctx context.Context, tx *Store, n int) error {
	_, err := tx.q().ExecContext(ctx, "INSERT INTO t (n) VALUES ($1)", n)
	return err
}

func count(t *testing.T, db *sql.DB) int {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n))
	return n
}

// TestSerialWriterRunsEveryTransaction checks concurrent transactions all
// commit or roll back whole, each answering its own error.
func TestSerialWriterRunsEveryTransaction(t *testing.T) {
	ctx := context.Background()
	s, db := serialStore(t, 0)
	boom := errors.New("boom")
	var wg sync.WaitGroup
	errs := make([]error, 40)
	for i := range errs {
		wg.Go(func() {
			errs[i] = s.inTx(ctx, func(tx *Store) error {
				if err := insert(ctx, tx, i); err != nil {
					return err
				}
				if i%4 == 0 {
					return boom
				}
				return nil
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if i%4 == 0 {
			assert.ErrorIs(t, err, boom, i)
		} else {
			assert.NoError(t, err, i)
		}
	}
	assert.Equal(t, 30, count(t, db), "the failed transactions rolled back")
}

// TestSerialWriterPanics checks a panic in a transaction reaches its caller,
// rolls the transaction back and leaves the writer working.
func TestSerialWriterPanics(t *testing.T) {
	ctx := context.Background()
	s, db := serialStore(t, 2*time.Second)
	var raised any
	func() {
		defer func() { raised = recover() }()
		_ = s.inTx(ctx, func(tx *Store) error {
			require.NoError(t, insert(ctx, tx, 1))
			panic("bad")
		})
	}()
	p, ok := raised.(*txPanic)
	require.True(t, ok, "raised %#v", raised)
	assert.Equal(t, "bad", p.value)
	assert.Contains(t, fmt.Sprint(p), "TestSerialWriterPanics", "the stack where it happened")
	require.NoError(t, s.inTx(ctx, func(tx *Store) error { return insert(ctx, tx, 2) }))
	assert.Equal(t, 1, count(t, db))
}

// TestSerialWriterDeadline checks a transaction still queued when its
// deadline passes gives up as unavailable, without ever running, while the
// one ahead of it holds the writer.
func TestSerialWriterDeadline(t *testing.T) {
	ctx := context.Background()
	s, db := serialStore(t, 200*time.Millisecond)
	holding, release, first := make(chan struct{}), make(chan struct{}), make(chan error)
	go func() {
		first <- s.inTx(ctx, func(tx *Store) error {
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	start := time.Now()
	ran := false
	err := s.inTx(ctx, func(tx *Store) error { ran = true; return insert(ctx, tx, 1) })
	assert.ErrorIs(t, err, store.ErrUnavailable)
	assert.Less(t, time.Since(start), time.Second)
	close(release)
	<-first // past its own deadline too: its answer does not matter here
	require.NoError(t, s.inTx(ctx, func(tx *Store) error { return insert(ctx, tx, 2) }))
	assert.False(t, ran, "a withdrawn transaction never runs")
	assert.Equal(t, 1, count(t, db))
}

// TestSerialWriterClosed checks transactions after Close fail at once.
func TestSerialWriterClosed(t *testing.T) {
	s, _ := serialStore(t, 0)
	require.NoError(t, s.Close())
	err := s.inTx(context.Background(), func(*Store) error { t.Fatal("ran after Close"); return nil })
	assert.Error(t, err)
}

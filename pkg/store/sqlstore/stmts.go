package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// maxCachedStmts bounds stmtCache: our queries are a fixed set of texts
// (about a hundred), so a query past the bound is one built at run time and
// runs unprepared.
const maxCachedStmts = 256

// stmtCache keeps the read pool's statements prepared, by query text, for a
// dialect with PrepareHot. Under the soak's mixed load, SQLite parsing each
// statement again was 9% of the server's CPU. database/sql prepares a
// cached statement once on each connection that runs it. Statements in a
// transaction are not cached: SQLite's one write connection is held by the
// transaction, so it could not prepare on the pool meanwhile.
type stmtCache struct {
	db    *sql.DB
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, stmts: map[string]*sql.Stmt{}}
}

// get returns query prepared, or nil when the cache is full or preparing
// failed; the caller then runs the query as it is, which reports any error
// in the query itself.
func (c *stmtCache) get(ctx context.Context, query string) *sql.Stmt {
	c.mu.Lock()
	st, ok := c.stmts[query]
	full := len(c.stmts) >= maxCachedStmts
	c.mu.Unlock()
	if ok || full {
		return st
	}
	// Prepared outside the lock: it waits for a free connection.
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if have, ok := c.stmts[query]; ok { // another caller won the race
		_ = st.Close()
		return have
	}
	c.stmts[query] = st
	return st
}

func (c *stmtCache) close() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var err error
	for q, st := range c.stmts {
		err = errors.Join(err, st.Close())
		delete(c.stmts, q)
	}
	return err
}

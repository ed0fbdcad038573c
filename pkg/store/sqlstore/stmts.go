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

// stmtCache keeps one pool's statements prepared, by query text, for a
// dialect with PrepareHot. Under the soak's mixed load, SQLite parsing each
// statement again was 9% of the server's CPU, and 30% of the one writer's;
// PostgreSQL is spared parsing and planning each one.
// database/sql prepares a cached statement once on each connection that
// runs it.
type stmtCache struct {
	db    *sql.DB
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
	// wanted are statements a transaction ran unprepared: SQLite's one write
	// connection was held by the transaction, so they could not be prepared
	// on the pool then. prepareWanted prepares them after it.
	wanted map[string]bool
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, stmts: map[string]*sql.Stmt{}, wanted: map[string]bool{}}
}

// lookup returns query prepared, or nil; then query is noted for
// prepareWanted. It never waits for a connection, so a transaction may call
// it.
func (c *stmtCache) lookup(query string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	st, ok := c.stmts[query]
	if !ok && len(c.stmts)+len(c.wanted) < maxCachedStmts {
		c.wanted[query] = true
	}
	return st
}

// prepareWanted prepares the statements lookup noted, once the transaction
// that ran them has released the connection.
func (c *stmtCache) prepareWanted(ctx context.Context) {
	c.mu.Lock()
	var queries []string
	for q := range c.wanted {
		queries = append(queries, q)
		delete(c.wanted, q)
	}
	c.mu.Unlock()
	for _, q := range queries {
		c.get(ctx, q)
	}
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

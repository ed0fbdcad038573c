package postgres

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/lib/pq"
)

// lib/pq honours a context by sending PostgreSQL a cancel request over a new
// connection; it never abandons the socket it is blocked on. When the server
// or the network is frozen (connections open, no answers), that cancel goes
// unanswered too and a query waits as long as the freeze lasts. So the
// connector here gives every statement's socket the statement's deadline,
// and closes the socket of a connection whose context ends while it is
// still being opened. A deadline that passes fails the read at once and the
// connection is discarded.

// connector opens lib/pq connections through dialer and wraps them in
// deadlineConn.
type connector struct{ pq *pq.Connector }

func newConnector(dsn string) (*connector, error) {
	c, err := pq.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	c.Dialer(dialer{})
	return &connector{pq: c}, nil
}

// Driver implements driver.Connector.
func (c *connector) Driver() driver.Driver { return c.pq.Driver() }

// Connect implements driver.Connector; it gives up when ctx ends.
func (c *connector) Connect(ctx context.Context) (driver.Conn, error) {
	sock := &socket{}
	stop := context.AfterFunc(ctx, sock.abort)
	conn, err := c.pq.Connect(context.WithValue(ctx, socketKey{}, sock))
	if !stop() {
		if err == nil {
			_ = conn.Close()
		}
		return nil, fmt.Errorf("connect: %w", ctx.Err())
	}
	if err != nil {
		return nil, err
	}
	pc, ok := conn.(pqConn)
	nc := sock.get()
	if !ok || nc == nil {
		_ = conn.Close()
		return nil, errors.New("postgres: unexpected driver connection")
	}
	return &deadlineConn{pqConn: pc, nc: nc}, nil
}

// socketKey carries a *socket in the context of Connect to the dialer.
type socketKey struct{}

// socket is the network connection under one lib/pq connection.
type socket struct {
	mu      sync.Mutex
	conn    net.Conn
	aborted bool
}

func (s *socket) set(c net.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conn = c
	if s.aborted {
		_ = c.Close()
	}
}

func (s *socket) get() net.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn
}

// abort closes the socket, failing a handshake in progress.
func (s *socket) abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.aborted = true
	if s.conn != nil {
		_ = s.conn.Close()
	}
}

// dialer is lib/pq's Dialer; it records the socket in Connect's context.
// lib/pq's own cancel requests dial through it too, without a socket to
// record.
type dialer struct{ d net.Dialer }

func (d dialer) Dial(network, address string) (net.Conn, error) {
	return d.DialContext(context.Background(), network, address)
}

func (d dialer) DialTimeout(network, address string, timeout time.Duration) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return d.DialContext(ctx, network, address)
}

func (d dialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	c, err := d.d.DialContext(ctx, network, address)
	if err != nil {
		return nil, err
	}
	if s, ok := ctx.Value(socketKey{}).(*socket); ok {
		s.set(c)
	}
	return c, nil
}

// pqConn is what a lib/pq connection implements and database/sql uses.
type pqConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.QueryerContext
	driver.ExecerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
	driver.NamedValueChecker
}

// deadlineConn sets the socket's deadline from each call's context before
// lib/pq touches the socket; a context without a deadline clears it. The
// rows of a query are read under their query's deadline, and Commit and
// Rollback under the transaction's last statement's, which is the
// transaction's own.
type deadlineConn struct {
	pqConn
	nc net.Conn
}

func (c *deadlineConn) arm(ctx context.Context) error {
	d, _ := ctx.Deadline()
	if err := c.nc.SetDeadline(d); err != nil {
		return driver.ErrBadConn // nothing was sent: database/sql may retry
	}
	return nil
}

func (c *deadlineConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if err := c.arm(ctx); err != nil {
		return nil, err
	}
	return c.pqConn.QueryContext(ctx, query, args)
}

func (c *deadlineConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if err := c.arm(ctx); err != nil {
		return nil, err
	}
	return c.pqConn.ExecContext(ctx, query, args)
}

func (c *deadlineConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if err := c.arm(ctx); err != nil {
		return nil, err
	}
	st, err := c.pqConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	ps, ok := st.(pqStmt)
	if !ok {
		_ = st.Close()
		return nil, errors.New("postgres: unexpected driver statement")
	}
	return &deadlineStmt{pqStmt: ps, c: c}, nil
}

// pqStmt is what a lib/pq prepared statement implements.
type pqStmt interface {
	driver.Stmt
	driver.StmtQueryContext
	driver.StmtExecContext
}

// stmtCloseTimeout bounds closing a prepared statement, which talks to the
// server but is given no context by database/sql. Statements are closed only
// with their connection or the store, so a close that times out costs
// nothing but that connection; on a frozen server it must not hold up the
// failover (TestFrozenConnect).
const stmtCloseTimeout = 100 * time.Millisecond

// deadlineStmt arms its connection's socket like deadlineConn does, for the
// statements the store keeps prepared (sqlstore's statement cache). lib/pq
// gets the call's context without its cancellation: for a prepared
// statement lib/pq answers a cancelled context by sending the server a
// cancel request over a new connection and waiting for it, which on a
// frozen server held the call for the whole connect timeout
// (TestFrozenConnect, under load). The socket deadline already bounds the
// call.
type deadlineStmt struct {
	pqStmt
	c *deadlineConn
}

func (s *deadlineStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	if err := s.c.arm(ctx); err != nil {
		return nil, err
	}
	return s.pqStmt.QueryContext(context.WithoutCancel(ctx), args)
}

func (s *deadlineStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	if err := s.c.arm(ctx); err != nil {
		return nil, err
	}
	return s.pqStmt.ExecContext(context.WithoutCancel(ctx), args)
}

// Close closes the statement on the server, within stmtCloseTimeout.
func (s *deadlineStmt) Close() error {
	_ = s.c.nc.SetDeadline(time.Now().Add(stmtCloseTimeout))
	return s.pqStmt.Close()
}

func (c *deadlineConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if err := c.arm(ctx); err != nil {
		return nil, err
	}
	return c.pqConn.BeginTx(ctx, opts)
}

// ResetSession runs before database/sql reuses a pooled connection; one the
// server has closed is dropped here, before anything is sent on it.
func (c *deadlineConn) ResetSession(ctx context.Context) error {
	if !alive(c.nc) {
		return driver.ErrBadConn
	}
	return c.pqConn.ResetSession(ctx)
}

func (c *deadlineConn) Ping(ctx context.Context) error {
	if err := c.arm(ctx); err != nil {
		return err
	}
	return c.pqConn.Ping(ctx)
}

//go:build unix

package postgres

import (
	"errors"
	"net"
	"syscall"
)

// alive reports whether an idle connection's socket is still usable: nothing
// to read and no end of stream. PostgreSQL ends a session (a restart,
// pg_terminate_backend) by sending an error and closing; lib/pq would only
// notice on the next query and fail it with "connection reset by peer",
// which database/sql does not retry. Found before the query is sent, the
// connection is dropped and another taken instead. An idle connection gets
// no bytes we want (we never LISTEN), so any pending byte means it is done.
func alive(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return true
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	dead := false
	err = raw.Read(func(fd uintptr) bool {
		var b [1]byte
		n, err := syscall.Read(int(fd), b[:])
		dead = n > 0 || (n == 0 && err == nil) ||
			(err != nil && !errors.Is(err, syscall.EAGAIN) && !errors.Is(err, syscall.EWOULDBLOCK))
		return true // a check, never a wait
	})
	return err == nil && !dead
}

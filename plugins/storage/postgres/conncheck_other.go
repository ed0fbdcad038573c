//go:build !unix

package postgres

import "net"

// alive cannot look at the socket here; a dead connection then fails its
// next query instead.
func alive(net.Conn) bool { return true }

package storetest

import (
	"net"
	"net/url"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// Proxy is a TCP forwarder a test puts between a server and its database.
// Freeze makes the database look hung (connections stay open and new ones
// are accepted, but no byte passes), Unfreeze lets the bytes through again,
// and Close refuses new connections and cuts the open ones.
type Proxy struct {
	ln     net.Listener
	target string

	mu     sync.Mutex
	thaw   chan struct{} // nil while forwarding; closed by Unfreeze
	conns  map[net.Conn]struct{}
	closed chan struct{}
}

// Proxied starts a Proxy to the host of a URL DSN, closed when the test
// ends, and returns it with the DSN rewritten to go through it.
func Proxied(t testing.TB, dsn string) (*Proxy, string) {
	t.Helper()
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	p := NewProxy(t, u.Host)
	u.Host = p.Addr()
	return p, u.String()
}

// NewProxy starts a Proxy to target (host:port), closed when the test ends.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &Proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}, closed: make(chan struct{})}
	go p.accept()
	t.Cleanup(p.Close)
	return p
}

// Addr is the address to connect to instead of the target.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Freeze stops forwarding bytes, keeping every connection open.
func (p *Proxy) Freeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.thaw == nil {
		p.thaw = make(chan struct{})
	}
}

// Unfreeze forwards again, including what arrived while frozen.
func (p *Proxy) Unfreeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.thaw != nil {
		close(p.thaw)
		p.thaw = nil
	}
}

// Close stops listening, so new connections are refused, and closes the
// open ones, as a database that went away would.
func (p *Proxy) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.closed:
		return
	default:
	}
	close(p.closed)
	_ = p.ln.Close()
	for c := range p.conns {
		_ = c.Close()
	}
}

func (p *Proxy) accept() {
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", p.target)
		if err != nil {
			_ = client.Close()
			continue
		}
		if !p.track(client, server) {
			return
		}
		go p.pipe(server, client)
		go p.pipe(client, server)
	}
}

// track records an open pair; false when the proxy is already closed.
func (p *Proxy) track(cs ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.closed:
		for _, c := range cs {
			_ = c.Close()
		}
		return false
	default:
	}
	for _, c := range cs {
		p.conns[c] = struct{}{}
	}
	return true
}

// gate blocks while the proxy is frozen; false once it is closed.
func (p *Proxy) gate() bool {
	p.mu.Lock()
	thaw := p.thaw
	p.mu.Unlock()
	if thaw == nil {
		return true
	}
	select {
	case <-thaw:
		return true
	case <-p.closed:
		return false
	}
}

// pipe copies src to dst, holding each chunk while frozen; when either side
// ends, both are closed.
func (p *Proxy) pipe(dst, src net.Conn) {
	defer func() {
		_ = dst.Close()
		_ = src.Close()
		p.mu.Lock()
		delete(p.conns, dst)
		delete(p.conns, src)
		p.mu.Unlock()
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if !p.gate() {
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

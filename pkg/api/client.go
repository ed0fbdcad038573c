package api

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// client is who sent a request and whether it reached us over https.
type client struct {
	// addr is the client's IP address, the throttle's key and the log's
	// "remote".
	addr  string
	https bool
}

// clientOf is the one answer to "who is the client and was it https".
// X-Forwarded-For and X-Forwarded-Proto count only when the connection
// comes from a trusted proxy. The client is then the right-most address in
// X-Forwarded-For that is not a trusted proxy: everything left of it may
// have been written by the client itself, so spoofing it changes nothing.
func clientOf(trusted []netip.Prefix, r *http.Request) client {
	c := client{addr: r.RemoteAddr, https: r.TLS != nil}
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		c.addr = host
	}
	peer, ok := parseHop(c.addr)
	if !ok {
		return c
	}
	c.addr = peer.String()
	if !isTrusted(trusted, peer) {
		return c
	}
	// The left-most value is the scheme the first proxy saw from the browser.
	if proto := strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0]); proto != "" {
		c.https = strings.EqualFold(proto, "https")
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			// Not an address a proxy writes: stop at the last good hop.
			break
		}
		c.addr = hop.String()
		if !isTrusted(trusted, hop) {
			break
		}
	}
	return c
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a
// port ("192.0.2.1:4711", "[2001:db8::1]:443"), which some proxies add.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

func isTrusted(trusted []netip.Prefix, a netip.Addr) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// secure reports whether the browser reached us over https: a TLS
// connection, X-Forwarded-Proto https from a trusted proxy, or an https
// public URL. The session cookie is then Secure and HSTS is sent.
func (s *Server) secure(r *http.Request) bool {
	return s.publicHTTPS || r.TLS != nil || (len(s.trusted) > 0 && clientOf(s.trusted, r).https)
}

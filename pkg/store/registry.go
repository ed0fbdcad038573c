package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// OpenFunc opens a backend for a DSN and applies its migrations. Open hands
// it opt with the defaults filled in.
type OpenFunc func(ctx context.Context, dsn string, opt Options) (Store, error)

var (
	registryMu sync.RWMutex
	registry   = map[string]OpenFunc{}
)

// Register makes a backend available for DSNs of the given scheme (the part
// before "://"). The empty scheme stands for a plain file path. It panics on a
// duplicate, as database/sql.Register does, because that is a wiring bug.
func Register(scheme string, open OpenFunc) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[scheme]; dup {
		panic("store: Register called twice for scheme " + scheme)
	}
	registry[scheme] = open
}

// Scheme returns the registry key of a DSN: "postgres" for postgres:// and
// postgresql://, the text before "://" otherwise, and "" for a plain path.
func Scheme(dsn string) string {
	i := strings.Index(dsn, "://")
	if i < 0 {
		return ""
	}
	s := strings.ToLower(dsn[:i])
	if s == "postgresql" {
		return "postgres"
	}
	return s
}

// FilePath returns the database file a DSN names when it is a plain path
// or a sqlite:// DSN (without its query), and "" for any other scheme.
func FilePath(dsn string) string {
	if scheme := Scheme(dsn); scheme != "" && scheme != "sqlite" {
		return ""
	}
	p := strings.TrimPrefix(dsn, "sqlite://")
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	return p
}

// Open opens the backend registered for the DSN's scheme with the default
// Options.
func Open(ctx context.Context, dsn string) (Store, error) {
	return OpenWith(ctx, dsn, Options{})
}

// OpenWith opens the backend registered for the DSN's scheme with opt.
func OpenWith(ctx context.Context, dsn string, opt Options) (Store, error) {
	scheme := Scheme(dsn)
	registryMu.RLock()
	open, ok := registry[scheme]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("no storage backend for DSN scheme %q (known: %s)", scheme, strings.Join(Schemes(), ", "))
	}
	return open(ctx, dsn, opt.WithDefaults())
}

// Schemes lists the registered schemes, sorted.
func Schemes() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]string, 0, len(registry))
	for s := range registry {
		if s == "" {
			s = "(file path)"
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

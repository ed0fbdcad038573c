// Package access is the server-side access gate: shared access codes checked
// in constant time, signed session tokens, and a throttle for wrong codes.
package access

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Codes is the set of valid access codes. Comparison ignores case, as the
// spec's gate upper-cases input.
type Codes struct {
	codes [][]byte
}

// NewCodes normalises and keeps the non-blank codes.
func NewCodes(codes []string) Codes {
	var c Codes
	for _, code := range codes {
		if n := normalise(code); n != "" {
			c.codes = append(c.codes, []byte(n))
		}
	}
	return c
}

func normalise(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// Len is the number of codes.
func (c Codes) Len() int { return len(c.codes) }

// Valid reports whether code is one of the codes. Every code is compared,
// each in constant time, so timing tells nothing about which one matched.
func (c Codes) Valid(code string) bool {
	in := []byte(normalise(code))
	ok := 0
	for _, want := range c.codes {
		ok |= subtle.ConstantTimeCompare(in, want)
	}
	return ok == 1 && len(in) > 0
}

// Signer makes and checks session tokens: an expiry signed with HMAC-SHA256.
type Signer struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewSigner returns a Signer whose tokens last ttl.
func NewSigner(secret []byte, ttl time.Duration) *Signer {
	return &Signer{secret: secret, ttl: ttl, now: time.Now}
}

// Issue returns a new token and its expiry.
func (s *Signer) Issue() (string, time.Time) {
	exp := s.now().Add(s.ttl).Truncate(time.Second)
	payload := make([]byte, 8+16)
	binary.BigEndian.PutUint64(payload, uint64(exp.Unix()))
	_, _ = rand.Read(payload[8:])
	return enc(payload) + "." + enc(s.mac(payload)), exp
}

// Valid reports whether token is authentic and unexpired.
func (s *Signer) Valid(token string) bool {
	p, sig, ok := strings.Cut(token, ".")
	if !ok {
		return false
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(p)
	mac, err2 := base64.RawURLEncoding.DecodeString(sig)
	if err1 != nil || err2 != nil || len(payload) != 24 || !hmac.Equal(mac, s.mac(payload)) {
		return false
	}
	exp := time.Unix(int64(binary.BigEndian.Uint64(payload)), 0)
	return s.now().Before(exp)
}

func (s *Signer) mac(payload []byte) []byte {
	h := hmac.New(sha256.New, s.secret)
	h.Write(payload)
	return h.Sum(nil)
}

func enc(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// Throttle counts wrong codes per client address and blocks an address that
// has failed Max times within Window, until the window has passed.
type Throttle struct {
	Max    int
	Window time.Duration

	mu   sync.Mutex
	now  func() time.Time
	hits map[string][]time.Time
}

// NewThrottle returns a Throttle allowing max failures per window.
func NewThrottle(max int, window time.Duration) *Throttle {
	return &Throttle{Max: max, Window: window, now: time.Now, hits: map[string][]time.Time{}}
}

// Blocked reports whether addr must wait, and for how long.
func (t *Throttle) Blocked(addr string) (bool, time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	recent := t.prune(addr)
	if len(recent) < t.Max {
		return false, 0
	}
	return true, recent[0].Add(t.Window).Sub(t.now())
}

// sweepAt is the number of tracked addresses above which Fail drops every
// address whose failures have all expired, so a spray of addresses cannot
// grow the map without bound.
const sweepAt = 10_000

// Fail records a wrong code from addr.
func (t *Throttle) Fail(addr string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.hits) >= sweepAt {
		for a := range t.hits {
			t.prune(a)
		}
	}
	t.hits[addr] = append(t.prune(addr), t.now())
}

// Reset forgets addr's failures after a right code.
func (t *Throttle) Reset(addr string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.hits, addr)
}

// prune drops failures older than the window; callers hold mu.
func (t *Throttle) prune(addr string) []time.Time {
	cut := t.now().Add(-t.Window)
	kept := t.hits[addr][:0]
	for _, at := range t.hits[addr] {
		if at.After(cut) {
			kept = append(kept, at)
		}
	}
	if len(kept) == 0 {
		delete(t.hits, addr)
		return nil
	}
	t.hits[addr] = kept
	return kept
}

// LoadOrCreate returns the contents of dir/name, creating the file with
// generate() (mode 0600) when it does not exist yet. created says which.
func LoadOrCreate(dir, name string, generate func() string) (value string, created bool, err error) {
	path := filepath.Join(dir, name)
	b, err := os.ReadFile(path)
	if err == nil {
		if v := strings.TrimSpace(string(b)); v != "" {
			return v, false, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", false, err
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", false, err
	}
	v := generate()
	if err := os.WriteFile(path, []byte(v+"\n"), 0o600); err != nil {
		return "", false, fmt.Errorf("keep %s: %w", name, err)
	}
	return v, true, nil
}

// GenerateCode returns a fresh access code such as "CP-7KQ2-M9XD-4HTA",
// avoiding letters that read alike.
func GenerateCode() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	var sb strings.Builder
	sb.WriteString("CP")
	for i, c := range b {
		if i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return sb.String()
}

// GenerateSecret returns 32 random bytes, base64-encoded.
func GenerateSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// Package access is the server-side access gate: shared access codes checked
// in constant time, signed session tokens that can be revoked, signed device
// tokens, and a throttle for wrong codes that no one can lock.
package access

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
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

// MinCodeLength is the fewest characters an access code may have: at one
// try per 5 seconds (the throttle's longest wait), a 10-character code of
// letters and digits takes hundreds of millions of years to guess.
const MinCodeLength = 10

// CheckCode reports whether code is long enough to be an access code.
func CheckCode(code string) error {
	if n := utf8.RuneCountInString(normalise(code)); n < MinCodeLength {
		return fmt.Errorf("an access code must be at least %d characters long, not %d", MinCodeLength, n)
	}
	return nil
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

// Fingerprint is a keyed hash (HMAC-SHA256 under secret) of the set of
// codes, in any order: it changes when the set does, and without the secret
// it cannot be used to test guesses of a code, as a plain hash could.
func (c Codes) Fingerprint(secret []byte) string {
	codes := make([]string, len(c.codes))
	for i, code := range c.codes {
		codes[i] = string(code)
	}
	slices.Sort(codes)
	h := hmac.New(sha256.New, secret)
	for _, code := range slices.Compact(codes) {
		// Length-prefixed, so no two sets write the same bytes.
		_ = binary.Write(h, binary.BigEndian, uint64(len(code)))
		h.Write([]byte(code))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Session is what a session token carries.
type Session struct {
	// ID is 16 random bytes (base64url); logout revokes it.
	ID string
	// IssuedAt, to the microsecond, is compared with a revoke-all cutoff.
	IssuedAt time.Time
	// Expires is when the token stops being accepted, to the second.
	Expires time.Time
	// Personal marks a session opened with a personal code: the store's
	// person_sessions row says whose it is and whether it still holds.
	Personal bool
}

// payloadLen is a token's payload: expiry (Unix seconds), issue time (Unix
// microseconds), session id; a personal session's token has one more byte,
// 1 (tokens issued before people existed have none and are shared).
const payloadLen = 8 + 8 + 16

// Signer makes and checks session tokens: a Session signed with HMAC-SHA256.
type Signer struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewSigner returns a Signer whose tokens last ttl.
func NewSigner(secret []byte, ttl time.Duration) *Signer {
	return &Signer{secret: secret, ttl: ttl, now: time.Now}
}

// WithClock makes the Signer issue and check tokens on the clock now
// (tests move it instead of waiting) and answers it.
func (s *Signer) WithClock(now func() time.Time) *Signer {
	s.now = now
	return s
}

// Issue returns a new token and the session it carries.
func (s *Signer) Issue() (string, Session) { return s.issue(false) }

// IssuePersonal returns a new token of a personal session.
func (s *Signer) IssuePersonal() (string, Session) { return s.issue(true) }

func (s *Signer) issue(personal bool) (string, Session) {
	now := s.now()
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	sess := Session{ID: enc(id), IssuedAt: now, Expires: now.Add(s.ttl), Personal: personal}
	return s.Token(sess), session(s.payload(sess))
}

// Token signs sess as it is, so a session can be given a new expiry. The
// times are kept to the second (Expires) and the microsecond (IssuedAt).
func (s *Signer) Token(sess Session) string {
	payload := s.payload(sess)
	return enc(payload) + "." + enc(s.mac(payload))
}

func (s *Signer) payload(sess Session) []byte {
	n := payloadLen
	if sess.Personal {
		n++
	}
	payload := make([]byte, n)
	binary.BigEndian.PutUint64(payload, uint64(sess.Expires.Unix()))
	binary.BigEndian.PutUint64(payload[8:], uint64(sess.IssuedAt.UnixMicro()))
	id, _ := base64.RawURLEncoding.DecodeString(sess.ID)
	copy(payload[16:payloadLen], id)
	if sess.Personal {
		payload[payloadLen] = 1
	}
	return payload
}

// Parse returns the session of an authentic, unexpired token; ok is false
// for anything else. Whether the session was revoked is Revocations' call.
func (s *Signer) Parse(token string) (sess Session, ok bool) {
	p, sig, found := strings.Cut(token, ".")
	if !found {
		return Session{}, false
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(p)
	mac, err2 := base64.RawURLEncoding.DecodeString(sig)
	if err1 != nil || err2 != nil || (len(payload) != payloadLen && (len(payload) != payloadLen+1 || payload[payloadLen] != 1)) || !hmac.Equal(mac, s.mac(payload)) {
		return Session{}, false
	}
	sess = session(payload)
	return sess, s.now().Before(sess.Expires)
}

func session(payload []byte) Session {
	return Session{
		ID:       enc(payload[16:payloadLen]),
		IssuedAt: time.UnixMicro(int64(binary.BigEndian.Uint64(payload[8:]))).UTC(),
		Expires:  time.Unix(int64(binary.BigEndian.Uint64(payload)), 0).UTC(),
		Personal: len(payload) > payloadLen,
	}
}

func (s *Signer) mac(payload []byte) []byte {
	h := hmac.New(sha256.New, s.secret)
	h.Write(payload)
	return h.Sum(nil)
}

func enc(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// DeviceTTL is how long a device token lasts; each sign-in renews it.
const DeviceTTL = 365 * 24 * time.Hour

// NewDeviceSigner returns the Signer of device tokens, which a browser gets
// when it signs in and keeps after logout, so that its attempts are counted
// against it and not against its address (Throttle). The key is derived from
// secret for this one use: a session token is never a device token, nor the
// other way round.
func NewDeviceSigner(secret []byte) *Signer {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte("commsplan device token"))
	return NewSigner(h.Sum(nil), DeviceTTL)
}

// CodeFile is the name of the generated access code's file in the data dir.
const CodeFile = "access-code"

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
func GenerateCode() string { return generate("CP", 12) }

// GeneratePersonalCode returns a fresh personal access code such as
// "CPP-7KQ2-M9XD-4HTA-X3KD-9QWE": 20 random characters from 32, 100 bits,
// so a fast hash of it is safe to store (PersonalCodeHash).
func GeneratePersonalCode() string { return generate("CPP", 20) }

// PersonalCodeHash is what is stored of a personal code: the hex SHA-256
// of the code as the gate compares it (trimmed, upper case).
func PersonalCodeHash(code string) string {
	sum := sha256.Sum256([]byte(normalise(code)))
	return hex.EncodeToString(sum[:])
}

func generate(prefix string, n int) string {
	// 32 letters and digits, without those that read alike: 256 is a
	// multiple of 32, so every one is equally likely.
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, n)
	_, _ = rand.Read(b)
	var sb strings.Builder
	sb.WriteString(prefix)
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

package access

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCodes(t *testing.T) {
	c := NewCodes([]string{"Alpha-1", " bravo-2 ", "", "  "})
	assert.Equal(t, 2, c.Len(), "blank codes are dropped")
	for _, in := range []string{"ALPHA-1", "alpha-1", " Bravo-2"} {
		assert.True(t, c.Valid(in), in)
	}
	for _, in := range []string{"", " ", "alpha", "alpha-12", "bravo-3"} {
		assert.False(t, c.Valid(in), in)
	}
	assert.False(t, NewCodes(nil).Valid(""), "no codes accept nothing")
}

func TestFingerprint(t *testing.T) {
	secret := []byte("secret")
	a := NewCodes([]string{"alpha-1", "BRAVO-2"}).Fingerprint(secret)
	assert.Len(t, a, 64)
	assert.Equal(t, a, NewCodes([]string{" Bravo-2", "ALPHA-1", "alpha-1"}).Fingerprint(secret), "order, case and repeats do not count")
	assert.NotEqual(t, a, NewCodes([]string{"alpha-1"}).Fingerprint(secret), "a code removed")
	assert.NotEqual(t, a, NewCodes([]string{"alpha-1", "bravo-3"}).Fingerprint(secret), "a code changed")
	assert.NotEqual(t, a, NewCodes([]string{"alpha-1", "bravo-2"}).Fingerprint([]byte("other")), "keyed by the secret")
	assert.NotEqual(t, NewCodes([]string{"AB", "C"}).Fingerprint(secret), NewCodes([]string{"A", "BC"}).Fingerprint(secret))
}

func TestSigner(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 123456789, time.UTC)
	s := NewSigner([]byte("secret"), time.Hour)
	s.now = func() time.Time { return now }
	token, sess := s.Issue()
	assert.Equal(t, now.Add(time.Hour).Truncate(time.Second), sess.Expires)
	assert.Equal(t, now.Truncate(time.Microsecond), sess.IssuedAt)
	assert.Len(t, sess.ID, 22, "16 bytes, base64url")
	got, ok := s.Parse(token)
	assert.True(t, ok)
	assert.Equal(t, sess, got)
	_, again := s.Issue()
	assert.NotEqual(t, sess.ID, again.ID, "every session has its own id")

	other := NewSigner([]byte("other"), time.Hour)
	other.now = s.now
	_, ok = other.Parse(token)
	assert.False(t, ok, "another secret")

	payload, sig, _ := strings.Cut(token, ".")
	flip := "A"
	if payload[0] == 'A' {
		flip = "B"
	}
	tampered := flip + payload[1:] + "." + sig
	_, ok = s.Parse(tampered)
	assert.False(t, ok, "a changed payload")
	for _, bad := range []string{"", ".", "abc", token + "x", "!!." + sig} {
		_, ok = s.Parse(bad)
		assert.False(t, ok, bad)
	}

	now = now.Add(time.Hour)
	_, ok = s.Parse(token)
	assert.False(t, ok, "expired")
}

func TestThrottle(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	th := NewThrottle(3, 10*time.Minute)
	th.now = func() time.Time { return now }
	for i := 0; i < 2; i++ {
		ok, _ := th.Attempt("1.2.3.4")
		assert.True(t, ok)
	}
	now = now.Add(time.Minute)
	ok, _ := th.Attempt("1.2.3.4")
	assert.True(t, ok, "the third attempt is allowed")
	ok, wait := th.Attempt("1.2.3.4")
	assert.False(t, ok, "the fourth is not")
	assert.Equal(t, 9*time.Minute, wait, "until the oldest attempt leaves the window")
	ok, _ = th.Attempt("5.6.7.8")
	assert.True(t, ok, "other addresses are not affected")

	now = now.Add(9*time.Minute + time.Second)
	ok, _ = th.Attempt("1.2.3.4")
	assert.True(t, ok, "old attempts expire")

	th.Attempt("1.2.3.4")
	th.Reset("1.2.3.4")
	for i := 0; i < 3; i++ {
		ok, _ = th.Attempt("1.2.3.4")
		assert.True(t, ok, "a right code forgets the attempts")
	}
}

func TestThrottleParallel(t *testing.T) {
	th := NewThrottle(5, time.Minute)
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ok, _ := th.Attempt("1.2.3.4"); ok {
				allowed.Add(1)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, int64(5), allowed.Load(), "a burst gets no more than Max attempts")
}

func TestThrottleForgetsExpiredAddresses(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	th := NewThrottle(5, time.Minute)
	th.now = func() time.Time { return now }
	for i := 0; i < sweepAt; i++ {
		th.Attempt(fmt.Sprintf("10.0.%d.%d", i/256, i%256))
	}
	require.Len(t, th.hits, sweepAt)
	now = now.Add(2 * time.Minute)
	th.Attempt("192.0.2.1")
	assert.Len(t, th.hits, 1, "expired addresses are swept")
}

func TestLoadOrCreate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	v, created, err := LoadOrCreate(dir, "access-code", GenerateCode)
	require.NoError(t, err)
	assert.True(t, created)
	assert.Regexp(t, regexp.MustCompile(`^CP(-[A-HJ-NP-Z2-9]{4}){3}$`), v)
	st, err := os.Stat(filepath.Join(dir, "access-code"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	again, created, err := LoadOrCreate(dir, "access-code", GenerateCode)
	require.NoError(t, err)
	assert.False(t, created)
	assert.Equal(t, v, again)
	assert.NotEqual(t, GenerateSecret(), GenerateSecret())
}

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

	personal, psess := s.IssuePersonal()
	assert.True(t, psess.Personal)
	assert.False(t, sess.Personal)
	got, ok = s.Parse(personal)
	assert.True(t, ok)
	assert.Equal(t, psess, got)

	now = now.Add(time.Hour)
	_, ok = s.Parse(token)
	assert.False(t, ok, "expired")
}

func TestPersonalCode(t *testing.T) {
	code := GeneratePersonalCode()
	assert.Regexp(t, `^CPP(-[A-HJ-NP-Z2-9]{4}){5}$`, code)
	assert.NotEqual(t, code, GeneratePersonalCode())
	assert.NoError(t, CheckCode(code))
	assert.Equal(t, PersonalCodeHash(code), PersonalCodeHash(" "+strings.ToLower(code)+" "), "the gate's comparison: case and spaces do not count")
	assert.Len(t, PersonalCodeHash(code), 64)
}

// fakeClock is a clock a test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time      { return c.t }
func (c *fakeClock) add(d time.Duration) { c.t = c.t.Add(d) }
func newFakeClock() *fakeClock           { return &fakeClock{time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)} }

// fail makes one admitted attempt of key that gives a wrong code.
func fail(t *testing.T, th *Throttle, key string) {
	t.Helper()
	ok, wait := th.Attempt(key)
	require.True(t, ok, "refused, wait %s", wait)
	th.Failed(key)
}

func TestThrottle(t *testing.T) {
	clock := newFakeClock()
	th := NewThrottle(clock.now)
	for i := 0; i < FreeFailures; i++ {
		fail(t, th, "addr:1.2.3.4")
	}
	ok, wait := th.Attempt("addr:1.2.3.4")
	assert.False(t, ok, "after the free failures the client waits")
	assert.Equal(t, FirstWait, wait)
	ok, _ = th.Attempt("addr:5.6.7.8")
	assert.True(t, ok, "other clients are not affected")
	th.Succeeded("addr:5.6.7.8")

	// The wait doubles with each failure, up to MaxWait, and is never more.
	for _, want := range []time.Duration{2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second, 5 * time.Second} {
		clock.add(wait)
		fail(t, th, "addr:1.2.3.4")
		ok, wait = th.Attempt("addr:1.2.3.4")
		require.False(t, ok)
		assert.Equal(t, want, wait)
	}
	clock.add(wait - time.Millisecond)
	ok, _ = th.Attempt("addr:1.2.3.4")
	assert.False(t, ok, "not before the wait is over")
	clock.add(time.Millisecond)
	ok, _ = th.Attempt("addr:1.2.3.4")
	require.True(t, ok, "after the wait the attempt is checked, whatever the count")
	th.Succeeded("addr:1.2.3.4")
	for i := 0; i < FreeFailures; i++ {
		fail(t, th, "addr:1.2.3.4")
	}

	clock.add(ForgetAfter - time.Second)
	ok, _ = th.Attempt("addr:1.2.3.4")
	require.True(t, ok)
	th.Failed("addr:1.2.3.4")
	clock.add(ForgetAfter)
	for i := 0; i < FreeFailures; i++ {
		fail(t, th, "addr:1.2.3.4")
	}
}

func TestBackoff(t *testing.T) {
	for failures, want := range map[int]time.Duration{0: 0, 4: 0, 5: time.Second, 6: 2 * time.Second, 7: 4 * time.Second,
		8: 5 * time.Second, 1000: 5 * time.Second} {
		assert.Equal(t, want, Backoff(failures), "%d failures", failures)
	}
}

func TestThrottleParallel(t *testing.T) {
	th := NewThrottle(nil)
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ok, wait := th.Attempt("k"); ok {
				allowed.Add(1)
			} else {
				assert.LessOrEqual(t, wait, MaxWait)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, int64(FreeFailures), allowed.Load(), "a burst gets no more than the free attempts before any fails")
	for i := 0; i < FreeFailures; i++ {
		th.Failed("k")
	}
	ok, _ := th.Attempt("k")
	assert.False(t, ok)
}

func TestThrottleOneAtATimeAfterTheWait(t *testing.T) {
	clock := newFakeClock()
	th := NewThrottle(clock.now)
	for i := 0; i < FreeFailures; i++ {
		fail(t, th, "k")
	}
	clock.add(MaxWait)
	ok, _ := th.Attempt("k")
	require.True(t, ok)
	ok, wait := th.Attempt("k")
	assert.False(t, ok, "a second attempt waits for the first")
	assert.Equal(t, FirstWait, wait)
	th.Succeeded("k")
	ok, _ = th.Attempt("k")
	assert.True(t, ok, "a right code forgets the failures")
}

func TestThrottleForgetsOldClients(t *testing.T) {
	clock := newFakeClock()
	th := NewThrottle(clock.now)
	for i := 0; i < sweepAt; i++ {
		fail(t, th, fmt.Sprintf("addr:10.0.%d.%d", i/256, i%256))
	}
	require.Len(t, th.clients, sweepAt)
	clock.add(ForgetAfter)
	th.Attempt("addr:192.0.2.1")
	assert.Len(t, th.clients, 1, "forgotten clients are swept")
}

func TestDeviceSigner(t *testing.T) {
	secret := []byte("secret")
	token, dev := NewDeviceSigner(secret).Issue()
	got, ok := NewDeviceSigner(secret).Parse(token)
	require.True(t, ok)
	assert.Equal(t, dev.ID, got.ID)
	assert.WithinDuration(t, time.Now().Add(DeviceTTL), got.Expires, time.Minute)
	_, ok = NewSigner(secret, time.Hour).Parse(token)
	assert.False(t, ok, "a device token is no session token")
	session, _ := NewSigner(secret, time.Hour).Issue()
	_, ok = NewDeviceSigner(secret).Parse(session)
	assert.False(t, ok, "nor the other way round")
	_, ok = NewDeviceSigner([]byte("other")).Parse(token)
	assert.False(t, ok)
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

func TestCheckCode(t *testing.T) {
	for code, ok := range map[string]bool{"a": false, "NINE-CHAR": false, "  NINE-CHAR  ": false, "TEN-CHARSX": true,
		"ÄÖÜ-ÄÖÜ-ÄÖ": true, GenerateCode(): true} {
		err := CheckCode(code)
		assert.Equal(t, ok, err == nil, "%q: %v", code, err)
	}
	assert.ErrorContains(t, CheckCode("NINE-CHAR"), "at least 10 characters")
}

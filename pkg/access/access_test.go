package access

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

func TestSigner(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	s := NewSigner([]byte("secret"), time.Hour)
	s.now = func() time.Time { return now }
	token, exp := s.Issue()
	assert.Equal(t, now.Add(time.Hour), exp)
	assert.True(t, s.Valid(token))

	other := NewSigner([]byte("other"), time.Hour)
	other.now = s.now
	assert.False(t, other.Valid(token), "another secret")

	payload, sig, _ := strings.Cut(token, ".")
	flip := "A"
	if payload[0] == 'A' {
		flip = "B"
	}
	tampered := flip + payload[1:] + "." + sig
	assert.False(t, s.Valid(tampered), "a changed payload")
	for _, bad := range []string{"", ".", "abc", token + "x", "!!." + sig} {
		assert.False(t, s.Valid(bad), bad)
	}

	now = now.Add(time.Hour)
	assert.False(t, s.Valid(token), "expired")
}

func TestThrottle(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	th := NewThrottle(3, 10*time.Minute)
	th.now = func() time.Time { return now }
	for i := 0; i < 2; i++ {
		th.Fail("1.2.3.4")
		blocked, _ := th.Blocked("1.2.3.4")
		assert.False(t, blocked)
	}
	now = now.Add(time.Minute)
	th.Fail("1.2.3.4")
	blocked, wait := th.Blocked("1.2.3.4")
	assert.True(t, blocked)
	assert.Equal(t, 9*time.Minute, wait, "until the oldest failure leaves the window")
	blocked, _ = th.Blocked("5.6.7.8")
	assert.False(t, blocked, "other addresses are not affected")

	now = now.Add(9*time.Minute + time.Second)
	blocked, _ = th.Blocked("1.2.3.4")
	assert.False(t, blocked, "old failures expire")

	th.Fail("1.2.3.4")
	th.Reset("1.2.3.4")
	blocked, _ = th.Blocked("1.2.3.4")
	assert.False(t, blocked)
}

func TestThrottleForgetsExpiredAddresses(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	th := NewThrottle(5, time.Minute)
	th.now = func() time.Time { return now }
	for i := 0; i < sweepAt; i++ {
		th.Fail(fmt.Sprintf("10.0.%d.%d", i/256, i%256))
	}
	require.Len(t, th.hits, sweepAt)
	now = now.Add(2 * time.Minute)
	th.Fail("192.0.2.1")
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

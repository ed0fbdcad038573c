package config

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
)

// TestServerLogger checks info lines wait in the buffer for at most the
// flush interval, a warning goes out at once with what waited before it,
// attributes and groups keep that, and the closing flush writes the rest.
func TestServerLogger(t *testing.T) {
	var out syncbuf.Buffer
	log, buf := Config{LogLevel: "info"}.ServerLogger(&out)
	log.Info("request", "path", "/api/themes")
	assert.NotContains(t, out.String(), "/api/themes", "an info line waits for the flush")
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "/api/themes") },
		10*LogFlushInterval, LogFlushInterval/10)

	log.Info("queued")
	log.With("part", "store").WithGroup("db").Warn("slow", "ms", 900)
	got := out.String()
	assert.Contains(t, got, "part=store db.ms=900", "a warning is written at once")
	assert.Less(t, strings.Index(got, "queued"), strings.Index(got, "slow"), "after what waited, in order")

	log.Info("now")
	buf.Flush()
	assert.Contains(t, out.String(), "now", "Flush writes what waits at once")

	log.Info("last words")
	buf.Close()
	assert.Contains(t, out.String(), "last words")
	buf.Close() // twice is harmless
}

package harness

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLogLinesCountsEveryMatchCaseInsensitively(t *testing.T) {
	path := filepath.Join(t.TempDir(), "server.log")
	require.NoError(t, os.WriteFile(path, []byte("level=INFO msg=ok\n"+
		"level=ERROR msg=\"request failed\" err=\"Database is locked (5) (SQLITE_BUSY)\"\n"+
		"level=ERROR msg=other\n"+
		"level=WARN err=\"database is locked\"\n"), 0o644))
	lines, n, err := LogLines(path, 1, "database is locked", "SQLITE_BUSY")
	require.NoError(t, err)
	assert.Equal(t, 2, n) // one line with both words counts once
	assert.Len(t, lines, 1)
	_, n, err = LogLines(path, 5, "level=ERROR")
	require.NoError(t, err)
	assert.Equal(t, 2, n)
}

func TestBackends(t *testing.T) {
	b, err := Backends("both")
	require.NoError(t, err)
	assert.Equal(t, []string{"sqlite", "postgres"}, b)
	_, err = Backends("mysql")
	assert.Error(t, err)
}

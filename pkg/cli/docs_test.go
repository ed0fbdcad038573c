package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docsVersion is the version the committed docs are generated with; the
// pages do not show it, but --version exists only when it is set.
const docsVersion = "dev"

// TestCommittedCLIDocsAreCurrent regenerates the command reference and
// compares it with docs/cli/. After changing a command run
// `go run ./cmd/commsplan docs --dir docs/cli` (or make docs).
func TestCommittedCLIDocsAreCurrent(t *testing.T) {
	committed := filepath.Join(repoRoot, "docs", "cli")
	cleanDir(t)
	dir := t.TempDir()
	code, _, errOut := runCLIVersion(t, docsVersion, "docs", "--dir", dir)
	require.Equal(t, 0, code, errOut)

	want := readDir(t, dir)
	got := readDir(t, committed)
	require.NotEmpty(t, want)
	for name, body := range want {
		assert.Equal(t, body, got[name], "docs/cli/%s is out of date: run make docs", name)
	}
	for name := range got {
		_, ok := want[name]
		assert.True(t, ok, "docs/cli/%s documents no command: run make docs", name)
	}
}

func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	out := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		out[e.Name()] = string(b)
	}
	return out
}

// repoRoot is the repository's root, two levels above this package (read
// before a test changes directory).
var repoRoot, _ = filepath.Abs(filepath.Join("..", ".."))

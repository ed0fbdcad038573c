package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/config"
)

// TestConfigurationDoc checks docs/configuration.md's table against
// config.Settings and the real flag set: one row per setting, with its
// flag, environment variable, file keys and default, on the commands that
// really have the flag.
func TestConfigurationDoc(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(repoRoot, "docs", "configuration.md"))
	require.NoError(t, err)
	rows := map[string][]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, "| `--") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		require.Len(t, cells, 6, line)
		rows[strings.Trim(cells[0], "`")] = cells
	}

	root := NewRootCmd(&Factory{Version: "t", Out: &strings.Builder{}, Err: &strings.Builder{}})
	commands := map[string]*cobra.Command{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		commands[strings.TrimPrefix(c.CommandPath(), "commsplan ")] = c
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)

	require.Len(t, rows, len(config.Settings), "one row per setting")
	for _, s := range config.Settings {
		row, ok := rows["--"+s.Flag]
		if !assert.True(t, ok, "no row for --%s", s.Flag) {
			continue
		}
		assert.Equal(t, "`"+s.Env()+"`", row[1], s.Flag)
		keys := make([]string, len(s.FileKeys()))
		for i, k := range s.FileKeys() {
			keys[i] = "`" + k + "`"
		}
		assert.Equal(t, strings.Join(keys, ", "), row[2], s.Flag)
		if s.Default != "" {
			assert.Equal(t, "`"+s.Default+"`", row[3], s.Flag)
		} else {
			assert.NotEmpty(t, row[3], s.Flag)
		}
		// The commands that have the flag are exactly the ones listed.
		var have []string
		for path, c := range commands {
			if path == "commsplan" {
				continue
			}
			if c.LocalFlags().Lookup(s.Flag) != nil && c.InheritedFlags().Lookup(s.Flag) == nil {
				have = append(have, "`"+path+"`")
			}
		}
		if root.PersistentFlags().Lookup(s.Flag) != nil {
			assert.Equal(t, "every command", row[4], s.Flag)
			assert.True(t, s.Global(), s.Flag)
		} else {
			assert.ElementsMatch(t, strings.Split(row[4], ", "), have, "--%s is a flag of %v", s.Flag, have)
		}
	}
}

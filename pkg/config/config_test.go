package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func flags(t *testing.T, args ...string) *pflag.FlagSet {
	t.Helper()
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	AddFlags(fs)
	require.NoError(t, fs.Parse(args))
	return fs
}

// inDir runs the test in an empty working directory with no COMMSPLAN_* set.
func inDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("HOME", dir)
	for _, s := range Settings {
		t.Setenv(s.Env(), "")
		os.Unsetenv(s.Env())
	}
	return dir
}

func TestDefaults(t *testing.T) {
	inDir(t)
	c, err := Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join("data", "commsplan.db"), c.DB)
	assert.Equal(t, "./data", c.DataDir)
	assert.Equal(t, "127.0.0.1:8080", c.Addr)
	assert.Empty(t, c.AccessCodes)
	assert.Equal(t, "info", c.LogLevel)
	assert.Equal(t, "text", c.LogFormat)
	assert.Equal(t, 3, c.MaxPerAudienceWeek)
	assert.Empty(t, c.File)
}

func TestLayering(t *testing.T) {
	dir := inDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte(`
addr: file:1
data-dir: /from/file
access:
  codes: [FILE-A, FILE-B]
log:
  level: debug
  format: json
`), 0o600))

	c, err := Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "file:1", c.Addr, "file over default")
	assert.Equal(t, []string{"FILE-A", "FILE-B"}, c.AccessCodes, "a YAML list")
	assert.Equal(t, filepath.Join("/from/file", "commsplan.db"), c.DB, "the default DB follows the data dir")
	assert.Equal(t, "json", c.LogFormat)
	assert.Equal(t, filepath.Join(dir, "commsplan.yaml"), c.File)

	t.Setenv("COMMSPLAN_ADDR", "env:2")
	t.Setenv("COMMSPLAN_ACCESS_CODES", "ENV-A, ENV-B ,")
	t.Setenv("COMMSPLAN_LOG_LEVEL", "warn")
	c, err = Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "env:2", c.Addr, "env over file")
	assert.Equal(t, []string{"ENV-A", "ENV-B"}, c.AccessCodes, "comma separated, blanks dropped")
	assert.Equal(t, "warn", c.LogLevel)

	c, err = Load(flags(t, "--addr", "flag:3", "--access-codes", "FLAG-A", "--db", "postgres://x/y"))
	require.NoError(t, err)
	assert.Equal(t, "flag:3", c.Addr, "flag over env")
	assert.Equal(t, []string{"FLAG-A"}, c.AccessCodes)
	assert.Equal(t, "postgres://x/y", c.DB)
	assert.Equal(t, "warn", c.LogLevel, "env still fills what flags leave")
}

func TestConfigSearch(t *testing.T) {
	dir := inDir(t)
	// The binary itself sits in the working directory: it is not a config.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan"), []byte("\x7fELF\x00\x01"), 0o755))
	c, err := Load(flags(t))
	require.NoError(t, err)
	assert.Empty(t, c.File)

	home := filepath.Join(dir, ".config", "commsplan")
	require.NoError(t, os.MkdirAll(home, 0o750))
	require.NoError(t, os.WriteFile(filepath.Join(home, "commsplan.yml"), []byte("addr: home:1\n"), 0o600))
	c, err = Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "home:1", c.Addr, "found in $HOME/.config/commsplan")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte("addr: cwd:1\n"), 0o600))
	c, err = Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "cwd:1", c.Addr, "the working directory comes first")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte("addr: [unclosed\n"), 0o600))
	_, err = Load(flags(t))
	assert.ErrorContains(t, err, "config file")
}

func TestExplicitConfigFile(t *testing.T) {
	dir := inDir(t)
	path := filepath.Join(dir, "other.yaml")
	require.NoError(t, os.WriteFile(path, []byte("session:\n  secret: s3cret\n"), 0o600))
	c, err := Load(flags(t, "--config", path))
	require.NoError(t, err)
	assert.Equal(t, "s3cret", c.SessionSecret)

	_, err = Load(flags(t, "--config", filepath.Join(dir, "missing.yaml")))
	assert.Error(t, err, "an explicit file must exist")
}

func TestInvalid(t *testing.T) {
	inDir(t)
	_, err := Load(flags(t, "--log-format", "xml"))
	assert.ErrorContains(t, err, "log-format")
	_, err = Load(flags(t, "--log-level", "loud"))
	assert.ErrorContains(t, err, "log-level")
	_, err = Load(flags(t, "--data-dir", ""))
	assert.ErrorContains(t, err, "data-dir")
}

func TestEnvNames(t *testing.T) {
	want := []string{"COMMSPLAN_DB", "COMMSPLAN_DATA_DIR", "COMMSPLAN_ADDR", "COMMSPLAN_ACCESS_CODES",
		"COMMSPLAN_SESSION_SECRET", "COMMSPLAN_LOG_LEVEL", "COMMSPLAN_LOG_FORMAT", "COMMSPLAN_SCHEDULE_MAX_PER_AUDIENCE_WEEK",
		"COMMSPLAN_COMPOSE_GENERATOR", "COMMSPLAN_COMPOSE_ENDPOINT", "COMMSPLAN_COMPOSE_MODEL"}
	require.Len(t, Settings, len(want))
	for i, s := range Settings {
		assert.Equal(t, want[i], s.Env())
	}
}

func TestMaxPerAudienceWeek(t *testing.T) {
	dir := inDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte("schedule:\n  max-per-audience-week: 5\n"), 0o600))
	c, err := Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, 5, c.MaxPerAudienceWeek, "from the config file")

	t.Setenv("COMMSPLAN_SCHEDULE_MAX_PER_AUDIENCE_WEEK", " 4 ")
	c, err = Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, 4, c.MaxPerAudienceWeek, "env over file")

	c, err = Load(flags(t, "--max-per-audience-week", "1"))
	require.NoError(t, err)
	assert.Equal(t, 1, c.MaxPerAudienceWeek, "flag over env; 1 is allowed")

	for _, bad := range []string{"0", "-2", "2.5", "three", ""} {
		_, err = Load(flags(t, "--max-per-audience-week", bad))
		assert.ErrorContains(t, err, "max-per-audience-week must be a whole number of 1 or more", bad)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte("schedule:\n  max-per-audience-week: 2.5\n"), 0o600))
	os.Unsetenv("COMMSPLAN_SCHEDULE_MAX_PER_AUDIENCE_WEEK")
	_, err = Load(flags(t))
	assert.ErrorContains(t, err, `not "2.5"`)
}

func TestCompose(t *testing.T) {
	dir := inDir(t)
	t.Setenv(ComposeAPIKeyEnv, "")
	c, err := Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "rules", c.ComposeGenerator, "off by default")
	assert.Empty(t, c.ComposeEndpoint)
	assert.Empty(t, c.ComposeAPIKey)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte(`
compose:
  generator: openai
  endpoint: http://file.example/v1
  model: file-model
  api-key: from-the-file
`), 0o600))
	c, err = Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "openai", c.ComposeGenerator)
	assert.Equal(t, "http://file.example/v1", c.ComposeEndpoint)
	assert.Equal(t, "file-model", c.ComposeModel)
	assert.Empty(t, c.ComposeAPIKey, "never from the file")

	t.Setenv("COMMSPLAN_COMPOSE_MODEL", "env-model")
	t.Setenv(ComposeAPIKeyEnv, "sk-env")
	c, err = Load(flags(t, "--compose-endpoint", "http://127.0.0.1:11434/v1"))
	require.NoError(t, err)
	assert.Equal(t, "env-model", c.ComposeModel, "env over file")
	assert.Equal(t, "http://127.0.0.1:11434/v1", c.ComposeEndpoint, "flag over file")
	assert.Equal(t, "sk-env", c.ComposeAPIKey, "the key from its environment variable")

	_, err = Load(flags(t, "--compose-generator", "magic"))
	assert.ErrorContains(t, err, `compose-generator must be rules or openai, not "magic"`)
	_, err = Load(flags(t, "--compose-endpoint", ""))
	assert.ErrorContains(t, err, "compose-generator openai needs compose-endpoint and compose-model")
	_, err = Load(flags(t, "--compose-endpoint", "ftp://x/v1"))
	assert.ErrorContains(t, err, "compose-endpoint must be an http or https URL")
	c, err = Load(flags(t, "--compose-generator", "RULES", "--compose-endpoint", ""))
	require.NoError(t, err, "rules needs neither")
	assert.Equal(t, "rules", c.ComposeGenerator)
}

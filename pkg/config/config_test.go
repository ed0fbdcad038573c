package config

import (
	"net/netip"
	"os"
	"path/filepath"
	"testing"
	"time"

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
	_, err = Load(flags(t, "--review-approvals", "0"))
	assert.ErrorContains(t, err, "review-approvals")
	_, err = Load(flags(t, "--review-required", "maybe"))
	assert.ErrorContains(t, err, "review-required")
	_, err = Load(flags(t, "--backup-keep", "-1"))
	assert.ErrorContains(t, err, "backup-keep")
	_, err = Load(flags(t, "--backup-interval", "10s"))
	assert.ErrorContains(t, err, "backup-interval must be at least 1m")
	_, err = Load(flags(t, "--backup-interval", "daily"))
	assert.ErrorContains(t, err, "backup-interval")
	c, err := Load(flags(t, "--data-dir", "d", "--backup-interval", "24h"))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join("d", "backups"), c.BackupDir)
	assert.Equal(t, 24*time.Hour, c.BackupInterval)
	assert.Equal(t, 7, c.BackupKeep)
	assert.Equal(t, 24*time.Hour, c.BackupMinAge)
}

func TestEnvNames(t *testing.T) {
	want := []string{"COMMSPLAN_DB", "COMMSPLAN_DATA_DIR", "COMMSPLAN_DB_CONNECT_TIMEOUT", "COMMSPLAN_DB_QUERY_TIMEOUT",
		"COMMSPLAN_LOG_LEVEL", "COMMSPLAN_LOG_FORMAT", "COMMSPLAN_ADDR", "COMMSPLAN_ACCESS_CODES",
		"COMMSPLAN_AUTH_SHARED_ROLE", "COMMSPLAN_NOTIFY_WEBHOOK_URL", "COMMSPLAN_NOTIFY_WEBHOOK_FORMAT",
		"COMMSPLAN_AUTH_OIDC_ISSUER", "COMMSPLAN_AUTH_OIDC_CLIENT_ID",
		"COMMSPLAN_AUTH_OIDC_REDIRECT_URL", "COMMSPLAN_AUTH_OIDC_NAME", "COMMSPLAN_AUTH_OIDC_ALLOWED_DOMAINS",
		"COMMSPLAN_AUTH_OIDC_ROLE_CLAIM", "COMMSPLAN_AUTH_OIDC_ROLES", "COMMSPLAN_AUTH_OIDC_DEFAULT_ROLE", "COMMSPLAN_AUTH_OIDC_RAISE_ROLES", "COMMSPLAN_REVIEW_REQUIRED", "COMMSPLAN_REVIEW_APPROVALS", "COMMSPLAN_REVIEW_ALLOW_SELF_APPROVAL", "COMMSPLAN_AUTH_IDLE_TIMEOUT", "COMMSPLAN_AUTH_MAX_AGE", "COMMSPLAN_AUDIT_KEEP_DAYS",
		"COMMSPLAN_SESSION_SECRET", "COMMSPLAN_PUBLIC_URL", "COMMSPLAN_TRUSTED_PROXIES", "COMMSPLAN_SHUTDOWN_GRACE",
		"COMMSPLAN_PPROF", "COMMSPLAN_SCHEDULE_MAX_PER_AUDIENCE_WEEK",
		"COMMSPLAN_BACKUP_DIR", "COMMSPLAN_BACKUP_INTERVAL", "COMMSPLAN_BACKUP_KEEP", "COMMSPLAN_BACKUP_MIN_AGE", "COMMSPLAN_CAMPAIGN_HOLIDAY_CALENDAR",
		"COMMSPLAN_SMTP_HOST", "COMMSPLAN_SMTP_PORT", "COMMSPLAN_SMTP_USERNAME", "COMMSPLAN_SMTP_FROM", "COMMSPLAN_SMTP_TLS",
		"COMMSPLAN_SMTP_TIMEOUT", "COMMSPLAN_DELIVERY_EMAIL_RATE", "COMMSPLAN_DELIVERY_SLACK_RATE", "COMMSPLAN_DELIVERY_MAX_ERRORS",
		"COMMSPLAN_DELIVERY_WORKERS", "COMMSPLAN_DELIVERY_LEASE", "COMMSPLAN_DELIVERY_LIST_UNSUBSCRIBE",
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
`), 0o600))
	c, err = Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "openai", c.ComposeGenerator)
	assert.Equal(t, "http://file.example/v1", c.ComposeEndpoint)
	assert.Equal(t, "file-model", c.ComposeModel)
	assert.Empty(t, c.ComposeAPIKey)

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

func TestTimeoutsProxiesAndPublicURL(t *testing.T) {
	dir := inDir(t)
	c, err := Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, 5*time.Second, c.DBConnectTimeout)
	assert.Equal(t, 10*time.Second, c.DBQueryTimeout)
	assert.Equal(t, 15*time.Second, c.ShutdownGrace)
	assert.Empty(t, c.TrustedProxies, "no proxy is trusted by default")
	assert.Empty(t, c.PublicURL)
	assert.Empty(t, c.PprofAddr, "pprof is off by default")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte(`
db:
  query-timeout: 2s
trusted-proxies: [10.0.0.0/8, "192.168.1.7"]
`), 0o600))
	t.Setenv("COMMSPLAN_DB_CONNECT_TIMEOUT", "1m")
	c, err = Load(flags(t, "--shutdown-grace", "3s", "--public-url", "https://comms.example.com", "--pprof", "127.0.0.1:6060"))
	require.NoError(t, err)
	assert.Equal(t, time.Minute, c.DBConnectTimeout, "from the environment")
	assert.Equal(t, 2*time.Second, c.DBQueryTimeout, "from the file")
	assert.Equal(t, filepath.Join("data", "commsplan.db"), c.DB, "a nested db: block sets the timeouts, not the DSN")
	assert.Equal(t, 3*time.Second, c.ShutdownGrace, "from a flag")
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32")}, c.TrustedProxies)
	assert.Equal(t, "https://comms.example.com", c.PublicURL)
	assert.Equal(t, "127.0.0.1:6060", c.PprofAddr)

	for _, bad := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--db-query-timeout", "0s"}, "db-query-timeout must be a positive duration"},
		{[]string{"--db-connect-timeout", "five"}, "db-connect-timeout must be a positive duration"},
		{[]string{"--trusted-proxies", "10.0.0.0/33"}, "trusted-proxies must be CIDRs"},
		{[]string{"--public-url", "comms.example.com"}, "public-url must be an http or https URL"},
		{[]string{"--pprof", "0.0.0.0:6060"}, "pprof must be a loopback address"},
		{[]string{"--pprof", "6060"}, "pprof must be a loopback address"},
		{[]string{"--pprof", "192.0.2.1:6060"}, "pprof must be a loopback address"},
		{[]string{"--pprof", "example.com:6060"}, "pprof must be a loopback address"},
	} {
		_, err := Load(flags(t, bad.args...))
		require.Error(t, err, bad.args)
		assert.Contains(t, err.Error(), bad.msg)
	}
}

func TestCompose_APIKeyInTheFileIsRefused(t *testing.T) {
	dir := inDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte("compose:\n  api-key: from-the-file\n"), 0o600))
	_, err := Load(flags(t))
	require.Error(t, err, "a key in a file is refused, not ignored")
	assert.Contains(t, err.Error(), `unknown key "compose.api-key"`)
	assert.Contains(t, err.Error(), ComposeAPIKeyEnv)
}

// TestFileKeys: every key may be written nested or as its flag's name; an
// unknown key fails naming the key and the file.
func TestFileKeys(t *testing.T) {
	dir := inDir(t)
	file := filepath.Join(dir, "commsplan.yaml")
	require.NoError(t, os.WriteFile(file, []byte(`
log-level: debug
access-codes: [A-1, B-2]
db-query-timeout: 3s
schedule:
  max-per-audience-week: 7
`), 0o600))
	c, err := Load(flags(t))
	require.NoError(t, err)
	assert.Equal(t, "debug", c.LogLevel)
	assert.Equal(t, []string{"A-1", "B-2"}, c.AccessCodes)
	assert.Equal(t, 3*time.Second, c.DBQueryTimeout)
	assert.Equal(t, 7, c.MaxPerAudienceWeek)

	for _, bad := range []struct{ yaml, msg string }{
		{"adr: 0.0.0.0:1\n", `unknown key "adr" (did you mean "addr"?)`},
		{"log:\n  levle: debug\n", `unknown key "log.levle"`},
		{"log: debug\n", `unknown key "log"`},
		{"log-level: debug\nlog:\n  level: warn\n", `"log-level" and "log.level" are the same setting`},
	} {
		require.NoError(t, os.WriteFile(file, []byte(bad.yaml), 0o600))
		_, err := Load(flags(t))
		require.Error(t, err, bad.yaml)
		assert.Contains(t, err.Error(), bad.msg)
		assert.Contains(t, err.Error(), file, "names the file")
	}
}

// TestLoadWithoutAFlag: a command without a setting's flag still gets it
// from the environment, the file or the default.
func TestLoadWithoutAFlag(t *testing.T) {
	dir := inDir(t)
	fs := pflag.NewFlagSet("global", pflag.ContinueOnError)
	AddGlobalFlags(fs)
	require.Nil(t, fs.Lookup("addr"), "serve-only flags are not global")
	require.Nil(t, fs.Lookup("compose-model"))
	require.NotNil(t, fs.Lookup("db-query-timeout"))
	require.NoError(t, fs.Parse(nil))
	c, err := Load(fs)
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:8080", c.Addr)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte("addr: file:1\n"), 0o600))
	c, err = Load(fs)
	require.NoError(t, err)
	assert.Equal(t, "file:1", c.Addr)
	t.Setenv("COMMSPLAN_ADDR", "env:2")
	c, err = Load(fs)
	require.NoError(t, err)
	assert.Equal(t, "env:2", c.Addr)
}

func TestDeliverySettings(t *testing.T) {
	t.Setenv(SMTPPasswordEnv, "s3cret-pass")
	c, err := Load(flags(t, "--smtp-host", "mail.example.com", "--smtp-from", "Comms <comms@example.com>", "--smtp-tls", "TLS",
		"--delivery-email-rate", "0"))
	require.NoError(t, err)
	assert.Equal(t, "mail.example.com", c.Delivery.SMTP.Host)
	assert.Equal(t, 587, c.Delivery.SMTP.Port)
	assert.Equal(t, "tls", c.Delivery.SMTP.TLS)
	assert.Equal(t, "s3cret-pass", c.Delivery.SMTP.Password, "the password comes from the environment only")
	assert.Equal(t, 0.0, c.Delivery.EmailRate)
	assert.Equal(t, 1.0, c.Delivery.SlackRate)
	assert.Equal(t, 10, c.Delivery.MaxErrors)
	_, err = Load(flags(t, "--delivery-max-errors", "-1"))
	assert.ErrorContains(t, err, "delivery-max-errors")
}

// Package config resolves commsplan's settings with viper, in this order of
// precedence: command-line flags, COMMSPLAN_* environment variables, the
// commsplan.yaml config file, defaults. Code outside pkg/cli receives the
// typed Config and never reads viper itself.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// Config is every setting of commsplan.
type Config struct {
	// DB is the storage DSN: a file path or sqlite://path for SQLite,
	// postgres://... for PostgreSQL.
	DB string
	// DataDir holds the default SQLite file, the generated access code and
	// the generated session secret.
	DataDir string
	// Addr is the address serve listens on.
	Addr string
	// AccessCodes are the codes the gate accepts.
	AccessCodes []string
	// SessionSecret signs session cookies.
	SessionSecret string
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// LogFormat is text or json.
	LogFormat string
	// MaxPerAudienceWeek is how many scheduled communications one audience
	// may get in one ISO week before the schedule warns of an overload.
	MaxPerAudienceWeek int
	// ComposeGenerator names the content generator: rules (the default,
	// built in) or openai (plugins/compose/openai).
	ComposeGenerator string
	// ComposeEndpoint is the base URL of an OpenAI-compatible API
	// (e.g. http://127.0.0.1:11434/v1); ComposeModel the model it runs.
	ComposeEndpoint, ComposeModel string
	// ComposeAPIKey is the generator's bearer key. It comes only from
	// COMMSPLAN_COMPOSE_API_KEY, never a flag or the config file, so it
	// never shows in a process list or a committed file.
	ComposeAPIKey string
	// File is the config file that was read, if any.
	File string
}

// Setting describes one key: its flag, config-file key, environment
// variable, default and help text. docs/configuration.md lists the same.
type Setting struct {
	Flag, Key, Default, Usage string
}

// Env is the setting's environment variable.
func (s Setting) Env() string { return "COMMSPLAN_" + envReplacer.Replace(strings.ToUpper(s.Key)) }

var envReplacer = strings.NewReplacer(".", "_", "-", "_")

// Settings are all keys, in the order help shows them.
var Settings = []Setting{
	{"db", "db", "", "storage DSN: a file path or sqlite://PATH (SQLite), or postgres://... (default: commsplan.db in the data dir)"},
	{"data-dir", "data-dir", "./data", "directory for the SQLite file, the generated access code and session secret"},
	{"addr", "addr", "127.0.0.1:8080", "address the server listens on"},
	{"access-codes", "access.codes", "", "comma-separated access codes (default: one generated and kept in the data dir)"},
	{"session-secret", "session.secret", "", "secret that signs session cookies (default: generated and kept in the data dir)"},
	{"log-level", "log.level", "info", "log level: debug, info, warn or error"},
	{"log-format", "log.format", "text", "log format: text or json"},
	{"max-per-audience-week", "schedule.max-per-audience-week", "3", "scheduled communications one audience may get in one ISO week before an overload warning"},
	{"compose-generator", "compose.generator", "rules", "content generator: rules (built in) or openai (an OpenAI-compatible chat-completions API)"},
	{"compose-endpoint", "compose.endpoint", "", "base URL of the OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (compose-generator openai)"},
	{"compose-model", "compose.model", "", "model name for the OpenAI-compatible API (compose-generator openai)"},
}

// ComposeAPIKeyEnv is the only place the generator's API key is read from.
const ComposeAPIKeyEnv = "COMMSPLAN_COMPOSE_API_KEY"

// ComposeGenerators are the values of compose.generator.
var ComposeGenerators = []string{"rules", "openai"}

// ConfigFlag names the flag that points at an explicit config file.
const ConfigFlag = "config"

// AddFlags registers every setting (and --config) on fs.
func AddFlags(fs *pflag.FlagSet) {
	fs.String(ConfigFlag, "", "config file (default: commsplan.yaml in the working directory or $HOME/.config/commsplan/)")
	for _, s := range Settings {
		fs.String(s.Flag, s.Default, s.Usage)
	}
}

// Load resolves the settings from fs (after parsing), the environment and
// the config file.
func Load(fs *pflag.FlagSet) (Config, error) {
	v := viper.New()
	file, _ := fs.GetString(ConfigFlag)
	if file == "" {
		file = findConfigFile()
	}
	if file != "" {
		v.SetConfigFile(file)
		if err := v.ReadInConfig(); err != nil {
			return Config{}, fmt.Errorf("config file: %w", err)
		}
	}
	v.SetEnvPrefix("COMMSPLAN")
	v.SetEnvKeyReplacer(envReplacer)
	v.AutomaticEnv()

	get := func(s Setting) string {
		f := fs.Lookup(s.Flag)
		if f != nil && f.Changed {
			return f.Value.String()
		}
		if v.IsSet(s.Key) {
			return joinValue(v.Get(s.Key))
		}
		return s.Default
	}
	c := Config{
		DB:            get(Settings[0]),
		DataDir:       get(Settings[1]),
		Addr:          get(Settings[2]),
		AccessCodes:   splitList(get(Settings[3])),
		SessionSecret: get(Settings[4]),
		LogLevel:      strings.ToLower(get(Settings[5])),
		LogFormat:     strings.ToLower(get(Settings[6])),
		File:          v.ConfigFileUsed(),

		ComposeGenerator: strings.ToLower(strings.TrimSpace(get(Settings[8]))),
		ComposeEndpoint:  strings.TrimSpace(get(Settings[9])),
		ComposeModel:     strings.TrimSpace(get(Settings[10])),
		ComposeAPIKey:    os.Getenv(ComposeAPIKeyEnv),
	}
	maxPerWeek := strings.TrimSpace(get(Settings[7]))
	n, err := strconv.Atoi(maxPerWeek)
	if err != nil {
		return Config{}, fmt.Errorf("max-per-audience-week must be a whole number of 1 or more, not %q", maxPerWeek)
	}
	c.MaxPerAudienceWeek = n
	if c.DB == "" {
		c.DB = filepath.Join(c.DataDir, "commsplan.db")
	}
	return c, c.Validate()
}

// Validate checks the enumerated settings.
func (c Config) Validate() error {
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("log-level must be debug, info, warn or error, not %q", c.LogLevel)
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		return fmt.Errorf("log-format must be text or json, not %q", c.LogFormat)
	}
	if c.DataDir == "" {
		return errors.New("data-dir must not be empty")
	}
	if c.MaxPerAudienceWeek < 1 {
		return fmt.Errorf("max-per-audience-week must be a whole number of 1 or more, not %d", c.MaxPerAudienceWeek)
	}
	switch c.ComposeGenerator {
	case "rules":
	case "openai":
		if c.ComposeEndpoint == "" || c.ComposeModel == "" {
			return errors.New("compose-generator openai needs compose-endpoint and compose-model")
		}
		if u, err := url.Parse(c.ComposeEndpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("compose-endpoint must be an http or https URL, not %q", c.ComposeEndpoint)
		}
	default:
		return fmt.Errorf("compose-generator must be %s, not %q", strings.Join(ComposeGenerators, " or "), c.ComposeGenerator)
	}
	return nil
}

// findConfigFile returns the first commsplan.yaml (or .yml) in the working
// directory or $HOME/.config/commsplan, or "". The names are explicit: viper's
// own search would also try an extensionless "commsplan", the binary itself.
func findConfigFile() string {
	dirs := []string{"."}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".config", "commsplan"))
	}
	for _, dir := range dirs {
		for _, name := range []string{"commsplan.yaml", "commsplan.yml"} {
			path := filepath.Join(dir, name)
			if st, err := os.Stat(path); err == nil && !st.IsDir() {
				if abs, err := filepath.Abs(path); err == nil {
					return abs
				}
				return path
			}
		}
	}
	return ""
}

// joinValue turns a config-file value (a string or a YAML list) into the
// comma-separated form flags and env use.
func joinValue(v any) string {
	switch x := v.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = fmt.Sprint(p)
		}
		return strings.Join(parts, ",")
	case []string:
		return strings.Join(x, ",")
	case nil:
		return ""
	default:
		return fmt.Sprint(x)
	}
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Package config resolves commsplan's settings with viper, in this order of
// precedence: command-line flags, COMMSPLAN_* environment variables, the
// commsplan.yaml config file, defaults. Code outside pkg/cli receives the
// typed Config and never reads viper itself.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

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
	// SharedRole is the role of the shared access codes (auth.shared-role),
	// as written: pkg/cli reads it as an actor.Role.
	SharedRole string
	// AuditKeepDays is audit.keep-days: 0 keeps every entry.
	AuditKeepDays int
	// WebhookURL is notify.webhook-url: where review and mention events are
	// posted ("" none); WebhookFormat is notify.webhook-format as written
	// (pkg/cli reads it as a notify.Format).
	WebhookURL    string
	WebhookFormat string
	// OIDC is single sign-on (auth.oidc.*) as written; off when its Issuer
	// is empty. pkg/cli checks it and makes it an sso.Config.
	OIDC OIDC
	// Review is review.required, review.approvals and
	// review.allow-self-approval.
	Review Review
	// IdleTimeout ends a session this long after its last request
	// (auth.idle-timeout); MaxAge this long after its sign-in (auth.max-age).
	IdleTimeout, MaxAge time.Duration
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// LogFormat is text or json.
	LogFormat string
	// MaxPerAudienceWeek is how many scheduled communications one audience
	// may get in one ISO week before the schedule warns of an overload.
	MaxPerAudienceWeek int
	// HolidayCalendar is the country whose public holidays campaign
	// generation avoids unless the configuration names one ("none": none).
	HolidayCalendar string
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
	// DBConnectTimeout bounds opening a database connection.
	DBConnectTimeout time.Duration
	// DBQueryTimeout bounds every database statement or transaction, so a
	// sick database answers 503 instead of hanging a request.
	DBQueryTimeout time.Duration
	// ShutdownGrace is how long serve lets in-flight requests finish after
	// SIGTERM before it closes the store.
	ShutdownGrace time.Duration
	// TrustedProxies are the addresses whose X-Forwarded-For and
	// X-Forwarded-Proto serve honours; empty trusts none.
	TrustedProxies []netip.Prefix
	// PublicURL is the address users reach serve at, behind a proxy; an
	// https URL makes the session cookie Secure.
	PublicURL string
	// PprofAddr, when set, serves net/http/pprof on this separate local
	// address.
	PprofAddr string
	// BackupDir is where serve writes backups (default: backups in the
	// data dir).
	BackupDir string
	// BackupInterval is how often serve takes a backup; zero is never.
	BackupInterval time.Duration
	// BackupKeep is how many scheduled backups serve keeps; zero keeps all.
	BackupKeep int
	// BackupMinAge is the age below which no backup is pruned.
	BackupMinAge time.Duration
	// Delivery is the smtp.* and delivery.* settings.
	Delivery Delivery
	// File is the config file that was read, if any.
	File string
}

// OIDC is the auth.oidc.* settings as written. Its client secret comes
// only from OIDCClientSecretEnv.
type OIDC struct {
	Issuer, ClientID, ClientSecret, RedirectURL, Name, RoleClaim string
	// AllowedDomains are lowercase, without a leading @.
	AllowedDomains []string
	// Roles are the CLAIM-VALUE=ROLE pairs; DefaultRole the role's name.
	Roles       []string
	DefaultRole string
	RaiseRoles  bool
}

// Review is the review.* settings, the fields of a review.Policy.
type Review struct {
	Required          bool
	Approvals         int
	AllowSelfApproval bool
}

// OIDCClientSecretEnv is the only place the OpenID Connect client secret is
// read from: never a flag, which any local user could read in the process
// list.
const OIDCClientSecretEnv = "COMMSPLAN_AUTH_OIDC_CLIENT_SECRET"

// oidcCallbackPath is the route of pkg/sso the provider sends the browser
// back to, for the help text (a test in pkg/cli holds the two equal).
const oidcCallbackPath = "/api/auth/oidc/callback"

// Delivery is how communications are sent (docs/delivery.md).
type Delivery struct {
	// SMTP is the email channel's server; off while its Host is empty.
	// Its password comes only from SMTPPasswordEnv.
	SMTP SMTP
	// EmailRate and SlackRate are sends a second per channel (0: no limit).
	EmailRate, SlackRate float64
	// MaxErrors pauses a send after this many failures in a row (0 never).
	MaxErrors int
	// Workers are the email queue's concurrent sends on each server.
	Workers int
	// Lease is how long a message in flight is held before the queue takes
	// it for one of a dead server (delivery.lease).
	Lease time.Duration
}

// SMTPPasswordEnv is the only place the SMTP password is read from: never
// a flag (a process list shows those) nor the config file.
const SMTPPasswordEnv = "COMMSPLAN_SMTP_PASSWORD"

// SMTP is the smtp.* settings as written: the fields of delivery's
// SMTPSettings, which serve converts it to (a setting's meaning is not
// config's).
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
	// From is the sender, "Name <address>" or an address.
	From string
	// TLS is none, starttls or tls.
	TLS string
	// Timeout bounds connecting and each SMTP exchange.
	Timeout time.Duration
	// ListUnsubscribe is delivery.list-unsubscribe: an https address, or empty.
	ListUnsubscribe string
}

// Setting describes one key: its flag, config-file key, environment
// variable, default and help text. docs/configuration.md lists the same (a
// test checks it). Serve marks the settings only `commsplan serve` uses and
// Compose those of the content generator (serve and `content generate`);
// the rest are global flags of every command.
type Setting struct {
	Flag, Key, Default, Usage string
	Serve, Compose            bool
}

// Global reports whether every command has the setting's flag.
func (s Setting) Global() bool { return !s.Serve && !s.Compose }

// FileKeys are the keys the config file may use for the setting: the
// nested key (log.level) and the flag's name (log-level).
func (s Setting) FileKeys() []string {
	if s.Key == s.Flag {
		return []string{s.Key}
	}
	return []string{s.Key, s.Flag}
}

// Env is the setting's environment variable.
func (s Setting) Env() string { return "COMMSPLAN_" + envReplacer.Replace(strings.ToUpper(s.Key)) }

var envReplacer = strings.NewReplacer(".", "_", "-", "_")

// Settings are all keys, in the order help shows them.
var Settings = []Setting{
	{Flag: "db", Key: "db", Usage: "storage DSN: a file path or sqlite://PATH (SQLite), or postgres://... (default: commsplan.db in the data dir)"},
	{Flag: "data-dir", Key: "data-dir", Default: "./data", Usage: "directory for the SQLite file, the generated access code and session secret"},
	{Flag: "db-connect-timeout", Key: "db.connect-timeout", Default: "5s", Usage: "how long opening a database connection may take"},
	{Flag: "db-query-timeout", Key: "db.query-timeout", Default: "10s", Usage: "how long one database statement or transaction may take"},
	{Flag: "log-level", Key: "log.level", Default: "info", Usage: "log level: debug, info, warn or error"},
	{Flag: "log-format", Key: "log.format", Default: "text", Usage: "log format: text or json"},
	{Flag: "addr", Key: "addr", Default: "127.0.0.1:8080", Usage: "address the server listens on", Serve: true},
	{Flag: "access-codes", Key: "access.codes", Usage: "comma-separated access codes (default: one generated and kept in the data dir)", Serve: true},
	{Flag: "shared-role", Key: "auth.shared-role", Default: "planner", Usage: "role of whoever signs in with a shared access code: viewer, planner, approver or admin", Serve: true},
	{Flag: "webhook-url", Key: "notify.webhook-url", Usage: "http(s) URL that gets an event for each review requested, approval, changes requested and mention (default: none)", Serve: true},
	{Flag: "webhook-format", Key: "notify.webhook-format", Default: "json", Usage: "body of the webhook's events: teams (a MessageCard), slack ({\"text\"}) or json", Serve: true},
	{Flag: "oidc-issuer", Key: "auth.oidc.issuer", Usage: "issuer URL of the OpenID Connect provider for single sign-on, e.g. https://login.microsoftonline.com/TENANT/v2.0 (default: off)", Serve: true},
	{Flag: "oidc-client-id", Key: "auth.oidc.client-id", Usage: "client id of commsplan at the OpenID Connect provider (the secret is read only from " + OIDCClientSecretEnv + ")", Serve: true},
	{Flag: "oidc-redirect-url", Key: "auth.oidc.redirect-url", Usage: "callback URL registered at the provider (default: public-url + " + oidcCallbackPath + ")", Serve: true},
	{Flag: "oidc-name", Key: "auth.oidc.name", Default: "SSO", Usage: "provider name on the gate's button: Sign in with NAME", Serve: true},
	{Flag: "oidc-allowed-domains", Key: "auth.oidc.allowed-domains", Usage: "comma-separated email domains single sign-on admits (default: any)", Serve: true},
	{Flag: "oidc-role-claim", Key: "auth.oidc.role-claim", Default: "groups", Usage: "id_token claim (a string or a list) whose values oidc-roles maps to roles", Serve: true},
	{Flag: "oidc-roles", Key: "auth.oidc.roles", Usage: "comma-separated CLAIM-VALUE=ROLE pairs giving a new person a role, e.g. comms-admins=admin,comms=planner", Serve: true},
	{Flag: "oidc-default-role", Key: "auth.oidc.default-role", Usage: "role of a person no claim value maps (default: none, such a person is refused and their sessions end)", Serve: true},
	{Flag: "oidc-raise-roles", Key: "auth.oidc.raise-roles", Default: "false", Usage: "let a sign-in raise a known person's role to what the provider maps (a lower one always lowers it)", Serve: true},
	{Flag: "review-required", Key: "review.required", Default: "false", Usage: "a communication can become scheduled only when its review is approved", Serve: true},
	{Flag: "review-approvals", Key: "review.approvals", Default: "1", Usage: "distinct approvers a review needs", Serve: true},
	{Flag: "review-allow-self-approval", Key: "review.allow-self-approval", Default: "false", Usage: "let whoever asked for a review approve it", Serve: true},
	{Flag: "idle-timeout", Key: "auth.idle-timeout", Default: "12h", Usage: "a session ends this long after its last request", Serve: true},
	{Flag: "max-age", Key: "auth.max-age", Default: "720h", Usage: "a session ends this long after its sign-in, however busy (720h: 30 days)", Serve: true},
	{Flag: "audit-keep-days", Key: "audit.keep-days", Usage: "days the audit trail keeps an entry; older ones are pruned at start and daily (default: forever)", Serve: true},
	{Flag: "session-secret", Key: "session.secret", Usage: "secret that signs session cookies (default: generated and kept in the data dir)", Serve: true},
	{Flag: "public-url", Key: "public-url", Usage: "the URL users reach the server at, e.g. https://comms.example.com behind a TLS-terminating proxy (https makes the session cookie Secure)", Serve: true},
	{Flag: "trusted-proxies", Key: "trusted-proxies", Usage: "comma-separated CIDRs or addresses of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are honoured (default: none)", Serve: true},
	{Flag: "shutdown-grace", Key: "shutdown-grace", Default: "15s", Usage: "how long in-flight requests may finish after SIGTERM", Serve: true},
	{Flag: "pprof", Key: "pprof", Usage: "serve net/http/pprof on this separate local address, e.g. 127.0.0.1:6060 (default: off)", Serve: true},
	{Flag: "max-per-audience-week", Key: "schedule.max-per-audience-week", Default: "3", Usage: "scheduled communications one audience may get in one ISO week before an overload warning", Serve: true},
	{Flag: "backup-dir", Key: "backup.dir", Usage: "directory for scheduled backups and the Backups panel (default: backups in the data dir)", Serve: true},
	{Flag: "backup-interval", Key: "backup.interval", Usage: "take a backup this often, e.g. 24h (default: off)", Serve: true},
	{Flag: "backup-keep", Key: "backup.keep", Default: "7", Usage: "scheduled backups to keep in backup-dir; older ones are removed once a new scheduled one verifies (0 keeps all; on-demand backups are never removed)", Serve: true},
	{Flag: "backup-min-age", Key: "backup.min-age", Default: "24h", Usage: "no backup younger than this is pruned, whatever backup-keep says", Serve: true},
	{Flag: "holiday-calendar", Key: "campaign.holiday-calendar", Default: "", Usage: "country code (us, gb, de ...) whose public holidays generated campaigns avoid unless a configuration names its own; empty: the organisation's country (us for the seeded dataset); none: no holidays", Serve: true},
	{Flag: "smtp-host", Key: "smtp.host", Usage: "SMTP server that sends email and newsletter communications (default: off; the password is read only from " + SMTPPasswordEnv + ")", Serve: true},
	{Flag: "smtp-port", Key: "smtp.port", Default: "587", Usage: "SMTP server port", Serve: true},
	{Flag: "smtp-username", Key: "smtp.username", Usage: "SMTP user name (default: no authentication)", Serve: true},
	{Flag: "smtp-from", Key: "smtp.from", Usage: "sender of every message, e.g. \"Comms Team <comms@example.com>\"", Serve: true},
	{Flag: "smtp-tls", Key: "smtp.tls", Default: "starttls", Usage: "none, starttls (required, refused without it) or tls (implicit, e.g. port 465)", Serve: true},
	{Flag: "smtp-timeout", Key: "smtp.timeout", Default: "30s", Usage: "bound on connecting and each SMTP exchange", Serve: true},
	{Flag: "delivery-email-rate", Key: "delivery.email.rate", Default: "20", Usage: "emails a second each server sends at most (0: no limit)", Serve: true},
	{Flag: "delivery-slack-rate", Key: "delivery.slack.rate", Default: "1", Usage: "Slack posts a second each server sends at most (0: no limit)", Serve: true},
	{Flag: "delivery-max-errors", Key: "delivery.max-errors", Default: "10", Usage: "a send pauses after this many failures in a row (0: never)", Serve: true},
	{Flag: "delivery-workers", Key: "delivery.workers", Default: "10", Usage: "emails each server sends at once", Serve: true},
	{Flag: "delivery-lease", Key: "delivery.lease", Default: "3m", Usage: "how long a message in flight is held before another server takes it over from one that died (the one case a person may get a message twice)", Serve: true},
	{Flag: "delivery-list-unsubscribe", Key: "delivery.list-unsubscribe", Usage: "https URL of a one-click unsubscribe endpoint: messages then carry RFC 8058 List-Unsubscribe headers (default: none, internal mail is mandatory)", Serve: true},
	{Flag: "compose-generator", Key: "compose.generator", Default: "rules", Usage: "content generator: rules (built in) or openai (an OpenAI-compatible chat-completions API)", Compose: true},
	{Flag: "compose-endpoint", Key: "compose.endpoint", Usage: "base URL of the OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (compose-generator openai)", Compose: true},
	{Flag: "compose-model", Key: "compose.model", Usage: "model name for the OpenAI-compatible API (compose-generator openai)", Compose: true},
}

// ComposeAPIKeyEnv is the only place the generator's API key is read from.
const ComposeAPIKeyEnv = "COMMSPLAN_COMPOSE_API_KEY"

// ComposeGenerators are the values of compose.generator.
var ComposeGenerators = []string{"rules", "openai"}

// ConfigFlag names the flag that points at an explicit config file.
const ConfigFlag = "config"

// AddFlags registers every setting (and --config) on fs. Commands register
// only theirs (AddGlobalFlags, AddSettingFlags); this is for tests and
// tools that want the whole set.
func AddFlags(fs *pflag.FlagSet) {
	AddGlobalFlags(fs)
	AddSettingFlags(fs, func(s Setting) bool { return !s.Global() })
}

// AddGlobalFlags registers --config and the settings every command has.
func AddGlobalFlags(fs *pflag.FlagSet) {
	fs.String(ConfigFlag, "", "config file (default: commsplan.yaml in the working directory or $HOME/.config/commsplan/)")
	AddSettingFlags(fs, Setting.Global)
}

// AddSettingFlags registers the flags of the settings keep selects.
func AddSettingFlags(fs *pflag.FlagSet, keep func(Setting) bool) {
	for _, s := range Settings {
		if keep(s) {
			fs.String(s.Flag, s.Default, s.Usage)
		}
	}
}

// Load resolves the settings from fs (after parsing), the environment and
// the config file. fs may hold any subset of the flags: a setting without a
// flag there comes from the environment, the file or its default.
func Load(fs *pflag.FlagSet) (Config, error) {
	v := viper.New()
	var file string
	if f := fs.Lookup(ConfigFlag); f != nil {
		file = f.Value.String()
	}
	if file == "" {
		file = findConfigFile()
	}
	fileKeys := map[string]string{} // setting key -> the key the file used
	if file != "" {
		v.SetConfigFile(file)
		if err := v.ReadInConfig(); err != nil {
			return Config{}, fmt.Errorf("config file %s: %w", file, err)
		}
		var err error
		if fileKeys, err = checkFileKeys(v.AllKeys(), file); err != nil {
			return Config{}, err
		}
	}
	get := func(key string) string {
		s := setting(key)
		f := fs.Lookup(s.Flag)
		if f != nil && f.Changed {
			return f.Value.String()
		}
		if env, ok := os.LookupEnv(s.Env()); ok && env != "" {
			return env
		}
		if k, ok := fileKeys[s.Key]; ok {
			return joinValue(v.Get(k))
		}
		return s.Default
	}
	c := Config{
		DB:            get("db"),
		DataDir:       get("data-dir"),
		Addr:          get("addr"),
		AccessCodes:   splitList(get("access.codes")),
		SessionSecret: get("session.secret"),
		LogLevel:      strings.ToLower(get("log.level")),
		LogFormat:     strings.ToLower(get("log.format")),
		PublicURL:     strings.TrimSpace(get("public-url")),
		PprofAddr:     strings.TrimSpace(get("pprof")),
		File:          v.ConfigFileUsed(),

		ComposeGenerator: strings.ToLower(strings.TrimSpace(get("compose.generator"))),
		HolidayCalendar:  strings.ToLower(strings.TrimSpace(get("campaign.holiday-calendar"))),
		ComposeEndpoint:  strings.TrimSpace(get("compose.endpoint")),
		ComposeModel:     strings.TrimSpace(get("compose.model")),
		ComposeAPIKey:    os.Getenv(ComposeAPIKeyEnv),
	}
	var err error
	c.SharedRole = get("auth.shared-role")
	c.WebhookURL = strings.TrimSpace(get("notify.webhook-url"))
	if u, err := url.Parse(c.WebhookURL); c.WebhookURL != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		return Config{}, fmt.Errorf("webhook-url must be an http or https URL, not %q", c.WebhookURL)
	}
	c.WebhookFormat = get("notify.webhook-format")
	if c.OIDC, err = loadOIDC(get); err != nil {
		return Config{}, err
	}
	if keep := strings.TrimSpace(get("audit.keep-days")); keep != "" {
		if c.AuditKeepDays, err = strconv.Atoi(keep); err != nil || c.AuditKeepDays < 0 {
			return Config{}, fmt.Errorf("audit-keep-days must be a whole number of days, 0 or more (0 keeps every entry), not %q", keep)
		}
	}
	for _, b := range []struct {
		key string
		to  *bool
	}{{"review.required", &c.Review.Required}, {"review.allow-self-approval", &c.Review.AllowSelfApproval}} {
		v := strings.TrimSpace(get(b.key))
		if *b.to, err = strconv.ParseBool(v); err != nil {
			return Config{}, fmt.Errorf("%s must be true or false, not %q", setting(b.key).Flag, v)
		}
	}
	approvals := strings.TrimSpace(get("review.approvals"))
	if c.Review.Approvals, err = strconv.Atoi(approvals); err != nil || c.Review.Approvals < 1 {
		return Config{}, fmt.Errorf("review-approvals must be a whole number of 1 or more, not %q", approvals)
	}
	maxPerWeek := strings.TrimSpace(get("schedule.max-per-audience-week"))
	n, err := strconv.Atoi(maxPerWeek)
	if err != nil {
		return Config{}, fmt.Errorf("max-per-audience-week must be a whole number of 1 or more, not %q", maxPerWeek)
	}
	c.MaxPerAudienceWeek = n
	c.BackupDir = strings.TrimSpace(get("backup.dir"))
	if keep := strings.TrimSpace(get("backup.keep")); keep != "" {
		if c.BackupKeep, err = strconv.Atoi(keep); err != nil || c.BackupKeep < 0 {
			return Config{}, fmt.Errorf("backup-keep must be a whole number of 0 or more, not %q", keep)
		}
	}
	if c.BackupMinAge, err = parseDuration(setting("backup.min-age").Flag, get("backup.min-age")); err != nil {
		return Config{}, err
	}
	if iv := strings.TrimSpace(get("backup.interval")); iv != "" {
		if c.BackupInterval, err = parseDuration(setting("backup.interval").Flag, iv); err != nil {
			return Config{}, err
		}
		if c.BackupInterval < time.Minute {
			return Config{}, fmt.Errorf("backup-interval must be at least 1m, not %q", iv)
		}
	}
	if c.Delivery, err = loadDelivery(get); err != nil {
		return Config{}, err
	}
	for _, d := range []struct {
		key string
		to  *time.Duration
	}{{"db.connect-timeout", &c.DBConnectTimeout}, {"db.query-timeout", &c.DBQueryTimeout}, {"shutdown-grace", &c.ShutdownGrace},
		{"auth.idle-timeout", &c.IdleTimeout}, {"auth.max-age", &c.MaxAge}} {
		if *d.to, err = parseDuration(setting(d.key).Flag, get(d.key)); err != nil {
			return Config{}, err
		}
	}
	if c.TrustedProxies, err = parsePrefixes(get("trusted-proxies")); err != nil {
		return Config{}, err
	}
	if c.DB == "" {
		c.DB = filepath.Join(c.DataDir, "commsplan.db")
	}
	if c.BackupDir == "" {
		c.BackupDir = filepath.Join(c.DataDir, "backups")
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
	if c.PublicURL != "" {
		if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("public-url must be an http or https URL, not %q", c.PublicURL)
		}
	}
	if c.PprofAddr != "" {
		// Profiles show internals, so they are served on loopback only.
		host, _, err := net.SplitHostPort(c.PprofAddr)
		if ip := net.ParseIP(host); err != nil || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
			return fmt.Errorf("pprof must be a loopback address such as 127.0.0.1:6060, not %q", c.PprofAddr)
		}
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

// checkFileKeys maps each setting the config file sets to the key it used,
// and refuses a key that is no setting's (a typo must not pass silently)
// or a setting given under both of its keys.
func checkFileKeys(keys []string, file string) (map[string]string, error) {
	byKey := map[string]Setting{}
	for _, s := range Settings {
		for _, k := range s.FileKeys() {
			byKey[k] = s
		}
	}
	used := map[string]string{}
	slices.Sort(keys)
	for _, k := range keys {
		s, ok := byKey[k]
		if !ok {
			return nil, fmt.Errorf("config file %s: unknown key %q%s", file, k, suggestKey(k))
		}
		if prev, dup := used[s.Key]; dup {
			return nil, fmt.Errorf("config file %s: %q and %q are the same setting; keep one", file, prev, k)
		}
		used[s.Key] = k
	}
	return used, nil
}

// suggestKey names the setting an unknown key most likely meant.
func suggestKey(k string) string {
	if k == "compose.api-key" || k == "compose-api-key" {
		return " (the API key is read only from " + ComposeAPIKeyEnv + ")"
	}
	if k == "smtp.password" || k == "smtp-password" {
		return " (the SMTP password is read only from " + SMTPPasswordEnv + ")"
	}
	if k == "auth.oidc.client-secret" || k == "oidc-client-secret" {
		return " (the client secret is read only from " + OIDCClientSecretEnv + ")"
	}
	best, dist := "", 3
	for _, s := range Settings {
		for _, fk := range s.FileKeys() {
			if d := levenshtein(k, fk); d < dist {
				best, dist = fk, d
			}
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// levenshtein is the edit distance between a and b.
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// setting returns the Setting of key; an unknown key is a programming error.
func setting(key string) Setting {
	for _, s := range Settings {
		if s.Key == key {
			return s
		}
	}
	panic("config: no setting " + key)
}

// parseDuration reads a positive Go duration ("5s", "1m30s").
func parseDuration(flag, s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s must be a positive duration such as 5s or 1m, not %q", flag, s)
	}
	return d, nil
}

// parsePrefixes reads comma-separated CIDRs; a bare address is its own /32
// or /128.
func parsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range splitList(s) {
		if addr, err := netip.ParseAddr(p); err == nil {
			out = append(out, netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()))
			continue
		}
		prefix, err := netip.ParsePrefix(p)
		if err != nil {
			return nil, fmt.Errorf("trusted-proxies must be CIDRs or addresses such as 10.0.0.0/8, not %q", p)
		}
		out = append(out, prefix.Masked())
	}
	return out, nil
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

// loadOIDC reads the auth.oidc.* settings as written; with no issuer
// single sign-on is off and the others are not read. pkg/cli checks them.
func loadOIDC(get func(string) string) (OIDC, error) {
	c := OIDC{Issuer: strings.TrimSpace(get("auth.oidc.issuer"))}
	if c.Issuer == "" {
		return c, nil
	}
	c.ClientID = strings.TrimSpace(get("auth.oidc.client-id"))
	c.ClientSecret = os.Getenv(OIDCClientSecretEnv)
	c.RedirectURL = strings.TrimSpace(get("auth.oidc.redirect-url"))
	c.Name = strings.TrimSpace(get("auth.oidc.name"))
	c.RoleClaim = strings.TrimSpace(get("auth.oidc.role-claim"))
	for _, d := range splitList(get("auth.oidc.allowed-domains")) {
		c.AllowedDomains = append(c.AllowedDomains, strings.ToLower(strings.TrimPrefix(d, "@")))
	}
	if c.Name == "" {
		c.Name = setting("auth.oidc.name").Default
	}
	c.Roles = splitList(get("auth.oidc.roles"))
	c.DefaultRole = strings.TrimSpace(get("auth.oidc.default-role"))
	if v := strings.TrimSpace(get("auth.oidc.raise-roles")); v != "" {
		var err error
		if c.RaiseRoles, err = strconv.ParseBool(v); err != nil {
			return c, fmt.Errorf("oidc-raise-roles must be true or false, not %q", v)
		}
	}
	return c, nil
}

// loadDelivery reads the smtp.* and delivery.* settings.
func loadDelivery(get func(string) string) (Delivery, error) {
	d := Delivery{SMTP: SMTP{Host: strings.TrimSpace(get("smtp.host")), Username: strings.TrimSpace(get("smtp.username")),
		Password: os.Getenv(SMTPPasswordEnv), From: strings.TrimSpace(get("smtp.from")), TLS: strings.ToLower(strings.TrimSpace(get("smtp.tls"))),
		ListUnsubscribe: strings.TrimSpace(get("delivery.list-unsubscribe"))}}
	var err error
	port := strings.TrimSpace(get("smtp.port"))
	if d.SMTP.Port, err = strconv.Atoi(port); err != nil || d.SMTP.Port < 1 || d.SMTP.Port > 65535 {
		return d, fmt.Errorf("smtp-port must be a port number, not %q", port)
	}
	if d.SMTP.Timeout, err = parseDuration("smtp-timeout", get("smtp.timeout")); err != nil {
		return d, err
	}
	if d.Lease, err = parseDuration("delivery-lease", get("delivery.lease")); err != nil {
		return d, err
	}
	if d.Lease < 3*time.Second {
		return d, fmt.Errorf("delivery-lease must be at least 3s, not %q", get("delivery.lease"))
	}
	for _, r := range []struct {
		key string
		to  *float64
	}{{"delivery.email.rate", &d.EmailRate}, {"delivery.slack.rate", &d.SlackRate}} {
		v := strings.TrimSpace(get(r.key))
		if *r.to, err = strconv.ParseFloat(v, 64); err != nil || *r.to < 0 {
			return d, fmt.Errorf("%s must be a number of 0 or more, not %q", setting(r.key).Flag, v)
		}
	}
	for _, n := range []struct {
		key string
		to  *int
		min int
	}{{"delivery.max-errors", &d.MaxErrors, 0}, {"delivery.workers", &d.Workers, 1}} {
		v := strings.TrimSpace(get(n.key))
		if *n.to, err = strconv.Atoi(v); err != nil || *n.to < n.min {
			return d, fmt.Errorf("%s must be a whole number of %d or more, not %q", setting(n.key).Flag, n.min, v)
		}
	}
	return d, nil
}

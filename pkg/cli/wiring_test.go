package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/notify"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/sso"
)

// wired loads the settings of args in an empty directory (dir, with no
// COMMSPLAN_* set but those the test sets after emptySettings) and wires
// them.
func wired(t *testing.T, args ...string) (config.Config, Wiring, error) {
	t.Helper()
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	config.AddFlags(fs)
	require.NoError(t, fs.Parse(args))
	c, err := config.Load(fs)
	if err != nil {
		return c, Wiring{}, err
	}
	w, err := wire(c)
	return c, w, err
}

// emptySettings runs the test in an empty working directory with no
// COMMSPLAN_* set.
func emptySettings(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("HOME", dir)
	for _, s := range config.Settings {
		t.Setenv(s.Env(), "")
		os.Unsetenv(s.Env())
	}
	return dir
}

// TestWebhookSettings: notify.webhook-url must be http(s), the format one
// of teams, slack, json (json by default).
func TestWebhookSettings(t *testing.T) {
	emptySettings(t)
	c, w, err := wired(t)
	require.NoError(t, err)
	assert.Empty(t, c.WebhookURL)
	assert.Equal(t, notify.FormatJSON, w.WebhookFormat)
	t.Setenv("COMMSPLAN_NOTIFY_WEBHOOK_URL", "https://hooks.example.com/x")
	c, w, err = wired(t, "--webhook-format", "Teams")
	require.NoError(t, err)
	assert.Equal(t, "https://hooks.example.com/x", c.WebhookURL)
	assert.Equal(t, notify.FormatTeams, w.WebhookFormat)
	_, _, err = wired(t, "--webhook-format", "discord")
	assert.EqualError(t, err, `webhook-format must be teams, slack or json, not "discord"`)
	_, _, err = wired(t, "--webhook-url", "hooks.example.com/x")
	assert.EqualError(t, err, `webhook-url must be an http or https URL, not "hooks.example.com/x"`)
}

// TestSharedRoleAndReview: the shared role and the review settings read
// as the packages they configure.
func TestSharedRoleAndReview(t *testing.T) {
	emptySettings(t)
	_, w, err := wired(t, "--shared-role", " Viewer ", "--review-required=true", "--review-approvals", "2")
	require.NoError(t, err)
	assert.Equal(t, actor.RoleViewer, w.SharedRole)
	assert.Equal(t, review.Policy{Required: true, Approvals: 2}, w.Review)
	_, _, err = wired(t, "--shared-role", "boss")
	assert.ErrorContains(t, err, `shared-role must be one of`)
}

func TestHolidayCalendar(t *testing.T) {
	emptySettings(t)
	c, _, err := wired(t)
	require.NoError(t, err)
	assert.Equal(t, "", c.HolidayCalendar, "empty by default: the organisation's country")
	t.Setenv("COMMSPLAN_CAMPAIGN_HOLIDAY_CALENDAR", " US ")
	c, _, err = wired(t)
	require.NoError(t, err)
	assert.Equal(t, "us", c.HolidayCalendar)
	t.Setenv("COMMSPLAN_CAMPAIGN_HOLIDAY_CALENDAR", "atlantis")
	_, _, err = wired(t)
	assert.ErrorContains(t, err, `holiday-calendar must be none or one of`)
}

func TestOIDC(t *testing.T) {
	dir := emptySettings(t)
	t.Setenv(config.OIDCClientSecretEnv, "")
	_, w, err := wired(t)
	require.NoError(t, err)
	assert.False(t, w.OIDC.Enabled(), "off by default")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte(`
public-url: https://comms.example.com/
auth:
  oidc:
    issuer: https://login.example.com/tenant/v2.0
    client-id: the-client
    name: Contoso
    allowed-domains: [contoso.com, "@Contoso.org"]
    roles: [comms-admins=admin, comms=planner]
    default-role: viewer
`), 0o600))
	t.Setenv(config.OIDCClientSecretEnv, "s3cret")
	_, w, err = wired(t)
	require.NoError(t, err)
	assert.Equal(t, sso.Config{Issuer: "https://login.example.com/tenant/v2.0", ClientID: "the-client", ClientSecret: "s3cret",
		RedirectURL: "https://comms.example.com" + sso.CallbackPath, Name: "Contoso", AllowedDomains: []string{"contoso.com", "contoso.org"},
		RoleClaim: "groups", Roles: map[string]actor.Role{"comms-admins": actor.RoleAdmin, "comms": actor.RolePlanner},
		DefaultRole: actor.RoleViewer}, w.OIDC)

	t.Setenv("COMMSPLAN_AUTH_OIDC_REDIRECT_URL", "https://other.example.com/cb")
	_, w, err = wired(t, "--oidc-name", "Okta")
	require.NoError(t, err)
	assert.Equal(t, "https://other.example.com/cb", w.OIDC.RedirectURL, "env over the default")
	assert.Equal(t, "Okta", w.OIDC.Name, "flag over file")

	for args, want := range map[string]string{
		"--oidc-default-role=boss":     "oidc-default-role must be one of",
		"--oidc-roles=comms":           "CLAIM-VALUE=ROLE",
		"--oidc-client-id=":            "oidc-issuer needs oidc-client-id",
		"--oidc-issuer=ftp://x":        "oidc-issuer must be an http or https URL",
		"--oidc-redirect-url=/cb-only": "oidc-redirect-url must be an http or https URL",
	} {
		_, _, err = wired(t, args)
		assert.ErrorContains(t, err, want, args)
	}

	require.NoError(t, os.WriteFile(filepath.Join(dir, "commsplan.yaml"), []byte("auth:\n  oidc:\n    client-secret: x\n"), 0o600))
	_, _, err = wired(t)
	assert.ErrorContains(t, err, "read only from "+config.OIDCClientSecretEnv)
}

// TestConfigHelpNamesTheCallback: the redirect URL's help names the
// callback route sso serves.
func TestConfigHelpNamesTheCallback(t *testing.T) {
	for _, s := range config.Settings {
		if s.Key == "auth.oidc.redirect-url" {
			assert.Contains(t, s.Usage, "public-url + "+sso.CallbackPath+")")
			return
		}
	}
	t.Fatal("no auth.oidc.redirect-url setting")
}

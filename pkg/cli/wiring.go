package cli

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/delivery"
	"github.com/commsplan/commsplan/pkg/notify"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/sso"
)

// Wiring is the settings read as the packages they configure: pkg/config
// only reads settings, and the commands wire the parts together with these.
type Wiring struct {
	// SharedRole is the role of the shared access codes.
	SharedRole actor.Role
	// WebhookFormat is the body of the webhook's events.
	WebhookFormat notify.Format
	// OIDC is single sign-on; off when its Issuer is empty.
	OIDC sso.Config
	// Review is the review policy every use case holds to.
	Review review.Policy
}

// wire reads c's settings as the packages they configure; an error is one
// line naming the setting, as config.Load's are.
func wire(c config.Config) (Wiring, error) {
	var w Wiring
	var err error
	if w.SharedRole, err = actor.ParseRole(c.SharedRole); err != nil {
		return w, fmt.Errorf("shared-role %v, not %q", err, c.SharedRole)
	}
	if w.WebhookFormat, err = notify.ParseFormat(c.WebhookFormat); err != nil {
		return w, fmt.Errorf("webhook-format %v, not %q", err, c.WebhookFormat)
	}
	if w.OIDC, err = oidcConfig(c.OIDC, c.PublicURL); err != nil {
		return w, err
	}
	w.Review = review.Policy(c.Review)
	if !campaign.KnownHolidayCalendar(c.HolidayCalendar) {
		return w, fmt.Errorf("holiday-calendar must be none or one of %s, not %q", strings.Join(campaign.HolidayCalendars(), ", "), c.HolidayCalendar)
	}
	if smtp := delivery.SMTPSettings(c.Delivery.SMTP); smtp.Host != "" {
		if err := smtp.Validate(); err != nil {
			return w, err
		}
	}
	return w, nil
}

// oidcConfig checks the auth.oidc.* settings and makes them an sso.Config;
// with no issuer single sign-on is off and the others are not checked.
func oidcConfig(o config.OIDC, publicURL string) (sso.Config, error) {
	c := sso.Config{Issuer: o.Issuer}
	if c.Issuer == "" {
		return c, nil
	}
	c.ClientID, c.ClientSecret, c.RedirectURL, c.Name = o.ClientID, o.ClientSecret, o.RedirectURL, o.Name
	c.RoleClaim, c.AllowedDomains, c.RaiseRoles = o.RoleClaim, o.AllowedDomains, o.RaiseRoles
	if !httpURL(c.Issuer) {
		return c, fmt.Errorf("oidc-issuer must be an http or https URL, not %q", c.Issuer)
	}
	if c.ClientID == "" {
		return c, errors.New("oidc-issuer needs oidc-client-id")
	}
	if c.RedirectURL == "" {
		if publicURL == "" {
			return c, errors.New("oidc-issuer needs oidc-redirect-url or public-url (the callback is public-url + " + sso.CallbackPath + ")")
		}
		c.RedirectURL = strings.TrimSuffix(publicURL, "/") + sso.CallbackPath
	}
	if !httpURL(c.RedirectURL) {
		return c, fmt.Errorf("oidc-redirect-url must be an http or https URL, not %q", c.RedirectURL)
	}
	var err error
	if c.Roles, err = sso.ParseRoles(o.Roles); err != nil {
		return c, err
	}
	if len(c.Roles) > 0 && c.RoleClaim == "" {
		return c, errors.New("oidc-roles needs oidc-role-claim")
	}
	if o.DefaultRole != "" {
		if c.DefaultRole, err = actor.ParseRole(o.DefaultRole); err != nil {
			return c, fmt.Errorf("oidc-default-role %v, not %q", err, o.DefaultRole)
		}
	}
	return c, nil
}

// httpURL reports whether s is an absolute http or https URL.
func httpURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

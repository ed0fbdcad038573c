// Package sso is single sign-on with an OpenID Connect provider: the
// authorization-code flow with PKCE (S256), a state and a nonce, and the
// id_token's signature, issuer, audience, expiry and nonce checked
// (coreos/go-oidc, golang.org/x/oauth2). It also decides whom the token
// admits: the allowed email domains and the claim-to-role mapping. Where the
// flow is kept between the redirect and the callback, and the session it
// ends in, are pkg/api's; the person it signs in is pkg/plan's.
package sso

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/redact"
	"github.com/commsplan/commsplan/pkg/store"
)

// Config is the auth.oidc.* settings.
type Config struct {
	// Issuer is the provider's issuer URL; empty turns single sign-on off.
	Issuer string
	// ClientID and ClientSecret are this application's registration at
	// the provider; the secret comes only from the environment
	// (config.OIDCClientSecretEnv).
	ClientID, ClientSecret string
	// RedirectURL is the callback registered at the provider.
	RedirectURL string
	// Name is shown on the gate: "Sign in with {Name}".
	Name string
	// AllowedDomains, when not empty, are the email domains admitted.
	AllowedDomains []string
	// RoleClaim names the claim (a string or a list of strings, e.g.
	// groups) whose values Roles maps to a role.
	RoleClaim string
	// Roles maps a value of RoleClaim to a role; when several match, the
	// strongest role wins.
	Roles map[string]actor.Role
	// DefaultRole is the role of a person no value maps; empty refuses
	// them (and ends a known person's sessions).
	DefaultRole actor.Role
	// RaiseRoles lets a sign-in raise a known person's role to the mapped
	// one; a lower mapped role always lowers it.
	RaiseRoles bool
}

// CallbackPath is the route the provider sends the browser back to.
const CallbackPath = "/api/auth/oidc/callback"

// LoginPath is the route that starts a sign-on.
const LoginPath = "/api/auth/oidc/login"

// Enabled reports whether single sign-on is configured.
func (c Config) Enabled() bool { return c.Issuer != "" }

// ParseRoles reads "value=role" pairs (auth.oidc.roles).
func ParseRoles(pairs []string) (map[string]actor.Role, error) {
	out := map[string]actor.Role{}
	for _, p := range pairs {
		value, role, ok := strings.Cut(p, "=")
		value = strings.TrimSpace(value)
		if !ok || value == "" {
			return nil, fmt.Errorf("oidc-roles takes CLAIM-VALUE=ROLE pairs, not %q", p)
		}
		r, err := actor.ParseRole(strings.TrimSpace(role))
		if err != nil {
			return nil, fmt.Errorf("oidc-roles %q: role %v", p, err)
		}
		out[value] = r
	}
	return out, nil
}

// Reason says why a sign-on was refused. It is the fixed key the gate
// turns into a message (?signin_error=); no text from the provider or the
// token ever reaches the page.
type Reason string

// The reasons a sign-on is refused.
const (
	// Failed: the provider's answer did not hold (a bad signature, another
	// audience, an expired token, a wrong nonce, a code the provider
	// refused), or the provider could not be reached.
	Failed Reason = "failed"
	// Expired: the state is unknown, already used, too old, or not this
	// browser's.
	Expired Reason = "expired"
	// Cancelled: the provider answered with an error, such as the person
	// declining.
	Cancelled Reason = "cancelled"
	// Domain: the email is missing, unverified or not of an allowed domain.
	Domain Reason = "domain"
	// NoAccess: nobody is linked to this identity and no role admits a new
	// person.
	NoAccess Reason = "no_access"
)

// Refusal is a refused sign-on: the reason for the gate, the cause for the
// log, and the email when the token was good enough to say it.
type Refusal struct {
	Reason Reason
	Email  string
	Err    error
}

func (r *Refusal) Error() string {
	return "sign-on refused (" + string(r.Reason) + "): " + r.Err.Error()
}

func (r *Refusal) Unwrap() error { return r.Err }

func refuse(reason Reason, err error) error { return &Refusal{Reason: reason, Err: err} }

// FlowTTL is how long a sign-on may take between leaving for the provider
// and coming back.
const FlowTTL = 10 * time.Minute

// Claims is who the provider says signed in.
type Claims struct {
	Issuer, Subject, Name, Email string
	// Values are the values of the role claim.
	Values []string
}

// Provider is the relying party of one OpenID provider. Discovery happens
// at the first sign-on and is retried until it works, so a provider down at
// start does not keep the server from starting.
type Provider struct {
	cfg    Config
	client *http.Client
	now    func() time.Time

	mu       sync.Mutex
	oauth    *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

// New returns the relying party of cfg. client talks to the provider
// (nil: one with a 10-second timeout).
func New(cfg Config, client *http.Client) *Provider {
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &Provider{cfg: cfg, client: client, now: time.Now}
}

// Name is the provider's display name.
func (p *Provider) Name() string { return p.cfg.Name }

// RaiseRoles reports auth.oidc.raise-roles: whether a sign-in may raise a
// known person's role.
func (p *Provider) RaiseRoles() bool { return p.cfg.RaiseRoles }

// discover fetches the provider's metadata once.
func (p *Provider) discover(ctx context.Context) (*oauth2.Config, *oidc.IDTokenVerifier, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.oauth != nil {
		return p.oauth, p.verifier, nil
	}
	prov, err := oidc.NewProvider(oidc.ClientContext(ctx, p.client), p.cfg.Issuer)
	if err != nil {
		return nil, nil, err
	}
	p.oauth = &oauth2.Config{ClientID: p.cfg.ClientID, ClientSecret: p.cfg.ClientSecret, RedirectURL: p.cfg.RedirectURL,
		Endpoint: prov.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "profile", "email"}}
	// The verifier checks the signature against the provider's keys (its
	// jwks_uri, refetched when a new key id appears), the issuer, that
	// ClientID is an audience, and the expiry.
	p.verifier = prov.VerifierContext(oidc.ClientContext(context.WithoutCancel(ctx), p.client),
		&oidc.Config{ClientID: p.cfg.ClientID, Now: p.now})
	return p.oauth, p.verifier, nil
}

// Start begins a sign-on: it answers the provider's authorization URL, the
// state to bind to the browser, and the flow to keep until the callback.
func (p *Provider) Start(ctx context.Context) (authURL, state string, flow store.SignInFlow, err error) {
	oc, _, err := p.discover(ctx)
	if err != nil {
		return "", "", flow, refuse(Failed, fmt.Errorf("discovering %s: %w", redact.URL(p.cfg.Issuer), err))
	}
	state = random()
	flow = store.SignInFlow{StateHash: HashState(state), Nonce: random(), Verifier: oauth2.GenerateVerifier(),
		Expires: p.now().Add(FlowTTL)}
	authURL = oc.AuthCodeURL(state, oidc.Nonce(flow.Nonce), oauth2.S256ChallengeOption(flow.Verifier))
	return authURL, state, flow, nil
}

// HashState is what is stored of a state.
func HashState(state string) string {
	sum := sha256.Sum256([]byte(state))
	return hex.EncodeToString(sum[:])
}

// Finish redeems the code with the flow's PKCE verifier and checks the
// id_token: signature, issuer, audience, expiry and the flow's nonce.
func (p *Provider) Finish(ctx context.Context, code string, flow store.SignInFlow) (Claims, error) {
	oc, verifier, err := p.discover(ctx)
	if err != nil {
		return Claims{}, refuse(Failed, err)
	}
	ctx = oidc.ClientContext(ctx, p.client)
	tok, err := oc.Exchange(ctx, code, oauth2.VerifierOption(flow.Verifier))
	if err != nil {
		return Claims{}, refuse(Failed, fmt.Errorf("redeeming the code: %w", err))
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return Claims{}, refuse(Failed, errors.New("the token answer has no id_token"))
	}
	idt, err := verifier.Verify(ctx, raw)
	if err != nil {
		return Claims{}, refuse(Failed, fmt.Errorf("checking the id_token: %w", err))
	}
	if idt.Nonce == "" || idt.Nonce != flow.Nonce {
		return Claims{}, refuse(Failed, errors.New("the id_token's nonce is not this sign-on's"))
	}
	var c struct {
		Email             string `json:"email"`
		EmailVerified     *bool  `json:"email_verified"`
		Name              string `json:"name"`
		PreferredUsername string `json:"preferred_username"`
	}
	var all map[string]any
	if err := idt.Claims(&c); err != nil {
		return Claims{}, refuse(Failed, err)
	}
	if err := idt.Claims(&all); err != nil {
		return Claims{}, refuse(Failed, err)
	}
	out := Claims{Issuer: idt.Issuer, Subject: idt.Subject, Name: c.Name, Email: strings.TrimSpace(c.Email),
		Values: claimValues(all[p.cfg.RoleClaim])}
	if out.Name == "" {
		out.Name = c.PreferredUsername
	}
	if c.EmailVerified != nil && !*c.EmailVerified {
		// An address the provider did not verify says nothing of the
		// domain; it is not kept.
		if len(p.cfg.AllowedDomains) > 0 {
			return out, &Refusal{Reason: Domain, Email: out.Email, Err: errors.New("the email is not verified")}
		}
		out.Email = ""
	}
	return out, nil
}

// claimValues reads a claim that is a string or a list of strings.
func claimValues(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// Admit checks the email domain and answers the role the provider gives
// the person now: the strongest role a claim value maps to, else the
// default role, else "" (refused, new or known).
func (p *Provider) Admit(c Claims) (actor.Role, error) {
	if len(p.cfg.AllowedDomains) > 0 {
		_, domain, ok := strings.Cut(c.Email, "@")
		if !ok || !slices.ContainsFunc(p.cfg.AllowedDomains, func(d string) bool { return strings.EqualFold(d, domain) }) {
			return "", &Refusal{Reason: Domain, Email: c.Email, Err: fmt.Errorf("the email %q is not of an allowed domain", c.Email)}
		}
	}
	var best actor.Role
	for _, v := range c.Values {
		if r, ok := p.cfg.Roles[v]; ok && actor.Stronger(r, best) {
			best = r
		}
	}
	if best == "" {
		best = p.cfg.DefaultRole
	}
	return best, nil
}

// CallbackError reads the provider's error answer at the callback, if any.
func CallbackError(q url.Values) error {
	if e := q.Get("error"); e != "" {
		return refuse(Cancelled, fmt.Errorf("the provider answered %.100q", e))
	}
	return nil
}

func random() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Package oidctest runs a real OpenID provider (the op package of
// zitadel/oidc) on httptest, for tests of single sign-on: discovery, the
// authorize endpoint with PKCE, a login page that signs in whoever the test
// chose (or, for a browser, a form to pick one of its users), the token
// endpoint and the key set. tools/oidcprovider runs it as a process. Its
// storage is the least an op.Storage can be, in memory. A test can also have it answer a crafted
// id_token (signed with its key or not) or lose the PKCE verifier on the
// way to the token endpoint, to see the relying party refuse.
package oidctest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html/template"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/google/uuid"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// User is who the login page signs in.
type User struct {
	Subject, Name, Email string
	// EmailVerified is the email_verified claim.
	EmailVerified bool
	// Groups is the groups claim.
	Groups []string
}

// Provider is a running OpenID provider with one confidential client.
type Provider struct {
	// Issuer is the provider's URL (http, on loopback).
	Issuer string
	// ClientID and ClientSecret are the registered client's.
	ClientID, ClientSecret string
	// RedirectURI is the client's one callback.
	RedirectURI string

	key   *rsa.PrivateKey
	close func()

	mu   sync.Mutex
	user User
	// users are the login form's choices.
	users []User
	// rewrite, when set, replaces the id_token of the next token answer.
	rewrite func(raw string, claims map[string]any) string
	// dropVerifier removes code_verifier from the next token request.
	dropVerifier bool
	// authorize records the query of each authorization request.
	authorize []url.Values
	requests  map[string]*authRequest
	codes     map[string]string
}

// New starts a provider for a client with redirectURI; it stops with t.
func New(t testing.TB, redirectURI string) *Provider {
	p, err := Start(Options{RedirectURI: redirectURI})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// Options say how Start runs a provider.
type Options struct {
	// Addr is the address to listen on; empty is a free loopback port.
	Addr string
	// RedirectURI is the client's one callback.
	RedirectURI string
	// ClientID and ClientSecret register the client; empty ones are
	// commsplan-test and a random secret.
	ClientID, ClientSecret string
	// Users are offered on the login form, for a browser to choose from
	// (SignInAs, when called, skips the form).
	Users []User
}

// Start runs a provider outside a test (tools/oidcprovider); Close stops it.
func Start(o Options) (*Provider, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	if o.ClientID == "" {
		o.ClientID = "commsplan-test"
	}
	if o.ClientSecret == "" {
		o.ClientSecret = "test-secret-" + uuid.NewString()
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, err
	}
	p := &Provider{ClientID: o.ClientID, ClientSecret: o.ClientSecret, RedirectURI: o.RedirectURI,
		key: key, users: append([]User(nil), o.Users...), requests: map[string]*authRequest{}, codes: map[string]string{}}
	mux := http.NewServeMux()
	srv := httptest.NewUnstartedServer(mux)
	srv.Listener.Close()
	srv.Listener = ln
	p.Issuer = "http://" + ln.Addr().String()
	var cryptoKey [32]byte
	_, _ = rand.Read(cryptoKey[:])
	provider, err := op.NewProvider(&op.Config{CryptoKey: cryptoKey, CodeMethodS256: true},
		&storage{p: p}, op.StaticIssuer(p.Issuer), op.WithAllowInsecure())
	if err != nil {
		ln.Close()
		return nil, err
	}
	mux.HandleFunc("/login", p.login)
	mux.Handle("/", p.intercept(provider))
	srv.Start()
	p.close = srv.Close
	return p, nil
}

// Close stops the provider.
func (p *Provider) Close() { p.close() }

// SignInAs makes u the one the login page signs in from now on.
func (p *Provider) SignInAs(u User) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.user = u
}

// RewriteNextIDToken has the next token answer carry the id_token rewrite
// makes from the real one and its claims (Sign makes a validly signed
// one, Tamper one whose signature fails).
func (p *Provider) RewriteNextIDToken(rewrite func(raw string, claims map[string]any) string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rewrite = rewrite
}

// DropNextVerifier removes the PKCE code_verifier from the next token
// request before the provider sees it.
func (p *Provider) DropNextVerifier() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.dropVerifier = true
}

// AuthorizeRequests are the queries of the authorization requests so far.
func (p *Provider) AuthorizeRequests() []url.Values {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]url.Values(nil), p.authorize...)
}

// Sign signs claims with the provider's own key: a token the relying party
// can only refuse for what the claims say.
func (p *Provider) Sign(claims map[string]any) string {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: p.key},
		(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", keyID))
	if err != nil {
		panic(err)
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		panic(err)
	}
	obj, err := signer.Sign(payload)
	if err != nil {
		panic(err)
	}
	s, err := obj.CompactSerialize()
	if err != nil {
		panic(err)
	}
	return s
}

// login is the provider's login page. With a user chosen by SignInAs it
// signs them in at once; otherwise it is a form offering Options.Users, and
// its post signs in the one picked. Either way the browser goes on to the
// authorize callback.
func (p *Provider) login(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	p.mu.Lock()
	req, ok := p.requests[id]
	u, chosen := p.user, p.user.Subject != ""
	users := p.users
	p.mu.Unlock()
	if !ok {
		http.Error(w, "no such auth request", http.StatusBadRequest)
		return
	}
	if !chosen && r.Method == http.MethodPost {
		sub := r.PostFormValue("subject")
		for _, c := range users {
			if c.Subject == sub {
				u, chosen = c, true
			}
		}
		if !chosen {
			http.Error(w, "no such user", http.StatusBadRequest)
			return
		}
	}
	if !chosen {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = loginForm.Execute(w, struct {
			ID    string
			Users []User
		}{id, users})
		return
	}
	p.mu.Lock()
	req.subject, req.user, req.done, req.authTime = u.Subject, u, true, time.Now().UTC()
	p.mu.Unlock()
	http.Redirect(w, r, p.Issuer+"/authorize/callback?id="+url.QueryEscape(id), http.StatusFound)
}

// loginForm is the login page a browser sees: one button per user, no
// password (it is a test provider), nothing loaded from elsewhere.
var loginForm = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider: sign in</title></head>
<body><main>
<h1>Test provider: sign in</h1>
<form method="post" action="/login">
<input type="hidden" name="id" value="{{.ID}}">
{{range .Users}}<p><button type="submit" name="subject" value="{{.Subject}}">Sign in as {{.Name}} ({{.Email}})</button></p>
{{else}}<p>No users: start the provider with some.</p>
{{end}}</form>
</main></body></html>
`))

// intercept records authorization requests and applies the test's changes
// to the token endpoint's request and answer.
func (p *Provider) intercept(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/authorize":
			p.mu.Lock()
			p.authorize = append(p.authorize, r.URL.Query())
			p.mu.Unlock()
		case "/oauth/token":
			p.mu.Lock()
			rewrite, drop := p.rewrite, p.dropVerifier
			p.rewrite, p.dropVerifier = nil, false
			p.mu.Unlock()
			if drop {
				body, _ := io.ReadAll(r.Body)
				form, _ := url.ParseQuery(string(body))
				form.Del("code_verifier")
				enc := form.Encode()
				r.Body, r.ContentLength = io.NopCloser(strings.NewReader(enc)), int64(len(enc))
			}
			if rewrite != nil {
				rec := httptest.NewRecorder()
				next.ServeHTTP(rec, r)
				var answer map[string]any
				if err := json.Unmarshal(rec.Body.Bytes(), &answer); err == nil {
					if raw, ok := answer["id_token"].(string); ok {
						answer["id_token"] = rewrite(raw, claimsOf(raw))
					}
				}
				for k, v := range rec.Header() {
					if k != "Content-Length" {
						w.Header()[k] = v
					}
				}
				w.WriteHeader(rec.Code)
				_ = json.NewEncoder(w).Encode(answer)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// claimsOf reads a compact JWT's claims without checking it.
func claimsOf(raw string) map[string]any {
	parts := strings.Split(raw, ".")
	out := map[string]any{}
	if len(parts) == 3 {
		b, _ := base64.RawURLEncoding.DecodeString(parts[1])
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		_ = d.Decode(&out)
	}
	return out
}

// Tamper returns raw with its payload replaced by claims and its
// signature kept: a token whose signature no longer holds.
func Tamper(raw string, claims map[string]any) string {
	parts := strings.Split(raw, ".")
	payload, _ := json.Marshal(claims)
	return parts[0] + "." + base64.RawURLEncoding.EncodeToString(payload) + "." + parts[2]
}

// keyID names the provider's one signing key.
const keyID = "oidctest-key"

// authRequest is an authorization request in progress (op.AuthRequest).
type authRequest struct {
	id, clientID, redirectURI, state, nonce, subject string
	scopes                                           []string
	responseType                                     oidc.ResponseType
	responseMode                                     oidc.ResponseMode
	challenge                                        *oidc.CodeChallenge
	user                                             User
	done                                             bool
	authTime                                         time.Time
}

func (a *authRequest) GetID() string                         { return a.id }
func (a *authRequest) GetACR() string                        { return "" }
func (a *authRequest) GetAMR() []string                      { return []string{"pwd"} }
func (a *authRequest) GetAudience() []string                 { return []string{a.clientID} }
func (a *authRequest) GetAuthTime() time.Time                { return a.authTime }
func (a *authRequest) GetClientID() string                   { return a.clientID }
func (a *authRequest) GetCodeChallenge() *oidc.CodeChallenge { return a.challenge }
func (a *authRequest) GetNonce() string                      { return a.nonce }
func (a *authRequest) GetRedirectURI() string                { return a.redirectURI }
func (a *authRequest) GetResponseType() oidc.ResponseType    { return a.responseType }
func (a *authRequest) GetResponseMode() oidc.ResponseMode    { return a.responseMode }
func (a *authRequest) GetScopes() []string                   { return a.scopes }
func (a *authRequest) GetState() string                      { return a.state }
func (a *authRequest) GetSubject() string                    { return a.subject }
func (a *authRequest) Done() bool                            { return a.done }

// client is the one registered client (op.Client).
type client struct{ p *Provider }

func (c client) GetID() string                       { return c.p.ClientID }
func (c client) RedirectURIs() []string              { return []string{c.p.RedirectURI} }
func (c client) PostLogoutRedirectURIs() []string    { return nil }
func (c client) ApplicationType() op.ApplicationType { return op.ApplicationTypeWeb }
func (c client) AuthMethod() oidc.AuthMethod         { return oidc.AuthMethodBasic }
func (c client) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (c client) GrantTypes() []oidc.GrantType         { return []oidc.GrantType{oidc.GrantTypeCode} }
func (c client) LoginURL(id string) string            { return c.p.Issuer + "/login?id=" + url.QueryEscape(id) }
func (c client) AccessTokenType() op.AccessTokenType  { return op.AccessTokenTypeBearer }
func (c client) IDTokenLifetime() time.Duration       { return 5 * time.Minute }
func (c client) DevMode() bool                        { return true } // http redirect URIs on loopback
func (c client) IsScopeAllowed(string) bool           { return true }
func (c client) IDTokenUserinfoClaimsAssertion() bool { return true }
func (c client) ClockSkew() time.Duration             { return 0 }
func (c client) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
func (c client) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}

// signingKey is the provider's key (op.SigningKey and op.Key).
type signingKey struct{ key *rsa.PrivateKey }

func (k signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k signingKey) Algorithm() jose.SignatureAlgorithm          { return jose.RS256 }
func (k signingKey) Key() any                                    { return k.key }
func (k signingKey) ID() string                                  { return keyID }
func (k signingKey) Use() string                                 { return "sig" }

// publicKey is the key set's view of it.
type publicKey struct{ signingKey }

func (k publicKey) Key() any { return &k.key.PublicKey }

var errUnsupported = errors.New("oidctest: not supported")

// storage is the in-memory op.Storage.
type storage struct{ p *Provider }

func (s *storage) CreateAuthRequest(_ context.Context, r *oidc.AuthRequest, _ string) (op.AuthRequest, error) {
	req := &authRequest{id: uuid.NewString(), clientID: r.ClientID, redirectURI: r.RedirectURI, state: r.State,
		nonce: r.Nonce, scopes: r.Scopes, responseType: r.ResponseType, responseMode: r.ResponseMode}
	if r.CodeChallenge != "" {
		req.challenge = &oidc.CodeChallenge{Challenge: r.CodeChallenge, Method: r.CodeChallengeMethod}
	}
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	s.p.requests[req.id] = req
	return req, nil
}

func (s *storage) AuthRequestByID(_ context.Context, id string) (op.AuthRequest, error) {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	if r, ok := s.p.requests[id]; ok {
		return r, nil
	}
	return nil, errors.New("no such auth request")
}

func (s *storage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	s.p.mu.Lock()
	id, ok := s.p.codes[code]
	s.p.mu.Unlock()
	if !ok {
		return nil, errors.New("no such code")
	}
	return s.AuthRequestByID(ctx, id)
}

func (s *storage) SaveAuthCode(_ context.Context, id, code string) error {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	s.p.codes[code] = id
	return nil
}

// DeleteAuthRequest forgets the request and its codes: a code is redeemed
// once.
func (s *storage) DeleteAuthRequest(_ context.Context, id string) error {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	delete(s.p.requests, id)
	for code, rid := range s.p.codes {
		if rid == id {
			delete(s.p.codes, code)
		}
	}
	return nil
}

func (s *storage) CreateAccessToken(context.Context, op.TokenRequest) (string, time.Time, error) {
	return uuid.NewString(), time.Now().Add(5 * time.Minute), nil
}

func (s *storage) CreateAccessAndRefreshTokens(context.Context, op.TokenRequest, string) (string, string, time.Time, error) {
	return "", "", time.Time{}, errUnsupported
}

func (s *storage) TokenRequestByRefreshToken(context.Context, string) (op.RefreshTokenRequest, error) {
	return nil, op.ErrInvalidRefreshToken
}

func (s *storage) TerminateSession(context.Context, string, string) error { return nil }

func (s *storage) RevokeToken(context.Context, string, string, string) *oidc.Error { return nil }

func (s *storage) GetRefreshTokenInfo(context.Context, string, string) (string, string, error) {
	return "", "", op.ErrInvalidRefreshToken
}

func (s *storage) SigningKey(context.Context) (op.SigningKey, error) { return signingKey{s.p.key}, nil }

func (s *storage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

func (s *storage) KeySet(context.Context) ([]op.Key, error) {
	return []op.Key{publicKey{signingKey{s.p.key}}}, nil
}

func (s *storage) GetClientByClientID(_ context.Context, id string) (op.Client, error) {
	if id != s.p.ClientID {
		return nil, errors.New("no such client")
	}
	return client{s.p}, nil
}

func (s *storage) AuthorizeClientIDSecret(_ context.Context, id, secret string) error {
	if id != s.p.ClientID || secret != s.p.ClientSecret {
		return errors.New("wrong client credentials")
	}
	return nil
}

// SetUserinfoFromScopes fills the id_token's claims: the provider signs in
// one user at a time, so it is the one the request was done for.
func (s *storage) SetUserinfoFromScopes(_ context.Context, info *oidc.UserInfo, userID, _ string, _ []string) error {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	for _, r := range s.p.requests {
		if r.subject == userID && r.done {
			u := r.user
			info.Subject, info.Name, info.Email, info.EmailVerified = u.Subject, u.Name, u.Email, oidc.Bool(u.EmailVerified)
			if u.Groups != nil {
				info.AppendClaims("groups", u.Groups)
			}
			return nil
		}
	}
	info.Subject = userID
	return nil
}

func (s *storage) SetUserinfoFromToken(_ context.Context, info *oidc.UserInfo, _, subject, _ string) error {
	info.Subject = subject
	return nil
}

func (s *storage) SetIntrospectionFromToken(context.Context, *oidc.IntrospectionResponse, string, string, string) error {
	return errUnsupported
}

func (s *storage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

func (s *storage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, errUnsupported
}

func (s *storage) ValidateJWTProfileScopes(_ context.Context, _ string, scopes []string) ([]string, error) {
	return scopes, nil
}

func (s *storage) Health(context.Context) error { return nil }

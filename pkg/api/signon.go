package api

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"net/url"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/redact"
	"github.com/commsplan/commsplan/pkg/sso"
	"github.com/commsplan/commsplan/pkg/store"
)

// SignOnCookie holds the state of a sign-on in progress, binding it to the
// browser that started it (with the __Host- prefix over https).
const SignOnCookie = "commsplan_signon"

// SignInErrorParam is the gate's query parameter that names why a sign-on
// was refused: one of the sso.Reason keys, never text from elsewhere.
const SignInErrorParam = "signin_error"

// providers is GET /api/auth/providers: the ways to sign in besides a code.
type providers struct {
	// OIDC is the OpenID Connect provider, null when single sign-on is off.
	OIDC *provider `json:"oidc"`
}

type provider struct {
	// Name is shown on the gate's button.
	Name string `json:"name"`
	// LoginURL starts the sign-on (a browser navigation, not a fetch).
	LoginURL string `json:"loginUrl"`
}

func (s *Server) routeSignOn(r *mux.Router) {
	r.HandleFunc("/auth/providers", s.listProviders).Methods(http.MethodGet)
	r.HandleFunc("/auth/oidc/login", s.startSignOn).Methods(http.MethodGet)
	r.HandleFunc("/auth/oidc/callback", s.finishSignOn).Methods(http.MethodGet)
}

func (s *Server) listProviders(w http.ResponseWriter, r *http.Request) {
	var out providers
	if s.signOn != nil {
		out.OIDC = &provider{Name: s.signOn.Name(), LoginURL: sso.LoginPath}
	}
	writeJSON(w, http.StatusOK, out)
}

// startSignOn sends the browser to the provider, keeping the flow's nonce
// and PKCE verifier in the store and its state in a cookie.
func (s *Server) startSignOn(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if s.signOn == nil {
		writeJSON(w, http.StatusNotFound, ErrorBody{Error: "single sign-on is not configured"})
		return
	}
	key := signOnKey(s, r)
	ok, wait := s.throttle.Attempt(key)
	if !ok {
		tooMany(w, wait)
		return
	}
	authURL, state, flow, err := s.signOn.Start(r.Context())
	if err == nil {
		err = s.store.CreateSignInFlow(r.Context(), flow)
	}
	if err != nil {
		s.refuseSignOn(w, r, err)
		return
	}
	// Leaving for the provider is no sign-in yet: it counts neither way.
	s.throttle.Abandoned(key)
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(r, SignOnCookie), Value: state, Path: "/", MaxAge: int(sso.FlowTTL.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r)})
	http.Redirect(w, r, authURL, http.StatusFound)
}

// finishSignOn is where the provider sends the browser back: the state must
// be this browser's and unused, the code is redeemed with the verifier and
// the id_token checked (sso.Provider.Finish), and the person found or
// created (plan.SignOnPerson) before the session opens. Every outcome ends
// on the gate: signed in, or with ?signin_error= saying why not.
func (s *Server) finishSignOn(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if s.signOn == nil {
		writeJSON(w, http.StatusNotFound, ErrorBody{Error: "single sign-on is not configured"})
		return
	}
	key := signOnKey(s, r)
	ok, wait := s.throttle.Attempt(key)
	if !ok {
		tooMany(w, wait)
		return
	}
	// Every way out below is refuseSignOn, which counts a failure of the
	// client, or the sign-in, which forgets them.
	// The cookie is spent whatever happens next.
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(r, SignOnCookie), Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r)})
	q := r.URL.Query()
	state := q.Get("state")
	c, cerr := r.Cookie(s.cookieName(r, SignOnCookie))
	if state == "" || cerr != nil || subtle.ConstantTimeCompare([]byte(c.Value), []byte(state)) != 1 {
		s.refuseSignOn(w, r, &sso.Refusal{Reason: sso.Expired, Err: errors.New("the state is not this browser's")})
		return
	}
	// Taken before anything else, so a replayed state fails even when the
	// provider answered with an error the first time.
	flow, err := s.store.TakeSignInFlow(r.Context(), sso.HashState(state))
	if errors.Is(err, store.ErrNotFound) {
		err = &sso.Refusal{Reason: sso.Expired, Err: errors.New("the state is unknown, used or expired")}
	}
	if err == nil {
		err = sso.CallbackError(q)
	}
	if err != nil {
		s.refuseSignOn(w, r, err)
		return
	}
	claims, err := s.signOn.Finish(r.Context(), q.Get("code"), flow)
	if err != nil {
		s.refuseSignOn(w, r, err)
		return
	}
	role, err := s.signOn.Admit(claims)
	if err != nil {
		s.refuseSignOn(w, r, err)
		return
	}
	person, _, err := s.plan.SignOnPerson(r.Context(), plan.Identity{Issuer: claims.Issuer, Subject: claims.Subject,
		Name: claims.Name, Email: claims.Email}, role, s.signOn.RaiseRoles())
	if errors.Is(err, plan.ErrNoAccess) {
		err = &sso.Refusal{Reason: sso.NoAccess, Email: claims.Email, Err: err}
	}
	if err != nil {
		s.refuseSignOn(w, r, err)
		return
	}
	who := actor.Actor{ID: person.ID, Name: person.Name, Role: actor.Role(person.Role)}
	if _, err := s.openSession(w, withMethod(r, "oidc"), who, true); err != nil {
		s.refuseSignOn(w, r, err)
		return
	}
	s.throttle.Succeeded(key)
	http.Redirect(w, r, "/", http.StatusFound)
}

// signOnRefused is the actor of a refused sign-on.
var signOnRefused = actor.Actor{ID: "anonymous", Name: "Unknown (refused single sign-on)"}

// refuseSignOn sends the browser back to the gate with the refusal's
// reason, logs the cause and records the refusal in the audit trail. An
// error that is no sso.Refusal (the store failing) is reported as Failed.
func (s *Server) refuseSignOn(w http.ResponseWriter, r *http.Request, err error) {
	reason := sso.Failed
	var ref *sso.Refusal
	email := ""
	if errors.As(err, &ref) {
		reason, email = ref.Reason, ref.Email
	}
	// The provider's URLs appear as scheme and host only.
	// Refusals are throttled per client, like wrong codes.
	s.throttle.Failed(signOnKey(s, r))
	// The first refusal of a client in a window is logged and recorded at
	// once; the rest become one row with their count (refusals).
	if addr := clientOf(s.trusted, r).addr; s.refused.note(addr, "oidc", signOnRefused, s.now()) {
		s.log.WarnContext(r.Context(), "single sign-on refused", "reason", string(reason), "err", redact.Error(err))
		s.refuse(withMethod(r, "oidc", "reason", string(reason), "email", email), signOnRefused, addr)
	}
	http.Redirect(w, r, "/?"+SignInErrorParam+"="+url.QueryEscape(string(reason)), http.StatusFound)
}

// signOnKey is whom the throttle counts a sign-on's refusals against: the
// client's address (single sign-on has no device cookie of its own).
func signOnKey(s *Server, r *http.Request) string { return "signon:" + clientOf(s.trusted, r).addr }

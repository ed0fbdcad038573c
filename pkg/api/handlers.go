package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// SessionCookie is the name of the session cookie; served over https it
// carries the __Host- prefix (HostPrefix).
const SessionCookie = "commsplan_session"

// DeviceCookie is the name of the device cookie, which a browser gets when
// it signs in and keeps after logout: its attempts at the gate are then
// counted against it, not against its address. Over https it carries the
// __Host- prefix too.
const DeviceCookie = "commsplan_device"

// HostPrefix starts the name of a cookie served over https: a browser
// keeps such a cookie only when it is Secure, has Path=/ and no Domain, so
// no other host or path can set or shadow it.
const HostPrefix = "__Host-"

// InvalidCodeMessage is the spec's answer to a wrong access code.
const InvalidCodeMessage = "Invalid access code. Please contact your project administrator."

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": s.version})
}

type sessionState struct {
	Authenticated bool       `json:"authenticated"`
	ExpiresAt     *time.Time `json:"expiresAt,omitempty"`
	// ID, Name and Role say who is signed in: a person, or the shared
	// identity ("shared", "Shared access").
	ID   string     `json:"id,omitempty"`
	Name string     `json:"name,omitempty"`
	Role actor.Role `json:"role,omitempty"`
	// Permissions are what the role may do (actor.Permissions); the UI
	// shows or disables its controls by them.
	Permissions []actor.Permission `json:"permissions,omitempty"`
}

func signedIn(a actor.Actor, expires time.Time) sessionState {
	return sessionState{Authenticated: true, ExpiresAt: &expires, ID: a.ID, Name: a.Name, Role: a.Role,
		Permissions: actor.PermissionsOf(a.Role)}
}

// getSession answers 200 either way: having no session yet is the normal
// state of a first visit, not an error the browser should log.
func (s *Server) getSession(w http.ResponseWriter, r *http.Request) {
	sess, a, err := s.who(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if a.ID == "" {
		writeJSON(w, http.StatusOK, sessionState{})
		return
	}
	writeJSON(w, http.StatusOK, signedIn(a, sess.Expires))
}

func (s *Server) createSession(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Code string `json:"code"`
	}
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	if strings.TrimSpace(in.Code) == "" {
		s.fail(w, r, BadRequest("code", "is required"))
		return
	}
	key, addrKey := s.clientKey(r)
	if ok, wait := s.throttle.Attempt(key); !ok {
		tooMany(w, wait)
		return
	}
	who := s.shared
	shared := s.codes.Valid(in.Code)
	if !shared {
		// A personal code: only its hash is stored.
		p, err := s.store.GetPersonByCodeHash(r.Context(), access.PersonalCodeHash(in.Code))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.throttle.Abandoned(key)
			s.fail(w, r, err)
			return
		}
		who = actor.Actor{ID: p.ID, Name: p.Name, Role: actor.Role(p.Role)}
	}
	if who.ID == "" {
		// The pause slows guessing, as the spec's 1-second verification
		// does; the failure counts from its end.
		select {
		case <-time.After(s.delay):
		case <-r.Context().Done():
		}
		s.throttle.Failed(key)
		if key != addrKey {
			// Every wrong code counts against the address too, whatever
			// the cookies.
			s.throttle.Failed(addrKey)
		}
		if addr := clientOf(s.trusted, r).addr; s.refused.note(addr, "code", anonymous, s.now()) {
			s.refuse(withMethod(r, "code"), anonymous, addr)
		}
		writeJSON(w, http.StatusUnauthorized, ErrorBody{Error: InvalidCodeMessage, Fields: map[string]string{"code": "is not valid"}})
		return
	}
	sess, err := s.openSession(w, withMethod(r, "code"), who, !shared)
	if err != nil {
		s.throttle.Abandoned(key)
		s.fail(w, r, err)
		return
	}
	s.throttle.Succeeded(key)
	writeJSON(w, http.StatusOK, signedIn(who, sess.Expires))
}

// openSession signs who in on this browser, whichever way they proved it
// (a code, single sign-on): a signed session token, for a person a
// personal one with its person_sessions row, the session and device
// cookies, and the signin entry of the audit trail.
func (s *Server) openSession(w http.ResponseWriter, r *http.Request, who actor.Actor, personal bool) (access.Session, error) {
	var token string
	var sess access.Session
	var row *domain.PersonSession
	if !personal {
		// A shared session has no row: its token carries the idle
		// deadline, moved on as it is used (requireSession).
		_, sess = s.signer.Issue()
		sess.Expires = s.deadline(sess, s.now())
		token = s.signer.Token(sess)
	} else {
		// A personal session's token lasts its lifetime; its row holds
		// the idle deadline.
		token, sess = s.signer.IssuePersonal()
		now := s.now()
		row = &domain.PersonSession{ID: sess.ID, PersonID: who.ID,
			CreatedAt: now, LastSeenAt: now, ExpiresAt: s.deadline(sess, now), UserAgent: userAgent(r)}
	}
	// The session's row and its audit entry are one write; a shared
	// session has no row, and signs in even when its entry cannot be
	// recorded (it is logged).
	if err := s.plan.SignIn(context.WithoutCancel(r.Context()), who, row); err != nil {
		if row != nil {
			return sess, err
		}
		s.log.WarnContext(r.Context(), "recording a sign-in in the audit trail", "action", store.ActionSignIn, "err", err)
	}
	s.setSessionCookie(w, r, &http.Cookie{Value: token, Expires: sess.Expires})
	device, dev := s.devices.Issue()
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(r, DeviceCookie), Value: device, Expires: dev.Expires, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.secure(r)})
	return sess, nil
}

// userAgent is r's User-Agent as a session keeps it: printable, valid
// UTF-8, at most domain.MaxUserAgent characters.
func userAgent(r *http.Request) string {
	ua := strings.Map(func(c rune) rune {
		if unicode.IsPrint(c) {
			return c
		}
		return -1
	}, strings.ToValidUTF8(r.UserAgent(), ""))
	if c := []rune(ua); len(c) > domain.MaxUserAgent {
		ua = string(c[:domain.MaxUserAgent])
	}
	return strings.TrimSpace(ua)
}

// withMethod is r carrying how a sign-in was tried ("code", "oidc") and
// any more fields, for its audit entry.
func withMethod(r *http.Request, method string, more ...string) *http.Request {
	c := store.Changes{"method": {After: method}}
	for i := 0; i+1 < len(more); i += 2 {
		if more[i+1] != "" {
			c[more[i]] = store.Change{After: more[i+1]}
		}
	}
	return r.WithContext(store.WithChanges(r.Context(), c))
}

// anonymous is the actor of a refused sign-in.
var anonymous = actor.Actor{ID: "anonymous", Name: "Unknown (refused code)"}

// refuse records a refused sign-in from addr (plan.RefuseSignIn). When the
// database cannot take it the gate still answers, and the failure is
// logged.
func (s *Server) refuse(r *http.Request, who actor.Actor, addr string) {
	if err := s.plan.RefuseSignIn(context.WithoutCancel(r.Context()), who, addr); err != nil {
		s.log.WarnContext(r.Context(), "recording a sign-in in the audit trail", "action", store.ActionSignInRefused, "err", err)
	}
}

// clientKey is whom the throttle checks an attempt against, and the
// client's address key, which every wrong code counts against whatever the
// cookies. A browser that signed in here before (its signed device cookie)
// and has given no wrong code since is checked on its device, so strangers
// failing on a shared address never delay it; any other attempt, a
// device's after its first wrong code included, is checked on the address.
func (s *Server) clientKey(r *http.Request) (key, addrKey string) {
	addrKey = "addr:" + clientOf(s.trusted, r).addr
	if c, err := r.Cookie(s.cookieName(r, DeviceCookie)); err == nil {
		if dev, ok := s.devices.Parse(c.Value); ok && s.throttle.Clean("device:"+dev.ID) {
			return "device:" + dev.ID, addrKey
		}
	}
	return addrKey, addrKey
}

// deleteSession logs out: the session is revoked on every replica, not only
// forgotten by this browser. The browser forgets the cookie even when the
// revocation cannot be recorded; the error then says a copy would still work.
// The device cookie stays.
func (s *Server) deleteSession(w http.ResponseWriter, r *http.Request) {
	s.setSessionCookie(w, r, &http.Cookie{MaxAge: -1})
	var who actor.Actor
	ctx := context.WithoutCancel(r.Context())
	if sess, a, err := s.who(r); err == nil && a.ID != "" {
		// Its diff is the session that ended.
		who, ctx = a, store.WithChanges(ctx, store.Changes{"session": {Before: sess.ID}})
	}
	if sess, ok := s.session(r); ok {
		personal := ""
		if sess.Personal {
			personal = sess.ID
		}
		// The row and the signout entry are one write (plan.SignOut).
		if err := s.plan.SignOut(ctx, who, personal); err != nil {
			s.fail(w, r, err)
			return
		}
		// Until the session's absolute end: a copy of a shared token
		// may have been renewed beyond this one's expiry.
		sess.Expires = sess.IssuedAt.Add(s.maxAge)
		if err := s.revocations.Revoke(r.Context(), sess); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// cookieName is the name of cookie name for r: with the __Host- prefix when
// the browser came over https.
func (s *Server) cookieName(r *http.Request, name string) string {
	if s.secure(r) {
		return HostPrefix + name
	}
	return name
}

// setSessionCookie sets c as the session cookie, with the attributes every
// session cookie has.
func (s *Server) setSessionCookie(w http.ResponseWriter, r *http.Request, c *http.Cookie) {
	c.Name, c.Path, c.HttpOnly, c.SameSite, c.Secure = s.cookieName(r, SessionCookie), "/", true, http.SameSiteLaxMode, s.secure(r)
	http.SetCookie(w, c)
}

// session returns the request's session when its cookie is authentic,
// unexpired and not revoked. When the revocation record cannot be read the
// last view decides (see access.Revocations) and the failure is logged.
func (s *Server) session(r *http.Request) (access.Session, bool) {
	c, err := r.Cookie(s.cookieName(r, SessionCookie))
	if err != nil {
		return access.Session{}, false
	}
	sess, ok := s.signer.Parse(c.Value)
	if !ok || !s.now().Before(sess.IssuedAt.Add(s.maxAge)) {
		// The lifetime is checked here too, so a lowered auth.max-age
		// ends the sessions already past it.
		return access.Session{}, false
	}
	revoked, err := s.revocations.Revoked(r.Context(), sess)
	if err != nil {
		s.log.WarnContext(r.Context(), "reading session revocations", "err", err)
	}
	return sess, !revoked
}

// who returns the request's session and who holds it: the shared identity
// for a shared session; for a personal one the person its row names, read
// on every request, so a removal, a new code, a sign-out or an idle
// timeout ends it at the next request on every replica, and a new role
// applies at once. Without a valid session the actor is zero; err is the
// store's failure.
func (s *Server) who(r *http.Request) (access.Session, actor.Actor, error) {
	sess, ok := s.session(r)
	if !ok {
		return sess, actor.Actor{}, nil
	}
	if !sess.Personal {
		return sess, s.shared, nil
	}
	now := s.now()
	p, row, err := s.store.PersonOfSession(r.Context(), sess.ID, now)
	if errors.Is(err, store.ErrNotFound) {
		return sess, actor.Actor{}, nil
	}
	if err != nil {
		return sess, actor.Actor{}, err
	}
	if now.Sub(row.LastSeenAt) >= seenEvery {
		// The request moves the idle deadline on, and is the person's
		// last seen; written at most once a minute per session.
		if err := s.store.TouchPersonSession(context.WithoutCancel(r.Context()), sess.ID, now, s.deadline(sess, now)); err != nil {
			s.log.WarnContext(r.Context(), "recording a session's last request", "err", err)
		}
	}
	return sess, actor.Actor{ID: p.ID, Name: p.Name, Role: actor.Role(p.Role)}, nil
}

// seenEvery is how often a session's last request is written (its row
// for a personal session, a new cookie for a shared one): at most once a
// minute, not on every request. The idle timeout is exact to it.
const seenEvery = time.Minute

// deadline is when sess ends if not used again after now: the idle
// timeout later, but never past its lifetime.
func (s *Server) deadline(sess access.Session, now time.Time) time.Time {
	if end := sess.IssuedAt.Add(s.maxAge); end.Before(now.Add(s.idle)) {
		return end
	}
	return now.Add(s.idle)
}

// renew gives a shared session's browser a token with the idle deadline
// moved on, once its last renewal is seenEvery old: without a row, the
// token itself says when the session was last used.
func (s *Server) renew(w http.ResponseWriter, r *http.Request, sess access.Session) {
	if sess.Personal {
		return
	}
	until := s.deadline(sess, s.now())
	if until.Sub(sess.Expires) < seenEvery {
		return
	}
	sess.Expires = until
	s.setSessionCookie(w, r, &http.Cookie{Value: s.signer.Token(sess), Expires: until})
}

type reorderInput struct {
	ThemeID        string `json:"themeId"`
	QuestionOrders []struct {
		ID        string     `json:"id"`
		SortOrder domain.Int `json:"sortOrder"`
	} `json:"questionOrders"`
}

func (s *Server) reorderQuestions(w http.ResponseWriter, r *http.Request) {
	var in reorderInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	orders := make([]domain.QuestionOrder, len(in.QuestionOrders))
	for i, o := range in.QuestionOrders {
		orders[i] = domain.QuestionOrder{ID: o.ID, SortOrder: int(o.SortOrder)}
	}
	qs, err := s.plan.ReorderQuestions(r.Context(), in.ThemeID, orders)
	s.answer(w, r, http.StatusOK, qs, err)
}

// intParam reads an optional integer query parameter within [min, max].
func intParam(r *http.Request, name string, def, min, max int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		return 0, BadRequest(name, "must be a whole number from "+strconv.Itoa(min)+" to "+strconv.Itoa(max))
	}
	return n, nil
}

func (s *Server) listActivity(w http.ResponseWriter, r *http.Request) {
	limit, err := intParam(r, "limit", 20, 1, 500)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	acts, err := s.store.ListActivity(r.Context(), limit)
	s.answer(w, r, http.StatusOK, acts, err)
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" {
		s.fail(w, r, BadRequest("q", "is required"))
		return
	}
	if len([]rune(q)) > 200 {
		s.fail(w, r, BadRequest("q", "must be at most 200 characters"))
		return
	}
	limit, err := intParam(r, "limit", 20, 1, 100)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	hits, err := s.store.Search(r.Context(), q, limit)
	s.answer(w, r, http.StatusOK, hits, err)
}

// Package api is commsplan's HTTP layer: the REST API under /api (gorilla/mux),
// its middleware (access gate, cross-origin protection, security headers,
// request logging, body limits) and the embedded web UI. Handlers decode,
// validate, store and respond; only this package chooses status codes.
package api

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"regexp"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/scim"
	"github.com/commsplan/commsplan/pkg/sso"
	"github.com/commsplan/commsplan/pkg/store"
)

// Options configures a Server.
type Options struct {
	Store store.Store
	Log   *slog.Logger
	// Codes are the valid shared access codes.
	Codes access.Codes
	// SharedRole is the role of whoever signs in with a shared code
	// (default actor.DefaultSharedRole).
	SharedRole actor.Role
	// Secret signs session cookies; replicas sharing it share sessions.
	Secret []byte
	// IdleTimeout ends a session this long after its last request
	// (auth.idle-timeout, default DefaultIdleTimeout).
	IdleTimeout time.Duration
	// MaxAge ends a session this long after its sign-in, however busy
	// (auth.max-age, default DefaultMaxAge).
	MaxAge time.Duration
	// FailDelay is the pause before answering a wrong code (default 1 s,
	// the spec's verification delay).
	FailDelay time.Duration
	// RefusalWindow is how long the refused sign-ins of one client after
	// the first are counted into one audit row (default
	// DefaultRefusalWindow; negative writes each).
	RefusalWindow time.Duration
	// Throttle slows wrong codes per client (default access.NewThrottle on
	// the real clock; tests give one on a clock they move).
	Throttle *access.Throttle
	// Revocations is the view of revoked sessions (default: Store's,
	// refreshed at most every access.DefaultRefresh).
	Revocations *access.Revocations
	// TrustedProxies are the peers whose X-Forwarded-For and
	// X-Forwarded-Proto are believed (default none).
	TrustedProxies []netip.Prefix
	// PublicURL is the URL users reach the server at; an https one makes
	// the session cookie Secure and sends HSTS.
	PublicURL string
	// UI is the built web UI (webui.FS); nil serves no UI.
	UI fs.FS
	// Version is reported by /api/health.
	Version string
	// Now is the clock (default time.Now); tests pin it.
	Now func() time.Time
	// Review is the team's review policy (review.* settings).
	Review review.Policy
	// MaxPerAudienceWeek is the overload limit of the schedule warnings
	// (default schedule.DefaultLimit).
	MaxPerAudienceWeek int
	// HolidayCalendar is campaign.holiday-calendar: the public holidays
	// generated campaigns avoid when their configuration names none.
	HolidayCalendar string
	// Generator writes generated content (default compose.Rules(); a
	// plugin such as plugins/compose/openai when configured).
	Generator compose.Generator
	// Backups is the directory GET/POST /api/backups list and write
	// (serve's backup.dir); nil answers those routes 404.
	Backups *backup.Dir
	// Notify gets every notification event (review requested, decisions,
	// mentions) after its change commits: serve's webhook
	// (notify.webhook-url); nil sends none.
	Notify plan.Publisher
	// Dispatch sends communications (the delivery queue); nil answers
	// sends with 503.
	Dispatch plan.Dispatch
	// SignOn is the OpenID Connect provider of single sign-on; nil is off.
	SignOn *sso.Provider
}

// The sessions' default limits (auth.idle-timeout, auth.max-age).
const (
	DefaultIdleTimeout = 12 * time.Hour
	DefaultMaxAge      = 30 * 24 * time.Hour
)

// Server serves the API and the UI.
type Server struct {
	store  store.Store
	log    *slog.Logger
	codes  access.Codes
	signer *access.Signer
	// devices signs the device cookies (access.NewDeviceSigner).
	devices *access.Signer
	// idle and maxAge are the sessions' idle timeout and lifetime.
	idle, maxAge time.Duration
	delay        time.Duration
	throttle     *access.Throttle
	// shared is who signs in with a shared code.
	shared actor.Actor
	// revocations says which signed sessions were ended early.
	revocations *access.Revocations
	// trusted are the reverse proxies whose forwarding headers count.
	trusted []netip.Prefix
	// publicHTTPS: users reach us over https whatever the connection says.
	publicHTTPS bool
	ui          fs.FS
	version     string
	now         func() time.Time
	// maxPerWeek is the overload limit of the schedule warnings.
	maxPerWeek int
	generator  compose.Generator
	backups    *backup.Dir
	// backupLimit rate-limits on-demand backups per person.
	backupLimit *rateLimit
	// refused coalesces the audit rows of refused sign-ins.
	refused *refusals
	// holidayCalendar is the default holiday calendar of generated campaigns.
	holidayCalendar string
	// lists caches list answers by data version (listcache.go).
	lists *listCache
	// references keeps the reference document (reference.go).
	references *referenceCache
	// plan runs every change to the data (pkg/plan).
	plan *plan.Plan
	// signOn is the single sign-on provider, nil when off.
	signOn *sso.Provider
}

// New returns a Server for opts.
func New(opts Options) *Server {
	s := &Server{store: opts.Store, log: opts.Log, codes: opts.Codes, idle: opts.IdleTimeout, maxAge: opts.MaxAge, delay: opts.FailDelay,
		throttle: opts.Throttle, ui: opts.UI, version: opts.Version, now: opts.Now, maxPerWeek: opts.MaxPerAudienceWeek,
		holidayCalendar: opts.HolidayCalendar,
		generator:       opts.Generator, backups: opts.Backups, signOn: opts.SignOn, revocations: opts.Revocations, trusted: opts.TrustedProxies,
		publicHTTPS: strings.HasPrefix(strings.ToLower(opts.PublicURL), "https://"), backupLimit: &rateLimit{every: backupEvery}}
	s.refused = &refusals{window: opts.RefusalWindow, write: s.writeRepeats}
	if s.refused.window == 0 {
		s.refused.window = DefaultRefusalWindow
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if opts.SharedRole == "" {
		opts.SharedRole = actor.DefaultSharedRole
	}
	s.shared = actor.SharedAs(opts.SharedRole)
	if s.idle <= 0 {
		s.idle = DefaultIdleTimeout
	}
	if s.maxAge <= 0 {
		s.maxAge = DefaultMaxAge
	}
	if s.delay == 0 {
		s.delay = time.Second
	}
	if s.throttle == nil {
		s.throttle = access.NewThrottle(nil)
	}
	if s.revocations == nil {
		s.revocations = access.NewRevocations(opts.Store, access.DefaultRefresh)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.maxPerWeek <= 0 {
		s.maxPerWeek = schedule.DefaultLimit
	}
	if s.generator == nil {
		s.generator = compose.Rules()
	}
	s.signer = access.NewSigner(opts.Secret, s.maxAge).WithClock(s.now)
	s.devices = access.NewDeviceSigner(opts.Secret)
	s.lists = newListCache(s.version)
	s.references = &referenceCache{}
	s.plan = plan.New(opts.Store).WithClock(s.now).WithReview(opts.Review)
	if opts.Dispatch != nil {
		s.plan = s.plan.WithDispatch(opts.Dispatch)
	}
	if opts.Notify != nil {
		s.plan = s.plan.WithPublisher(opts.Notify)
	}
	return s
}

// Handler returns the whole HTTP handler: API, UI and middleware.
func (s *Server) Handler() http.Handler {
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, ErrorBody{Error: "cross-origin request refused"})
	}))
	return s.logRequests(s.securityHeaders(limitURI(compress(s.recoverPanics(csrf.Handler(s.Router()))))))
}

// Router returns the routes without the outer middleware.
func (s *Server) Router() *mux.Router {
	r := mux.NewRouter()
	api := r.PathPrefix("/api").Subrouter()
	api.Use(s.requireSession, checkParams, authorize)
	s.routes(api)
	// mux runs middleware only for matched routes, so this one is gated
	// itself: without a session an unknown /api path answers 401. mux 1.8
	// loses method mismatches inside subrouters, so 405 is worked out here.
	api.NotFoundHandler = s.requireSession(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if allowed := allowedMethods(api, r.URL.Path); len(allowed) > 0 {
			w.Header().Set("Allow", strings.Join(allowed, ", "))
			writeJSON(w, http.StatusMethodNotAllowed, ErrorBody{Error: r.Method + " is not allowed on " + r.URL.Path})
			return
		}
		writeJSON(w, http.StatusNotFound, ErrorBody{Error: "no such API route: " + r.URL.Path})
	}))
	// SCIM provisioning has its own bearer token, not a session.
	if h, err := scim.Handler(s.store, s.plan); err != nil {
		s.log.Error("SCIM endpoint not served", "err", err)
	} else {
		r.PathPrefix("/scim/v2").Handler(http.StripPrefix("/scim", h))
	}
	r.PathPrefix("/").Handler(s.uiHandler())
	return r
}

// allowedMethods lists the methods routed for path.
func allowedMethods(r *mux.Router, path string) []string {
	var out []string
	_ = r.Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		re, err := route.GetPathRegexp()
		if err != nil {
			return nil
		}
		if ok, _ := regexp.MatchString(re, path); ok {
			methods, _ := route.GetMethods()
			out = append(out, methods...)
		}
		return nil
	})
	return out
}

// routeRecords registers the five routes of a kind of record with a cached
// list: list, create, read, update and delete, in that order.
func routeRecords[T, I any, P interface {
	*T
	Validate() error
}](r *mux.Router, s *Server, path string, list http.HandlerFunc, read func(context.Context, string) (T, error),
	k plan.Kind[T], apply func(I, T) (T, error)) {
	r.HandleFunc(path, list).Methods(http.MethodGet)
	r.HandleFunc(path, create[T, I, P](s, k, apply)).Methods(http.MethodPost)
	r.HandleFunc(path+"/{id}", get(s, read)).Methods(http.MethodGet)
	r.HandleFunc(path+"/{id}", update[T, I, P](s, k, apply)).Methods(http.MethodPut)
	r.HandleFunc(path+"/{id}", remove(s, k)).Methods(http.MethodDelete)
}

// routes registers every API route. Static paths come before {id} paths
// with the same prefix (PUT /api/questions/reorder before /api/questions/{id}).
func (s *Server) routes(r *mux.Router) {
	r.HandleFunc("/health", s.health).Methods(http.MethodGet)
	r.HandleFunc("/ready", s.ready).Methods(http.MethodGet)
	r.HandleFunc("/session", s.getSession).Methods(http.MethodGet)
	r.HandleFunc("/session", s.createSession).Methods(http.MethodPost)
	r.HandleFunc("/session", s.deleteSession).Methods(http.MethodDelete)

	routeRecords(r, s, "/themes", cachedList(s, store.ThemesList, s.store.ListThemes, func(t domain.Theme) string { return t.ID }),
		s.store.GetTheme, plan.Themes, themeInput.apply)

	r.HandleFunc("/questions", s.listQuestions).Methods(http.MethodGet)
	r.HandleFunc("/questions", create(s, plan.Questions, questionInput.apply)).Methods(http.MethodPost)
	r.HandleFunc("/questions/reorder", s.reorderQuestions).Methods(http.MethodPut)
	r.HandleFunc("/questions/{id}", get(s, s.store.GetQuestion)).Methods(http.MethodGet)
	r.HandleFunc("/questions/{id}", update(s, plan.Questions, questionInput.apply)).Methods(http.MethodPut)
	r.HandleFunc("/questions/{id}", remove(s, plan.Questions)).Methods(http.MethodDelete)

	routeRecords(r, s, "/content", s.contentList(),
		s.store.GetContent, plan.Contents, contentInput.apply)

	s.routeDirectory(r)
	s.routeDelivery(r)
	routeRecords(r, s, "/audiences", cachedList(s, store.AudiencesList, s.plan.Audiences, func(a domain.Audience) string { return a.ID }),
		s.plan.Audience, plan.Audiences, audienceInput.apply)

	routeRecords(r, s, "/vehicles", cachedList(s, store.VehiclesList, s.store.ListVehicles, func(v domain.Vehicle) string { return v.ID }),
		s.store.GetVehicle, plan.Vehicles, vehicleInput.apply)

	r.HandleFunc("/communications", s.listCommunications).Methods(http.MethodGet)
	r.HandleFunc("/communications", create(s, plan.Communications, communicationInput.apply)).Methods(http.MethodPost)
	r.HandleFunc("/communications/batch", s.createCommunications).Methods(http.MethodPost)
	r.HandleFunc("/communications/{id}", get(s, s.store.GetCommunication)).Methods(http.MethodGet)
	r.HandleFunc("/communications/{id}", update(s, plan.Communications, communicationInput.apply)).Methods(http.MethodPut)
	r.HandleFunc("/communications/{id}", remove(s, plan.Communications)).Methods(http.MethodDelete)

	r.HandleFunc("/activity", s.listActivity).Methods(http.MethodGet)
	r.HandleFunc("/dashboard", s.dashboard).Methods(http.MethodGet)
	r.HandleFunc("/search", s.search).Methods(http.MethodGet)

	s.routeReference(r)
	s.routeCampaigns(r)
	s.routeChecklist(r)
	s.routeSchedule(r)
	s.routeFeeds(r)
	s.routeCompose(r)
	s.routeReview(r)
	s.routeBackups(r)
	s.routePeople(r)
	s.routeAudit(r)
	s.routeComments(r)
	s.routeInsiders(r)
	s.routeSignOn(r)
}

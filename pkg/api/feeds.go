package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// routeFeeds registers the calendar feeds and the schedule export.
func (s *Server) routeFeeds(r *mux.Router) {
	r.HandleFunc("/calendar-feeds", list(s, s.store.ListCalendarFeeds)).Methods(http.MethodGet)
	r.HandleFunc("/calendar-feeds", s.createFeed).Methods(http.MethodPost)
	r.HandleFunc("/calendar-feeds/{id}", remove(s, plan.CalendarFeeds)).Methods(http.MethodDelete)
	r.HandleFunc("/calendar/{token}.ics", s.calendarFeed).Methods(http.MethodGet)
	r.HandleFunc("/schedule/export", s.exportSchedule).Methods(http.MethodGet)
}

// CreatedFeed is the answer of POST /api/calendar-feeds: the feed and, this
// once, its URL with the token.
type CreatedFeed struct {
	domain.CalendarFeed
	URL string `json:"url"`
}

type feedInput struct {
	Name                      opt[string] `json:"name"`
	IncludeCampaignActivities opt[bool]   `json:"includeCampaignActivities"`
	IncludeConfidential       opt[bool]   `json:"includeConfidential"`
}

func (in feedInput) apply(f domain.CalendarFeed) (domain.CalendarFeed, error) {
	f.Name = in.Name.or(f.Name)
	f.IncludeCampaignActivities = in.IncludeCampaignActivities.or(f.IncludeCampaignActivities)
	f.IncludeConfidential = in.IncludeConfidential.or(f.IncludeConfidential)
	return f, f.Validate()
}

func (s *Server) createFeed(w http.ResponseWriter, r *http.Request) {
	var in feedInput
	if err := decode(w, r, &in, MaxJSONBody); err != nil {
		s.fail(w, r, err)
		return
	}
	f, token, err := s.plan.CreateCalendarFeed(r.Context(), func(base domain.CalendarFeed) (domain.CalendarFeed, error) { return in.apply(base) })
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, CreatedFeed{CalendarFeed: f, URL: "/api/calendar/" + token + ".ics"})
}

// calendarFeed answers a feed's calendar, streamed (streamExport). Its
// strong ETag stays the same while the plan and the feed do, so a calendar
// client polling with If-None-Match mostly gets 304 without a query of the
// plan.
func (s *Server) calendarFeed(w http.ResponseWriter, r *http.Request) {
	feed, err := s.store.GetCalendarFeedByTokenHash(r.Context(), plan.FeedTokenHash(mux.Vars(r)["token"]))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// ?approved=1 keeps the approved items only, read as the
	// export reads it.
	q, err := schedule.ExportQuery{Format: schedule.FormatICS, Approved: r.URL.Query().Get("approved")}.Options()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The feed reads the plan as its owner sees it now: confidential items
	// only while the owner is their insider (or an admin).
	ctx, err := s.feedReader(r.Context(), feed)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	r = r.WithContext(ctx)
	// Only the token holder may keep it, and it must ask again every time.
	w.Header().Set("Cache-Control", "private, no-cache")
	s.streamExport(w, r, schedule.ExportOptions{Format: schedule.FormatICS,
		IncludeCampaigns: feed.IncludeCampaignActivities, IncludeConfidential: feed.IncludeConfidential, Name: feed.Name,
		ApprovedOnly: q.ApprovedOnly}, false)
}

// feedReader is ctx reading as the feed's owner: the person with their
// role as it is now; a feed of the shared identity, or made before people
// existed, reads what everyone may see.
func (s *Server) feedReader(ctx context.Context, feed domain.CalendarFeed) (context.Context, error) {
	if feed.OwnerID == "" || feed.OwnerID == actor.SharedID {
		return actor.With(ctx, actor.SharedAs(actor.RoleViewer)), nil
	}
	p, err := s.store.GetPerson(ctx, feed.OwnerID)
	if errors.Is(err, store.ErrNotFound) {
		return actor.With(ctx, actor.SharedAs(actor.RoleViewer)), nil
	}
	if err != nil {
		return ctx, err
	}
	return actor.With(ctx, actor.Actor{ID: p.ID, Name: p.Name, Role: actor.Role(p.Role)}), nil
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110 §13.1.2):
// "*" or any listed tag equal to etag once W/ is set aside.
func etagMatches(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}

// exportSchedule answers GET /api/schedule/export as a download, streamed
// (streamExport).
func (s *Server) exportSchedule(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	opt, err := schedule.ExportQuery{Format: q.Get("format"), From: q.Get("from"), To: q.Get("to"), TZ: q.Get("tz"),
		IncludeCampaigns: q.Get("includeCampaigns"), IncludeConfidential: q.Get("includeConfidential"), Approved: q.Get("approved")}.Options()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.streamExport(w, r, opt, true)
}

// streamExport answers an export of the schedule. Its strong ETag is a hash
// of the data versions the body depends on (communications, which embed
// their theme, audience and vehicle names, and campaigns, whose titles
// the imported communications show), the options and the build, read before any row: the same tag
// always means the same bytes, and a match is a 304 without reading the
// plan. Otherwise the body is written as it is read
// (schedule.ExportTo), never held whole. An error before the first byte is
// answered as usual; after it, the connection is cut so that the client
// sees a failed download rather than a short calendar.
func (s *Server) streamExport(w http.ResponseWriter, r *http.Request, opt schedule.ExportOptions, download bool) {
	etag, err := s.exportETag(r.Context(), opt)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("ETag", etag)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	out := &firstWrite{w: w, start: func(h http.Header) {
		h.Set("Content-Type", schedule.ContentType(opt.Format))
		if download {
			attachment(w, schedule.FileName(opt))
		}
	}}
	err = schedule.ExportTo(r.Context(), out, plan.ScheduleSource(s.store), opt)
	switch {
	case err == nil:
	case !out.started:
		w.Header().Del("ETag")
		s.fail(w, r, err)
	default:
		if r.Context().Err() == nil {
			s.log.ErrorContext(r.Context(), "export failed after its first bytes", "path", logPath(r), "err", err)
		}
		panic(http.ErrAbortHandler)
	}
}

// exportETag is streamExport's entity tag for opt.
func (s *Server) exportETag(ctx context.Context, opt schedule.ExportOptions) (string, error) {
	// Campaigns always: an imported communication names its campaign.
	lists := []store.List{store.CommunicationsList, store.CampaignsList}
	// Who reads it: people who see different items get different tags.
	view, err := s.store.ViewKey(ctx)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", view)
	loc := time.UTC
	if opt.Location != nil {
		loc = opt.Location
	}
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%t%t%t\x00%s", s.lists.tag, opt.Format, opt.From.Format(time.DateOnly),
		opt.To.Format(time.DateOnly), loc, opt.IncludeCampaigns, opt.IncludeConfidential, opt.ApprovedOnly, opt.Name)
	for _, l := range lists {
		v, err := s.store.DataVersion(ctx, l)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "\x00%d", v)
	}
	return `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`, nil
}

// firstWrite sets a streamed answer's headers at its first write, so that
// an error before it can still be answered with its own status and headers.
type firstWrite struct {
	w       http.ResponseWriter
	start   func(http.Header)
	started bool
}

func (f *firstWrite) Write(b []byte) (int, error) {
	if !f.started {
		f.started = true
		f.start(f.w.Header())
		f.w.WriteHeader(http.StatusOK)
	}
	return f.w.Write(b)
}

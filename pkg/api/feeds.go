package api

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
)

// routeFeeds registers the calendar feeds and the schedule export (issue 9).
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

// calendarFeed answers a feed's calendar. It sends a strong ETag, the hash
// of the body, which stays the same while the plan does, so a calendar
// client polling with If-None-Match mostly gets 304.
func (s *Server) calendarFeed(w http.ResponseWriter, r *http.Request) {
	feed, err := s.store.GetCalendarFeedByTokenHash(r.Context(), plan.FeedTokenHash(mux.Vars(r)["token"]))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// ?approved=1 keeps the approved items only (issue 26), read as the
	// export reads it.
	q, err := schedule.ExportQuery{Format: schedule.FormatICS, Approved: r.URL.Query().Get("approved")}.Options()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body, err := schedule.ExportFrom(r.Context(), s.store, schedule.ExportOptions{Format: schedule.FormatICS,
		IncludeCampaigns: feed.IncludeCampaignActivities, IncludeConfidential: feed.IncludeConfidential, Name: feed.Name,
		ApprovedOnly: q.ApprovedOnly})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	h := w.Header()
	h.Set("ETag", etag)
	// Only the token holder may keep it, and it must ask again every time.
	h.Set("Cache-Control", "private, no-cache")
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", schedule.ContentType(schedule.FormatICS))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
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

// exportSchedule answers GET /api/schedule/export as a download.
func (s *Server) exportSchedule(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	opt, err := schedule.ExportQuery{Format: q.Get("format"), From: q.Get("from"), To: q.Get("to"), TZ: q.Get("tz"),
		IncludeCampaigns: q.Get("includeCampaigns"), IncludeConfidential: q.Get("includeConfidential"), Approved: q.Get("approved")}.Options()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body, err := schedule.ExportFrom(r.Context(), s.store, opt)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", schedule.ContentType(opt.Format))
	attachment(w, schedule.FileName(opt))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

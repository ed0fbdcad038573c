package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// MaxRangeDays is the longest from–to range GET /api/communications answers
// without a limit: a year and a month, so no calendar view needs a limit.
const MaxRangeDays = 400

// communicationFilterParams are the query parameters that make
// GET /api/communications a filtered query; without any of them it is the
// whole list, as the spec has it.
var communicationFilterParams = []string{"from", "to", "tz", "undated", "status", "themeId", "audienceId", "vehicleId", "q", "sort", "needsReviewBy"}

var undatedValues = map[string]store.Undated{"true": store.UndatedInclude, "false": store.UndatedExclude, "only": store.UndatedOnly}

var communicationSorts = map[string]store.CommunicationSort{
	"created": store.SortCreated, "scheduled": store.SortScheduled, "-scheduled": store.SortScheduledDesc, "title": store.SortTitle,
}

func communicationID(c domain.Communication) string { return c.ID }

// listCommunications is GET /api/communications: the whole list, or with
// any filter parameter the communications the filter keeps
// (store.FilterCommunications), each shape of query cached by the list's
// version like the whole list.
func (s *Server) listCommunications(w http.ResponseWriter, r *http.Request) {
	p, err := parsePage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f, shape, err := parseCommunicationFilter(r, p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	mine := r.URL.Query().Get("needsReviewBy") == "me"
	if mine {
		// The ids are the person's: so is the cached entry and its ETag.
		who, err := actor.From(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		shape += "\x00me:" + who.ID
	}
	// A month of the calendar has the version of its months (FilterVersion);
	// "mine" is the person's reviews, whose ids are read with the rows.
	var v int64
	if mine {
		v, err = s.store.DataVersion(r.Context(), store.CommunicationsList)
	} else {
		v, err = s.store.FilterVersion(r.Context(), f)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	load := s.store.ListCommunications
	if shape != "" {
		load = func(ctx context.Context) ([]domain.Communication, error) {
			if mine {
				ids, err := s.plan.MyReviewCommunicationIDs(ctx)
				if err != nil {
					return nil, err
				}
				f.IDs = ids
			}
			return s.store.FilterCommunications(ctx, f)
		}
	}
	serveListAt(s, w, r, slotKey{list: store.CommunicationsList, shape: shape}, v, p, load, communicationID)
}

// parseCommunicationFilter reads the filter parameters; shape is the filter
// in one canonical form ("" when there is none), the cache's key for it.
// Bad values are 400s naming their parameter.
func parseCommunicationFilter(r *http.Request, p page) (store.CommunicationFilter, string, error) {
	var f store.CommunicationFilter
	if r.URL.RawQuery == "" {
		return f, "", nil
	}
	q := r.URL.Query()
	if !slices.ContainsFunc(communicationFilterParams, func(k string) bool { return q.Get(k) != "" }) {
		return f, "", nil
	}
	rg, err := schedule.ParseRange(q.Get("from"), q.Get("to"), q.Get("tz"))
	if err != nil {
		return f, "", err
	}
	f.From, f.To, f.Loc = rg.From, rg.To, rg.Loc
	if !f.From.IsZero() && !f.To.IsZero() && !p.on && f.To.Sub(f.From).Hours()/24 >= MaxRangeDays {
		return f, "", BadRequest("to", "must be within 400 days of from, or give a limit")
	}
	if v := q.Get("undated"); v != "" {
		u, ok := undatedValues[v]
		if !ok {
			return f, "", BadRequest("undated", "must be true, false or only")
		}
		f.Undated = u
	}
	for _, v := range q["status"] {
		for st := range strings.SplitSeq(v, ",") {
			if !slices.Contains(domain.CommunicationStatuses, st) {
				return f, "", BadRequest("status", "must be draft, scheduled or sent (several separated by commas)")
			}
			if !slices.Contains(f.Statuses, st) {
				f.Statuses = append(f.Statuses, st)
			}
		}
	}
	slices.Sort(f.Statuses)
	f.ThemeID, f.AudienceID, f.VehicleID = q.Get("themeId"), q.Get("audienceId"), q.Get("vehicleId")
	f.Q = strings.TrimSpace(q.Get("q"))
	if v := q.Get("needsReviewBy"); v != "" && v != "me" {
		return f, "", BadRequest("needsReviewBy", "must be me")
	}
	if v := q.Get("sort"); v != "" {
		so, ok := communicationSorts[v]
		if !ok {
			return f, "", BadRequest("sort", "must be created, scheduled, -scheduled or title")
		}
		f.Sort = so
	}
	// The shape: every field, in one order; the zone only matters for a range.
	parts := []string{f.From.Format("2006-01-02"), f.To.Format("2006-01-02"), "", string(rune('0' + f.Undated)),
		strings.Join(f.Statuses, ","), f.ThemeID, f.AudienceID, f.VehicleID, string(rune('0' + f.Sort)), strings.ToLower(f.Q)}
	if !f.From.IsZero() || !f.To.IsZero() {
		parts[2] = f.Loc.String()
	}
	return f, strings.Join(parts, "\x00"), nil
}

// parseContentFilter reads GET /api/content's filter: q (title or
// description, ignoring case) and type. shape is "" when neither is given.
func parseContentFilter(q url.Values) (store.ContentFilter, string, error) {
	f := store.ContentFilter{Q: strings.TrimSpace(q.Get("q")), Type: q.Get("type")}
	if f.Type != "" && !slices.Contains(domain.ContentTypes, f.Type) {
		return f, "", BadRequest("type", "must be text, image, video or document")
	}
	if f.Q == "" && f.Type == "" {
		return f, "", nil
	}
	return f, strings.ToLower(f.Q) + "\x00" + f.Type, nil
}

func contentID(c domain.Content) string { return c.ID }

// contentList is GET /api/content: the whole library, or a filter's shape
// (filteredList); a page of the whole library (?limit or ?after without q or
// type, the Content Library's first screen) is read from the store
// (storePage): cut from the whole list, every content, question or theme
// write rebuilt 5,000 pieces at the five-year scale for a page of 50.
func (s *Server) contentList() http.HandlerFunc {
	filtered := filteredList(s, store.ContentList, parseContentFilter, s.store.FilterContent, contentID)
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			if _, shape, err := parseContentFilter(r.URL.Query()); err == nil && shape == "" {
				if p, err := parsePage(r); err == nil && p.on {
					storePage(s, w, r, store.ContentList, "content", p, s.contentPage, contentID)
					return
				}
			}
		}
		filtered(w, r)
	}
}

// contentPage is a page of GET /api/content?limit&after, read from the store.
func (s *Server) contentPage(ctx context.Context, after string, limit int) ([]domain.Content, pageInfo, error) {
	pg, err := s.store.ListContentPage(ctx, after, limit)
	return pg.Rows, pageInfo{total: pg.Total, more: pg.More}, err
}

func questionID(q domain.Question) string { return q.ID }

// listQuestions is GET /api/questions: the whole list; with themeId, that
// theme's questions (a card of the Questions screen); with q, the questions
// whose text or description holds it (within themeId when given). Each
// filter is a shape of its own, read from the store by the theme's index
// cut from the whole list, every question, content or theme
// write rebuilt thousands of questions at the five-year scale for a card
// of five. An unknown themeId is a 400 naming it.
func (s *Server) listQuestions(w http.ResponseWriter, r *http.Request) {
	p, err := parsePage(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var f store.QuestionFilter
	if r.URL.RawQuery != "" {
		q := r.URL.Query()
		f = store.QuestionFilter{ThemeID: q.Get("themeId"), Q: strings.TrimSpace(q.Get("q"))}
	}
	shape := ""
	if f != (store.QuestionFilter{}) {
		shape = strings.ToLower(f.Q) + "\x00" + f.ThemeID
	}
	// One theme's questions have that theme's version (QuestionVersion).
	// The theme is looked up with the rows, not on every read: deleting it
	// moves that version, so a kept answer had it.
	v, err := s.store.QuestionVersion(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	serveListAt(s, w, r, slotKey{list: store.QuestionsList, shape: shape}, v, p,
		func(ctx context.Context) ([]domain.Question, error) {
			if f.ThemeID != "" {
				if _, err := s.store.GetTheme(ctx, f.ThemeID); errors.Is(err, store.ErrNotFound) {
					return nil, BadRequest("themeId", "names no theme")
				} else if err != nil {
					return nil, err
				}
			}
			return s.store.ListQuestions(ctx, f)
		}, questionID)
}

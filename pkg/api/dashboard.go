package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// dashboardLists are the data versions the Dashboard's answer follows: its
// four cards, this week's and the upcoming communications, and the recent
// activity.
var dashboardLists = []store.List{store.ThemesList, store.ContentList, store.AudiencesList, store.CommunicationsList, store.ActivityList}

// dashboard is GET /api/dashboard?tz=: the Dashboard's summary
// (plan.Dashboard), its days, weeks and months in the planner's zone.
//
// The answer is cached like a list's (listCache), one entry per zone and
// day (what it is computed from besides the data), at the sum of the
// versions of dashboardLists: a write moves one of them up by at least one
// and none ever goes down, so the sum moves with every change on any
// replica. It has its ETag, 304 and stored gzip and zstd forms.
func (s *Server) dashboard(w http.ResponseWriter, r *http.Request) {
	rg, err := schedule.ParseRange("", "", r.URL.Query().Get("tz"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v int64
	for _, l := range dashboardLists {
		lv, err := s.store.DataVersion(r.Context(), l)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		v += lv
	}
	now := s.now()
	k := slotKey{list: store.ActivityList, shape: "dashboard\x00" + rg.Loc.String() + "\x00" + now.In(rg.Loc).Format("2006-01-02")}
	e, ok := s.cachedEntry(w, r, k, v, func(ctx context.Context, need int64) (*listEntry, error) {
		d, err := s.plan.Dashboard(ctx, now, rg.Loc)
		if err != nil {
			return nil, err
		}
		return jsonEntry(need, d)
	})
	if !ok {
		return
	}
	writeEncoded(w, r, &e.encodings)
}

// jsonEntry is a cached answer of one JSON value (not a list's rows) at
// version need, encoded as writeJSON does.
func jsonEntry(need int64, v any) (*listEntry, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &listEntry{version: need, encodings: encodings{body: append(body, '\n')}}, nil
}

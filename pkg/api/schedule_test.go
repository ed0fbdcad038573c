package api

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// fieldError requires a 400 whose fields name field.
func (ts *testServer) fieldError(method, path string, body any, field string) {
	ts.t.Helper()
	resp, out := ts.do(method, path, body)
	require.Equal(ts.t, http.StatusBadRequest, resp.StatusCode, "%s %s: %s", method, path, out)
	assert.Contains(ts.t, errorBody(ts.t, out).Fields, field, string(out))
}

func TestBlackoutsAPI(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var field, office domain.Audience
		ts.json("POST", "/api/audiences", map[string]any{"name": "Field Technicians"}, 201, &field)
		ts.json("POST", "/api/audiences", map[string]any{"name": "Office"}, 201, &office)

		var freeze, golive domain.Blackout
		ts.json("POST", "/api/blackouts", map[string]any{"name": " Year-end freeze ", "startDate": "2031-12-20", "endDate": "2032-01-02",
			"audienceIds": []string{field.ID, office.ID}}, 201, &freeze)
		assert.Equal(t, "Year-end freeze", freeze.Name)
		assert.Equal(t, []string{field.ID, office.ID}, freeze.AudienceIDs)
		assert.False(t, freeze.CreatedAt.IsZero())
		ts.json("POST", "/api/blackouts", map[string]any{"name": "Go-live", "startDate": "2031-03-04", "endDate": "2031-03-04"}, 201, &golive)
		resp, body := ts.do("GET", "/api/blackouts/"+golive.ID, nil)
		require.Equal(t, 200, resp.StatusCode)
		assert.Contains(t, string(body), `"audienceIds":[]`, "no audiences is an empty list, not null")

		var list []domain.Blackout
		ts.json("GET", "/api/blackouts", nil, 200, &list)
		require.Len(t, list, 2)
		assert.Equal(t, []string{golive.ID, freeze.ID}, []string{list[0].ID, list[1].ID}, "by start date")

		// PUT merges: an absent field keeps its value.
		var got domain.Blackout
		ts.json("PUT", "/api/blackouts/"+freeze.ID, map[string]any{"name": "Freeze"}, 200, &got)
		assert.Equal(t, "Freeze", got.Name)
		assert.Equal(t, "2031-12-20", got.StartDate)
		assert.Equal(t, []string{field.ID, office.ID}, got.AudienceIDs)
		ts.json("PUT", "/api/blackouts/"+freeze.ID, map[string]any{"audienceIds": []string{office.ID}}, 200, &got)
		assert.Equal(t, []string{office.ID}, got.AudienceIDs)

		ts.fieldError("POST", "/api/blackouts", map[string]any{"startDate": "2031-01-01", "endDate": "2031-01-01"}, "name")
		ts.fieldError("POST", "/api/blackouts", map[string]any{"name": "x", "startDate": "01/02/2031", "endDate": "2031-01-01"}, "startDate")
		ts.fieldError("POST", "/api/blackouts", map[string]any{"name": "x", "startDate": "2031-01-01"}, "endDate")
		ts.fieldError("PUT", "/api/blackouts/"+freeze.ID, map[string]any{"endDate": "2031-12-19"}, "endDate")
		ts.fieldError("POST", "/api/blackouts", map[string]any{"name": "x", "startDate": "2031-01-01", "endDate": "2031-01-01",
			"audienceIds": []string{office.ID, missingID}}, "audienceIds")
		ts.fieldError("POST", "/api/blackouts", map[string]any{"name": "x", "startDate": "2031-01-01", "endDate": "2031-01-01",
			"audienceIds": "everyone"}, "audienceIds")
		ts.json("GET", "/api/blackouts", nil, 200, &list)
		assert.Len(t, list, 2, "nothing invalid was stored")
		ts.json("GET", "/api/blackouts/"+freeze.ID, nil, 200, &got)
		assert.Equal(t, "2032-01-02", got.EndDate, "the refused update changed nothing")

		// Deleting its only audience deletes the blackout, which was never meant for everyone.
		ts.json("DELETE", "/api/audiences/"+office.ID, nil, 204, nil)
		ts.json("GET", "/api/blackouts/"+freeze.ID, nil, 404, nil)
		ts.json("DELETE", "/api/blackouts/"+golive.ID, nil, 204, nil)
		ts.json("DELETE", "/api/blackouts/"+golive.ID, nil, 404, nil)
		ts.json("PUT", "/api/blackouts/"+missingID, map[string]any{"name": "x"}, 404, nil)
		ts.json("GET", "/api/blackouts", nil, 200, &list)
		assert.Empty(t, list)
	})
}

// warningPlan is the schedule the warnings tests share.
type warningPlan struct {
	field, office domain.Audience
	freeze        domain.Blackout
	// ids by name: f1-f4 (Field, 2026-W53), o1-o3 (Office, 2031-W01),
	// n1 (no audience, 2031-W01), d1 (a dated draft).
	ids map[string]string
}

func seedWarnings(t *testing.T, ts *testServer) warningPlan {
	t.Helper()
	p := warningPlan{ids: map[string]string{}}
	ts.json("POST", "/api/audiences", map[string]any{"name": "Field Technicians"}, 201, &p.field)
	ts.json("POST", "/api/audiences", map[string]any{"name": "Office"}, 201, &p.office)
	for _, c := range []struct{ name, audience, status, date string }{
		// 2026 has 53 ISO weeks: Monday 28 December 2026 to Sunday 3 January 2027.
		{"f1", p.field.ID, "scheduled", "2026-12-28"}, {"f2", p.field.ID, "scheduled", "2026-12-31"},
		{"f3", p.field.ID, "scheduled", "2027-01-01"}, {"f4", p.field.ID, "scheduled", "2027-01-03"},
		{"d1", p.field.ID, "draft", "2027-01-02"},
		// 2031-W01 runs from Monday 30 December 2030.
		{"o1", p.office.ID, "scheduled", "2030-12-30"}, {"o2", p.office.ID, "scheduled", "2031-01-01"},
		{"o3", p.office.ID, "scheduled", "2031-01-05"}, {"n1", "", "scheduled", "2030-12-31"},
	} {
		var comm domain.Communication
		ts.json("POST", "/api/communications", map[string]any{"title": c.name, "audienceId": c.audience, "status": c.status,
			"scheduledDate": c.date}, 201, &comm)
		p.ids[c.name] = comm.ID
	}
	ts.json("POST", "/api/blackouts", map[string]any{"name": "Year-end freeze", "startDate": "2030-12-31", "endDate": "2031-01-01",
		"audienceIds": []string{p.office.ID}}, 201, &p.freeze)
	return p
}

// sorted are the ids of the named communications, sorted.
func (p warningPlan) sorted(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = p.ids[n]
	}
	slices.Sort(out)
	return out
}

func (p warningPlan) fieldW53(limit int) schedule.Warning {
	return schedule.Warning{Kind: "overload", AudienceID: p.field.ID, AudienceName: "Field Technicians", Week: "2026-W53",
		WeekOf: "2026-12-28", Count: 4, Limit: limit, CommunicationIDs: p.sorted("f1", "f2", "f3", "f4"),
		Message: fmt.Sprintf("Field Technicians gets 4 communications in the week of 28 Dec 2026 (limit %d)", limit)}
}

func (p warningPlan) officeW01(limit int) schedule.Warning {
	return schedule.Warning{Kind: "overload", AudienceID: p.office.ID, AudienceName: "Office", Week: "2031-W01",
		WeekOf: "2030-12-30", Count: 4, Limit: limit, CommunicationIDs: p.sorted("o1", "o2", "o3", "n1"),
		Message: fmt.Sprintf("Office gets 4 communications in the week of 30 Dec 2030 (limit %d)", limit)}
}

func (p warningPlan) blackout() schedule.Warning {
	return schedule.Warning{Kind: "blackout", BlackoutID: p.freeze.ID, BlackoutName: "Year-end freeze",
		CommunicationIDs: p.sorted("o2", "n1"),
		Message:          "2 communications are scheduled during the blackout “Year-end freeze” (31 Dec 2030 to 1 Jan 2031)"}
}

func TestScheduleWarningsAPI(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		resp, body := ts.do("GET", "/api/schedule/warnings", nil)
		require.Equal(t, 200, resp.StatusCode)
		assert.JSONEq(t, `[]`, string(body), "none is [], not null")

		p := seedWarnings(t, ts)
		for _, tc := range []struct {
			name, query string
			want        []schedule.Warning
		}{
			{"all: overloads by week, then the blackout", "", []schedule.Warning{p.fieldW53(3), p.officeW01(3), p.blackout()}},
			{"a range inside week 53 keeps its whole count", "?from=2027-01-02&to=2027-01-02", []schedule.Warning{p.fieldW53(3)}},
			{"from only", "?from=2031-01-01", []schedule.Warning{p.officeW01(3), p.blackout()}},
			{"to only", "?to=2030-12-29", []schedule.Warning{p.fieldW53(3)}},
			{"a zone changes nothing for dates", "?tz=Pacific/Kiritimati", []schedule.Warning{p.fieldW53(3), p.officeW01(3), p.blackout()}},
			{"nothing in range", "?from=2040-01-01&to=2040-12-31", []schedule.Warning{}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var got []schedule.Warning
				ts.json("GET", "/api/schedule/warnings"+tc.query, nil, 200, &got)
				assert.Equal(t, tc.want, got)
			})
		}
		// Each warning names its communications: id, title and date, in communicationIds order.
		var named []namedWarning
		ts.json("GET", "/api/schedule/warnings", nil, 200, &named)
		all, err := ts.Store.ListCommunications(context.Background())
		require.NoError(t, err)
		for _, w := range named {
			require.Len(t, w.Communications, len(w.CommunicationIDs))
			for i, c := range w.Communications {
				assert.Equal(t, w.CommunicationIDs[i], c.ID)
				i := slices.IndexFunc(all, func(x domain.Communication) bool { return x.ID == c.ID })
				require.GreaterOrEqual(t, i, 0)
				assert.Equal(t, warningComm{all[i].ID, all[i].Title, all[i].ScheduledDate}, c)
			}
		}

		ts.fieldError("GET", "/api/schedule/warnings?from=2031-02-30", nil, "from")
		ts.fieldError("GET", "/api/schedule/warnings?to=tomorrow", nil, "to")
		ts.fieldError("GET", "/api/schedule/warnings?from=2031-01-02&to=2031-01-01", nil, "from")
		ts.fieldError("GET", "/api/schedule/warnings?tz=Mars/Olympus_Mons", nil, "tz")
		ts.fieldError("GET", "/api/schedule/warnings?tz=Local", nil, "tz")
	})
}

func TestScheduleWarningsLimitOption(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b, Options{MaxPerAudienceWeek: 4})
		p := seedWarnings(t, ts)
		var got []schedule.Warning
		ts.json("GET", "/api/schedule/warnings", nil, 200, &got)
		assert.Equal(t, []schedule.Warning{p.blackout()}, got, "4 in a week is within a limit of 4")

		var extra domain.Communication
		ts.json("POST", "/api/communications", map[string]any{"title": "f5", "audienceId": p.field.ID, "status": "scheduled",
			"scheduledDate": "2027-01-02"}, 201, &extra)
		got = nil // decoding into the old elements would keep their fields
		ts.json("GET", "/api/schedule/warnings", nil, 200, &got)
		w := p.fieldW53(4)
		w.Count, w.CommunicationIDs = 5, append(w.CommunicationIDs, extra.ID)
		w.Message = "Field Technicians gets 5 communications in the week of 28 Dec 2026 (limit 4)"
		slices.Sort(w.CommunicationIDs)
		assert.Equal(t, []schedule.Warning{w, p.blackout()}, got)
	})
}

func TestScheduleWarningsPreviewAPI(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := seedWarnings(t, ts)
		preview := func(query string, body map[string]any) []schedule.Warning {
			t.Helper()
			var got []schedule.Warning
			ts.json("POST", "/api/schedule/warnings/preview"+query, body, 200, &got)
			require.NotNil(t, got)
			return got
		}

		got := preview("", map[string]any{"audienceId": p.field.ID, "status": "scheduled", "scheduledDate": "2027-01-02"})
		require.Len(t, got, 1)
		assert.Equal(t, "2026-W53", got[0].Week)
		assert.Equal(t, 5, got[0].Count)
		assert.Contains(t, got[0].CommunicationIDs, "new")

		got = preview("", map[string]any{"id": p.ids["f4"], "audienceId": p.field.ID, "status": "scheduled", "scheduledDate": "2027-01-04"})
		assert.Empty(t, got, "moved out of week 53, f4 takes part in no warning")
		got = preview("", map[string]any{"id": p.ids["f4"], "audienceId": p.field.ID, "status": "scheduled", "scheduledDate": "2027-01-03"})
		assert.Equal(t, []schedule.Warning{p.fieldW53(3)}, got, "left where it is")

		// 03:00 UTC on Monday 4 January is still Sunday 3 January in New York.
		instant := map[string]any{"audienceId": p.field.ID, "status": "scheduled", "scheduledDate": "2027-01-04T03:00:00Z"}
		assert.Empty(t, preview("", instant), "in UTC it is week 1 of 2027")
		got = preview("?tz=America/New_York", instant)
		require.Len(t, got, 1)
		assert.Equal(t, "2026-W53", got[0].Week)

		got = preview("", map[string]any{"status": "scheduled", "scheduledDate": "2030-12-31"})
		require.Len(t, got, 2, "no audience: Office's week and the Office blackout")
		assert.Equal(t, []string{"overload", "blackout"}, []string{got[0].Kind, got[1].Kind})
		assert.Equal(t, "Office", got[0].AudienceName)
		assert.Equal(t, 5, got[0].Count)
		assert.Equal(t, p.freeze.ID, got[1].BlackoutID)

		assert.Empty(t, preview("", map[string]any{"audienceId": p.field.ID, "status": "draft", "scheduledDate": "2027-01-02"}))

		ts.fieldError("POST", "/api/schedule/warnings/preview", map[string]any{"status": "later"}, "status")
		ts.fieldError("POST", "/api/schedule/warnings/preview", map[string]any{"status": "scheduled", "scheduledDate": "soon"}, "scheduledDate")
		ts.fieldError("POST", "/api/schedule/warnings/preview", map[string]any{"status": "scheduled", "audienceId": missingID,
			"scheduledDate": "2031-01-01"}, "audienceId")
		ts.fieldError("POST", "/api/schedule/warnings/preview?tz=Nowhere", map[string]any{"status": "scheduled"}, "tz")
	})
}

// TestScheduleWarningsKeepTheirCache checks the warnings' cache
// (plan.ScheduleVersion) on two servers sharing a database: a month's
// warnings stay current (304) through writes to other months and to
// records the warnings do not read, and follow a write in the month and a
// blackout on both.
func TestScheduleWarningsKeepTheirCache(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		a := newTestServer(t, b)
		servers := []*testServer{a, a.secondServer(t)}
		const july = "/api/schedule/warnings?from=2031-06-30&to=2031-08-10&tz=Europe/Paris"
		var aud domain.Audience
		a.json("POST", "/api/audiences", map[string]any{"name": "Field"}, 201, &aud)
		for _, d := range []string{"2031-07-07", "2031-07-08", "2031-07-09"} {
			a.json("POST", "/api/communications", map[string]any{"title": "July " + d, "audienceId": aud.ID, "status": "scheduled",
				"scheduledDate": d}, 201, nil)
		}
		etags := make([]string, len(servers))
		for i, srv := range servers {
			resp, body := srv.do("GET", july, nil)
			require.Equal(t, 200, resp.StatusCode, string(body))
			assert.JSONEq(t, "[]", string(body), "three in a week is within the limit")
			etags[i] = resp.Header.Get("ETag")
			require.NotEmpty(t, etags[i])
		}
		for _, w := range []struct {
			name  string
			write func()
		}{
			{"a communication in March", func() {
				a.json("POST", "/api/communications", map[string]any{"title": "March", "audienceId": aud.ID, "status": "scheduled",
					"scheduledDate": "2031-03-10"}, 201, nil)
			}},
			{"a draft", func() { a.json("POST", "/api/communications", map[string]any{"title": "Draft"}, 201, nil) }},
			{"a theme", func() { a.json("POST", "/api/themes", map[string]any{"name": "Pay", "description": "d"}, 201, nil) }},
		} {
			w.write()
			for i, srv := range servers {
				resp, _ := srv.doWith("GET", july, nil, http.Header{"If-None-Match": {etags[i]}})
				assert.Equal(t, http.StatusNotModified, resp.StatusCode, "%s: July on server %d", w.name, i)
			}
		}
		a.json("POST", "/api/communications", map[string]any{"title": "July, fourth", "audienceId": aud.ID, "status": "scheduled",
			"scheduledDate": "2031-07-10"}, 201, nil)
		for i, srv := range servers {
			var got []schedule.Warning
			srv.json("GET", july, nil, 200, &got)
			require.Len(t, got, 1, "server %d", i)
			assert.Equal(t, "overload", got[0].Kind)
		}
		a.json("POST", "/api/blackouts", map[string]any{"name": "Summer freeze", "startDate": "2031-07-09", "endDate": "2031-07-09"}, 201, nil)
		for i, srv := range servers {
			var got []schedule.Warning
			srv.json("GET", july, nil, 200, &got)
			require.Len(t, got, 2, "server %d", i)
			assert.Equal(t, "blackout", got[1].Kind)
		}
	})
}

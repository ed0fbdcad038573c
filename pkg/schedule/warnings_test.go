package schedule

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
)

func sched(id, audienceID, when string) domain.Communication {
	return domain.Communication{ID: id, AudienceID: audienceID, Status: domain.StatusScheduled, ScheduledDate: when}
}

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	require.NoError(t, err)
	return loc
}

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

var (
	alpha = domain.Audience{ID: "a", Name: "Alpha"}
	zeta  = domain.Audience{ID: "z", Name: "Zeta"}
)

func overload(aud domain.Audience, week string, limit int, ids ...string) Warning {
	var y, w int
	if _, err := fmt.Sscanf(week, "%d-W%d", &y, &w); err != nil {
		panic(err)
	}
	jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, time.UTC)
	mon := monday(jan4).AddDate(0, 0, 7*(w-1))
	return Warning{Kind: KindOverload, AudienceID: aud.ID, AudienceName: aud.Name, Week: week, WeekOf: mon.Format(time.DateOnly),
		Count: len(ids), Limit: limit, CommunicationIDs: ids, Message: overloadMessage(aud.Name, len(ids), limit, mon)}
}

func blackout(b domain.Blackout, ids ...string) Warning {
	start, _ := time.Parse(time.DateOnly, b.StartDate)
	end, _ := time.Parse(time.DateOnly, b.EndDate)
	return Warning{Kind: KindBlackout, BlackoutID: b.ID, BlackoutName: b.Name, CommunicationIDs: ids,
		Message: blackoutMessage(len(ids), b.Name, start, end)}
}

// Warnings speak dates: the week of its Monday, the blackout's days.
func TestWarningMessages(t *testing.T) {
	ft := domain.Audience{ID: "ft", Name: "Field Technicians"}
	w := Warnings(Input{Audiences: []domain.Audience{ft}, Communications: []domain.Communication{
		sched("1", "ft", "2027-02-03"), sched("2", "ft", "2027-02-04"), sched("3", "ft", "2027-02-05"), sched("4", "ft", "2027-02-07")}})
	require.Len(t, w, 1)
	assert.Equal(t, "Field Technicians gets 4 communications in the week of 1 Feb 2027 (limit 3)", w[0].Message)
	assert.Equal(t, "2027-W05", w[0].Week, "the ISO week stays in the JSON")
	assert.Equal(t, "2027-02-01", w[0].WeekOf)
	assert.Equal(t, "Field Technicians gets 4 communications in the week of 3 Feb 2031 (limit 3)",
		overloadMessage("Field Technicians", 4, 3, time.Date(2031, 2, 3, 0, 0, 0, 0, time.UTC)))
	assert.Equal(t, "1 communication is scheduled during the blackout “Freeze” (4 Mar 2031 to 6 Mar 2031)",
		blackoutMessage(1, "Freeze", time.Date(2031, 3, 4, 0, 0, 0, 0, time.UTC), time.Date(2031, 3, 6, 0, 0, 0, 0, time.UTC)))
	assert.Equal(t, "2 communications are scheduled during the blackout “Audit” (1 Mar 2031)",
		blackoutMessage(2, "Audit", time.Date(2031, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2031, 3, 1, 0, 0, 0, 0, time.UTC)))
}

func TestWarnings(t *testing.T) {
	ny, tokyo := zone(t, "America/New_York"), zone(t, "Asia/Tokyo")
	freeze := domain.Blackout{ID: "b1", Name: "Freeze", StartDate: "2031-03-04", EndDate: "2031-03-06", AudienceIDs: []string{"a"}}
	everyone := domain.Blackout{ID: "b0", Name: "Everyone", StartDate: "2031-03-01", EndDate: "2031-03-01"}
	cases := []struct {
		name   string
		in     Input
		expect []Warning
	}{
		{"nothing", Input{}, []Warning{}},
		{"at the limit: no warning", Input{Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-03"), sched("c2", "a", "2031-03-05"), sched("c3", "a", "2031-03-09")}}, []Warning{}},
		{"limit plus one: a warning", Input{Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-03"), sched("c2", "a", "2031-03-05"), sched("c3", "a", "2031-03-09"), sched("c4", "a", "2031-03-09T12:00:00Z")}},
			[]Warning{overload(alpha, "2031-W10", 3, "c1", "c2", "c3", "c4")}},
		{"limit 1", Input{Limit: 1, Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-03"), sched("c2", "a", "2031-03-10"), sched("c3", "a", "2031-03-11")}},
			[]Warning{overload(alpha, "2031-W11", 1, "c2", "c3")}},
		{"ISO week 53", Input{Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2026-12-28"), sched("c2", "a", "2026-12-31"), sched("c3", "a", "2027-01-01"), sched("c4", "a", "2027-01-03"),
			sched("c5", "a", "2027-01-04")}},
			[]Warning{overload(alpha, "2026-W53", 3, "c1", "c2", "c3", "c4")}},
		{"a week that crosses a year", Input{Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c0", "a", "2030-12-29"), sched("c1", "a", "2030-12-30"), sched("c2", "a", "2030-12-31"), sched("c3", "a", "2031-01-01"),
			sched("c4", "a", "2031-01-05"), sched("c5", "a", "2031-01-06")}},
			[]Warning{overload(alpha, "2031-W01", 3, "c1", "c2", "c3", "c4")}},
		{"only scheduled with a date counts", Input{Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-03"), sched("c2", "a", "2031-03-04"), sched("c3", "a", "2031-03-05"),
			{ID: "d", AudienceID: "a", Status: domain.StatusDraft, ScheduledDate: "2031-03-05"},
			{ID: "s", AudienceID: "a", Status: domain.StatusSent, ScheduledDate: "2031-03-05"},
			{ID: "u", AudienceID: "a", Status: domain.StatusScheduled},
			{ID: "x", AudienceID: "a", Status: domain.StatusScheduled, ScheduledDate: "soon"}}}, []Warning{}},
		{"no audience counts against every audience", Input{Audiences: []domain.Audience{zeta, alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-03"), sched("n1", "", "2031-03-04"), sched("n2", "", "2031-03-05"), sched("n3", "", "2031-03-06")}},
			[]Warning{overload(alpha, "2031-W10", 3, "c1", "n1", "n2", "n3")}},
		{"by week, then audience name; ids sorted", Input{Audiences: []domain.Audience{zeta, alpha}, Communications: []domain.Communication{
			sched("c9", "", "2031-03-10"), sched("c8", "", "2031-03-11"), sched("c7", "", "2031-03-12"), sched("c6", "", "2031-03-13"),
			sched("c5", "z", "2031-03-03"), sched("c4", "z", "2031-03-03"), sched("c3", "a", "2031-03-03"), sched("c2", "a", "2031-03-03"),
			sched("c1", "", "2031-03-04"), sched("c0", "", "2031-03-04")}},
			[]Warning{overload(alpha, "2031-W10", 3, "c0", "c1", "c2", "c3"), overload(zeta, "2031-W10", 3, "c0", "c1", "c4", "c5"),
				overload(alpha, "2031-W11", 3, "c6", "c7", "c8", "c9"), overload(zeta, "2031-W11", 3, "c6", "c7", "c8", "c9")}},
		// 2031-03-10T03:30Z is 23:30 on Sunday 9 March in New York (the
		// first day of daylight time there): week 10 there, week 11 in UTC.
		{"instant near midnight, UTC", Input{Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-03"), sched("c2", "a", "2031-03-05"), sched("c3", "a", "2031-03-09"), sched("c4", "a", "2031-03-10T03:30:00Z")}},
			[]Warning{}},
		{"instant near midnight, New York", Input{Loc: ny, Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-03"), sched("c2", "a", "2031-03-05"), sched("c3", "a", "2031-03-09"), sched("c4", "a", "2031-03-10T03:30:00Z")}},
			[]Warning{overload(alpha, "2031-W10", 3, "c1", "c2", "c3", "c4")}},
		// 2031-03-02T20:00Z is Monday 3 March, 05:00, in Tokyo; dates never shift.
		{"instant near midnight, Tokyo", Input{Loc: tokyo, Audiences: []domain.Audience{alpha}, Communications: []domain.Communication{
			sched("c1", "a", "2031-03-02"), sched("c2", "a", "2031-03-05"), sched("c3", "a", "2031-03-09"), sched("c4", "a", "2031-03-10"),
			sched("c5", "a", "2031-03-02T20:00:00Z"), sched("c6", "a", "2031-03-09T16:00:00+01:00")}},
			[]Warning{}},
		{"blackout: inclusive ends, its audience, and no-audience communications", Input{Blackouts: []domain.Blackout{freeze},
			Communications: []domain.Communication{
				sched("before", "a", "2031-03-03"), sched("first", "a", "2031-03-04"), sched("last", "a", "2031-03-06"),
				sched("after", "a", "2031-03-07"), sched("other", "z", "2031-03-05"), sched("all", "", "2031-03-05"),
				{ID: "draft", AudienceID: "a", Status: domain.StatusDraft, ScheduledDate: "2031-03-05"}}},
			[]Warning{blackout(freeze, "all", "first", "last")}},
		{"blackout: instants on the last day, by zone", Input{Loc: ny, Blackouts: []domain.Blackout{freeze},
			Communications: []domain.Communication{
				sched("late", "a", "2031-03-07T04:30:00Z"), sched("later", "a", "2031-03-07T05:30:00Z"), sched("early", "a", "2031-03-04T04:30:00Z")}},
			[]Warning{blackout(freeze, "late")}},
		{"blackouts without audiences cover everyone; overloads first, then blackouts by start", Input{
			Audiences: []domain.Audience{alpha}, Blackouts: []domain.Blackout{freeze, everyone},
			Communications: []domain.Communication{
				sched("z1", "z", "2031-03-01"), sched("a1", "a", "2031-03-04"), sched("a2", "a", "2031-03-05"),
				sched("a3", "a", "2031-03-06"), sched("a4", "a", "2031-03-07")}},
			[]Warning{overload(alpha, "2031-W10", 3, "a1", "a2", "a3", "a4"), blackout(everyone, "z1"), blackout(freeze, "a1", "a2", "a3")}},
		{"a range keeps whole weeks that overlap it", Input{From: day("2031-03-09"), To: day("2031-03-09"), Audiences: []domain.Audience{alpha},
			Blackouts: []domain.Blackout{freeze},
			Communications: []domain.Communication{
				sched("c1", "a", "2031-03-04"), sched("c2", "a", "2031-03-05"), sched("c3", "a", "2031-03-06"), sched("c4", "a", "2031-03-09"),
				sched("d1", "a", "2031-03-10"), sched("d2", "a", "2031-03-10"), sched("d3", "a", "2031-03-10"), sched("d4", "a", "2031-03-10")}},
			[]Warning{overload(alpha, "2031-W10", 3, "c1", "c2", "c3", "c4")}},
		{"a range keeps a blackout that overlaps it", Input{From: day("2031-03-06"), To: day("2031-03-20"), Audiences: []domain.Audience{alpha},
			Blackouts:      []domain.Blackout{freeze, everyone},
			Communications: []domain.Communication{sched("c1", "a", "2031-03-04"), sched("c2", "", "2031-03-01")}},
			[]Warning{blackout(freeze, "c1")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Warnings(tc.in)
			require.NotNil(t, got)
			assert.Equal(t, tc.expect, got)
		})
	}
}

func TestPreview(t *testing.T) {
	freeze := domain.Blackout{ID: "b1", Name: "Freeze", StartDate: "2031-03-04", EndDate: "2031-03-06"}
	in := Input{Audiences: []domain.Audience{alpha, zeta}, Blackouts: []domain.Blackout{freeze},
		Communications: []domain.Communication{
			sched("c1", "a", "2031-03-10"), sched("c2", "a", "2031-03-11"), sched("c3", "a", "2031-03-12"),
			sched("z1", "z", "2031-03-17"), sched("z2", "z", "2031-03-18"), sched("z3", "z", "2031-03-19"), sched("z4", "z", "2031-03-20"),
			sched("x", "z", "2031-03-05")}}
	cases := []struct {
		name      string
		candidate domain.Communication
		ranged    bool
		expect    []Warning
	}{
		{"a new one tips the week over", sched("", "a", "2031-03-13"), false,
			[]Warning{overload(alpha, "2031-W11", 3, "c1", "c2", "c3", NewID)}},
		{"a new one without audience counts against each audience", sched("", "", "2031-03-13"), false,
			[]Warning{overload(alpha, "2031-W11", 3, "c1", "c2", "c3", NewID)}},
		{"a new one in a blackout", sched("", "z", "2031-03-06"), false, []Warning{blackout(freeze, NewID, "x")}},
		{"another week: nothing", sched("", "a", "2031-03-25"), false, []Warning{}},
		{"a draft: nothing", domain.Communication{AudienceID: "a", Status: domain.StatusDraft, ScheduledDate: "2031-03-13"}, false, []Warning{}},
		{"an existing one moved into a full week", sched("z4", "a", "2031-03-13"), false,
			[]Warning{overload(alpha, "2031-W11", 3, "c1", "c2", "c3", "z4")}},
		{"moving one out clears the warning it was part of", sched("z4", "z", "2031-03-25"), false, []Warning{}},
		{"an existing one kept where it is", sched("z4", "z", "2031-03-20"), false,
			[]Warning{overload(zeta, "2031-W12", 3, "z1", "z2", "z3", "z4")}},
		{"a range does not hide the candidate's warnings", sched("z4", "z", "2031-03-20"), true,
			[]Warning{overload(zeta, "2031-W12", 3, "z1", "z2", "z3", "z4")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			input := in
			if tc.ranged {
				input.From, input.To = day("2031-01-01"), day("2031-01-02")
			}
			got := Preview(input, tc.candidate)
			require.NotNil(t, got)
			assert.Equal(t, tc.expect, got)
		})
	}
	assert.Len(t, in.Communications, 8, "the input is not changed")
	assert.Equal(t, "z4", in.Communications[6].ID)
}

func TestWarningJSON(t *testing.T) {
	b, err := json.Marshal([]Warning{overload(alpha, "2031-W10", 3, "c1", "c2", "c3", "c4"), blackout(domain.Blackout{ID: "b", Name: "Freeze"}, "c1")})
	require.NoError(t, err)
	assert.JSONEq(t, `[{"kind":"overload","audienceId":"a","audienceName":"Alpha","week":"2031-W10","weekOf":"2031-03-03","count":4,"limit":3,"communicationIds":["c1","c2","c3","c4"],
		"message":"Alpha gets 4 communications in the week of 3 Mar 2031 (limit 3)"},
		{"kind":"blackout","blackoutId":"b","blackoutName":"Freeze","communicationIds":["c1"],"message":"1 communication is scheduled during the blackout “Freeze” (1 Jan 0001)"}]`, string(b))
}

// TestWarningsCountWhatIsHidden: a communication the reader may not see
// counts in a warning, which names only the others and says how many more
// there are; the same input without Hidden names them all. Over every
// subset of four communications of one overloaded week.
func TestWarningsCountWhatIsHidden(t *testing.T) {
	comms := []domain.Communication{sched("c1", "a", "2031-03-03"), sched("c2", "a", "2031-03-04"),
		sched("c3", "a", "2031-03-05"), sched("c4", "a", "2031-03-06")}
	all := Warnings(Input{Audiences: []domain.Audience{alpha}, Communications: comms})
	require.Len(t, all, 1)
	for mask := range 1 << len(comms) {
		hidden := map[string]bool{}
		var named []string
		for i, c := range comms {
			if mask&(1<<i) != 0 {
				hidden[c.ID] = true
			} else {
				named = append(named, c.ID)
			}
		}
		got := Warnings(Input{Audiences: []domain.Audience{alpha}, Communications: comms, Hidden: hidden})
		require.Len(t, got, 1, "hiding never removes a warning")
		assert.Equal(t, 4, got[0].Count)
		assert.Equal(t, len(hidden), got[0].Further)
		if named == nil {
			named = []string{}
		}
		assert.Equal(t, named, got[0].CommunicationIDs)
		switch len(hidden) {
		case 0:
			assert.Equal(t, all[0].Message, got[0].Message)
		case 1:
			assert.Equal(t, all[0].Message+"; 1 further activity", got[0].Message)
		default:
			assert.Equal(t, fmt.Sprintf("%s; %d further activities", all[0].Message, len(hidden)), got[0].Message)
		}
	}
}

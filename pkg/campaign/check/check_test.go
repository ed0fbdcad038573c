package check

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func d(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func act(id, title, date, audience string) Activity {
	return Activity{ID: id, Title: title, Date: d(date), Audience: audience, Type: "update"}
}

func ip(n int) *int { return &n }

// want is a finding expected by rule, severity and a part of its message;
// an empty list expects no finding of the rule.
type want struct{ sev, msg string }

func run(t *testing.T, rule string, p Plan, r Rules, wants []want) {
	t.Helper()
	var got []Finding
	for _, f := range Check(p, r) {
		if f.Rule == rule {
			got = append(got, f)
		}
	}
	require.Len(t, got, len(wants), "%v", got)
	for i, w := range wants {
		assert.Equal(t, w.sev, got[i].Severity)
		assert.Contains(t, got[i].Message, w.msg)
		assert.NotEmpty(t, got[i].ActivityIDs)
	}
}

func TestCadence(t *testing.T) {
	cases := []struct {
		name  string
		acts  []Activity
		wants []want
	}{
		{"weekly is fine", []Activity{
			act("1", "ERP Newsletter for Employees, Issue 1", "2025-08-04", "Employees"),
			act("2", "ERP Newsletter for Employees, Issue 2", "2025-08-11", "Employees"),
			act("3", "ERP Newsletter for Employees, Issue 3", "2025-08-18", "Employees"),
		}, nil},
		{"two in one week", []Activity{
			act("1", "ERP Newsletter for Employees, Issue 2", "2025-08-04", "Employees"),
			act("2", "ERP Newsletter for Employees, Issue 3", "2025-08-06", "Employees"),
		}, []want{{Error, "ERP Newsletter for Employees, Issue 2 (4 Aug) and ERP Newsletter for Employees, Issue 3 (6 Aug) fall in the same week"}}},
		{"same week, other audience", []Activity{
			act("1", "Pulse, Wave 1", "2025-08-04", "Employees"),
			act("2", "Pulse, Wave 1", "2025-08-05", "Managers"),
		}, nil},
		{"out of order", []Activity{
			act("1", "Sponsor Update, Update 3", "2025-08-04", "Executives"),
			act("2", "Sponsor Update, Update 2", "2025-08-11", "Executives"),
		}, []want{{Error, "Sponsor Update, Update 3 (4 Aug) comes before Sponsor Update, Update 2 (11 Aug)"}}},
		{"uneven gap", []Activity{
			act("1", "News, Issue 1", "2025-08-04", "Employees"),
			act("2", "News, Issue 2", "2025-08-11", "Employees"),
			act("3", "News, Issue 3", "2025-08-18", "Employees"),
			act("4", "News, Issue 4", "2025-09-15", "Employees"),
		}, []want{{Warning, "News, Issue 4 (15 Sep) comes 20 business days after News, Issue 3 (18 Aug); the series' usual gap is 5"}}},
		{"a holiday nudge is even enough", []Activity{
			act("1", "News, Issue 1", "2025-06-27", "Employees"),
			act("2", "News, Issue 2", "2025-07-03", "Employees"),
			act("3", "News, Issue 3", "2025-07-11", "Employees"),
			act("4", "News, Issue 4", "2025-07-18", "Employees"),
		}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run(t, RuleCadence, Plan{Activities: c.acts, WeekendsAllowed: true}, Rules{}, c.wants)
		})
	}
}

func TestSequence(t *testing.T) {
	rules := Rules{
		Sequence: []Pair{
			{First: "Training Enrolment Opens", Then: "End-User Training"},
			{First: "Why We Are Changing", Then: GoLive},
			{First: GoLive, Then: "Hypercare"},
			{First: "type:announcement", Then: "*", SameAudience: true, Audiences: []string{"Employees"}},
		},
		Windows: []Window{{Match: "Countdown", Anchor: GoLive, From: ip(-28), To: ip(-1)}},
	}
	goLive := d("2026-07-15")
	ann := func(id, title, date, aud string) Activity {
		a := act(id, title, date, aud)
		a.Type = "announcement"
		return a
	}
	cases := []struct {
		name  string
		acts  []Activity
		wants []want
	}{
		{"in order", []Activity{
			ann("0", "Launch Announcement", "2026-05-01", "Employees"),
			ann("1", "Training Enrolment Opens", "2026-06-01", "Employees"),
			act("2", "End-User Training Sessions", "2026-06-15", "Employees"),
			act("3", "Why We Are Changing Systems", "2026-05-04", "Employees"),
			act("4", "Hypercare Check-In", "2026-07-20", "Employees"),
			ann("5", "Go-Live Countdown Notice", "2026-07-01", "Employees"),
		}, nil},
		{"training before enrolment", []Activity{
			ann("0", "Launch Announcement", "2026-05-01", "Employees"),
			act("1", "End-User Training Sessions", "2026-07-14", "Employees"),
			ann("2", "Training Enrolment Opens", "2026-07-16", "Employees"),
		}, []want{{Error, "Training Enrolment Opens (16 Jul) comes after End-User Training Sessions (14 Jul)"}}},
		{"why after go-live", []Activity{
			act("1", "Why We Are Changing Systems", "2026-07-18", "Managers"),
		}, []want{{Error, "Why We Are Changing Systems (18 Jul) comes on or after go-live (15 Jul)"}}},
		{"hypercare before go-live", []Activity{
			act("1", "Hypercare Check-In", "2026-07-10", "Managers"),
		}, []want{{Error, "Hypercare Check-In (10 Jul) comes before go-live (15 Jul)"}}},
		{"employees hear before the announcement", []Activity{
			act("1", "Quick Reference Guides", "2026-04-01", "Employees"),
			ann("2", "Launch Announcement", "2026-05-01", "Employees"),
			act("3", "Manager Toolkit", "2026-03-01", "Managers"),
		}, []want{{Error, "Launch Announcement (1 May) comes after Quick Reference Guides (1 Apr)"}}},
		{"countdown too early", []Activity{
			ann("0", "Launch Announcement", "2026-05-01", "Employees"),
			ann("1", "Go-Live Countdown Notice", "2026-05-04", "Employees"),
		}, []want{{Error, "Go-Live Countdown Notice (4 May) is 72 days before go-live; it belongs between 28 days before go-live and 1 day before go-live"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run(t, RuleSequence, Plan{Activities: c.acts, GoLive: goLive, WeekendsAllowed: true}, rules, c.wants)
		})
	}
}

func TestLeadTime(t *testing.T) {
	cases := []struct {
		name         string
		start, goLiv string
		wants        []want
	}{
		{"room enough", "2026-01-05", "2026-03-02", nil},
		{"three weeks exactly", "2026-01-05", "2026-01-26", nil},
		{"two weeks", "2026-01-05", "2026-01-19", []want{{Warning, "Go-live (19 Jan 2026) is 14 days after the start (10 business days): the steps before it want 21 days"}}},
	}
	// A step the go-live needs and the plan lacks before it.
	fs := Check(Plan{Start: d("2026-01-05"), GoLive: d("2026-01-26"), Activities: []Activity{
		act("1", "End-User Training Sessions", "2026-01-20", "Employees"),
		act("2", "Why We Are Changing Systems", "2026-01-27", "Employees")}},
		Rules{BeforeGoLive: []string{"End-User Training", "Why We Are Changing"}})
	var lead []string
	for _, f := range fs {
		if f.Rule == RuleLeadTime {
			lead = append(lead, f.Message)
		}
	}
	assert.Equal(t, []string{`Nothing titled "Why We Are Changing" comes before go-live (26 Jan 2026): the 21 days before it went to other activities`}, lead)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Plan{Start: d(c.start), GoLive: d(c.goLiv), Activities: []Activity{act("1", "x", c.start, "Employees")}}
			var got []Finding
			for _, f := range Check(p, Rules{}) {
				if f.Rule == RuleLeadTime {
					got = append(got, f)
				}
			}
			require.Len(t, got, len(c.wants))
			for i, w := range c.wants {
				assert.Equal(t, w.sev, got[i].Severity)
				assert.Contains(t, got[i].Message, w.msg)
			}
		})
	}
}

func TestCalendar(t *testing.T) {
	hol := map[time.Time]string{d("2026-07-03"): "Independence Day"}
	rules := Rules{Pinned: []string{"System Testing"}}
	cases := []struct {
		name   string
		goLive string
		acts   []Activity
		wants  []want
	}{
		{"weekday", "2026-07-15", []Activity{act("1", "Newsletter", "2026-07-06", "Employees")}, nil},
		{"weekend", "2026-07-15", []Activity{act("1", "Newsletter", "2026-07-11", "Employees")},
			[]want{{Error, "Newsletter for Employees falls on Saturday, 11 Jul 2026"}}},
		{"holiday", "2026-07-15", []Activity{act("1", "Super-User Training", "2026-07-03", "Stakeholders")},
			[]want{{Error, "Super-User Training for Stakeholders falls on Independence Day, 3 Jul 2026"}}},
		{"pinned on a weekend", "2026-07-15", []Activity{act("1", "System Testing", "2026-06-27", "Stakeholders")},
			[]want{{Warning, "System Testing falls on Saturday, 27 Jun 2026"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run(t, RuleCalendar, Plan{Activities: c.acts, Holidays: hol, GoLive: d(c.goLive)}, rules, c.wants)
		})
	}
	// A milestone on a holiday names it; it has no activity id.
	fs := Check(Plan{GoLive: d("2026-07-03"), Holidays: hol}, rules)
	require.Len(t, fs, 1)
	assert.Equal(t, "Go-live falls on Independence Day, 3 Jul 2026", fs[0].Message)
	assert.Equal(t, Warning, fs[0].Severity)
	b, err := json.Marshal(fs[0])
	require.NoError(t, err)
	assert.Contains(t, string(b), `"activityIds":[]`, "an empty list, as the API documents, never null")
}

func TestLoad(t *testing.T) {
	cases := []struct {
		name  string
		cap   int
		n     int
		wants []want
	}{
		{"at the cap", 3, 3, nil},
		{"over the cap", 3, 4, []want{{Warning, "Employees gets 4 activities in the week of 3 Aug 2026 (limit 3)"}}},
		{"cap of one", 1, 2, []want{{Warning, "(limit 1)"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var acts []Activity
			for i := 0; i < c.n; i++ {
				acts = append(acts, act(string(rune('a'+i)), "Item", "2026-08-03", "Employees"))
			}
			run(t, RuleLoad, Plan{Activities: acts, Cap: c.cap}, Rules{}, c.wants)
		})
	}
}

func TestConfidentiality(t *testing.T) {
	rules := Rules{DealTeam: []string{"Executives"}}
	labelled := func(a Activity) Activity { a.Confidentiality = "Board Confidential"; return a }
	cases := []struct {
		name  string
		p     Plan
		wants []want
	}{
		{"deal team, labelled", Plan{Announcement: d("2026-06-01"), Activities: []Activity{
			labelled(act("1", "Board Briefing", "2026-02-02", "Executives")),
			act("2", "Integration Update", "2026-06-02", "Employees"),
		}}, nil},
		{"outsider before the announcement", Plan{Announcement: d("2026-06-01"), Activities: []Activity{
			labelled(act("1", "Integration Update", "2026-05-04", "Employees")),
		}}, []want{{Error, "Integration Update for Employees (4 May) comes before the announcement (1 Jun 2026)"}}},
		{"unlabelled before the announcement", Plan{Announcement: d("2026-06-01"), Activities: []Activity{
			act("1", "Board Briefing", "2026-02-02", "Executives"),
		}}, []want{{Error, "without a confidentiality label"}}},
		{"newly acquired, unlabelled manager item before the close", Plan{NewlyAcquired: true, Acquisition: d("2026-03-02"), Activities: []Activity{
			act("1", "Integration Manager Toolkit", "2026-01-06", "Managers"),
			act("2", "Steering Committee", "2026-01-07", "Executives"),
			labelled(act("3", "Manager Toolkit", "2026-01-08", "Managers")),
			act("4", "Welcome", "2026-03-03", "Employees"),
		}}, []want{{Error, "Integration Manager Toolkit for Managers (6 Jan) comes before the acquisition closes (2 Mar 2026) without a confidentiality label"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.p.WeekendsAllowed = true
			run(t, RuleConfidentiality, c.p, rules, c.wants)
		})
	}
}

func TestMergerDates(t *testing.T) {
	rules := Rules{DealTeam: []string{"Executives"}, Announcement: "All-Employee Acquisition Announcement",
		AfterClose: []string{"Integration", "Welcome", "FAQ", "Pulse"}}
	cases := []struct {
		name  string
		p     Plan
		wants []want
	}{
		{"announcement on the date", Plan{PreAcquisition: true, Acquisition: d("2026-06-01"), Start: d("2026-01-05"), End: d("2026-09-30"), Activities: []Activity{
			act("1", "All-Employee Acquisition Announcement", "2026-06-01", "Employees"),
			act("2", "Integration Progress Update", "2026-06-08", "Employees"),
		}}, nil},
		{"announcement after the date", Plan{PreAcquisition: true, Acquisition: d("2026-06-01"), Start: d("2026-01-05"), End: d("2026-09-30"), Activities: []Activity{
			act("1", "All-Employee Acquisition Announcement", "2026-09-24", "Employees"),
		}}, []want{{Error, "All-Employee Acquisition Announcement (24 Sep) comes after the acquisition (1 Jun 2026)"}}},
		{"acquisition before the campaign", Plan{PreAcquisition: true, Acquisition: d("2025-12-01"), Start: d("2026-01-05"), End: d("2026-09-30"), Activities: []Activity{
			act("1", "All-Employee Acquisition Announcement", "2026-01-05", "Employees"),
		}}, []want{{Warning, "comes after the acquisition (1 Dec 2025)"}}},
		{"integration before the close", Plan{Acquisition: d("2026-03-02"), Start: d("2026-01-05"), End: d("2026-09-30"), Activities: []Activity{
			act("1", "Customer FAQ Update", "2026-02-02", "Customers"),
			act("2", "Integration Steering", "2026-02-02", "Executives"),
		}}, []want{{Error, "Customer FAQ Update for Customers (2 Feb) comes before the acquisition closes (2 Mar 2026)"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.p.WeekendsAllowed = true
			run(t, RuleMergerDates, c.p, rules, c.wants)
		})
	}
}

func TestSeriesOf(t *testing.T) {
	s, n, ok := SeriesOf("ERP Go-Live Newsletter for Employees, Issue 12")
	assert.True(t, ok)
	assert.Equal(t, "ERP Go-Live Newsletter for Employees, Issue", s)
	assert.Equal(t, 12, n)
	_, _, ok = SeriesOf("Why We Are Changing Systems")
	assert.False(t, ok)
}

func TestErrorsComeFirst(t *testing.T) {
	fs := Check(Plan{Cap: 1, Activities: []Activity{
		act("1", "A", "2026-08-03", "Employees"), act("2", "B", "2026-08-08", "Employees")}}, Rules{})
	require.Len(t, fs, 2)
	assert.Equal(t, Error, fs[0].Severity)
	assert.True(t, strings.HasPrefix(fs[0].Message, "B for Employees falls on Saturday"))
	assert.Equal(t, 1, Errors(fs))
}

func TestCompressedStepsMayTakeTheRoom(t *testing.T) {
	// Enrolment belongs 63..14 days before go-live; with 14 days of room
	// the steps are compressed and it may take any day before go-live.
	rules := Rules{BeforeGoLive: []string{"Training Enrolment Opens"}, LeadTime: 35,
		Windows: []Window{{Match: "Training Enrolment Opens", Anchor: GoLive, From: ip(-63), To: ip(-14)}}}
	p := Plan{Start: d("2026-01-05"), GoLive: d("2026-01-19"), WeekendsAllowed: true,
		Activities: []Activity{act("1", "Training Enrolment Opens", "2026-01-14", "Employees")}}
	run(t, RuleSequence, p, rules, nil)
	// With room enough, the window holds.
	p.Start = d("2025-11-03")
	run(t, RuleSequence, p, rules, []want{{Error, "Training Enrolment Opens (14 Jan) is 5 days before go-live"}})
}

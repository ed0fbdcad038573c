package schedule

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/load"
)

// DefaultLimit is the number of scheduled communications one audience may
// get in one ISO week before an overload warning (the default of the
// schedule.max-per-audience-week setting).
const DefaultLimit = load.DefaultLimit

// Warning kinds.
const (
	KindOverload = "overload"
	KindBlackout = "blackout"
)

// NewID is the id a candidate without one goes by in Preview.
const NewID = "new"

// Warning is one overload or blackout warning. An overload names the
// audience, the week, the count and the limit; a blackout names the
// blackout. CommunicationIDs are sorted. Message is the warning as a
// planner reads it, with dates rather than ISO weeks ("Field Technicians
// gets 4 communications in the week of 3 Feb 2027 (limit 3)"); Week keeps
// the ISO week (2027-W05) and WeekOf its Monday (2027-02-01) for programs.
type Warning struct {
	Kind             string   `json:"kind"`
	Message          string   `json:"message"`
	AudienceID       string   `json:"audienceId,omitempty"`
	AudienceName     string   `json:"audienceName,omitempty"`
	Week             string   `json:"week,omitempty"`
	WeekOf           string   `json:"weekOf,omitempty"`
	Count            int      `json:"count,omitempty"`
	Limit            int      `json:"limit,omitempty"`
	BlackoutID       string   `json:"blackoutId,omitempty"`
	BlackoutName     string   `json:"blackoutName,omitempty"`
	CommunicationIDs []string `json:"communicationIds"`
	// Further counts the communications the warning involves that its
	// reader may not see (Input.Hidden): counted, never named.
	Further int `json:"further,omitempty"`
}

// Input is what the warnings are worked out from.
type Input struct {
	Communications []domain.Communication
	Audiences      []domain.Audience
	Blackouts      []domain.Blackout
	// Limit is the most communications an audience may get in one ISO
	// week; DefaultLimit when 0 or less.
	Limit int
	// From and To, when not zero, keep only the warnings whose week or
	// blackout overlaps the days From..To (inclusive, midnight UTC as
	// domain.Scheduled.Day gives them). Counts still use whole weeks.
	From, To time.Time
	// Loc is the time zone that puts an instant on a day (UTC when nil).
	Loc *time.Location
	// Hidden are the ids of the Communications the reader may not see
	// (confidential ones they are no insider of): they count in the
	// warnings, which name them only as "1 further activity".
	Hidden map[string]bool
}

// dated is a scheduled communication on its day.
type dated struct {
	id, audienceID string
	day            time.Time
}

// isoWeek is an ISO 8601 week, the overload rule's unit (pkg/load).
type isoWeek = load.Week

var weekOf, monday = load.WeekOf, load.Monday

func compareWeeks(w, o isoWeek) int {
	return cmp.Or(cmp.Compare(w.Year, o.Year), cmp.Compare(w.Week, o.Week))
}

// Warnings returns the overload warnings (by week, then audience name) and
// then the blackout warnings (by start date). Only communications with
// status scheduled and a valid scheduledDate count; one without an audience
// counts against every audience and is caught by every blackout; a blackout
// without audiences covers everyone. It never returns nil.
func Warnings(in Input) []Warning {
	comms := scheduledDays(in.Communications, in.Loc)
	out := overloads(in, comms)
	return unnamed(append(out, blackouts(in, comms)...), in.Hidden)
}

// unnamed takes the hidden communications out of the warnings' ids and
// counts them in Further and the message.
func unnamed(ws []Warning, hidden map[string]bool) []Warning {
	if len(hidden) == 0 {
		return ws
	}
	for i, w := range ws {
		kept := w.CommunicationIDs[:0:0]
		for _, id := range w.CommunicationIDs {
			if hidden[id] {
				w.Further++
			} else {
				kept = append(kept, id)
			}
		}
		if w.Further > 0 {
			w.CommunicationIDs = kept
			w.Message += fmt.Sprintf("; %d further %s", w.Further, plural(w.Further, "activity", "activities"))
		}
		ws[i] = w
	}
	return ws
}

// Preview returns the warnings that candidate would be part of if it were
// saved: it replaces the communication with its id (or joins as NewID when
// it has none). Only its ID, AudienceID, Status and ScheduledDate matter.
// The range of in is ignored. It never returns nil.
func Preview(in Input, candidate domain.Communication) []Warning {
	if candidate.ID == "" {
		candidate.ID = NewID
	}
	comms := make([]domain.Communication, 0, len(in.Communications)+1)
	for _, c := range in.Communications {
		if c.ID != candidate.ID {
			comms = append(comms, c)
		}
	}
	in.Communications = append(comms, candidate)
	in.From, in.To = time.Time{}, time.Time{}
	out := []Warning{}
	for _, w := range Warnings(in) {
		if _, found := slices.BinarySearch(w.CommunicationIDs, candidate.ID); found {
			out = append(out, w)
		}
	}
	return out
}

// Span is the days whose scheduled communications can take part in the
// warnings of in's range: every week the range meets (an overload counts its
// whole week) and every blackout that meets it, whole. Warnings(in) is the
// same whether in.Communications holds every communication or only those
// whose day falls in the span, so a store may narrow the candidates to it.
// A zero end of the range leaves that end of the span open.
func Span(in Input) (from, to time.Time) {
	if !in.From.IsZero() {
		from = monday(in.From)
	}
	if !in.To.IsZero() {
		to = monday(in.To).AddDate(0, 0, 6)
	}
	for _, b := range in.Blackouts {
		start, err1 := time.Parse(time.DateOnly, b.StartDate)
		end, err2 := time.Parse(time.DateOnly, b.EndDate)
		if err1 != nil || err2 != nil || !in.overlaps(start, end) {
			continue
		}
		if !from.IsZero() && start.Before(from) {
			from = start
		}
		if !to.IsZero() && end.After(to) {
			to = end
		}
	}
	return from, to
}

// PreviewDay is the day candidate's warnings are about: Preview's warnings
// all meet it, so the span of the range PreviewDay..PreviewDay holds every
// communication they count. ok is false when candidate is not on the
// schedule (not scheduled, or without a readable date): Preview then
// returns no warning whatever the other communications are.
func PreviewDay(candidate domain.Communication, loc *time.Location) (day time.Time, ok bool) {
	for _, at := range scheduled([]domain.Communication{candidate}) {
		return at.Day(loc), true
	}
	return time.Time{}, false
}

func scheduledDays(comms []domain.Communication, loc *time.Location) []dated {
	out := make([]dated, 0, len(comms))
	for c, at := range scheduled(comms) {
		out = append(out, dated{id: c.ID, audienceID: c.AudienceID, day: at.Day(loc)})
	}
	return out
}

// scheduled yields the communications the schedule rules see: status
// scheduled with a readable time. A stored value that does not parse is
// skipped rather than failing the whole schedule.
func scheduled(comms []domain.Communication) iter.Seq2[domain.Communication, domain.Scheduled] {
	return func(yield func(domain.Communication, domain.Scheduled) bool) {
		for _, c := range comms {
			if c.Status != domain.StatusScheduled || c.ScheduledDate == "" {
				continue
			}
			at, err := domain.ParseScheduled(c.ScheduledDate)
			if err != nil {
				continue
			}
			if !yield(c, at) {
				return
			}
		}
	}
}

// overlaps reports whether the days first..last meet the input's range.
func (in Input) overlaps(first, last time.Time) bool {
	return (in.From.IsZero() || !last.Before(in.From)) && (in.To.IsZero() || !first.After(in.To))
}

func overloads(in Input, comms []dated) []Warning {
	limit := load.Limit(in.Limit)
	type bucket struct {
		first      time.Time
		byAudience map[string][]string
		everyone   []string
	}
	weeks := map[isoWeek]*bucket{}
	for _, c := range comms {
		w := weekOf(c.day)
		b := weeks[w]
		if b == nil {
			b = &bucket{first: monday(c.day), byAudience: map[string][]string{}}
			weeks[w] = b
		}
		if c.audienceID == "" {
			b.everyone = append(b.everyone, c.id)
		} else {
			b.byAudience[c.audienceID] = append(b.byAudience[c.audienceID], c.id)
		}
	}
	type found struct {
		week isoWeek
		w    Warning
	}
	var all []found
	for week, b := range weeks {
		if !in.overlaps(b.first, b.first.AddDate(0, 0, 6)) {
			continue
		}
		for _, a := range in.Audiences {
			n := len(b.byAudience[a.ID]) + len(b.everyone)
			if !load.Over(n, limit) {
				continue
			}
			ids := make([]string, 0, n)
			ids = append(append(ids, b.byAudience[a.ID]...), b.everyone...)
			slices.Sort(ids)
			all = append(all, found{week, Warning{Kind: KindOverload, AudienceID: a.ID, AudienceName: a.Name,
				Week: week.String(), WeekOf: b.first.Format(time.DateOnly), Count: n, Limit: limit, CommunicationIDs: ids,
				Message: overloadMessage(a.Name, n, limit, b.first)}})
		}
	}
	slices.SortFunc(all, func(x, y found) int {
		return cmp.Or(compareWeeks(x.week, y.week), cmp.Compare(x.w.AudienceName, y.w.AudienceName),
			cmp.Compare(x.w.AudienceID, y.w.AudienceID))
	})
	out := make([]Warning, len(all))
	for i, f := range all {
		out[i] = f.w
	}
	return out
}

func blackouts(in Input, comms []dated) []Warning {
	type found struct {
		start, end time.Time
		w          Warning
	}
	var all []found
	for _, b := range in.Blackouts {
		start, err1 := time.Parse(time.DateOnly, b.StartDate)
		end, err2 := time.Parse(time.DateOnly, b.EndDate)
		if err1 != nil || err2 != nil || !in.overlaps(start, end) {
			continue
		}
		ids := []string{}
		for _, c := range comms {
			if c.day.Before(start) || c.day.After(end) {
				continue
			}
			if len(b.AudienceIDs) == 0 || c.audienceID == "" || slices.Contains(b.AudienceIDs, c.audienceID) {
				ids = append(ids, c.id)
			}
		}
		if len(ids) == 0 {
			continue
		}
		slices.Sort(ids)
		all = append(all, found{start, end, Warning{Kind: KindBlackout, BlackoutID: b.ID, BlackoutName: b.Name, CommunicationIDs: ids,
			Message: blackoutMessage(len(ids), b.Name, start, end)}})
	}
	slices.SortFunc(all, func(x, y found) int {
		return cmp.Or(x.start.Compare(y.start), x.end.Compare(y.end), cmp.Compare(x.w.BlackoutName, y.w.BlackoutName),
			cmp.Compare(x.w.BlackoutID, y.w.BlackoutID))
	})
	out := make([]Warning, len(all))
	for i, f := range all {
		out[i] = f.w
	}
	return out
}

// dayText writes a day as a planner reads it: "3 Feb 2027".
var dayText = domain.DayText

// overloadMessage is an overload warning's sentence (load.Message, which
// the campaign generator's warnings use too).
func overloadMessage(audience string, n, limit int, monday time.Time) string {
	return load.Message(audience, n, limit, monday, "communication", "communications")
}

// blackoutMessage is a blackout warning's sentence.
func blackoutMessage(n int, name string, start, end time.Time) string {
	span := dayText(start)
	if !end.Equal(start) {
		span += " to " + dayText(end)
	}
	return fmt.Sprintf("%d %s scheduled during the blackout “%s” (%s)", n, plural(n, "communication is", "communications are"), name, span)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

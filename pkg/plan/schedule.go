package plan

import (
	"context"
	"slices"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// ScheduleInput loads what the schedule's warnings for the days from..to
// read (zero ends open: both zero is the whole schedule): every audience
// and blackout, and the scheduled communications whose day falls in
// schedule.Span of the range (a month costs one indexed range
// read, not every communication), with the weekly limit per audience and
// the time zone days are counted in. It changes nothing.
func (p *Plan) ScheduleInput(ctx context.Context, limit int, loc *time.Location, from, to time.Time) (schedule.Input, error) {
	return p.scheduleInput(ctx, limit, loc, from, to, true)
}

// scheduleInput is ScheduleInput, without the communications unless comms.
func (p *Plan) scheduleInput(ctx context.Context, limit int, loc *time.Location, from, to time.Time, comms bool) (schedule.Input, error) {
	in := schedule.Input{Limit: limit, Loc: loc, From: from, To: to}
	var err error
	if in.Audiences, err = p.st.ListAudiences(ctx); err != nil {
		return in, err
	}
	if in.Blackouts, err = p.st.ListBlackouts(ctx); err != nil || !comms {
		return in, err
	}
	f := spanFilter(in)
	if in.Communications, err = p.st.FilterCommunications(ctx, f); err != nil {
		return in, err
	}
	// A warning counts what its reader may not see, without naming it:
	// every communication of the span is counted, and those beyond the
	// reader's sight are only counted (schedule.Input.Hidden).
	f.NoContent = true
	all, err := p.st.FilterCommunications(countingAll(ctx), f)
	if err != nil || len(all) == len(in.Communications) {
		return in, err
	}
	seen := make(map[string]bool, len(in.Communications))
	for _, c := range in.Communications {
		seen[c.ID] = true
	}
	in.Hidden = map[string]bool{}
	for _, c := range all {
		if !seen[c.ID] {
			in.Hidden[c.ID] = true
			in.Communications = append(in.Communications, domain.Communication{ID: c.ID, AudienceID: c.AudienceID,
				Status: c.Status, ScheduledDate: c.ScheduledDate})
		}
	}
	return in, nil
}

// countingAll is ctx reading every row, for counts only: the warnings'
// count of what their reader may not see. Nothing read with it may reach
// the reader but a number.
func countingAll(ctx context.Context) context.Context {
	return actor.With(ctx, actor.Actor{ID: "counting", Name: "commsplan", Role: actor.RoleAdmin})
}

// spanFilter is the store's query of the communications the warnings of
// in's range can count: the scheduled ones dated in schedule.Span.
func spanFilter(in schedule.Input) store.CommunicationFilter {
	f := store.CommunicationFilter{Loc: in.Loc, Statuses: []string{domain.StatusScheduled}, Undated: store.UndatedExclude}
	f.From, f.To = schedule.Span(in)
	return f
}

// ScheduleVersion is the data version of what ScheduleInput reads for the
// range, for a cache of its warnings: the sum of the versions of the
// communications of its span (store.FilterVersion), the audiences and the
// blackouts, each of which only grows. Sums over different spans do not
// compare, so a cache keys its answer by the span too. The blackouts are
// read to find the span.
func (p *Plan) ScheduleVersion(ctx context.Context, loc *time.Location, from, to time.Time) (spanFrom, spanTo time.Time, v int64, err error) {
	in := schedule.Input{Loc: loc, From: from, To: to}
	if in.Blackouts, err = p.st.ListBlackouts(ctx); err != nil {
		return spanFrom, spanTo, 0, err
	}
	f := spanFilter(in)
	if v, err = p.st.FilterVersion(ctx, f); err != nil {
		return f.From, f.To, 0, err
	}
	for _, l := range []store.List{store.AudiencesList, store.BlackoutsList} {
		lv, err := p.st.DataVersion(ctx, l)
		if err != nil {
			return f.From, f.To, 0, err
		}
		v += lv
	}
	return f.From, f.To, v, nil
}

// PreviewWarnings are the warnings candidate would raise if it were saved
// (the communication form's panel). Its status and date are checked as a
// save checks them, and an audience that does not exist is a
// *store.ReferenceError naming audienceId. The input the warnings were
// computed from comes with them, for the communications they name. It
// changes nothing.
func (p *Plan) PreviewWarnings(ctx context.Context, limit int, loc *time.Location, candidate domain.Communication) ([]schedule.Warning, schedule.Input, error) {
	if err := domain.CheckCandidate(candidate.Status, candidate.ScheduledDate); err != nil {
		return nil, schedule.Input{}, err
	}
	// Its warnings all meet its day: only that day's span is read (and
	// nothing when it is not on the schedule: it then has no warning).
	day, dated := schedule.PreviewDay(candidate, loc)
	in, err := p.scheduleInput(ctx, limit, loc, day, day, dated)
	if err != nil {
		return nil, in, err
	}
	known := func(a domain.Audience) bool { return a.ID == candidate.AudienceID }
	if candidate.AudienceID != "" && !slices.ContainsFunc(in.Audiences, known) {
		return nil, in, &store.ReferenceError{Field: "audienceId"}
	}
	return schedule.Preview(in, candidate), in, nil
}

// ExportReader is what the streamed schedule export reads of a store.
type ExportReader interface {
	EachCommunication(ctx context.Context, f store.CommunicationFilter, fn func(domain.Communication) error) error
	EachCampaign(ctx context.Context, ids []string, fn func(domain.Campaign) error) error
}

// ScheduleSource is st as the streamed schedule export's source
// (schedule.ExportTo): it turns the export's queries into store filters,
// so the schedule's rules need no storage of their own.
func ScheduleSource(st ExportReader) schedule.Source { return exportSource{st} }

type exportSource struct{ st ExportReader }

func (s exportSource) EachCommunication(ctx context.Context, q schedule.Query, fn func(domain.Communication) error) error {
	f := store.CommunicationFilter{From: q.From, To: q.To, Loc: q.Loc, Statuses: []string{domain.StatusScheduled},
		Undated: store.UndatedExclude, NoContent: true}
	if q.Imported {
		f = store.CommunicationFilter{Imported: true, NoContent: true, Undated: store.UndatedInclude}
	}
	return s.st.EachCommunication(ctx, f, fn)
}

func (s exportSource) EachCampaign(ctx context.Context, ids []string, fn func(domain.Campaign) error) error {
	return s.st.EachCampaign(ctx, ids, fn)
}

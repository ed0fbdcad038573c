package plan

import (
	"context"
	"slices"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// ScheduleInput loads what the schedule's warnings for the days from..to
// read (zero ends open: both zero is the whole schedule): every audience
// and blackout, and the scheduled communications whose day falls in
// schedule.Span of the range (issue 27: a month costs one indexed range
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
	f := store.CommunicationFilter{Loc: loc, Statuses: []string{domain.StatusScheduled}, Undated: store.UndatedExclude}
	f.From, f.To = schedule.Span(in)
	in.Communications, err = p.st.FilterCommunications(ctx, f)
	return in, err
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

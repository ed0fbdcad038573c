package plan

import (
	"context"
	"slices"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// ScheduleInput loads what the schedule's warnings read: every
// communication, audience and blackout, with the weekly limit per audience
// and the time zone days are counted in. It changes nothing.
func (p *Plan) ScheduleInput(ctx context.Context, limit int, loc *time.Location) (schedule.Input, error) {
	in := schedule.Input{Limit: limit, Loc: loc}
	var err error
	if in.Communications, err = p.st.ListCommunications(ctx); err != nil {
		return in, err
	}
	if in.Audiences, err = p.st.ListAudiences(ctx); err != nil {
		return in, err
	}
	in.Blackouts, err = p.st.ListBlackouts(ctx)
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
	in, err := p.ScheduleInput(ctx, limit, loc)
	if err != nil {
		return nil, in, err
	}
	known := func(a domain.Audience) bool { return a.ID == candidate.AudienceID }
	if candidate.AudienceID != "" && !slices.ContainsFunc(in.Audiences, known) {
		return nil, in, &store.ReferenceError{Field: "audienceId"}
	}
	return schedule.Preview(in, candidate), in, nil
}

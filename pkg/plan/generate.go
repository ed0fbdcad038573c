package plan

import (
	"context"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
)

// CampaignDefaults are the settings a campaign's configuration may leave
// to the installation: schedule.max-per-audience-week and
// campaign.holiday-calendar.
type CampaignDefaults struct {
	MaxPerAudienceWeek int
	HolidayCalendar    string
}

// GenerateCampaign generates cfg's schedule (pkg/campaign stays pure: this
// reads what it needs and passes it in), avoiding the saved blackouts for
// the audiences they cover, matched by name. A Plan without a store (the
// CLI before there is a database) generates without blackouts. It changes
// nothing, so it needs no actor. It targets the organisation as the
// directory has it (Organisation). The name becomes a saved campaign's title,
// so it is held to a title's limits first.
func (p *Plan) GenerateCampaign(ctx context.Context, cfg campaign.Config, set CampaignDefaults) (*campaign.Schedule, error) {
	if msg := domain.TextProblem(cfg.CampaignName, domain.MaxName); msg != "" {
		return nil, Invalid("campaignName", msg)
	}
	opt := campaign.Options{MaxPerAudienceWeek: set.MaxPerAudienceWeek, HolidayCalendar: set.HolidayCalendar}
	if st := p.st; st != nil {
		bs, err := st.ListBlackouts(ctx)
		if err != nil {
			return nil, err
		}
		if len(bs) > 0 {
			auds, err := st.ListAudiences(ctx)
			if err != nil {
				return nil, err
			}
			names := make(map[string]string, len(auds))
			for _, a := range auds {
				names[a.ID] = a.Name
			}
			for _, b := range bs {
				ob := campaign.Blackout{Name: b.Name, Start: b.StartDate, End: b.EndDate}
				for _, id := range b.AudienceIDs {
					if n, ok := names[id]; ok {
						ob.Audiences = append(ob.Audiences, n)
					}
				}
				if len(b.AudienceIDs) > 0 && len(ob.Audiences) == 0 {
					continue // its audiences are gone: it covers nobody
				}
				opt.Blackouts = append(opt.Blackouts, ob)
			}
		}
	}
	org, _, err := p.Organisation(ctx)
	if err != nil {
		return nil, err
	}
	return campaign.GenerateWith(cfg, org, opt)
}

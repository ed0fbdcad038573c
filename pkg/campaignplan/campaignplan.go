// Package campaignplan is the use case of generating a campaign, shared by
// the API and the CLI: it reads what the pure generator (pkg/campaign)
// needs from the settings and the store, the saved blackouts with the names
// of the audiences they cover, and passes it in.
package campaignplan

import (
	"context"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/store"
)

// Settings are the server's defaults: schedule.max-per-audience-week and
// campaign.holiday-calendar.
type Settings struct {
	MaxPerAudienceWeek int
	HolidayCalendar    string
}

// Generate generates cfg's schedule, avoiding the blackouts saved in st
// (none when st is nil) for the audiences they cover.
func Generate(ctx context.Context, st store.Store, set Settings, cfg campaign.Config) (*campaign.Schedule, error) {
	opt := campaign.Options{MaxPerAudienceWeek: set.MaxPerAudienceWeek, HolidayCalendar: set.HolidayCalendar}
	if st != nil {
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
	return campaign.GenerateWith(cfg, orgdata.Load(), opt)
}

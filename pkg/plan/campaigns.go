package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// Save-campaign messages of spec 02 §5 and §8.
const (
	MsgCampaignTitle = "Please enter a title for the campaign."
	MsgNoSchedule    = "No schedule generated"
)

// CampaignChange is what a front end sends to save a campaign. A nil field
// is absent: on create a schedule and a title are required, on update an
// absent field keeps the stored value. A present JSON null clears the
// audience filters. There is no HTML: the stored HTML is always the
// server's rendering of the stored schedule (campaign.RenderHTML), whatever
// a client sends.
type CampaignChange struct {
	Title             *string
	Description       *string
	Schedule          *json.RawMessage
	AudienceFilters   *json.RawMessage
	GeographicFilters *[]string
	// Confidential marks the campaign confidential (or no longer); a
	// schedule with a labelled activity makes it confidential whatever
	// this says.
	Confidential *bool
	// locations are the organisation's (Plan.Organisation), which
	// geographic filters may name beside the embedded dataset's; nil is
	// the embedded dataset alone.
	locations *orgdata.Dataset
}

// withLocations sets ch's organisation when it names geographic filters.
func (p *Plan) withLocations(ctx context.Context, ch *CampaignChange) error {
	if ch.GeographicFilters == nil || p.st == nil {
		return nil
	}
	org, _, err := p.Organisation(ctx)
	ch.locations = org
	return err
}

// TitleTaken refuses saving by title when the title is already saved and
// no replacement was asked for, or when more than one campaign has it.
type TitleTaken struct {
	Title string
	// IDs are the saved campaigns with that title.
	IDs []string
	// Replace says a replacement was asked for (so len(IDs) > 1).
	Replace bool
}

func (e *TitleTaken) Error() string {
	if e.Replace {
		return fmt.Sprintf("%d campaigns are titled %q; replacing needs exactly one", len(e.IDs), e.Title)
	}
	return fmt.Sprintf("a campaign titled %q is already saved (id %s)", e.Title, e.IDs[0])
}

// CreateCampaign saves a new campaign.
func (p *Plan) CreateCampaign(ctx context.Context, ch CampaignChange) (domain.Campaign, error) {
	if _, err := acting(ctx); err != nil {
		return domain.Campaign{}, err
	}
	if err := p.withLocations(ctx, &ch); err != nil {
		return domain.Campaign{}, err
	}
	c, err := ch.Apply(domain.Campaign{}, true)
	if err != nil {
		return c, err
	}
	if err := keepsSight(ctx, "confidential", c.Confidential); err != nil {
		return c, err
	}
	err = p.st.CreateCampaign(changed(ctx, nil, c), &c)
	return c, err
}

// UpdateCampaign changes a saved campaign and renders its HTML again.
func (p *Plan) UpdateCampaign(ctx context.Context, id string, ch CampaignChange) (domain.Campaign, error) {
	if _, err := acting(ctx); err != nil {
		return domain.Campaign{}, err
	}
	if err := p.withLocations(ctx, &ch); err != nil {
		return domain.Campaign{}, err
	}
	var c domain.Campaign
	err := p.st.InTx(ctx, func(tx store.Store) (err error) {
		c, err = p.updateCampaign(ctx, tx, id, ch)
		return err
	})
	return c, err
}

// updateCampaign applies ch to the stored campaign id and stores the
// result; callers are in a transaction.
func (p *Plan) updateCampaign(ctx context.Context, tx store.Store, id string, ch CampaignChange) (domain.Campaign, error) {
	base, err := tx.GetCampaign(ctx, id)
	if err != nil {
		return domain.Campaign{}, err
	}
	c, err := ch.Apply(base, false)
	if err != nil {
		return c, err
	}
	if err := keepsSight(ctx, "confidential", c.Confidential && !base.Confidential); err != nil {
		return c, err
	}
	if err = tx.UpdateCampaign(changed(ctx, base, c), &c); err != nil {
		return c, err
	}
	c.Review, err = p.editReview(ctx, tx, ReviewCampaign, c.ID, c.Title, review.Campaign(c))
	return c, err
}

// SaveCampaignByTitle saves a new campaign under a title no saved campaign
// has, as "campaign generate --save" does. With replace, the one campaign
// that has the title is updated instead. A taken title is a *TitleTaken.
// The lookup and the write are one transaction.
func (p *Plan) SaveCampaignByTitle(ctx context.Context, ch CampaignChange, replace bool) (domain.Campaign, error) {
	if _, err := acting(ctx); err != nil {
		return domain.Campaign{}, err
	}
	if err := p.withLocations(ctx, &ch); err != nil {
		return domain.Campaign{}, err
	}
	c, err := ch.Apply(domain.Campaign{}, true)
	if err != nil {
		return c, err
	}
	if err := keepsSight(ctx, "confidential", c.Confidential); err != nil {
		return c, err
	}
	err = p.st.InTx(ctx, func(tx store.Store) error {
		list, err := tx.ListCampaigns(ctx)
		if err != nil {
			return err
		}
		var same []string
		for _, old := range list {
			if strings.TrimSpace(old.Title) == c.Title {
				same = append(same, old.ID)
			}
		}
		switch {
		case len(same) == 0:
			return tx.CreateCampaign(changed(ctx, nil, c), &c)
		case !replace || len(same) > 1:
			return &TitleTaken{Title: c.Title, IDs: same, Replace: replace}
		}
		c, err = p.updateCampaign(ctx, tx, same[0], ch)
		return err
	})
	return c, err
}

// RenderCampaign renders a schedule a client sent, as it would be stored.
func RenderCampaign(raw json.RawMessage) (string, error) {
	sched, err := DecodeSchedule(raw)
	if err != nil {
		return "", err
	}
	return campaign.RenderHTML(sched)
}

// CheckCampaign reads a schedule a client sent as a planner does: the
// findings of the plan checker. The schedule must pass the activity
// form's rules first, as for a save.
func CheckCampaign(raw json.RawMessage) (campaign.CheckResult, error) {
	sched, err := DecodeSchedule(raw)
	if err != nil {
		return campaign.CheckResult{}, err
	}
	return campaign.CheckReport(sched), nil
}

// Apply merges ch into c, renders the HTML from the resulting schedule and
// validates the result, without the store. creating requires a title
// and a schedule.
func (ch CampaignChange) Apply(c domain.Campaign, creating bool) (domain.Campaign, error) {
	if ch.Title != nil {
		c.Title = *ch.Title
	}
	c.Title = strings.TrimSpace(c.Title)
	if c.Title == "" {
		return c, &InputError{Message: MsgCampaignTitle, Fields: map[string]string{"title": "Title required"}}
	}
	if ch.Description != nil {
		c.Description = *ch.Description
	}

	var sched *campaign.Schedule
	if ch.Schedule != nil || creating {
		var raw json.RawMessage
		if ch.Schedule != nil {
			raw = *ch.Schedule
		}
		var err error
		if sched, err = DecodeSchedule(raw); err != nil {
			return c, err
		}
		if c.Schedule, err = json.Marshal(sched); err != nil {
			return c, err
		}
	} else {
		sched = new(campaign.Schedule)
		if err := json.Unmarshal(c.Schedule, sched); err != nil {
			return c, fmt.Errorf("campaign %s: stored schedule: %w", c.ID, err)
		}
	}
	html, err := campaign.RenderHTML(sched)
	if err != nil {
		return c, err
	}
	c.HTMLContent = html
	if ch.Confidential != nil {
		c.Confidential = *ch.Confidential
	}
	c.Confidential = c.Confidential || sched.Confidential()

	if ch.AudienceFilters != nil {
		raw := bytes.TrimSpace(*ch.AudienceFilters)
		if len(raw) == 0 || string(raw) == "null" {
			c.AudienceFilters = nil
		} else {
			var f campaign.AudienceFilters
			if err := json.Unmarshal(raw, &f); err != nil {
				return c, Invalid("audienceFilters", "must be an object of the scheduler's filters")
			}
			b, err := json.Marshal(f)
			if err != nil {
				return c, err
			}
			c.AudienceFilters = b
		}
	}
	if ch.GeographicFilters != nil {
		org := orgdata.Load()
		geo := []string{}
		for _, id := range *ch.GeographicFilters {
			_, ok := org.Location(id)
			if !ok && ch.locations != nil {
				_, ok = ch.locations.Location(id)
			}
			if !ok {
				return c, Invalid("geographicFilters", "has an unknown location: "+id)
			}
			geo = append(geo, id)
		}
		c.GeographicFilters = geo
	}
	if c.GeographicFilters == nil {
		c.GeographicFilters = []string{}
	}
	return c, c.Validate()
}

// DecodeSchedule reads a client's schedule: a JSON object with its dates
// whose activities pass the activity form's rules.
func DecodeSchedule(raw json.RawMessage) (*campaign.Schedule, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, &InputError{Message: MsgNoSchedule, Fields: map[string]string{"schedule": "is required"}}
	}
	var sched campaign.Schedule
	if err := json.Unmarshal(trimmed, &sched); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return nil, Invalid("schedule."+typeErr.Field, "has the wrong type")
		}
		return nil, Invalid("schedule", "must be a campaign schedule object")
	}
	// Every schedule the generator writes has its dates; {} is no schedule.
	for _, d := range []struct{ field, value string }{{"schedule.startDate", sched.StartDate}, {"schedule.endDate", sched.EndDate}} {
		if _, err := time.Parse(campaign.DateLayout, d.value); err != nil {
			return nil, Invalid(d.field, "must be a date (YYYY-MM-DD)")
		}
	}
	if err := sched.Validate(); err != nil {
		return nil, CampaignInvalid(err)
	}
	return &sched, nil
}

// CampaignInvalid turns the generator's validation failure into an
// *InputError carrying the spec's message; other errors pass through.
func CampaignInvalid(err error) error {
	var ve *campaign.ValidationError
	if errors.As(err, &ve) {
		return &InputError{Message: ve.Message, Fields: ve.Fields, Err: err}
	}
	return err
}

// RerenderCampaigns stores the server's rendering of every saved campaign
// whose stored HTML is not that rendering: HTML a client sent before the
// server rendered every campaign, or one rendered by an older
// renderer. It changes nothing else (store.SetCampaignHTML). serve and
// migrate run it at every start; once every campaign is current it only
// reads. It returns how many campaigns it rendered again. A campaign whose
// stored schedule cannot be read keeps its HTML and is named in the error,
// after every other campaign was done. It holds one page of campaigns and
// one campaign's HTML at a time: reading all of them at once (60 MB of
// schedules and their HTML at the five-year scale) was serve's peak heap
// before it answered anything.
func (p *Plan) RerenderCampaigns(ctx context.Context) (int, error) {
	if _, err := acting(ctx); err != nil {
		return 0, err
	}
	n := 0
	var bad []error
	for after := ""; ; {
		page, err := p.st.ListCampaignPage(ctx, after, rerenderPage)
		if errors.Is(err, store.ErrNotFound) && after != "" {
			// The cursor's campaign was deleted meanwhile: start again; the
			// campaigns done are current, so they are only read.
			after, bad = "", nil
			continue
		}
		if err != nil {
			return n, err
		}
		for _, listed := range page.Rows {
			c, err := p.st.GetCampaign(ctx, listed.ID)
			if errors.Is(err, store.ErrNotFound) {
				continue // deleted meanwhile
			}
			if err != nil {
				return n, err
			}
			done, err := p.rerender(ctx, c)
			if err != nil && !errors.Is(err, errUnreadable) {
				return n, err
			}
			if err != nil {
				bad = append(bad, err)
			}
			if done {
				n++
			}
		}
		if !page.More {
			break
		}
		after = page.Rows[len(page.Rows)-1].ID
	}
	return n, errors.Join(bad...)
}

// rerenderPage is how many campaigns RerenderCampaigns reads at a time.
const rerenderPage = 20

// errUnreadable marks a campaign RerenderCampaigns cannot render.
var errUnreadable = errors.New("cannot be rendered")

// rerender stores c's rendering when its HTML differs; done says it did.
// A schedule that cannot be rendered is an error wrapping errUnreadable.
func (p *Plan) rerender(ctx context.Context, c domain.Campaign) (done bool, err error) {
	var sched campaign.Schedule
	if err := json.Unmarshal(c.Schedule, &sched); err != nil {
		return false, fmt.Errorf("campaign %s: stored schedule: %w (%w)", c.ID, err, errUnreadable)
	}
	html, err := campaign.RenderHTML(&sched)
	if err != nil {
		return false, fmt.Errorf("campaign %s: %w (%w)", c.ID, err, errUnreadable)
	}
	if html == c.HTMLContent {
		return false, nil
	}
	err = p.st.SetCampaignHTML(ctx, c.ID, html)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil // deleted meanwhile
	}
	return err == nil, err
}

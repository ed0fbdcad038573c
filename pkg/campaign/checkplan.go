package campaign

import (
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign/check"
)

// Milestones are what a plan is read against besides its activities: its
// milestone dates, the day rules and the cap in force when it was made. A
// generated schedule carries them so a saved or edited one can be checked
// later; a schedule without them is checked against its activities alone.
type Milestones struct {
	GoLive             string            `json:"goLive,omitempty"`
	Acquisition        string            `json:"acquisition,omitempty"`
	Announcement       string            `json:"announcement,omitempty"`
	PreAcquisition     bool              `json:"preAcquisition,omitempty"`
	NewlyAcquired      bool              `json:"newlyAcquired,omitempty"`
	WeekendsAllowed    bool              `json:"weekendsAllowed,omitempty"`
	Holidays           map[string]string `json:"holidays,omitempty"`
	MaxPerAudienceWeek int               `json:"maxPerAudienceWeek,omitempty"`
}

// CheckRules are the checker's rules for a campaign named name, read from
// the catalogue: its sequence pairs, the windows of its anchored entries,
// the pinned milestones, the deal team, the announcement and what follows
// the close.
func CheckRules(name string) check.Rules {
	cat := loadCatalogue()
	r := check.Rules{
		Sequence:       append(append([]check.Pair(nil), cat.Sequence...), cat.stepPairs()...),
		Pinned:         []string{cat.GoLive.Testing.Title, cat.GoLive.Celebration.Title},
		DealTeam:       []string{audienceLabel("executives")},
		Announcement:   announcementTitle(),
		AfterClose:     cat.AfterClose.Titles,
		CloseAudiences: labels(cat.AfterClose.Audiences),
		Tolerance:      windowSlack,
	}
	r.BeforeGoLive, r.LeadTime = cat.leadSteps()
	seen := map[string]bool{}
	for _, t := range campaignTypes {
		for _, k := range phaseKeys {
			for _, e := range append(append([]entry(nil), cat.Types[t.ID][k]...), cat.Common[k]...) {
				if e.Anchor == "" || (e.From == nil && e.To == nil) || e.Series != "" {
					continue
				}
				title := strings.ReplaceAll(e.Title, "{campaign}", name)
				if seen[title+e.Anchor] {
					continue
				}
				seen[title+e.Anchor] = true
				r.Windows = append(r.Windows, check.Window{Match: title, Anchor: e.Anchor, From: e.From, To: e.To})
			}
		}
	}
	return r
}

func labels(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = audienceLabel(id)
	}
	return out
}

// announcementTitle is the all-employee announcement of the last
// pre-acquisition phase: the moment a deal becomes public.
func announcementTitle() string {
	es := loadCatalogue().PreAcquistion[preAcquisitionPhases[len(preAcquisitionPhases)-1].ID]
	return es[0].Title
}

// CheckSchedule reads a schedule as a planner does and returns the
// findings of pkg/campaign/check. Dates it cannot read are left out (the
// activity form's validation names them).
func CheckSchedule(s *Schedule) []check.Finding {
	p := check.Plan{Start: parseDay(s.StartDate), End: parseDay(s.EndDate)}
	if m := s.Milestones; m != nil {
		p.GoLive = parseDay(m.GoLive)
		p.Acquisition = parseDay(m.Acquisition)
		p.Announcement = parseDay(m.Announcement)
		p.PreAcquisition = m.PreAcquisition
		p.NewlyAcquired = m.NewlyAcquired
		p.WeekendsAllowed = m.WeekendsAllowed
		p.Cap = m.MaxPerAudienceWeek
		p.Holidays = map[time.Time]string{}
		for d, n := range m.Holidays {
			if t := parseDay(d); !t.IsZero() {
				p.Holidays[t] = n
			}
		}
	}
	for _, a := range s.Activities {
		d := parseDay(a.Date)
		if d.IsZero() {
			continue
		}
		p.Activities = append(p.Activities, check.Activity{ID: a.ID, Title: a.Title, Type: a.Type, Date: d,
			Audience: a.Audience, Confidentiality: a.Confidentiality})
	}
	return check.Check(p, CheckRules(s.CampaignName))
}

func parseDay(s string) time.Time {
	t, err := time.Parse(DateLayout, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}
	}
	return t
}

// CheckResult is the checker's answer as the API and the CLI give it: the
// findings, errors first, and how many of each severity.
type CheckResult struct {
	Findings []check.Finding `json:"findings"`
	Errors   int             `json:"errors"`
	Warnings int             `json:"warnings"`
}

// CheckReport checks s and counts the findings.
func CheckReport(s *Schedule) CheckResult {
	fs := CheckSchedule(s)
	if fs == nil {
		fs = []check.Finding{}
	}
	r := CheckResult{Findings: fs, Errors: check.Errors(fs)}
	r.Warnings = len(fs) - r.Errors
	return r
}

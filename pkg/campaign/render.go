package campaign

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"
)

//go:embed schedule.html.tmpl
var scheduleTemplateText string

var scheduleTemplate = template.Must(template.New("schedule").Parse(scheduleTemplateText))

// htmlView is what the template reads: a schedule with its display texts
// (en-US short dates, channel labels) already worked out.
type htmlView struct {
	Title, Type, Start, End, Status, Summary, ConfidentialityNote, Target string
	Total                                                                 int
	Divisions                                                             []DivisionProfile
	Timeline                                                              []htmlTimeline
	Phases                                                                []htmlPhase
}

type htmlTimeline struct {
	Phase, Timing, Dates string
	Activities           int
}

type htmlPhase struct {
	Heading, Duration, Description, Confidentiality string
	Activities                                      []htmlActivity
}

type htmlActivity struct {
	Date, Timing, Title, Description, Type, Audience, Channel string
	Priority, PriorityClass, Status                           string
	Confidentiality, PhasePercentage                          string
}

// RenderHTML renders the schedule as a self-contained, printable HTML
// document. Every text is escaped, so an edited schedule cannot inject
// markup. Saved campaigns keep this document as their htmlContent.
func RenderHTML(s *Schedule) (string, error) {
	var b strings.Builder
	if err := WriteHTML(&b, s); err != nil {
		return "", err
	}
	return b.String(), nil
}

// WriteHTML writes the document RenderHTML returns.
func WriteHTML(w io.Writer, s *Schedule) error {
	if err := scheduleTemplate.Execute(w, newHTMLView(s)); err != nil {
		return fmt.Errorf("render campaign schedule: %w", err)
	}
	return nil
}

func newHTMLView(s *Schedule) htmlView {
	title := strings.TrimSpace(s.CampaignName)
	if title == "" {
		title = strings.TrimSpace(s.Name)
	}
	if title == "" {
		title = "Campaign Schedule"
	}
	typ := s.Type
	if typ == "" {
		typ = DefaultType
	}
	v := htmlView{
		Title:               title,
		Type:                typ,
		Start:               displayDate(s.StartDate),
		End:                 displayDate(s.EndDate),
		Status:              s.Status,
		Summary:             s.Summary,
		ConfidentialityNote: s.ConfidentialityNote,
		Total:               s.TotalActivities,
	}
	if s.Targeting != nil {
		v.Target = s.Targeting.EmployeeTarget
		v.Divisions = s.Targeting.Divisions
	}
	start, startErr := time.Parse(DateLayout, s.StartDate)
	end, endErr := time.Parse(DateLayout, s.EndDate)
	for _, t := range s.Timeline {
		row := htmlTimeline{Phase: t.Phase, Timing: t.Timing, Activities: t.Activities}
		if startErr == nil && endErr == nil && t.StartDay >= 1 && t.EndDay >= t.StartDay {
			from := minDate(start.AddDate(0, 0, t.StartDay-1), end)
			to := minDate(start.AddDate(0, 0, t.EndDay-1), end)
			row.Dates = ShortDate(from) + " - " + ShortDate(to)
		}
		v.Timeline = append(v.Timeline, row)
	}
	for i, p := range s.Phases {
		heading := "Phase " + strconv.Itoa(i+1) + ": " + p.Name
		hp := htmlPhase{Heading: heading, Duration: p.Duration, Description: p.Description, Confidentiality: p.Confidentiality}
		for _, a := range p.Activities {
			hp.Activities = append(hp.Activities, htmlActivity{
				Date: displayDate(a.Date), Timing: a.Timing, Title: a.Title, Description: a.Description,
				Type: a.Type, Audience: a.Audience, Channel: ChannelLabel(a.Channel),
				Priority: a.Priority, PriorityClass: priorityClass(a.Priority), Status: a.Status,
				Confidentiality: a.Confidentiality, PhasePercentage: a.PhasePercentage,
			})
		}
		v.Phases = append(v.Phases, hp)
	}
	return v
}

// priorityClass limits the CSS class to the three known priorities; any
// other value is shown grey like low.
func priorityClass(p string) string {
	switch p {
	case PriorityHigh, PriorityMedium:
		return p
	default:
		return PriorityLow
	}
}

// displayDate shows an ISO date in en-US short form and leaves any other
// text (an edited schedule's) as it is.
func displayDate(s string) string {
	t, err := time.Parse(DateLayout, s)
	if err != nil {
		return s
	}
	return ShortDate(t)
}

func minDate(a, b time.Time) time.Time {
	if a.After(b) {
		return b
	}
	return a
}

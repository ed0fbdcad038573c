package campaign

import (
	"fmt"
	"strings"
	"time"
)

// Activity form messages of spec 02 §5, and the enumerations it allows.
const (
	MsgTitleRequired       = "Title is required"
	MsgTypeRequired        = "Type is required"
	MsgTimingRequired      = "Timing is required"
	MsgDateRequired        = "Date is required"
	MsgAudienceRequired    = "Audience is required"
	MsgChannelRequired     = "Channel is required"
	MsgDescriptionRequired = "Description is required"
	MsgActivityDate        = "Date must be a valid date (YYYY-MM-DD)"
	MsgActivityPriority    = "Priority must be high, medium or low"
	MsgActivityStatus      = "Status must be planned, in-progress, completed or cancelled"
)

// ValidateActivity checks one activity against the activity form's rules:
// every text field is required, the date is an ISO date, the priority and
// the status are one of their allowed values. field prefixes the names in
// the returned *ValidationError's Fields.
func ValidateActivity(a Activity, field string) error {
	for _, f := range []struct{ name, value, msg string }{
		{"title", a.Title, MsgTitleRequired},
		{"type", a.Type, MsgTypeRequired},
		{"timing", a.Timing, MsgTimingRequired},
		{"date", a.Date, MsgDateRequired},
		{"audience", a.Audience, MsgAudienceRequired},
		{"channel", a.Channel, MsgChannelRequired},
		{"description", a.Description, MsgDescriptionRequired},
	} {
		if strings.TrimSpace(f.value) == "" {
			return invalid(f.msg, field+f.name, f.msg)
		}
	}
	if _, err := time.Parse(DateLayout, a.Date); err != nil {
		return invalid(MsgActivityDate, field+"date", MsgActivityDate)
	}
	switch a.Priority {
	case PriorityHigh, PriorityMedium, PriorityLow:
	default:
		return invalid(MsgActivityPriority, field+"priority", MsgActivityPriority)
	}
	switch a.Status {
	case ActivityPlanned, ActivityInProgress, ActivityCompleted, ActivityCancelled:
	default:
		return invalid(MsgActivityStatus, field+"status", MsgActivityStatus)
	}
	return nil
}

// Validate checks a schedule that comes back from a client (edited in the
// scheduler or the inventory) before it is stored: every activity, in the
// flat list and in the phases, must pass ValidateActivity. It reports the
// first failure as a *ValidationError whose Fields name the activity, such
// as "schedule.activities[3].title".
func (s *Schedule) Validate() error {
	for i, a := range s.Activities {
		if err := ValidateActivity(a, fmt.Sprintf("schedule.activities[%d].", i)); err != nil {
			return err
		}
	}
	for p, ph := range s.Phases {
		for i, a := range ph.Activities {
			if err := ValidateActivity(a, fmt.Sprintf("schedule.phases[%d].activities[%d].", p, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

package domain

import (
	"time"
)

// Blackout is a period in which communications should not go out. Its dates
// are inclusive calendar dates (YYYY-MM-DD); no AudienceIDs means everyone.
type Blackout struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	StartDate   string    `json:"startDate"`
	EndDate     string    `json:"endDate"`
	AudienceIDs []string  `json:"audienceIds"`
	CreatedAt   time.Time `json:"createdAt"`
}

// Validate checks a blackout: a name, two calendar dates, the end not
// before the start. A nil AudienceIDs becomes empty (everyone).
func (b *Blackout) Validate() error {
	f := FieldErrors{}
	f.requiredText("name", &b.Name, MaxName)
	f.texts("audienceIds", b.AudienceIDs, MaxName)
	start, okStart := f.date("startDate", b.StartDate)
	end, okEnd := f.date("endDate", b.EndDate)
	if okStart && okEnd && end.Before(start) {
		f["endDate"] = "must not be before startDate"
	}
	if b.AudienceIDs == nil {
		b.AudienceIDs = []string{}
	}
	return f.orNil()
}

// date checks a required calendar date and returns it, as midnight UTC.
func (f FieldErrors) date(field, value string) (time.Time, bool) {
	if value == "" {
		f[field] = "is required"
		return time.Time{}, false
	}
	d, err := time.Parse(time.DateOnly, value)
	if err != nil {
		f[field] = "must be a date (YYYY-MM-DD)"
		return time.Time{}, false
	}
	return d, true
}

package domain

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// NewsletterTemplate is a named, reusable newsletter layout (issue 10,
// beyond the spec), so a planner sets up the monthly newsletter once.
// Template is the document pkg/compose reads (compose.NewsletterTemplate);
// storage keeps it as JSON text and the API checks its sections.
type NewsletterTemplate struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Template    json.RawMessage `json:"template"`
	CreatedAt   time.Time       `json:"createdAt"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

// Validate checks a newsletter template: a name of at most 200 characters,
// a description of at most 100,000 and a template that is a JSON object.
func (t *NewsletterTemplate) Validate() error {
	f := FieldErrors{}
	t.Name, t.Description = strings.TrimSpace(t.Name), strings.TrimSpace(t.Description)
	f.required("name", t.Name)
	f.maxLen("name", t.Name, maxName)
	f.maxLen("description", t.Description, maxText)
	switch trimmed := bytes.TrimSpace(t.Template); {
	case len(trimmed) == 0 || string(trimmed) == "null":
		f["template"] = "is required"
	case trimmed[0] != '{' || !json.Valid(trimmed):
		f["template"] = "must be a JSON object"
	}
	return f.orNil()
}

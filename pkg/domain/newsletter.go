package domain

import (
	"bytes"
	"encoding/json"
	"time"
)

// NewsletterTemplate is a named, reusable newsletter layout (beyond
// the spec), so a planner sets up the monthly newsletter once.
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

// Validate checks a newsletter template: a name of at most MaxName characters,
// a description of at most MaxDescription and a template that is a JSON object.
func (t *NewsletterTemplate) Validate() error {
	f := FieldErrors{}
	f.named(&t.Name, &t.Description)
	f.raw("template", t.Template)
	switch trimmed := bytes.TrimSpace(t.Template); {
	case len(trimmed) == 0 || string(trimmed) == "null":
		f["template"] = "is required"
	case trimmed[0] != '{' || !json.Valid(trimmed):
		f["template"] = "must be a JSON object"
	}
	return f.orNil()
}

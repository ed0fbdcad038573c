// Package compose turns a theme, its guiding questions and the planner's raw
// notes into a finished piece for one delivery vehicle. It is pure Go: no
// I/O, no clock, no randomness; the same input gives the same bytes.
package compose

import (
	"context"
	"errors"
	"fmt"

	"github.com/commsplan/commsplan/pkg/domain"
)

// ErrNoVehicle is returned when no delivery vehicle was chosen (spec 02 §4).
//
//lint:ignore ST1005 the spec's text, shown to the user as it is
var ErrNoVehicle = errors.New("Please select a delivery vehicle first")

// Theme is the communication theme the piece is about.
type Theme struct{ Name, Description string }

// Question is one guiding question of the theme, chosen by the planner.
type Question struct {
	ID, Question, Description string
	// Examples are the library's content linked to the question (each
	// piece's title, description and text): answers from other pieces,
	// which show the words and the kind of answer the question takes.
	Examples []string
}

// Vehicle is the delivery vehicle the piece is generated for.
type Vehicle struct {
	Name, Type           string
	Settings             domain.VehicleSettings // template, maxLength, format
	Strategy             string                 // traditional | digital | universal
	PreferredGenerations []string
}

// Input is everything a generator needs.
type Input struct {
	Theme     Theme
	Questions []Question          // in the order chosen
	Raw       string              // the planner's notes
	Vehicle   *Vehicle            // nil: ErrNoVehicle
	Template  *NewsletterTemplate // newsletter only; nil means the default
	Frame     Frame               // the communication's title, audience and date
	// Placeholders keeps a bracketed prompt ("[Add the key dates]") in a
	// section the notes cannot fill, for a planner who wants a template;
	// without it such a section is left out.
	Placeholders bool
}

// Result is a generated piece, already fitted to its format and length.
type Result struct {
	Content   string `json:"generatedContent"`
	Format    string `json:"format"`    // html | markdown | text
	Length    int    `json:"length"`    // characters (Unicode code points)
	MaxLength int    `json:"maxLength"` // 0: no limit
	Truncated bool   `json:"truncated"`
	// Withheld are the lines of the notes kept out as internal (Withhold).
	Withheld []string `json:"withheld"`
	// Segments is the number of SMS segments (GSM-7) of an sms piece; 0
	// for other types.
	Segments int `json:"segments,omitempty"`
}

// Generator produces a piece from an input. The rule-based generator is the
// default; plugins (plugins/compose/openai) provide others, and every one of
// them passes its answer through Fit.
type Generator interface {
	Generate(ctx context.Context, in Input) (Result, error)
}

type rules struct{}

func (rules) Generate(_ context.Context, in Input) (Result, error) { return Generate(in) }

// Rules returns the rule-based generator (Generate) as a Generator.
func Rules() Generator { return rules{} }

// Generate is the rule-based generator: it checks the input, applies the
// vehicle type's rule in the vehicle's format and tone, and fits the result
// to the vehicle's maximum length.
func Generate(in Input) (Result, error) {
	if err := checkInput(in); err != nil {
		return Result{}, err
	}
	info, _ := domain.VehicleTypeInfo(in.Vehicle.Type)
	format := in.Vehicle.Settings.Format
	if format == "" {
		format = info.DefaultSettings.Format
	}
	format = normalizeFormat(format)
	v := *in.Vehicle
	if v.Strategy == "" {
		v.Strategy = info.DefaultStrategy
	}
	in.Vehicle = &v
	m := newMaterial(in, format)
	build := func() string { return rulesByType[v.Type](m).render(format) }
	content := build()
	if m.max > 0 && (m.measure(content) > m.max || m.shortened) {
		content = m.trim(build)
	}
	var r Result
	if v.Type == "sms" && format == FormatText {
		r = FitSMS(content, m.max)
	} else {
		r = Fit(content, format, m.max)
	}
	r.Truncated = r.Truncated || m.shortened
	_, r.Withheld = Withhold(in.Raw)
	return r, nil
}

// checkInput rejects what no rule can work with.
func checkInput(in Input) error {
	if in.Vehicle == nil {
		return ErrNoVehicle
	}
	if _, ok := rulesByType[in.Vehicle.Type]; !ok {
		return fmt.Errorf("unknown vehicle type %q", in.Vehicle.Type)
	}
	if inline(in.Theme.Name) == "" {
		return errors.New("a theme is required")
	}
	if in.Template != nil {
		if err := in.Template.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// Formats a vehicle can produce.
const (
	FormatHTML     = "html"
	FormatMarkdown = "markdown"
	FormatText     = "text"
)

// normalizeFormat maps an unset or unknown format to text, the one that is
// safe everywhere.
func normalizeFormat(f string) string {
	switch f {
	case FormatHTML, FormatMarkdown:
		return f
	}
	return FormatText
}

// Package assembly is content generation over the store: it loads a theme,
// its questions and a delivery vehicle, runs a compose.Generator, and saves
// the result to the content library. pkg/api (the Assembly wizard's calls)
// and pkg/cli ("commsplan content generate") both call it, so the browser and
// the terminal cannot drift apart. The engine itself (pkg/compose) stays pure.
package assembly

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"

	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// The spec's messages (spec 02 §5 and §7).
const (
	MsgNoTitle       = "Please enter a title for the content"
	MsgNothingToSave = "No communication to save"
)

// InputError is bad input carrying the spec's sentence, shown as it is
// (the API answers 400 with it, the CLI exits 2 with it). Field names the
// request field.
type InputError struct {
	Field   string
	Message string
}

func (e *InputError) Error() string { return e.Message }

// GeneratorError is a generator's own failure (a plugin's endpoint down or
// answering nonsense), as opposed to bad input. The API answers 502 with its
// message, which the UI shows under "Generation Failed"; it never falls back
// to another generator.
type GeneratorError struct{ Err error }

func (e *GeneratorError) Error() string { return e.Err.Error() }
func (e *GeneratorError) Unwrap() error { return e.Err }

// errNoVehicle is compose.ErrNoVehicle as the request field vehicleId.
func errNoVehicle() error {
	return &InputError{Field: "vehicleId", Message: compose.ErrNoVehicle.Error()}
}

// Request is what a piece is generated from: stored ids and the vehicle.
type Request struct {
	ThemeID     string
	QuestionIDs []string // in the order chosen
	Vehicle     *domain.Vehicle
	Raw         string
	Template    *compose.NewsletterTemplate
	// Frame is the communication's title, audience and date, which frame
	// the piece (the email's subject, the memo's TO, DATE and RE).
	Frame compose.Frame
	// Placeholders keeps bracketed prompts in sections the notes cannot
	// fill (compose.Input.Placeholders).
	Placeholders bool
}

// Input loads the request's theme and questions and builds the engine's
// input. Every question must belong to the theme.
func Input(ctx context.Context, st store.Store, r Request) (compose.Input, error) {
	if r.ThemeID == "" {
		return compose.Input{}, domain.FieldErrors{"themeId": "is required"}
	}
	th, err := st.GetTheme(ctx, r.ThemeID)
	if errors.Is(err, store.ErrNotFound) {
		return compose.Input{}, &store.ReferenceError{Field: "themeId"}
	}
	if err != nil {
		return compose.Input{}, err
	}
	qs, err := st.ListQuestions(ctx, store.QuestionFilter{ThemeID: th.ID})
	if err != nil {
		return compose.Input{}, err
	}
	in := compose.Input{Theme: compose.Theme{Name: th.Name, Description: th.Description}, Raw: r.Raw,
		Vehicle: Vehicle(r.Vehicle), Template: r.Template, Questions: []compose.Question{}, Frame: r.Frame,
		Placeholders: r.Placeholders}
	for _, id := range r.QuestionIDs {
		i := slices.IndexFunc(qs, func(q domain.Question) bool { return q.ID == id })
		if i < 0 {
			return compose.Input{}, domain.FieldErrors{"selectedQuestions": "must be questions of the theme"}
		}
		in.Questions = append(in.Questions, compose.Question{ID: id, Question: qs[i].Question, Description: qs[i].Description})
	}
	if len(in.Questions) > 0 {
		if err := addExamples(ctx, st, in.Questions); err != nil {
			return compose.Input{}, err
		}
	}
	return in, nil
}

// markup is a tag of a piece saved as HTML: no words of its answer.
var markup = regexp.MustCompile(`<[^>]*>`)

// addExamples gives each question the library content linked to it (its
// title, description and text), which the engine reads as the kind of
// answer the question takes.
func addExamples(ctx context.Context, st store.Store, qs []compose.Question) error {
	pieces, err := st.ListContent(ctx)
	if err != nil {
		return err
	}
	for i := range qs {
		for _, p := range pieces {
			if slices.Contains(p.QuestionIDs, qs[i].ID) {
				qs[i].Examples = append(qs[i].Examples, markup.ReplaceAllString(strings.Join([]string{p.Title, p.Description, p.Content}, ". "), " "))
			}
		}
	}
	return nil
}

// Vehicle is the engine's view of a stored (or default) vehicle; nil for nil.
func Vehicle(v *domain.Vehicle) *compose.Vehicle {
	if v == nil {
		return nil
	}
	return &compose.Vehicle{Name: v.Name, Type: v.Type, Settings: v.Settings, Strategy: v.CommunicationStrategy,
		PreferredGenerations: v.PreferredGenerations}
}

// Run generates with gen. Bad input (no vehicle, a template that turns a
// required section off) is checked before any generator runs and comes back
// as *InputError or domain.FieldErrors; any other failure is a
// *GeneratorError. Internal lines of the notes (compose.Withhold) never
// reach the generator, whichever it is; the result lists them as Withheld.
func Run(ctx context.Context, gen compose.Generator, in compose.Input) (compose.Result, error) {
	if in.Vehicle == nil {
		return compose.Result{}, errNoVehicle()
	}
	if in.Template != nil {
		if err := in.Template.Validate(); err != nil {
			return compose.Result{}, err
		}
	}
	var withheld []string
	in.Raw, withheld = compose.Withhold(in.Raw)
	res, err := gen.Generate(ctx, in)
	var fields domain.FieldErrors
	switch {
	case err == nil:
		res.Withheld = withheld
		return res, nil
	case errors.Is(err, compose.ErrNoVehicle):
		return res, errNoVehicle()
	case errors.As(err, &fields):
		return res, err
	default:
		return res, &GeneratorError{Err: err}
	}
}

// Frame is what a communication says about its piece: its title, its
// audience's name (none when it has no audience or the audience was
// deleted) and its scheduled day.
func Frame(ctx context.Context, st store.Store, c domain.Communication) (compose.Frame, error) {
	f := compose.Frame{Title: c.Title}
	if c.AudienceID != "" {
		a, err := st.GetAudience(ctx, c.AudienceID)
		switch {
		case err == nil:
			f.Audience, f.Greeting = a.Name, Greeting(a)
		case !errors.Is(err, store.ErrNotFound):
			return f, err
		}
	}
	if c.ScheduledDate != "" {
		if s, err := domain.ParseScheduled(c.ScheduledDate); err == nil {
			f.Date = s.Day(nil)
		}
	}
	return f, nil
}

// Greeting is whom a piece's greeting names for an audience: the greeting
// configured on it; else a division's audience (one division) greets its
// team by the division's place ("Massachusetts team" for "BFA -
// Massachusetts"); any other, by its name without a code (the engine
// derives it).
func Greeting(a domain.Audience) string {
	if g := strings.TrimSpace(a.Greeting); g != "" {
		return g
	}
	if len(a.Divisions) == 1 {
		return compose.DivisionGreeting(a.Divisions[0])
	}
	return ""
}

// NewsletterPreview is what the template editor previews and downloads:
// the newsletter the rules generator makes from the template, the theme, the
// questions and the notes, with the newsletter vehicle v (a stored one, or
// the type's defaults when nil). It is the same HTML as Generate with the
// rules for the same input, so the planner approves what is generated.
func NewsletterPreview(ctx context.Context, st store.Store, r Request) (compose.Result, error) {
	if r.Vehicle == nil {
		v, _ := domain.DefaultVehicle("newsletter")
		r.Vehicle = &v
	}
	if r.Vehicle.Type != "newsletter" {
		return compose.Result{}, domain.FieldErrors{"vehicleId": "must be a newsletter vehicle"}
	}
	in, err := Input(ctx, st, r)
	if err != nil {
		return compose.Result{}, err
	}
	return Run(ctx, compose.Rules(), in)
}

// Generation is the body of POST /api/communications/{id}/generate-content.
type Generation struct {
	VehicleID string
	// Raw replaces the communication's raw content when not nil.
	Raw      *string
	Template *compose.NewsletterTemplate
	// Placeholders keeps bracketed prompts (compose.Input.Placeholders).
	Placeholders bool
}

// Generated is what a generation for a stored communication produced: the
// piece, and the vehicle and raw content it was generated with, which the
// communication takes (Apply).
type Generated struct {
	Result         compose.Result
	VehicleID, Raw string
}

// Apply sets on c what the generation changes: its vehicle, raw content
// and generated content.
func (g Generated) Apply(c *domain.Communication) {
	c.VehicleID, c.RawContent, c.GeneratedContent = g.VehicleID, g.Raw, g.Result.Content
}

// GenerateCommunication generates a piece for a stored communication (its
// theme and selected questions) with g's vehicle. It writes nothing: the
// use case (plan.GenerateContent) stores what it answers. An unknown
// communication or vehicle is store.ErrNotFound.
func GenerateCommunication(ctx context.Context, st store.Store, gen compose.Generator, id string, g Generation) (Generated, error) {
	c, err := st.GetCommunication(ctx, id)
	if err != nil {
		return Generated{}, err
	}
	if strings.TrimSpace(g.VehicleID) == "" {
		return Generated{}, errNoVehicle()
	}
	v, err := st.GetVehicle(ctx, g.VehicleID)
	if err != nil {
		return Generated{}, err
	}
	raw := c.RawContent
	if g.Raw != nil {
		raw = *g.Raw
	}
	frame, err := Frame(ctx, st, c)
	if err != nil {
		return Generated{}, err
	}
	in, err := Input(ctx, st, Request{ThemeID: c.ThemeID, QuestionIDs: c.SelectedQuestions, Vehicle: &v, Raw: raw,
		Template: g.Template, Frame: frame, Placeholders: g.Placeholders})
	if err != nil {
		return Generated{}, err
	}
	// The generator may be a remote model and slow: it runs outside any
	// transaction, and only the three fields it sets are written after.
	res, err := Run(ctx, gen, in)
	return Generated{Result: res, VehicleID: v.ID, Raw: raw}, err
}

// Save is the body of POST /api/communications/{id}/save-to-library.
type Save struct {
	CommunicationID    string
	Title, Description string
	// VehicleType, when set, is used instead of the type of the
	// communication's vehicle: the CLI generates for a bare vehicle type,
	// which is no stored vehicle.
	VehicleType string
	// Content, when set, is the text to save: the generated content as the
	// planner edited it in the wizard's step 4. It also becomes the
	// communication's generated content, so the two never differ. When nil,
	// the communication's stored generated content is saved.
	Content *string
}

// SourceData is a saved piece's sourceData: where it was generated from.
type SourceData struct {
	CommunicationID string   `json:"communicationId"`
	ThemeID         string   `json:"themeId"`
	QuestionIDs     []string `json:"questionIds"`
	VehicleID       string   `json:"vehicleId"`
	// Format is the format the piece was generated in (text, html or
	// markdown): the Content Library renders and downloads it by it.
	Format string `json:"format,omitempty"`
}

// MsgConfidential refuses saving a confidential communication's content to
// the library, which everyone reads.
const MsgConfidential = "A confidential communication's content cannot go to the Content Library, which everyone reads."

// Check refuses a save without a title, before anything is read.
func (s Save) Check() error {
	if strings.TrimSpace(s.Title) == "" {
		return &InputError{Field: "title", Message: MsgNoTitle}
	}
	return nil
}

// LibraryPiece prepares saving communication c's generated content to
// the library: the content piece of type text, linked to every selected
// question that still exists, and c as the save changes it (its text, when
// s edits it). It reads through st, the save's transaction, and writes
// nothing: the use case (plan.SaveToLibrary) stores the piece and sets c's
// finalContentId, in that transaction.
func LibraryPiece(ctx context.Context, st store.Store, c domain.Communication, s Save) (domain.Content, domain.Communication, error) {
	if err := s.Check(); err != nil {
		return domain.Content{}, c, err
	}
	title := strings.TrimSpace(s.Title)
	if c.Confidential {
		// The library is everyone's: a confidential text stays with its
		// record's insiders.
		return domain.Content{}, c, &InputError{Field: "confidential", Message: MsgConfidential}
	}
	if s.Content != nil {
		if strings.TrimSpace(*s.Content) == "" {
			return domain.Content{}, c, &InputError{Field: "content", Message: MsgNothingToSave}
		}
		c.GeneratedContent = *s.Content
	}
	if strings.TrimSpace(c.GeneratedContent) == "" {
		return domain.Content{}, c, &InputError{Field: "generatedContent", Message: MsgNothingToSave}
	}
	// A question deleted since the communication chose it has no piece to
	// link to.
	linked := []string{}
	for _, qid := range c.SelectedQuestions {
		if _, err := st.GetQuestion(ctx, qid); errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return domain.Content{}, c, err
		}
		if !slices.Contains(linked, qid) {
			linked = append(linked, qid)
		}
	}
	vehicleType := s.VehicleType
	if vehicleType == "" && c.Vehicle != nil {
		vehicleType = c.Vehicle.Type
	}
	format, err := pieceFormat(ctx, st, c.VehicleID, vehicleType)
	if err != nil {
		return domain.Content{}, c, err
	}
	src, err := json.Marshal(SourceData{CommunicationID: c.ID, ThemeID: c.ThemeID, QuestionIDs: linked, VehicleID: c.VehicleID, Format: format})
	if err != nil {
		return domain.Content{}, c, err
	}
	// The piece's validation checks the (edited) text's length, which is
	// the communication's limit too.
	piece := domain.Content{Title: title, Description: s.Description, Content: c.GeneratedContent,
		Type: domain.ContentText, VehicleType: vehicleType, SourceData: src, QuestionIDs: linked}
	return piece, c, piece.Validate()
}

// pieceFormat is the format a saved piece was generated in: the stored
// vehicle's, else its type's default, else "" (unknown).
func pieceFormat(ctx context.Context, st store.Store, vehicleID, vehicleType string) (string, error) {
	if vehicleID != "" {
		v, err := st.GetVehicle(ctx, vehicleID)
		if err == nil && v.Settings.Format != "" {
			return v.Settings.Format, nil
		}
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return "", err
		}
	}
	if info, ok := domain.VehicleTypeInfo(vehicleType); ok {
		return info.DefaultSettings.Format, nil
	}
	return "", nil
}

// ParseTemplate decodes and validates a newsletter template
// document; errors are domain.FieldErrors under field (the engine names its
// fields as the API's customTemplate).
func ParseTemplate(raw json.RawMessage, field string) (compose.NewsletterTemplate, error) {
	var doc compose.NewsletterTemplate
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&doc); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return doc, domain.FieldErrors{field + "." + typeErr.Field: "has the wrong type"}
		}
		return doc, domain.FieldErrors{field: "must be a newsletter template object"}
	}
	var fields domain.FieldErrors
	if err := doc.Validate(); errors.As(err, &fields) {
		out := domain.FieldErrors{}
		for k, v := range fields {
			out[field+strings.TrimPrefix(k, "customTemplate")] = v
		}
		return doc, out
	} else if err != nil {
		return doc, err
	}
	return doc, nil
}

// Checking is the body of POST /api/communications/{id}/check-content: the
// piece as the planner has edited it.
type Checking struct {
	Content string
	// Format is the piece's (html, markdown or text); empty: the
	// communication's vehicle's.
	Format string
	// Placeholders says the planner keeps bracketed prompts (a template):
	// they are no finding then (compose.Input.Placeholders).
	Placeholders bool
}

// CheckCommunication runs compose.Check on a communication's edited piece,
// with the input it was generated from (its theme, questions, notes,
// vehicle and frame): what the wizard lists beside the preview.
func CheckCommunication(ctx context.Context, st store.Store, id string, ck Checking) ([]compose.Finding, error) {
	c, err := st.GetCommunication(ctx, id)
	if err != nil {
		return nil, err
	}
	if c.VehicleID == "" {
		return nil, errNoVehicle()
	}
	v, err := st.GetVehicle(ctx, c.VehicleID)
	if err != nil {
		return nil, err
	}
	format := ck.Format
	if format == "" {
		format = v.Settings.Format
	}
	if !slices.Contains([]string{compose.FormatHTML, compose.FormatMarkdown, compose.FormatText}, format) {
		return nil, domain.FieldErrors{"format": "must be html, markdown or text"}
	}
	frame, err := Frame(ctx, st, c)
	if err != nil {
		return nil, err
	}
	in, err := Input(ctx, st, Request{ThemeID: c.ThemeID, QuestionIDs: c.SelectedQuestions, Vehicle: &v, Raw: c.RawContent,
		Frame: frame, Placeholders: ck.Placeholders})
	if err != nil {
		return nil, err
	}
	findings := compose.Check(in, compose.Result{Content: ck.Content, Format: format, MaxLength: v.Settings.MaxLength})
	if findings == nil {
		findings = []compose.Finding{}
	}
	return findings, nil
}

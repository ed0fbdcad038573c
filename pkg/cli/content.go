package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

func newContentCmd(f *Factory) *cobra.Command {
	return newGroupCmd("content", "Generate content for a delivery vehicle, check a draft, save it to the library",
		`Turn a theme, its guiding questions and raw notes into a finished piece for
a delivery vehicle, with the same generator and the same save-to-library as
the web UI's Assembly wizard.`,
		newContentGenerateCmd(f, nil), newContentCheckCmd(f, nil))
}

// ContentGenerateOptions are the inputs of "content generate".
type ContentGenerateOptions struct {
	Theme       string
	Questions   []string
	Vehicle     string
	RawFile     string
	Template    string
	Output      string
	Save        bool
	Title       string
	Audience    string
	Date        string
	Description string
	// Placeholders keeps bracketed prompts in sections the notes cannot fill.
	Placeholders bool
}

// contentFormats are the formats of "content generate".
var contentFormats = []string{"text", "json"}

// maxRawInput bounds --raw and --template, like the API's body limit.
const maxRawInput = 1 << 20

func newContentGenerateCmd(f *Factory, runF func(*ContentGenerateOptions) error) *cobra.Command {
	opts := &ContentGenerateOptions{}
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Generate a piece for a delivery vehicle",
		Long: `Generate a piece from a theme (its name or id), guiding questions (ids, in
the order given; all the theme's questions in their order when none is
given) and raw notes, for a delivery vehicle: a stored vehicle's id, or a
vehicle type, which uses that type's default settings. --template is a
newsletter template as JSON (the API's customTemplate, or a saved template
from GET /api/newsletter-templates/{id}).

Vehicle types:
` + wrapList(domain.VehicleTypeNames, "  ", 76) + `

The generator is the one the server uses (compose.generator: rules, or an
OpenAI-compatible API), and the content is the same as the web UI's for the
same input. Text output is the content itself; json adds format, length,
maxLength, truncated, withheld (the internal lines of the notes, kept out of
the piece: those starting INTERNAL:, CONFIDENTIAL:, NOTE TO SELF, TODO: or
//, or saying "do not mention", "don't mention", "do not share" or "not for
distribution") and, for an SMS, segments.

--title, --audience and --date frame the piece as the communication would:
the title is the email's subject and the memo's RE line, the audience (a
name or an id) the memo's TO and the greeting, the date (YYYY-MM-DD) the
memo's DATE. A division's audience is greeted as its team ("Hello,
Massachusetts team"), never by its code.

A section the notes cannot fill is left out of the draft; --placeholders
keeps its bracketed prompt ("[Add the key dates]") for a planner who wants
a template. "commsplan content check" reads a draft as a planner would.

With --save a draft communication ("<theme> - <date>") is created and the
content is saved to the content library, linked to the questions, exactly as
the wizard's Save to Library does; the new content id is printed on stderr
(text) or as contentId (json). Bad input exits with code 2 and the web UI's
message.`,
		Example: `  commsplan content generate --theme "Why ERP" --vehicle email --raw notes.txt
  commsplan content generate --theme 6f1c... --question 9a2e... --question 41b7... --vehicle sms -o json
  cat notes.md | commsplan content generate --theme "Go-live" --vehicle newsletter --raw - --template monthly.json
  commsplan content generate --theme "Training" --vehicle 3c9d... --raw notes.txt --save --title "Training FAQ"
  commsplan content generate --theme "Go-live" --vehicle internal --raw notes.txt --title "Go-live on 3 March" --audience "Field Technicians" --date 2027-02-03`,
		Args: cobra.NoArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error { return contentGenerateRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "text", contentFormats...)
	fl := cmd.Flags()
	fl.StringVar(&opts.Theme, "theme", "", "theme name or id (required)")
	fl.StringArrayVar(&opts.Questions, "question", nil, "question id (repeatable, in order; default all the theme's questions)")
	fl.StringVar(&opts.Vehicle, "vehicle", "", "delivery vehicle id, or a vehicle type for its defaults (required)")
	fl.StringVar(&opts.RawFile, "raw", "", `file with the raw notes; "-" reads stdin`)
	fl.StringVar(&opts.Template, "template", "", "newsletter template JSON file (newsletter vehicles)")
	fl.BoolVar(&opts.Save, "save", false, "save the content to the library (needs --title)")
	fl.StringVar(&opts.Title, "title", "", "the communication's title: the email's subject, the memo's RE (and the saved content's title)")
	fl.StringVar(&opts.Audience, "audience", "", "audience name or id: the memo's TO and the greeting")
	fl.StringVar(&opts.Date, "date", "", "scheduled date (YYYY-MM-DD): the memo's DATE")
	fl.StringVar(&opts.Description, "description", "", "description of the saved content")
	fl.BoolVar(&opts.Placeholders, "placeholders", false, `keep a bracketed prompt ("[Add the key dates]") in a section the notes cannot fill, as a template`)
	config.AddSettingFlags(fl, func(s config.Setting) bool { return s.Compose })
	_ = cmd.RegisterFlagCompletionFunc("vehicle", cobra.FixedCompletions(domain.VehicleTypeNames, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// contentOutput is the json output: the API's generation answer, plus the
// saved records' ids with --save.
type contentOutput struct {
	compose.Result
	ContentID       string `json:"contentId,omitempty"`
	CommunicationID string `json:"communicationId,omitempty"`
}

func contentGenerateRun(cmd *cobra.Command, f *Factory, opts *ContentGenerateOptions) error {
	ctx := cmd.Context()
	if err := checkOutput(opts.Output, contentFormats...); err != nil {
		return err
	}
	if strings.TrimSpace(opts.Theme) == "" {
		return UsageError("--theme is required")
	}
	if strings.TrimSpace(opts.Vehicle) == "" {
		return UsageError("%s", compose.ErrNoVehicle.Error())
	}
	if opts.Save && strings.TrimSpace(opts.Title) == "" {
		return UsageError("%s", assembly.MsgNoTitle)
	}
	if !opts.Save && cmd.Flags().Changed("description") {
		return UsageError("--description needs --save")
	}
	var frame compose.Frame
	frame.Title = strings.TrimSpace(opts.Title)
	if d := strings.TrimSpace(opts.Date); d != "" {
		day, err := time.Parse(time.DateOnly, d)
		if err != nil {
			return UsageError("--date %q is not a date (YYYY-MM-DD)", opts.Date)
		}
		frame.Date = day
	}
	raw, err := readInput(f, opts.RawFile, "--raw")
	if err != nil {
		return err
	}
	var tmpl *compose.NewsletterTemplate
	if opts.Template != "" {
		if tmpl, err = readTemplate(f, opts.Template); err != nil {
			return err
		}
	}
	gen, err := f.Generator()
	if err != nil {
		return err
	}

	st, err := f.OpenExistingStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	theme, err := findTheme(ctx, st, strings.TrimSpace(opts.Theme))
	if err != nil {
		return err
	}
	questions := opts.Questions
	if len(questions) == 0 {
		qs, err := st.ListQuestions(ctx, store.QuestionFilter{ThemeID: theme.ID})
		if err != nil {
			return err
		}
		for _, q := range qs {
			questions = append(questions, q.ID)
		}
	}
	vehicle, stored, err := findVehicle(ctx, st, strings.TrimSpace(opts.Vehicle))
	if err != nil {
		return err
	}
	var audience domain.Audience
	if key := strings.TrimSpace(opts.Audience); key != "" {
		if audience, err = findAudience(ctx, st, key); err != nil {
			return err
		}
		frame.Audience, frame.Greeting = audience.Name, assembly.Greeting(audience)
	}
	in, err := assembly.Input(ctx, st, assembly.Request{ThemeID: theme.ID, QuestionIDs: questions, Vehicle: &vehicle,
		Raw: string(raw), Template: tmpl, Frame: frame, Placeholders: opts.Placeholders})
	if err != nil {
		return exitError(err, flagFor)
	}
	res, err := assembly.Run(ctx, gen, in)
	if err != nil {
		return exitError(err, flagFor)
	}

	out := contentOutput{Result: res}
	if opts.Save {
		if out.ContentID, out.CommunicationID, err = saveContent(ctx, f.Plan(st), opts, theme, questions, vehicle, stored, audience.ID,
			string(raw), res); err != nil {
			return exitError(err, flagFor)
		}
	}
	if opts.Output == "json" {
		return writeIndentedJSON(f.Out, out)
	}
	content := res.Content
	if !strings.HasSuffix(content, "\n") {
		content += "\n"
	}
	if _, err := io.WriteString(f.Out, content); err != nil {
		return err
	}
	if opts.Save {
		// stdout stays the content alone, so it can be redirected to a file.
		fmt.Fprintf(f.Err, "Saved to Library: content %s\n", out.ContentID)
	}
	return nil
}

// saveContent creates the draft communication the wizard would have and
// saves its content to the library, in one transaction; it returns the
// content and communication ids.
func saveContent(ctx context.Context, p *plan.Plan, opts *ContentGenerateOptions, theme domain.Theme, questions []string,
	vehicle domain.Vehicle, stored bool, audienceID, raw string, res compose.Result) (contentID, commID string, err error) {
	// The draft is titled as the piece is framed: by --title.
	c := domain.Communication{Title: strings.TrimSpace(opts.Title), ThemeID: theme.ID,
		SelectedQuestions: questions, RawContent: raw, GeneratedContent: res.Content, Status: domain.StatusDraft,
		AudienceID: audienceID, ScheduledDate: strings.TrimSpace(opts.Date)}
	if stored {
		c.VehicleID = vehicle.ID
	}
	c, piece, err := p.SaveDraftToLibrary(ctx, c, assembly.Save{Title: opts.Title,
		Description: opts.Description, VehicleType: vehicle.Type})
	return piece.ID, c.ID, err
}

// findAudience finds an audience by id, else by name (case-insensitive).
func findAudience(ctx context.Context, st store.Store, key string) (domain.Audience, error) {
	audiences, err := st.ListAudiences(ctx)
	if err != nil {
		return domain.Audience{}, err
	}
	return findByIDOrName(audiences, key, "--audience", "an audience", "audiences",
		func(a domain.Audience) (string, string) { return a.ID, a.Name })
}

// findTheme finds a theme by id, else by name (case-insensitive).
func findTheme(ctx context.Context, st store.Store, key string) (domain.Theme, error) {
	themes, err := st.ListThemes(ctx)
	if err != nil {
		return domain.Theme{}, err
	}
	return findByIDOrName(themes, key, "--theme", "a theme", "themes",
		func(t domain.Theme) (string, string) { return t.ID, t.Name })
}

// findByIDOrName picks the record whose id is key, else the one record
// named key (case-insensitive); none or several named so is a usage error
// on flag.
func findByIDOrName[T any](records []T, key, flag, one, many string, idName func(T) (string, string)) (T, error) {
	var named []T
	for _, r := range records {
		id, name := idName(r)
		if id == key {
			return r, nil
		}
		if strings.EqualFold(strings.TrimSpace(name), key) {
			named = append(named, r)
		}
	}
	var zero T
	switch len(named) {
	case 1:
		return named[0], nil
	case 0:
		return zero, UsageError("%s %q is neither %s's id nor its name", flag, key, one)
	default:
		return zero, UsageError("%s %q names %d %s; give its id", flag, key, len(named), many)
	}
}

// findVehicle returns the stored vehicle with id key (stored true), or a
// vehicle of type key with that type's defaults.
func findVehicle(ctx context.Context, st store.Store, key string) (domain.Vehicle, bool, error) {
	if v, ok := domain.DefaultVehicle(key); ok {
		return v, false, nil
	}
	v, err := st.GetVehicle(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return v, false, UsageError("--vehicle %q is neither a vehicle type (%s) nor a vehicle's id", key,
			strings.Join(domain.VehicleTypeNames, ", "))
	}
	return v, err == nil, err
}

// readInput reads a file, or stdin for "-"; "" is no input. A file that
// cannot be read is bad input.
func readInput(f *Factory, path, flag string) ([]byte, error) {
	if path == "" {
		return nil, nil
	}
	var r io.Reader = f.In
	if path != "-" {
		file, err := os.Open(path)
		if err != nil {
			return nil, UsageError("%s: %v", flag, err)
		}
		defer file.Close()
		r = file
	}
	data, err := io.ReadAll(io.LimitReader(r, maxRawInput+1))
	if err != nil {
		return nil, UsageError("%s: %v", flag, err)
	}
	if len(data) > maxRawInput {
		return nil, UsageError("%s: larger than %d bytes", flag, maxRawInput)
	}
	return data, nil
}

// readTemplate reads a newsletter template: the template document itself,
// or a saved template record holding it under "template".
func readTemplate(f *Factory, path string) (*compose.NewsletterTemplate, error) {
	data, err := readInput(f, path, "--template")
	if err != nil {
		return nil, err
	}
	var saved struct {
		Template json.RawMessage `json:"template"`
	}
	if json.Unmarshal(data, &saved) == nil && len(saved.Template) > 0 && saved.Template[0] == '{' {
		data = saved.Template
	}
	t, err := assembly.ParseTemplate(data, "customTemplate")
	if err != nil {
		return nil, exitError(err, flagFor)
	}
	return &t, nil
}

// contentFlags maps request fields to the flags that set them.
var contentFlags = map[string]string{"themeId": "--theme", "selectedQuestions": "--question", "vehicleId": "--vehicle",
	"customTemplate": "--template", "title": "--title", "content": "--raw"}

// flagFor names a request field by its flag: customTemplate.sections[7]
// becomes --template sections[7].
func flagFor(field string) string {
	head, rest, _ := strings.Cut(field, ".")
	if flag, ok := contentFlags[head]; ok {
		if rest != "" {
			return flag + " " + rest
		}
		return flag
	}
	return field
}

// wrapList joins words with ", " into lines of at most width characters,
// each starting with indent: help text that lists a registry.
func wrapList(words []string, indent string, width int) string {
	var b strings.Builder
	line := indent
	for i, w := range words {
		if i < len(words)-1 {
			w += ","
		}
		if line != indent && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	b.WriteString(line)
	return b.String()
}

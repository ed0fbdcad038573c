package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
)

// ContentCheckOptions are the inputs of "content check".
type ContentCheckOptions struct {
	File      string
	Vehicle   string
	RawFile   string
	Format    string
	MaxLength int
	Output    string
}

// checkFormats are the formats a draft can be read in.
var checkFormats = []string{compose.FormatHTML, compose.FormatMarkdown, compose.FormatText}

func newContentCheckCmd(f *Factory, runF func(*ContentCheckOptions) error) *cobra.Command {
	opts := &ContentCheckOptions{}
	cmd := &cobra.Command{
		Use:   "check FILE",
		Short: "Check a draft as a planner would before sending it",
		Long: `Read a draft (generated, or written or edited by hand) for a vehicle type as
a planner would before sending it, and list what to fix, one finding a line:

  fragment         a sentence that begins inside another ("Eastern. Your…")
  placeholder      a bracketed prompt left to fill ("[Add the key dates]")
  repeated-line    a line said twice
  key-date         a key date cut ("…over the weekend of"), with an ellipsis, or listed twice
  fact-lost        a phone number, extension, e-mail, amount or address of the
                   notes missing from an email, newsletter, memo or blog (needs --raw)
  spoken-bullet    a bullet, arrow or section mark in a line a presenter says
                   (town hall, workshop, lunch and learn, podcast, video)
  withheld-leak    an internal line of the notes in the draft (needs --raw)
  sms-segments     an SMS over its length (--max-length, default the type's)
  greeting         a greeting that names an audience by its code
  employee-line    a line written to employees in an executive briefing (needs --raw)

FILE is the draft ("-" reads stdin); --raw the notes it was drafted from.
The exit code is 1 when a finding is an error, 0 otherwise (2 for bad
input).`,
		Example: `  commsplan content check draft.md --vehicle town_hall --raw notes.txt
  commsplan content generate --theme "Go-live" --vehicle sms --raw notes.txt | commsplan content check - --vehicle sms --raw notes.txt`,
		Args: cobra.ExactArgs(1),
		RunE: runE(opts, &opts.File, runF, func(cmd *cobra.Command) error { return contentCheckRun(f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "text", contentFormats...)
	fl := cmd.Flags()
	fl.StringVar(&opts.Vehicle, "vehicle", "", "vehicle type of the draft (required)")
	fl.StringVar(&opts.RawFile, "raw", "", `file with the notes the draft was made from; "-" reads stdin`)
	fl.StringVar(&opts.Format, "format", "", "the draft's format: html, markdown or text (default the type's)")
	fl.IntVar(&opts.MaxLength, "max-length", 0, "the vehicle's maximum length (default the type's)")
	_ = cmd.RegisterFlagCompletionFunc("vehicle", cobra.FixedCompletions(domain.VehicleTypeNames, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(checkFormats, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// contentCheckOutput is the json output.
type contentCheckOutput struct {
	Findings []compose.Finding `json:"findings"`
	Errors   int               `json:"errors"`
}

func contentCheckRun(f *Factory, opts *ContentCheckOptions) error {
	typ := strings.TrimSpace(opts.Vehicle)
	if typ == "" {
		return UsageError("--vehicle is required (one of %s)", strings.Join(domain.VehicleTypeNames, ", "))
	}
	info, ok := domain.VehicleTypeInfo(typ)
	if !ok {
		return UsageError("--vehicle %q is no vehicle type (one of %s)", typ, strings.Join(domain.VehicleTypeNames, ", "))
	}
	format := opts.Format
	if format == "" {
		format = info.DefaultSettings.Format
	}
	if !slices.Contains(checkFormats, format) {
		return UsageError("--format %q is not one of %s", opts.Format, strings.Join(checkFormats, ", "))
	}
	if opts.MaxLength < 0 {
		return UsageError("--max-length must be 0 or more")
	}
	if opts.File == "-" && opts.RawFile == "-" {
		return UsageError("FILE and --raw cannot both read stdin")
	}
	draft, err := readInput(f, opts.File, "FILE")
	if err != nil {
		return err
	}
	var raw []byte
	if opts.RawFile != "" {
		if raw, err = readInput(f, opts.RawFile, "--raw"); err != nil {
			return err
		}
	}
	max := opts.MaxLength
	if max == 0 {
		max = info.DefaultSettings.MaxLength
	}
	in := compose.Input{Raw: string(raw), Vehicle: &compose.Vehicle{Type: typ, Settings: domain.VehicleSettings{Format: format, MaxLength: max}}}
	findings := compose.Check(in, compose.Result{Content: string(draft), Format: format, MaxLength: max})
	errs := compose.Errors(findings)
	if opts.Output == "json" {
		if findings == nil {
			findings = []compose.Finding{}
		}
		if err := writeIndentedJSON(f.Out, contentCheckOutput{Findings: findings, Errors: errs}); err != nil {
			return err
		}
	} else {
		for _, fd := range findings {
			fmt.Fprintf(f.Out, "%-7s %-14s %s\n", fd.Severity, fd.Rule, fd.Message)
		}
		if len(findings) == 0 {
			fmt.Fprintln(f.Out, "No findings: the draft can be sent as it is.")
		}
	}
	if errs > 0 {
		return &ExitError{Code: codeFailure, Err: fmt.Errorf("%d of the findings are errors", errs)}
	}
	return nil
}

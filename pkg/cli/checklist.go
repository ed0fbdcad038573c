package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

func newChecklistCmd(f *Factory) *cobra.Command {
	return newGroupCmd("checklist", "Score, import and report business readiness checklists",
		`Work with the business readiness checklist using the same rules as the
web UI and the API: score a checklist, import a downloaded HTML report into
the checklist repository, write a report, and list the saved templates.

A checklist file is a JSON item list, a JSON object with an "items" array
(a saved template, or GET /api/checklist's answer), or an HTML report that
commsplan wrote.`,
		newChecklistScoreCmd(f, nil), newChecklistImportCmd(f, nil), newChecklistReportCmd(f, nil), newChecklistListCmd(f, nil), newChecklistCurrentCmd(f, nil), newChecklistApplyCmd(f, nil))
}

// readChecklistInput reads a checklist file ("-" is stdin) of at most
// checklist.MaxImportSize bytes. A file that cannot be read is bad input.
func readChecklistInput(f *Factory, path string) ([]byte, error) {
	var r io.Reader = f.In
	if path != "-" {
		file, err := os.Open(path)
		if err != nil {
			return nil, UsageError("%v", err)
		}
		defer file.Close()
		r = file
	}
	data, err := io.ReadAll(io.LimitReader(r, checklist.MaxImportSize+1))
	if err != nil {
		return nil, UsageError("%v", err)
	}
	if len(data) > checklist.MaxImportSize {
		return nil, UsageError("%s: %v", path, checklist.ErrTooLarge)
	}
	return data, nil
}

// ChecklistScoreOptions are the inputs of "checklist score".
type ChecklistScoreOptions struct {
	File   string
	Output string
}

func newChecklistScoreCmd(f *Factory, runF func(*ChecklistScoreOptions) error) *cobra.Command {
	opts := &ChecklistScoreOptions{}
	cmd := &cobra.Command{
		Use:   "score FILE",
		Short: "Score a checklist: readiness, completion, totals and categories",
		Long: `Score a checklist file (a JSON item list, a JSON template or an HTML report;
"-" reads stdin) exactly as the dashboard does. The JSON output has the
API's field names: readinessPercentage, readinessLevel, completionPercentage,
totalScore, maxPossibleScore, weightedScore, maxWeightedScore,
completedItems, totalItems, disabledItems and categories.

A file that is not a checklist exits with code 2 and "Invalid checklist
template format" (JSON) or "Invalid checklist format in imported HTML".`,
		Example: `  commsplan checklist score business_readiness_report_2025-03-07.html
  commsplan checklist score items.json --output json | jq .readinessPercentage
  curl -s -b cookies http://localhost:8080/api/checklist | commsplan checklist score -`,
		Args: cobra.ExactArgs(1),
		RunE: runE(opts, &opts.File, runF, func(cmd *cobra.Command) error { return checklistScoreRun(f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func checklistScoreRun(f *Factory, opts *ChecklistScoreOptions) error {
	if err := checkOutput(opts.Output, "table", "json"); err != nil {
		return err
	}
	data, err := readChecklistInput(f, opts.File)
	if err != nil {
		return err
	}
	items, err := checklist.DecodeFile(data)
	if err != nil {
		return exitError(err, nil)
	}
	stats := checklist.Score(items)
	if opts.Output == "json" {
		return writeIndentedJSON(f.Out, stats)
	}
	return writeStatsTable(f.Out, stats)
}

// writeStatsTable prints the dashboard: the four cards, then one row per
// category.
func writeStatsTable(w io.Writer, s checklist.Stats) error {
	tw := newTable(w, "")
	fmt.Fprintf(tw, "Overall readiness:\t%.1f%% (%s)\n", s.ReadinessPercentage, s.ReadinessLevel)
	fmt.Fprintf(tw, "Completion:\t%d/%d items (%.1f%%)\n", s.CompletedItems, s.TotalItems, s.CompletionPercentage)
	fmt.Fprintf(tw, "Total score:\t%d/%d points\n", s.TotalScore, s.MaxPossibleScore)
	fmt.Fprintf(tw, "Weighted score:\t%d/%d\n", s.WeightedScore, s.MaxWeightedScore)
	fmt.Fprintf(tw, "Disabled items:\t%d\n", s.DisabledItems)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = newTable(w, "CATEGORY\tITEMS\tPOINTS\tPROGRESS")
	for _, c := range checklist.Categories() {
		cs := s.Categories[fmt.Sprint(c.Code)]
		fmt.Fprintf(tw, "%d %s\t%d\t%d/%d\t%.1f%%\n", c.Code, c.Name, cs.Count, cs.Current, cs.Max, cs.Percentage)
	}
	return tw.Flush()
}

// ChecklistImportOptions are the inputs of "checklist import".
type ChecklistImportOptions struct {
	File        string
	Name        string
	Description string
}

func newChecklistImportCmd(f *Factory, runF func(*ChecklistImportOptions) error) *cobra.Command {
	opts := &ChecklistImportOptions{}
	cmd := &cobra.Command{
		Use:   "import FILE.html --name NAME",
		Short: "Import a downloaded HTML checklist report into the repository",
		Long: `Read an HTML report that commsplan wrote (downloaded from the UI, or written
by "checklist report") and save its items as a new template in the checklist
repository, as the UI's Import HTML Checklist does. Only the new template's
id is printed.

Anything that is not such a report exits with code 2 and "Invalid checklist
format in imported HTML"; nothing is stored.`,
		Example: `  commsplan checklist import business_readiness_report_2025-03-07.html --name "March baseline"
  id=$(commsplan checklist import report.html --name Wave1 --description "Before the pilot")`,
		Args: cobra.ExactArgs(1),
		RunE: runE(opts, &opts.File, runF, func(cmd *cobra.Command) error { return checklistImportRun(cmd, f, opts) }),
	}
	cmd.Flags().StringVar(&opts.Name, "name", "", "template name (required)")
	cmd.Flags().StringVar(&opts.Description, "description", "", "template description")
	return cmd
}

func checklistImportRun(cmd *cobra.Command, f *Factory, opts *ChecklistImportOptions) error {
	name := strings.TrimSpace(opts.Name)
	if name == "" {
		return UsageError("--name is required")
	}
	data, err := readChecklistInput(f, opts.File)
	if err != nil {
		return err
	}
	if _, err := checklist.ParseReport(data); err != nil {
		return exitError(err, nil) // before a database is created
	}
	st, err := f.OpenStore(cmd.Context())
	if err != nil {
		return err
	}
	defer st.Close()
	t, err := f.Plan(st).ImportChecklistReport(cmd.Context(), name, opts.Description, data)
	var fields domain.FieldErrors
	if errors.As(err, &fields) {
		return UsageError("%v", err)
	}
	if err != nil {
		return exitError(err, nil)
	}
	_, err = fmt.Fprintln(f.Out, t.ID)
	return err
}

// ChecklistReportOptions are the inputs of "checklist report". At most one
// of Template, File and Current is set; none means Current.
type ChecklistReportOptions struct {
	Template string
	File     string
	Current  bool
	Out      string
	Title    string
	Date     string
}

func newChecklistReportCmd(f *Factory, runF func(*ChecklistReportOptions) error) *cobra.Command {
	opts := &ChecklistReportOptions{}
	cmd := &cobra.Command{
		Use:   "report [--template ID | --file FILE | --current] [--out FILE.html]",
		Short: "Write the printable HTML report of a checklist",
		Long: `Write the printable, dated HTML report of a saved template (--template), a
checklist file (--file), or the team's working checklist (--current, the
default). The report shows the dashboard figures, the category figures and
every enabled item, and can be imported again with "checklist import".

Without --out the report goes to business_readiness_report_YYYY-MM-DD.html
in the current directory (the UI's download name) and that name is printed;
--out - writes it to stdout.`,
		Example: `  commsplan checklist report
  commsplan checklist report --template 0b9e1c64-... --out baseline.html
  commsplan checklist report --file items.json --date 2025-03-07 --out -`,
		Args: cobra.NoArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error { return checklistReportRun(cmd, f, opts) }),
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Template, "template", "", "id of a saved template")
	fl.StringVar(&opts.File, "file", "", "checklist file: JSON item list, JSON template or HTML report (- reads stdin)")
	fl.BoolVar(&opts.Current, "current", false, "the team's working checklist (the default)")
	fl.StringVar(&opts.Out, "out", "", "output file (default business_readiness_report_YYYY-MM-DD.html; - is stdout)")
	fl.StringVar(&opts.Title, "title", "", "report heading (default \"Business Readiness Report\")")
	fl.StringVar(&opts.Date, "date", "", "date printed on the report, YYYY-MM-DD (default today)")
	_ = cmd.RegisterFlagCompletionFunc("template", completeTemplateIDs(f))
	return cmd
}

func checklistReportRun(cmd *cobra.Command, f *Factory, opts *ChecklistReportOptions) error {
	sources := 0
	for _, set := range []bool{opts.Template != "", opts.File != "", opts.Current} {
		if set {
			sources++
		}
	}
	if sources > 1 {
		return UsageError("give only one of --template, --file and --current")
	}
	report, err := plan.ReportOptions(opts.Title, opts.Date, time.Now())
	var bad *plan.InputError
	if errors.As(err, &bad) {
		// The fields are the flags of the same name.
		return UsageError("%s", fieldProblems(bad.Fields, func(k string) string { return "--" + k }))
	}
	items, err := reportItems(cmd, f, opts)
	if err != nil {
		return err
	}
	date := report.Generated
	var buf bytes.Buffer
	if err := checklist.Render(&buf, items, report); err != nil {
		return exitError(err, nil)
	}
	switch opts.Out {
	case "-":
		_, err = f.Out.Write(buf.Bytes())
		return err
	case "":
		name := checklist.ReportFileName(date)
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			return err
		}
		_, err = fmt.Fprintln(f.Out, name)
		return err
	default:
		return os.WriteFile(opts.Out, buf.Bytes(), 0o644)
	}
}

// reportItems loads the checklist the report is about.
func reportItems(cmd *cobra.Command, f *Factory, opts *ChecklistReportOptions) ([]checklist.Item, error) {
	if opts.File != "" {
		data, err := readChecklistInput(f, opts.File)
		if err != nil {
			return nil, err
		}
		items, err := checklist.DecodeFile(data)
		if err != nil {
			return nil, exitError(err, nil)
		}
		return items, nil
	}
	st, err := f.OpenExistingStore(cmd.Context())
	if err != nil {
		return nil, err
	}
	defer st.Close()
	if opts.Template != "" {
		t, err := st.GetChecklistTemplate(cmd.Context(), opts.Template)
		if err != nil {
			return nil, notFound(err, "checklist template", opts.Template)
		}
		return checklist.DecodeItems(t.Items)
	}
	state, err := f.Plan(st).WorkingChecklist(cmd.Context())
	return state.Items, err
}

// ChecklistListOptions are the inputs of "checklist list".
type ChecklistListOptions struct {
	Output string
}

func newChecklistListCmd(f *Factory, runF func(*ChecklistListOptions) error) *cobra.Command {
	opts := &ChecklistListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the checklist templates in the repository",
		Example: `  commsplan checklist list
  commsplan checklist list --output json --db postgres://commsplan@db/commsplan`,
		Args: cobra.NoArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error { return checklistListRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func checklistListRun(cmd *cobra.Command, f *Factory, opts *ChecklistListOptions) error {
	if err := checkOutput(opts.Output, "table", "json"); err != nil {
		return err
	}
	list, err := readStored(cmd.Context(), f, store.Store.ListChecklistTemplates)
	if err != nil {
		return err
	}
	if opts.Output == "json" {
		return writeIndentedJSON(f.Out, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(f.Out, "No Saved Checklists")
		return nil
	}
	tw := newTable(f.Out, "ID\tNAME\tCREATED\tITEMS\tCOMPLETED\tREADINESS\tIMPORTED")
	for _, t := range list {
		readiness := "?"
		items, err := checklist.DecodeItems(t.Items)
		var s checklist.Stats
		if err == nil {
			s = checklist.Score(items)
			readiness = fmt.Sprintf("%.1f%%", s.ReadinessPercentage)
		}
		var meta checklist.Metadata
		_ = json.Unmarshal(t.Metadata, &meta)
		imported := "no"
		if meta.Imported {
			imported = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%s\n", t.ID, oneLine(t.Name), t.CreatedAt.UTC().Format(time.DateOnly),
			s.TotalItems, s.CompletedItems, readiness, imported)
	}
	return tw.Flush()
}

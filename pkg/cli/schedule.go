package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

func newExportCmd(f *Factory) *cobra.Command {
	return newGroupCmd("export", "Export the plan for calendars, spreadsheets and CI",
		`Export the plan in the same formats, and with the same code, as the web
UI's downloads.`,
		newExportScheduleCmd(f, nil))
}

// ExportScheduleOptions are the inputs of "export schedule".
type ExportScheduleOptions struct {
	From, To         string
	TZ               string
	Output           string
	OutFile          string
	IncludeCampaigns bool
	// IncludeConfidential keeps campaign activities with a confidentiality label.
	IncludeConfidential bool
	// ApprovedOnly keeps the approved items only.
	ApprovedOnly bool
}

func newExportScheduleCmd(f *Factory, runF func(*ExportScheduleOptions) error) *cobra.Command {
	opts := &ExportScheduleOptions{}
	cmd := &cobra.Command{
		Use:   "schedule",
		Short: "Export the scheduled communications as iCalendar, CSV or JSON",
		Long: `Export every communication with status scheduled and a date: ics is one
calendar event each (all day for a date, one hour in UTC for a time), csv one
row each, json a list. With --include-campaigns every activity of every saved
campaign is added, except those with a confidentiality label (pre-acquisition
plans), which --include-confidential keeps. --approved-only keeps the
communications (and campaigns) whose review is approved. --from and --to keep the days in that range (inclusive);
a communication with a time falls on its day in --tz (default UTC).

The bytes are those of GET /api/schedule/export with the same options.`,
		Example: `  commsplan export schedule --output ics --out plan.ics
  commsplan export schedule --from 2031-03-01 --to 2031-03-31 --output csv > march.csv
  commsplan export schedule --output json --include-campaigns --tz Europe/Paris`,
		Args: cobra.NoArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error { return exportScheduleRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "", schedule.ExportFormats...)
	fl := cmd.Flags()
	fl.StringVar(&opts.From, "from", "", "first day to export, YYYY-MM-DD")
	fl.StringVar(&opts.To, "to", "", "last day to export, YYYY-MM-DD")
	fl.StringVar(&opts.TZ, "tz", "", "IANA time zone in which a time falls on a day (default UTC)")
	fl.StringVar(&opts.OutFile, "out", "", "write the export to this file instead of stdout")
	fl.BoolVar(&opts.IncludeCampaigns, "include-campaigns", false, "add every activity of every saved campaign")
	fl.BoolVar(&opts.ApprovedOnly, "approved-only", false, "keep only the communications and campaigns whose review is approved")
	fl.BoolVar(&opts.IncludeConfidential, "include-confidential", false, "with --include-campaigns, keep the activities with a confidentiality label (left out by default)")
	return cmd
}

func exportScheduleRun(cmd *cobra.Command, f *Factory, opts *ExportScheduleOptions) error {
	output := strings.ToLower(opts.Output)
	if err := checkOutput(output, schedule.ExportFormats...); err != nil {
		return err
	}
	opt, err := schedule.ExportQuery{Format: output, From: opts.From, To: opts.To, TZ: opts.TZ,
		IncludeCampaigns: strconv.FormatBool(opts.IncludeCampaigns), IncludeConfidential: strconv.FormatBool(opts.IncludeConfidential),
		Approved: strconv.FormatBool(opts.ApprovedOnly)}.Options()
	if err != nil {
		return flagErrors(err)
	}
	_, err = readStored(cmd.Context(), f, func(st store.Store, ctx context.Context) (struct{}, error) {
		return struct{}{}, emitTo(f, opts.OutFile, func(w io.Writer) error { return schedule.ExportTo(ctx, w, plan.ScheduleSource(st), opt) })
	})
	return err
}

// exportFlags maps the export's field names to their flags.
var exportFlags = map[string]string{"from": "--from", "to": "--to", "tz": "--tz", "format": "--output",
	"includeCampaigns": "--include-campaigns", "includeConfidential": "--include-confidential"}

// flagErrors turns field errors into a usage error (exit code 2) naming
// the flags.
func flagErrors(err error) error {
	var fe domain.FieldErrors
	if !errors.As(err, &fe) {
		return err
	}
	return UsageError("%s", fieldProblems(fe, func(k string) string {
		if name := exportFlags[k]; name != "" {
			return name
		}
		return k
	}))
}

func newCommunicationCmd(f *Factory) *cobra.Command {
	return newGroupCmd("communication", "List the planned communications",
		"",
		newCommunicationListCmd(f, nil))
}

// CommunicationListOptions are the inputs of "communication list".
type CommunicationListOptions struct {
	Status string
	Output string
}

// communicationListFormats are the formats of "communication list".
var communicationListFormats = []string{"table", "json", "csv"}

func newCommunicationListCmd(f *Factory, runF func(*CommunicationListOptions) error) *cobra.Command {
	opts := &CommunicationListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List communications, oldest first",
		Example: `  commsplan communication list
  commsplan communication list --status scheduled --output csv > scheduled.csv
  commsplan communication list --status draft --output json`,
		Args: cobra.NoArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error { return communicationListRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "table", communicationListFormats...)
	cmd.Flags().StringVar(&opts.Status, "status", "", "only this status: "+orList(domain.CommunicationStatuses))
	_ = cmd.RegisterFlagCompletionFunc("status",
		cobra.FixedCompletions(domain.CommunicationStatuses, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func communicationListRun(cmd *cobra.Command, f *Factory, opts *CommunicationListOptions) error {
	if err := checkOutput(opts.Output, communicationListFormats...); err != nil {
		return err
	}
	if opts.Status != "" && !slices.Contains(domain.CommunicationStatuses, opts.Status) {
		return UsageError("--status must be %s, not %q", orList(domain.CommunicationStatuses), opts.Status)
	}
	all, err := readStored(cmd.Context(), f, store.Store.ListCommunications)
	if err != nil {
		return err
	}
	list := []domain.Communication{}
	for _, c := range all {
		if opts.Status == "" || c.Status == opts.Status {
			list = append(list, c)
		}
	}
	switch opts.Output {
	case "json":
		return writeIndentedJSON(f.Out, list)
	case "csv":
		return schedule.WriteCommunicationsCSV(f.Out, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(f.Out, "No communications found")
		return nil
	}
	tw := newTable(f.Out, "ID\tSTATUS\tSCHEDULED\tTITLE\tAUDIENCE\tVEHICLE")
	for _, c := range list {
		var audience, vehicle string
		if c.Audience != nil {
			audience = c.Audience.Name
		}
		if c.Vehicle != nil {
			vehicle = c.Vehicle.Name
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", c.ID, c.Status, c.ScheduledDate, oneLine(c.Title),
			oneLine(audience), oneLine(vehicle))
	}
	return tw.Flush()
}

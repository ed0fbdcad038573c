package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// ChecklistCurrentOptions are the inputs of "checklist current".
type ChecklistCurrentOptions struct {
	Output string
}

func newChecklistCurrentCmd(f *Factory, runF func(*ChecklistCurrentOptions) error) *cobra.Command {
	opts := &ChecklistCurrentOptions{}
	cmd := &cobra.Command{
		Use:   "current",
		Short: "Print the team's working checklist, its version and its dashboard",
		Long: `Print the team's working checklist, the one the Business Readiness screen
edits: its version, the dashboard figures and every item. Before the first
save it is the initial checklist at version 0.

The JSON output is GET /api/checklist's answer: items, version, updatedAt,
stats and categories. Pass its version to "checklist apply --version" so
that a change made meanwhile is never overwritten.`,
		Example: `  commsplan checklist current
  commsplan checklist current --output json | jq .stats.readinessPercentage
  v=$(commsplan checklist current -o json | jq .version)`,
		Args: cobra.NoArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error { return checklistCurrentRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func checklistCurrentRun(cmd *cobra.Command, f *Factory, opts *ChecklistCurrentOptions) error {
	if err := checkOutput(opts.Output, "table", "json"); err != nil {
		return err
	}
	state, err := readStored(cmd.Context(), f, func(st store.Store, ctx context.Context) (plan.ChecklistState, error) {
		return f.Plan(st).WorkingChecklist(ctx)
	})
	if err != nil {
		return err
	}
	if opts.Output == "json" {
		return writeIndentedJSON(f.Out, state)
	}
	updated := "never saved"
	if state.UpdatedAt != nil {
		updated = "updated " + state.UpdatedAt.UTC().Format(time.RFC3339)
	}
	fmt.Fprintf(f.Out, "Version %d (%s)\n\n", state.Version, updated)
	if err := writeStatsTable(f.Out, state.Stats); err != nil {
		return err
	}
	fmt.Fprintln(f.Out)
	return writeItemsTable(f.Out, state.Items)
}

// writeItemsTable prints one row per item, in checklist order.
func writeItemsTable(w io.Writer, items []checklist.Item) error {
	names := map[int]string{}
	for _, c := range checklist.Categories() {
		names[c.Code] = c.Name
	}
	tw := newTable(w, "ID\tCATEGORY\tTITLE\tSCORE\tWEIGHT\tENABLED\tTEAM")
	for _, it := range items {
		enabled := "yes"
		if !it.Enabled {
			enabled = "no"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d/%d\t%d\t%s\t%s\n", it.ID, names[it.WeightCode], oneLine(it.Title), it.ActualScore, it.MaxScore,
			it.Weight, enabled, oneLine(it.Team))
	}
	return tw.Flush()
}

// ChecklistApplyOptions are the inputs of "checklist apply". Version is -1
// when --version is not given.
type ChecklistApplyOptions struct {
	File    string
	Version int
	Output  string
}

func newChecklistApplyCmd(f *Factory, runF func(*ChecklistApplyOptions) error) *cobra.Command {
	opts := &ChecklistApplyOptions{Version: -1}
	cmd := &cobra.Command{
		Use:   "apply FILE [--version N]",
		Short: "Replace the team's working checklist with the items of a file",
		Long: `Replace the team's working checklist with the items of FILE ("-" reads
stdin): a JSON item list, a JSON object with an "items" array (a saved
template, or "checklist current -o json"), or an HTML report that commsplan
wrote. The save is recorded in the readiness history, like a save from the
Business Readiness screen.

With --version N the file replaces the checklist only if it is still at
version N; if someone saved it meanwhile, nothing changes and the command
exits with code 2. Without --version it replaces whatever is stored.

A file that is not a checklist exits with code 2 and "Invalid checklist
template format" (JSON) or "Invalid checklist format in imported HTML".
The new version and readiness are printed.`,
		Example: `  commsplan checklist apply business_readiness_report_2025-03-07.html
  v=$(commsplan checklist current -o json | jq .version)
  commsplan checklist apply items.json --version "$v"
  commsplan checklist current -o json | jq '.items[0].actualScore = 10' | commsplan checklist apply - --version "$v"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if !cmd.Flags().Changed("version") {
				opts.Version = -1
			} else if opts.Version < 0 {
				return UsageError("--version must be 0 or more")
			}
			if runF != nil {
				return runF(opts)
			}
			return checklistApplyRun(cmd, f, opts)
		},
	}
	cmd.Flags().IntVar(&opts.Version, "version", -1, "the version the file was based on (from \"checklist current\"); refuse if it is stale")
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func checklistApplyRun(cmd *cobra.Command, f *Factory, opts *ChecklistApplyOptions) error {
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
	ctx := cmd.Context()
	st, err := f.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	state, err := f.Plan(st).SaveChecklist(ctx, plan.ChecklistSave{Items: items, Version: &opts.Version, Overwrite: opts.Version < 0})
	var stale *plan.VersionConflict
	if errors.As(err, &stale) {
		return UsageError("%v; nothing was changed (see \"checklist current\")", stale)
	}
	if err != nil {
		return exitError(err, nil)
	}
	if opts.Output == "json" {
		return writeIndentedJSON(f.Out, state)
	}
	_, err = fmt.Fprintf(f.Out, "Saved version %d: %d items, readiness %.1f%% (%s)\n", state.Version, len(state.Items),
		state.Stats.ReadinessPercentage, state.Stats.ReadinessLevel)
	return err
}

package cli

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/commsplan/commsplan/pkg/seed"
)

// SeedOptions are seed's inputs.
type SeedOptions struct {
	Demo   bool
	Scale  bool
	Output string
}

func newSeedCmd(f *Factory) *cobra.Command { return newSeedCmdWith(f, nil) }

// newSeedCmdWith builds the seed command; runF replaces seedRun in tests
// that check flag parsing.
func newSeedCmdWith(f *Factory, runF func(context.Context, *SeedOptions) error) *cobra.Command {
	opts := &SeedOptions{}
	cmd := &cobra.Command{
		Use:   "seed",
		Short: "Load the organisation's divisions as audiences, default vehicles and optionally a demo plan and directory",
		Long: `Load the reference data into the database: every division of the organisation
dataset as an audience (contact count = head count; 1,933 employees in all) and
one delivery vehicle of each of the 16 types with the type's defaults. With
--demo it also loads a sample plan: themes with questions, content linked to
the questions, and communications around the next eight weeks, and a demo
employee directory of 1,933 (the dataset's totals per division, location,
level and role group, with names, example.com addresses and time zones).

Seeding is one transaction and idempotent: records are matched by name (audience,
vehicle, theme, content and communication titles; question text within its
theme), existing ones are skipped and never changed, so running it again adds
nothing. Progress is shown on a terminal; the result is printed as a table or
as JSON.

--scale also writes the five-year scale dataset (pkg/seed.Scale, for the
scale benchmarks): 200 themes with 2,000 questions, 5,000 content pieces, 60
audiences, 40 vehicles, 30 blackouts, 20,000 communications over five years
in every status, 500 saved campaigns of about 130 activities and 1,000
checklist history snapshots. It is deterministic but not idempotent: each
run adds the set again, in transactions of 500 records.`,
		Example: `  commsplan seed
  commsplan seed --demo
  commsplan seed --demo --scale --db data/scale.db
  commsplan seed --db postgres://commsplan@db/commsplan?sslmode=disable --output json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(opts.Output, "table", "json"); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return seedRun(cmd.Context(), f, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Demo, "demo", false, "also load a sample plan (themes, questions, content, communications) and a demo employee directory")
	cmd.Flags().BoolVar(&opts.Scale, "scale", false, "also write the five-year scale dataset (20,000 communications and the rest; adds it again on every run)")
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func seedRun(ctx context.Context, f *Factory, opts *SeedOptions) error {
	st, err := f.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	run := seed.Options{Demo: opts.Demo}
	var p *statusLine
	if isTerminal(f.Err) {
		p = &statusLine{w: f.Err}
		run.Progress = p.seedStep
	}
	report, err := seed.Run(ctx, st, run)
	if err == nil && opts.Scale {
		var scale seed.Report
		scale, err = seed.Scale(ctx, st, seed.ScaleOptions{Progress: run.Progress})
		report.Counts = append(report.Counts, scale.Counts...)
	}
	p.done()
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	return writeSeedReport(f.Out, report, opts.Output)
}

// seedResult is the JSON output: the report plus its totals.
type seedResult struct {
	seed.Report
	Inserted int `json:"inserted"`
	Skipped  int `json:"skipped"`
}

func writeSeedReport(w io.Writer, r seed.Report, output string) error {
	if output == "json" {
		return writeIndentedJSON(w, seedResult{Report: r, Inserted: r.Inserted(), Skipped: r.Skipped()})
	}
	tw := newTable(w, "KIND\tINSERTED\tSKIPPED")
	for _, c := range r.Counts {
		fmt.Fprintf(tw, "%s\t%d\t%d\n", c.Kind, c.Inserted, c.Skipped)
	}
	fmt.Fprintf(tw, "total\t%d\t%d\n", r.Inserted(), r.Skipped())
	return tw.Flush()
}

// isTerminal reports whether w is a terminal; progress goes only there, so
// pipes and logs stay clean.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// statusLine redraws one line on a terminal while a long command works
// (seed, backup, migrate-to); the commands create it only on a terminal.
type statusLine struct {
	w     io.Writer
	drawn bool
}

func (p *statusLine) show(format string, args ...any) {
	fmt.Fprint(p.w, "\r\x1b[K")
	fmt.Fprintf(p.w, format, args...)
	p.drawn = true
}

func (p *statusLine) seedStep(s seed.Step) {
	p.show("seeding %s: %d/%d", s.Kind, s.Done, s.Total)
}

// done clears the status line; a nil one does nothing.
func (p *statusLine) done() {
	if p != nil && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

package cli

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/plan"
)

// OrgdataExportOptions are "orgdata export"'s inputs.
type OrgdataExportOptions struct {
	Output string
	// Directory reads the organisation the database's directory describes
	// (as the server does) instead of the embedded dataset.
	Directory bool
}

func newOrgdataCmd(f *Factory) *cobra.Command {
	cmd := newGroupCmd("orgdata", "Work with the embedded organisation dataset",
		`The organisation dataset is embedded in commsplan: the locations, divisions,
organisational levels, role groups and job titles (241 titles, 1,933 employees)
that audiences and the campaign scheduler's targeting are built on. The data is
synthetic; docs/dataset.md explains how it is built.`,
		newOrgdataExportCmd(f, nil))
	cmd.Example = `  commsplan orgdata export --output csv`
	return cmd
}

// newOrgdataExportCmd builds "orgdata export"; runF replaces the run
// function in tests that check flag parsing.
func newOrgdataExportCmd(f *Factory, runF func(context.Context, *OrgdataExportOptions) error) *cobra.Command {
	opts := &OrgdataExportOptions{}
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Print the organisation dataset as JSON or CSV",
		Long: `Print the organisation dataset for reports.

--output json prints the whole dataset document (the one GET /api/reference and
GET /api/job-titles are views of). --output csv prints one row per job title and
division with its head count, plus the title's role group, level, the
division's location and business line; the employees column sums to 1,933.
--output table prints the divisions with their locations and head counts, and
the total.

--directory prints the organisation as the server sees it: derived from the
database's employee directory while one is loaded (its divisions, locations,
levels, role groups and job titles, with their head counts), else the embedded
dataset.`,
		Example: `  commsplan orgdata export > orgdata.json
  commsplan orgdata export --output csv > headcount.csv
  commsplan orgdata export --directory --output table --data-dir ./data`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(opts.Output, "json", "csv", "table"); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			if !opts.Directory {
				return orgdataExportRun(f.Out, orgdata.Load(), opts)
			}
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				org, _, err := p.Organisation(cmd.Context())
				if err != nil {
					return err
				}
				return orgdataExportRun(f.Out, org, opts)
			})
		},
	}
	addOutputFlag(cmd, &opts.Output, "json", "json", "csv", "table")
	cmd.Flags().BoolVar(&opts.Directory, "directory", false, "the organisation of the database's directory, as the server sees it")
	return cmd
}

// csvHeader is the header row of the CSV export.
var csvHeader = []string{"job_title", "role_group", "level", "division", "division_id", "location", "business_line", "employees"}

func orgdataExportRun(w io.Writer, d *orgdata.Dataset, opts *OrgdataExportOptions) error {
	switch opts.Output {
	case "json":
		return writeIndentedJSON(w, d)
	case "table":
		tw := newTable(w, "DIVISION\tID\tLOCATION\tEMPLOYEES")
		for _, div := range d.Divisions {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", oneLine(div.Label), div.ID, div.Location, div.Count)
		}
		fmt.Fprintf(tw, "total\t\t\t%d\n", d.TotalEmployees)
		return tw.Flush()
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, jt := range d.JobTitles {
		for _, label := range jt.Divisions {
			div, _ := d.Division(label)
			row := []string{jt.JobTitle, jt.RoleGroup, jt.Level, label, div.ID, div.Location, div.BusinessLine,
				strconv.Itoa(jt.DivisionBreakdown[label])}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

package cli

import (
	"context"
	"encoding/csv"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

// OrgdataExportOptions are "orgdata export"'s inputs.
type OrgdataExportOptions struct {
	Output string
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
division's location and business line; the employees column sums to 1,933.`,
		Example: `  commsplan orgdata export > orgdata.json
  commsplan orgdata export --output csv > headcount.csv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(opts.Output, "json", "csv"); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return orgdataExportRun(f.Out, orgdata.Load(), opts)
		},
	}
	addOutputFlag(cmd, &opts.Output, "json", "json", "csv")
	return cmd
}

// csvHeader is the header row of the CSV export.
var csvHeader = []string{"job_title", "role_group", "level", "division", "division_id", "location", "business_line", "employees"}

func orgdataExportRun(w io.Writer, d *orgdata.Dataset, opts *OrgdataExportOptions) error {
	if opts.Output == "json" {
		return writeIndentedJSON(w, d)
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

package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/csvfile"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

func newDirectoryCmd(f *Factory) *cobra.Command {
	return newGroupCmd("directory", "Read and import the employee directory",
		`The employee directory: the people a plan writes to, imported from HR. While a
directory is loaded, every audience's contact count is its live member count.
Entries are never deleted: an employee missing from a full import is
deactivated with today's end date.`,
		newDirectoryListCmd(f, nil), newDirectoryShowCmd(f, nil), newDirectoryImportCmd(f, nil))
}

// DirectoryListOptions are the inputs of "directory list".
type DirectoryListOptions struct {
	Filter store.EmployeeFilter
	Active string
	Output string
}

func newDirectoryListCmd(f *Factory, runF func(*DirectoryListOptions) error) *cobra.Command {
	opts := &DirectoryListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the directory, a page at a time",
		Example: `  commsplan directory list --division "SFB - California" --active true
  commsplan directory list -q smith --limit 20 -o json
  commsplan directory list --active true --limit 50000 -o csv > directory.csv

Every listing with contact details (a planner's or an admin's) is in the
audit trail: who, the filter and how many rows.`,
		Args: noArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error {
			if err := checkOutput(opts.Output, "table", "json", "csv"); err != nil {
				return err
			}
			switch strings.ToLower(opts.Active) {
			case "":
			case "true", "false":
				b := strings.EqualFold(opts.Active, "true")
				opts.Filter.Active = &b
			default:
				return UsageError("--active must be true or false")
			}
			if opts.Filter.Limit < 0 || opts.Filter.Offset < 0 {
				return UsageError("--limit and --offset must be 0 or more")
			}
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				page, err := p.Directory(cmd.Context(), opts.Filter)
				if err != nil {
					return exitError(err, nil)
				}
				if opts.Output == "csv" {
					return writeDirectoryCSV(f.Out, page.Rows)
				}
				if opts.Output == "json" {
					if page.Rows == nil {
						page.Rows = []domain.Employee{}
					}
					return writeIndentedJSON(f.Out, struct {
						Total int               `json:"total"`
						Rows  []domain.Employee `json:"employees"`
					}{page.Total, page.Rows})
				}
				tw := newTable(f.Out, "EMPLOYEE ID\tNAME\tEMAIL\tDIVISION\tLOCATION\tJOB TITLE\tACTIVE")
				for _, e := range page.Rows {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%t\n", oneLine(e.EmployeeID), oneLine(e.Name), e.Email,
						oneLine(e.Division), oneLine(e.Location), oneLine(e.JobTitle), e.Active)
				}
				if err := tw.Flush(); err != nil {
					return err
				}
				_, err = fmt.Fprintf(f.Err, "%d of %d\n", len(page.Rows), page.Total)
				return err
			})
		}),
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Filter.Q, "query", "q", "", "search names, emails, employee ids and job titles")
	fl.StringVar(&opts.Filter.Division, "division", "", "only this division")
	fl.StringVar(&opts.Filter.Location, "location", "", "only this location")
	fl.StringVar(&opts.Filter.JobTitle, "job-title", "", "only this job title")
	fl.StringVar(&opts.Filter.Level, "level", "", "only this level")
	fl.StringVar(&opts.Active, "active", "", "true or false: only active or inactive entries")
	fl.IntVar(&opts.Filter.Offset, "offset", 0, "skip this many entries")
	fl.IntVar(&opts.Filter.Limit, "limit", store.DefaultPageLimit, "list at most this many entries")
	addOutputFlag(cmd, &opts.Output, "table", "table", "json", "csv")
	return cmd
}

// directoryCSVHeader are the columns of "directory list -o csv": the
// entry's field names, which an import maps back to the same fields.
var directoryCSVHeader = []string{"employeeId", "name", "email", "phone", "division", "location", "department", "jobTitle",
	"level", "employeeType", "roleGroup", "managerId", "language", "timezone", "active", "startDate", "endDate"}

// writeDirectoryCSV writes rows as a CSV file whose cells are safe to open
// in a spreadsheet (csvfile).
func writeDirectoryCSV(w io.Writer, rows []domain.Employee) error {
	cw, err := csvfile.NewWriter(w, directoryCSVHeader)
	if err != nil {
		return err
	}
	for _, e := range rows {
		if err := cw.Row([]string{e.EmployeeID, e.Name, e.Email, e.Phone, e.Division, e.Location, e.Department, e.JobTitle,
			e.Level, e.EmployeeType, e.RoleGroup, e.ManagerID, e.Language, e.Timezone, strconv.FormatBool(e.Active),
			e.StartDate, e.EndDate}); err != nil {
			return err
		}
	}
	return cw.Flush()
}

// DirectoryShowOptions are the inputs of "directory show".
type DirectoryShowOptions struct {
	Key    string
	Output string
}

func newDirectoryShowCmd(f *Factory, runF func(*DirectoryShowOptions) error) *cobra.Command {
	opts := &DirectoryShowOptions{}
	cmd := &cobra.Command{
		Use:     "show EMPLOYEE_ID|ID",
		Short:   "Show one directory entry",
		Example: `  commsplan directory show E1001 -o json`,
		Args:    cobra.ExactArgs(1),
		RunE: runE(opts, &opts.Key, runF, func(cmd *cobra.Command) error {
			if err := checkOutput(opts.Output, "table", "json"); err != nil {
				return err
			}
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				e, err := p.Employee(cmd.Context(), opts.Key)
				if errors.Is(err, store.ErrNotFound) {
					return UsageError("no directory entry %q", opts.Key)
				}
				if err != nil {
					return err
				}
				if opts.Output == "json" {
					return writeIndentedJSON(f.Out, e)
				}
				tw := newTable(f.Out, "FIELD\tVALUE")
				for _, row := range [][2]string{{"employeeId", e.EmployeeID}, {"name", e.Name}, {"email", e.Email},
					{"phone", e.Phone}, {"division", e.Division}, {"location", e.Location}, {"department", e.Department},
					{"jobTitle", e.JobTitle}, {"level", e.Level}, {"employeeType", e.EmployeeType}, {"roleGroup", e.RoleGroup},
					{"managerId", e.ManagerID}, {"language", e.Language}, {"timezone", e.Timezone},
					{"active", fmt.Sprint(e.Active)}, {"startDate", e.StartDate}, {"endDate", e.EndDate}, {"source", e.Source}} {
					fmt.Fprintf(tw, "%s\t%s\n", row[0], oneLine(row[1]))
				}
				for k, v := range e.Attributes {
					fmt.Fprintf(tw, "%s\t%s\n", oneLine(k), oneLine(v))
				}
				return tw.Flush()
			})
		}),
	}
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

// DirectoryImportOptions are the inputs of "directory import".
type DirectoryImportOptions struct {
	File   string
	Map    []string
	Import plan.DirectoryImportOptions
	Output string
}

func newDirectoryImportCmd(f *Factory, runF func(*DirectoryImportOptions) error) *cobra.Command {
	opts := &DirectoryImportOptions{}
	cmd := &cobra.Command{
		Use:   "import FILE",
		Short: "Import an HR export (CSV) into the directory",
		Long: `Import an HR export: CSV in UTF-8 with or without a byte order mark, separated
by commas or semicolons, quoted fields may hold separators and line breaks,
dates as ISO, US slash, dotted day-first or Excel serial numbers. The columns
are mapped to the entry's fields from their names (Employee ID, Full Name,
E-mail, Hire Date...); --map COLUMN=FIELD overrides one (FIELD "-" ignores the
column), and columns mapped to nothing go to the entry's attributes.

New employees are created, changed ones updated, the same ones left alone, and
active employees the file leaves out are deactivated with today's end date
(never deleted) unless --no-deactivate. Importing the same file twice changes
nothing. A bad row is reported with its line and field and nothing is written,
unless --partial. Everything is one transaction with its audit entry.`,
		Example: `  commsplan directory import hr-export.csv --dry-run
  commsplan directory import hr.csv --map "Personalnummer=employeeId" --map "Notes=-"
  commsplan directory import hr.csv --key email --partial -o json`,
		Args: cobra.ExactArgs(1),
		RunE: runE(opts, &opts.File, runF, func(cmd *cobra.Command) error {
			if err := checkOutput(opts.Output, "table", "json"); err != nil {
				return err
			}
			opts.Import.Map = map[string]string{}
			for _, m := range opts.Map {
				col, field, ok := strings.Cut(m, "=")
				if !ok || col == "" {
					return UsageError("--map %q: must be COLUMN=FIELD", m)
				}
				opts.Import.Map[col] = field
			}
			fh, err := os.Open(opts.File)
			if err != nil {
				return UsageError("%v", err)
			}
			defer fh.Close()
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				res, err := p.ImportDirectory(cmd.Context(), fh, opts.Import)
				var refused *plan.ImportRefusedError
				if errors.As(err, &refused) {
					return UsageError("%s", oneLine(refused.Error()))
				}
				if err != nil {
					return exitError(err, nil)
				}
				if opts.Output == "json" {
					return writeIndentedJSON(f.Out, res)
				}
				writeImportErrors(f, res)
				verb := "imported"
				if res.DryRun {
					verb = "would import (dry run)"
				}
				_, err = fmt.Fprintf(f.Out, "%s: %d created, %d updated, %d deactivated, %d unchanged, %d errors\n",
					verb, res.Created, res.Updated, res.Deactivated, res.Unchanged, len(res.Errors))
				return err
			})
		}),
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&opts.Map, "map", nil, "COLUMN=FIELD: map a column to a field (repeatable; FIELD - ignores it)")
	fl.StringVar(&opts.Import.Key, "key", "employeeId", "the field that identifies an employee: employeeId or email")
	fl.BoolVar(&opts.Import.DryRun, "dry-run", false, "report what the import would do and write nothing")
	fl.BoolVar(&opts.Import.Partial, "partial", false, "import the good rows even when some are bad")
	fl.BoolVar(&opts.Import.NoDeactivate, "no-deactivate", false, "leave active the employees the file does not list")
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

// writeImportErrors lists the bad rows of a dry or partial import on
// standard error.
func writeImportErrors(f *Factory, res plan.DirectoryImport) {
	for _, e := range res.Errors {
		where := fmt.Sprintf("line %d", e.Line)
		if e.Field != "" {
			where += " " + e.Field
		}
		fmt.Fprintf(f.Err, "%s: %s\n", where, oneLine(e.Message))
	}
}

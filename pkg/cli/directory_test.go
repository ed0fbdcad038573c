package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestAwkwardHRExportThroughTheCLI imports testdata/directory's
// hr-awkward-200.csv (a 200-row HR export saved by Excel: BOM, semicolons,
// CRLF, quoted commas, semicolons, quotes and line breaks, Excel serial,
// US, ISO and dotted dates, surname and given name in two columns, three
// bad emails, two duplicate keys, unknown columns) with the CLI, then the
// next month's export (ten leavers, an acquired division with twelve new
// hires and three transfers), and checks the organisation's counts before
// and after, on both backends. make-hr-awkward.py writes the files.
func TestAwkwardHRExportThroughTheCLI(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	first := filepath.Join(repo, "testdata", "directory", "hr-awkward-200.csv")
	next := filepath.Join(repo, "testdata", "directory", "hr-awkward-200-next.csv")
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dsn := b.DSN(t)
			cleanDir(t)
			run := func(want int, args ...string) (string, string) {
				t.Helper()
				code, out, errOut := runCLI(t, append(args, "--db", dsn)...)
				require.Equal(t, want, code, "%v: %s", args, errOut)
				return out, errOut
			}
			imported := func(args ...string) plan.DirectoryImport {
				t.Helper()
				out, _ := run(0, append([]string{"directory", "import"}, append(args, "-o", "json")...)...)
				var res plan.DirectoryImport
				require.NoError(t, json.Unmarshal([]byte(out), &res))
				return res
			}
			organisation := func() (*orgdata.Dataset, map[string]int) {
				t.Helper()
				out, _ := run(0, "orgdata", "export", "--directory")
				var d orgdata.Dataset
				require.NoError(t, json.Unmarshal([]byte(out), &d))
				byDiv := map[string]int{}
				for _, div := range d.Divisions {
					byDiv[div.Label] = div.Count
				}
				return &d, byDiv
			}
			run(0, "migrate")

			org, _ := organisation()
			assert.Equal(t, 1933, org.TotalEmployees, "no directory: the embedded dataset")

			_, errOut := run(2, "directory", "import", first)
			assert.Contains(t, errOut, "5 bad rows, nothing imported")
			dry := imported(first, "--dry-run")
			assert.False(t, dry.Written)
			assert.Equal(t, 195, dry.Created)
			lines := []int{}
			for _, e := range dry.Errors {
				lines = append(lines, e.Line)
			}
			assert.Equal(t, []int{66, 67, 142, 143, 144}, lines, "the line each bad row starts on, line breaks in quotes counted")
			assert.Equal(t, "employeeId P0010 is also on line 13", dry.Errors[3].Message)
			assert.Equal(t, ";", dry.Separator)
			assert.Equal(t, "email", dry.Mapping["Work E-mail"])
			assert.Equal(t, "lastName", dry.Mapping["Surname"])

			res := imported(first, "--partial")
			assert.Equal(t, [4]int{195, 0, 0, 0}, [4]int{res.Created, res.Updated, res.Deactivated, res.Unchanged})
			assert.Len(t, res.Errors, 5)
			res = imported(first, "--partial")
			assert.Equal(t, [4]int{0, 0, 0, 195}, [4]int{res.Created, res.Updated, res.Deactivated, res.Unchanged}, "the same file twice changes nothing")

			out, _ := run(0, "directory", "show", "P0000", "-o", "json")
			var e domain.Employee
			require.NoError(t, json.Unmarshal([]byte(out), &e))
			assert.Equal(t, "Ana Nguyen", e.Name)
			assert.Equal(t, "2000-01-01", e.StartDate, "Excel serial 36526")
			assert.Equal(t, "Works nights; see \"HR note\" #0,\nthen days from spring", e.Attributes["Notes"])
			assert.Equal(t, "red", e.Attributes["Badge Colour"])
			assert.Equal(t, "B-0", e.Attributes["Parking Bay"])
			out, _ = run(0, "directory", "show", "P0002", "-o", "json")
			require.NoError(t, json.Unmarshal([]byte(out), &e))
			assert.Equal(t, "en-US", e.Language, "EN-us normalised")
			assert.Equal(t, "2002-03-03", e.StartDate, "ISO")
			out, _ = run(0, "directory", "show", "P0003", "-o", "json")
			require.NoError(t, json.Unmarshal([]byte(out), &e))
			assert.Equal(t, "2003-04-04", e.StartDate, "dotted day-first 04.04.2003")

			before, beforeDiv := organisation()
			assert.Equal(t, 195, before.TotalEmployees)
			assert.Equal(t, 50, beforeDiv["SFB - California"], "two spellings of one division")
			assert.NotContains(t, beforeDiv, "ACQ - Ohio")

			res = imported(next, "--partial")
			assert.Equal(t, [4]int{12, 3, 10, 182}, [4]int{res.Created, res.Updated, res.Deactivated, res.Unchanged})
			after, afterDiv := organisation()
			assert.Equal(t, 197, after.TotalEmployees, "195 - 10 leavers + 12 hires")
			assert.Equal(t, 15, afterDiv["ACQ - Ohio"], "a new division without a new binary")
			assert.Contains(t, after.Locations, orgdata.Location{ID: "ohio", Label: "Ohio", Count: 15})
			t.Logf("divisions before: %v (total %d)", beforeDiv, before.TotalEmployees)
			t.Logf("divisions after:  %v (total %d)", afterDiv, after.TotalEmployees)

			out, _ = run(0, "directory", "list", "--division", "acq-ohio", "--limit", "1000", "-o", "csv")
			assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 16, "a header and the fifteen")
			assert.True(t, strings.HasPrefix(out, "employeeId,name,email"))
			st := storetest.Open(t, dsn)
			audit, err := st.ListAudit(actor.With(t.Context(), actor.Terminal), store.AuditFilter{EntityType: store.DirectoryExportEntity, Limit: 10})
			require.NoError(t, err)
			require.NotEmpty(t, audit)
			assert.Equal(t, "directory: 15 of 15 rows (division=acq-ohio offset=0 limit=1000)", audit[0].Label, "the export is audited")
		})
	}
}

package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

func TestOrgdataExportFlags(t *testing.T) {
	tests := []struct {
		args    []string
		want    string
		wantErr string
	}{
		{nil, "json", ""},
		{[]string{"--output", "csv"}, "csv", ""},
		{[]string{"-o", "json"}, "json", ""},
		{[]string{"--output", "table"}, "table", ""},
		{[]string{"--output", "yaml"}, "", `invalid argument "yaml" for "-o, --output" flag: must be json, csv or table`},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var got *OrgdataExportOptions
			cmd := newOrgdataExportCmd(&Factory{}, func(_ context.Context, o *OrgdataExportOptions) error { got = o; return nil })
			cmd.SetArgs(tc.args)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			err := cmd.Execute()
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got.Output)
		})
	}
}

func TestOrgdataExportJSON(t *testing.T) {
	cleanDir(t)
	code, out, errOut := runCLI(t, "orgdata", "export")
	require.Equal(t, 0, code, errOut)
	assert.JSONEq(t, string(orgdata.JSON()), out, "the export is the embedded dataset")
	var d orgdata.Dataset
	require.NoError(t, json.Unmarshal([]byte(out), &d))
	assert.Equal(t, 1933, d.TotalEmployees)
	assert.Len(t, d.JobTitles, 241)
}

func TestOrgdataExportCSV(t *testing.T) {
	cleanDir(t)
	code, out, errOut := runCLI(t, "orgdata", "export", "--output", "csv")
	require.Equal(t, 0, code, errOut)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	assert.Equal(t, csvHeader, rows[0])

	d := orgdata.Load()
	pairs := 0
	for _, jt := range d.JobTitles {
		pairs += jt.DivisionsCount
	}
	require.Len(t, rows, pairs+1)

	total := 0
	titles := map[string]bool{}
	perLocation := map[string]int{}
	for _, row := range rows[1:] {
		n, err := strconv.Atoi(row[7])
		require.NoError(t, err, row)
		total += n
		titles[row[0]] = true
		perLocation[row[5]] += n
	}
	assert.Equal(t, 1933, total)
	assert.Len(t, titles, 241)
	for _, l := range d.Locations {
		assert.Equal(t, l.Count, perLocation[l.ID], l.ID)
	}
	assert.Equal(t, []string{"FA/LV Installer", "fire-alarm", "field-operations"}, rows[1][:3])
}

func TestOrgdataHelp(t *testing.T) {
	cleanDir(t)
	code, out, _ := runCLI(t, "orgdata")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "export")
	code, _, errOut := runCLI(t, "orgdata", "bogus")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `unknown command "bogus"`)
	code, _, errOut = runCLI(t, "orgdata", "export", "--output", "xml")
	assert.Equal(t, 2, code)
	assert.Equal(t, "Error: invalid argument \"xml\" for \"-o, --output\" flag: must be json, csv or table\n"+
		"Run 'commsplan orgdata export --help' for usage.\n", errOut)
}

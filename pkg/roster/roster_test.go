package roster

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readFixture(t *testing.T, name string, opts Options) *File {
	t.Helper()
	fh, err := os.Open(filepath.Join("..", "..", "testdata", "directory", name))
	require.NoError(t, err)
	defer fh.Close()
	if opts.Today.IsZero() {
		opts.Today = time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	f, err := Read(fh, opts)
	require.NoError(t, err)
	return f
}

func TestReadBOM(t *testing.T) {
	f := readFixture(t, "bom.csv", Options{})
	assert.Empty(t, f.Errors)
	assert.Equal(t, "Employee ID", f.Columns[0], "the byte order mark is not part of the first column")
	assert.Equal(t, ",", f.Separator)
	require.Len(t, f.Rows, 3)
	ann, bob := f.Rows[0].Employee, f.Rows[1].Employee
	assert.Equal(t, "E001", ann.EmployeeID)
	assert.Equal(t, "2019-03-15", ann.StartDate, "a US slash date")
	assert.Equal(t, "2023-01-01", bob.StartDate, "an Excel serial number")
	assert.Equal(t, "America/Los_Angeles", ann.Timezone)
	assert.Equal(t, "es-US", f.Rows[2].Employee.Language)
	assert.Equal(t, 2, f.Rows[0].Line)
}

func TestReadSemicolons(t *testing.T) {
	f := readFixture(t, "semicolons.csv", Options{Map: map[string]string{"Personalnummer": "employeeId", "Eintritt": "startDate"}})
	assert.Empty(t, f.Errors)
	assert.Equal(t, ";", f.Separator)
	require.Len(t, f.Rows, 2)
	assert.Equal(t, "Abbott; Ann", f.Rows[0].Employee.Name)
	assert.Equal(t, "2019-03-15", f.Rows[0].Employee.StartDate, "a dotted day-first date")
	assert.Equal(t, "line one\nline two", f.Rows[0].Employee.Attributes["Notes"])
	assert.Equal(t, 4, f.Rows[1].Line, "lines count the line break inside the quoted field")
}

func TestReadQuoted(t *testing.T) {
	f := readFixture(t, "quoted.csv", Options{})
	assert.Empty(t, f.Errors)
	require.Len(t, f.Rows, 2)
	ann := f.Rows[0].Employee
	assert.Equal(t, "Ann Abbott", ann.Name, "first and last name make the name")
	assert.Equal(t, "Sales, East", ann.Department)
	assert.Equal(t, `Manager, "Field" Ops`, ann.JobTitle)
	assert.Equal(t, "Install\nand Service", f.Rows[1].Employee.Department)
	assert.Equal(t, "2023-01-05", f.Rows[1].Employee.StartDate)
}

func TestReadBadRows(t *testing.T) {
	f := readFixture(t, "bad.csv", Options{})
	require.Len(t, f.Rows, 1)
	assert.Equal(t, "E001", f.Rows[0].Employee.EmployeeID)
	assert.Equal(t, []Error{
		{Line: 3, Field: "email", Message: "must be an email address"},
		{Line: 4, Field: "email", Message: "must be an email address"},
		{Line: 5, Field: "employeeId", Message: "employeeId E001 is also on line 2"},
		{Line: 6, Field: "startDate", Message: `must be a date (2024-01-31, 1/31/2024, 31.01.2024 or an Excel serial number), not "31/31/2020"`},
		{Line: 7, Field: "name", Message: "is required"},
	}, f.Errors)
	for _, k := range []string{"E001", "E002", "E003", "E004", "E005"} {
		assert.True(t, f.Keys[k], "every row's key is known, bad or not: %s", k)
	}
}

func TestReadUnknownColumns(t *testing.T) {
	f := readFixture(t, "unknown-columns.csv", Options{Map: map[string]string{"Shirt Size": Ignore}})
	assert.Empty(t, f.Errors)
	assert.Equal(t, map[string]string{"Cost Centre": "CC-100", "Badge Colour": "blue"}, f.Rows[0].Employee.Attributes)
	assert.Equal(t, map[string]string{"Cost Centre": "CC-200"}, f.Rows[1].Employee.Attributes, "empty cells add nothing")
}

func TestReadRefusesWhatItCannotMap(t *testing.T) {
	for name, tc := range map[string]struct {
		csv  string
		opts Options
		want string
	}{
		"no key":        {"Name,Email\nA,a@example.com\n", Options{}, "no column maps to employeeId"},
		"no name":       {"Employee ID,Email\n1,a@example.com\n", Options{}, "no column maps to name"},
		"unknown field": {"Employee ID,Name\n1,A\n", Options{Map: map[string]string{"Name": "nickname"}}, `"nickname" is not a field`},
		"no column":     {"Employee ID,Name\n1,A\n", Options{Map: map[string]string{"Nom": "name"}}, `no column "Nom"`},
		"bad key":       {"Employee ID,Name\n1,A\n", Options{Key: "phone"}, "--key must be"},
		"empty":         {"", Options{}, "no header"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.csv), tc.opts)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestReadByEmail(t *testing.T) {
	f, err := Read(strings.NewReader("Name,Email\nAnn,Ann@Example.com\n"), Options{Key: "email"})
	require.NoError(t, err)
	require.Len(t, f.Rows, 1)
	assert.Equal(t, "ann@example.com", f.Rows[0].Employee.EmployeeID)
}

func TestSuggest(t *testing.T) {
	got := Suggest([]string{"EMPLOYEE_ID", "Given Name", "Surname", "E-mail", "Hire Date", "Reports To", "Whatever", "Title"})
	assert.Equal(t, map[string]string{"EMPLOYEE_ID": "employeeId", "Given Name": "firstName", "Surname": "lastName",
		"E-mail": "email", "Hire Date": "startDate", "Reports To": "managerId", "Title": "jobTitle"}, got)
}

func TestParseDate(t *testing.T) {
	for in, want := range map[string]string{
		"2024-01-31": "2024-01-31", "2024-01-31 00:00:00": "2024-01-31", "1/31/2024": "2024-01-31", "31/1/2024": "2024-01-31",
		"01/02/2024": "2024-01-02", "31.01.2024": "2024-01-31", "45322": "2024-01-31", "45322.5": "2024-01-31",
		"31-Jan-2024": "2024-01-31", "Jan 31, 2024": "2024-01-31", "1/31/24": "2024-01-31", "": "",
	} {
		got, err := ParseDate(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, got, in)
		}
	}
	for _, in := range []string{"2/30/2024", "13/13/2024", "tomorrow", "2024-13-01", "-5"} {
		_, err := ParseDate(in)
		assert.Error(t, err, in)
	}
}

func TestParseDateRoundTripsExcelSerials(t *testing.T) {
	// Every day from 1900-03-01 (serial 61) for 150 years: the serial of a
	// date reads back as that date.
	day := time.Date(1900, 3, 1, 0, 0, 0, 0, time.UTC)
	for serial := 61; serial < 61+365*150; serial++ {
		got, err := ParseDate(strconv.Itoa(serial))
		require.NoError(t, err)
		require.Equal(t, day.Format(time.DateOnly), got, "serial %d", serial)
		day = day.AddDate(0, 0, 1)
	}
}

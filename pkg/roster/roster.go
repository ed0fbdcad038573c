// Package roster reads an HR export (CSV) into directory entries: it finds
// the separator, maps the columns to the entry's fields (suggesting the
// mapping from the column names), reads Excel-style dates and reports each
// bad row with its line and field. It does no I/O of its own beyond the
// reader it is given; pkg/plan owns the import.
package roster

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Fields are the entry fields a column can map to, in the order the
// import dialog offers them. firstName and lastName make the name when no
// column maps to name; "-" ignores a column; any other column goes to the
// entry's attributes under its own name.
var Fields = []string{"employeeId", "name", "firstName", "lastName", "email", "phone", "division", "location",
	"department", "jobTitle", "level", "employeeType", "roleGroup", "managerId", "language", "timezone", "active",
	"startDate", "endDate"}

// Ignore is the mapping target that leaves a column out.
const Ignore = "-"

// synonyms are the column names (as DirectoryKey has them) each field is
// suggested for.
var synonyms = map[string][]string{
	"employeeId":   {"employee-id", "employeeid", "emp-id", "empid", "employee-number", "employee-no", "personnel-number", "worker-id", "staff-id", "id", "hr-id"},
	"name":         {"name", "full-name", "fullname", "display-name", "displayname", "employee-name"},
	"firstName":    {"first-name", "firstname", "given-name", "givenname", "forename"},
	"lastName":     {"last-name", "lastname", "surname", "family-name", "familyname"},
	"email":        {"email", "e-mail", "email-address", "e-mail-address", "work-email", "work-e-mail", "mail", "business-email", "business-e-mail"},
	"phone":        {"phone", "mobile", "work-phone", "telephone", "phone-number", "mobile-phone", "cell"},
	"division":     {"division", "business-unit", "bu", "company", "division-name"},
	"location":     {"location", "site", "office", "work-location", "state", "region"},
	"department":   {"department", "dept", "department-name", "team", "cost-center-name"},
	"jobTitle":     {"job-title", "jobtitle", "title", "position", "position-title"},
	"level":        {"level", "org-level", "job-level", "grade", "management-level"},
	"employeeType": {"employee-type", "employeetype", "worker-type", "employment-type", "type"},
	"roleGroup":    {"role-group", "job-family", "role-category", "role"},
	"managerId":    {"manager-id", "managerid", "manager", "supervisor-id", "reports-to", "manager-employee-id"},
	"language":     {"language", "preferred-language", "locale"},
	"timezone":     {"timezone", "time-zone", "tz"},
	"active":       {"active", "status", "employment-status", "is-active"},
	"startDate":    {"start-date", "startdate", "hire-date", "hiredate", "date-of-hire"},
	"endDate":      {"end-date", "enddate", "termination-date", "leave-date", "last-day"},
}

// Suggest maps each column whose name is a known spelling of a field to
// it; the first column wins a field. Columns it leaves out go to the
// attributes.
func Suggest(columns []string) map[string]string {
	out := map[string]string{}
	taken := map[string]bool{}
	for _, c := range columns {
		key := domain.DirectoryKey(c)
		for _, f := range Fields {
			if !taken[f] && slices.Contains(synonyms[f], key) {
				out[c], taken[f] = f, true
				break
			}
		}
	}
	return out
}

// Error is a bad row (or the file as a whole, line 0): its line in the
// file, the entry field (or column) at fault, and what is wrong.
type Error struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Row is one good row: the entry it gives and the line it starts on.
type Row struct {
	Line     int
	Employee domain.Employee
}

// File is what Read found.
type File struct {
	// Columns are the header's column names.
	Columns []string `json:"columns"`
	// Mapping is the mapping used: column → field (or Ignore); columns
	// not in it went to the attributes.
	Mapping map[string]string `json:"mapping"`
	// Separator is "," or ";".
	Separator string `json:"separator"`
	// Rows are the good rows (Read; Scan hands them over instead).
	Rows []Row `json:"-"`
	// Keys are the employeeIds of every row, good or bad, so a partial
	// import deactivates nobody whose row was bad.
	Keys   map[string]bool `json:"-"`
	Errors []Error         `json:"errors"`
}

// Options are how Read maps a file.
type Options struct {
	// Map overrides the suggested mapping, column → field or Ignore.
	Map map[string]string
	// Key is the field that identifies an entry: "employeeId" (the
	// default) or "email"; with "email" and no employeeId column, the
	// email is the employeeId.
	Key string
	// Today decides whether a row without an active column is active:
	// it is unless its endDate is before Today.
	Today time.Time
}

// ErrNoHeader is a file without a header row.
var ErrNoHeader = errors.New("the file has no header row")

// Read reads a CSV export: UTF-8 with or without a byte order mark, comma
// or semicolon separated (whichever the header has more of), quoted fields
// holding separators and line breaks. Every row is checked; the good ones
// are in Rows and the bad ones in Errors. A file whose columns cannot be
// mapped is an error with the File's Columns, Separator and the Mapping so
// far, so a dialog can offer them.
func Read(r io.Reader, opts Options) (*File, error) {
	var rows []Row
	f, err := Scan(r, opts, func(row Row) error {
		rows = append(rows, row)
		return nil
	})
	if f != nil {
		f.Rows = rows
	}
	return f, err
}

// Scan reads a CSV export as Read does, a row at a time: each good row
// goes to fn as soon as it is read and is not kept (File.Rows stays
// empty), so the memory it holds is the keys and the errors, not the
// rows. An error from fn stops the reading and is returned with a nil
// File; an error with a File is one of the columns, as Read's.
func Scan(r io.Reader, opts Options, fn func(Row) error) (*File, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if b, _ := br.Peek(3); bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	head, _ := br.Peek(br.Size())
	sep := separator(head)
	cr := csv.NewReader(br)
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, ErrNoHeader
	}
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	f := &File{Columns: slices.Clone(header), Separator: string(sep), Keys: map[string]bool{}}
	for i, c := range f.Columns {
		f.Columns[i] = strings.TrimSpace(c)
	}
	f.Mapping = Suggest(f.Columns)
	for c, field := range opts.Map {
		if !slices.Contains(f.Columns, c) {
			return f, fmt.Errorf("--map %s: the file has no column %q", c, c)
		}
		if field != Ignore && !slices.Contains(Fields, field) {
			return f, fmt.Errorf("--map %s=%s: %q is not a field (%s)", c, field, field, strings.Join(Fields, ", "))
		}
		for other, was := range f.Mapping {
			if was == field && other != c && field != Ignore {
				delete(f.Mapping, other)
			}
		}
		f.Mapping[c] = field
	}
	key := opts.Key
	if key == "" {
		key = "employeeId"
	}
	if key != "employeeId" && key != "email" {
		return f, fmt.Errorf("--key must be employeeId or email, not %q", key)
	}
	mapped := map[string]bool{}
	for _, field := range f.Mapping {
		mapped[field] = true
	}
	if !mapped[key] && !(key == "email" && mapped["email"]) {
		return f, fmt.Errorf("no column maps to %s (columns: %s); name one with --map COLUMN=%s", key, strings.Join(f.Columns, ", "), key)
	}
	if !mapped["employeeId"] && !(key == "email" && mapped["email"]) {
		return f, fmt.Errorf("no column maps to employeeId (columns: %s); name one with --map COLUMN=employeeId", strings.Join(f.Columns, ", "))
	}
	if !mapped["name"] && !mapped["firstName"] && !mapped["lastName"] {
		return f, fmt.Errorf("no column maps to name (or firstName and lastName); name one with --map COLUMN=name")
	}
	seen := map[string]int{} // key → line
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				f.Errors = append(f.Errors, Error{Line: pe.StartLine, Message: pe.Err.Error()})
				if errors.Is(pe.Err, csv.ErrQuote) || errors.Is(pe.Err, csv.ErrBareQuote) {
					return f, nil // the rest of the file cannot be read reliably
				}
				continue
			}
			return nil, err
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		if len(rec) != len(f.Columns) {
			f.Errors = append(f.Errors, Error{Line: line, Message: fmt.Sprintf("has %d fields, the header %d", len(rec), len(f.Columns))})
			continue
		}
		e, errs := f.employee(rec, key, opts.Today)
		k := e.EmployeeID
		if key == "email" {
			k = strings.ToLower(e.Email)
		}
		if k != "" {
			f.Keys[k] = true
			if first, dup := seen[k]; dup {
				errs = append(errs, Error{Field: key, Message: fmt.Sprintf("%s %s is also on line %d", key, k, first)})
			} else {
				seen[k] = line
			}
		}
		if len(errs) > 0 {
			for _, e := range errs {
				e.Line = line
				f.Errors = append(f.Errors, e)
			}
			continue
		}
		if err := fn(Row{Line: line, Employee: e}); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// separator picks ';' when the header line has more of them than commas.
func separator(head []byte) rune {
	line, _, _ := bytes.Cut(head, []byte("\n"))
	commas, semis, quoted := 0, 0, false
	for _, b := range line {
		switch {
		case b == '"':
			quoted = !quoted
		case quoted:
		case b == ',':
			commas++
		case b == ';':
			semis++
		}
	}
	if semis > commas {
		return ';'
	}
	return ','
}

// employee maps one record; the errors name the entry's fields.
func (f *File) employee(rec []string, key string, today time.Time) (domain.Employee, []Error) {
	e := domain.Employee{Source: domain.SourceCSV, Active: true, Attributes: map[string]string{}}
	var errs []Error
	var first, last, active string
	haveActive := false
	for i, c := range f.Columns {
		v := strings.TrimSpace(rec[i])
		field, ok := f.Mapping[c]
		if !ok {
			if v != "" && c != "" {
				e.Attributes[c] = v
			}
			continue
		}
		switch field {
		case Ignore:
		case "employeeId":
			e.EmployeeID = v
		case "name":
			e.Name = v
		case "firstName":
			first = v
		case "lastName":
			last = v
		case "email":
			e.Email = v
		case "phone":
			e.Phone = v
		case "division":
			e.Division = v
		case "location":
			e.Location = v
		case "department":
			e.Department = v
		case "jobTitle":
			e.JobTitle = v
		case "level":
			e.Level = v
		case "employeeType":
			e.EmployeeType = v
		case "roleGroup":
			e.RoleGroup = v
		case "managerId":
			e.ManagerID = v
		case "language":
			e.Language = v
		case "timezone":
			e.Timezone = v
		case "active":
			active, haveActive = v, true
		case "startDate", "endDate":
			d, err := ParseDate(v)
			if err != nil {
				errs = append(errs, Error{Field: field, Message: err.Error()})
			}
			if field == "startDate" {
				e.StartDate = d
			} else {
				e.EndDate = d
			}
		}
	}
	if e.Name == "" {
		e.Name = strings.TrimSpace(first + " " + last)
	}
	if key == "email" && e.EmployeeID == "" {
		e.EmployeeID = strings.ToLower(e.Email)
	}
	if haveActive {
		b, err := ParseActive(active)
		if err != nil {
			errs = append(errs, Error{Field: "active", Message: err.Error()})
		}
		e.Active = b
	} else if e.EndDate != "" && !today.IsZero() && e.EndDate < today.Format(time.DateOnly) {
		e.Active = false
	}
	if err := e.Validate(); err != nil {
		var fe domain.FieldErrors
		if errors.As(err, &fe) {
			for _, k := range slices.Sorted(maps.Keys(fe)) {
				if !slices.ContainsFunc(errs, func(x Error) bool { return x.Field == k }) {
					errs = append(errs, Error{Field: k, Message: fe[k]})
				}
			}
		}
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Field < errs[j].Field })
	return e, errs
}

// ParseActive reads an active column: true, yes, y, 1, active or
// a (and their opposites false, no, n, 0, inactive, terminated, t), any
// case; empty is active.
func ParseActive(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "yes", "y", "1", "active", "a":
		return true, nil
	case "false", "no", "n", "0", "inactive", "terminated", "t", "leaver", "left":
		return false, nil
	}
	return true, fmt.Errorf("must be true or false (yes/no, active/inactive), not %q", v)
}

// excelEpoch is day 0 of Excel's date serial numbers (the 1900 system, with
// its leap-year bug: serials from 61 on count from here).
var excelEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// dateLayouts are the spellings ParseDate reads besides the serial numbers
// and slash dates.
var dateLayouts = []string{time.DateOnly, "2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006/01/02", "2.1.2006",
	"02.01.2006", "2-Jan-2006", "02-Jan-2006", "2-Jan-06", "2 Jan 2006", "Jan 2, 2006", "January 2, 2006"}

// ParseDate reads a date as HR exports and Excel write it, into
// YYYY-MM-DD: ISO dates (with or without a time), Excel serial numbers
// (45292), US slash dates (M/D/YYYY, or D/M/YYYY when the first number is
// over 12), dotted day-first dates (31.12.2024), and 5-Jan-2024 or
// Jan 5, 2024. Empty is no date.
func ParseDate(v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", nil
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil && !strings.ContainsAny(v, "-+") {
		if n >= 1 && n < 2958466 { // up to 9999-12-31
			return excelEpoch.AddDate(0, 0, int(n)).Format(time.DateOnly), nil
		}
	}
	if parts := strings.Split(v, "/"); len(parts) == 3 && len(parts[0]) <= 2 {
		a, err1 := strconv.Atoi(parts[0])
		b, err2 := strconv.Atoi(parts[1])
		y, err3 := strconv.Atoi(strings.Fields(parts[2] + " ")[0])
		if err1 == nil && err2 == nil && err3 == nil {
			if y < 100 {
				y += 2000
				if y > time.Now().Year()+10 {
					y -= 100
				}
			}
			m, d := a, b
			if a > 12 {
				m, d = b, a
			}
			t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
			if t.Month() == time.Month(m) && t.Day() == d && m >= 1 {
				return t.Format(time.DateOnly), nil
			}
		}
	}
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, v); err == nil {
			return t.Format(time.DateOnly), nil
		}
	}
	return "", fmt.Errorf("must be a date (2024-01-31, 1/31/2024, 31.01.2024 or an Excel serial number), not %q", v)
}

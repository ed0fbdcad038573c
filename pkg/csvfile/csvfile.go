// Package csvfile writes the CSV downloads (campaign schedules, the
// communications schedule): RFC 4180 with CRLF line ends, and every cell
// defused so that a spreadsheet never runs it as a formula.
package csvfile

import (
	"encoding/csv"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Write writes header and then rows, each cell passed through Cell. A cell
// of one of the numberColumns (indexes into header) that holds a plain
// number, such as -12 or 3.5, is written as it is, so a negative number
// stays a number; anything else there is defused like any cell.
func Write(w io.Writer, header []string, rows [][]string, numberColumns ...int) error {
	cw, err := NewWriter(w, header, numberColumns...)
	if err != nil {
		return err
	}
	for _, row := range rows {
		if err := cw.Row(row); err != nil {
			return err
		}
	}
	return cw.Flush()
}

// Writer writes a CSV file a row at a time, as Write does, for a download
// that streams its rows instead of holding them.
type Writer struct {
	cw            *csv.Writer
	numberColumns []int
	out           []string
}

// NewWriter writes header and returns the writer of the rows (see Write
// for numberColumns). Rows are buffered: call Flush at the end.
func NewWriter(w io.Writer, header []string, numberColumns ...int) (*Writer, error) {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	out := make([]string, len(header))
	for i, v := range header {
		out[i] = Cell(v)
	}
	return &Writer{cw: cw, numberColumns: numberColumns}, cw.Write(out)
}

// Row writes one row.
func (w *Writer) Row(row []string) error {
	out := slices.Grow(w.out[:0], len(row))[:len(row)]
	w.out = out
	for i, v := range row {
		if slices.Contains(w.numberColumns, i) && plainNumber.MatchString(v) {
			out[i] = v
		} else {
			out[i] = Cell(v)
		}
	}
	return w.cw.Write(out)
}

// Flush writes out what is buffered and reports any error of the writing.
func (w *Writer) Flush() error {
	w.cw.Flush()
	return w.cw.Error()
}

// plainNumber is a number a spreadsheet reads as a value, never a formula.
var plainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// Cell defuses spreadsheet formulas: plans carry free text, and a cell that
// starts with = + - @ (or their fullwidth forms, which some spreadsheets
// fold to the same), a tab or a CR would run as a formula when opened. Such
// a cell gets a leading apostrophe, also when spaces, tabs or line breaks
// come first; and so does every line inside a multi-line cell that starts
// that way, for the importers that split a cell's lines.
func Cell(v string) string {
	if v == "" {
		return v
	}
	var b strings.Builder
	if v[0] == '\t' || v[0] == '\r' || startsFormula(strings.TrimLeft(v, " \t\r\n")) {
		b.Grow(len(v) + 1)
		b.WriteByte('\'')
	}
	for {
		i := strings.IndexAny(v, "\r\n")
		if i < 0 {
			b.WriteString(v)
			return b.String()
		}
		end := i + 1
		if v[i] == '\r' && end < len(v) && v[end] == '\n' {
			end++
		}
		b.WriteString(v[:end])
		v = v[end:]
		if v != "" && (v[0] == '\t' || startsFormula(strings.TrimLeft(v, " \t"))) {
			b.WriteByte('\'')
		}
	}
}

// startsFormula reports whether s starts with a character a spreadsheet
// reads as the start of a formula.
func startsFormula(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	switch r {
	case '=', '+', '-', '@', '＝', '＋', '－', '＠':
		return true
	}
	return false
}

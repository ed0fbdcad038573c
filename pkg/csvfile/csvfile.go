// Package csvfile writes the CSV downloads (campaign schedules, the
// communications schedule): RFC 4180 with CRLF line ends, and every cell
// defused so that a spreadsheet never runs it as a formula.
package csvfile

import (
	"encoding/csv"
	"io"
	"strings"
)

// Write writes header and then rows, each cell passed through Cell.
func Write(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, row := range rows {
		out := make([]string, len(row))
		for i, v := range row {
			out[i] = Cell(v)
		}
		if err := cw.Write(out); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Cell defuses spreadsheet formulas: plans carry free text, and a cell
// starting with = + - @ (or a tab or CR) would run as a formula when opened,
// so it gets a leading apostrophe.
func Cell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

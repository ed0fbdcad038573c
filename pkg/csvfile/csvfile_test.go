package csvfile

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	rows := [][]string{{"=HYPERLINK(\"x\")", "a, \"quoted\"\nline"}, {"+1", "-2"}, {"@SUM(A1)", "plain"}, {"\tx", ""}}
	require.NoError(t, Write(&b, []string{"A", "B"}, rows))
	assert.Equal(t, "A,B\r\n\"'=HYPERLINK(\"\"x\"\")\",\"a, \"\"quoted\"\"\r\nline\"\r\n'+1,'-2\r\n'@SUM(A1),plain\r\n'\tx,\r\n", b.String())
	back, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"'=HYPERLINK(\"x\")", "a, \"quoted\"\nline"}, back[1], "a reader gets the text back")
}

func TestCell(t *testing.T) {
	for in, want := range map[string]string{"": "", "ok": "ok", "=1": "'=1", "\rx": "'\rx", "a=b": "a=b", "x - y": "x - y"} {
		assert.Equal(t, want, Cell(in), "%q", in)
	}
}

// TestCellPrefixes: every character a spreadsheet starts a formula with,
// alone, after leading spaces, tabs or line breaks, and on a later line of
// a multi-line cell.
func TestCellPrefixes(t *testing.T) {
	for _, p := range []string{"=", "+", "-", "@", "＝", "＋", "－", "＠"} {
		f := p + "HYPERLINK(\"http://x\")"
		cases := map[string]string{
			f:                    "'" + f,
			" " + f:              "' " + f,
			"\t" + f:             "'\t" + f,
			"\n" + f:             "'\n'" + f,
			"\r\n  " + f:         "'\r\n'  " + f,
			" \t\r" + f:          "' \t\r'" + f,
			"note\n" + f:         "note\n'" + f,
			"note\r\n \t" + f:    "note\r\n' \t" + f,
			"note\r" + f:         "note\r'" + f,
			"a\n\nb\n" + f:       "a\n\nb\n'" + f,
			"a\n" + f + "\n" + f: "a\n'" + f + "\n'" + f,
			"a" + f:              "a" + f,
		}
		for in, want := range cases {
			assert.Equal(t, want, Cell(in), "%q", in)
		}
	}
	assert.Equal(t, "'\tx", Cell("\tx"), "a leading tab")
	assert.Equal(t, "'\rx", Cell("\rx"), "a leading CR")
	assert.Equal(t, "a\n'\tx", Cell("a\n\tx"), "a line that starts with a tab")
}

// TestWriteMultiLine: defused lines inside a quoted multi-line cell come
// back from a CSV reader with their apostrophes.
func TestWriteMultiLine(t *testing.T) {
	var b bytes.Buffer
	cell := "Agenda:\n=cmd|' /C calc'!A0\r\n  ＠SUM(1)\n- item"
	require.NoError(t, Write(&b, []string{"Notes"}, [][]string{{cell}}))
	assert.Equal(t, "Notes\r\n\"Agenda:\r\n'=cmd|' /C calc'!A0\r\n'  ＠SUM(1)\r\n'- item\"\r\n", b.String())
	back, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	require.Len(t, back, 2)
	for _, line := range strings.Split(back[1][0], "\n")[1:] {
		assert.True(t, strings.HasPrefix(line, "'"), "%q", line)
	}
}

func TestWriteNumberColumns(t *testing.T) {
	var b bytes.Buffer
	rows := [][]string{{"-2", "-2"}, {"-3.5", "=1+1"}, {"12", "-1e3"}}
	require.NoError(t, Write(&b, []string{"Text", "Count"}, rows, 1))
	assert.Equal(t, "Text,Count\r\n'-2,-2\r\n'-3.5,'=1+1\r\n12,'-1e3\r\n", b.String(),
		"a negative number stays a number in a number column; anything else there is defused")
}

// FuzzCell: the defused cell is the input with apostrophes added, no line of
// it starts a formula, and defusing again changes nothing.
func FuzzCell(f *testing.F) {
	for _, s := range []string{"", "=1", " \t=1", "\r\n＠x", "a\n-1", "'=1", "\t", "a\r\r\n+b", "\xff=", "－"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Cell(in)
		// in is out without some of its apostrophes.
		i := 0
		for j := 0; j < len(out); j++ {
			if i < len(in) && out[j] == in[i] {
				i++
			} else if out[j] != '\'' {
				t.Fatalf("Cell(%q) = %q: not the input with apostrophes added", in, out)
			}
		}
		if i != len(in) {
			t.Fatalf("Cell(%q) = %q lost input", in, out)
		}
		if out != "" && (out[0] == '\t' || out[0] == '\r' || startsFormula(strings.TrimLeft(out, " \t\r\n"))) {
			t.Fatalf("Cell(%q) = %q still starts a formula", in, out)
		}
		for _, line := range strings.FieldsFunc(out, func(r rune) bool { return r == '\n' || r == '\r' }) {
			if line[0] == '\t' || startsFormula(strings.TrimLeft(line, " \t")) {
				t.Fatalf("Cell(%q) = %q: line %q starts a formula", in, out, line)
			}
		}
		if again := Cell(out); again != out {
			t.Fatalf("Cell is not idempotent: %q -> %q -> %q", in, out, again)
		}
	})
}

// TestWriterIsWrite: rows written one at a time give Write's bytes.
func TestWriterIsWrite(t *testing.T) {
	header := []string{"A", "=B", "N"}
	rows := [][]string{{"x", "=1+1", "-12"}, {"line\nbreak", "", "=3"}, {"a,b", `"q"`, "3.5"}}
	var whole, streamed bytes.Buffer
	require.NoError(t, Write(&whole, header, rows, 2))
	w, err := NewWriter(&streamed, header, 2)
	require.NoError(t, err)
	for _, r := range rows {
		require.NoError(t, w.Row(r))
	}
	require.NoError(t, w.Flush())
	assert.Equal(t, whole.String(), streamed.String())
}

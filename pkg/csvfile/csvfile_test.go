package csvfile

import (
	"bytes"
	"encoding/csv"
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
	for in, want := range map[string]string{"": "", "ok": "ok", "=1": "'=1", "\rx": "'\rx", "a=b": "a=b"} {
		assert.Equal(t, want, Cell(in), "%q", in)
	}
}

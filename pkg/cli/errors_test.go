package cli

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/commsplan/commsplan/pkg/internal/typederr"
)

// TestExitErrorTable: every typed error exits with its code and one line;
// the API's twin, TestFailTable, walks the same list.
func TestExitErrorTable(t *testing.T) {
	for _, c := range typederr.Cases {
		if c.Exit == 0 {
			continue
		}
		err := exitError(c.Err, nil)
		code := codeFailure
		var exit *ExitError
		if errors.As(err, &exit) {
			code = exit.Code
		}
		assert.Equal(t, c.Exit, code, c.Name)
		msg := err.Error()
		assert.NotEmpty(t, msg, c.Name)
		assert.NotContains(t, msg, "\n", "%s: one line", c.Name)
		if c.Exit == codeUsage {
			// A named field is said as its flag.
			named := exitError(c.Err, flagNamed).Error()
			assert.NotContains(t, named, "\n", c.Name)
		}
	}
	assert.Nil(t, exitError(nil, nil))
	usage := UsageError("already one line")
	assert.Same(t, usage, exitError(usage, nil), "an ExitError keeps its code and text")
	assert.Equal(t, "--themeId refers to a record that does not exist",
		exitError(typederr.Cases[caseIndex("store.ReferenceError")].Err, flagNamed).Error())
}

// caseIndex is the index of the case named name.
func caseIndex(name string) int {
	for i, c := range typederr.Cases {
		if strings.EqualFold(c.Name, name) {
			return i
		}
	}
	panic("no case " + name)
}

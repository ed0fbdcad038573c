package api

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/internal/typederr"
)

// TestFailTable: fail answers every typed error with its status and a JSON
// body that says what is wrong; the command line's twin, TestExitErrorTable,
// walks the same list.
func TestFailTable(t *testing.T) {
	s := New(Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	for _, c := range typederr.Cases {
		if c.Status == 0 {
			continue
		}
		w := httptest.NewRecorder()
		s.fail(w, httptest.NewRequest(http.MethodPost, "/api/themes", nil), c.Err)
		assert.Equal(t, c.Status, w.Code, c.Name)
		var body struct {
			Error string `json:"error"`
		}
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body), c.Name)
		assert.NotEmpty(t, body.Error, c.Name)
	}
}

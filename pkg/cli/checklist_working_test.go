package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func TestChecklistCurrentApply(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			code, _, errOut := runCLI(t, "--db", db, "migrate")
			require.Equal(t, 0, code, errOut)
			current := func() plan.ChecklistState {
				t.Helper()
				code, out, errOut := runCLI(t, "--db", db, "checklist", "current", "-o", "json")
				require.Equal(t, 0, code, errOut)
				var st plan.ChecklistState
				require.NoError(t, json.Unmarshal([]byte(out), &st))
				return st
			}

			// A fresh database: the initial checklist at version 0.
			st := current()
			assert.Equal(t, 0, st.Version)
			assert.Nil(t, st.UpdatedAt)
			assert.Equal(t, checklist.Initial(), st.Items)
			assert.Equal(t, 38.2, st.Stats.ReadinessPercentage)
			assert.Len(t, st.Categories, 3)
			code, out, errOut := runCLI(t, "--db", db, "checklist", "current")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "Version 0 (never saved)")
			assert.Regexp(t, `Overall readiness:\s+38\.2% \(Needs Attention\)`, out)
			assert.Regexp(t, `\n1\s+Impact\s+Business Process Changes Mapped\s+1/10\s+1\s+yes\s+Business Process Owners\n`, out)

			// Apply a JSON item list based on version 0.
			items := awkwardItems()
			code, out, errOut = runCLI(t, "--db", db, "checklist", "apply", writeFile(t, dir, "items.json", jsonOf(t, items)), "--version", "0")
			require.Equal(t, 0, code, errOut)
			want := checklist.Score(items)
			assert.Equal(t, fmt.Sprintf("Saved version 1: 26 items, readiness %.1f%% (%s)\n", want.ReadinessPercentage, want.ReadinessLevel), out)
			st = current()
			assert.Equal(t, 1, st.Version)
			assert.NotNil(t, st.UpdatedAt)
			assert.Equal(t, items, st.Items)
			assert.Equal(t, want, st.Stats)

			// A stale version: exit 2, nothing changes, no history entry.
			reset := slices.Clone(items)
			reset[0].Notes = "stale"
			resetFile := writeFile(t, dir, "reset.json", jsonOf(t, map[string]any{"name": "T", "items": reset}))
			code, out, errOut = runCLI(t, "--db", db, "checklist", "apply", resetFile, "--version", "0")
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, "the checklist is at version 1, not 0")
			assert.Equal(t, items, current().Items)
			hist, err := storetest.Open(t, db).ListChecklistHistory(t.Context())
			require.NoError(t, err)
			require.Len(t, hist, 1)

			// A template document at the current version, then an HTML
			// report with no --version (whatever is stored is replaced).
			code, _, errOut = runCLI(t, "--db", db, "checklist", "apply", resetFile, "--version", "1")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, reset, current().Items)
			report, err := checklist.RenderBytes(items, checklist.ReportOptions{})
			require.NoError(t, err)
			code, out, errOut = runCLI(t, "--db", db, "checklist", "apply", writeFile(t, dir, "r.html", report), "-o", "json")
			require.Equal(t, 0, code, errOut)
			var applied plan.ChecklistState
			require.NoError(t, json.Unmarshal([]byte(out), &applied))
			assert.Equal(t, 3, applied.Version)
			assert.Equal(t, items, current().Items)

			// Every accepted apply is in the history, with its stats.
			hist, err = storetest.Open(t, db).ListChecklistHistory(t.Context())
			require.NoError(t, err)
			require.Len(t, hist, 3)
			var last checklist.Stats
			require.NoError(t, json.Unmarshal(hist[2].Stats, &last))
			assert.Equal(t, want, last)

			// Bad input exits 2 and changes nothing.
			for _, args := range [][]string{
				{"apply", writeFile(t, dir, "bad.html", []byte("<p>hi</p>"))},
				{"apply", writeFile(t, dir, "bad.json", []byte(`{"items": 3}`))},
				{"apply", resetFile, "--version", "-1"},
				{"apply", dir + "/missing.json"},
				{"current", "-o", "yaml"},
			} {
				code, _, errOut = runCLI(t, append([]string{"--db", db, "checklist"}, args...)...)
				assert.Equal(t, 2, code, "%v: %s", args, errOut)
			}
			assert.Equal(t, 3, current().Version)
		})
	}
}

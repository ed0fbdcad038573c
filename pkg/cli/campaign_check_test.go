package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestCampaignCheck checks a generated plan (no findings of severity error,
// exit 0), then the same plan edited so training comes before enrolment
// (exit 1, the finding named), as a file and as a saved campaign on both
// backends.
func TestCampaignCheck(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			s, _ := generateJSON(t)
			good := filepath.Join(dir, "erp.json")
			body, err := json.Marshal(s)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(good, body, 0o600))

			code, out, errOut := runCLI(t, "campaign", "check", good)
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, "ERP Go-Live")

			// The planner drags the training before enrolment.
			var enrol, train int
			for i, a := range s.Activities {
				switch a.Title {
				case "Training Enrolment Opens":
					enrol = i
				case "End-User Training Sessions":
					train = i
				}
			}
			s.Activities[train].Date = "2025-08-12"
			s.Activities[enrol].Date = "2025-08-14"
			body, err = json.Marshal(s)
			require.NoError(t, err)
			bad := filepath.Join(dir, "edited.json")
			require.NoError(t, os.WriteFile(bad, body, 0o600))
			code, out, errOut = runCLI(t, "campaign", "check", bad)
			assert.Equal(t, 1, code)
			assert.Contains(t, out, "Training Enrolment Opens (14 Aug) comes after End-User Training Sessions (12 Aug)")
			assert.Contains(t, errOut, "Error: the plan has 1 error")

			code, out, _ = runCLI(t, "campaign", "check", bad, "-o", "json")
			assert.Equal(t, 1, code)
			var res campaign.CheckResult
			require.NoError(t, json.Unmarshal([]byte(out), &res))
			assert.Equal(t, 1, res.Errors)
			assert.Equal(t, "sequence", res.Findings[0].Rule)
			assert.Equal(t, []string{s.Activities[enrol].ID, s.Activities[train].ID}, res.Findings[0].ActivityIDs)

			// A saved campaign by title.
			code, _, errOut = runCLI(t, "--db", db, "migrate")
			require.Equal(t, 0, code, errOut)
			code, out, errOut = runCLI(t, append(append([]string{"--db", db}, erpArgs[:len(erpArgs)-2]...), "--save")...)
			require.Equal(t, 0, code, errOut)
			id := strings.TrimSpace(out)
			code, _, errOut = runCLI(t, "--db", db, "campaign", "check", "ERP Go-Live")
			assert.Equal(t, 0, code, errOut)
			code, _, errOut = runCLI(t, "--db", db, "campaign", "check", id, "-o", "json")
			assert.Equal(t, 0, code, errOut)

			// Bad input: exit 2.
			code, _, errOut = runCLI(t, "--db", db, "campaign", "check", "No Such Plan")
			assert.Equal(t, 2, code, errOut)
			notJSON := filepath.Join(dir, "notes.txt")
			require.NoError(t, os.WriteFile(notJSON, []byte("hello"), 0o600))
			code, _, errOut = runCLI(t, "campaign", "check", notJSON)
			assert.Equal(t, 2, code)
			assert.Contains(t, errOut, "is not a schedule JSON document")
			code, _, _ = runCLI(t, "campaign", "check", good, "-o", "pdf")
			assert.Equal(t, 2, code)
		})
	}
}

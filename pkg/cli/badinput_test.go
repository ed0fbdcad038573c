package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestCLIBadInputNeverReachesTheStore feeds the CLI's file inputs that end
// up in the store a NUL or an over-long title: each exits 2 naming the
// field and stores nothing, on both backends (PostgreSQL would refuse the
// NUL with an internal error otherwise).
func TestCLIBadInputNeverReachesTheStore(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			st := storetest.Open(t, db)
			ctx := context.Background()

			// A campaign config whose name (the default title) holds a NUL or
			// is too long: the generator refuses it, as the API's does.
			cfg := loadTestConfig(t, campaignTestdata(t, "configs", "crisis-communication-one-day.json"))
			for name, title := range map[string]string{"NUL": "Wave\x00One", "long": strings.Repeat("w", domain.MaxName+1)} {
				cfg.CampaignName = title
				raw, err := json.Marshal(cfg)
				require.NoError(t, err)
				path := filepath.Join(dir, name+".json")
				require.NoError(t, os.WriteFile(path, raw, 0o600))
				code, _, errOut := runCLI(t, "--db", db, "campaign", "generate", "--file", path, "--save")
				assert.Equal(t, 2, code, errOut)
				assert.Contains(t, errOut, "--name (campaignName) must", name)
			}
			camps, err := st.ListCampaigns(ctx)
			require.NoError(t, err)
			assert.Empty(t, camps)

			// Raw notes holding a NUL, saved to the library.
			seedContentPlan(t, st)
			notes := filepath.Join(dir, "notes.txt")
			require.NoError(t, os.WriteFile(notes, []byte("Go-live\x00 is near"), 0o600))
			code, _, errOut := runCLI(t, "--db", db, "content", "generate", "--theme", "Why ERP", "--vehicle", "email",
				"--raw", notes, "--save", "--title", "T")
			assert.Equal(t, 2, code, errOut)
			assert.Contains(t, errOut, domain.MsgNUL)
			comms, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Empty(t, comms)

			// An imported checklist with an over-long name.
			report := filepath.Join(dir, "report.html")
			code, _, errOut = runCLI(t, "--db", db, "checklist", "report", "--out", report)
			require.Equal(t, 0, code, errOut)
			code, _, errOut = runCLI(t, "--db", db, "checklist", "import", report, "--name", strings.Repeat("n", domain.MaxName+1))
			assert.Equal(t, 2, code, errOut)
			assert.Contains(t, errOut, "name must be at most 500 characters")
			tmpls, err := st.ListChecklistTemplates(ctx)
			require.NoError(t, err)
			assert.Empty(t, tmpls)
		})
	}
}

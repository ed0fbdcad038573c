package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestCampaignImport: a campaign generated and saved from the terminal goes
// onto the Schedule from the terminal: audiences by name or --audience,
// vehicles by channel; a second run creates nothing and says how many were
// skipped; an unmapped label is exit 2 and writes nothing.
func TestCampaignImport(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			cleanDir(t)
			db := b.DSN(t)
			st := storetest.Open(t, db)
			ctx := context.Background()
			code, out, errOut := runCLI(t, "--db", db, "campaign", "generate", "--name", "ERP Go-Live", "--start", "2025-06-02",
				"--end", "2025-10-31", "--type", "technology-implementation", "--go-live", "2025-09-15", "--save")
			require.Equal(t, 0, code, errOut)
			id := strings.TrimSpace(out)
			c, err := st.GetCampaign(ctx, id)
			require.NoError(t, err)
			var sched campaign.Schedule
			require.NoError(t, json.Unmarshal(c.Schedule, &sched))

			theme := domain.Theme{Name: "Go-live", Description: "d"}
			require.NoError(t, st.CreateTheme(ctx, &theme))
			labels := map[string]int{}
			for _, a := range sched.Activities {
				labels[a.Audience]++
			}
			require.Contains(t, labels, "Employees")
			for l := range labels {
				if l != "Employees" {
					require.NoError(t, st.CreateAudience(ctx, &domain.Audience{Name: strings.ToLower(l)}))
				}
			}
			staff := domain.Audience{Name: "All Staff"}
			require.NoError(t, st.CreateAudience(ctx, &staff))
			email := domain.Vehicle{Name: "Staff email", Type: "email"}
			require.NoError(t, st.CreateVehicle(ctx, &email))

			code, _, errOut = runCLI(t, "--db", db, "campaign", "import", "ERP Go-Live")
			assert.Equal(t, 2, code)
			assert.Equal(t, `Error: no stored audience is named "Employees": map it with --audience "Employees=NAME|ID" (or "Employees=" for everyone)`+"\n", errOut)
			list, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Empty(t, list, "nothing written")

			for _, bad := range [][]string{
				{"campaign", "import", "No such campaign"},
				{"campaign", "import", id, "--theme", "Nope", "--audience", "Employees=All staff"},
				{"campaign", "import", id, "--audience", "Employees"},
				{"campaign", "import", id, "--audience", "Employees=Nobody"},
				{"campaign", "import", id, "--activity", "activity-9999", "--audience", "Employees=All staff"},
				{"campaign", "import", id, "-o", "yaml"},
			} {
				code, _, errOut = runCLI(t, append([]string{"--db", db}, bad...)...)
				assert.Equal(t, 2, code, "%v: %s", bad, errOut)
				if bad[len(bad)-1] != "yaml" { // a flag's error adds where to read the usage
					assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
				}
			}

			// One activity first, by id, under the title.
			first := sched.Activities[0]
			code, out, errOut = runCLI(t, "--db", db, "campaign", "import", "erp go-live", "--activity", first.ID,
				"--audience", "employees=all staff", "--theme", "GO-LIVE")
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, first.Title)
			assert.True(t, strings.HasSuffix(out, "Successfully added 1 communications to schedule\n"), out)

			code, out, errOut = runCLI(t, "--db", db, "campaign", "import", id, "--audience", "Employees="+staff.ID, "-o", "json")
			require.Equal(t, 0, code, errOut)
			var res plan.ImportResult
			require.NoError(t, json.Unmarshal([]byte(out), &res))
			assert.Len(t, res.Created, len(sched.Activities)-1)
			assert.Equal(t, 1, res.Skipped)
			assert.Empty(t, res.Unmapped)
			// A plan that holds the cap, imported with its audiences
			// mapped, raises no Schedule warning.
			assert.Zero(t, res.Warnings.Total, res.Warnings.First)
			assert.NotContains(t, plan.ImportSummary(res), "warnings")
			for _, com := range res.Created {
				require.NotNil(t, com.Audience, com.Title)
				if strings.Contains(com.Title, "for Employees") {
					assert.Equal(t, staff.ID, com.AudienceID)
				}
			}
			list, err = st.ListCommunications(ctx)
			require.NoError(t, err)
			require.Len(t, list, len(sched.Activities))
			byActivity := map[string]campaign.Activity{}
			for _, a := range sched.Activities {
				byActivity[a.ID] = a
			}
			for _, com := range list {
				a := byActivity[com.SourceActivityID]
				assert.Equal(t, a.Date, com.ScheduledDate)
				assert.True(t, strings.EqualFold(a.Audience, com.Audience.Name) || a.Audience == "Employees", a.Audience)
				if a.Channel == "email" {
					assert.Equal(t, email.ID, com.VehicleID)
				}
			}

			code, out, errOut = runCLI(t, "--db", db, "campaign", "import", id, "--audience", "Employees=")
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, "Successfully added 0 communications to schedule; "+itoa(len(sched.Activities))+" were already in the schedule\n", out)
			t.Logf("%s: %d activities imported, a second run created 0 and skipped %d", b.Name, len(sched.Activities), len(sched.Activities))

			// A busier plan (its own cap 6) on top: the import says what
			// the Schedule now warns about, by kind, the first few by name.
			code, _, errOut = runCLI(t, "--db", db, "campaign", "generate", "--name", "Busy Wave", "--start", "2025-06-02",
				"--end", "2025-10-31", "--type", "change-management", "--urgency", "high", "--max-per-audience-week", "6", "--save")
			require.Equal(t, 0, code, errOut)
			code, out, errOut = runCLI(t, "--db", db, "campaign", "import", "Busy Wave", "--audience", "Employees="+staff.ID, "-o", "json")
			require.Equal(t, 0, code, errOut)
			var busy plan.ImportResult
			require.NoError(t, json.Unmarshal([]byte(out), &busy))
			assert.Positive(t, busy.Warnings.Total)
			sum := 0
			for _, n := range busy.Warnings.ByKind {
				sum += n
			}
			assert.Equal(t, busy.Warnings.Total, sum)
			assert.Positive(t, busy.Warnings.ByKind["overload"])
			require.Len(t, busy.Warnings.First, min(3, busy.Warnings.Total))
			assert.Contains(t, busy.Warnings.First[0], "in the week of")
			assert.Contains(t, plan.ImportSummary(busy), fmt.Sprintf("The Schedule now shows %d warnings for them (%d overload",
				busy.Warnings.Total, busy.Warnings.ByKind["overload"]))
		})
	}
}

// TestExportLeavesConfidentialOut: "export schedule --include-campaigns"
// leaves a pre-acquisition campaign's labelled activities out unless
// --include-confidential asks for them.
func TestExportLeavesConfidentialOut(t *testing.T) {
	cleanDir(t)
	db := storetest.SQLiteDSN(t)
	code, _, errOut := runCLI(t, "--db", db, "campaign", "generate", "--file", campaignTestdata(t, "configs", "ma-integration-pre-acquisition.json"), "--save")
	require.Equal(t, 0, code, errOut)
	code, out, errOut := runCLI(t, "--db", db, "export", "schedule", "--include-campaigns", "-o", "csv")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, strings.SplitN(out, "\r\n", 2)[0], ",Confidentiality")
	assert.NotContains(t, out, "Confidential -")
	assert.NotContains(t, out, "Board Confidential")
	code, out, errOut = runCLI(t, "--db", db, "export", "schedule", "--include-campaigns", "--include-confidential", "-o", "csv")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Board Confidential")
}

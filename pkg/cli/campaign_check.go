package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
)

// CampaignCheckOptions are the inputs of "campaign check".
type CampaignCheckOptions struct {
	// Target is a schedule JSON file ("-" is stdin), or a saved campaign's
	// id or title.
	Target string
	Output string
}

func newCampaignCheckCmd(f *Factory, runF func(*CampaignCheckOptions) error) *cobra.Command {
	opts := &CampaignCheckOptions{}
	cmd := &cobra.Command{
		Use:   "check FILE|ID|TITLE",
		Short: "Read a campaign plan as a planner does and list what to change",
		Long: `Check a campaign schedule against the planner's rules: series at their
cadence, the catalogue's sequence (enrolment before training, the reason for
the change before go-live ...), lead time, weekends and holidays, the weekly
cap per audience, confidentiality before an announcement, and M&A dates.
The schedule is a generated JSON file ("campaign generate -o json"), "-" for
stdin, or a saved campaign given by id or title.

Exit codes: 0 when no error remains (warnings are listed), 1 when the plan
has errors, 2 on bad input.`,
		Example: `  commsplan campaign generate --name "ERP Go-Live" --start 2025-06-02 --end 2025-10-31 \
    --type technology-implementation --go-live 2025-09-15 -o json --out erp.json
  commsplan campaign check erp.json
  commsplan campaign check "ERP Go-Live" -o json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeCampaignIDs(f),
		RunE:              runE(opts, &opts.Target, runF, func(cmd *cobra.Command) error { return campaignCheckRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func campaignCheckRun(cmd *cobra.Command, f *Factory, opts *CampaignCheckOptions) error {
	if err := checkOutput(opts.Output, "table", "json"); err != nil {
		return err
	}
	s, err := checkTarget(cmd, f, opts.Target)
	if err != nil {
		return err
	}
	res := campaign.CheckReport(s)
	if opts.Output == "json" {
		if err := writeIndentedJSON(f.Out, res); err != nil {
			return err
		}
	} else {
		writeFindings(f.Out, s, res)
	}
	if res.Errors > 0 {
		return &ExitError{Code: codeFailure, Err: fmt.Errorf("the plan has %s", countOf(res.Errors, "error"))}
	}
	return nil
}

// checkTarget reads the schedule to check: a file when one exists by that
// name (or "-"), else a saved campaign by id or title.
func checkTarget(cmd *cobra.Command, f *Factory, target string) (*campaign.Schedule, error) {
	target = strings.TrimSpace(target)
	var body []byte
	switch _, statErr := os.Stat(target); {
	case target == "-":
		b, err := io.ReadAll(cmd.InOrStdin())
		if err != nil {
			return nil, err
		}
		body = b
	case statErr == nil:
		b, err := os.ReadFile(target)
		if err != nil {
			return nil, UsageError("%s: %v", target, err)
		}
		body = b
	default:
		st, err := f.OpenExistingStore(cmd.Context())
		if err != nil {
			return nil, err
		}
		defer st.Close()
		cs, err := st.ListCampaigns(cmd.Context())
		if err != nil {
			return nil, err
		}
		c, err := findByIDOrName(cs, target, "campaign", "a schedule file or a saved campaign", "campaigns",
			func(c domain.Campaign) (string, string) { return c.ID, c.Title })
		if err != nil {
			return nil, err
		}
		body = c.Schedule
	}
	var s campaign.Schedule
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&s); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || errors.Is(err, io.EOF) {
			return nil, UsageError("%s is not a schedule JSON document: %v", target, err)
		}
		return nil, UsageError("%s: %v", target, err)
	}
	if len(s.Activities) == 0 && s.StartDate == "" {
		return nil, UsageError("%s is not a schedule: it has no startDate and no activities", target)
	}
	return &s, nil
}

// writeFindings prints one line per finding, errors first, with the dates
// and titles of the activities it names, then the counts.
func writeFindings(w io.Writer, s *campaign.Schedule, res campaign.CheckResult) {
	if len(res.Findings) == 0 {
		fmt.Fprintf(w, "%s: no findings, the plan holds every rule (%s).\n", s.CampaignName, countOf(len(s.Activities), "activity"))
		return
	}
	tw := newTable(w, "SEVERITY\tRULE\tACTIVITIES\tFINDING")
	for _, f := range res.Findings {
		ids := strings.Join(f.ActivityIDs, ",")
		if ids == "" {
			ids = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Severity, f.Rule, ids, oneLine(f.Message))
	}
	tw.Flush()
	fmt.Fprintf(w, "%s: %s, %s.\n", s.CampaignName, countOf(res.Errors, "error"), countOf(res.Warnings, "warning"))
}

// countOf is "1 error", "3 warnings", "2 activities".
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(noun, "y"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

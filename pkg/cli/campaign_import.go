package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// CampaignImportOptions are the inputs of "campaign import".
type CampaignImportOptions struct {
	// Campaign is a saved campaign's id or title.
	Campaign   string
	Activities []string
	Theme      string
	// Audiences are LABEL=NAME|ID pairs; LABEL= is everyone.
	Audiences []string
	Output    string
}

func newCampaignImportCmd(f *Factory, runF func(*CampaignImportOptions) error) *cobra.Command {
	opts := &CampaignImportOptions{}
	cmd := &cobra.Command{
		Use:   "import ID|TITLE",
		Short: "Put a saved campaign's activities on the Schedule",
		Long: `Import a saved campaign's activities into the Schedule as scheduled
communications, as the inventory's import dialog does (one use case). Each
activity keeps its audience (the stored audience of the same name,
case-insensitive, or the one --audience maps its label to) and its channel
(the first stored vehicle of that type). Activities already imported are
skipped, so running it again creates nothing. A label that matches no stored
audience must be mapped with --audience LABEL=NAME|ID, or LABEL= for
everyone; otherwise nothing is imported and the command exits 2.`,
		Example: `  commsplan campaign import "ERP Go-Live" --audience "Integration leaders=Leadership team"
  commsplan campaign import 0b9e1c64-... --activity activity-3 --theme "Go-live" -o json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeCampaignIDs(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Campaign = args[0]
			if runF != nil {
				return runF(opts)
			}
			return campaignImportRun(cmd, f, opts)
		},
	}
	cmd.Flags().StringArrayVar(&opts.Activities, "activity", nil, "import only this activity id (repeatable); default all")
	cmd.Flags().StringVar(&opts.Theme, "theme", "", "theme name or id (default the first theme)")
	cmd.Flags().StringArrayVar(&opts.Audiences, "audience", nil, `map an activity's audience label to a stored audience: LABEL=NAME|ID, or LABEL= for everyone (repeatable; a label given twice maps to both)`)
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func campaignImportRun(cmd *cobra.Command, f *Factory, opts *CampaignImportOptions) error {
	if err := checkOutput(opts.Output, "table", "json"); err != nil {
		return err
	}
	ctx := cmd.Context()
	st, err := f.OpenExistingStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	req, id, err := importRequest(ctx, st, opts)
	if err != nil {
		return err
	}
	p := f.Plan(st)
	// Ask first, so an unmapped label writes nothing.
	req.DryRun = true
	res, err := p.ImportCampaign(ctx, id, req)
	if err != nil {
		return exitError(notFound(err, "campaign", opts.Campaign), nil)
	}
	if len(res.Unmapped) > 0 {
		l := res.Unmapped[0]
		return UsageError("no stored audience is named %q: map it with --audience %q (or %q for everyone)%s",
			l, l+"=NAME|ID", l+"=", more(len(res.Unmapped)-1, "unmapped label"))
	}
	req.DryRun = false
	req.WarnLimit = f.Config.MaxPerAudienceWeek
	if res, err = p.ImportCampaign(ctx, id, req); err != nil {
		return exitError(notFound(err, "campaign", opts.Campaign), nil)
	}
	if opts.Output == "json" {
		return writeIndentedJSON(f.Out, res)
	}
	if len(res.Created) > 0 {
		tw := newTable(f.Out, "DATE\tTITLE\tAUDIENCE\tVEHICLE")
		for _, c := range res.Created {
			aud, veh := "Everyone", "-"
			if c.Audience != nil {
				aud = c.Audience.Name
			}
			if c.Vehicle != nil {
				veh = c.Vehicle.Name
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.ScheduledDate, oneLine(c.Title), oneLine(aud), oneLine(veh))
		}
		tw.Flush()
	}
	fmt.Fprintln(f.Out, plan.ImportSummary(res))
	// The first few warnings by name, as the Schedule words them.
	for _, w := range res.Warnings.First {
		fmt.Fprintln(f.Out, "  "+w)
	}
	if more := res.Warnings.Total - len(res.Warnings.First); more > 0 {
		fmt.Fprintf(f.Out, "  ... and %d more on the Schedule\n", more)
	}
	return nil
}

// importRequest resolves the command line's names into the use case's
// request and the campaign's id.
func importRequest(ctx context.Context, st store.Store, opts *CampaignImportOptions) (plan.CampaignImport, string, error) {
	var req plan.CampaignImport
	campaigns, err := st.ListCampaigns(ctx)
	if err != nil {
		return req, "", err
	}
	c, err := findByIDOrName(campaigns, strings.TrimSpace(opts.Campaign), "campaign", "a saved campaign", "campaigns",
		func(c domain.Campaign) (string, string) { return c.ID, c.Title })
	if err != nil {
		return req, "", err
	}
	if len(opts.Activities) > 0 {
		req.ActivityIDs = opts.Activities
	}
	if opts.Theme != "" {
		t, err := findTheme(ctx, st, opts.Theme)
		if err != nil {
			return req, "", err
		}
		req.ThemeID = t.ID
	}
	if len(opts.Audiences) > 0 {
		audiences, err := st.ListAudiences(ctx)
		if err != nil {
			return req, "", err
		}
		req.AudienceMap = map[string]plan.AudienceTargets{}
		for _, pair := range opts.Audiences {
			label, key, ok := strings.Cut(pair, "=")
			label, key = strings.TrimSpace(label), strings.TrimSpace(key)
			if !ok || label == "" {
				return req, "", UsageError("--audience %q must be LABEL=NAME|ID, or LABEL= for everyone", pair)
			}
			if key == "" {
				req.AudienceMap[label] = append(req.AudienceMap[label], "")
				continue
			}
			a, err := findByIDOrName(audiences, key, "--audience "+label+"=", "an audience", "audiences",
				func(a domain.Audience) (string, string) { return a.ID, a.Name })
			if err != nil {
				return req, "", err
			}
			req.AudienceMap[label] = append(req.AudienceMap[label], a.ID)
		}
	}
	return req, c.ID, nil
}

// more is ", and N more <what>s" when n > 0.
func more(n int, what string) string {
	switch {
	case n == 1:
		return fmt.Sprintf(", and 1 more %s", what)
	case n > 1:
		return fmt.Sprintf(", and %d more %ss", n, what)
	}
	return ""
}

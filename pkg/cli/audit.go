package cli

import (
	"context"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/csvfile"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

func newAuditCmd(f *Factory) *cobra.Command {
	return newGroupCmd("audit", "Read the audit trail",
		`Read the audit trail: every change with who made it and the fields it
changed, sign-ins, refused sign-ins, sign-outs and changes to people.`,
		newAuditExportCmd(f, nil))
}

// AuditExportOptions are the inputs of "audit export".
type AuditExportOptions struct {
	From, To string
	Output   string
}

func newAuditExportCmd(f *Factory, runF func(*AuditExportOptions) error) *cobra.Command {
	opts := &AuditExportOptions{}
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Export the audit trail as CSV or JSON, oldest first",
		Long: `Export the audit trail, oldest first, for compliance: time, actor, action,
entity type and id, label and the changed fields (JSON). --from and --to take a
date or an RFC 3339 time; --to is exclusive.`,
		Example: `  commsplan audit export --from 2026-01-01 --to 2027-01-01 > audit-2026.csv
  commsplan audit export -o json`,
		Args: noArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error {
			if err := checkOutput(opts.Output, "csv", "json"); err != nil {
				return err
			}
			var filter store.AuditFilter
			var err error
			if filter.From, err = auditFlagTime("--from", opts.From); err != nil {
				return err
			}
			if filter.To, err = auditFlagTime("--to", opts.To); err != nil {
				return err
			}
			if !filter.From.IsZero() && !filter.To.IsZero() && filter.From.After(filter.To) {
				return UsageError("--from must not be after --to")
			}
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				entries, err := allAudit(cmd.Context(), p, filter)
				if err != nil {
					return err
				}
				if opts.Output == "json" {
					return writeIndentedJSON(f.Out, entries)
				}
				rows := make([][]string, len(entries))
				for i, e := range entries {
					rows[i] = []string{e.At.UTC().Format(time.RFC3339), e.ActorID, e.ActorName, e.Action, e.EntityType, e.EntityID, e.Label, string(e.Changes)}
				}
				return csvfile.Write(f.Out, []string{"At", "Actor ID", "Actor", "Action", "Entity", "Entity ID", "Label", "Changes"}, rows)
			})
		}),
	}
	cmd.Flags().StringVar(&opts.From, "from", "", "entries at or after this date or time")
	cmd.Flags().StringVar(&opts.To, "to", "", "entries before this date or time")
	addOutputFlag(cmd, &opts.Output, "csv", "csv", "json")
	return cmd
}

// allAudit reads every entry of the filter, page by page, oldest first.
func allAudit(ctx context.Context, p *plan.Plan, f store.AuditFilter) ([]domain.Activity, error) {
	var all []domain.Activity
	f.Limit = 1000
	for {
		page, err := p.AuditTrail(ctx, f)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		if len(page) < f.Limit {
			break
		}
		f.After = page[len(page)-1].ID
	}
	for i, j := 0, len(all)-1; i < j; i, j = i+1, j-1 {
		all[i], all[j] = all[j], all[i]
	}
	if all == nil {
		all = []domain.Activity{}
	}
	return all, nil
}

func auditFlagTime(flag, v string) (time.Time, error) {
	t, ok := plan.ParseAuditTime(v)
	if !ok {
		return time.Time{}, UsageError("%s must be %s, not %q", flag, plan.AuditTimeHint, v)
	}
	return t, nil
}

package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/store"
)

// completeFromStore completes an id from the configured database: list
// returns "id\tdescription" lines. Completion never creates a database and
// stays silent when there is none or it cannot be read.
func completeFromStore(f *Factory, list func(context.Context, store.Store) ([]string, error)) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		c, err := config.Load(cmd.Flags())
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		cf := *f
		cf.Config = c
		st, err := cf.OpenExistingStore(cmd.Context())
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer st.Close()
		ids, err := list(cmd.Context(), st)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return ids, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeCampaignIDs completes the first argument with saved campaigns'
// ids, described by their titles.
func completeCampaignIDs(f *Factory) cobra.CompletionFunc {
	list := completeFromStore(f, func(ctx context.Context, st store.Store) ([]string, error) {
		cs, err := st.ListCampaigns(ctx)
		out := make([]string, 0, len(cs))
		for _, c := range cs {
			out = append(out, cobra.CompletionWithDesc(c.ID, oneLine(c.Title)))
		}
		return out, err
	})
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return list(cmd, args, toComplete)
	}
}

// completeTemplateIDs completes a checklist template id, described by its
// name.
func completeTemplateIDs(f *Factory) cobra.CompletionFunc {
	return completeFromStore(f, func(ctx context.Context, st store.Store) ([]string, error) {
		ts, err := st.ListChecklistTemplates(ctx)
		out := make([]string, 0, len(ts))
		for _, t := range ts {
			out = append(out, cobra.CompletionWithDesc(t.ID, oneLine(t.Name)))
		}
		return out, err
	})
}

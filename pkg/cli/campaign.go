package cli

import "github.com/spf13/cobra"

// newCampaignCmd is filled in by the issue that owns the "campaign" commands.
func newCampaignCmd(f *Factory) *cobra.Command {
	return &cobra.Command{Use: "campaign", Hidden: true, RunE: func(cmd *cobra.Command, args []string) error {
		return UsageError("campaign is not available yet")
	}}
}

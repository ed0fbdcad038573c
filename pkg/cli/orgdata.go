package cli

import "github.com/spf13/cobra"

// newOrgdataCmd is filled in by the issue that owns the "orgdata" commands.
func newOrgdataCmd(f *Factory) *cobra.Command {
	return &cobra.Command{Use: "orgdata", Hidden: true, RunE: func(cmd *cobra.Command, args []string) error {
		return UsageError("orgdata is not available yet")
	}}
}

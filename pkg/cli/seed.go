package cli

import "github.com/spf13/cobra"

// newSeedCmd is filled in by the issue that owns the "seed" commands.
func newSeedCmd(f *Factory) *cobra.Command {
	return &cobra.Command{Use: "seed", Hidden: true, RunE: func(cmd *cobra.Command, args []string) error {
		return UsageError("seed is not available yet")
	}}
}

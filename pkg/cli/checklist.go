package cli

import "github.com/spf13/cobra"

// newChecklistCmd is filled in by the issue that owns the "checklist" commands.
func newChecklistCmd(f *Factory) *cobra.Command {
	return &cobra.Command{Use: "checklist", Hidden: true, RunE: func(cmd *cobra.Command, args []string) error {
		return UsageError("checklist is not available yet")
	}}
}

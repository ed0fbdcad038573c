package cli

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// DocsOptions are the inputs of "docs".
type DocsOptions struct {
	Dir string
}

func newDocsCmd(f *Factory) *cobra.Command {
	opts := &DocsOptions{}
	cmd := &cobra.Command{
		Use:   "docs --dir DIR",
		Short: "Write the markdown reference of every command",
		Long: `Write one markdown page per command (cobra/doc) into DIR. The repository's
docs/cli/ is this command's output; a test fails when it is out of date.`,
		Example: `  commsplan docs --dir docs/cli`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Dir == "" {
				return UsageError("--dir is required")
			}
			return docsRun(cmd.Root(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Dir, "dir", "", "directory to write the pages to (created if missing)")
	return cmd
}

// docsRun writes the pages of root's tree into opts.Dir. The pages carry no
// date, so the output depends only on the commands.
func docsRun(root *cobra.Command, opts *DocsOptions) error {
	if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
		return err
	}
	if err := doc.GenMarkdownTree(root, opts.Dir); err != nil {
		return fmt.Errorf("docs: %w", err)
	}
	return nil
}

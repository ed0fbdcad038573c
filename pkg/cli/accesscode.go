package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/access"
)

func newAccessCodeCmd(f *Factory) *cobra.Command {
	return newGroupCmd("access-code", "Show the generated access code",
		`The access code that serve generates on its first start, when no access-codes
are configured, is kept in the data dir and printed once, on that start; it never
appears in a log line. These commands read it from the data dir, so they work
for whoever may read that directory.`,
		newAccessCodeShowCmd(f))
}

func newAccessCodeShowCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "show",
		Short: "Print the generated access code kept in the data dir",
		Example: `  commsplan access-code show
  commsplan access-code show --data-dir /var/lib/commsplan`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return accessCodeShowRun(f) },
	}
}

// accessCodeShowRun prints the data dir's generated code. Configured codes
// are the operator's own and are not printed; a note says that the
// generated one is then not in use.
func accessCodeShowRun(f *Factory) error {
	path := filepath.Join(f.Config.DataDir, access.CodeFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && strings.TrimSpace(string(b)) == "") {
		return UsageError("no generated access code at %s: serve generates one on its first start when access-codes is not set", path)
	}
	if err != nil {
		return err
	}
	if len(f.Config.AccessCodes) > 0 {
		fmt.Fprintln(f.Err, "note: access-codes is set, so serve accepts those codes and not this generated one")
	}
	_, err = fmt.Fprintln(f.Out, strings.TrimSpace(string(b)))
	return err
}

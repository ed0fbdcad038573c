// Package cli holds commsplan's cobra commands. cmd/commsplan only calls
// Execute. Each command follows one shape: a constructor taking the shared
// Factory, an options struct, and a run function the tests can call directly.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/store"
	_ "github.com/commsplan/commsplan/plugins/compose/openai"   // compose.generator openai
	_ "github.com/commsplan/commsplan/plugins/storage/postgres" // postgres:// DSNs
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"   // file paths and sqlite:// DSNs
)

// Factory carries what every command needs; the root fills Config before
// any command runs.
type Factory struct {
	Config  config.Config
	Version string
	In      io.Reader
	Out     io.Writer
	Err     io.Writer
}

// Generator returns the configured content generator (compose.generator).
func (f *Factory) Generator() (compose.Generator, error) {
	c := f.Config
	return assembly.NewGenerator(c.ComposeGenerator, assembly.Settings{Endpoint: c.ComposeEndpoint, Model: c.ComposeModel,
		APIKey: c.ComposeAPIKey})
}

// Logger returns the configured logger, writing to Err.
func (f *Factory) Logger() *slog.Logger { return f.Config.Logger(f.Err) }

// OpenStore opens and migrates the configured database.
func (f *Factory) OpenStore(ctx context.Context) (store.Store, error) {
	return store.Open(ctx, f.Config.DB)
}

// ExitError is an error with its own exit code; bad input uses 2.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string { return e.Err.Error() }
func (e *ExitError) Unwrap() error { return e.Err }

// UsageError marks bad input: exit code 2.
func UsageError(format string, args ...any) error {
	return &ExitError{Code: 2, Err: fmt.Errorf(format, args...)}
}

// NewRootCmd builds the command tree.
func NewRootCmd(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "commsplan",
		Short: "Plan the communications around an organisational change",
		Long: `commsplan plans the communications around a large organisational change:
themes and guiding questions, a content library, audiences and delivery
vehicles, a communications calendar, phased campaign schedules and a weighted
business-readiness checklist. "commsplan serve" runs the web UI and REST API;
the other commands do the same work from a terminal or CI.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			c, err := config.Load(cmd.Flags())
			if err != nil {
				return UsageError("%v", err)
			}
			f.Config = c
			return nil
		},
	}
	root.SetIn(f.In)
	root.SetOut(f.Out)
	root.SetErr(f.Err)
	config.AddFlags(root.PersistentFlags())
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return &ExitError{Code: 2, Err: err} })
	root.AddCommand(
		newServeCmd(f, nil),
		newMigrateCmd(f),
		newVersionCmd(f),
		newSeedCmd(f),
		newOrgdataCmd(f),
		newCampaignCmd(f),
		newChecklistCmd(f),
		newExportCmd(f),
		newCommunicationCmd(f),
		newContentCmd(f),
	)
	return root
}

// Execute runs the CLI with args and returns the process exit code. Errors
// are printed as one line on stderr.
func Execute(version string, args []string) int {
	f := &Factory{Version: version, In: os.Stdin, Out: os.Stdout, Err: os.Stderr}
	root := NewRootCmd(f)
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		fmt.Fprintln(f.Err, "Error:", err)
		var exit *ExitError
		if errors.As(err, &exit) {
			return exit.Code
		}
		return 1
	}
	return 0
}

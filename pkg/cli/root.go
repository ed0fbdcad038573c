// Package cli holds commsplan's cobra commands. cmd/commsplan only calls
// Execute. Each command follows one shape: a constructor taking the shared
// Factory, an options struct, and a run function the tests can call directly.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// Factory carries what every command needs; the root fills Config and
// Wiring before any command runs.
type Factory struct {
	Config config.Config
	// Wiring is Config read as the packages it configures (wire).
	Wiring Wiring
	// Now is the clock of the use cases; nil is time.Now.
	Now     func() time.Time
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

// Plan returns the use cases over st with the configured policy: the
// review settings and the clock. Every command builds its Plan here, so
// review.required holds for every write of the command line as it does
// for the API's. The command line sends no notifications.
func (f *Factory) Plan(st store.Store) *plan.Plan {
	p := plan.New(st).WithReview(f.Wiring.Review)
	if f.Now != nil {
		p = p.WithClock(f.Now)
	}
	return p
}

// Logger returns the configured logger, writing to Err.
func (f *Factory) Logger() *slog.Logger { return f.Config.Logger(f.Err) }

// OpenStore opens (creating if needed) and migrates the configured
// database with the configured connect and query timeouts. A DSN whose scheme no backend handles is bad input.
func (f *Factory) OpenStore(ctx context.Context) (store.Store, error) {
	if err := checkScheme(f.Config.DB); err != nil {
		return nil, err
	}
	return store.OpenWith(ctx, f.Config.DB, store.Options{ConnectTimeout: f.Config.DBConnectTimeout, QueryTimeout: f.Config.DBQueryTimeout})
}

// OpenExistingStore opens the configured database for a command that only
// reads it (or adds to what is there): a SQLite file that does not exist is
// bad input, and nothing is created.
func (f *Factory) OpenExistingStore(ctx context.Context) (store.Store, error) {
	if path := store.FilePath(f.Config.DB); path != "" {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, UsageError("no database at %s: create it with \"commsplan migrate\" or \"commsplan seed\", or point --db or --data-dir at an existing one", path)
		}
	}
	return f.OpenStore(ctx)
}

// readStored opens the existing database, reads one value with read and
// closes the database again: the start of every command that shows what
// is stored. read takes the store first, as a method expression such as
// store.Store.ListCampaigns does.
func readStored[T any](ctx context.Context, f *Factory, read func(store.Store, context.Context) (T, error)) (T, error) {
	st, err := f.OpenExistingStore(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	defer st.Close()
	return read(st, ctx)
}

// newGroupCmd is a command that only holds subcommands.
func newGroupCmd(use, short, long string, subs ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{Use: use, Short: short, Long: long}
	cmd.AddCommand(subs...)
	return cmd
}

// noArgs refuses positional arguments as bad input (exit code 2).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return UsageError("%s takes no arguments, got %q", cmd.CommandPath(), args[0])
	}
	return nil
}

// runE is a command's RunE in this package's one shape: the first
// positional argument goes into *arg (when arg is not nil); then a test
// that passes runF gets the parsed options, and otherwise run runs.
func runE[O any](opts *O, arg *string, runF func(*O) error, run func(*cobra.Command) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if arg != nil {
			*arg = args[0]
		}
		if runF != nil {
			return runF(opts)
		}
		return run(cmd)
	}
}

// checkScheme refuses a DSN no registered backend handles.
func checkScheme(dsn string) error {
	scheme := store.Scheme(dsn)
	for _, known := range store.Schemes() {
		if known == scheme || (scheme == "" && known == "(file path)") {
			return nil
		}
	}
	return commandLineError(fmt.Errorf("--db: no storage backend for DSN scheme %q (known: %s)", scheme, strings.Join(store.Schemes(), ", ")))
}

// notFound turns store.ErrNotFound for an id the user gave into bad input
// (exit code 2); other errors pass through.
func notFound(err error, what, id string) error {
	if errors.Is(err, store.ErrNotFound) {
		return UsageError("no %s with id %q", what, id)
	}
	return err
}

// ExitError is an error with its own exit code; bad input uses 2.
type ExitError struct {
	Code int
	Err  error
	// Usage marks a mistake in the command line itself (command, flag or
	// argument count): the error is followed by where to read the usage.
	Usage bool
}

// commandLineError is a usage error in the command line itself.
func commandLineError(err error) error {
	return &ExitError{Code: codeUsage, Err: err, Usage: true}
}

func (e *ExitError) Error() string { return e.Err.Error() }
func (e *ExitError) Unwrap() error { return e.Err }

// Exit codes: see docs/cli.md.
const (
	codeOK      = 0
	codeFailure = 1
	codeUsage   = 2
)

// UsageError marks bad input: exit code 2.
func UsageError(format string, args ...any) error {
	return &ExitError{Code: codeUsage, Err: fmt.Errorf(format, args...)}
}

// rootLong is the root's help; it documents the exit codes (docs/cli.md
// says the same).
const rootLong = `commsplan plans the communications around a large organisational change:
themes and guiding questions, a content library, audiences and delivery
vehicles, a communications calendar, phased campaign schedules and a weighted
business-readiness checklist. "commsplan serve" runs the web UI and REST API;
the other commands do the same work from a terminal or CI.

Settings come from flags, COMMSPLAN_* environment variables and commsplan.yaml,
in that order (docs/configuration.md lists them all).

Exit codes:
  0  success
  2  usage or input error: unknown command or flag, wrong number of
     arguments, invalid value, unknown id, unknown DSN scheme, bad config file
  1  anything else, such as an unreachable database or an I/O failure`

// NewRootCmd builds the command tree.
func NewRootCmd(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:           "commsplan",
		Short:         "Plan the communications around an organisational change",
		Long:          rootLong,
		Version:       f.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			c, err := config.Load(cmd.Flags())
			if err != nil {
				if cmd.Flags().Lookup("file") != nil && cmd.Flags().Changed(config.ConfigFlag) {
					// "campaign generate --config" once named the scheduler file.
					return UsageError("%v (--config is commsplan's config file; give this command's input with --file)", err)
				}
				return UsageError("%v", err)
			}
			if f.Wiring, err = wire(c); err != nil {
				return UsageError("%v", err)
			}
			f.Config = c
			// Who is acting, for every use case the command runs
			// (pkg/plan): whoever may read the data dir or the DSN holds
			// every credential already, so the command line is an admin.
			cmd.SetContext(actor.With(cmd.Context(), actor.Terminal))
			return nil
		},
	}
	root.SetIn(f.In)
	root.SetOut(f.Out)
	root.SetErr(f.Err)
	root.SetVersionTemplate("commsplan {{.Version}}\n")
	config.AddGlobalFlags(root.PersistentFlags())
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return commandLineError(err) })
	root.AddCommand(
		newServeCmd(f, nil),
		newPeopleCmd(f),
		newDirectoryCmd(f),
		newSCIMCmd(f),
		newReviewCmd(f),
		newAuditCmd(f),
		newMigrateCmd(f),
		newVersionCmd(f),
		newSeedCmd(f),
		newOrgdataCmd(f),
		newCampaignCmd(f),
		newChecklistCmd(f),
		newExportCmd(f),
		newCommunicationCmd(f),
		newContentCmd(f),
		newSessionsCmd(f),
		newAccessCodeCmd(f),
		newDocsCmd(f),
		newBackupCmd(f),
		newRestoreCmd(f),
		newMigrateToCmd(f),
		newSendCmd(f, nil),
		newDeliveriesCmd(f, nil),
	)
	applyConventions(root)
	return root
}

// applyConventions gives every command of the tree the same behaviour:
// a group command (one with subcommands and no work of its own, unlike
// "backup") shows its help when run alone and
// refuses an unknown subcommand with cobra's suggestions; an argument-count
// error is bad input; the generated docs carry no date.
func applyConventions(root *cobra.Command) {
	root.SetHelpCommand(newHelpCmd())
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	root.InitDefaultVersionFlag()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.DisableAutoGenTag = true
		c.SuggestionsMinimumDistance = 2
		if c.HasSubCommands() && c.RunE == nil {
			c.Args = unknownSubcommand
			c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
		} else if c.Args != nil && c.Name() != "help" {
			check := c.Args
			c.Args = func(cmd *cobra.Command, args []string) error {
				if err := check(cmd, args); err != nil {
					var exit *ExitError
					if errors.As(err, &exit) {
						return err
					}
					return commandLineError(err)
				}
				return nil
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// newHelpCmd is cobra's "help COMMAND", except that an unknown topic is
// an error (exit code 2), not help text and success.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help provides help for any command in the application. Type commsplan help [path to command] for full details.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cmd, _, err := c.Root().Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []cobra.Completion
			for _, sub := range cmd.Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					names = append(names, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return commandLineError(fmt.Errorf("unknown help topic %q", strings.Join(args, " ")))
			}
			cmd.InitDefaultHelpFlag()
			cmd.InitDefaultVersionFlag()
			return cmd.Help()
		},
	}
}

// unknownSubcommand refuses any argument of a group command, with the
// subcommands it most likely meant, as cobra does for the root.
func unknownSubcommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t") + "\n"
	}
	return commandLineError(errors.New(msg))
}

// Execute runs the CLI with args and returns the process exit code.
func Execute(version string, args []string) int {
	return Run(&Factory{Version: version, In: os.Stdin, Out: os.Stdout, Err: os.Stderr}, args)
}

// Run runs the command tree with args and returns the exit code (0, 1 or
// 2). An error is printed on stderr as "Error: ..." on one line; a mistake
// in the command line adds a line naming the help to read.
func Run(f *Factory, args []string) int {
	root := NewRootCmd(f)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return codeOK
	}
	msg := strings.TrimRight(err.Error(), "\n")
	fmt.Fprintln(f.Err, "Error:", msg)
	var exit *ExitError
	if !errors.As(err, &exit) {
		return codeFailure
	}
	if exit.Usage && cmd != nil {
		if strings.Contains(msg, "\n") {
			fmt.Fprintln(f.Err)
		}
		fmt.Fprintf(f.Err, "Run '%s --help' for usage.\n", cmd.CommandPath())
	}
	return exit.Code
}

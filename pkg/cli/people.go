package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

func newPeopleCmd(f *Factory) *cobra.Command {
	return newGroupCmd("people", "Manage the people who sign in with personal codes",
		`Manage the people who sign in with personal access codes, and their roles:
viewer (reads and exports), planner (changes the plan), approver (also decides
reviews and reads the audit trail) and admin (also manages people). A code is
shown once, when it is issued; only its hash is stored. A removal, a new code
or a role change applies at the person's next request, on every server.`,
		newPeopleAddCmd(f, nil), newPeopleListCmd(f, nil), newPeopleRoleCmd(f, nil), newPeopleCodeCmd(f, nil),
		newPeopleRemoveCmd(f, nil))
}

// PeopleAddOptions are the inputs of "people add".
type PeopleAddOptions struct {
	Name, Email, Role string
}

func newPeopleAddCmd(f *Factory, runF func(*PeopleAddOptions) error) *cobra.Command {
	opts := &PeopleAddOptions{}
	cmd := &cobra.Command{
		Use:   "add",
		Short: "Add a person and print their new code",
		Long: `Add a person and print their personal access code on standard output, and
nothing else, so a script can capture it. The code is shown this once.`,
		Example: `  commsplan people add --name "Dana Reyes" --email dana@example.com --role planner
  CODE=$(commsplan people add --name "Board" --role viewer)`,
		Args: noArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error {
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				_, code, err := p.AddPerson(cmd.Context(), opts.Name, opts.Email, opts.Role)
				if err != nil {
					return exitError(err, flagNamed)
				}
				_, err = fmt.Fprintln(f.Out, code)
				return err
			})
		}),
	}
	cmd.Flags().StringVar(&opts.Name, "name", "", "the person's name (required)")
	cmd.Flags().StringVar(&opts.Email, "email", "", "the person's email address")
	cmd.Flags().StringVar(&opts.Role, "role", "", orList(roleNames())+" (required)")
	return cmd
}

// PeopleListOptions are the inputs of "people list".
type PeopleListOptions struct {
	Output string
}

func newPeopleListCmd(f *Factory, runF func(*PeopleListOptions) error) *cobra.Command {
	opts := &PeopleListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the people, their roles and when they were last seen",
		Example: `  commsplan people list
  commsplan people list -o json`,
		Args: noArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error {
			if err := checkOutput(opts.Output, "table", "json"); err != nil {
				return err
			}
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				people, err := p.People(cmd.Context())
				if err != nil {
					return err
				}
				if opts.Output == "json" {
					return writeIndentedJSON(f.Out, people)
				}
				return writePeopleTable(f, people)
			})
		}),
	}
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func writePeopleTable(f *Factory, people []domain.Person) error {
	tw := newTable(f.Out, "ID\tNAME\tEMAIL\tROLE\tLAST SEEN\tSESSIONS")
	for _, p := range people {
		seen := "never"
		if p.LastSeenAt != nil {
			seen = p.LastSeenAt.UTC().Format(time.RFC3339)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\n", p.ID, oneLine(p.Name), p.Email, p.Role, seen, p.ActiveSessions)
	}
	return tw.Flush()
}

// PeopleRoleOptions are the inputs of "people role".
type PeopleRoleOptions struct {
	Person, Role string
}

func newPeopleRoleCmd(f *Factory, runF func(*PeopleRoleOptions) error) *cobra.Command {
	opts := &PeopleRoleOptions{}
	cmd := &cobra.Command{
		Use:   "role ID|NAME ROLE",
		Short: "Change a person's role",
		Long: `Change a person's role: viewer, planner, approver or admin. It applies at
their next request. The last admin cannot be demoted.`,
		Example: `  commsplan people role "Dana Reyes" approver`,
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Person, opts.Role = args[0], args[1]
			if runF != nil {
				return runF(opts)
			}
			return withPerson(cmd.Context(), f, opts.Person, func(p *plan.Plan, who domain.Person) error {
				changed, err := p.UpdatePerson(cmd.Context(), who.ID, plan.PersonChange{Role: &opts.Role})
				if err != nil {
					return exitError(err, flagNamed)
				}
				_, err = fmt.Fprintf(f.Out, "%s (%s) is now %s\n", changed.Name, changed.ID, changed.Role)
				return err
			})
		},
	}
	return cmd
}

// PeopleCodeOptions are the inputs of "people code" and "people remove".
type PeopleCodeOptions struct {
	Person string
}

func newPeopleCodeCmd(f *Factory, runF func(*PeopleCodeOptions) error) *cobra.Command {
	opts := &PeopleCodeOptions{}
	return &cobra.Command{
		Use:   "code ID|NAME",
		Short: "Issue a person a new code and print it",
		Long: `Issue a person a new personal code and print it on standard output, and
nothing else. The old code stops working, and every session opened with it
ends at its next request.`,
		Example: `  commsplan people code Administrator`,
		Args:    cobra.ExactArgs(1),
		RunE: runE(opts, &opts.Person, runF, func(cmd *cobra.Command) error {
			return withPerson(cmd.Context(), f, opts.Person, func(p *plan.Plan, who domain.Person) error {
				code, err := p.NewPersonCode(cmd.Context(), who.ID)
				if err != nil {
					return err
				}
				_, err = fmt.Fprintln(f.Out, code)
				return err
			})
		}),
	}
}

func newPeopleRemoveCmd(f *Factory, runF func(*PeopleCodeOptions) error) *cobra.Command {
	opts := &PeopleCodeOptions{}
	return &cobra.Command{
		Use:   "remove ID|NAME",
		Short: "Remove a person; their sessions end at once",
		Long: `Remove a person. Every session they hold ends at its next request, on every
server. What they changed stays attributed to their name. The last admin
cannot be removed.`,
		Example: `  commsplan people remove "Dana Reyes"`,
		Args:    cobra.ExactArgs(1),
		RunE: runE(opts, &opts.Person, runF, func(cmd *cobra.Command) error {
			return withPerson(cmd.Context(), f, opts.Person, func(p *plan.Plan, who domain.Person) error {
				if err := p.RemovePerson(cmd.Context(), who.ID); err != nil {
					return exitError(err, flagNamed)
				}
				_, err := fmt.Fprintf(f.Out, "removed %s (%s)\n", who.Name, who.ID)
				return err
			})
		}),
	}
}

// withPlan runs fn over the use cases on the database, opened for it.
func withPlan(ctx context.Context, f *Factory, fn func(*plan.Plan) error) error {
	st, err := f.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(f.Plan(st))
}

// withPerson runs fn for the person named by idOrName (bad input when
// there is none, or two share the name).
func withPerson(ctx context.Context, f *Factory, idOrName string, fn func(*plan.Plan, domain.Person) error) error {
	return withPlan(ctx, f, func(p *plan.Plan) error {
		who, err := p.FindPerson(ctx, idOrName)
		if errors.Is(err, store.ErrNotFound) {
			return UsageError("no person with id or name %q (people list shows them)", idOrName)
		}
		if err != nil {
			return exitError(err, nil)
		}
		return fn(p, who)
	})
}

// roleNames are the roles, in the order of actor.Roles.
func roleNames() []string {
	names := make([]string, len(actor.Roles))
	for i, r := range actor.Roles {
		names[i] = string(r)
	}
	return names
}

package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// PersonCodeEnv names the personal access code a review command acts
// with. A code is never taken from the command line, where ps and shell
// history see it: --as names the person, and the code comes from here or
// from standard input.
const PersonCodeEnv = "COMMSPLAN_PERSON_CODE"

func newReviewCmd(f *Factory) *cobra.Command {
	return newGroupCmd("review", "List reviews and decide them as an approver",
		`List the communications and saved campaigns under review, and approve them or
request changes (docs/review.md). A decision is a person's: put your personal
access code in the COMMSPLAN_PERSON_CODE environment variable, or name
yourself with --as NAME and type the code on standard input (it is never
taken from the command line, where ps and shell history would see it); your
role must be approver or admin. The review settings (review.approvals,
review.allow-self-approval) are read from the configuration file and the
environment, as serve reads them.`,
		newReviewListCmd(f, nil), newReviewDecideCmd(f, nil, review.Approve), newReviewDecideCmd(f, nil, review.RequestChanges))
}

// ReviewListOptions are the inputs of "review list".
type ReviewListOptions struct {
	Mine   bool
	As     string
	Output string
}

func newReviewListCmd(f *Factory, runF func(*ReviewListOptions) error) *cobra.Command {
	opts := &ReviewListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the communications and campaigns with a review",
		Long: `List the communications and saved campaigns whose review is requested,
approved or has changes requested, oldest request first. --mine keeps those you
have a decision to take on (as the person COMMSPLAN_PERSON_CODE, or --as
and the code on standard input, says).`,
		Example: `  commsplan review list
  COMMSPLAN_PERSON_CODE=... commsplan review list --mine --output json`,
		Args: noArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error {
			if err := checkOutput(opts.Output, "table", "json"); err != nil {
				return err
			}
			return withReviewer(cmd.Context(), f, opts.As, opts.Mine, func(ctx context.Context, p *plan.Plan) error {
				items, err := p.Reviews(ctx, opts.Mine)
				if err != nil {
					return err
				}
				if items == nil {
					items = []plan.ReviewItem{}
				}
				if opts.Output == "json" {
					return writeIndentedJSON(f.Out, items)
				}
				tw := newTable(f.Out, "ID\tKIND\tTITLE\tSTATE\tAPPROVERS\tDUE\tREQUESTED")
				for _, it := range items {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", it.ID, it.Entity, oneLine(it.Title), it.Review.State,
						approverNames(it.Review), dash(it.Review.DueDate), it.Review.RequestedAt.UTC().Format(time.RFC3339))
				}
				return tw.Flush()
			})
		}),
	}
	cmd.Flags().BoolVar(&opts.Mine, "mine", false, "only those you have a decision to take on")
	cmd.Flags().StringVar(&opts.As, "as", "", "your name or person id; your code comes from $"+PersonCodeEnv+" or standard input, never the command line")
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func approverNames(r domain.Review) string {
	if len(r.Approvers) == 0 {
		return "any approver"
	}
	names := make([]string, len(r.Approvers))
	for i, a := range r.Approvers {
		names[i] = a.Name
	}
	return oneLine(strings.Join(names, ", "))
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// ReviewDecideOptions are the inputs of "review approve" and
// "review request-changes".
type ReviewDecideOptions struct {
	ID, Comment, As string
}

func newReviewDecideCmd(f *Factory, runF func(*ReviewDecideOptions) error, decision string) *cobra.Command {
	opts := &ReviewDecideOptions{}
	use, short, example := "approve ID", "Approve a communication or campaign under review",
		`  commsplan review approve 3f2a... --as "Ann Approver" --comment "Legal is fine with it"   # then type your code`
	if decision == review.RequestChanges {
		use, short, example = "request-changes ID", "Request changes to a communication or campaign under review, with a comment",
			`  COMMSPLAN_PERSON_CODE=... commsplan review request-changes 3f2a... --comment "Name the go-live date"`
	}
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Long: short + `, as the person whose personal code
COMMSPLAN_PERSON_CODE holds, or --as NAME with the code on standard input
(never on the command line); the role must be approver or admin. ID is a
communication's or a saved campaign's id. It prints the review's new state.`,
		Example: example,
		Args:    cobra.ExactArgs(1),
		RunE: runE(opts, &opts.ID, runF, func(cmd *cobra.Command) error {
			if decision == review.RequestChanges && strings.TrimSpace(opts.Comment) == "" {
				return UsageError("--comment is required when requesting changes")
			}
			return withReviewer(cmd.Context(), f, opts.As, true, func(ctx context.Context, p *plan.Plan) error {
				entity, err := p.FindReviewed(ctx, opts.ID)
				if errors.Is(err, store.ErrNotFound) {
					return UsageError("no communication or campaign has the id %q", opts.ID)
				}
				if err != nil {
					return err
				}
				r, err := p.DecideReview(ctx, entity, opts.ID, decision, opts.Comment)
				if err != nil {
					return exitError(err, nil)
				}
				_, err = fmt.Fprintf(f.Out, "%s %s: review %s\n", entity, opts.ID, r.State)
				return err
			})
		}),
	}
	cmd.Flags().StringVar(&opts.Comment, "comment", "", "the decision's comment (required to request changes)")
	cmd.Flags().StringVar(&opts.As, "as", "", "your name or person id; your code comes from $"+PersonCodeEnv+" or standard input, never the command line")
	return cmd
}

// withReviewer runs fn over the use cases with the review settings, acting
// as a person: the one named by as (a name or an id), whose code comes from
// $COMMSPLAN_PERSON_CODE or, without it, the first line of standard input;
// or, without as, the one whose code $COMMSPLAN_PERSON_CODE holds. Without
// either, need says whether that is bad input; else the command line acts.
func withReviewer(ctx context.Context, f *Factory, as string, need bool, fn func(context.Context, *plan.Plan) error) error {
	as = strings.TrimSpace(as)
	code := strings.TrimSpace(os.Getenv(PersonCodeEnv))
	if as != "" && code == "" && f.In != nil {
		line, err := bufio.NewReader(f.In).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		code = strings.TrimSpace(line)
		if code == "" {
			return UsageError("--as: type your personal access code on standard input, or set %s (--as takes your name, never the code)", PersonCodeEnv)
		}
	}
	if code == "" && need {
		return UsageError("say who you are: %s (your personal access code), or --as NAME with the code on standard input", PersonCodeEnv)
	}
	st, err := f.OpenExistingStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	if code != "" {
		person, err := st.GetPersonByCodeHash(ctx, access.PersonalCodeHash(code))
		if errors.Is(err, store.ErrNotFound) {
			return UsageError("no person has this access code")
		}
		if err != nil {
			return err
		}
		if as != "" {
			named, err := f.Plan(st).FindPerson(actor.With(ctx, actor.Terminal), as)
			if err != nil || named.ID != person.ID {
				return UsageError("--as: the access code is not this person's (--as takes your name, never the code)")
			}
		}
		ctx = actor.With(ctx, actor.Actor{ID: person.ID, Name: person.Name, Role: actor.Role(person.Role)})
	}
	return exitError(fn(ctx, f.Plan(st)), nil)
}

package cli

import (
	"context"
	"errors"
	"fmt"
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

// PersonCodeEnv names the personal access code a review command acts as
// when --as is not given.
const PersonCodeEnv = "COMMSPLAN_PERSON_CODE"

func newReviewCmd(f *Factory) *cobra.Command {
	return newGroupCmd("review", "List reviews and decide them as an approver",
		`List the communications and saved campaigns under review, and approve them or
request changes (docs/review.md). A decision is a person's: give your personal
access code with --as, or in the COMMSPLAN_PERSON_CODE environment variable;
your role must be approver or admin. The review settings (review.approvals,
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
have a decision to take on (as the person of --as or COMMSPLAN_PERSON_CODE).`,
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
	cmd.Flags().StringVar(&opts.As, "as", "", "your personal access code (default: $"+PersonCodeEnv+")")
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
		`  commsplan review approve 3f2a... --as "$MY_CODE" --comment "Legal is fine with it"`
	if decision == review.RequestChanges {
		use, short, example = "request-changes ID", "Request changes to a communication or campaign under review, with a comment",
			`  COMMSPLAN_PERSON_CODE=... commsplan review request-changes 3f2a... --comment "Name the go-live date"`
	}
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Long: short + `, as the person whose personal code --as (or
COMMSPLAN_PERSON_CODE) gives; the role must be approver or admin. ID is a
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
					return inputError(err)
				}
				_, err = fmt.Fprintf(f.Out, "%s %s: review %s\n", entity, opts.ID, r.State)
				return err
			})
		}),
	}
	cmd.Flags().StringVar(&opts.Comment, "comment", "", "the decision's comment (required to request changes)")
	cmd.Flags().StringVar(&opts.As, "as", "", "your personal access code (default: $"+PersonCodeEnv+")")
	return cmd
}

// withReviewer runs fn over the use cases with the review settings, acting
// as the person whose code is code (else $COMMSPLAN_PERSON_CODE). Without
// a code, need says whether that is bad input; else the command line acts.
func withReviewer(ctx context.Context, f *Factory, code string, need bool, fn func(context.Context, *plan.Plan) error) error {
	if code == "" {
		code = os.Getenv(PersonCodeEnv)
	}
	code = strings.TrimSpace(code)
	if code == "" && need {
		return UsageError("say who you are: --as CODE or %s (your personal access code)", PersonCodeEnv)
	}
	st, err := f.OpenExistingStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	if code != "" {
		person, err := st.GetPersonByCodeHash(ctx, access.PersonalCodeHash(code))
		if errors.Is(err, store.ErrNotFound) {
			return UsageError("--as: no person has this access code")
		}
		if err != nil {
			return err
		}
		ctx = actor.With(ctx, actor.Actor{ID: person.ID, Name: person.Name, Role: actor.Role(person.Role)})
	}
	err = fn(ctx, plan.New(st).WithReview(f.Config.Review))
	var deny *actor.DeniedError
	if errors.As(err, &deny) {
		return UsageError("%v", deny)
	}
	return err
}

package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/delivery"
	"github.com/commsplan/commsplan/pkg/jobs"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// SendOptions are the inputs of "send".
type SendOptions struct {
	ID   string
	Test string
}

func newSendCmd(f *Factory, runF func(*SendOptions) error) *cobra.Command {
	opts := &SendOptions{}
	cmd := &cobra.Command{
		Use:   "send ID",
		Short: "Send a communication now, or a test copy of it",
		Long: `Queue a communication for every recipient: its audience's active members by
email, or its vehicle's channel. A running serve sends the queue (docs/delivery.md);
this command only queues, in one transaction with the record and the audit
entry. With review.required only an approved communication is sent. Sending
again queues only the recipients not yet queued.

--test EMAIL sends one copy to EMAIL now, through the SMTP server the
configuration names (smtp.*, the password from COMMSPLAN_SMTP_PASSWORD).`,
		Example: `  commsplan send 3f2a...
  commsplan send 3f2a... --test me@example.com`,
		Args: cobra.ExactArgs(1),
		RunE: runE(opts, &opts.ID, runF, func(cmd *cobra.Command) error {
			return withDispatch(cmd.Context(), f, func(p *plan.Plan) error {
				if opts.Test != "" {
					to, err := p.SendTest(cmd.Context(), opts.ID, opts.Test)
					if err != nil {
						return sendError(opts.ID, err)
					}
					_, err = fmt.Fprintf(f.Out, "Test copy sent to %s\n", to)
					return err
				}
				res, err := p.Send(cmd.Context(), opts.ID)
				if err != nil {
					return sendError(opts.ID, err)
				}
				_, err = fmt.Fprintf(f.Out, "%d recipients queued (%d already, %d without an address)\n", res.Queued, res.Already, res.Skipped)
				return err
			})
		}),
	}
	cmd.Flags().StringVar(&opts.Test, "test", "", "send one copy to this address now instead")
	return cmd
}

// withDispatch runs fn with the use cases able to queue sends (a client of
// the queue that works no jobs) and send test copies.
func withDispatch(ctx context.Context, f *Factory, fn func(*plan.Plan) error) error {
	st, err := f.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	opt, err := deliveryOptions(f.Config, st, f.Logger())
	if err != nil {
		return UsageError("%s", err.Error())
	}
	qc, err := jobs.For(st)
	if err != nil {
		return err
	}
	q, err := jobs.New(qc)
	if err != nil {
		return err
	}
	return fn(f.Plan(st).WithDispatch(queueOnly{delivery.NewService(q, opt)}))
}

// queueOnly queues on every channel: the serve that works the queue has
// the channels' settings.
type queueOnly struct{ *delivery.Service }

func (queueOnly) Configured(string) bool { return true }

// DeliveriesOptions are the inputs of "deliveries".
type DeliveriesOptions struct {
	ID     string
	Filter store.DeliveryFilter
	Output string
}

func newDeliveriesCmd(f *Factory, runF func(*DeliveriesOptions) error) *cobra.Command {
	opts := &DeliveriesOptions{}
	cmd := &cobra.Command{
		Use:   "deliveries ID",
		Short: "Show a communication's delivery record: who got it, who did not and why",
		Example: `  commsplan deliveries 3f2a...
  commsplan deliveries 3f2a... --state failed -o json`,
		Args: cobra.ExactArgs(1),
		RunE: runE(opts, &opts.ID, runF, func(cmd *cobra.Command) error {
			if err := checkOutput(opts.Output, "table", "json"); err != nil {
				return err
			}
			if opts.Filter.Limit < 0 || opts.Filter.Offset < 0 {
				return UsageError("--limit and --offset must be 0 or more")
			}
			opts.Filter.CommunicationID = opts.ID
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				rec, err := p.DeliveryRecord(cmd.Context(), opts.Filter)
				if err != nil {
					return sendError(opts.ID, err)
				}
				if opts.Output == "json" {
					return writeIndentedJSON(f.Out, rec)
				}
				tw := newTable(f.Out, "RECIPIENT\tCHANNEL\tSTATE\tATTEMPTS\tSENT\tLAST ERROR")
				for _, d := range rec.Rows {
					sent := "-"
					if d.SentAt != nil {
						sent = d.SentAt.UTC().Format(time.RFC3339)
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\n", oneLine(d.Recipient), d.Channel, d.State, d.Attempts, sent, dash(oneLine(d.LastError)))
				}
				if err := tw.Flush(); err != nil {
					return err
				}
				c := rec.Summary
				_, err = fmt.Fprintf(f.Err, "%d of %d delivered: %d queued, %d sending, %d failed, %d skipped\n",
					c.Sent, c.Total, c.Queued, c.Sending, c.Failed, c.Skipped)
				return err
			})
		}),
	}
	cmd.Flags().StringVar(&opts.Filter.State, "state", "", "only this state: "+joinStates())
	cmd.Flags().StringVar(&opts.Filter.Channel, "channel", "", "only this channel: email, teams or slack")
	cmd.Flags().StringVarP(&opts.Filter.Q, "query", "q", "", "only recipients whose address or name holds this")
	cmd.Flags().IntVar(&opts.Filter.Limit, "limit", 100, "recipients to show")
	cmd.Flags().IntVar(&opts.Filter.Offset, "offset", 0, "recipients to skip")
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

// sendError is a send's or record's error as the command line words it:
// an unknown id is bad input (exit 2).
func sendError(id string, err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return UsageError("no communication with id %q", id)
	}
	return exitError(err, nil)
}

func joinStates() string { return "queued, sending, sent, failed or skipped" }

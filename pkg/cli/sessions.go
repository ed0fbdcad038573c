package cli

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/store"
)

func newSessionsCmd(f *Factory) *cobra.Command {
	return newGroupCmd("sessions", "End sign-in sessions",
		`End sign-in sessions. A session is a signed cookie; ending one records it
in the database, so every replica refuses it.`,
		newSessionsRevokeAllCmd(f, nil))
}

// SessionsRevokeAllOptions are the inputs of "sessions revoke-all".
type SessionsRevokeAllOptions struct {
	// Now is the cutoff's clock (time.Now when nil): sessions issued at or
	// before it end.
	Now func() time.Time
}

func newSessionsRevokeAllCmd(f *Factory, runF func(context.Context, *SessionsRevokeAllOptions) error) *cobra.Command {
	opts := &SessionsRevokeAllOptions{}
	cmd := &cobra.Command{
		Use:   "revoke-all",
		Short: "End every session, for when an access code has leaked",
		Long: `End every session at once: everyone signs in again with an access code.
Running servers honour it within a second (their refresh interval). Change the
leaked code in the configuration as well; a server that starts with a
different set of codes also ends every session by itself.`,
		Example: `  commsplan sessions revoke-all
  commsplan sessions revoke-all --db postgres://commsplan@db/commsplan?sslmode=disable`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return sessionsRevokeAllRun(cmd.Context(), f, opts)
		},
	}
	return cmd
}

func sessionsRevokeAllRun(ctx context.Context, f *Factory, opts *SessionsRevokeAllOptions) error {
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	st, err := f.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	at := now()
	if err := f.Plan(st).RevokeAllSessions(ctx, at, "sessions revoke-all"); err != nil {
		return fmt.Errorf("revoke sessions: %w", err)
	}
	fmt.Fprintf(f.Out, "every session issued up to %s is revoked; running servers honour it within %s\n",
		at.UTC().Format(time.RFC3339), access.DefaultRefresh)
	return nil
}

// revokeOnCodeRotation ends every session when serve starts with a set of
// access codes other than the one the database last saw, so rotating a
// leaked code logs everyone out. The database keeps a keyed fingerprint,
// never the codes; the first start only records it.
func revokeOnCodeRotation(ctx context.Context, f *Factory, st store.Store, codes access.Codes, secret []byte, log *slog.Logger) error {
	rotated, err := f.Plan(st).RotateAccessCodes(actor.With(ctx, actor.Terminal), codes.Fingerprint(secret), time.Now(),
		"serve started with other access codes")
	if err != nil {
		return fmt.Errorf("access codes: %w", err)
	}
	if rotated {
		log.Warn("the access codes (or the session secret) changed since the last start: every session is revoked")
	}
	return nil
}

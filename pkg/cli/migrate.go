package cli

import (
	"fmt"
	"net/url"

	"github.com/spf13/cobra"
)

func newMigrateCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Apply pending database migrations",
		Long: `Apply pending database migrations, then store the server's rendering of
every saved campaign whose HTML is not that rendering (HTML a client sent
before the server rendered every campaign, or an older renderer's). serve
also does both at start; this command lets a deployment do it first.`,
		Example: `  commsplan migrate
  commsplan migrate --db postgres://commsplan@db/commsplan?sslmode=disable`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := f.OpenStore(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			if err := st.Migrate(cmd.Context()); err != nil {
				return err
			}
			fmt.Fprintf(f.Out, "migrations applied: %s\n", redactDSN(f.Config.DB))
			n, err := f.Plan(st).RerenderCampaigns(cmd.Context())
			if n > 0 {
				fmt.Fprintf(f.Out, "campaigns rendered again: %d\n", n)
			}
			return err
		},
	}
}

func newVersionCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(f.Out, "commsplan", f.Version)
			return nil
		},
	}
}

// redactDSN hides a password in a DSN before it is printed or logged.
func redactDSN(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return dsn
	}
	return u.Redacted()
}

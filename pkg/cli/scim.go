package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/plan"
)

func newSCIMCmd(f *Factory) *cobra.Command {
	return newGroupCmd("scim", "Manage SCIM provisioning of the employee directory",
		`Microsoft Entra ID and Okta keep the employee directory over SCIM 2.0 at
/scim/v2/Users, with the bearer token this command makes. SCIM is off until a
token is made.`,
		newSCIMTokenCmd(f, nil))
}

// SCIMTokenOptions are the inputs of "scim token" (none).
type SCIMTokenOptions struct{}

func newSCIMTokenCmd(f *Factory, runF func(*SCIMTokenOptions) error) *cobra.Command {
	opts := &SCIMTokenOptions{}
	cmd := &cobra.Command{
		Use:   "token",
		Short: "Make a new SCIM token and print it",
		Long: `Make a new SCIM bearer token (scim.token) and print it on standard output, and
nothing else, so a script can capture it. It is shown this once; only its hash
is stored. The previous token stops working at once. Give it to the identity
provider with the tenant URL https://HOST/scim/v2.`,
		Example: `  commsplan scim token
  TOKEN=$(commsplan scim token --db postgres://commsplan@db/commsplan)`,
		Args: noArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error {
			return withPlan(cmd.Context(), f, func(p *plan.Plan) error {
				token, err := p.RotateSCIMToken(cmd.Context())
				if err != nil {
					return exitError(err, nil)
				}
				_, err = fmt.Fprintln(f.Out, token)
				return err
			})
		}),
	}
	return cmd
}

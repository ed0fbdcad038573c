package plan_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestPruneAudit: audit.keep-days removes the entries older than the cutoff
// and records the pruning itself; 0 keeps every entry; only an admin may.
func TestPruneAudit(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			for _, name := range []string{"One", "Two"} {
				_, err := plan.Create(acting(), p, plan.Themes, func(th domain.Theme) (domain.Theme, error) {
					th.Name, th.Description = name, "d"
					return th, nil
				})
				require.NoError(t, err)
			}
			_, err := p.PruneAudit(acting(), 1, time.Now())
			var denied *actor.DeniedError
			require.ErrorAs(t, err, &denied, "a planner may not prune")

			n, err := p.PruneAudit(admin, 0, time.Now().AddDate(1, 0, 0))
			require.NoError(t, err)
			assert.Zero(t, n, "0 keeps every entry")
			n, err = p.PruneAudit(admin, 30, time.Now())
			require.NoError(t, err)
			assert.Zero(t, n, "nothing is 30 days old")

			n, err = p.PruneAudit(admin, 30, time.Now().AddDate(0, 0, 31))
			require.NoError(t, err)
			assert.Equal(t, 3, n, "the two themes and the record of the first, empty pruning")
			left, err := p.AuditTrail(admin, store.AuditFilter{Limit: 10})
			require.NoError(t, err)
			require.Len(t, left, 1, "only the record of the pruning")
			assert.Equal(t, store.ActionPruned, left[0].Action)
			assert.Equal(t, "Command line", left[0].ActorName)
		})
	}
}

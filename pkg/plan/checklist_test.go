package plan_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

// acting is a context with the shared identity, as the session middleware
// and the CLI's root command give.
func acting() context.Context { return actor.With(context.Background(), actor.Shared) }

// TestSaveChecklist: load-or-initial, a save at the version read, a stale
// save refused with the current version, a save without a version, and
// every save in the readiness history.
func TestSaveChecklist(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)

			fresh, err := p.WorkingChecklist(ctx)
			require.NoError(t, err)
			assert.Zero(t, fresh.Version)
			assert.Nil(t, fresh.UpdatedAt)
			assert.Equal(t, checklist.Initial(), fresh.Items)

			items := fresh.Items
			items[0].ActualScore = items[0].MaxScore
			saved, err := p.SaveChecklist(ctx, items, 0)
			require.NoError(t, err)
			assert.Equal(t, 1, saved.Version)
			require.NotNil(t, saved.UpdatedAt)
			assert.Equal(t, checklist.Score(items), saved.Stats)

			_, err = p.SaveChecklist(ctx, items, 0)
			var stale *plan.VersionConflict
			require.ErrorAs(t, err, &stale)
			assert.Equal(t, plan.VersionConflict{Expected: 0, Current: 1}, *stale)
			require.ErrorIs(t, err, store.ErrConflict)

			again, err := p.SaveChecklist(ctx, items, -1)
			require.NoError(t, err)
			assert.Equal(t, 2, again.Version)

			history, err := st.ListChecklistHistory(ctx)
			require.NoError(t, err)
			assert.Len(t, history, 2, "one snapshot per save, none for the refused one")

			loaded, err := p.WorkingChecklist(ctx)
			require.NoError(t, err)
			assert.Equal(t, again.Version, loaded.Version)
			assert.Equal(t, items, loaded.Items)
		})
	}
}

// TestChecklistBadInput: a missing or invalid checklist is an *InputError
// naming the field, and nothing is saved.
func TestChecklistBadInput(t *testing.T) {
	ctx := acting()
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	p := plan.New(st)
	var bad *plan.InputError
	_, err := p.SaveChecklist(ctx, nil, 0)
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Fields, "items")

	items := checklist.Initial()
	items[0].ActualScore = items[0].MaxScore + 1
	_, err = p.SaveChecklist(ctx, items, 0)
	require.ErrorAs(t, err, &bad)
	assert.NotEmpty(t, bad.Fields)
	var ve *checklist.ValidationError
	assert.ErrorAs(t, err, &ve, "the engine's error stays reachable")

	_, err = st.GetChecklist(ctx)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

// TestNoActor: a change without someone acting is refused before it
// touches the store.
func TestNoActor(t *testing.T) {
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	_, err := plan.New(st).SaveChecklist(context.Background(), checklist.Initial(), 0)
	require.ErrorIs(t, err, actor.ErrNone)
	_, err = st.GetChecklist(context.Background())
	assert.ErrorIs(t, err, store.ErrNotFound)
}

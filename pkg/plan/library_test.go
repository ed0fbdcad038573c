package plan_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

var errInjected = errors.New("injected failure")

// failLate is a real store whose UpdateCommunication fails, inside
// transactions too: the last step of a save to the library.
type failLate struct{ store.Store }

func (f failLate) UpdateCommunication(context.Context, *domain.Communication) error {
	return errInjected
}

func (f failLate) InTx(ctx context.Context, fn func(tx store.Store) error) error {
	return f.Store.InTx(ctx, func(tx store.Store) error { return fn(failLate{tx}) })
}

// TestSaveToLibraryIsOneTransaction: when setting finalContentId fails, the
// piece and its question links are gone too.
func TestSaveToLibraryIsOneTransaction(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, b.DSN(t))
			th := domain.Theme{Name: "Why ERP", Description: "d", Icon: "fa-tag", Color: "blue"}
			require.NoError(t, st.CreateTheme(ctx, &th))
			q := domain.Question{ThemeID: th.ID, Question: "What changes?"}
			require.NoError(t, st.CreateQuestion(ctx, &q))
			v, _ := domain.DefaultVehicle("sms")
			require.NoError(t, st.CreateVehicle(ctx, &v))
			c := domain.Communication{Title: "Draft", ThemeID: th.ID, SelectedQuestions: []string{q.ID}, Status: domain.StatusDraft}
			require.NoError(t, st.CreateCommunication(ctx, &c))
			res, err := plan.New(st).GenerateContent(acting(), compose.Rules(), c.ID, assembly.Generation{VehicleID: v.ID})
			require.NoError(t, err)
			require.NotEmpty(t, res.Content)

			_, err = plan.New(failLate{st}).SaveToLibrary(acting(), assembly.Save{CommunicationID: c.ID, Title: "SMS"})
			require.ErrorIs(t, err, errInjected)
			pieces, err := st.ListContent(ctx)
			require.NoError(t, err)
			assert.Empty(t, pieces, "the piece was rolled back")
			got, err := st.GetQuestion(ctx, q.ID)
			require.NoError(t, err)
			assert.Zero(t, got.ContentCount, "and its links")
			acts, err := st.ListActivity(ctx, 1)
			require.NoError(t, err)
			assert.NotEqual(t, "content", acts[0].EntityType, "and its activity entry")

			// The same call on the plain store commits all of it.
			piece, err := plan.New(st).SaveToLibrary(acting(), assembly.Save{CommunicationID: c.ID, Title: "SMS"})
			require.NoError(t, err)
			assert.Equal(t, "sms", piece.VehicleType)
			got, err = st.GetQuestion(ctx, q.ID)
			require.NoError(t, err)
			assert.Equal(t, 1, got.ContentCount)
			stored, err := st.GetCommunication(ctx, c.ID)
			require.NoError(t, err)
			assert.Equal(t, piece.ID, stored.FinalContentID)
		})
	}
}

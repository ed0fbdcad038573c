package plan_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestRecordWrites: the generic writes run the record's rules and the
// store's checks, and refuse a call without an actor.
func TestRecordWrites(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)

			_, err := plan.Create(context.Background(), p, plan.Themes, func(th domain.Theme) (domain.Theme, error) {
				th.Name = "Nobody"
				return th, nil
			})
			require.ErrorIs(t, err, actor.ErrNone)

			_, err = plan.Create(ctx, p, plan.Themes, func(th domain.Theme) (domain.Theme, error) { return th, nil })
			var fields domain.FieldErrors
			require.ErrorAs(t, err, &fields, "the record's rules run")
			assert.Contains(t, fields, "name")

			th, err := plan.Create(ctx, p, plan.Themes, func(th domain.Theme) (domain.Theme, error) {
				th.Name, th.Description = " Why ", "The case"
				return th, nil
			})
			require.NoError(t, err)
			assert.Equal(t, "Why", th.Name)

			// A communication's references are checked in the transaction.
			_, err = plan.Create(ctx, p, plan.Communications, func(c domain.Communication) (domain.Communication, error) {
				c.Title, c.SelectedQuestions = "Dangling", []string{"no-such-question"}
				return c, nil
			})
			var ref *store.ReferenceError
			require.ErrorAs(t, err, &ref)
			assert.Equal(t, "selectedQuestions", ref.Field)

			th, err = plan.Update(ctx, p, plan.Themes, th.ID, func(th domain.Theme) (domain.Theme, error) {
				th.Description = "Changed"
				return th, nil
			})
			require.NoError(t, err)
			assert.Equal(t, "Why", th.Name, "the stored fields are the base")
			assert.Equal(t, "Changed", th.Description)
			_, err = plan.Update(ctx, p, plan.Themes, "missing", func(th domain.Theme) (domain.Theme, error) { return th, nil })
			require.ErrorIs(t, err, store.ErrNotFound)

			require.NoError(t, plan.Delete(ctx, p, plan.Themes, th.ID))
			require.ErrorIs(t, plan.Delete(ctx, p, plan.Themes, th.ID), store.ErrNotFound)
		})
	}
}

// TestCreateCommunicationsStatus: an imported item without a status is
// scheduled, or a draft without a date; a status it gives wins; problems
// are named by index.
func TestCreateCommunicationsStatus(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := acting()
			p := plan.New(storetest.Open(t, b.DSN(t)))
			out, err := p.CreateCommunications(ctx, []domain.Communication{
				{Title: "Imported", ScheduledDate: "2031-03-04"}, {Title: "Kept a draft", ScheduledDate: "2031-03-04", Status: domain.StatusDraft},
				{Title: "Sent", ScheduledDate: "2031-03-04", Status: domain.StatusSent}, {Title: "No date"}})
			require.NoError(t, err)
			assert.Equal(t, []string{domain.StatusScheduled, domain.StatusDraft, domain.StatusSent, domain.StatusDraft},
				[]string{out[0].Status, out[1].Status, out[2].Status, out[3].Status})

			_, err = p.CreateCommunications(ctx, []domain.Communication{{Title: "Fine"}, {Title: " "}})
			var fields domain.FieldErrors
			require.ErrorAs(t, err, &fields)
			assert.Equal(t, domain.FieldErrors{"communications[1].title": "is required"}, fields)
			var bad *plan.InputError
			_, err = p.CreateCommunications(ctx, nil)
			require.ErrorAs(t, err, &bad)
			assert.Contains(t, bad.Fields, "communications")
		})
	}
}

// TestSaveDraftToLibrary: the draft and its piece are stored together; a
// draft that breaks a rule stores neither.
func TestSaveDraftToLibrary(t *testing.T) {
	ctx := acting()
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	p := plan.New(st)
	th := domain.Theme{Name: "Why ERP", Description: "d", Icon: "fa-tag", Color: "blue"}
	require.NoError(t, st.CreateTheme(ctx, &th))
	q := domain.Question{ThemeID: th.ID, Question: "What changes?"}
	require.NoError(t, st.CreateQuestion(ctx, &q))

	_, _, err := p.SaveDraftToLibrary(ctx, domain.Communication{ThemeID: th.ID, GeneratedContent: "Hello"},
		assembly.Save{Title: "SMS"})
	var fields domain.FieldErrors
	require.ErrorAs(t, err, &fields)
	list, err := st.ListContent(ctx)
	require.NoError(t, err)
	assert.Empty(t, list)

	c, piece, err := p.SaveDraftToLibrary(ctx, domain.Communication{Title: "Go-live SMS", ThemeID: th.ID,
		SelectedQuestions: []string{q.ID}, GeneratedContent: "Hello"}, assembly.Save{Title: "SMS"})
	require.NoError(t, err)
	assert.Equal(t, domain.StatusDraft, c.Status)
	assert.Equal(t, "Hello", piece.Content)
	got, err := st.GetCommunication(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, piece.ID, got.FinalContentID)
}

package storetest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

func mkAudience(t *testing.T, s store.Store, name string) domain.Audience {
	t.Helper()
	a := domain.Audience{Name: name, TargetingScope: "organization", AudienceType: "general"}
	require.NoError(t, s.CreateAudience(ctx, &a))
	return a
}

func mkBlackout(t *testing.T, s store.Store, name, start, end string, audienceIDs ...string) domain.Blackout {
	t.Helper()
	b := domain.Blackout{Name: name, StartDate: start, EndDate: end, AudienceIDs: audienceIDs}
	require.NoError(t, b.Validate())
	require.NoError(t, s.CreateBlackout(ctx, &b))
	return b
}

func blackoutNames(t *testing.T, s store.Store) []string {
	t.Helper()
	list, err := s.ListBlackouts(ctx)
	require.NoError(t, err)
	names := []string{}
	for _, b := range list {
		names = append(names, b.Name)
	}
	return names
}

func testBlackouts(t *testing.T, s store.Store) {
	field, office := mkAudience(t, s, "Field"), mkAudience(t, s, "Office")
	late := mkBlackout(t, s, "Year-end freeze", "2031-12-20", "2032-01-02", office.ID, field.ID, office.ID)
	require.NotEmpty(t, late.ID)
	assert.False(t, late.CreatedAt.IsZero())
	assert.Equal(t, []string{office.ID, field.ID}, late.AudienceIDs, "given order kept, duplicates count once")
	early := mkBlackout(t, s, "Go-live week", "2031-03-03", "2031-03-09")
	assert.Equal(t, []string{}, early.AudienceIDs, "no audiences reads back empty, not null")

	got, err := s.GetBlackout(ctx, late.ID)
	require.NoError(t, err)
	assert.Equal(t, "2031-12-20", got.StartDate)
	assert.Equal(t, "2032-01-02", got.EndDate)
	assert.True(t, late.CreatedAt.Equal(got.CreatedAt))

	list, err := s.ListBlackouts(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, []string{"Go-live week", "Year-end freeze"}, []string{list[0].Name, list[1].Name}, "by start date")
	assert.Equal(t, []string{office.ID, field.ID}, list[1].AudienceIDs)
	assert.Equal(t, []string{}, list[0].AudienceIDs)

	got.Name, got.StartDate, got.AudienceIDs = "Freeze", "2031-01-10", []string{field.ID}
	require.NoError(t, s.UpdateBlackout(ctx, &got))
	assert.Equal(t, []string{field.ID}, got.AudienceIDs)
	assert.Equal(t, []string{"Freeze", "Go-live week"}, blackoutNames(t, s), "the new start date reorders")

	// An unknown audience fails the whole change and names the field.
	got.Name, got.AudienceIDs = "should not stick", []string{office.ID, "missing"}
	err = s.UpdateBlackout(ctx, &got)
	var ref *store.ReferenceError
	require.ErrorAs(t, err, &ref)
	assert.Equal(t, "audienceIds", ref.Field)
	after, err := s.GetBlackout(ctx, late.ID)
	require.NoError(t, err)
	assert.Equal(t, "Freeze", after.Name)
	assert.Equal(t, []string{field.ID}, after.AudienceIDs)

	bad := domain.Blackout{Name: "x", StartDate: "2031-01-01", EndDate: "2031-01-01", AudienceIDs: []string{""}}
	require.ErrorAs(t, s.CreateBlackout(ctx, &bad), &ref)
	assert.Equal(t, "audienceIds", ref.Field)
	assert.Len(t, blackoutNames(t, s), 2, "the failed create left nothing behind")

	require.NoError(t, s.DeleteBlackout(ctx, early.ID))
	_, err = s.GetBlackout(ctx, early.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)

	acts, err := s.ListActivity(ctx, 3)
	require.NoError(t, err)
	require.Len(t, acts, 3)
	assert.Equal(t, []string{"deleted", "updated", "created"}, []string{acts[0].Action, acts[1].Action, acts[2].Action})
	assert.Equal(t, "blackout", acts[0].EntityType)
	assert.Equal(t, "Go-live week", acts[0].Label)
	assert.Equal(t, "Freeze", acts[1].Label)
}

func testBlackoutsFollowAudiences(t *testing.T, s store.Store) {
	field, office := mkAudience(t, s, "Field"), mkAudience(t, s, "Office")
	both := mkBlackout(t, s, "Both", "2031-01-01", "2031-01-02", field.ID, office.ID)
	onlyField := mkBlackout(t, s, "Only field", "2031-02-01", "2031-02-02", field.ID)
	everyone := mkBlackout(t, s, "Everyone", "2031-03-01", "2031-03-02")

	require.NoError(t, s.DeleteAudience(ctx, field.ID))
	got, err := s.GetBlackout(ctx, both.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{office.ID}, got.AudienceIDs, "the deleted audience is removed")
	_, err = s.GetBlackout(ctx, onlyField.ID)
	assert.ErrorIs(t, err, store.ErrNotFound, "a blackout left with no audience would cover everyone: it goes")
	got, err = s.GetBlackout(ctx, everyone.ID)
	require.NoError(t, err, "a blackout meant for everyone is untouched")
	assert.Equal(t, []string{}, got.AudienceIDs)

	acts, err := s.ListActivity(ctx, 2)
	require.NoError(t, err)
	require.Len(t, acts, 2)
	assert.Equal(t, domain.Activity{Action: "deleted", EntityType: "blackout", EntityID: onlyField.ID, Label: "Only field"},
		domain.Activity{Action: acts[0].Action, EntityType: acts[0].EntityType, EntityID: acts[0].EntityID, Label: acts[0].Label})
	assert.Equal(t, "audience", acts[1].EntityType)

	// The delete is one transaction: rolled back, everything is back.
	err = s.InTx(ctx, func(tx store.Store) error {
		if err := tx.DeleteAudience(ctx, office.ID); err != nil {
			return err
		}
		return store.ErrConflict
	})
	require.ErrorIs(t, err, store.ErrConflict)
	got, err = s.GetBlackout(ctx, both.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{office.ID}, got.AudienceIDs)
}

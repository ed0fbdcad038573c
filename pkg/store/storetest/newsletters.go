package storetest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

func testNewsletterTemplates(t *testing.T, s store.Store) {
	doc := json.RawMessage(`{"title":"Monthly ERP update","campaignTheme":"Go-live","sections":[{"number":1,"title":"Programme update","enabled":true}]}`)
	a := domain.NewsletterTemplate{Name: "Monthly", Description: "The monthly layout", Template: doc}
	require.NoError(t, s.CreateNewsletterTemplate(ctx, &a))
	require.NotEmpty(t, a.ID)
	require.False(t, a.CreatedAt.IsZero())
	assert.Equal(t, a.CreatedAt, a.UpdatedAt)
	b := domain.NewsletterTemplate{Name: "all hands", Template: json.RawMessage(`{"sections":[]}`)}
	require.NoError(t, s.CreateNewsletterTemplate(ctx, &b))

	list, err := s.ListNewsletterTemplates(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, b.ID, list[0].ID, "by name, case-insensitively")
	assert.Equal(t, a, utcNewsletter(list[1]), "every field round-trips")
	assert.JSONEq(t, string(doc), string(list[1].Template))

	got, err := s.GetNewsletterTemplate(ctx, a.ID)
	require.NoError(t, err)
	assert.Equal(t, a, utcNewsletter(got))

	got.Name, got.Template = "Monthly v2", json.RawMessage(`{"title":"v2","sections":[]}`)
	require.NoError(t, s.UpdateNewsletterTemplate(ctx, &got))
	assert.Equal(t, "Monthly v2", got.Name)
	assert.JSONEq(t, `{"title":"v2","sections":[]}`, string(got.Template))
	assert.Equal(t, a.CreatedAt, got.CreatedAt.UTC(), "createdAt is kept")
	assert.False(t, got.UpdatedAt.Before(a.UpdatedAt))

	missing := domain.NewsletterTemplate{ID: "no-such-id", Name: "x", Template: doc}
	assert.ErrorIs(t, s.UpdateNewsletterTemplate(ctx, &missing), store.ErrNotFound)
	_, err = s.GetNewsletterTemplate(ctx, "no-such-id")
	assert.ErrorIs(t, err, store.ErrNotFound)

	require.NoError(t, s.DeleteNewsletterTemplate(ctx, b.ID))
	assert.ErrorIs(t, s.DeleteNewsletterTemplate(ctx, b.ID), store.ErrNotFound)
	list, err = s.ListNewsletterTemplates(ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, a.ID, list[0].ID)

	acts, err := s.ListActivity(ctx, 10)
	require.NoError(t, err)
	require.Len(t, acts, 4, "two creates, an update and a delete; the failed calls left nothing")
	assert.Equal(t, domain.Activity{ID: acts[0].ID, Action: domain.ActionDeleted, EntityType: "newsletter_template",
		EntityID: b.ID, Label: "all hands", At: acts[0].At, ActorID: "system", ActorName: "commsplan"}, acts[0])
	assert.Equal(t, domain.Activity{ID: acts[1].ID, Action: domain.ActionUpdated, EntityType: "newsletter_template",
		EntityID: a.ID, Label: "Monthly v2", At: acts[1].At, ActorID: "system", ActorName: "commsplan"}, acts[1])
	assert.Equal(t, domain.ActionCreated, acts[3].Action)
	assert.Equal(t, "newsletter_template", acts[3].EntityType)
}

// utcNewsletter reads a template's times in UTC, as Create reports them.
func utcNewsletter(t domain.NewsletterTemplate) domain.NewsletterTemplate {
	t.CreatedAt, t.UpdatedAt = t.CreatedAt.UTC(), t.UpdatedAt.UTC()
	return t
}

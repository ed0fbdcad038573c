package storetest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// canary is the word only the confidential records hold.
const canary = "Nordwindcanary"

// mkPersonAs adds a person with role and returns the context acting as them.
func mkPersonAs(t *testing.T, s store.Store, name string, role actor.Role) (domain.Person, context.Context) {
	t.Helper()
	p := domain.Person{Name: name, Role: string(role)}
	require.NoError(t, s.CreatePerson(ctx, &p, "hash-"+name))
	return p, actor.With(ctx, actor.Actor{ID: p.ID, Name: p.Name, Role: role})
}

// seen is what one reader finds of the canary through every read of the
// store that lists or counts campaigns and communications.
func seen(t *testing.T, s store.Store, as context.Context, campaignID, commID string) []string {
	t.Helper()
	var found []string
	hold := func(where string, v any) {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		if strings.Contains(string(b), canary) {
			found = append(found, where)
		}
	}
	cs, err := s.ListCampaigns(as)
	require.NoError(t, err)
	hold("ListCampaigns", cs)
	sums, err := s.ListCampaignSummaries(as)
	require.NoError(t, err)
	hold("ListCampaignSummaries", sums)
	page, err := s.ListCampaignPage(as, "", 10)
	require.NoError(t, err)
	hold("ListCampaignPage", page.Rows)
	require.NoError(t, s.EachCampaign(as, nil, func(c domain.Campaign) error { hold("EachCampaign", c); return nil }))
	require.NoError(t, s.EachCampaign(as, []string{campaignID}, func(c domain.Campaign) error { hold("EachCampaign(ids)", c); return nil }))
	if c, err := s.GetCampaign(as, campaignID); err == nil {
		hold("GetCampaign", c)
	} else {
		require.ErrorIs(t, err, store.ErrNotFound)
	}
	comms, err := s.ListCommunications(as)
	require.NoError(t, err)
	hold("ListCommunications", comms)
	filtered, err := s.FilterCommunications(as, store.CommunicationFilter{Q: canary})
	require.NoError(t, err)
	hold("FilterCommunications", filtered)
	require.NoError(t, s.EachCommunication(as, store.CommunicationFilter{}, func(c domain.Communication) error {
		hold("EachCommunication", c)
		return nil
	}))
	if c, err := s.GetCommunication(as, commID); err == nil {
		hold("GetCommunication", c)
	} else {
		require.ErrorIs(t, err, store.ErrNotFound)
	}
	hits, err := s.Search(as, canary, 20)
	require.NoError(t, err)
	hold("Search", hits)
	act, err := s.ListActivity(as, 100)
	require.NoError(t, err)
	hold("ListActivity", act)
	audit, err := s.ListAudit(as, store.AuditFilter{Limit: 100})
	require.NoError(t, err)
	hold("ListAudit", audit)
	rev, err := s.ListReviewed(as)
	require.NoError(t, err)
	hold("ListReviewed", rev)
	if thread, err := s.ListComments(as, domain.ThreadCampaign, campaignID); err == nil {
		hold("ListComments", thread)
	} else {
		require.ErrorIs(t, err, store.ErrNotFound)
	}
	return found
}

// testNeedToKnow checks that every read of campaigns and communications
// keeps a confidential one for its insiders and whoever holds
// actor.ConfidentialRead, and that insiders follow the record.
func testNeedToKnow(t *testing.T, s store.Store) {
	alice, asAlice := mkPersonAs(t, s, "Alice", actor.RolePlanner)
	bob, asBob := mkPersonAs(t, s, "Bob", actor.RolePlanner)
	_, asAdmin := mkPersonAs(t, s, "Ada", actor.RoleAdmin)
	asShared := actor.With(ctx, actor.Shared)

	deal := domain.Campaign{Title: "Project " + canary, Description: canary + " acquisition", Schedule: json.RawMessage(`{}`),
		HTMLContent: "<p>" + canary + "</p>", Confidential: true}
	require.NoError(t, s.CreateCampaign(asAlice, &deal))
	assert.True(t, deal.Confidential)
	imported := domain.Communication{Title: canary + " Key Messages", Status: domain.StatusScheduled, ScheduledDate: "2027-03-01",
		RawContent: canary, SourceCampaignID: deal.ID, SourceActivityID: "a1", Confidentiality: "Board Confidential"}
	require.NoError(t, s.CreateCommunication(asAlice, &imported))
	assert.True(t, imported.Confidential)
	assert.Equal(t, "Board Confidential", imported.Confidentiality)
	public := domain.Communication{Title: "All hands", Status: domain.StatusScheduled, ScheduledDate: "2027-03-02"}
	require.NoError(t, s.CreateCommunication(asBob, &public))
	assert.False(t, public.Confidential)
	require.NoError(t, s.SetReview(asAlice, "campaign", deal.ID, domain.Review{State: domain.ReviewRequested, RequestedBy: &domain.Ref{ID: alice.ID}}))
	require.NoError(t, s.CreateComment(asAlice, &domain.Comment{EntityType: domain.ThreadCampaign, EntityID: deal.ID,
		AuthorID: alice.ID, AuthorName: alice.Name, Text: canary + " due diligence", Mentions: []string{}}))

	// The creator is the one insider; the shared identity, the command
	// line without a person and no actor are none.
	insiders, err := s.ListInsiders(asAlice, "campaign", deal.ID)
	require.NoError(t, err)
	require.Len(t, insiders, 1)
	assert.Equal(t, alice.ID, insiders[0].PersonID)

	for _, r := range []struct {
		name string
		ctx  context.Context
	}{{"planner who is no insider", asBob}, {"shared identity", asShared}, {"no actor", ctx}} {
		assert.Empty(t, seen(t, s, r.ctx, deal.ID, imported.ID), "%s finds the canary", r.name)
	}
	assert.NotEmpty(t, seen(t, s, asAlice, deal.ID, imported.ID))
	assert.NotEmpty(t, seen(t, s, asAdmin, deal.ID, imported.ID))

	// Counts leave the hidden out; the audit keeps the entries, titled
	// "Confidential item".
	before := time.Now().Add(time.Hour)
	bobCounts, err := s.DashboardCounts(asBob, before)
	require.NoError(t, err)
	aliceCounts, err := s.DashboardCounts(asAlice, before)
	require.NoError(t, err)
	assert.Equal(t, 1, bobCounts.Scheduled)
	assert.Equal(t, 2, aliceCounts.Scheduled)
	audit, err := s.ListAudit(asBob, store.AuditFilter{EntityID: deal.ID, Limit: 10})
	require.NoError(t, err)
	require.NotEmpty(t, audit)
	for _, e := range audit {
		assert.Equal(t, domain.ConfidentialLabel, e.Label)
	}
	page, err := s.ListCampaignPage(asBob, "", 10)
	require.NoError(t, err)
	assert.Equal(t, 0, page.Total)

	// Writes by a non-insider find nothing to write.
	upd := deal
	upd.Title = "Renamed"
	assert.ErrorIs(t, s.UpdateCampaign(asBob, &upd), store.ErrNotFound)
	assert.ErrorIs(t, s.DeleteCampaign(asBob, deal.ID), store.ErrNotFound)
	assert.ErrorIs(t, s.DeleteCommunication(asBob, imported.ID), store.ErrNotFound)
	_, err = s.LockReview(asBob, "campaign", deal.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)
	assert.ErrorIs(t, s.AddInsider(asBob, "campaign", deal.ID, bob.ID), store.ErrNotFound)

	// Views differ while the scopes do.
	keyBob, err := s.ViewKey(asBob)
	require.NoError(t, err)
	keyAlice, err := s.ViewKey(asAlice)
	require.NoError(t, err)
	keyAdmin, err := s.ViewKey(asAdmin)
	require.NoError(t, err)
	keyShared, err := s.ViewKey(asShared)
	require.NoError(t, err)
	assert.Equal(t, "", keyBob)
	assert.Equal(t, "", keyShared)
	assert.Equal(t, "*", keyAdmin)
	assert.NotEqual(t, keyBob, keyAlice)

	// An insider adds Bob: he sees it, with the same view as Alice; the
	// shared identity names no person.
	var ref *store.ReferenceError
	require.ErrorAs(t, s.AddInsider(asAlice, "campaign", deal.ID, actor.SharedID), &ref)
	assert.Equal(t, "personId", ref.Field)
	insidersAt := func() int64 {
		v, err := s.DataVersion(ctx, store.InsidersList)
		require.NoError(t, err)
		return v
	}
	v0 := insidersAt()
	require.NoError(t, s.AddInsider(asAlice, "campaign", deal.ID, bob.ID))
	require.Greater(t, insidersAt(), v0, "adding an insider moves the insiders' version")
	require.NoError(t, s.AddInsider(asAlice, "campaign", deal.ID, bob.ID)) // again: no change
	assert.NotEmpty(t, seen(t, s, asBob, deal.ID, imported.ID))
	keyBob, err = s.ViewKey(asBob)
	require.NoError(t, err)
	assert.Equal(t, keyAlice, keyBob)
	got, err := s.GetCommunication(asBob, imported.ID)
	require.NoError(t, err)
	assert.Equal(t, canary+" Key Messages", got.Title)
	// The communication's insiders are its campaign's.
	insiders, err = s.ListInsiders(asBob, "communication", imported.ID)
	require.NoError(t, err)
	assert.Len(t, insiders, 2)
	entries, err := s.ListAudit(asAdmin, store.AuditFilter{EntityID: deal.ID, Action: store.ActionInsiderAdded, Limit: 10})
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, alice.ID, entries[0].ActorID)
	assert.Contains(t, string(entries[0].Changes), bob.ID)

	v0 = insidersAt()
	require.NoError(t, s.RemoveInsider(asAdmin, "campaign", deal.ID, bob.ID))
	require.Greater(t, insidersAt(), v0, "removing an insider moves the insiders' version")
	assert.ErrorIs(t, s.RemoveInsider(asAdmin, "campaign", deal.ID, bob.ID), store.ErrNotFound)
	assert.Empty(t, seen(t, s, asBob, deal.ID, imported.ID))

	// A communication labelled by hand is confidential with insiders of its
	// own: its creator.
	own := domain.Communication{Title: "Bob's " + canary, Status: domain.StatusDraft, Confidentiality: "HR Confidential"}
	require.NoError(t, s.CreateCommunication(asBob, &own))
	assert.True(t, own.Confidential)
	_, err = s.GetCommunication(asAlice, own.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)
	_, err = s.GetCommunication(asBob, own.ID)
	require.NoError(t, err)
	own.Confidentiality = ""
	require.NoError(t, s.UpdateCommunication(asBob, &own))
	assert.False(t, own.Confidential)
	_, err = s.GetCommunication(asAlice, own.ID)
	require.NoError(t, err)

	// A campaign no longer confidential takes its communications along;
	// the one with a label keeps being confidential on its own.
	plain := domain.Communication{Title: "Follow-up " + canary, Status: domain.StatusDraft, SourceCampaignID: deal.ID}
	require.NoError(t, s.CreateCommunication(asAlice, &plain))
	assert.True(t, plain.Confidential)
	deal.Confidential = false
	require.NoError(t, s.UpdateCampaign(asAlice, &deal))
	_, err = s.GetCampaign(asBob, deal.ID)
	require.NoError(t, err)
	_, err = s.GetCommunication(asBob, plain.ID)
	require.NoError(t, err)
	got, err = s.GetCommunication(asAlice, imported.ID)
	require.NoError(t, err)
	assert.True(t, got.Confidential)

	// Deleted, a confidential record's entries stay masked.
	deal.Confidential = true
	require.NoError(t, s.UpdateCampaign(asAlice, &deal))
	require.NoError(t, s.DeleteCampaign(asAlice, deal.ID))
	audit, err = s.ListAudit(asBob, store.AuditFilter{EntityID: deal.ID, Limit: 20})
	require.NoError(t, err)
	for _, e := range audit {
		assert.Equal(t, domain.ConfidentialLabel, e.Label, e.Action)
		assert.NotContains(t, string(e.Changes), canary)
	}
}

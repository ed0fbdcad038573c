package storetest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// testListReviewed checks that ListReviewed reads exactly the rows under
// review that the whole lists hold, in their order, with their reviews: a
// review set and later cleared is not listed.
func testListReviewed(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "Go-live")
	states := []string{domain.ReviewNone, domain.ReviewRequested, domain.ReviewApproved, domain.ReviewChangesRequested}
	at := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := range 40 {
		c := &domain.Communication{Title: fmt.Sprintf("Item %d", i), ThemeID: th.ID, Status: domain.StatusDraft,
			CreatedAt: at.Add(time.Duration(i%5) * time.Hour)}
		require.NoError(t, s.CreateCommunication(ctx, c))
		if st := states[i%len(states)]; st != domain.ReviewNone {
			require.NoError(t, s.SetReview(ctx, "communication", c.ID,
				domain.Review{State: st, RequestedBy: &domain.Ref{ID: "p1"}, RequestedAt: at.Add(time.Duration(i) * time.Minute)}))
		}
		if i%9 == 0 {
			require.NoError(t, s.SetReview(ctx, "communication", c.ID, domain.Review{State: domain.ReviewNone}))
		}
	}
	for i := range 12 {
		c := domain.Campaign{Title: fmt.Sprintf("Campaign %d", i), Schedule: json.RawMessage(`{}`),
			HTMLContent: "<p>wave</p>", AudienceFilters: json.RawMessage(`{}`)}
		require.NoError(t, s.CreateCampaign(ctx, &c))
		if i%3 != 0 {
			require.NoError(t, s.SetReview(ctx, "campaign", c.ID, domain.Review{State: domain.ReviewRequested, RequestedBy: &domain.Ref{ID: "p2"}}))
		}
	}

	var want []store.Reviewed
	comms, err := s.ListCommunications(ctx)
	require.NoError(t, err)
	for _, c := range comms {
		if c.Review.State != domain.ReviewNone {
			want = append(want, store.Reviewed{Entity: "communication", ID: c.ID, Title: c.Title, Review: c.Review})
		}
	}
	camps, err := s.ListCampaigns(ctx)
	require.NoError(t, err)
	for _, c := range camps {
		if c.Review.State != domain.ReviewNone {
			want = append(want, store.Reviewed{Entity: "campaign", ID: c.ID, Title: c.Title, Review: c.Review})
		}
	}
	require.Len(t, want, 27+8, "the fixture's reviews")
	got, err := s.ListReviewed(ctx)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

func testDeliveries(t *testing.T, s store.Store) {
	_, err := s.GetDeliveryRun(ctx, "c1")
	require.ErrorIs(t, err, store.ErrNotFound)
	rows := []domain.Delivery{
		{Channel: "email", Recipient: "ann@example.com", EmployeeID: "E1", Name: "Ann Abbott"},
		{Channel: "email", Recipient: "bob@example.com", EmployeeID: "E2", Name: "Bob Brown"},
		{Channel: "email", Recipient: "cy@example.com", EmployeeID: "E3", Name: "Cy Chen"},
	}
	added, err := s.QueueDeliveries(ctx, store.DeliveryRun{CommunicationID: "c1", Fingerprint: "fp1", StartedBy: "p1"}, rows)
	require.NoError(t, err)
	require.Len(t, added, 3)
	for _, d := range added {
		assert.NotEmpty(t, d.ID)
		assert.Equal(t, domain.DeliveryQueued, d.State)
	}
	// Asking again adds only who is new: each person once per communication.
	again, err := s.QueueDeliveries(ctx, store.DeliveryRun{CommunicationID: "c1", Fingerprint: "fp2", StartedBy: "p2"},
		append(rows, domain.Delivery{Channel: "email", Recipient: "di@example.com", Name: "Di Diaz"}))
	require.NoError(t, err)
	require.Len(t, again, 1)
	assert.Equal(t, "di@example.com", again[0].Recipient)
	run, err := s.GetDeliveryRun(ctx, "c1")
	require.NoError(t, err)
	assert.Equal(t, "fp2", run.Fingerprint)
	assert.Equal(t, "p2", run.StartedBy)

	// Claim, send, fail.
	ann := added[0]
	d, ok, err := s.ClaimDelivery(ctx, ann.ID, time.Now(), time.Now().Add(-time.Minute))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, domain.DeliverySending, d.State)
	assert.Equal(t, 1, d.Attempts)
	sentAt := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	n, err := s.FinishDelivery(ctx, ann.ID, domain.DeliverySent, "", sentAt)
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	_, ok, err = s.ClaimDelivery(ctx, ann.ID, time.Now(), time.Now().Add(-time.Minute))
	require.NoError(t, err)
	assert.False(t, ok, "a sent delivery is never claimed again")
	got, err := s.GetDelivery(ctx, ann.ID)
	require.NoError(t, err)
	require.NotNil(t, got.SentAt)
	assert.True(t, sentAt.Equal(*got.SentAt))

	bob, cy := added[1], added[2]
	_, ok, err = s.ClaimDelivery(ctx, bob.ID, time.Now(), time.Now().Add(-time.Minute))
	require.NoError(t, err)
	require.True(t, ok)
	n, err = s.FinishDelivery(ctx, bob.ID, domain.DeliveryQueued, "421 try later", time.Now())
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	_, ok, err = s.ClaimDelivery(ctx, bob.ID, time.Now(), time.Now().Add(-time.Minute))
	require.NoError(t, err)
	require.True(t, ok)
	n, err = s.FinishDelivery(ctx, bob.ID, domain.DeliveryFailed, "550 no such user", time.Now())
	require.NoError(t, err)
	assert.Equal(t, 2, n, "failures in a row")
	_, err = s.FinishDelivery(ctx, cy.ID, domain.DeliverySkipped, "content changed since approval", time.Now())
	require.NoError(t, err)

	counts, err := s.CountDeliveries(ctx, []string{"c1", "none"})
	require.NoError(t, err)
	assert.Equal(t, map[string]store.DeliveryCounts{"c1": {Queued: 1, Sent: 1, Failed: 1, Skipped: 1, Total: 4}}, counts)
	sent, err := s.CountSentSince(ctx, sentAt)
	require.NoError(t, err)
	assert.Equal(t, 1, sent)
	sent, err = s.CountSentSince(ctx, sentAt.Add(time.Second))
	require.NoError(t, err)
	assert.Equal(t, 0, sent)

	page, err := s.ListDeliveries(ctx, store.DeliveryFilter{CommunicationID: "c1", Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, 4, page.Total)
	assert.True(t, page.More)
	require.Len(t, page.Rows, 2)
	assert.Equal(t, []string{"ann@example.com", "bob@example.com"}, []string{page.Rows[0].Recipient, page.Rows[1].Recipient})
	page, err = s.ListDeliveries(ctx, store.DeliveryFilter{CommunicationID: "c1", State: domain.DeliveryFailed})
	require.NoError(t, err)
	require.Len(t, page.Rows, 1)
	assert.Equal(t, "550 no such user", page.Rows[0].LastError)
	assert.Equal(t, 2, page.Rows[0].Attempts)
	page, err = s.ListDeliveries(ctx, store.DeliveryFilter{CommunicationID: "c1", Q: "DIAZ"})
	require.NoError(t, err)
	assert.Equal(t, 1, page.Total)

	// Paused: nothing is claimed until it resumes.
	require.NoError(t, s.PauseDeliveries(ctx, "c1", true, "2 failures in a row"))
	run, err = s.GetDeliveryRun(ctx, "c1")
	require.NoError(t, err)
	assert.True(t, run.Paused)
	assert.Equal(t, "2 failures in a row", run.PauseReason)
	_, ok, err = s.ClaimDelivery(ctx, again[0].ID, time.Now(), time.Now().Add(-time.Minute))
	require.NoError(t, err)
	assert.False(t, ok)
	require.NoError(t, s.PauseDeliveries(ctx, "c1", false, ""))
	run, err = s.GetDeliveryRun(ctx, "c1")
	require.NoError(t, err)
	assert.False(t, run.Paused)
	assert.Equal(t, 0, run.ConsecutiveErrors)
	assert.ErrorIs(t, s.PauseDeliveries(ctx, "none", true, "x"), store.ErrNotFound)

	pending, err := s.PendingDeliveries(ctx, "c1")
	require.NoError(t, err)
	require.Len(t, pending, 1)
	assert.Equal(t, again[0].ID, pending[0].ID)

	requeued, err := s.RequeueFailed(ctx, "c1")
	require.NoError(t, err)
	require.Len(t, requeued, 1)
	assert.Equal(t, bob.ID, requeued[0].ID)
	got, err = s.GetDelivery(ctx, bob.ID)
	require.NoError(t, err)
	assert.Equal(t, domain.DeliveryQueued, got.State)
	assert.Equal(t, 2, got.Attempts, "a retry keeps the count of attempts")
	_, err = s.GetDelivery(ctx, "none")
	assert.ErrorIs(t, err, store.ErrNotFound)
}

package storetest

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store"
)

func testSessionRevocations(t *testing.T, s store.Store) {
	r, err := s.SessionRevocations(ctx)
	require.NoError(t, err)
	assert.True(t, r.ValidAfter.IsZero(), "no revoke-all yet")
	assert.Empty(t, r.Revoked)
	v0 := r.Version

	now := time.Now().UTC().Truncate(time.Second)
	require.NoError(t, s.RevokeSession(ctx, "s-1", now.Add(time.Hour)))
	require.NoError(t, s.RevokeSession(ctx, "s-2", now.Add(-time.Minute)), "an already expired session")
	r, err = s.SessionRevocations(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"s-1"}, r.Revoked, "expired sessions are not listed")
	assert.Greater(t, r.Version, v0)
	v, err := s.SessionRevocationsVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, r.Version, v, "the one-row read agrees")

	require.NoError(t, s.RevokeSession(ctx, "s-1", now.Add(time.Hour)), "revoking again is no error")
	v, err = s.SessionRevocationsVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, r.Version, v, "and no change")

	// The next revocation prunes the expired record.
	require.NoError(t, s.RevokeSession(ctx, "s-3", now.Add(time.Hour)))
	require.NoError(t, s.InTx(ctx, func(tx store.Store) error {
		r, err = tx.SessionRevocations(ctx)
		return err
	}))
	assert.ElementsMatch(t, []string{"s-1", "s-3"}, r.Revoked)

	cut := time.Date(2026, 11, 23, 9, 30, 0, 123456000, time.UTC)
	require.NoError(t, s.RevokeAllSessions(ctx, cut))
	require.NoError(t, s.RevokeAllSessions(ctx, cut.Add(-time.Hour)), "an earlier cutoff")
	after, err := s.SessionRevocations(ctx)
	require.NoError(t, err)
	assert.Equal(t, cut, after.ValidAfter, "the cutoff only moves forward, to the microsecond")
	assert.Greater(t, after.Version, r.Version)
	assert.ElementsMatch(t, []string{"s-1", "s-3"}, after.Revoked)

	// A revocation rolled back with its transaction leaves nothing.
	boom := errors.New("boom")
	err = s.InTx(ctx, func(tx store.Store) error {
		require.NoError(t, tx.RevokeSession(ctx, "s-4", now.Add(time.Hour)))
		require.NoError(t, tx.RevokeAllSessions(ctx, cut.Add(time.Hour)))
		return boom
	})
	require.ErrorIs(t, err, boom)
	again, err := s.SessionRevocations(ctx)
	require.NoError(t, err)
	assert.Equal(t, after, again)
}

func testAccessCodesHash(t *testing.T, s store.Store) {
	prev, err := s.SwapAccessCodesHash(ctx, "hash-a")
	require.NoError(t, err)
	assert.Equal(t, "", prev, "none the first time")
	prev, err = s.SwapAccessCodesHash(ctx, "hash-a")
	require.NoError(t, err)
	assert.Equal(t, "hash-a", prev)
	prev, err = s.SwapAccessCodesHash(ctx, "hash-b")
	require.NoError(t, err)
	assert.Equal(t, "hash-a", prev)
	prev, err = s.SwapAccessCodesHash(ctx, "hash-b")
	require.NoError(t, err)
	assert.Equal(t, "hash-b", prev)
}

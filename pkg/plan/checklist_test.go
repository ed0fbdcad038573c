package plan_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

// acting is a context with the shared identity, as the session middleware
// and the CLI's root command give.
func acting() context.Context { return actor.With(context.Background(), actor.Shared) }

// version is the version a client last read.
func version(v int) *int { return &v }

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
			saved, err := p.SaveChecklist(ctx, plan.ChecklistSave{Items: items, Version: version(0)})
			require.NoError(t, err)
			assert.Equal(t, 1, saved.Version)
			require.NotNil(t, saved.UpdatedAt)
			assert.Equal(t, checklist.Score(items), saved.Stats)

			_, err = p.SaveChecklist(ctx, plan.ChecklistSave{Items: items, Version: version(0)})
			var stale *plan.VersionConflict
			require.ErrorAs(t, err, &stale)
			assert.False(t, stale.At.IsZero(), "when the first save was made, from the audit trail")
			assert.Equal(t, plan.VersionConflict{Expected: 0, Current: 1, By: "Shared access", At: stale.At}, *stale, "and who made it")
			require.ErrorIs(t, err, store.ErrConflict)

			again, err := p.SaveChecklist(ctx, plan.ChecklistSave{Items: items, Overwrite: true})
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
	_, err := p.SaveChecklist(ctx, plan.ChecklistSave{Version: version(0)})
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Fields, "items")

	items := checklist.Initial()
	items[0].ActualScore = items[0].MaxScore + 1
	_, err = p.SaveChecklist(ctx, plan.ChecklistSave{Items: items, Version: version(0)})
	require.ErrorAs(t, err, &bad)
	assert.NotEmpty(t, bad.Fields)
	var ve *checklist.ValidationError
	assert.ErrorAs(t, err, &ve, "the engine's error stays reachable")

	// The version read is required, unless the caller overwrites.
	for _, v := range []*int{nil, version(-1)} {
		_, err = p.SaveChecklist(ctx, plan.ChecklistSave{Items: checklist.Initial(), Version: v})
		require.ErrorAs(t, err, &bad)
		assert.Equal(t, map[string]string{"version": "is required: the version last read (0 for a new checklist)"}, bad.Fields)
	}

	_, err = st.GetChecklist(ctx)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

// TestChecklistReportOptions: the report's title and date rules, shared by
// POST /api/checklist/report and "checklist report".
func TestChecklistReportOptions(t *testing.T) {
	today := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	opt, err := plan.ReportOptions("  Wave 1 ", "", today)
	require.NoError(t, err)
	assert.Equal(t, checklist.ReportOptions{Title: "Wave 1", Generated: today}, opt)
	opt, err = plan.ReportOptions("", "2025-03-07", today)
	require.NoError(t, err)
	assert.Equal(t, "2025-03-07", opt.Generated.Format(time.DateOnly))

	var bad *plan.InputError
	_, err = plan.ReportOptions("", "3/7/2025", today)
	require.ErrorAs(t, err, &bad)
	assert.Equal(t, map[string]string{"date": "must be a date, YYYY-MM-DD"}, bad.Fields)
	_, err = plan.ReportOptions(strings.Repeat("t", domain.MaxName+1), "", today)
	require.ErrorAs(t, err, &bad)
	assert.Equal(t, map[string]string{"title": "must be at most 500 characters"}, bad.Fields)

	html, day, err := plan.ChecklistReport(checklist.Initial(), "Wave 1", "2025-03-07", today)
	require.NoError(t, err)
	assert.Contains(t, string(html), "Wave 1")
	assert.Equal(t, "2025-03-07", day.Format(time.DateOnly))
	_, _, err = plan.ChecklistReport(nil, "", "", today)
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Fields, "items")
}

// TestNoActor: a change without someone acting is refused before it
// touches the store.
func TestNoActor(t *testing.T) {
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	_, err := plan.New(st).SaveChecklist(context.Background(), plan.ChecklistSave{Items: checklist.Initial(), Version: version(0)})
	require.ErrorIs(t, err, actor.ErrNone)
	_, err = st.GetChecklist(context.Background())
	assert.ErrorIs(t, err, store.ErrNotFound)
}

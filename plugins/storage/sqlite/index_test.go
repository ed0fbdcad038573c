package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
)

// TestCampaignListsUseTheirIndex checks that the campaign summaries are read
// from the index campaigns_list alone (migration 20: no row, no schedule
// parsed) and a page of whole campaigns is ordered by it (no sort of every
// row). The index holds the summaries' expressions: a change to
// Dialect.JSONField or to the query must change the index too.
func TestCampaignListsUseTheirIndex(t *testing.T) {
	ctx := context.Background()
	s, db := openPlanned(t)
	c := domain.Campaign{Title: "Wave", Schedule: json.RawMessage(`{"totalActivities":2,"startDate":"2027-01-04"}`), HTMLContent: "<p>x</p>"}
	require.NoError(t, s.CreateCampaign(ctx, &c))
	var queries []string
	s.SetTrace(func(q string) { queries = append(queries, q) })
	_, err := s.ListCampaignSummaries(ctx)
	require.NoError(t, err)
	_, err = s.ListCampaignPage(ctx, c.ID, 20)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(queries), 2)

	plan := func(q string, args ...any) string { return QueryPlan(t, db, q, args...) }
	// Without an actor the store reads what everyone may see: the last
	// parameter is the person whose insider scopes it keeps.
	summaries := plan(queries[0], "")
	assert.Contains(t, summaries, "SCAN campaigns USING COVERING INDEX campaigns_list", summaries)
	assert.NotContains(t, summaries, "TEMP B-TREE", summaries)
	page := plan(queries[1], c.ID, 21, "")
	assert.Contains(t, page, "SCAN campaigns USING INDEX campaigns_list", page)
	assert.NotContains(t, page, "TEMP B-TREE", page)
}

// TestContentPageUsesItsIndex checks that a page of the Content Library is
// read in the index content_page's order (migration 24), not by sorting
// every piece: under writes each page is read again.
func TestContentPageUsesItsIndex(t *testing.T) {
	ctx := context.Background()
	s, db := openPlanned(t)
	c := domain.Content{Title: "FAQ", Content: "body", Type: domain.ContentText}
	require.NoError(t, s.CreateContent(ctx, &c))
	var queries []string
	s.SetTrace(func(q string) { queries = append(queries, q) })
	_, err := s.ListContentPage(ctx, "", 50)
	require.NoError(t, err)
	require.NotEmpty(t, queries)

	for _, after := range []string{"", c.ID} {
		plan := QueryPlan(t, db, queries[0], after, 51)
		assert.Contains(t, plan, "SCAN content USING INDEX content_page", plan)
		assert.NotContains(t, plan, "TEMP B-TREE", plan)
	}
}

// TestReviewListsUseTheirIndex checks that the review lists read the
// partial indexes of the rows under review (migration 22), not the tables.
func TestReviewListsUseTheirIndex(t *testing.T) {
	ctx := context.Background()
	s, db := openPlanned(t)
	var queries []string
	s.SetTrace(func(q string) { queries = append(queries, q) })
	_, err := s.ListReviewed(ctx)
	require.NoError(t, err)
	require.Len(t, queries, 2)

	for i, index := range []string{"communications_reviewed", "campaigns_reviewed"} {
		plan := QueryPlan(t, db, queries[i], "")
		assert.Contains(t, plan, "USING INDEX "+index, plan)
		assert.NotContains(t, plan, "TEMP B-TREE", plan)
	}
}

// openPlanned opens a store on a new file, and a second handle on it whose
// EXPLAIN QUERY PLAN reads the store's statements; both close with the test.
func openPlanned(t *testing.T) (*sqlstore.Store, *sql.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "plan.db")
	s, err := open(context.Background(), path, store.Options{QueryTimeout: time.Minute}, defaults)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	return s, db
}

// QueryPlan is SQLite's EXPLAIN QUERY PLAN of q, a line per step (exported
// for the package's external tests).
func QueryPlan(t *testing.T, db *sql.DB, q string, args ...any) string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+q, args...)
	require.NoError(t, err)
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		lines = append(lines, detail)
	}
	require.NoError(t, rows.Err())
	return strings.Join(lines, "\n")
}

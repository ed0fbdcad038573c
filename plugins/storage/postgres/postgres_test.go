package postgres_test

import (
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
)

func TestConformance(t *testing.T) {
	// The suite checks behaviour, not speed: under -race on a loaded two-core
	// machine, eight concurrent writers can queue past the 10 s default.
	opt := store.Options{QueryTimeout: time.Minute}
	storetest.Run(t, func(t *testing.T) store.Store { return storetest.OpenWith(t, storetest.PostgresDSN(t), opt) })
}

// TestSearchPlans: after a bulk import, the header search reads the title
// index for a word in most rows and the pg_trgm indexes for a word in few
// (EXPLAIN of the statements Search runs), never the whole table, both
// before the import's statistics are gathered (a server started right
// after it) and after. Before migration 21 the import's pending trigram
// entries made the planner scan; without the statements' fences a plan
// made without statistics walked every row.
func TestSearchPlans(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	// The bulk write behind the plans is one statement of 3,000 rows: under
	// -race on a loaded machine it can pass the 10 s default.
	s := storetest.OpenWith(t, dsn, store.Options{QueryTimeout: time.Minute})
	storetest.SeedSearchPlan(t, s)
	db, err := sql.Open("postgres", dsn)
	require.NoError(t, err)
	defer db.Close()
	explain := func(st storetest.SearchStatement) string {
		rows, err := db.Query("EXPLAIN "+st.Query, st.Args...)
		require.NoError(t, err)
		defer rows.Close()
		var plan []string
		for rows.Next() {
			var line string
			require.NoError(t, rows.Scan(&line))
			plan = append(plan, line)
		}
		require.NoError(t, rows.Err())
		return strings.Join(plan, "\n")
	}
	for _, stats := range []string{"before ANALYZE", "after ANALYZE"} {
		if stats == "after ANALYZE" {
			_, err = db.Exec("ANALYZE") // autovacuum's part, done now
			require.NoError(t, err)
		}
		sts := storetest.SearchStatements(t, s, "training")
		require.Len(t, sts, 1, "%s: the first rows in title order hold the page", stats)
		plan := explain(sts[0])
		assert.Contains(t, plan, "Index Scan using communications_title_idx", stats)
		assert.NotContains(t, plan, "Seq Scan", stats)
		assert.NotContains(t, plan, "Bitmap", stats)

		sts = storetest.SearchStatements(t, s, "kickoff")
		require.Len(t, sts, 2, "%s: the probe, then the indexes", stats)
		plan = explain(sts[1])
		assert.Contains(t, plan, "Bitmap Index Scan on communications_raw_content_trgm", stats)
		assert.NotContains(t, plan, "Seq Scan", stats)
		assert.NotContains(t, plan, "communications_title_idx", stats)
	}
}

package storetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// SearchPlanRows is how many communications SeedSearchPlan writes: enough
// that a planner prefers an index to reading the table.
const SearchPlanRows = 3000

// SeedSearchPlan writes, in one transaction as a bulk import does,
// SearchPlanRows communications of about 500 bytes: "training" in the raw content of seven in
// ten, "kickoff" in three, for a backend's test of its search plans
// (EXPLAIN). The backend's test brings its statistics up to date itself.
func SeedSearchPlan(t *testing.T, s store.Store) {
	t.Helper()
	cs := make([]*domain.Communication, SearchPlanRows)
	for i := range cs {
		body := strings.Repeat(fmt.Sprintf("Notes for site %d: dates, rooms and who to call. ", i), 8)
		if i%10 < 7 {
			body += " Training sessions follow."
		}
		if i%1000 == 999 {
			body += " The kickoff is on Monday."
		}
		cs[i] = &domain.Communication{Title: fmt.Sprintf("Notice %04d", SearchPlanRows-i), Status: "draft", RawContent: body}
	}
	require.NoError(t, s.CreateCommunications(ctx, cs))
}

// SearchStatement is one statement a search ran, with its arguments.
type SearchStatement struct {
	Query string
	Args  []any
}

// SearchStatements runs s.Search(q, 20) and returns the statements it ran
// on communications, in order, each with the arguments Search gives it ($1
// the LIKE pattern, $2 a limit, $3 the FTS5 phrase where the statement has
// one). s must offer SetTrace (sqlstore's Store).
func SearchStatements(t *testing.T, s store.Store, q string) []SearchStatement {
	t.Helper()
	tracer, ok := s.(interface{ SetTrace(func(string)) })
	require.True(t, ok, "the store offers SetTrace")
	var out []SearchStatement
	tracer.SetTrace(func(query string) {
		if !strings.Contains(query, "FROM communications") {
			return
		}
		args := []any{"%" + strings.ToLower(q) + "%", 20}
		if strings.Contains(query, "$3") {
			args = append(args, `"`+q+`"`)
		}
		out = append(out, SearchStatement{Query: query, Args: args})
	})
	defer tracer.SetTrace(nil)
	hits, err := s.Search(ctx, q, 20)
	require.NoError(t, err)
	require.NotEmpty(t, hits, q)
	return out
}

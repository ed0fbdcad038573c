package api

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// fillPlan adds themes × questions, and content pieces each linked to one
// question, in one transaction.
func fillPlan(tb testing.TB, s store.Store, themes, questionsPer, contents int) {
	tb.Helper()
	ctx := context.Background()
	require.NoError(tb, s.InTx(ctx, func(tx store.Store) error {
		var qids []string
		for i := 0; i < themes; i++ {
			th := domain.Theme{Name: fmt.Sprintf("Theme %d", i), Description: "d", Icon: "fa-tag", Color: "blue"}
			if err := tx.CreateTheme(ctx, &th); err != nil {
				return err
			}
			for j := 0; j < questionsPer; j++ {
				q := domain.Question{ThemeID: th.ID, Question: fmt.Sprintf("Question %d.%d", i, j), SortOrder: j + 1}
				if err := tx.CreateQuestion(ctx, &q); err != nil {
					return err
				}
				qids = append(qids, q.ID)
			}
		}
		for k := 0; k < contents; k++ {
			c := domain.Content{Title: fmt.Sprintf("Content %d", k), Content: "body", Type: "text", QuestionIDs: []string{qids[k%len(qids)]}}
			if err := tx.CreateContent(ctx, &c); err != nil {
				return err
			}
		}
		return nil
	}))
}

// fillVehicles adds n vehicles, each used by two communications.
func fillVehicles(tb testing.TB, s store.Store, n int) {
	tb.Helper()
	ctx := context.Background()
	require.NoError(tb, s.InTx(ctx, func(tx store.Store) error {
		for i := 0; i < n; i++ {
			v := domain.Vehicle{Name: fmt.Sprintf("Vehicle %d", i), Type: "email", CommunicationStrategy: "universal"}
			if err := tx.CreateVehicle(ctx, &v); err != nil {
				return err
			}
			cs := []*domain.Communication{{Title: "a", Status: "draft", VehicleID: v.ID}, {Title: "b", Status: "draft", VehicleID: v.ID}}
			if err := tx.CreateCommunications(ctx, cs); err != nil {
				return err
			}
		}
		return nil
	}))
}

// TestListQueryCount checks that a list costs the same number of queries
// however many rows it returns.
func TestListQueryCount(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var queries atomic.Int64
		ts.Store.(*sqlstore.Store).SetTrace(func(string) { queries.Add(1) })
		count := func(path string) int64 {
			queries.Store(0)
			resp, body := ts.do("GET", path, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			return queries.Load()
		}
		paths := []string{"/api/themes", "/api/questions", "/api/content", "/api/communications", "/api/vehicles"}
		fillPlan(t, ts.Store, 2, 2, 2)
		fillVehicles(t, ts.Store, 2)
		small := map[string]int64{}
		for _, p := range paths {
			small[p] = count(p)
		}
		fillPlan(t, ts.Store, 40, 5, 100)
		fillVehicles(t, ts.Store, 40)
		for _, p := range paths {
			assert.Equal(t, small[p], count(p), p)
			assert.LessOrEqual(t, small[p], int64(2), p)
		}
	})
}

func benchmarkList(b *testing.B, path string) {
	for _, be := range storetest.Backends {
		b.Run(be.Name, func(b *testing.B) {
			st := storetest.Open(b, be.DSN(b))
			fillPlan(b, st, 1000, 10, 5000)
			srv := New(Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Codes: access.NewCodes([]string{"bench"}), Secret: []byte("bench")})
			h := srv.Handler()
			token, _ := srv.signer.Issue()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d", rec.Code)
				}
			}
		})
	}
}

// BenchmarkListThemes lists 1,000 themes with their counts.
func BenchmarkListThemes(b *testing.B) { benchmarkList(b, "/api/themes") }

// BenchmarkListQuestions lists 10,000 questions with their counts.
func BenchmarkListQuestions(b *testing.B) { benchmarkList(b, "/api/questions") }

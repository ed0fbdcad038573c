package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
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

// fillAudiencesCampaigns adds n audiences and n campaigns.
func fillAudiencesCampaigns(tb testing.TB, s store.Store, n int) {
	tb.Helper()
	ctx := context.Background()
	require.NoError(tb, s.InTx(ctx, func(tx store.Store) error {
		for i := 0; i < n; i++ {
			a := domain.Audience{Name: fmt.Sprintf("Audience %d", i), TargetingScope: "organization", AudienceType: "general"}
			if err := tx.CreateAudience(ctx, &a); err != nil {
				return err
			}
			c := domain.Campaign{Title: fmt.Sprintf("Campaign %d", i), Schedule: []byte(`{"phases":[]}`), HTMLContent: "<p>plan</p>"}
			if err := tx.CreateCampaign(ctx, &c); err != nil {
				return err
			}
		}
		return nil
	}))
}

// TestListQueryCount checks that a list costs the same number of queries
// however many rows it returns, and that a cached list costs one: its data
// version.
func TestListQueryCount(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var queries atomic.Int64
		// The session check's reads of the revocations come at most once a
		// second, not per request; they are not the list's.
		ts.Store.(*sqlstore.Store).SetTrace(func(q string) {
			if !strings.Contains(q, "session_state") && !strings.Contains(q, "revoked_sessions") {
				queries.Add(1)
			}
		})
		count := func(path string) int64 {
			queries.Store(0)
			resp, body := ts.do("GET", path, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			return queries.Load()
		}
		paths := []string{"/api/themes", "/api/questions", "/api/content", "/api/communications", "/api/vehicles",
			"/api/audiences", "/api/campaigns"}
		fillPlan(t, ts.Store, 2, 2, 2)
		fillVehicles(t, ts.Store, 2)
		fillAudiencesCampaigns(t, ts.Store, 2)
		small := map[string]int64{}
		for _, p := range paths {
			small[p] = count(p)
		}
		fillPlan(t, ts.Store, 40, 5, 100)
		fillVehicles(t, ts.Store, 40)
		fillAudiencesCampaigns(t, ts.Store, 40)
		// A hit reads the version; on SQLite not even that while the
		// wal-index header says nothing was committed since the last read.
		hit := int64(1)
		if b.Name == "sqlite" {
			hit = 0
		}
		for _, p := range paths {
			assert.Equal(t, small[p], count(p), p)
			// The version, then the list (content also reads its links).
			assert.LessOrEqual(t, small[p], int64(3), p)
			assert.Equal(t, hit, count(p), "%s again, from the cache", p)
		}
	})
}

// discardWriter is a ResponseWriter that keeps the status and size only, as
// a socket would: httptest.ResponseRecorder's growing buffer would dominate
// a cache hit's profile.
type discardWriter struct {
	header http.Header
	code   int
	n      int
}

func (d *discardWriter) Header() http.Header { return d.header }

func (d *discardWriter) Write(b []byte) (int, error) {
	if d.code == 0 {
		d.code = http.StatusOK
	}
	d.n += len(b)
	return len(b), nil
}

func (d *discardWriter) WriteHeader(code int) {
	if d.code == 0 {
		d.code = code
	}
}

// benchMode is how a list benchmark asks.
type benchMode struct {
	name     string
	encoding string
	// miss empties the list cache before each request.
	miss bool
	// revalidate sends the ETag of the previous answer.
	revalidate bool
}

var benchModes = []benchMode{
	{name: "hit"},
	{name: "hit-gzip", encoding: "gzip"},
	{name: "304", revalidate: true},
	{name: "miss"},
	{name: "miss-gzip", encoding: "gzip", miss: true},
}

// fillLargePlan is 1,000 themes × 10 questions and 5,000 linked content
// pieces.
func fillLargePlan(tb testing.TB, s store.Store) { fillPlan(tb, s, 1000, 10, 5000) }

// benchmarkList runs path through the whole handler (session check, logging,
// security headers, compression) on the data fill adds, in each benchMode.
func benchmarkList(b *testing.B, path string, fill func(testing.TB, store.Store), modes []benchMode) {
	for _, be := range storetest.Backends {
		b.Run(be.Name, func(b *testing.B) {
			// The large fixture is one transaction of about 60,000
			// statements, far past the default query timeout for requests.
			st := storetest.OpenWith(b, be.DSN(b), store.Options{QueryTimeout: 10 * time.Minute})
			fill(b, st)
			for _, m := range modes {
				if m.name == "miss" {
					m.miss = true
				}
				b.Run(m.name, func(b *testing.B) {
					srv := New(Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
						Codes: access.NewCodes([]string{"bench"}), Secret: []byte("bench")})
					h := srv.Handler()
					token, _ := srv.signer.Issue()
					var etag string
					var size int
					b.ReportAllocs()
					b.ResetTimer()
					for b.Loop() {
						if m.miss {
							srv.lists = newListCache("bench")
						}
						req := httptest.NewRequest("GET", path, nil)
						req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
						if m.encoding != "" {
							req.Header.Set("Accept-Encoding", m.encoding)
						}
						if m.revalidate && etag != "" {
							req.Header.Set("If-None-Match", etag)
						}
						rec := &discardWriter{header: http.Header{}}
						h.ServeHTTP(rec, req)
						if rec.code != http.StatusOK && rec.code != http.StatusNotModified {
							b.Fatalf("status %d", rec.code)
						}
						etag = rec.header.Get("ETag")
						size = rec.n
					}
					b.ReportMetric(float64(size), "bytes")
				})
			}
		})
	}
}

// BenchmarkListThemes lists 1,000 themes with their counts.
func BenchmarkListThemes(b *testing.B) {
	benchmarkList(b, "/api/themes", fillLargePlan, benchModes)
}

// BenchmarkListQuestions lists 10,000 questions with their counts.
func BenchmarkListQuestions(b *testing.B) {
	benchmarkList(b, "/api/questions", fillLargePlan, benchModes)
}

// BenchmarkListContent lists 5,000 content pieces with their links.
func BenchmarkListContent(b *testing.B) {
	benchmarkList(b, "/api/content", fillLargePlan, benchModes)
}

// BenchmarkListSmall is a cache hit on a small list, 200 audiences (about 60
// KB, 7 KB gzipped): what the hot path around the stored bytes costs, the
// session check, routing, logging and headers, with the version read.
func BenchmarkListSmall(b *testing.B) {
	benchmarkList(b, "/api/audiences", func(tb testing.TB, s store.Store) { fillAudiencesCampaigns(tb, s, 200) }, benchModes[:3])
}

// BenchmarkGetRecord reads single records with their counts on the plan of
// benchmarkList (plus 100 vehicles): the cost must not grow with the tables.
func BenchmarkGetRecord(b *testing.B) {
	for _, be := range storetest.Backends {
		b.Run(be.Name, func(b *testing.B) {
			st := storetest.OpenWith(b, be.DSN(b), store.Options{QueryTimeout: 10 * time.Minute})
			fillPlan(b, st, 1000, 10, 5000)
			fillVehicles(b, st, 100)
			ctx := context.Background()
			themes, err := st.ListThemes(ctx)
			require.NoError(b, err)
			questions, err := st.ListQuestions(ctx, store.QuestionFilter{ThemeID: themes[500].ID})
			require.NoError(b, err)
			vehicles, err := st.ListVehicles(ctx)
			require.NoError(b, err)
			srv := New(Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Codes: access.NewCodes([]string{"bench"}), Secret: []byte("bench")})
			h := srv.Handler()
			token, _ := srv.signer.Issue()
			for _, path := range []string{"/api/themes/" + themes[500].ID, "/api/questions/" + questions[0].ID,
				"/api/vehicles/" + vehicles[50].ID} {
				b.Run(strings.Split(path, "/")[2], func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						req := httptest.NewRequest("GET", path, nil)
						req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
						rec := &discardWriter{header: http.Header{}}
						h.ServeHTTP(rec, req)
						if rec.code != http.StatusOK {
							b.Fatalf("status %d", rec.code)
						}
					}
				})
			}
		})
	}
}

// BenchmarkViewKey is what keying cached answers by what a person may see
// costs each cached read (store.ViewKey, docs/performance.md "Need to
// know"): the shared identity and admins none; a person the insiders'
// version (read with the lists' versions) and a map lookup; the person's
// scopes read again only after an insider changed ("query", the same read
// inside a transaction, which keeps no memo). The person is an insider of
// 50 of 500 confidential campaigns.
func BenchmarkViewKey(b *testing.B) {
	for _, be := range storetest.Backends {
		b.Run(be.Name, func(b *testing.B) {
			st := storetest.OpenWith(b, be.DSN(b), store.Options{QueryTimeout: 10 * time.Minute})
			admin := actor.With(context.Background(), actor.Terminal)
			p := domain.Person{Name: "Ines", Role: "planner"}
			require.NoError(b, st.CreatePerson(admin, &p, "bench-hash"))
			for i := range 500 {
				c := domain.Campaign{Title: fmt.Sprintf("Deal %d", i), Schedule: json.RawMessage(`{}`), Confidential: true}
				require.NoError(b, st.CreateCampaign(admin, &c))
				if i%10 == 0 {
					require.NoError(b, st.AddInsider(admin, "campaign", c.ID, p.ID))
				}
			}
			person := actor.With(context.Background(), actor.Actor{ID: p.ID, Name: p.Name, Role: actor.RolePlanner})
			for _, tc := range []struct {
				name string
				ctx  context.Context
				tx   bool
			}{{"shared", actor.With(context.Background(), actor.Shared), false}, {"person", person, false}, {"person-query", person, true}} {
				b.Run(tc.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						var err error
						if tc.tx {
							err = st.InTx(tc.ctx, func(tx store.Store) error { _, err := tx.ViewKey(tc.ctx); return err })
						} else {
							_, err = st.ViewKey(tc.ctx)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

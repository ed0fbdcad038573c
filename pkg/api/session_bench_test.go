package api

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// BenchmarkSessionCheck is the gate every /api request passes: the session
// cookie checked by requireSession in front of a handler that does nothing.
// "cached" is the server's default view of revocations, refreshed at most
// once a second; "store-every-check" reads the store on every request, the
// design the cache avoids.
func BenchmarkSessionCheck(b *testing.B) {
	for _, be := range storetest.Backends {
		for _, mode := range []struct {
			name  string
			every time.Duration
		}{{"cached", access.DefaultRefresh}, {"store-every-check", 0}} {
			b.Run(be.Name+"/"+mode.name, func(b *testing.B) {
				st := storetest.Open(b, be.DSN(b))
				srv := New(Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
					Codes: access.NewCodes([]string{"bench"}), Secret: []byte("bench"),
					Revocations: access.NewRevocations(st, mode.every)})
				h := srv.requireSession(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
				token, sess := srv.signer.Issue()
				// A few revoked sessions, as after a day of logouts.
				for i := 0; i < 100; i++ {
					_, other := srv.signer.Issue()
					if err := st.RevokeSession(context.Background(), other.ID, sess.Expires); err != nil {
						b.Fatal(err)
					}
				}
				req := httptest.NewRequest("GET", "/api/themes", nil)
				req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("status %d", rec.Code)
					}
				}
			})
		}
	}
}

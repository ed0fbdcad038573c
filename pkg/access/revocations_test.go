package access

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

func revoked(t *testing.T, v *Revocations, s Session) bool {
	t.Helper()
	r, err := v.Revoked(context.Background(), s)
	require.NoError(t, err)
	return r
}

// TestRevocations runs two views over one database, as two replicas: one
// reads the store on every check, the other once an hour of its own clock.
func TestRevocations(t *testing.T) {
	ctx := context.Background()
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			now := time.Now()
			signer := NewSigner([]byte("secret"), time.Hour)
			_, s1 := signer.Issue()
			_, s2 := signer.Issue()

			here := NewRevocations(st, 0)
			there := NewRevocations(st, time.Hour)
			there.now = func() time.Time { return now }
			assert.False(t, revoked(t, here, s1))
			assert.False(t, revoked(t, there, s1), "loads the record")

			require.NoError(t, here.Revoke(ctx, s1))
			assert.True(t, revoked(t, here, s1), "at once where it was revoked")
			assert.False(t, revoked(t, here, s2))
			assert.False(t, revoked(t, there, s1), "not before the other replica's refresh")
			now = now.Add(time.Hour)
			assert.True(t, revoked(t, there, s1), "after it")
			assert.False(t, revoked(t, there, s2))

			cut := time.Now()
			time.Sleep(time.Millisecond)
			_, s3 := signer.Issue()
			require.NoError(t, there.RevokeAll(ctx, cut))
			assert.True(t, revoked(t, there, s2), "revoke-all applies at once where it was made")
			assert.False(t, revoked(t, there, s3), "a session issued after the cutoff lives")
			assert.True(t, revoked(t, here, s2), "and, read from the store, on the other replica")
			assert.False(t, revoked(t, here, s3))

			// A database that cannot be read leaves the last view in place.
			require.NoError(t, st.Close())
			r, err := here.Revoked(ctx, s2)
			assert.Error(t, err)
			assert.True(t, r)
			r, err = here.Revoked(ctx, s3)
			assert.Error(t, err)
			assert.False(t, r)
		})
	}
}

// TestRevocationsConcurrent checks under -race that checks, refreshes and
// revocations may run at once, and that a revocation made here is never
// lost by a refresh that raced it.
func TestRevocationsConcurrent(t *testing.T) {
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	signer := NewSigner([]byte("secret"), time.Hour)
	v := NewRevocations(st, time.Microsecond)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				_, s := signer.Issue()
				if _, err := v.Revoked(context.Background(), s); err != nil {
					t.Error(err)
					return
				}
				if j%4 == 0 {
					if err := v.Revoke(context.Background(), s); err != nil {
						t.Error(err)
						return
					}
					if r, _ := v.Revoked(context.Background(), s); !r {
						t.Error("a revocation made here was lost")
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkRevoked is what revocation adds to each request's session check
// when the view is current: the staleness test, a read lock, a map lookup.
func BenchmarkRevoked(b *testing.B) {
	st := storetest.Open(b, storetest.SQLiteDSN(b))
	signer := NewSigner([]byte("secret"), time.Hour)
	v := NewRevocations(st, time.Hour)
	for i := 0; i < 100; i++ {
		_, s := signer.Issue()
		if err := v.Revoke(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
	_, sess := signer.Issue()
	b.ReportAllocs()
	for b.Loop() {
		if r, err := v.Revoked(context.Background(), sess); r || err != nil {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkParse is the signature check every request already paid before
// revocation, for comparison.
func BenchmarkParse(b *testing.B) {
	signer := NewSigner([]byte("secret"), time.Hour)
	token, _ := signer.Issue()
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := signer.Parse(token); !ok {
			b.Fatal("refused")
		}
	}
}

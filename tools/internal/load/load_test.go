package load

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exact is the nearest-rank percentile of sorted values.
func exact(sorted []time.Duration, q float64) time.Duration {
	rank := int(q*float64(len(sorted)) + 0.999999)
	return sorted[max(1, min(rank, len(sorted)))-1]
}

func TestHistogramQuantilesWithinBucketError(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var h Histogram
	var all []time.Duration
	for range 20000 {
		// Spread over 5 µs .. 5 s, log-uniform.
		d := time.Duration(5000 * float64(time.Nanosecond) * math.Pow(1e6, r.Float64()))
		h.Record(d)
		all = append(all, d)
	}
	slices.Sort(all)
	for _, q := range []float64{0.01, 0.5, 0.9, 0.99, 0.999, 1} {
		want, got := exact(all, q), h.Quantile(q)
		// The bucket top is at or above the value, by at most 1/32, and
		// truncation to microseconds may put it up to 1 µs below.
		assert.GreaterOrEqual(t, got, want.Truncate(time.Microsecond), "q=%v", q)
		assert.LessOrEqual(t, float64(got), float64(want)*(1+1.0/32)+float64(time.Microsecond), "q=%v", q)
	}
	assert.Equal(t, all[len(all)-1], h.Max())
	assert.Equal(t, int64(len(all)), h.Count())
}

func TestHistogramSmallValuesAreExact(t *testing.T) {
	var h Histogram
	for range 99 {
		h.Record(10 * time.Microsecond)
	}
	h.Record(1000 * time.Microsecond)
	assert.Equal(t, 10*time.Microsecond, h.Quantile(0.5))
	assert.Equal(t, 10*time.Microsecond, h.Quantile(0.99))
	assert.Equal(t, 1000*time.Microsecond, h.Quantile(1))
	assert.Equal(t, time.Duration(0), (&Histogram{}).Quantile(0.5))
}

func TestBucketBoundsAreContiguous(t *testing.T) {
	// Every value lands in a bucket whose top is >= the value, and the
	// previous bucket's top is below it.
	for _, us := range []uint64{0, 1, 63, 64, 65, 66, 127, 128, 131, 132, 1 << 20, 1<<20 + 12345, 1 << 40} {
		i := bucket(us)
		assert.GreaterOrEqual(t, upper(i), us, "us=%d", us)
		if i > 0 {
			assert.Less(t, upper(i-1), us, "us=%d", us)
		}
	}
}

func TestHistogramMerge(t *testing.T) {
	var a, b Histogram
	for i := 1; i <= 50; i++ {
		a.Record(time.Duration(i) * time.Millisecond)
		b.Record(time.Duration(i+50) * time.Millisecond)
	}
	a.Merge(&b)
	assert.Equal(t, int64(100), a.Count())
	assert.Equal(t, 100*time.Millisecond, a.Max())
	assert.InDelta(t, float64(50*time.Millisecond), float64(a.Quantile(0.5)), float64(50*time.Millisecond)/32)
	assert.InDelta(t, float64(99*time.Millisecond), float64(a.Quantile(0.99)), float64(99*time.Millisecond)/32)
	assert.Equal(t, 50500*time.Microsecond, a.Mean())
}

func TestRecorderCounts(t *testing.T) {
	r1, r2 := NewRecorder(), NewRecorder()
	r1.Observe("read", 200, time.Millisecond, nil)
	r1.Observe("read", 404, time.Millisecond, nil)
	r1.Observe("write", 0, time.Millisecond, errors.New("reset"))
	r2.Observe("write", 201, 3*time.Millisecond, nil)
	r2.Observe("write", 503, 2*time.Millisecond, nil)
	r1.Merge(r2)

	assert.Equal(t, []string{"read", "write"}, r1.Classes())
	w := r1.Stats("write")
	assert.Equal(t, int64(3), w.Requests)
	assert.Equal(t, int64(1), w.Errors)
	assert.Equal(t, int64(2), w.Latency.Count())
	assert.Equal(t, int64(1), w.Class(500, 599))
	assert.Equal(t, "201:1 503:1 no-answer:1", w.Statuses())

	total := r1.Total()
	assert.Equal(t, int64(5), total.Requests)
	assert.Equal(t, int64(2), total.Class(200, 299))
	assert.Equal(t, "200:1 201:1 404:1 503:1 no-answer:1", total.Statuses())
	assert.InDelta(t, 2.0, total.Rate(2*time.Second), 1e-9)
}

func TestDriveRunsEveryWorkerAndCountsEveryRequest(t *testing.T) {
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		if r.URL.Path == "/missing" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte("hello"))
	}))
	defer srv.Close()
	c := NewClient(4, false)
	var workers [4]atomic.Bool
	rec, elapsed := Drive(context.Background(), 4, 300*time.Millisecond, func(ctx context.Context, i int, rec *Recorder) {
		workers[i].Store(true)
		path := "/"
		if i == 3 {
			path = "/missing"
		}
		req, err := http.NewRequestWithContext(ctx, "GET", srv.URL+path, nil)
		require.NoError(t, err)
		resp, err := Do(c, req, false)
		if err == nil && resp.Status == 200 {
			assert.Equal(t, "hello", string(resp.Body))
		}
		rec.Observe("get", resp.Status, resp.Latency, err)
	})
	for i := range workers {
		assert.True(t, workers[i].Load(), "worker %d", i)
	}
	s := rec.Stats("get")
	assert.GreaterOrEqual(t, elapsed, 300*time.Millisecond)
	assert.Positive(t, s.Status[200])
	assert.Positive(t, s.Status[404])
	assert.Equal(t, int64(0), s.Errors)
	// Requests under way at the deadline finish, so every one is counted.
	assert.Equal(t, served.Load(), s.Requests)
}

func TestDoDiscardsOnlySuccessfulBodies(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/fail" {
			http.Error(w, "database is locked", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("a body nobody reads"))
	}))
	defer srv.Close()
	c := NewClient(1, false)
	get := func(path string) Response {
		req, err := http.NewRequest("GET", srv.URL+path, nil)
		require.NoError(t, err)
		resp, err := Do(c, req, true)
		require.NoError(t, err)
		return resp
	}
	ok := get("/")
	assert.Nil(t, ok.Body)
	assert.Equal(t, int64(len("a body nobody reads")), ok.Size)
	failed := get("/fail")
	assert.Equal(t, "database is locked\n", string(failed.Body), "an error's body is kept for the report")
}

func TestParseStatCPU(t *testing.T) {
	// utime 1234 and stime 66 ticks; the command name holds ") (" and spaces.
	line := []byte("4242 (comm) (x y) S 1 4242 4242 0 -1 4194560 1000 0 0 0 1234 66 0 0 20 0 12 0 100 1000000 500\n")
	d, err := parseStatCPU(line)
	require.NoError(t, err)
	assert.Equal(t, 13*time.Second, d)
	_, err = parseStatCPU([]byte("4242 (short) S 1"))
	assert.Error(t, err)
}

func TestProcessCPUGrows(t *testing.T) {
	before, err := ProcessCPU(os.Getpid())
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	// Busy until the CPU time moves; on a loaded machine that may take more
	// than one tick of wall time.
	after, x := before, 0
	for start := time.Now(); after == before && time.Since(start) < 5*time.Second; {
		for range 1_000_000 {
			x++
		}
		after, err = ProcessCPU(os.Getpid())
		require.NoError(t, err)
	}
	assert.Greater(t, after, before, "busy for up to 5 s (%d turns)", x)
}

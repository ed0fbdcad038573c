// Package load is the load generator the tools share: N concurrent clients
// for a duration over keep-alive HTTP/1.1, per-status counters and a
// latency histogram with percentiles.
package load

import (
	"math/bits"
	"time"
)

// Buckets are log-linear over microseconds: exact below 64 µs, then 32
// sub-buckets per power of two, so a percentile is within 1/32 (3.1%) of
// the recorded value, up to 2^47 µs (over four years).
const (
	linear    = 64
	subBits   = 5
	subCount  = 1 << subBits
	maxExp    = 41
	numBucket = linear + maxExp*subCount
)

// Histogram records latencies. The zero value is ready; it is not safe for
// concurrent use (give each worker its own and Merge them).
type Histogram struct {
	counts   [numBucket]int64
	n        int64
	sum      time.Duration
	min, max time.Duration
}

// bucket maps microseconds to a bucket index.
func bucket(us uint64) int {
	if us < linear {
		return int(us)
	}
	e := bits.Len64(us) - (subBits + 1) // us>>e is in [32, 64)
	if e > maxExp {
		return numBucket - 1
	}
	return linear + (e-1)*subCount + int(us>>e) - subCount
}

// upper is the largest microsecond value that falls in bucket i.
func upper(i int) uint64 {
	if i < linear {
		return uint64(i)
	}
	e := (i-linear)/subCount + 1
	m := uint64((i-linear)%subCount + subCount)
	return (m+1)<<e - 1
}

// Record adds one latency.
func (h *Histogram) Record(d time.Duration) {
	if d < 0 {
		d = 0
	}
	h.counts[bucket(uint64(d/time.Microsecond))]++
	if h.n == 0 || d < h.min {
		h.min = d
	}
	if d > h.max {
		h.max = d
	}
	h.n++
	h.sum += d
}

// Merge adds o's latencies to h.
func (h *Histogram) Merge(o *Histogram) {
	if o.n == 0 {
		return
	}
	for i, c := range o.counts {
		h.counts[i] += c
	}
	if h.n == 0 || o.min < h.min {
		h.min = o.min
	}
	if o.max > h.max {
		h.max = o.max
	}
	h.n += o.n
	h.sum += o.sum
}

// Count is the number of latencies recorded.
func (h *Histogram) Count() int64 { return h.n }

// Max is the largest latency recorded.
func (h *Histogram) Max() time.Duration { return h.max }

// Mean is the average latency (0 when empty).
func (h *Histogram) Mean() time.Duration {
	if h.n == 0 {
		return 0
	}
	return h.sum / time.Duration(h.n)
}

// Quantile is the latency at or below which a fraction q (0..1) of the
// recorded latencies fall: the top of the bucket holding that rank, never
// above the largest latency seen. 0 when empty.
func (h *Histogram) Quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	rank := int64(q*float64(h.n) + 0.999999)
	rank = max(1, min(rank, h.n))
	var seen int64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			d := time.Duration(upper(i)) * time.Microsecond
			return max(h.min, min(d, h.max))
		}
	}
	return h.max
}

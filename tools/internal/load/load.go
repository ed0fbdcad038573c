package load

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// Stats are the counters of one class of requests.
type Stats struct {
	// Requests counts every attempt, answered or not.
	Requests int64
	// Errors counts attempts that got no HTTP answer (transport errors).
	Errors int64
	// Status counts answers by status code.
	Status map[int]int64
	// Latency holds the latency of every answered request.
	Latency Histogram
}

// Observe records one attempt: its status (ignored when err is set), how
// long it took and its transport error, if any.
func (s *Stats) Observe(status int, d time.Duration, err error) {
	s.Requests++
	if err != nil {
		s.Errors++
		return
	}
	if s.Status == nil {
		s.Status = map[int]int64{}
	}
	s.Status[status]++
	s.Latency.Record(d)
}

// Merge adds o's counts to s.
func (s *Stats) Merge(o *Stats) {
	s.Requests += o.Requests
	s.Errors += o.Errors
	for code, n := range o.Status {
		if s.Status == nil {
			s.Status = map[int]int64{}
		}
		s.Status[code] += n
	}
	s.Latency.Merge(&o.Latency)
}

// Class counts the answers whose status is in [lo, hi].
func (s *Stats) Class(lo, hi int) int64 {
	var n int64
	for code, c := range s.Status {
		if code >= lo && code <= hi {
			n += c
		}
	}
	return n
}

// Rate is the answered requests per second over elapsed.
func (s *Stats) Rate(elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	return float64(s.Latency.Count()) / elapsed.Seconds()
}

// Statuses lists the counts by status, e.g. "200:1234 404:2".
func (s *Stats) Statuses() string {
	codes := make([]int, 0, len(s.Status))
	for code := range s.Status {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	parts := make([]string, len(codes))
	for i, code := range codes {
		parts[i] = fmt.Sprintf("%d:%d", code, s.Status[code])
	}
	if s.Errors > 0 {
		parts = append(parts, fmt.Sprintf("no-answer:%d", s.Errors))
	}
	return strings.Join(parts, " ")
}

// Summary is one line: count, rate, p50/p99/max and the statuses.
func (s *Stats) Summary(elapsed time.Duration) string {
	return fmt.Sprintf("%d req, %.0f req/s, p50 %s, p99 %s, max %s  [%s]", s.Requests, s.Rate(elapsed),
		Round(s.Latency.Quantile(0.50)), Round(s.Latency.Quantile(0.99)), Round(s.Latency.Max()), s.Statuses())
}

// Round shortens a latency for printing.
func Round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	default:
		return d.Round(time.Microsecond)
	}
}

// Recorder keeps Stats per named class (e.g. "read", "write"). Give each
// worker its own and Merge them; it is not safe for concurrent use.
type Recorder struct {
	classes map[string]*Stats
}

// NewRecorder returns an empty recorder.
func NewRecorder() *Recorder { return &Recorder{classes: map[string]*Stats{}} }

// Stats returns the class's counters, creating them.
func (r *Recorder) Stats(class string) *Stats {
	s, ok := r.classes[class]
	if !ok {
		s = &Stats{}
		r.classes[class] = s
	}
	return s
}

// Observe records one attempt in class.
func (r *Recorder) Observe(class string, status int, d time.Duration, err error) {
	r.Stats(class).Observe(status, d, err)
}

// Merge adds o's classes to r.
func (r *Recorder) Merge(o *Recorder) {
	for name, s := range o.classes {
		r.Stats(name).Merge(s)
	}
}

// Classes are the class names, sorted.
func (r *Recorder) Classes() []string {
	names := make([]string, 0, len(r.classes))
	for name := range r.classes {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Total merges every class.
func (r *Recorder) Total() *Stats {
	t := &Stats{}
	for _, s := range r.classes {
		t.Merge(s)
	}
	return t
}

// Drive runs n workers until d has passed or ctx ends. Each worker calls
// step in a loop with its index and its own Recorder. A step under way when
// d passes finishes (its request is not cut off); ending ctx is the way to
// stop at once. Drive answers the merged recorder and the time the run took.
func Drive(ctx context.Context, n int, d time.Duration, step func(ctx context.Context, worker int, rec *Recorder)) (*Recorder, time.Duration) {
	recs := make([]*Recorder, n)
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for i := range n {
		recs[i] = NewRecorder()
		wg.Go(func() {
			for ctx.Err() == nil && time.Now().Before(deadline) {
				step(ctx, i, recs[i])
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	all := NewRecorder()
	for _, r := range recs {
		all.Merge(r)
	}
	return all, elapsed
}

// NewClient is an HTTP/1.1 keep-alive client that keeps up to conns idle
// connections to one host. With compression off the transport neither asks
// for gzip nor decodes it, so callers see the bytes sent.
func NewClient(conns int, compression bool) *http.Client {
	t := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  !compression,
		ForceAttemptHTTP2:   false,
	}
	return &http.Client{Transport: t, Timeout: 60 * time.Second}
}

// Response is one answer, read in full.
type Response struct {
	Status  int
	Header  http.Header
	Body    []byte
	Size    int64 // bytes read, kept or not
	Latency time.Duration
}

// Do sends req and reads the whole body; Latency runs until the last byte.
// With discard a 2xx body is counted but not kept; other answers keep
// theirs, for the report.
func Do(c *http.Client, req *http.Request, discard bool) (Response, error) {
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return Response{Latency: time.Since(start)}, err
	}
	defer resp.Body.Close()
	out := Response{Status: resp.StatusCode, Header: resp.Header}
	if discard && resp.StatusCode/100 == 2 {
		out.Size, err = io.Copy(io.Discard, resp.Body)
	} else {
		out.Body, err = io.ReadAll(resp.Body)
		out.Size = int64(len(out.Body))
	}
	out.Latency = time.Since(start)
	return out, err
}

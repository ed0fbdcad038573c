// Command benchhttp measures each list endpoint of a seeded `commsplan
// serve` against a same-bytes ceiling, in one run (docs/performance.md):
//
//	go run ./tools/benchhttp -conns 50 -duration 10s -backend sqlite
//
// For each list it fetches the exact bytes our server sends (identity and
// gzip), serves them from a bare net/http handler with the same headers
// (the ceiling), and drives both with the same connections and duration.
// With POCKETBASE_BIN set it also measures PocketBase listing the same
// themes (perPage = the row count). It exits 1 on any request error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/tools/internal/harness"
	"github.com/commsplan/commsplan/tools/internal/load"
)

// lists are the endpoints measured.
var lists = []string{"/api/themes", "/api/questions", "/api/content", "/api/audiences", "/api/vehicles",
	"/api/communications", "/api/campaigns"}

// scaleQueries are the endpoints measured at the five-year scale (-scale):
// what the screens ask for once they fetch what they show (issue 27). The
// programme starts on 2027-01-04.
var scaleQueries = []string{
	"/api/communications?from=2029-05-27&to=2029-07-06&tz=Europe%2FParis", // the Schedule's month
	"/api/communications?status=scheduled&sort=scheduled&limit=100",       // a List view column's first page
	"/api/communications?undated=only&status=draft&sort=title&limit=25",   // the backlog
	"/api/communications?q=town&limit=50",                                 // a search of communications
	"/api/schedule/warnings?from=2029-05-27&to=2029-07-06&tz=Europe%2FParis",
	"/api/dashboard",
	"/api/content?limit=60",
	"/api/content?q=answer&type=text&limit=60", // a library search
	"/api/campaigns?limit=20",
	"/api/campaigns?fields=summary", // Import from Campaign's list
	"/api/search?q=training",        // the header search: a word in most rows
	"/api/search?q=kickoff",         // ... a word in a few
	"/api/search?q=zqxj",            // ... in none: every row is looked at
}

type options struct {
	scale    bool
	backend  string
	conns    int
	duration time.Duration
	only     string
	ceiling  string
	before   string
	size     plan
}

func main() {
	var o options
	flag.StringVar(&o.backend, "backend", "sqlite", "sqlite, postgres or both")
	flag.IntVar(&o.conns, "conns", 50, "concurrent keep-alive connections")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "how long each measurement runs")
	flag.StringVar(&o.ceiling, "ceiling", "process", "where the ceiling runs: process (its own, as our server) or inprocess (in this tool, beside the load generator)")
	flag.StringVar(&serveCeilingFrom, "serve-ceiling", "", "internal: serve the answers recorded in this file as the ceiling")
	flag.StringVar(&o.only, "lists", "", "comma-separated list paths to measure (default: all seven, or with -scale the scale queries)")
	flag.BoolVar(&o.scale, "scale", false, "seed the demo plan and the five-year scale dataset (commsplan seed --demo --scale) instead, and measure the range, filter and search queries the screens send")
	flag.StringVar(&o.before, "before", "", "a commsplan binary of an earlier version, measured in the same run on a database of its own seeded by it (`seed`), for a before/after table")
	flag.IntVar(&o.size.themes, "themes", 1000, "themes seeded")
	flag.IntVar(&o.size.questionsPer, "questions-per-theme", 10, "questions per theme")
	flag.IntVar(&o.size.contents, "contents", 5000, "content pieces, each linked to a question")
	flag.IntVar(&o.size.audiences, "audiences", 200, "audiences")
	flag.IntVar(&o.size.vehicles, "vehicles", 100, "vehicles")
	flag.IntVar(&o.size.communications, "communications", 1000, "communications")
	flag.IntVar(&o.size.campaigns, "campaigns", 20, "campaigns")
	flag.Parse()
	if serveCeilingFrom != "" {
		harness.Exit("benchhttp ceiling", serveCeiling(serveCeilingFrom))
		return
	}
	harness.Exit("benchhttp", run(o))
}

func run(o options) error {
	backends, err := harness.Backends(o.backend)
	if err != nil {
		return err
	}
	if o.ceiling != "process" && o.ceiling != "inprocess" {
		return fmt.Errorf("-ceiling is process or inprocess, not %q", o.ceiling)
	}
	if o.conns < 1 || o.duration <= 0 || o.size.themes < 1 || o.size.questionsPer < 1 || o.size.audiences < 1 || o.size.vehicles < 1 {
		return errors.New("-conns, -duration and the plan sizes must be positive")
	}
	paths := lists
	if o.scale {
		paths = scaleQueries
	}
	if o.only != "" {
		paths = strings.Split(o.only, ",")
	}
	ctx := context.Background()
	tmp, bin, err := harness.Workspace(ctx, "benchhttp")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if o.scale {
		fmt.Printf("plan: the demo plan and the five-year scale dataset (%+v)\n", seed.FiveYears)
	} else {
		fmt.Printf("plan: %d themes x %d questions, %d content, %d audiences, %d vehicles, %d communications, %d campaigns\n",
			o.size.themes, o.size.questionsPer, o.size.contents, o.size.audiences, o.size.vehicles, o.size.communications, o.size.campaigns)
	}
	fmt.Printf("load: %d keep-alive connections, %s per measurement\n\n", o.conns, o.duration)
	var errs []string
	for _, b := range backends {
		if err := bench(ctx, o, b, bin, filepath.Join(tmp, b), paths); err != nil {
			errs = append(errs, b+": "+err.Error())
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// variant is one answer our server sent, kept to be served by the ceiling.
type variant struct {
	Header http.Header
	Body   []byte
}

// encodings are the two ways each list is asked for.
var encodings = []struct{ name, accept string }{{"identity", ""}, {"gzip", "gzip"}}

func bench(ctx context.Context, o options, backend, bin, dir string, paths []string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	dsn, drop, err := harness.Database(ctx, backend, dir)
	if err != nil {
		return err
	}
	defer drop()
	start := time.Now()
	seedFn := func() error { return seedPlan(ctx, dsn, o.size) }
	if o.scale {
		seedFn = func() error { return seedScale(ctx, dsn) }
	}
	if err := seedFn(); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	fmt.Printf("== %s (seeded in %s)\n", backend, time.Since(start).Round(100*time.Millisecond))
	srv, err := harness.Start(ctx, harness.Config{Bin: bin, DB: dsn, DataDir: dir, Log: filepath.Join(dir, "server.log"), Conns: o.conns})
	if err != nil {
		return err
	}
	defer srv.Stop()
	var old *harness.Server
	if o.before != "" {
		if old, err = startBefore(ctx, o, backend, dir); err != nil {
			return fmt.Errorf("-before: %w", err)
		}
		defer old.Stop()
	}

	// The exact bytes and headers our server sends, per path and encoding,
	// and how long each first request took (caches cold).
	sent, firsts, err := fetchAll(ctx, srv, paths)
	if err != nil {
		return err
	}
	var oldFirsts map[string]time.Duration
	if old != nil {
		if _, oldFirsts, err = fetchAll(ctx, old, paths); err != nil {
			return fmt.Errorf("-before: %w", err)
		}
		fmt.Printf("%-40s %12s %12s\n", "first request (cold), identity", "before", "ours")
		for _, p := range paths {
			fmt.Printf("%-40s %12s %12s\n", p, load.Round(oldFirsts[p]), load.Round(firsts[p]))
		}
		fmt.Println()
	} else {
		fmt.Printf("%-40s %12s\n", "first request (cold), identity", "ours")
		for _, p := range paths {
			fmt.Printf("%-40s %12s\n", p, load.Round(firsts[p]))
		}
		fmt.Println()
	}
	ceiling, err := startCeiling(o.ceiling, sent, dir)
	if err != nil {
		return fmt.Errorf("ceiling: %w", err)
	}
	defer ceiling.close()

	var pb *pocketBase
	if bin := os.Getenv("POCKETBASE_BIN"); bin != "" {
		if pb, err = startPocketBase(ctx, bin, filepath.Join(dir, "pb"), o.size.themes); err != nil {
			return fmt.Errorf("pocketbase: %w", err)
		}
		defer pb.stop()
	}

	fmt.Printf(rowFormat, "list", "encoding", "bytes", "ours req/s", "p50", "p95", "p99", "CPU/req", "ceiling req/s", "p50", "p99", "CPU/req", "ours/ceiling")
	var failures []string
	for _, p := range paths {
		for _, e := range encodings {
			v := sent[p+" "+e.name]
			if old != nil {
				res := measure(ctx, o, old.URL+p, old.Cookie, e.accept, old.CPU)
				fmt.Printf(rowFormat, "  before", e.name, fmt.Sprint(res.bytes), res.rate0(), res.p(0.5), res.p(0.95), res.p(0.99), res.cpuPerRequest(),
					"", "", "", "", "")
				failures = append(failures, res.failures("before "+p+" "+e.name)...)
			}
			ours := measure(ctx, o, srv.URL+p, srv.Cookie, e.accept, srv.CPU)
			ceil := measure(ctx, o, ceiling.url+p, "", e.accept, ceiling.cpu)
			fmt.Printf(rowFormat, p, e.name, fmt.Sprint(len(v.Body)), ours.rate0(), ours.p(0.5), ours.p(0.95), ours.p(0.99), ours.cpuPerRequest(),
				ceil.rate0(), ceil.p(0.5), ceil.p(0.99), ceil.cpuPerRequest(), fmt.Sprintf("%.1f%%", 100*ours.rate/ceil.rate))
			failures = append(failures, ours.failures("ours "+p+" "+e.name)...)
			failures = append(failures, ceil.failures("ceiling "+p+" "+e.name)...)
			if pb != nil && p == "/api/themes" {
				res := measure(ctx, o, pb.listURL(), "", e.accept, nil)
				fmt.Printf(rowFormat, "PocketBase themes", e.name, fmt.Sprint(res.bytes), res.rate0(), res.p(0.5), res.p(0.95), res.p(0.99), "",
					"", "", "", "", fmt.Sprintf("ours %.1fx PB", ours.rate/res.rate))
				failures = append(failures, res.failures("pocketbase "+e.name)...)
			}
		}
	}
	fmt.Println()
	if len(failures) > 0 {
		return errors.New(strings.Join(failures, "; "))
	}
	return nil
}

// fetchAll gets every path once in each encoding from srv: the answers,
// and how long each path's first request (identity) took.
func fetchAll(ctx context.Context, srv *harness.Server, paths []string) (map[string]variant, map[string]time.Duration, error) {
	fetcher := load.NewClient(1, false)
	sent := map[string]variant{}
	firsts := map[string]time.Duration{}
	for _, p := range paths {
		for _, e := range encodings {
			req, err := srv.Request(ctx, "GET", p, nil)
			if err != nil {
				return nil, nil, err
			}
			if e.accept != "" {
				req.Header.Set("Accept-Encoding", e.accept)
			}
			resp, err := load.Do(fetcher, req, false)
			if err != nil {
				return nil, nil, fmt.Errorf("GET %s: %w", p, err)
			}
			if resp.Status != http.StatusOK {
				return nil, nil, fmt.Errorf("GET %s: %d", p, resp.Status)
			}
			sent[p+" "+e.name] = variant{Header: resp.Header, Body: resp.Body}
			if _, ok := firsts[p]; !ok {
				firsts[p] = resp.Latency
			}
		}
	}
	return sent, firsts, nil
}

// startBefore seeds a database of its own with the -before binary (its
// migrations, its seed) and starts it: an earlier binary may not open a
// database a later one migrated.
func startBefore(ctx context.Context, o options, backend, dir string) (*harness.Server, error) {
	dir = filepath.Join(dir, "before")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	dsn, drop, err := harness.Database(ctx, backend, dir)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	args := []string{"seed", "--demo", "--db", dsn}
	if o.scale {
		args = append(args, "--scale")
	}
	if out, err := exec.CommandContext(ctx, o.before, args...).CombinedOutput(); err != nil {
		_ = drop()
		return nil, fmt.Errorf("seed: %w: %s", err, out)
	}
	fmt.Printf("before: %s, seeded in %s\n", o.before, time.Since(start).Round(100*time.Millisecond))
	srv, err := harness.Start(ctx, harness.Config{Bin: o.before, DB: dsn, DataDir: dir, Log: filepath.Join(dir, "server.log"), Conns: o.conns})
	if err != nil {
		_ = drop()
		return nil, err
	}
	return srv, nil
}

// result is one measurement. cpu is the server's CPU time during it, when
// measured.
type result struct {
	stats *load.Stats
	rate  float64
	bytes int
	cpu   time.Duration
}

// rowFormat is one line of the table.
const rowFormat = "%-20s %-8s %9s %10s %9s %9s %9s %8s %13s %9s %9s %8s %13s\n"

func (r result) rate0() string { return fmt.Sprintf("%.0f", r.rate) }

// cpuPerRequest is the server's CPU time per answer: what our process alone
// spends, apart from the load generator and the database's own processes.
func (r result) cpuPerRequest() string {
	n := r.stats.Status[http.StatusOK]
	if r.cpu <= 0 || n == 0 {
		return ""
	}
	return load.Round(r.cpu / time.Duration(n)).String()
}

func (r result) p(q float64) string { return load.Round(r.stats.Latency.Quantile(q)).String() }

// failures are the request errors and non-200 answers.
func (r result) failures(name string) []string {
	bad := r.stats.Errors + r.stats.Latency.Count() - r.stats.Status[http.StatusOK]
	if bad == 0 && r.stats.Status[http.StatusOK] > 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s: %s", name, r.stats.Statuses())}
}

// measure drives url with o.conns connections for o.duration, after a short
// warm-up that is not counted. cpu, when not nil, reads the server's CPU
// time before and after the counted part.
func measure(ctx context.Context, o options, url, cookie, accept string, cpu func() (time.Duration, error)) result {
	c := load.NewClient(o.conns, false)
	defer c.CloseIdleConnections()
	var size atomic.Int64
	step := func(ctx context.Context, _ int, rec *load.Recorder) {
		req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
		if err != nil {
			rec.Observe("get", 0, 0, err)
			return
		}
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		resp, err := load.Do(c, req, true)
		if err != nil && ctx.Err() != nil {
			return // cut off at the end of the run
		}
		if err == nil {
			size.Store(resp.Size)
		}
		rec.Observe("get", resp.Status, resp.Latency, err)
	}
	load.Drive(ctx, o.conns, min(500*time.Millisecond, o.duration/10), step)
	var before time.Duration
	if cpu != nil {
		before, _ = cpu()
	}
	rec, elapsed := load.Drive(ctx, o.conns, o.duration, step)
	s := rec.Stats("get")
	res := result{stats: s, rate: s.Rate(elapsed), bytes: int(size.Load())}
	if cpu != nil {
		if after, err := cpu(); err == nil && before > 0 {
			res.cpu = after - before
		}
	}
	return res
}

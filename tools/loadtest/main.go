// Command loadtest runs the soak and crash checks against a real
// `commsplan serve` on SQLite and PostgreSQL (docs/reliability.md).
//
//	go run ./tools/loadtest -mode soak -clients 200 -duration 60s -backend both
//	go run ./tools/loadtest -mode crash -kills 5 -backend both
//	go run ./tools/loadtest -mode soak -clients 200 -duration 60s -backend sqlite -scale
//
// Soak: clients make 70% reads and 30% writes (creates, updates, deletes,
// question reorders) for the duration; every status is counted. Crash: a
// write burst is cut by kill -9, the server restarted on the same database,
// and every acknowledged write checked. Either fails (exit 1) on any 5xx,
// any "database is locked", any request without an answer (soak), or any
// acknowledged write that is missing or wrong.
//
// With -scale the database is first seeded with the demo data and the
// five-year scale dataset (`commsplan seed --demo --scale`, issue 27), and
// the soak's list reads are what the screens fetch at that scale (a month
// of the Schedule, a page of the Content Library, a page of the campaign
// inventory's summaries and Edit's read of one campaign) instead of whole
// lists. The soak reports the server's resident
// memory (VmRSS, and its peak VmHWM) after setup and at the end of the run.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/commsplan/commsplan/tools/internal/harness"
	"github.com/commsplan/commsplan/tools/internal/load"
)

type options struct {
	mode, backend string
	clients       int
	duration      time.Duration
	readShare     float64
	kills         int
	burstClients  int
	seed          uint64
	scale         bool
	scaleDB       string
	pprof         string
}

func main() {
	var o options
	flag.StringVar(&o.mode, "mode", "soak", "soak or crash")
	flag.StringVar(&o.backend, "backend", "both", "sqlite, postgres or both")
	flag.IntVar(&o.clients, "clients", 200, "concurrent clients (soak)")
	flag.DurationVar(&o.duration, "duration", 60*time.Second, "how long the soak runs per backend")
	flag.Float64Var(&o.readShare, "reads", 0.7, "share of requests that are reads (soak)")
	flag.IntVar(&o.kills, "kills", 5, "kill -9 cycles per backend (crash)")
	flag.IntVar(&o.burstClients, "burst-clients", 32, "concurrent writers during a crash burst")
	flag.Uint64Var(&o.seed, "seed", uint64(time.Now().UnixNano()), "random seed")
	flag.BoolVar(&o.scale, "scale", false, "seed the demo data and the five-year scale dataset first; reads fetch what the screens do at that scale")
	flag.StringVar(&o.scaleDB, "scale-db", "", "with -scale on sqlite: copy this SQLite file, already seeded with `seed --demo --scale`, instead of seeding (repeated runs)")
	flag.StringVar(&o.pprof, "pprof", "", "serve net/http/pprof on this loopback address (serve --pprof), to profile the server during a soak")
	flag.Parse()
	harness.Exit("loadtest", run(o))
}

func run(o options) error {
	backends, err := harness.Backends(o.backend)
	if err != nil {
		return err
	}
	if o.mode != "soak" && o.mode != "crash" {
		return fmt.Errorf("-mode must be soak or crash, not %q", o.mode)
	}
	if o.clients < 1 || o.burstClients < 1 || o.kills < 1 || o.duration <= 0 || o.readShare < 0 || o.readShare > 1 {
		return errors.New("-clients, -burst-clients and -kills must be at least 1, -duration positive, -reads in [0,1]")
	}
	ctx := context.Background()
	tmp, bin, err := harness.Workspace(ctx, "loadtest")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	fmt.Printf("seed %d\n", o.seed)
	var failed []string
	for _, b := range backends {
		dir := filepath.Join(tmp, b)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		dsn, drop, err := harness.Database(ctx, b, dir)
		if err != nil {
			return err
		}
		cfg := harness.Config{Bin: bin, DB: dsn, DataDir: dir, Log: filepath.Join(dir, "server.log")}
		if o.pprof != "" {
			cfg.Args = []string{"--pprof", o.pprof}
		}
		if o.scale && o.scaleDB != "" && b == "sqlite" {
			if err := copyFile(o.scaleDB, dsn); err != nil {
				return err
			}
			fmt.Printf("copied the seeded database %s\n", o.scaleDB)
		} else if o.scale {
			start := time.Now()
			if err := harness.Seed(ctx, cfg, "--demo", "--scale"); err != nil {
				_ = drop()
				return err
			}
			fmt.Printf("seeded the demo data and the scale dataset on %s in %s\n", b, time.Since(start).Round(time.Second))
		}
		if o.mode == "soak" {
			err = soak(ctx, o, b, cfg)
		} else {
			err = crash(ctx, o, b, cfg)
		}
		if derr := drop(); derr != nil {
			fmt.Fprintln(os.Stderr, "dropping the database:", derr)
		}
		if err != nil {
			fmt.Printf("FAIL %s %s: %v\n\n", o.mode, b, err)
			failed = append(failed, b)
			continue
		}
		fmt.Printf("PASS %s %s\n\n", o.mode, b)
	}
	if len(failed) > 0 {
		return fmt.Errorf("%s failed on %s", o.mode, strings.Join(failed, ", "))
	}
	return nil
}

// setup loads the shared fixture and gives each client its home theme;
// with scale it notes the campaigns of the inventory's first page.
func setup(ctx context.Context, srv *harness.Server, n int, seed uint64, scale bool) (*fixture, []*client, error) {
	fx := &fixture{}
	id := func(method, path string, body any) (string, error) {
		var out struct {
			ID string `json:"id"`
		}
		err := srv.JSON(ctx, method, path, body, &out)
		return out.ID, err
	}
	for i := range 10 {
		t, err := id("POST", "/api/themes", map[string]any{"name": fmt.Sprintf("Shared theme %d", i), "description": "shared"})
		if err != nil {
			return nil, nil, err
		}
		fx.themes = append(fx.themes, t)
		for j := range 5 {
			q, err := id("POST", "/api/questions", map[string]any{"themeId": t, "question": fmt.Sprintf("Shared question %d.%d", i, j), "sortOrder": j})
			if err != nil {
				return nil, nil, err
			}
			fx.questions = append(fx.questions, q)
		}
	}
	for i := range 10 {
		a, err := id("POST", "/api/audiences", map[string]any{"name": fmt.Sprintf("Shared audience %d", i), "contactCount": 100 * i})
		if err != nil {
			return nil, nil, err
		}
		v, err := id("POST", "/api/vehicles", map[string]any{"name": fmt.Sprintf("Shared vehicle %d", i), "type": "email"})
		if err != nil {
			return nil, nil, err
		}
		fx.audiences, fx.vehicles = append(fx.audiences, a), append(fx.vehicles, v)
	}
	for i := range 30 {
		if _, err := id("POST", "/api/content", map[string]any{"title": fmt.Sprintf("Shared content %d", i), "content": "body",
			"questionIds": []string{fx.questions[i%len(fx.questions)]}}); err != nil {
			return nil, nil, err
		}
	}
	var gen struct {
		Schedule    json.RawMessage `json:"schedule"`
		HTMLContent json.RawMessage `json:"htmlContent"`
	}
	if err := srv.JSON(ctx, "POST", "/api/campaigns/generate", map[string]any{"campaignName": "Load", "startDate": "2025-01-01",
		"endDate": "2025-03-01", "campaignTypes": []string{"change-management"}}, &gen); err != nil {
		return nil, nil, err
	}
	fx.schedule, fx.html = gen.Schedule, gen.HTMLContent
	if scale {
		var page []struct {
			ID string `json:"id"`
		}
		if err := srv.JSON(ctx, "GET", "/api/campaigns?fields=summary&limit=20", nil, &page); err != nil {
			return nil, nil, err
		}
		for _, c := range page {
			fx.campaigns = append(fx.campaigns, c.ID)
		}
	}
	clients := make([]*client, n)
	for i := range clients {
		c := newClient(i, seed, fx)
		home, err := id("POST", "/api/themes", map[string]any{"name": fmt.Sprintf("Home c%d", i), "description": "the client's questions"})
		if err != nil {
			return nil, nil, err
		}
		c.home = home
		clients[i] = c
	}
	return fx, clients, nil
}

// tally is what a verification found.
type tally struct {
	acked, present, absent, uncertain int
	problems                          []string
}

// verify checks every client's model against the lists the server answers.
func verify(ctx context.Context, srv *harness.Server, clients []*client) (tally, error) {
	var t tally
	stored := map[string]map[string]map[string]any{}
	for _, k := range append([]string{"themes"}, "questions", "content", "audiences", "vehicles", "communications", "campaigns") {
		var rows []map[string]any
		if err := srv.JSON(ctx, "GET", "/api/"+k, nil, &rows); err != nil {
			return t, err
		}
		byID := map[string]map[string]any{}
		for _, r := range rows {
			id, _ := r["id"].(string)
			byID[id] = r
		}
		stored[k] = byID
	}
	problem := func(format string, args ...any) {
		if len(t.problems) < 20 {
			t.problems = append(t.problems, fmt.Sprintf(format, args...))
		}
	}
	for _, c := range clients {
		t.acked += c.acked + 1 // and its home theme
		t.uncertain += c.uncertain
		if _, ok := stored["themes"][c.home]; !ok {
			problem("client %d: home theme %s is missing", c.id, c.home)
		} else {
			t.present++
		}
		for k, recs := range c.live {
			for id, want := range recs {
				got, ok := stored[k][id]
				switch {
				case !ok:
					problem("client %d: %s %s is missing", c.id, k, id)
				case compareFields(got, want) != "":
					problem("client %d: %s %s: %s", c.id, k, id, compareFields(got, want))
				default:
					t.present++
				}
			}
		}
		for k, ids := range c.gone {
			for _, id := range ids {
				if _, ok := stored[k][id]; ok {
					problem("client %d: deleted %s %s is still there", c.id, k, id)
				} else {
					t.absent++
				}
			}
		}
	}
	return t, nil
}

func (t tally) String() string {
	return fmt.Sprintf("%d acknowledged writes: %d records present with the acknowledged content, %d acknowledged deletes absent; %d writes got no answer (not checked)",
		t.acked, t.present, t.absent, t.uncertain)
}

// problems gathers the reasons a run fails.
type problems []string

func (p *problems) add(n int, what string, samples []string) {
	if n == 0 {
		return
	}
	*p = append(*p, fmt.Sprintf("%d %s", n, what))
	for _, s := range samples {
		fmt.Println("   ", s)
	}
}

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	return errors.New(strings.Join(p, "; "))
}

// logCheck reports the server log's lock errors and error lines.
func logCheck(path string, p *problems) {
	locked, n, err := harness.LogLines(path, 5, "database is locked", "SQLITE_BUSY")
	if err != nil {
		*p = append(*p, "reading the server log: "+err.Error())
		return
	}
	errLines, e, _ := harness.LogLines(path, 5, "level=ERROR", `"level":"ERROR"`)
	fmt.Printf("server log: %d \"database is locked\", %d error lines\n", n, e)
	for _, l := range errLines {
		fmt.Println("   ", l)
	}
	p.add(n, `"database is locked" in the server log`, locked)
}

func soak(ctx context.Context, o options, backend string, cfg harness.Config) error {
	cfg.Conns = o.clients
	srv, err := harness.Start(ctx, cfg)
	if err != nil {
		return err
	}
	defer srv.Stop()
	_, clients, err := setup(ctx, srv, o.clients, o.seed, o.scale)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	fmt.Printf("== soak %s: %d clients, %s, %.0f%% reads\n", backend, o.clients, o.duration, 100*o.readShare)
	before, merr := srv.Memory()
	cpu0, cerr := srv.CPU()
	rn := &runner{srv: srv, clients: clients, readShare: o.readShare, scale: o.scale}
	rec, elapsed := load.Drive(ctx, o.clients, o.duration, rn.step)
	after, aerr := srv.Memory()
	cpu1, cerr1 := srv.CPU()
	total := rec.Total()
	fmt.Printf("all:    %s\n", total.Summary(elapsed))
	for _, c := range rec.Classes() {
		fmt.Printf("%-15s %s\n", c+":", rec.Stats(c).Summary(elapsed))
	}
	if cerr == nil && cerr1 == nil && total.Requests > 0 {
		// How much CPU the server got: on a machine shared with other work
		// a low share, not the server's own cost, may be what bounds the tail.
		used := cpu1 - cpu0
		fmt.Printf("serve CPU: %s in %s (%.2f cores), %s per request\n", used.Round(time.Millisecond), elapsed.Round(time.Millisecond),
			used.Seconds()/elapsed.Seconds(), (used / time.Duration(total.Requests)).Round(time.Microsecond))
	}
	if merr == nil && aerr == nil {
		// Read before the verification's whole-list reads, which are no
		// part of the soak.
		fmt.Printf("serve RSS: %s after setup, %s at the end; peak %s (VmHWM, since start)\n", mb(before.RSS), mb(after.RSS), mb(after.Peak))
	} else {
		fmt.Println("serve RSS: not readable:", errors.Join(merr, aerr))
	}
	t, err := verify(ctx, srv, clients)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	fmt.Println("verified:", t)
	var p problems
	p.add(rn.serverErr.n, "5xx or locked answers", rn.serverErr.samples)
	p.add(int(total.Errors), "requests without an answer", nil)
	p.add(rn.stale.n, "reads that missed the client's own acknowledged write", rn.stale.samples)
	p.add(len(t.problems), "acknowledged writes missing or wrong", t.problems)
	if err := srv.Stop(); err != nil {
		p = append(p, "server stop: "+err.Error())
	}
	logCheck(cfg.Log, &p)
	return p.err()
}

func crash(ctx context.Context, o options, backend string, cfg harness.Config) error {
	cfg.Conns = o.burstClients
	srv, err := harness.Start(ctx, cfg)
	if err != nil {
		return err
	}
	_, clients, err := setup(ctx, srv, o.burstClients, o.seed, false)
	if err != nil {
		_ = srv.Kill()
		return fmt.Errorf("setup: %w", err)
	}
	fmt.Printf("== crash %s: %d kill -9 during bursts of %d writers\n", backend, o.kills, o.burstClients)
	r := rand.New(rand.NewPCG(o.seed, 99))
	var p problems
	all := load.NewRecorder()
	rn := &runner{srv: srv, clients: clients, readShare: 0}
	for k := 1; k <= o.kills; k++ {
		burstCtx, cancel := context.WithCancel(ctx)
		done := make(chan *load.Recorder)
		go func() {
			rec, _ := load.Drive(burstCtx, o.burstClients, time.Hour, rn.step)
			done <- rec
		}()
		time.Sleep(time.Second + time.Duration(r.Int64N(int64(2*time.Second))))
		rn.halt.Store(true)
		_ = srv.Kill()
		cancel()
		rec := <-done
		all.Merge(rec)
		if srv, err = harness.Start(ctx, cfg); err != nil {
			return fmt.Errorf("restart after kill %d: %w", k, err)
		}
		rn.srv = srv
		rn.halt.Store(false)
		t, err := verify(ctx, srv, clients)
		if err != nil {
			_ = srv.Kill()
			return fmt.Errorf("verify after kill %d: %w", k, err)
		}
		fmt.Printf("kill %d: writes %s; so far %s\n", k, rec.Stats("write").Statuses(), t)
		p.add(len(t.problems), fmt.Sprintf("acknowledged writes missing or wrong after kill %d", k), t.problems)
	}
	fmt.Printf("writes: %s\n", all.Stats("write").Statuses())
	p.add(rn.serverErr.n, "5xx or locked answers", rn.serverErr.samples)
	if err := srv.Stop(); err != nil {
		p = append(p, "server stop: "+err.Error())
	}
	logCheck(cfg.Log, &p)
	return p.err()
}

// copyFile copies a SQLite file (checkpointed: no -wal beside it) to dst.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// mb writes a byte count in MiB.
func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

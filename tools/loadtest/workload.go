package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/commsplan/commsplan/tools/internal/harness"
	"github.com/commsplan/commsplan/tools/internal/load"
)

// kind is one resource the clients write.
type kind struct {
	name string // also the path under /api
	// create and update build a request body; every key in it is checked
	// against the stored record afterwards.
	create, update func(c *client) map[string]any
	// patch says updates use PATCH rather than PUT.
	patch bool
	// every, when above 1, lets only one client in every writes this kind:
	// a campaign carries a ~85 KB schedule and its HTML, so one each for
	// 200 clients would make the list tens of megabytes.
	every int
}

// perKind caps each client's live records of one kind, so lists stay a
// bounded size during a long run.
const perKind = 5

// fixture is the shared data every client reads and links to; no client
// changes it.
type fixture struct {
	themes, questions, audiences, vehicles []string
	schedule, html                         json.RawMessage
	// campaigns are the ids on the campaign inventory's first page at the
	// start (with -scale), which Edit reads whole.
	campaigns []string
}

func (f *fixture) pick(r *rand.Rand, ids []string) string { return ids[r.IntN(len(ids))] }

var kinds = []kind{
	{name: "themes",
		create: func(c *client) map[string]any {
			return map[string]any{"name": c.text("Theme"), "description": c.text("Theme description")}
		},
		update: func(c *client) map[string]any {
			return map[string]any{"name": c.text("Theme"), "description": c.text("Changed")}
		}},
	{name: "questions",
		create: func(c *client) map[string]any {
			return map[string]any{"themeId": c.home, "question": c.text("Question"), "sortOrder": c.r.IntN(1000)}
		},
		update: func(c *client) map[string]any {
			return map[string]any{"question": c.text("Question"), "description": c.text("Why")}
		}},
	{name: "content",
		create: func(c *client) map[string]any {
			return map[string]any{"title": c.text("Content"), "content": c.text("Body"), "type": "text",
				"questionIds": []string{c.fx.pick(c.r, c.fx.questions)}}
		},
		update: func(c *client) map[string]any {
			return map[string]any{"title": c.text("Content"), "description": c.text("Summary")}
		}},
	{name: "audiences",
		create: func(c *client) map[string]any {
			return map[string]any{"name": c.text("Audience"), "description": c.text("People"), "contactCount": c.r.IntN(5000)}
		},
		update: func(c *client) map[string]any {
			return map[string]any{"name": c.text("Audience"), "contactCount": c.r.IntN(5000)}
		}},
	{name: "vehicles",
		create: func(c *client) map[string]any {
			return map[string]any{"name": c.text("Vehicle"), "type": "email", "description": c.text("Mail")}
		},
		update: func(c *client) map[string]any {
			return map[string]any{"name": c.text("Vehicle"), "description": c.text("Changed")}
		}},
	{name: "communications",
		create: func(c *client) map[string]any {
			return map[string]any{"title": c.text("Communication"), "status": "draft", "themeId": c.fx.pick(c.r, c.fx.themes),
				"audienceId": c.fx.pick(c.r, c.fx.audiences), "vehicleId": c.fx.pick(c.r, c.fx.vehicles)}
		},
		update: func(c *client) map[string]any {
			return map[string]any{"title": c.text("Communication"), "status": "sent"}
		}},
	{name: "campaigns", patch: true, every: 20,
		create: func(c *client) map[string]any {
			return map[string]any{"title": c.text("Campaign"), "description": c.text("Wave"),
				"schedule": c.fx.schedule, "htmlContent": c.fx.html}
		},
		update: func(c *client) map[string]any {
			return map[string]any{"title": c.text("Campaign"), "description": c.text("Changed")}
		}},
}

// checked drops the keys whose stored form is not the value sent (links and
// documents), keeping the fields compared after the run.
func checked(body map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		switch k {
		case "schedule", "htmlContent", "questionIds", "themeId", "audienceId", "vehicleId":
			continue
		}
		out[k] = v
	}
	return out
}

// client is one simulated user. It writes only its own records, so the
// model of what it was acknowledged is exact.
type client struct {
	id   int
	r    *rand.Rand
	fx   *fixture
	home string // the client's own theme for its questions; never deleted
	seq  int

	// live holds, per kind, the acknowledged fields of each record.
	live map[string]map[string]map[string]any
	// gone are the ids whose delete was acknowledged.
	gone map[string][]string
	// acked counts acknowledged writes; uncertain the writes that got no
	// answer, whose records are left out of the check.
	acked, uncertain int
}

func newClient(id int, seed uint64, fx *fixture) *client {
	c := &client{id: id, r: rand.New(rand.NewPCG(seed, uint64(id))), fx: fx,
		live: map[string]map[string]map[string]any{}, gone: map[string][]string{}}
	for _, k := range kinds {
		c.live[k.name] = map[string]map[string]any{}
	}
	return c
}

// text is a unique string, so a record's content shows which write it holds.
func (c *client) text(prefix string) string {
	c.seq++
	return fmt.Sprintf("%s c%d-%d", prefix, c.id, c.seq)
}

// failures collects what went wrong across workers.
type failures struct {
	mu      sync.Mutex
	n       int
	samples []string
}

func (f *failures) add(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n++
	if len(f.samples) < 20 {
		f.samples = append(f.samples, fmt.Sprintf(format, args...))
	}
}

// runner drives clients against one server.
type runner struct {
	srv       *harness.Server
	clients   []*client
	readShare float64
	// scale makes list reads what the screens fetch at the five-year scale.
	scale     bool
	serverErr failures // 5xx and "database is locked" answers
	stale     failures // reads of a client's own record that miss its writes
	// halt stops new requests (the crash run sets it just before the kill,
	// so only the requests then in flight are cut).
	halt atomic.Bool
}

// do sends one request, records it in class and reports the 5xx and lock
// errors. ok is false when there was no answer.
func (rn *runner) do(ctx context.Context, rec *load.Recorder, class, method, path string, body any) (load.Response, bool) {
	resp, err := rn.srv.Do(ctx, method, path, body)
	return rn.observe(ctx, rec, class, method, path, resp, err)
}

// browse is do for a read whose body is not checked: it is fetched as a
// browser would, gzip-encoded, and not decoded (harness.Server.Browse).
func (rn *runner) browse(ctx context.Context, rec *load.Recorder, class, path string) {
	resp, err := rn.srv.Browse(ctx, path)
	rn.observe(ctx, rec, class, "GET", path, resp, err)
}

func (rn *runner) observe(ctx context.Context, rec *load.Recorder, class, method, path string, resp load.Response, err error) (load.Response, bool) {
	if ctx.Err() != nil && err != nil {
		return resp, false // cut off at the end of the run: not counted
	}
	rec.Observe(class, resp.Status, resp.Latency, err)
	if err != nil {
		return resp, false
	}
	if resp.Status >= 500 || (resp.Status/100 != 2 && strings.Contains(strings.ToLower(string(resp.Body)), "database is locked")) {
		rn.serverErr.add("%s %s: %d %.200s", method, path, resp.Status, resp.Body)
	}
	return resp, true
}

// step runs one read or write for client i.
func (rn *runner) step(ctx context.Context, i int, rec *load.Recorder) {
	if rn.halt.Load() {
		<-ctx.Done()
		return
	}
	c := rn.clients[i]
	if c.r.Float64() < rn.readShare {
		rn.read(ctx, c, rec)
		return
	}
	rn.write(ctx, c, rec)
}

func (rn *runner) read(ctx context.Context, c *client, rec *load.Recorder) {
	switch x := c.r.IntN(20); {
	case x < 10: // a whole list, as the UI loads it
		k := kinds[c.r.IntN(len(kinds))]
		class := "list"
		if rn.scale {
			class = "list " + k.name // which screen's read is slow
			if k.name == "campaigns" && len(c.fx.campaigns) > 0 && c.r.IntN(4) == 0 {
				// Edit on the inventory reads the one campaign whole.
				rn.browse(ctx, rec, "campaign edit", "/api/campaigns/"+c.fx.pick(c.r, c.fx.campaigns))
				return
			}
		}
		rn.browse(ctx, rec, class, rn.listPath(c, k.name))
	case x < 11:
		rn.browse(ctx, rec, "list", "/api/questions?themeId="+url.QueryEscape(c.home))
	case x < 17: // one of the client's own records: it must show the client's writes
		k := kinds[c.r.IntN(len(kinds))]
		id, want := c.any(k.name)
		if id == "" {
			rn.do(ctx, rec, "record", "GET", "/api/themes/"+c.home, nil)
			return
		}
		resp, ok := rn.do(ctx, rec, "record", "GET", "/api/"+k.name+"/"+id, nil)
		if ok && resp.Status == 200 {
			if diff := compare(resp.Body, want); diff != "" {
				rn.stale.add("GET /api/%s/%s: %s", k.name, id, diff)
			}
		} else if ok {
			rn.stale.add("GET /api/%s/%s: %d for a live record", k.name, id, resp.Status)
		}
	default:
		q := []string{"Theme", "Question", "Content", "Communication"}[c.r.IntN(4)]
		rn.browse(ctx, rec, "search", "/api/search?q="+q)
	}
}

// listPath is the list read of kind: the whole list, or with scale what
// its screen fetches at the five-year scale (issue 27): the Schedule a
// month grid of communications (six weeks, in the planner's zone) somewhere
// in the five years, the Content Library a page, the Questions screen one
// theme's card (it reads the whole list only while that is one page), the
// campaign inventory a page of summaries (and, a quarter of the time,
// Edit's read of one campaign instead: read). The other lists are small at
// that scale and read whole.
func (rn *runner) listPath(c *client, kind string) string {
	if !rn.scale {
		return "/api/" + kind
	}
	switch kind {
	case "communications":
		month := time.Date(2027+c.r.IntN(5), time.Month(1+c.r.IntN(12)), 1, 0, 0, 0, 0, time.UTC)
		from := month.AddDate(0, 0, -(int(month.Weekday())+6)%7) // the Monday that starts the grid
		return "/api/communications?from=" + from.Format(time.DateOnly) + "&to=" + from.AddDate(0, 0, 41).Format(time.DateOnly) +
			"&tz=Europe%2FParis"
	case "content":
		return "/api/content?limit=50"
	case "questions":
		return "/api/questions?themeId=" + url.QueryEscape(c.fx.pick(c.r, c.fx.themes))
	case "campaigns":
		return "/api/campaigns?fields=summary&limit=20"
	}
	return "/api/" + kind
}

// any picks one of the client's live records of kind.
func (c *client) any(kind string) (string, map[string]any) {
	for id, want := range c.live[kind] { // map order is random enough
		return id, want
	}
	return "", nil
}

func (rn *runner) write(ctx context.Context, c *client, rec *load.Recorder) {
	if c.r.IntN(len(kinds)+1) == len(kinds) {
		rn.reorder(ctx, c, rec)
		return
	}
	k := kinds[c.r.IntN(len(kinds))]
	if k.every > 1 && c.id%k.every != 0 {
		k = kinds[0]
	}
	live := c.live[k.name]
	op := c.r.IntN(3) // create, update, delete
	switch {
	case len(live) == 0:
		op = 0
	case len(live) >= perKind && op == 0:
		op = 1 + c.r.IntN(2)
	}
	switch op {
	case 0:
		body := k.create(c)
		resp, ok := rn.do(ctx, rec, "write", "POST", "/api/"+k.name, body)
		if !ok {
			c.uncertain++
			return
		}
		if resp.Status != 201 && resp.Status != 200 {
			return
		}
		var created struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(resp.Body, &created) != nil || created.ID == "" {
			rn.stale.add("POST /api/%s: no id in %.200s", k.name, resp.Body)
			return
		}
		c.acked++
		live[created.ID] = checked(body)
	case 1:
		id, want := c.any(k.name)
		body := k.update(c)
		method := "PUT"
		if k.patch {
			method = "PATCH"
		}
		resp, ok := rn.do(ctx, rec, "write", method, "/api/"+k.name+"/"+id, body)
		if !ok {
			c.uncertain++
			delete(live, id) // old or new content: no longer checkable
			return
		}
		if resp.Status/100 == 2 {
			c.acked++
			for key, v := range checked(body) {
				want[key] = v
			}
		}
	case 2:
		id, _ := c.any(k.name)
		resp, ok := rn.do(ctx, rec, "write", "DELETE", "/api/"+k.name+"/"+id, nil)
		if !ok {
			c.uncertain++
			delete(live, id)
			return
		}
		if resp.Status/100 == 2 {
			c.acked++
			delete(live, id)
			c.gone[k.name] = append(c.gone[k.name], id)
		}
	}
}

// reorder gives the client's questions (all of its home theme's) a new order.
func (rn *runner) reorder(ctx context.Context, c *client, rec *load.Recorder) {
	live := c.live["questions"]
	if len(live) < 2 {
		return
	}
	type order struct {
		ID        string `json:"id"`
		SortOrder int    `json:"sortOrder"`
	}
	var orders []order
	for id := range live {
		orders = append(orders, order{id, c.r.IntN(1000)})
	}
	resp, ok := rn.do(ctx, rec, "write", "PUT", "/api/questions/reorder",
		map[string]any{"themeId": c.home, "questionOrders": orders})
	if !ok {
		c.uncertain++
		for _, o := range orders {
			delete(live, o.ID)
		}
		return
	}
	if resp.Status/100 == 2 {
		c.acked++
		for _, o := range orders {
			live[o.ID]["sortOrder"] = o.SortOrder
		}
	}
}

// compare answers "" when the JSON object in body holds every field of want.
func compare(body []byte, want map[string]any) string {
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		return "not a JSON object: " + err.Error()
	}
	return compareFields(got, want)
}

func compareFields(got, want map[string]any) string {
	for k, v := range want {
		w, _ := json.Marshal(v)
		g, _ := json.Marshal(got[k])
		if string(w) != string(g) {
			return fmt.Sprintf("%s is %s, acknowledged %s", k, g, w)
		}
	}
	return ""
}

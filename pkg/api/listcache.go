package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"hash/fnv"
	"net/http"
	"net/url"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/commsplan/commsplan/pkg/store"
)

// Cursor pagination limits (docs/openapi.yaml).
const (
	// DefaultPageLimit is the page size when only after is given.
	DefaultPageLimit = 100
	// MaxPageLimit bounds limit.
	MaxPageLimit = 1000
)

// minCompressSize is gzhttp's own threshold: smaller bodies go as they are.
const minCompressSize = 1024

// listCache keeps each list's answer, keyed by the list's data version
// (store.DataVersion): a read whose version matches is served from memory,
// with no query, no JSON encoding and no compression. Entries are replaced
// when their list's version moves, so the cache holds one body per list
// and per filtered shape (slotKey).
type listCache struct {
	mu    sync.Mutex
	slots map[slotKey]*listSlot
	// shapes counts the slots of filtered shapes (slotKey.shape not empty),
	// at most maxShapes.
	shapes int
	// builds holds a place per build under way, one per core: a build is a
	// CPU-bound scan and encode, and more at once than cores only slowed
	// everything else. Under the soak's writes (every list rebuilt all the
	// time) limiting them brought single-record reads from 38 to 14–19 ms
	// at the median, searches from 57 to 19–27 ms, with the same p99.
	builds chan struct{}
	// tag makes ETags differ between builds, whose JSON may differ for the
	// same data.
	tag string
	// weight is what the kept entries weigh (entryWeight), at most
	// maxWeight but for the one stored last; past it the least recently
	// used entries are dropped (trim). tick orders the uses.
	weight, maxWeight int
	tick              uint64
}

// slotKey names a cached answer: a list, and for a query the list filters
// in the store (GET /api/communications?from=...), its shape: the filter in
// one canonical form. The whole list's shape is "".
type slotKey struct {
	list  store.List
	shape string
	// view is what the reader may see of the confidential records
	// (store.ViewKey), which cachedEntry sets on every key: a cached body
	// is shared only between people who see the same rows.
	view string
}

// shaped says the slot is one of many of its list (a filter's shape or a
// view of its own), counted against maxShapes; the whole list as everyone
// sees it is not.
func (k slotKey) shaped() bool { return k.shape != "" || k.view != "" }

// maxShapes bounds the filtered answers kept: a calendar's months, the List
// view's columns and a few searches per user fit; past it an idle one is
// dropped, and comes back with one query.
const maxShapes = 256

// maxCacheWeight bounds the memory the cache keeps, in entryWeight: at the
// five-year scale the soak's answers (60 months of the calendar, the
// library's whole list for its pages, the small lists) weigh about 55 MB,
// while the whole campaigns list alone weighs 120 MB and the whole
// communications list 34 MB. An entry over it is kept until the next one
// is stored. The heap runs up to twice what is live (GOGC), and serve's
// resident memory is to stay under 250 MB.
const maxCacheWeight = 64 << 20

// entryWeight is what e keeps in memory, counted as twice its body: the
// pages kept with it add up to no more than the body (writeRows), and its
// compressed forms, made on demand, are a fraction of it.
func entryWeight(e *listEntry) int {
	if e == nil {
		return 0
	}
	return 2 * len(e.body)
}

// listSlot is one list's entry and its builds. At most one build runs at a
// time. Until it has a place (listCache.builds) and starts loading, any
// reader joins it; after that, readers needing a newer version than it
// covers gather in pending, which starts when it ends. Under a stream of
// writes a list is then built at most once per build time, however many
// versions go by, instead of once per version with every build competing
// for the CPU.
type listSlot struct {
	entry            *listEntry
	running, pending *buildRound
	// used is listCache.tick at its last read.
	used uint64
}

// buildRound is one build of a list, shared by its waiters. need is the
// newest version any of them read; the rows are loaded after every waiter
// read its version, so they are at least that new and the entry is labelled
// need. loading is set, under listCache.mu, when the load starts: from then
// on no reader may join. build is that of the waiter that opened the round.
type buildRound struct {
	need    int64
	loading bool
	build   func(need int64) (*listEntry, error)
	done    chan struct{}
	e       *listEntry
	err     error
}

// listEntry is one list's answer at one data version. It is never changed
// after it is built, apart from its compressed forms, made once on demand.
type listEntry struct {
	version int64
	// encodings hold the whole answer, as writeJSON sends it:
	// "[row,row]\n".
	encodings
	// ends[i] is the offset in body just past row i; row i starts one past
	// ends[i-1] (past the "[" for row 0).
	ends []int
	// index finds a row by id, for cursors.
	index map[string]int
	ids   []string
	// all is every row, 0 to n-1.
	all []int

	// storePage is set when the entry is one page read from the store
	// rather than a whole list (storePage): its rows in all, and whether
	// more follow its last.
	storePage *pageInfo

	// pages are the pages of it answered so far, by request (path and
	// query), kept while their bodies add up to no more than the whole
	// answer's: a page is cut, and compressed, once per version.
	pagesMu    sync.Mutex
	pages      map[string]*cachedPage
	pagesBytes int
}

// encodings is a body and its compressed forms, made once on demand.
type encodings struct {
	body               []byte
	gzipOnce, zstdOnce sync.Once
	gzip, zstd         []byte
}

// pageInfo is what a page read from the store knows of the rest of its list.
type pageInfo struct {
	total int
	more  bool
}

// cachedPage is one page of a list entry with its headers.
type cachedPage struct {
	encodings
	total int
	link  string
}

func newListCache(buildVersion string) *listCache {
	h := fnv.New32a()
	_, _ = h.Write([]byte(buildVersion))
	return &listCache{slots: map[slotKey]*listSlot{}, builds: make(chan struct{}, runtime.GOMAXPROCS(0)),
		tag: strconv.FormatUint(uint64(h.Sum32()), 36), maxWeight: maxCacheWeight}
}

// etag is the entity tag of a list (or a shape of it) at version v. It is
// sent weak (W/) because the same tag covers the identity, gzip and zstd
// forms.
func (c *listCache) etag(k slotKey, v int64) string {
	name := k.list.String()
	if k.shape != "" || k.view != "" {
		h := fnv.New64a()
		_, _ = h.Write([]byte(k.shape))
		_, _ = h.Write([]byte{0})
		_, _ = h.Write([]byte(k.view))
		name += "." + strconv.FormatUint(h.Sum64(), 36)
	}
	return `"` + name + "-" + strconv.FormatInt(v, 36) + "-" + c.tag + `"`
}

// get returns the entry of list l at version v or newer. When the cache has
// none it waits for a build that covers v: the running one if it does or
// has not started loading, else the next, which it starts if none runs.
// build(need) loads the rows and labels the entry need.
func (c *listCache) get(ctx context.Context, k slotKey, v int64, build func(need int64) (*listEntry, error)) (*listEntry, error) {
	c.mu.Lock()
	slot := c.slots[k]
	if slot == nil {
		if k.shaped() {
			c.makeRoom()
			c.shapes++
		}
		slot = &listSlot{}
		c.slots[k] = slot
	}
	c.tick++
	slot.used = c.tick
	if slot.entry != nil && slot.entry.version >= v {
		e := slot.entry
		c.mu.Unlock()
		return e, nil
	}
	round := slot.running
	if round != nil && !round.loading {
		// It has not loaded yet, so its rows will be newer than v too.
		round.need = max(round.need, v)
	} else if round == nil || round.need < v {
		if slot.pending == nil {
			slot.pending = &buildRound{build: build, done: make(chan struct{})}
		}
		round = slot.pending
		round.need = max(round.need, v)
	}
	lead := slot.running == nil
	if lead {
		slot.running, slot.pending = round, nil
	}
	c.mu.Unlock()
	if lead {
		c.run(slot, round)
	}
	select {
	case <-round.done:
		return round.e, round.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// makeRoom drops idle filtered slots while maxShapes are kept; callers hold
// c.mu. A slot with a build under way stays: its waiters hold it.
func (c *listCache) makeRoom() {
	for k, slot := range c.slots {
		if c.shapes < maxShapes {
			return
		}
		if k.shaped() && slot.running == nil {
			c.weight -= entryWeight(slot.entry)
			delete(c.slots, k)
			c.shapes--
		}
	}
}

// trim drops the least recently used entries other than keep's while the
// cache weighs more than maxWeight; callers hold c.mu. A dropped filtered
// slot with no build under way goes too (makeRoom's rule); others keep
// their slot for their builds and waiters.
func (c *listCache) trim(keep *listSlot) {
	for c.weight > c.maxWeight {
		var oldK slotKey
		var old *listSlot
		for k, slot := range c.slots {
			if slot != keep && slot.entry != nil && (old == nil || slot.used < old.used) {
				oldK, old = k, slot
			}
		}
		if old == nil {
			return
		}
		c.weight -= entryWeight(old.entry)
		old.entry = nil
		if oldK.shaped() && old.running == nil {
			delete(c.slots, oldK)
			c.shapes--
		}
	}
}

// run builds round, keeps the entry unless a newer one is there, then starts
// the round that gathered meanwhile, if any.
func (c *listCache) run(slot *listSlot, round *buildRound) {
	c.builds <- struct{}{}
	c.mu.Lock()
	round.loading = true
	need := round.need
	c.mu.Unlock()
	round.e, round.err = round.build(need)
	<-c.builds
	c.mu.Lock()
	if round.err == nil && (slot.entry == nil || slot.entry.version <= round.e.version) {
		c.weight += entryWeight(round.e) - entryWeight(slot.entry)
		slot.entry = round.e
		c.trim(slot)
	}
	next := slot.pending
	slot.running, slot.pending = next, nil
	c.mu.Unlock()
	close(round.done)
	if next != nil {
		go c.run(slot, next)
	}
}

// buildEntry encodes rows one by one, so a page can be cut from the body
// without encoding again. version must have been read before rows were
// loaded: the rows are then at least as new as the version says.
func buildEntry[T any](version int64, rows []T, id func(T) string) (*listEntry, error) {
	e := &listEntry{version: version, ends: make([]int, len(rows)), index: make(map[string]int, len(rows)),
		ids: make([]string, len(rows)), all: make([]int, len(rows))}
	buf := buffers.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	enc := json.NewEncoder(buf)
	buf.WriteByte('[')
	for i, row := range rows {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := enc.Encode(row); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
		e.ends[i] = buf.Len()
		e.ids[i] = id(row)
		e.index[e.ids[i]] = i
		e.all[i] = i
	}
	buf.WriteString("]\n")
	// A copy of its size: the buffer grew by doubling, and an entry stays.
	e.body = bytes.Clone(buf.Bytes())
	return e, nil
}

// buffers are encoding buffers reused across builds and compressions: under
// a stream of writes a list is encoded and compressed again and again, and
// each fresh buffer grew by doubling to the body's size.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBuffer is the largest buffer put back in buffers: one that held
// a whole list of megabytes is left to the collector.
const maxPooledBuffer = 4 << 20

func putBuffer(b *bytes.Buffer) {
	if b.Cap() <= maxPooledBuffer {
		b.Reset()
		buffers.Put(b)
	}
}

// gzipWriters are listGzipLevel writers reused across compressions: a new
// one allocated about 200 KB of tables, two thirds of what compressing a
// month's answer allocated under the soak.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, listGzipLevel)
	return zw
}}

// row is row i's JSON.
func (e *listEntry) row(i int) []byte {
	from := 1
	if i > 0 {
		from = e.ends[i-1] + 1
	}
	return e.body[from:e.ends[i]]
}

// listGzipLevel is klauspost's level 2: on a list of 1,000 content pieces it
// compressed in half the time of the default level to the same size (256 KB
// to 51 KB in 0.7 ms, against 52 KB in 1.4 ms). Under a stream of writes
// every build is compressed again.
const listGzipLevel = 2

var zstdEncoder, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault))

// encoded returns the body in the given content coding ("" for none),
// compressing it the first time it is asked for.
func (e *encodings) encoded(coding string) []byte {
	switch coding {
	case "gzip":
		e.gzipOnce.Do(func() {
			buf := buffers.Get().(*bytes.Buffer)
			defer putBuffer(buf)
			zw := gzipWriters.Get().(*gzip.Writer)
			defer gzipWriters.Put(zw)
			zw.Reset(buf)
			_, _ = zw.Write(e.body)
			_ = zw.Close()
			e.gzip = bytes.Clone(buf.Bytes())
		})
		return e.gzip
	case "zstd":
		e.zstdOnce.Do(func() { e.zstd = zstdEncoder.EncodeAll(e.body, nil) })
		return e.zstd
	}
	return e.body
}

// page is a request's cursor pagination; a zero page is the whole list.
type page struct {
	on    bool
	limit int
	after string
}

// parsePage reads ?limit=N&after=CURSOR.
func parsePage(r *http.Request) (page, error) {
	var p page
	if r.URL.RawQuery == "" {
		return p, nil
	}
	n, err := intParam(r, "limit", 0, 1, MaxPageLimit)
	if err != nil {
		return p, err
	}
	if n > 0 {
		p.on, p.limit = true, n
	}
	q := r.URL.Query()
	if q.Has("after") {
		id, err := base64.RawURLEncoding.DecodeString(q.Get("after"))
		if err != nil || len(id) == 0 {
			return p, BadRequest("after", "is not a cursor from a Link header")
		}
		p.on, p.after = true, string(id)
	}
	if p.on && p.limit == 0 {
		p.limit = DefaultPageLimit
	}
	return p, nil
}

// cursor is the opaque form of the id of a page's last row.
func cursor(id string) string { return base64.RawURLEncoding.EncodeToString([]byte(id)) }

// acceptedCoding picks the content coding to send for an Accept-Encoding
// header: zstd, then gzip, then none. A q of 0 refuses a coding.
func acceptedCoding(header string) string {
	var gz, zs bool
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(q, 64); err != nil || f == 0 {
				continue
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "gzip":
			gz = true
		case "zstd":
			zs = true
		}
	}
	switch {
	case zs:
		return "zstd"
	case gz:
		return "gzip"
	}
	return ""
}

// cachedList serves a versioned list: the list's version from the
// store (a read shared with concurrent requests), then 304 when the client
// has it, else the cached body, built from load only when the version moved.
// ?limit and ?after cut a page from the same entry.
func cachedList[T any](s *Server, l store.List, load func(context.Context) ([]T, error), id func(T) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := parsePage(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		serveList(s, w, r, slotKey{list: l}, p, load, id)
	}
}

// filteredList is cachedList for a list with filter parameters: parse
// reads them into a filter and its shape (one canonical form, "" when no
// filter is given; bad values are 400s naming their parameter), and each
// shape is a cache entry of its own at the list's version, loaded by
// load(filter) (a search costs a query of what it finds, not the
// whole list). The zero filter must list what the whole list holds.
func filteredList[T, F any](s *Server, l store.List, parse func(url.Values) (F, string, error), load func(context.Context, F) ([]T, error), id func(T) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := parsePage(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		var f F
		shape := ""
		if r.URL.RawQuery != "" {
			if f, shape, err = parse(r.URL.Query()); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		serveList(s, w, r, slotKey{list: l, shape: shape}, p, func(ctx context.Context) ([]T, error) { return load(ctx, f) }, id)
	}
}

// serveList answers a cached list: the list's version from the store, then
// 304 when the client has it, else the entry of k at that version, built
// from load only when the version moved; p cuts a page.
func serveList[T any](s *Server, w http.ResponseWriter, r *http.Request, k slotKey, p page, load func(context.Context) ([]T, error), id func(T) string) {
	v, err := s.store.DataVersion(r.Context(), k.list)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	serveListAt(s, w, r, k, v, p, load, id)
}

// serveListAt is serveList at version v of what k answers, read by the
// caller.
func serveListAt[T any](s *Server, w http.ResponseWriter, r *http.Request, k slotKey, v int64, p page, load func(context.Context) ([]T, error), id func(T) string) {
	e, ok := s.cachedEntry(w, r, k, v, func(ctx context.Context, need int64) (*listEntry, error) {
		rows, err := load(ctx)
		if err != nil {
			return nil, err
		}
		return buildEntry(need, rows, id)
	})
	if !ok {
		return
	}
	if p.on {
		s.writeRows(w, r, e, e.all, p)
		return
	}
	writeEncoded(w, r, &e.encodings)
}

// cachedEntry answers the conditional GET of the cached JSON answer k at
// data version v: a 304 when the client's ETag is current, else the entry,
// built by build when missing or older than v, with Vary, ETag and
// Content-Type set for the caller to write. ok is false once it has
// answered (the 304, or an error).
func (s *Server) cachedEntry(w http.ResponseWriter, r *http.Request, k slotKey, v int64, build func(ctx context.Context, need int64) (*listEntry, error)) (e *listEntry, ok bool) {
	h := w.Header()
	// Every cached answer is keyed by what its reader may see, here, so no
	// route can serve one person's body to another who sees less.
	view, err := s.store.ViewKey(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return nil, false
	}
	k.view = view
	// Cache-Control (private, no-cache) is requireSession's.
	h.Set("Vary", "Accept-Encoding")
	etag := s.lists.etag(k, v)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Set("ETag", "W/"+etag)
		w.WriteHeader(http.StatusNotModified)
		return nil, false
	}
	// The build outlives a cancelled first caller: others may share it.
	ctx := context.WithoutCancel(r.Context())
	e, err = s.lists.get(r.Context(), k, v, func(need int64) (*listEntry, error) { return build(ctx, need) })
	if err != nil {
		s.fail(w, r, err)
		return nil, false
	}
	h.Set("ETag", "W/"+s.lists.etag(k, e.version))
	h.Set("Content-Type", "application/json; charset=utf-8")
	return e, true
}

// writeEncoded sends a cached body 200, compressed when the client takes a
// coding and the body is worth it, with its Content-Length.
func writeEncoded(w http.ResponseWriter, r *http.Request, b *encodings) {
	h := w.Header()
	body := b.body
	if len(body) >= minCompressSize {
		if coding := acceptedCoding(r.Header.Get("Accept-Encoding")); coding != "" {
			body = b.encoded(coding)
			// Set, the outer gzip middleware passes the body through.
			h.Set("Content-Encoding", coding)
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// writeRows answers rows of e (indices in list order): one page of them when
// p is on, with a Link to the next while rows remain, else all. The page is
// kept with the entry, so the same request at the same version is sent, in
// its compressed forms too, without cutting or compressing it again.
func (s *Server) writeRows(w http.ResponseWriter, r *http.Request, e *listEntry, rows []int, p page) {
	key := r.URL.Path + "?" + r.URL.RawQuery
	e.pagesMu.Lock()
	pg := e.pages[key]
	e.pagesMu.Unlock()
	if pg == nil {
		var err error
		if pg, err = cutPage(r, e, rows, p); err != nil {
			s.fail(w, r, err)
			return
		}
		e.pagesMu.Lock()
		if old := e.pages[key]; old != nil {
			pg = old // another request cut it meanwhile
		} else if e.pagesBytes+len(pg.body) <= len(e.body) {
			if e.pages == nil {
				e.pages = map[string]*cachedPage{}
			}
			e.pages[key] = pg
			e.pagesBytes += len(pg.body)
		}
		e.pagesMu.Unlock()
	}
	// How many rows the whole (filtered) list holds: a pager shows it and
	// sizes its scroll area before the last page comes.
	w.Header().Set("X-Total-Count", strconv.Itoa(pg.total))
	if pg.link != "" {
		w.Header().Set("Link", pg.link)
	}
	writeEncoded(w, r, &pg.encodings)
}

// cutPage is writeRows' page of rows.
func cutPage(r *http.Request, e *listEntry, rows []int, p page) (*cachedPage, error) {
	start, end := 0, len(rows)
	if p.after != "" {
		i, ok := e.index[p.after]
		at := sort.SearchInts(rows, i)
		if !ok || at == len(rows) || rows[at] != i {
			return nil, staleCursor()
		}
		start = at + 1
	}
	if p.on {
		end = min(start+p.limit, len(rows))
	}
	size := 3 // "[", "]\n"
	for k := start; k < end; k++ {
		size += len(e.row(rows[k])) + 1
	}
	var buf bytes.Buffer
	buf.Grow(size)
	buf.WriteByte('[')
	for k := start; k < end; k++ {
		if k > start {
			buf.WriteByte(',')
		}
		buf.Write(e.row(rows[k]))
	}
	buf.WriteString("]\n")
	pg := &cachedPage{encodings: encodings{body: buf.Bytes()}, total: len(rows)}
	if end < len(rows) {
		pg.link = nextLink(r, p.limit, e.ids[rows[end-1]])
	}
	return pg, nil
}

// nextLink is the Link header of a page whose last row is lastID: the same
// request with limit and after set for the next page.
func nextLink(r *http.Request, limit int, lastID string) string {
	q := r.URL.Query()
	q.Set("limit", strconv.Itoa(limit))
	q.Set("after", cursor(lastID))
	return "<" + r.URL.Path + "?" + q.Encode() + `>; rel="next"`
}

// staleCursor answers a cursor whose row is no longer in the list.
func staleCursor() error {
	return BadRequest("after", "names a row no longer in the list; start again without it")
}

// storePage answers one page of list l read from the store by load (issue
// 27: a page of whole campaigns must not cost building all of them): each
// page (limit and after) is a cached shape of its own at the list's version,
// prefix naming its kind of row, with the headers of a page cut from the
// whole list (X-Total-Count, Link) and the same bytes. load answers
// store.ErrNotFound for a cursor naming no row.
func storePage[T any](s *Server, w http.ResponseWriter, r *http.Request, l store.List, prefix string, p page,
	load func(ctx context.Context, after string, limit int) ([]T, pageInfo, error), id func(T) string) {
	k := slotKey{list: l, shape: prefix + "\x00page\x00" + strconv.Itoa(p.limit) + "\x00" + p.after}
	v, err := s.store.DataVersion(r.Context(), l)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	e, ok := s.cachedEntry(w, r, k, v, func(ctx context.Context, need int64) (*listEntry, error) {
		rows, info, err := load(ctx, p.after, p.limit)
		if errors.Is(err, store.ErrNotFound) {
			return nil, staleCursor()
		}
		if err != nil {
			return nil, err
		}
		e, err := buildEntry(need, rows, id)
		if err != nil {
			return nil, err
		}
		e.storePage = &info
		return e, nil
	})
	if !ok {
		return
	}
	w.Header().Set("X-Total-Count", strconv.Itoa(e.storePage.total))
	if e.storePage.more {
		w.Header().Set("Link", nextLink(r, p.limit, e.ids[len(e.ids)-1]))
	}
	writeEncoded(w, r, &e.encodings)
}

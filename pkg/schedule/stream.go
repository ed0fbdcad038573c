package schedule

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/csvfile"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/icalendar"
)

// ExportTo writes the export opt describes to w, the bytes Export gives for
// the same data, while it reads the communications a page at a time
// (Source.EachCommunication) and the campaigns a few at a time
// (Source.EachCampaign): the API's GET /api/schedule/export, the calendar
// feeds and the CLI's "export schedule" all call it.
//
// The store walks scheduled communications in stored scheduledDate order
// (dates and UTC instants as text). An instant's day in any zone is at most
// one day from its UTC date, so once the walk reaches date D no entry yet
// to come falls on a day before D-1: the entries before D-1 are sorted and
// written, and only about three days of entries are ever held. Campaign
// activities are merged in the same way (see activities): a campaign's are
// read when the export reaches its first day and held until written.
//
// An unknown format is a domain.FieldErrors on format, returned before
// anything is written, as is a campaign whose schedule cannot be read. An
// error after the first bytes leaves w with part of the export.
func ExportTo(ctx context.Context, w io.Writer, src Source, opt ExportOptions) error {
	if !slices.Contains(ExportFormats, opt.Format) {
		return domain.FieldErrors{"format": msgFormat}
	}
	loc := opt.Location
	if loc == nil {
		loc = time.UTC
	}
	im, err := readImports(ctx, src)
	if err != nil {
		return err
	}
	acts := &activities{src: src, opt: opt, loc: loc, im: im}
	if opt.IncludeCampaigns {
		if err := acts.plan(ctx); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	out := newRows(bw, opt)
	var pending []Entry
	// write writes, in calendar order, the pending entries and the opened
	// activities whose day is before before ("" for all of them); pending
	// is sorted.
	write := func(before string) error {
		i := 0
		for ; i < len(pending) && (before == "" || pending[i].Day < before); i++ {
			// On a tie a communication goes first, as in Entries.
			for e, ok := acts.peek(); ok && compareEntries(*e, pending[i]) < 0; e, ok = acts.peek() {
				if err := out.row(acts.pop()); err != nil {
					return err
				}
			}
			if err := out.row(pending[i]); err != nil {
				return err
			}
		}
		pending = append(pending[:0], pending[i:]...)
		for e, ok := acts.peek(); ok && (before == "" || e.Day < before); e, ok = acts.peek() {
			if err := out.row(acts.pop()); err != nil {
				return err
			}
		}
		return nil
	}
	// flush writes every entry whose day is before before ("" for all),
	// opening the campaigns that start before it on the way, each once the
	// entries before its first day are written.
	flush := func(before string) error {
		slices.SortStableFunc(pending, compareEntries)
		for {
			next, ok := acts.next()
			if !ok || (before != "" && next >= before) {
				return write(before)
			}
			if err := write(next); err != nil {
				return err
			}
			if err := acts.openDay(ctx, next); err != nil {
				return err
			}
		}
	}
	var frontier string
	err = src.EachCommunication(ctx, Query{From: opt.From, To: opt.To, Loc: loc}, func(c domain.Communication) error {
		at, err := domain.ParseScheduled(c.ScheduledDate)
		if err != nil || !keeps(c, opt) {
			return nil
		}
		if date := c.ScheduledDate[:min(len(c.ScheduledDate), len(time.DateOnly))]; date > frontier {
			if d, err := time.Parse(time.DateOnly, date); err == nil {
				frontier = date
				if err := flush(d.AddDate(0, 0, -1).Format(time.DateOnly)); err != nil {
					return err
				}
			}
		}
		if e, ok := placed(communicationEntry(c, at, im), opt, loc); ok {
			pending = append(pending, e)
		}
		return nil
	})
	if err == nil {
		err = flush("")
	}
	if err == nil {
		err = out.end()
	}
	if err == nil {
		err = bw.Flush()
	}
	return err
}

// activities are the campaign activities of a streamed export. plan reads
// every campaign once, keeping of each only its id, its place in
// ListCampaigns' order and the first day it has an activity on in the
// export; then, as the export goes on, open reads again the campaigns that
// start on a day, and their entries are merged (a k-way merge: a heap of
// the open campaigns, each with its entries sorted) and dropped as they are
// written. What is held is the activities of the campaigns under way, not
// the history's, and never a campaign's HTML. A campaign written between
// plan and open is exported as open reads it.
type activities struct {
	src   Source
	opt   ExportOptions
	loc   *time.Location
	im    *imports
	spans []span
	// open is a heap of the opened campaigns' entries not yet written, each
	// campaign's sorted, the one with the first entry at the top.
	open []*[]Entry
}

// span is a campaign of the export not yet opened.
type span struct {
	id       string
	seq      int
	firstDay string
}

// plan lists the spans by first day. A schedule that cannot be read is an
// error here, before anything is written.
func (a *activities) plan(ctx context.Context) error {
	seq := 0
	err := a.src.EachCampaign(ctx, nil, func(c domain.Campaign) error {
		first := ""
		err := eachActivity(c, a.opt, a.im, func(_ int, _ campaign.Activity, day time.Time) error {
			if d := day.Format(time.DateOnly); first == "" || d < first {
				first = d
			}
			return nil
		})
		if first != "" {
			a.spans = append(a.spans, span{id: c.ID, seq: seq, firstDay: first})
		}
		seq++
		return err
	})
	slices.SortFunc(a.spans, func(x, y span) int { return cmp.Or(strings.Compare(x.firstDay, y.firstDay), x.seq-y.seq) })
	return err
}

// next is the first day of the next campaign to open.
func (a *activities) next() (string, bool) {
	if len(a.spans) == 0 {
		return "", false
	}
	return a.spans[0].firstDay, true
}

// openDay reads the campaigns whose first day is day and adds their
// entries to the merge.
func (a *activities) openDay(ctx context.Context, day string) error {
	n := 0
	for n < len(a.spans) && a.spans[n].firstDay == day {
		n++
	}
	ids := make([]string, n)
	seqs := make(map[string]int, n)
	for i, s := range a.spans[:n] {
		ids[i], seqs[s.id] = s.id, s.seq
	}
	a.spans = a.spans[n:]
	return a.src.EachCampaign(ctx, ids, func(c domain.Campaign) error {
		var es []Entry
		if err := campaignEntries(c, a.opt, a.loc, seqs[c.ID], a.im, func(e Entry) { es = append(es, e) }); err != nil {
			return err
		}
		if len(es) > 0 {
			slices.SortFunc(es, compareActivities)
			a.open = append(a.open, &es)
			a.up(len(a.open) - 1)
		}
		return nil
	})
}

// compareActivities is calendar order, then the campaigns' order and the
// activities' in their schedules: the order Entries gives them.
func compareActivities(x, y Entry) int {
	return cmp.Or(compareEntries(x, y), x.seq-y.seq, x.index-y.index)
}

// peek is the first entry not yet written.
func (a *activities) peek() (*Entry, bool) {
	if len(a.open) == 0 {
		return nil, false
	}
	return &(*a.open[0])[0], true
}

// pop takes the first entry not yet written; peek must have found one.
func (a *activities) pop() Entry {
	top := a.open[0]
	e := (*top)[0]
	(*top)[0] = Entry{} // written: not kept by the array
	if *top = (*top)[1:]; len(*top) == 0 {
		last := len(a.open) - 1
		a.open[0], a.open[last] = a.open[last], nil
		a.open = a.open[:last]
	}
	a.down(0)
	return e
}

// less orders the heap by each campaign's first entry.
func (a *activities) less(i, j int) bool {
	return compareActivities((*a.open[i])[0], (*a.open[j])[0]) < 0
}

func (a *activities) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !a.less(i, p) {
			return
		}
		a.open[i], a.open[p] = a.open[p], a.open[i]
		i = p
	}
}

func (a *activities) down(i int) {
	for {
		l, m := 2*i+1, i
		if l < len(a.open) && a.less(l, m) {
			m = l
		}
		if r := l + 1; r < len(a.open) && a.less(r, m) {
			m = r
		}
		if m == i {
			return
		}
		a.open[i], a.open[m] = a.open[m], a.open[i]
		i = m
	}
}

// rows writes an export's entries one at a time.
type rows interface {
	row(Entry) error
	end() error
}

// newRows starts the export document in opt.Format; its header goes to w's
// buffer at once.
func newRows(w io.Writer, opt ExportOptions) rows {
	switch opt.Format {
	case FormatICS:
		name := opt.Name
		if name == "" {
			name = DefaultCalendarName
		}
		cw, err := icalendar.NewWriter(w, icalendar.Calendar{ProductID: productID, Name: name})
		return &icsRows{cw: cw, err: err}
	case FormatCSV:
		cw, err := csvfile.NewWriter(w, csvHeader)
		return &csvRows{cw: cw, zone: zoneName(opt.Location), err: err}
	}
	return &jsonRows{w: w}
}

type icsRows struct {
	cw  *icalendar.Writer
	err error
}

func (r *icsRows) row(e Entry) error {
	if r.err != nil {
		return r.err
	}
	return r.cw.Event(e.event)
}

func (r *icsRows) end() error {
	if r.err != nil {
		return r.err
	}
	return r.cw.Close()
}

type csvRows struct {
	cw   *csvfile.Writer
	zone string
	err  error
}

func (r *csvRows) row(e Entry) error {
	if r.err != nil {
		return r.err
	}
	return r.cw.Row(csvRow(e, r.zone))
}

func (r *csvRows) end() error {
	if r.err != nil {
		return r.err
	}
	return r.cw.Flush()
}

// jsonRows writes the list WriteJSON writes, an element at a time.
type jsonRows struct {
	w io.Writer
	n int
}

func (r *jsonRows) row(e Entry) error {
	b, err := json.MarshalIndent(e, "  ", "  ")
	if err != nil {
		return err
	}
	sep := ",\n  "
	if r.n == 0 {
		sep = "[\n  "
	}
	r.n++
	if _, err := io.WriteString(r.w, sep); err != nil {
		return err
	}
	_, err = r.w.Write(b)
	return err
}

func (r *jsonRows) end() error {
	end := "\n]\n"
	if r.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(r.w, end)
	return err
}

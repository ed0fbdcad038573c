package schedule

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"slices"
	"time"

	"github.com/commsplan/commsplan/pkg/csvfile"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/icalendar"
	"github.com/commsplan/commsplan/pkg/store"
)

// ExportTo writes the export opt describes to w, the bytes Export gives for
// the same data, while it reads the communications a page at a time
// (Source.EachCommunication): the API's GET /api/schedule/export, the
// calendar feeds and the CLI's "export schedule" all call it.
//
// The store walks scheduled communications in stored scheduledDate order
// (dates and UTC instants as text). An instant's day in any zone is at most
// one day from its UTC date, so once the walk reaches date D no entry yet
// to come falls on a day before D-1: the entries up to D-2 are sorted and
// written, and only about three days of entries are ever held. Campaign
// activities, which live in their campaigns' stored schedules, are read
// whole and merged in.
//
// An unknown format is a domain.FieldErrors on format, returned before
// anything is written. An error after the first bytes leaves w with part of
// the export.
func ExportTo(ctx context.Context, w io.Writer, src Source, opt ExportOptions) error {
	if !slices.Contains(ExportFormats, opt.Format) {
		return domain.FieldErrors{"format": msgFormat}
	}
	loc := opt.Location
	if loc == nil {
		loc = time.UTC
	}
	var acts []Entry
	if opt.IncludeCampaigns {
		campaigns, err := src.ListCampaigns(ctx)
		if err != nil {
			return err
		}
		if acts, err = Entries(nil, campaigns, opt); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	out := newRows(bw, opt)
	var pending []Entry
	// flush writes, in calendar order, the pending entries and activities
	// whose day is through or earlier ("" for all of them).
	flush := func(through string) error {
		slices.SortStableFunc(pending, compareEntries)
		i := 0
		for ; i < len(pending) && (through == "" || pending[i].Day <= through); i++ {
			// On a tie a communication goes first, as in Entries.
			for len(acts) > 0 && compareEntries(acts[0], pending[i]) < 0 {
				if err := out.row(acts[0]); err != nil {
					return err
				}
				acts = acts[1:]
			}
			if err := out.row(pending[i]); err != nil {
				return err
			}
		}
		pending = append(pending[:0], pending[i:]...)
		for len(acts) > 0 && (through == "" || acts[0].Day <= through) {
			if err := out.row(acts[0]); err != nil {
				return err
			}
			acts = acts[1:]
		}
		return nil
	}
	var frontier string
	f := store.CommunicationFilter{From: opt.From, To: opt.To, Loc: loc, Statuses: []string{domain.StatusScheduled},
		Undated: store.UndatedExclude}
	err := src.EachCommunication(ctx, f, func(c domain.Communication) error {
		at, err := domain.ParseScheduled(c.ScheduledDate)
		if err != nil || (opt.ApprovedOnly && c.Review.State != domain.ReviewApproved) {
			return nil
		}
		if date := c.ScheduledDate[:min(len(c.ScheduledDate), len(time.DateOnly))]; date > frontier {
			if d, err := time.Parse(time.DateOnly, date); err == nil {
				frontier = date
				if err := flush(d.AddDate(0, 0, -2).Format(time.DateOnly)); err != nil {
					return err
				}
			}
		}
		if e, ok := placed(communicationEntry(c, at), opt, loc); ok {
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

package checklist

import (
	"bytes"
	_ "embed"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"
)

// DefaultReportTitle is the heading of a report when none is given.
const DefaultReportTitle = "Business Readiness Report"

// ReportOptions tune Render.
type ReportOptions struct {
	// Title is the report heading; empty means DefaultReportTitle.
	Title string
	// Generated is the date printed on the report; zero means now.
	Generated time.Time
}

//go:embed report.html.tmpl
var reportSource string

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": formatPercent,
}).Parse(reportSource))

type reportData struct {
	Title      string
	Date       string
	DateISO    string
	Stats      Stats
	LevelClass string
	Categories []reportCategory
	Items      []reportItem
	Disabled   []reportItem
}

type reportCategory struct {
	Category
	Stats CategoryStats
	Tier  string
}

type reportItem struct {
	Item
	Position      int
	CategoryName  string
	Color         string
	Percentage    float64
	ProgressColor string
	Complete      bool
}

// Render writes the printable HTML report of items: the date, the dashboard
// figures, the category figures and every enabled item in checklist order.
// Disabled items are not shown (spec §4: they are excluded from the report)
// but travel in a hidden section, and every item carries its values in data
// attributes, so that Import reads the report back exactly. The items are
// normalized first; invalid items are refused with a *ValidationError, since
// their report could not be imported.
func Render(w io.Writer, items []Item, opts ReportOptions) error {
	items = Normalize(items)
	if err := Validate(items); err != nil {
		return err
	}
	if opts.Title == "" {
		opts.Title = DefaultReportTitle
	}
	if opts.Generated.IsZero() {
		opts.Generated = time.Now()
	}
	stats := Score(items)
	data := reportData{
		Title:      opts.Title,
		Date:       ShortDate(opts.Generated),
		DateISO:    opts.Generated.Format(time.DateOnly),
		Stats:      stats,
		LevelClass: strings.ReplaceAll(strings.ToLower(stats.ReadinessLevel), " ", "-"),
	}
	for _, c := range categories {
		cs := stats.Categories[categoryKey(c.Code)]
		data.Categories = append(data.Categories, reportCategory{Category: c, Stats: cs, Tier: ProgressTier(cs.Percentage)})
	}
	for i, it := range items {
		c, _ := CategoryByCode(it.WeightCode) // validated above
		pct := Percent(it.ActualScore, it.MaxScore)
		ri := reportItem{
			Item:          it,
			Position:      i,
			CategoryName:  c.Name,
			Color:         c.Color,
			Percentage:    pct,
			ProgressColor: ProgressColor(pct),
			Complete:      it.Complete(),
		}
		if it.Enabled {
			data.Items = append(data.Items, ri)
		} else {
			data.Disabled = append(data.Disabled, ri)
		}
	}
	var buf bytes.Buffer
	if err := reportTemplate.Execute(&buf, data); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// RenderBytes is Render into a byte slice.
func RenderBytes(items []Item, opts ReportOptions) ([]byte, error) {
	var buf bytes.Buffer
	if err := Render(&buf, items, opts); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func formatPercent(p float64) string { return strconv.FormatFloat(p, 'f', 1, 64) }

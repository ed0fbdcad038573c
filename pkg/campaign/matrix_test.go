package campaign

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign/check"
	"github.com/commsplan/commsplan/pkg/orgdata"
)

// matrixSize is the slice of the input space `go test` covers.
const matrixSize = 2000

// matrixConfig draws configuration i of the matrix from r: every campaign
// type and maturity in turn, spans of 2 weeks to 24 months, go-live at 5,
// 25, 50, 75 or 95% of the span, every urgency, one to all audiences,
// holidays on and off, and the acquisition before, inside and after the
// span.
func matrixConfig(i int, r *rand.Rand) Config {
	start := time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.IntN(730))
	span := 14 + r.IntN(730-14+1)
	end := start.AddDate(0, 0, span)
	c := Config{
		CampaignName: fmt.Sprintf("Plan %d", i),
		StartDate:    start.Format(DateLayout),
		EndDate:      end.Format(DateLayout),
		Urgency:      []string{UrgencyLow, UrgencyMedium, UrgencyHigh}[i%3],
	}
	t := campaignTypes[i%len(campaignTypes)].ID
	c.CampaignTypes = []string{t}
	if r.IntN(5) == 0 {
		c.CampaignTypes = append(c.CampaignTypes, campaignTypes[r.IntN(len(campaignTypes))].ID)
	}
	if contains(c.CampaignTypes, TypeTechnologyImplementation) {
		pct := []int{5, 25, 50, 75, 95}[(i/len(campaignTypes))%5]
		c.GoLiveDate = start.AddDate(0, 0, span*pct/100).Format(DateLayout)
	}
	if contains(c.CampaignTypes, TypeMAIntegration) {
		m := maturityPhases[(i/len(campaignTypes))%len(maturityPhases)].ID
		c.MaturityPhases = []string{m}
		if r.IntN(4) == 0 {
			c.MaturityPhases = append(c.MaturityPhases, maturityPhases[r.IntN(len(maturityPhases))].ID)
		}
		if contains(c.MaturityPhases, MaturityPreAcquisition) {
			for _, p := range preAcquisitionPhases {
				if r.IntN(2) == 0 {
					c.PreAcquisitionPhases = append(c.PreAcquisitionPhases, p.ID)
				}
			}
			if len(c.PreAcquisitionPhases) == 0 || r.IntN(3) == 0 {
				c.PreAcquisitionPhases = nil
				for _, p := range preAcquisitionPhases {
					c.PreAcquisitionPhases = append(c.PreAcquisitionPhases, p.ID)
				}
			}
		}
		switch r.IntN(4) {
		case 0:
			c.AcquisitionDate = start.AddDate(0, 0, -1-r.IntN(200)).Format(DateLayout)
		case 1:
			c.AcquisitionDate = end.AddDate(0, 0, 1+r.IntN(200)).Format(DateLayout)
		case 2:
			if !contains(c.MaturityPhases, MaturityNewlyAcquired) && !contains(c.MaturityPhases, MaturityIntegrating) {
				break
			}
			fallthrough
		default:
			c.AcquisitionDate = start.AddDate(0, 0, r.IntN(span+1)).Format(DateLayout)
		}
	}
	ids := make([]string, len(audienceGroups))
	for k, a := range audienceGroups {
		ids[k] = a.ID
	}
	r.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
	c.Audiences = ids[:1+r.IntN(len(ids))]
	if r.IntN(2) == 0 {
		c.HolidayCalendar = "us"
	} else {
		c.HolidayCalendar = "none"
	}
	return c
}

// CommandLine writes cfg as a ready-to-run `commsplan campaign generate`.
func commandLine(c Config) string {
	q := func(s string) string {
		if strings.ContainsAny(s, " \"'$") {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
		return s
	}
	parts := []string{"commsplan campaign generate", "--name", q(c.CampaignName), "--start", c.StartDate, "--end", c.EndDate}
	for _, t := range c.CampaignTypes {
		parts = append(parts, "--type", t)
	}
	if c.Urgency != "" {
		parts = append(parts, "--urgency", c.Urgency)
	}
	if c.GoLiveDate != "" {
		parts = append(parts, "--go-live", c.GoLiveDate)
	}
	if c.AcquisitionDate != "" {
		parts = append(parts, "--acquisition", c.AcquisitionDate)
	}
	for _, m := range c.MaturityPhases {
		parts = append(parts, "--maturity", m)
	}
	for _, p := range c.PreAcquisitionPhases {
		parts = append(parts, "--pre-acquisition", p)
	}
	for _, a := range c.Audiences {
		parts = append(parts, "--audience", a)
	}
	if c.HolidayCalendar != "" {
		parts = append(parts, "--holiday-calendar", c.HolidayCalendar)
	}
	return strings.Join(parts, " ")
}

// TestMatrixHasNoCheckerErrors generates the matrix from a fixed seed and
// requires every plan to pass the checker without an error. The
// configurations are drawn first (one random stream, so the matrix is the
// same however it is run), then checked in parallel shards.
func TestMatrixHasNoCheckerErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 2026))
	cfgs := make([]Config, matrixSize)
	for i := range cfgs {
		cfgs[i] = matrixConfig(i, r)
	}
	org := orgdata.Load()
	const shards = 4
	var shares [shards]shareTable
	t.Run("shards", func(t *testing.T) {
		for k := 0; k < shards; k++ {
			t.Run(fmt.Sprintf("shard-%d", k), func(t *testing.T) {
				t.Parallel()
				shares[k] = shareTable{}
				matrixShard(t, cfgs, k, shards, org, shares[k])
			})
		}
	})
	// The count is filled with work: over the plans of up to six months,
	// at most maxNumberedShare of each type's activities are numbered
	// series items. Longer plans carry their count on the series'
	// cadence; their share is logged (docs/performance.md).
	total := shareTable{}
	for _, s := range shares {
		total.add(s)
	}
	for _, row := range total.rows() {
		t.Logf("%s", row)
	}
	for key, b := range total {
		if key.months <= 6 && b.share() > maxNumberedShare {
			t.Errorf("%s: %.1f%% of the activities of plans up to six months are numbered (at most %.0f%%)",
				key.typ, 100*b.share(), 100*maxNumberedShare)
		}
	}
}

// matrixShard generates and checks every shards-th configuration from k.
func matrixShard(t *testing.T, cfgs []Config, k, shards int, org *orgdata.Dataset, shares shareTable) {
	failed, compressed := 0, 0
	for i := k; i < len(cfgs); i += shards {
		cfg := cfgs[i]
		s, err := Generate(cfg, org)
		if err != nil {
			t.Fatalf("%s: %v", commandLine(cfg), err)
		}
		shares.count(cfg, s)
		var errs []check.Finding
		for _, f := range CheckSchedule(s) {
			if f.Severity == check.Error {
				errs = append(errs, f)
			}
		}
		for _, w := range s.Warnings {
			if strings.Contains(w, "so they are compressed") {
				compressed++
			}
		}
		if w := loadWarningsAreTrue(s); w != "" {
			failed++
			if failed <= 3 || os.Getenv("MATRIX_VERBOSE") != "" {
				t.Errorf("a week named over the cap is not: %s\n  %s", w, commandLine(cfg))
			}
		}
		if msg := leadStepsMissing(cfg, s); msg != "" {
			failed++
			if failed <= 3 || os.Getenv("MATRIX_VERBOSE") != "" {
				t.Errorf("%s\n  %s", msg, commandLine(cfg))
			}
		}
		if len(errs) > 0 {
			failed++
			if failed <= 3 || os.Getenv("MATRIX_VERBOSE") != "" {
				t.Errorf("%d checker errors, first: %s\n  %s", len(errs), errs[0].Message, commandLine(cfg))
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d plans of this shard have checker errors", failed)
	}
	t.Logf("%d plans compressed their steps before go-live", compressed)
}

// maxNumberedShare is the most of a type's activities, over the matrix's
// plans of up to six months, that may be numbered series items.
const maxNumberedShare = 0.35

// shareKey is a campaign type (an M&A plan by its first maturity) and a
// span of up to 3, 6, 12 or 24 months.
type shareKey struct {
	typ    string
	months int
}

type shareCount struct{ activities, numbered int }

func (b shareCount) share() float64 { return float64(b.numbered) / float64(max(1, b.activities)) }

// shareTable counts activities and numbered series items by shareKey.
type shareTable map[shareKey]*shareCount

func (st shareTable) count(cfg Config, s *Schedule) {
	k := shareKey{typ: cfg.CampaignTypes[0], months: 24}
	if k.typ == TypeMAIntegration {
		k.typ += "/" + cfg.MaturityPhases[0]
	}
	span := Span(parseDay(cfg.StartDate), parseDay(cfg.EndDate))
	for _, m := range []int{3, 6, 12} {
		if span <= m*366/12 {
			k.months = m
			break
		}
	}
	// Up to six months is one bucket for the bound.
	keys := []shareKey{k}
	if k.months <= 6 {
		keys = append(keys, shareKey{typ: k.typ, months: 6})
		keys[0].months = 3
		if k.months == 6 {
			keys = keys[1:]
		}
	}
	n := 0
	for _, a := range s.Activities {
		if _, _, ok := check.SeriesOf(a.Title); ok {
			n++
		}
	}
	for _, k := range keys {
		if st[k] == nil {
			st[k] = &shareCount{}
		}
		st[k].activities += len(s.Activities)
		st[k].numbered += n
	}
}

func (st shareTable) add(o shareTable) {
	for k, b := range o {
		if st[k] == nil {
			st[k] = &shareCount{}
		}
		st[k].activities += b.activities
		st[k].numbered += b.numbered
	}
}

// rows are the table's lines, by type and span.
func (st shareTable) rows() []string {
	keys := make([]shareKey, 0, len(st))
	for k := range st {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].typ != keys[j].typ {
			return keys[i].typ < keys[j].typ
		}
		return keys[i].months < keys[j].months
	})
	var out []string
	for _, k := range keys {
		b := st[k]
		span := map[int]string{3: "up to 3 months", 6: "up to 6 months", 12: "6 to 12 months", 24: "12 to 24 months"}[k.months]
		out = append(out, fmt.Sprintf("%-32s %-16s %6d activities, %5.1f%% numbered", k.typ, span, b.activities, 100*b.share()))
	}
	return out
}

// leadStepsMissing is the lead-time rule's proof: in a technology plan
// whose go-live leaves at least one business day before it, every
// step the catalogue's beforeGoLive lists (for an audience of the plan)
// comes before go-live, the first of each in the listed order. It returns
// what is wrong, or "".
func leadStepsMissing(cfg Config, s *Schedule) string {
	if s.Milestones == nil || s.Milestones.GoLive == "" {
		return ""
	}
	for _, w := range s.Warnings {
		if strings.Contains(w, "comes before the deal is announced") {
			return "" // nobody outside the deal team may hear of it in time
		}
	}
	goLive, start := parseDay(s.Milestones.GoLive), parseDay(s.StartDate)
	steps := loadCatalogue().BeforeGoLive
	business := 0
	for d := start; d.Before(goLive); d = d.AddDate(0, 0, 1) {
		_, holiday := s.Milestones.Holidays[d.Format(DateLayout)]
		if !holiday && d.Weekday() != time.Saturday && d.Weekday() != time.Sunday {
			business++
		}
	}
	if business == 0 {
		return ""
	}
	var prev time.Time
	prevStep := ""
	for _, st := range steps {
		e, ok := leadEntry(st.Step)
		if !ok {
			return fmt.Sprintf("no technology catalogue entry for the step %q", st.Step)
		}
		planned := false
		for _, a := range e.audienceList() {
			planned = planned || contains(cfg.Audiences, a)
		}
		if !planned {
			continue
		}
		var first time.Time
		for _, a := range s.Activities {
			if check.Matches(st.Step, check.Activity{Title: a.Title}) {
				if d := parseDay(a.Date); first.IsZero() || d.Before(first) {
					first = d
				}
			}
		}
		switch {
		case first.IsZero() || !first.Before(goLive):
			return fmt.Sprintf("%q does not come before go-live (%s)", st.Step, s.Milestones.GoLive)
		case first.Before(prev):
			return fmt.Sprintf("%q (%s) comes before %q (%s)", st.Step, first.Format(DateLayout), prevStep, prev.Format(DateLayout))
		}
		prev, prevStep = first, st.Step
	}
	return ""
}

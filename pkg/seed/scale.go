package seed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/store"
)

// ScaleSize is how much the five-year scale dataset holds.
type ScaleSize struct {
	Communications, Campaigns, Content, Themes, QuestionsPerTheme int
	Audiences, Vehicles, Blackouts, ChecklistSnapshots            int
}

// FiveYears is the scale dataset: what a five-year programme
// accumulates.
var FiveYears = ScaleSize{Communications: 20000, Campaigns: 500, Content: 5000, Themes: 200, QuestionsPerTheme: 10,
	Audiences: 60, Vehicles: 40, Blackouts: 30, ChecklistSnapshots: 1000}

// ScaleOptions configure Scale.
type ScaleOptions struct {
	// Size is what to write; the zero value is FiveYears.
	Size ScaleSize
	// Start is the programme's first day; zero is 2027-01-04. The
	// communications spread over the five years from it.
	Start time.Time
	// Progress, when set, is called as records are written.
	Progress func(Step)
}

// scaleBatch is how many records one transaction writes: large enough to
// be quick, small enough to stay well inside the query timeout.
const scaleBatch = 500

// Scale writes the scale dataset through the store: themes with questions,
// content linked to questions, audiences, vehicles, blackouts,
// communications spread over five years in every status, saved campaigns of
// about 130 activities, and checklist history. It is deterministic (a fixed
// random seed; only ids and creation times differ between runs) and adds to
// whatever is there, in batches of scaleBatch records per transaction.
func Scale(ctx context.Context, st store.Store, opts ScaleOptions) (Report, error) {
	size := opts.Size
	if size == (ScaleSize{}) {
		size = FiveYears
	}
	start := opts.Start
	if start.IsZero() {
		start = time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)
	}
	rng := rand.New(rand.NewPCG(27, 28))
	var report Report
	step := func(kind string, done, total int) {
		if opts.Progress != nil {
			opts.Progress(Step{Kind: kind, Done: done, Total: total})
		}
	}
	// batches runs fn for i in [0, n) in transactions of scaleBatch.
	batches := func(kind string, n int, fn func(tx store.Store, i int) error) error {
		for lo := 0; lo < n; lo += scaleBatch {
			hi := min(lo+scaleBatch, n)
			err := st.InTx(ctx, func(tx store.Store) error {
				for i := lo; i < hi; i++ {
					if err := fn(tx, i); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("scale %s: %w", kind, err)
			}
			step(kind, hi, n)
		}
		report.Counts = append(report.Counts, Count{Kind: kind, Inserted: n})
		return nil
	}

	icons := []string{"fa-tag", "fa-route", "fa-cogs", "fa-users", "fa-lightbulb"}
	colors := []string{"blue", "green", "orange", "purple", "teal"}
	themes := make([]string, size.Themes)
	if err := batches("themes", size.Themes, func(tx store.Store, i int) error {
		t := domain.Theme{Name: fmt.Sprintf("Scale theme %03d", i+1), Description: "A theme of the five-year programme.",
			Icon: icons[i%len(icons)], Color: colors[i%len(colors)]}
		err := tx.CreateTheme(ctx, &t)
		themes[i] = t.ID
		return err
	}); err != nil {
		return report, err
	}
	nq := size.Themes * size.QuestionsPerTheme
	questions := make([]string, nq)
	if err := batches("questions", nq, func(tx store.Store, i int) error {
		q := domain.Question{ThemeID: themes[i/size.QuestionsPerTheme], Question: fmt.Sprintf("Question %d of theme %d: what changes for my team?",
			i%size.QuestionsPerTheme+1, i/size.QuestionsPerTheme+1), SortOrder: i % size.QuestionsPerTheme}
		err := tx.CreateQuestion(ctx, &q)
		questions[i] = q.ID
		return err
	}); err != nil {
		return report, err
	}
	if err := batches("content", size.Content, func(tx store.Store, i int) error {
		c := domain.Content{Title: fmt.Sprintf("Scale content %04d", i+1), Description: "Answer for the programme.",
			Content: fmt.Sprintf("Piece %d: what changes, when, and where to get help. %s", i+1, filler(rng, 40)),
			Type:    "text", QuestionIDs: []string{questions[rng.IntN(nq)]}}
		return tx.CreateContent(ctx, &c)
	}); err != nil {
		return report, err
	}
	audiences := make([]string, size.Audiences)
	if err := batches("audiences", size.Audiences, func(tx store.Store, i int) error {
		a := domain.Audience{Name: fmt.Sprintf("Scale audience %02d", i+1), ContactCount: 20 + rng.IntN(400)}
		if err := a.Validate(); err != nil {
			return err
		}
		err := tx.CreateAudience(ctx, &a)
		audiences[i] = a.ID
		return err
	}); err != nil {
		return report, err
	}
	types := domain.VehicleTypes
	vehicles := make([]string, size.Vehicles)
	if err := batches("vehicles", size.Vehicles, func(tx store.Store, i int) error {
		v := domain.Vehicle{Name: fmt.Sprintf("Scale vehicle %02d", i+1), Type: types[i%len(types)].Type}
		if err := v.Validate(); err != nil {
			return err
		}
		err := tx.CreateVehicle(ctx, &v)
		vehicles[i] = v.ID
		return err
	}); err != nil {
		return report, err
	}
	if err := batches("blackouts", size.Blackouts, func(tx store.Store, i int) error {
		from := start.AddDate(0, 0, i*60+rng.IntN(30))
		b := domain.Blackout{Name: fmt.Sprintf("Scale blackout %02d", i+1), StartDate: from.Format(time.DateOnly),
			EndDate: from.AddDate(0, 0, 2+rng.IntN(10)).Format(time.DateOnly), AudienceIDs: []string{audiences[rng.IntN(len(audiences))]}}
		return tx.CreateBlackout(ctx, &b)
	}); err != nil {
		return report, err
	}
	statuses := domain.CommunicationStatuses
	days := int(start.AddDate(5, 0, 0).Sub(start).Hours() / 24)
	if err := batches("communications", size.Communications, func(tx store.Store, i int) error {
		c := domain.Communication{Title: fmt.Sprintf("Scale communication %05d", i+1), ThemeID: themes[rng.IntN(len(themes))],
			AudienceID: audiences[rng.IntN(len(audiences))], VehicleID: vehicles[rng.IntN(len(vehicles))],
			Status: statuses[i%len(statuses)], RawContent: filler(rng, 20)}
		if i%10 != 9 { // a tenth are undated drafts-to-be
			c.ScheduledDate = start.AddDate(0, 0, rng.IntN(days)).Format(time.DateOnly)
		}
		return tx.CreateCommunication(ctx, &c)
	}); err != nil {
		return report, err
	}
	sched, html, err := scaleCampaign()
	if err != nil {
		return report, err
	}
	if err := batches("campaigns", size.Campaigns, func(tx store.Store, i int) error {
		c := domain.Campaign{Title: fmt.Sprintf("Scale campaign %03d", i+1), Description: "A wave of the programme.",
			Schedule: sched, HTMLContent: html, GeographicFilters: []string{}}
		return tx.CreateCampaign(ctx, &c)
	}); err != nil {
		return report, err
	}
	items := checklist.Initial()
	for lo := 0; lo < size.ChecklistSnapshots; lo++ {
		items[lo%len(items)].ActualScore = 1 + rng.IntN(items[lo%len(items)].MaxScore)
		cur, err := st.GetChecklist(ctx)
		if err != nil && !errors.Is(err, store.ErrNotFound) { // none saved yet: version 0
			return report, err
		}
		raw, _ := json.Marshal(items)
		stats, _ := json.Marshal(checklist.Score(items))
		if _, err := st.SaveChecklist(ctx, raw, stats, cur.Version); err != nil {
			return report, fmt.Errorf("scale checklist: %w", err)
		}
		if (lo+1)%100 == 0 {
			step("checklist snapshots", lo+1, size.ChecklistSnapshots)
		}
	}
	report.Counts = append(report.Counts, Count{Kind: "checklist snapshots", Inserted: size.ChecklistSnapshots})
	return report, nil
}

// scaleCampaign is the saved campaigns' schedule: a technology go-live with
// change management over twelve weeks, about 130 activities.
func scaleCampaign() (json.RawMessage, string, error) {
	s, err := campaign.Generate(campaign.Config{CampaignName: "Scale wave", StartDate: "2027-01-04", EndDate: "2027-03-26",
		CampaignTypes: []string{"technology-implementation", "change-management"}, GoLiveDate: "2027-03-01",
		Urgency: "medium", AudienceMode: "organizational", Locations: []string{"texas"}}, orgdata.Load())
	if err != nil {
		return nil, "", fmt.Errorf("scale campaign: %w", err)
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, "", err
	}
	html, err := campaign.RenderHTML(s)
	return raw, html, err
}

var words = []string{"schedule", "training", "go-live", "support", "division", "process", "system", "team", "change", "update",
	"review", "access", "report", "service", "field", "manager"}

// filler is n words of plausible text.
func filler(rng *rand.Rand, n int) string {
	b := make([]byte, 0, n*8)
	for i := range n {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, words[rng.IntN(len(words))]...)
	}
	return string(b)
}

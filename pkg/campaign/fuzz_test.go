package campaign

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign/check"
	"github.com/commsplan/commsplan/pkg/orgdata"
)

// fuzzConfig turns the fuzzer's numbers into a configuration of the
// matrix's space, or beyond it: any span up to two years, any mix of types,
// audiences, maturity and pre-acquisition phases, go-live anywhere in the
// span and an acquisition anywhere around it.
func fuzzConfig(startOff, span uint16, types, audiences, maturity, preAcq uint8, goLivePct uint8, acqOff int16, urgency uint8, holidays bool) Config {
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(startOff%1500))
	days := 1 + int(span%730)
	c := Config{
		CampaignName: "Fuzz",
		StartDate:    start.Format(DateLayout),
		EndDate:      start.AddDate(0, 0, days).Format(DateLayout),
		Urgency:      []string{UrgencyLow, UrgencyMedium, UrgencyHigh}[int(urgency)%3],
	}
	for i, t := range campaignTypes {
		if types&(1<<i) != 0 {
			c.CampaignTypes = append(c.CampaignTypes, t.ID)
		}
	}
	if len(c.CampaignTypes) == 0 {
		c.CampaignTypes = []string{campaignTypes[int(types)%len(campaignTypes)].ID}
	}
	for i, a := range audienceGroups {
		if audiences&(1<<i) != 0 {
			c.Audiences = append(c.Audiences, a.ID)
		}
	}
	if contains(c.CampaignTypes, TypeTechnologyImplementation) {
		c.GoLiveDate = start.AddDate(0, 0, days*int(goLivePct%101)/100).Format(DateLayout)
	}
	if contains(c.CampaignTypes, TypeMAIntegration) {
		for i, m := range maturityPhases {
			if maturity&(1<<i) != 0 {
				c.MaturityPhases = append(c.MaturityPhases, m.ID)
			}
		}
		for i, p := range preAcquisitionPhases {
			if preAcq&(1<<i) != 0 {
				c.PreAcquisitionPhases = append(c.PreAcquisitionPhases, p.ID)
			}
		}
		c.AcquisitionDate = start.AddDate(0, 0, int(acqOff)%900).Format(DateLayout)
	}
	if holidays {
		c.HolidayCalendar = "us"
	} else {
		c.HolidayCalendar = "none"
	}
	return c
}

// FuzzGenerateChecker feeds the generator arbitrary configurations. A
// configuration is refused with a validation error or gives a plan whose
// dates lie inside the campaign; a plan of two weeks or more passes the
// checker without an error, as the matrix requires.
func FuzzGenerateChecker(f *testing.F) {
	f.Add(uint16(150), uint16(151), uint8(1<<6), uint8(0), uint8(0), uint8(0), uint8(70), int16(0), uint8(1), true)
	f.Add(uint16(370), uint16(268), uint8(1<<7), uint8(0), uint8(1), uint8(63), uint8(0), int16(147), uint8(1), true)
	f.Add(uint16(370), uint16(300), uint8(1<<7), uint8(0), uint8(2), uint8(0), uint8(0), int16(56), uint8(2), false)
	org := orgdata.Load()
	f.Fuzz(func(t *testing.T, startOff, span uint16, types, audiences, maturity, preAcq, goLivePct uint8, acqOff int16, urgency uint8, holidays bool) {
		cfg := fuzzConfig(startOff, span, types, audiences, maturity, preAcq, goLivePct, acqOff, urgency, holidays)
		s, err := Generate(cfg, org)
		if err != nil {
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("%s: %v", commandLine(cfg), err)
			}
			return
		}
		for _, a := range s.Activities {
			if a.Date < s.StartDate || a.Date > s.EndDate {
				t.Fatalf("%s: %s on %s outside %s..%s", commandLine(cfg), a.Title, a.Date, s.StartDate, s.EndDate)
			}
		}
		if Span(parseDay(s.StartDate), parseDay(s.EndDate)) < 14 {
			return
		}
		for _, w := range s.Warnings {
			if strings.Contains(w, "comes before the deal is announced") {
				return // a contradiction the warning names: go-live inside the secret
			}
		}
		for _, f := range CheckSchedule(s) {
			if f.Severity == check.Error {
				t.Fatalf("%s\n%s", commandLine(cfg), f.Message)
			}
		}
	})
}

// BenchmarkCheck400 is the checker on a plan of about 400 activities, what
// the UI runs on every edit (target: well under 50 ms).
func BenchmarkCheck400(b *testing.B) {
	cfg := Config{CampaignName: "Finance Transformation", StartDate: "2025-06-02", EndDate: "2026-03-09",
		CampaignTypes: []string{TypeTransformation, TypeChangeManagement}, Urgency: UrgencyHigh, HolidayCalendar: "us"}
	s, err := Generate(cfg, orgdata.Load())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		CheckSchedule(s)
	}
	b.ReportMetric(float64(len(s.Activities)), "activities")
}

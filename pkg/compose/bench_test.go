package compose

import (
	"fmt"
	"strings"
	"testing"

	"github.com/commsplan/commsplan/pkg/domain"
)

// longInput is a heavy but plausible input: ten questions and about 50 KB
// of notes in 100 paragraphs, with some markup and unicode.
func longInput(b *testing.B, typ string, max int) Input {
	in := goldenInput(b, typ, domain.StrategyUniversal)
	in.Vehicle.Settings.MaxLength = max
	in.Questions = nil
	for i := range 10 {
		in.Questions = append(in.Questions, Question{ID: fmt.Sprint(i), Question: fmt.Sprintf("Question %d about the <b>cut-over</b>?", i)})
	}
	var sb strings.Builder
	for i := range 100 {
		fmt.Fprintf(&sb, "Paragraph %d: the finance team & payroll move on day %d. Training (2 hours) is booked via the portal 👍. ", i, i)
		sb.WriteString("Super users help on every floor; questions go to the help desk. Über-users café résumé.\n\n")
	}
	in.Raw = sb.String()
	return in
}

func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		typ string
		max int
	}{
		{"email", 0}, {"email", 5000}, {"newsletter", 8000}, {"town_hall", 4000},
		{"executive_briefing", 3000}, {"sms", 160}, {"social", 280},
	} {
		b.Run(fmt.Sprintf("%s/max=%d", c.typ, c.max), func(b *testing.B) {
			in := longInput(b, c.typ, c.max)
			b.SetBytes(int64(len(in.Raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Generate(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFitHTML(b *testing.B) {
	in := longInput(b, "email", 0)
	r, err := Generate(in)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(r.Content)))
	b.ReportAllocs()
	for b.Loop() {
		Fit(r.Content, FormatHTML, 5000)
	}
}

// BenchmarkDraftCorpus drafts every note of the corpus for every vehicle
// type (42 × 16 = 672 pieces) per iteration: the time to draft them all.
func BenchmarkDraftCorpus(b *testing.B) {
	notes := loadCorpus(b)
	var ins []Input
	for _, g := range notes {
		for _, typ := range domain.VehicleTypeNames {
			ins = append(ins, g.input(b, typ))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			if _, err := Generate(in); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(ins)), "pieces/op")
}

// BenchmarkCheckCorpus checks the 672 drafted pieces per iteration.
func BenchmarkCheckCorpus(b *testing.B) {
	notes := loadCorpus(b)
	ins, pieces, golds := draftCorpus(b, notes)
	b.ReportAllocs()
	for b.Loop() {
		for i := range pieces {
			CheckWith(ins[i], pieces[i], golds[i])
		}
	}
}

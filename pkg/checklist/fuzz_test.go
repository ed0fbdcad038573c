package checklist

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzImport feeds arbitrary documents to the import. It must never panic;
// it either refuses the input with the spec's error, or returns valid items
// whose own report reads back to the same items. The seeds below and those
// in testdata/fuzz/FuzzImport run in every go test.
func FuzzImport(f *testing.F) {
	for _, items := range [][]Item{Initial(), awkwardItems(), {}} {
		out, err := RenderBytes(items, ReportOptions{Generated: reportDate})
		require.NoError(f, err)
		f.Add(out)
	}
	f.Add([]byte(""))
	f.Add([]byte("<html><body><p>not a report</p></body></html>"))
	f.Add([]byte(`<main data-commsplan-checklist="1"><article data-item-id="1" data-position="0" data-weight-code="1" data-weight="1" data-actual-score="0" data-max-score="10" data-heat-map="0" data-enabled="true"><h3 data-field="title">T</h3><div data-field="description">D</div><dd data-field="team"></dd><dd data-field="responsibility"></dd><dd data-field="notes"></dd></article></main>`))
	f.Add([]byte(`<main data-commsplan-checklist="1"><textarea><article data-item-id="1"></textarea></main>`))
	f.Add([]byte(`<main data-commsplan-checklist="1"><svg><article data-item-id="1"/></svg></main>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		items, err := ParseReport(data)
		if err != nil {
			if !errors.Is(err, ErrInvalidFormat) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		require.NoError(t, Validate(items))
		assert.Equal(t, Normalize(items), items, "imported text is normalized")
		out, err := RenderBytes(items, ReportOptions{Generated: reportDate})
		require.NoError(t, err)
		again, err := ParseReport(out)
		require.NoError(t, err)
		assert.Equal(t, items, again)
	})
}

// FuzzRoundTrip renders items holding arbitrary text and checks that the
// report reads back exactly (after normalization).
func FuzzRoundTrip(f *testing.F) {
	for _, s := range awkwardTexts {
		f.Add("Title", s, s, 3, true)
	}
	f.Add("a\r\nb", "\x00", "\xff\xfe", 0, false)
	f.Add("</h3>", "</div>", "&#0;", 20, true)
	f.Fuzz(func(t *testing.T, title, description, notes string, score int, enabled bool) {
		items := []Item{
			{ID: 1, WeightCode: 2, Weight: 3, Title: title, Description: description, Team: notes,
				Responsibility: title, Notes: notes, ActualScore: score, MaxScore: 20, Enabled: enabled},
			{ID: 2, WeightCode: 1, Weight: 1, Title: "Fixed", Description: "Fixed?", MaxScore: 10, Enabled: !enabled},
		}
		items = Normalize(items)
		if Validate(items) != nil {
			return
		}
		out, err := RenderBytes(items, ReportOptions{Generated: reportDate})
		require.NoError(t, err)
		got, err := ParseReport(out)
		require.NoError(t, err)
		assert.Equal(t, items, got)
	})
}

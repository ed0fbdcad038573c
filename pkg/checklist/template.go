package checklist

import (
	"encoding/json"
	"time"
)

// MetadataVersion is the version written into template metadata. It names
// the item document format, which has not changed since the first release.
const MetadataVersion = "1.0"

// Creators recorded in template metadata when the client does not name one.
const (
	CreatedByUI     = "Business Readiness Checklist"
	CreatedByImport = "HTML Import"
	CreatedByCLI    = "commsplan CLI"
)

// Metadata is the metadata document of a stored template (spec §3).
// TotalItems and CompletedItems mean what they mean in Stats: enabled items,
// and enabled items whose score equals their maximum.
type Metadata struct {
	Version        string `json:"version"`
	CreatedBy      string `json:"createdBy"`
	TotalItems     int    `json:"totalItems"`
	CompletedItems int    `json:"completedItems"`
	Imported       bool   `json:"imported"`
}

// NewMetadata describes items. The counts always come from the items, never
// from the client, so that a template's metadata cannot contradict it.
func NewMetadata(items []Item, createdBy string, imported bool) Metadata {
	s := Score(items)
	if createdBy == "" {
		createdBy = CreatedByUI
	}
	return Metadata{
		Version:        MetadataVersion,
		CreatedBy:      createdBy,
		TotalItems:     s.TotalItems,
		CompletedItems: s.CompletedItems,
		Imported:       imported,
	}
}

// Encode returns the stored JSON document of m.
func (m Metadata) Encode() json.RawMessage {
	raw, _ := json.Marshal(m) // a struct of strings, ints and a bool always marshals
	return raw
}

// ReportFileName is the download name of a report generated at t:
// business_readiness_report_YYYY-MM-DD.html, with t's calendar date.
func ReportFileName(t time.Time) string {
	return "business_readiness_report_" + t.Format(time.DateOnly) + ".html"
}

// ShortDate formats t the way en-US short dates read (M/D/YYYY), as the UI
// and every HTML export show dates.
func ShortDate(t time.Time) string { return t.Format("1/2/2006") }

package checklist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// Messages of the spec (§5, §8), reproduced exactly. They start with a
// capital letter because the UI shows them as they are.
var (
	// ErrInvalidFormat is the answer to anything that is not a checklist
	// report written by this package.
	//lint:ignore ST1005 the spec's text, shown to the user as it is
	ErrInvalidFormat = errors.New("Invalid checklist format in imported HTML")
	// ErrInvalidTemplate is the answer to a JSON document that is not an item
	// list or a template with an items array.
	//lint:ignore ST1005 the spec's text, shown to the user as it is
	ErrInvalidTemplate = errors.New("Invalid checklist template format")
)

// FormatError is an ErrInvalidFormat or ErrInvalidTemplate with the reason
// behind it. Its Error text is the spec's message alone, so it can be shown
// as it is; Reason and Fields say what was wrong, for logs and for the
// "fields" of an API error.
type FormatError struct {
	Err    error
	Reason string
	Fields map[string]string
}

func (e *FormatError) Error() string { return e.Err.Error() }

// Unwrap makes errors.Is(err, ErrInvalidFormat) (or ErrInvalidTemplate) true.
func (e *FormatError) Unwrap() error { return e.Err }

// Detail is the spec's message followed by the reason, for one-line CLI
// errors.
func (e *FormatError) Detail() string {
	if e.Reason == "" {
		return e.Err.Error()
	}
	return e.Err.Error() + ": " + e.Reason
}

func formatError(base error, reason string, args ...any) *FormatError {
	return &FormatError{Err: base, Reason: fmt.Sprintf(reason, args...)}
}

// ValidationError lists what is wrong with an item list, by field name
// ("items[3].weight"). For a single item (Add) the names have no prefix.
type ValidationError struct {
	Fields map[string]string
}

func (e *ValidationError) Error() string {
	keys := slices.Sorted(maps.Keys(e.Fields))
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+" "+e.Fields[k])
	}
	return "invalid checklist: " + strings.Join(parts, "; ")
}

// Field messages.
const (
	msgRequired     = "is required"
	msgWeight       = "must be 1, 2, 3 or 5"
	msgWeightCode   = "must be 1, 2 or 3"
	msgMaxScore     = "must be between 1 and 20"
	msgActualScore  = "must be between 0 and maxScore"
	msgHeatMap      = "must be between 0 and 100"
	msgID           = "must be a positive integer"
	msgDuplicateID  = "duplicates another item's id"
	msgTooManyItems = "must hold at most 1000 items"
)

// Normalize returns a copy of items whose text fields are in canonical form:
// valid UTF-8, line breaks as "\n" (CR LF and lone CR become LF), and no
// control characters other than tab and line feed. Every way in (API, CLI,
// import) normalizes, so the HTML report, whose parser would make the same
// changes, always reads back exactly.
func Normalize(items []Item) []Item {
	out := slices.Clone(items)
	for i := range out {
		it := &out[i]
		it.Title = normalizeText(it.Title)
		it.Description = normalizeText(it.Description)
		it.Team = normalizeText(it.Team)
		it.Responsibility = normalizeText(it.Responsibility)
		it.Notes = normalizeText(it.Notes)
	}
	return out
}

func normalizeText(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\t' {
			clean = false
			break
		}
	}
	if clean && utf8.ValidString(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' {
			return -1
		}
		return r
	}, s)
}

// Validate checks an item list as stored by the API (a working checklist or
// a template). Items must have unique positive ids, a category of 1, 2 or 3,
// a weight of 1, 2, 3 or 5, a non-blank title and description, a maximum of
// 1 to 20, a score of 0 to the maximum and text within the length limits.
// The error is a *ValidationError naming each bad field.
func Validate(items []Item) error {
	fields := map[string]string{}
	if len(items) > MaxItems {
		fields["items"] = msgTooManyItems
	}
	seen := make(map[int]bool, len(items))
	for i, it := range items {
		prefix := fmt.Sprintf("items[%d].", i)
		checkItem(fields, prefix, it)
		if it.ID > 0 {
			if seen[it.ID] {
				fields[prefix+"id"] = msgDuplicateID
			}
			seen[it.ID] = true
		}
	}
	if len(fields) > 0 {
		return &ValidationError{Fields: fields}
	}
	return nil
}

func checkItem(fields map[string]string, prefix string, it Item) {
	if it.ID <= 0 {
		fields[prefix+"id"] = msgID
	}
	if _, ok := CategoryByCode(it.WeightCode); !ok {
		fields[prefix+"weightCode"] = msgWeightCode
	}
	if !ValidWeight(it.Weight) {
		fields[prefix+"weight"] = msgWeight
	}
	checkText(fields, prefix+"title", it.Title, MaxTitleLen, true)
	checkText(fields, prefix+"description", it.Description, MaxDescriptionLen, true)
	checkText(fields, prefix+"team", it.Team, MaxTeamLen, false)
	checkText(fields, prefix+"responsibility", it.Responsibility, MaxTeamLen, false)
	checkText(fields, prefix+"notes", it.Notes, MaxNotesLen, false)
	if it.MaxScore < MinMaxScore || it.MaxScore > MaxMaxScore {
		fields[prefix+"maxScore"] = msgMaxScore
	} else if it.ActualScore < 0 || it.ActualScore > it.MaxScore {
		fields[prefix+"actualScore"] = msgActualScore
	}
	if it.HeatMap < 0 || it.HeatMap > MaxHeatMap {
		fields[prefix+"heatMap"] = msgHeatMap
	}
}

func checkText(fields map[string]string, name, s string, limit int, required bool) {
	switch {
	case required && strings.TrimSpace(s) == "":
		fields[name] = msgRequired
	case utf8.RuneCountInString(s) > limit:
		fields[name] = fmt.Sprintf("must be at most %d characters", limit)
	}
}

// EncodeItems returns the stored JSON document of items (an array, never
// null).
func EncodeItems(items []Item) (json.RawMessage, error) {
	if items == nil {
		items = []Item{}
	}
	return json.Marshal(items)
}

// DecodeItems reads a stored items document, which must be a JSON array.
func DecodeItems(raw json.RawMessage) ([]Item, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return nil, formatError(ErrInvalidTemplate, "items is not an array")
	}
	var items []Item
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, formatError(ErrInvalidTemplate, "%v", err)
	}
	if items == nil {
		items = []Item{}
	}
	return items, nil
}

// DecodeFile reads a checklist from a file's content, whichever of the
// three forms it has: a JSON item list, a JSON object with an items array (a
// template, or the working checklist as GET /api/checklist answers it), or
// an HTML report written by Render. The items are normalized and validated.
// A bad JSON document is an ErrInvalidTemplate, anything else an
// ErrInvalidFormat (both as *FormatError).
func DecodeFile(data []byte) ([]Item, error) {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\uFEFF")))
	if len(trimmed) == 0 || (trimmed[0] != '[' && trimmed[0] != '{') {
		return ParseReport(data)
	}
	raw := json.RawMessage(trimmed)
	if trimmed[0] == '{' {
		var doc struct {
			Items json.RawMessage `json:"items"`
		}
		if err := json.Unmarshal(trimmed, &doc); err != nil {
			return nil, formatError(ErrInvalidTemplate, "%v", err)
		}
		raw = doc.Items
	}
	items, err := DecodeItems(raw)
	if err != nil {
		return nil, err
	}
	return checkRead(items, ErrInvalidTemplate)
}

// checkRead normalizes and validates items read from a file; invalid items
// are a *FormatError with base as its message and the fields named.
func checkRead(items []Item, base error) ([]Item, error) {
	items = Normalize(items)
	if err := Validate(items); err != nil {
		var ve *ValidationError
		errors.As(err, &ve)
		return nil, &FormatError{Err: base, Reason: err.Error(), Fields: ve.Fields}
	}
	return items, nil
}

package checklist

import (
	"slices"
	"strings"
)

// The edits below are those of the checklist tab (spec §2.9, §4). Each takes
// the current items and returns a new slice; the input is never modified.
// Edits that change an item's score, weight, category or details refuse a
// disabled item with ErrItemDisabled; an unknown id gives ErrItemNotFound.

// ToggleComplete sets a complete item's score to 0 and an incomplete item's
// score to its maximum (the completion checkbox).
func ToggleComplete(items []Item, id int) ([]Item, error) {
	return editEnabled(items, id, func(it *Item) error {
		if it.Complete() {
			it.ActualScore = 0
		} else {
			it.ActualScore = it.MaxScore
		}
		return nil
	})
}

// SetScore sets an item's score, clamped to 0..maxScore (the slider).
func SetScore(items []Item, id, score int) ([]Item, error) {
	return editEnabled(items, id, func(it *Item) error {
		it.ActualScore = min(max(score, 0), it.MaxScore)
		return nil
	})
}

// SetWeight sets an item's weight, which must be 1, 2, 3 or 5.
func SetWeight(items []Item, id, weight int) ([]Item, error) {
	if !ValidWeight(weight) {
		return nil, fieldError("weight", msgWeight)
	}
	return editEnabled(items, id, func(it *Item) error {
		it.Weight = weight
		return nil
	})
}

// SetCategory moves an item to another category (1, 2 or 3).
func SetCategory(items []Item, id, code int) ([]Item, error) {
	if _, ok := CategoryByCode(code); !ok {
		return nil, fieldError("weightCode", msgWeightCode)
	}
	return editEnabled(items, id, func(it *Item) error {
		it.WeightCode = code
		return nil
	})
}

// SetEnabled switches an item on or off. A disabled item counts as not
// applicable: it leaves the totals and the visible report.
func SetEnabled(items []Item, id int, enabled bool) ([]Item, error) {
	return edit(items, id, func(it *Item) error {
		it.Enabled = enabled
		return nil
	})
}

// Details are the fields of an item's edit mode (the pencil button).
type Details struct {
	Team           string `json:"team"`
	Responsibility string `json:"responsibility"`
	Notes          string `json:"notes"`
}

// SetDetails writes an item's team, responsibility and notes.
func SetDetails(items []Item, id int, d Details) ([]Item, error) {
	return editEnabled(items, id, func(it *Item) error {
		it.Team = normalizeText(d.Team)
		it.Responsibility = normalizeText(d.Responsibility)
		it.Notes = normalizeText(d.Notes)
		return nil
	})
}

// MoveUp swaps an item with the one before it; the first item stays put.
func MoveUp(items []Item, id int) ([]Item, error) { return move(items, id, -1) }

// MoveDown swaps an item with the one after it; the last item stays put.
func MoveDown(items []Item, id int) ([]Item, error) { return move(items, id, +1) }

func move(items []Item, id, delta int) ([]Item, error) {
	i := indexOf(items, id)
	if i < 0 {
		return nil, ErrItemNotFound
	}
	out := slices.Clone(items)
	if j := i + delta; j >= 0 && j < len(out) {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// NewItem is the Add New Checklist Item form.
type NewItem struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	// WeightCode is the category; 0 means Impact, the form's first choice.
	WeightCode int `json:"weightCode"`
	// MaxScore is 1 to 20; 0 means the default of 10 (the form falls back to
	// 10 when the field is not a number).
	MaxScore int `json:"maxScore"`
}

// Add appends a new item built from n: the next id (one above the current
// maximum), score 0, heat map 0, weight 1, enabled, with the title and
// description trimmed. A blank title or description, an unknown category or
// a maximum outside 1..20 is a *ValidationError.
func Add(items []Item, n NewItem) ([]Item, Item, error) {
	it := Item{
		ID:          NextID(items),
		WeightCode:  n.WeightCode,
		Weight:      DefaultWeight,
		Title:       strings.TrimSpace(normalizeText(n.Title)),
		Description: strings.TrimSpace(normalizeText(n.Description)),
		MaxScore:    n.MaxScore,
		Enabled:     true,
	}
	if it.WeightCode == 0 {
		it.WeightCode = CategoryImpact
	}
	if it.MaxScore == 0 {
		it.MaxScore = DefaultMaxScore
	}
	fields := map[string]string{}
	checkItem(fields, "", it)
	if len(items) >= MaxItems {
		fields["items"] = msgTooManyItems
	}
	if len(fields) > 0 {
		return nil, Item{}, &ValidationError{Fields: fields}
	}
	return append(slices.Clone(items), it), it, nil
}

// NextID returns one more than the largest id in items (1 for none).
func NextID(items []Item) int {
	next := 1
	for _, it := range items {
		if it.ID >= next {
			next = it.ID + 1
		}
	}
	return next
}

// Delete removes an item.
func Delete(items []Item, id int) ([]Item, error) {
	i := indexOf(items, id)
	if i < 0 {
		return nil, ErrItemNotFound
	}
	return slices.Delete(slices.Clone(items), i, i+1), nil
}

// Reset clears the checklist as the Reset button does (spec §4): every
// item's score and heat map become 0, its team, responsibility and notes
// empty and its weight 1. Titles, descriptions, categories, maxima, the
// enabled flags and the order are kept.
func Reset(items []Item) []Item {
	out := slices.Clone(items)
	for i := range out {
		out[i].ActualScore = 0
		out[i].HeatMap = 0
		out[i].Team = ""
		out[i].Responsibility = ""
		out[i].Notes = ""
		out[i].Weight = DefaultWeight
	}
	return out
}

func indexOf(items []Item, id int) int {
	return slices.IndexFunc(items, func(it Item) bool { return it.ID == id })
}

func edit(items []Item, id int, fn func(*Item) error) ([]Item, error) {
	i := indexOf(items, id)
	if i < 0 {
		return nil, ErrItemNotFound
	}
	out := slices.Clone(items)
	if err := fn(&out[i]); err != nil {
		return nil, err
	}
	return out, nil
}

func editEnabled(items []Item, id int, fn func(*Item) error) ([]Item, error) {
	return edit(items, id, func(it *Item) error {
		if !it.Enabled {
			return ErrItemDisabled
		}
		return fn(it)
	})
}

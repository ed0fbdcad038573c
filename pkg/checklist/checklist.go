// Package checklist holds the business readiness checklist rules shared by
// the CLI and the API (and mirrored by the web UI): the initial checklist,
// the categories, scoring, item edits, validation, the printable HTML report
// and the import that reads such a report back into items.
//
// Items are plain values; every edit is a pure function that returns a new
// slice and leaves its input untouched.
package checklist

import (
	"encoding/json"
	"slices"
)

// Category codes (an item's weightCode).
const (
	CategoryImpact              = 1
	CategoryUserEngagement      = 2
	CategorySystemFunctionality = 3
)

// Limits of the spec (§5, §9) and of this implementation (see docs/checklist.md).
const (
	MinMaxScore     = 1
	MaxMaxScore     = 20
	DefaultMaxScore = 10
	DefaultWeight   = 1

	// MaxItems bounds a checklist so that stored documents, reports and
	// imports stay small.
	MaxItems = 1000
	// MaxTitleLen and the other Max*Len bound text fields, in characters.
	MaxTitleLen       = 300
	MaxDescriptionLen = 10000
	MaxTeamLen        = 300
	MaxNotesLen       = 10000
	// MaxHeatMap bounds the heat map value, which the spec names but never
	// uses; see docs/checklist.md.
	MaxHeatMap = 100
)

// Weights lists the allowed item weights, in the order the UI offers them.
var weights = []int{1, 2, 3, 5}

// Weights returns the allowed item weights: 1, 2, 3 and 5.
func Weights() []int { return slices.Clone(weights) }

// ValidWeight reports whether w is one of the allowed weights.
func ValidWeight(w int) bool { return slices.Contains(weights, w) }

// Item is one checklist entry. Its JSON form is the one the API, the stored
// documents and the UI share.
type Item struct {
	ID             int    `json:"id"`
	WeightCode     int    `json:"weightCode"`
	Weight         int    `json:"weight"`
	Title          string `json:"title"`
	Description    string `json:"description"`
	Team           string `json:"team"`
	Responsibility string `json:"responsibility"`
	ActualScore    int    `json:"actualScore"`
	MaxScore       int    `json:"maxScore"`
	HeatMap        int    `json:"heatMap"`
	Enabled        bool   `json:"enabled"`
	Notes          string `json:"notes"`
}

// UnmarshalJSON decodes an item, giving weight its default of 1 and enabled
// its default of true when the document leaves them out, so that a
// hand-written item list is not silently all disabled.
func (it *Item) UnmarshalJSON(data []byte) error {
	type plain Item
	v := plain{Weight: DefaultWeight, Enabled: true}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*it = Item(v)
	return nil
}

// Complete reports whether the item is complete: its score equals its
// maximum (spec §4). A disabled item still has a completion state; it simply
// does not count.
func (it Item) Complete() bool { return it.ActualScore == it.MaxScore }

// Category is one of the three fixed checklist categories.
type Category struct {
	Code        int    `json:"code"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// Color is the colour of the category's dashboard card.
	Color string `json:"color"`
}

var categories = []Category{
	{
		Code: CategoryImpact,
		Name: "Impact",
		Description: "How deeply the ERP change reaches into business processes, roles, data and " +
			"operations, and whether every area of impact has been understood, owned and planned for.",
		Color: "red",
	},
	{
		Code: CategoryUserEngagement,
		Name: "User Engagement",
		Description: "Whether the people affected know what is coming, are involved in shaping it, " +
			"and are trained and supported before, during and after go-live.",
		Color: "yellow",
	},
	{
		Code: CategorySystemFunctionality,
		Name: "System Functionality",
		Description: "Whether the system itself is configured, integrated and tested well enough " +
			"to run the business on day one.",
		Color: "blue",
	},
}

// Categories returns the three categories in code order.
func Categories() []Category { return slices.Clone(categories) }

// CategoryByCode returns the category with the given code.
func CategoryByCode(code int) (Category, bool) {
	for _, c := range categories {
		if c.Code == code {
			return c, true
		}
	}
	return Category{}, false
}

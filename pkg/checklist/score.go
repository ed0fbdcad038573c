package checklist

import "strconv"

// Readiness levels (spec §9).
const (
	LevelExcellent      = "Excellent"
	LevelGood           = "Good"
	LevelFair           = "Fair"
	LevelNeedsAttention = "Needs Attention"
)

// Stats are the dashboard figures of a checklist (spec §2.9, §3, §9).
// Every figure counts enabled items only; DisabledItems counts the rest.
// Percentages carry one decimal.
type Stats struct {
	ReadinessPercentage  float64                  `json:"readinessPercentage"`
	ReadinessLevel       string                   `json:"readinessLevel"`
	CompletionPercentage float64                  `json:"completionPercentage"`
	TotalScore           int                      `json:"totalScore"`
	MaxPossibleScore     int                      `json:"maxPossibleScore"`
	WeightedScore        int                      `json:"weightedScore"`
	MaxWeightedScore     int                      `json:"maxWeightedScore"`
	CompletedItems       int                      `json:"completedItems"`
	TotalItems           int                      `json:"totalItems"`
	DisabledItems        int                      `json:"disabledItems"`
	Categories           map[string]CategoryStats `json:"categories"`
}

// CategoryStats are the unweighted figures of one category's enabled items.
type CategoryStats struct {
	Current    int     `json:"current"`
	Max        int     `json:"max"`
	Percentage float64 `json:"percentage"`
	Count      int     `json:"count"`
}

// Score computes the dashboard figures of items:
//   - readiness is the sum of actualScore×weight over the sum of
//     maxScore×weight, as a percentage (0 when the denominator is 0);
//   - totals and category figures use unweighted scores;
//   - only enabled items count; an item is completed when its score equals
//     its maximum.
//
// The categories map always holds "1", "2" and "3".
func Score(items []Item) Stats {
	s := Stats{Categories: make(map[string]CategoryStats, len(categories))}
	for _, c := range categories {
		s.Categories[categoryKey(c.Code)] = CategoryStats{}
	}
	for _, it := range items {
		if !it.Enabled {
			s.DisabledItems++
			continue
		}
		s.TotalItems++
		s.TotalScore += it.ActualScore
		s.MaxPossibleScore += it.MaxScore
		s.WeightedScore += it.ActualScore * it.Weight
		s.MaxWeightedScore += it.MaxScore * it.Weight
		if it.Complete() {
			s.CompletedItems++
		}
		key := categoryKey(it.WeightCode)
		if cs, ok := s.Categories[key]; ok {
			cs.Current += it.ActualScore
			cs.Max += it.MaxScore
			cs.Count++
			s.Categories[key] = cs
		}
	}
	for key, cs := range s.Categories {
		cs.Percentage = Percent(cs.Current, cs.Max)
		s.Categories[key] = cs
	}
	s.ReadinessPercentage = Percent(s.WeightedScore, s.MaxWeightedScore)
	s.ReadinessLevel = Level(s.ReadinessPercentage)
	s.CompletionPercentage = Percent(s.CompletedItems, s.TotalItems)
	return s
}

// Percent returns n/d as a percentage rounded half up to one decimal, or 0
// when d is not positive. It rounds in integer arithmetic so that the Go
// code and the UI's mirror give the same digits for the same inputs,
// whatever their floating-point libraries do: tenths = ⌊(2000n + d) / 2d⌋.
func Percent(n, d int) float64 {
	if d <= 0 || n <= 0 {
		return 0
	}
	tenths := (2000*n + d) / (2 * d)
	return float64(tenths) / 10
}

// Level names the readiness level of a percentage that has already been
// rounded to one decimal: 90 or more Excellent, 75 or more Good, 50 or more
// Fair, otherwise Needs Attention. Taking the rounded figure keeps the label
// consistent with the number shown beside it (89.95 shows as 90.0 and is
// Excellent).
func Level(pct float64) string {
	switch {
	case pct >= 90:
		return LevelExcellent
	case pct >= 75:
		return LevelGood
	case pct >= 50:
		return LevelFair
	default:
		return LevelNeedsAttention
	}
}

// ProgressColor is the colour of an item's progress (spec §9): green at
// 100%, blue at 75% or more, yellow at 50% or more, red below.
func ProgressColor(pct float64) string {
	switch {
	case pct >= 100:
		return "green"
	case pct >= 75:
		return "blue"
	case pct >= 50:
		return "yellow"
	default:
		return "red"
	}
}

// ProgressTier is the tier of a category progress bar (spec §9):
// completed at 100%, high at 75% or more, medium at 50% or more, else low.
func ProgressTier(pct float64) string {
	switch {
	case pct >= 100:
		return "completed"
	case pct >= 75:
		return "high"
	case pct >= 50:
		return "medium"
	default:
		return "low"
	}
}

func categoryKey(code int) string { return strconv.Itoa(code) }

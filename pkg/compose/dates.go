package compose

import (
	"regexp"
	"strconv"
	"strings"
)

// Dates in the notes, for the "Key dates" list: "3 March", "Friday 28
// February 2027", "March 3", "3 Feb", "2027-03-03", "03/03/2027".
var datePattern = func() *regexp.Regexp {
	month := `(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`
	day := `(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\s+)?`
	return regexp.MustCompile(`\b(?:` +
		day + `\d{1,2}(?:st|nd|rd|th)?\s+` + month + `\.?(?:\s+\d{4})?` + // 3 March 2027
		`|` + day + month + `\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?` + // March 3, 2027
		`|\d{4}-\d{2}-\d{2}` +
		`|\d{1,2}/\d{1,2}/\d{2,4}` +
		`)\b`)
}()

// findDate returns the first date the sentence names, or "".
func findDate(s string) string {
	d := datePattern.FindString(s)
	return strings.TrimSuffix(strings.TrimSpace(d), ".")
}

// keyDateWords is how long a key date's sentence may be, in words (more
// when the date comes later).
const keyDateWords = 14

// shortSentence is the sentence of a key date, shortened: without a
// trailing full stop, cut after keyDateWords words (marked with Mark).
func shortSentence(s, date string) string {
	s = strings.TrimSpace(s)
	fields := strings.Fields(s)
	limit := keyDateWords
	if i := strings.Index(s, date); i >= 0 {
		limit = max(limit, len(strings.Fields(s[:i+len(date)])))
	}
	if len(fields) > limit {
		return strings.TrimRight(strings.Join(fields[:limit], " "), ",;:") + Mark
	}
	if endsWithAny(s, []string{"a.m.", "p.m.", "etc."}) {
		return s
	}
	return strings.TrimSuffix(s, ".")
}

var monthNumbers = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

var (
	dayMonth = regexp.MustCompile(`(\d{1,2})(?:st|nd|rd|th)?\s+([A-Z][a-z]{2})`)
	monthDay = regexp.MustCompile(`([A-Z][a-z]{2})[a-z]*\.?\s+(\d{1,2})`)
	isoDate  = regexp.MustCompile(`(\d{4})-(\d{2})-(\d{2})`)
)

// dateOrder sorts key dates in the calendar (month, then day; a year when
// written); a date it cannot read goes last, in the notes' order.
func dateOrder(d string) int {
	if m := isoDate.FindStringSubmatch(d); m != nil {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		day, _ := strconv.Atoi(m[3])
		return y*10000 + mo*100 + day
	}
	year := 0
	if m := regexp.MustCompile(`\b(\d{4})\b`).FindStringSubmatch(d); m != nil {
		year, _ = strconv.Atoi(m[1])
	}
	if m := dayMonth.FindStringSubmatch(d); m != nil && monthNumbers[strings.ToLower(m[2])] > 0 {
		day, _ := strconv.Atoi(m[1])
		return year*10000 + monthNumbers[strings.ToLower(m[2])]*100 + day
	}
	if m := monthDay.FindStringSubmatch(d); m != nil && monthNumbers[strings.ToLower(m[1])] > 0 {
		day, _ := strconv.Atoi(m[2])
		return year*10000 + monthNumbers[strings.ToLower(m[1])]*100 + day
	}
	return 1 << 30
}

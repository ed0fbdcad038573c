package compose

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Dates in the notes, for the "Key dates" list: "3 March", "Friday 28
// February 2027", "March 3", "3 Feb", "2027-03-03", "03/03/2027", and
// ranges written either way ("17–21 February", "10 to 21 February",
// "28 February – 3 March", "February 17–21").
var datePattern = func() *regexp.Regexp {
	month := `(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`
	day := `(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\s+)?`
	num := `\d{1,2}(?:st|nd|rd|th)?`
	to := `(?:\s*(?:-|–|—)\s*|\s+(?:to|until|till)\s+)`
	// A bare first day takes a dash without spaces, or a word: "17–21
	// February", "10 to 21 February"; but "Wave 1 – 3 March" is 3 March.
	from := `(?:` + day + num + `(?:-|–|—|\s+(?:to|until|till)\s+)` + `|` + day + num + `\s+` + month + `\.?` + to + `)`
	return regexp.MustCompile(`\b(?:` +
		from + `?` + day + num + `\s+` + month + `\.?(?:\s+\d{4})?` + // (17–)21 February 2027
		`|` + day + month + `\.?\s+` + num + `(?:` + to + `(?:` + month + `\.?\s+)?` + num + `)?(?:,?\s+\d{4})?` + // February 17(–21), 2027
		`|\d{4}-\d{2}-\d{2}` +
		`|\d{1,2}/\d{1,2}/\d{2,4}` +
		`)\b`)
}()

// keyDate is one date of the notes as the Key dates list shows it.
type keyDate struct {
	label      string // as first written: "Monday 3 March", "17–21 February"
	start, end int    // year*10000 + month*100 + day (year 0 when not written); unread: 1<<30
}

// unreadDate sorts a date that cannot be read after every other.
const unreadDate = 1 << 30

// monthPrefixes start every month name datePattern knows.
var monthPrefixes = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// mayHoldDate is a quick test before datePattern, which is slow on long
// text: every date has a digit, and a month name, "-" or "/".
func mayHoldDate(s string) bool {
	if !strings.ContainsAny(s, "0123456789") {
		return false
	}
	if strings.ContainsAny(s, "-/") {
		return true
	}
	for _, m := range monthPrefixes {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// findDate returns the first date (or range of dates) the sentence names.
func findDate(s string) (keyDate, bool) {
	if ds := findDates(s); len(ds) > 0 {
		return ds[0], true
	}
	return keyDate{}, false
}

// findDates returns every date (or range) the sentence names, in order:
// "From April 7 you log in; your account is set up by 31 March" names two.
func findDates(s string) []keyDate {
	if !mayHoldDate(s) {
		return nil
	}
	var out []keyDate
	for _, m := range datePattern.FindAllString(s, -1) {
		label := strings.TrimSuffix(strings.TrimSpace(m), ".")
		if label == "" {
			continue
		}
		start, end := readDate(label)
		out = append(out, keyDate{label: label, start: start, end: end})
	}
	return out
}

// key identifies the day (or the range) whatever the spelling: "Monday 3
// March", "3 March" and "March 3" are one date. Call it on inYear's
// answer: a date without its year is in the notes' year, but 3 March 2027
// and 3 March 2028 stay two dates.
func (k keyDate) key() string {
	if k.start == unreadDate {
		return strings.ToLower(k.label)
	}
	return strconv.Itoa(k.start) + "-" + strconv.Itoa(k.end)
}

// inYear is k in year y (year's answer) when its year is not written
// (notes often name the year once): "3 March" is 3 March 2027 in notes that say "Friday 28
// February 2027". y is 0 when the notes name no year.
func (k keyDate) inYear(y int) keyDate {
	if k.start != unreadDate && k.start < 10000 {
		k.start += y * 10000
	}
	if k.end != unreadDate && k.end < 10000 {
		k.end += y * 10000
	}
	return k
}

// year is the earliest year the dates name, or 0: a plan's notes name
// this year's dates without it, and a later year only for what comes
// later ("the contract renews on 3 March 2028").
func year(units []unit) int {
	y := 0
	for _, u := range units {
		for _, d := range u.dates {
			if d.start != unreadDate && d.start >= 10000 && (y == 0 || d.start/10000 < y) {
				y = d.start / 10000
			}
		}
	}
	return y
}

// shortMonth is a month written short ("Mar", "Sept.") in a date.
var shortMonth = regexp.MustCompile(`\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b\.?`)

var fullMonths = map[string]string{"Jan": "January", "Feb": "February", "Mar": "March", "Apr": "April", "Jun": "June",
	"Jul": "July", "Aug": "August", "Sep": "September", "Sept": "September", "Oct": "October", "Nov": "November", "Dec": "December"}

// longMonths writes a key date's months in full, so one list does not mix
// "26 Mar" and "28 March".
func longMonths(label string) string {
	return shortMonth.ReplaceAllStringFunc(label, func(m string) string {
		return fullMonths[strings.TrimSuffix(m, ".")]
	})
}

var monthNumbers = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

var (
	isoDate    = regexp.MustCompile(`(\d{4})-(\d{2})-(\d{2})`)
	yearNumber = regexp.MustCompile(`\b(\d{4})\b`)
	dayNumber  = regexp.MustCompile(`\b(\d{1,2})(?:st|nd|rd|th)?\b`)
	monthName  = regexp.MustCompile(`\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b`)
)

// readDate reads a date's first and last day (the same for a single
// date): the first day number with the first month, the last with the
// last. A d/m/y date, whose order is ambiguous, is unread.
func readDate(d string) (start, end int) {
	if m := isoDate.FindStringSubmatch(d); m != nil {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		day, _ := strconv.Atoi(m[3])
		return y*10000 + mo*100 + day, y*10000 + mo*100 + day
	}
	days := dayNumber.FindAllStringSubmatch(d, -1)
	months := monthName.FindAllStringSubmatch(d, -1)
	if len(days) == 0 || len(months) == 0 || strings.Contains(d, "/") {
		return unreadDate, unreadDate
	}
	year := 0
	if m := yearNumber.FindStringSubmatch(d); m != nil {
		year, _ = strconv.Atoi(m[1])
	}
	at := func(day, month []string) int {
		n, _ := strconv.Atoi(day[1])
		return year*10000 + monthNumbers[strings.ToLower(month[1])]*100 + n
	}
	return at(days[0], months[0]), at(days[len(days)-1], months[len(months)-1])
}

// keyDateWords is how long a key date's text may be, in words.
const keyDateWords = 14

// clauseBreaks end the clause a date is read in.
var clauseBreaks = []string{"; ", ": ", ", and ", ", but ", ", while ", ", so ", " – ", " — ", ", e.g. ", ", i.e. ", ", for example "}

// datePreposition is the word that leads into a date and goes with it: a
// deadline's "before" or "until" reads as its "by" does ("Book your
// session before 28 March" gives "28 March: Book your session").
var datePreposition = regexp.MustCompile(`(?i)\b(?:on|by|from|before|until|till)\s*$`)

// keyDateText is what happens on a date, for the Key dates list, where the
// date is already the label: the clause of the sentence that holds the date,
// without the date (and its "on", "by" or "from"), without a leading
// "Please", capitalised, cut after keyDateWords words. "Billing runs as
// usual: invoices go out on 1 March." gives "Invoices go out". When the
// clause is little more than the date ("Deadline for timesheets: 3
// March."), the whole sentence without the date; when nothing is left, the
// sentence shortened.
func keyDateText(s, date string) string {
	s = strings.TrimSpace(s)
	at := strings.Index(s, date)
	if at < 0 {
		return shortSentence(s)
	}
	from, to := 0, len(s)
	for _, b := range clauseBreaks {
		if i := strings.LastIndex(s[:at], b); i >= 0 && i+len(b) > from {
			from = i + len(b)
		}
		if i := strings.Index(s[at+len(date):], b); i >= 0 && at+len(date)+i < to {
			to = at + len(date) + i
		}
	}
	c := withoutDate(s, from, at, at+len(date), to)
	if len(strings.Fields(c)) < 2 {
		c = withoutDate(s, 0, at, at+len(date), len(s))
	}
	if c == "" {
		return shortSentence(s)
	}
	rs := []rune(c)
	rs[0] = unicode.ToUpper(rs[0])
	return shortSentence(string(rs))
}

// withoutDate is s[from:to] without the date at s[at:end] and the "on",
// "by" or "from" before it, tidied: no doubled commas, no leading "Please",
// no punctuation left at the ends.
func withoutDate(s string, from, at, end, to int) string {
	before := datePreposition.ReplaceAllString(s[from:at], "")
	c := strings.Join(strings.Fields(before+" "+s[end:to]), " ")
	for _, f := range [][2]string{{" ,", ","}, {",,", ","}, {" .", "."}} {
		c = strings.ReplaceAll(c, f[0], f[1])
	}
	c = strings.Trim(c, " ,;:–—")
	if strings.HasSuffix(c, ".") && !endsWithAny(c, []string{"a.m.", "p.m.", "etc."}) {
		c = strings.Trim(strings.TrimSuffix(c, "."), " ,;:–—")
	}
	c = strings.TrimPrefix(c, "Please ")
	return strings.TrimPrefix(c, "please ")
}

// shortSentence is a sentence without its trailing full stop (or list
// punctuation), cut after keyDateWords words (marked with Mark).
func shortSentence(s string) string {
	s = strings.TrimSpace(s)
	fields := strings.Fields(s)
	if len(fields) > keyDateWords {
		return strings.TrimRight(strings.Join(fields[:keyDateWords], " "), ",;:") + Mark
	}
	if endsWithAny(s, []string{"a.m.", "p.m.", "etc."}) {
		return s
	}
	return strings.TrimRight(s, ".;,")
}

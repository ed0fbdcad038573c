package compose

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Dates in the notes, for the "Key dates" list: "3 March", "Friday 28
// February 2027", "March 3", "3 Feb", "2027-03-03", "03/03/2027", and
// ranges written either way ("17–21 February", "10 to 21 February",
// "28 February – 3 March", "February 17–21").
var datePattern = func() *regexp.Regexp {
	month := `(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`
	day := `(?:(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\.?),?\s+)?`
	num := `\d{1,2}(?:st|nd|rd|th)?`
	to := `(?:\s*(?:-|–|—)\s*|\s+(?:to|until|till)\s+)`
	// A bare first day takes a dash without spaces, or a word: "17–21
	// February", "10 to 21 February"; but "Wave 1 – 3 March" is 3 March.
	from := `(?:` + day + num + `(?:-|–|—|\s+(?:to|until|till|and)\s+)` + `|` + day + num + `\s+` + month + `\.?` + to + `)`
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
	prevEnd := -1
	for _, loc := range datePattern.FindAllStringIndex(s, -1) {
		label := strings.TrimSuffix(strings.TrimSpace(s[loc[0]:loc[1]]), ".")
		if label == "" || negated.MatchString(s[:loc[0]]) {
			continue
		}
		start, end := readDate(label)
		// "from Sat. 7 March at 10 p.m. Eastern to Sun. 8 March" is one
		// range, whatever the times between.
		if n := len(out); n > 0 && prevEnd >= 0 && timeBetween.MatchString(s[prevEnd:loc[0]]) &&
			rangeFrom.MatchString(s[:prevEnd-len(out[n-1].label)]) && start != unreadDate && out[n-1].start != unreadDate {
			out[n-1].label = s[prevEnd-len(out[n-1].label) : loc[0]+len(label)]
			out[n-1].end = end
			out[n-1] = out[n-1].yearFrom(end)
			prevEnd = loc[0] + len(label)
			continue
		}
		out = append(out, keyDate{label: label, start: start, end: end}.yearFrom(end))
		prevEnd = loc[0] + len(label)
	}
	return out
}

var (
	// negated is a date the notes rule out: "paid on 26 March, not 19 March".
	negated = regexp.MustCompile(`(?i)\bnot\s+(?:on\s+)?$`)
	// timeBetween joins two dates into a range: " at 10 p.m. Eastern to ".
	timeBetween = regexp.MustCompile(`^(?:,?\s+at\s+[0-9:.]+\s*(?:[ap]\.m\.|noon|midnight)?(?:\s+[A-Z][a-z]+)?)?,?\s+(?:to|until|till|through)\s+$`)
	// rangeFrom leads into a range: "from", "between".
	rangeFrom = regexp.MustCompile(`(?i)\b(?:from|between)\s+$`)
)

// yearFrom gives the range's first day the year of its last when only
// the last names it ("2 November to 20 November 2026").
func (k keyDate) yearFrom(end int) keyDate {
	if k.start != unreadDate && k.start < 10000 && end != unreadDate && end >= 10000 {
		k.start += end / 10000 * 10000
	}
	return k
}

var monthNames = []string{"", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// display writes a key date as one list writes every date: "16 March
// 2027", "13–16 March 2027", "28 February – 3 March 2027", without the
// weekday, the year when the notes name one. A date that cannot be read
// (d/m/y) is shown as written.
func (k keyDate) display() string {
	if k.start == unreadDate || k.end == unreadDate {
		return longMonths(k.label)
	}
	part := func(d int, year bool) string {
		s := strconv.Itoa(d%100) + " " + monthNames[d/100%100]
		if year && d >= 10000 {
			s += " " + strconv.Itoa(d/10000)
		}
		return s
	}
	switch {
	case k.start == k.end:
		return part(k.start, true)
	case k.start/100 == k.end/100:
		return strconv.Itoa(k.start%100) + "–" + part(k.end, true)
	case k.start/10000 == k.end/10000:
		return part(k.start, false) + " – " + part(k.end, true)
	}
	return part(k.start, true) + " – " + part(k.end, true)
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

// inYear places k in a year when its year is not written (notes often
// name the year once): ref is the earliest date the notes write with its
// year (year's answer), and k takes the year, one before it, or one
// after, that puts it nearest to ref. "3 March" is 3 March 2027 in notes
// that say "Friday 28 February 2027"; "record them by 18 December" is
// 2026 in notes that start a policy on "4 January 2027". ref 0: the notes
// name no year.
func (k keyDate) inYear(ref int) keyDate {
	if ref == 0 || k.start == unreadDate || k.start >= 10000 {
		return k
	}
	y := ref / 10000
	best, bestDist := y, -1
	for _, c := range []int{y - 1, y, y + 1} {
		d := dayOf(c*10000+k.start%10000) - dayOf(ref)
		if d < 0 {
			d = -d
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	k.start += best * 10000
	if k.end != unreadDate && k.end < 10000 {
		k.end += best * 10000
		if k.end < k.start { // "28 December – 3 January"
			k.end += 10000
		}
	}
	return k
}

// dayOf counts days to a yyyymmdd date, to compare distances.
func dayOf(d int) int {
	return int(time.Date(d/10000, time.Month(d/100%100), d%100, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// year is the earliest date the notes write with its year (yyyymmdd), or
// 0: the dates without a year are placed around it (inYear), and a later
// year stays for what comes later ("the contract renews on 3 March 2028").
func year(units []unit) int {
	y := 0
	for _, u := range units {
		for _, d := range u.dates {
			if d.start != unreadDate && d.start >= 10000 && (y == 0 || d.start < y) {
				y = d.start
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
const keyDateWords = 20

// clauseBreaks end the clause a date is read in.
var clauseBreaks = []string{"; ", ": ", ", and ", ", but ", ", while ", ", so ", " – ", " — ", ", e.g. ", ", i.e. ", ", for example "}

// datePreposition is the word that leads into a date and goes with it: a
// deadline's "before" or "until" reads as its "by" does ("Book your
// session before 28 March" gives "28 March: Book your session").
var datePreposition = regexp.MustCompile(`(?i)\b(?:on|by|from|before|until|till|of|between)\s*$`)

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
	end := at + len(date)
	if end < len(s) && s[end] == '.' && shortMonthEnd.MatchString(date) {
		// "by Thu. 11 Feb. at 3 p.m.": the dot is the month's, not the
		// sentence's, and goes with the date.
		end++
	}
	from, to := 0, len(s)
	breaks := clauseBreaks
	if len(findDates(s)) > 1 {
		// Two dates in one clause are two things: "the last pay date is
		// Friday 13 March and the first SAP pay date is Friday 27 March".
		breaks = append(breaks[:len(breaks):len(breaks)], " and ", " while ", " then ")
	}
	for _, b := range breaks {
		if i := strings.LastIndex(s[:at], b); i >= 0 && i+len(b) > from {
			from = i + len(b)
		}
		if i := strings.Index(s[end:], b); i >= 0 && end+i < to {
			to = at + len(date) + i
		}
	}
	if rest := s[end:]; strings.HasPrefix(rest, ": ") {
		// "New rule from 1 June 2026: two people for every ladder job":
		// what follows the colon is what happens.
		to = len(s)
		for _, b := range breaks {
			if i := strings.Index(rest[2:], b); i >= 0 && end+2+i < to {
				to = at + len(date) + 2 + i
			}
		}
	}
	c := withoutDate(s, from, at, end, to)
	if len(strings.Fields(c)) < 2 {
		c = withoutDate(s, 0, at, end, len(s))
	}
	if c == "" {
		return shortSentence(s)
	}
	rs := []rune(c)
	rs[0] = unicode.ToUpper(rs[0])
	return shortSentence(string(rs))
}

// shortMonthEnd is a date that ends in a month written short, without
// its dot: "Mon. 15 Feb".
var shortMonthEnd = regexp.MustCompile(`(?i)\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$`)

// withoutDate is s[from:to] without the date at s[at:end] and the "on",
// "by" or "from" before it, tidied: no doubled commas, no leading "Please",
// no punctuation left at the ends.
func withoutDate(s string, from, at, end, to int) string {
	before := datePreposition.ReplaceAllString(s[from:at], "")
	c := strings.Join(strings.Fields(before+" "+s[end:to]), " ")
	c = emptyBrackets.ReplaceAllString(c, "") // "pay period 7 (starting ) pay slips"
	for _, f := range [][2]string{{" ,", ","}, {",,", ","}, {" .", "."}, {" :", ":"}} {
		c = strings.ReplaceAll(c, f[0], f[1])
	}
	c = strings.Trim(c, " ,;:–—")
	if strings.HasSuffix(c, ".") && !endsWithAny(c, []string{"a.m.", "p.m.", "etc."}) {
		c = strings.Trim(strings.TrimSuffix(c, "."), " ,;:–—")
	}
	c = strings.TrimPrefix(c, "Please ")
	c = strings.TrimPrefix(c, "please ")
	// "The first SAP pay date is [Friday 27 March]": the date was the
	// rest of the sentence.
	for _, v := range []string{" is", " are", " was", " were", " will be"} {
		c = strings.TrimSuffix(c, v)
	}
	return c
}

// emptyBrackets is what a bracket that held only the date leaves: "(starting )".
var emptyBrackets = regexp.MustCompile(`\s*\(\s*(?:\p{L}+\s*)?\)`)

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

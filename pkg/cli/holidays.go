package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/emersion/go-ical"
)

// readHolidays reads a --holidays file: an iCalendar file (every day of
// every event) or one YYYY-MM-DD date per line (blank lines and lines
// starting with # are skipped). It returns the dates and, for an
// iCalendar file without events, a warning.
func readHolidays(path string) ([]string, string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, "", UsageError("--holidays: %s", oneLine(err.Error()))
	}
	if bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))), []byte("BEGIN:VCALENDAR")) {
		cal, err := ical.NewDecoder(bytes.NewReader(raw)).Decode()
		if err != nil {
			return nil, "", UsageError("--holidays: %s is not a readable iCalendar file: %s", path, oneLine(err.Error()))
		}
		var out []string
		for _, ev := range cal.Events() {
			start, err := ev.DateTimeStart(time.UTC)
			if err != nil {
				return nil, "", UsageError("--holidays: %s: an event without a readable DTSTART: %s", path, oneLine(err.Error()))
			}
			start = time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, time.UTC)
			end, err := ev.DateTimeEnd(time.UTC)
			last := start
			if err == nil && end.After(start) {
				// DTEND is exclusive: an all-day event ends the next day.
				last = time.Date(end.Year(), end.Month(), end.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
			}
			for d := start; !d.After(last) && len(out) < 10000; d = d.AddDate(0, 0, 1) {
				out = append(out, d.Format(time.DateOnly))
			}
		}
		if len(out) == 0 {
			return nil, fmt.Sprintf("%s has no events: no holidays read from it", path), nil
		}
		return out, "", nil
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := time.Parse(time.DateOnly, line); err != nil {
			return nil, "", UsageError("--holidays: %s line %d: %q is not a date (YYYY-MM-DD)", path, n, line)
		}
		out = append(out, line)
	}
	return out, "", nil
}

package compose

import "unicode/utf8"

// Fit is the one length rule every generator's answer goes through: the
// content never exceeds max code points (0: no limit).
func Fit(content, format string, max int) Result {
	format = normalizeFormat(format)
	r := Result{Content: content, Format: format, MaxLength: max}
	if max > 0 && utf8.RuneCountInString(content) > max {
		rs := []rune(content)
		r.Content = string(rs[:max])
		r.Truncated = true
	}
	r.Length = utf8.RuneCountInString(r.Content)
	return r
}

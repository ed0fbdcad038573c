package compose

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// GSM 03.38: the basic character set (one septet each) and its extension
// (an escape and the character: two septets). An SMS of at most 160 septets
// is one segment; a longer one is sent in segments of 153.
const (
	gsmBasic     = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
	gsmExtension = "^{}\\[~]|€\f"
	smsSingle    = 160
	smsPart      = 153
)

// gsmFor writes characters outside GSM-7 with ones inside it.
var gsmFor = strings.NewReplacer(
	"…", "...", "→", ">", "←", "<", "–", "-", "—", "-", "‘", "'", "’", "'", "‚", "'", "“", "\"", "”", "\"", "„", "\"",
	"«", "\"", "»", "\"", "•", "-", "·", "-", "\u00a0", " ", "\t", " ", "×", "x", "`", "'",
)

// toGSM7 makes s fit the GSM-7 alphabet: typographic punctuation becomes its
// plain form, accented letters lose accents GSM-7 lacks, anything else
// (emoji, other scripts) is dropped.
func toGSM7(s string) string {
	s = gsmFor.Replace(s)
	var sb strings.Builder
	for _, r := range s {
		if isGSM(r) {
			sb.WriteRune(r)
			continue
		}
		// Decompose and keep the base letter when it is GSM-7 ("ê" → "e").
		for _, b := range norm.NFD.String(string(r)) {
			if isGSM(b) && !unicode.Is(unicode.Mn, b) {
				sb.WriteRune(b)
			}
		}
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(sb.String(), "\r", "")), " ")
}

func isGSM(r rune) bool {
	return strings.ContainsRune(gsmBasic, r) || strings.ContainsRune(gsmExtension, r)
}

// septets is the length of a GSM-7 text in septets.
func septets(s string) int {
	n := 0
	for _, r := range s {
		n++
		if strings.ContainsRune(gsmExtension, r) {
			n++
		}
	}
	return n
}

// smsSegments is how many segments a GSM-7 text is sent in.
func smsSegments(s string) int {
	n := septets(s)
	if n <= smsSingle {
		return 1
	}
	return (n + smsPart - 1) / smsPart
}

// FitSMS is Fit for a text SMS, for every generator: GSM-7 characters only
// (typographic ones written plainly, others dropped), the length counted in
// septets, cut at a word boundary with "..." (never "…", which GSM-7
// lacks), and Segments set.
func FitSMS(content string, max int) Result {
	s := toGSM7(content)
	r := Result{Format: FormatText, MaxLength: max}
	if max > 0 && septets(s) > max {
		mark := "..."[:min(3, max)]
		rs := []rune(s)
		k := len(rs)
		for k > 0 && septets(string(rs[:k]))+len(mark) > max {
			k--
		}
		if k < len(rs) && k > 0 && rs[k] != ' ' {
			if i := strings.LastIndexByte(string(rs[:k]), ' '); i > 0 {
				k = len([]rune(string(rs[:k])[:i]))
			}
		}
		s = strings.TrimRight(string(rs[:k]), " ,;:") + mark
		r.Truncated = true
	}
	r.Content, r.Length, r.Segments = s, runeLen(s), smsSegments(s)
	return r
}

package domain

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The kinds of record that have a comment thread.
const (
	ThreadCommunication = "communication"
	ThreadCampaign      = "campaign"
)

// Comment is one comment of a communication's or a saved campaign's
// thread. Text is plain text, line breaks kept; it is shown as text, never
// as markup.
type Comment struct {
	ID string `json:"id"`
	// EntityType is ThreadCommunication or ThreadCampaign; EntityID the
	// record's id.
	EntityType string `json:"entityType"`
	EntityID   string `json:"entityId"`
	// ReplyTo is the id of the comment this one answers, "" when none.
	ReplyTo    string `json:"replyTo"`
	AuthorID   string `json:"authorId"`
	AuthorName string `json:"authorName"`
	Text       string `json:"text"`
	// Mentions are the ids of the people the text mentions (Mentions).
	Mentions  []string  `json:"mentions"`
	CreatedAt time.Time `json:"createdAt"`
	// EditedAt is the last edit, nil when never edited.
	EditedAt *time.Time `json:"editedAt"`
}

// CommentRemovedText is what a comment an admin removed says instead; its
// text is kept in the audit trail only.
const CommentRemovedText = "Removed by an admin"

// CommentEditWindow is how long after writing a comment its author may
// edit or delete it.
const CommentEditWindow = 15 * time.Minute

// Validate checks a comment's text: not blank, at most MaxDescription
// characters. Outer blank lines and spaces are trimmed; inner line breaks
// stay.
func (c *Comment) Validate() error {
	fe := FieldErrors{}
	fe.requiredText("text", &c.Text, MaxDescription)
	return fe.orNil()
}

// InboxEntry is one entry of a person's inbox ("My reviews").
type InboxEntry struct {
	ID       string `json:"id"`
	PersonID string `json:"personId"`
	// Kind is one of the Inbox* kinds.
	Kind string `json:"kind"`
	// EntityType and EntityID are the communication or campaign it opens.
	EntityType string `json:"entityType"`
	EntityID   string `json:"entityId"`
	// Title is the record's title when the entry was made.
	Title     string `json:"title"`
	ActorID   string `json:"actorId"`
	ActorName string `json:"actorName"`
	// CommentID is the comment of a mention or a decision's comment, "" when none.
	CommentID string `json:"commentId"`
	// Excerpt is the start of that comment's text.
	Excerpt string    `json:"excerpt"`
	At      time.Time `json:"at"`
	Read    bool      `json:"read"`
}

// The kinds of inbox entries and notification events.
const (
	InboxReviewRequested  = "review_requested"
	InboxApproved         = "approved"
	InboxChangesRequested = "changes_requested"
	InboxMention          = "mention"
)

// MaxExcerpt is the most characters of a comment an inbox entry and a
// webhook event quote.
const MaxExcerpt = 280

// Excerpt is the start of text, at most MaxExcerpt characters, with "…"
// when cut.
func Excerpt(text string) string {
	if utf8.RuneCountInString(text) <= MaxExcerpt {
		return text
	}
	r := []rune(text)
	return strings.TrimSpace(string(r[:MaxExcerpt-1])) + "…"
}

// Mentions finds the people a comment's text mentions, by the one rule of
// docs/review.md ("Mentions"):
//   - an @ starts a mention unless a letter, digit, '.', '_' or '@' stands
//     before it (so an email address is none);
//   - @"Full Name" names a person exactly (case and runs of spaces aside);
//   - otherwise the longest person's name that follows the @ wins, where a
//     space in the name may be written as a space, '.' or '_' (@Dana Reyes,
//     @Dana.Reyes, @dana_reyes), and the name must end the word;
//   - an @ followed by a word that is no one's name is an unknown mention.
//
// It answers the ids of the people mentioned (each once, in text order;
// every person of a shared name) and the unknown names as written.
func Mentions(text string, people []Person) (ids, unknown []string) {
	seen := map[string]bool{}
	add := func(name string) {
		for _, p := range people {
			if foldSpaces(p.Name) == name && !seen[p.ID] {
				seen[p.ID] = true
				ids = append(ids, p.ID)
			}
		}
	}
	for i := 0; i < len(text); i++ {
		if text[i] != '@' || !mentionStart(text, i) {
			continue
		}
		rest := text[i+1:]
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				continue
			}
			name := foldSpaces(rest[1 : 1+end])
			if name == "" {
				continue
			}
			if known(name, people) {
				add(name)
			} else {
				unknown = append(unknown, `@"`+rest[1:1+end]+`"`)
			}
			i += end + 2
			continue
		}
		best, bestLen := "", 0
		for _, p := range people {
			if n := matchName(rest, p.Name); n > bestLen {
				best, bestLen = foldSpaces(p.Name), n
			}
		}
		if bestLen > 0 {
			add(best)
			i += bestLen
			continue
		}
		if w := mentionWord(rest); w != "" {
			unknown = append(unknown, "@"+w)
			i += len(w)
		}
	}
	return ids, unknown
}

// mentionStart reports whether the @ at i may start a mention.
func mentionStart(text string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '@')
}

// matchName answers how many bytes of s the name covers (0 when s does not
// start with it): letters compared without case, a run of spaces in the
// name matched by one space, '.' or '_'; the match must end a word.
func matchName(s, name string) int {
	name = foldSpaces(name)
	if name == "" {
		return 0
	}
	i := 0
	for _, nr := range name {
		if i >= len(s) {
			return 0
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if nr == ' ' {
			if r != ' ' && r != '.' && r != '_' {
				return 0
			}
		} else if unicode.ToLower(r) != nr {
			return 0
		}
		i += size
	}
	if i < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[i:]); unicode.IsLetter(r) || unicode.IsDigit(r) {
			return 0
		}
	}
	return i
}

// mentionWord is the word after an @ that matched no one: letters, digits
// and inner '.', '_', '-'.
func mentionWord(s string) string {
	end := 0
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			end = i + utf8.RuneLen(r)
		} else if r != '.' && r != '_' && r != '-' {
			break
		}
	}
	return s[:end]
}

// foldSpaces lower-cases name and makes every run of white space one space.
func foldSpaces(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

func known(folded string, people []Person) bool {
	for _, p := range people {
		if foldSpaces(p.Name) == folded {
			return true
		}
	}
	return false
}

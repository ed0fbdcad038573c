package compose

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/commsplan/commsplan/pkg/domain"
)

// NewsletterTemplate is the layout of a newsletter: 15 numbered sections,
// some required and always on, the rest optional (spec 02 §5).
type NewsletterTemplate struct {
	Title         string    `json:"title"`
	CampaignTheme string    `json:"campaignTheme"`
	Sections      []Section `json:"sections"` // 15, numbered 1..15
}

// Section is one numbered section of a newsletter template.
type Section struct {
	Number      int          `json:"number"`
	Title       string       `json:"title"`
	Purpose     string       `json:"purpose"`
	Required    bool         `json:"required"`
	Enabled     bool         `json:"enabled"`
	Content     string       `json:"content"`
	Guidelines  string       `json:"guidelines"`
	DefaultText string       `json:"defaultText"`
	SubSections []SubSection `json:"subSections"`
}

// SubSection is a titled part of a section.
type SubSection struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

// SectionCount is the number of sections of every newsletter template.
const SectionCount = 15

// requiredSections are the section numbers that are always on.
var requiredSections = map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 13: true, 14: true, 15: true}

// Length limits of a template's texts, in characters.
const (
	maxTemplateTitle  = 200
	maxSectionText    = 2000  // purpose, guidelines
	maxSectionContent = 10000 // content, default text, sub-section content
	// MaxSubSections is how many sub-sections a section may hold.
	MaxSubSections = 20
)

// DefaultNewsletterTitle is the title of the default template.
const DefaultNewsletterTitle = "ERP Programme Newsletter"

// DefaultNewsletterTemplate returns a fresh copy of the default template:
// required sections on, optional ones off.
func DefaultNewsletterTemplate() NewsletterTemplate {
	t := NewsletterTemplate{Title: DefaultNewsletterTitle, Sections: make([]Section, len(defaultSections))}
	for i, s := range defaultSections {
		s.Required = requiredSections[s.Number]
		s.Enabled = s.Required
		s.SubSections = append([]SubSection{}, s.SubSections...)
		t.Sections[i] = s
	}
	return t
}

// Validate checks that the template holds sections 1 to 15 once each, that
// every required section is enabled, and the length of its texts. Errors
// name the field as the API's customTemplate; N in sections[N] is the
// section number, not its index.
func (t NewsletterTemplate) Validate() error {
	f := domain.FieldErrors{}
	maxLen := func(field, value string, n int) {
		if utf8.RuneCountInString(value) > n {
			f[field] = fmt.Sprintf("must be at most %d characters", n)
		}
	}
	maxLen("customTemplate.title", t.Title, maxTemplateTitle)
	maxLen("customTemplate.campaignTheme", t.CampaignTheme, maxTemplateTitle)
	seen := map[int]bool{}
	for _, s := range t.Sections {
		if s.Number < 1 || s.Number > SectionCount || seen[s.Number] {
			f["customTemplate.sections"] = fmt.Sprintf("must hold sections 1 to %d, once each", SectionCount)
			continue
		}
		seen[s.Number] = true
		key := fmt.Sprintf("customTemplate.sections[%d]", s.Number)
		if requiredSections[s.Number] && !s.Enabled {
			f[key] = "is required and cannot be turned off"
		}
		if strings.TrimSpace(s.Title) == "" {
			f[key+".title"] = "is required"
		}
		maxLen(key+".title", s.Title, maxTemplateTitle)
		maxLen(key+".purpose", s.Purpose, maxSectionText)
		maxLen(key+".guidelines", s.Guidelines, maxSectionText)
		maxLen(key+".content", s.Content, maxSectionContent)
		maxLen(key+".defaultText", s.DefaultText, maxSectionContent)
		if len(s.SubSections) > MaxSubSections {
			f[key+".subSections"] = fmt.Sprintf("must hold at most %d sub-sections", MaxSubSections)
		}
		for j, sub := range s.SubSections {
			sk := fmt.Sprintf("%s.subSections[%d]", key, j)
			maxLen(sk+".title", sub.Title, maxTemplateTitle)
			maxLen(sk+".content", sub.Content, maxSectionContent)
		}
	}
	if len(seen) != SectionCount {
		f["customTemplate.sections"] = fmt.Sprintf("must hold sections 1 to %d, once each", SectionCount)
	}
	if len(f) == 0 {
		return nil
	}
	return f
}

func sub(id, title, content string) SubSection {
	return SubSection{ID: id, Title: title, Content: content}
}

// defaultSections are the 15 sections of the default template; Required and
// Enabled are set by DefaultNewsletterTemplate.
var defaultSections = []Section{
	{Number: 1, Title: "Programme Update",
		Purpose:     "Open the issue with where the ERP programme stands now.",
		Guidelines:  "Two or three sentences on the current phase, what was achieved since the last issue and what comes next. Plain words, no project jargon.",
		DefaultText: "[Add where the programme stands and what it achieved since the last issue]",
		SubSections: []SubSection{sub("1.1", "Where We Are", ""), sub("1.2", "Recent Achievements", "")}},
	{Number: 2, Title: "Leadership Message",
		Purpose:     "A word from a sponsor or executive on why the change matters.",
		Guidelines:  "Written in the first person and signed by name. Link the programme to the business's goals and thank people for their effort.",
		DefaultText: "[Add a message from the programme sponsor]"},
	{Number: 3, Title: "What's Changing",
		Purpose:     "Explain the changes to systems, processes and roles.",
		Guidelines:  "Say what changes, for whom and from when. Compare before and after where it helps.",
		DefaultText: "[Add what changes in systems, processes and roles]",
		SubSections: []SubSection{sub("3.1", "Systems", ""), sub("3.2", "Processes", ""), sub("3.3", "Roles", "")}},
	{Number: 4, Title: "Key Dates and Milestones",
		Purpose:     "List the dates people must know.",
		Guidelines:  "Dates first, in chronological order, with one line each. Flag anything that needs action.",
		DefaultText: "[Add the key dates]"},
	{Number: 5, Title: "Training and Readiness",
		Purpose:     "Tell people how to get ready: training, guides and practice.",
		Guidelines:  "Say which training is available, who should take it, how to book and by when.",
		DefaultText: "[Add the training sessions and how to book them]",
		SubSections: []SubSection{sub("5.1", "Upcoming Sessions", ""), sub("5.2", "Self-Service Resources", "")}},
	{Number: 6, Title: "How This Affects You",
		Purpose:     "Translate the change into each reader's day-to-day work.",
		Guidelines:  "Address the reader directly. Group by role or department where the impact differs.",
		DefaultText: "[Add what this means for day-to-day work]"},
	{Number: 7, Title: "Implementation Timeline",
		Purpose:     "Show the programme's phases and where we are on them.",
		Guidelines:  "Phases in order with their dates and status. Keep it to one screen.",
		DefaultText: "[Add the programme's phases and the current one]",
		SubSections: []SubSection{sub("7.1", "Completed Phases", ""), sub("7.2", "Current Phase", ""), sub("7.3", "Upcoming Phases", "")}},
	{Number: 8, Title: "Support and Adoption Strategies",
		Purpose:     "Describe the help available during and after go-live.",
		Guidelines:  "Name the super users, floor walkers, help desk and self-help resources, and how to reach them.",
		DefaultText: "[Add the support available before, during and after go-live]"},
	{Number: 9, Title: "Communication Channels Matrix",
		Purpose:     "Tell readers where each kind of update will be published.",
		Guidelines:  "One line per channel: what goes there and how often.",
		DefaultText: "[Add where to find programme news and what each channel is for]"},
	{Number: 10, Title: "FAQ Section",
		Purpose:     "Answer the questions people are asking.",
		Guidelines:  "Real questions from the field, short answers, and a link to the full FAQ.",
		DefaultText: "[Add the questions heard most often, with their answers]"},
	{Number: 11, Title: "Success Story Spotlight",
		Purpose:     "Share a story of a team or person succeeding with the change.",
		Guidelines:  "Name the people (with their consent), the problem, what they did and the result.",
		DefaultText: "[Add a team's success story]"},
	{Number: 12, Title: "Looking Ahead Preview",
		Purpose:     "Preview what the next issue and the next phase will bring.",
		Guidelines:  "Two or three items; build anticipation without promising dates that may move.",
		DefaultText: "[Add what comes in the next issue and the next phase]"},
	{Number: 13, Title: "Questions and Support",
		Purpose:     "Tell readers where to take their questions.",
		Guidelines:  "Help desk, mailbox, change champions and drop-in sessions, with how to reach each.",
		DefaultText: "[Add who answers questions: change champions, help desk, programme mailbox]"},
	{Number: 14, Title: "Recognition and Thanks",
		Purpose:     "Thank the people and teams who made progress possible.",
		Guidelines:  "Name teams and individuals and what they did. Be specific.",
		DefaultText: "[Add who to thank this month]"},
	{Number: 15, Title: "Contact and Next Steps",
		Purpose:     "Close with what readers should do now and who to contact.",
		Guidelines:  "One to three actions, each with a date or a link, and the programme team's contact details.",
		DefaultText: "[Add the next steps and how to reach the programme team]"},
}

// Placeholder is what a newsletter section with neither content nor
// material shows: its default text as a visible bracketed placeholder
// ("[Add the key dates]"), so a default is never published as news. A
// default text already in brackets is kept; "" when there is none.
func Placeholder(s Section) string {
	t := inline(s.DefaultText)
	if t == "" || (strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]")) {
		return t
	}
	return "[" + t + "]"
}

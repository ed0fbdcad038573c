package compose

import (
	"fmt"
	"strings"

	"github.com/commsplan/commsplan/pkg/domain"
)

// rule builds the piece for one vehicle type. docs/compose.md describes
// each.
type rule func(m *material) doc

// rulesByType holds the rule of each type of the vehicle type registry
// (domain.VehicleTypes): a new type's rule goes here (docs/architecture.md,
// "Registries").
var rulesByType = map[string]rule{
	"email":                emailRule,
	"blog":                 blogRule,
	"social":               socialRule,
	"newsletter":           newsletterRule,
	"internal":             memoRule,
	"town_hall":            townHallRule,
	"interactive_workshop": workshopRule,
	"digital_signage":      signageRule,
	"mobile_push":          pushRule,
	"podcast":              podcastRule,
	"video":                videoRule,
	"lunch_learn":          lunchLearnRule,
	"project_dashboard":    dashboardRule,
	"executive_briefing":   briefingRule,
	"yammer_teams":         yammerRule,
	"sms":                  smsRule,
}

// topicsUnder writes each topic under a heading of the given level.
func (m *material) topicsUnder(d *doc, level int, title func(i int, t topic) string) {
	for i, t := range m.topics {
		d.h(level, title(i, t))
		m.tone.body(d, t.notes, t.fallback)
	}
}

func plainTitle(_ int, t topic) string { return t.title }

// emailRule: subject line, greeting, an opening line, one section per
// question, the call to action and a sign-off.
func emailRule(m *material) doc {
	t := m.tone
	var d doc
	d.fields(item{"Subject:", m.theme + t.pick(": what you need to know", ": an update for you", ": the essentials")})
	d.p(t.greeting())
	d.p(t.pick("We are writing to update you on "+period(m.theme),
		"Here is an update on "+period(m.theme),
		"Quick update on "+period(m.theme)))
	if m.desc != "" {
		d.p(m.desc)
	}
	m.topicsUnder(&d, 2, plainTitle)
	m.callToAction(&d)
	d.p(t.signOff())
	d.p(team)
	return d
}

// blogRule: the theme as headline, its description as the lede, one section
// per question and a closing call to action.
func blogRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, m.theme)
	if m.desc != "" {
		d.p(m.desc)
	}
	switch t {
	case domain.StrategyTraditional:
		d.p("In this article we answer the questions colleagues have been asking about " + period(m.theme))
	case domain.StrategyDigital:
		d.h(2, "In This Post")
		var items []item
		for _, tp := range m.topics {
			items = append(items, item{text: tp.title})
		}
		d.bullets(items...)
	}
	m.topicsUnder(&d, 2, plainTitle)
	d.h(2, t.pick("Find Out More", "Find Out More", "What's Next"))
	m.callToAction(&d)
	return d
}

// socialRule: one paragraph, the theme then a sentence per question, the
// short call to action and (but for traditional) a hashtag; cut to fit.
func socialRule(m *material) doc {
	t := m.tone
	tail := t.shortCTA()
	if tag := hashtag(m.theme); tag != "" && t != domain.StrategyTraditional {
		tail += " " + tag
	}
	return m.compact(m.points(), func(pts []string) doc {
		var d doc
		d.p(strings.Join(append(append([]string{m.theme + ":"}, pts...), tail), " "))
		return d
	})
}

// smsRule: one message, the theme and a sentence per question and the short
// call to action; cut to fit.
func smsRule(m *material) doc {
	t := m.tone
	lead := t.pick("ERP Programme update: ", "ERP Programme: ", "") + m.theme + ":"
	return m.compact(m.points(), func(pts []string) doc {
		var d doc
		d.p(strings.Join(append(append([]string{lead}, pts...), t.shortCTA()), " "))
		return d
	})
}

// signageRule: one screen, the theme as headline, a line per question and
// the short call to action; cut to fit.
func signageRule(m *material) doc {
	return m.compact(m.points(), func(pts []string) doc {
		var d doc
		d.h(1, m.theme)
		var items []item
		for _, p := range pts {
			items = append(items, item{text: p})
		}
		d.bullets(items...)
		d.p(m.tone.shortCTA())
		return d
	})
}

// pushRule: the theme as the notification's title, one line of the first
// sentences and a tap-through; cut to fit.
func pushRule(m *material) doc {
	tap := m.tone.pick("Open the app for details.", "Tap for details.", "Tap to read more →")
	return m.compact(m.points(), func(pts []string) doc {
		var d doc
		d.h(1, m.theme)
		d.p(strings.Join(append(pts, tap), " "))
		return d
	})
}

// newsletterRule: the template's title, its campaign theme, and its enabled
// sections in order under their titles. Section 1 carries the lead story
// (the theme, its description and the questions); section 15 ends with the
// call to action. A section shows its content, or its default text when it
// has none, and its sub-sections that have content.
func newsletterRule(m *material) doc {
	var d doc
	d.h(1, or(inline(m.tpl.Title), DefaultNewsletterTitle))
	if ct := inline(m.tpl.CampaignTheme); ct != "" {
		d.p(ct)
	}
	for _, s := range sectionsInOrder(m.tpl) {
		if !s.Enabled {
			continue
		}
		d.h(2, or(inline(s.Title), fmt.Sprintf("Section %d", s.Number)))
		text := s.Content
		if strings.TrimSpace(text) == "" {
			text = s.DefaultText
		}
		for _, p := range paragraphs(text) {
			d.p(p)
		}
		for _, sub := range s.SubSections {
			if ps := paragraphs(sub.Content); len(ps) > 0 {
				d.h(3, or(inline(sub.Title), sub.ID))
				for _, p := range ps {
					d.p(p)
				}
			}
		}
		switch s.Number {
		case 1:
			d.h(3, m.theme)
			if m.desc != "" {
				d.p(m.desc)
			}
			for _, t := range m.topics {
				d.lp(t.title, "")
				m.tone.body(&d, t.notes, t.fallback)
			}
		case SectionCount:
			m.callToAction(&d)
		}
	}
	return d
}

// memoRule: MEMORANDUM with TO, FROM and RE lines, the purpose, a numbered
// section per question, the action required and (but for digital) a closing
// line.
func memoRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "MEMORANDUM")
	d.fields(item{"TO:", "All employees"}, item{"FROM:", team}, item{"RE:", m.theme})
	d.rule()
	d.p(or(m.desc, "This memo sets out what you need to know about "+period(m.theme)))
	if t == domain.StrategyTraditional {
		d.p("Please read it carefully and share it with your team.")
	}
	m.topicsUnder(&d, 2, func(i int, tp topic) string { return fmt.Sprintf("%d. %s", i+1, tp.title) })
	d.h(2, "Action Required")
	m.callToAction(&d)
	if s := t.pick("Thank you for your continued support.", "Thank you.", ""); s != "" {
		d.p(s)
	}
	return d
}

// topicSegments makes a timed segment of each topic.
func (m *material) topicSegments(span int, prefix string, extra func(d *doc)) []segment {
	var segs []segment
	for _, tp := range m.topics {
		segs = append(segs, segment{prefix + tp.title, span, func(d *doc) {
			m.tone.body(d, tp.notes, tp.fallback)
			if extra != nil {
				extra(d)
			}
		}})
	}
	return segs
}

// townHallRule: a run of show with timings (welcome, why it matters, a
// segment per question, questions and answers, close), then the talking
// points of each segment.
func townHallRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "Town Hall: "+m.theme)
	if m.desc != "" {
		d.lp("Purpose:", m.desc)
	}
	segs := []segment{
		{"Welcome and introductions", 5, func(d *doc) {
			d.p(t.pick("Thank everyone for attending, introduce the speakers and explain that today's session covers "+period(m.theme),
				"Welcome everyone, introduce the speakers and set out today's topic: "+period(m.theme),
				"Welcome everyone and share the agenda: "+period(m.theme)))
		}},
		{"Why this matters", 5, func(d *doc) {
			d.p(or(m.desc, "Explain why "+m.theme+" matters to the business and to each team."))
		}},
	}
	segs = append(segs, m.topicSegments(t.pickInt(10, 8, 6), "", nil)...)
	segs = append(segs,
		segment{"Questions and answers", t.pickInt(15, 15, 10), func(d *doc) {
			d.p(t.pick("Invite questions from the room and from those joining remotely. Note any that cannot be answered today and promise a written follow-up.",
				"Take questions from the room and online. Note any that need a follow-up.",
				"Take the top-voted questions from the live channel first."))
		}},
		segment{"Close and next steps", 5, func(d *doc) {
			m.callToAction(d)
			d.p("Thank everyone for their time.")
		}},
	)
	timed(&d, "Run of Show", "Talking Points", segs)
	return d
}

// pickInt is pick for numbers.
func (t tone) pickInt(traditional, universal, digital int) int {
	switch t {
	case domain.StrategyTraditional:
		return traditional
	case domain.StrategyDigital:
		return digital
	}
	return universal
}

// workshopRule: the objective, an agenda with timings (welcome, an exercise
// per question, wrap-up) and a session plan with an activity for each.
func workshopRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "Workshop: "+m.theme)
	d.lp("Objective:", or(m.desc, "Work through "+m.theme+" together and agree on the next steps."))
	activity := t.pick("Discuss in small groups and agree on two points to share with the room.",
		"Work in pairs on a real example from your own work, then share one takeaway.",
		"Hands-on: try it in the training environment, then post your takeaway in the session chat.")
	segs := []segment{{"Welcome and objectives", 10, func(d *doc) {
		d.p(t.pick("Welcome the participants, agree the ground rules and set out the objectives of the session.",
			"Welcome everyone and set out the objectives.",
			"Quick intros and today's goals."))
	}}}
	segs = append(segs, m.topicSegments(t.pickInt(20, 15, 15), "", func(d *doc) { d.lp("Activity:", activity) })...)
	segs = append(segs, segment{"Wrap-up and next steps", 10, func(d *doc) { m.callToAction(d) }})
	timed(&d, "Agenda", "Session Plan", segs)
	return d
}

// lunchLearnRule: an hour's agenda with timings (arrival and lunch, an
// introduction, the questions sharing 30 minutes, questions and answers,
// wrap-up) and notes for each part.
func lunchLearnRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "Lunch and Learn: "+m.theme)
	d.p(t.pick("You are warmly invited to bring your lunch and join us for an informal session on "+period(m.theme),
		"Bring your lunch and join us for an informal session on "+period(m.theme),
		"Grab lunch and join us: "+period(m.theme)))
	segs := []segment{
		{"Arrival and lunch", 10, func(d *doc) { d.p("Settle in with your lunch.") }},
		{"Introduction", 5, func(d *doc) { d.p(or(m.desc, "Why "+m.theme+" matters.")) }},
	}
	n := len(m.topics)
	for i, tp := range m.topics {
		span := max(30/n, 3)
		if i < 30%n && 30/n >= 3 {
			span++
		}
		segs = append(segs, segment{tp.title, span, func(d *doc) { t.body(d, tp.notes, tp.fallback) }})
	}
	segs = append(segs,
		segment{"Questions and answers", 10, func(d *doc) { d.p("Open the floor to questions.") }},
		segment{"Wrap-up", 5, func(d *doc) { m.callToAction(d) }},
	)
	timed(&d, "Agenda", "Session Notes", segs)
	return d
}

// podcastRule: the episode summary, a segment list with timings, then the
// script: the host's intro, a segment per question with talking points, and
// the outro with the call to action.
func podcastRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "Podcast Episode: "+m.theme)
	d.lp("Episode summary:", or(m.desc, "A conversation about "+period(m.theme)))
	segs := []segment{{"Intro", 2, func(d *doc) {
		d.lp("HOST:", t.pick("Welcome to the programme podcast. In this episode we talk about "+period(m.theme),
			"Welcome to the programme podcast. Today we're looking at "+period(m.theme),
			"Hey, welcome back! Today: "+period(m.theme)))
	}}}
	for _, tp := range m.topics {
		segs = append(segs, segment{tp.title, t.pickInt(8, 6, 4), func(d *doc) {
			d.lp("HOST:", t.pick("Let's turn to a question many of you have asked: "+tp.title, "Next: "+tp.title, "Next up: "+tp.title))
			d.lp("Talking points:", "")
			t.body(d, tp.notes, tp.fallback)
		}})
	}
	segs = append(segs, segment{"Outro", 2, func(d *doc) {
		d.lp("HOST:", t.cta())
		d.p("Thanks for listening.")
	}})
	timed(&d, "Segments", "Script", segs)
	return d
}

// videoRule: a scene list with timings in seconds, then per scene what is on
// screen and the voice-over: a title card, a scene per question, and a
// closing call to action.
func videoRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "Video Script: "+m.theme)
	segs := []segment{{"Title card", 15, func(d *doc) {
		d.lp("On screen:", m.theme)
		d.lp("Voice-over:", or(m.desc, t.pick("This short film explains "+period(m.theme), "Here is what you need to know about "+period(m.theme), period(m.theme)+" In 2 minutes.")))
	}}}
	for _, tp := range m.topics {
		segs = append(segs, segment{tp.title, t.pickInt(45, 40, 30), func(d *doc) {
			d.lp("On screen:", tp.title)
			d.lp("Voice-over:", "")
			t.body(d, tp.notes, tp.fallback)
		}})
	}
	segs = append(segs, segment{"Call to action", 15, func(d *doc) {
		d.lp("On screen:", t.shortCTA())
		d.lp("Voice-over:", t.cta())
	}})
	total := 0
	for _, s := range segs {
		total += s.span
	}
	d.lp("Running time:", clock(total))
	timed(&d, "Scenes", "Script", segs)
	return d
}

// dashboardRule: a status layout, the summary, a highlight per question
// (all its notes for traditional, the first paragraph for universal, the
// first sentence for digital) and the next steps.
func dashboardRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "Status Update: "+m.theme)
	d.fields(item{"Summary:", or(m.desc, "Progress update on "+period(m.theme))}, item{"Owner:", team})
	d.h(2, "Highlights")
	var items []item
	for _, tp := range m.topics {
		text := tp.fallback
		if len(tp.notes) > 0 {
			text = t.pick(tp.notes.joined(), strings.Join(tp.notes[0], " "), tp.notes.first())
		}
		items = append(items, item{tp.title, text})
	}
	d.bullets(items...)
	d.h(2, "Next Steps")
	m.callToAction(&d)
	return d
}

// Words that put a sentence of the notes under an executive briefing's
// "Decision Needed" or "Impact".
var (
	decisionWords = []string{"decide", "decision", "approve", "approval", "endorse", "sign off", "sign-off", "authoris", "authoriz"}
	impactWords   = []string{"impact", "affect", "cost", "risk", "benefit", "saving", "budget", "%"}
)

// briefingRule: a decision-focused brief. Sentences of the notes that ask
// for a decision go under Decision Needed, those about impact under Impact,
// the rest is shared among the questions under Key Points; Situation is the
// theme's description; Next Steps calls to the meeting that decides.
func briefingRule(m *material) doc {
	t := m.tone
	var decision, impact []string
	var rest substance
	for _, p := range m.notes {
		var kept []string
		for _, s := range p {
			switch {
			case containsAny(s, decisionWords):
				decision = append(decision, s)
			case containsAny(s, impactWords):
				impact = append(impact, s)
			default:
				kept = append(kept, s)
			}
		}
		if len(kept) > 0 {
			rest = append(rest, kept)
		}
	}
	parts := distribute(rest, len(m.topics))
	var d doc
	d.h(1, "Executive Briefing: "+m.theme)
	d.h(2, "Situation")
	d.p(or(m.desc, "This briefing sets out the position on "+m.theme+", the decision needed and its impact."))
	d.h(2, "Key Points")
	for i, tp := range m.topics {
		d.h(3, tp.title)
		t.body(&d, parts[i], tp.fallback)
	}
	d.h(2, "Decision Needed")
	if len(decision) == 0 {
		decision = []string{"Endorse the approach to " + m.theme + " set out above and confirm who owns the next steps."}
	}
	t.body(&d, substance{decision}, "")
	d.h(2, "Impact")
	if len(impact) == 0 {
		impact = []string{"The teams affected by " + m.theme + " will need time for training and support during the transition."}
	}
	t.body(&d, substance{impact}, "")
	d.h(2, "Next Steps")
	d.p(t.pick("We ask that a decision be taken at the next steering committee meeting.",
		"Please confirm your decision at the next steering committee, or before it through the programme office.",
		"→ Reply to the programme office with your decision"))
	return d
}

// yammerRule: a conversational post: a friendly opener, a short point per
// question, an open question to the community and (but for traditional) a
// hashtag.
func yammerRule(m *material) doc {
	t := m.tone
	var d doc
	d.p(t.pick("Hello everyone, here is an update on "+period(m.theme),
		"Hi everyone, here's an update on "+period(m.theme),
		"Hi all 👋 Quick update on "+period(m.theme)))
	if m.desc != "" {
		d.p(m.desc)
	}
	if t == domain.StrategyDigital {
		var items []item
		for _, tp := range m.topics {
			items = append(items, item{tp.title, or(tp.notes.first(), tp.fallback)})
		}
		d.bullets(items...)
	} else {
		for _, tp := range m.topics {
			text := tp.fallback
			if len(tp.notes) > 0 {
				text = strings.Join(tp.notes[0], " ")
			}
			d.lp(tp.title, text)
		}
	}
	d.p(t.pick("If you have questions, please reply below or speak to your manager.",
		"Questions? Reply below and we'll answer them here.",
		"What do you think? Drop your questions in the replies 👇"))
	if tag := hashtag(m.theme); tag != "" && t != domain.StrategyTraditional {
		d.p(tag)
	}
	return d
}

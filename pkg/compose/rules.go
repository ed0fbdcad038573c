package compose

import (
	"fmt"
	"regexp"
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
	"slack":                yammerRule,
	"sms":                  smsRule,
}

func plainTitle(_ int, t topic) string { return t.title }

// emailRule: the communication's title as subject, a greeting to its
// audience, an opening line, the notes that answer no question, one section
// per question that has an answer, the key dates, the call to action and a
// sign-off.
func emailRule(m *material) doc {
	t := m.tone
	var d doc
	d.fields(item{"Subject:", m.subject()})
	d.p(m.greeting())
	d.p(t.pick("We are writing to update you on "+period(m.theme),
		"Here is an update on "+period(m.theme),
		"Quick update on "+period(m.theme)))
	if p := m.purpose(); p != "" {
		d.p(p)
	}
	t.body(&d, m.opening)
	m.topicsUnder(&d, 2, plainTitle)
	m.closingBody(&d, 2)
	m.keyDates(&d, 2)
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
	d.h(1, or(m.frame.Title, m.theme))
	if p := m.purpose(); p != "" {
		d.p(p)
	}
	switch {
	case len(m.topics) == 0:
	case t == domain.StrategyTraditional:
		d.p("In this article we answer the questions colleagues have been asking about " + period(m.theme))
	case t == domain.StrategyDigital:
		d.h(2, "In This Post")
		var items []item
		for _, tp := range m.topics {
			items = append(items, item{text: tp.title})
		}
		d.bullets(items...)
	}
	m.body(&d, m.opening)
	m.topicsUnder(&d, 2, plainTitle)
	m.closingBody(&d, 2)
	m.keyDates(&d, 2)
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
// call to action; cut to fit, in GSM-7 (fitSMS).
func smsRule(m *material) doc {
	t := m.tone
	lead := t.pick("ERP Programme update: ", "ERP Programme: ", "") + m.theme + ":"
	cta := t.pick("Questions? Please ask your manager.", "More on the programme hub.", "More: programme hub")
	return m.compact(m.points(), func(pts []string) doc {
		var d doc
		d.p(strings.Join(append(append([]string{lead}, pts...), cta), " "))
		return d
	})
}

// signageRule: one screen, the communication's title (else the theme) as
// headline, a line per question and the short call to action; cut to fit.
func signageRule(m *material) doc {
	return m.compact(m.points(), func(pts []string) doc {
		var d doc
		d.h(1, or(m.frame.Title, m.theme))
		var items []item
		for _, p := range pts {
			items = append(items, item{text: p})
		}
		d.bullets(items...)
		d.p(m.tone.shortCTA())
		return d
	})
}

// pushRule: the communication's title (else the theme) as the
// notification's title, one line of the first sentences and a tap-through;
// cut to fit.
func pushRule(m *material) doc {
	tap := m.tone.pick("Open the app for details.", "Tap for details.", "Tap to read more →")
	return m.compact(m.points(), func(pts []string) doc {
		var d doc
		d.h(1, or(m.frame.Title, m.theme))
		d.p(strings.Join(append(pts, tap), " "))
		return d
	})
}

// newsletterRule: the template's title, its campaign theme, and its enabled
// sections in order under their titles (NewsletterHTML's layout). Section 1
// carries the lead story (the theme, its description, the notes under their
// questions), section 4 the key dates, section 15 ends with the call to
// action. The notes that match another enabled section's title and default
// text better go to that section instead (placeSections), once. A section shows its content, or its material, or else its
// default text as a bracketed placeholder ("[Add the key dates]"), never as
// news.
//
// The template's title stays the masthead (the template's design, the name
// readers know the newsletter by); the communication frames the issue on
// the line under it: its title in bold and its date ("Wave 2 Readiness
// Update – 15 March 2027"). The template editor's preview has no
// communication, so it shows no such line and is otherwise the same HTML.
func newsletterRule(m *material) doc {
	var d doc
	d.h(1, or(inline(m.tpl.Title), DefaultNewsletterTitle))
	switch title, date := m.frame.Title, m.dateLine(); {
	case title != "" && date != "":
		d.lp(title, "– "+date)
	case title != "" || date != "":
		d.lp(title, date)
	}
	if ct := inline(m.tpl.CampaignTheme); ct != "" {
		d.p(ct)
	}
	for _, s := range sectionsInOrder(m.tpl) {
		if !s.Enabled {
			continue
		}
		notes := m.sections[s.Number]
		material := (s.Number == 1) || (s.Number == 4 && len(m.dates) > 0) || s.Number == SectionCount || len(notes) > 0
		content := paragraphs(s.Content)
		if !material && !m.placeholders && len(content) == 0 && !hasSubContent(s) {
			continue // a section the notes cannot fill is left out
		}
		d.h(2, or(inline(s.Title), fmt.Sprintf("Section %d", s.Number)))
		for _, p := range content {
			d.p(p)
		}
		subs := false
		for _, sub := range s.SubSections {
			if ps := paragraphs(sub.Content); len(ps) > 0 {
				subs = true
				d.h(3, or(inline(sub.Title), sub.ID))
				for _, p := range ps {
					d.p(p)
				}
			}
		}
		if len(content) == 0 && !subs && !material && m.placeholders {
			if p := Placeholder(s); p != "" {
				d.p(p)
			}
		}
		m.tone.body(&d, notes)
		switch s.Number {
		case 1:
			d.h(3, m.theme)
			if p := m.purpose(); p != "" {
				d.p(p)
			}
			m.tone.body(&d, m.opening)
			for _, t := range m.topics {
				d.lp(t.title, "")
				m.tone.body(&d, t.notes)
			}
			if len(m.closing) > 0 && len(m.topics) > 0 {
				d.lp("And finally", "")
			}
			m.tone.body(&d, m.closing)
			m.openQuestions(&d, 0)
		case 4:
			d.bullets(m.dates...)
		case SectionCount:
			m.callToAction(&d)
		}
	}
	return d
}

// memoRule: MEMORANDUM with TO (the audience), FROM, DATE (the scheduled
// date) and RE (the title) lines, the purpose, a numbered section per
// question, the key dates, the action required and (but for digital) a
// closing line.
func memoRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, "MEMORANDUM")
	fields := []item{{"TO:", or(m.frame.Audience, "All employees")}, {"FROM:", team}}
	if dl := m.dateLine(); dl != "" {
		fields = append(fields, item{"DATE:", dl})
	}
	d.fields(append(fields, item{"RE:", or(m.frame.Title, m.theme)})...)
	d.rule()
	d.p(or(m.purpose(), "This memo sets out what you need to know about "+period(m.theme)))
	if t == domain.StrategyTraditional {
		d.p("Please read it carefully and share it with your team.")
	}
	t.body(&d, m.opening)
	m.topicsUnder(&d, 2, func(i int, tp topic) string { return fmt.Sprintf("%d. %s", i+1, tp.title) })
	m.closingBody(&d, 2)
	m.keyDates(&d, 2)
	d.h(2, "Action Required")
	m.callToAction(&d)
	if s := t.pick("Thank you for your continued support.", "Thank you.", ""); s != "" {
		d.p(s)
	}
	return d
}

// topicSegments makes a timed segment of each topic that has material;
// extra, when set, adds to the segment (its index given).
func (m *material) topicSegments(span int, extra func(i int, d *doc)) []segment {
	var segs []segment
	for i, tp := range m.topics {
		segs = append(segs, segment{tp.title, span, func(d *doc) {
			m.say(d, tp.notes)
			if extra != nil {
				extra(i, d)
			}
		}})
	}
	return segs
}

// aside is a segment for the notes that answer no question and come
// before the answers (the opening paragraph, the open questions), or none.
// The closing notes ("Thank you for all the work") are said at the close.
func (m *material) aside(title string, span int) []segment {
	if len(m.opening)+len(m.open) == 0 {
		return nil
	}
	return []segment{{title, span, func(d *doc) {
		m.say(d, m.opening)
		m.openQuestions(d, 0)
	}}}
}

// townHallRule: a run of show with timings (welcome, why it matters, a
// segment per question, questions and answers, close), then the talking
// points of each segment. It invites to no event the notes do not name.
func townHallRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, m.headline(typeLabel("town_hall"), "town hall"))
	segs := []segment{
		{"Welcome and introductions", 5, func(d *doc) {
			d.p(t.pick("Thank everyone for attending, introduce the speakers and explain that today's session covers "+period(m.theme),
				"Welcome everyone, introduce the speakers and set out today's topic: "+period(m.theme),
				"Welcome everyone and share the agenda: "+period(m.theme)))
		}},
		{"Why this matters", 5, func(d *doc) {
			d.p(or(m.purpose(), "Explain why "+m.theme+" matters to the business and to each team."))
		}},
	}
	segs = append(segs, m.aside("Where we are", t.pickInt(10, 8, 6))...)
	segs = append(segs, m.topicSegments(t.pickInt(10, 8, 6), nil)...)
	segs = append(segs,
		segment{"Questions and answers", t.pickInt(15, 15, 10), func(d *doc) {
			d.p(t.pick("Invite questions from the room and from those joining remotely. Note any that cannot be answered today and promise a written follow-up.",
				"Take questions from the room and online. Note any that need a follow-up.",
				"Take the top-voted questions from the live channel first."))
		}},
		segment{"Close and next steps", 5, func(d *doc) {
			m.say(d, m.closing)
			d.p(t.spokenCTA())
			d.p("Thank everyone for their time.")
		}},
	)
	timed(&d, "Run of Show", "Talking Points", segs)
	return d
}

// pickInt is pick for numbers.
func (t tone) pickInt(traditional, universal, digital int) int {
	return byTone(t, traditional, universal, digital)
}

// workshopActivities are the exercises of a workshop, one per question and
// each used once, so no activity repeats.
var workshopActivities = map[tone][]string{
	domain.StrategyTraditional: {
		"Discuss in small groups and agree on two points to share with the room.",
		"Each group works through one case from its own area and reports back.",
		"Together, list the questions your team will ask and agree who answers them.",
		"Review the steps in pairs and note anything that is unclear.",
	},
	domain.StrategyUniversal: {
		"Work in pairs on a real example from your own work, then share one takeaway.",
		"In small groups, walk through one case from your team and note the open points.",
		"List the questions your team will ask, then agree the answers together.",
		"Check the steps in pairs and flag anything that is unclear.",
	},
	domain.StrategyDigital: {
		"Hands-on: try it in the training environment, then post your takeaway in the session chat.",
		"In breakout rooms, walk through one real case and share a screenshot of the result.",
		"Vote on the top three questions in the chat, then answer them together.",
		"Pair up and check each other's steps; post what tripped you up.",
	},
}

// workshopRule: the objective, an agenda with timings (welcome, an exercise
// per question, wrap-up) and a session plan with a different activity for
// each. It invites to no event the notes do not name.
func workshopRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, m.headline("Workshop", "workshop"))
	d.lp("Objective:", or(m.purpose(), "Work through "+m.theme+" together and agree on the next steps."))
	activities := workshopActivities[t]
	segs := []segment{{"Welcome and objectives", 10, func(d *doc) {
		d.p(t.pick("Welcome the participants, agree the ground rules and set out the objectives of the session.",
			"Welcome everyone and set out the objectives.",
			"Quick intros and today's goals."))
		m.say(d, m.opening)
	}}}
	segs = append(segs, m.topicSegments(t.pickInt(20, 15, 15), func(i int, d *doc) {
		if i < len(activities) {
			d.lp("Activity:", activities[i])
		}
	})...)
	segs = append(segs, segment{"Wrap-up and next steps", 10, func(d *doc) {
		m.say(d, m.closing)
		m.openQuestions(d, 0)
		d.p(t.spokenCTA())
	}})
	timed(&d, "Agenda", "Session Plan", segs)
	return d
}

// lunchLearnRule: an hour's agenda with timings (arrival and lunch, an
// introduction, the questions sharing 30 minutes, questions and answers,
// wrap-up) and notes for each part.
func lunchLearnRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, m.headline(typeLabel("lunch_learn"), "lunch and learn"))
	d.p(t.pick("You are warmly invited to bring your lunch and join us for an informal session on "+period(m.theme),
		"Bring your lunch and join us for an informal session on "+period(m.theme),
		"Grab lunch and join us: "+period(m.theme)))
	segs := []segment{
		{"Arrival and lunch", 10, func(d *doc) { d.p("Settle in with your lunch.") }},
		{"Introduction", 5, func(d *doc) {
			d.p(or(m.purpose(), "Why "+m.theme+" matters."))
			m.say(d, m.opening)
		}},
	}
	n := max(len(m.topics), 1)
	for i, tp := range m.topics {
		span := max(30/n, 3)
		if i < 30%n && 30/n >= 3 {
			span++
		}
		segs = append(segs, segment{tp.title, span, func(d *doc) { m.say(d, tp.notes) }})
	}
	segs = append(segs,
		segment{"Questions and answers", 10, func(d *doc) {
			d.p("Open the floor to questions.")
			m.openQuestions(d, 0)
		}},
		segment{"Wrap-up", 5, func(d *doc) {
			m.say(d, m.closing)
			d.p(t.spokenCTA())
		}},
	)
	timed(&d, "Agenda", "Session Notes", segs)
	return d
}

// podcastTransitions lead into the segments, each used once.
var podcastTransitions = map[tone][]string{
	domain.StrategyTraditional: {"Let's turn to a question many of you have asked: ", "Another question we hear often: ", "Moving on: ", "And finally: "},
	domain.StrategyUniversal:   {"First: ", "Next: ", "Then: ", "And finally: "},
	domain.StrategyDigital:     {"First up: ", "Next up: ", "Also: ", "Last one: "},
}

// podcastRule: the episode summary, a segment list with timings, then the
// script: the host's intro, a segment per question with talking points, and
// the outro with a call to action said aloud.
func podcastRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, m.headline("Podcast Episode", "podcast"))
	d.lp("Episode summary:", or(m.purpose(), "A conversation about "+period(m.theme)))
	segs := []segment{{"Intro", 2, func(d *doc) {
		d.lp("HOST:", t.pick("Welcome to the programme podcast. In this episode we talk about "+period(m.theme),
			"Welcome to the programme podcast. Today we're looking at "+period(m.theme),
			"Hey, welcome back! Today: "+period(m.theme)))
		m.say(d, m.opening)
	}}}
	trans := podcastTransitions[t]
	for i, tp := range m.topics {
		segs = append(segs, segment{tp.title, t.pickInt(8, 6, 4), func(d *doc) {
			lead := ""
			if i < len(trans) {
				lead = trans[i]
			}
			d.lp("HOST:", lead+tp.title)
			d.lp("Talking points:", "")
			m.say(d, tp.notes)
		}})
	}
	segs = append(segs, segment{"Outro", 2, func(d *doc) {
		m.say(d, m.closing)
		m.openQuestions(d, 0)
		d.lp("HOST:", t.spokenCTA())
		d.p("Thanks for listening.")
	}})
	timed(&d, "Segments", "Script", segs)
	return d
}

// videoRule: a scene list with timings in seconds, then per scene what is on
// screen and the voice-over: a title card, a scene per question, and a
// closing call to action said aloud.
func videoRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, m.headline("Video Script", "video"))
	intro := or(m.purpose(), t.pick("This short film explains "+period(m.theme), "Here is what you need to know about "+period(m.theme), period(m.theme)+" In 2 minutes."))
	segs := []segment{{"Title card", 15, func(d *doc) {
		d.lp("On screen:", or(m.frame.Title, m.theme))
		d.lp("Voice-over:", intro)
		m.say(d, m.spoken(m.opening, 15, intro))
	}}}
	for _, tp := range m.topics {
		span := t.pickInt(45, 40, 30)
		segs = append(segs, segment{tp.title, span, func(d *doc) {
			d.lp("On screen:", tp.title)
			d.lp("Voice-over:", "")
			m.say(d, m.spoken(tp.notes, span, ""))
		}})
	}
	segs = append(segs, segment{"Call to action", 15, func(d *doc) {
		d.lp("On screen:", "The programme hub")
		if len(m.closing)+len(m.open) == 0 {
			d.lp("Voice-over:", t.spokenCTA())
			return
		}
		// The last notes are said before the call to action, which ends
		// the film.
		d.lp("Voice-over:", "")
		m.say(d, m.spoken(m.closing, 15, t.spokenCTA()))
		m.openQuestions(d, 0)
		d.p(t.spokenCTA())
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
// first sentence for digital), the key dates and the next steps.
func dashboardRule(m *material) doc {
	t := m.tone
	var d doc
	d.h(1, m.headline("Status Update", "update"))
	d.fields(item{"Status:", m.status()}, item{"Owner:", team})
	t.body(&d, m.opening)
	var items []item
	for _, tp := range m.topics {
		items = append(items, item{tp.title, t.pick(tp.notes.joined(), tp.notes.firstPara(), asSentence(tp.point))})
	}
	if len(items) > 0 {
		d.h(2, "Highlights")
		d.bullets(items...)
	}
	m.closingBody(&d, 2)
	m.keyDates(&d, 2)
	d.h(2, "Next Steps")
	m.callToAction(&d)
	return d
}

// Words that put a sentence of the notes under an executive briefing's
// "Decision Needed" or "Impact". A decision is for the executives: a
// sentence that asks to decide, endorse or authorise, or to approve or sign
// off something executives own (a budget, a plan, the go/no-go).
// "Timesheets must be approved by Wednesday" is a staff action and "within
// the approved budget" a fact: neither is a decision.
var (
	decisionAsk     = regexp.MustCompile(`(?i)\b(?:decide|decision|go/no-go|go-no-go|endorse|authori[sz]e|authori[sz]ation)\b`)
	approvalAsk     = regexp.MustCompile(`(?i)\b(?:approve|approval|sign[- ]off)\b`)
	executiveObject = regexp.MustCompile(`(?i)\b(?:budgets?|funding|plans?|approach|scope|investments?|resources?|headcount|polic(?:y|ies)|proposals?|recommendations?|business case|contracts?|options?|go-live date)\b`)
	impactWords     = []string{"impact", "affect", "cost", "risk", "benefit", "saving", "budget", "%"}
)

// asksDecision says whether a sentence asks the executives for a decision.
func asksDecision(s string) bool {
	return decisionAsk.MatchString(s) || approvalAsk.MatchString(s) && executiveObject.MatchString(s)
}

// briefingRule: a decision-focused brief. Sentences of the notes that ask
// for a decision go under Decision Needed, those about impact under Impact,
// the rest stays under its question in Key Points; Situation is the theme's
// description; Next Steps calls to the meeting that decides.
func briefingRule(m *material) doc {
	t := m.tone
	var decision, impact []string
	take := func(s substance) substance {
		var out substance
		for _, p := range s {
			kept := para{list: p.list, src: p.src}
			for _, sent := range p.items {
				switch {
				case toEmployees(sent):
					// A line for employees ("Your pay date does not
					// change") is no executive's business.
				case asksDecision(sent):
					decision = append(decision, sent)
				case containsAny(sent, impactWords):
					impact = append(impact, sent)
				default:
					kept.items = append(kept.items, sent)
				}
			}
			if len(kept.items) > 0 {
				out = append(out, kept)
			}
		}
		return out
	}
	opening := take(m.opening)
	var points []topic
	for _, tp := range m.topics {
		if n := take(tp.notes); len(n) > 0 {
			points = append(points, topic{title: tp.title, notes: n})
		}
	}
	closing := take(m.closing)
	var d doc
	d.h(1, m.headline(typeLabel("executive_briefing"), "briefing"))
	d.h(2, "Situation")
	d.p(or(m.purpose(), "This briefing sets out the position on "+m.theme+" and its impact."))
	t.body(&d, opening)
	if len(points)+len(closing)+len(m.open) > 0 {
		d.h(2, "Key Points")
		for _, tp := range points {
			d.h(3, tp.title)
			t.body(&d, tp.notes)
		}
		if len(closing) > 0 && len(points) > 0 {
			// Not read as the last question's answer (closingBody's rule).
			d.h(3, "And finally")
		}
		t.body(&d, closing)
		m.openQuestions(&d, 3)
	}
	// Without material a section is a visible placeholder paragraph, as the
	// newsletter's defaults (step 4 counts them): an invented decision or
	// impact must not reach the executives.
	section := func(title string, items []string, placeholder string) {
		if len(items) == 0 {
			if m.placeholders {
				d.h(2, title)
				d.p(placeholder)
			}
			return
		}
		d.h(2, title)
		t.body(&d, substance{{items: items}})
	}
	section("Decision Needed", decision, "[Add the decision you need from the steering committee]")
	section("Impact", impact, "[Add the impact: who is affected, the cost and the risk]")
	d.h(2, "Next Steps")
	if len(decision) > 0 || m.placeholders {
		d.p(t.pick("We ask that a decision be taken at the next steering committee meeting.",
			"Please confirm your decision at the next steering committee, or before it through the programme office.",
			"→ Reply to the programme office with your decision"))
	} else {
		d.p(t.pick("We will report progress at the next steering committee meeting.",
			"We will report progress at the next steering committee.",
			"→ Progress at the next steering committee"))
	}
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
	if p := m.purpose(); p != "" {
		d.p(p)
	}
	if f := m.opening.firstPara(); f != "" {
		d.p(f)
	}
	if t == domain.StrategyDigital {
		var items []item
		for _, tp := range m.topics {
			items = append(items, item{tp.title, asSentence(tp.point)})
		}
		d.bullets(items...)
	} else {
		for _, tp := range m.topics {
			d.lp(tp.title, tp.notes.firstPara())
		}
	}
	m.openQuestions(&d, 0)
	d.p(t.pick("If you have questions, please reply below or speak to your manager.",
		"Questions? Reply below and we'll answer them here.",
		"What do you think? Drop your questions in the replies 👇"))
	if tag := hashtag(m.theme); tag != "" && t != domain.StrategyTraditional {
		d.p(tag)
	}
	return d
}

// hasSubContent says whether a template section's sub-sections hold text.
func hasSubContent(s Section) bool {
	for _, sub := range s.SubSections {
		if len(paragraphs(sub.Content)) > 0 {
			return true
		}
	}
	return false
}

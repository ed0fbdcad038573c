package seed

import (
	"fmt"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// The demo plan: the ERP (SAP) programme of the field-services group, as a
// planner would have it a few weeks before the first divisions go live.

type demoTheme struct {
	Name, Description, Icon, Color string
	Questions                      []demoQuestion
}

type demoQuestion struct {
	Text, Description string
}

// questionRef names a question by its theme and its position in the theme.
type questionRef struct {
	Theme string
	Index int
}

type demoContent struct {
	Title, Description, Type, URL, VehicleType, Body string
	Questions                                        []questionRef
}

type demoCommunication struct {
	Title     string
	Theme     string
	Questions []int  // positions of the theme's questions
	Audience  string // division label; empty for none
	Vehicle   string // vehicle type
	Status    string
	// Day is the scheduled day relative to Now (sent ones lie in the past);
	// drafts have no date.
	Day        int
	FinalTitle string // content title of the final content, if any
	Raw        string
}

const (
	themeWhy      = "Why We're Moving to SAP"
	themeField    = "What Changes for Field Teams"
	themeTraining = "Training and Support"
	themeGoLive   = "Go-Live Readiness"
	themeService  = "Service Coordination and Dispatch"
)

var demoThemes = []demoTheme{
	{themeWhy, "The business case for one ERP across every division, and what it means for customers and colleagues.", "fa-rocket", "blue", []demoQuestion{
		{"Why are we replacing the systems we use today?", "Each acquired company still runs its own accounting, scheduling and inventory tools."},
		{"What will one system change for our customers?", "One view of every site, contract and inspection, whichever division serves it."},
		{"How does SAP help bring acquired divisions together?", ""},
	}},
	{themeField, "How daily work changes for installers, technicians, fitters and inspectors.", "fa-users", "green", []demoQuestion{
		{"How will technicians receive work orders and log their time?", "The field app replaces paper tickets and the old dispatch tools."},
		{"Will inspection reports and deficiencies still be captured on site?", ""},
		{"What happens to the tools we use today during cut-over?", "Which systems go read-only, and when."},
	}},
	{themeTraining, "When, where and how each role is trained, and where to get help afterwards.", "fa-lightbulb", "purple", []demoQuestion{
		{"When and how will I be trained?", "Training is scheduled by role and by go-live wave."},
		{"Who do I contact if I get stuck after go-live?", ""},
		{"Where can I find quick reference guides?", ""},
	}},
	{themeGoLive, "What every division must finish before it switches over, and how the switch is protected.", "fa-route", "orange", []demoQuestion{
		{"When does my division go live?", "Divisions go live in waves."},
		{"What must my team finish before cut-over?", ""},
		{"How are billing and payroll protected during the switch?", "Parallel runs and sign-offs before the old systems close."},
	}},
	{themeService, "Scheduling inspections and service calls in the new system.", "fa-cogs", "teal", []demoQuestion{
		{"How will service coordinators schedule inspections in SAP?", ""},
		{"Will customers notice any change in how we book visits?", ""},
	}},
}

var demoContents = []demoContent{
	{
		Title: "SAP Programme Overview", Type: domain.ContentText, VehicleType: "email",
		Description: "One-page summary of the programme for all employees.",
		Body: "Over the next year every division moves onto one SAP system for finance, service, projects and inventory. " +
			"Today each company we have joined keeps its own tools, which makes it hard to share work, parts and people across divisions. " +
			"One system gives customers a single view of their sites and gives us one way of working.",
		Questions: []questionRef{{themeWhy, 0}, {themeWhy, 1}},
	},
	{
		Title: "Integration Roadmap for Acquired Divisions", Type: domain.ContentDocument, VehicleType: "executive_briefing",
		URL:         "https://intranet.example.com/sap/integration-roadmap.pdf",
		Description: "How newly acquired divisions join the common processes, wave by wave.",
		Body:        "The roadmap sets out which divisions join in each wave, the processes they adopt first and the support each receives.",
		Questions:   []questionRef{{themeWhy, 2}},
	},
	{
		Title: "Field App Walkthrough", Type: domain.ContentVideo, VehicleType: "video",
		URL:         "https://intranet.example.com/sap/field-app-walkthrough",
		Description: "Eight-minute video of a technician's day in the field app.",
		Body:        "A fire alarm technician receives a work order, records an inspection with two deficiencies, logs time and parts, and gets the customer's signature.",
		Questions:   []questionRef{{themeField, 0}, {themeField, 1}},
	},
	{
		Title: "Cut-over Plan: Tools and Timeline", Type: domain.ContentText, VehicleType: "internal",
		Description: "Which of today's tools stop, and when.",
		Body: "Two weeks before go-live the old scheduling tools go read-only for new work. " +
			"Open work orders are moved over the final weekend, and paper tickets are accepted for three days after go-live as a fallback.",
		Questions: []questionRef{{themeField, 2}, {themeGoLive, 1}},
	},
	{
		Title: "Training Schedule by Role", Type: domain.ContentDocument, VehicleType: "email",
		URL:         "https://intranet.example.com/sap/training-schedule.pdf",
		Description: "Course dates for every role and wave.",
		Body:        "Field staff take a two-hour hands-on session on the field app; coordinators, billing and project staff take two days of classroom training.",
		Questions:   []questionRef{{themeTraining, 0}},
	},
	{
		Title: "Support After Go-Live", Type: domain.ContentText, VehicleType: "yammer_teams",
		Description: "Who helps when something does not work.",
		Body: "Each division has trained super users on site for the first four weeks. " +
			"The help desk is open from 6am to 8pm local time, and quick reference guides for every role are on the programme's intranet page.",
		Questions: []questionRef{{themeTraining, 1}, {themeTraining, 2}},
	},
	{
		Title: "Division Go-Live Waves", Type: domain.ContentText, VehicleType: "project_dashboard",
		Description: "Which divisions go live in which wave.",
		Body:        "Wave 1: the California and Florida divisions. Wave 2: Massachusetts, Maryland, Pennsylvania and New Jersey. Wave 3: Texas, New York, Michigan and Georgia. Corporate and HR Services go live with wave 1.",
		Questions:   []questionRef{{themeGoLive, 0}},
	},
	{
		Title: "Billing and Payroll Continuity", Type: domain.ContentText, VehicleType: "internal",
		Description: "How invoices and pay are protected during the switch.",
		Body:        "Payroll runs in both systems for two cycles and is compared line by line before the old system is closed. Invoices are issued from SAP from day one, with every division controller signing off the first batch.",
		Questions:   []questionRef{{themeGoLive, 2}},
	},
	{
		Title: "Scheduling Inspections in SAP", Type: domain.ContentText, VehicleType: "lunch_learn",
		Description: "Guide for service coordinators and dispatchers.",
		Body:        "Inspection due dates come from the service agreements, so recurring inspections appear in the coordinator's queue automatically. Customers keep receiving the same confirmation and reminder messages.",
		Questions:   []questionRef{{themeService, 0}, {themeService, 1}},
	},
}

var demoCommunications = []demoCommunication{
	{Title: "Programme Kick-off: Why We're Moving to SAP", Theme: themeWhy, Questions: []int{0, 1}, Vehicle: "email",
		Status: domain.StatusSent, Day: -14, FinalTitle: "SAP Programme Overview",
		Raw: "Announce the programme to all employees and explain why one system matters."},
	{Title: "Leadership Briefing: Integration Roadmap", Theme: themeWhy, Questions: []int{2}, Audience: "Corporate", Vehicle: "executive_briefing",
		Status: domain.StatusSent, Day: -7, FinalTitle: "Integration Roadmap for Acquired Divisions",
		Raw: "Walk division presidents through the integration waves."},
	{Title: "Town Hall: Wave 1 Go-Live Dates", Theme: themeGoLive, Questions: []int{0}, Audience: "SFB - California", Vehicle: "town_hall",
		Status: domain.StatusScheduled, Day: 3, Raw: "Confirm the wave 1 dates and what happens in the weeks before."},
	{Title: "Field App Walkthrough for Technicians", Theme: themeField, Questions: []int{0, 1}, Audience: "TFS - Florida", Vehicle: "video",
		Status: domain.StatusScheduled, Day: 7, FinalTitle: "Field App Walkthrough", Raw: "Share the walkthrough video with fire alarm technicians."},
	{Title: "Training Sign-up Opens", Theme: themeTraining, Questions: []int{0}, Audience: "LAF - California", Vehicle: "email",
		Status: domain.StatusScheduled, Day: 10, FinalTitle: "Training Schedule by Role", Raw: "Ask every employee to book their training session."},
	{Title: "Cut-over Checklist for Division Managers", Theme: themeGoLive, Questions: []int{1}, Audience: "ORS - Florida", Vehicle: "internal",
		Status: domain.StatusScheduled, Day: 14, Raw: "List what each division must finish before cut-over."},
	{Title: "Lunch & Learn: Scheduling Inspections in SAP", Theme: themeService, Questions: []int{0}, Audience: "FPS - Florida", Vehicle: "lunch_learn",
		Status: domain.StatusScheduled, Day: 21, FinalTitle: "Scheduling Inspections in SAP", Raw: "Hands-on session for service coordinators and dispatchers."},
	{Title: "Payroll Parallel Run: What to Expect", Theme: themeGoLive, Questions: []int{2}, Audience: "HR Services", Vehicle: "newsletter",
		Status: domain.StatusScheduled, Day: 24, Raw: "Explain the two parallel payroll cycles."},
	{Title: "Go-Live Reminder for Field Teams", Theme: themeField, Questions: []int{2}, Audience: "GWL - California", Vehicle: "sms",
		Status: domain.StatusScheduled, Day: 28, Raw: "Remind field teams that the old tools go read-only."},
	{Title: "Support Model After Go-Live", Theme: themeTraining, Questions: []int{1, 2}, Audience: "PCS - California", Vehicle: "yammer_teams",
		Status: domain.StatusScheduled, Day: 35, FinalTitle: "Support After Go-Live", Raw: "Introduce super users and the help desk hours."},
	{Title: "Wave 2 Readiness Update", Theme: themeGoLive, Questions: []int{0, 1}, Audience: "BFA - Massachusetts", Vehicle: "project_dashboard",
		Status: domain.StatusScheduled, Day: 42, FinalTitle: "Division Go-Live Waves", Raw: "Progress of the wave 2 divisions against the readiness checklist."},
	{Title: "Customer Scheduling Stays the Same", Theme: themeService, Questions: []int{1}, Audience: "SDS - California", Vehicle: "blog",
		Status: domain.StatusScheduled, Day: 49, Raw: "Reassure coordinators that customers see the same booking messages."},
	{Title: "Wave 1 Go-Live Week Podcast", Theme: themeField, Questions: []int{0}, Audience: "ATF - Georgia", Vehicle: "podcast",
		Status: domain.StatusScheduled, Day: 55, Raw: "Technicians from wave 1 talk about their first week."},
	{Title: "Draft: Quick Reference Guides Are Live", Theme: themeTraining, Questions: []int{2}, Vehicle: "digital_signage",
		Status: domain.StatusDraft, Raw: "Point everyone to the quick reference guides."},
	{Title: "Draft: Why One System Helps Our Customers", Theme: themeWhy, Questions: []int{1}, Audience: "HFS - Texas", Vehicle: "social",
		Status: domain.StatusDraft, Raw: "Customer-facing angle for the programme story."},
	{Title: "Draft: Wave 3 Division Workshop", Theme: themeGoLive, Questions: []int{1}, Audience: "GLF - Michigan", Vehicle: "interactive_workshop",
		Status: domain.StatusDraft, Raw: "Plan a readiness workshop for the wave 3 divisions."},
}

func questionKey(theme, text string) string { return theme + "\x00" + text }

func (r *run) seedThemes() error {
	list, err := r.s.ListThemes(r.ctx)
	if err != nil {
		return err
	}
	r.themes = map[string]string{}
	for _, t := range list {
		r.themes[t.Name] = t.ID
	}
	return r.tally(KindThemes, len(demoThemes), func(i int) string { return demoThemes[i].Name }, r.themes, func(i int) (string, error) {
		dt := demoThemes[i]
		t := domain.Theme{Name: dt.Name, Description: dt.Description, Icon: dt.Icon, Color: dt.Color}
		if err := t.Validate(); err != nil {
			return "", err
		}
		err := r.s.CreateTheme(r.ctx, &t)
		return t.ID, err
	})
}

func (r *run) seedQuestions() error {
	list, err := r.s.ListQuestions(r.ctx, store.QuestionFilter{})
	if err != nil {
		return err
	}
	themeNames := map[string]string{}
	for name, id := range r.themes {
		themeNames[id] = name
	}
	r.questions = map[string]string{}
	nextOrder := map[string]int{} // theme id → next free sortOrder
	for _, q := range list {
		r.questions[questionKey(themeNames[q.ThemeID], q.Question)] = q.ID
		nextOrder[q.ThemeID] = max(nextOrder[q.ThemeID], q.SortOrder+1)
	}
	type item struct{ theme, text, description string }
	var items []item
	for _, t := range demoThemes {
		for _, q := range t.Questions {
			items = append(items, item{t.Name, q.Text, q.Description})
		}
	}
	return r.tally(KindQuestions, len(items), func(i int) string { return questionKey(items[i].theme, items[i].text) }, r.questions, func(i int) (string, error) {
		themeID := r.themes[items[i].theme]
		q := domain.Question{ThemeID: themeID, Question: items[i].text, Description: items[i].description, SortOrder: nextOrder[themeID]}
		if err := q.Validate(); err != nil {
			return "", err
		}
		if err := r.s.CreateQuestion(r.ctx, &q); err != nil {
			return "", err
		}
		nextOrder[themeID]++
		return q.ID, nil
	})
}

// questionID resolves a demo question reference to the stored question.
func (r *run) questionID(ref questionRef) (string, error) {
	for _, t := range demoThemes {
		if t.Name == ref.Theme && ref.Index >= 0 && ref.Index < len(t.Questions) {
			if id, ok := r.questions[questionKey(t.Name, t.Questions[ref.Index].Text)]; ok {
				return id, nil
			}
		}
	}
	return "", fmt.Errorf("demo plan: no question %d in theme %q", ref.Index, ref.Theme)
}

func (r *run) seedContent() error {
	list, err := r.s.ListContent(r.ctx)
	if err != nil {
		return err
	}
	r.content = map[string]string{}
	for _, c := range list {
		r.content[c.Title] = c.ID
	}
	return r.tally(KindContent, len(demoContents), func(i int) string { return demoContents[i].Title }, r.content, func(i int) (string, error) {
		dc := demoContents[i]
		c := domain.Content{Title: dc.Title, Description: dc.Description, Content: dc.Body, Type: dc.Type, URL: dc.URL,
			VehicleType: dc.VehicleType, QuestionIDs: []string{}}
		for _, ref := range dc.Questions {
			id, err := r.questionID(ref)
			if err != nil {
				return "", err
			}
			c.QuestionIDs = append(c.QuestionIDs, id)
		}
		if err := c.Validate(); err != nil {
			return "", err
		}
		err := r.s.CreateContent(r.ctx, &c)
		return c.ID, err
	})
}

func (r *run) seedCommunications() error {
	list, err := r.s.ListCommunications(r.ctx)
	if err != nil {
		return err
	}
	existing := map[string]string{}
	for _, c := range list {
		existing[c.Title] = c.ID
	}
	vehicleNames := map[string]string{}
	for _, v := range domain.VehicleTypes {
		vehicleNames[v.Type] = v.Label
	}
	dcs := demoCommunications
	return r.tally(KindCommunications, len(dcs), func(i int) string { return dcs[i].Title }, existing, func(i int) (string, error) {
		dc := dcs[i]
		c := domain.Communication{
			Title:             dc.Title,
			ThemeID:           r.themes[dc.Theme],
			SelectedQuestions: []string{},
			VehicleID:         r.vehicles[vehicleNames[dc.Vehicle]],
			RawContent:        dc.Raw,
			Status:            dc.Status,
		}
		if c.ThemeID == "" || c.VehicleID == "" {
			return "", fmt.Errorf("demo plan: theme %q or vehicle %q not seeded", dc.Theme, dc.Vehicle)
		}
		for _, qi := range dc.Questions {
			id, err := r.questionID(questionRef{dc.Theme, qi})
			if err != nil {
				return "", err
			}
			c.SelectedQuestions = append(c.SelectedQuestions, id)
		}
		if dc.Audience != "" {
			if c.AudienceID = r.audiences[dc.Audience]; c.AudienceID == "" {
				return "", fmt.Errorf("demo plan: no audience %q", dc.Audience)
			}
		}
		if dc.FinalTitle != "" {
			c.FinalContentID = r.content[dc.FinalTitle]
			for _, dct := range demoContents {
				if dct.Title == dc.FinalTitle {
					c.GeneratedContent = dct.Body
				}
			}
		}
		if dc.Status != domain.StatusDraft {
			c.ScheduledDate = r.opts.Now.AddDate(0, 0, dc.Day).Format("2006-01-02")
		}
		if err := c.Validate(); err != nil {
			return "", err
		}
		err := r.s.CreateCommunication(r.ctx, &c)
		return c.ID, err
	})
}

package checklist

import "strings"

// Initial scores and maxima per category (spec §3): Impact items start low
// because impact must be worked down; engagement and functionality items
// start at their maximum and are marked down as gaps are found.
const (
	impactMax, impactInitial               = 10, 1
	engagementMax, engagementInitial       = 6, 6
	functionalityMax, functionalityInitial = 4, 4
)

type seed struct {
	code           int
	title          string
	team           string
	responsibility string
	questions      []string
}

var initialSeeds = []seed{
	// 1 Impact
	{CategoryImpact, "Business Process Changes Mapped", "Business Process Owners",
		"Document as-is and to-be processes for every affected function and sign them off", []string{
			"Have all end-to-end processes touched by the ERP been mapped as-is and to-be?",
			"Is every changed process owned by a named business process owner?",
			"Have the process changes been reviewed with the people who run them today?",
		}},
	{CategoryImpact, "Organizational Impact Assessment", "Change Management",
		"Assess the change impact by division, location, role and organizational level", []string{
			"Has a change impact assessment been completed for every division and location?",
			"Are the most affected groups identified and ranked by degree of change?",
			"Have division leaders reviewed and accepted the impact findings?",
		}},
	{CategoryImpact, "Role and Job Changes Defined", "Human Resources",
		"Define new or changed roles, job descriptions and reporting lines", []string{
			"Which job titles gain, lose or change tasks because of the new system?",
			"Are updated job descriptions ready and agreed with managers?",
			"Have any labor relations or union consultation needs been identified?",
		}},
	{CategoryImpact, "Policies and Procedures Updated", "Compliance",
		"Revise policies, procedures and work instructions to match the new processes", []string{
			"Which policies and standard operating procedures reference the legacy system?",
			"Are revised work instructions drafted, reviewed and approved?",
			"Is there a plan to retire outdated documents on go-live day?",
		}},
	{CategoryImpact, "Financial Close and Reporting Impact", "Finance",
		"Confirm month-end close, chart of accounts mapping and statutory reporting", []string{
			"Has the chart of accounts mapping been validated by Finance?",
			"Can the first month-end close be completed in the new system on schedule?",
			"Are statutory and management reports reproduced and reconciled?",
		}},
	{CategoryImpact, "Customer-Facing Impact", "Customer Service",
		"Identify and mitigate every change customers will notice", []string{
			"Will invoices, quotes, statements or service reports change format or numbering?",
			"Do customers need advance notice of any change to billing or service requests?",
			"Is customer service scripted for questions during the transition?",
		}},
	{CategoryImpact, "Field Service Operations Impact", "Field Operations",
		"Prepare technicians, dispatchers and service coordinators for new work order handling", []string{
			"How will work orders, dispatch and time entry change for field technicians?",
			"Do technicians have the devices, access and connectivity the new process needs?",
			"Is there a fallback for inspections and service calls if mobile access fails?",
		}},
	{CategoryImpact, "Supply Chain and Inventory Impact", "Supply Chain",
		"Plan purchasing, warehouse and truck stock transitions", []string{
			"Are open purchase orders and supplier records ready to move?",
			"Has a physical inventory count been scheduled before cutover?",
			"Are van and truck stock locations set up in the new system?",
		}},
	{CategoryImpact, "Data Migration Readiness", "Data Management",
		"Cleanse, map, load and reconcile master and open transactional data", []string{
			"Has master data (customers, sites, assets, vendors, materials) been cleansed and de-duplicated?",
			"Have at least two mock data loads been run and reconciled?",
			"Who signs off that the migrated data is complete and correct?",
		}},
	{CategoryImpact, "Integrations and Interface Dependencies", "IT Integration",
		"Inventory every interface and agree the cutover sequence with system owners", []string{
			"Are all interfaces to payroll, banking, CRM and field service tools listed?",
			"Has each interface owner agreed the cutover and rollback steps?",
			"Are interface failures monitored and alerted after go-live?",
		}},
	{CategoryImpact, "Reporting and Analytics Continuity", "Business Intelligence",
		"Keep the reports and dashboards the business relies on working through the change", []string{
			"Which operational and executive reports must be available on day one?",
			"Are historical figures reachable for year-over-year comparison?",
			"Have report consumers validated the rebuilt reports?",
		}},
	{CategoryImpact, "Cutover and Business Continuity Plan", "Program Management Office",
		"Own the cutover runbook, the blackout window and the go/no-go decision", []string{
			"Is there an hour-by-hour cutover runbook with named owners?",
			"Has the business agreed the blackout period and manual workarounds?",
			"Are the go/no-go criteria and the rollback plan documented and rehearsed?",
		}},
	{CategoryImpact, "Security Roles and Access Controls", "IT Security",
		"Design roles, segregation of duties and access provisioning", []string{
			"Are security roles designed from the to-be job roles?",
			"Have segregation of duties conflicts been reviewed and resolved?",
			"Will every user have the right access on the first morning?",
		}},
	{CategoryImpact, "Regulatory and Compliance Impact", "Legal and Compliance",
		"Confirm licensing, tax, audit and record-keeping obligations are still met", []string{
			"Do state licensing, inspection and certification records remain traceable?",
			"Have sales and use tax calculations been tested for every state we operate in?",
			"Has internal audit reviewed the new controls?",
		}},
	// 2 User Engagement
	{CategoryUserEngagement, "Stakeholder Identification and Analysis", "Change Management",
		"Maintain the stakeholder map and engagement plan", []string{
			"Are all stakeholder groups identified, from executives to field technicians?",
			"Is each group's influence, concern and level of support recorded?",
			"Does every key stakeholder have a named relationship owner?",
		}},
	{CategoryUserEngagement, "Visible Executive Sponsorship", "Executive Leadership",
		"Sponsor the program visibly and remove obstacles", []string{
			"Has the executive sponsor explained why the change matters, in person and in writing?",
			"Do division presidents reinforce the message with their own teams?",
			"Are sponsors attending key milestones and go/no-go meetings?",
		}},
	{CategoryUserEngagement, "Change Champion Network", "Change Management",
		"Recruit, brief and support change champions in every division", []string{
			"Is there at least one trained change champion per division and location?",
			"Do champions meet regularly and feed back what they hear?",
			"Have champions been given time away from their day jobs for the role?",
		}},
	{CategoryUserEngagement, "Communication Plan Executed", "Communications",
		"Deliver the communication plan across channels and audiences", []string{
			"Is the communication calendar agreed through go-live and hypercare?",
			"Are messages tailored for office staff, managers and field employees?",
			"Are channels in place for people who rarely use email?",
		}},
	{CategoryUserEngagement, "Training Needs Analysis", "Training",
		"Identify who needs which training, by role and by system task", []string{
			"Has every affected role been mapped to the transactions it will perform?",
			"Are training needs different for traditional and digital-native employees?",
			"Is the training schedule aligned with the cutover dates?",
		}},
	{CategoryUserEngagement, "End-User Training Delivered", "Training",
		"Deliver training and confirm proficiency before go-live", []string{
			"What share of users have completed role-based training?",
			"Have users practised in a training environment with realistic data?",
			"Are quick-reference guides and recordings available after the sessions?",
		}},
	{CategoryUserEngagement, "Feedback Channels Established", "Change Management",
		"Collect, answer and act on feedback and concerns", []string{
			"Can employees raise questions and concerns easily and anonymously?",
			"Are frequently asked questions answered and published?",
			"Is feedback reviewed weekly and turned into actions?",
		}},
	{CategoryUserEngagement, "Go-Live Support Model", "Service Desk",
		"Staff hypercare, floor-walkers and the escalation path", []string{
			"Is the hypercare period, its staffing and its exit criteria agreed?",
			"Do users know where to get help on day one, including in the field?",
			"Are super users available at every major location during the first weeks?",
		}},
	// 3 System Functionality
	{CategorySystemFunctionality, "System Configuration Complete", "ERP Functional Team",
		"Complete and document configuration against the approved design", []string{
			"Is configuration complete for every in-scope process?",
			"Are open configuration defects triaged with agreed fix dates?",
			"Is the configuration documented and under change control?",
		}},
	{CategorySystemFunctionality, "Integration Testing Passed", "IT Integration",
		"Run end-to-end integration tests across systems and interfaces", []string{
			"Have end-to-end scenarios passed across all interfaces?",
			"Are critical and high defects closed?",
			"Has a full integration cycle run with migrated data?",
		}},
	{CategorySystemFunctionality, "User Acceptance Testing Signed Off", "Business Process Owners",
		"Plan, run and sign off user acceptance testing", []string{
			"Did business users run the acceptance scripts themselves?",
			"Have process owners formally signed off acceptance?",
			"Are the remaining known issues accepted with workarounds?",
		}},
	{CategorySystemFunctionality, "Performance and Load Testing", "IT Infrastructure",
		"Prove the system performs at peak volume for every location", []string{
			"Has the system been tested at month-end and peak dispatch volumes?",
			"Are response times acceptable from remote locations and mobile devices?",
			"Are monitoring, backups and disaster recovery tested?",
		}},
}

// Initial returns the initial checklist: 14 Impact items (max 10, score 1),
// 8 User Engagement items (max 6, score 6) and 4 System Functionality items
// (max 4, score 4), all enabled with weight 1. Each call returns a new slice.
func Initial() []Item {
	items := make([]Item, 0, len(initialSeeds))
	for i, s := range initialSeeds {
		maxScore, score := impactMax, impactInitial
		switch s.code {
		case CategoryUserEngagement:
			maxScore, score = engagementMax, engagementInitial
		case CategorySystemFunctionality:
			maxScore, score = functionalityMax, functionalityInitial
		}
		items = append(items, Item{
			ID:             i + 1,
			WeightCode:     s.code,
			Weight:         DefaultWeight,
			Title:          s.title,
			Description:    strings.Join(s.questions, "\n"),
			Team:           s.team,
			Responsibility: s.responsibility,
			ActualScore:    score,
			MaxScore:       maxScore,
			// The heat value starts at the initial score; see docs/checklist.md.
			HeatMap: score,
			Enabled: true,
		})
	}
	return items
}

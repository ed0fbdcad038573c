package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/actor"
)

// operation is one API operation: its operationId in docs/openapi.yaml and
// the permission it needs. "" marks the routes open without a session:
// this table is the one list of them (requireSession).
type operation struct {
	ID   string
	Need actor.Permission
}

// operations is the one table of what each operation needs, by method and
// route as routed ("GET /api/themes/{id}"); which role has which permission
// is actor's table (pkg/actor/roles.go). TestPermissionMatrix fails when a
// documented operation is missing here, and walks every one for every role.
var operations = map[string]operation{
	"GET /api/health":               {"getHealth", ""},
	"GET /api/ready":                {"getReadiness", ""},
	"GET /api/session":              {"getSession", ""},
	"POST /api/session":             {"openSession", ""},
	"DELETE /api/session":           {"closeSession", ""},
	"GET /api/calendar/{token}.ics": {"getFeedCalendar", ""},
	"GET /api/auth/providers":       {"listAuthProviders", ""},
	"GET /api/auth/oidc/login":      {"startSignOn", ""},
	"GET /api/auth/oidc/callback":   {"finishSignOn", ""},

	"GET /api/themes":         {"listThemes", actor.PlanRead},
	"POST /api/themes":        {"createTheme", actor.PlanEdit},
	"GET /api/themes/{id}":    {"getTheme", actor.PlanRead},
	"PUT /api/themes/{id}":    {"updateTheme", actor.PlanEdit},
	"DELETE /api/themes/{id}": {"deleteTheme", actor.PlanEdit},

	"GET /api/questions":         {"listQuestions", actor.PlanRead},
	"POST /api/questions":        {"createQuestion", actor.PlanEdit},
	"PUT /api/questions/reorder": {"reorderQuestions", actor.PlanEdit},
	"GET /api/questions/{id}":    {"getQuestion", actor.PlanRead},
	"PUT /api/questions/{id}":    {"updateQuestion", actor.PlanEdit},
	"DELETE /api/questions/{id}": {"deleteQuestion", actor.PlanEdit},

	"GET /api/content":         {"listContent", actor.PlanRead},
	"POST /api/content":        {"createContent", actor.PlanEdit},
	"GET /api/content/{id}":    {"getContent", actor.PlanRead},
	"PUT /api/content/{id}":    {"updateContent", actor.PlanEdit},
	"DELETE /api/content/{id}": {"deleteContent", actor.PlanEdit},

	"GET /api/audiences":              {"listAudiences", actor.PlanRead},
	"POST /api/audiences":             {"createAudience", actor.PlanEdit},
	"GET /api/audiences/{id}":         {"getAudience", actor.PlanRead},
	"PUT /api/audiences/{id}":         {"updateAudience", actor.PlanEdit},
	"DELETE /api/audiences/{id}":      {"deleteAudience", actor.PlanEdit},
	"POST /api/audiences/count":       {"countAudience", actor.PlanRead},
	"GET /api/audiences/{id}/members": {"listAudienceMembers", actor.PlanRead},

	"POST /api/communications/{id}/send":              {"sendCommunication", actor.DeliverySend},
	"POST /api/communications/{id}/send/test":         {"sendTestCopy", actor.DeliverySend},
	"POST /api/communications/{id}/send/pause":        {"pauseSend", actor.DeliverySend},
	"POST /api/communications/{id}/send/resume":       {"resumeSend", actor.DeliverySend},
	"POST /api/communications/{id}/send/retry-failed": {"retryFailedDeliveries", actor.DeliverySend},
	"GET /api/communications/{id}/deliveries":         {"listDeliveries", actor.PlanRead},

	"GET /api/directory":         {"listDirectory", actor.PlanRead},
	"GET /api/directory/{id}":    {"getEmployee", actor.PlanRead},
	"GET /api/directory/facets":  {"listDirectoryFacets", actor.PlanRead},
	"POST /api/directory/import": {"importDirectory", actor.DirectoryManage},

	"GET /api/vehicles":         {"listVehicles", actor.PlanRead},
	"POST /api/vehicles":        {"createVehicle", actor.PlanEdit},
	"GET /api/vehicles/{id}":    {"getVehicle", actor.PlanRead},
	"PUT /api/vehicles/{id}":    {"updateVehicle", actor.PlanEdit},
	"DELETE /api/vehicles/{id}": {"deleteVehicle", actor.PlanEdit},

	"GET /api/communications":                             {"listCommunications", actor.PlanRead},
	"POST /api/communications":                            {"createCommunication", actor.PlanEdit},
	"POST /api/communications/batch":                      {"createCommunicationBatch", actor.PlanEdit},
	"GET /api/communications/{id}":                        {"getCommunication", actor.PlanRead},
	"PUT /api/communications/{id}":                        {"updateCommunication", actor.PlanEdit},
	"DELETE /api/communications/{id}":                     {"deleteCommunication", actor.PlanEdit},
	"POST /api/communications/{id}/generate-content":      {"generateCommunicationContent", actor.PlanEdit},
	"POST /api/communications/{id}/save-to-library":       {"saveCommunicationToLibrary", actor.PlanEdit},
	"POST /api/communications/{id}/check-content":         {"checkCommunicationContent", actor.PlanEdit},
	"POST /api/communications/{id}/review":                {"requestCommunicationReview", actor.PlanEdit},
	"POST /api/communications/{id}/decisions":             {"decideCommunicationReview", actor.ReviewsDecide},
	"GET /api/communications/{id}/insiders":               {"listCommunicationInsiders", actor.PlanRead},
	"POST /api/communications/{id}/insiders":              {"addCommunicationInsider", actor.PlanEdit},
	"DELETE /api/communications/{id}/insiders/{personId}": {"removeCommunicationInsider", actor.PlanEdit},
	"GET /api/campaigns/{id}/insiders":                    {"listCampaignInsiders", actor.PlanRead},
	"POST /api/campaigns/{id}/insiders":                   {"addCampaignInsider", actor.PlanEdit},
	"DELETE /api/campaigns/{id}/insiders/{personId}":      {"removeCampaignInsider", actor.PlanEdit},
	"POST /api/newsletter-preview":                        {"previewNewsletter", actor.PlanEdit},
	"GET /api/newsletter-templates":                       {"listNewsletterTemplates", actor.PlanRead},
	"POST /api/newsletter-templates":                      {"createNewsletterTemplate", actor.PlanEdit},
	"GET /api/newsletter-templates/{id}":                  {"getNewsletterTemplate", actor.PlanRead},
	"PUT /api/newsletter-templates/{id}":                  {"updateNewsletterTemplate", actor.PlanEdit},
	"DELETE /api/newsletter-templates/{id}":               {"deleteNewsletterTemplate", actor.PlanEdit},

	"GET /api/activity":   {"listActivity", actor.PlanRead},
	"GET /api/dashboard":  {"getDashboard", actor.PlanRead},
	"GET /api/search":     {"searchPlan", actor.PlanRead},
	"GET /api/job-titles": {"listJobTitles", actor.PlanRead},
	"GET /api/reference":  {"getReference", actor.PlanRead},

	"POST /api/campaigns/generate":       {"generateCampaign", actor.PlanEdit},
	"POST /api/campaigns/render":         {"renderCampaign", actor.PlanEdit},
	"POST /api/campaigns/check":          {"checkCampaign", actor.PlanEdit},
	"GET /api/campaigns":                 {"listCampaigns", actor.PlanRead},
	"POST /api/campaigns":                {"createCampaign", actor.PlanEdit},
	"GET /api/campaigns/{id}":            {"getCampaign", actor.PlanRead},
	"PATCH /api/campaigns/{id}":          {"updateCampaign", actor.PlanEdit},
	"DELETE /api/campaigns/{id}":         {"deleteCampaign", actor.PlanEdit},
	"GET /api/campaigns/{id}/export":     {"exportCampaign", actor.PlanRead},
	"POST /api/campaigns/{id}/import":    {"importCampaign", actor.PlanEdit},
	"DELETE /api/campaigns/{id}/import":  {"undoCampaignImport", actor.PlanEdit},
	"POST /api/campaigns/{id}/review":    {"requestCampaignReview", actor.PlanEdit},
	"POST /api/campaigns/{id}/decisions": {"decideCampaignReview", actor.ReviewsDecide},
	"GET /api/reviews":                   {"listReviews", actor.PlanRead},
	"GET /api/approvers":                 {"listApprovers", actor.PlanRead},
	"GET /api/mentionable":               {"listMentionable", actor.PlanRead},

	"GET /api/checklist-templates":              {"listChecklistTemplates", actor.PlanRead},
	"POST /api/checklist-templates":             {"createChecklistTemplate", actor.PlanEdit},
	"POST /api/checklist-templates/import-html": {"importChecklist", actor.PlanEdit},
	"GET /api/checklist-templates/{id}":         {"getChecklistTemplate", actor.PlanRead},
	"DELETE /api/checklist-templates/{id}":      {"deleteChecklistTemplate", actor.PlanEdit},
	"GET /api/checklist":                        {"getChecklist", actor.PlanRead},
	"PUT /api/checklist":                        {"saveChecklist", actor.PlanEdit},
	"POST /api/checklist/report":                {"renderChecklistReport", actor.PlanRead},
	"GET /api/checklist/history":                {"listChecklistHistory", actor.PlanRead},

	"GET /api/blackouts":         {"listBlackouts", actor.PlanRead},
	"POST /api/blackouts":        {"createBlackout", actor.PlanEdit},
	"GET /api/blackouts/{id}":    {"getBlackout", actor.PlanRead},
	"PUT /api/blackouts/{id}":    {"updateBlackout", actor.PlanEdit},
	"DELETE /api/blackouts/{id}": {"deleteBlackout", actor.PlanEdit},

	"GET /api/schedule/warnings":          {"listScheduleWarnings", actor.PlanRead},
	"POST /api/schedule/warnings/preview": {"previewScheduleWarnings", actor.PlanEdit},
	"GET /api/schedule/export":            {"exportSchedule", actor.PlanRead},

	// A backup is the whole database: an operator's tool, not an export.
	"GET /api/backups":        {"listBackups", actor.BackupsManage},
	"POST /api/backups":       {"createBackup", actor.BackupsManage},
	"GET /api/backups/{name}": {"downloadBackup", actor.BackupsManage},

	"GET /api/audit":                 {"listAudit", actor.AuditRead},
	"GET /api/history/{entity}/{id}": {"listHistory", actor.PlanRead},

	"GET /api/people":                  {"listPeople", actor.PeopleManage},
	"POST /api/people":                 {"addPerson", actor.PeopleManage},
	"PATCH /api/people/{id}":           {"updatePerson", actor.PeopleManage},
	"DELETE /api/people/{id}":          {"removePerson", actor.PeopleManage},
	"POST /api/people/{id}/code":       {"issuePersonCode", actor.PeopleManage},
	"DELETE /api/people/{id}/sessions": {"signOutPerson", actor.PeopleManage},
	"GET /api/people/{id}/sessions":    {"listPersonSessions", actor.PeopleManage},
	// Everyone lists and ends their own sessions; ending another's needs
	// people.manage (pkg/plan).
	"GET /api/session/sessions": {"listOwnSessions", actor.PlanRead},
	"DELETE /api/sessions/{id}": {"endSession", actor.PlanRead},

	// Comments: reading a thread is reading the plan; writing
	// one is editing it. Only the author changes a comment (pkg/plan).
	"GET /api/communications/{id}/comments":                {"listCommunicationComments", actor.PlanRead},
	"POST /api/communications/{id}/comments":               {"addCommunicationComment", actor.PlanEdit},
	"PATCH /api/communications/{id}/comments/{commentId}":  {"editCommunicationComment", actor.PlanEdit},
	"DELETE /api/communications/{id}/comments/{commentId}": {"deleteCommunicationComment", actor.PlanEdit},
	"GET /api/campaigns/{id}/comments":                     {"listCampaignComments", actor.PlanRead},
	"POST /api/campaigns/{id}/comments":                    {"addCampaignComment", actor.PlanEdit},
	"PATCH /api/campaigns/{id}/comments/{commentId}":       {"editCampaignComment", actor.PlanEdit},
	"DELETE /api/campaigns/{id}/comments/{commentId}":      {"deleteCampaignComment", actor.PlanEdit},
	// Everyone's own inbox; marking it read changes no plan.
	"GET /api/inbox":       {"getInbox", actor.PlanRead},
	"POST /api/inbox/read": {"markInboxRead", actor.PlanRead},

	"GET /api/calendar-feeds":         {"listCalendarFeeds", actor.PlanRead},
	"POST /api/calendar-feeds":        {"createCalendarFeed", actor.PlanEdit},
	"DELETE /api/calendar-feeds/{id}": {"revokeCalendarFeed", actor.PlanEdit},
}

// operationOf is the operation of r's route; ok is false for a request no
// route matched, or one of a route missing from operations.
func operationOf(r *http.Request) (op operation, ok bool) {
	route := mux.CurrentRoute(r)
	if route == nil {
		return operation{}, false
	}
	tpl, err := route.GetPathTemplate()
	if err != nil {
		return operation{}, false
	}
	op, ok = operations[r.Method+" "+tpl]
	return op, ok
}

// isOpen reports whether the route (method and template, as in
// operations) goes without a session.
func isOpen(method, route string) bool {
	op, ok := operations[method+" "+route]
	return ok && op.Need == ""
}

// need is the permission r's route needs. A route missing from operations
// (TestPermissionMatrix keeps that from happening) needs plan.read to read
// and plan.edit for anything else.
func need(r *http.Request) actor.Permission {
	if op, ok := operationOf(r); ok {
		return op.Need
	}
	if mux.CurrentRoute(r) == nil {
		return ""
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return actor.PlanRead
	}
	return actor.PlanEdit
}

// PermissionError is the body of a 403 for a missing permission.
type PermissionError struct {
	Error string `json:"error"`
	// Permission is the one the operation needs.
	Permission actor.Permission `json:"permission"`
}

// denied answers 403 naming the missing permission.
func denied(w http.ResponseWriter, e *actor.DeniedError) {
	writeJSON(w, http.StatusForbidden, PermissionError{Error: "Your role (" + string(e.Role) + ") does not have the permission " +
		string(e.Permission) + ".", Permission: e.Permission})
}

package domain

// VehicleTypeNames are the 16 delivery vehicle types of spec 02 §3.
var VehicleTypeNames = []string{
	"email", "blog", "social", "newsletter", "internal", "town_hall",
	"interactive_workshop", "digital_signage", "mobile_push", "podcast", "video",
	"lunch_learn", "project_dashboard", "executive_briefing", "yammer_teams", "sms",
}

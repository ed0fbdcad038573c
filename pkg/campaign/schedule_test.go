package campaign

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidateActivity(t *testing.T) {
	good := Activity{Title: "Kickoff", Type: "briefing", Timing: "Day 1", Date: "2025-01-01",
		Audience: "Managers", Channel: "email", Description: "Brief managers", Priority: "medium", Status: "planned"}
	tests := []struct {
		name   string
		change func(*Activity)
		msg    string
		field  string
	}{
		{"valid", func(*Activity) {}, "", ""},
		{"title", func(a *Activity) { a.Title = " " }, "Title is required", "x.title"},
		{"type", func(a *Activity) { a.Type = "" }, "Type is required", "x.type"},
		{"timing", func(a *Activity) { a.Timing = "" }, "Timing is required", "x.timing"},
		{"date", func(a *Activity) { a.Date = "" }, "Date is required", "x.date"},
		{"audience", func(a *Activity) { a.Audience = "" }, "Audience is required", "x.audience"},
		{"channel", func(a *Activity) { a.Channel = "" }, "Channel is required", "x.channel"},
		{"description", func(a *Activity) { a.Description = "" }, "Description is required", "x.description"},
		{"bad date", func(a *Activity) { a.Date = "Jan 5" }, MsgActivityDate, "x.date"},
		{"bad priority", func(a *Activity) { a.Priority = "urgent" }, MsgActivityPriority, "x.priority"},
		{"empty priority", func(a *Activity) { a.Priority = "" }, MsgActivityPriority, "x.priority"},
		{"bad status", func(a *Activity) { a.Status = "done" }, MsgActivityStatus, "x.status"},
		{"in-progress", func(a *Activity) { a.Status = ActivityInProgress }, "", ""},
		{"completed", func(a *Activity) { a.Status = ActivityCompleted }, "", ""},
		{"cancelled", func(a *Activity) { a.Status = ActivityCancelled; a.Priority = PriorityLow }, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := good
			tc.change(&a)
			err := ValidateActivity(a, "x.")
			if tc.msg == "" {
				assert.NoError(t, err)
				return
			}
			var ve *ValidationError
			require.ErrorAs(t, err, &ve)
			assert.Equal(t, tc.msg, ve.Message)
			assert.Equal(t, map[string]string{tc.field: tc.msg}, ve.Fields)
		})
	}
}

func TestScheduleValidate(t *testing.T) {
	s := mustGenerate(t, validConfig())
	require.NoError(t, s.Validate(), "generated schedules are valid")

	s.Activities[2].Channel = ""
	var ve *ValidationError
	require.ErrorAs(t, s.Validate(), &ve)
	assert.Equal(t, "Channel is required", ve.Message)
	assert.Contains(t, ve.Fields, "schedule.activities[2].channel")

	s = mustGenerate(t, validConfig())
	s.Phases[3].Activities[1].Status = "archived"
	require.ErrorAs(t, s.Validate(), &ve)
	assert.Contains(t, ve.Fields, "schedule.phases[3].activities[1].status")
}

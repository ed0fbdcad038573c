package domain

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseScheduled(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	cases := []struct {
		in, out, dayUTC, dayNY string
		allDay                 bool
	}{
		{"2031-03-04", "2031-03-04", "2031-03-04", "2031-03-04", true},
		{"2031-03-04T15:00:00.000Z", "2031-03-04T15:00:00Z", "2031-03-04", "2031-03-04", false},
		{"2031-03-04T22:30:00-05:00", "2031-03-05T03:30:00Z", "2031-03-05", "2031-03-04", false},
		{"2031-03-04T01:00:00.250+02:00", "2031-03-03T23:00:00.25Z", "2031-03-03", "2031-03-03", false},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			s, err := ParseScheduled(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.allDay, s.AllDay)
			assert.Equal(t, tc.out, s.String())
			assert.Equal(t, tc.dayUTC, s.Day(nil).Format(time.DateOnly))
			assert.Equal(t, tc.dayNY, s.Day(ny).Format(time.DateOnly))
			again, err := ParseScheduled(s.String())
			require.NoError(t, err)
			assert.Equal(t, s, again, "the stored form reads back the same")
		})
	}
	for _, bad := range []string{"", "2031-02-30", "03/04/2031", "2031-03-04T15:00", "tomorrow",
		// Offsets that carry the instant out of the years RFC 3339 can write.
		"9999-12-31T23:00:00-05:00", "0000-01-01T01:00:00+05:00"} {
		_, err := ParseScheduled(bad)
		assert.ErrorIs(t, err, ErrScheduled, bad)
	}
}

func TestCommunicationValidateKeepsTheKind(t *testing.T) {
	for in, out := range map[string]string{
		"2031-03-04":                "2031-03-04",
		" 2031-03-04 ":              "2031-03-04",
		"2031-03-04T15:00:00.000Z":  "2031-03-04T15:00:00Z",
		"2031-03-04T10:00:00-05:00": "2031-03-04T15:00:00Z",
	} {
		c := Communication{Title: "t", Status: StatusScheduled, ScheduledDate: in}
		require.NoError(t, c.Validate(), in)
		assert.Equal(t, out, c.ScheduledDate, in)
	}
	c := Communication{Title: "t", ScheduledDate: "2031-03-04T15:00"}
	var f FieldErrors
	require.ErrorAs(t, c.Validate(), &f)
	assert.Equal(t, FieldErrors{"scheduledDate": ErrScheduled.Error()}, f)
	c = Communication{Title: "t", Status: StatusScheduled}
	require.ErrorAs(t, c.Validate(), &f)
	assert.Equal(t, "is required when status is scheduled", f["scheduledDate"])
}

// TestCheckCandidate: the warnings preview's candidate is checked as a
// stored communication's status and date are, each only when given.
func TestCheckCandidate(t *testing.T) {
	require.NoError(t, CheckCandidate("", ""))
	require.NoError(t, CheckCandidate(StatusScheduled, "2031-03-04T15:00:00Z"))
	var f FieldErrors
	require.ErrorAs(t, CheckCandidate("later", "2031-03-04T15:00"), &f)
	assert.Equal(t, FieldErrors{"status": "must be one of draft, scheduled, sent", "scheduledDate": ErrScheduled.Error()}, f)
}

package domain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBlackoutValidate(t *testing.T) {
	cases := []struct {
		name string
		in   Blackout
		want FieldErrors
	}{
		{"valid", Blackout{Name: " Freeze ", StartDate: "2031-12-20", EndDate: "2032-01-02"}, nil},
		{"one day", Blackout{Name: "Go-live", StartDate: "2031-03-04", EndDate: "2031-03-04"}, nil},
		{"missing all", Blackout{}, FieldErrors{"name": "is required", "startDate": "is required", "endDate": "is required"}},
		{"end before start", Blackout{Name: "x", StartDate: "2031-03-05", EndDate: "2031-03-04"},
			FieldErrors{"endDate": "must not be before startDate"}},
		{"not dates", Blackout{Name: "x", StartDate: "2031-3-4", EndDate: "2031-03-04T10:00:00Z"},
			FieldErrors{"startDate": "must be a date (YYYY-MM-DD)", "endDate": "must be a date (YYYY-MM-DD)"}},
		{"impossible date", Blackout{Name: "x", StartDate: "2031-02-30", EndDate: "2031-03-01"},
			FieldErrors{"startDate": "must be a date (YYYY-MM-DD)"}},
		{"long name", Blackout{Name: strings.Repeat("n", MaxName+1), StartDate: "2031-03-04", EndDate: "2031-03-04"},
			FieldErrors{"name": "must be at most 500 characters"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.in
			err := b.Validate()
			if tc.want == nil {
				require.NoError(t, err)
				assert.Equal(t, strings.TrimSpace(tc.in.Name), b.Name)
				assert.Equal(t, []string{}, b.AudienceIDs, "no audiences reads as an empty list")
				return
			}
			var f FieldErrors
			require.ErrorAs(t, err, &f)
			assert.Equal(t, tc.want, f)
		})
	}
}

package delivery

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/review"
)

func TestRecipientsOncePerPersonActiveOnly(t *testing.T) {
	members := []domain.Employee{
		{EmployeeID: "E1", Name: "Ann", Email: "Ann@Example.com", Active: true},
		{EmployeeID: "E2", Name: "Bob", Email: "bob@example.com", Active: false},
		{EmployeeID: "E1", Name: "Ann", Email: "ann@example.com", Active: true}, // in a second audience
		{EmployeeID: "E3", Name: "Cy", Email: "", Active: true},
		{EmployeeID: "E4", Name: "Di", Email: "di@example.com", Active: true},
	}
	got, skipped := Recipients(members)
	assert.Equal(t, []Recipient{{Email: "ann@example.com", EmployeeID: "E1", Name: "Ann"}, {Email: "di@example.com", EmployeeID: "E4", Name: "Di"}}, got)
	assert.Equal(t, 2, skipped, "the inactive person and the one without an address")
}

func TestCheck(t *testing.T) {
	approved := domain.Review{State: domain.ReviewApproved}
	base := domain.Communication{ID: "c", VehicleID: "v", AudienceID: "a", Review: approved}
	email := Target{VehicleType: "newsletter"}
	required := review.Policy{Required: true}
	refusal := func(err error) string {
		var r *Refusal
		if errors.As(err, &r) {
			return r.Field
		}
		return ""
	}
	assert.NoError(t, Check(base, email, required))
	unapproved := base
	unapproved.Review = domain.Review{State: domain.ReviewRequested}
	assert.Equal(t, "review", refusal(Check(unapproved, email, required)))
	assert.EqualError(t, Check(unapproved, email, required), MsgNotApproved)
	assert.NoError(t, Check(unapproved, email, review.Policy{}), "without review.required anything may be sent")
	assert.Equal(t, "vehicleId", refusal(Check(base, Target{VehicleType: "town_hall"}, required)), "planned only")
	noAudience := base
	noAudience.AudienceID = ""
	assert.Equal(t, "audienceId", refusal(Check(noAudience, email, required)))
	secret := base
	secret.Confidential = true
	assert.NoError(t, Check(secret, email, required), "confidential email goes to its audience only, which Recipients keeps")
	assert.Equal(t, "vehicleId", refusal(Check(secret, Target{VehicleType: "slack"}, required)))
	assert.NoError(t, Check(secret, Target{VehicleType: "yammer_teams", Private: true, HasWebhook: true}, required))
	assert.Equal(t, "vehicleId", refusal(Check(base, Target{VehicleType: "slack"}, required)), "no webhook")
}

func TestMessageIDIsStable(t *testing.T) {
	a := MessageID("c1", "Ann@example.com", "example.com")
	assert.Equal(t, a, MessageID("c1", "ann@example.com", "example.com"))
	assert.NotEqual(t, a, MessageID("c2", "ann@example.com", "example.com"))
	assert.Regexp(t, `^<[0-9a-f]{32}@example\.com>$`, a)
}

func TestPieceHasBothParts(t *testing.T) {
	h, txt := Piece(domain.Communication{GeneratedContent: `<h1>New tools</h1><p>From <strong>Monday</strong> we use <a href="https://x.example/t">the portal</a>.</p><ul><li>One</li><li>Two</li></ul>`})
	assert.Contains(t, h, "<strong>Monday</strong>")
	assert.Equal(t, "New tools\n\nFrom Monday we use the portal (https://x.example/t).\n\n- One\n\n- Two", txt)
	h, txt = Piece(domain.Communication{RawContent: "Hello <team>\n\nSecond"})
	assert.Equal(t, "<p>Hello &lt;team&gt;</p>\n<p>Second</p>\n", h)
	require.Equal(t, "Hello <team>\n\nSecond", txt)
}

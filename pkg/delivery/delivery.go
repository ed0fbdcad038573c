// Package delivery holds the rules of sending a communication that do not
// depend on the channel: who receives it (the audience's members on the
// day, once per person, active people only), what may be sent (approved
// content when review is required, nothing whose content changed since it
// was queued, confidential items only to their audience), and the message
// each recipient gets. Channels (email, Teams, Slack) and the job queue
// that drives them live beside it; the rules here do no I/O.
package delivery

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/review"
)

// The channels a communication can be sent on.
const (
	Email = "email"
	Teams = "teams"
	Slack = "slack"
)

// Channels are the channels, in the order the UI lists them.
var Channels = []string{Email, Teams, Slack}

// channelOf maps the vehicle types that send to their channel; every
// other type is planned only.
var channelOf = map[string]string{
	"email":        Email,
	"newsletter":   Email,
	"yammer_teams": Teams,
	"slack":        Slack,
}

// ChannelOf is the channel a vehicle type sends on, "" when it is planned
// only (nothing is sent; the planner delivers it by hand).
func ChannelOf(vehicleType string) string { return channelOf[vehicleType] }

// ErrContentChanged stops a job whose communication changed after it was
// queued: the approved content is the only content sent.
var ErrContentChanged = errors.New("content changed since approval")

// The refusals of Check.
const (
	MsgNoVehicle    = "has no vehicle: choose how it is sent"
	MsgPlannedOnly  = "is planned only: this vehicle type is not sent by commsplan"
	MsgNoAudience   = "has no audience: choose who receives it"
	MsgNotApproved  = "This communication needs approval before it can be sent"
	MsgNoWebhook    = "has no webhook URL: set the channel's incoming webhook in the vehicle's settings"
	MsgConfidential = "is confidential: a channel post is sent only to a vehicle marked private"
)

// Refusal is why a communication cannot be sent: Field names the
// communication's field at fault.
type Refusal struct {
	Field, Message string
}

func (r *Refusal) Error() string {
	if r.Field == "review" {
		return r.Message
	}
	return r.Field + " " + r.Message
}

// Target is what a send goes to: the vehicle's type and whether it is a
// private channel.
type Target struct {
	VehicleType string
	Private     bool
	// HasWebhook says the vehicle has a channel's webhook URL.
	HasWebhook bool
}

// Check says whether c may be sent to t under pol: nil, or the *Refusal.
func Check(c domain.Communication, t Target, pol review.Policy) error {
	if c.VehicleID == "" {
		return &Refusal{"vehicleId", MsgNoVehicle}
	}
	ch := ChannelOf(t.VehicleType)
	if ch == "" {
		return &Refusal{"vehicleId", MsgPlannedOnly}
	}
	if !review.Ready(c.Review, pol) {
		return &Refusal{"review", MsgNotApproved}
	}
	if ch == Email && c.AudienceID == "" {
		return &Refusal{"audienceId", MsgNoAudience}
	}
	if ch != Email && c.Confidential && !t.Private {
		return &Refusal{"vehicleId", MsgConfidential}
	}
	if ch != Email && !t.HasWebhook {
		return &Refusal{"vehicleId", MsgNoWebhook}
	}
	return nil
}

// Fingerprint is what a queued send holds the communication to: its
// approval fingerprint (title, content, audience, vehicle, day...). A job
// finding another one skips its recipient with ErrContentChanged.
func Fingerprint(c domain.Communication) string { return review.Communication(c) }

// Recipient is one person a communication is sent to by email.
type Recipient struct {
	// Email is the address, in lower case: the key that makes a person
	// receive a communication once.
	Email      string
	EmployeeID string
	Name       string
}

// Recipients are the people members (an audience's, or several
// audiences') receive it: each address once, in the members' order,
// inactive people and people without an address left out (counted in
// skipped).
func Recipients(members []domain.Employee) (out []Recipient, skipped int) {
	seen := make(map[string]bool, len(members))
	for _, e := range members {
		addr := strings.ToLower(strings.TrimSpace(e.Email))
		if !e.Active || addr == "" || !strings.Contains(addr, "@") {
			skipped++
			continue
		}
		if seen[addr] {
			continue
		}
		seen[addr] = true
		out = append(out, Recipient{Email: addr, EmployeeID: e.EmployeeID, Name: e.Name})
	}
	return out, skipped
}

// MessageID is the Message-ID of communication's message to recipient:
// the same for every attempt, so a mail system that got it twice can tell.
func MessageID(communication, recipient, host string) string {
	sum := sha256.Sum256([]byte(communication + "\x00" + strings.ToLower(recipient)))
	if host == "" {
		host = "commsplan.invalid"
	}
	return "<" + hex.EncodeToString(sum[:16]) + "@" + host + ">"
}

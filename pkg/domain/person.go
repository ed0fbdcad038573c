package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Person is someone who signs in with a personal access code. The code is
// never stored, only its hash; Role is one of actor.Roles.
type Person struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Role  string `json:"role"`
	// CreatedAt is when the person was added.
	CreatedAt time.Time `json:"createdAt"`
	// LastSeenAt is the person's last request (to the minute), nil before
	// the first sign-in.
	LastSeenAt *time.Time `json:"lastSeenAt"`
	// ActiveSessions counts the person's unexpired sessions.
	ActiveSessions int `json:"activeSessions"`
}

// MaxEmail is the longest email address a person may have.
const MaxEmail = 254

// Validate checks a person's name and email (the role is the use case's:
// actor.ParseRole): a name that is not blank, of at most MaxName
// characters, and an optional email with an @.
func (p *Person) Validate() error {
	fe := FieldErrors{}
	p.Name = strings.TrimSpace(p.Name)
	p.Email = strings.TrimSpace(p.Email)
	fe.required("name", p.Name)
	fe.text("name", p.Name, MaxName)
	if p.Email != "" && (!strings.Contains(p.Email, "@") || utf8.RuneCountInString(p.Email) > MaxEmail || strings.ContainsAny(p.Email, " \t\r\n")) {
		fe["email"] = "must be an email address"
	}
	return fe.orNil()
}

// PersonSession is one open personal session: a browser signed in with a
// person's code.
type PersonSession struct {
	ID       string `json:"id"`
	PersonID string `json:"personId"`
	// CreatedAt is the sign-in.
	CreatedAt time.Time `json:"createdAt"`
	// LastSeenAt is the session's last request (to the minute).
	LastSeenAt time.Time `json:"lastSeenAt"`
	// ExpiresAt is when the session ends unless used again: the earlier
	// of its absolute end and its last request plus the idle timeout.
	ExpiresAt time.Time `json:"expiresAt"`
	// UserAgent is the browser's User-Agent at the sign-in (cut to
	// MaxUserAgent characters): how a person tells their sessions apart.
	UserAgent string `json:"userAgent"`
}

// MaxUserAgent is the most characters of a User-Agent a session keeps.
const MaxUserAgent = 300

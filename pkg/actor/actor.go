// Package actor says who is acting and what they may do. The session
// middleware of pkg/api and the root command of pkg/cli put an Actor in the
// request's or command's context; the use cases of pkg/plan read it there.
// An actor is a named person (signed in with a personal code), the shared
// identity of the shared access codes, or the command line. Roles and their
// permissions are defined here (roles.go), in one place.
package actor

import (
	"context"
	"errors"
)

// Actor is a person (or the shared identity, or the command line) on whose
// behalf a use case runs.
type Actor struct {
	// ID is stable across renames; it is what an audit record keeps.
	ID string `json:"id"`
	// Name is shown to people.
	Name string `json:"name"`
	Role Role   `json:"role"`
}

// SharedID is the id of the shared identity, whoever holds a shared code.
const SharedID = "shared"

// Shared is everyone who holds a shared access code, with the default
// shared role (auth.shared-role sets another: SharedAs).
var Shared = SharedAs(DefaultSharedRole)

// SharedAs is the shared identity with role r.
func SharedAs(r Role) Actor { return Actor{ID: SharedID, Name: "Shared access", Role: r} }

// Terminal is whoever runs a command: whoever may read the data dir or the
// DSN holds every credential already, so the command line acts as an admin.
var Terminal = Actor{ID: "terminal", Name: "Command line", Role: RoleAdmin}

// SignOn is the single sign-on adding a person at their first sign-in: it
// has no role, so it can do nothing else.
var SignOn = Actor{ID: "signon", Name: "Single sign-on"}

// SCIMClient is the identity provider (Entra ID, Okta) provisioning the
// directory over SCIM with the scim.token: it has no role, so it can do
// nothing else; its writes are audited under this name.
var SCIMClient = Actor{ID: "scim", Name: "SCIM client"}

// Queue is the job queue working a send that a person with
// delivery.send started: it reads the communication it sends, confidential
// ones included (their recipients are their audience alone).
var Queue = Actor{ID: "queue", Name: "Job queue", Role: RoleAdmin}

// ErrNone is returned by a use case called without an actor in its context:
// a wiring mistake, never bad input.
var ErrNone = errors.New("no actor in the context: the caller must say who is acting")

type key struct{}

// With returns ctx carrying a.
func With(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, key{}, a)
}

// From returns the actor in ctx, or ErrNone.
func From(ctx context.Context) (Actor, error) {
	if a, ok := ctx.Value(key{}).(Actor); ok && a.ID != "" {
		return a, nil
	}
	return Actor{}, ErrNone
}

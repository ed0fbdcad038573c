// Package actor says who is acting. The session middleware of pkg/api and
// the root command of pkg/cli put an Actor in the request's or command's
// context; the use cases of pkg/plan read it there. Today every person
// signs in with a shared access code, so there is one actor, Shared. Named
// people, their roles and an audit record hook in here and in pkg/plan, not
// in the handlers or the commands.
package actor

import (
	"context"
	"errors"
)

// Role is what an actor may do.
type Role string

// RoleEditor may change every part of the plan: the one role while access
// is shared.
const RoleEditor Role = "editor"

// Actor is a person (or, today, the shared identity) on whose behalf a use
// case runs.
type Actor struct {
	// ID is stable across renames; it is what an audit record keeps.
	ID string `json:"id"`
	// Name is shown to people.
	Name string `json:"name"`
	Role Role   `json:"role"`
}

// Shared is everyone who holds a shared access code, in the browser or at
// the terminal (the data dir is the terminal's credential).
var Shared = Actor{ID: "shared", Name: "Shared access", Role: RoleEditor}

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

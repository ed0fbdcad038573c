package actor

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Role is what an actor may do: one of Roles.
type Role string

// The four roles, from least to most.
const (
	// RoleViewer reads everything, changes nothing, may download and export.
	RoleViewer Role = "viewer"
	// RolePlanner has the full access to the plan the shared code always had.
	RolePlanner Role = "planner"
	// RoleApprover is a planner who may also decide reviews and read the
	// audit trail.
	RoleApprover Role = "approver"
	// RoleAdmin may do everything, plus manage people and settings.
	RoleAdmin Role = "admin"
)

// Roles are the roles, from least to most.
var Roles = []Role{RoleViewer, RolePlanner, RoleApprover, RoleAdmin}

// DefaultSharedRole is the role of the shared codes unless auth.shared-role
// says otherwise: what a team that never sets up people had before.
const DefaultSharedRole = RolePlanner

// ParseRole returns the role named s (case-insensitive), or an error that
// lists the roles.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Roles, r) {
		return r, nil
	}
	names := make([]string, len(Roles))
	for i, r := range Roles {
		names[i] = string(r)
	}
	return "", fmt.Errorf("must be one of %s", strings.Join(names, ", "))
}

// Permission is a kind of operation. Every API operation needs exactly one
// (pkg/api/permissions.go maps each to its permission); a role has a set.
type Permission string

// The permissions.
const (
	// PlanRead: read every part of the plan, download and export it.
	PlanRead Permission = "plan.read"
	// PlanEdit: change the plan (themes to campaigns, checklist, feeds).
	PlanEdit Permission = "plan.edit"
	// ReviewsDecide: approve or reject a review.
	ReviewsDecide Permission = "reviews.decide"
	// AuditRead: read the audit trail.
	AuditRead Permission = "audit.read"
	// PeopleManage: add, change, sign out and remove people.
	PeopleManage Permission = "people.manage"
	// FeedsManage: revoke the calendar feeds of others (plan.edit
	// revokes one's own).
	FeedsManage Permission = "feeds.manage"
	// BackupsManage: list, take and download backups. An archive is the
	// whole plan with its audit trail (people's names, sign-ins, refused
	// sign-ins with addresses), so admins alone hold it.
	BackupsManage Permission = "backups.manage"
	// ConfidentialRead: see every confidential campaign and communication
	// without being its insider (everyone else sees one only as its
	// insider; docs/security.md, "Need to know").
	ConfidentialRead Permission = "confidential.read"
	// DirectoryRead: read the employee directory in full, contact details
	// included. Without it (a viewer) a directory list shows names and
	// where people work only.
	DirectoryRead Permission = "directory.read"
	// DirectoryManage: import the directory and manage its provisioning.
	DirectoryManage Permission = "directory.manage"
	// DeliverySend: send a communication (or a test copy of it) and pause,
	// resume and retry its send.
	DeliverySend Permission = "delivery.send"
)

// Permissions are every permission, in the order /api/session lists them.
var Permissions = []Permission{PlanRead, PlanEdit, ReviewsDecide, AuditRead, PeopleManage, FeedsManage, BackupsManage, ConfidentialRead, DirectoryRead, DirectoryManage, DeliverySend}

// grants is the one table of which role holds which permission.
var grants = map[Role][]Permission{
	RoleViewer:   {PlanRead},
	RolePlanner:  {PlanRead, PlanEdit, DirectoryRead},
	RoleApprover: {PlanRead, PlanEdit, ReviewsDecide, AuditRead, DirectoryRead, DeliverySend},
	RoleAdmin:    {PlanRead, PlanEdit, ReviewsDecide, AuditRead, PeopleManage, FeedsManage, BackupsManage, ConfidentialRead, DirectoryRead, DirectoryManage, DeliverySend},
}

// PermissionsOf lists r's permissions (none for an unknown role).
func PermissionsOf(r Role) []Permission { return slices.Clone(grants[r]) }

// Adds reports whether r holds a permission that o lacks: a person moved
// from o to r gains something.
func (r Role) Adds(o Role) bool {
	return slices.ContainsFunc(grants[r], func(p Permission) bool { return !slices.Contains(grants[o], p) })
}

// Stronger reports whether r wins over o where one role must be chosen (a
// sign-on whose claims map to several): the one with more permissions,
// then the later in Roles. A role is a set of permissions, not a rung of
// a ladder; for today's roles this is the order of Roles.
func Stronger(r, o Role) bool {
	if n, m := len(grants[r]), len(grants[o]); n != m {
		return n > m
	}
	return slices.Index(Roles, r) > slices.Index(Roles, o)
}

// Can reports whether a may do what p allows.
func (a Actor) Can(p Permission) bool { return slices.Contains(grants[a.Role], p) }

// DeniedError is an actor refused an operation: the API answers 403 naming
// the permission, the CLI exits 2.
type DeniedError struct {
	Permission Permission
	Role       Role
}

func (e *DeniedError) Error() string {
	return fmt.Sprintf("permission %s is required; the role %s does not have it", e.Permission, e.Role)
}

// Require returns the actor in ctx when it holds p, a *DeniedError when it
// does not, ErrNone when there is no actor.
func Require(ctx context.Context, p Permission) (Actor, error) {
	a, err := From(ctx)
	if err != nil {
		return a, err
	}
	if !a.Can(p) {
		return a, &DeniedError{Permission: p, Role: a.Role}
	}
	return a, nil
}

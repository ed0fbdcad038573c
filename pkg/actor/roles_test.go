package actor

import (
	"slices"
	"testing"
)

// TestRolesAreSets: a role is its set of permissions. For today's roles the
// choice between two (Stronger) is the order of Roles, and only a move up
// adds a permission; a role that is no rung of that ladder (a
// "communicator" who plans but may not approve nor read the directory) is
// one row of the table and is placed by what it holds.
func TestRolesAreSets(t *testing.T) {
	for i, r := range Roles {
		for j, o := range Roles {
			if Stronger(r, o) != (i > j) {
				t.Errorf("Stronger(%s, %s) = %v", r, o, !(i > j))
			}
			if r.Adds(o) != (i > j) {
				t.Errorf("%s.Adds(%s) = %v", r, o, !(i > j))
			}
		}
		if !Stronger(r, "") {
			t.Errorf("%s is not stronger than no role", r)
		}
	}

	const communicator Role = "communicator"
	grants[communicator] = []Permission{PlanRead, PlanEdit}
	Roles = append(Roles, communicator)
	t.Cleanup(func() {
		delete(grants, communicator)
		Roles = slices.DeleteFunc(Roles, func(r Role) bool { return r == communicator })
	})
	if r, err := ParseRole("Communicator"); err != nil || r != communicator {
		t.Fatalf("ParseRole = %q, %v", r, err)
	}
	a := Actor{ID: "c", Role: communicator}
	if !a.Can(PlanEdit) || a.Can(ReviewsDecide) {
		t.Error("a communicator schedules and may not approve")
	}
	if !communicator.Adds(RoleViewer) || communicator.Adds(RolePlanner) || !RolePlanner.Adds(communicator) {
		t.Error("a communicator holds more than a viewer, less than a planner")
	}
	if !Stronger(communicator, RoleViewer) || Stronger(communicator, RolePlanner) {
		t.Error("a communicator is chosen over a viewer, not over a planner")
	}
}

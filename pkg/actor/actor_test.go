package actor

import (
	"context"
	"errors"
	"testing"
)

func TestFrom(t *testing.T) {
	if _, err := From(context.Background()); !errors.Is(err, ErrNone) {
		t.Fatalf("no actor: err = %v, want ErrNone", err)
	}
	if _, err := From(With(context.Background(), Actor{})); !errors.Is(err, ErrNone) {
		t.Fatalf("actor without an id: err = %v, want ErrNone", err)
	}
	got, err := From(With(context.Background(), Shared))
	if err != nil || got != Shared {
		t.Fatalf("From = %+v, %v; want %+v", got, err, Shared)
	}
}

func TestRoles(t *testing.T) {
	for _, r := range Roles {
		if got, err := ParseRole(" " + string(r) + " "); err != nil || got != r {
			t.Errorf("ParseRole(%q) = %q, %v", r, got, err)
		}
		if !(Actor{ID: "x", Role: r}).Can(PlanRead) {
			t.Errorf("%s cannot read", r)
		}
	}
	if _, err := ParseRole("editor"); err == nil {
		t.Error("ParseRole(editor) succeeded")
	}
	if (Actor{ID: "x", Role: RoleViewer}).Can(PlanEdit) || !(Actor{ID: "x", Role: RolePlanner}).Can(PlanEdit) {
		t.Error("viewer may edit, or planner may not")
	}
	if (Actor{ID: "x", Role: RoleApprover}).Can(PeopleManage) || !(Actor{ID: "x", Role: RoleAdmin}).Can(PeopleManage) {
		t.Error("approver may manage people, or admin may not")
	}
	if Shared.Role != RolePlanner {
		t.Errorf("shared role %s, want planner", Shared.Role)
	}
	ctx := With(context.Background(), Actor{ID: "v", Role: RoleViewer})
	var denied *DeniedError
	if _, err := Require(ctx, PlanEdit); !errors.As(err, &denied) || denied.Permission != PlanEdit {
		t.Errorf("Require = %v, want DeniedError for plan.edit", err)
	}
}

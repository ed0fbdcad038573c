// Package typederr lists one of each typed error that reaches a front end,
// with what each front end owes it: the status api.fail answers and the
// exit code the command line's exitError gives. Both are tested against
// this one list, so a typed error added to either front end without the
// other, or mapped apart, fails a test. Add a row with every new typed
// error.
package typederr

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// Case is one typed error and its answers. Status 0: the API never meets
// it (a file of the terminal's); Exit 0 likewise for the command line.
type Case struct {
	Name   string
	Err    error
	Status int
	Exit   int
}

// Cases are the typed errors, wrapped as a use case would return them.
var Cases = []Case{
	{"actor.DeniedError", &actor.DeniedError{Permission: actor.PlanEdit, Role: actor.RoleViewer}, http.StatusForbidden, 2},
	{"review.Error (not an approver)", &review.Error{Field: "decision", Message: "you are not an approver", Err: review.ErrNotApprover}, http.StatusForbidden, 2},
	{"review.Error (already approved)", &review.Error{Field: "decision", Message: "already approved", Err: review.ErrAlreadyApproved}, http.StatusConflict, 2},
	{"review.Error (comment required)", &review.Error{Field: "comment", Message: "a comment is required", Err: review.ErrCommentRequired}, http.StatusBadRequest, 2},
	{"plan.ApprovalError", &plan.ApprovalError{Field: "status"}, http.StatusConflict, 2},
	{"plan.InputError", plan.Invalid("title", "is required"), http.StatusBadRequest, 2},
	{"plan.InputError (checklist)", &plan.InputError{Message: "invalid", Fields: map[string]string{"items[0].weight": "must be 1 to 5"},
		Err: &checklist.ValidationError{Fields: map[string]string{"items[0].weight": "must be 1 to 5"}}}, http.StatusBadRequest, 2},
	{"checklist.FormatError", &checklist.FormatError{Err: checklist.ErrInvalidFormat, Reason: "no items"}, 0, 2},
	{"checklist.ErrTooLarge", fmt.Errorf("report: %w", checklist.ErrTooLarge), http.StatusRequestEntityTooLarge, 2},
	{"assembly.InputError", &assembly.InputError{Field: "vehicleId", Message: "Please select a delivery vehicle first"}, http.StatusBadRequest, 2},
	{"assembly.GeneratorError", &assembly.GeneratorError{Err: errors.New("connection refused")}, http.StatusBadGateway, 1},
	{"domain.FieldErrors", domain.FieldErrors{"title": "is required"}, http.StatusBadRequest, 2},
	{"store.ReferenceError", fmt.Errorf("create: %w", &store.ReferenceError{Field: "themeId"}), http.StatusBadRequest, 2},
	{"store.ErrNotFound", fmt.Errorf("get: %w", store.ErrNotFound), http.StatusNotFound, 1},
	{"plan.VersionConflict", &plan.VersionConflict{Expected: 1, Current: 2}, http.StatusConflict, 2},
	{"plan.NotAuthorError", &plan.NotAuthorError{}, http.StatusForbidden, 2},
	{"plan.EditWindowError", &plan.EditWindowError{}, http.StatusConflict, 2},
	{"store.ErrConflict", fmt.Errorf("update: %w", store.ErrConflict), http.StatusConflict, 2},
	{"store.ErrUnavailable", fmt.Errorf("list: %w", store.ErrUnavailable), http.StatusServiceUnavailable, 1},
	{"backup.ErrDamaged", fmt.Errorf("restore: %w", backup.ErrDamaged), 0, 2},
	{"store.ErrNewerSchema", fmt.Errorf("restore: %w", store.ErrNewerSchema), 0, 2},
	{"store.ErrNotEmpty", fmt.Errorf("restore: %w", store.ErrNotEmpty), 0, 2},
	{"fs.ErrNotExist", fmt.Errorf("restore: %w", fs.ErrNotExist), 0, 2},
}

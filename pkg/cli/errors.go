package cli

import (
	"errors"
	"io/fs"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// exitError is the command line's twin of api.fail: the one place that
// turns the typed errors of the use cases, the engines and the store into
// an exit code and a one-line message. Bad input, a refusal and a conflict
// exit 2; anything else passes as it is and exits 1 (an *ExitError keeps
// its own code). name says a request field as the flag or argument that
// sets it ("themeId" as --theme); nil leaves fields as they are.
// TestExitErrorTable holds it to pkg/internal/typederr's list, as
// TestFailTable holds api.fail.
func exitError(err error, name func(field string) string) error {
	if err == nil {
		return nil
	}
	var (
		exit   *ExitError
		deny   *actor.DeniedError
		rev    *review.Error
		unappr *plan.ApprovalError
		format *checklist.FormatError
		items  *checklist.ValidationError
		bad    *plan.InputError
		input  *assembly.InputError
		fields domain.FieldErrors
		ref    *store.ReferenceError
		stale  *plan.VersionConflict
		author *plan.NotAuthorError
		closed *plan.EditWindowError
	)
	field := name
	if field == nil {
		field = func(k string) string { return k }
	}
	switch {
	case errors.As(err, &exit):
		return err
	case errors.As(err, &deny):
		return UsageError("%v", deny)
	case errors.As(err, &rev):
		return UsageError("%s", oneLine(rev.Message))
	case errors.As(err, &unappr):
		return UsageError("%s (%s)", plan.MsgNeedsApproval, field(unappr.Field))
	// The checklist's own errors first: the use cases wrap them in an
	// InputError, and the command line names what was wrong after the
	// spec's message.
	case errors.As(err, &format):
		if len(format.Fields) > 0 {
			return UsageError("%s: invalid checklist: %s", format.Err, fieldProblems(format.Fields, field))
		}
		return UsageError("%s", oneLine(format.Detail()))
	case errors.As(err, &items):
		return UsageError("invalid checklist: %s", fieldProblems(items.Fields, field))
	case errors.Is(err, checklist.ErrTooLarge):
		return UsageError("%v", err)
	case errors.As(err, &bad):
		return UsageError("%s", oneLine(bad.Message))
	case errors.As(err, &input):
		return UsageError("%s", oneLine(input.Message))
	case errors.As(err, &fields):
		if name == nil {
			return UsageError("%v", fields)
		}
		return UsageError("%s", fieldProblems(fields, name))
	case errors.As(err, &ref):
		return UsageError("%s refers to a record that does not exist", field(ref.Field))
	case errors.As(err, &stale):
		return UsageError("%v", stale)
	case errors.As(err, &author):
		return UsageError("%v", author)
	case errors.As(err, &closed):
		return UsageError("%v", closed)
	case errors.Is(err, store.ErrConflict):
		return UsageError("the record was changed by someone else; reload and try again")
	case errors.Is(err, backup.ErrDamaged), errors.Is(err, store.ErrNewerSchema), errors.Is(err, store.ErrNotEmpty),
		errors.Is(err, fs.ErrNotExist):
		return UsageError("%v", err)
	}
	return err
}

// flagNamed says a field as its flag: "email" as --email.
func flagNamed(field string) string { return "--" + field }

package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
)

// Body limits of DESIGN.md.
const (
	// MaxJSONBody bounds every JSON request body.
	MaxJSONBody = 1 << 20
	// MaxImportBody bounds HTML imports.
	MaxImportBody = 10 << 20
	// MaxBatchBody bounds POST /api/communications/batch: 1,000 items at
	// up to about 8 KiB each. An imported activity (title, a paragraph of
	// content, ids) is well under 1 KiB.
	MaxBatchBody = 8 << 20
)

// ErrorBody is the JSON shape of every error answer.
type ErrorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields,omitempty"`
}

// ConflictBody is the 409 of a stale checklist save: who saved the
// current version first, and when.
type ConflictBody struct {
	Error     string     `json:"error"`
	ChangedBy string     `json:"changedBy,omitempty"`
	ChangedAt *time.Time `json:"changedAt,omitempty"`
}

// Error is an HTTP-level failure with its status, produced while decoding or
// by handlers that know the status better than the error mapping does.
type Error struct {
	Status int
	Body   ErrorBody
}

func (e *Error) Error() string { return e.Body.Error }

// BadRequest is a 400 naming one field.
func BadRequest(field, msg string) *Error {
	body := ErrorBody{Error: msg}
	if field != "" {
		body.Error = field + " " + msg
		body.Fields = map[string]string{field: msg}
	}
	return &Error{Status: http.StatusBadRequest, Body: body}
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// statusClientClosed is logged for a request whose client hung up before
// the answer (nginx's 499); no client ever sees it.
const statusClientClosed = 499

// retryAfterUnavailable is the Retry-After, in seconds, of a 503 for an
// unavailable database.
const retryAfterUnavailable = "5"

// unavailable answers 503 database unavailable with Retry-After.
func unavailable(w http.ResponseWriter) {
	w.Header().Set("Retry-After", retryAfterUnavailable)
	writeJSON(w, http.StatusServiceUnavailable, ErrorBody{Error: "database unavailable"})
}

// fail answers err as JSON. It is the one place that maps storage and
// domain errors to status codes; a 5xx is logged and never shows internals.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var (
		apiErr *Error
		fields domain.FieldErrors
		ref    *store.ReferenceError
		input  *assembly.InputError
		bad    *plan.InputError
		gen    *assembly.GeneratorError
		deny   *actor.DeniedError
		stale  *plan.VersionConflict
		author *plan.NotAuthorError
		closed *plan.EditWindowError
		rev    *review.Error
		unappr *plan.ApprovalError
		sendF  *plan.SendFailedError
	)
	switch {
	case r.Context().Err() != nil:
		// The client hung up: nobody reads this answer and nothing failed.
		s.log.DebugContext(r.Context(), "client went away", "path", logPath(r), "err", err)
		writeJSON(w, statusClientClosed, ErrorBody{Error: "client closed the request"})
	case errors.Is(err, store.ErrUnavailable):
		s.log.WarnContext(r.Context(), "database unavailable", "method", r.Method, "path", logPath(r), "err", err)
		unavailable(w)
	case errors.As(err, &deny):
		denied(w, deny)
	case errors.As(err, &apiErr):
		writeJSON(w, apiErr.Status, apiErr.Body)
	case errors.As(err, &rev):
		writeJSON(w, reviewStatus(rev), ErrorBody{Error: rev.Message, Fields: map[string]string{rev.Field: rev.Message}})
	case errors.As(err, &unappr):
		writeJSON(w, http.StatusConflict, ErrorBody{Error: plan.MsgNeedsApproval, Fields: map[string]string{unappr.Field: "needs approval"}})
	case errors.Is(err, plan.ErrNoDelivery):
		writeJSON(w, http.StatusServiceUnavailable, ErrorBody{Error: err.Error()})
	case errors.As(err, &sendF):
		s.log.WarnContext(r.Context(), "test copy not sent", "path", logPath(r), "err", err)
		writeJSON(w, http.StatusBadGateway, ErrorBody{Error: sendF.Error()})
	case errors.Is(err, checklist.ErrTooLarge):
		writeJSON(w, http.StatusRequestEntityTooLarge, ErrorBody{Error: err.Error()})
	case errors.As(err, &bad):
		writeJSON(w, http.StatusBadRequest, ErrorBody{Error: bad.Message, Fields: bad.Fields})
	case errors.As(err, &input):
		writeJSON(w, http.StatusBadRequest, ErrorBody{Error: input.Message, Fields: map[string]string{input.Field: input.Message}})
	case errors.As(err, &gen):
		// The generator's own message is what the user needs ("connection
		// refused", "model not found"); it holds no internals of ours.
		s.log.WarnContext(r.Context(), "content generator failed", "path", logPath(r), "err", err)
		writeJSON(w, http.StatusBadGateway, ErrorBody{Error: gen.Error()})
	case errors.As(err, &fields):
		writeJSON(w, http.StatusBadRequest, ErrorBody{Error: fields.Error(), Fields: fields})
	case errors.As(err, &ref):
		writeJSON(w, http.StatusBadRequest, ErrorBody{Error: ref.Field + " refers to a record that does not exist",
			Fields: map[string]string{ref.Field: "refers to a record that does not exist"}})
	case errors.Is(err, store.ErrNotFound):
		writeJSON(w, http.StatusNotFound, ErrorBody{Error: "not found"})
	case errors.As(err, &stale):
		body := ConflictBody{Error: stale.Error()}
		if stale.By != "" {
			body.ChangedBy, body.ChangedAt = stale.By, &stale.At
		}
		writeJSON(w, http.StatusConflict, body)
	case errors.As(err, &author):
		writeJSON(w, http.StatusForbidden, ErrorBody{Error: author.Error()})
	case errors.As(err, &closed):
		writeJSON(w, http.StatusConflict, ErrorBody{Error: closed.Error()})
	case errors.Is(err, store.ErrConflict):
		writeJSON(w, http.StatusConflict, ErrorBody{Error: "the record was changed by someone else; reload and try again"})
	default:
		s.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", logPath(r), "err", err)
		writeJSON(w, http.StatusInternalServerError, ErrorBody{Error: "internal server error"})
	}
}

// answer is a handler's last step: v as JSON with status, or err through
// fail when the call failed.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, status, v)
}

// decode reads a JSON body of at most limit bytes into v. Unknown fields are
// ignored; a wrong type names its field. A body of null is a 400, and so is
// any string that is not valid UTF-8 or holds a NUL, or any integer beyond
// 32 bits (domain.CheckInput), so no backend ever sees one.
func decode(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	if err := decodeJSON(w, r, v, limit); err != nil {
		return err
	}
	if f := domain.CheckInput(v); len(f) > 0 {
		return f
	}
	return nil
}

// decodeJSON is decode without the input check.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return &Error{Status: http.StatusUnsupportedMediaType, Body: ErrorBody{Error: "Content-Type must be application/json"}}
		}
	}
	body := bufio.NewReader(http.MaxBytesReader(w, r.Body, limit))
	if isNull(body) {
		return BadRequest("", "request body must be a JSON object, not null")
	}
	dec := json.NewDecoder(body)
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			return BadRequest("", "request body must be a single JSON value")
		}
		return nil
	}
	var (
		tooBig  *http.MaxBytesError
		typeErr *json.UnmarshalTypeError
		syntax  *json.SyntaxError
	)
	switch {
	case errors.As(err, &tooBig):
		return &Error{Status: http.StatusRequestEntityTooLarge, Body: ErrorBody{Error: fmt.Sprintf("request body is larger than %d bytes", limit)}}
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return BadRequest("", "request body has the wrong JSON type")
		}
		return BadRequest(field, "has the wrong type")
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return BadRequest("", "malformed JSON")
	case errors.Is(err, io.EOF):
		return BadRequest("", "request body is required")
	default:
		// Custom decoders such as domain.Int report here; name the field when
		// the decoder's message carries it.
		return BadRequest("", "invalid JSON: "+err.Error())
	}
}

// isNull reports whether the body is the JSON literal null, which would
// leave every field of the target unset. It only peeks: the decoder still
// reads the whole body.
func isNull(body *bufio.Reader) bool {
	for {
		b, err := body.Peek(1)
		if err != nil || !bytes.ContainsRune([]byte(" \t\r\n"), rune(b[0])) {
			break
		}
		_, _ = body.ReadByte()
	}
	word, _ := body.Peek(4)
	return string(word) == "null"
}

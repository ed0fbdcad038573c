// Package scim is the SCIM 2.0 provisioning endpoint (/scim/v2/Users) through
// which Microsoft Entra ID and Okta keep the employee directory: the
// protocol is github.com/elimity-com/scim's (schemas, filters with
// github.com/scim2/filter-parser/v2, PATCH parsing, errors); this package
// maps a SCIM User to a directory entry and back, and calls pkg/plan for
// every write, as the SCIM client (actor.SCIMClient). A bearer token, the
// scim.token (plan.RotateSCIMToken), guards it.
//
// A User maps to an entry as docs/directory.md ("SCIM") lists: userName is
// the email, displayName (or name) the name, the enterprise extension's
// employeeNumber the employeeId (else externalId, else userName), its
// division, department and manager the entry's. A DELETE keeps the entry,
// inactive; the client then no longer finds it.
package scim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	lib "github.com/elimity-com/scim"
	scimerr "github.com/elimity-com/scim/errors"
	"github.com/elimity-com/scim/optional"
	"github.com/elimity-com/scim/schema"
	filter "github.com/scim2/filter-parser/v2"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

// EnterpriseURI is the enterprise User extension's schema.
const EnterpriseURI = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"

// MaxBody bounds a SCIM request body.
const MaxBody = 1 << 20

func init() {
	// Entra sends booleans as strings ("active": "False"); the library
	// reads them only with this switch, which is global to it.
	schema.SetAllowStringValues(true)
}

// Handler serves /scim/v2 (mount it with the /scim prefix stripped, so
// paths start at /v2): the bearer check, then the library's server.
func Handler(st store.Store, p *plan.Plan) (http.Handler, error) {
	users := &users{st: st, p: p}
	srv, err := lib.NewServer(&lib.ServerArgs{
		ServiceProviderConfig: &lib.ServiceProviderConfig{
			DocumentationURI: optional.NewString("https://github.com/commsplan/commsplan/blob/main/docs/directory.md"),
			AuthenticationSchemes: []lib.AuthenticationScheme{{Type: lib.AuthenticationTypeOauthBearerToken,
				Name: "Bearer token", Description: "The scim.token made with commsplan scim token", Primary: true}},
			MaxResults: 100, SupportFiltering: true, SupportPatch: true,
		},
		ResourceTypes: []lib.ResourceType{{
			ID: optional.NewString("User"), Name: "User", Endpoint: "/Users",
			Description:      optional.NewString("An employee of the directory"),
			Schema:           schema.CoreUserSchema(),
			SchemaExtensions: []lib.SchemaExtension{{Schema: schema.ExtensionEnterpriseUser()}},
			Handler:          users,
		}},
	})
	if err != nil {
		return nil, err
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		valid, err := p.SCIMTokenValid(r.Context(), strings.TrimSpace(token))
		switch {
		case err != nil:
			writeError(w, http.StatusServiceUnavailable, "the directory cannot be reached")
			return
		case !ok || !valid:
			w.Header().Set("WWW-Authenticate", `Bearer realm="commsplan SCIM"`)
			writeError(w, http.StatusUnauthorized, "a valid bearer token (scim.token) is required")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		if r.Method == http.MethodPatch {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				writeError(w, http.StatusRequestEntityTooLarge, "the request body is too large")
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(entraPatch(body)))
		}
		srv.ServeHTTP(w, r.WithContext(actor.With(r.Context(), actor.SCIMClient)))
	}), nil
}

// entraPatch rewrites what Entra ID sends in a PATCH that the schema
// refuses: the manager as a bare id ("value": "id") where the enterprise
// extension has a complex {"value": "id"}. Anything it cannot read goes
// on unchanged, for the library to answer.
func entraPatch(body []byte) []byte {
	var doc map[string]any
	if json.Unmarshal(body, &doc) != nil {
		return body
	}
	ops, _ := doc["Operations"].([]any)
	changed := false
	for _, o := range ops {
		op, _ := o.(map[string]any)
		path, _ := op["path"].(string)
		if id, ok := op["value"].(string); ok && strings.EqualFold(path, EnterpriseURI+":manager") {
			op["value"], changed = map[string]any{"value": id}, true
		}
	}
	if !changed {
		return body
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return body
	}
	return out
}

func writeError(w http.ResponseWriter, status int, detail string) {
	w.Header().Set("Content-Type", "application/scim+json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"schemas": []string{"urn:ietf:params:scim:api:messages:2.0:Error"},
		"status": strconv.Itoa(status), "detail": detail})
}

// users is the User resource over the directory.
type users struct {
	st store.Store
	p  *plan.Plan
}

// fail turns a use case's error into a SCIM error.
func fail(err error) error {
	var fields domain.FieldErrors
	var denied *actor.DeniedError
	switch {
	case errors.Is(err, store.ErrNotFound):
		return scimerr.ScimErrorResourceNotFound("")
	case errors.Is(err, store.ErrConflict):
		return scimerr.ScimErrorUniqueness
	case errors.As(err, &fields):
		e := scimerr.ScimErrorInvalidValue
		e.Detail = fields.Error()
		return e
	case errors.As(err, &denied):
		return scimerr.ScimError{Status: http.StatusForbidden, Detail: denied.Error()}
	}
	return err
}

// live finds a provisioned entry by SCIM id; one the client deleted is
// not found.
func (u *users) live(ctx context.Context, id string) (domain.Employee, error) {
	e, err := u.st.GetEmployee(ctx, id)
	if err != nil || e.ID != id {
		return e, scimerr.ScimErrorResourceNotFound(id)
	}
	if e.Attributes[domain.AttrDeprovisioned] != "" {
		return e, scimerr.ScimErrorResourceNotFound(id)
	}
	return e, nil
}

// resolveManager turns a manager given by SCIM id into its employeeId.
func (u *users) resolveManager(ctx context.Context, e *domain.Employee) {
	if e.ManagerID == "" {
		return
	}
	if m, err := u.st.GetEmployee(ctx, e.ManagerID); err == nil {
		e.ManagerID = m.EmployeeID
	}
}

// Create implements scim.ResourceHandler. A userName that a deleted entry
// had brings that entry back.
func (u *users) Create(r *http.Request, attrs lib.ResourceAttributes) (lib.Resource, error) {
	e := domain.Employee{Active: true, Attributes: map[string]string{}}
	apply(&e, flatten("", map[string]any(attrs)))
	finish(&e)
	u.resolveManager(r.Context(), &e)
	page, err := u.st.ListEmployees(r.Context(), store.EmployeeFilter{Email: e.Email, Limit: 2})
	if err != nil {
		return lib.Resource{}, err
	}
	if len(page.Rows) > 0 {
		old := page.Rows[0]
		if old.Attributes[domain.AttrDeprovisioned] == "" {
			return lib.Resource{}, scimerr.ScimErrorUniqueness
		}
		e.ID, e.EmployeeID = old.ID, old.EmployeeID
	}
	saved, err := u.p.ProvisionEmployee(r.Context(), e)
	if err != nil {
		return lib.Resource{}, fail(err)
	}
	return resource(saved), nil
}

// Get implements scim.ResourceHandler.
func (u *users) Get(r *http.Request, id string) (lib.Resource, error) {
	e, err := u.live(r.Context(), id)
	if err != nil {
		return lib.Resource{}, err
	}
	return resource(e), nil
}

// GetAll implements scim.ResourceHandler. `userName eq "x"`, what both
// providers ask before creating a user, is one indexed read; any other
// filter walks the directory.
func (u *users) GetAll(r *http.Request, params lib.ListRequestParams) (lib.Page, error) {
	ctx := r.Context()
	var matched []domain.Employee
	keep := func(e domain.Employee) bool {
		if e.Attributes[domain.AttrDeprovisioned] != "" {
			return false
		}
		return params.FilterValidator == nil || params.FilterValidator.PassesFilter(resource(e).Attributes) == nil
	}
	if name, ok := userNameEq(params); ok {
		page, err := u.st.ListEmployees(ctx, store.EmployeeFilter{Email: name, Limit: 10})
		if err != nil {
			return lib.Page{}, err
		}
		for _, e := range page.Rows {
			if keep(e) {
				matched = append(matched, e)
			}
		}
	} else {
		err := u.st.EachEmployee(ctx, func(e domain.Employee) error {
			if keep(e) {
				matched = append(matched, e)
			}
			return nil
		})
		if err != nil {
			return lib.Page{}, err
		}
	}
	out := lib.Page{TotalResults: len(matched), Resources: []lib.Resource{}}
	start := max(params.StartIndex, 1) - 1
	for i := start; i < len(matched) && i < start+params.Count; i++ {
		out.Resources = append(out.Resources, resource(matched[i]))
	}
	return out, nil
}

// userNameEq reports a filter that is `userName eq "value"` alone.
func userNameEq(params lib.ListRequestParams) (string, bool) {
	if params.FilterValidator == nil {
		return "", false
	}
	e, ok := params.FilterValidator.GetFilter().(*filter.AttributeExpression)
	if !ok || e.Operator != filter.EQ || !strings.EqualFold(e.AttributePath.AttributeName, "userName") ||
		e.AttributePath.SubAttribute != nil {
		return "", false
	}
	v, ok := e.CompareValue.(string)
	return v, ok
}

// Replace implements scim.ResourceHandler: every mapped field is the
// body's; the employeeId stays unless the body gives an employeeNumber.
func (u *users) Replace(r *http.Request, id string, attrs lib.ResourceAttributes) (lib.Resource, error) {
	old, err := u.live(r.Context(), id)
	if err != nil {
		return lib.Resource{}, err
	}
	e := domain.Employee{ID: old.ID, EmployeeID: old.EmployeeID, Active: true, Attributes: map[string]string{}}
	apply(&e, flatten("", map[string]any(attrs)))
	finish(&e)
	u.resolveManager(r.Context(), &e)
	saved, err := u.p.ProvisionEmployee(r.Context(), e)
	if err != nil {
		return lib.Resource{}, fail(err)
	}
	return resource(saved), nil
}

// Delete implements scim.ResourceHandler: the entry is kept, inactive.
func (u *users) Delete(r *http.Request, id string) error {
	if _, err := u.live(r.Context(), id); err != nil {
		return err
	}
	return fail(u.p.DeprovisionEmployee(r.Context(), id))
}

// Patch implements scim.ResourceHandler. The library lower-cases the
// operation ("Replace" from Entra); a value without a path is a map of
// attributes, keyed by name, by dotted path or by the extension's URN.
func (u *users) Patch(r *http.Request, id string, ops []lib.PatchOperation) (lib.Resource, error) {
	e, err := u.live(r.Context(), id)
	if err != nil {
		return lib.Resource{}, err
	}
	before := e
	before.Attributes = copyMap(e.Attributes)
	for _, op := range ops {
		var pairs []pair
		if op.Path == nil {
			m, ok := op.Value.(map[string]any)
			if !ok {
				return lib.Resource{}, scimerr.ScimErrorInvalidValue
			}
			pairs = flatten("", m)
		} else {
			pairs = flatten(pathKey(*op.Path), op.Value)
		}
		if op.Op == lib.PatchOperationRemove {
			for i := range pairs {
				pairs[i].value = nil
			}
			if len(pairs) == 0 {
				pairs = []pair{{key: pathKey(*op.Path)}}
			}
		}
		apply(&e, pairs)
	}
	finish(&e)
	u.resolveManager(r.Context(), &e)
	if e.Same(before) {
		return resource(e), nil
	}
	saved, err := u.p.ProvisionEmployee(r.Context(), e)
	if err != nil {
		return lib.Resource{}, fail(err)
	}
	return resource(saved), nil
}

func copyMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// pair is one attribute of a SCIM User, by its flat key ("name.givenName",
// "emails.value", "enterprise.department"), and its value (nil removes).
type pair struct {
	key   string
	value any
}

// pathKey is a PATCH path's flat key: a filter on a multi-valued attribute
// (emails[type eq "work"]) picks the one value the directory keeps.
func pathKey(p filter.Path) string {
	ap := p.AttributePath
	key := ap.AttributeName
	if ap.URIPrefix != nil && strings.EqualFold(ap.URI(), EnterpriseURI) {
		key = "enterprise." + key
	}
	if ap.SubAttribute != nil {
		key += "." + ap.SubAttributeName()
	}
	if p.SubAttribute != nil {
		key += "." + *p.SubAttribute
	}
	return key
}

// flatten turns a value at key into flat pairs: maps descend, a
// multi-valued attribute gives its primary (else first) element, the
// extension's URN (alone or prefixing a name) becomes "enterprise.".
func flatten(key string, v any) []pair {
	switch x := v.(type) {
	case map[string]any:
		var out []pair
		for k, sub := range x {
			name := k
			switch {
			case strings.EqualFold(k, EnterpriseURI):
				name = "enterprise"
			case len(k) > len(EnterpriseURI) && strings.EqualFold(k[:len(EnterpriseURI)+1], EnterpriseURI+":"):
				name = "enterprise." + k[len(EnterpriseURI)+1:]
			}
			if key != "" {
				name = key + "." + name
			}
			out = append(out, flatten(name, sub)...)
		}
		return out
	case []any:
		if len(x) == 0 {
			return []pair{{key: key + ".value"}}
		}
		pick := x[0]
		for _, el := range x {
			if m, ok := el.(map[string]any); ok && (m["primary"] == true || m["primary"] == "True" || m["primary"] == "true") {
				pick = el
				break
			}
		}
		return flatten(key, pick)
	}
	return []pair{{key: key, value: v}}
}

// text reads a value as text ("" for nil).
func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// apply sets the entry's fields from flat pairs; keys it does not map are
// left out (the directory keeps only what a plan needs).
func apply(e *domain.Employee, pairs []pair) {
	set := func(k, v string) {
		if v == "" {
			delete(e.Attributes, k)
		} else {
			e.Attributes[k] = v
		}
	}
	for _, p := range pairs {
		v := text(p.value)
		switch strings.ToLower(p.key) {
		case "username":
			e.Email = strings.ToLower(v)
		case "displayname":
			e.Name = v
		case "name.formatted":
			set("formattedName", v)
		case "name.givenname":
			set("givenName", v)
		case "name.familyname":
			set("familyName", v)
		case "externalid":
			set("externalId", v)
		case "active":
			if p.value == nil {
				e.Active = false
			} else if b, err := strconv.ParseBool(strings.ToLower(v)); err == nil {
				e.Active = b // Entra sends "False" and "True" as strings
			}
		case "title":
			e.JobTitle = v
		case "usertype":
			e.EmployeeType = v
		case "preferredlanguage", "locale":
			if v == "" || e.Language == "" || strings.EqualFold(p.key, "preferredLanguage") {
				e.Language = strings.ReplaceAll(v, "_", "-")
			}
		case "timezone":
			e.Timezone = v
		case "phonenumbers.value":
			e.Phone = v
		case "addresses.region", "addresses.locality", "addresses.formatted":
			if v != "" || strings.EqualFold(p.key, "addresses.region") {
				e.Location = v
			}
		case "enterprise.employeenumber":
			if v != "" {
				e.EmployeeID = v
			}
		case "enterprise.division":
			e.Division = v
		case "enterprise.department":
			e.Department = v
		case "enterprise.costcenter":
			set("costCenter", v)
		case "enterprise.organization":
			set("organization", v)
		case "enterprise.manager", "enterprise.manager.value":
			e.ManagerID = v
		}
	}
}

// finish fills what a User may leave out: the name from its parts, the
// employeeId from externalId or userName.
func finish(e *domain.Employee) {
	if e.Name == "" {
		e.Name = e.Attributes["formattedName"]
	}
	if e.Name == "" {
		e.Name = strings.TrimSpace(e.Attributes["givenName"] + " " + e.Attributes["familyName"])
	}
	if e.Name == "" {
		e.Name = e.Email
	}
	if e.EmployeeID == "" {
		e.EmployeeID = e.Attributes["externalId"]
	}
	if e.EmployeeID == "" {
		e.EmployeeID = e.Email
	}
}

// resource is the entry as a SCIM User.
func resource(e domain.Employee) lib.Resource {
	attrs := lib.ResourceAttributes{"userName": e.Email, "displayName": e.Name, "active": e.Active,
		"name": map[string]any{"formatted": e.Name, "givenName": e.Attributes["givenName"], "familyName": e.Attributes["familyName"]}}
	if e.Email != "" {
		attrs["emails"] = []any{map[string]any{"value": e.Email, "type": "work", "primary": true}}
	}
	if e.Phone != "" {
		attrs["phoneNumbers"] = []any{map[string]any{"value": e.Phone, "type": "work"}}
	}
	if e.Location != "" {
		attrs["addresses"] = []any{map[string]any{"region": e.Location, "type": "work", "primary": true}}
	}
	for k, v := range map[string]string{"title": e.JobTitle, "userType": e.EmployeeType, "preferredLanguage": e.Language, "timezone": e.Timezone} {
		if v != "" {
			attrs[k] = v
		}
	}
	ext := map[string]any{"employeeNumber": e.EmployeeID}
	for k, v := range map[string]string{"division": e.Division, "department": e.Department, "costCenter": e.Attributes["costCenter"],
		"organization": e.Attributes["organization"]} {
		if v != "" {
			ext[k] = v
		}
	}
	if e.ManagerID != "" {
		ext["manager"] = map[string]any{"value": e.ManagerID}
	}
	attrs[EnterpriseURI] = ext
	created, modified := e.CreatedAt, e.UpdatedAt
	res := lib.Resource{ID: e.ID, Attributes: attrs, Meta: lib.Meta{Created: &created, LastModified: &modified,
		Version: fmt.Sprintf(`W/"%d"`, e.UpdatedAt.UnixMicro())}}
	if x := e.Attributes["externalId"]; x != "" {
		res.ExternalID = optional.NewString(x)
	}
	return res
}

package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestBadInputNeverServerError walks every route of docs/openapi.yaml with
// hostile input: NUL and invalid UTF-8 in every string of a valid body, in
// the path and in every query parameter; integers beyond 32 bits; strings
// one character over their documented maxLength; null, malformed and
// wrongly typed bodies and fields. Each must answer a 4xx JSON error, never
// a 5xx, on both backends; where one field is at fault the error names it.
func TestBadInputNeverServerError(t *testing.T) {
	spec := loadOpenAPI(t)
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		// An admin may call every route, so every one gets to its checks.
		ts := newTestServer(t, b, Options{SharedRole: actor.RoleAdmin})
		bodies := baseBodies(t, ts)
		total, serverErrors := 0, 0
		for _, rt := range spec.routes() {
			t.Run(rt.method+" "+rt.path, func(t *testing.T) {
				for _, c := range spec.badCases(t, rt, bodies) {
					total++
					resp, out := ts.do(c.method, c.url, c.body)
					if resp.StatusCode >= 500 {
						serverErrors++
					}
					checkBadAnswer(t, c, resp, out)
				}
			})
		}
		t.Logf("%s: %d bad requests, %d answered 5xx", b.Name, total, serverErrors)
		require.Zero(t, serverErrors)
	})
}

// badCase is one hostile request and what its answer must say.
type badCase struct {
	name, method, url string
	body              any // nil, or []byte sent as it is
	// field, when set, must be named in the answer's fields.
	field string
	// status, when set, is the one status allowed; else any 4xx.
	status int
}

func checkBadAnswer(t *testing.T, c badCase, resp *http.Response, out []byte) {
	t.Helper()
	label := fmt.Sprintf("%s (%s %s): %.300s", c.name, c.method, c.url, out)
	if c.status != 0 {
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d", label, resp.StatusCode, c.status)
			return
		}
	} else if resp.StatusCode < 400 || resp.StatusCode > 499 {
		t.Errorf("%s: status %d, want a 4xx", label, resp.StatusCode)
		return
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Errorf("%s: Content-Type %q, want JSON", label, resp.Header.Get("Content-Type"))
		return
	}
	var e ErrorBody
	if err := json.Unmarshal(out, &e); err != nil || e.Error == "" {
		t.Errorf("%s: not an error body", label)
		return
	}
	if c.field != "" && resp.StatusCode != http.StatusRequestEntityTooLarge {
		if !namesField(e.Fields, c.field) {
			t.Errorf("%s: fields do not name %s", label, c.field)
		}
	}
}

var index = regexp.MustCompile(`\[\d+\]`)

// namesField reports whether fields name field, taking an index for any
// other (a newsletter template names its sections by number, not
// position), or an element of it (an audience label given one id is read
// as a list of one).
func namesField(fields map[string]string, field string) bool {
	if _, ok := fields[field]; ok {
		return true
	}
	for k := range fields {
		if index.ReplaceAllString(k, "[]") == index.ReplaceAllString(field, "[]") || strings.HasPrefix(k, field+"[") {
			return true
		}
	}
	return false
}

// openAPI is the parsed docs/openapi.yaml.
type openAPI struct {
	doc map[string]any
}

func loadOpenAPI(t *testing.T) *openAPI {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "openapi.yaml"))
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	return &openAPI{doc: doc}
}

// route is one documented operation.
type route struct {
	method, path string
	query        []string
	// required holds a valid value of each required query parameter, so
	// a case is refused for what it breaks and not for what it lacks.
	required url.Values
	body     map[string]any // the request body's schema, or nil
}

func (o *openAPI) routes() []route {
	var out []route
	paths, _ := o.doc["paths"].(map[string]any)
	for path, item := range paths {
		ops, _ := item.(map[string]any)
		for method, op := range ops {
			if method == "parameters" {
				continue
			}
			opm, _ := op.(map[string]any)
			rt := route{method: strings.ToUpper(method), path: path, required: url.Values{}}
			params, _ := opm["parameters"].([]any)
			for _, p := range params {
				pm, _ := o.resolve(p).(map[string]any)
				if pm["in"] == "query" {
					name := pm["name"].(string)
					rt.query = append(rt.query, name)
					if enum, _ := dig(pm, "schema", "enum").([]any); pm["required"] == true && len(enum) > 0 {
						rt.required.Set(name, fmt.Sprint(enum[0]))
					}
				}
			}
			if rb, ok := opm["requestBody"].(map[string]any); ok {
				schema, _ := dig(rb, "content", "application/json", "schema").(map[string]any)
				rt.body = schema
			}
			out = append(out, rt)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path+out[i].method < out[j].path+out[j].method })
	return out
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// resolve follows a local $ref.
func (o *openAPI) resolve(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	ref, ok := m["$ref"].(string)
	if !ok {
		return v
	}
	return o.resolve(dig(o.doc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...))
}

// schemaAt is the schema of the value at path inside schema, or nil.
func (o *openAPI) schemaAt(schema any, path []any) map[string]any {
	s, _ := o.resolve(schema).(map[string]any)
	for _, seg := range path {
		if s == nil {
			return nil
		}
		switch k := seg.(type) {
		case int:
			s, _ = o.resolve(s["items"]).(map[string]any)
		case string:
			if p, ok := dig(s, "properties", k).(map[string]any); ok {
				s, _ = o.resolve(p).(map[string]any)
			} else {
				s, _ = o.resolve(s["additionalProperties"]).(map[string]any)
			}
		}
	}
	return s
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// maxOverlong bounds the strings this test builds: a limit that only the
// request body limit enforces is tried by the body-limit tests instead.
const maxOverlong = 2 << 20

// badCases builds every hostile request for rt.
func (o *openAPI) badCases(t *testing.T, rt route, bodies map[string]baseBody) []badCase {
	key := rt.method + " " + rt.path
	base, hasBody := bodies[key]
	if rt.body != nil && !hasBody {
		t.Fatalf("no base body for %s: add one to baseBodies", key)
	}
	path := rt.path
	if hasBody && base.path != "" {
		path = base.path
	} else if hasBody {
		path = pathParam.ReplaceAllLiteralString(rt.path, base.id)
	} else if pathParam.MatchString(rt.path) {
		path = pathParam.ReplaceAllLiteralString(rt.path, "00000000-0000-0000-0000-000000000000")
	}
	var bodyBytes any
	if hasBody {
		raw, err := json.Marshal(base.body)
		require.NoError(t, err)
		bodyBytes = raw
	}
	var cases []badCase
	add := func(c badCase) {
		if c.method == "" {
			c.method = rt.method
		}
		if c.url == "" {
			c.url = path
		}
		if q := rt.required.Encode(); q != "" {
			c.url += "?" + q
		}
		cases = append(cases, c)
	}

	// The path: NUL, bytes that are not UTF-8, and an id no record has.
	if pathParam.MatchString(rt.path) {
		for name, bad := range map[string]string{"NUL id": "%00", "non-UTF-8 id": "%FF%FE", "long id": strings.Repeat("x", 1000)} {
			add(badCase{name: name, url: pathParam.ReplaceAllLiteralString(rt.path, bad), body: bodyBytes, status: http.StatusNotFound})
		}
	}
	// The query: every documented parameter, or one nobody reads.
	params := rt.query
	if len(params) == 0 {
		params = []string{"x"}
	}
	for _, p := range params {
		for name, bad := range map[string]string{"NUL": "a%00b", "non-UTF-8": "%FF"} {
			q := url.Values{}
			for k, v := range rt.required {
				if k != p {
					q[k] = v
				}
			}
			// Encode would escape the bad bytes' percent signs; they go raw.
			raw := p + "=" + bad
			if len(q) > 0 {
				raw = q.Encode() + "&" + raw
			}
			cases = append(cases, badCase{name: name + " in query " + p, method: rt.method, url: path + "?" + raw,
				body: bodyBytes, status: http.StatusBadRequest, field: p})
		}
	}
	if rt.body == nil {
		return cases
	}

	// Whole bodies that are no request.
	for name, raw := range map[string]string{"null body": "null", "array body": "[]", "string body": `"text"`,
		"number body": "5", "malformed body": `{"a":`, "two values": `{} {}`, "empty body": ""} {
		add(badCase{name: name, body: []byte(raw), status: http.StatusBadRequest})
	}

	// Every leaf of a valid body, one at a time.
	for _, l := range leaves(normalize(t, base.body), nil) {
		p := leafPath(l.path)
		switch v := l.value.(type) {
		case string:
			add(badCase{name: "NUL in " + p, body: withValue(t, base.body, l.path, "a\u0000b"), field: p, status: http.StatusBadRequest})
			if s := o.schemaAt(rt.body, l.path); s != nil {
				if max, ok := s["maxLength"].(int); ok && max < maxOverlong {
					add(badCase{name: "overlong " + p, body: withValue(t, base.body, l.path, strings.Repeat("é", max+1)), field: p})
				}
			}
		case json.Number:
			if _, err := v.Int64(); err != nil {
				continue // a fraction: no integer column behind it
			}
			for _, n := range []int64{math.MaxInt32 + 1, math.MinInt32 - 1} {
				add(badCase{name: "32-bit overflow in " + p, body: withValue(t, base.body, l.path, n), field: p, status: http.StatusBadRequest})
			}
		}
	}
	// Every top-level field with the wrong JSON type.
	if m, ok := base.body.(map[string]any); ok {
		for k, v := range m {
			var wrong any = "wrong"
			if _, isString := v.(string); isString {
				wrong = 12345
			}
			add(badCase{name: "wrong type for " + k, body: withValue(t, base.body, []any{k}, wrong)})
		}
	}
	return cases
}

// leaf is a string or number inside a JSON document, at path (string keys,
// int indexes).
type leaf struct {
	path  []any
	value any
}

// leaves lists the document's leaves; of an array only the first element,
// which keeps the case count down without losing a field.
func leaves(v any, path []any) []leaf {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var out []leaf
		for _, k := range keys {
			out = append(out, leaves(x[k], append(append([]any{}, path...), k))...)
		}
		return out
	case []any:
		if len(x) == 0 {
			return nil
		}
		return leaves(x[0], append(append([]any{}, path...), 0))
	case string, json.Number:
		return []leaf{{path: path, value: v}}
	}
	return nil
}

// leafPath writes a path the way the API names fields: a.b[0].c.
func leafPath(path []any) string {
	var b strings.Builder
	for _, seg := range path {
		switch k := seg.(type) {
		case int:
			b.WriteString("[" + strconv.Itoa(k) + "]")
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(k)
		}
	}
	return b.String()
}

// withValue encodes doc with the value at path replaced.
func withValue(t *testing.T, doc any, path []any, value any) []byte {
	copyDoc := normalize(t, doc)
	if len(path) == 0 {
		copyDoc = value
	} else {
		parent := copyDoc
		for _, seg := range path[:len(path)-1] {
			switch k := seg.(type) {
			case int:
				parent = parent.([]any)[k]
			case string:
				parent = parent.(map[string]any)[k]
			}
		}
		switch k := path[len(path)-1].(type) {
		case int:
			parent.([]any)[k] = value
		case string:
			parent.(map[string]any)[k] = value
		}
	}
	raw, err := json.Marshal(copyDoc)
	require.NoError(t, err)
	return raw
}

// normalize deep-copies v as generic JSON, numbers kept as json.Number.
func normalize(t *testing.T, v any) any {
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out any
	require.NoError(t, dec.Decode(&out))
	return out
}

// baseBody is a valid request for a route: its body and the id its path
// parameter takes.
type baseBody struct {
	id   string
	body any
	// path, when set, is the route's path with every parameter filled in,
	// for routes with more than one.
	path string
}

// baseBodies creates one record of every kind and returns a valid body for
// every route that takes one, so each hostile case differs from an accepted
// request in one place only.
func baseBodies(t *testing.T, ts *testServer) map[string]baseBody {
	var theme, question, content, audience, vehicle, comm, blackout, tmpl, feed struct {
		ID string `json:"id"`
	}
	ts.json("POST", "/api/themes", map[string]any{"name": "T", "description": "D"}, http.StatusCreated, &theme)
	person, _, err := plan.New(ts.Store).AddPerson(terminal(), "P", "", "viewer")
	require.NoError(t, err)
	ts.json("POST", "/api/questions", map[string]any{"themeId": theme.ID, "question": "Q?"}, http.StatusCreated, &question)
	ts.json("POST", "/api/content", map[string]any{"title": "C", "content": "Body"}, http.StatusCreated, &content)
	ts.json("POST", "/api/audiences", map[string]any{"name": "A"}, http.StatusCreated, &audience)
	ts.json("POST", "/api/vehicles", map[string]any{"name": "V", "type": "email"}, http.StatusCreated, &vehicle)
	commBody := map[string]any{"title": "M", "themeId": theme.ID, "selectedQuestions": []string{question.ID},
		"audienceId": audience.ID, "vehicleId": vehicle.ID, "rawContent": "raw", "generatedContent": "generated",
		"finalContentId": content.ID, "status": "scheduled", "scheduledDate": "2031-03-04",
		"sourceCampaignId": savedCampaigns(t, ts, "Source")["Source"], "sourceActivityId": "act"}
	ts.json("POST", "/api/communications", commBody, http.StatusCreated, &comm)
	blackoutBody := map[string]any{"name": "B", "startDate": "2031-03-04", "endDate": "2031-03-05", "audienceIds": []string{audience.ID}}
	ts.json("POST", "/api/blackouts", blackoutBody, http.StatusCreated, &blackout)
	ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "F"}, http.StatusCreated, &feed)

	var ref struct {
		NewsletterTemplate json.RawMessage `json:"newsletterTemplate"`
	}
	ts.json("GET", "/api/reference", nil, http.StatusOK, &ref)
	var newsletter any
	require.NoError(t, json.Unmarshal(ref.NewsletterTemplate, &newsletter))
	newsletterBody := map[string]any{"name": "N", "description": "D", "template": newsletter}
	ts.json("POST", "/api/newsletter-templates", newsletterBody, http.StatusCreated, &tmpl)

	cfg := campaignConfig(t, "crisis-communication-one-day")
	var gen struct {
		Schedule    any    `json:"schedule"`
		HTMLContent string `json:"htmlContent"`
	}
	ts.json("POST", "/api/campaigns/generate", cfg, http.StatusOK, &gen)
	campaignBody := map[string]any{"title": "Camp", "description": "D", "schedule": gen.Schedule,
		"htmlContent": "<p>plan</p>", "geographicFilters": []string{}}
	var camp struct {
		ID string `json:"id"`
	}
	ts.json("POST", "/api/campaigns", campaignBody, http.StatusCreated, &camp)

	var commComment, campComment struct {
		ID string `json:"id"`
	}
	commentBody := map[string]any{"text": "Looks good"}
	ts.json("POST", "/api/communications/"+comm.ID+"/comments", commentBody, http.StatusCreated, &commComment)
	ts.json("POST", "/api/campaigns/"+camp.ID+"/comments", commentBody, http.StatusCreated, &campComment)

	var state struct {
		Items   any `json:"items"`
		Version int `json:"version"`
	}
	ts.json("GET", "/api/checklist", nil, http.StatusOK, &state)
	resp, report := ts.do("POST", "/api/checklist/report", map[string]any{"items": state.Items})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(report))

	item := func(body any) baseBody { return baseBody{body: body} }
	withID := func(id string, body any) baseBody { return baseBody{id: id, body: body} }
	themeBody := map[string]any{"name": "T2", "description": "D", "icon": "fa-tag", "color": "blue"}
	questionBody := map[string]any{"themeId": theme.ID, "question": "Q2?", "description": "d", "sortOrder": 1}
	contentBody := map[string]any{"title": "C2", "type": "text", "description": "d", "content": "c",
		"url": "https://example.test/a", "vehicleType": "email", "sourceData": map[string]any{"k": "v", "n": 1},
		"questionIds": []string{question.ID}}
	audienceBody := map[string]any{"name": "A2", "description": "d", "contactCount": 5, "roles": []string{"r"},
		"orgLevels": []string{"l"}, "divisions": []string{"d"}, "targetingScope": "organization",
		"departments": []string{"x"}, "locations": []string{"y"}, "employeeTypes": []string{"z"}, "audienceType": "general"}
	vehicleBody := map[string]any{"name": "V2", "type": "email", "description": "d",
		"settings":              map[string]any{"template": "t", "maxLength": 100, "format": "text"},
		"generationalTargeting": []string{"g"}, "communicationStrategy": "digital", "preferredGenerations": []string{"g"},
		"generationalEffectiveness": map[string]any{"genz": 0.5}}
	templateBody := map[string]any{"name": "K", "description": "d", "items": state.Items, "isPublic": false,
		"metadata": map[string]any{"version": "1.0", "createdBy": "me"}}
	return map[string]baseBody{
		"POST /api/session":                       item(map[string]any{"code": testCode}),
		"POST /api/themes":                        item(themeBody),
		"PUT /api/themes/{id}":                    withID(theme.ID, themeBody),
		"POST /api/questions":                     item(questionBody),
		"PUT /api/questions/{id}":                 withID(question.ID, questionBody),
		"PUT /api/questions/reorder":              item(map[string]any{"themeId": theme.ID, "questionOrders": []any{map[string]any{"id": question.ID, "sortOrder": 2}}}),
		"POST /api/content":                       item(contentBody),
		"PUT /api/content/{id}":                   withID(content.ID, contentBody),
		"POST /api/audiences":                     item(audienceBody),
		"POST /api/audiences/count":               item(audienceBody),
		"PUT /api/audiences/{id}":                 withID(audience.ID, audienceBody),
		"POST /api/vehicles":                      item(vehicleBody),
		"PUT /api/vehicles/{id}":                  withID(vehicle.ID, vehicleBody),
		"POST /api/communications":                item(commBody),
		"PUT /api/communications/{id}":            withID(comm.ID, commBody),
		"POST /api/communications/{id}/send/test": withID(comm.ID, map[string]any{"email": "me@example.com"}),
		"POST /api/communications/batch":          item(map[string]any{"communications": []any{commBody}}),
		"POST /api/newsletter-preview": item(map[string]any{"themeId": theme.ID, "selectedQuestions": []any{question.ID},
			"rawContent": "raw", "customTemplate": newsletter}),
		"POST /api/communications/{id}/generate-content": withID(comm.ID, map[string]any{"vehicleId": vehicle.ID, "rawContent": "raw", "customTemplate": newsletter}),
		"POST /api/communications/{id}/save-to-library":  withID(comm.ID, map[string]any{"title": "S", "description": "d"}),
		"POST /api/communications/{id}/check-content":    withID(comm.ID, map[string]any{"content": "Hello", "format": "text", "placeholders": false}),
		"POST /api/newsletter-templates":                 item(newsletterBody),
		"PUT /api/newsletter-templates/{id}":             withID(tmpl.ID, newsletterBody),
		"POST /api/blackouts":                            item(blackoutBody),
		"PUT /api/blackouts/{id}":                        withID(blackout.ID, blackoutBody),
		"POST /api/schedule/warnings/preview":            item(map[string]any{"id": "x", "audienceId": audience.ID, "status": "scheduled", "scheduledDate": "2031-03-04"}),
		"POST /api/calendar-feeds":                       item(map[string]any{"name": "F2", "includeCampaignActivities": true}),
		"POST /api/people":                               item(map[string]any{"name": "P2", "email": "p@example.com", "role": "viewer"}),
		"PATCH /api/people/{id}":                         withID(person.ID, map[string]any{"name": "P3", "email": "q@example.com", "role": "planner"}),
		"POST /api/campaigns/generate":                   item(cfg),
		"POST /api/campaigns/render":                     item(map[string]any{"schedule": gen.Schedule}),
		"POST /api/campaigns/check":                      item(map[string]any{"schedule": gen.Schedule}),
		"POST /api/campaigns":                            item(campaignBody),
		"PATCH /api/campaigns/{id}":                      withID(camp.ID, campaignBody),
		"POST /api/campaigns/{id}/import": withID(camp.ID, map[string]any{"activityIds": []string{gen.Schedule.(map[string]any)["activities"].([]any)[0].(map[string]any)["id"].(string)},
			"themeId": theme.ID, "audienceMap": map[string]any{"Employees": audience.ID}, "dryRun": true}),
		"POST /api/communications/{id}/review":    withID(comm.ID, map[string]any{"approvers": []string{}, "dueDate": "2031-03-01"}),
		"POST /api/communications/{id}/decisions": withID(comm.ID, map[string]any{"decision": "approved", "comment": "ok"}),
		"POST /api/campaigns/{id}/review":         withID(camp.ID, map[string]any{"approvers": []string{}, "dueDate": "2031-03-01"}),
		"POST /api/campaigns/{id}/decisions":      withID(camp.ID, map[string]any{"decision": "approved", "comment": "ok"}),
		"POST /api/communications/{id}/comments":  withID(comm.ID, commentBody),
		"POST /api/campaigns/{id}/comments":       withID(camp.ID, commentBody),
		"POST /api/communications/{id}/insiders":  withID(comm.ID, map[string]any{"personId": person.ID}),
		"POST /api/campaigns/{id}/insiders":       withID(camp.ID, map[string]any{"personId": person.ID}),
		"PATCH /api/communications/{id}/comments/{commentId}": {
			path: "/api/communications/" + comm.ID + "/comments/" + commComment.ID, body: commentBody},
		"PATCH /api/campaigns/{id}/comments/{commentId}": {
			path: "/api/campaigns/" + camp.ID + "/comments/" + campComment.ID, body: commentBody},
		"POST /api/inbox/read":                      item(map[string]any{"ids": []string{}}),
		"POST /api/checklist-templates":             item(templateBody),
		"POST /api/checklist-templates/import-html": item(map[string]any{"name": "I", "description": "d", "htmlContent": string(report)}),
		"PUT /api/checklist":                        item(map[string]any{"items": state.Items, "version": state.Version}),
		"POST /api/checklist/report":                item(map[string]any{"items": state.Items, "title": "R", "date": "2031-03-04"}),
	}
}

// TestBadReferencesAndEmptySchedules covers the bad input that is valid
// JSON of the right types: ids that name no record, and an empty schedule.
func TestBadReferencesAndEmptySchedules(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var theme, question, other, content, comm struct {
			ID string `json:"id"`
		}
		ts.json("POST", "/api/themes", map[string]any{"name": "T", "description": "D"}, http.StatusCreated, &theme)
		ts.json("POST", "/api/questions", map[string]any{"themeId": theme.ID, "question": "Q?"}, http.StatusCreated, &question)
		ts.json("POST", "/api/questions", map[string]any{"themeId": theme.ID, "question": "Q2?"}, http.StatusCreated, &other)
		ts.json("POST", "/api/content", map[string]any{"title": "C", "content": "Body"}, http.StatusCreated, &content)

		for _, tc := range []struct {
			name, method, path string
			body               any
			field              string
		}{
			{"unknown question", "POST", "/api/communications", map[string]any{"title": "M", "selectedQuestions": []string{question.ID, "nope"}}, "selectedQuestions"},
			{"unknown content", "POST", "/api/communications", map[string]any{"title": "M", "finalContentId": "nope"}, "finalContentId"},
			{"unknown in a batch", "POST", "/api/communications/batch", map[string]any{"communications": []any{
				map[string]any{"title": "A"}, map[string]any{"title": "B", "selectedQuestions": []string{"nope"}}}}, "communications[1].selectedQuestions"},
		} {
			resp, out := ts.do(tc.method, tc.path, tc.body)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s: %s", tc.name, out)
			assert.Contains(t, errorBody(t, out).Fields, tc.field, tc.name)
		}
		var comms []any
		ts.json("GET", "/api/communications", nil, http.StatusOK, &comms)
		assert.Empty(t, comms, "nothing stored")

		// Known ids are kept; an update checks only the ids it adds, so a
		// question deleted since it was chosen does not block a rename.
		ts.json("POST", "/api/communications", map[string]any{"title": "M", "selectedQuestions": []string{question.ID, other.ID},
			"finalContentId": content.ID}, http.StatusCreated, &comm)
		ts.json("DELETE", "/api/questions/"+other.ID, nil, http.StatusNoContent, nil)
		ts.json("PUT", "/api/communications/"+comm.ID, map[string]any{"title": "Renamed"}, http.StatusOK, nil)
		resp, out := ts.do("PUT", "/api/communications/"+comm.ID, map[string]any{"finalContentId": "gone"})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Fields, "finalContentId")

		// schedule {} is no schedule, on create, update and render.
		var gen struct {
			Schedule json.RawMessage `json:"schedule"`
		}
		ts.json("POST", "/api/campaigns/generate", campaignConfig(t, "crisis-communication-one-day"), http.StatusOK, &gen)
		var camp struct {
			ID string `json:"id"`
		}
		ts.json("POST", "/api/campaigns", map[string]any{"title": "C", "schedule": gen.Schedule, "htmlContent": "<p>x</p>"}, http.StatusCreated, &camp)
		for _, tc := range []struct{ method, path string }{{"POST", "/api/campaigns"}, {"PATCH", "/api/campaigns/" + camp.ID}, {"POST", "/api/campaigns/render"}, {"POST", "/api/campaigns/check"}} {
			resp, out := ts.do(tc.method, tc.path, map[string]any{"title": "C", "schedule": map[string]any{}, "htmlContent": "<p>x</p>"})
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%s %s: %s", tc.method, tc.path, out)
			assert.Contains(t, errorBody(t, out).Fields, "schedule.startDate")
		}
	})
}

// TestDownloadNames checks that a title of 500 characters, none of them
// safe, still gives a short, plain file name.
func TestDownloadNames(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	var gen struct {
		Schedule json.RawMessage `json:"schedule"`
	}
	ts.json("POST", "/api/campaigns/generate", campaignConfig(t, "crisis-communication-one-day"), http.StatusOK, &gen)
	var camp struct {
		ID string `json:"id"`
	}
	title := strings.Repeat("日\"; ", 125)
	ts.json("POST", "/api/campaigns", map[string]any{"title": title, "schedule": gen.Schedule, "htmlContent": "<p>x</p>"}, http.StatusCreated, &camp)
	for _, format := range []string{"html", "json", "csv", "ics"} {
		resp, out := ts.do("GET", "/api/campaigns/"+camp.ID+"/export?format="+format, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
		_, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition"))
		require.NoError(t, err)
		name := params["filename"]
		assert.LessOrEqual(t, len(name), 100, name)
		assert.Regexp(t, `^[A-Za-z0-9_-][A-Za-z0-9._-]*\.`+format+`$`, name)
	}
}

func TestSafeFileName(t *testing.T) {
	for in, want := range map[string]string{
		"business_readiness_report_2031-03-04.html": "business_readiness_report_2031-03-04.html",
		"../etc/passwd":                   "_etc_passwd",
		"a\"b\r\nc;d.csv":                 "a_b__c_d.csv",
		"":                                "download",
		strings.Repeat("x", 150) + ".ics": strings.Repeat("x", 96) + ".ics",
		"Ünïcode 名前.json":                 "_n_code___.json",
	} {
		assert.Equal(t, want, safeFileName(in), in)
	}
}

package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
)

// The fuzz targets below feed arbitrary bodies to the decoding and
// validation of each resource input, as a handler runs them: decode (body
// limit, null, types, domain.CheckInput), then the input's apply. They must
// never panic, and whatever they accept must be storable: no NUL, only
// valid UTF-8, no integer beyond 32 bits, no text beyond its limit (a
// second Validate agrees). The seeds run in every go test; .ci/run fuzzes
// each target for a while.

// fuzzDecode decodes data into in as a handler does.
func fuzzDecode(data []byte, in any) error {
	r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(data))
	r.Header.Set("Content-Type", "application/json")
	return decode(httptest.NewRecorder(), r, in, MaxJSONBody)
}

// requireStorable fails when an accepted record holds what no backend may store.
func requireStorable(t *testing.T, rec any) {
	t.Helper()
	if f := domain.CheckInput(rec); len(f) > 0 {
		t.Fatalf("accepted input is not storable: %v", f)
	}
	checkStrings(t, reflect.ValueOf(rec))
}

// checkStrings bounds every string of rec by the largest text limit.
func checkStrings(t *testing.T, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			checkStrings(t, v.Elem())
		}
	case reflect.String:
		if utf8.RuneCountInString(v.String()) > domain.MaxDocument {
			t.Fatalf("accepted a string of %d characters", utf8.RuneCountInString(v.String()))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			checkStrings(t, v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			checkStrings(t, v.Field(i))
		}
	}
}

// validator is a domain record with its own Validate.
type validator interface{ Validate() error }

// fuzzResource fuzzes one resource input: decode into I, apply onto a zero
// T, and for an accepted record check it is storable and valid again.
func fuzzResource[I any, T any, P interface {
	*T
	validator
}](f *testing.F, apply func(I, T) (T, error), seeds ...string) {
	for _, s := range append(seeds, `null`, `{}`, `[]`, `{"name":"a\u0000b"}`, `{"title":"\ud800"}`) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var in I
		if err := fuzzDecode(data, &in); err != nil {
			return
		}
		var zero T
		rec, err := apply(in, zero)
		if err != nil {
			return
		}
		requireStorable(t, rec)
		if err := P(&rec).Validate(); err != nil {
			t.Fatalf("an accepted record fails its own Validate: %v", err)
		}
	})
}

func FuzzThemeInput(f *testing.F) {
	fuzzResource[themeInput, domain.Theme](f, themeInput.apply,
		`{"name":"Why","description":"The case","icon":"fa-rocket","color":"green"}`)
}

func FuzzQuestionInput(f *testing.F) {
	fuzzResource[questionInput, domain.Question](f, questionInput.apply,
		`{"themeId":"t","question":"Why?","sortOrder":"3"}`, `{"themeId":"t","question":"Q","sortOrder":2147483648}`)
}

func FuzzContentInput(f *testing.F) {
	fuzzResource[contentInput, domain.Content](f, contentInput.apply,
		`{"title":"T","content":"Body","url":"https://x.test","sourceData":{"a":[1,"\u0000"]},"questionIds":["q"]}`)
}

func FuzzAudienceInput(f *testing.F) {
	fuzzResource[audienceInput, domain.Audience](f, audienceInput.apply,
		`{"name":"Field","contactCount":"12","roles":["r"],"locations":["ca"]}`, `{"name":"A","contactCount":-2147483649}`)
}

func FuzzVehicleInput(f *testing.F) {
	fuzzResource[vehicleInput, domain.Vehicle](f, vehicleInput.apply,
		`{"name":"Mail","type":"email","settings":{"maxLength":99999999999,"format":"html"},"generationalEffectiveness":{"genz":0.5}}`)
}

func FuzzCommunicationInput(f *testing.F) {
	fuzzResource[communicationInput, domain.Communication](f, communicationInput.apply,
		`{"title":"M","status":"scheduled","scheduledDate":"2031-03-04T15:00:00+02:00","selectedQuestions":["q"],"rawContent":"r"}`)
}

func FuzzBlackoutInput(f *testing.F) {
	fuzzResource[blackoutInput, domain.Blackout](f, blackoutInput.apply,
		`{"name":"Freeze","startDate":"2031-12-20","endDate":"2032-01-02","audienceIds":["a"]}`)
}

func FuzzFeedInput(f *testing.F) {
	fuzzResource[feedInput, domain.CalendarFeed](f, feedInput.apply, `{"name":"All","includeCampaignActivities":true}`)
}

func FuzzNewsletterTemplateInput(f *testing.F) {
	tmpl, err := json.Marshal(compose.DefaultNewsletterTemplate())
	if err != nil {
		f.Fatal(err)
	}
	fuzzResource[newsletterInput, domain.NewsletterTemplate](f, newsletterInput.apply,
		`{"name":"Monthly","template":`+string(tmpl)+`}`)
}

// FuzzCampaignInput is the body of POST /api/campaigns.
func FuzzCampaignInput(f *testing.F) {
	create := func(in campaignInput, c domain.Campaign) (domain.Campaign, error) { return in.change().Apply(c, true) }
	fuzzResource[campaignInput, domain.Campaign](f, create,
		`{"title":"Wave","schedule":{"startDate":"2031-03-01","endDate":"2031-03-02","activities":[]},"htmlContent":"<p>x</p>"}`,
		`{"title":"Wave","schedule":{},"htmlContent":"<p>x</p>"}`)
}

// FuzzChecklistInput is the body of POST /api/checklist-templates (name
// and items) and, through the same items, PUT /api/checklist.
func FuzzChecklistInput(f *testing.F) {
	items, err := json.Marshal(checklist.Initial())
	if err != nil {
		f.Fatal(err)
	}
	build := func(in checklistTemplateInput, t domain.ChecklistTemplate) (domain.ChecklistTemplate, error) {
		name := strings.TrimSpace(in.Name.v)
		if name == "" {
			return t, BadRequest("name", "is required")
		}
		list, err := plan.CheckChecklist(in.Items.v)
		if err != nil {
			return t, err
		}
		raw, err := checklist.EncodeItems(list)
		if err != nil {
			return t, err
		}
		t = domain.ChecklistTemplate{Name: name, Description: in.Description.v, Items: raw}
		return t, t.Validate()
	}
	fuzzResource[checklistTemplateInput, domain.ChecklistTemplate](f, build,
		`{"name":"Baseline","items":`+string(items)+`}`, `{"name":"N","items":[{"id":2147483648,"title":"T"}]}`)
}

// FuzzComposeInput is the body of generate-content: its custom template
// must pass the engine's checks or be refused.
func FuzzComposeInput(f *testing.F) {
	tmpl, err := json.Marshal(compose.DefaultNewsletterTemplate())
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{`{"vehicleId":"v","rawContent":"notes"}`, `{"vehicleId":"v","customTemplate":` + string(tmpl) + `}`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var in generateInput
		if err := fuzzDecode(data, &in); err != nil {
			return
		}
		requireStorable(t, in)
		if in.CustomTemplate != nil {
			_ = in.CustomTemplate.Validate()
		}
	})
}

package api

import (
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	"github.com/commsplan/commsplan/plugins/compose/openai"
)

// composeFixture is a theme with three questions, an email and a newsletter
// vehicle, and a draft communication that selected two questions (in
// reverse order) with stored raw notes.
type composeFixture struct {
	theme       domain.Theme
	questions   []domain.Question
	email, news domain.Vehicle
	comm        domain.Communication
}

func newComposeFixture(t *testing.T, ts *testServer) composeFixture {
	t.Helper()
	var fx composeFixture
	ts.json(http.MethodPost, "/api/themes", map[string]any{"name": "Why ERP", "description": "Why we replace the old systems"},
		http.StatusCreated, &fx.theme)
	for i, q := range []string{"What changes for me?", "When does it happen?", "Where do I get help?"} {
		var rec domain.Question
		ts.json(http.MethodPost, "/api/questions", map[string]any{"themeId": fx.theme.ID, "question": q,
			"description": "Detail " + q, "sortOrder": i}, http.StatusCreated, &rec)
		fx.questions = append(fx.questions, rec)
	}
	ts.json(http.MethodPost, "/api/vehicles", map[string]any{"name": "All-staff email", "type": "email"}, http.StatusCreated, &fx.email)
	ts.json(http.MethodPost, "/api/vehicles", map[string]any{"name": "Monthly newsletter", "type": "newsletter"}, http.StatusCreated, &fx.news)
	ts.json(http.MethodPost, "/api/communications", map[string]any{"title": "Why ERP - 2031-03-04", "themeId": fx.theme.ID,
		"selectedQuestions": []string{fx.questions[1].ID, fx.questions[0].ID}, "rawContent": "stored notes"},
		http.StatusCreated, &fx.comm)
	return fx
}

// engineInput is what the API should hand the engine for the fixture's
// communication with vehicle v and raw notes raw.
func (fx composeFixture) engineInput(v domain.Vehicle, raw string) compose.Input {
	q := func(i int) compose.Question {
		return compose.Question{ID: fx.questions[i].ID, Question: fx.questions[i].Question, Description: fx.questions[i].Description}
	}
	return compose.Input{Theme: compose.Theme{Name: fx.theme.Name, Description: fx.theme.Description},
		Questions: []compose.Question{q(1), q(0)}, Raw: raw, Vehicle: assembly.Vehicle(&v), Frame: compose.Frame{Title: fx.comm.Title}}
}

func TestGenerateContent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		path := "/api/communications/" + fx.comm.ID + "/generate-content"

		raw := "Ship <b>on time</b> & under budget — été 2031"
		var res compose.Result
		ts.json(http.MethodPost, path, map[string]any{"vehicleId": fx.email.ID, "rawContent": raw}, http.StatusOK, &res)
		want, err := compose.Generate(fx.engineInput(fx.email, raw))
		require.NoError(t, err)
		assert.Equal(t, want, res, "the engine's answer for the communication's theme, questions in their order, and notes")
		assert.Equal(t, "html", res.Format)
		assert.Equal(t, 5000, res.MaxLength)
		assert.Equal(t, utf8.RuneCountInString(res.Content), res.Length)
		assert.NotContains(t, res.Content, "<b>", "markup in the notes never becomes markup")
		assert.Contains(t, res.Content, "&lt;b&gt;on time&lt;/b&gt;")

		var got domain.Communication
		ts.json(http.MethodGet, "/api/communications/"+fx.comm.ID, nil, http.StatusOK, &got)
		assert.Equal(t, res.Content, got.GeneratedContent)
		assert.Equal(t, fx.email.ID, got.VehicleID)
		assert.Equal(t, raw, got.RawContent)
		assert.Equal(t, fx.comm.Title, got.Title, "nothing else changes")
		assert.Equal(t, fx.comm.SelectedQuestions, got.SelectedQuestions)

		// Without rawContent the stored notes are used and kept.
		ts.json(http.MethodPut, "/api/communications/"+fx.comm.ID, map[string]any{"rawContent": "stored notes"}, http.StatusOK, nil)
		ts.json(http.MethodPost, path, map[string]any{"vehicleId": fx.email.ID}, http.StatusOK, &res)
		want, err = compose.Generate(fx.engineInput(fx.email, "stored notes"))
		require.NoError(t, err)
		assert.Equal(t, want.Content, res.Content)
		ts.json(http.MethodGet, "/api/communications/"+fx.comm.ID, nil, http.StatusOK, &got)
		assert.Equal(t, "stored notes", got.RawContent)

		// The same input gives the same bytes.
		var again compose.Result
		ts.json(http.MethodPost, path, map[string]any{"vehicleId": fx.email.ID}, http.StatusOK, &again)
		assert.Equal(t, res, again)

		// A newsletter with an optional section turned on.
		tmpl := compose.DefaultNewsletterTemplate()
		for i := range tmpl.Sections {
			if tmpl.Sections[i].Number == 7 {
				tmpl.Sections[i].Enabled = true
			}
		}
		ts.json(http.MethodPost, path, map[string]any{"vehicleId": fx.news.ID, "customTemplate": tmpl}, http.StatusOK, &res)
		in := fx.engineInput(fx.news, "stored notes")
		in.Template = &tmpl
		want, err = compose.Generate(in)
		require.NoError(t, err)
		assert.Equal(t, want, res, "the custom template reaches the engine")
	})
}

// The communication frames its piece (title, audience, scheduled date), and
// internal lines of the notes are withheld and listed.
func TestGenerateContentFrameAndWithheld(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		var aud domain.Audience
		ts.json(http.MethodPost, "/api/audiences", map[string]any{"name": "Field Technicians", "description": "Depot staff"},
			http.StatusCreated, &aud)
		var memo domain.Vehicle
		ts.json(http.MethodPost, "/api/vehicles", map[string]any{"name": "Memo", "type": "internal"}, http.StatusCreated, &memo)
		ts.json(http.MethodPut, "/api/communications/"+fx.comm.ID, map[string]any{"title": "Training Sign-up Opens",
			"audienceId": aud.ID, "scheduledDate": "2027-02-03", "status": "scheduled"}, http.StatusOK, nil)
		raw := "INTERNAL: DON'T mention payroll impact until HR signs off.\nIt happens on 3 March."
		var res map[string]any
		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content",
			map[string]any{"vehicleId": memo.ID, "rawContent": raw}, http.StatusOK, &res)
		content := res["generatedContent"].(string)
		assert.Contains(t, content, "TO: Field Technicians\nFROM: The ERP Programme Team\nDATE: 3 February 2027\nRE: Training Sign-up Opens\n")
		assert.NotContains(t, content, "payroll")
		assert.Equal(t, []any{"INTERNAL: DON'T mention payroll impact until HR signs off."}, res["withheld"])

		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content",
			map[string]any{"vehicleId": fx.email.ID, "rawContent": "It happens on 3 March."}, http.StatusOK, &res)
		assert.Contains(t, res["generatedContent"], "<p><strong>Subject:</strong> Training Sign-up Opens</p>\n<p>Hello, Field Technicians,</p>")
		assert.Equal(t, []any{}, res["withheld"])

		// A greeting configured on the audience is whom the piece greets,
		// stored and read back; a division's audience without one greets
		// its team, never its code.
		var div domain.Audience
		ts.json(http.MethodPost, "/api/audiences", map[string]any{"name": "BFA - Massachusetts", "divisions": []string{"BFA - Massachusetts"}},
			http.StatusCreated, &div)
		ts.json(http.MethodPut, "/api/communications/"+fx.comm.ID, map[string]any{"audienceId": div.ID}, http.StatusOK, nil)
		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content",
			map[string]any{"vehicleId": fx.email.ID, "rawContent": "It happens on 3 March."}, http.StatusOK, &res)
		assert.Contains(t, res["generatedContent"], "<p>Hello, Massachusetts team,</p>")
		ts.json(http.MethodPut, "/api/audiences/"+div.ID, map[string]any{"greeting": "Worcester crew,"}, http.StatusOK, &div)
		assert.Equal(t, "Worcester crew", div.Greeting, "the trailing comma is the engine's")
		ts.json(http.MethodGet, "/api/audiences/"+div.ID, nil, http.StatusOK, &div)
		assert.Equal(t, "Worcester crew", div.Greeting)
		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content",
			map[string]any{"vehicleId": fx.email.ID, "rawContent": "It happens on 3 March."}, http.StatusOK, &res)
		assert.Contains(t, res["generatedContent"], "<p>Hello, Worcester crew,</p>")
		assert.NotContains(t, res["generatedContent"], "BFA")
	})
}

func TestGenerateContentErrors(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		path := "/api/communications/" + fx.comm.ID + "/generate-content"

		for _, body := range []any{map[string]any{}, map[string]any{"vehicleId": ""}, map[string]any{"vehicleId": "  "}} {
			resp, out := ts.do(http.MethodPost, path, body)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
			e := errorBody(t, out)
			assert.Equal(t, "Please select a delivery vehicle first", e.Error)
			assert.Equal(t, map[string]string{"vehicleId": "Please select a delivery vehicle first"}, e.Fields)
		}

		resp, out := ts.do(http.MethodPost, "/api/communications/no-such-id/generate-content", map[string]any{"vehicleId": fx.email.ID})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, string(out))
		resp, out = ts.do(http.MethodPost, path, map[string]any{"vehicleId": "no-such-vehicle"})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, string(out))
		resp, out = ts.do(http.MethodPost, path, map[string]any{"vehicleId": 7})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Fields, "vehicleId")

		// A required section turned off is named; nothing is stored.
		for _, n := range []int{1, 3, 13, 15} {
			tmpl := compose.DefaultNewsletterTemplate()
			for i := range tmpl.Sections {
				if tmpl.Sections[i].Number == n {
					tmpl.Sections[i].Enabled = false
				}
			}
			resp, out = ts.do(http.MethodPost, path, map[string]any{"vehicleId": fx.news.ID, "customTemplate": tmpl})
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
			assert.Contains(t, errorBody(t, out).Fields, "customTemplate.sections["+strconv.Itoa(n)+"]")
		}
		resp, out = ts.do(http.MethodPost, path, map[string]any{"vehicleId": fx.news.ID, "customTemplate": map[string]any{"sections": "all"}})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Fields, "customTemplate.sections")

		var got domain.Communication
		ts.json(http.MethodGet, "/api/communications/"+fx.comm.ID, nil, http.StatusOK, &got)
		assert.Empty(t, got.GeneratedContent, "a refused generation stores nothing")
		assert.Empty(t, got.VehicleID)

		// A question of another theme, and a communication with no theme.
		var other domain.Theme
		ts.json(http.MethodPost, "/api/themes", map[string]any{"name": "Other", "description": "x"}, http.StatusCreated, &other)
		var stray domain.Question
		ts.json(http.MethodPost, "/api/questions", map[string]any{"themeId": other.ID, "question": "Stray?"}, http.StatusCreated, &stray)
		ts.json(http.MethodPut, "/api/communications/"+fx.comm.ID, map[string]any{"selectedQuestions": []string{stray.ID}}, http.StatusOK, nil)
		resp, out = ts.do(http.MethodPost, path, map[string]any{"vehicleId": fx.email.ID})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Fields, "selectedQuestions")

		var bare domain.Communication
		ts.json(http.MethodPost, "/api/communications", map[string]any{"title": "No theme"}, http.StatusCreated, &bare)
		resp, out = ts.do(http.MethodPost, "/api/communications/"+bare.ID+"/generate-content", map[string]any{"vehicleId": fx.email.ID})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Fields, "themeId")
	})
}

// TestGeneratorFailure runs the OpenAI-compatible plugin against a server
// that fails: the API answers 502 with the reason and never falls back.
func TestGeneratorFailure(t *testing.T) {
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"message":"model llama9 is not loaded"}}`))
	}))
	defer upstream.Close()
	gen, err := openai.New(openai.Options{Endpoint: upstream.URL + "/v1", Model: "llama9"})
	require.NoError(t, err)
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b, Options{Generator: gen})
		fx := newComposeFixture(t, ts)
		resp, out := ts.do(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content", map[string]any{"vehicleId": fx.email.ID})
		require.Equal(t, http.StatusBadGateway, resp.StatusCode, string(out))
		e := errorBody(t, out)
		assert.Contains(t, e.Error, "500")
		assert.Contains(t, e.Error, "model llama9 is not loaded")
		var got domain.Communication
		ts.json(http.MethodGet, "/api/communications/"+fx.comm.ID, nil, http.StatusOK, &got)
		assert.Empty(t, got.GeneratedContent, "no quiet fall-back to the rules")

		// Bad input is still bad input, whatever the generator.
		resp, out = ts.do(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content", map[string]any{})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Equal(t, "Please select a delivery vehicle first", errorBody(t, out).Error)
	})
}

func TestSaveToLibrary(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		save := "/api/communications/" + fx.comm.ID + "/save-to-library"

		resp, out := ts.do(http.MethodPost, save, map[string]any{"title": "Go-live email"})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		e := errorBody(t, out)
		assert.Equal(t, "No communication to save", e.Error, "nothing generated yet")
		assert.Equal(t, map[string]string{"generatedContent": "No communication to save"}, e.Fields)

		var res compose.Result
		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content", map[string]any{"vehicleId": fx.email.ID},
			http.StatusOK, &res)

		for _, title := range []any{"", "   ", nil} {
			resp, out = ts.do(http.MethodPost, save, map[string]any{"title": title, "description": "d"})
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
			e = errorBody(t, out)
			assert.Equal(t, "Please enter a title for the content", e.Error)
			assert.Equal(t, map[string]string{"title": "Please enter a title for the content"}, e.Fields)
		}
		resp, out = ts.do(http.MethodPost, save, map[string]any{"title": strings.Repeat("x", domain.MaxName+1)})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Fields, "title")
		resp, out = ts.do(http.MethodPost, "/api/communications/no-such-id/save-to-library", map[string]any{"title": "x"})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, string(out))
		var none []domain.Content
		ts.json(http.MethodGet, "/api/content", nil, http.StatusOK, &none)
		assert.Empty(t, none, "refused saves store nothing")

		var piece domain.Content
		ts.json(http.MethodPost, save, map[string]any{"title": "  Go-live email ", "description": "For all staff"}, http.StatusCreated, &piece)
		assert.NotEmpty(t, piece.ID)
		assert.Equal(t, "Go-live email", piece.Title)
		assert.Equal(t, "For all staff", piece.Description)
		assert.Equal(t, domain.ContentText, piece.Type)
		assert.Equal(t, "email", piece.VehicleType)
		assert.Equal(t, res.Content, piece.Content)
		assert.ElementsMatch(t, []string{fx.questions[0].ID, fx.questions[1].ID}, piece.QuestionIDs)
		var src map[string]any
		require.NoError(t, json.Unmarshal(piece.SourceData, &src))
		assert.Equal(t, map[string]any{"communicationId": fx.comm.ID, "themeId": fx.theme.ID,
			"questionIds": []any{fx.questions[1].ID, fx.questions[0].ID}, "vehicleId": fx.email.ID, "format": "html"}, src)

		var stored domain.Content
		ts.json(http.MethodGet, "/api/content/"+piece.ID, nil, http.StatusOK, &stored)
		assert.Equal(t, piece.SourceData, stored.SourceData)
		var comm domain.Communication
		ts.json(http.MethodGet, "/api/communications/"+fx.comm.ID, nil, http.StatusOK, &comm)
		assert.Equal(t, piece.ID, comm.FinalContentID)

		var qs []domain.Question
		ts.json(http.MethodGet, "/api/questions?themeId="+fx.theme.ID, nil, http.StatusOK, &qs)
		counts := map[string]int{}
		for _, q := range qs {
			counts[q.ID] = q.ContentCount
		}
		assert.Equal(t, map[string]int{fx.questions[0].ID: 1, fx.questions[1].ID: 1, fx.questions[2].ID: 0}, counts,
			"the selected questions' contentCount goes up")
		var th domain.Theme
		ts.json(http.MethodGet, "/api/themes/"+fx.theme.ID, nil, http.StatusOK, &th)
		assert.Equal(t, 1, th.ContentCount)

		// A selected question deleted since is skipped, not an error.
		ts.json(http.MethodDelete, "/api/questions/"+fx.questions[1].ID, nil, http.StatusNoContent, nil)
		var second domain.Content
		ts.json(http.MethodPost, save, map[string]any{"title": "Second"}, http.StatusCreated, &second)
		assert.Equal(t, []string{fx.questions[0].ID}, second.QuestionIDs)
		ts.json(http.MethodGet, "/api/communications/"+fx.comm.ID, nil, http.StatusOK, &comm)
		assert.Equal(t, second.ID, comm.FinalContentID)

		var acts []domain.Activity
		ts.json(http.MethodGet, "/api/activity?limit=2", nil, http.StatusOK, &acts)
		require.Len(t, acts, 2)
		assert.Equal(t, "communication", acts[0].EntityType, "finalContentId set after the piece, in the same transaction")
		assert.Equal(t, "content", acts[1].EntityType)
	})
}

// TestSaveToLibraryEdited: step 4's edited text is what is saved, and the
// communication's generated content becomes it too.
func TestSaveToLibraryEdited(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		save := "/api/communications/" + fx.comm.ID + "/save-to-library"
		var res compose.Result
		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content", map[string]any{"vehicleId": fx.email.ID},
			http.StatusOK, &res)

		for _, blank := range []string{"", " \n\t"} {
			resp, out := ts.do(http.MethodPost, save, map[string]any{"title": "Edited", "content": blank})
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
			assert.Equal(t, map[string]string{"content": "No communication to save"}, errorBody(t, out).Fields)
		}

		edited := strings.Replace(res.Content, "<p>", "<p>Edited by hand. ", 1)
		require.NotEqual(t, res.Content, edited)
		var piece domain.Content
		ts.json(http.MethodPost, save, map[string]any{"title": "Edited", "content": edited}, http.StatusCreated, &piece)
		assert.Equal(t, edited, piece.Content)
		var comm domain.Communication
		ts.json(http.MethodGet, "/api/communications/"+fx.comm.ID, nil, http.StatusOK, &comm)
		assert.Equal(t, edited, comm.GeneratedContent, "the communication holds what was saved")
		assert.Equal(t, piece.ID, comm.FinalContentID)
	})
}

func TestNewsletterTemplates(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		tmpl := compose.DefaultNewsletterTemplate()
		tmpl.Title = "Monthly ERP update"
		for i := range tmpl.Sections {
			if tmpl.Sections[i].Number == 10 {
				tmpl.Sections[i].Enabled = true
			}
		}

		var list []domain.NewsletterTemplate
		ts.json(http.MethodGet, "/api/newsletter-templates", nil, http.StatusOK, &list)
		assert.Empty(t, list)

		var rec domain.NewsletterTemplate
		ts.json(http.MethodPost, "/api/newsletter-templates", map[string]any{"name": " Monthly ", "description": "The monthly layout",
			"template": tmpl}, http.StatusCreated, &rec)
		assert.NotEmpty(t, rec.ID)
		assert.Equal(t, "Monthly", rec.Name)
		assert.False(t, rec.CreatedAt.IsZero())
		var doc compose.NewsletterTemplate
		require.NoError(t, json.Unmarshal(rec.Template, &doc))
		assert.Equal(t, tmpl, doc)

		var got domain.NewsletterTemplate
		ts.json(http.MethodGet, "/api/newsletter-templates/"+rec.ID, nil, http.StatusOK, &got)
		assert.Equal(t, rec.ID, got.ID)
		assert.JSONEq(t, string(rec.Template), string(got.Template))
		ts.json(http.MethodGet, "/api/newsletter-templates", nil, http.StatusOK, &list)
		require.Len(t, list, 1)

		// A rename keeps the template; a new template replaces it.
		ts.json(http.MethodPut, "/api/newsletter-templates/"+rec.ID, map[string]any{"name": "Monthly v2"}, http.StatusOK, &got)
		assert.Equal(t, "Monthly v2", got.Name)
		assert.Equal(t, "The monthly layout", got.Description)
		assert.JSONEq(t, string(rec.Template), string(got.Template))
		tmpl.Title = "Quarterly"
		ts.json(http.MethodPut, "/api/newsletter-templates/"+rec.ID, map[string]any{"template": tmpl}, http.StatusOK, &got)
		require.NoError(t, json.Unmarshal(got.Template, &doc))
		assert.Equal(t, "Quarterly", doc.Title)
		assert.False(t, got.UpdatedAt.Before(rec.UpdatedAt))

		off := compose.DefaultNewsletterTemplate()
		off.Sections[0].Enabled = false
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"template": tmpl}, "name"},
			{map[string]any{"name": "x"}, "template"},
			{map[string]any{"name": strings.Repeat("n", domain.MaxName+1), "template": tmpl}, "name"},
			{map[string]any{"name": "x", "template": "text"}, "template"},
			{map[string]any{"name": "x", "template": off}, "template.sections[1]"},
			{map[string]any{"name": "x", "template": map[string]any{"sections": []any{}}}, "template.sections"},
			{map[string]any{"name": "x", "template": map[string]any{"sections": 3}}, "template.sections"},
		} {
			resp, out := ts.do(http.MethodPost, "/api/newsletter-templates", tc.body)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
			assert.Contains(t, errorBody(t, out).Fields, tc.field, string(out))
		}
		resp, out := ts.do(http.MethodPut, "/api/newsletter-templates/"+rec.ID, map[string]any{"template": off})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))

		for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
			resp, out = ts.do(m, "/api/newsletter-templates/no-such-id", map[string]any{"name": "x"})
			assert.Equal(t, http.StatusNotFound, resp.StatusCode, "%s %s", m, out)
		}
		ts.json(http.MethodDelete, "/api/newsletter-templates/"+rec.ID, nil, http.StatusNoContent, nil)
		resp, _ = ts.do(http.MethodGet, "/api/newsletter-templates/"+rec.ID, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	})
}

func TestReferenceNewsletterTemplate(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	var ref struct {
		NewsletterTemplate compose.NewsletterTemplate `json:"newsletterTemplate"`
	}
	ts.json(http.MethodGet, "/api/reference", nil, http.StatusOK, &ref)
	assert.Equal(t, compose.DefaultNewsletterTemplate(), ref.NewsletterTemplate)
	require.Len(t, ref.NewsletterTemplate.Sections, 15)
	for _, s := range ref.NewsletterTemplate.Sections {
		assert.Equal(t, s.Required, s.Enabled, "section %d: required ones on, optional ones off", s.Number)
	}
}

// The template editor's preview is the HTML Generate makes for the same
// template, theme, questions and notes: one renderer.
func TestNewsletterPreviewIsGenerated(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		tmpl := compose.DefaultNewsletterTemplate()
		tmpl.Title = "Depot News"
		tmpl.Sections[1].Content = "Our sponsor writes: nearly there."
		tmpl.Sections[6].Enabled = true
		raw := "INTERNAL: not this\nIt happens on 4 March.\n- Training changes for me in February."
		var preview, generated compose.Result
		ts.json(http.MethodPost, "/api/newsletter-preview", map[string]any{"themeId": fx.theme.ID,
			"selectedQuestions": fx.comm.SelectedQuestions, "vehicleId": fx.news.ID, "rawContent": raw, "customTemplate": tmpl,
			"placeholders": true}, http.StatusOK, &preview)
		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content",
			map[string]any{"vehicleId": fx.news.ID, "rawContent": raw, "customTemplate": tmpl, "placeholders": true}, http.StatusOK, &generated)
		// The same HTML but the line, which only a communication
		// has: its title (and date) under the masthead.
		lines := strings.SplitN(generated.Content, "\n", 3)
		require.Len(t, lines, 3)
		assert.True(t, strings.HasPrefix(lines[1], "<p><strong>"+html.EscapeString(fx.comm.Title)+"</strong>"), lines[1])
		assert.Equal(t, lines[0]+"\n"+lines[2], preview.Content)
		assert.Contains(t, preview.Content, "<h1>Depot News</h1>")
		assert.Contains(t, preview.Content, "<p>[Add what changes in systems, processes and roles]</p>", "a default is a visible placeholder")
		assert.NotContains(t, preview.Content, "not this")

		// Without a vehicle the newsletter type's defaults; a non-newsletter vehicle is refused.
		ts.json(http.MethodPost, "/api/newsletter-preview", map[string]any{"themeId": fx.theme.ID, "rawContent": raw},
			http.StatusOK, &preview)
		assert.Contains(t, preview.Content, "<h1>ERP Programme Newsletter</h1>")
		ts.json(http.MethodPost, "/api/newsletter-preview", map[string]any{"themeId": fx.theme.ID, "vehicleId": fx.email.ID},
			http.StatusBadRequest, nil)
		ts.json(http.MethodPost, "/api/newsletter-preview", map[string]any{"rawContent": raw}, http.StatusBadRequest, nil)
	})
}

// TestRegeneratedDraftLosesItsApproval: generating content again for an
// approved communication changes what the approval covered, so the
// approval is reset (requested, resetAt set, a review_reset entry), as
// any edit's is; so does saving edited content to the library.
func TestRegeneratedDraftLosesItsApproval(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		_, ann := ts.personAs("Ann Approver", "approver")
		base := "/api/communications/" + fx.comm.ID
		approve := func() {
			ts.json(http.MethodPost, base+"/review", map[string]any{}, http.StatusOK, nil)
			ann.json(http.MethodPost, base+"/decisions", map[string]any{"decision": "approved"}, http.StatusOK, nil)
			var c domain.Communication
			ts.json(http.MethodGet, base, nil, http.StatusOK, &c)
			require.Equal(t, domain.ReviewApproved, c.Review.State)
		}
		resets := func() int {
			var entries []domain.Activity
			ann.json(http.MethodGet, "/api/audit?action=review_reset&entityId="+fx.comm.ID, nil, http.StatusOK, &entries)
			return len(entries)
		}

		approve()
		ts.json(http.MethodPost, base+"/generate-content", map[string]any{"vehicleId": fx.email.ID, "rawContent": "new notes"}, http.StatusOK, nil)
		var c domain.Communication
		ts.json(http.MethodGet, base, nil, http.StatusOK, &c)
		assert.Equal(t, domain.ReviewRequested, c.Review.State, "regenerating changed what was approved")
		assert.False(t, c.Review.ResetAt.IsZero())
		assert.Equal(t, 1, resets())

		approve()
		ts.json(http.MethodPost, base+"/save-to-library", map[string]any{"title": "Edited", "content": "Edited by hand after approval"},
			http.StatusCreated, nil)
		ts.json(http.MethodGet, base, nil, http.StatusOK, &c)
		assert.Equal(t, domain.ReviewRequested, c.Review.State, "saving edited content changed what was approved")
		assert.Equal(t, 2, resets())
	})
}

// TestCheckContent: the checker's findings on the piece as edited, with the
// communication's notes; a template's prompts are none when the planner
// keeps placeholders; no content and no vehicle yet are 400s naming the
// field.
func TestCheckContent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		fx := newComposeFixture(t, ts)
		path := "/api/communications/" + fx.comm.ID + "/check-content"

		resp, out := ts.do(http.MethodPost, path, map[string]any{"content": "Hello"})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, string(out), `"vehicleId"`, "nothing was generated yet")

		raw := "Go-live is Monday 16 March at 8 a.m. Central. Questions go to the help desk on ext. 210."
		var gen compose.Result
		ts.json(http.MethodPost, "/api/communications/"+fx.comm.ID+"/generate-content",
			map[string]any{"vehicleId": fx.email.ID, "rawContent": raw}, http.StatusOK, &gen)

		type answer struct {
			Findings []compose.Finding `json:"findings"`
			Errors   int               `json:"errors"`
		}
		var clean answer
		ts.json(http.MethodPost, path, map[string]any{"content": gen.Content}, http.StatusOK, &clean)
		assert.Zero(t, clean.Errors, "%+v", clean.Findings)
		assert.NotNil(t, clean.Findings)

		edited := strings.Replace(gen.Content, "</h2>", "</h2><p>[Add the key dates]</p>", 1)
		edited = strings.Replace(edited, "ext. 210", "ext.", 1)
		var found answer
		ts.json(http.MethodPost, path, map[string]any{"content": edited}, http.StatusOK, &found)
		rules := map[string]bool{}
		for _, f := range found.Findings {
			rules[f.Rule] = true
		}
		assert.True(t, rules[compose.RulePlaceholder], "%+v", found.Findings)
		assert.Positive(t, found.Errors)

		var template answer
		ts.json(http.MethodPost, path, map[string]any{"content": edited, "placeholders": true}, http.StatusOK, &template)
		for _, f := range template.Findings {
			assert.NotEqual(t, compose.RulePlaceholder, f.Rule)
		}

		resp, out = ts.do(http.MethodPost, path, map[string]any{})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, string(out), `"content"`)
		resp, out = ts.do(http.MethodPost, path, map[string]any{"content": "x", "format": "pdf"})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, string(out), `"format"`)
		resp, _ = ts.do(http.MethodPost, "/api/communications/no-such-id/check-content", map[string]any{"content": "x"})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	})
}

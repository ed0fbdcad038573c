package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/api"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// contentPlan is a theme with three questions (stored out of order), a
// stored vehicle, and a second theme with one question.
type contentPlan struct {
	theme     domain.Theme
	questions []domain.Question // in sortOrder
	vehicle   domain.Vehicle
	stray     domain.Question
}

func seedContentPlan(t *testing.T, st store.Store) contentPlan {
	t.Helper()
	ctx := context.Background()
	var p contentPlan
	p.theme = domain.Theme{Name: "Why ERP", Description: "Why we replace the old systems", Icon: "fa-tag", Color: "blue"}
	require.NoError(t, st.CreateTheme(ctx, &p.theme))
	byOrder := map[int]domain.Question{}
	for _, q := range []domain.Question{{Question: "Where do I get help?", SortOrder: 3}, {Question: "What changes for me?", SortOrder: 1},
		{Question: "When does it happen?", Description: "Dates", SortOrder: 2}} {
		q.ThemeID = p.theme.ID
		require.NoError(t, st.CreateQuestion(ctx, &q))
		byOrder[q.SortOrder] = q
	}
	p.questions = []domain.Question{byOrder[1], byOrder[2], byOrder[3]}
	p.vehicle = domain.Vehicle{Name: "Programme blog", Type: "blog"}
	require.NoError(t, p.vehicle.Validate())
	require.NoError(t, st.CreateVehicle(ctx, &p.vehicle))
	other := domain.Theme{Name: "Other", Description: "x", Icon: "fa-tag", Color: "blue"}
	require.NoError(t, st.CreateTheme(ctx, &other))
	p.stray = domain.Question{ThemeID: other.ID, Question: "Stray?"}
	require.NoError(t, st.CreateQuestion(ctx, &p.stray))
	return p
}

// expected is the engine's content for the plan's theme with questions qs,
// vehicle v and notes raw.
func (p contentPlan) expected(t *testing.T, v domain.Vehicle, raw string, qs ...domain.Question) compose.Result {
	t.Helper()
	return p.expectedFramed(t, v, raw, compose.Frame{}, qs...)
}

// expectedFramed is expected for a communication with the given frame.
func (p contentPlan) expectedFramed(t *testing.T, v domain.Vehicle, raw string, f compose.Frame, qs ...domain.Question) compose.Result {
	t.Helper()
	in := compose.Input{Theme: compose.Theme{Name: p.theme.Name, Description: p.theme.Description}, Raw: raw,
		Vehicle: assembly.Vehicle(&v), Questions: []compose.Question{}, Frame: f}
	for _, q := range qs {
		in.Questions = append(in.Questions, compose.Question{ID: q.ID, Question: q.Question, Description: q.Description})
	}
	res, err := compose.Generate(in)
	require.NoError(t, err)
	return res
}

func TestContentGenerate(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			st := storetest.Open(t, db)
			p := seedContentPlan(t, st)
			ctx := context.Background()
			raw := "Go-live is <b>4 March</b> & training starts in February.\n"
			notes := filepath.Join(dir, "notes.txt")
			require.NoError(t, os.WriteFile(notes, []byte(raw), 0o600))
			email, _ := domain.DefaultVehicle("email")

			// By theme name (any case), every question in order, a vehicle type.
			code, out, errOut := runCLI(t, "--db", db, "content", "generate", "--theme", "why erp", "--vehicle", "email", "--raw", notes)
			require.Equal(t, 0, code, errOut)
			want := p.expected(t, email, raw, p.questions...)
			assert.Equal(t, strings.TrimSuffix(want.Content, "\n")+"\n", out)
			assert.Empty(t, errOut)

			// By id, chosen questions in the order given, a stored vehicle, stdin, json.
			code, out, errOut = runCLIWithInput(t, raw, "--db", db, "content", "generate", "--theme", p.theme.ID,
				"--question", p.questions[2].ID, "--question", p.questions[0].ID, "--vehicle", p.vehicle.ID, "--raw", "-", "-o", "json")
			require.Equal(t, 0, code, errOut)
			var res compose.Result
			require.NoError(t, json.Unmarshal([]byte(out), &res))
			assert.Equal(t, p.expected(t, p.vehicle, raw, p.questions[2], p.questions[0]), res)
			assert.Equal(t, "markdown", res.Format)
			assert.NotContains(t, out, "contentId", "nothing saved")

			list, err := st.ListContent(ctx)
			require.NoError(t, err)
			assert.Empty(t, list)
			comms, err := st.ListCommunications(ctx)
			require.NoError(t, err)
			assert.Empty(t, comms)

			// --save with a vehicle type: text output, the id on stderr.
			code, out, errOut = runCLI(t, "--db", db, "content", "generate", "--theme", "Why ERP", "--vehicle", "email",
				"--raw", notes, "--save", "--title", " Go-live email ", "--description", "For all staff")
			require.Equal(t, 0, code, errOut)
			want = p.expectedFramed(t, email, raw, compose.Frame{Title: "Go-live email"}, p.questions...)
			assert.Contains(t, want.Content, "<strong>Subject:</strong> Go-live email</p>")
			assert.Equal(t, strings.TrimSuffix(want.Content, "\n")+"\n", out, "stdout is the content alone")
			require.True(t, strings.HasPrefix(errOut, "Saved to Library: content "), errOut)
			id := strings.TrimSpace(strings.TrimPrefix(errOut, "Saved to Library: content "))
			piece, err := st.GetContent(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, "Go-live email", piece.Title)
			assert.Equal(t, "For all staff", piece.Description)
			assert.Equal(t, domain.ContentText, piece.Type)
			assert.Equal(t, "email", piece.VehicleType)
			assert.Equal(t, want.Content, piece.Content)
			assert.ElementsMatch(t, []string{p.questions[0].ID, p.questions[1].ID, p.questions[2].ID}, piece.QuestionIDs)
			comms, err = st.ListCommunications(ctx)
			require.NoError(t, err)
			require.Len(t, comms, 1)
			c := comms[0]
			assert.Equal(t, "Go-live email", c.Title)
			assert.Equal(t, domain.StatusDraft, c.Status)
			assert.Equal(t, id, c.FinalContentID)
			assert.Equal(t, p.theme.ID, c.ThemeID)
			assert.Equal(t, raw, c.RawContent)
			assert.Equal(t, want.Content, c.GeneratedContent)
			assert.Empty(t, c.VehicleID, "a vehicle type is no stored vehicle")
			var src assembly.SourceData
			require.NoError(t, json.Unmarshal(piece.SourceData, &src))
			assert.Equal(t, assembly.SourceData{CommunicationID: c.ID, ThemeID: p.theme.ID,
				QuestionIDs: []string{p.questions[0].ID, p.questions[1].ID, p.questions[2].ID}, Format: "html"}, src,
				"an email type's format, by which the library renders it")

			// --save with a stored vehicle, json output.
			code, out, errOut = runCLI(t, "--db", db, "content", "generate", "--theme", p.theme.ID, "--question", p.questions[1].ID,
				"--vehicle", p.vehicle.ID, "--save", "--title", "Blog post", "-o", "json")
			require.Equal(t, 0, code, errOut)
			var saved struct {
				compose.Result
				ContentID       string `json:"contentId"`
				CommunicationID string `json:"communicationId"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &saved))
			piece, err = st.GetContent(ctx, saved.ContentID)
			require.NoError(t, err)
			assert.Equal(t, saved.Content, piece.Content)
			assert.Equal(t, "blog", piece.VehicleType)
			assert.Equal(t, []string{p.questions[1].ID}, piece.QuestionIDs)
			c, err = st.GetCommunication(ctx, saved.CommunicationID)
			require.NoError(t, err)
			assert.Equal(t, p.vehicle.ID, c.VehicleID)
			assert.Equal(t, saved.ContentID, c.FinalContentID)
			qs, err := st.ListQuestions(ctx, store.QuestionFilter{ThemeID: p.theme.ID})
			require.NoError(t, err)
			for _, q := range qs {
				want := 1
				if q.ID == p.questions[1].ID {
					want = 2
				}
				assert.Equal(t, want, q.ContentCount, q.Question)
			}
		})
	}
}

// --title, --audience and --date frame the piece; internal lines are
// withheld and listed in the json; an SMS reports its segments.
func TestContentGenerateFrameAndWithheld(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			st := storetest.Open(t, db)
			seedContentPlan(t, st)
			aud := domain.Audience{Name: "Field Technicians", Description: "Depot staff"}
			require.NoError(t, aud.Validate())
			require.NoError(t, st.CreateAudience(context.Background(), &aud))
			raw := "INTERNAL: DON'T mention payroll impact until HR signs off.\nGo-live changes for me on 3 March.\n"
			notes := filepath.Join(dir, "notes.txt")
			require.NoError(t, os.WriteFile(notes, []byte(raw), 0o600))
			code, out, errOut := runCLI(t, "--db", db, "content", "generate", "--theme", "Why ERP", "--vehicle", "internal",
				"--raw", notes, "--title", "Training Sign-up Opens", "--audience", "field technicians", "--date", "2027-02-03", "-o", "json")
			require.Equal(t, 0, code, errOut)
			var res compose.Result
			require.NoError(t, json.Unmarshal([]byte(out), &res))
			assert.Contains(t, res.Content, "TO: Field Technicians\nFROM: The ERP Programme Team\nDATE: 3 February 2027\nRE: Training Sign-up Opens\n")
			assert.NotContains(t, res.Content, "payroll impact")
			assert.Equal(t, []string{"INTERNAL: DON'T mention payroll impact until HR signs off."}, res.Withheld)
			assert.Contains(t, out, `"withheld": [`)

			code, out, errOut = runCLI(t, "--db", db, "content", "generate", "--theme", "Why ERP", "--vehicle", "sms",
				"--raw", notes, "--audience", aud.ID, "-o", "json")
			require.Equal(t, 0, code, errOut)
			require.NoError(t, json.Unmarshal([]byte(out), &res))
			assert.Equal(t, 1, res.Segments)
			assert.Contains(t, out, `"segments": 1`)
		})
	}
}

func TestContentGenerateBadInput(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			st := storetest.Open(t, db)
			p := seedContentPlan(t, st)
			off := compose.DefaultNewsletterTemplate()
			off.Sections[2].Enabled = false
			offFile := filepath.Join(dir, "off.json")
			raw, err := json.Marshal(off)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(offFile, raw, 0o600))
			savedFile := filepath.Join(dir, "saved.json")
			raw, err = json.Marshal(map[string]any{"id": "x", "name": "Monthly", "template": off})
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(savedFile, raw, 0o600))
			junk := filepath.Join(dir, "junk.json")
			require.NoError(t, os.WriteFile(junk, []byte(`{"sections": "all"}`), 0o600))

			base := []string{"--db", db, "content", "generate"}
			for _, tc := range []struct {
				args []string
				msg  string
			}{
				{[]string{"--theme", "Why ERP"}, "Error: Please select a delivery vehicle first\n"},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "--save"}, "Error: Please enter a title for the content\n"},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "--save", "--title", "  "}, "Error: Please enter a title for the content\n"},
				{[]string{"--vehicle", "email"}, "--theme is required"},
				{[]string{"--theme", "Nope", "--vehicle", "email"}, `--theme "Nope" is neither a theme's id nor its name`},
				{[]string{"--theme", "Why ERP", "--vehicle", "fax"}, `--vehicle "fax" is neither a vehicle type`},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "--question", p.stray.ID}, "--question must be questions of the theme"},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "--question", "no-such-id"}, "--question must be questions of the theme"},
				{[]string{"--theme", "Why ERP", "--vehicle", "newsletter", "--template", offFile}, "--template sections[3] is required and cannot be turned off"},
				{[]string{"--theme", "Why ERP", "--vehicle", "newsletter", "--template", savedFile}, "--template sections[3]"},
				{[]string{"--theme", "Why ERP", "--vehicle", "newsletter", "--template", junk}, "--template sections has the wrong type"},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "--raw", filepath.Join(dir, "missing.txt")}, "--raw: open"},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "-o", "xml"}, `invalid argument "xml" for "-o, --output" flag: must be text or json`},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "--description", "x"}, "--description needs --save"},
				{[]string{"--theme", "Why ERP", "--vehicle", "internal", "--date", "3 Feb"}, `--date "3 Feb" is not a date (YYYY-MM-DD)`},
				{[]string{"--theme", "Why ERP", "--vehicle", "internal", "--audience", "Martians"}, `--audience "Martians" is neither an audience's id nor its name`},
				{[]string{"--theme", "Why ERP", "--vehicle", "email", "--compose-generator", "openai"}, "compose-generator openai needs compose-endpoint and compose-model"},
			} {
				code, out, errOut := runCLI(t, append(base, tc.args...)...)
				assert.Equal(t, 2, code, "%v: %s", tc.args, errOut)
				assert.Contains(t, errOut, tc.msg, "%v", tc.args)
				assert.Equal(t, 1, strings.Count(strings.TrimSuffix(errOut, "Run 'commsplan content generate --help' for usage.\n"), "\n"),
					"one line: %q", errOut)
				assert.Empty(t, out)
			}
			comms, err := st.ListCommunications(context.Background())
			require.NoError(t, err)
			assert.Empty(t, comms, "bad input stores nothing")
		})
	}
}

// TestContentGenerateWithPlugin runs the CLI with compose.generator openai
// against an OpenAI-compatible server on loopback.
func TestContentGenerateWithPlugin(t *testing.T) {
	var auth string
	fail := false
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		if fail {
			http.Error(w, `{"error":{"message":"out of tokens"}}`, http.StatusTooManyRequests)
			return
		}
		_, _ = io.WriteString(w, `{"choices":[{"message":{"role":"assistant","content":"Dear team, <i>go-live</i> is near."}}]}`)
	}))
	t.Cleanup(upstream.Close)
	cleanDir(t)
	db := storetest.SQLiteDSN(t)
	seedContentPlan(t, storetest.Open(t, db))
	t.Setenv("COMMSPLAN_COMPOSE_API_KEY", "sk-cli")
	args := []string{"--db", db, "content", "generate", "--theme", "Why ERP", "--vehicle", "email",
		"--compose-generator", "openai", "--compose-endpoint", upstream.URL + "/v1", "--compose-model", "m"}
	code, out, errOut := runCLI(t, args...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "<p>Dear team, &lt;i&gt;go-live&lt;/i&gt; is near.</p>\n", out)
	assert.Equal(t, "Bearer sk-cli", auth)

	fail = true
	code, _, errOut = runCLI(t, args...)
	assert.Equal(t, 1, code, "a generator failure is no bad input")
	assert.Contains(t, errOut, "429")
	assert.Contains(t, errOut, "out of tokens")
}

// TestContentCLIMatchesAPI generates and saves the same piece through the
// API and the CLI and compares them.
func TestContentCLIMatchesAPI(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			dir := cleanDir(t)
			db := b.DSN(t)
			st := storetest.Open(t, db)
			p := seedContentPlan(t, st)
			srv := httptest.NewServer(api.New(api.Options{Store: st, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Codes: access.NewCodes([]string{"code-1"}), Secret: []byte("s")}).Handler())
			t.Cleanup(srv.Close)
			jar, err := cookiejar.New(nil)
			require.NoError(t, err)
			client := &http.Client{Jar: jar}
			call := func(method, path string, body any, status int, v any) {
				t.Helper()
				enc, err := json.Marshal(body)
				require.NoError(t, err)
				req, err := http.NewRequest(method, srv.URL+path, bytes.NewReader(enc))
				require.NoError(t, err)
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				require.NoError(t, err)
				defer resp.Body.Close()
				out, err := io.ReadAll(resp.Body)
				require.NoError(t, err)
				require.Equal(t, status, resp.StatusCode, string(out))
				if v != nil {
					require.NoError(t, json.Unmarshal(out, v))
				}
			}
			call(http.MethodPost, "/api/session", map[string]string{"code": "code-1"}, http.StatusOK, nil)

			raw := "Training starts 3 February.\n\n<script>x</script> Ask your <em>manager</em> — or the help desk."
			notes := filepath.Join(dir, "notes.txt")
			require.NoError(t, os.WriteFile(notes, []byte(raw), 0o600))
			selected := []string{p.questions[2].ID, p.questions[0].ID}
			for _, vehicle := range []domain.Vehicle{p.vehicle, mustVehicle(t, st, "newsletter"), mustVehicle(t, st, "sms")} {
				var comm domain.Communication
				call(http.MethodPost, "/api/communications", map[string]any{"title": "Wizard", "themeId": p.theme.ID,
					"selectedQuestions": selected}, http.StatusCreated, &comm)
				var fromAPI compose.Result
				call(http.MethodPost, "/api/communications/"+comm.ID+"/generate-content",
					map[string]any{"vehicleId": vehicle.ID, "rawContent": raw}, http.StatusOK, &fromAPI)
				var piece domain.Content
				call(http.MethodPost, "/api/communications/"+comm.ID+"/save-to-library", map[string]any{"title": "From the API"},
					http.StatusCreated, &piece)

				code, out, errOut := runCLI(t, "--db", db, "content", "generate", "--theme", p.theme.Name, "--question", selected[0],
					"--question", selected[1], "--vehicle", vehicle.ID, "--raw", notes, "-o", "json", "--save", "--title", "Wizard")
				require.Equal(t, 0, code, errOut)
				var fromCLI struct {
					compose.Result
					ContentID string `json:"contentId"`
				}
				require.NoError(t, json.Unmarshal([]byte(out), &fromCLI))
				assert.Equal(t, fromAPI, fromCLI.Result, vehicle.Type)
				saved, err := st.GetContent(context.Background(), fromCLI.ContentID)
				require.NoError(t, err)
				assert.Equal(t, piece.Content, saved.Content, vehicle.Type)
				assert.Equal(t, piece.VehicleType, saved.VehicleType)
				assert.Equal(t, piece.Type, saved.Type)
				assert.ElementsMatch(t, piece.QuestionIDs, saved.QuestionIDs)
			}
		})
	}
}

func mustVehicle(t *testing.T, st store.Store, typ string) domain.Vehicle {
	t.Helper()
	v, ok := domain.DefaultVehicle(typ)
	require.True(t, ok)
	require.NoError(t, v.Validate())
	require.NoError(t, st.CreateVehicle(context.Background(), &v))
	return v
}

// "content check" reads a planner's own draft: exit 1 with a finding a
// line when one is an error, 0 when none, 2 for bad input.
func TestContentCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(s), 0o600))
		return p
	}
	notes := write("notes.txt", "INTERNAL: NES readiness still open with the committee.\nGo-live is Monday 16 March at 7 a.m. Eastern. Call HR Services on 1-800-555-0147.")
	bad := write("bad.txt", "Hello BFA - Massachusetts,\n\nGo-live is Monday 16 March at 7 a.m.\n\nEastern. Call HR Services.\n\n[Add the key dates]\n\nNES readiness still open with the committee.")
	good := write("good.txt", "Hello, Massachusetts team,\n\nGo-live is Monday 16 March at 7 a.m. Eastern. Call HR Services on 1-800-555-0147.\n\nBest regards,")

	code, out, errOut := runCLI(t, "content", "check", bad, "--vehicle", "email", "--format", "text", "--raw", notes)
	assert.Equal(t, 1, code, errOut)
	for _, rule := range []string{compose.RuleFragment, compose.RulePlaceholder, compose.RuleGreeting, compose.RuleFactLost, compose.RuleWithheldLeak} {
		assert.Contains(t, out, rule, out)
	}
	assert.Contains(t, errOut, "of the findings are errors")

	code, out, errOut = runCLI(t, "content", "check", good, "--vehicle", "email", "--format", "text", "--raw", notes)
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "No findings")

	code, out, _ = runCLI(t, "content", "check", bad, "--vehicle", "sms", "-o", "json")
	assert.Equal(t, 1, code)
	var res struct {
		Findings []compose.Finding `json:"findings"`
		Errors   int               `json:"errors"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Positive(t, res.Errors)

	for _, args := range [][]string{
		{"content", "check", good},
		{"content", "check", good, "--vehicle", "fax"},
		{"content", "check", good, "--vehicle", "email", "--format", "pdf"},
		{"content", "check", filepath.Join(dir, "missing.txt"), "--vehicle", "email"},
		{"content", "check", "--vehicle", "email"},
	} {
		code, _, errOut := runCLI(t, args...)
		assert.Equal(t, 2, code, "%v: %s", args, errOut)
	}
}

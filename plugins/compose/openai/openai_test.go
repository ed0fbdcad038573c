package openai

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
)

// endpoint is an OpenAI-compatible server on loopback that answers with
// answer (or status and body) and remembers the last request.
type endpoint struct {
	*httptest.Server
	mu      sync.Mutex
	header  http.Header
	path    string
	method  string
	request map[string]any
	answer  string
	status  int
	body    string
	delay   time.Duration
}

func newEndpoint(t *testing.T) *endpoint {
	e := &endpoint{status: http.StatusOK}
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		e.mu.Lock()
		e.header, e.path, e.method = r.Header.Clone(), r.URL.Path, r.Method
		e.request = nil
		_ = json.Unmarshal(raw, &e.request)
		status, body, answer, delay := e.status, e.body, e.answer, e.delay
		e.mu.Unlock()
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if body == "" {
			b, _ := json.Marshal(map[string]any{"id": "chatcmpl-1", "object": "chat.completion",
				"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": answer}}}})
			body = string(b)
		}
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(e.Close)
	return e
}

// set changes the endpoint's answer between requests.
func (e *endpoint) set(fn func(e *endpoint)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fn(e)
}

// last reads the last request under the lock.
func (e *endpoint) last() (http.Header, string, string, map[string]any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.header, e.path, e.method, e.request
}

func input(typ string) compose.Input {
	v, _ := domain.DefaultVehicle(typ)
	return compose.Input{
		Theme: compose.Theme{Name: "Why ERP", Description: "Why we replace the old systems"},
		Questions: []compose.Question{{ID: "q2", Question: "When does it happen?"},
			{ID: "q1", Question: "What changes for me?", Description: "Daily work"}},
		Raw:     "Go-live is 4 March 2031.",
		Vehicle: assembly.Vehicle(&v),
	}
}

func TestRequestShape(t *testing.T) {
	e := newEndpoint(t)
	e.set(func(e *endpoint) { e.answer = "Hello team.\n\nGo-live is on 4 March." })
	g, err := New(Options{Endpoint: e.URL + "/v1/", Model: "llama3.1", APIKey: "sk-test"})
	require.NoError(t, err)
	res, err := g.Generate(context.Background(), input("internal"))
	require.NoError(t, err)
	assert.Equal(t, compose.Result{Content: "Hello team.\n\nGo-live is on 4 March.", Format: "text", Length: 35,
		MaxLength: 3000, Withheld: []string{}}, res)

	header, path, method, request := e.last()
	assert.Equal(t, http.MethodPost, method)
	assert.Equal(t, "/v1/chat/completions", path)
	assert.Equal(t, "Bearer sk-test", header.Get("Authorization"))
	assert.Equal(t, "application/json", header.Get("Content-Type"))
	assert.Equal(t, "llama3.1", request["model"])
	assert.Equal(t, false, request["stream"])
	msgs, _ := request["messages"].([]any)
	require.Len(t, msgs, 2)
	sys, user := msgs[0].(map[string]any), msgs[1].(map[string]any)
	assert.Equal(t, "system", sys["role"])
	assert.Equal(t, "user", user["role"])
	system := sys["content"].(string)
	assert.Contains(t, system, "Internal Memo")
	assert.Contains(t, system, "memo")
	assert.Contains(t, system, "at most 3000 characters")
	assert.Contains(t, system, "plain text only")
	assert.Contains(t, system, tones[domain.StrategyUniversal])
	assert.Equal(t, "Theme: Why ERP\nWhy we replace the old systems\n\n"+
		"Questions, in order; let them give the piece its structure:\n1. When does it happen?\n2. What changes for me? (Daily work)\n\n"+
		"Raw notes, the substance:\nGo-live is 4 March 2031.", user["content"])

	// No key, no Authorization header.
	g, err = New(Options{Endpoint: e.URL, Model: "m"})
	require.NoError(t, err)
	_, err = g.Generate(context.Background(), input("internal"))
	require.NoError(t, err)
	header, path, _, _ = e.last()
	assert.Empty(t, header.Get("Authorization"))
	assert.Equal(t, "/chat/completions", path)
}

func TestPromptFollowsVehicle(t *testing.T) {
	in := input("newsletter")
	tmpl := compose.DefaultNewsletterTemplate()
	var optional compose.Section
	for i, s := range tmpl.Sections {
		if !s.Required {
			if optional.Number == 0 {
				tmpl.Sections[i].Enabled = true
				optional = tmpl.Sections[i]
			}
		}
	}
	in.Template = &tmpl
	system := Messages(in)[0].Content
	for _, s := range tmpl.Sections {
		if s.Enabled {
			assert.Contains(t, system, s.Title, "enabled section %d", s.Number)
		} else {
			assert.NotContains(t, system, s.Title+":", "disabled section %d", s.Number)
		}
	}
	assert.Contains(t, system, tones[domain.StrategyTraditional])

	system = Messages(input("blog"))[0].Content
	assert.Contains(t, system, "Markdown")
	assert.Contains(t, system, tones[domain.StrategyDigital])
}

func TestFailures(t *testing.T) {
	e := newEndpoint(t)
	g, err := New(Options{Endpoint: e.URL + "/v1", Model: "m", Timeout: 200 * time.Millisecond})
	require.NoError(t, err)
	ctx := context.Background()

	e.set(func(e *endpoint) {
		e.status, e.body = http.StatusInternalServerError, `{"error":{"message":"model m is not loaded","type":"server_error"}}`
	})
	_, err = g.Generate(ctx, input("email"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "500")
	assert.Contains(t, err.Error(), "model m is not loaded")

	e.set(func(e *endpoint) { e.status, e.body = http.StatusUnauthorized, `{"error":"invalid api key"}` })
	_, err = g.Generate(ctx, input("email"))
	assert.ErrorContains(t, err, "401 Unauthorized: invalid api key")

	e.set(func(e *endpoint) { e.status, e.body = http.StatusOK, `{"choices":[]}` })
	_, err = g.Generate(ctx, input("email"))
	assert.ErrorContains(t, err, "no content")

	e.set(func(e *endpoint) { e.body = `<html>not json</html>` })
	_, err = g.Generate(ctx, input("email"))
	assert.ErrorContains(t, err, "not chat-completions JSON")

	e.set(func(e *endpoint) { e.body, e.answer, e.delay = "", "late", time.Second })
	start := time.Now()
	_, err = g.Generate(ctx, input("email"))
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 900*time.Millisecond, "the timeout holds")

	_, err = g.Generate(ctx, compose.Input{Theme: compose.Theme{Name: "x"}})
	assert.ErrorIs(t, err, compose.ErrNoVehicle)

	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	g, err = New(Options{Endpoint: closed.URL, Model: "m"})
	require.NoError(t, err)
	_, err = g.Generate(ctx, input("email"))
	assert.ErrorContains(t, err, "unreachable")
}

func TestAnswerHeldToTheVehicle(t *testing.T) {
	e := newEndpoint(t)
	g, err := New(Options{Endpoint: e.URL, Model: "m"})
	require.NoError(t, err)
	ctx := context.Background()

	// Too long for an SMS: cut by compose.Fit.
	e.set(func(e *endpoint) { e.answer = strings.Repeat("Go-live is close, training starts Monday. ", 20) })
	res, err := g.Generate(ctx, input("sms"))
	require.NoError(t, err)
	assert.True(t, res.Truncated)
	assert.LessOrEqual(t, utf8.RuneCountInString(res.Content), 160)
	assert.Equal(t, utf8.RuneCountInString(res.Content), res.Length)
	assert.Equal(t, 160, res.MaxLength)

	// Markup in an html answer is escaped text, in well-formed paragraphs.
	e.set(func(e *endpoint) {
		e.answer = "<script>alert(1)</script> Hello & welcome\nline two\n\n\n<b onclick=\"x()\">Bold</b>"
	})
	res, err = g.Generate(ctx, input("email"))
	require.NoError(t, err)
	assert.Equal(t, "html", res.Format)
	assert.Equal(t, "<p>&lt;script&gt;alert(1)&lt;/script&gt; Hello &amp; welcome<br>line two</p>\n"+
		"<p>&lt;b onclick=&#34;x()&#34;&gt;Bold&lt;/b&gt;</p>", res.Content)
	dec := xml.NewDecoder(strings.NewReader("<div>" + strings.ReplaceAll(res.Content, "<br>", "<br/>") + "</div>"))
	var elements []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "well-formed")
		if se, ok := tok.(xml.StartElement); ok {
			elements = append(elements, se.Name.Local)
		}
	}
	for _, el := range elements {
		assert.Contains(t, []string{"div", "p", "br"}, el, "only our own markup")
	}

	// Markdown keeps its structure; no tag survives.
	e.set(func(e *endpoint) { e.answer = "# Go-live\n\n- <img src=x onerror=alert(1)> training\n- a < b" })
	res, err = g.Generate(ctx, input("blog"))
	require.NoError(t, err)
	assert.Equal(t, "# Go-live\n\n- \\<img src=x onerror=alert(1)> training\n- a < b", res.Content)

	// Text carries no tags.
	e.set(func(e *endpoint) { e.answer = "Hello <b>team</b>, 3 < 4." })
	res, err = g.Generate(ctx, input("social"))
	require.NoError(t, err)
	assert.Equal(t, "Hello team, 3 < 4.", res.Content)
}

func TestRegistered(t *testing.T) {
	Register() // a second call does nothing
	assert.Contains(t, assembly.Generators(), Name)
	gen, err := assembly.NewGenerator(Name, assembly.Settings{Endpoint: "http://127.0.0.1:11434/v1", Model: "llama3.1", APIKey: "k"})
	require.NoError(t, err)
	g, ok := gen.(*Generator)
	require.True(t, ok)
	assert.Equal(t, "http://127.0.0.1:11434/v1/chat/completions", g.url)
	assert.Equal(t, DefaultTimeout, g.opt.Timeout)

	_, err = assembly.NewGenerator(Name, assembly.Settings{Endpoint: "127.0.0.1:11434", Model: "m"})
	assert.ErrorContains(t, err, "endpoint must be an http or https URL")
	_, err = assembly.NewGenerator(Name, assembly.Settings{Endpoint: "http://x/v1"})
	assert.ErrorContains(t, err, "a model is required")
	_, err = assembly.NewGenerator("nope", assembly.Settings{})
	assert.ErrorContains(t, err, `no content generator "nope"`)
	rules, err := assembly.NewGenerator("rules", assembly.Settings{})
	require.NoError(t, err)
	assert.Equal(t, compose.Rules(), rules)
}

// The model gets the same cleaned input as the rules: no internal line is
// sent, each is reported as withheld; the communication's frame is in the
// prompt; an SMS is held to GSM-7.
func TestCleanedInputAndFrame(t *testing.T) {
	e := newEndpoint(t)
	e.set(func(e *endpoint) { e.answer = "Go-live — “soon” → see the hub… 👋" })
	g, err := New(Options{Endpoint: e.URL, Model: "m"})
	require.NoError(t, err)
	in := input("sms")
	in.Raw = "INTERNAL: don't tell anyone yet\nGo-live is 4 March 2031.\nThe pilot slipped; do not share."
	in.Frame = compose.Frame{Title: "Go-live date set", Audience: "Field Technicians", Date: time.Date(2031, 2, 3, 0, 0, 0, 0, time.UTC)}
	res, err := g.Generate(context.Background(), in)
	require.NoError(t, err)
	assert.Equal(t, []string{"INTERNAL: don't tell anyone yet", "The pilot slipped; do not share."}, res.Withheld)
	assert.Equal(t, `Go-live - "soon" > see the hub...`, res.Content)
	assert.Equal(t, 1, res.Segments)
	_, _, _, request := e.last()
	body, _ := json.Marshal(request)
	assert.NotContains(t, string(body), "tell anyone")
	assert.NotContains(t, string(body), "pilot slipped")
	user := request["messages"].([]any)[1].(map[string]any)["content"].(string)
	assert.Contains(t, user, "Communication title (the email's subject, the memo's RE line): Go-live date set\n")
	assert.Contains(t, user, "Audience (greet them; the memo's TO line): Field Technicians\n")
	assert.Contains(t, user, "Scheduled date (the memo's DATE line): 3 February 2031\n")
	system := request["messages"].([]any)[0].(map[string]any)["content"].(string)
	assert.Contains(t, system, "GSM-7")

	// A spoken channel is told to keep its call to action sayable.
	_, err = g.Generate(context.Background(), input("podcast"))
	require.NoError(t, err)
	_, _, _, request = e.last()
	assert.Contains(t, request["messages"].([]any)[0].(map[string]any)["content"].(string), "no arrows, links or link text")
}

// TestPromptReadsTheRegistry: each vehicle type's prompt says it is spoken
// aloud exactly when the registry says so, and carries the registry's hint
// for its writers; the plugin keeps no list of types of its own.
func TestPromptReadsTheRegistry(t *testing.T) {
	hints := 0
	for _, vt := range domain.VehicleTypes {
		system := Messages(input(vt.Type))[0].Content
		assert.Equal(t, vt.Spoken, strings.Contains(system, "It is spoken aloud"), vt.Type)
		if vt.WriterHint != "" {
			hints++
			assert.Contains(t, system, vt.WriterHint, vt.Type)
		}
	}
	assert.Equal(t, 3, hints, "town hall, workshop and SMS")
}

// Package openai registers "openai", a content generator (compose.Generator)
// that asks any OpenAI-compatible chat-completions API to write the piece: a
// local Ollama or vLLM, or a hosted service. It is off by default; the
// rule-based generator of pkg/compose is.
//
// The model is told the vehicle's shape, tone, format and maximum length and
// given the theme, the questions and the raw notes. Its answer is treated as
// text, never as markup: for an html vehicle every paragraph is escaped and
// wrapped in <p>, for text tag-shaped sequences are dropped, and markdown is
// kept. The result then goes through compose.Fit, which holds every
// generator to the vehicle's format (no raw HTML in markdown, no tags in
// text, a well-formed html fragment) and length.
// A failure is an error, never a quiet fall-back to the rules.
//
// Example usage:
//
//	import _ "github.com/commsplan/commsplan/plugins/compose/openai"
//
//	gen, err := assembly.NewGenerator("openai", assembly.Settings{
//		Endpoint: "http://127.0.0.1:11434/v1", Model: "llama3.1", APIKey: os.Getenv("COMMSPLAN_COMPOSE_API_KEY")})
//
// or, with the commsplan binary:
//
//	COMMSPLAN_COMPOSE_API_KEY=sk-... commsplan serve --compose-generator openai \
//	    --compose-endpoint https://api.example.com/v1 --compose-model gpt-4o-mini
package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
)

// Name is the value of compose.generator that selects this generator.
const Name = "openai"

// DefaultTimeout bounds one request to the endpoint; it stays under the
// server's two-minute write timeout.
const DefaultTimeout = 90 * time.Second

// maxAnswer bounds how much of an answer is read.
const maxAnswer = 4 << 20

func init() { Register() }

var register sync.Once

// Register makes the generator available as "openai" to
// assembly.NewGenerator. The package's init calls it; calling it again does
// nothing.
func Register() {
	register.Do(func() {
		assembly.RegisterGenerator(Name, func(s assembly.Settings) (compose.Generator, error) {
			return New(Options{Endpoint: s.Endpoint, Model: s.Model, APIKey: s.APIKey})
		})
	})
}

// Options configure a Generator.
type Options struct {
	// Endpoint is the API's base URL; requests go to Endpoint/chat/completions.
	Endpoint string
	// Model is the model name sent with every request.
	Model string
	// APIKey, when set, is sent as a bearer token.
	APIKey string
	// Timeout bounds one request (default DefaultTimeout).
	Timeout time.Duration
	// Client sends the requests (default a plain http.Client).
	Client *http.Client
}

// Generator is the OpenAI-compatible compose.Generator.
type Generator struct {
	opt Options
	url string
}

var _ compose.Generator = (*Generator)(nil)

// New checks the options and returns a Generator.
func New(o Options) (*Generator, error) {
	u, err := url.Parse(strings.TrimSpace(o.Endpoint))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("openai generator: endpoint must be an http or https URL, not %q", o.Endpoint)
	}
	if strings.TrimSpace(o.Model) == "" {
		return nil, errors.New("openai generator: a model is required")
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Client == nil {
		o.Client = &http.Client{}
	}
	return &Generator{opt: o, url: strings.TrimRight(u.String(), "/") + "/chat/completions"}, nil
}

// Message is one chat message of the request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// request is the chat-completions body.
type request struct {
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
	Stream   bool      `json:"stream"`
}

// answer is the part of the reply that is read.
type answer struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

// Generate implements compose.Generator.
func (g *Generator) Generate(ctx context.Context, in compose.Input) (compose.Result, error) {
	if in.Vehicle == nil {
		return compose.Result{}, compose.ErrNoVehicle
	}
	// The model never sees an internal line (assembly.Run has withheld
	// them already; a direct caller gets the same).
	var withheld []string
	in.Raw, withheld = compose.Withhold(in.Raw)
	body, err := json.Marshal(request{Model: g.opt.Model, Messages: Messages(in)})
	if err != nil {
		return compose.Result{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, g.opt.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.url, bytes.NewReader(body))
	if err != nil {
		return compose.Result{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if g.opt.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+g.opt.APIKey)
	}
	resp, err := g.opt.Client.Do(req)
	if err != nil {
		return compose.Result{}, fmt.Errorf("content generator unreachable: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return compose.Result{}, fmt.Errorf("content generator: reading the answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		return compose.Result{}, fmt.Errorf("content generator answered %s%s", resp.Status, errorDetail(raw))
	}
	var a answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return compose.Result{}, fmt.Errorf("content generator: the answer is not chat-completions JSON: %w", err)
	}
	if len(a.Choices) == 0 || strings.TrimSpace(a.Choices[0].Message.Content) == "" {
		return compose.Result{}, errors.New("content generator: the answer held no content")
	}
	s := in.Vehicle.Settings
	format := s.Format
	if format != compose.FormatHTML && format != compose.FormatMarkdown {
		format = compose.FormatText
	}
	var r compose.Result
	if in.Vehicle.Type == "sms" && format == compose.FormatText {
		r = compose.FitSMS(Render(a.Choices[0].Message.Content, format), s.MaxLength)
	} else {
		r = compose.Fit(Render(a.Choices[0].Message.Content, format), format, s.MaxLength)
	}
	r.Withheld = withheld
	return r, nil
}

// errorDetail pulls an OpenAI-style error message out of a failed answer.
func errorDetail(raw []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &e) != nil || len(e.Error) == 0 {
		return ""
	}
	var msg struct {
		Message string `json:"message"`
	}
	var text string
	switch {
	case json.Unmarshal(e.Error, &msg) == nil && msg.Message != "":
		text = msg.Message
	case json.Unmarshal(e.Error, &text) == nil && text != "":
	default:
		return ""
	}
	if r := []rune(text); len(r) > 300 {
		text = string(r[:300]) + "…"
	}
	return ": " + text
}

var (
	tagLike    = regexp.MustCompile(`</?[A-Za-z][^<>]*>`)
	blankLines = regexp.MustCompile(`\n[ \t]*\n+`)
)

// Render turns the model's answer, taken as text, into format: html gets
// one escaped <p> per paragraph (line breaks as <br>), markdown is kept as
// written (compose.Fit then escapes any raw HTML in it), text loses
// tag-shaped runs. No markup the model writes survives as markup.
func Render(answer, format string) string {
	text := strings.TrimSpace(strings.ReplaceAll(answer, "\r\n", "\n"))
	switch format {
	case compose.FormatHTML:
		var b strings.Builder
		for _, para := range blankLines.Split(text, -1) {
			if para = strings.TrimSpace(para); para == "" {
				continue
			}
			lines := strings.Split(para, "\n")
			for i, l := range lines {
				lines[i] = html.EscapeString(strings.TrimSpace(l))
			}
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.WriteString("<p>" + strings.Join(lines, "<br>") + "</p>")
		}
		return b.String()
	case compose.FormatMarkdown:
		// compose.Fit escapes any raw HTML in markdown.
		return text
	default:
		return strings.TrimSpace(tagLike.ReplaceAllString(text, ""))
	}
}

// Tones say how the vehicle's strategy shapes the writing (docs/compose.md).
var tones = map[string]string{
	domain.StrategyTraditional: "fuller sentences and a clear call to a meeting or to the reader's manager",
	domain.StrategyDigital:     "short paragraphs, bullet points and a link-style call to action",
	domain.StrategyUniversal:   "between the two: clear paragraphs, a few bullet points and one call to action",
}

// Messages builds the system prompt (the vehicle's shape, tone, format and
// length) and the user message (theme, questions, raw notes).
func Messages(in compose.Input) []Message {
	v := in.Vehicle
	var sys strings.Builder
	sys.WriteString("You write internal communications for an ERP implementation programme.\n")
	label, desc := v.Type, ""
	info, known := domain.VehicleTypeInfo(v.Type)
	if known {
		label, desc = info.Label, " "+info.Description
	}
	fmt.Fprintf(&sys, "Write one %s for the delivery vehicle %q.%s", label, v.Name, desc)
	if v.Settings.Template != "" {
		fmt.Fprintf(&sys, " Use the shape of a %s.", strings.ReplaceAll(v.Settings.Template, "_", " "))
	}
	sys.WriteString("\n")
	tone := tones[v.Strategy]
	if tone == "" {
		tone = tones[domain.StrategyUniversal]
	}
	fmt.Fprintf(&sys, "Tone: %s.\n", tone)
	if v.Settings.Format == compose.FormatMarkdown {
		sys.WriteString("Format: Markdown (headings, lists, emphasis); no HTML.\n")
	} else {
		sys.WriteString("Format: plain text only, no HTML and no Markdown; separate paragraphs with a blank line.\n")
	}
	if v.Settings.MaxLength > 0 {
		fmt.Fprintf(&sys, "Length: at most %d characters in all; longer text is cut.\n", v.Settings.MaxLength)
	}
	if v.Type == "newsletter" {
		t := compose.DefaultNewsletterTemplate()
		if in.Template != nil {
			t = *in.Template
		}
		sys.WriteString("Sections, in this order, each under its title:\n")
		for _, s := range t.Sections {
			if s.Enabled {
				fmt.Fprintf(&sys, "%d. %s: %s\n", s.Number, s.Title, s.Purpose)
			}
		}
	}
	if info.Spoken {
		sys.WriteString("It is spoken aloud: calls to action must be sayable, with no arrows, links or link text.\n")
	}
	if info.WriterHint != "" {
		sys.WriteString(info.WriterHint + "\n")
	}
	sys.WriteString("Use the notes' own facts; leave out a question the notes do not answer rather than writing filler. " +
		"Never repeat a transition or boilerplate line.\n")
	sys.WriteString("Answer with the piece only: no preamble and no notes about how it was written.")

	var user strings.Builder
	f := in.Frame
	if t := strings.TrimSpace(f.Title); t != "" {
		fmt.Fprintf(&user, "Communication title (the email's subject, the memo's RE line): %s\n", t)
	}
	if a := strings.TrimSpace(f.Audience); a != "" {
		fmt.Fprintf(&user, "Audience (greet them; the memo's TO line): %s\n", a)
	}
	if !f.Date.IsZero() {
		fmt.Fprintf(&user, "Scheduled date (the memo's DATE line): %s\n", f.Date.Format("2 January 2006"))
	}
	fmt.Fprintf(&user, "Theme: %s\n", in.Theme.Name)
	if d := strings.TrimSpace(in.Theme.Description); d != "" {
		fmt.Fprintf(&user, "%s\n", d)
	}
	if len(in.Questions) > 0 {
		user.WriteString("\nQuestions, in order; let them give the piece its structure:\n")
		for i, q := range in.Questions {
			fmt.Fprintf(&user, "%d. %s", i+1, q.Question)
			if d := strings.TrimSpace(q.Description); d != "" {
				fmt.Fprintf(&user, " (%s)", d)
			}
			user.WriteString("\n")
		}
	}
	if raw := strings.TrimSpace(in.Raw); raw != "" {
		fmt.Fprintf(&user, "\nRaw notes, the substance:\n%s\n", raw)
	}
	return []Message{{Role: "system", Content: sys.String()}, {Role: "user", Content: strings.TrimRight(user.String(), "\n")}}
}

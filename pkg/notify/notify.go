// Package notify delivers notification events (review requested, approved,
// changes requested, mention) to an outgoing webhook: notify.webhook-url,
// in the body notify.webhook-format says (a Microsoft Teams or Slack
// incoming webhook's, or commsplan's own JSON). Deliveries run in the
// background after the change committed, are retried with backoff, logged,
// and entered in the audit trail; they never block or fail the change.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/redact"
	"github.com/commsplan/commsplan/pkg/store"
)

// Format is the shape of a webhook body.
type Format string

// The formats of notify.webhook-format.
const (
	FormatJSON  Format = "json"
	FormatSlack Format = "slack"
	FormatTeams Format = "teams"
)

// ParseFormat reads notify.webhook-format ("" is json), case-insensitive.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case "", FormatJSON:
		return FormatJSON, nil
	case FormatSlack, FormatTeams:
		return f, nil
	}
	return "", fmt.Errorf("must be teams, slack or json")
}

// DefaultBackoff are the pauses before the second, third and fourth try.
var DefaultBackoff = []time.Duration{2 * time.Second, 10 * time.Second, time.Minute}

// Webhook posts events to one URL. Publish queues; one goroutine per event
// delivers it.
type Webhook struct {
	// URL receives the events.
	URL string
	// Format shapes the bodies.
	Format Format
	// PublicURL, when set, makes each body link to the record
	// (server.public-url).
	PublicURL string
	// Backoff are the pauses between tries (default DefaultBackoff): a
	// delivery gives up after len(Backoff)+1 tries.
	Backoff []time.Duration
	// Client sends the requests (default: a client with a 10 s timeout);
	// redirects are never followed, whatever its CheckRedirect.
	Client *http.Client
	// Log gets a line per try that failed and per delivery given up.
	Log *slog.Logger
	// Audit, when set, enters each delivery's outcome in the audit trail
	// (the store's Audit).
	Audit func(ctx context.Context, action, entityType, entityID, label string) error

	wg sync.WaitGroup
}

// Publish implements plan.Publisher: the event is delivered in the
// background; Publish returns at once.
func (w *Webhook) Publish(ctx context.Context, ev plan.Event) {
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		w.deliver(context.WithoutCancel(ctx), ev)
	}()
}

// Wait blocks until every delivery queued so far has ended (tests, and
// serve's shutdown within its grace).
func (w *Webhook) Wait() { w.wg.Wait() }

func (w *Webhook) deliver(ctx context.Context, ev plan.Event) {
	log := w.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	body, err := Body(w.Format, ev, w.link(ev))
	if err != nil {
		log.Error("webhook: cannot render the event", "kind", ev.Kind, "err", err)
		return
	}
	backoff := w.Backoff
	if backoff == nil {
		backoff = DefaultBackoff
	}
	tries := len(backoff) + 1
	var last string
	for i := 0; i < tries; i++ {
		if i > 0 {
			time.Sleep(backoff[i-1])
		}
		if last = w.post(ctx, body); last == "" {
			log.Info("webhook delivered", "kind", ev.Kind, "entity", ev.EntityType, "id", ev.EntityID, "tries", i+1)
			w.audit(ctx, store.ActionWebhookDelivered, ev, fmt.Sprintf("%s to %s after %d %s", ev.Kind, redact.URL(w.URL), i+1, plural(i+1)))
			return
		}
		log.Warn("webhook try failed", "kind", ev.Kind, "try", i+1, "of", tries, "err", last)
	}
	log.Error("webhook delivery given up", "kind", ev.Kind, "entity", ev.EntityType, "id", ev.EntityID, "tries", tries, "err", last)
	w.audit(ctx, store.ActionWebhookFailed, ev, fmt.Sprintf("%s to %s given up after %d tries: %s", ev.Kind, redact.URL(w.URL), tries, last))
}

// post sends body once and answers "" on a 2xx, else what went wrong.
func (w *Webhook) post(ctx context.Context, body []byte) string {
	client := &http.Client{Timeout: 10 * time.Second}
	if w.Client != nil {
		c := *w.Client
		client = &c
	}
	// A redirect is not followed: a 307 or 308 would post the body again
	// to whatever host the receiver names. It counts as a failed try.
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(body))
	if err != nil {
		return redact.Error(err, w.URL)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		// The URL's path and query are the webhook's secret: what is
		// logged and audited names scheme and host only.
		return redact.Error(err, w.URL)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return "HTTP " + strconv.Itoa(resp.StatusCode)
	}
	return ""
}

// audit enters a delivery's outcome on the event's record, as the person
// whose act it was.
func (w *Webhook) audit(ctx context.Context, action string, ev plan.Event, label string) {
	if w.Audit == nil {
		return
	}
	ctx = actor.With(ctx, ev.Actor)
	if err := w.Audit(ctx, action, ev.EntityType, ev.EntityID, label); err != nil && w.Log != nil {
		w.Log.Warn("webhook: cannot enter the delivery in the audit trail", "err", err)
	}
}

// link is the record's address in the UI, "" without a public URL.
func (w *Webhook) link(ev plan.Event) string {
	if w.PublicURL == "" {
		return ""
	}
	return Link(w.PublicURL, ev.EntityType, ev.EntityID)
}

// Link is the UI address of a communication or campaign under base.
func Link(base, entityType, id string) string {
	base = strings.TrimRight(base, "/")
	if entityType == domain.ThreadCampaign {
		return base + "/campaign-inventory?focus=" + url.QueryEscape(id)
	}
	return base + "/schedule?focus=" + url.QueryEscape(id)
}

func plural(n int) string {
	if n == 1 {
		return "try"
	}
	return "tries"
}

// ConfidentialNotice is the whole text of a notice about a confidential
// item: the channel may hold people who are not its insiders.
const ConfidentialNotice = "A confidential item needs your attention"

// Summary is the one-line text of an event, the same in every format.
func Summary(ev plan.Event) string {
	if ev.Confidential {
		return ConfidentialNotice
	}
	what := "communication"
	if ev.EntityType == domain.ThreadCampaign {
		what = "campaign"
	}
	who := strings.Join(ev.RecipientNames, ", ")
	switch ev.Kind {
	case domain.InboxReviewRequested:
		return fmt.Sprintf("%s asked %s to review the %s “%s”", ev.Actor.Name, who, what, ev.Title)
	case domain.InboxApproved:
		return fmt.Sprintf("%s approved the %s “%s”", ev.Actor.Name, what, ev.Title)
	case domain.InboxChangesRequested:
		return fmt.Sprintf("%s requested changes to the %s “%s”", ev.Actor.Name, what, ev.Title)
	case domain.InboxMention:
		return fmt.Sprintf("%s mentioned %s on the %s “%s”", ev.Actor.Name, who, what, ev.Title)
	}
	return fmt.Sprintf("%s: %s “%s”", ev.Kind, what, ev.Title)
}

// jsonEvent is the body of the json format.
type jsonEvent struct {
	Event      string   `json:"event"`
	Summary    string   `json:"summary"`
	EntityType string   `json:"entityType"`
	EntityID   string   `json:"entityId"`
	Title      string   `json:"title"`
	Actor      person   `json:"actor"`
	Recipients []person `json:"recipients"`
	CommentID  string   `json:"commentId,omitempty"`
	Text       string   `json:"text,omitempty"`
	URL        string   `json:"url,omitempty"`
	At         string   `json:"at"`
}

type person struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Body renders ev in format f, linking to link when it is not "".
func Body(f Format, ev plan.Event, link string) ([]byte, error) {
	if ev.Confidential {
		// No title, text, comment or names: the notice and the link only.
		ev = plan.Event{Kind: ev.Kind, EntityType: ev.EntityType, EntityID: ev.EntityID, At: ev.At, Confidential: true}
	}
	summary := Summary(ev)
	excerpt := domain.Excerpt(ev.Text)
	var v any
	switch f {
	case FormatSlack:
		// Every field is escaped for Slack's mrkdwn: a title, a name or a
		// comment stays text (slackEscape).
		text := slackEscape(summary)
		if link != "" {
			text = "<" + link + "|" + text + ">"
		}
		if excerpt != "" {
			text += "\n>" + strings.ReplaceAll(slackEscape(excerpt), "\n", "\n>")
		}
		v = map[string]string{"text": text}
	case FormatTeams:
		// A card's title, summary and text are read as markdown with some
		// HTML: every field is escaped for both (teamsEscape), so a title,
		// a name or a comment stays text.
		card := map[string]any{
			"@type": "MessageCard", "@context": "https://schema.org/extensions",
			"summary": teamsEscape(summary), "themeColor": themeColor(ev.Kind), "title": teamsEscape(summary),
		}
		if excerpt != "" {
			card["text"] = strings.ReplaceAll(teamsEscape(excerpt), "\n", "<br>")
		}
		if link != "" {
			card["potentialAction"] = []any{map[string]any{"@type": "OpenUri", "name": "Open in commsplan",
				"targets": []any{map[string]string{"os": "default", "uri": link}}}}
		}
		v = card
	default:
		e := jsonEvent{Event: ev.Kind, Summary: summary, EntityType: ev.EntityType, EntityID: ev.EntityID, Title: ev.Title,
			Actor: person{ev.Actor.ID, ev.Actor.Name}, Recipients: []person{}, CommentID: ev.CommentID, Text: excerpt,
			URL: link, At: ev.At.UTC().Format(time.RFC3339)}
		for i, id := range ev.Recipients {
			name := ""
			if i < len(ev.RecipientNames) {
				name = ev.RecipientNames[i]
			}
			e.Recipients = append(e.Recipients, person{id, name})
		}
		v = e
	}
	var buf bytes.Buffer
	// <, > and & are written \u003c, \u003e and \u0026 in every format,
	// so no field is markup to a receiver that pastes a JSON string into
	// HTML.
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(true)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return buf.Bytes(), err
}

// slackEscape keeps s text in Slack's mrkdwn: &, < and > are escaped as
// Slack asks (no <url|link>, <!channel> or <@mention> can be formed), and
// the emphasis and code marks *, _, ~ and `, for which Slack has no
// escape, get a zero-width space before them, so they pair with nothing.
func slackEscape(s string) string {
	return slackReplacer.Replace(s)
}

var slackReplacer = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;",
	"*", "\u200b*", "_", "\u200b_", "~", "\u200b~", "`", "\u200b`")

// teamsEscape keeps s text in a Teams card: every mark markdown reads
// ([text](url) links, emphasis, code, headings, lists) escaped with a
// backslash, then HTML escaped.
func teamsEscape(s string) string {
	var b strings.Builder
	lineStart := true
	for _, r := range s {
		switch {
		case strings.ContainsRune("\\`*_{}[]()#|!~", r), lineStart && (r == '-' || r == '+'):
			b.WriteByte('\\')
		}
		b.WriteRune(r)
		lineStart = r == '\n' || (lineStart && r == ' ')
	}
	return html.EscapeString(b.String())
}

// themeColor is a Teams card's accent: green approved, amber changes
// requested, blue otherwise.
func themeColor(kind string) string {
	switch kind {
	case domain.InboxApproved:
		return "2E7D32"
	case domain.InboxChangesRequested:
		return "B45309"
	}
	return "1D4ED8"
}

package delivery

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// WebhookResolver gives a channel message's webhook URL and whether the
// channel is private, from the vehicle the message's To names.
type WebhookResolver func(ctx context.Context, vehicleID string) (webhook string, private bool, err error)

// VehicleWebhooks resolves a vehicle's webhook from the store, acting as
// the queue.
func VehicleWebhooks(st interface {
	GetVehicle(ctx context.Context, id string) (domain.Vehicle, error)
}) WebhookResolver {
	return func(ctx context.Context, id string) (string, bool, error) {
		v, err := st.GetVehicle(ctx, id)
		if err != nil {
			return "", false, err
		}
		return string(v.Settings.Webhook), v.Settings.Private, nil
	}
}

// Poster posts to Teams (a Workflows webhook, Adaptive Card) or Slack (an
// incoming webhook, blocks) channels. The webhook URL is a secret: errors
// and logs name its scheme and host only, and no redirect is followed.
type Poster struct {
	// Channel is Teams or Slack.
	Channel string
	Resolve WebhookResolver
	Client  *http.Client
	// PerChannel spaces posts to one webhook (Slack: about one a second
	// per channel); zero does not.
	PerChannel time.Duration

	mu   sync.Mutex
	next map[string]time.Time
}

// NewPoster returns a Poster for channel.
func NewPoster(channel string, resolve WebhookResolver, timeout time.Duration) *Poster {
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	p := &Poster{Channel: channel, Resolve: resolve, next: map[string]time.Time{},
		Client: &http.Client{Timeout: timeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	if channel == Slack {
		p.PerChannel = time.Second
	}
	return p
}

// Send implements Sender: 429 (with its Retry-After) and 5xx are retried,
// any other 4xx fails for good.
func (p *Poster) Send(ctx context.Context, m Message) error {
	hook, _, err := p.Resolve(ctx, m.To)
	if err != nil {
		return err
	}
	u, err := url.Parse(hook)
	if hook == "" || err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return permanent("the vehicle has no %s webhook URL", p.Channel)
	}
	shown := u.Scheme + "://" + u.Host
	if err := p.wait(ctx, hook); err != nil {
		return err
	}
	var body []byte
	if p.Channel == Teams {
		body, err = TeamsCard(m)
	} else {
		body, err = SlackPost(m)
	}
	if err != nil {
		return permanent("%s post: %w", p.Channel, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hook, bytes.NewReader(body))
	if err != nil {
		return permanent("%s webhook %s: bad request", p.Channel, shown)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.Client.Do(req)
	if err != nil {
		// The error text holds the URL; name its host only.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return &SendError{Err: fmt.Errorf("%s webhook %s: %w", p.Channel, shown, err)}
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusTooManyRequests:
		return &SendError{RetryAfter: retryAfter(resp.Header.Get("Retry-After")),
			Err: fmt.Errorf("%s webhook %s: 429 too many requests", p.Channel, shown)}
	case resp.StatusCode >= 500:
		return &SendError{Err: fmt.Errorf("%s webhook %s: %s", p.Channel, shown, resp.Status)}
	}
	return permanent("%s webhook %s: %s", p.Channel, shown, resp.Status)
}

// wait spaces posts to one webhook by PerChannel.
func (p *Poster) wait(ctx context.Context, hook string) error {
	if p.PerChannel <= 0 {
		return nil
	}
	p.mu.Lock()
	now := time.Now()
	at := p.next[hook]
	if at.Before(now) {
		at = now
	}
	p.next[hook] = at.Add(p.PerChannel)
	p.mu.Unlock()
	return (&Limiter{}).sleepUntil(ctx, at)
}

func (*Limiter) sleepUntil(ctx context.Context, at time.Time) error {
	d := time.Until(at)
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryAfter reads Retry-After in seconds (or an HTTP date); at least a
// second, at most an hour.
func retryAfter(v string) time.Duration {
	d := time.Second
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = time.Until(t)
	}
	return min(max(d, time.Second), time.Hour)
}

// TeamsCard is the body a Teams Workflows webhook ("When a Teams webhook
// request is received") takes: a message with one Adaptive Card holding
// the title and the text.
func TeamsCard(m Message) ([]byte, error) {
	card := map[string]any{
		"$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
		"type":    "AdaptiveCard",
		"version": "1.4",
		"body": []any{
			map[string]any{"type": "TextBlock", "text": m.Subject, "weight": "Bolder", "size": "Medium", "wrap": true},
			map[string]any{"type": "TextBlock", "text": m.Text, "wrap": true},
		},
	}
	return json.Marshal(map[string]any{"type": "message", "attachments": []any{
		map[string]any{"contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": nil, "content": card},
	}})
}

// SlackPost is an incoming webhook's body: text (the notification's) and
// blocks with the title and the text, escaped for Slack's mrkdwn.
func SlackPost(m Message) ([]byte, error) {
	esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	title, text := esc.Replace(m.Subject), esc.Replace(m.Text)
	return json.Marshal(map[string]any{
		"text": title,
		"blocks": []any{
			map[string]any{"type": "header", "text": map[string]any{"type": "plain_text", "text": m.Subject}},
			map[string]any{"type": "section", "text": map[string]any{"type": "mrkdwn", "text": text}},
		},
	})
}

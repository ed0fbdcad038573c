package notify

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/internal/syncbuf"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/notify")

var events = map[string]plan.Event{
	"review_requested": {Kind: domain.InboxReviewRequested, EntityType: "communication", EntityID: "c1", Title: "Go-live letter",
		Actor: actor.Actor{ID: "p1", Name: "Dana Reyes"}, Recipients: []string{"p2", "p3"}, RecipientNames: []string{"Ari Stone", "Kim Park"}},
	"approved": {Kind: domain.InboxApproved, EntityType: "campaign", EntityID: "k1", Title: "Wave 1",
		Actor: actor.Actor{ID: "p2", Name: "Ari Stone"}, Recipients: []string{"p1"}, RecipientNames: []string{"Dana Reyes"}},
	"changes_requested": {Kind: domain.InboxChangesRequested, EntityType: "communication", EntityID: "c1", Title: "Go-live letter",
		Actor: actor.Actor{ID: "p2", Name: "Ari Stone"}, Recipients: []string{"p1"}, RecipientNames: []string{"Dana Reyes"},
		CommentID: "m1", Text: "Move the date & fix <b>the</b> title,\n@Dana Reyes"},
	"mention": {Kind: domain.InboxMention, EntityType: "communication", EntityID: "c1", Title: `The "go-live" letter`,
		Actor: actor.Actor{ID: "p1", Name: "Dana Reyes"}, Recipients: []string{"p2"}, RecipientNames: []string{"Ari Stone"},
		CommentID: "m2", Text: "@Ari Stone <script>alert(1)</script> can you look?"},
	// Hostile: HTML, markdown links, emphasis, Slack's control sequences
	// and a heading in the title, a name and the comment.
	"hostile": {Kind: domain.InboxMention, EntityType: "communication", EntityID: "c9",
		Title:          `<b>Urgent</b> [Open the form](https://evil.example/phish) *now* _please_ ~x~ ` + "`code`" + ` <!channel> &amp;`,
		Actor:          actor.Actor{ID: "p6", Name: "**IT** <i>Desk</i>"},
		Recipients:     []string{"p2"},
		RecipientNames: []string{"[Ari](https://evil.example/) Stone"},
		CommentID:      "m9",
		Text:           "# Reset your password\n- [here](https://evil.example/phish) or <https://evil.example/x|here>\n<img src=x onerror=alert(1)> <@U123> *bold* _it_ | a | b |"},
	// A notice about a confidential item names neither it nor the comment.
	"confidential_mention": {Kind: domain.InboxMention, EntityType: "campaign", EntityID: "k9", Title: "Project Falcon – Nordwind GmbH",
		Actor: actor.Actor{ID: "p1", Name: "Dana Reyes"}, Recipients: []string{"p2"}, RecipientNames: []string{"Alice Approver"},
		CommentID: "m3", Text: `@"Alice Approver" due diligence on Nordwind found the pension liability`, Confidential: true},
}

// TestBodyGolden: every event in every format against testdata/notify.
// The Slack bodies are {"text": ...} with Slack's markup escaped; the
// Teams bodies are MessageCards.
func TestBodyGolden(t *testing.T) {
	at := time.Date(2031, 3, 4, 9, 30, 0, 0, time.UTC)
	for name, ev := range events {
		ev.At = at
		for _, f := range []Format{FormatJSON, FormatSlack, FormatTeams} {
			got, err := Body(f, ev, Link("https://comms.example.com/", ev.EntityType, ev.EntityID))
			require.NoError(t, err)
			if ev.Confidential {
				// Whatever -update writes, the notice tells nothing but itself.
				for _, secret := range []string{"Nordwind", "Falcon", "pension", "Alice", "Dana"} {
					assert.NotContains(t, string(got), secret, "%s %s", name, f)
				}
				assert.Contains(t, string(got), ConfidentialNotice)
			}
			path := filepath.Join("..", "..", "testdata", "notify", name+"."+string(f)+".json")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, got, 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run with -update to write it")
			assert.Equal(t, string(want), string(got), path)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"": FormatJSON, "Teams": FormatTeams, " slack ": FormatSlack, "json": FormatJSON} {
		f, err := ParseFormat(in)
		require.NoError(t, err)
		assert.Equal(t, want, f)
	}
	_, err := ParseFormat("discord")
	assert.EqualError(t, err, "must be teams, slack or json")
}

// audited records the audit entries a webhook makes.
type audited struct {
	mu      sync.Mutex
	entries []string
}

func (a *audited) add(ctx context.Context, action, entityType, entityID, label string) error {
	who, _ := actor.From(ctx)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.entries = append(a.entries, action+" "+entityType+"/"+entityID+" by "+who.Name+": "+label)
	return nil
}

// TestRetry: a receiver that answers 500 twice gets the same body a third
// time, which it accepts; the delivery is in the audit trail.
func TestRetry(t *testing.T) {
	var calls atomic.Int32
	var last []byte
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if calls.Add(1) <= 2 {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		last = body
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
	}))
	defer recv.Close()
	a := &audited{}
	w := &Webhook{URL: recv.URL, Format: FormatSlack, Backoff: []time.Duration{time.Millisecond, time.Millisecond, time.Millisecond}, Audit: a.add}
	ev := events["approved"]
	w.Publish(context.Background(), ev)
	w.Wait()
	assert.EqualValues(t, 3, calls.Load())
	want, err := Body(FormatSlack, ev, "")
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(last))
	assert.Equal(t, []string{store.ActionWebhookDelivered + " campaign/k1 by Ari Stone: approved to " + recv.URL + " after 3 tries"}, a.entries)
}

// TestDeadReceiver: Publish returns at once however slow or dead the
// receiver; a delivery that keeps failing gives up after its tries and is
// entered as failed.
func TestDeadReceiver(t *testing.T) {
	release := make(chan struct{})
	var calls atomic.Int32
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		<-release
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer slow.Close()
	a := &audited{}
	w := &Webhook{URL: slow.URL, Format: FormatTeams, Backoff: []time.Duration{time.Millisecond}, Audit: a.add}
	start := time.Now()
	for range 5 {
		w.Publish(context.Background(), events["mention"])
	}
	assert.Less(t, time.Since(start), 100*time.Millisecond, "publishing never waits for the receiver")
	close(release)
	w.Wait()
	assert.EqualValues(t, 10, calls.Load(), "5 events, 2 tries each")
	require.Len(t, a.entries, 5)
	assert.Contains(t, a.entries[0], store.ActionWebhookFailed+" communication/c1 by Dana Reyes: mention to ")
	assert.Contains(t, a.entries[0], "given up after 2 tries: HTTP 502")

	// A receiver that is not there at all.
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close()
	a = &audited{}
	w = &Webhook{URL: url, Format: FormatJSON, Backoff: []time.Duration{time.Millisecond}, Audit: a.add}
	w.Publish(context.Background(), events["approved"])
	w.Wait()
	require.Len(t, a.entries, 1)
	assert.Contains(t, a.entries[0], store.ActionWebhookFailed)
}

// TestWebhookSecretStaysOut: a webhook URL carries its secret in its path
// and query. A delivery that fails (the receiver gone, or answering 500)
// names the receiver by scheme and host only: in the text log, the JSON
// log and the audit trail's label.
func TestWebhookSecretStaysOut(t *testing.T) {
	const secret = "/services/T0SECRET/B0SECRET/s3cr3tPath?sig=s3cr3tQuery"
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such hook: "+r.URL.String(), http.StatusInternalServerError)
	}))
	defer failing.Close()
	for _, base := range []string{deadURL, failing.URL} {
		for _, format := range []string{"text", "json"} {
			var logs syncbuf.Buffer
			var h slog.Handler = slog.NewTextHandler(&logs, nil)
			if format == "json" {
				h = slog.NewJSONHandler(&logs, nil)
			}
			a := &audited{}
			w := &Webhook{URL: base + secret, Format: FormatJSON, Backoff: []time.Duration{time.Millisecond}, Log: slog.New(h), Audit: a.add}
			w.Publish(context.Background(), events["approved"])
			w.Wait()
			require.Len(t, a.entries, 1)
			for what, text := range map[string]string{"log": logs.String(), "audit": a.entries[0]} {
				assert.NotContains(t, text, "SECRET", "%s %s %s", base, format, what)
				assert.NotContains(t, text, "s3cr3t", "%s %s %s", base, format, what)
				assert.NotContains(t, text, "/services", "%s %s %s", base, format, what)
			}
			assert.Contains(t, a.entries[0], store.ActionWebhookFailed+" campaign/k1 by Ari Stone: approved to "+base+" given up after 2 tries: ")
			assert.Contains(t, logs.String(), "webhook delivery given up")
		}
	}
}

// TestNoRedirect: a receiver answering 307 (or 301, 302, 308) to another
// host does not get the body re-posted there: the delivery fails, naming
// the status, and the other host is never reached.
func TestNoRedirect(t *testing.T) {
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { elsewhere.Add(1) }))
	defer other.Close()
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/collect", status)
		}))
		a := &audited{}
		w := &Webhook{URL: redirecting.URL, Format: FormatJSON, Backoff: []time.Duration{time.Millisecond}, Audit: a.add}
		w.Publish(context.Background(), events["mention"])
		w.Wait()
		redirecting.Close()
		require.Len(t, a.entries, 1)
		assert.Contains(t, a.entries[0], store.ActionWebhookFailed)
		assert.Contains(t, a.entries[0], "HTTP "+strconv.Itoa(status))
	}
	assert.Zero(t, elsewhere.Load(), "the redirect's target got nothing")
}

// TestHostileFieldsStayText: a title, a name and a comment full of HTML,
// markdown and Slack's control sequences reach no receiver as markup: in a
// Teams card no field holds a tag, a [text](url) link or an emphasis mark
// unescaped; in Slack no <link|text>, <!channel> or <@mention> is formed
// and no emphasis pairs; in JSON no field holds <, > or & raw.
func TestHostileFieldsStayText(t *testing.T) {
	ev := events["hostile"]
	ev.At = time.Date(2031, 3, 4, 9, 30, 0, 0, time.UTC)
	link := Link("https://comms.example.com/", ev.EntityType, ev.EntityID)

	body, err := Body(FormatTeams, ev, link)
	require.NoError(t, err)
	var card map[string]any
	require.NoError(t, json.Unmarshal(body, &card))
	for _, f := range []string{"title", "summary", "text"} {
		v, _ := card[f].(string)
		require.NotEmpty(t, v, f)
		for _, bad := range []string{"<b>", "<i>", "<img", "<script", "](", "**", "*now*", "_please_", "<!channel>", "<@U123>"} {
			assert.NotContains(t, v, bad, "teams %s", f)
		}
	}
	assert.True(t, strings.HasPrefix(card["text"].(string), `\# Reset`), "a heading mark is escaped")

	body, err = Body(FormatSlack, ev, link)
	require.NoError(t, err)
	var msg map[string]string
	require.NoError(t, json.Unmarshal(body, &msg))
	text := msg["text"]
	assert.True(t, strings.HasPrefix(text, "<"+link+"|"), "our own link stays a link")
	assert.Equal(t, 1, strings.Count(text, "<"), "the only < is our link's")
	for _, bad := range []string{"<!channel>", "<@U123>", "<https://evil", "*now*", "_please_", "~x~", "`code`", "**IT**"} {
		assert.NotContains(t, text, bad, "slack")
	}

	body, err = Body(FormatJSON, ev, link)
	require.NoError(t, err)
	for _, raw := range []string{"<", ">", "&"} {
		assert.NotContains(t, string(body), raw, "json")
	}
	var e jsonEvent
	require.NoError(t, json.Unmarshal(body, &e))
	assert.Equal(t, ev.Title, e.Title, "the JSON carries the text as written, escaped for JSON")
}

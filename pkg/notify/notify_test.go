package notify

import (
	"context"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
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
	assert.Equal(t, []string{store.ActionWebhookDelivered + " campaign/k1 by Ari Stone: approved to " + recv.Listener.Addr().String() + " after 3 tries"}, a.entries)
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

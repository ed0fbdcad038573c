package delivery

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hookServer records every post and answers from answers in turn (then 200).
type hookServer struct {
	*httptest.Server
	mu      sync.Mutex
	bodies  [][]byte
	at      []time.Time
	answers []func(w http.ResponseWriter)
}

func newHookServer(t *testing.T, answers ...func(w http.ResponseWriter)) *hookServer {
	h := &hookServer{answers: answers}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.bodies, h.at = append(h.bodies, b), append(h.at, time.Now())
		var answer func(http.ResponseWriter)
		if len(h.answers) > 0 {
			answer, h.answers = h.answers[0], h.answers[1:]
		}
		h.mu.Unlock()
		if answer != nil {
			answer(w)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(h.Close)
	return h
}

func status(code int, header ...string) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(code)
	}
}

func fixed(url string) WebhookResolver {
	return func(context.Context, string) (string, bool, error) { return url, false, nil }
}

var post = Message{To: "vehicle-1", Subject: "Go-live <Monday>", Text: "We switch on Monday & you are ready.", HTML: "<p>x</p>"}

func TestTeamsPostIsAWorkflowsCard(t *testing.T) {
	h := newHookServer(t)
	p := NewPoster(Teams, fixed(h.URL+"/workflows/secret-sig?sig=abc"), 5*time.Second)
	require.NoError(t, p.Send(context.Background(), post))
	require.Len(t, h.bodies, 1)
	var got struct {
		Type        string `json:"type"`
		Attachments []struct {
			ContentType string `json:"contentType"`
			Content     struct {
				Type string `json:"type"`
				Body []struct {
					Text string `json:"text"`
				} `json:"body"`
			} `json:"content"`
		} `json:"attachments"`
	}
	require.NoError(t, json.Unmarshal(h.bodies[0], &got))
	assert.Equal(t, "message", got.Type)
	require.Len(t, got.Attachments, 1)
	assert.Equal(t, "application/vnd.microsoft.card.adaptive", got.Attachments[0].ContentType)
	assert.Equal(t, "AdaptiveCard", got.Attachments[0].Content.Type)
	assert.Equal(t, "Go-live <Monday>", got.Attachments[0].Content.Body[0].Text)
	assert.Equal(t, post.Text, got.Attachments[0].Content.Body[1].Text)
}

func TestSlackHonours429RetryAfterAndNeverShowsTheURL(t *testing.T) {
	h := newHookServer(t, status(http.StatusTooManyRequests, "Retry-After", "7"), status(http.StatusBadGateway), status(http.StatusNotFound))
	hook := h.URL + "/services/T000/B000/XXXXSECRET"
	p := NewPoster(Slack, fixed(hook), 5*time.Second)
	p.PerChannel = 0
	err := p.Send(context.Background(), post)
	require.Error(t, err)
	assert.False(t, IsPermanent(err))
	assert.Equal(t, 7*time.Second, RetryAfter(err), "429's Retry-After is honoured")
	assert.NotContains(t, err.Error(), "XXXXSECRET")
	err = p.Send(context.Background(), post)
	require.Error(t, err)
	assert.False(t, IsPermanent(err), "a 5xx is retried")
	err = p.Send(context.Background(), post)
	require.Error(t, err)
	assert.True(t, IsPermanent(err), "another 4xx fails for good")
	assert.NotContains(t, err.Error(), "XXXXSECRET")
	require.NoError(t, p.Send(context.Background(), post))
	var got struct {
		Text   string `json:"text"`
		Blocks []struct {
			Text struct {
				Text string `json:"text"`
			} `json:"text"`
		} `json:"blocks"`
	}
	require.NoError(t, json.Unmarshal(h.bodies[3], &got))
	assert.Equal(t, "Go-live &lt;Monday&gt;", got.Text, "escaped for Slack")
	assert.Equal(t, "We switch on Monday &amp; you are ready.", got.Blocks[1].Text.Text)

	// Down: the error names the host, not the path.
	h.Close()
	err = p.Send(context.Background(), post)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "XXXXSECRET")
}

func TestSlackKeepsAboutOnePostASecondPerChannel(t *testing.T) {
	h := newHookServer(t)
	p := NewPoster(Slack, fixed(h.URL+"/hook"), 5*time.Second)
	p.PerChannel = 200 * time.Millisecond
	for range 3 {
		require.NoError(t, p.Send(context.Background(), post))
	}
	require.Len(t, h.at, 3)
	assert.GreaterOrEqual(t, h.at[2].Sub(h.at[0]), 380*time.Millisecond)
}

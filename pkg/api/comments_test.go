package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/notify"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestCommentsAPI: the thread routes of a communication and a campaign on
// both backends, as two people: markup and line breaks come back as
// written, a mention lands in the other's inbox, the refusals name their
// field (400) or say why (403, 409), and nothing refused is stored.
func TestCommentsAPI(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		clock := time.Now().UTC()
		ts := newTestServer(t, b, Options{Now: func() time.Time { return clock }})
		_, dana := ts.personAs("Dana Reyes", "planner")
		_, ari := ts.personAs("Ari Stone", "approver")

		var comm domain.Communication
		dana.json("POST", "/api/communications", map[string]any{"title": "Go-live letter"}, http.StatusCreated, &comm)
		camp := domain.Campaign{Title: "Wave 1", Schedule: json.RawMessage(`[]`), GeographicFilters: []string{}}
		require.NoError(t, ts.Store.CreateCampaign(terminal(), &camp))

		base := "/api/communications/" + comm.ID + "/comments"
		markup := "<script>alert(1)</script>\n<img src=x onerror=alert(2)> @\"Ari Stone\""
		var c domain.Comment
		dana.json("POST", base, map[string]any{"text": markup}, http.StatusCreated, &c)
		assert.Equal(t, markup, c.Text)
		assert.Equal(t, "Dana Reyes", c.AuthorName)

		var inbox plan.InboxPage
		ari.json("GET", "/api/inbox", nil, http.StatusOK, &inbox)
		require.Len(t, inbox.Entries, 1)
		assert.Equal(t, 1, inbox.Unread)
		assert.Equal(t, domain.InboxMention, inbox.Entries[0].Kind)
		assert.Equal(t, comm.ID, inbox.Entries[0].EntityID)
		var unread InboxUnread
		ari.json("POST", "/api/inbox/read", map[string]any{}, http.StatusOK, &unread)
		assert.Equal(t, 0, unread.Unread)

		for _, tc := range []struct {
			body  any
			field string
		}{
			{map[string]any{"text": "  \n "}, "text"},
			{map[string]any{}, "text"},
			{map[string]any{"text": "ping @Nobody"}, "text"},
			{map[string]any{"text": "hi", "replyTo": "00000000-0000-4000-8000-000000000000"}, "replyTo"},
			{map[string]any{"text": 5}, "text"},
		} {
			resp, out := ari.do("POST", base, tc.body)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
			assert.Contains(t, errorBody(t, out).Fields, tc.field, string(out))
		}
		resp, _ := ari.do("POST", "/api/communications/00000000-0000-4000-8000-000000000000/comments", map[string]any{"text": "x"})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)

		one := base + "/" + c.ID
		resp, out := ari.do("PATCH", one, map[string]any{"text": "not mine"})
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Error, "only the author")
		resp, _ = dana.do("PATCH", "/api/campaigns/"+camp.ID+"/comments/"+c.ID, map[string]any{"text": "wrong thread"})
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		var edited domain.Comment
		dana.json("PATCH", one, map[string]any{"text": "line one\nline two"}, http.StatusOK, &edited)
		assert.Equal(t, "line one\nline two", edited.Text)
		assert.NotNil(t, edited.EditedAt)

		var reply domain.Comment
		ari.json("POST", "/api/campaigns/"+camp.ID+"/comments", map[string]any{"text": "campaign note"}, http.StatusCreated, &reply)
		clock = clock.Add(domain.CommentEditWindow + time.Second)
		resp, out = dana.do("PATCH", one, map[string]any{"text": "too late"})
		assert.Equal(t, http.StatusConflict, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Error, "15 minutes")
		resp, _ = dana.do("DELETE", one, nil)
		assert.Equal(t, http.StatusConflict, resp.StatusCode)

		var thread []domain.Comment
		ari.json("GET", base, nil, http.StatusOK, &thread)
		require.Len(t, thread, 1)
		assert.Equal(t, "line one\nline two", thread[0].Text, "nothing refused was stored")
		ari.json("GET", "/api/campaigns/"+camp.ID+"/comments", nil, http.StatusOK, &thread)
		require.Len(t, thread, 1)

		// Within the window the author deletes; the history keeps the text.
		clock = clock.Add(-domain.CommentEditWindow)
		resp, _ = ari.do("DELETE", "/api/campaigns/"+camp.ID+"/comments/"+reply.ID, nil)
		assert.Equal(t, http.StatusNoContent, resp.StatusCode)
		hist, err := ts.Store.ListAudit(terminal(), store.AuditFilter{EntityType: "campaign", EntityID: camp.ID, Limit: 10})
		require.NoError(t, err)
		require.NotEmpty(t, hist)
		assert.Equal(t, store.ActionCommentDeleted, hist[0].Action)
		assert.Equal(t, "Ari Stone", hist[0].ActorName)
		assert.Contains(t, string(hist[0].Changes), "campaign note")
	})
}

// TestMentionWebhook: a mention posts its event to the webhook after the
// comment is stored, and the delivery is in the communication's history.
func TestMentionWebhook(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		got := make(chan map[string]any, 1)
		recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var body map[string]any
			assert.NoError(t, json.NewDecoder(r.Body).Decode(&body))
			got <- body
		}))
		defer recv.Close()
		st := storetest.Open(t, b.DSN(t))
		hook := &notify.Webhook{URL: recv.URL, Format: notify.FormatSlack, Backoff: []time.Duration{time.Millisecond}, Audit: st.Audit}
		ts := newTestServer(t, b, Options{Store: st, Notify: hook})
		p := plan.New(st)
		_, danaCode, err := p.AddPerson(terminal(), "Dana Reyes", "", "planner")
		require.NoError(t, err)
		_, _, err = p.AddPerson(terminal(), "Ari Stone", "", "approver")
		require.NoError(t, err)
		dana := ts.signInAs(danaCode)
		var comm domain.Communication
		dana.json("POST", "/api/communications", map[string]any{"title": "Go-live letter"}, http.StatusCreated, &comm)
		dana.json("POST", "/api/communications/"+comm.ID+"/comments", map[string]any{"text": "@Ari.Stone <b>look</b>"}, http.StatusCreated, nil)
		body := <-got
		assert.Equal(t, "Dana Reyes mentioned Ari Stone on the communication “Go-live letter”\n>@Ari.Stone &lt;b&gt;look&lt;/b&gt;", body["text"])
		hook.Wait()
		hist, err := st.ListAudit(terminal(), store.AuditFilter{EntityType: "communication", EntityID: comm.ID, Limit: 10})
		require.NoError(t, err)
		require.NotEmpty(t, hist)
		assert.Equal(t, store.ActionWebhookDelivered, hist[0].Action)
		assert.Equal(t, "Dana Reyes", hist[0].ActorName)
	})
}

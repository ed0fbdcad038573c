package api

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestReviewFlow: a planner asks, an approver requests changes, the
// planner edits and asks again, the approver approves, an edit resets the
// approval; every refusal of §5 names its field and stores nothing; the
// History lists each step with its actor. Both backends.
func TestReviewFlow(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		_, pat := ts.personAs("Pat Planner", "planner")
		ann, annB := ts.personAs("Ann Approver", "approver")
		bob, bobB := ts.personAs("Bob Approver", "approver")

		var approvers []domain.Ref
		pat.json("GET", "/api/approvers", nil, http.StatusOK, &approvers)
		assert.ElementsMatch(t, []domain.Ref{{ID: ann.ID, Name: ann.Name}, {ID: bob.ID, Name: bob.Name}}, approvers, "a planner may list whom to ask")
		var theme domain.Theme
		pat.json("POST", "/api/themes", map[string]any{"name": "Change", "description": "d"}, http.StatusCreated, &theme)
		var c domain.Communication
		pat.json("POST", "/api/communications", map[string]any{"title": "Go-live", "themeId": theme.ID,
			"scheduledDate": "2031-03-04T09:00:00Z"}, http.StatusCreated, &c)
		assert.Equal(t, domain.ReviewNone, c.Review.State)
		base := "/api/communications/" + c.ID

		refused := func(client *testServer, path string, body any, status int, field string) {
			t.Helper()
			resp, out := client.do("POST", path, body)
			require.Equal(t, status, resp.StatusCode, string(out))
			if field != "" {
				assert.Contains(t, errorBody(t, out).Fields, field, string(out))
			}
		}
		decisions := func() int {
			var got domain.Communication
			pat.json("GET", base, nil, http.StatusOK, &got)
			return len(got.Review.Decisions)
		}
		// Not under review yet.
		refused(annB, base+"/decisions", map[string]any{"decision": "approved"}, http.StatusConflict, "decision")
		// Bad requests.
		refused(pat, base+"/review", map[string]any{"approvers": []string{"nobody"}}, http.StatusBadRequest, "approvers")
		refused(pat, base+"/review", map[string]any{"dueDate": "soon"}, http.StatusBadRequest, "dueDate")

		var r domain.Review
		pat.json("POST", base+"/review", map[string]any{"approvers": []string{ann.ID}, "dueDate": "2031-03-01"}, http.StatusOK, &r)
		assert.Equal(t, domain.ReviewRequested, r.State)
		assert.Equal(t, []domain.Ref{{ID: ann.ID, Name: ann.Name}}, r.Approvers)
		// The request reaches the named approver's inbox only.
		inboxKinds := func(client *testServer) []string {
			t.Helper()
			var page plan.InboxPage
			client.json("GET", "/api/inbox", nil, http.StatusOK, &page)
			var kinds []string
			for _, e := range page.Entries {
				kinds = append(kinds, e.Kind+" "+e.EntityID)
			}
			return kinds
		}
		assert.Equal(t, []string{"review_requested " + c.ID}, inboxKinds(annB))
		assert.Empty(t, inboxKinds(bobB))

		refused(annB, base+"/decisions", map[string]any{"decision": "maybe"}, http.StatusBadRequest, "decision")
		refused(annB, base+"/decisions", map[string]any{"comment": "x"}, http.StatusBadRequest, "decision")
		refused(annB, base+"/decisions", map[string]any{"decision": "changes_requested"}, http.StatusBadRequest, "comment")
		refused(bobB, base+"/decisions", map[string]any{"decision": "approved"}, http.StatusForbidden, "decision")
		refused(pat, base+"/decisions", map[string]any{"decision": "approved"}, http.StatusForbidden, "")
		refused(annB, base+"/decisions", map[string]any{"decision": "changes_requested", "comment": "ask @Nobody"}, http.StatusBadRequest, "comment")
		assert.Equal(t, 0, decisions(), "no refusal stored anything")
		var thread []domain.Comment
		pat.json("GET", base+"/comments", nil, http.StatusOK, &thread)
		assert.Empty(t, thread, "a refused decision writes no comment")

		annB.json("POST", base+"/decisions", map[string]any{"decision": "changes_requested", "comment": "@Pat.Planner Say when."}, http.StatusOK, &r)
		assert.Equal(t, domain.ReviewChangesRequested, r.State)
		assert.ElementsMatch(t, []string{"changes_requested " + c.ID, "mention " + c.ID}, inboxKinds(pat),
			"the decision reaches whoever asked, its mention the person mentioned")
		pat.json("GET", base+"/comments", nil, http.StatusOK, &thread)
		require.Len(t, thread, 1, "the decision's comment is in the thread")
		assert.Equal(t, []string{"@Pat.Planner Say when.", ann.ID}, []string{thread[0].Text, thread[0].AuthorID})
		pat.json("PUT", base, map[string]any{"rawContent": "On 4 March."}, http.StatusOK, nil)
		// A re-request that leaves approvers out keeps the round's; [] asks any approver.
		pat.json("POST", base+"/review", map[string]any{}, http.StatusOK, &r)
		assert.Equal(t, []domain.Ref{{ID: ann.ID, Name: ann.Name}}, r.Approvers, "kept")
		pat.json("POST", base+"/review", map[string]any{"approvers": []string{}}, http.StatusOK, &r)
		assert.Empty(t, r.Approvers, "any approver")
		bobB.json("POST", base+"/decisions", map[string]any{"decision": "approved", "comment": "Fine"}, http.StatusOK, &r)
		assert.Equal(t, domain.ReviewApproved, r.State)
		refused(annB, base+"/decisions", map[string]any{"decision": "approved"}, http.StatusConflict, "decision")

		// The list carries the review; changing the time within the day keeps it.
		var got domain.Communication
		pat.json("PUT", base, map[string]any{"scheduledDate": "2031-03-04T15:00:00Z"}, http.StatusOK, &got)
		assert.Equal(t, domain.ReviewApproved, got.Review.State)
		pat.json("PUT", base, map[string]any{"title": "Go-live day"}, http.StatusOK, &got)
		assert.Equal(t, domain.ReviewRequested, got.Review.State, "an edit of the title resets the approval")
		assert.Len(t, got.Review.Decisions, 2, "the history of decisions stays")

		// Self-approval.
		annB.json("POST", base+"/review", map[string]any{}, http.StatusOK, nil)
		refused(annB, base+"/decisions", map[string]any{"decision": "approved"}, http.StatusForbidden, "decision")

		var mine []plan.ReviewItem
		bobB.json("GET", "/api/reviews?mine=1", nil, http.StatusOK, &mine)
		require.Len(t, mine, 1)
		assert.Equal(t, c.ID, mine[0].ID)
		annB.json("GET", "/api/reviews?mine=true", nil, http.StatusOK, &mine)
		assert.Empty(t, mine, "ann asked this round")

		var history []domain.Activity
		pat.json("GET", "/api/history/communication/"+c.ID, nil, http.StatusOK, &history)
		var steps []string
		for i := len(history) - 1; i >= 0; i-- {
			if h := history[i]; h.Action != domain.ActionUpdated && h.Action != domain.ActionCreated {
				steps = append(steps, h.Action+" by "+h.ActorName)
			}
		}
		assert.Equal(t, []string{
			"review_requested by Pat Planner", "review_changes_requested by Ann Approver", "commented by Ann Approver",
			"review_requested by Pat Planner", "review_requested by Pat Planner", "review_approved by Bob Approver", "commented by Bob Approver",
			"review_reset by Pat Planner", "review_requested by Ann Approver",
		}, steps)
	})
}

// TestReviewRequiredOverHTTP: with review.required the form's create and
// update, the drag's update and the batch answer 409 with the message and
// store nothing; a campaign's review works the same way. Both backends.
func TestReviewRequiredOverHTTP(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b, Options{Review: review.Policy{Required: true}})
		var theme domain.Theme
		ts.json("POST", "/api/themes", map[string]any{"name": "Change", "description": "d"}, http.StatusCreated, &theme)
		check := func(method, path string, body any, field string) {
			t.Helper()
			resp, out := ts.do(method, path, body)
			require.Equal(t, http.StatusConflict, resp.StatusCode, string(out))
			e := errorBody(t, out)
			assert.Equal(t, plan.MsgNeedsApproval, e.Error)
			assert.Contains(t, e.Fields, field)
		}
		check("POST", "/api/communications", map[string]any{"title": "A", "themeId": theme.ID, "status": "scheduled",
			"scheduledDate": "2031-03-04"}, "status")
		var c domain.Communication
		ts.json("POST", "/api/communications", map[string]any{"title": "A", "themeId": theme.ID}, http.StatusCreated, &c)
		check("PUT", "/api/communications/"+c.ID, map[string]any{"status": "scheduled", "scheduledDate": "2031-03-04"}, "status")
		check("POST", "/api/communications/batch", map[string]any{"communications": []any{
			map[string]any{"title": "B", "themeId": theme.ID, "scheduledDate": "2031-03-05"}}}, "communications[0].status")
		// The import from a campaign: refused as a whole, or brought in as
		// drafts under review when it asks for review.
		var got GeneratedCampaign
		ts.json("POST", "/api/campaigns/generate", map[string]any{"campaignName": "ERP Go-Live", "startDate": "2031-06-02",
			"endDate": "2031-10-31", "campaignTypes": []string{"technology-implementation"}, "goLiveDate": "2031-09-15"}, http.StatusOK, &got)
		var saved domain.Campaign
		ts.json("POST", "/api/campaigns", map[string]any{"title": "ERP Go-Live", "schedule": got.Schedule}, http.StatusCreated, &saved)
		everyone := map[string]string{}
		for _, a := range got.Schedule.Activities {
			everyone[a.Audience] = ""
		}
		first := []string{got.Schedule.Activities[0].ID}
		importPath := "/api/campaigns/" + saved.ID + "/import"
		check("POST", importPath, map[string]any{"themeId": theme.ID, "audienceMap": everyone, "activityIds": first}, "activities[0].status")
		var list []domain.Communication
		ts.json("GET", "/api/communications", nil, http.StatusOK, &list)
		require.Len(t, list, 1)
		assert.Equal(t, domain.StatusDraft, list[0].Status, "nothing half-saved")
		var res plan.ImportResult
		ts.json("POST", importPath, map[string]any{"themeId": theme.ID, "audienceMap": everyone, "activityIds": first,
			"requestReview": map[string]any{}}, http.StatusCreated, &res)
		require.Len(t, res.Created, 1)
		assert.Equal(t, domain.StatusDraft, res.Created[0].Status)
		assert.Equal(t, domain.ReviewRequested, res.Created[0].Review.State)
		var ref Reference
		ts.json("GET", "/api/reference", nil, http.StatusOK, &ref)
		assert.True(t, ref.Review.Required, "the screens learn the setting")
	})
}

// TestApprovedOnlyExportAndFeed: ?approved=1 keeps the approved
// communications in the export and in a feed; a bad value is a 400.
func TestApprovedOnlyExportAndFeed(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		_, ann := ts.personAs("Ann Approver", "approver")
		var theme domain.Theme
		ts.json("POST", "/api/themes", map[string]any{"name": "Change", "description": "d"}, http.StatusCreated, &theme)
		var ok, pending domain.Communication
		ts.json("POST", "/api/communications", map[string]any{"title": "Approved one", "themeId": theme.ID, "status": "scheduled",
			"scheduledDate": "2031-03-04"}, http.StatusCreated, &ok)
		ts.json("POST", "/api/communications", map[string]any{"title": "Pending one", "themeId": theme.ID, "status": "scheduled",
			"scheduledDate": "2031-03-05"}, http.StatusCreated, &pending)
		ts.json("POST", "/api/communications/"+ok.ID+"/review", map[string]any{}, http.StatusOK, nil)
		ann.json("POST", "/api/communications/"+ok.ID+"/decisions", map[string]any{"decision": "approved"}, http.StatusOK, nil)

		_, all := ts.do("GET", "/api/schedule/export?format=json", nil)
		assert.Contains(t, string(all), "Pending one")
		resp, only := ts.do("GET", "/api/schedule/export?format=json&approved=1", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(only))
		assert.Contains(t, string(only), "Approved one")
		assert.NotContains(t, string(only), "Pending one")
		resp, body := ts.do("GET", "/api/schedule/export?format=json&approved=maybe", nil)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
		assert.Contains(t, errorBody(t, body).Fields, "approved")

		var feed CreatedFeed
		ts.json("POST", "/api/calendar-feeds", map[string]any{"name": "Team"}, http.StatusCreated, &feed)
		_, ics := ts.browser().do("GET", feed.URL+"?approved=1", nil)
		assert.Contains(t, string(ics), "Approved one")
		assert.NotContains(t, string(ics), "Pending one")
		_, ics = ts.browser().do("GET", feed.URL, nil)
		assert.Contains(t, string(ics), "Pending one")
	})
}

// TestCommunicationsNeedsMyReview: GET /api/communications?needsReviewBy=me
// lists, for each person, the communications they may decide now, with an
// ETag of their own; another value is a 400 naming the parameter. Both
// backends.
func TestCommunicationsNeedsMyReview(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		_, pat := ts.personAs("Pat Planner", "planner")
		ann, annB := ts.personAs("Ann Approver", "approver")
		bob, bobB := ts.personAs("Bob Approver", "approver")
		var theme domain.Theme
		pat.json("POST", "/api/themes", map[string]any{"name": "Change", "description": "d"}, http.StatusCreated, &theme)
		create := func(title string, approvers ...string) string {
			var c domain.Communication
			pat.json("POST", "/api/communications", map[string]any{"title": title, "themeId": theme.ID}, http.StatusCreated, &c)
			if approvers != nil {
				pat.json("POST", "/api/communications/"+c.ID+"/review", map[string]any{"approvers": approvers}, http.StatusOK, nil)
			}
			return c.ID
		}
		forAnn := create("For Ann", ann.ID)
		forBob := create("For Bob", bob.ID)
		forAny := create("For anyone", []string{}...)
		pat.json("POST", "/api/communications/"+forAny+"/review", map[string]any{}, http.StatusOK, nil)
		create("Not asked")

		list := func(client *testServer, query string) ([]string, string) {
			t.Helper()
			resp, out := client.do("GET", "/api/communications?limit=50&needsReviewBy=me"+query, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
			var rows []domain.Communication
			require.NoError(t, json.Unmarshal(out, &rows))
			ids := []string{}
			for _, c := range rows {
				ids = append(ids, c.ID)
			}
			assert.Equal(t, strconv.Itoa(len(ids)), resp.Header.Get("X-Total-Count"))
			return ids, resp.Header.Get("ETag")
		}
		annIDs, annTag := list(annB, "")
		assert.ElementsMatch(t, []string{forAnn, forAny}, annIDs)
		bobIDs, bobTag := list(bobB, "")
		assert.ElementsMatch(t, []string{forBob, forAny}, bobIDs)
		assert.NotEqual(t, annTag, bobTag, "each person's list has its own ETag")
		patIDs, _ := list(pat, "")
		assert.Empty(t, patIDs, "a planner decides nothing")
		sorted, _ := list(annB, "&sort=title&q=ann")
		assert.Equal(t, []string{forAnn}, sorted, "combines with the other filters")

		// A decision takes the item off the approver's list.
		annB.json("POST", "/api/communications/"+forAny+"/decisions", map[string]any{"decision": "approved"}, http.StatusOK, nil)
		annIDs, _ = list(annB, "")
		assert.Equal(t, []string{forAnn}, annIDs)

		resp, out := annB.do("GET", "/api/communications?needsReviewBy=you", nil)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(out))
		assert.Contains(t, errorBody(t, out).Fields, "needsReviewBy", string(out))
	})
}

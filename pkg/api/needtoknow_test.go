package api

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/sqlstore"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// canaryWord is the one word only the confidential campaign, its
// activities, its imported communications and its comments hold.
const canaryWord = "Zephyrcanary"

// documentedGETs are the GET routes of docs/openapi.yaml, sorted.
func documentedGETs(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "openapi.yaml"))
	require.NoError(t, err)
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	var out []string
	for path, ops := range doc.Paths {
		if _, ok := ops["get"]; ok {
			out = append(out, path)
		}
	}
	sort.Strings(out)
	return out
}

// canaryPlan is what the sweep reads: a confidential campaign whose every
// text holds canaryWord, imported into the Schedule, commented on, under
// review; and the people who look at it.
type canaryPlan struct {
	campaign, comm, ownComm, commentOn, comment string
	commTitle, commLabel                        string
	from, to                                    string
	insiderFeed, outsiderFeed, sharedFeed       string
	insider, outsider, viewer, shared, admin    *testServer
	insiderID                                   string
}

// newCanaryPlan builds the canary plan on ts (whose session is the shared
// identity, a planner).
func newCanaryPlan(t *testing.T, ts *testServer) *canaryPlan {
	t.Helper()
	cp := &canaryPlan{shared: ts}
	var ines domain.Person
	ines, cp.insider = ts.personAs("Ines Insider", "approver")
	cp.insiderID = ines.ID
	_, cp.outsider = ts.personAs("Otto Outsider", "planner")
	_, cp.viewer = ts.personAs("Vera Viewer", "viewer")
	_, cp.admin = ts.personAs("Ada Admin", "admin")

	// Public records, so that every list has something to show.
	var theme domain.Theme
	ts.json("POST", "/api/themes", map[string]any{"name": "Integration", "description": "d"}, http.StatusCreated, &theme)
	var aud domain.Audience
	ts.json("POST", "/api/audiences", map[string]any{"name": "Executives", "description": "d"}, http.StatusCreated, &aud)
	ts.json("POST", "/api/communications", map[string]any{"title": "All hands", "themeId": theme.ID, "status": "scheduled",
		"scheduledDate": "2031-03-04"}, http.StatusCreated, nil)

	// The canary: a pre-acquisition campaign (its labels make it
	// confidential), every activity's title and description holding the word.
	sched, _ := generated(t, campaignConfig(t, "ma-integration-pre-acquisition"))
	labels := map[string]string{}
	for i := range sched.Activities {
		sched.Activities[i].Title += " " + canaryWord
		sched.Activities[i].Description += " (" + canaryWord + ")"
		labels[sched.Activities[i].Audience] = aud.ID
	}
	cp.from, cp.to = sched.StartDate, sched.EndDate
	var camp domain.Campaign
	cp.insider.json("POST", "/api/campaigns", map[string]any{"title": "Project " + canaryWord, "description": canaryWord + " acquisition",
		"schedule": sched}, http.StatusCreated, &camp)
	require.True(t, camp.Confidential)
	cp.campaign = camp.ID
	var imported struct {
		Created []domain.Communication `json:"created"`
	}
	cp.insider.json("POST", "/api/campaigns/"+camp.ID+"/import", map[string]any{"themeId": theme.ID, "audienceMap": labels},
		http.StatusCreated, &imported)
	require.NotEmpty(t, imported.Created)
	cp.comm, cp.commTitle, cp.commLabel = imported.Created[0].ID, imported.Created[0].Title, imported.Created[0].Confidentiality
	require.NotEmpty(t, cp.commLabel, "the import keeps the activity's label")
	for _, c := range imported.Created {
		require.True(t, c.Confidential, c.Title)
	}
	var own domain.Communication
	cp.insider.json("POST", "/api/communications", map[string]any{"title": "Deal memo " + canaryWord, "themeId": theme.ID,
		"status": "scheduled", "scheduledDate": cp.from, "confidentiality": "Strictly Confidential"}, http.StatusCreated, &own)
	require.True(t, own.Confidential)
	cp.ownComm = own.ID
	// Comments; a mention of an admin (who sees every confidential item) is
	// let through, one of a person who may not see it refused.
	var note domain.Comment
	cp.insider.json("POST", "/api/campaigns/"+camp.ID+"/comments", map[string]any{"text": `@"Ada Admin" due diligence on ` + canaryWord},
		http.StatusCreated, &note)
	cp.commentOn, cp.comment = "campaigns/"+camp.ID, note.ID
	cp.insider.json("POST", "/api/communications/"+cp.comm+"/comments", map[string]any{"text": "Pension liability at " + canaryWord},
		http.StatusCreated, nil)
	cp.insider.fieldError("POST", "/api/campaigns/"+camp.ID+"/comments", map[string]any{"text": `@"Otto Outsider" look at ` + canaryWord}, "text")
	// The library is everyone's: a confidential text does not go there.
	cp.insider.fieldError("POST", "/api/communications/"+cp.comm+"/save-to-library", map[string]any{"title": "Deal " + canaryWord,
		"content": canaryWord}, "confidential")
	cp.insider.json("POST", "/api/campaigns/"+camp.ID+"/review", map[string]any{"approvers": []string{}, "dueDate": "2031-03-01"},
		http.StatusOK, nil)

	feed := func(b *testServer, body map[string]any) string {
		var created CreatedFeed
		b.json("POST", "/api/calendar-feeds", body, http.StatusCreated, &created)
		return created.URL
	}
	cp.insiderFeed = feed(cp.insider, map[string]any{"name": "Deal team", "includeCampaignActivities": true, "includeConfidential": true})
	cp.outsiderFeed = feed(cp.outsider, map[string]any{"name": "Otto", "includeCampaignActivities": true})
	cp.sharedFeed = feed(ts, map[string]any{"name": "Team", "includeCampaignActivities": true})
	return cp
}

// sweepURLs are the requests the sweep makes of each documented GET route,
// for a reader whose own feed is feed: its ids and query parameters filled
// in, the list routes with the filters that reach the canary. A route
// missing here fails the sweep.
func (cp *canaryPlan) sweepURLs(feed string) map[string][]string {
	q := url.QueryEscape(canaryWord)
	rng := "from=" + cp.from + "&to=" + cp.to
	exports := []string{}
	for _, f := range []string{"csv", "ics", "json"} {
		exports = append(exports, "/api/schedule/export?format="+f+"&includeCampaigns=true&includeConfidential=true",
			"/api/schedule/export?format="+f+"&includeCampaigns=true&"+rng)
	}
	return map[string][]string{
		"/api/health":                         {"/api/health"},
		"/api/ready":                          {"/api/ready"},
		"/api/session":                        {"/api/session"},
		"/api/session/sessions":               {"/api/session/sessions"},
		"/api/auth/providers":                 {"/api/auth/providers"},
		"/api/auth/oidc/login":                {"/api/auth/oidc/login"},
		"/api/auth/oidc/callback":             {"/api/auth/oidc/callback?code=x&state=y"},
		"/api/themes":                         {"/api/themes", "/api/themes?limit=5"},
		"/api/themes/{id}":                    {"/api/themes/" + cp.campaign},
		"/api/questions":                      {"/api/questions", "/api/questions?q=" + q},
		"/api/questions/{id}":                 {"/api/questions/" + cp.comm},
		"/api/content":                        {"/api/content", "/api/content?q=" + q},
		"/api/content/{id}":                   {"/api/content/" + cp.comm},
		"/api/audiences":                      {"/api/audiences"},
		"/api/audiences/{id}":                 {"/api/audiences/" + cp.comm},
		"/api/audiences/{id}/members":         {"/api/audiences/" + cp.comm + "/members"},
		"/api/directory":                      {"/api/directory", "/api/directory?q=" + q},
		"/api/directory/{id}":                 {"/api/directory/" + cp.comm},
		"/api/directory/facets":               {"/api/directory/facets"},
		"/api/vehicles":                       {"/api/vehicles"},
		"/api/vehicles/{id}":                  {"/api/vehicles/" + cp.comm},
		"/api/communications":                 {"/api/communications", "/api/communications?q=" + q, "/api/communications?" + rng, "/api/communications?limit=2", "/api/communications?needsReviewBy=me", "/api/communications?sort=title&status=scheduled"},
		"/api/communications/{id}":            {"/api/communications/" + cp.comm, "/api/communications/" + cp.ownComm},
		"/api/communications/{id}/deliveries": {"/api/communications/" + cp.comm + "/deliveries", "/api/communications/" + cp.ownComm + "/deliveries"},
		"/api/reviews":                        {"/api/reviews", "/api/reviews?mine=true"},
		"/api/approvers":                      {"/api/approvers"},
		"/api/mentionable":                    {"/api/mentionable"},
		"/api/newsletter-templates":           {"/api/newsletter-templates"},
		"/api/newsletter-templates/{id}":      {"/api/newsletter-templates/" + cp.comm},
		"/api/activity":                       {"/api/activity", "/api/activity?limit=200"},
		"/api/dashboard":                      {"/api/dashboard", "/api/dashboard?tz=Europe/Berlin"},
		"/api/search":                         {"/api/search?q=" + q, "/api/search?q=" + q + "&limit=50", "/api/search?q=Project"},
		"/api/job-titles":                     {"/api/job-titles?q=a"},
		"/api/reference":                      {"/api/reference"},
		"/api/campaigns":                      {"/api/campaigns", "/api/campaigns?fields=summary", "/api/campaigns?limit=1"},
		"/api/campaigns/{id}":                 {"/api/campaigns/" + cp.campaign},
		"/api/campaigns/{id}/export": {"/api/campaigns/" + cp.campaign + "/export?format=html", "/api/campaigns/" + cp.campaign + "/export?format=csv",
			"/api/campaigns/" + cp.campaign + "/export?format=ics", "/api/campaigns/" + cp.campaign + "/export?format=json"},
		"/api/checklist-templates":      {"/api/checklist-templates"},
		"/api/checklist-templates/{id}": {"/api/checklist-templates/" + cp.comm},
		"/api/checklist":                {"/api/checklist"},
		"/api/checklist/history":        {"/api/checklist/history"},
		"/api/blackouts":                {"/api/blackouts"},
		"/api/blackouts/{id}":           {"/api/blackouts/" + cp.comm},
		"/api/schedule/warnings":        {"/api/schedule/warnings?" + rng, "/api/schedule/warnings"},
		// No backup is made here: an archive holds every record, and who
		// may take one is the backups' own rule (admins only).
		"/api/backups":                      {"/api/backups"},
		"/api/backups/{name}":               {"/api/backups/none.zip"},
		"/api/audit":                        {"/api/audit", "/api/audit?entity=campaign&entityId=" + cp.campaign, "/api/audit?limit=500"},
		"/api/history/{entity}/{id}":        {"/api/history/campaign/" + cp.campaign, "/api/history/communication/" + cp.comm},
		"/api/people":                       {"/api/people"},
		"/api/people/{id}/sessions":         {"/api/people/" + cp.insiderID + "/sessions"},
		"/api/communications/{id}/comments": {"/api/communications/" + cp.comm + "/comments"},
		"/api/campaigns/{id}/insiders":      {"/api/campaigns/" + cp.campaign + "/insiders"},
		"/api/communications/{id}/insiders": {"/api/communications/" + cp.comm + "/insiders", "/api/communications/" + cp.ownComm + "/insiders"},
		"/api/campaigns/{id}/comments":      {"/api/campaigns/" + cp.campaign + "/comments"},
		"/api/inbox":                        {"/api/inbox"},
		"/api/calendar-feeds":               {"/api/calendar-feeds"},
		"/api/calendar/{token}.ics":         {feed, feed + "?approved=1"},
		"/api/schedule/export":              exports,
	}
}

// get answers a GET's status, headers and body as one text to search.
func (ts *testServer) swept(path string) (int, string) {
	resp, body := ts.do("GET", path, nil)
	var all strings.Builder
	for k, vs := range resp.Header {
		fmt.Fprintf(&all, "%s: %s\n", k, strings.Join(vs, ", "))
	}
	all.Write(body)
	return resp.StatusCode, all.String()
}

// TestNeedToKnowSweep is the need-to-know promise over the whole API: with
// a confidential campaign whose every text holds a canary word (its title,
// description, activities, imported communications and comments), every
// GET operation of docs/openapi.yaml is called as a viewer, a planner who
// is not an insider and the shared identity, on both backends, and no
// body, header or download holds the word; the insider finds it where it
// is expected. A GET route docs/openapi.yaml describes that the sweep does
// not call fails it, and a route whose filter breaks is named.
func TestNeedToKnowSweep(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cp := newCanaryPlan(t, ts)

		routes := documentedGETs(t)
		urls := cp.sweepURLs(cp.outsiderFeed)
		for _, r := range routes {
			assert.NotEmpty(t, urls[r], "GET %s is in docs/openapi.yaml but the need-to-know sweep does not call it: add it to sweepURLs", r)
		}
		for r := range urls {
			assert.True(t, slices.Contains(routes, r), "sweepURLs names %s, which docs/openapi.yaml does not describe", r)
		}
		// The insider reads everything first: a cached answer of theirs
		// must never be served to the readers after them.
		for _, paths := range cp.sweepURLs(cp.insiderFeed) {
			for _, path := range paths {
				status, text := cp.insider.swept(path)
				assert.Less(t, status, 500, "GET %s as the insider: %s", path, text)
			}
		}
		calls := 0
		for _, reader := range []struct {
			name string
			ts   *testServer
			feed string
		}{{"viewer", cp.viewer, cp.outsiderFeed}, {"planner who is no insider", cp.outsider, cp.outsiderFeed}, {"shared identity", cp.shared, cp.sharedFeed}} {
			for route, paths := range cp.sweepURLs(reader.feed) {
				for _, path := range paths {
					status, text := reader.ts.swept(path)
					calls++
					assert.Less(t, status, 500, "GET %s as %s: %s", path, reader.name, text)
					assert.NotContains(t, text, canaryWord, "GET %s (%s) as %s shows the confidential campaign", route, path, reader.name)
				}
			}
		}
		t.Logf("%s: %d GET routes swept, %d requests as three readers", b.Name, len(routes), calls)

		// The insider, and the admin, find it where it is.
		for _, path := range []string{"/api/campaigns", "/api/campaigns?fields=summary", "/api/campaigns/" + cp.campaign,
			"/api/communications", "/api/communications?q=" + canaryWord, "/api/communications/" + cp.comm, "/api/communications/" + cp.ownComm,
			"/api/search?q=" + canaryWord, "/api/activity", "/api/reviews", "/api/campaigns/" + cp.campaign + "/comments",
			"/api/communications/" + cp.comm + "/comments", "/api/campaigns/" + cp.campaign + "/export?format=csv",
			"/api/schedule/export?format=csv&includeCampaigns=true&includeConfidential=true", "/api/history/campaign/" + cp.campaign,
			cp.insiderFeed} {
			status, text := cp.insider.swept(path)
			assert.Equal(t, http.StatusOK, status, "GET %s as the insider", path)
			assert.Contains(t, text, canaryWord, "GET %s as the insider", path)
		}
		for _, path := range []string{"/api/campaigns/" + cp.campaign, "/api/communications/" + cp.ownComm, "/api/audit"} {
			_, text := cp.admin.swept(path)
			assert.Contains(t, text, canaryWord, "GET %s as an admin", path)
		}
		// The inbox keeps no title or text of a confidential item, even for
		// those who may see it: the mention of the admin and the review
		// request are there, as links.
		var inbox plan.InboxPage
		cp.admin.json("GET", "/api/inbox", nil, http.StatusOK, &inbox)
		kinds := map[string]bool{}
		for _, e := range inbox.Entries {
			if e.EntityID == cp.campaign {
				kinds[e.Kind] = true
				assert.Equal(t, domain.ConfidentialLabel, e.Title, e.Kind)
				assert.Empty(t, e.Excerpt, e.Kind)
			}
		}
		assert.Equal(t, map[string]bool{domain.InboxMention: true, domain.InboxReviewRequested: true}, kinds,
			"the admin was mentioned and asked for a review")
		_, text := cp.admin.swept("/api/inbox")
		assert.NotContains(t, text, canaryWord, "GET /api/inbox as an admin")
		// The insider's exports mark the imported communications: the
		// Confidentiality column of the CSV, CLASS:CONFIDENTIAL in the ICS.
		_, csv := cp.insider.swept("/api/schedule/export?format=csv&includeConfidential=true")
		row := ""
		for _, line := range strings.Split(csv, "\r\n") {
			if strings.Contains(line, cp.commTitle) {
				row = line
			}
		}
		assert.True(t, strings.HasSuffix(row, ","+cp.commLabel), "the communication's row ends with its label: %q", row)
		_, ics := cp.insider.swept("/api/schedule/export?format=ics&includeConfidential=true")
		assert.Contains(t, ics, "CLASS:CONFIDENTIAL")
		// Without includeConfidential, the insider's export leaves them out.
		_, csv = cp.insider.swept("/api/schedule/export?format=csv")
		assert.NotContains(t, csv, canaryWord)
		// A warning counts what the reader may not see, without naming it.
		_, text = cp.outsider.swept("/api/schedule/warnings?from=" + cp.from + "&to=" + cp.to)
		assert.Contains(t, text, "further activit", "the hidden imported activities count in the warnings")
		// Hidden by id is 404, as if it did not exist.
		for _, path := range []string{"/api/campaigns/" + cp.campaign, "/api/communications/" + cp.comm, "/api/campaigns/" + cp.campaign + "/comments",
			"/api/campaigns/" + cp.campaign + "/export?format=csv", "/api/campaigns/" + cp.campaign + "/insiders"} {
			status, _ := cp.outsider.swept(path)
			assert.Equal(t, http.StatusNotFound, status, "GET %s as a planner who is no insider", path)
		}
		// The audit keeps the entries, titled "Confidential item".
		_, text = ts.personAsText(t, "Abe Approver", "approver", "/api/audit?entity=campaign&entityId="+cp.campaign)
		assert.Contains(t, text, domain.ConfidentialLabel)
		assert.NotContains(t, text, canaryWord)
	})
}

// personAsText adds a person with role and answers what they read at path.
func (ts *testServer) personAsText(t *testing.T, name, role, path string) (int, string) {
	t.Helper()
	_, b := ts.personAs(name, role)
	return b.swept(path)
}

// TestFeedFollowsItsOwnersInsight: a feed includes confidential items only
// while its owner is their insider; removed, the very next fetch has none,
// and added back it has them again (the ETag follows, so no 304 serves the
// old body).
func TestFeedFollowsItsOwnersInsight(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cp := newCanaryPlan(t, ts)
		resp, body := cp.insider.do("GET", cp.insiderFeed, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Contains(t, string(body), canaryWord)
		assert.Contains(t, string(body), "CLASS:CONFIDENTIAL")
		etag := resp.Header.Get("ETag")

		cp.admin.json("DELETE", "/api/campaigns/"+cp.campaign+"/insiders/"+cp.insiderID, nil, http.StatusOK, nil)
		resp, body = ts.browser().doWith("GET", cp.insiderFeed, nil, http.Header{"If-None-Match": {etag}})
		require.Equal(t, http.StatusOK, resp.StatusCode, "the old ETag no longer matches")
		assert.NotContains(t, string(body), cp.commTitle)
		assert.NotContains(t, string(body), "Project "+canaryWord)
		assert.Contains(t, string(body), "Deal memo", "its own labelled communication stays")

		// Added back by name, as a screen names people.
		cp.admin.fieldError("POST", "/api/campaigns/"+cp.campaign+"/insiders", map[string]any{"name": "Nobody"}, "name")
		var insiders []domain.Insider
		cp.admin.json("POST", "/api/campaigns/"+cp.campaign+"/insiders", map[string]any{"name": " ines INSIDER "}, http.StatusOK, &insiders)
		require.Len(t, insiders, 1)
		assert.Equal(t, cp.insiderID, insiders[0].PersonID)
		_, body = ts.browser().do("GET", cp.insiderFeed, nil)
		assert.Contains(t, string(body), canaryWord)
	})
}

// TestViewKeyCostsNoQuery: keying the cache by what a person may see
// costs a cached read no query of its own: the insiders' version comes
// from the request's one read of the versions, and the person's scopes are
// read again only after an insider changed.
func TestViewKeyCostsNoQuery(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cp := newCanaryPlan(t, ts)
		var versions, scopes atomic.Int64
		ts.Store.(*sqlstore.Store).SetTrace(func(q string) {
			if strings.Contains(q, "FROM data_versions") {
				versions.Add(1)
			}
			if strings.Contains(q, "FROM insiders WHERE person_id") {
				scopes.Add(1)
			}
		})
		count := func(path string) (int64, int64) {
			versions.Store(0)
			scopes.Store(0)
			resp, body := cp.insider.do("GET", path, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			return versions.Load(), scopes.Load()
		}
		for _, path := range []string{"/api/themes", "/api/campaigns", "/api/communications"} {
			count(path) // built and keyed
			v, s := count(path)
			assert.LessOrEqual(t, v, int64(1), "%s: one read of the versions at most", path)
			assert.Zero(t, s, "%s: the insider's scopes are remembered", path)
		}
		cp.admin.json("POST", "/api/campaigns/"+cp.campaign+"/insiders", map[string]any{"personId": cp.insiderID}, http.StatusOK, nil)
		cp.admin.json("DELETE", "/api/communications/"+cp.ownComm+"/insiders/"+cp.insiderID, nil, http.StatusOK, nil)
		_, s := count("/api/themes")
		assert.Equal(t, int64(1), s, "an insider change reads the scopes again")
		resp, _ := cp.insider.do("GET", "/api/communications/"+cp.ownComm, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "removed, the insider no longer sees it")
	})
}

// TestHiddenSourceCampaignRefused: a communication naming as its source a
// confidential campaign its author may not see is refused as one naming a
// campaign that does not exist, word for word, in a batch, a create and an
// update; the insider's is created. Both backends.
func TestHiddenSourceCampaignRefused(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cp := newCanaryPlan(t, ts)
		batch := func(campaignID string) map[string]any {
			return map[string]any{"communications": []any{map[string]any{"title": "Follow-up", "status": "draft",
				"sourceCampaignId": campaignID, "sourceActivityId": "a-new"}}}
		}
		for _, who := range []*testServer{cp.outsider, cp.viewer, cp.shared} {
			var before []domain.Communication
			who.json("GET", "/api/communications", nil, http.StatusOK, &before)
			resp, hidden := who.do("POST", "/api/communications/batch", batch(cp.campaign))
			if resp.StatusCode == http.StatusForbidden {
				continue // a viewer may not write at all
			}
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode, string(hidden))
			assert.Contains(t, errorBody(t, hidden).Fields, "communications[0].sourceCampaignId")
			_, missing := who.do("POST", "/api/communications/batch", batch(missingID))
			assert.Equal(t, string(missing), string(hidden), "the same answer as for a campaign that does not exist")
			who.fieldError("POST", "/api/communications", map[string]any{"title": "Follow-up", "sourceCampaignId": cp.campaign}, "sourceCampaignId")
			var own domain.Communication
			who.json("POST", "/api/communications", map[string]any{"title": "Mine"}, http.StatusCreated, &own)
			who.fieldError("PUT", "/api/communications/"+own.ID, map[string]any{"sourceCampaignId": cp.campaign}, "sourceCampaignId")
			var after []domain.Communication
			who.json("GET", "/api/communications", nil, http.StatusOK, &after)
			assert.Len(t, after, len(before)+1, "only the plain one was created")
		}
		var created []domain.Communication
		cp.insider.json("POST", "/api/communications/batch", batch(cp.campaign), http.StatusCreated, &created)
		require.Len(t, created, 1)
		assert.True(t, created[0].Confidential, "it takes the campaign's scope")
	})
}

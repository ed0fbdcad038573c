package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// Run runs the conformance suite; newStore must return a fresh, empty store
// for each subtest.
func Run(t *testing.T, newStore func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"Themes", testThemes},
		{"Questions", testQuestions},
		{"Reorder", testReorder},
		{"Content", testContent},
		{"Cascades", testCascades},
		{"Audiences", testAudiences},
		{"Vehicles", testVehicles},
		{"Communications", testCommunications},
		{"CommunicationsBatch", testCommunicationsBatch},
		{"EachCommunication", testEachCommunication},
		{"EachCampaign", testEachCampaign},
		{"ListReviewed", testListReviewed},
		{"VehicleCounts", testVehicleCounts},
		{"Blackouts", testBlackouts},
		{"BlackoutsFollowAudiences", testBlackoutsFollowAudiences},
		{"Activity", testActivity},
		{"Campaigns", testCampaigns},
		{"CampaignSummaries", testCampaignSummaries},
		{"CampaignPage", testCampaignPage},
		{"ContentPage", testContentPage},
		{"ChecklistTemplates", testChecklistTemplates},
		{"WorkingChecklist", testWorkingChecklist},
		{"Search", testSearch},
		{"SearchFollowsWrites", testSearchFollowsWrites},
		{"SearchPastTheProbe", testSearchPastTheProbe},
		{"Transactions", testTransactions},
		{"NotFound", testNotFound},
		{"ConcurrentCreates", testConcurrentCreates},
		{"CalendarFeeds", testCalendarFeeds},
		{"NewsletterTemplates", testNewsletterTemplates},
		{"DataVersions", testDataVersions},
		{"DataVersionsConcurrent", testDataVersionsConcurrent},
		{"FilterVersions", testFilterVersions},
		{"QuestionVersions", testQuestionVersions},
		{"SessionRevocations", testSessionRevocations},
		{"AccessCodesHash", testAccessCodesHash},
		{"Deadlines", testDeadlines},
		{"NeedToKnow", testNeedToKnow},
		{"Directory", testDirectory},
		{"DirectoryMembers", testDirectoryMembers},
		{"SCIMToken", testSCIMToken},
		{"Deliveries", testDeliveries},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

var ctx = context.Background()

func mkTheme(t *testing.T, s store.Store, name string) domain.Theme {
	t.Helper()
	th := domain.Theme{Name: name, Description: name + " description", Icon: "fa-tag", Color: "blue"}
	require.NoError(t, s.CreateTheme(ctx, &th))
	return th
}

func mkQuestion(t *testing.T, s store.Store, themeID, text string, order int) domain.Question {
	t.Helper()
	q := domain.Question{ThemeID: themeID, Question: text, SortOrder: order}
	require.NoError(t, s.CreateQuestion(ctx, &q))
	return q
}

func mkContent(t *testing.T, s store.Store, title string, questionIDs ...string) domain.Content {
	t.Helper()
	c := domain.Content{Title: title, Content: title + " body\nline two", Type: domain.ContentText, QuestionIDs: questionIDs}
	require.NoError(t, s.CreateContent(ctx, &c))
	return c
}

func testThemes(t *testing.T, s store.Store) {
	a := mkTheme(t, s, "Why ERP")
	require.NotEmpty(t, a.ID)
	require.False(t, a.CreatedAt.IsZero())
	b := mkTheme(t, s, "Training")
	q := mkQuestion(t, s, a.ID, "What changes?", 1)
	q2 := mkQuestion(t, s, a.ID, "When?", 2)
	// Linked to two questions of one theme, it counts once for the theme.
	mkContent(t, s, "Overview", q.ID, q2.ID)

	list, err := s.ListThemes(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, a.ID, list[0].ID)
	assert.Equal(t, 2, list[0].QuestionCount)
	assert.Equal(t, 1, list[0].ContentCount)
	assert.Equal(t, 0, list[1].QuestionCount)

	// One theme is read with the counts computed per row, the list set-wise
	// (themeByID and themeSelect in sqlstore): they must agree.
	for _, want := range list {
		got, err := s.GetTheme(ctx, want.ID)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	got, err := s.GetTheme(ctx, a.ID)
	require.NoError(t, err)
	assert.Equal(t, "Why ERP", got.Name)
	assert.True(t, a.CreatedAt.Equal(got.CreatedAt), "createdAt round-trips: %v vs %v", a.CreatedAt, got.CreatedAt)

	b.Name, b.Color = "Training plan", "green"
	require.NoError(t, s.UpdateTheme(ctx, &b))
	got, err = s.GetTheme(ctx, b.ID)
	require.NoError(t, err)
	assert.Equal(t, "Training plan", got.Name)
	assert.Equal(t, "green", got.Color)

	require.NoError(t, s.DeleteTheme(ctx, b.ID))
	_, err = s.GetTheme(ctx, b.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

func testQuestions(t *testing.T, s store.Store) {
	a, b := mkTheme(t, s, "A"), mkTheme(t, s, "B")
	q2 := mkQuestion(t, s, a.ID, "second", 2)
	q1 := mkQuestion(t, s, a.ID, "first", 1)
	qb := mkQuestion(t, s, b.ID, "other", 0)
	mkContent(t, s, "c1", q1.ID)
	mkContent(t, s, "c2", q1.ID, q2.ID)

	all, err := s.ListQuestions(ctx, store.QuestionFilter{})
	require.NoError(t, err)
	assert.Len(t, all, 3)
	// The whole list counts set-wise, one question and one theme's per row.
	for _, want := range all {
		got, err := s.GetQuestion(ctx, want.ID)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}

	onlyA, err := s.ListQuestions(ctx, store.QuestionFilter{ThemeID: a.ID})
	require.NoError(t, err)
	require.Len(t, onlyA, 2)
	assert.Equal(t, []string{q1.ID, q2.ID}, []string{onlyA[0].ID, onlyA[1].ID}, "ordered by sortOrder")
	assert.Equal(t, 2, onlyA[0].ContentCount)
	assert.Equal(t, 1, onlyA[1].ContentCount)

	// Q searches the text and the description, ignoring case, LIKE's
	// wildcards taken as they are; with ThemeID, within that theme.
	ids := func(f store.QuestionFilter) []string {
		qs, err := s.ListQuestions(ctx, f)
		require.NoError(t, err)
		out := []string{}
		for _, q := range qs {
			out = append(out, q.ID)
			if q.ID == q1.ID {
				assert.Equal(t, 2, q.ContentCount, "a search counts content too")
			}
		}
		return out
	}
	assert.Equal(t, []string{q1.ID}, ids(store.QuestionFilter{Q: "FIRS"}))
	assert.ElementsMatch(t, []string{q2.ID, qb.ID}, ids(store.QuestionFilter{Q: "o"}))
	assert.Equal(t, []string{q2.ID}, ids(store.QuestionFilter{Q: "o", ThemeID: a.ID}))
	assert.Empty(t, ids(store.QuestionFilter{Q: "%"}))
	qb.Description = "Ask 100% of the Team"
	require.NoError(t, s.UpdateQuestion(ctx, &qb))
	assert.Equal(t, []string{qb.ID}, ids(store.QuestionFilter{Q: "0% OF THE team"}))

	q1.Question, q1.Description = "first, reworded", "why it matters"
	require.NoError(t, s.UpdateQuestion(ctx, &q1))
	got, err := s.GetQuestion(ctx, q1.ID)
	require.NoError(t, err)
	assert.Equal(t, "first, reworded", got.Question)
	assert.Equal(t, "why it matters", got.Description)
	assert.Equal(t, 2, got.ContentCount)

	bad := domain.Question{ThemeID: "00000000-0000-0000-0000-000000000000", Question: "orphan"}
	err = s.CreateQuestion(ctx, &bad)
	assert.ErrorIs(t, err, store.ErrInvalidReference)
	var ref *store.ReferenceError
	require.ErrorAs(t, err, &ref)
	assert.Equal(t, "themeId", ref.Field)

	qb.ThemeID = "missing"
	assert.ErrorIs(t, s.UpdateQuestion(ctx, &qb), store.ErrInvalidReference)

	require.NoError(t, s.DeleteQuestion(ctx, q2.ID))
	_, err = s.GetQuestion(ctx, q2.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

func testReorder(t *testing.T, s store.Store) {
	a, b := mkTheme(t, s, "A"), mkTheme(t, s, "B")
	q1 := mkQuestion(t, s, a.ID, "one", 1)
	q2 := mkQuestion(t, s, a.ID, "two", 2)
	q3 := mkQuestion(t, s, a.ID, "three", 3)
	foreign := mkQuestion(t, s, b.ID, "foreign", 1)

	require.NoError(t, s.ReorderQuestions(ctx, a.ID, []domain.QuestionOrder{{ID: q3.ID, SortOrder: 1}, {ID: q1.ID, SortOrder: 2}, {ID: q2.ID, SortOrder: 3}}))
	order := func() []string {
		qs, err := s.ListQuestions(ctx, store.QuestionFilter{ThemeID: a.ID})
		require.NoError(t, err)
		ids := []string{}
		for _, q := range qs {
			ids = append(ids, q.ID)
		}
		return ids
	}
	assert.Equal(t, []string{q3.ID, q1.ID, q2.ID}, order())

	// One question of another theme: nothing changes.
	err := s.ReorderQuestions(ctx, a.ID, []domain.QuestionOrder{{ID: q1.ID, SortOrder: 1}, {ID: q2.ID, SortOrder: 2}, {ID: foreign.ID, SortOrder: 3}})
	assert.ErrorIs(t, err, store.ErrInvalidReference)
	assert.Equal(t, []string{q3.ID, q1.ID, q2.ID}, order())
	got, err := s.GetQuestion(ctx, foreign.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, got.SortOrder)

	// An unknown id: nothing changes either.
	err = s.ReorderQuestions(ctx, a.ID, []domain.QuestionOrder{{ID: q2.ID, SortOrder: 1}, {ID: "nope", SortOrder: 2}})
	assert.ErrorIs(t, err, store.ErrInvalidReference)
	assert.Equal(t, []string{q3.ID, q1.ID, q2.ID}, order())

	assert.ErrorIs(t, s.ReorderQuestions(ctx, "missing-theme", nil), store.ErrNotFound)
}

func testContent(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "T")
	q1, q2 := mkQuestion(t, s, th.ID, "q1", 1), mkQuestion(t, s, th.ID, "q2", 2)
	c := domain.Content{Title: "Memo", Description: "d", Content: "Hello\nWorld", Type: domain.ContentDocument,
		URL: "https://intranet.example/memo", VehicleType: "email", SourceData: json.RawMessage(`{"from":"wizard"}`),
		QuestionIDs: []string{q1.ID, q1.ID}}
	require.NoError(t, s.CreateContent(ctx, &c))
	assert.Equal(t, []string{q1.ID}, c.QuestionIDs, "duplicate links count once")

	got, err := s.GetContent(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, "Hello\nWorld", got.Content)
	assert.JSONEq(t, `{"from":"wizard"}`, string(got.SourceData))
	assert.Equal(t, "https://intranet.example/memo", got.URL)

	// nil QuestionIDs keeps the links; a non-nil list replaces them.
	got.QuestionIDs = nil
	got.Title = "Memo v2"
	require.NoError(t, s.UpdateContent(ctx, &got))
	assert.Equal(t, []string{q1.ID}, got.QuestionIDs)
	got.QuestionIDs = []string{q2.ID}
	require.NoError(t, s.UpdateContent(ctx, &got))
	assert.Equal(t, []string{q2.ID}, got.QuestionIDs)

	// A dangling link fails the whole update.
	got.QuestionIDs = []string{q1.ID, "missing"}
	got.Title = "should not stick"
	err = s.UpdateContent(ctx, &got)
	assert.ErrorIs(t, err, store.ErrInvalidReference)
	after, err := s.GetContent(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, "Memo v2", after.Title)
	assert.Equal(t, []string{q2.ID}, after.QuestionIDs)

	bad := domain.Content{Title: "x", Content: "x", Type: "text", QuestionIDs: []string{"missing"}}
	assert.ErrorIs(t, s.CreateContent(ctx, &bad), store.ErrInvalidReference)

	mkContent(t, s, "Second")
	list, err := s.ListContent(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2, "the failed create left nothing behind")
	byTitle := map[string]domain.Content{}
	for _, c := range list {
		byTitle[c.Title] = c
	}
	assert.Equal(t, []string{q2.ID}, byTitle["Memo v2"].QuestionIDs)
	assert.Equal(t, []string{}, byTitle["Second"].QuestionIDs)

	require.NoError(t, s.DeleteContent(ctx, c.ID))
	qs, err := s.ListQuestions(ctx, store.QuestionFilter{})
	require.NoError(t, err)
	for _, q := range qs {
		assert.Equal(t, 0, q.ContentCount, "links go with the content")
	}
}

func testCascades(t *testing.T, s store.Store) {
	th, keep := mkTheme(t, s, "Doomed"), mkTheme(t, s, "Kept")
	q := mkQuestion(t, s, th.ID, "q", 1)
	kq := mkQuestion(t, s, keep.ID, "kept q", 1)
	c := mkContent(t, s, "shared", q.ID, kq.ID)
	aud := domain.Audience{Name: "SFB - California", TargetingScope: "organization", AudienceType: "general"}
	require.NoError(t, s.CreateAudience(ctx, &aud))
	veh := domain.Vehicle{Name: "Email", Type: "email", CommunicationStrategy: "universal"}
	require.NoError(t, s.CreateVehicle(ctx, &veh))
	comm := domain.Communication{Title: "Kickoff", ThemeID: th.ID, AudienceID: aud.ID, VehicleID: veh.ID, Status: domain.StatusDraft}
	require.NoError(t, s.CreateCommunication(ctx, &comm))

	require.NoError(t, s.DeleteTheme(ctx, th.ID))
	_, err := s.GetQuestion(ctx, q.ID)
	assert.ErrorIs(t, err, store.ErrNotFound, "questions go with their theme")
	got, err := s.GetContent(ctx, c.ID)
	require.NoError(t, err, "content survives")
	assert.Equal(t, []string{kq.ID}, got.QuestionIDs, "only the deleted question's link is gone")

	cm, err := s.GetCommunication(ctx, comm.ID)
	require.NoError(t, err)
	assert.Empty(t, cm.ThemeID)
	assert.Nil(t, cm.Theme)
	require.NotNil(t, cm.Audience)

	require.NoError(t, s.DeleteAudience(ctx, aud.ID))
	require.NoError(t, s.DeleteVehicle(ctx, veh.ID))
	cm, err = s.GetCommunication(ctx, comm.ID)
	require.NoError(t, err, "communications survive")
	assert.Empty(t, cm.AudienceID)
	assert.Empty(t, cm.VehicleID)
	assert.Nil(t, cm.Audience)
	assert.Nil(t, cm.Vehicle)
	assert.Equal(t, "Kickoff", cm.Title)
}

func testAudiences(t *testing.T, s store.Store) {
	a := domain.Audience{Name: "SFB - California", Description: "Fire", ContactCount: 120,
		Roles: []string{"FA/LV Installer"}, OrgLevels: []string{"Field Operations"}, Divisions: []string{"SFB - California"},
		TargetingScope: "organization", Locations: []string{"California"}, AudienceType: "general"}
	require.NoError(t, s.CreateAudience(ctx, &a))
	got, err := s.GetAudience(ctx, a.ID)
	require.NoError(t, err)
	assert.Equal(t, 120, got.ContactCount)
	assert.Equal(t, []string{"FA/LV Installer"}, got.Roles)
	assert.Equal(t, []string{}, got.Departments, "unset lists read back empty, not null")

	got.ContactCount, got.Name = 0, "Corporate"
	require.NoError(t, s.UpdateAudience(ctx, &got))
	list, err := s.ListAudiences(ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, "Corporate", list[0].Name)
	assert.Equal(t, 0, list[0].ContactCount)
	require.NoError(t, s.DeleteAudience(ctx, a.ID))
	list, err = s.ListAudiences(ctx)
	require.NoError(t, err)
	assert.Empty(t, list)
}

func testVehicles(t *testing.T, s store.Store) {
	v := domain.Vehicle{Name: "Weekly email", Type: "email", Description: "d",
		Settings:              domain.VehicleSettings{Template: "standard", MaxLength: 5000, Format: "html"},
		GenerationalTargeting: []string{"gen_x"}, CommunicationStrategy: "universal",
		PreferredGenerations: []string{"baby_boomers", "gen_x"}, GenerationalEffectiveness: map[string]float64{"gen_x": 0.8}}
	require.NoError(t, s.CreateVehicle(ctx, &v))
	got, err := s.GetVehicle(ctx, v.ID)
	require.NoError(t, err)
	assert.Equal(t, v.Settings, got.Settings)
	assert.Equal(t, 0.8, got.GenerationalEffectiveness["gen_x"])
	got.Settings.MaxLength = 4000
	require.NoError(t, s.UpdateVehicle(ctx, &got))
	list, err := s.ListVehicles(ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, 4000, list[0].Settings.MaxLength)
	require.NoError(t, s.DeleteVehicle(ctx, v.ID))
}

func testCommunications(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "Go-live")
	aud := domain.Audience{Name: "Corporate", TargetingScope: "organization", AudienceType: "general"}
	require.NoError(t, s.CreateAudience(ctx, &aud))
	veh := domain.Vehicle{Name: "Town hall", Type: "town_hall", CommunicationStrategy: "traditional"}
	require.NoError(t, s.CreateVehicle(ctx, &veh))
	c := domain.Communication{Title: "Go-live notice", ThemeID: th.ID, AudienceID: aud.ID, VehicleID: veh.ID,
		SelectedQuestions: []string{"q-1"}, RawContent: "raw", Status: domain.StatusScheduled, ScheduledDate: "2026-12-01",
		SourceCampaignID: "camp-1", SourceActivityID: "act-1"}
	require.NoError(t, s.CreateCommunication(ctx, &c))
	require.NotNil(t, c.Theme)
	assert.Equal(t, domain.Ref{ID: th.ID, Name: "Go-live"}, *c.Theme)
	assert.Equal(t, domain.VehicleRef{ID: veh.ID, Name: "Town hall", Type: "town_hall"}, *c.Vehicle)
	assert.Equal(t, domain.Ref{ID: aud.ID, Name: "Corporate"}, *c.Audience)

	plain := domain.Communication{Title: "Draft", Status: domain.StatusDraft}
	require.NoError(t, s.CreateCommunication(ctx, &plain))
	assert.Nil(t, plain.Theme)
	assert.Equal(t, []string{}, plain.SelectedQuestions)

	assert.Equal(t, "camp-1", c.SourceCampaignID)
	assert.Equal(t, "act-1", c.SourceActivityID)

	c.Status, c.ScheduledDate, c.AudienceID = domain.StatusSent, "2026-12-02T15:00:00Z", ""
	c.SourceActivityID = "act-2"
	require.NoError(t, s.UpdateCommunication(ctx, &c))
	assert.Equal(t, domain.StatusSent, c.Status)
	assert.Equal(t, "act-2", c.SourceActivityID)
	assert.Nil(t, c.Audience)

	bad := domain.Communication{Title: "x", Status: "draft", VehicleID: "missing"}
	err := s.CreateCommunication(ctx, &bad)
	var ref *store.ReferenceError
	require.ErrorAs(t, err, &ref)
	assert.Equal(t, "vehicleId", ref.Field)

	list, err := s.ListCommunications(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, "2026-12-02T15:00:00Z", list[0].ScheduledDate)
	assert.Equal(t, "camp-1", list[0].SourceCampaignID)
	assert.Empty(t, list[1].SourceCampaignID)
	require.NoError(t, s.DeleteCommunication(ctx, plain.ID))
}

func testCommunicationsBatch(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "Go-live")
	aud := domain.Audience{Name: "Corporate", TargetingScope: "organization", AudienceType: "general"}
	require.NoError(t, s.CreateAudience(ctx, &aud))
	batch := func(n int) []*domain.Communication {
		cs := make([]*domain.Communication, n)
		for i := range cs {
			cs[i] = &domain.Communication{Title: fmt.Sprintf("Imported %d", i), ThemeID: th.ID, AudienceID: aud.ID,
				Status: domain.StatusScheduled, ScheduledDate: fmt.Sprintf("2031-03-%02d", i%28+1),
				SourceCampaignID: "camp-1", SourceActivityID: fmt.Sprintf("act-%d", i)}
		}
		return cs
	}

	// One bad reference rolls back every item and names its index.
	cs := batch(5)
	cs[3].ThemeID = "missing"
	err := s.CreateCommunications(ctx, cs)
	var ref *store.ReferenceError
	require.ErrorAs(t, err, &ref)
	assert.Equal(t, "communications[3].themeId", ref.Field)
	assert.ErrorIs(t, err, store.ErrInvalidReference)
	list, err := s.ListCommunications(ctx)
	require.NoError(t, err)
	assert.Empty(t, list, "nothing is created when one item fails")
	acts, err := s.ListActivity(ctx, 10)
	require.NoError(t, err)
	for _, a := range acts {
		assert.NotEqual(t, "communication", a.EntityType, "the activity log rolls back too")
	}

	cs = batch(3)
	cs[1].AudienceID = "missing"
	require.ErrorAs(t, s.CreateCommunications(ctx, cs), &ref)
	assert.Equal(t, "communications[1].audienceId", ref.Field)

	cs = batch(40)
	require.NoError(t, s.CreateCommunications(ctx, cs))
	seen := map[string]bool{}
	for i, c := range cs {
		require.NotEmpty(t, c.ID)
		assert.False(t, seen[c.ID], "ids are distinct")
		seen[c.ID] = true
		assert.Equal(t, fmt.Sprintf("Imported %d", i), c.Title, "request order is kept")
		assert.Equal(t, fmt.Sprintf("act-%d", i), c.SourceActivityID)
		assert.Equal(t, "camp-1", c.SourceCampaignID)
		require.NotNil(t, c.Theme, "the created record is filled like a single create")
		assert.Equal(t, "Go-live", c.Theme.Name)
		assert.False(t, c.CreatedAt.IsZero())
	}
	got, err := s.GetCommunication(ctx, cs[7].ID)
	require.NoError(t, err)
	assert.Equal(t, *cs[7], got)
	list, err = s.ListCommunications(ctx)
	require.NoError(t, err)
	assert.Len(t, list, 40)
	acts, err = s.ListActivity(ctx, 100)
	require.NoError(t, err)
	logged := 0
	for _, a := range acts {
		if a.EntityType == "communication" && a.Action == domain.ActionCreated {
			logged++
		}
	}
	assert.Equal(t, 40, logged, "one activity entry per communication")

	// Inside an outer transaction the batch joins it and rolls back with it.
	boom := errors.New("boom")
	err = s.InTx(ctx, func(tx store.Store) error {
		if err := tx.CreateCommunications(ctx, batch(2)); err != nil {
			return err
		}
		return boom
	})
	require.ErrorIs(t, err, boom)
	list, err = s.ListCommunications(ctx)
	require.NoError(t, err)
	assert.Len(t, list, 40)
	require.NoError(t, s.CreateCommunications(ctx, nil), "an empty batch is no change")
}

func testVehicleCounts(t *testing.T, s store.Store) {
	email := domain.Vehicle{Name: "Email", Type: "email", CommunicationStrategy: "universal"}
	require.NoError(t, s.CreateVehicle(ctx, &email))
	sms := domain.Vehicle{Name: "SMS", Type: "sms", CommunicationStrategy: "digital"}
	require.NoError(t, s.CreateVehicle(ctx, &sms))
	unused := domain.Vehicle{Name: "Blog", Type: "blog", CommunicationStrategy: "digital"}
	require.NoError(t, s.CreateVehicle(ctx, &unused))
	assert.Equal(t, 0, email.CommunicationCount)
	for i, vid := range []string{email.ID, email.ID, email.ID, sms.ID, ""} {
		require.NoError(t, s.CreateCommunication(ctx, &domain.Communication{Title: fmt.Sprint("c", i), Status: "draft", VehicleID: vid}))
	}
	list, err := s.ListVehicles(ctx)
	require.NoError(t, err)
	counts := map[string]int{}
	for _, v := range list {
		counts[v.Name] = v.CommunicationCount
	}
	assert.Equal(t, map[string]int{"Email": 3, "SMS": 1, "Blog": 0}, counts)
	for _, want := range list { // the list counts set-wise, a get per row
		got, err := s.GetVehicle(ctx, want.ID)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	got, err := s.GetVehicle(ctx, email.ID)
	require.NoError(t, err)
	assert.Equal(t, 3, got.CommunicationCount)
	require.NoError(t, s.UpdateVehicle(ctx, &got))
	assert.Equal(t, 3, got.CommunicationCount, "an update answers the count too")

	require.NoError(t, s.DeleteVehicle(ctx, email.ID))
	comms, err := s.ListCommunications(ctx)
	require.NoError(t, err)
	require.Len(t, comms, 5, "deleting a vehicle keeps its communications")
	for _, c := range comms {
		if c.VehicleID != "" {
			assert.Equal(t, sms.ID, c.VehicleID)
		}
	}
}

func testActivity(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "Logged")
	th.Name = "Logged again"
	require.NoError(t, s.UpdateTheme(ctx, &th))
	require.NoError(t, s.DeleteTheme(ctx, th.ID))
	acts, err := s.ListActivity(ctx, 10)
	require.NoError(t, err)
	require.Len(t, acts, 3)
	assert.Equal(t, []string{"deleted", "updated", "created"}, []string{acts[0].Action, acts[1].Action, acts[2].Action}, "newest first")
	for _, a := range acts {
		assert.Equal(t, "theme", a.EntityType)
		assert.Equal(t, th.ID, a.EntityID)
		assert.False(t, a.At.IsZero())
	}
	assert.Equal(t, "Logged again", acts[0].Label)
	acts, err = s.ListActivity(ctx, 2)
	require.NoError(t, err)
	assert.Len(t, acts, 2)
}

func testCampaigns(t *testing.T, s store.Store) {
	c := domain.Campaign{Title: "ERP launch", Description: "Wave 1", Schedule: json.RawMessage(`{"totalActivities":2}`),
		HTMLContent: "<html></html>", AudienceFilters: json.RawMessage(`{"types":["transformation"]}`),
		GeographicFilters: []string{"california"}}
	require.NoError(t, s.CreateCampaign(ctx, &c))
	got, err := s.GetCampaign(ctx, c.ID)
	require.NoError(t, err)
	assert.JSONEq(t, `{"totalActivities":2}`, string(got.Schedule))
	assert.Equal(t, []string{"california"}, got.GeographicFilters)
	got.Schedule = json.RawMessage(`{"totalActivities":3}`)
	require.NoError(t, s.UpdateCampaign(ctx, &got))
	assert.False(t, got.UpdatedAt.Before(got.CreatedAt))
	list, err := s.ListCampaigns(ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.JSONEq(t, `{"totalActivities":3}`, string(list[0].Schedule))
	// A new rendering is no edit: only the HTML changes.
	before, err := s.GetCampaign(ctx, c.ID)
	require.NoError(t, err)
	acts, err := s.ListActivity(ctx, 100)
	require.NoError(t, err)
	require.NoError(t, s.SetCampaignHTML(ctx, c.ID, "<html>again</html>"))
	after, err := s.GetCampaign(ctx, c.ID)
	require.NoError(t, err)
	assert.Equal(t, "<html>again</html>", after.HTMLContent)
	after.HTMLContent = before.HTMLContent
	assert.Equal(t, before, after, "nothing but the HTML changed")
	actsAfter, err := s.ListActivity(ctx, 100)
	require.NoError(t, err)
	assert.Len(t, actsAfter, len(acts), "no activity entry")
	require.NoError(t, s.DeleteCampaign(ctx, c.ID))
	_, err = s.GetCampaign(ctx, c.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

// testCampaignSummaries: the summaries, read without the schedules, are the
// whole records' summaries, in the list's order, whatever the schedule holds.
func testCampaignSummaries(t *testing.T, s store.Store) {
	schedules := []string{
		`{"totalActivities":130,"startDate":"2027-01-04","endDate":"2027-06-30","activities":[{"id":"a1","title":"x"}]}`,
		`{"totalActivities":2}`,
		`{"startDate":"2027-02-01","note":"no count"}`,
		`{"totalActivities":"many","startDate":7,"endDate":"2028-01-01"}`,
		`{"totalActivities":1.5,"startDate":null}`,
		`[1,2,3]`,
		`"not an object"`,
		`{}`,
	}
	for i, sched := range schedules {
		c := domain.Campaign{Title: fmt.Sprintf("Campaign %d", i), Description: "d", Schedule: json.RawMessage(sched),
			HTMLContent: "<html>" + sched + "</html>", AudienceFilters: json.RawMessage(`{"types":["transformation"]}`),
			GeographicFilters: []string{"california"}}
		require.NoError(t, s.CreateCampaign(ctx, &c))
	}
	list, err := s.ListCampaigns(ctx)
	require.NoError(t, err)
	want := make([]domain.CampaignSummary, len(list))
	for i, c := range list {
		want[i] = c.Summary(c.Figures())
	}
	got, err := s.ListCampaignSummaries(ctx)
	require.NoError(t, err)
	require.Len(t, got, len(schedules))
	assert.Equal(t, want, got)
	first := got[slices.IndexFunc(got, func(c domain.CampaignSummary) bool { return c.Title == "Campaign 0" })]
	assert.Equal(t, 130, first.ActivityCount)
	assert.Equal(t, "2027-01-04", first.StartDate)
	assert.Equal(t, "2027-06-30", first.EndDate)
	third := got[slices.IndexFunc(got, func(c domain.CampaignSummary) bool { return c.Title == "Campaign 3" })]
	assert.Equal(t, domain.CampaignSummary{}.ActivityCount, third.ActivityCount, "a count that is no number is none")
	assert.Equal(t, "2028-01-01", third.EndDate)
}

// walkPages reads a keyset list page by page with limit, from the start to
// the page that says there is no more, checking each page's size, total and
// more flag, and returns the rows in order.
func walkPages[T any](t *testing.T, total, limit int, page func(ctx context.Context, after string, limit int) (store.Page[T], error), id func(T) string) []T {
	t.Helper()
	var got []T
	after := ""
	for {
		p, err := page(ctx, after, limit)
		require.NoError(t, err)
		assert.Equal(t, total, p.Total)
		require.LessOrEqual(t, len(p.Rows), limit)
		got = append(got, p.Rows...)
		assert.Equal(t, len(got) < total, p.More, "limit %d after %d rows", limit, len(got))
		if !p.More || len(p.Rows) == 0 {
			return got
		}
		after = id(p.Rows[len(p.Rows)-1])
	}
}

// testCampaignPage: pages walked with each limit add up to ListCampaigns
// without the HTML, each with the count of all; a cursor whose campaign is
// gone is ErrNotFound, one past the last an empty last page.
func testCampaignPage(t *testing.T, s store.Store) {
	empty, err := s.ListCampaignPage(ctx, "", 5)
	require.NoError(t, err)
	assert.Equal(t, store.Page[domain.Campaign]{Rows: []domain.Campaign{}}, empty)
	for i := range 7 {
		c := domain.Campaign{Title: fmt.Sprintf("Campaign %d", i), Description: "d", HTMLContent: "<html>x</html>",
			Schedule: json.RawMessage(fmt.Sprintf(`{"totalActivities":%d}`, i)), GeographicFilters: []string{"california"}}
		require.NoError(t, s.CreateCampaign(ctx, &c))
	}
	all, err := s.ListCampaigns(ctx)
	require.NoError(t, err)
	for i := range all {
		all[i].HTMLContent = ""
	}
	for _, limit := range []int{1, 2, 3, 7, 100} {
		got := walkPages(t, len(all), limit, s.ListCampaignPage, func(c domain.Campaign) string { return c.ID })
		assert.Equal(t, all, got, "limit %d", limit)
	}
	last, err := s.ListCampaignPage(ctx, all[len(all)-1].ID, 3)
	require.NoError(t, err)
	assert.Equal(t, store.Page[domain.Campaign]{Rows: []domain.Campaign{}, Total: len(all)}, last)
	require.NoError(t, s.DeleteCampaign(ctx, all[2].ID))
	_, err = s.ListCampaignPage(ctx, all[2].ID, 3)
	assert.ErrorIs(t, err, store.ErrNotFound)
	_, err = s.ListCampaignPage(ctx, "no-such-campaign", 3)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

// testContentPage: pages walked with each limit add up to ListContent,
// links included, each with the count of all; a cursor whose piece is gone
// is ErrNotFound.
func testContentPage(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "Pay")
	q1, q2 := mkQuestion(t, s, th.ID, "When?", 1), mkQuestion(t, s, th.ID, "Why?", 2)
	for i := range 6 {
		ids := [][]string{{q1.ID}, {q2.ID, q1.ID}, nil}[i%3]
		mkContent(t, s, fmt.Sprintf("Piece %d", i), ids...)
	}
	all, err := s.ListContent(ctx)
	require.NoError(t, err)
	for _, limit := range []int{1, 4, 6, 50} {
		got := walkPages(t, len(all), limit, s.ListContentPage, func(c domain.Content) string { return c.ID })
		assert.Equal(t, all, got, "limit %d", limit)
	}
	require.NoError(t, s.DeleteContent(ctx, all[1].ID))
	_, err = s.ListContentPage(ctx, all[1].ID, 3)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

func testChecklistTemplates(t *testing.T, s store.Store) {
	tpl := domain.ChecklistTemplate{Name: "Wave 1", Items: json.RawMessage(`[{"id":1}]`), Metadata: json.RawMessage(`{"version":"1.0"}`)}
	require.NoError(t, s.CreateChecklistTemplate(ctx, &tpl))
	got, err := s.GetChecklistTemplate(ctx, tpl.ID)
	require.NoError(t, err)
	assert.JSONEq(t, `[{"id":1}]`, string(got.Items))
	assert.False(t, got.IsPublic)
	list, err := s.ListChecklistTemplates(ctx)
	require.NoError(t, err)
	assert.Len(t, list, 1)
	require.NoError(t, s.DeleteChecklistTemplate(ctx, tpl.ID))
	assert.ErrorIs(t, s.DeleteChecklistTemplate(ctx, tpl.ID), store.ErrNotFound)
}

func testWorkingChecklist(t *testing.T, s store.Store) {
	_, err := s.GetChecklist(ctx)
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = s.SaveChecklist(ctx, json.RawMessage(`[1]`), json.RawMessage(`{"p":1}`), 3)
	assert.ErrorIs(t, err, store.ErrConflict, "no stored checklist has version 3")

	v1, err := s.SaveChecklist(ctx, json.RawMessage(`[1]`), json.RawMessage(`{"p":1}`), 0)
	require.NoError(t, err)
	assert.Equal(t, 1, v1.Version)
	v2, err := s.SaveChecklist(ctx, json.RawMessage(`[1,2]`), json.RawMessage(`{"p":2}`), 1)
	require.NoError(t, err)
	assert.Equal(t, 2, v2.Version)

	_, err = s.SaveChecklist(ctx, json.RawMessage(`[9]`), json.RawMessage(`{"p":9}`), 1)
	assert.ErrorIs(t, err, store.ErrConflict)
	_, err = s.SaveChecklist(ctx, json.RawMessage(`[9]`), json.RawMessage(`{"p":9}`), 0)
	assert.ErrorIs(t, err, store.ErrConflict)
	cur, err := s.GetChecklist(ctx)
	require.NoError(t, err)
	assert.JSONEq(t, `[1,2]`, string(cur.Items))

	hist, err := s.ListChecklistHistory(ctx)
	require.NoError(t, err)
	require.Len(t, hist, 2, "rejected saves leave no snapshot")
	assert.JSONEq(t, `{"p":1}`, string(hist[0].Stats))
	assert.JSONEq(t, `{"p":2}`, string(hist[1].Stats))

	// Concurrent saves of one version: exactly one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins, conflicts := 0, 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.SaveChecklist(ctx, json.RawMessage(`[3]`), json.RawMessage(`{}`), 2)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				wins++
			case errors.Is(err, store.ErrConflict):
				conflicts++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, wins)
	assert.Equal(t, 7, conflicts)
}

func testSearch(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "Payroll Readiness")
	mkQuestion(t, s, th.ID, "How will PAYROLL change?", 1)
	mkContent(t, s, "Timesheet guide")
	require.NoError(t, s.CreateCommunication(ctx, &domain.Communication{Title: "Payroll cut-over", Status: "draft"}))
	mkTheme(t, s, "100% adoption")

	hits, err := s.Search(ctx, "payroll", 10)
	require.NoError(t, err)
	kinds := []string{}
	for _, h := range hits {
		kinds = append(kinds, h.Kind)
	}
	assert.Equal(t, []string{"theme", "question", "communication"}, kinds)
	assert.Equal(t, th.ID, hits[1].ParentID)

	hits, err = s.Search(ctx, "%", 10)
	require.NoError(t, err)
	require.Len(t, hits, 1, "LIKE metacharacters are literal")
	assert.Equal(t, "100% adoption", hits[0].Title)

	hits, err = s.Search(ctx, "a", 2)
	require.NoError(t, err)
	assert.Len(t, hits, 2)

	// A limit that ends within a kind keeps the first hits in rank and
	// title order, whichever kinds they come from.
	mkTheme(t, s, "payroll archive")
	for limit, want := range map[int][]string{1: {"payroll archive"}, 3: {"payroll archive", "Payroll Readiness", "How will PAYROLL change?"},
		4: {"payroll archive", "Payroll Readiness", "How will PAYROLL change?", "Payroll cut-over"}} {
		hits, err = s.Search(ctx, "payroll", limit)
		require.NoError(t, err)
		titles := []string{}
		for _, h := range hits {
			titles = append(titles, h.Title)
		}
		assert.Equal(t, want, titles, "limit %d", limit)
	}
	hits, err = s.Search(ctx, "nothing like it", 5)
	require.NoError(t, err)
	assert.NotNil(t, hits)
	assert.Empty(t, hits)

	for _, q := range []string{"zq", "zqxj"} { // scanned, indexed
		hits, err = s.Search(ctx, q, 10)
		require.NoError(t, err)
		assert.NotNil(t, hits, "no hits is an empty list, not null")
		assert.Empty(t, hits)
	}
}

// testSearchFollowsWrites: every searched column is found by a word only it
// holds, in any case and from the middle of a word, whatever its length;
// updates, deletes and cascades change the hits at once (the search index
// follows every write), and hits are those of the documented rule.
func testSearchFollowsWrites(t *testing.T, s store.Store) {
	search := func(q string) []string {
		t.Helper()
		hits, err := s.Search(ctx, q, 100)
		require.NoError(t, err)
		out := []string{}
		for _, h := range hits {
			out = append(out, h.Kind+":"+h.Title)
		}
		return out
	}
	th := domain.Theme{Name: "Alphatheme", Description: "has Xylophone inside", Icon: "fa-tag", Color: "blue"}
	require.NoError(t, s.CreateTheme(ctx, &th))
	q := domain.Question{ThemeID: th.ID, Question: "Who plays the Quokka?", Description: "about Wombats"}
	require.NoError(t, s.CreateQuestion(ctx, &q))
	c := domain.Content{Title: "Guide", Description: "see Marmoset", Content: "body with Pangolin text", Type: domain.ContentText}
	require.NoError(t, s.CreateContent(ctx, &c))
	m := domain.Communication{Title: "Bulletin", Status: "draft", RawContent: "notes on Axolotl care"}
	require.NoError(t, s.CreateCommunication(ctx, &m))

	for q, want := range map[string][]string{
		"alphatheme": {"theme:Alphatheme"}, "YLOPHON": {"theme:Alphatheme"},
		"quokka": {"question:Who plays the Quokka?"}, "ombat": {"question:Who plays the Quokka?"},
		"marmoset": {"content:Guide"}, "PANGOLIN TEXT": {"content:Guide"}, "uid": {"content:Guide"},
		"axolotl": {"communication:Bulletin"}, "lleti": {"communication:Bulletin"},
		"zz": {}, "zzzzzz": {}, "on": {"theme:Alphatheme", "communication:Bulletin"},
		"pangolin  text": {}, `"pangolin"`: {}, "pango*": {}, "x": {"theme:Alphatheme", "content:Guide", "communication:Bulletin"},
	} {
		assert.Equal(t, want, search(q), q)
	}

	c.Content = "body with Capybara text"
	require.NoError(t, s.UpdateContent(ctx, &c))
	assert.Equal(t, []string{}, search("pangolin"), "the old body is no longer found")
	assert.Equal(t, []string{"content:Guide"}, search("capybara"))
	m.Title, m.RawContent = "Flyer", "nothing"
	require.NoError(t, s.UpdateCommunication(ctx, &m))
	assert.Equal(t, []string{}, search("axolotl"))
	assert.Equal(t, []string{"communication:Flyer"}, search("flyer"))
	require.NoError(t, s.DeleteCommunication(ctx, m.ID))
	assert.Equal(t, []string{}, search("flyer"))
	require.NoError(t, s.DeleteTheme(ctx, th.ID))
	assert.Equal(t, []string{}, search("quokka"), "the theme's questions went with it")
	assert.Equal(t, []string{}, search("xylophone"))

	// Many hits of one kind: the first of each kind in title order, then
	// the limit over all kinds.
	for i := range 30 {
		require.NoError(t, s.CreateCommunication(ctx, &domain.Communication{Title: fmt.Sprintf("Wave %02d kickoff", 29-i), Status: "draft"}))
	}
	mkTheme(t, s, "Kickoff theme")
	hits, err := s.Search(ctx, "KICKOFF", 5)
	require.NoError(t, err)
	got := []string{}
	for _, h := range hits {
		got = append(got, h.Kind+":"+h.Title)
	}
	assert.Equal(t, []string{"theme:Kickoff theme", "communication:Wave 00 kickoff", "communication:Wave 01 kickoff",
		"communication:Wave 02 kickoff", "communication:Wave 03 kickoff"}, got)
}

// testSearchPastTheProbe: a kind with more rows than a search's first look
// in title order (200) keeps the rule's hits and order whether the page
// fills from that look, needs rows past it, or holds none of it.
func testSearchPastTheProbe(t *testing.T, s store.Store) {
	cs := make([]*domain.Communication, 260)
	for i := range cs {
		body := "plain notes"
		switch i {
		case 10, 150, 210, 240:
			body = "a Needle in here"
		case 230, 250:
			body = "only late rows hold a zebra"
		}
		if i%2 == 0 {
			body += " with a common word"
		}
		cs[i] = &domain.Communication{Title: fmt.Sprintf("Row %03d", 259-i), Status: "draft", RawContent: body}
	}
	// Titles count down, so row i is the (259-i)th in title order.
	require.NoError(t, s.CreateCommunications(ctx, cs))
	titles := func(q string, limit int) []string {
		t.Helper()
		hits, err := s.Search(ctx, q, limit)
		require.NoError(t, err)
		out := []string{}
		for _, h := range hits {
			out = append(out, h.Title)
		}
		return out
	}
	assert.Equal(t, []string{"Row 019", "Row 049", "Row 109", "Row 249"}, titles("needle", 10))
	assert.Equal(t, []string{"Row 019", "Row 049"}, titles("NEEDLE", 2))
	assert.Equal(t, []string{"Row 009", "Row 029"}, titles("zebra", 5))
	assert.Equal(t, []string{"Row 001", "Row 003", "Row 005"}, titles("common word", 3))
	assert.Len(t, titles("common word", 100), 100)
	assert.Equal(t, []string{"Row 019", "Row 049", "Row 109"}, titles("ee", 3), "two characters scan")
}

func testTransactions(t *testing.T, s store.Store) {
	boom := errors.New("boom")
	err := s.InTx(ctx, func(tx store.Store) error {
		th := domain.Theme{Name: "rolled back", Description: "d", Icon: "fa-tag", Color: "blue"}
		if err := tx.CreateTheme(ctx, &th); err != nil {
			return err
		}
		if err := tx.CreateQuestion(ctx, &domain.Question{ThemeID: th.ID, Question: "q"}); err != nil {
			return err
		}
		list, err := tx.ListThemes(ctx)
		if err != nil {
			return err
		}
		if len(list) != 1 {
			return fmt.Errorf("the transaction sees its own writes: got %d themes", len(list))
		}
		return boom
	})
	require.ErrorIs(t, err, boom)
	list, err := s.ListThemes(ctx)
	require.NoError(t, err)
	assert.Empty(t, list)
	acts, err := s.ListActivity(ctx, 10)
	require.NoError(t, err)
	assert.Empty(t, acts, "the activity log rolls back too")

	require.NoError(t, s.InTx(ctx, func(tx store.Store) error {
		return tx.InTx(ctx, func(inner store.Store) error {
			return inner.CreateTheme(ctx, &domain.Theme{Name: "kept", Description: "d", Icon: "fa-tag", Color: "blue"})
		})
	}))
	list, err = s.ListThemes(ctx)
	require.NoError(t, err)
	assert.Len(t, list, 1)
}

func testNotFound(t *testing.T, s store.Store) {
	const id = "00000000-0000-0000-0000-000000000000"
	checks := map[string]error{}
	_, checks["GetTheme"] = s.GetTheme(ctx, id)
	checks["UpdateTheme"] = s.UpdateTheme(ctx, &domain.Theme{ID: id, Name: "n"})
	checks["DeleteTheme"] = s.DeleteTheme(ctx, id)
	_, checks["GetQuestion"] = s.GetQuestion(ctx, id)
	checks["UpdateQuestion"] = s.UpdateQuestion(ctx, &domain.Question{ID: id, Question: "q"})
	checks["DeleteQuestion"] = s.DeleteQuestion(ctx, id)
	_, checks["GetContent"] = s.GetContent(ctx, id)
	checks["UpdateContent"] = s.UpdateContent(ctx, &domain.Content{ID: id})
	checks["DeleteContent"] = s.DeleteContent(ctx, id)
	_, checks["GetAudience"] = s.GetAudience(ctx, id)
	checks["UpdateAudience"] = s.UpdateAudience(ctx, &domain.Audience{ID: id})
	checks["DeleteAudience"] = s.DeleteAudience(ctx, id)
	_, checks["GetVehicle"] = s.GetVehicle(ctx, id)
	checks["UpdateVehicle"] = s.UpdateVehicle(ctx, &domain.Vehicle{ID: id})
	checks["DeleteVehicle"] = s.DeleteVehicle(ctx, id)
	_, checks["GetCommunication"] = s.GetCommunication(ctx, id)
	checks["UpdateCommunication"] = s.UpdateCommunication(ctx, &domain.Communication{ID: id})
	checks["DeleteCommunication"] = s.DeleteCommunication(ctx, id)
	_, checks["GetBlackout"] = s.GetBlackout(ctx, id)
	checks["UpdateBlackout"] = s.UpdateBlackout(ctx, &domain.Blackout{ID: id, Name: "n", StartDate: "2031-01-01", EndDate: "2031-01-01"})
	checks["DeleteBlackout"] = s.DeleteBlackout(ctx, id)
	_, checks["GetCampaign"] = s.GetCampaign(ctx, id)
	checks["UpdateCampaign"] = s.UpdateCampaign(ctx, &domain.Campaign{ID: id, Schedule: json.RawMessage(`{}`)})
	checks["SetCampaignHTML"] = s.SetCampaignHTML(ctx, id, "<html></html>")
	checks["DeleteCampaign"] = s.DeleteCampaign(ctx, id)
	_, checks["GetChecklistTemplate"] = s.GetChecklistTemplate(ctx, id)
	checks["DeleteChecklistTemplate"] = s.DeleteChecklistTemplate(ctx, id)
	for name, err := range checks {
		assert.ErrorIs(t, err, store.ErrNotFound, name)
	}
}

func testConcurrentCreates(t *testing.T, s store.Store) {
	const workers, each = 8, 200
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				th := domain.Theme{Name: fmt.Sprintf("theme %d-%d", w, i), Description: "d", Icon: "fa-tag", Color: "blue"}
				if err := s.CreateTheme(ctx, &th); err != nil {
					errs <- err
					return
				}
				if i%20 == 0 {
					if _, err := s.ListThemes(ctx); err != nil {
						errs <- err
						return
					}
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent create: %v", err)
	}
	list, err := s.ListThemes(ctx)
	require.NoError(t, err)
	assert.Len(t, list, workers*each)
	seen := map[string]bool{}
	for _, th := range list {
		seen[th.Name] = true
	}
	assert.Len(t, seen, workers*each)
}

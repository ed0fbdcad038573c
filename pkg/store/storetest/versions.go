package storetest

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// listSnapshot is every versioned list as JSON, with its data version.
type listSnapshot map[store.List]struct {
	version int64
	body    string
}

func snapshotLists(t *testing.T, s store.Store) listSnapshot {
	t.Helper()
	out := listSnapshot{}
	for _, l := range store.Lists {
		v, err := s.DataVersion(ctx, l)
		require.NoError(t, err, l.String())
		var rows any
		switch l {
		case store.ThemesList:
			rows, err = s.ListThemes(ctx)
		case store.QuestionsList:
			rows, err = s.ListQuestions(ctx, store.QuestionFilter{})
		case store.ContentList:
			rows, err = s.ListContent(ctx)
		case store.AudiencesList:
			rows, err = s.ListAudiences(ctx)
		case store.VehiclesList:
			rows, err = s.ListVehicles(ctx)
		case store.CommunicationsList:
			rows, err = s.ListCommunications(ctx)
		case store.CampaignsList:
			rows, err = s.ListCampaigns(ctx)
		case store.ActivityList:
			rows, err = s.ListActivity(ctx, 1000)
		case store.BlackoutsList:
			rows, err = s.ListBlackouts(ctx)
		case store.InsidersList:
			// No list of its own: NeedToKnow checks that each change of
			// insiders moves it.
		default:
			t.Fatalf("snapshotLists does not know list %s", l)
		}
		require.NoError(t, err, l.String())
		b, err := json.Marshal(rows)
		require.NoError(t, err)
		out[l] = struct {
			version int64
			body    string
		}{v, string(b)}
	}
	return out
}

// testDataVersions checks that after every kind of write each list whose
// answer changed has a greater data version (a cache keyed by the version
// could otherwise serve stale data), that the written list itself moved, and
// that a failed write moves nothing.
func testDataVersions(t *testing.T, s store.Store) {
	var (
		th, other domain.Theme
		q1, q2    domain.Question
		c, loose  domain.Content
		aud       domain.Audience
		veh       domain.Vehicle
		comm      domain.Communication
		camp      domain.Campaign
		freeze    = domain.Blackout{Name: "Freeze", StartDate: "2031-01-01", EndDate: "2031-01-02"}
	)
	steps := []struct {
		name    string
		written store.List
		write   func() error
		// keeps are lists the write cannot change, whose versions must stay.
		keeps []store.List
	}{
		{"create theme", store.ThemesList, func() error {
			other = mkTheme(t, s, "Other")
			th = domain.Theme{Name: "Pay", Icon: "fa-tag", Color: "blue"}
			return s.CreateTheme(ctx, &th)
		}, []store.List{store.QuestionsList, store.ContentList, store.CommunicationsList}},
		{"create question", store.QuestionsList, func() error {
			q1 = domain.Question{ThemeID: th.ID, Question: "When?", SortOrder: 1}
			if err := s.CreateQuestion(ctx, &q1); err != nil {
				return err
			}
			q2 = domain.Question{ThemeID: th.ID, Question: "Why?", SortOrder: 2}
			return s.CreateQuestion(ctx, &q2)
		}, []store.List{store.ContentList}},
		{"create content linked to a question", store.ContentList, func() error {
			c = domain.Content{Title: "FAQ", Content: "body", Type: domain.ContentText, QuestionIDs: []string{q1.ID}}
			return s.CreateContent(ctx, &c)
		}, nil},
		{"relink content", store.ContentList, func() error {
			c.QuestionIDs = []string{q2.ID}
			return s.UpdateContent(ctx, &c)
		}, nil},
		{"retitle content, links unchanged", store.ContentList, func() error {
			c.Title = "FAQ, retitled"
			c.QuestionIDs = []string{q2.ID, q2.ID}
			return s.UpdateContent(ctx, &c)
		}, []store.List{store.ThemesList, store.QuestionsList}},
		{"create content without links", store.ContentList, func() error {
			loose = domain.Content{Title: "Loose", Content: "body", Type: domain.ContentText}
			return s.CreateContent(ctx, &loose)
		}, []store.List{store.ThemesList, store.QuestionsList}},
		{"rename theme", store.ThemesList, func() error {
			th.Name = "Payroll"
			return s.UpdateTheme(ctx, &th)
		}, []store.List{store.QuestionsList, store.ContentList}},
		{"reword a question", store.QuestionsList, func() error {
			q2.Question = "Why now?"
			return s.UpdateQuestion(ctx, &q2)
		}, []store.List{store.ThemesList, store.ContentList}},
		{"move question to another theme", store.QuestionsList, func() error {
			q1.ThemeID = other.ID
			return s.UpdateQuestion(ctx, &q1)
		}, []store.List{store.ContentList}},
		{"reorder questions", store.QuestionsList, func() error {
			return s.ReorderQuestions(ctx, th.ID, []domain.QuestionOrder{{ID: q2.ID, SortOrder: 5}})
		}, []store.List{store.ThemesList, store.ContentList}},
		{"create audience", store.AudiencesList, func() error {
			aud = domain.Audience{Name: "Field", TargetingScope: "organization", AudienceType: "general"}
			return s.CreateAudience(ctx, &aud)
		}, nil},
		{"create vehicle", store.VehiclesList, func() error {
			veh = domain.Vehicle{Name: "Email", Type: "email", CommunicationStrategy: "universal"}
			return s.CreateVehicle(ctx, &veh)
		}, nil},
		{"create communication", store.CommunicationsList, func() error {
			comm = domain.Communication{Title: "Launch", Status: "draft", ThemeID: th.ID, VehicleID: veh.ID, AudienceID: aud.ID}
			return s.CreateCommunication(ctx, &comm)
		}, nil},
		{"create communications in a batch", store.CommunicationsList, func() error {
			return s.CreateCommunications(ctx, []*domain.Communication{
				{Title: "a", Status: "draft", VehicleID: veh.ID}, {Title: "b", Status: "draft", VehicleID: veh.ID}})
		}, nil},
		{"move communication off its vehicle", store.CommunicationsList, func() error {
			comm.VehicleID = ""
			return s.UpdateCommunication(ctx, &comm)
		}, nil},
		{"rename audience", store.AudiencesList, func() error {
			aud.Name = "Field staff"
			return s.UpdateAudience(ctx, &aud)
		}, nil},
		{"rename vehicle", store.VehiclesList, func() error {
			veh.Name = "Newsletter"
			return s.UpdateVehicle(ctx, &veh)
		}, nil},
		{"create campaign", store.CampaignsList, func() error {
			camp = domain.Campaign{Title: "ERP", Schedule: json.RawMessage(`{}`), HTMLContent: "<p></p>"}
			return s.CreateCampaign(ctx, &camp)
		}, nil},
		{"update campaign", store.CampaignsList, func() error {
			camp.Title = "ERP wave 2"
			return s.UpdateCampaign(ctx, &camp)
		}, nil},
		{"create blackout", store.BlackoutsList, func() error {
			return s.CreateBlackout(ctx, &freeze)
		}, nil},
		{"move blackout", store.BlackoutsList, func() error {
			freeze.EndDate = "2031-01-05"
			return s.UpdateBlackout(ctx, &freeze)
		}, []store.List{store.CommunicationsList, store.AudiencesList}},
		{"prune the audit trail", store.ActivityList, func() error {
			_, err := s.PruneAudit(ctx, time.Now().Add(time.Hour))
			return err
		}, nil},
		{"delete blackout", store.BlackoutsList, func() error { return s.DeleteBlackout(ctx, freeze.ID) }, nil},
		{"delete campaign", store.CampaignsList, func() error { return s.DeleteCampaign(ctx, camp.ID) }, nil},
		{"delete communication", store.CommunicationsList, func() error { return s.DeleteCommunication(ctx, comm.ID) }, nil},
		{"delete vehicle", store.VehiclesList, func() error { return s.DeleteVehicle(ctx, veh.ID) }, nil},
		{"delete audience", store.AudiencesList, func() error { return s.DeleteAudience(ctx, aud.ID) }, nil},
		{"delete question", store.QuestionsList, func() error { return s.DeleteQuestion(ctx, q2.ID) }, nil},
		{"delete content", store.ContentList, func() error { return s.DeleteContent(ctx, c.ID) }, nil},
		{"delete content without links", store.ContentList, func() error { return s.DeleteContent(ctx, loose.ID) },
			[]store.List{store.ThemesList, store.QuestionsList}},
		{"delete theme with questions and links", store.ThemesList, func() error {
			c = domain.Content{Title: "FAQ 2", Content: "body", Type: domain.ContentText, QuestionIDs: []string{q1.ID}}
			if err := s.CreateContent(ctx, &c); err != nil {
				return err
			}
			comm = domain.Communication{Title: "Other", Status: "draft", ThemeID: other.ID}
			if err := s.CreateCommunication(ctx, &comm); err != nil {
				return err
			}
			return s.DeleteTheme(ctx, other.ID)
		}, nil},
	}
	before := snapshotLists(t, s)
	for _, st := range steps {
		require.NoError(t, st.write(), st.name)
		after := snapshotLists(t, s)
		for _, l := range store.Lists {
			if after[l].body != before[l].body {
				assert.Greater(t, after[l].version, before[l].version, "%s changed the %s list without moving its version", st.name, l)
			} else {
				assert.GreaterOrEqual(t, after[l].version, before[l].version, "%s: %s version went back", st.name, l)
			}
		}
		assert.Greater(t, after[st.written].version, before[st.written].version, "%s did not move the %s version", st.name, st.written)
		for _, l := range st.keeps {
			assert.Equal(t, before[l].version, after[l].version, "%s moved the %s version, which it cannot change", st.name, l)
		}
		before = after
	}

	// A failed write rolls its bump back with it.
	bad := domain.Content{Title: "Dangling", Content: "x", Type: domain.ContentText, QuestionIDs: []string{"missing"}}
	require.ErrorIs(t, s.CreateContent(ctx, &bad), store.ErrInvalidReference)
	assert.Equal(t, before, snapshotLists(t, s), "a failed write moved a version")
}

// testDataVersionsConcurrent has writers and readers race: a read that
// starts after a write committed must see its version, however reads are
// shared between concurrent callers.
func testDataVersionsConcurrent(t *testing.T, s store.Store) {
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				before, err := s.DataVersion(ctx, store.CampaignsList)
				if !assert.NoError(t, err) {
					return
				}
				c := domain.Campaign{Title: fmt.Sprintf("c%d.%d", w, i), Schedule: json.RawMessage(`{}`), HTMLContent: "x"}
				if !assert.NoError(t, s.CreateCampaign(ctx, &c)) {
					return
				}
				after, err := s.DataVersion(ctx, store.CampaignsList)
				if !assert.NoError(t, err) {
					return
				}
				assert.Greater(t, after, before, "a read after a committed write missed it")
			}
		}()
	}
	for range 4 { // readers keep rounds busy meanwhile
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				_, err := s.DataVersion(ctx, store.ThemesList)
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
}

// testFilterVersions checks FilterVersion as testDataVersions checks
// DataVersion, for calendar months in several zones, the undated, a
// filter naming a record and the whole list: after each write, every
// filter whose answer changed has a greater version. And it checks what the
// month versions are for: each step leaves alone the filters it names in
// keeps, whose answers it cannot change.
func testFilterVersions(t *testing.T, s store.Store) {
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	ny, err := time.LoadLocation("America/New_York")
	require.NoError(t, err)
	day := func(d string) time.Time {
		v, err := time.Parse(time.DateOnly, d)
		require.NoError(t, err)
		return v
	}
	used, spare := mkTheme(t, s, "Used"), mkTheme(t, s, "Spare")
	aud := mkAudience(t, s, "Field")
	veh := domain.Vehicle{Name: "Email", Type: "email", CommunicationStrategy: "universal"}
	require.NoError(t, s.CreateVehicle(ctx, &veh))
	spareVeh := domain.Vehicle{Name: "Radio", Type: "other", CommunicationStrategy: "universal"}
	require.NoError(t, s.CreateVehicle(ctx, &spareVeh))
	mk := func(title, scheduled string) domain.Communication {
		status := domain.StatusScheduled
		if scheduled == "" {
			status = domain.StatusDraft
		}
		c := domain.Communication{Title: title, Status: status, ScheduledDate: scheduled, ThemeID: used.ID, AudienceID: aud.ID}
		require.NoError(t, s.CreateCommunication(ctx, &c))
		return c
	}
	mk("March", "2031-03-15")
	// 23:30 UTC on 30 April is 1 May in Paris, 30 April in New York.
	edge := mk("Edge", "2031-04-30T23:30:00Z")
	mk("June", "2031-06-01T02:00:00Z") // 31 May in New York
	draft := mk("Draft", "")
	sept := mk("September", "2031-09-10")

	filters := map[string]store.CommunicationFilter{
		"march":         {From: day("2031-03-01"), To: day("2031-03-31")},
		"april paris":   {From: day("2031-04-01"), To: day("2031-04-30"), Loc: paris},
		"may paris":     {From: day("2031-05-01"), To: day("2031-05-31"), Loc: paris},
		"may new york":  {From: day("2031-05-01"), To: day("2031-05-31"), Loc: ny},
		"april grid":    {From: day("2031-03-31"), To: day("2031-05-11"), Loc: paris},
		"september":     {From: day("2031-09-01"), To: day("2031-09-30")},
		"undated":       {Undated: store.UndatedOnly},
		"march+undated": {From: day("2031-03-01"), To: day("2031-03-31"), Undated: store.UndatedInclude},
		"spare theme":   {From: day("2031-03-01"), To: day("2031-03-31"), ThemeID: spare.ID},
		"whole":         {},
	}
	snapshot := func() map[string]versioned {
		out := map[string]versioned{}
		for name, f := range filters {
			v, err := s.FilterVersion(ctx, f)
			require.NoError(t, err, name)
			rows, err := s.FilterCommunications(ctx, f)
			var body []byte
			if err == nil {
				body, err = json.Marshal(rows)
			}
			if err != nil {
				body = []byte("error: " + err.Error()) // a deleted record named
			}
			out[name] = versioned{v, string(body)}
		}
		return out
	}
	months := []string{"march", "april paris", "may paris", "may new york", "april grid", "september", "march+undated", "spare theme"}
	steps := []struct {
		name  string
		write func() error
		keeps []string
	}{
		{"create in March", func() error { mk("March 2", "2031-03-20"); return nil },
			[]string{"april paris", "may paris", "may new york", "september", "undated"}},
		{"move the edge to September", func() error {
			edge.ScheduledDate = "2031-09-20"
			return s.UpdateCommunication(ctx, &edge)
		}, []string{"march", "march+undated", "undated", "spare theme"}},
		{"edit the draft", func() error {
			draft.Title = "Draft, edited"
			return s.UpdateCommunication(ctx, &draft)
		}, []string{"march", "april paris", "may paris", "may new york", "april grid", "september", "spare theme"}},
		{"ask for a review in September", func() error {
			return s.SetReview(ctx, "communication", sept.ID, domain.Review{State: domain.ReviewRequested, Round: 1})
		}, []string{"march", "april paris", "may paris", "may new york", "april grid", "undated", "march+undated", "spare theme"}},
		{"delete in September", func() error { return s.DeleteCommunication(ctx, sept.ID) },
			[]string{"march", "april paris", "may paris", "may new york", "undated", "march+undated", "spare theme"}},
		{"create a theme", func() error { mkTheme(t, s, "New"); return nil }, append(months[:len(months)-1], "undated", "whole")},
		{"rename a theme no communication names", func() error {
			spare.Name = "Spare, renamed"
			return s.UpdateTheme(ctx, &spare)
		}, []string{"march", "april paris", "may paris", "may new york", "april grid", "september", "undated", "march+undated", "whole"}},
		{"delete a vehicle no communication names", func() error { return s.DeleteVehicle(ctx, spareVeh.ID) },
			append(months, "undated", "whole")},
		{"rename the theme they name", func() error {
			used.Name = "Used, renamed"
			return s.UpdateTheme(ctx, &used)
		}, nil},
		{"delete the audience they name", func() error { return s.DeleteAudience(ctx, aud.ID) }, nil},
		{"delete the theme a filter names", func() error { return s.DeleteTheme(ctx, spare.ID) },
			[]string{"march", "april paris", "may paris", "may new york", "april grid", "september", "undated", "march+undated", "whole"}},
	}
	before := snapshot()
	for _, st := range steps {
		require.NoError(t, st.write(), st.name)
		after := snapshot()
		checkVersions(t, st.name, before, after, st.keeps)
		before = after
	}
}

// versioned is a query's answer with its data version.
type versioned struct {
	version int64
	body    string
}

// checkVersions holds a write's snapshots, query name to answer, to the
// versions' rule: every changed answer moved its version, none went back,
// and the keeps, which the write cannot change, stayed.
func checkVersions(t *testing.T, write string, before, after map[string]versioned, keeps []string) {
	t.Helper()
	for name := range after {
		if after[name].body != before[name].body {
			assert.Greater(t, after[name].version, before[name].version, "%s changed %s without moving its version", write, name)
		} else {
			assert.GreaterOrEqual(t, after[name].version, before[name].version, "%s: %s went back", write, name)
		}
	}
	for _, name := range keeps {
		assert.Equal(t, before[name].version, after[name].version, "%s moved %s, which it cannot change", write, name)
	}
}

// testQuestionVersions checks QuestionVersion as testFilterVersions checks
// FilterVersion: after every kind of write, each theme's questions whose
// answer changed have a greater version (and the theme's deletion moves its
// version, which turns the API's answer into a 400), while themes the write
// cannot change keep theirs. Themes may share a version, so a write to one
// theme must leave at least one of four others where it was.
func testQuestionVersions(t *testing.T, s store.Store) {
	target := mkTheme(t, s, "Target")
	others := make([]domain.Theme, 4)
	filters := map[string]store.QuestionFilter{
		"target":        {ThemeID: target.ID},
		"target search": {ThemeID: target.ID, Q: "when"},
		"whole":         {},
	}
	var otherNames []string
	for i := range others {
		others[i] = mkTheme(t, s, fmt.Sprintf("Other %d", i))
		mkQuestion(t, s, others[i].ID, "Where?", 1)
		name := fmt.Sprintf("other %d", i)
		filters[name] = store.QuestionFilter{ThemeID: others[i].ID}
		otherNames = append(otherNames, name)
	}
	when := mkQuestion(t, s, target.ID, "When?", 1)
	piece := domain.Content{Title: "FAQ", Content: "body", Type: domain.ContentText}
	require.NoError(t, s.CreateContent(ctx, &piece))

	snapshot := func() map[string]versioned {
		out := map[string]versioned{}
		for name, f := range filters {
			v, err := s.QuestionVersion(ctx, f)
			require.NoError(t, err, name)
			rows, err := s.ListQuestions(ctx, f)
			require.NoError(t, err, name)
			body, err := json.Marshal(rows)
			require.NoError(t, err)
			out[name] = versioned{v, string(body)}
		}
		return out
	}
	var why domain.Question
	steps := []struct {
		name string
		// target says the write is to the target theme's questions only, so
		// one of the others at least keeps its version.
		target bool
		write  func() error
		// keeps must not move; moves must, though no row changed.
		keeps, moves []string
	}{
		{"create a question", true, func() error {
			why = domain.Question{ThemeID: target.ID, Question: "Why?", SortOrder: 2}
			return s.CreateQuestion(ctx, &why)
		}, nil, nil},
		{"reword a question", true, func() error {
			when.Question = "When exactly?"
			return s.UpdateQuestion(ctx, &when)
		}, nil, nil},
		{"reorder", true, func() error {
			return s.ReorderQuestions(ctx, target.ID, []domain.QuestionOrder{{ID: why.ID, SortOrder: 0}})
		}, nil, nil},
		{"link content", true, func() error {
			piece.QuestionIDs = []string{when.ID}
			return s.UpdateContent(ctx, &piece)
		}, nil, nil},
		{"retitle the content, links unchanged", false, func() error {
			piece.Title = "FAQ, retitled"
			return s.UpdateContent(ctx, &piece)
		}, []string{"target", "target search", "whole"}, nil},
		{"create and rename a theme", false, func() error {
			th := mkTheme(t, s, "New")
			th.Name = "New, renamed"
			return s.UpdateTheme(ctx, &th)
		}, []string{"target", "target search", "whole"}, nil},
		{"rename the target theme", false, func() error {
			target.Name = "Target, renamed"
			return s.UpdateTheme(ctx, &target)
		}, []string{"target", "target search", "whole"}, nil},
		{"delete the linked content", true, func() error { return s.DeleteContent(ctx, piece.ID) }, nil, nil},
		{"move a question to another theme", false, func() error {
			why.ThemeID = others[0].ID
			return s.UpdateQuestion(ctx, &why)
		}, nil, nil},
		{"delete a question", true, func() error { return s.DeleteQuestion(ctx, when.ID) }, nil, nil},
		{"delete the target theme", true, func() error { return s.DeleteTheme(ctx, target.ID) }, nil,
			[]string{"target", "target search"}},
	}
	before := snapshot()
	for _, st := range steps {
		require.NoError(t, st.write(), st.name)
		after := snapshot()
		checkVersions(t, st.name, before, after, st.keeps)
		for _, name := range st.moves {
			assert.Greater(t, after[name].version, before[name].version, "%s did not move %s", st.name, name)
		}
		if st.target {
			kept := 0
			for _, name := range otherNames {
				if after[name].version == before[name].version {
					kept++
				}
			}
			assert.Positive(t, kept, "%s moved every other theme's questions", st.name)
		}
		before = after
	}
}

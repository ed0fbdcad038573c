package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// testEachCommunication checks that EachCommunication walks exactly the
// rows FilterCommunications lists, over more rows than one page, in
// scheduledDate order with nothing repeated, and stops at fn's error.
func testEachCommunication(t *testing.T, s store.Store) {
	th := mkTheme(t, s, "Go-live")
	other := mkTheme(t, s, "Other")
	statuses := []string{domain.StatusScheduled, domain.StatusDraft, domain.StatusSent}
	cs := make([]*domain.Communication, 1300)
	for i := range cs {
		c := &domain.Communication{Title: fmt.Sprintf("Item %d", i), ThemeID: th.ID, Status: statuses[i%3],
			RawContent: fmt.Sprintf("Body %d", i), GeneratedContent: "<p>Body</p>"}
		if i%7 == 0 {
			c.ThemeID = other.ID
		}
		if i%11 == 0 {
			c.SourceCampaignID, c.SourceActivityID = "camp-1", fmt.Sprintf("act-%d", i)
		}
		switch i % 5 {
		case 0:
			// undated
		case 1, 2:
			c.ScheduledDate = fmt.Sprintf("2031-%02d-%02d", i%12+1, i%28+1)
		default:
			// Instants near midnight UTC, which fall on another day in
			// Tokyo or Los Angeles; many share a date with another row.
			c.ScheduledDate = fmt.Sprintf("2031-%02d-%02dT%02d:30:00Z", i%12+1, i%28+1, []int{0, 23, 12}[i%3])
		}
		cs[i] = c
	}
	require.NoError(t, s.CreateCommunications(ctx, cs))
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	require.NoError(t, err)
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	ids := []string{cs[3].ID, cs[4].ID, cs[500].ID, cs[1299].ID}
	for name, f := range map[string]store.CommunicationFilter{
		"all":                {},
		"scheduled, dated":   {Statuses: []string{domain.StatusScheduled}, Undated: store.UndatedExclude},
		"range in Tokyo":     {From: day("2031-03-01"), To: day("2031-06-30"), Loc: tokyo},
		"range and undated":  {From: day("2031-05-02"), Undated: store.UndatedInclude},
		"theme and status":   {ThemeID: other.ID, Statuses: []string{domain.StatusDraft, domain.StatusSent}},
		"ids":                {IDs: ids},
		"no ids":             {IDs: []string{}},
		"text":               {Q: "item 12"},
		"undated only, sort": {Undated: store.UndatedOnly, Sort: store.SortTitle},
		"imported":           {Imported: true, NoContent: true},
	} {
		t.Run(name, func(t *testing.T) {
			want, err := s.FilterCommunications(ctx, f)
			require.NoError(t, err)
			var got []domain.Communication
			require.NoError(t, s.EachCommunication(ctx, f, func(c domain.Communication) error {
				got = append(got, c)
				return nil
			}))
			seen := map[string]bool{}
			for i, c := range got {
				require.False(t, seen[c.ID], "%s repeated", c.ID)
				seen[c.ID] = true
				if i > 0 {
					require.LessOrEqual(t, got[i-1].ScheduledDate, c.ScheduledDate, "in scheduledDate order")
				}
			}
			byID := func(a, b domain.Communication) int { return strings.Compare(a.ID, b.ID) }
			slices.SortFunc(want, byID)
			slices.SortFunc(got, byID)
			if len(want) == 0 {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, want, got, "the same rows, embedded alike")
			if f.Imported {
				assert.Len(t, got, 119, "every eleventh row")
				for _, c := range got {
					assert.NotEmpty(t, c.SourceActivityID)
				}
			}
		})
	}
	// NoContent reads the same rows, the content left out.
	f := store.CommunicationFilter{Statuses: []string{domain.StatusScheduled}, From: day("2031-02-01")}
	want, err := s.FilterCommunications(ctx, f)
	require.NoError(t, err)
	require.NotEmpty(t, want)
	f.NoContent = true
	var got []domain.Communication
	require.NoError(t, s.EachCommunication(ctx, f, func(c domain.Communication) error {
		require.Empty(t, c.RawContent)
		require.Empty(t, c.GeneratedContent)
		require.Empty(t, c.SelectedQuestions)
		got = append(got, c)
		return nil
	}))
	require.Len(t, got, len(want))
	for i := range want {
		require.NotEmpty(t, want[i].RawContent)
		want[i].RawContent, want[i].GeneratedContent, want[i].SelectedQuestions = "", "", got[i].SelectedQuestions
	}
	byID := func(a, b domain.Communication) int { return strings.Compare(a.ID, b.ID) }
	slices.SortFunc(want, byID)
	slices.SortFunc(got, byID)
	assert.Equal(t, want, got)
	// A dangling filter reference is refused as FilterCommunications does.
	var ref *store.ReferenceError
	require.ErrorAs(t, s.EachCommunication(ctx, store.CommunicationFilter{ThemeID: "missing"}, func(domain.Communication) error { return nil }), &ref)
	assert.Equal(t, "themeId", ref.Field)
	// fn's error stops the walk, past the first page too.
	stop := errors.New("stop")
	n := 0
	err = s.EachCommunication(ctx, store.CommunicationFilter{}, func(domain.Communication) error {
		if n++; n == 700 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	assert.Equal(t, 700, n)
}

// testEachCampaign checks that EachCampaign gives the campaigns
// ListCampaigns lists, over more than one page, without their HTML: all
// in the list's order, or those asked for in the order asked, an unknown
// id skipped; and that it stops at fn's error.
func testEachCampaign(t *testing.T, s store.Store) {
	for i := range 23 {
		c := domain.Campaign{Title: fmt.Sprintf("Campaign %d", i), Schedule: json.RawMessage(fmt.Sprintf(`{"totalActivities":%d}`, i)),
			HTMLContent: strings.Repeat("<p>wave</p>", 100), AudienceFilters: json.RawMessage(`{}`), GeographicFilters: []string{"texas"}}
		require.NoError(t, s.CreateCampaign(ctx, &c))
		if i%4 == 0 {
			require.NoError(t, s.SetReview(ctx, "campaign", c.ID, domain.Review{State: domain.ReviewApproved}))
		}
	}
	list, err := s.ListCampaigns(ctx)
	require.NoError(t, err)
	want := make([]domain.Campaign, len(list))
	for i, c := range list {
		require.NotEmpty(t, c.HTMLContent)
		c.HTMLContent = ""
		want[i] = c
	}
	walk := func(ids []string) []domain.Campaign {
		var got []domain.Campaign
		require.NoError(t, s.EachCampaign(ctx, ids, func(c domain.Campaign) error {
			got = append(got, c)
			return nil
		}))
		return got
	}
	assert.Equal(t, want, walk(nil), "every campaign, in the list's order, without HTML")
	ids := []string{want[20].ID, "missing", want[3].ID, want[11].ID, want[0].ID}
	for i := range 12 {
		ids = append(ids, want[(i*5)%len(want)].ID)
	}
	var wantSome []domain.Campaign
	seen := map[string]bool{}
	for _, id := range ids {
		if i := slices.IndexFunc(want, func(c domain.Campaign) bool { return c.ID == id }); i >= 0 && !seen[id] {
			seen[id] = true
			wantSome = append(wantSome, want[i])
		}
	}
	assert.Equal(t, wantSome, walk(ids), "those asked for, once each, in that order")
	assert.Empty(t, walk([]string{}))
	stop := errors.New("stop")
	n := 0
	err = s.EachCampaign(ctx, nil, func(domain.Campaign) error {
		if n++; n == 15 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	assert.Equal(t, 15, n)
}

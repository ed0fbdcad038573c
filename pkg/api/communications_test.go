package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func TestScheduledDateRoundTrip(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		cases := []struct{ in, out string }{
			{"2031-03-04", "2031-03-04"},
			{"2031-03-04T15:00:00.000Z", "2031-03-04T15:00:00Z"},
			{"2031-03-04T10:00:00-05:00", "2031-03-04T15:00:00Z"},
			{"2031-03-04T22:30:00-05:00", "2031-03-05T03:30:00Z"},
			{"2031-03-04T15:00:00.250Z", "2031-03-04T15:00:00.25Z"},
			{"", ""},
		}
		for _, tc := range cases {
			t.Run(tc.in, func(t *testing.T) {
				var c domain.Communication
				ts.json("POST", "/api/communications", map[string]any{"title": "Town hall", "scheduledDate": tc.in}, 201, &c)
				assert.Equal(t, tc.out, c.ScheduledDate, "create answers the stored form")
				var got domain.Communication
				ts.json("GET", "/api/communications/"+c.ID, nil, 200, &got)
				assert.Equal(t, tc.out, got.ScheduledDate, "get reads the same back")
				// An update that leaves scheduledDate out keeps it, kind and all.
				ts.json("PUT", "/api/communications/"+c.ID, map[string]any{"title": "Renamed"}, 200, &got)
				assert.Equal(t, tc.out, got.ScheduledDate)
			})
		}

		var c domain.Communication
		ts.json("POST", "/api/communications", map[string]any{"title": "Go-live", "status": "scheduled", "scheduledDate": "2031-03-04"}, 201, &c)
		ts.json("PUT", "/api/communications/"+c.ID, map[string]any{"scheduledDate": "2031-03-05T09:30:00+01:00"}, 200, &c)
		assert.Equal(t, "2031-03-05T08:30:00Z", c.ScheduledDate, "a date can become an instant")
		ts.json("PUT", "/api/communications/"+c.ID, map[string]any{"scheduledDate": "2031-03-06"}, 200, &c)
		assert.Equal(t, "2031-03-06", c.ScheduledDate, "and back")

		for _, bad := range []string{"12/01/2031", "2031-02-30", "2031-03-04T15:00", "2031-03-04 15:00:00Z", "tomorrow", "2031-13-01"} {
			t.Run("bad "+bad, func(t *testing.T) {
				resp, body := ts.do("POST", "/api/communications", map[string]any{"title": "t", "scheduledDate": bad})
				require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
				e := errorBody(t, body)
				assert.Equal(t, domain.ErrScheduled.Error(), e.Fields["scheduledDate"])
				resp, body = ts.do("PUT", "/api/communications/"+c.ID, map[string]any{"scheduledDate": bad})
				require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
				assert.Contains(t, errorBody(t, body).Fields, "scheduledDate")
			})
		}
		resp, body := ts.do("POST", "/api/communications", map[string]any{"title": "t", "scheduledDate": 20310304})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
		assert.Contains(t, errorBody(t, body).Fields, "scheduledDate")
		ts.json("GET", "/api/communications/"+c.ID, nil, 200, &c)
		assert.Equal(t, "2031-03-06", c.ScheduledDate, "a refused update changed nothing")
	})
}

// batchItem is one valid import item, of a saved campaign.
func batchItem(themeID, campaignID string, i int) map[string]any {
	return map[string]any{"title": fmt.Sprintf("Imported %d", i), "themeId": themeID, "status": "scheduled",
		"scheduledDate": fmt.Sprintf("2031-03-%02dT15:00:00.000Z", i%28+1), "rawContent": "Activity details",
		"sourceCampaignId": campaignID, "sourceActivityId": fmt.Sprintf("act-%d", i)}
}

// savedCampaigns saves a campaign without activities for each title and
// answers their ids by title.
func savedCampaigns(t *testing.T, ts *testServer, titles ...string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, title := range titles {
		c := domain.Campaign{Title: title, Schedule: json.RawMessage(`{"activities":[]}`)}
		require.NoError(t, ts.Store.CreateCampaign(context.Background(), &c))
		ids[title] = c.ID
	}
	return ids
}

func TestCommunicationsBatch(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var theme domain.Theme
		ts.json("POST", "/api/themes", map[string]string{"name": "Go-live", "description": "d"}, 201, &theme)
		camps := savedCampaigns(t, ts, "camp-1", "camp-dangling", "camp-1000", "camp-again")
		count := func() int {
			var list []domain.Communication
			ts.json("GET", "/api/communications", nil, 200, &list)
			return len(list)
		}
		items := func(n int) []map[string]any {
			out := make([]map[string]any, n)
			for i := range out {
				out[i] = batchItem(theme.ID, camps["camp-1"], i)
			}
			return out
		}
		post := func(body any) (int, ErrorBody) {
			resp, out := ts.do("POST", "/api/communications/batch", body)
			if resp.StatusCode < 400 {
				return resp.StatusCode, ErrorBody{}
			}
			return resp.StatusCode, errorBody(t, out)
		}

		t.Run("created in order with their source ids", func(t *testing.T) {
			var created []domain.Communication
			ts.json("POST", "/api/communications/batch", map[string]any{"communications": items(3)}, 201, &created)
			require.Len(t, created, 3)
			for i, c := range created {
				assert.Equal(t, fmt.Sprintf("Imported %d", i), c.Title)
				assert.Equal(t, camps["camp-1"], c.SourceCampaignID)
				assert.Equal(t, fmt.Sprintf("act-%d", i), c.SourceActivityID)
				assert.Equal(t, fmt.Sprintf("2031-03-%02dT15:00:00Z", i+1), c.ScheduledDate)
				require.NotNil(t, c.Theme)
				assert.Equal(t, "Go-live", c.Theme.Name)
			}
			var got domain.Communication
			ts.json("GET", "/api/communications/"+created[2].ID, nil, 200, &got)
			assert.Equal(t, "act-2", got.SourceActivityID, "source ids are stored")
			ts.json("PUT", "/api/communications/"+got.ID, map[string]any{"title": "Edited"}, 200, &got)
			assert.Equal(t, camps["camp-1"], got.SourceCampaignID, "an update keeps them")
			var single domain.Communication
			ts.json("POST", "/api/communications", map[string]any{"title": "Single"}, 201, &single)
			assert.Empty(t, single.SourceCampaignID)
			assert.Contains(t, mustGet(ts, "/api/communications/"+single.ID), `"sourceCampaignId":"","sourceActivityId":""`, "always returned")
		})
		before := count()

		t.Run("an item without a status is scheduled; a status given wins", func(t *testing.T) {
			noStatus := batchItem(theme.ID, camps["camp-1"], 10)
			delete(noStatus, "status")
			nullStatus := batchItem(theme.ID, camps["camp-1"], 11)
			nullStatus["status"] = nil
			draft := batchItem(theme.ID, camps["camp-1"], 12)
			draft["status"] = "draft"
			sent := batchItem(theme.ID, camps["camp-1"], 13)
			sent["status"] = "sent"
			var created []domain.Communication
			ts.json("POST", "/api/communications/batch", map[string]any{"communications": []any{noStatus, nullStatus, draft, sent}}, 201, &created)
			require.Len(t, created, 4)
			assert.Equal(t, []string{"scheduled", "scheduled", "draft", "sent"},
				[]string{created[0].Status, created[1].Status, created[2].Status, created[3].Status})
			var got domain.Communication
			ts.json("GET", "/api/communications/"+created[0].ID, nil, 200, &got)
			assert.Equal(t, "scheduled", got.Status, "as stored")
			var single domain.Communication
			ts.json("POST", "/api/communications", map[string]any{"title": "Single"}, 201, &single)
			assert.Equal(t, "draft", single.Status, "a single create keeps the form's default")
		})
		before = count()

		t.Run("an invalid item fails all, named by index", func(t *testing.T) {
			list := items(5)
			list[3]["title"] = "  "
			list[4]["scheduledDate"] = "soon"
			status, e := post(map[string]any{"communications": list})
			assert.Equal(t, http.StatusBadRequest, status)
			assert.Equal(t, map[string]string{"communications[3].title": "is required",
				"communications[4].scheduledDate": domain.ErrScheduled.Error()}, e.Fields)
			assert.Equal(t, before, count(), "nothing created")
		})
		t.Run("a dangling reference fails all, named by index", func(t *testing.T) {
			fresh := func(n int) []map[string]any {
				list := items(n)
				for _, it := range list {
					it["sourceCampaignId"] = camps["camp-dangling"] // not skipped as imported before
				}
				return list
			}
			list := fresh(5)
			list[2]["themeId"] = missingID
			status, e := post(map[string]any{"communications": list})
			assert.Equal(t, http.StatusBadRequest, status)
			assert.Contains(t, e.Fields, "communications[2].themeId")
			list = fresh(2)
			list[1]["vehicleId"] = missingID
			_, e = post(map[string]any{"communications": list})
			assert.Contains(t, e.Fields, "communications[1].vehicleId")
			assert.Equal(t, before, count(), "nothing created")
		})
		t.Run("a wrong type is named by index", func(t *testing.T) {
			list := []any{batchItem(theme.ID, camps["camp-1"], 0), map[string]any{"title": 5}, "not an object"}
			status, e := post(map[string]any{"communications": list})
			assert.Equal(t, http.StatusBadRequest, status)
			assert.Equal(t, "has the wrong type", e.Fields["communications[1].title"])
			assert.Contains(t, e.Fields, "communications[2]")
			assert.Equal(t, before, count())
		})
		t.Run("1 to 1000 items", func(t *testing.T) {
			for _, body := range []any{map[string]any{"communications": []any{}}, map[string]any{}, map[string]any{"communications": items(1001)}} {
				status, e := post(body)
				assert.Equal(t, http.StatusBadRequest, status)
				assert.Contains(t, e.Fields, "communications")
			}
			status, e := post(`{"communications": {"title": "x"}}`)
			assert.Equal(t, http.StatusBadRequest, status)
			assert.Contains(t, e.Fields, "communications")
			assert.Equal(t, before, count())

			start := time.Now()
			var created []domain.Communication
			list := items(1000)
			for _, it := range list {
				it["sourceCampaignId"] = camps["camp-1000"] // none imported yet
			}
			ts.json("POST", "/api/communications/batch", map[string]any{"communications": list}, 201, &created)
			t.Logf("%s: 1,000 communications in one batch took %s", b.Name, time.Since(start).Round(time.Millisecond))
			require.Len(t, created, 1000)
			assert.Equal(t, "Imported 999", created[999].Title)
			assert.Equal(t, before+1000, count())
			var acts []domain.Activity
			ts.json("GET", "/api/activity?limit=500", nil, 200, &acts)
			assert.Equal(t, created[999].ID, acts[0].EntityID, "each item is logged")
		})
		t.Run("a second batch of the same activities creates nothing", func(t *testing.T) {
			n := count()
			list := items(3)
			for _, it := range list {
				it["sourceCampaignId"] = camps["camp-again"]
			}
			var created []domain.Communication
			ts.json("POST", "/api/communications/batch", map[string]any{"communications": list}, 201, &created)
			require.Len(t, created, 3)
			// The same three again, one new, and the new one twice in the batch.
			fresh := batchItem(theme.ID, camps["camp-1"], 3)
			fresh["sourceCampaignId"] = camps["camp-again"]
			ts.json("POST", "/api/communications/batch", map[string]any{"communications": append(list, fresh, fresh)}, 201, &created)
			require.Len(t, created, 1, "only the new activity")
			assert.Equal(t, "act-3", created[0].SourceActivityID)
			ts.json("POST", "/api/communications/batch", map[string]any{"communications": list}, 201, &created)
			assert.Empty(t, created)
			assert.Equal(t, n+4, count())
		})
		t.Run("a source activity without its campaign is refused", func(t *testing.T) {
			n := count()
			list := items(2)
			delete(list[1], "sourceCampaignId")
			status, e := post(map[string]any{"communications": list})
			assert.Equal(t, http.StatusBadRequest, status)
			assert.Contains(t, e.Fields, "communications[1].sourceCampaignId")
			assert.Equal(t, n, count())
		})
		t.Run("body limit", func(t *testing.T) {
			huge := strings.Repeat("x", MaxBatchBody)
			status, _ := post(map[string]any{"communications": []any{map[string]any{"title": "t", "rawContent": huge}}})
			assert.Equal(t, http.StatusRequestEntityTooLarge, status)
		})
	})
}

// mustGet answers the body of a GET that must succeed.
func mustGet(ts *testServer, path string) string {
	ts.t.Helper()
	resp, body := ts.do("GET", path, nil)
	require.Equal(ts.t, http.StatusOK, resp.StatusCode, string(body))
	return string(body)
}

func TestVehicleDefaultsAndCounts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var ref Reference
		ts.json("GET", "/api/reference", nil, 200, &ref)
		require.Len(t, ref.VehicleTypes, len(domain.VehicleTypeNames))
		for _, vt := range ref.VehicleTypes {
			var v domain.Vehicle
			ts.json("POST", "/api/vehicles", map[string]any{"name": vt.Label, "type": vt.Type}, 201, &v)
			assert.Equal(t, vt.DefaultSettings, v.Settings, vt.Type)
			assert.Equal(t, vt.DefaultStrategy, v.CommunicationStrategy, vt.Type)
			assert.Equal(t, vt.PreferredGenerations, v.PreferredGenerations, vt.Type)
			assert.Equal(t, vt.DefaultEffectiveness, v.GenerationalEffectiveness, vt.Type)
			assert.Len(t, v.GenerationalEffectiveness, len(domain.Generations), vt.Type)
			assert.Equal(t, 0, v.CommunicationCount)
		}

		// What is given is kept; only what is left out is filled.
		var v domain.Vehicle
		ts.json("POST", "/api/vehicles", map[string]any{"name": "Texts", "type": "sms", "communicationStrategy": "universal",
			"settings": map[string]any{"maxLength": 120}, "preferredGenerations": []string{},
			"generationalEffectiveness": map[string]float64{"gen_z": 0.9}, "communicationCount": 99}, 201, &v)
		assert.Equal(t, "universal", v.CommunicationStrategy)
		assert.Equal(t, domain.VehicleSettings{Template: "sms", MaxLength: 120, Format: "text"}, v.Settings)
		assert.Equal(t, []string{}, v.PreferredGenerations)
		assert.Equal(t, map[string]float64{"gen_z": 0.9}, v.GenerationalEffectiveness)
		assert.Equal(t, 0, v.CommunicationCount, "communicationCount is read only")
		// null asks for the type's defaults again.
		ts.json("PUT", "/api/vehicles/"+v.ID, map[string]any{"generationalEffectiveness": nil}, 200, &v)
		smsType, _ := domain.VehicleTypeInfo("sms")
		assert.Equal(t, smsType.DefaultEffectiveness, v.GenerationalEffectiveness)

		var email, sms domain.Vehicle
		ts.json("POST", "/api/vehicles", map[string]any{"name": "Weekly email", "type": "email"}, 201, &email)
		ts.json("POST", "/api/vehicles", map[string]any{"name": "Urgent SMS", "type": "sms"}, 201, &sms)
		var comms []domain.Communication
		for i, vid := range []string{email.ID, email.ID, sms.ID, ""} {
			var c domain.Communication
			ts.json("POST", "/api/communications", map[string]any{"title": fmt.Sprint("Note ", i), "vehicleId": vid}, 201, &c)
			comms = append(comms, c)
		}
		var batch []domain.Communication
		ts.json("POST", "/api/communications/batch", map[string]any{"communications": []any{
			map[string]any{"title": "Batch email", "vehicleId": email.ID}}}, 201, &batch)

		var list []domain.Vehicle
		ts.json("GET", "/api/vehicles", nil, 200, &list)
		counts := map[string]int{}
		for _, v := range list {
			counts[v.ID] = v.CommunicationCount
		}
		assert.Equal(t, 3, counts[email.ID])
		assert.Equal(t, 1, counts[sms.ID])
		assert.Equal(t, 0, counts[v.ID])
		ts.json("GET", "/api/vehicles/"+email.ID, nil, 200, &email)
		assert.Equal(t, 3, email.CommunicationCount)

		// Deleting a vehicle in use clears it from its communications, which keep working.
		ts.json("DELETE", "/api/vehicles/"+email.ID, nil, 204, nil)
		var c domain.Communication
		ts.json("GET", "/api/communications/"+comms[0].ID, nil, 200, &c)
		assert.Empty(t, c.VehicleID)
		assert.Nil(t, c.Vehicle)
		ts.json("PUT", "/api/communications/"+comms[0].ID, map[string]any{"title": "Still editable", "vehicleId": sms.ID}, 200, &c)
		assert.Equal(t, sms.ID, c.VehicleID)
		ts.json("GET", "/api/communications/"+batch[0].ID, nil, 200, &c)
		assert.Empty(t, c.VehicleID)
		ts.json("GET", "/api/vehicles/"+sms.ID, nil, 200, &sms)
		assert.Equal(t, 2, sms.CommunicationCount)
		var all []domain.Communication
		ts.json("GET", "/api/communications", nil, 200, &all)
		assert.Len(t, all, 5)
	})
}

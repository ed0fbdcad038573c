package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func TestJobTitles(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)

		var all []orgdata.JobTitle
		ts.json(http.MethodGet, "/api/job-titles", nil, http.StatusOK, &all)
		require.Len(t, all, 241)
		sum := 0
		for _, jt := range all {
			sum += jt.TotalEmployees
			assert.Equal(t, jt.DivisionsCount, len(jt.Divisions), jt.JobTitle)
			n := 0
			for _, c := range jt.DivisionBreakdown {
				n += c
			}
			assert.Equal(t, jt.TotalEmployees, n, jt.JobTitle)
		}
		assert.Equal(t, 1933, sum)
		assert.Equal(t, "FA/LV Installer", all[0].JobTitle)

		tests := []struct {
			name, q, division string
			min, max          int
			check             func(t *testing.T, jt orgdata.JobTitle)
		}{
			{name: "title, any case", q: "SPRINKLER FITTER C2", min: 1, max: 1},
			{name: "title substring", q: "installer", min: 2, max: 241, check: func(t *testing.T, jt orgdata.JobTitle) {
				assert.Contains(t, strings.ToLower(jt.JobTitle), "installer")
			}},
			{name: "division substring", division: "hr serv", min: 1, max: 241, check: func(t *testing.T, jt orgdata.JobTitle) {
				assert.Contains(t, jt.Divisions, "HR Services")
			}},
			{name: "state in division label", division: "MICHIGAN", min: 1, max: 241, check: func(t *testing.T, jt orgdata.JobTitle) {
				assert.Contains(t, jt.Divisions, "GLF - Michigan")
			}},
			{name: "both filters", q: "technician", division: "texas", min: 1, max: 241, check: func(t *testing.T, jt orgdata.JobTitle) {
				assert.Contains(t, strings.ToLower(jt.JobTitle), "technician")
				assert.True(t, strings.Contains(strings.Join(jt.Divisions, "|"), "Texas"))
			}},
			{name: "empty filters match all", q: "", division: "", min: 241, max: 241},
			{name: "no match", q: "zeppelin pilot", min: 0, max: 0},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				v := url.Values{}
				v.Set("q", tc.q)
				v.Set("division", tc.division)
				resp, body := ts.do(http.MethodGet, "/api/job-titles?"+v.Encode(), nil)
				require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
				assert.True(t, strings.HasPrefix(strings.TrimSpace(string(body)), "["), "an array, never null: %s", body)
				var got []orgdata.JobTitle
				require.NoError(t, json.Unmarshal(body, &got))
				assert.GreaterOrEqual(t, len(got), tc.min)
				assert.LessOrEqual(t, len(got), tc.max)
				for _, jt := range got {
					if tc.check != nil {
						tc.check(t, jt)
					}
				}
			})
		}
	})
}

func TestReference(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		var ref Reference
		ts.json(http.MethodGet, "/api/reference", nil, http.StatusOK, &ref)

		assert.Equal(t, 1933, ref.TotalEmployees)
		assert.Equal(t, 241, ref.JobTitleCount)
		assert.Len(t, ref.Locations, 10)
		assert.Len(t, ref.OrgLevels, 8)
		assert.Len(t, ref.RoleGroups, 15)
		assert.Len(t, ref.Divisions, len(orgdata.Load().Divisions))
		for name, counts := range map[string][]int{
			"locations":  countsOf(ref.Locations, func(l orgdata.Location) int { return l.Count }),
			"divisions":  countsOf(ref.Divisions, func(d orgdata.Division) int { return d.Count }),
			"orgLevels":  countsOf(ref.OrgLevels, func(l orgdata.Level) int { return l.Count }),
			"roleGroups": countsOf(ref.RoleGroups, func(g orgdata.RoleGroup) int { return g.Count }),
		} {
			sum := 0
			for _, c := range counts {
				sum += c
			}
			assert.Equal(t, 1933, sum, name)
		}
		assert.Equal(t, 873, ref.GenerationalSplit.Traditional)
		assert.Equal(t, 1059, ref.GenerationalSplit.DigitalNative)
		assert.Len(t, ref.Generations, 5)
		require.Len(t, ref.VehicleTypes, 17)
		email := ref.VehicleTypes[0]
		assert.Equal(t, "email", email.Type)
		assert.Equal(t, domain.VehicleSettings{Template: "standard", MaxLength: 5000, Format: "html"}, email.DefaultSettings)
		assert.Len(t, ref.RoleGroupsByDivision, len(ref.Divisions))
		assert.Contains(t, ref.RoleGroupsByDivision["laf"], "sprinkler")
		assert.NotContains(t, ref.RoleGroupsByDivision["laf"], "security")

		// The campaign part comes from pkg/campaign, flattened into the document.
		assert.Equal(t, campaign.Reference(), ref.ReferenceData)
		assert.Len(t, ref.CampaignTypes, 8)
		assert.Len(t, ref.MaturityPhases, 6)
		assert.Len(t, ref.PreAcquisitionPhases, 6)

		// Field names are the documented camelCase ones.
		_, body := ts.do(http.MethodGet, "/api/reference", nil)
		var raw map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(body, &raw))
		for _, key := range []string{"companyName", "totalEmployees", "locations", "divisions", "orgLevels", "roleGroups", "generations",
			"generationalSplit", "vehicleTypes", "campaignTypes", "maturityPhases", "preAcquisitionPhases",
			"audienceGroups", "audienceTypes", "urgencyLevels", "roleGroupsByDivision"} {
			assert.Contains(t, raw, key)
		}
	})
}

func TestReferenceRoutesNeedSession(t *testing.T) {
	ts := newAnonServer(t, storetest.Backends[0], Options{})
	for _, path := range []string{"/api/job-titles", "/api/job-titles?q=fitter", "/api/reference"} {
		resp, body := ts.do(http.MethodGet, path, nil)
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, path)
		errorBody(t, body)
	}
	resp, _ := newTestServer(t, storetest.Backends[0]).do(http.MethodPost, "/api/job-titles", map[string]string{})
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
}

func countsOf[T any](items []T, count func(T) int) []int {
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = count(it)
	}
	return out
}

// TestOrganisationFollowsTheDirectory: once a directory is imported, the
// reference data (divisions, locations, totals, the scheduler's role
// groups), the Roles table and the scheduler's targeting are the
// directory's; a division only the import brought in is offered and
// counted without a new binary; the reference's ETag moves with it. On
// both backends.
func TestOrganisationFollowsTheDirectory(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		ts := newTestServer(t, b)
		p := plan.New(ts.Store)
		_, adminCode, err := p.AddPerson(terminal(), "Ada Admin", "", "admin")
		require.NoError(t, err)
		admin := ts.signInAs(adminCode)

		reference := func(etag string) (*http.Response, Reference) {
			t.Helper()
			h := http.Header{}
			if etag != "" {
				h.Set("If-None-Match", etag)
			}
			resp, body := ts.doWith(http.MethodGet, "/api/reference", nil, h)
			var ref Reference
			if resp.StatusCode == http.StatusOK {
				require.NoError(t, json.Unmarshal(body, &ref))
			}
			return resp, ref
		}
		resp, ref := reference("")
		require.Equal(t, http.StatusOK, resp.StatusCode)
		embedded := resp.Header.Get("ETag")
		require.NotEmpty(t, embedded)
		assert.Equal(t, 1933, ref.TotalEmployees, "the embedded dataset without a directory")
		assert.Len(t, ref.Divisions, 30)
		resp, _ = reference(embedded)
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)

		for _, f := range []string{"hr-export-200.csv", "hr-export-200-leavers.csv"} {
			resp, body := admin.do(http.MethodPost, "/api/directory/import", directoryFixture(t, f))
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		}

		resp, ref = reference(embedded)
		require.Equal(t, http.StatusOK, resp.StatusCode, "an import moves the reference's ETag")
		assert.NotEqual(t, embedded, resp.Header.Get("ETag"))
		assert.Equal(t, 190, ref.TotalEmployees, "200 imported, 10 left")
		var nwf *orgdata.Division
		sum := 0
		for i, d := range ref.Divisions {
			sum += d.Count
			if d.Label == "NWF - Washington" {
				nwf = &ref.Divisions[i]
			}
		}
		require.NotNil(t, nwf, "the new division is offered: %v", ref.Divisions)
		assert.Equal(t, orgdata.Division{ID: "nwf-washington", Label: "NWF - Washington", Location: "washington", Count: 5}, *nwf)
		assert.Equal(t, 190, sum)
		assert.Contains(t, ref.Locations, orgdata.Location{ID: "washington", Label: "Washington", Count: 5})
		assert.Contains(t, ref.RoleGroupsByDivision, "nwf-washington")
		assert.Contains(t, ref.DivisionProfiles, "nwf-washington")
		resp, _ = reference(resp.Header.Get("ETag"))
		assert.Equal(t, http.StatusNotModified, resp.StatusCode)

		var titles []orgdata.JobTitle
		ts.json(http.MethodGet, "/api/job-titles", nil, http.StatusOK, &titles)
		n := 0
		for _, jt := range titles {
			n += jt.TotalEmployees
		}
		assert.Equal(t, 190, n, "the Roles table counts the directory")
		ts.json(http.MethodGet, "/api/job-titles?division=nwf", nil, http.StatusOK, &titles)
		assert.NotEmpty(t, titles)

		var gen struct {
			Schedule campaign.Schedule `json:"schedule"`
		}
		cfg := map[string]any{"campaignName": "Welcome NWF", "startDate": "2031-06-02", "endDate": "2031-07-31",
			"campaignTypes": []string{"change-management"}, "audienceMode": "organizational", "divisions": []string{"nwf-washington"}}
		ts.json(http.MethodPost, "/api/campaigns/generate", cfg, http.StatusOK, &gen)
		require.NotNil(t, gen.Schedule.Targeting)
		assert.Equal(t, 5, gen.Schedule.Targeting.TargetCount)
		assert.Equal(t, "~5 employees", gen.Schedule.Targeting.EmployeeTarget)
		var saved domain.Campaign
		ts.json(http.MethodPost, "/api/campaigns", map[string]any{"title": "Welcome NWF", "schedule": gen.Schedule,
			"geographicFilters": []string{"washington"}}, http.StatusCreated, &saved)
		assert.Equal(t, []string{"washington"}, saved.GeographicFilters, "a location the directory brought in")
		cfg["divisions"] = []string{"laf"}
		resp, body := ts.do(http.MethodPost, "/api/campaigns/generate", cfg)
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "a division the directory does not have is unknown: %s", body)
	})
}

package storetest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

func employee(id, name, division string) domain.Employee {
	return domain.Employee{EmployeeID: id, Name: name, Email: id + "@example.com", Division: division, Location: "California",
		Department: "Field", JobTitle: "Installer", Level: "Individual Contributor", EmployeeType: "Full-time",
		RoleGroup: "Field Technicians", Active: true, StartDate: "2020-01-02", Attributes: map[string]string{"costCentre": "C1"},
		Source: domain.SourceCSV}
}

func testDirectory(t *testing.T, s store.Store) {
	st, err := s.DirectoryStatus(ctx)
	require.NoError(t, err)
	assert.False(t, st.Loaded())
	assert.Nil(t, st.AsOf)
	before, err := s.DataVersion(ctx, store.AudiencesList)
	require.NoError(t, err)

	ann, bob, cy := employee("E1", "Ann Abbott", "SFB - California"), employee("E2", "Bob Brown", "TFS - Florida"), employee("E3", "Cy Chen", "SFB - California")
	cy.Active = false
	require.NoError(t, s.ApplyDirectory(ctx, store.DirectoryChange{Create: []domain.Employee{ann, bob, cy},
		Action: store.ActionDirectoryImported, Label: "3 created"}))

	got, err := s.GetEmployee(ctx, "E1")
	require.NoError(t, err)
	assert.NotEmpty(t, got.ID)
	assert.Equal(t, "Ann Abbott", got.Name)
	assert.Equal(t, map[string]string{"costCentre": "C1"}, got.Attributes)
	byID, err := s.GetEmployee(ctx, got.ID)
	require.NoError(t, err)
	assert.Equal(t, got, byID)
	_, err = s.GetEmployee(ctx, "nobody")
	assert.ErrorIs(t, err, store.ErrNotFound)

	st, err = s.DirectoryStatus(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, st.Total)
	assert.Equal(t, 2, st.Active)
	require.NotNil(t, st.AsOf)
	after, err := s.DataVersion(ctx, store.AudiencesList)
	require.NoError(t, err)
	assert.Greater(t, after, before, "the audiences' counts follow the directory")
	audit, err := s.ListAudit(ctx, store.AuditFilter{EntityType: "directory", Limit: 10})
	require.NoError(t, err)
	require.Len(t, audit, 1)
	assert.Equal(t, store.ActionDirectoryImported, audit[0].Action)

	names := func(f store.EmployeeFilter) []string {
		t.Helper()
		page, err := s.ListEmployees(ctx, f)
		require.NoError(t, err)
		out := []string{}
		for _, e := range page.Rows {
			out = append(out, e.Name)
		}
		return out
	}
	yes, no := true, false
	assert.Equal(t, []string{"Ann Abbott", "Bob Brown", "Cy Chen"}, names(store.EmployeeFilter{}))
	assert.Equal(t, []string{"Ann Abbott", "Cy Chen"}, names(store.EmployeeFilter{Division: "sfb california"}))
	assert.Equal(t, []string{"Bob Brown"}, names(store.EmployeeFilter{Q: "BROWN"}))
	assert.Equal(t, []string{"Bob Brown"}, names(store.EmployeeFilter{Q: "e2@example"}))
	assert.Empty(t, names(store.EmployeeFilter{Q: "e2@example", NotByEmail: true}), "an email is not searched for who may not see it")
	assert.Equal(t, []string{"Bob Brown"}, names(store.EmployeeFilter{Q: "brown", NotByEmail: true}))
	assert.Equal(t, []string{"Cy Chen"}, names(store.EmployeeFilter{Active: &no}))
	assert.Equal(t, []string{"Ann Abbott", "Bob Brown"}, names(store.EmployeeFilter{Active: &yes, JobTitle: "installer", Level: "individual-contributor", Location: "CALIFORNIA"}))
	assert.Empty(t, names(store.EmployeeFilter{Q: "100%"}))
	page, err := s.ListEmployees(ctx, store.EmployeeFilter{Offset: 1, Limit: 1})
	require.NoError(t, err)
	assert.Equal(t, 3, page.Total)
	assert.True(t, page.More)
	require.Len(t, page.Rows, 1)
	assert.Equal(t, "Bob Brown", page.Rows[0].Name)

	// Update, deactivate (an endDate already set stays), and a duplicate
	// key that fails the whole change.
	got.Name = "Ann Archer"
	bobStored, err := s.GetEmployee(ctx, "E2")
	require.NoError(t, err)
	require.NoError(t, s.ApplyDirectory(ctx, store.DirectoryChange{Update: []domain.Employee{got},
		Deactivate: []string{bobStored.ID}, EndDate: "2031-05-06", Action: store.ActionDirectoryImported}))
	got, err = s.GetEmployee(ctx, "E1")
	require.NoError(t, err)
	assert.Equal(t, "Ann Archer", got.Name)
	bobStored, err = s.GetEmployee(ctx, "E2")
	require.NoError(t, err)
	assert.False(t, bobStored.Active)
	assert.Equal(t, "2031-05-06", bobStored.EndDate)

	err = s.ApplyDirectory(ctx, store.DirectoryChange{Create: []domain.Employee{employee("E4", "Di", "X"), employee("E1", "Again", "X")},
		Action: store.ActionDirectoryImported})
	assert.ErrorIs(t, err, store.ErrConflict)
	_, err = s.GetEmployee(ctx, "E4")
	assert.ErrorIs(t, err, store.ErrNotFound, "a failed change writes nothing")
	ghost := got
	ghost.ID, ghost.EmployeeID = "00000000-0000-4000-8000-000000000000", "E9"
	assert.ErrorIs(t, s.ApplyDirectory(ctx, store.DirectoryChange{Update: []domain.Employee{ghost}, Action: store.ActionDirectoryImported}), store.ErrNotFound)

	facets, err := s.DirectoryFacets(ctx)
	require.NoError(t, err)
	assert.Equal(t, []store.Facet{{Value: "SFB - California", Count: 1}}, facets.Divisions, "active entries only (Bob left, Cy is inactive)")
	assert.Equal(t, []store.Facet{{Value: "Installer", Count: 1}}, facets.JobTitles)
	assert.Equal(t, []store.Facet{}, facets.RoleGroups[:0])
	heads, err := s.DirectoryHeadCounts(ctx)
	require.NoError(t, err)
	assert.Equal(t, []domain.HeadCount{{Division: "SFB - California", Location: "California", Level: "Individual Contributor",
		RoleGroup: "Field Technicians", JobTitle: "Installer", Count: 1}}, heads, "active entries only, grouped")

	var order []string
	require.NoError(t, s.EachEmployee(ctx, func(e domain.Employee) error { order = append(order, e.EmployeeID); return nil }))
	assert.Equal(t, []string{"E1", "E2", "E3"}, order)
}

// testDirectoryMembers holds CountMembers and ListMembers to
// domain.Criteria.Member over generated directories and criteria.
func testDirectoryMembers(t *testing.T, s store.Store) {
	rng := rand.New(rand.NewPCG(44, 1))
	divisions := []string{"SFB - California", "TFS - Florida", "Corporate", ""}
	locations := []string{"California", "Florida", "new-jersey", ""}
	levels := []string{"Executive Leadership", "Individual Contributor", "Supervisor"}
	roles := []string{"Field Technicians", "Sales", ""}
	departments := []string{"Service", "Install", "HR"}
	types := []string{"Full-time", "Part-time", "Contractor"}
	pick := func(vs []string) string { return vs[rng.IntN(len(vs))] }
	var all []domain.Employee
	for i := range 300 {
		e := domain.Employee{EmployeeID: fmt.Sprintf("E%03d", i), Name: fmt.Sprintf("Person %03d", i), Division: pick(divisions),
			Location: pick(locations), Level: pick(levels), RoleGroup: pick(roles), Department: pick(departments),
			EmployeeType: pick(types), Active: rng.IntN(10) > 0, Source: domain.SourceSeed}
		all = append(all, e)
	}
	require.NoError(t, s.ApplyDirectory(ctx, store.DirectoryChange{Create: all, Action: store.ActionDirectoryImported}))
	some := func(vs []string, spell func(string) string) []string {
		var out []string
		for _, v := range vs {
			if rng.IntN(3) == 0 {
				out = append(out, spell(v))
			}
		}
		return out
	}
	upper := func(v string) string { return fmt.Sprintf("%s ", v) }
	ids := func() []string {
		var out []string
		for range rng.IntN(4) {
			out = append(out, fmt.Sprintf("E%03d", rng.IntN(320)))
		}
		return out
	}
	var cs []domain.Criteria
	for range 60 {
		cs = append(cs, domain.Criteria{Divisions: some(divisions, upper), Locations: some(locations, domain.DirectoryKey),
			Levels: some(levels, upper), Roles: some(roles, upper), Departments: some(departments, upper),
			EmployeeTypes: some(types, upper), Include: ids(), Exclude: ids()})
	}
	cs = append(cs, domain.Criteria{})
	counts, err := s.CountMembers(ctx, cs)
	require.NoError(t, err)
	for i, c := range cs {
		var want []string
		keyed := c.Keyed()
		for _, e := range all {
			if keyed.Member(e) {
				want = append(want, e.EmployeeID)
			}
		}
		assert.Equal(t, len(want), counts[i], "CountMembers of %+v", c)
		page, err := s.ListMembers(ctx, c, 0, 1000)
		require.NoError(t, err)
		assert.Equal(t, len(want), page.Total, "ListMembers of %+v", c)
		var got []string
		for _, e := range page.Rows {
			got = append(got, e.EmployeeID)
		}
		slices.Sort(got)
		assert.Equal(t, want, got, "ListMembers of %+v", c)
	}
}

func testSCIMToken(t *testing.T, s store.Store) {
	h, err := s.SCIMTokenHash(ctx)
	require.NoError(t, err)
	assert.Empty(t, h, "no token until one is made")
	require.NoError(t, s.SetSCIMTokenHash(ctx, "abc"))
	h, err = s.SCIMTokenHash(ctx)
	require.NoError(t, err)
	assert.Equal(t, "abc", h)
	audit, err := s.ListAudit(ctx, store.AuditFilter{EntityType: "scim_token", Limit: 5})
	require.NoError(t, err)
	require.Len(t, audit, 1)
	assert.Equal(t, store.ActionRotated, audit[0].Action)

	require.NoError(t, s.ApplyDirectory(ctx, store.DirectoryChange{Create: []domain.Employee{employee("E1", "Ann", "X")}, Action: store.ActionDirectoryProvisioned}))
	page, err := s.ListEmployees(ctx, store.EmployeeFilter{Email: "E1@EXAMPLE.com"})
	require.NoError(t, err)
	require.Len(t, page.Rows, 1)
}

package domain

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDirectoryKey(t *testing.T) {
	for in, want := range map[string]string{
		"New Jersey": "new-jersey", "new-jersey": "new-jersey", "  NEW   JERSEY ": "new-jersey", "SFB - California": "sfb-california",
		"Zoë's team": "zoë-s-team", "": "", "--": "", "Level 2": "level-2",
	} {
		assert.Equal(t, want, DirectoryKey(in), in)
	}
}

func TestEmployeeValidate(t *testing.T) {
	ok := Employee{EmployeeID: " E1 ", Name: "Ann", Email: "ann@example.com", Language: "EN-us", Timezone: "America/Chicago",
		StartDate: "2020-01-01", EndDate: "2021-01-01"}
	require.NoError(t, ok.Validate())
	assert.Equal(t, "E1", ok.EmployeeID, "trimmed")
	assert.Equal(t, "en-US", ok.Language, "normalised")
	assert.Equal(t, SourceCSV, ok.Source)
	assert.NotNil(t, ok.Attributes)
	for name, tc := range map[string]struct {
		e     Employee
		field string
	}{
		"no key":         {Employee{Name: "A"}, "employeeId"},
		"no name":        {Employee{EmployeeID: "1"}, "name"},
		"bad email":      {Employee{EmployeeID: "1", Name: "A", Email: "a@b"}, "email"},
		"display name":   {Employee{EmployeeID: "1", Name: "A", Email: "Ann <a@b.com>"}, "email"},
		"bad language":   {Employee{EmployeeID: "1", Name: "A", Language: "english please"}, "language"},
		"local zone":     {Employee{EmployeeID: "1", Name: "A", Timezone: "Local"}, "timezone"},
		"unknown zone":   {Employee{EmployeeID: "1", Name: "A", Timezone: "Mars/Olympus"}, "timezone"},
		"bad date":       {Employee{EmployeeID: "1", Name: "A", StartDate: "1/2/2020"}, "startDate"},
		"end before":     {Employee{EmployeeID: "1", Name: "A", StartDate: "2020-01-02", EndDate: "2020-01-01"}, "endDate"},
		"unknown source": {Employee{EmployeeID: "1", Name: "A", Source: "ldap"}, "source"},
	} {
		err := tc.e.Validate()
		var fe FieldErrors
		if assert.ErrorAs(t, err, &fe, name) {
			assert.Contains(t, fe, tc.field, name)
		}
	}
}

func TestEmployeeSameAndRedacted(t *testing.T) {
	a := Employee{ID: "x", EmployeeID: "1", Name: "A", Email: "a@example.com", Phone: "1", Source: SourceCSV, Attributes: map[string]string{}}
	b := a
	b.ID, b.Source, b.Attributes = "y", SourceSCIM, nil
	assert.True(t, a.Same(b), "ids, source and an empty attribute map aside")
	b.Attributes = map[string]string{"k": "v"}
	assert.False(t, a.Same(b))
	r := a.Redacted()
	assert.Empty(t, r.Email)
	assert.Empty(t, r.Phone)
	assert.Equal(t, "A", r.Name)
}

// Digest agrees with Same: field by field, each change of a compared
// field changes it, and what Same ignores does not; values that would
// run together if concatenated stay apart.
func TestEmployeeDigestIsSame(t *testing.T) {
	a := Employee{ID: "x", EmployeeID: "1", Name: "A", Email: "a@example.com", Attributes: map[string]string{"k": "v"}, Source: SourceCSV}
	b := a
	b.ID, b.Source, b.CreatedAt = "y", SourceSCIM, time.Now()
	assert.Equal(t, a.Digest(), b.Digest())
	for name, change := range map[string]func(e *Employee){
		"name": func(e *Employee) { e.Name = "B" }, "active": func(e *Employee) { e.Active = true },
		"endDate": func(e *Employee) { e.EndDate = "2031-01-01" }, "attribute": func(e *Employee) { e.Attributes = map[string]string{"k": "w"} },
		"attribute key": func(e *Employee) { e.Attributes = map[string]string{"kv": ""} },
		"run together":  func(e *Employee) { e.EmployeeID, e.Name = "1A", "" },
	} {
		c := a
		change(&c)
		assert.Equal(t, a.Same(c), a.Digest() == c.Digest(), name)
		assert.NotEqual(t, a.Digest(), c.Digest(), name)
	}
}

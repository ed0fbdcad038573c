package domain

import (
	"crypto/sha256"
	"encoding/binary"
	"maps"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/language"
)

// Employee is one entry of the employee directory: a person a plan writes
// to (a recipient, not someone who signs in). EmployeeID is HR's key; ID is
// commsplan's own. The *Key fields the store keeps beside the criteria are
// not part of the record: see DirectoryKey.
type Employee struct {
	ID           string `json:"id"`
	EmployeeID   string `json:"employeeId"`
	Name         string `json:"name"`
	Email        string `json:"email,omitempty"`
	Phone        string `json:"phone,omitempty"`
	Division     string `json:"division"`
	Location     string `json:"location"`
	Department   string `json:"department"`
	JobTitle     string `json:"jobTitle"`
	Level        string `json:"level"`
	EmployeeType string `json:"employeeType"`
	// RoleGroup is the role group (an audience's "roles" criterion): given
	// by HR, or taken from the organisation dataset's job title.
	RoleGroup string `json:"roleGroup"`
	// ManagerID is the manager's EmployeeID.
	ManagerID string `json:"managerId"`
	// Language is a BCP 47 tag (en-US); Timezone an IANA zone.
	Language string `json:"language"`
	Timezone string `json:"timezone"`
	Active   bool   `json:"active"`
	// StartDate and EndDate are calendar dates (YYYY-MM-DD) or empty.
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
	// Attributes are the further HR columns, by column name.
	Attributes map[string]string `json:"attributes"`
	// Source is where the entry came from: SourceCSV, SourceSCIM or SourceSeed.
	Source    string    `json:"source"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Where a directory entry came from.
const (
	SourceCSV  = "csv"
	SourceSCIM = "scim"
	SourceSeed = "seed"
)

// AttrDeprovisioned marks, in Attributes, an entry a provisioning client
// deleted: it stays in the directory, inactive, and the client no longer
// finds it.
const AttrDeprovisioned = "scimDeleted"

// EmployeeSources are the values of Employee.Source.
var EmployeeSources = []string{SourceCSV, SourceSCIM, SourceSeed}

// Redacted is the entry as a reader without directory.read sees it: the
// name and where the person works, without contact details or HR data.
func (e Employee) Redacted() Employee {
	return Employee{ID: e.ID, EmployeeID: e.EmployeeID, Name: e.Name, Division: e.Division, Location: e.Location,
		Department: e.Department, JobTitle: e.JobTitle, Active: e.Active, Attributes: map[string]string{}, Source: e.Source}
}

// Same reports whether two entries hold the same HR data (ID, Source and
// the times aside): an import that finds an entry the same leaves it.
func (e Employee) Same(o Employee) bool {
	return e.EmployeeID == o.EmployeeID && e.Name == o.Name && e.Email == o.Email && e.Phone == o.Phone &&
		e.Division == o.Division && e.Location == o.Location && e.Department == o.Department && e.JobTitle == o.JobTitle &&
		e.Level == o.Level && e.EmployeeType == o.EmployeeType && e.RoleGroup == o.RoleGroup && e.ManagerID == o.ManagerID &&
		e.Language == o.Language && e.Timezone == o.Timezone && e.Active == o.Active && e.StartDate == o.StartDate &&
		e.EndDate == o.EndDate && mapsEqual(e.Attributes, o.Attributes)
}

// Digest is a hash of what Same compares, so an import can keep a digest
// of each stored entry instead of the entry: two entries are Same exactly
// when their digests are equal (but for a SHA-256 collision).
func (e Employee) Digest() [sha256.Size]byte {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	put := func(v string) {
		_, _ = h.Write(n[:binary.PutUvarint(n[:], uint64(len(v)))])
		_, _ = h.Write([]byte(v))
	}
	for _, v := range []string{e.EmployeeID, e.Name, e.Email, e.Phone, e.Division, e.Location, e.Department, e.JobTitle,
		e.Level, e.EmployeeType, e.RoleGroup, e.ManagerID, e.Language, e.Timezone, strconv.FormatBool(e.Active),
		e.StartDate, e.EndDate} {
		put(v)
	}
	keys := slices.Sorted(maps.Keys(e.Attributes))
	put(strconv.Itoa(len(keys)))
	for _, k := range keys {
		put(k)
		put(e.Attributes[k])
	}
	var out [sha256.Size]byte
	h.Sum(out[:0])
	return out
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// MaxEmployeeText is the longest text field of a directory entry.
const MaxEmployeeText = 200

// Validate trims the entry's texts, fills Attributes and Source, and
// checks it: an employeeId and a name, an email address when given, a
// BCP 47 language, an IANA time zone, dates as YYYY-MM-DD with the end not
// before the start. Fields are named as the JSON has them.
func (e *Employee) Validate() error {
	f := FieldErrors{}
	for _, p := range []*string{&e.EmployeeID, &e.Name, &e.Email, &e.Phone, &e.Division, &e.Location, &e.Department,
		&e.JobTitle, &e.Level, &e.EmployeeType, &e.RoleGroup, &e.ManagerID, &e.Language, &e.Timezone, &e.StartDate, &e.EndDate} {
		*p = strings.TrimSpace(*p)
	}
	f.requiredText("employeeId", &e.EmployeeID, MaxEmployeeText)
	f.requiredText("name", &e.Name, MaxEmployeeText)
	for field, v := range map[string]string{"phone": e.Phone, "division": e.Division, "location": e.Location,
		"department": e.Department, "jobTitle": e.JobTitle, "level": e.Level, "employeeType": e.EmployeeType,
		"roleGroup": e.RoleGroup, "managerId": e.ManagerID} {
		f.text(field, v, MaxEmployeeText)
	}
	if e.Email != "" && !ValidEmail(e.Email) {
		f["email"] = "must be an email address"
	}
	if e.Language != "" {
		tag, err := language.Parse(e.Language)
		if err != nil {
			f["language"] = "must be a BCP 47 language tag (en-US)"
		} else {
			e.Language = tag.String()
		}
	}
	if e.Timezone != "" {
		if _, err := time.LoadLocation(e.Timezone); err != nil || e.Timezone == "Local" {
			f["timezone"] = "must be an IANA time zone (America/Chicago)"
		}
	}
	var start, end time.Time
	var okStart, okEnd bool
	if e.StartDate != "" {
		start, okStart = f.date("startDate", e.StartDate)
	}
	if e.EndDate != "" {
		end, okEnd = f.date("endDate", e.EndDate)
	}
	if okStart && okEnd && end.Before(start) {
		f["endDate"] = "must not be before startDate"
	}
	if e.Source == "" {
		e.Source = SourceCSV
	}
	f.oneOf("source", e.Source, EmployeeSources)
	if e.Attributes == nil {
		e.Attributes = map[string]string{}
	}
	for k, v := range e.Attributes {
		if msg := TextProblem(v, MaxDescription); msg != "" {
			f["attributes."+k] = msg
		}
	}
	return f.orNil()
}

// ValidEmail reports whether s is one bare email address (local@domain,
// no display name, no spaces).
func ValidEmail(s string) bool {
	if len(s) > MaxEmail || strings.ContainsAny(s, " \t\r\n<>") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}

// DirectoryKey is the form in which a criterion and an entry's field are
// compared: lower case, every run of other characters than letters and
// digits one hyphen, no hyphen at either end. So the dataset's ids and
// labels ("new-jersey", "New Jersey") and an HR export's spelling ("NEW
// JERSEY") are one value. The store keeps the key beside each criterion
// field and indexes it.
func DirectoryKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if gap && b.Len() > 0 {
				b.WriteByte('-')
			}
			gap = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		gap = true
	}
	return b.String()
}

// Criteria are what an audience's members share: each list that is not
// empty keeps the entries whose field matches one of its values (by
// DirectoryKey); the lists combine with AND. Include adds entries by
// EmployeeID whatever the lists say, Exclude removes entries by EmployeeID
// whatever else holds. Only active entries are members.
type Criteria struct {
	Divisions     []string
	Locations     []string
	Levels        []string
	Roles         []string
	Departments   []string
	EmployeeTypes []string
	Include       []string
	Exclude       []string
}

// CriteriaKeys are an entry's criterion fields as DirectoryKey has them.
type CriteriaKeys struct {
	Division, Location, Level, Role, Department, EmployeeType string
}

// KeysOf are e's criterion keys.
func KeysOf(e Employee) CriteriaKeys {
	return CriteriaKeys{Division: DirectoryKey(e.Division), Location: DirectoryKey(e.Location), Level: DirectoryKey(e.Level),
		Role: DirectoryKey(e.RoleGroup), Department: DirectoryKey(e.Department), EmployeeType: DirectoryKey(e.EmployeeType)}
}

// Keyed returns the criteria with every list value as DirectoryKey has it,
// blanks dropped (Include and Exclude stay as given: they are HR keys).
func (c Criteria) Keyed() Criteria {
	k := func(vs []string) []string {
		out := make([]string, 0, len(vs))
		for _, v := range vs {
			if key := DirectoryKey(v); key != "" && !slices.Contains(out, key) {
				out = append(out, key)
			}
		}
		return out
	}
	return Criteria{Divisions: k(c.Divisions), Locations: k(c.Locations), Levels: k(c.Levels), Roles: k(c.Roles),
		Departments: k(c.Departments), EmployeeTypes: k(c.EmployeeTypes), Include: c.Include, Exclude: c.Exclude}
}

// MatchesKeys reports whether keys meet every list of c, which must be
// Keyed. Include and Exclude are the caller's (they need the EmployeeID).
func (c Criteria) MatchesKeys(keys CriteriaKeys) bool {
	in := func(list []string, v string) bool { return len(list) == 0 || slices.Contains(list, v) }
	return in(c.Divisions, keys.Division) && in(c.Locations, keys.Location) && in(c.Levels, keys.Level) &&
		in(c.Roles, keys.Role) && in(c.Departments, keys.Department) && in(c.EmployeeTypes, keys.EmployeeType)
}

// Member reports whether e is a member under c (Keyed): the one rule the
// store's member queries follow, and the one its tests hold them to.
func (c Criteria) Member(e Employee) bool {
	if !e.Active || slices.Contains(c.Exclude, e.EmployeeID) {
		return false
	}
	return slices.Contains(c.Include, e.EmployeeID) || c.MatchesKeys(KeysOf(e))
}

// HeadCount is the number of active directory entries that share a
// division, location, level, role group and job title, as written.
type HeadCount struct {
	Division, Location, Level, RoleGroup, JobTitle string
	Count                                          int
}

package store

import (
	"context"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Directory is the employee directory's storage: the people a plan writes
// to. It is part of Store; a caller that needs only the directory asks for
// this.
type Directory interface {
	// ListEmployees is one page of the entries f keeps, by name then id,
	// with the number it keeps in all.
	ListEmployees(ctx context.Context, f EmployeeFilter) (Page[domain.Employee], error)
	// GetEmployee returns the entry whose id, or else whose employeeId, is
	// key; ErrNotFound when none.
	GetEmployee(ctx context.Context, key string) (domain.Employee, error)
	// EachEmployee calls fn with every entry, active or not, in employeeId
	// order, a page at a time and holding no connection while fn runs. An
	// error from fn stops the walk and is returned.
	EachEmployee(ctx context.Context, fn func(domain.Employee) error) error
	// ApplyDirectory makes the change in one transaction, not bounded by
	// the query timeout, with its one audit entry (c.Action on entity type
	// "directory", with the changes of ctx): it creates c.Create (filling
	// ID, CreatedAt, UpdatedAt), replaces c.Update by ID (an unknown ID is
	// ErrNotFound), and deactivates c.Deactivate (ids) with endDate
	// c.EndDate where they have none. A duplicate employeeId is
	// ErrConflict. Nothing is ever deleted here.
	ApplyDirectory(ctx context.Context, c DirectoryChange) error
	// ApplyDirectoryBatches makes a change too large to hold at once in
	// one transaction, not bounded by the query timeout: fill runs inside
	// it and hands each batch to write, which applies it as ApplyDirectory
	// does (without an audit entry; a later batch sees the earlier ones).
	// When fill returns, its audit entry is recorded (on entity type
	// "directory") and the transaction commits; an error from fill or
	// from a write rolls every batch back, so nothing is half-written.
	ApplyDirectoryBatches(ctx context.Context, fill func(write func(DirectoryChange) error) (DirectoryAudit, error)) error
	// DirectoryStatus counts the entries and says when the directory was
	// last changed or confirmed by an import or provisioning.
	DirectoryStatus(ctx context.Context) (DirectoryStatus, error)
	// CountMembers counts, for each of cs, the entries that are its
	// members (domain.Criteria.Member; cs need not be Keyed): one grouped
	// read of the directory however many criteria there are.
	CountMembers(ctx context.Context, cs []domain.Criteria) ([]int, error)
	// ListMembers is one page of c's members, by name then id, with their
	// number.
	ListMembers(ctx context.Context, c domain.Criteria, offset, limit int) (Page[domain.Employee], error)
	// DirectoryFacets counts the active entries by each criterion field's
	// values, as stored: the divisions, locations, levels and job titles
	// the organisation has now, whatever the embedded dataset says.
	DirectoryFacets(ctx context.Context) (Facets, error)
	// DirectoryHeadCounts counts the active entries by division, location,
	// level, role group and job title together, as stored (one grouped
	// read, in no particular order): what orgdata.Derive makes the
	// organisation from.
	DirectoryHeadCounts(ctx context.Context) ([]domain.HeadCount, error)
	// SCIMTokenHash is the SHA-256 (hex) of the SCIM client's token, ""
	// while none was made.
	SCIMTokenHash(ctx context.Context) (string, error)
	// SetSCIMTokenHash replaces it, with an audit entry (ActionRotated on
	// entity type "scim_token") naming the actor of ctx.
	SetSCIMTokenHash(ctx context.Context, hash string) error
}

// EmployeeFilter narrows ListEmployees. Empty fields keep every entry.
type EmployeeFilter struct {
	// Q keeps the entries whose name, email, employeeId or job title holds
	// it, ignoring case.
	Q string
	// NotByEmail leaves the email out of what Q searches, for a reader who
	// may not see emails and so may not probe for one either.
	NotByEmail bool
	// Division, Location, Level and JobTitle keep the entries whose field
	// has that value (by domain.DirectoryKey; the job title ignoring case).
	Division, Location, Level, JobTitle string
	// Email keeps the entries with this email, ignoring case.
	Email string
	// Active keeps active (true) or inactive (false) entries; nil both.
	Active *bool
	// Offset and Limit cut the page; Limit 0 means DefaultPageLimit.
	Offset, Limit int
}

// DefaultPageLimit is a directory page's length when none is asked for.
const DefaultPageLimit = 100

// DirectoryChange is one change to the directory (ApplyDirectory).
type DirectoryChange struct {
	Create, Update []domain.Employee
	// Deactivate are ids of entries to mark inactive.
	Deactivate []string
	// EndDate is the deactivated entries' endDate (YYYY-MM-DD).
	EndDate string
	// Action and Label are the audit entry's.
	Action, Label string
	// EntityID is the audit entry's entity id: the one entry a
	// provisioning call changed, or "".
	EntityID string
}

// DirectoryAudit is the audit entry of a batched directory change: its
// action, label, entity id (or "") and changes.
type DirectoryAudit struct {
	Action, Label, EntityID string
	Changes                 Changes
}

// Facet is one value of a field with the number of active entries that
// have it.
type Facet struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// Facets are the values of each criterion field, most common first, then
// by value; an empty value is left out.
type Facets struct {
	Divisions     []Facet `json:"divisions"`
	Locations     []Facet `json:"locations"`
	Levels        []Facet `json:"levels"`
	JobTitles     []Facet `json:"jobTitles"`
	Departments   []Facet `json:"departments"`
	EmployeeTypes []Facet `json:"employeeTypes"`
	RoleGroups    []Facet `json:"roleGroups"`
}

// DirectoryStatus is the directory's size and age.
type DirectoryStatus struct {
	Total  int `json:"total"`
	Active int `json:"active"`
	// AsOf is the last import or provisioning; nil when there was none.
	AsOf *time.Time `json:"asOf,omitempty"`
}

// Loaded reports whether a directory is loaded: the head counts then
// follow it rather than the embedded dataset.
func (d DirectoryStatus) Loaded() bool { return d.Total > 0 }

// Actions of the directory's audit entries.
const (
	ActionDirectoryImported    = "imported"
	ActionDirectoryProvisioned = "provisioned"
	// ActionRotated is a new SCIM token.
	ActionRotated = "rotated"
	// ActionExported is a read of directory entries with their contact
	// details, on entity type DirectoryExportEntity.
	ActionExported = "exported"
)

// DirectoryExportEntity is the entity type of the audit entries of
// directory reads with personal data: they move no cached list and stay
// out of the recent activity.
const DirectoryExportEntity = "directory_export"

package plan

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/roster"
	"github.com/commsplan/commsplan/pkg/store"
)

// Directory is one page of the employee directory as the reader may see
// it: in full with directory.read, else names and where people work only
// (domain.Employee.Redacted).
func (p *Plan) Directory(ctx context.Context, f store.EmployeeFilter) (store.Page[domain.Employee], error) {
	a, err := actor.Require(ctx, actor.PlanRead)
	if err != nil {
		return store.Page[domain.Employee]{}, err
	}
	if !a.Can(actor.DirectoryRead) {
		// Nor may they find who has an address, or filter by one.
		f.NotByEmail, f.Email = true, ""
	}
	page, err := p.st.ListEmployees(ctx, f)
	if err != nil {
		return page, err
	}
	redact(a, page.Rows)
	return page, p.auditExport(ctx, a, "directory", describeFilter(f), len(page.Rows), page.Total)
}

// Employee is one directory entry by id or employeeId, redacted as
// Directory redacts.
func (p *Plan) Employee(ctx context.Context, key string) (domain.Employee, error) {
	a, err := actor.Require(ctx, actor.PlanRead)
	if err != nil {
		return domain.Employee{}, err
	}
	e, err := p.st.GetEmployee(ctx, key)
	if err != nil {
		return e, err
	}
	if !a.Can(actor.DirectoryRead) {
		return e.Redacted(), nil
	}
	return e, p.auditExport(ctx, a, "entry", "employeeId="+e.EmployeeID, 1, 1)
}

func redact(a actor.Actor, rows []domain.Employee) {
	if a.Can(actor.DirectoryRead) {
		return
	}
	for i := range rows {
		rows[i] = rows[i].Redacted()
	}
}

// DirectoryImportOptions are a directory CSV import's choices.
type DirectoryImportOptions struct {
	// Map overrides the suggested column mapping (column → field).
	Map map[string]string
	// Key is "employeeId" (default) or "email".
	Key string
	// DryRun reports what the import would do, bad rows included, and
	// writes nothing.
	DryRun bool
	// Partial writes the good rows even when some are bad.
	Partial bool
	// NoDeactivate leaves active the entries the file does not list.
	NoDeactivate bool
}

// DirectoryImport is what a directory import did (or, dry or refused, would do).
type DirectoryImport struct {
	Created     int  `json:"created"`
	Updated     int  `json:"updated"`
	Deactivated int  `json:"deactivated"`
	Unchanged   int  `json:"unchanged"`
	Written     bool `json:"written"`
	DryRun      bool `json:"dryRun"`
	// Columns and Mapping are the file's columns and the mapping used
	// (column → field; the others went to the attributes).
	Columns   []string          `json:"columns"`
	Mapping   map[string]string `json:"mapping"`
	Separator string            `json:"separator"`
	// Fields are the fields a column may map to (roster.Fields), for a
	// mapping dialog.
	Fields []string       `json:"fields"`
	Errors []roster.Error `json:"errors"`
}

// ImportRefusedError is a directory import with bad rows and without Partial,
// or whose columns cannot be mapped (one error, line 0): the result lists
// them, nothing was written.
type ImportRefusedError struct{ Result DirectoryImport }

func (e *ImportRefusedError) Error() string {
	first := e.Result.Errors[0]
	if first.Line == 0 {
		return first.Message // the file as a whole
	}
	where := fmt.Sprintf("line %d", first.Line)
	if first.Field != "" {
		where += " " + first.Field
	}
	return fmt.Sprintf("%d bad rows, nothing imported (a dry run lists them; partial imports the good rows); %s: %s", len(e.Result.Errors), where, first.Message)
}

// importBatch is how many created or updated entries an import hands to
// the store at a time.
const importBatch = 500

// storedEntry is what an import keeps of a stored entry to compare a row
// with it: about 100 bytes instead of the whole entry.
type storedEntry struct {
	id        string
	createdAt time.Time
	active    bool
	digest    [32]byte
}

// ImportDirectory imports an HR export (roster.Scan) into the directory:
// new employees are created, changed ones updated, the same ones left, and
// (unless NoDeactivate, or the file was refused) active employees the file
// does not list are deactivated with today's endDate; nobody is deleted.
//
// The file is streamed: each row is compared as it is read (with a digest
// of the stored entry, domain.Employee.Digest) and written in batches of
// importBatch, all in one transaction with the one audit entry
// (Store.ApplyDirectoryBatches), so memory holds a batch, the stored
// entries' digests and the keys, not the file. With bad rows, and neither
// Partial nor DryRun, the transaction is rolled back, nothing is written
// and the error is *ImportRefusedError. A dry run reads the same way and
// opens no transaction.
func (p *Plan) ImportDirectory(ctx context.Context, r io.Reader, opts DirectoryImportOptions) (DirectoryImport, error) {
	if _, err := actor.Require(ctx, actor.DirectoryManage); err != nil {
		return DirectoryImport{}, err
	}
	today := p.now()
	byEmail := opts.Key == "email"
	existing := map[string]storedEntry{}
	err := p.st.EachEmployee(ctx, func(e domain.Employee) error {
		k := e.EmployeeID
		if byEmail {
			k = strings.ToLower(e.Email)
		}
		existing[k] = storedEntry{id: e.ID, createdAt: e.CreatedAt, active: e.Active, digest: e.Digest()}
		return nil
	})
	if err != nil {
		return DirectoryImport{}, err
	}
	groups := roleGroupsByTitle(orgdataLoad())
	var res DirectoryImport

	// scan reads the file and hands the change to write in batches (none
	// on a dry run, write nil), then the deactivations.
	scan := func(write func(store.DirectoryChange) error) error {
		var batch store.DirectoryChange
		var writeErr error
		flush := func() error {
			if write == nil || len(batch.Create)+len(batch.Update)+len(batch.Deactivate) == 0 {
				batch = store.DirectoryChange{}
				return nil
			}
			batch.EndDate = today.Format(time.DateOnly)
			writeErr = write(batch)
			batch = store.DirectoryChange{}
			return writeErr
		}
		f, err := roster.Scan(r, roster.Options{Map: opts.Map, Key: opts.Key, Today: today}, func(row roster.Row) error {
			e := row.Employee
			if e.RoleGroup == "" && e.JobTitle != "" {
				e.RoleGroup = groups[strings.ToLower(e.JobTitle)]
			}
			k := e.EmployeeID
			if byEmail {
				k = strings.ToLower(e.Email)
			}
			old, ok := existing[k]
			delete(existing, k)
			switch {
			case !ok:
				res.Created++
				batch.Create = append(batch.Create, e)
			case old.digest == e.Digest():
				res.Unchanged++
				return nil
			default:
				res.Updated++
				e.ID, e.CreatedAt = old.id, old.createdAt
				batch.Update = append(batch.Update, e)
			}
			if len(batch.Create)+len(batch.Update) >= importBatch {
				return flush()
			}
			return nil
		})
		if err != nil && f != nil {
			// The columns cannot be mapped as asked: the result says what
			// the file has, for a mapping dialog.
			res = DirectoryImport{Columns: f.Columns, Mapping: f.Mapping, Separator: f.Separator, Fields: roster.Fields, DryRun: opts.DryRun,
				Errors: []roster.Error{{Field: "file", Message: err.Error()}}}
			return &ImportRefusedError{Result: res}
		}
		if err != nil {
			if writeErr != nil {
				return writeErr // the store's, not the file's
			}
			return &InputError{Message: err.Error(), Fields: map[string]string{"file": err.Error()}, Err: err}
		}
		res.Columns, res.Mapping, res.Separator, res.Fields, res.Errors = f.Columns, f.Mapping, f.Separator, roster.Fields, f.Errors
		if res.Errors == nil {
			res.Errors = []roster.Error{}
		}
		if !opts.NoDeactivate {
			for k, e := range existing {
				if e.active && !f.Keys[k] {
					res.Deactivated++
					batch.Deactivate = append(batch.Deactivate, e.id)
					if len(batch.Deactivate) >= 10*importBatch {
						if err := flush(); err != nil {
							return err
						}
					}
				}
			}
		}
		return flush()
	}

	if opts.DryRun {
		err := scan(nil)
		res.DryRun = true
		return res, err
	}
	err = p.st.ApplyDirectoryBatches(ctx, func(write func(store.DirectoryChange) error) (store.DirectoryAudit, error) {
		if err := scan(write); err != nil {
			return store.DirectoryAudit{}, err
		}
		if len(res.Errors) > 0 && !opts.Partial {
			return store.DirectoryAudit{}, &ImportRefusedError{Result: res}
		}
		return store.DirectoryAudit{
			Action: store.ActionDirectoryImported,
			Label: fmt.Sprintf("directory import: %d created, %d updated, %d deactivated, %d unchanged, %d errors",
				res.Created, res.Updated, res.Deactivated, res.Unchanged, len(res.Errors)),
			Changes: store.Changes{"created": {After: res.Created}, "updated": {After: res.Updated},
				"deactivated": {After: res.Deactivated}, "unchanged": {After: res.Unchanged}, "errors": {After: len(res.Errors)}},
		}, nil
	})
	if err != nil {
		var refused *ImportRefusedError
		if errors.As(err, &refused) {
			return refused.Result, refused
		}
		return res, err
	}
	res.Written = true
	return res, nil
}

// orgdataLoad is the embedded dataset.
var orgdataLoad = orgdata.Load

// roleGroupOf is the role group label of the dataset's job title (any
// case), or "".
func roleGroupOf(d *orgdata.Dataset, title string) string {
	return roleGroupsByTitle(d)[strings.ToLower(title)]
}

// roleGroupsByTitle maps each of the dataset's job titles (lower case) to
// its role group's label: an imported entry without a role group takes
// its title's.
func roleGroupsByTitle(d *orgdata.Dataset) map[string]string {
	out := make(map[string]string, len(d.JobTitles))
	for _, j := range d.JobTitles {
		if g, ok := d.RoleGroup(j.RoleGroup); ok {
			if _, seen := out[strings.ToLower(j.JobTitle)]; !seen {
				out[strings.ToLower(j.JobTitle)] = g.Label
			}
		}
	}
	return out
}

// CriteriaOf are an audience's member criteria. A division named by its
// dataset id ("sfb") is read as its label, which the directory holds; the
// other lists compare by domain.DirectoryKey, under which the dataset's ids
// and labels agree.
func CriteriaOf(a domain.Audience) domain.Criteria {
	d := orgdata.Load()
	divs := make([]string, len(a.Divisions))
	for i, v := range a.Divisions {
		divs[i] = v
		if div, ok := d.Division(v); ok {
			divs[i] = div.Label
		}
	}
	return domain.Criteria{Divisions: divs, Locations: a.Locations, Levels: a.OrgLevels, Roles: a.Roles,
		Departments: a.Departments, EmployeeTypes: a.EmployeeTypes, Include: a.IncludeIDs, Exclude: a.ExcludeIDs}
}

// Audiences lists the audiences. While a directory is loaded each one's
// ContactCount is its live member count and ContactCountAsOf the
// directory's last import; otherwise the stored counts (the embedded
// dataset's) stand.
func (p *Plan) Audiences(ctx context.Context) ([]domain.Audience, error) {
	list, err := p.st.ListAudiences(ctx)
	if err != nil {
		return nil, err
	}
	return list, p.liveCounts(ctx, list)
}

// Audience is one audience, counted as Audiences counts.
func (p *Plan) Audience(ctx context.Context, id string) (domain.Audience, error) {
	a, err := p.st.GetAudience(ctx, id)
	if err != nil {
		return a, err
	}
	list := []domain.Audience{a}
	err = p.liveCounts(ctx, list)
	return list[0], err
}

func (p *Plan) liveCounts(ctx context.Context, list []domain.Audience) error {
	st, err := p.st.DirectoryStatus(ctx)
	if err != nil || !st.Loaded() || len(list) == 0 {
		return err
	}
	cs := make([]domain.Criteria, len(list))
	for i, a := range list {
		cs[i] = CriteriaOf(a)
	}
	counts, err := p.st.CountMembers(ctx, cs)
	if err != nil {
		return err
	}
	for i := range list {
		list[i].ContactCount = counts[i]
		list[i].ContactCountAsOf = st.AsOf
	}
	return nil
}

// CountAudience counts the members of an audience not yet saved (the
// audience form's preview): the live count while a directory is loaded,
// else nil.
func (p *Plan) CountAudience(ctx context.Context, a domain.Audience) (*int, *time.Time, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return nil, nil, err
	}
	st, err := p.st.DirectoryStatus(ctx)
	if err != nil || !st.Loaded() {
		return nil, nil, err
	}
	counts, err := p.st.CountMembers(ctx, []domain.Criteria{CriteriaOf(a)})
	if err != nil {
		return nil, nil, err
	}
	return &counts[0], st.AsOf, nil
}

// AudienceMembers is one page of the audience's members, redacted as
// Directory redacts.
func (p *Plan) AudienceMembers(ctx context.Context, id string, offset, limit int) (store.Page[domain.Employee], error) {
	a, err := actor.Require(ctx, actor.PlanRead)
	if err != nil {
		return store.Page[domain.Employee]{}, err
	}
	aud, err := p.st.GetAudience(ctx, id)
	if err != nil {
		return store.Page[domain.Employee]{}, err
	}
	page, err := p.st.ListMembers(ctx, CriteriaOf(aud), offset, limit)
	if err != nil {
		return page, err
	}
	redact(a, page.Rows)
	filter := fmt.Sprintf("audience=%s offset=%d limit=%d", aud.Name, offset, limit)
	return page, p.auditExport(ctx, a, "audience members", filter, len(page.Rows), page.Total)
}

// auditExport records that a reads rows entries with their contact details
// (email, phone, manager, dates, attributes): who (the actor of ctx), what
// (what, with its filter) and how many (rows, of total). A reader who sees
// names and divisions only (no directory.read), or rows that are none,
// exported no personal data and leave no entry. The entry is its own
// write: a read has no transaction to join.
func (p *Plan) auditExport(ctx context.Context, a actor.Actor, what, filter string, rows, total int) error {
	if rows == 0 || !a.Can(actor.DirectoryRead) {
		return nil
	}
	ctx = store.WithChanges(ctx, store.Changes{"what": {After: what}, "filter": {After: filter},
		"rows": {After: rows}, "total": {After: total}})
	return p.st.Audit(ctx, store.ActionExported, store.DirectoryExportEntity, "", fmt.Sprintf("%s: %d of %d rows (%s)", what, rows, total, filter))
}

// describeFilter writes f as its set fields, for an export's audit entry.
func describeFilter(f store.EmployeeFilter) string {
	var parts []string
	for _, kv := range [][2]string{{"q", f.Q}, {"division", f.Division}, {"location", f.Location},
		{"jobTitle", f.JobTitle}, {"level", f.Level}, {"email", f.Email}} {
		if kv[1] != "" {
			parts = append(parts, kv[0]+"="+kv[1])
		}
	}
	if f.Active != nil {
		parts = append(parts, fmt.Sprintf("active=%t", *f.Active))
	}
	parts = append(parts, fmt.Sprintf("offset=%d", f.Offset))
	if f.Limit > 0 {
		parts = append(parts, fmt.Sprintf("limit=%d", f.Limit))
	}
	return strings.Join(parts, " ")
}

// DirectoryFacets are the organisation's divisions, locations, levels,
// job titles and the rest as the directory has them now (active entries),
// for pickers that must show a division an import brought in.
func (p *Plan) DirectoryFacets(ctx context.Context) (store.Facets, error) {
	if _, err := actor.Require(ctx, actor.PlanRead); err != nil {
		return store.Facets{}, err
	}
	return p.st.DirectoryFacets(ctx)
}

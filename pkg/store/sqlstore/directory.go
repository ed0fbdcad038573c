package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

const employeeColumns = `id, employee_id, name, email, phone, division, location, department, job_title, level,
  employee_type, role_group, manager_id, language, timezone, active, start_date, end_date, attributes, source,
  created_at, updated_at`

const employeeSelect = `SELECT ` + employeeColumns + ` FROM employees`

func scanEmployee(r rowScanner) (domain.Employee, error) {
	var e domain.Employee
	err := r.Scan(&e.ID, &e.EmployeeID, &e.Name, &e.Email, &e.Phone, &e.Division, &e.Location, &e.Department,
		&e.JobTitle, &e.Level, &e.EmployeeType, &e.RoleGroup, &e.ManagerID, &e.Language, &e.Timezone, &e.Active,
		&e.StartDate, &e.EndDate, jsonScan{&e.Attributes}, &e.Source, &e.CreatedAt, &e.UpdatedAt)
	if e.Attributes == nil {
		e.Attributes = map[string]string{}
	}
	return e, err
}

// args collects a query's arguments and names their placeholders.
type args []any

func (a *args) add(v any) string {
	*a = append(*a, v)
	return "$" + strconv.Itoa(len(*a))
}

// ListEmployees implements store.Store.
func (s *Store) ListEmployees(ctx context.Context, f store.EmployeeFilter) (store.Page[domain.Employee], error) {
	var a args
	var where []string
	if f.Q != "" {
		cols := []string{"name", "email", "employee_id", "job_title"}
		if f.NotByEmail {
			cols = slices.DeleteFunc(cols, func(c string) bool { return c == "email" })
		}
		where = append(where, s.likeAny(a.add(likePattern(f.Q)), cols...))
	}
	for _, c := range []struct{ col, v string }{
		{"division_key", f.Division}, {"location_key", f.Location}, {"level_key", f.Level},
	} {
		if c.v != "" {
			where = append(where, c.col+" = "+a.add(domain.DirectoryKey(c.v)))
		}
	}
	if f.Email != "" {
		where = append(where, "lower(email) = "+a.add(strings.ToLower(f.Email)))
	}
	if f.JobTitle != "" {
		where = append(where, "lower(job_title) = "+a.add(strings.ToLower(f.JobTitle)))
	}
	if f.Active != nil {
		where = append(where, "active = "+a.add(*f.Active))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	return s.employeePage(ctx, cond, a, f.Offset, f.Limit)
}

// employeePage reads one page of the entries cond keeps, and their count.
func (s *Store) employeePage(ctx context.Context, cond string, a args, offset, limit int) (store.Page[domain.Employee], error) {
	if limit <= 0 {
		limit = store.DefaultPageLimit
	}
	offset = max(offset, 0)
	var page store.Page[domain.Employee]
	if err := s.q().QueryRowContext(ctx, `SELECT COUNT(*) FROM employees`+cond, a...).Scan(&page.Total); err != nil {
		return page, err
	}
	rows, err := queryAll(ctx, s, scanEmployee, employeeSelect+cond+` ORDER BY name, id LIMIT `+a.add(limit)+` OFFSET `+a.add(offset), a...)
	if err != nil {
		return page, err
	}
	page.Rows, page.More = rows, offset+len(rows) < page.Total
	return page, nil
}

// GetEmployee implements store.Store.
func (s *Store) GetEmployee(ctx context.Context, key string) (domain.Employee, error) {
	e, err := queryOne(ctx, s, scanEmployee, employeeSelect+` WHERE id = $1`, key)
	if errors.Is(err, store.ErrNotFound) {
		return queryOne(ctx, s, scanEmployee, employeeSelect+` WHERE employee_id = $1`, key)
	}
	return e, err
}

// eachEmployeePage is how many entries EachEmployee reads at a time.
const eachEmployeePage = 1000

// EachEmployee implements store.Store.
func (s *Store) EachEmployee(ctx context.Context, fn func(domain.Employee) error) error {
	after := ""
	for {
		page, err := queryAll(ctx, s, scanEmployee, employeeSelect+` WHERE employee_id > $1 ORDER BY employee_id`+
			s.opt.Dialect.TextOrder+` LIMIT $2`, after, eachEmployeePage)
		if err != nil {
			return err
		}
		for _, e := range page {
			if err := fn(e); err != nil {
				return err
			}
		}
		if len(page) < eachEmployeePage {
			return nil
		}
		after = page[len(page)-1].EmployeeID
	}
}

// employeeValues are the stored columns of e after the id, in the order of
// employeeColumns, then its criterion keys.
func employeeValues(e domain.Employee) []any {
	k := domain.KeysOf(e)
	attrs := e.Attributes
	if attrs == nil {
		attrs = map[string]string{}
	}
	return []any{e.EmployeeID, e.Name, e.Email, e.Phone, e.Division, e.Location, e.Department, e.JobTitle, e.Level,
		e.EmployeeType, e.RoleGroup, e.ManagerID, e.Language, e.Timezone, e.Active, e.StartDate, e.EndDate,
		jsonValue{attrs}, e.Source, k.Division, k.Location, k.Level, k.Role, k.Department, k.EmployeeType}
}

// employeeInsert creates one entry: one statement, prepared once per
// connection. (Rows of values in one INSERT were tried: SQLite's parser
// looks up each numbered placeholder by name, which made a 100-row
// statement cost more to prepare than the rows did to write.)
const employeeInsert = `INSERT INTO employees (id, employee_id, name, email, phone, division, location, department, job_title,
  level, employee_type, role_group, manager_id, language, timezone, active, start_date, end_date, attributes, source,
  division_key, location_key, level_key, role_key, department_key, type_key, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
  $25, $26, $27, $28)`

const employeeUpdate = `UPDATE employees SET employee_id = $2, name = $3, email = $4, phone = $5, division = $6,
  location = $7, department = $8, job_title = $9, level = $10, employee_type = $11, role_group = $12, manager_id = $13,
  language = $14, timezone = $15, active = $16, start_date = $17, end_date = $18, attributes = $19, source = $20,
  division_key = $21, location_key = $22, level_key = $23, role_key = $24, department_key = $25, type_key = $26,
  updated_at = $27 WHERE id = $1`

// ApplyDirectory implements store.Store.
func (s *Store) ApplyDirectory(ctx context.Context, c store.DirectoryChange) error {
	return s.ApplyDirectoryBatches(ctx, func(write func(store.DirectoryChange) error) (store.DirectoryAudit, error) {
		return store.DirectoryAudit{Action: c.Action, Label: c.Label, EntityID: c.EntityID, Changes: store.ChangesFrom(ctx)}, write(c)
	})
}

// ApplyDirectoryBatches implements store.Store.
func (s *Store) ApplyDirectoryBatches(ctx context.Context, fill func(write func(store.DirectoryChange) error) (store.DirectoryAudit, error)) error {
	at := now()
	run := s.longTx
	if s.tx != nil { // joining a seed's transaction
		run = s.inTx
	}
	return run(ctx, func(tx *Store) error {
		a, err := fill(func(c store.DirectoryChange) error { return tx.applyBatch(ctx, c, at) })
		if err != nil {
			return err
		}
		if a.Changes != nil {
			ctx = store.WithChanges(ctx, a.Changes)
		}
		return tx.record(ctx, a.Action, "directory", a.EntityID, a.Label)
	})
}

// applyBatch writes one batch of a directory change; callers are in a
// transaction.
func (s *Store) applyBatch(ctx context.Context, c store.DirectoryChange, at time.Time) error {
	if err := s.checkEmployeeKeys(ctx, c); err != nil {
		return err
	}
	for i := range c.Create {
		e := &c.Create[i]
		e.ID, e.CreatedAt, e.UpdatedAt = newID(), at, at
		vals := append(append([]any{e.ID}, employeeValues(*e)...), at, at)
		if _, err := s.q().ExecContext(ctx, employeeInsert, vals...); err != nil {
			return err
		}
	}
	for i := range c.Update {
		e := &c.Update[i]
		e.UpdatedAt = at
		vals := append(append([]any{e.ID}, employeeValues(*e)...), at)
		if err := mustAffect(s.q().ExecContext(ctx, employeeUpdate, vals...)); err != nil {
			return err
		}
	}
	if len(c.Deactivate) > 0 {
		_, err := s.q().ExecContext(ctx, `UPDATE employees SET active = $1,
		  end_date = CASE WHEN end_date = '' THEN $2 ELSE end_date END, updated_at = $3
		  WHERE active = $4 AND id IN (`+fmt.Sprintf(s.opt.Dialect.TextList, "$5")+`)`,
			false, c.EndDate, at, true, jsonValue{c.Deactivate})
		if err != nil {
			return err
		}
	}
	return nil
}

// checkEmployeeKeys refuses a change that would give two entries one
// employeeId, as store.ErrConflict, before anything is written (a failed
// statement would end a PostgreSQL transaction).
func (s *Store) checkEmployeeKeys(ctx context.Context, c store.DirectoryChange) error {
	owner := map[string]string{} // employeeId → the id that will hold it
	var keys []string
	for _, e := range c.Update {
		owner[e.EmployeeID] = e.ID
	}
	for _, e := range c.Create {
		if _, ok := owner[e.EmployeeID]; ok {
			return fmt.Errorf("%w: employeeId %s is given twice", store.ErrConflict, e.EmployeeID)
		}
		owner[e.EmployeeID] = ""
	}
	for k := range owner {
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil
	}
	rows, err := s.q().QueryContext(ctx, `SELECT employee_id, id FROM employees WHERE employee_id IN (`+
		fmt.Sprintf(s.opt.Dialect.TextList, "$1")+`)`, jsonValue{keys})
	held, err := collect(rows, err, func(r *sql.Rows) ([2]string, error) {
		var p [2]string
		return p, r.Scan(&p[0], &p[1])
	})
	if err != nil {
		return err
	}
	for _, p := range held {
		if owner[p[0]] != p[1] {
			return fmt.Errorf("%w: employeeId %s is taken", store.ErrConflict, p[0])
		}
	}
	return nil
}

// DirectoryStatus implements store.Store.
func (s *Store) DirectoryStatus(ctx context.Context) (store.DirectoryStatus, error) {
	var st store.DirectoryStatus
	var active sql.NullInt64
	err := s.q().QueryRowContext(ctx, `SELECT COUNT(*), SUM(CASE WHEN active THEN 1 ELSE 0 END) FROM employees`).Scan(&st.Total, &active)
	if err != nil {
		return st, err
	}
	st.Active = int(active.Int64)
	if st.Total == 0 {
		return st, nil // as of nothing: no directory is loaded
	}
	var at sql.NullTime
	err = s.q().QueryRowContext(ctx, `SELECT at FROM activity WHERE entity_type = 'directory' ORDER BY seq DESC LIMIT 1`).Scan(&at)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, err
	}
	if at.Valid {
		t := at.Time.UTC()
		st.AsOf = &t
	}
	return st, nil
}

// memberCond is the condition, over the employees table, of domain
// Criteria.Member for c (Keyed).
func (s *Store) memberCond(c domain.Criteria, a *args) string {
	in := func(col string, vs []string) string {
		return col + " IN (" + fmt.Sprintf(s.opt.Dialect.TextList, a.add(jsonValue{vs})) + ")"
	}
	where := []string{"active = " + a.add(true)}
	if len(c.Exclude) > 0 {
		where = append(where, "NOT "+in("employee_id", c.Exclude))
	}
	var match []string
	for _, l := range []struct {
		col string
		vs  []string
	}{{"division_key", c.Divisions}, {"location_key", c.Locations}, {"level_key", c.Levels}, {"role_key", c.Roles},
		{"department_key", c.Departments}, {"type_key", c.EmployeeTypes}} {
		if len(l.vs) > 0 {
			match = append(match, in(l.col, l.vs))
		}
	}
	if len(match) > 0 {
		m := strings.Join(match, " AND ")
		if len(c.Include) > 0 {
			m = in("employee_id", c.Include) + " OR (" + m + ")"
		}
		where = append(where, "("+m+")")
	}
	return " WHERE " + strings.Join(where, " AND ")
}

// ListMembers implements store.Store.
func (s *Store) ListMembers(ctx context.Context, c domain.Criteria, offset, limit int) (store.Page[domain.Employee], error) {
	var a args
	cond := s.memberCond(c.Keyed(), &a)
	return s.employeePage(ctx, cond, a, offset, limit)
}

// CountMembers implements store.Store: the active entries grouped by their
// criterion keys (a few hundred groups for thousands of entries), each
// criteria summed over the groups it matches, then corrected for its
// includes and excludes, read in one more query.
func (s *Store) CountMembers(ctx context.Context, cs []domain.Criteria) ([]int, error) {
	type group struct {
		keys domain.CriteriaKeys
		n    int
	}
	rows, err := s.q().QueryContext(ctx, `SELECT division_key, location_key, level_key, role_key, department_key, type_key, COUNT(*)
	  FROM employees WHERE active = $1 GROUP BY division_key, location_key, level_key, role_key, department_key, type_key`, true)
	groups, err := collect(rows, err, func(r *sql.Rows) (group, error) {
		var g group
		k := &g.keys
		return g, r.Scan(&k.Division, &k.Location, &k.Level, &k.Role, &k.Department, &k.EmployeeType, &g.n)
	})
	if err != nil {
		return nil, err
	}
	var named []string
	for _, c := range cs {
		named = append(append(named, c.Include...), c.Exclude...)
	}
	slices.Sort(named)
	named = slices.Compact(named)
	keysOf := map[string]domain.CriteriaKeys{} // the active named entries
	if len(named) > 0 {
		rows, err := s.q().QueryContext(ctx, `SELECT employee_id, division_key, location_key, level_key, role_key, department_key, type_key
		  FROM employees WHERE active = $1 AND employee_id IN (`+fmt.Sprintf(s.opt.Dialect.TextList, "$2")+`)`, true, jsonValue{named})
		_, err = collect(rows, err, func(r *sql.Rows) (bool, error) {
			var id string
			var k domain.CriteriaKeys
			err := r.Scan(&id, &k.Division, &k.Location, &k.Level, &k.Role, &k.Department, &k.EmployeeType)
			keysOf[id] = k
			return true, err
		})
		if err != nil {
			return nil, err
		}
	}
	out := make([]int, len(cs))
	for i, c := range cs {
		c = c.Keyed()
		n := 0
		for _, g := range groups {
			if c.MatchesKeys(g.keys) {
				n += g.n
			}
		}
		seen := map[string]bool{}
		for _, id := range c.Exclude {
			if k, ok := keysOf[id]; ok && !seen[id] && c.MatchesKeys(k) {
				n--
			}
			seen[id] = true
		}
		for _, id := range c.Include {
			if k, ok := keysOf[id]; ok && !seen[id] && !c.MatchesKeys(k) {
				n++
			}
			seen[id] = true
		}
		out[i] = n
	}
	return out, nil
}

// SCIMTokenHash implements store.Store.
func (s *Store) SCIMTokenHash(ctx context.Context) (string, error) {
	var h string
	err := s.q().QueryRowContext(ctx, `SELECT scim_token_hash FROM session_state WHERE id = 1`).Scan(&h)
	return h, err
}

// SetSCIMTokenHash implements store.Store.
func (s *Store) SetSCIMTokenHash(ctx context.Context, hash string) error {
	return s.inTx(ctx, func(tx *Store) error {
		if _, err := tx.q().ExecContext(ctx, `UPDATE session_state SET scim_token_hash = $1 WHERE id = 1`, hash); err != nil {
			return err
		}
		return tx.record(ctx, store.ActionRotated, "scim_token", "", "SCIM token")
	})
}

// facetColumns are the columns DirectoryFacets counts, in the order of
// store.Facets' fields.
var facetColumns = []string{"division", "location", "level", "job_title", "department", "employee_type", "role_group"}

// facetsQuery counts every facet in one statement.
var facetsQuery = func() string {
	parts := make([]string, len(facetColumns))
	for i, c := range facetColumns {
		parts[i] = fmt.Sprintf(`SELECT %d AS f, %s AS v, COUNT(*) AS n FROM employees WHERE active = $1 AND %s <> '' GROUP BY %s`, i, c, c, c)
	}
	return strings.Join(parts, " UNION ALL ") + " ORDER BY f, n DESC, v"
}()

// DirectoryFacets implements store.Store.
func (s *Store) DirectoryFacets(ctx context.Context) (store.Facets, error) {
	var out store.Facets
	lists := []*[]store.Facet{&out.Divisions, &out.Locations, &out.Levels, &out.JobTitles, &out.Departments, &out.EmployeeTypes, &out.RoleGroups}
	for _, l := range lists {
		*l = []store.Facet{}
	}
	rows, err := s.q().QueryContext(ctx, facetsQuery, true)
	_, err = collect(rows, err, func(r *sql.Rows) (bool, error) {
		var f int
		var x store.Facet
		if err := r.Scan(&f, &x.Value, &x.Count); err != nil {
			return false, err
		}
		*lists[f] = append(*lists[f], x)
		return true, nil
	})
	return out, err
}

// DirectoryHeadCounts implements store.Store.
func (s *Store) DirectoryHeadCounts(ctx context.Context) ([]domain.HeadCount, error) {
	rows, err := s.q().QueryContext(ctx, `SELECT division, location, level, role_group, job_title, COUNT(*) FROM employees
	  WHERE active = $1 GROUP BY division, location, level, role_group, job_title`, true)
	return collect(rows, err, func(r *sql.Rows) (domain.HeadCount, error) {
		var h domain.HeadCount
		return h, r.Scan(&h.Division, &h.Location, &h.Level, &h.RoleGroup, &h.JobTitle, &h.Count)
	})
}

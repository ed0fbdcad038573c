package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// Need to know. A confidential campaign or communication has a scope (its
// scope column: "campaign:<id>", or "communication:<id>" for one labelled
// by hand; "" is public), and the insiders table names the people of each
// scope. Every read of campaigns and communications in this package keeps
// the rows ctx's actor may see, through one condition (visibleSQL), so a
// new route that reads through the store cannot forget it: the actor
// holding actor.ConfidentialRead sees every row, a person the public rows
// and those of their scopes, anyone else (the shared identity, a call
// without an actor) the public rows only.

// view is who reads: every row, or the public ones and person's scopes.
type view struct {
	all    bool
	person string
}

// viewOf is the view of ctx's actor.
func viewOf(ctx context.Context) view {
	a, err := actor.From(ctx)
	if err != nil {
		return view{}
	}
	if a.Can(actor.ConfidentialRead) {
		return view{all: true}
	}
	if a.ID == actor.SharedID {
		return view{} // never an insider
	}
	return view{person: a.ID}
}

// visibleSQL is the condition keeping the rows of a table whose scope
// column is col that ctx's actor may see ("" when they see every row),
// binding the person with arg.
func visibleSQL(ctx context.Context, col string, arg func(any) string) string {
	v := viewOf(ctx)
	if v.all {
		return ""
	}
	return `(` + col + ` = '' OR ` + col + ` IN (SELECT i.scope FROM insiders i WHERE i.person_id = ` + arg(v.person) + `))`
}

// andVisible appends visibleSQL to a query whose parameters are args,
// after WHERE when where is true (else after AND), and returns both.
func andVisible(ctx context.Context, query, col string, where bool, args ...any) (string, []any) {
	cond := visibleSQL(ctx, col, func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	})
	if cond == "" {
		return query, args
	}
	if where {
		return query + ` WHERE ` + cond, args
	}
	return query + ` AND ` + cond, args
}

// sees returns nil when ctx's actor may see the record with that id in
// table (campaigns or communications), store.ErrNotFound when it does not
// exist or they may not.
func (s *Store) sees(ctx context.Context, table, id string) error {
	q, args := andVisible(ctx, `SELECT 1 FROM `+table+` WHERE id = $1`, "scope", false, id)
	var one int
	return notFound(s.q().QueryRowContext(ctx, q, args...).Scan(&one))
}

// scopeTable is the table of a record of entity "campaign" or
// "communication".
func scopeTable(entity string) (string, error) {
	switch entity {
	case domain.ThreadCampaign:
		return "campaigns", nil
	case domain.ThreadCommunication:
		return "communications", nil
	}
	return "", store.ErrNotFound
}

// recordScope reads the scope and title of a record ctx's actor may see.
func (s *Store) recordScope(ctx context.Context, entity, id string) (scope, title string, err error) {
	table, err := scopeTable(entity)
	if err != nil {
		return "", "", err
	}
	q, args := andVisible(ctx, `SELECT scope, title FROM `+table+` WHERE id = $1`, "scope", false, id)
	err = s.q().QueryRowContext(ctx, q, args...).Scan(&scope, &title)
	return scope, title, notFound(err)
}

// ListInsiders implements store.Store.
func (s *Store) ListInsiders(ctx context.Context, entity, id string) ([]domain.Insider, error) {
	scope, _, err := s.recordScope(ctx, entity, id)
	if err != nil || scope == "" {
		return []domain.Insider{}, err
	}
	rows, err := s.q().QueryContext(ctx, `SELECT p.id, p.name, i.added_at FROM insiders i JOIN people p ON p.id = i.person_id
	  WHERE i.scope = $1 ORDER BY lower(p.name), p.id`, scope)
	return collect(rows, err, func(r *sql.Rows) (domain.Insider, error) {
		var in domain.Insider
		err := r.Scan(&in.PersonID, &in.Name, &in.AddedAt)
		in.AddedAt = in.AddedAt.UTC()
		return in, err
	})
}

// AddInsider implements store.Store.
func (s *Store) AddInsider(ctx context.Context, entity, id, personID string) error {
	return s.inTx(ctx, func(tx *Store) error {
		scope, title, err := tx.recordScope(ctx, entity, id)
		if err != nil {
			return err
		}
		if scope == "" {
			return store.ErrConflict
		}
		var name string
		if err := tx.q().QueryRowContext(ctx, `SELECT name FROM people WHERE id = $1`, personID).Scan(&name); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return &store.ReferenceError{Field: "personId"}
			}
			return err
		}
		res, err := tx.q().ExecContext(ctx, `INSERT INTO insiders (scope, person_id, added_at) VALUES ($1, $2, $3)
		  ON CONFLICT DO NOTHING`, scope, personID, now())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		ctx = store.WithChanges(ctx, store.Changes{"insider": {After: name}, "personId": {After: personID}})
		return tx.record(ctx, store.ActionInsiderAdded, entity, id, title)
	})
}

// RemoveInsider implements store.Store.
func (s *Store) RemoveInsider(ctx context.Context, entity, id, personID string) error {
	return s.inTx(ctx, func(tx *Store) error {
		scope, title, err := tx.recordScope(ctx, entity, id)
		if err != nil {
			return err
		}
		var name string
		err = tx.q().QueryRowContext(ctx, `SELECT p.name FROM insiders i JOIN people p ON p.id = i.person_id
		  WHERE i.scope = $1 AND i.person_id = $2`, scope, personID).Scan(&name)
		if err != nil {
			return notFound(err)
		}
		if _, err := tx.q().ExecContext(ctx, `DELETE FROM insiders WHERE scope = $1 AND person_id = $2`, scope, personID); err != nil {
			return err
		}
		ctx = store.WithChanges(ctx, store.Changes{"insider": {Before: name}, "personId": {Before: personID}})
		return tx.record(ctx, store.ActionInsiderRemoved, entity, id, title)
	})
}

// viewMemo keeps each person's view key at the insiders' data version, so
// a cached list costs no query more than before: the version is read with
// the others (shared, and on SQLite skipped while nothing committed), and
// the person's scopes only when it moved.
type viewMemo struct {
	mu   sync.Mutex
	keys map[string]viewAt
}

// viewAt is a view key read at an insiders' version.
type viewAt struct {
	version int64
	key     string
}

// maxViews bounds the people viewMemo remembers; past it, it starts again.
const maxViews = 4096

// ViewKey implements store.Store.
func (s *Store) ViewKey(ctx context.Context) (string, error) {
	v := viewOf(ctx)
	if v.all {
		return "*", nil
	}
	if v.person == "" {
		return "", nil
	}
	var version int64
	if s.views != nil {
		var err error
		if version, err = s.DataVersion(ctx, store.InsidersList); err != nil {
			return "", err
		}
		s.views.mu.Lock()
		at, ok := s.views.keys[v.person]
		s.views.mu.Unlock()
		if ok && at.version == version {
			return at.key, nil
		}
	}
	scopes, err := s.collectIDs(ctx, `SELECT scope FROM insiders WHERE person_id = $1 ORDER BY scope`, v.person)
	if err != nil {
		return "", err
	}
	key := strings.Join(scopes, " ")
	if s.views != nil {
		s.views.mu.Lock()
		if len(s.views.keys) >= maxViews {
			clear(s.views.keys)
		}
		s.views.keys[v.person] = viewAt{version, key}
		s.views.mu.Unlock()
	}
	return key, nil
}

// addFounders makes the acting person and the record's creator (from its
// creation entry) insiders of scope, when they are people: a record that
// becomes confidential stays with whoever made it so. The shared identity
// and the command line are no people and are never added.
func (s *Store) addFounders(ctx context.Context, scope, entity, id string) error {
	s.also(store.InsidersList)
	_, err := s.q().ExecContext(ctx, `INSERT INTO insiders (scope, person_id, added_at)
	  SELECT $1, p.id, $2 FROM people p WHERE p.id = $3 OR p.id IN (SELECT a.actor_id FROM activity a
	    WHERE a.entity_type = $4 AND a.entity_id = $5 AND a.action = 'created')
	  ON CONFLICT DO NOTHING`, scope, now(), actingFor(ctx).ID, entity, id)
	return err
}

// setCampaignScope gives a campaign the scope its Confidential asks for,
// and its communications and audit entries theirs; callers are inside inTx,
// before the write's record.
func (s *Store) setCampaignScope(ctx context.Context, id string, confidential bool) error {
	scope := ""
	if confidential {
		scope = "campaign:" + id
	}
	var old string
	if err := s.q().QueryRowContext(ctx, `SELECT scope FROM campaigns WHERE id = $1`, id).Scan(&old); err != nil {
		return notFound(err)
	}
	if old == scope {
		return nil
	}
	if _, err := s.q().ExecContext(ctx, `UPDATE campaigns SET scope = $2 WHERE id = $1`, id, scope); err != nil {
		return err
	}
	if old != "" && scope == "" {
		s.also(store.InsidersList)
		// Its labelled communications stay confidential on their own, with
		// the campaign's insiders.
		if _, err := s.q().ExecContext(ctx, `INSERT INTO insiders (scope, person_id, added_at)
		    SELECT 'communication:' || c.id, i.person_id, $3 FROM communications c JOIN insiders i ON i.scope = $2
		    WHERE c.source_campaign_id = $1 AND c.confidentiality <> '' ON CONFLICT DO NOTHING`, id, old, now()); err != nil {
			return err
		}
	}
	if _, err := s.q().ExecContext(ctx, `UPDATE communications SET scope = CASE WHEN $2 <> '' THEN $2
	    WHEN confidentiality <> '' THEN 'communication:' || id ELSE '' END WHERE source_campaign_id = $1`, id, scope); err != nil {
		return err
	}
	if _, err := s.q().ExecContext(ctx, `UPDATE activity SET scope = $2 WHERE entity_type = 'campaign' AND entity_id = $1`, id, scope); err != nil {
		return err
	}
	if _, err := s.q().ExecContext(ctx, `UPDATE activity SET scope = (SELECT c.scope FROM communications c WHERE c.id = activity.entity_id)
	    WHERE entity_type = 'communication' AND entity_id IN (SELECT id FROM communications WHERE source_campaign_id = $1)`, id); err != nil {
		return err
	}
	// Its communications change for some readers, in every month.
	s.also(store.CommunicationsList)
	if scope != "" {
		return s.addFounders(ctx, scope, "campaign", id)
	}
	return nil
}

// setCommunicationScope gives a communication the scope of its confidential
// campaign, else its own when it carries a label, else none, and its
// audit entries the same; callers are inside inTx, before the write's
// record.
func (s *Store) setCommunicationScope(ctx context.Context, id string) error {
	var old, scope string
	err := s.q().QueryRowContext(ctx, `SELECT c.scope, COALESCE((SELECT k.scope FROM campaigns k WHERE k.id = c.source_campaign_id AND k.scope <> ''),
	    CASE WHEN c.confidentiality <> '' THEN 'communication:' || c.id ELSE '' END) FROM communications c WHERE c.id = $1`, id).Scan(&old, &scope)
	if err != nil {
		return notFound(err)
	}
	if old == scope {
		return nil
	}
	if _, err := s.q().ExecContext(ctx, `UPDATE communications SET scope = $2 WHERE id = $1`, id, scope); err != nil {
		return err
	}
	if _, err := s.q().ExecContext(ctx, `UPDATE activity SET scope = $2 WHERE entity_type = 'communication' AND entity_id = $1`, id, scope); err != nil {
		return err
	}
	if scope == "communication:"+id {
		return s.addFounders(ctx, scope, "communication", id)
	}
	return nil
}

// maskedActivity is activitySelect with each entry's label and changes as
// ctx's actor may read them: "Confidential item" and none for an entry of
// a record they may not see.
func maskedActivity(ctx context.Context, arg func(any) string) string {
	cond := visibleSQL(ctx, "scope", arg)
	if cond == "" {
		return activitySelect
	}
	return strings.Replace(activitySelect, "label, at, actor_id, actor_name, changes",
		`CASE WHEN `+cond+` THEN label ELSE '`+domain.ConfidentialLabel+`' END, at, actor_id, actor_name,
		 CASE WHEN `+cond+` THEN changes ELSE '' END`, 1)
}

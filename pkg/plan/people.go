package plan

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// PersonChange is a change to a person: a nil field keeps its value.
type PersonChange struct {
	Name  *string
	Email *string
	Role  *string
}

// People lists the people (admins only).
func (p *Plan) People(ctx context.Context) ([]domain.Person, error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return nil, err
	}
	return p.st.ListPeople(ctx)
}

// FindPerson finds a person by id, else by name (ignoring case): what the
// command line's ID|NAME arguments take. A name two people share is bad
// input naming the person argument.
func (p *Plan) FindPerson(ctx context.Context, idOrName string) (domain.Person, error) {
	people, err := p.People(ctx)
	if err != nil {
		return domain.Person{}, err
	}
	var found []domain.Person
	for _, x := range people {
		if x.ID == idOrName {
			return x, nil
		}
		if strings.EqualFold(x.Name, strings.TrimSpace(idOrName)) {
			found = append(found, x)
		}
	}
	switch len(found) {
	case 0:
		return domain.Person{}, store.ErrNotFound
	case 1:
		return found[0], nil
	}
	return domain.Person{}, Invalid("person", "names "+strconv.Itoa(len(found))+" people; give the id (people list)")
}

// AddPerson adds a person with a new personal code, which it answers this
// once: only the code's hash is stored.
func (p *Plan) AddPerson(ctx context.Context, name, email, role string) (domain.Person, string, error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return domain.Person{}, "", err
	}
	person := domain.Person{Name: name, Email: email}
	if err := checkPerson(&person, role); err != nil {
		return person, "", err
	}
	code := access.GeneratePersonalCode()
	err := p.st.InTx(ctx, func(tx store.Store) error {
		if err := distinctName(ctx, tx, &person, true); err != nil {
			return err
		}
		return tx.CreatePerson(changed(ctx, nil, person), &person, access.PersonalCodeHash(code))
	})
	if err != nil {
		return person, "", err
	}
	return person, code, nil
}

// ReservedNames are display names no person may take: the identities that
// are no person (the shared codes, the command line, single sign-on), and
// the first admin's, which EnsureAdmin alone gives.
var ReservedNames = []string{actor.SharedAs(actor.RoleViewer).Name, actor.Terminal.Name, actor.SignOn.Name, FirstAdminName}

// distinctName makes person's name one no one else shows, since comments,
// mentions, the inbox, reviews and the audit trail name people by it. A
// reserved name is refused (bad input naming name) when strict, the input
// of an admin; otherwise, as for a name another person has (compared
// without case), the name gets the email's domain, "Ann (example.com)", or
// failing that a number, "Ann (2)".
func distinctName(ctx context.Context, tx store.Store, person *domain.Person, strict bool) error {
	people, err := tx.ListPeople(ctx)
	if err != nil {
		return err
	}
	taken := func(name string) bool {
		if slices.ContainsFunc(ReservedNames, func(r string) bool { return strings.EqualFold(r, name) }) {
			return true
		}
		return slices.ContainsFunc(people, func(x domain.Person) bool { return x.ID != person.ID && strings.EqualFold(x.Name, name) })
	}
	if !taken(person.Name) {
		return nil
	}
	if strict && slices.ContainsFunc(ReservedNames, func(r string) bool { return strings.EqualFold(r, person.Name) }) {
		return Invalid("name", "is reserved: "+person.Name+" names no person here; choose another")
	}
	base := person.Name
	if _, domainPart, ok := strings.Cut(person.Email, "@"); ok && domainPart != "" {
		if name := fitName(base, " ("+domainPart+")"); !taken(name) {
			person.Name = name
			return nil
		}
	}
	for n := 2; ; n++ {
		if name := fitName(base, " ("+strconv.Itoa(n)+")"); !taken(name) {
			person.Name = name
			return nil
		}
	}
}

// fitName is base with suffix, base cut so the whole stays within
// domain.MaxName characters.
func fitName(base, suffix string) string {
	r := []rune(base)
	if room := domain.MaxName - len([]rune(suffix)); len(r) > room {
		r = r[:max(room, 0)]
	}
	return string(r) + suffix
}

// checkPerson validates a person's fields and sets its role from role.
func checkPerson(person *domain.Person, role string) error {
	fe := domain.FieldErrors{}
	if err := person.Validate(); err != nil {
		errors.As(err, &fe)
	}
	r, err := actor.ParseRole(role)
	if err != nil {
		fe["role"] = err.Error()
	}
	if len(fe) > 0 {
		return fe
	}
	person.Role = string(r)
	return nil
}

// UpdatePerson changes a person's name, email or role. Demoting the last
// admin is bad input naming role.
func (p *Plan) UpdatePerson(ctx context.Context, id string, ch PersonChange) (domain.Person, error) {
	var person domain.Person
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return person, err
	}
	err := p.st.InTx(ctx, func(tx store.Store) error {
		admins, err := tx.LockAdmins(ctx)
		if err != nil {
			return err
		}
		if person, err = tx.GetPerson(ctx, id); err != nil {
			return err
		}
		before := person
		wasAdmin := person.Role == string(actor.RoleAdmin)
		if ch.Name != nil {
			person.Name = *ch.Name
		}
		if ch.Email != nil {
			person.Email = *ch.Email
		}
		role := person.Role
		if ch.Role != nil {
			role = *ch.Role
		}
		if err := checkPerson(&person, role); err != nil {
			return err
		}
		if person.Name != before.Name && !strings.EqualFold(person.Name, before.Name) {
			if err := distinctName(ctx, tx, &person, true); err != nil {
				return err
			}
		}
		if wasAdmin && person.Role != string(actor.RoleAdmin) && admins <= 1 {
			return Invalid("role", "cannot change: this is the last admin; make someone else admin first")
		}
		return tx.UpdatePerson(changed(ctx, before, person), &person)
	})
	return person, err
}

// NewPersonCode issues the person a new code, answered this once, and ends
// the old one with every session opened with it. Its audit entry says that
// the code changed and how many sessions ended, never the code or its hash.
func (p *Plan) NewPersonCode(ctx context.Context, id string) (string, error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return "", err
	}
	code := access.GeneratePersonalCode()
	err := p.st.InTx(ctx, func(tx store.Store) error {
		person, err := tx.GetPerson(ctx, id)
		if err != nil {
			return err
		}
		ch := store.Changes{"code": {Before: CodeReplaced, After: CodeIssued}}
		if person.ActiveSessions > 0 {
			ch["activeSessions"] = store.Change{Before: person.ActiveSessions, After: 0}
		}
		return tx.SetPersonCode(store.WithChanges(ctx, ch), id, access.PersonalCodeHash(code))
	})
	if err != nil {
		return "", err
	}
	return code, nil
}

// What the audit entry of a new personal code says of the code: its
// values are secret, so only that one ended and another was issued.
const (
	CodeReplaced = "ended"
	CodeIssued   = "new code issued"
)

// RemovePerson removes a person and ends their sessions. The last admin
// cannot be removed (bad input naming id).
func (p *Plan) RemovePerson(ctx context.Context, id string) error {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return err
	}
	return p.st.InTx(ctx, func(tx store.Store) error {
		admins, err := tx.LockAdmins(ctx)
		if err != nil {
			return err
		}
		person, err := tx.GetPerson(ctx, id)
		if err != nil {
			return err
		}
		if person.Role == string(actor.RoleAdmin) && admins <= 1 {
			return Invalid("id", "is the last admin, who cannot be removed")
		}
		return tx.DeletePerson(changed(ctx, person, nil), id)
	})
}

// SignOutPerson ends every session of the person, answering how many.
// Its audit entry gives the open sessions before and none after.
func (p *Plan) SignOutPerson(ctx context.Context, id string) (int, error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return 0, err
	}
	var n int
	err := p.st.InTx(ctx, func(tx store.Store) error {
		person, err := tx.GetPerson(ctx, id)
		if err != nil {
			return err
		}
		ch := store.Changes{"activeSessions": {Before: person.ActiveSessions, After: 0}}
		n, err = tx.DeletePersonSessions(store.WithChanges(ctx, ch), id)
		return err
	})
	return n, err
}

// RevokeAllSessions ends every session issued up to at, personal and
// shared alike: everyone signs in again, for when a code has leaked. Its
// audit entry gives the cutoff and why.
func (p *Plan) RevokeAllSessions(ctx context.Context, at time.Time, why string) error {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return err
	}
	return revokeAll(ctx, p.st, at, why)
}

// revokeAll ends every session issued up to at in st, its audit entry
// giving the cutoff and why.
func revokeAll(ctx context.Context, st store.Store, at time.Time, why string) error {
	ch := store.Changes{"sessionsIssuedUpTo": {After: at.UTC()}, "reason": {After: why}}
	return st.RevokeAllSessions(store.WithChanges(ctx, ch), at)
}

// PersonSessions lists the person's open sessions, the most recently
// seen first.
func (p *Plan) PersonSessions(ctx context.Context, id string) ([]domain.PersonSession, error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return nil, err
	}
	if _, err := p.st.GetPerson(ctx, id); err != nil {
		return nil, err
	}
	return p.st.ListPersonSessions(ctx, id)
}

// OwnSession is one open session of the signed-in person; Current marks
// the one the request came with.
type OwnSession struct {
	domain.PersonSession
	Current bool `json:"current"`
}

// MsgNoOwnSessions answers the shared identity (or the command line)
// asking for its own sessions: only a person has them.
const MsgNoOwnSessions = "belongs to no person: a shared access code has no personal sessions; sign in with your personal code to see yours"

// OwnSessions lists the acting person's open sessions, the most recently
// seen first, marking current (the id of the session asking). Anyone who
// is not a person (the shared identity) is bad input naming session.
func (p *Plan) OwnSessions(ctx context.Context, current string) ([]OwnSession, error) {
	a, err := actor.Require(ctx, actor.PlanRead)
	if err != nil {
		return nil, err
	}
	if _, err := p.st.GetPerson(ctx, a.ID); errors.Is(err, store.ErrNotFound) {
		return nil, Invalid("session", MsgNoOwnSessions)
	} else if err != nil {
		return nil, err
	}
	rows, err := p.st.ListPersonSessions(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	out := make([]OwnSession, len(rows))
	for i, x := range rows {
		out[i] = OwnSession{PersonSession: x, Current: x.ID == current}
	}
	return out, nil
}

// EndSession ends one personal session: any, for an admin; one of their
// own, for everyone else (another's is refused naming people.manage). It
// ends at its next request, on every replica. Its audit entry (on the
// person) names the session and its browser.
func (p *Plan) EndSession(ctx context.Context, sessionID string) error {
	a, err := actor.Require(ctx, actor.PlanRead)
	if err != nil {
		return err
	}
	return p.st.InTx(ctx, func(tx store.Store) error {
		person, sess, err := tx.PersonOfSession(ctx, sessionID, time.Now())
		if err != nil {
			return err
		}
		if person.ID != a.ID && !a.Can(actor.PeopleManage) {
			return &actor.DeniedError{Permission: actor.PeopleManage, Role: a.Role}
		}
		ch := store.Changes{"session": {Before: sess.ID}, "startedAt": {Before: sess.CreatedAt}}
		if sess.UserAgent != "" {
			ch["userAgent"] = store.Change{Before: sess.UserAgent}
		}
		return tx.EndPersonSession(store.WithChanges(ctx, ch), sessionID)
	})
}

// FirstAdminName is the name of the admin the first start creates.
const FirstAdminName = "Administrator"

// EnsureAdmin creates an admin, named FirstAdminName, when there are no
// people yet, and answers it with its code (shown this once); created is
// false, and nothing changes, when someone exists.
func (p *Plan) EnsureAdmin(ctx context.Context) (person domain.Person, code string, created bool, err error) {
	if _, err := actor.Require(ctx, actor.PeopleManage); err != nil {
		return person, "", false, err
	}
	err = p.st.InTx(ctx, func(tx store.Store) error {
		people, err := tx.ListPeople(ctx)
		if err != nil || len(people) > 0 {
			return err
		}
		person = domain.Person{Name: FirstAdminName, Role: string(actor.RoleAdmin)}
		code = access.GeneratePersonalCode()
		created = true
		return tx.CreatePerson(changed(ctx, nil, person), &person, access.PersonalCodeHash(code))
	})
	return person, code, created, err
}

// Identity is who a sign-on provider says signed in.
type Identity struct {
	// Issuer and Subject name the person at the provider for good.
	Issuer, Subject string
	// Name and Email come from the token's claims; they fill in a new
	// person only.
	Name, Email string
}

// ErrNoAccess is a sign-on by someone who is no person here, when no role
// admits them (no mapped group and no default role).
var ErrNoAccess = errors.New("no person is linked to this sign-on and no role admits a new one")

// SignOnPerson returns the person linked to id, or, when there is none and
// role is not empty, adds one with that role and links it (created is
// true). The new person gets a personal code nobody is shown: an admin
// can issue one. Its audit entry names actor.SignOn as the actor.
//
// A linked person follows the provider at every sign-in: role is what the
// provider maps them to now. A lower role lowers theirs; a higher one
// raises it only when raise (auth.oidc.raise-roles); no role ("") ends
// every session of theirs and refuses them (ErrNoAccess). Each change is
// in the audit trail, committed even when the sign-in is refused.
func (p *Plan) SignOnPerson(ctx context.Context, id Identity, role actor.Role, raise bool) (person domain.Person, created bool, err error) {
	refused := false
	err = p.st.InTx(ctx, func(tx store.Store) error {
		person, err = tx.GetPersonByIdentity(ctx, id.Issuer, id.Subject)
		if err == nil {
			refused, err = followProvider(actor.With(ctx, actor.SignOn), tx, &person, role, raise)
			return err
		}
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if role == "" {
			return ErrNoAccess
		}
		person = domain.Person{Name: signOnName(id), Email: id.Email}
		if person.Validate() != nil {
			person.Email = "" // an odd email claim must not keep someone out
		}
		if err := checkPerson(&person, string(role)); err != nil {
			return err
		}
		// The provider's name may be anyone's, or "Administrator".
		if err := distinctName(ctx, tx, &person, false); err != nil {
			return err
		}
		created = true
		ctx := actor.With(ctx, actor.SignOn)
		if err := tx.CreatePerson(changed(ctx, nil, person), &person, access.PersonalCodeHash(access.GeneratePersonalCode())); err != nil {
			return err
		}
		return tx.LinkPersonIdentity(ctx, person.ID, id.Issuer, id.Subject)
	})
	if err == nil && refused {
		return person, false, ErrNoAccess
	}
	return person, created, err
}

// followProvider applies the provider's role now to a linked person in
// tx: refused is true when there is none (their sessions are ended).
func followProvider(ctx context.Context, tx store.Store, person *domain.Person, role actor.Role, raise bool) (refused bool, err error) {
	if role == "" {
		ch := store.Changes{"activeSessions": {Before: person.ActiveSessions, After: 0},
			"reason": {After: "single sign-on maps them to no role"}}
		_, err := tx.DeletePersonSessions(store.WithChanges(ctx, ch), person.ID)
		return true, err
	}
	// Without raise the provider only takes permissions away: a mapped
	// role that adds one keeps the person's role.
	if now := actor.Role(person.Role); role == now || (role.Adds(now) && !raise) {
		return false, nil
	}
	before := *person
	person.Role = string(role)
	return false, tx.UpdatePerson(changed(ctx, before, *person), person)
}

// signOnName is the name a new person gets: the token's name, else its
// email, else its subject, cut to domain.MaxName characters.
func signOnName(id Identity) string {
	name := strings.TrimSpace(id.Name)
	for _, alt := range []string{id.Email, id.Subject} {
		if name == "" {
			name = strings.TrimSpace(alt)
		}
	}
	if r := []rune(name); len(r) > domain.MaxName {
		name = string(r[:domain.MaxName])
	}
	return name
}

// Package store defines the Store interface, the only way commsplan code
// reaches data, together with its typed errors and the registry through which
// storage backends (plugins/storage/...) make themselves available by DSN
// scheme.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Typed errors returned by every backend. Callers test them with errors.Is;
// only the HTTP layer turns them into status codes.
var (
	// ErrNotFound means the addressed record does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict means the change collides with the stored state, such as
	// a stale checklist version.
	ErrConflict = errors.New("conflict")
	// ErrInvalidReference means the change names a related record that does
	// not exist (or, for a reorder, one that belongs elsewhere).
	ErrInvalidReference = errors.New("invalid reference")
	// ErrUnavailable means the database could not answer in time or at all:
	// connection refused or reset, a server shutting down or starting up,
	// or the query timeout. Retrying later may succeed.
	ErrUnavailable = errors.New("database unavailable")
)

// Defaults of Options, the same as the db.connect-timeout and
// db.query-timeout settings.
const (
	DefaultConnectTimeout = 5 * time.Second
	DefaultQueryTimeout   = 10 * time.Second
)

// Options tune how a backend reaches its database. The zero value of a field
// takes its default, so no caller runs without timeouts.
type Options struct {
	// ConnectTimeout bounds opening one connection (PostgreSQL's
	// connect_timeout, unless the DSN sets its own).
	ConnectTimeout time.Duration
	// QueryTimeout bounds every statement outside a transaction and every
	// transaction as a whole; SQLite also waits this long for a lock.
	QueryTimeout time.Duration
}

// WithDefaults fills the fields left zero.
func (o Options) WithDefaults() Options {
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = DefaultConnectTimeout
	}
	if o.QueryTimeout <= 0 {
		o.QueryTimeout = DefaultQueryTimeout
	}
	return o
}

// ReferenceError is an ErrInvalidReference that names the offending field.
type ReferenceError struct {
	Field string
}

func (e *ReferenceError) Error() string { return "invalid reference: " + e.Field }

// Is makes errors.Is(err, ErrInvalidReference) true.
func (e *ReferenceError) Is(target error) bool { return target == ErrInvalidReference }

// QuestionFilter narrows ListQuestions. The zero value lists all questions.
type QuestionFilter struct {
	// ThemeID keeps one theme's questions; empty keeps every theme's.
	ThemeID string
	// Q keeps the questions whose text or description holds it, ignoring
	// case (the Questions screen's search).
	Q string
}

// ContentFilter narrows FilterContent. The zero value lists every piece,
// as ListContent does.
type ContentFilter struct {
	// Q keeps the pieces whose title or description holds it, ignoring
	// case (the Content Library's search).
	Q string
	// Type keeps the pieces of that type; empty keeps all.
	Type string
}

// Page is a page of a list read from the store (ListCampaignPage,
// ListContentPage).
type Page[T any] struct {
	// Rows are the page's, in the whole list's order.
	Rows []T
	// Total counts every row of the list, read with the page.
	Total int
	// More says rows remain after the page.
	More bool
}

// CommunicationFilter narrows FilterCommunications. The zero value lists
// every communication, as ListCommunications does.
type CommunicationFilter struct {
	// From and To are inclusive calendar days as midnight UTC (the form
	// domain.Scheduled.Day returns); zero leaves that end open. When either
	// is set, a dated communication is listed when its Day(Loc) falls in the
	// range.
	From, To time.Time
	// Loc puts an instant on its calendar day; nil is UTC.
	Loc *time.Location
	// Undated says what becomes of communications without a date:
	// UndatedDefault keeps them unless a range is given.
	Undated Undated
	// Statuses keeps the communications with one of these statuses; empty
	// keeps all.
	Statuses []string
	// ThemeID, AudienceID and VehicleID keep the communications that name
	// that record; an id that does not exist is a *ReferenceError naming
	// themeId, audienceId or vehicleId.
	ThemeID, AudienceID, VehicleID string
	// Q keeps the communications whose title or raw content holds it,
	// ignoring case.
	Q string
	// IDs, when not nil, keeps only the communications with one of these
	// ids; an empty non-nil list keeps none.
	IDs []string
	// Sort orders the rows; the zero value is ListCommunications' order
	// (created, then id).
	Sort CommunicationSort
	// Imported keeps only the communications imported from a campaign
	// (SourceCampaignID set), whatever their status and date.
	Imported bool
	// NoContent leaves the content out of the rows read (RawContent,
	// GeneratedContent and SelectedQuestions come back empty), for a
	// reader that does not show it, such as the schedule export.
	NoContent bool
}

// DashboardCounts are the Dashboard cards' counts (store.DashboardCounts):
// each in total and among the records created before a given instant.
type DashboardCounts struct {
	Themes, ThemesBefore     int
	Content, ContentBefore   int
	Contacts, ContactsBefore int
	// Scheduled counts communications with status scheduled and a date.
	Scheduled, ScheduledBefore int
}

// Undated is what a CommunicationFilter does with undated communications.
type Undated uint8

// The choices for CommunicationFilter.Undated.
const (
	// UndatedDefault includes them when the filter has no range, not when it has.
	UndatedDefault Undated = iota
	// UndatedInclude includes them alongside the range.
	UndatedInclude
	// UndatedExclude lists dated communications only.
	UndatedExclude
	// UndatedOnly lists undated communications only (the range is then moot).
	UndatedOnly
)

// CommunicationSort orders FilterCommunications.
type CommunicationSort uint8

// The orders of FilterCommunications; every one ends with the id, so pages
// are stable.
const (
	// SortCreated is creation order, as ListCommunications.
	SortCreated CommunicationSort = iota
	// SortScheduled is by scheduledDate as stored (dates and UTC instants
	// compare as text), undated last.
	SortScheduled
	// SortScheduledDesc is newest scheduledDate first, undated last.
	SortScheduledDesc
	// SortTitle is by title, ignoring case.
	SortTitle
)

// SessionRevocations is the server-side record that ends sessions before
// they expire; every replica reads the same one.
type SessionRevocations struct {
	// Version changes with every change to the record, so a replica can
	// tell with a one-row read whether its copy is current.
	Version int64
	// ValidAfter revokes every session issued at or before it (revoke-all);
	// zero when that never happened.
	ValidAfter time.Time
	// Revoked are the ids of the revoked sessions that have not expired.
	Revoked []string
}

// Store is commsplan's storage. Every method is safe for concurrent use.
// Create methods fill in ID and CreatedAt (and UpdatedAt where present) on the
// record they are given. Every multi-row change is atomic.
type Store interface {
	Directory
	Deliveries

	ListThemes(ctx context.Context) ([]domain.Theme, error)
	GetTheme(ctx context.Context, id string) (domain.Theme, error)
	CreateTheme(ctx context.Context, t *domain.Theme) error
	UpdateTheme(ctx context.Context, t *domain.Theme) error
	// DeleteTheme deletes the theme, its questions and their content links,
	// and clears the theme of its communications.
	DeleteTheme(ctx context.Context, id string) error

	ListQuestions(ctx context.Context, f QuestionFilter) ([]domain.Question, error)
	GetQuestion(ctx context.Context, id string) (domain.Question, error)
	CreateQuestion(ctx context.Context, q *domain.Question) error
	UpdateQuestion(ctx context.Context, q *domain.Question) error
	DeleteQuestion(ctx context.Context, id string) error
	// ReorderQuestions sets the sortOrder of questions of one theme. It is
	// all-or-nothing: any id that is unknown or belongs to another theme
	// fails the whole call with ErrInvalidReference.
	ReorderQuestions(ctx context.Context, themeID string, orders []domain.QuestionOrder) error

	// ListContent returns every content piece with its QuestionIDs.
	ListContent(ctx context.Context) ([]domain.Content, error)
	// FilterContent lists the pieces f keeps, as ListContent lists them
	// (same order, with their QuestionIDs).
	FilterContent(ctx context.Context, f ContentFilter) ([]domain.Content, error)
	// ListContentPage is one page of ListContent: at most limit pieces,
	// those after the piece whose id is after in ListContent's order (from
	// the first when after is ""), with the number of pieces in all. An
	// after that names no piece is ErrNotFound.
	ListContentPage(ctx context.Context, after string, limit int) (Page[domain.Content], error)
	GetContent(ctx context.Context, id string) (domain.Content, error)
	// CreateContent stores the piece and links it to QuestionIDs.
	CreateContent(ctx context.Context, c *domain.Content) error
	// UpdateContent updates the piece; a non-nil QuestionIDs replaces its
	// links, a nil one leaves them as they are.
	UpdateContent(ctx context.Context, c *domain.Content) error
	DeleteContent(ctx context.Context, id string) error

	ListAudiences(ctx context.Context) ([]domain.Audience, error)
	GetAudience(ctx context.Context, id string) (domain.Audience, error)
	CreateAudience(ctx context.Context, a *domain.Audience) error
	UpdateAudience(ctx context.Context, a *domain.Audience) error
	// DeleteAudience deletes the audience, clears it from its
	// communications, removes it from its blackouts and deletes (and logs)
	// a blackout left with no audience, since no audience means everyone.
	DeleteAudience(ctx context.Context, id string) error

	ListVehicles(ctx context.Context) ([]domain.Vehicle, error)
	GetVehicle(ctx context.Context, id string) (domain.Vehicle, error)
	CreateVehicle(ctx context.Context, v *domain.Vehicle) error
	UpdateVehicle(ctx context.Context, v *domain.Vehicle) error
	DeleteVehicle(ctx context.Context, id string) error

	// ListCommunications returns communications with their theme, vehicle
	// and audience embedded.
	ListCommunications(ctx context.Context) ([]domain.Communication, error)
	// FilterCommunications lists the communications f keeps, embedded as
	// ListCommunications does: one indexed range query, the range settled
	// with domain.Scheduled.Day.
	FilterCommunications(ctx context.Context, f CommunicationFilter) ([]domain.Communication, error)
	// EachCommunication calls fn with each communication f keeps, embedded
	// as FilterCommunications has them, but in scheduledDate order as stored
	// (undated first, then dates and UTC instants as text), then id; f.Sort
	// is not used. It reads a page of rows at a time and holds no
	// connection while fn runs, so a caller streaming them out keeps memory
	// bounded. Rows are read in several queries: a write between two may be
	// seen by the later pages only. An error from fn stops the walk and is
	// returned.
	EachCommunication(ctx context.Context, f CommunicationFilter, fn func(domain.Communication) error) error
	GetCommunication(ctx context.Context, id string) (domain.Communication, error)
	CreateCommunication(ctx context.Context, c *domain.Communication) error
	// CreateCommunications creates every communication or none, in one
	// transaction with one activity entry each, and fills each record as
	// CreateCommunication does. A dangling reference is a *ReferenceError
	// whose Field names the item: "communications[3].themeId".
	CreateCommunications(ctx context.Context, cs []*domain.Communication) error
	UpdateCommunication(ctx context.Context, c *domain.Communication) error
	DeleteCommunication(ctx context.Context, id string) error

	// ListBlackouts returns the blackout periods by start date.
	ListBlackouts(ctx context.Context) ([]domain.Blackout, error)
	GetBlackout(ctx context.Context, id string) (domain.Blackout, error)
	// CreateBlackout stores the blackout with its AudienceIDs (duplicates
	// count once); an unknown audience is a ReferenceError on audienceIds.
	CreateBlackout(ctx context.Context, b *domain.Blackout) error
	// UpdateBlackout replaces the blackout's fields and its AudienceIDs.
	UpdateBlackout(ctx context.Context, b *domain.Blackout) error
	DeleteBlackout(ctx context.Context, id string) error

	// DashboardCounts counts what the Dashboard's cards show, each in
	// total and among the records created before before, in one statement.
	DashboardCounts(ctx context.Context, before time.Time) (DashboardCounts, error)
	// ListActivity returns the newest limit entries of the activity log,
	// newest first. Every create, update and delete above records one,
	// with the actor of ctx (pkg/actor) and the changes of WithChanges.
	// Entries about sessions, people and the working checklist (saved
	// every few seconds while someone edits) are the audit trail's only.
	ListActivity(ctx context.Context, limit int) ([]domain.Activity, error)
	// ListAudit returns the audit trail (the activity log with sign-ins and
	// changes to people) newest first, narrowed by f.
	ListAudit(ctx context.Context, f AuditFilter) ([]domain.Activity, error)
	// PruneAudit deletes the audit entries older than before and records
	// the pruning itself as an entry, in one transaction; it answers how
	// many it deleted. It is the one way an entry is ever removed.
	PruneAudit(ctx context.Context, before time.Time) (int, error)
	// Audit appends an entry that is no write of a record of its own (a
	// sign-in, a refused sign-in, a sign-out, an item of a checklist save),
	// with the actor and the changes (WithChanges) of ctx; in a transaction
	// it is part of it.
	Audit(ctx context.Context, action, entityType, entityID, label string) error

	ListCampaigns(ctx context.Context) ([]domain.Campaign, error)
	// EachCampaign calls fn with campaigns read without their HTMLContent
	// (about half of a campaign at the scale dataset), a few at a time and
	// holding no connection while fn runs: with ids nil every campaign in
	// ListCampaigns' order, otherwise those of ids, once each, in ids' order (an id
	// not found is skipped). A write during the walk may be seen by the
	// later reads only. An error from fn stops the walk and is returned.
	EachCampaign(ctx context.Context, ids []string, fn func(domain.Campaign) error) error
	// ListCampaignSummaries is ListCampaigns' summaries, in its order,
	// read without the schedules and the HTML (the schedule's figures are
	// taken out in the database).
	ListCampaignSummaries(ctx context.Context) ([]domain.CampaignSummary, error)
	// ListCampaignPage is one page of ListCampaigns, read without the HTML:
	// at most limit campaigns, those after the campaign whose id is after
	// in ListCampaigns' order (from the first when after is ""), with the
	// number of campaigns in all. An after that names no campaign is
	// ErrNotFound.
	ListCampaignPage(ctx context.Context, after string, limit int) (Page[domain.Campaign], error)
	GetCampaign(ctx context.Context, id string) (domain.Campaign, error)
	CreateCampaign(ctx context.Context, c *domain.Campaign) error
	// UpdateCampaign replaces the campaign's stored fields and sets UpdatedAt.
	UpdateCampaign(ctx context.Context, c *domain.Campaign) error
	// SetCampaignHTML replaces a campaign's stored HTML and nothing else:
	// re-rendering a schedule that did not change is no edit, so
	// UpdatedAt, the activity log and the data versions stay as they are.
	SetCampaignHTML(ctx context.Context, id, html string) error
	DeleteCampaign(ctx context.Context, id string) error

	ListChecklistTemplates(ctx context.Context) ([]domain.ChecklistTemplate, error)
	GetChecklistTemplate(ctx context.Context, id string) (domain.ChecklistTemplate, error)
	CreateChecklistTemplate(ctx context.Context, t *domain.ChecklistTemplate) error
	DeleteChecklistTemplate(ctx context.Context, id string) error

	// GetChecklist returns the working checklist; ErrNotFound when none has
	// been saved yet.
	GetChecklist(ctx context.Context) (domain.WorkingChecklist, error)
	// SaveChecklist stores items as the working checklist if its current
	// version equals expectedVersion (0 when none is stored yet), records a
	// snapshot of stats in the history, and returns the new state. A stale
	// expectedVersion gives ErrConflict and changes nothing.
	SaveChecklist(ctx context.Context, items json.RawMessage, stats json.RawMessage, expectedVersion int) (domain.WorkingChecklist, error)
	// ListChecklistHistory returns the snapshots, oldest first.
	ListChecklistHistory(ctx context.Context) ([]domain.ChecklistSnapshot, error)

	// ListCalendarFeeds returns the calendar feeds, oldest first.
	ListCalendarFeeds(ctx context.Context) ([]domain.CalendarFeed, error)
	// CreateCalendarFeed stores a feed with the SHA-256 (hex) of its token;
	// the token itself is never stored.
	CreateCalendarFeed(ctx context.Context, f *domain.CalendarFeed, tokenHash string) error
	// DeleteCalendarFeed revokes a feed: its token stops working at once.
	DeleteCalendarFeed(ctx context.Context, id string) error
	// GetCalendarFeed returns one feed (never its token).
	GetCalendarFeed(ctx context.Context, id string) (domain.CalendarFeed, error)
	// GetCalendarFeedByTokenHash finds the feed whose token hashes to
	// tokenHash; ErrNotFound for an unknown or revoked token.
	GetCalendarFeedByTokenHash(ctx context.Context, tokenHash string) (domain.CalendarFeed, error)

	// ListNewsletterTemplates returns the saved newsletter templates by name.
	ListNewsletterTemplates(ctx context.Context) ([]domain.NewsletterTemplate, error)
	GetNewsletterTemplate(ctx context.Context, id string) (domain.NewsletterTemplate, error)
	CreateNewsletterTemplate(ctx context.Context, t *domain.NewsletterTemplate) error
	// UpdateNewsletterTemplate replaces the template's fields and sets UpdatedAt.
	UpdateNewsletterTemplate(ctx context.Context, t *domain.NewsletterTemplate) error
	DeleteNewsletterTemplate(ctx context.Context, id string) error

	// ListPeople returns the people by name, each with its count of
	// unexpired sessions.
	ListPeople(ctx context.Context) ([]domain.Person, error)
	GetPerson(ctx context.Context, id string) (domain.Person, error)
	// GetPersonByCodeHash finds the person whose code hashes to codeHash;
	// ErrNotFound when none does.
	GetPersonByCodeHash(ctx context.Context, codeHash string) (domain.Person, error)
	// CreatePerson stores a person with the hash of its code.
	CreatePerson(ctx context.Context, p *domain.Person, codeHash string) error
	// UpdatePerson replaces the person's name, email and role.
	UpdatePerson(ctx context.Context, p *domain.Person) error
	// SetPersonCode replaces the person's code hash and ends its sessions.
	SetPersonCode(ctx context.Context, id, codeHash string) error
	// DeletePerson deletes the person, ends its sessions and revokes the
	// calendar feeds it owns.
	DeletePerson(ctx context.Context, id string) error
	// LockCampaign, inside a transaction, locks the campaign's row until
	// it ends, so two imports of its activities cannot both find them
	// missing from the schedule. An unknown id locks nothing.
	LockCampaign(ctx context.Context, id string) error
	// LockReview, inside a transaction, locks the row of the communication
	// or campaign (entity "communication" or "campaign") until it ends and
	// returns its review, so two decisions cannot both read the review
	// before the other's write. ErrNotFound for an unknown id.
	LockReview(ctx context.Context, entity, id string) (domain.Review, error)
	// SetReview replaces the review of the communication or campaign and
	// nothing else; the use case records the audit entry.
	SetReview(ctx context.Context, entity, id string, r domain.Review) error
	// ListReviewed lists the communications (in ListCommunications' order),
	// then the campaigns (in ListCampaigns' order), whose review is not
	// none, reading only their id, title and review: the review lists need
	// neither content nor schedules.
	ListReviewed(ctx context.Context) ([]Reviewed, error)
	// LockAdmins counts the people with the admin role and, inside a
	// transaction, locks their rows until it ends, so two transactions
	// cannot each demote or remove one of the last two admins.
	LockAdmins(ctx context.Context) (int, error)
	// CreatePersonSession records a personal session (its ID, PersonID,
	// CreatedAt, LastSeenAt, ExpiresAt and UserAgent); the person's sessions ended
	// by then are pruned, and the person is seen at CreatedAt.
	CreatePersonSession(ctx context.Context, sess domain.PersonSession) error
	// PersonOfSession returns the person of a personal session that holds
	// at (ExpiresAt after at), and the session; ErrNotFound when the
	// session ended, idle or not, or its person was removed.
	PersonOfSession(ctx context.Context, sessionID string, at time.Time) (domain.Person, domain.PersonSession, error)
	// TouchPersonSession records a request of the session at, which now
	// holds until expires, and that its person was seen at.
	TouchPersonSession(ctx context.Context, sessionID string, at, expires time.Time) error
	// ListPersonSessions returns the person's sessions that hold now,
	// the most recently seen first.
	ListPersonSessions(ctx context.Context, personID string) ([]domain.PersonSession, error)
	// DeletePersonSession ends one personal session (logout).
	DeletePersonSession(ctx context.Context, id string) error
	// EndPersonSession ends one personal session (a Sign out from a
	// list of sessions, by an admin or the session's person), with its
	// audit entry; ErrNotFound when none holds.
	EndPersonSession(ctx context.Context, id string) error
	// DeletePersonSessions ends every session of the person, with its
	// audit entry, and returns how many there were.
	DeletePersonSessions(ctx context.Context, personID string) (int, error)
	// GetPersonByIdentity finds the person linked to a sign-on provider's
	// issuer and subject; ErrNotFound when none is.
	GetPersonByIdentity(ctx context.Context, issuer, subject string) (domain.Person, error)
	// LinkPersonIdentity links the person to the provider's issuer and
	// subject (one person per pair).
	LinkPersonIdentity(ctx context.Context, id, issuer, subject string) error
	// CreateSignInFlow records a sign-on in progress.
	CreateSignInFlow(ctx context.Context, f SignInFlow) error
	// TakeSignInFlow deletes the unexpired flow of stateHash and returns
	// it: a state is used once. ErrNotFound when there is none (used,
	// expired or never made).
	TakeSignInFlow(ctx context.Context, stateHash string) (SignInFlow, error)

	// ListComments returns the thread of a communication or a saved
	// campaign (entityType domain.ThreadCommunication or ThreadCampaign),
	// oldest first; ErrNotFound when the record does not exist.
	ListComments(ctx context.Context, entityType, entityID string) ([]domain.Comment, error)
	GetComment(ctx context.Context, id string) (domain.Comment, error)
	// CreateComment stores c (its CreatedAt, or now when zero) in its
	// record's thread and records ActionCommented on the record;
	// ErrNotFound when the record does not exist.
	CreateComment(ctx context.Context, c *domain.Comment) error
	// UpdateComment replaces c's text and mentions, edited at at, and
	// records ActionCommentEdited on its record.
	UpdateComment(ctx context.Context, c *domain.Comment, at time.Time) error
	// DeleteComment deletes c, clears the reply-to of its replies and
	// records ActionCommentDeleted on its record.
	DeleteComment(ctx context.Context, c domain.Comment) error
	// RemoveComment replaces c's text with domain.CommentRemovedText and
	// drops its mentions (an admin's removal: the thread keeps its place)
	// and records ActionCommentRemoved on its record.
	RemoveComment(ctx context.Context, c *domain.Comment, at time.Time) error
	// AddInboxEntries adds entries to their people's inboxes (ids and, when
	// zero, times are set here).
	AddInboxEntries(ctx context.Context, entries []domain.InboxEntry) error
	// ListInbox returns the person's newest limit inbox entries whose
	// record still exists, newest first.
	ListInbox(ctx context.Context, personID string, limit int) ([]domain.InboxEntry, error)
	// UnreadInbox counts the person's unread entries whose record exists.
	UnreadInbox(ctx context.Context, personID string) (int, error)
	// MarkInboxRead marks the person's entries ids read (every entry when
	// ids is empty) and answers how many were unread; another person's
	// ids change nothing.
	MarkInboxRead(ctx context.Context, personID string, ids []string) (int, error)
	// ResolveInbox marks read the unread entries of kind about the record
	// (entityType, entityID): those of personIDs, or everyone's when
	// personIDs is nil. It answers how many it marked: a notice whose work
	// is done (a review decided) clears itself.
	ResolveInbox(ctx context.Context, kind, entityType, entityID string, personIDs []string) (int, error)

	// ListInsiders lists the insiders of a campaign's or communication's
	// scope (entity "campaign" or "communication"), by name; none for a
	// record that is not confidential. ErrNotFound for a record ctx's actor
	// may not see.
	ListInsiders(ctx context.Context, entity, id string) ([]domain.Insider, error)
	// AddInsider makes a person an insider of the record's scope, with its
	// audit entry on the record; adding one again changes nothing. A
	// personId naming no person (the shared identity is none) is a
	// *ReferenceError naming personId; a record that is not confidential
	// is ErrConflict.
	AddInsider(ctx context.Context, entity, id, personID string) error
	// RemoveInsider ends a person's being an insider of the record's
	// scope, with its audit entry; ErrNotFound when they were none.
	RemoveInsider(ctx context.Context, entity, id, personID string) error
	// ViewKey names what ctx's actor may see of the confidential records:
	// "*" for all (actor.ConfidentialRead), else the sorted scopes they are
	// an insider of, joined ("" for none). Two actors with the same key see
	// the same rows in every read, so a cached answer may be shared between
	// them and no others.
	ViewKey(ctx context.Context) (string, error)

	// Search finds themes, questions, content and communications whose text
	// contains q, case-insensitively; at most limit hits. Concurrent callers
	// may share one answer, so the hits must not be changed.
	Search(ctx context.Context, q string, limit int) ([]domain.SearchHit, error)

	// DataVersion returns the list's data version: it grows with every
	// committed write that can change the list, on any replica.
	DataVersion(ctx context.Context, l List) (int64, error)
	// FilterVersion returns the data version of what
	// FilterCommunications(f) answers (f.IDs aside): it grows with every
	// committed write that can change that answer, on any replica. A range
	// bounded at both ends moves only with writes to the communications
	// scheduled in its months (in any zone), and to the records they embed
	// or f names, so a calendar month stays cached while others are written.
	FilterVersion(ctx context.Context, f CommunicationFilter) (int64, error)
	// QuestionVersion returns the data version of what ListQuestions(f)
	// answers: it grows with every committed write that can change that
	// answer, on any replica. Within a theme it moves only with writes to
	// that theme's questions (or a few others' sharing its version), their
	// content links and the theme's deletion, so one theme's card stays
	// cached while others are written.
	QuestionVersion(ctx context.Context, f QuestionFilter) (int64, error)
	// RevokeSession records the session id as revoked until expires, when
	// its token ends anyway; revoking it again changes nothing. Records of
	// expired sessions are pruned in the same transaction.
	RevokeSession(ctx context.Context, id string, expires time.Time) error
	// RevokeAllSessions revokes every session issued at or before at. The
	// cutoff only moves forward: an earlier at leaves a later one in place.
	// It is entered in the audit trail (ActionAllSessionsRevoked) with the
	// context's changes.
	RevokeAllSessions(ctx context.Context, at time.Time) error
	// SessionRevocationsVersion returns the Version SessionRevocations
	// would report, with a one-row read.
	SessionRevocationsVersion(ctx context.Context) (int64, error)
	// SessionRevocations returns the record, with the unexpired revoked ids.
	SessionRevocations(ctx context.Context) (SessionRevocations, error)
	// SwapAccessCodesHash stores hash as the fingerprint of the configured
	// access codes and returns the one it replaces ("" the first time).
	SwapAccessCodesHash(ctx context.Context, hash string) (previous string, err error)

	// Snapshot runs fn over one consistent read of every table in
	// BackupTables: one read-only transaction (REPEATABLE READ on
	// PostgreSQL, one WAL read snapshot on SQLite), so writers go on. It is
	// not bounded by the query timeout, and refuses a table with a column
	// the backup does not know.
	Snapshot(ctx context.Context, fn func(Snapshot) error) error
	// Restore loads src in one transaction, also not bounded by the query
	// timeout: ErrNewerSchema for a schema past SchemaVersion, ErrNotEmpty
	// when a backed-up table has rows and replace is false (with replace
	// they are deleted first), an error when a table's rows after the load
	// differ from src's count. Every list's data version moves past the
	// clock, so no cache or ETag serves what was there before.
	Restore(ctx context.Context, src RestoreSource, replace bool) error

	// InTx runs fn with a Store whose every call belongs to one transaction,
	// committed when fn returns nil and rolled back otherwise. Calling InTx
	// on that Store runs fn in the same transaction.
	InTx(ctx context.Context, fn func(tx Store) error) error

	// Ping checks that the database answers, within ctx's deadline and the
	// query timeout; ErrUnavailable when it does not.
	Ping(ctx context.Context) error

	// Migrate applies pending migrations; Open already does so.
	Migrate(ctx context.Context) error
	// Close releases the backend's resources.
	Close() error
}

// Reviewed is a communication or campaign under review, as ListReviewed
// reads it.
type Reviewed struct {
	// Entity is "communication" or "campaign".
	Entity string
	ID     string
	Title  string
	Review domain.Review
}

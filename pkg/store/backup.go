package store

import (
	"context"
	"errors"
)

// SchemaVersion is the goose version every backend's migrations reach and
// the schema BackupTables describes. A backup records the schema it was
// read at; a restore takes archives up to this version and refuses newer
// ones. Adding a migration means raising it (a test compares it with both
// backends' migrations and tables).
const SchemaVersion int64 = 40

// BackupTables are the tables a backup holds, in the order a restore loads
// them (a table after the tables it refers to).
var BackupTables = []string{
	"themes", "questions", "content", "question_content", "audiences", "vehicles",
	"communications", "activity", "campaigns", "checklist_templates", "working_checklist",
	"checklist_history", "blackouts", "blackout_audiences", "calendar_feeds", "newsletter_templates",
	"comments", "employees",
}

// BackupExcluded are the tables a backup leaves out, each with why.
var BackupExcluded = []Excluded{
	{Table: "revoked_sessions", Reason: "session secrets: logged-out session ids; sessions are signed by the server's own secret and do not move"},
	{Table: "session_state", Reason: "session secrets: the revoke-all cutoff and a keyed hash of the access codes"},
	{Table: "people", Reason: "credentials: the people and the hashes of their personal codes stay with the server; the first start on an empty database creates an admin"},
	{Table: "inbox", Reason: "per-person state: each person's notifications and what they read, which go with the people"},
	{Table: "insiders", Reason: "per-person state: who may see each confidential record, which goes with the people; after a restore only admins see confidential records until they name insiders again"},
	{Table: "person_sessions", Reason: "session secrets: the open personal sessions"},
	{Table: "sign_in_flows", Reason: "session secrets: the nonces and PKCE verifiers of sign-ons in progress, which last minutes"},
	{Table: "data_versions", Reason: "cache state: a restore moves every list's version past the clock instead"},
	{Table: "goose_db_version", Reason: "migration bookkeeping: the manifest's schemaVersion carries it"},
	{Table: "river_job", Reason: "queue state: the delivery jobs in flight; a restored send that is not done is resumed or retried from its delivery records"},
	{Table: "river_leader", Reason: "queue state: which server leads the job queue now"},
	{Table: "river_migration", Reason: "migration bookkeeping: the job queue's own schema version, applied at start"},
	{Table: "river_queue", Reason: "queue state: the job queue's queues"},
	{Table: "river_notification", Reason: "queue state: SQLite's stand-in for PostgreSQL's LISTEN/NOTIFY"},
	{Table: "delivery_runs", Reason: "send state: the sends of this database's queue (paused, failures in a row); a restore does not resume another server's sends"},
	{Table: "deliveries", Reason: "send state: the per-recipient record of this database's sends, with addresses; the audit trail keeps who sent what and when"},
}

// Excluded names a table a backup leaves out.
type Excluded struct {
	Table  string `json:"table"`
	Reason string `json:"reason"`
}

var (
	// ErrNotEmpty is a restore into a database that already holds a plan,
	// without replace.
	ErrNotEmpty = errors.New("the database is not empty")
	// ErrNewerSchema is an archive from a schema newer than this binary's.
	ErrNewerSchema = errors.New("the archive's schema is newer than this binary's")
)

// Snapshot is one consistent read of every table a backup holds (see
// Store.Snapshot).
type Snapshot interface {
	// SchemaVersion is the database's goose version.
	SchemaVersion() int64
	// Count is the number of rows in table.
	Count(ctx context.Context, table string) (int64, error)
	// Rows calls fn with each row of table in primary key order (bytewise
	// for text keys), as its canonical JSON object: the table's columns in
	// a fixed order, times in UTC with microseconds, no newline. The same
	// data gives the same bytes on every backend. fn must not keep row.
	Rows(ctx context.Context, table string, fn func(row []byte) error) error
}

// RestoreSource is what a restore loads: an archive's rows in the
// canonical form Snapshot.Rows writes.
type RestoreSource interface {
	// SchemaVersion is the schema the rows were read at.
	SchemaVersion() int64
	// Count is the number of rows the source holds for table.
	Count(table string) int64
	// Rows calls fn with each row of table.
	Rows(table string, fn func(row []byte) error) error
}

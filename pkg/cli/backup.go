package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/store"
)

// BackupOptions are the inputs of "backup".
type BackupOptions struct {
	Out string
}

func newBackupCmd(f *Factory) *cobra.Command {
	opts := &BackupOptions{}
	cmd := &cobra.Command{
		Use:   "backup --out FILE|DIR",
		Short: "Write a backup archive of the whole plan",
		Long: `Write one backup archive (.cpbak: a zip with a manifest and one JSON Lines
file per table, docs/backup.md) of the database --db names. It is one
consistent snapshot, taken while serve keeps working: a read transaction on
SQLite, a REPEATABLE READ read-only transaction on PostgreSQL. Session
secrets are left out (the manifest names them).

--out is a file, or a directory (one that exists, or a path ending in /) where
the archive is named commsplan-backup-<time>.cpbak. The archive is written
under a temporary name and renamed when complete, so the final name never
holds a partial archive. Progress is shown on a terminal.`,
		Example: `  commsplan backup --out backups/
  commsplan backup --out plan.cpbak --db postgres://commsplan@db/commsplan?sslmode=disable
  commsplan backup verify backups/commsplan-backup-2027-03-01T020000Z.cpbak`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Out == "" {
				return UsageError("--out is required: a file or a directory for the archive")
			}
			return backupRun(cmd.Context(), f, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Out, "out", "", "archive file, or directory to write commsplan-backup-<time>.cpbak into")
	cmd.AddCommand(newBackupVerifyCmd(f))
	return cmd
}

func backupRun(ctx context.Context, f *Factory, opts *BackupOptions) error {
	st, err := f.OpenExistingStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	run := backup.Options{Version: f.Version}
	var p *statusLine
	if isTerminal(f.Err) {
		p = &statusLine{w: f.Err}
		run.Progress = p.backupStep
	}
	path, m, err := backup.WriteFile(ctx, st, opts.Out, run)
	p.done()
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(f.Out, "backup written: %s (%s)\n", path, summary(m, path))
	// Recorded as the command line's; a database that takes no writes (a
	// read replica) still gets its backup, with a warning.
	info := backup.Info{Name: filepath.Base(path), CreatedAt: m.CreatedAt}
	if fi, err := os.Stat(path); err == nil {
		info.Size = fi.Size()
	}
	if err := backup.Record(ctx, st.Audit, backup.ActionCreated, info); err != nil {
		fmt.Fprintf(f.Err, "warning: the backup is not in the audit trail: %v\n", err)
	}
	return nil
}

// summary is an archive's one-line description.
func summary(m *backup.Manifest, path string) string {
	size := ""
	if fi, err := os.Stat(path); err == nil {
		size = fmt.Sprintf(", %d bytes", fi.Size())
	}
	return fmt.Sprintf("schema %d, %d rows in %d tables%s, created %s", m.SchemaVersion, m.Rows(), len(m.Tables), size,
		m.CreatedAt.Format("2006-01-02T15:04:05Z"))
}

func (p *statusLine) backupStep(s backup.Progress) {
	p.show("backing up %s: %d/%d rows", s.Table, s.Done, s.Total)
}

func newBackupVerifyCmd(f *Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "verify FILE",
		Short: "Check that a backup archive is whole and restorable",
		Long: `Check a backup archive: its manifest, every part's SHA-256, size and row
count, and that its schema version is one this binary can restore. It exits
0 when all hold, and 2 with a one-line reason when one does not. It does not
open a database.`,
		Example: `  commsplan backup verify backups/commsplan-backup-2027-03-01T020000Z.cpbak`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, err := backup.Verify(args[0])
			if err != nil {
				return exitError(err, nil)
			}
			fmt.Fprintf(f.Out, "ok: %s (%s)\n", args[0], summary(m, args[0]))
			return nil
		},
	}
}

// RestoreOptions are the inputs of "restore".
type RestoreOptions struct {
	Replace   bool
	KeepFeeds bool
}

func newRestoreCmd(f *Factory) *cobra.Command {
	opts := &RestoreOptions{}
	cmd := &cobra.Command{
		Use:   "restore FILE --db DSN",
		Short: "Restore a backup archive into an empty database of either backend",
		Long: `Restore a backup archive into the database --db names, SQLite or PostgreSQL,
whichever the archive came from. The archive is verified first; then the
migrations run, the rows load in one transaction, and each table's row count
is checked against the manifest. Every list's data version moves on, so no
cache or ETag serves what was there before.

Calendar feeds come back revoked (their URLs answer 404; subscribers need
new ones) unless --keep-feeds is given: a feed revoked after the backup
must not answer again, and the archive cannot say which were. The command
says how many, and the restore is an entry of the audit trail.

It refuses, writing nothing and saying why in one line (exit code 2): a
damaged archive, an archive from a newer schema than this binary knows, and a
database that already holds a plan unless --replace is given (which deletes
it in the same transaction). Stop serve, or expect it to show the restored
plan at once, before replacing the database it serves.`,
		Example: `  commsplan restore backups/commsplan-backup-2027-03-01T020000Z.cpbak --db data/restored.db
  commsplan restore plan.cpbak --db postgres://commsplan@db/commsplan?sslmode=disable
  commsplan restore plan.cpbak --db data/commsplan.db --replace
  commsplan restore plan.cpbak --db data/rehearsal.db --keep-feeds`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return restoreRun(cmd.Context(), f, args[0], opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Replace, "replace", false, "delete the plan already in the database, in the same transaction")
	cmd.Flags().BoolVar(&opts.KeepFeeds, "keep-feeds", false, "restore the calendar feeds too (by default they come back revoked)")
	return cmd
}

func restoreRun(ctx context.Context, f *Factory, path string, opts *RestoreOptions) error {
	// The archive is checked before the database is opened, so a damaged
	// one creates nothing, not even an empty SQLite file.
	if _, err := backup.Verify(path); err != nil {
		return exitError(fmt.Errorf("restore: %w", err), nil)
	}
	st, err := f.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	m, revoked, err := backup.RestoreWith(ctx, st, path, backup.RestoreOptions{Replace: opts.Replace, KeepFeeds: opts.KeepFeeds})
	if err != nil {
		return exitError(fmt.Errorf("restore: %w", err), nil)
	}
	fmt.Fprintf(f.Out, "restored %d rows in %d tables into %s\n", m.Rows(), len(m.Tables), redactDSN(f.Config.DB))
	feeds := "kept (--keep-feeds)"
	if !opts.KeepFeeds {
		feeds = fmt.Sprintf("%d revoked: their URLs answer 404; subscribers need new ones (--keep-feeds keeps them)", revoked)
	}
	fmt.Fprintf(f.Out, "calendar feeds: %s\n", feeds)
	info := backup.Info{Name: filepath.Base(path), CreatedAt: m.CreatedAt}
	if fi, err := os.Stat(path); err == nil {
		info.Size = fi.Size()
	}
	ch := store.Changes{"rows": {After: m.Rows()}, "feedsRevoked": {After: revoked}, "keepFeeds": {After: opts.KeepFeeds}}
	if err := backup.Record(ctx, st.Audit, backup.ActionRestored, info, ch); err != nil {
		return fmt.Errorf("restored, but the audit trail could not record it: %w", err)
	}
	return nil
}

// MigrateToOptions are the inputs of "migrate-to".
type MigrateToOptions struct {
	Replace bool
}

func newMigrateToCmd(f *Factory) *cobra.Command {
	opts := &MigrateToOptions{}
	cmd := &cobra.Command{
		Use:   "migrate-to DSN",
		Short: "Move the plan from the current database to another (SQLite to PostgreSQL or back)",
		Long: `Move the plan from the database --db names to the one DSN names, of either
backend: a backup of the current database (one consistent snapshot, to a
temporary file that is removed afterwards), a restore into the target (as
"restore": migrations, one transaction, row counts checked; an empty target
unless --replace), then a comparison of every table's row count and the
SHA-256 of its canonical form on both sides. It prints the comparison and
fails if any table differs.

The current database is only read. Stop writing to it (stop serve) first, or
writes after the snapshot stay behind.`,
		Example: `  commsplan migrate-to postgres://commsplan@db/commsplan?sslmode=disable
  commsplan migrate-to data/commsplan.db --db postgres://commsplan@db/commsplan?sslmode=disable`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkScheme(args[0]); err != nil {
				return err
			}
			if args[0] == f.Config.DB {
				return UsageError("migrate-to: the target is the current database (--db)")
			}
			return migrateToRun(cmd.Context(), f, args[0], opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Replace, "replace", false, "delete the plan already in the target database, in the same transaction")
	return cmd
}

func migrateToRun(ctx context.Context, f *Factory, target string, opts *MigrateToOptions) error {
	src, err := f.OpenExistingStore(ctx)
	if err != nil {
		return err
	}
	defer src.Close()
	dir, err := os.MkdirTemp("", "commsplan-migrate-to-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	run := backup.Options{Version: f.Version}
	var p *statusLine
	if isTerminal(f.Err) {
		p = &statusLine{w: f.Err}
		run.Progress = p.backupStep
	}
	path, m, err := backup.WriteFile(ctx, src, filepath.Join(dir, "plan"+backup.Ext), run)
	p.done()
	if err != nil {
		return fmt.Errorf("migrate-to: backup: %w", err)
	}
	dst, err := store.OpenWith(ctx, target, store.Options{ConnectTimeout: f.Config.DBConnectTimeout, QueryTimeout: f.Config.DBQueryTimeout})
	if err != nil {
		return fmt.Errorf("migrate-to: %w", err)
	}
	defer dst.Close()
	if _, err := backup.Restore(ctx, dst, path, opts.Replace); err != nil {
		return exitError(fmt.Errorf("migrate-to: %w", err), nil)
	}
	got, err := backup.Digest(ctx, dst)
	if err != nil {
		return fmt.Errorf("migrate-to: read the target back: %w", err)
	}
	tw := newTable(f.Out, "TABLE\tROWS\tSHA-256\tTARGET")
	differ := 0
	for i, want := range m.Tables {
		verdict := "same"
		if i >= len(got) || got[i] != want {
			verdict = "DIFFERS"
			differ++
		}
		fmt.Fprintf(tw, "%s\t%d\t%.12s\t%s\n", want.Table, want.Rows, want.SHA256, verdict)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if differ > 0 {
		return fmt.Errorf("migrate-to: %d tables differ between %s and %s", differ, redactDSN(f.Config.DB), redactDSN(target))
	}
	fmt.Fprintf(f.Out, "moved %d rows in %d tables to %s; row counts and checksums match\n", m.Rows(), len(m.Tables), redactDSN(target))
	return nil
}

// Package backup writes, verifies and restores commsplan's portable backup
// archive: a zip holding manifest.json and one JSON Lines part per table in
// the canonical, backend-neutral form store.Snapshot writes, so an archive
// of a SQLite plan restores into PostgreSQL and back. docs/backup.md
// describes the format.
//
// Example usage:
//
//	path, m, err := backup.WriteFile(ctx, st, "backups/", backup.Options{Version: version})
//	m, err = backup.Verify(path)
//	m, err = backup.Restore(ctx, other, path, false)
package backup

import (
	"archive/zip"
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/flate"

	"github.com/commsplan/commsplan/pkg/store"
)

// Format is the manifest's format name; FormatVersion its layout's version.
const (
	Format        = "commsplan-backup"
	FormatVersion = 1
	// ManifestName is the manifest's name in the archive.
	ManifestName = "manifest.json"
	// Ext is a backup file's extension.
	Ext = ".cpbak"
)

// ErrDamaged is an archive that is not what its manifest says: unreadable,
// truncated, a part missing or changed, counts that do not match.
var ErrDamaged = errors.New("damaged archive")

// Manifest describes an archive.
type Manifest struct {
	Format           string    `json:"format"`
	FormatVersion    int       `json:"formatVersion"`
	SchemaVersion    int64     `json:"schemaVersion"`
	CommsplanVersion string    `json:"commsplanVersion"`
	CreatedAt        time.Time `json:"createdAt"`
	// Tables are the data parts, in restore order.
	Tables []Part `json:"tables"`
	// Excluded are the tables left out, with why.
	Excluded []store.Excluded `json:"excluded"`
}

// Part is one table's data part: its rows as JSON Lines.
type Part struct {
	Table string `json:"table"`
	Path  string `json:"path"`
	Rows  int64  `json:"rows"`
	// Bytes and SHA256 are the part's uncompressed size and digest.
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Rows is the total row count.
func (m *Manifest) Rows() int64 {
	var n int64
	for _, p := range m.Tables {
		n += p.Rows
	}
	return n
}

// part returns the manifest's part for a table.
func (m *Manifest) part(table string) (Part, bool) {
	for _, p := range m.Tables {
		if p.Table == table {
			return p, true
		}
	}
	return Part{}, false
}

// Progress is a backup's progress: rows written of the snapshot's total.
type Progress struct {
	Table       string
	Done, Total int64
}

// Options configures a backup.
type Options struct {
	// Version is the commsplan version recorded in the manifest.
	Version string
	// Now is the clock for the creation time; nil is time.Now.
	Now func() time.Time
	// Progress, when set, is called as rows are written.
	Progress func(Progress)
}

// FileName is the name a backup taken at t gets in a directory.
func FileName(t time.Time) string {
	return "commsplan-backup-" + t.UTC().Format("2006-01-02T150405Z") + Ext
}

// partPath is a table's part name in the archive.
func partPath(table string) string { return "data/" + table + ".jsonl" }

// Write writes a backup of st to w as one consistent snapshot.
func Write(ctx context.Context, st store.Store, w io.Writer, opt Options) (*Manifest, error) {
	now := time.Now
	if opt.Now != nil {
		now = opt.Now
	}
	m := &Manifest{Format: Format, FormatVersion: FormatVersion, CommsplanVersion: opt.Version,
		Excluded: store.BackupExcluded}
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	err := st.Snapshot(ctx, func(snap store.Snapshot) error {
		m.SchemaVersion = snap.SchemaVersion()
		m.CreatedAt = now().UTC().Truncate(time.Second)
		var total, done int64
		counts := map[string]int64{}
		if opt.Progress != nil {
			for _, t := range store.BackupTables {
				n, err := snap.Count(ctx, t)
				if err != nil {
					return err
				}
				counts[t] = n
				total += n
			}
		}
		for _, t := range store.BackupTables {
			pw, err := zw.CreateHeader(&zip.FileHeader{Name: partPath(t), Method: zip.Deflate, Modified: m.CreatedAt})
			if err != nil {
				return err
			}
			p := Part{Table: t, Path: partPath(t)}
			h := sha256.New()
			bw := bufio.NewWriterSize(io.MultiWriter(pw, h), 64<<10)
			err = snap.Rows(ctx, t, func(row []byte) error {
				bw.Write(row)
				if err := bw.WriteByte('\n'); err != nil {
					return err
				}
				p.Rows++
				p.Bytes += int64(len(row)) + 1
				done++
				if opt.Progress != nil && done%500 == 0 {
					opt.Progress(Progress{Table: t, Done: done, Total: total})
				}
				return nil
			})
			if err != nil {
				return err
			}
			if err := bw.Flush(); err != nil {
				return err
			}
			p.SHA256 = hex.EncodeToString(h.Sum(nil))
			m.Tables = append(m.Tables, p)
			if opt.Progress != nil {
				opt.Progress(Progress{Table: t, Done: done, Total: total})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	mw, err := zw.CreateHeader(&zip.FileHeader{Name: ManifestName, Method: zip.Deflate, Modified: m.CreatedAt})
	if err != nil {
		return nil, err
	}
	enc := json.NewEncoder(mw)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return m, zw.Close()
}

// WriteFile writes a backup of st to out: a file, or a directory (one that
// exists or a path ending in a separator) where it gets FileName. The
// archive is written under a temporary name in the same directory and
// renamed once complete and synced, so the final name never holds a
// partial archive. It returns the final path.
func WriteFile(ctx context.Context, st store.Store, out string, opt Options) (string, *Manifest, error) {
	now := time.Now
	if opt.Now != nil {
		now = opt.Now
	}
	at := now()
	opt.Now = func() time.Time { return at }
	path := out
	if fi, err := os.Stat(out); (err == nil && fi.IsDir()) || strings.HasSuffix(out, string(os.PathSeparator)) || strings.HasSuffix(out, "/") {
		if err := os.MkdirAll(out, 0o750); err != nil {
			return "", nil, err
		}
		path = filepath.Join(out, FileName(at))
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, TempPrefix+filepath.Base(path)+".*")
	if err != nil {
		return "", nil, err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 256<<10)
	m, err := Write(ctx, st, bw, opt)
	if err != nil {
		return "", nil, err
	}
	if err := bw.Flush(); err != nil {
		return "", nil, err
	}
	if err := tmp.Sync(); err != nil {
		return "", nil, err
	}
	if err := tmp.Close(); err != nil {
		return "", nil, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", nil, err
	}
	done = true
	syncDir(dir)
	return path, m, nil
}

// TempPrefix starts the name of an archive still being written.
const TempPrefix = ".partial-"

// syncDir makes a rename durable; where a directory cannot be synced the
// rename stands anyway.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// Archive is an open archive whose manifest was read and checked.
type Archive struct {
	zr       *zip.ReadCloser
	Manifest *Manifest
	parts    map[string]*zip.File
}

// damaged wraps a reason as ErrDamaged.
func damaged(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrDamaged, fmt.Sprintf(format, args...))
}

// Open opens an archive and checks its manifest: the format, the schema
// (store.ErrNewerSchema past store.SchemaVersion), every table known and,
// at the current schema, present, and a part for every table. It does not
// read the parts; Verify does.
func Open(path string) (*Archive, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		return nil, damaged("not a readable zip archive (%v)", err)
	}
	a := &Archive{zr: zr, parts: map[string]*zip.File{}}
	if err := a.readManifest(); err != nil {
		zr.Close()
		return nil, err
	}
	return a, nil
}

func (a *Archive) readManifest() error {
	var mf *zip.File
	for _, f := range a.zr.File {
		if f.Name == ManifestName {
			mf = f
		} else {
			a.parts[f.Name] = f
		}
	}
	if mf == nil {
		return damaged("no %s", ManifestName)
	}
	r, err := mf.Open()
	if err != nil {
		return damaged("%s: %v", ManifestName, err)
	}
	defer r.Close()
	m := &Manifest{}
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(m); err != nil {
		return damaged("%s: %v", ManifestName, err)
	}
	if m.Format != Format {
		return damaged("%s: format %q is not %q", ManifestName, m.Format, Format)
	}
	if m.FormatVersion != FormatVersion {
		return damaged("%s: format version %d, this binary reads %d", ManifestName, m.FormatVersion, FormatVersion)
	}
	if m.SchemaVersion > store.SchemaVersion {
		return fmt.Errorf("%w: the archive is at schema %d, this binary knows up to %d", store.ErrNewerSchema, m.SchemaVersion, store.SchemaVersion)
	}
	seen := map[string]bool{}
	for _, p := range m.Tables {
		switch {
		case !slices.Contains(store.BackupTables, p.Table):
			return damaged("%s names an unknown table %q", ManifestName, p.Table)
		case seen[p.Table]:
			return damaged("%s names table %s twice", ManifestName, p.Table)
		case p.Path != partPath(p.Table):
			return damaged("%s: table %s's part is %q, not %q", ManifestName, p.Table, p.Path, partPath(p.Table))
		case a.parts[p.Path] == nil:
			return damaged("part %s is missing", p.Path)
		case p.Rows < 0:
			return damaged("%s: table %s has %d rows", ManifestName, p.Table, p.Rows)
		}
		seen[p.Table] = true
	}
	if m.SchemaVersion == store.SchemaVersion {
		for _, t := range store.BackupTables {
			if !seen[t] {
				return damaged("%s has no table %s", ManifestName, t)
			}
		}
	}
	for name := range a.parts {
		if !slices.ContainsFunc(m.Tables, func(p Part) bool { return p.Path == name }) {
			return damaged("part %s is not in %s", name, ManifestName)
		}
	}
	a.Manifest = m
	return nil
}

// Close closes the archive.
func (a *Archive) Close() error { return a.zr.Close() }

// Verify reads every part and checks it against the manifest.
func (a *Archive) Verify() error {
	for _, p := range a.Manifest.Tables {
		if err := a.rows(p.Table, func([]byte) error { return nil }); err != nil {
			return err
		}
	}
	return nil
}

// SchemaVersion implements store.RestoreSource.
func (a *Archive) SchemaVersion() int64 { return a.Manifest.SchemaVersion }

// Count implements store.RestoreSource.
func (a *Archive) Count(table string) int64 {
	p, _ := a.Manifest.part(table)
	return p.Rows
}

// Rows implements store.RestoreSource: every line of the table's part,
// checked as it goes; a part that is not what the manifest says ends it
// with ErrDamaged, so a restore rolls back.
func (a *Archive) Rows(table string, fn func(row []byte) error) error {
	return a.rows(table, fn)
}

func (a *Archive) rows(table string, fn func(row []byte) error) error {
	p, ok := a.Manifest.part(table)
	if !ok {
		return nil // an older schema without the table
	}
	r, err := a.parts[p.Path].Open()
	if err != nil {
		return damaged("%s: %v", p.Path, err)
	}
	defer r.Close()
	h := sha256.New()
	tee := io.TeeReader(r, h)
	var n, size int64
	err = eachLine(tee, func(line []byte) error {
		n++
		size += int64(len(line)) + 1
		if n > p.Rows {
			return damaged("%s has more rows than the %d its manifest says", p.Path, p.Rows)
		}
		if len(line) == 0 || line[0] != '{' || !json.Valid(line) {
			return damaged("%s line %d is not a JSON object", p.Path, n)
		}
		return fn(line)
	})
	if err != nil {
		if errors.Is(err, ErrDamaged) || errors.Is(err, errNoNewline) {
			return err
		}
		if unreadable(err) {
			return damaged("%s: %v", p.Path, err)
		}
		// fn refused a row that is valid JSON, which a damaged byte can
		// make (a date that no longer parses): the rest of the part and
		// its checksum tell damage from a refusal of the store's.
		if _, cerr := io.Copy(io.Discard, tee); cerr != nil || hexSum(h) != p.SHA256 {
			return damaged("%s does not match its SHA-256 (%v)", p.Path, err)
		}
		return err
	}
	switch {
	case n != p.Rows:
		return damaged("%s has %d rows, its manifest says %d", p.Path, n, p.Rows)
	case size != p.Bytes:
		return damaged("%s has %d bytes, its manifest says %d", p.Path, size, p.Bytes)
	case hexSum(h) != p.SHA256:
		return damaged("%s does not match its SHA-256", p.Path)
	}
	return nil
}

// unreadable reports whether err comes from reading a damaged zip part.
func unreadable(err error) bool {
	return errors.Is(err, zip.ErrChecksum) || errors.Is(err, zip.ErrFormat) || errors.Is(err, io.ErrUnexpectedEOF) ||
		strings.Contains(err.Error(), "flate")
}

var errNoNewline = fmt.Errorf("%w: a part does not end with a newline", ErrDamaged)

// eachLine calls fn with every newline-ended line of r, without the
// newline.
func eachLine(r io.Reader, fn func([]byte) error) error {
	br := bufio.NewReaderSize(r, 256<<10)
	var long []byte
	for {
		line, err := br.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			long = append(long, line...)
			continue
		case err == io.EOF:
			if len(line) > 0 || len(long) > 0 {
				return errNoNewline
			}
			return nil
		case err != nil:
			return err
		}
		if long != nil {
			line = append(long, line...)
			long = nil
		}
		if err := fn(line[:len(line)-1]); err != nil {
			return err
		}
	}
}

func hexSum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

// Verify opens the archive at path and checks the manifest, every part's
// checksum, size and row count, and that its schema is one this binary
// restores. Any failure is ErrDamaged or store.ErrNewerSchema, with a
// one-line reason.
func Verify(path string) (*Manifest, error) {
	a, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer a.Close()
	if err := a.Verify(); err != nil {
		return nil, err
	}
	return a.Manifest, nil
}

// Restore opens the archive at path and loads it into st in one
// transaction (store.Store.Restore). Each part is checked against the
// manifest as it loads, and a part that differs rolls the whole load back,
// so nothing is written when the archive is damaged, from a newer schema,
// or st is not empty without replace. (A separate Verify pass first would
// read everything twice: a sixth of a restore's time at the five-year
// scale.)
func Restore(ctx context.Context, st store.Store, path string, replace bool) (*Manifest, error) {
	m, _, err := RestoreWith(ctx, st, path, RestoreOptions{Replace: replace, KeepFeeds: true})
	return m, err
}

// RestoreOptions are the choices of a restore.
type RestoreOptions struct {
	// Replace deletes the plan already in the database, in the same
	// transaction.
	Replace bool
	// KeepFeeds restores the calendar feeds. Without it they come back
	// revoked (not loaded, in the load's own transaction): a feed revoked
	// after the backup must not answer again, and a restore cannot tell
	// which were.
	KeepFeeds bool
}

// RestoreWith is Restore with opt; revoked is how many calendar feeds of
// the archive were left out (0 with KeepFeeds).
func RestoreWith(ctx context.Context, st store.Store, path string, opt RestoreOptions) (m *Manifest, revoked int64, err error) {
	a, err := Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer a.Close()
	var src store.RestoreSource = a
	if !opt.KeepFeeds {
		revoked = a.Count(feedsTable)
		src = withoutTable{a, feedsTable}
	}
	if err := st.Restore(ctx, src, opt.Replace); err != nil {
		return nil, 0, err
	}
	return a.Manifest, revoked, nil
}

// feedsTable is the table of calendar feeds, whose tokens a restore
// revokes unless told to keep them.
const feedsTable = "calendar_feeds"

// withoutTable is a restore source with one table empty.
type withoutTable struct {
	*Archive
	table string
}

func (w withoutTable) Count(table string) int64 {
	if table == w.table {
		return 0
	}
	return w.Archive.Count(table)
}

func (w withoutTable) Rows(table string, fn func(row []byte) error) error {
	if table == w.table {
		return nil
	}
	return w.Archive.Rows(table, fn)
}

// Digest reads st in one snapshot and returns each table's rows and the
// size and SHA-256 of its canonical form, as a backup's manifest would
// (paths included): what migrate-to compares between two databases.
func Digest(ctx context.Context, st store.Store) ([]Part, error) {
	var out []Part
	err := st.Snapshot(ctx, func(snap store.Snapshot) error {
		for _, t := range store.BackupTables {
			p := Part{Table: t, Path: partPath(t)}
			h := sha256.New()
			err := snap.Rows(ctx, t, func(row []byte) error {
				h.Write(row)
				h.Write([]byte{'\n'})
				p.Rows++
				p.Bytes += int64(len(row)) + 1
				return nil
			})
			if err != nil {
				return err
			}
			p.SHA256 = hexSum(h)
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

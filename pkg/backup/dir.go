package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/commsplan/commsplan/pkg/periodic"
	"github.com/commsplan/commsplan/pkg/store"
)

// Info describes one archive in a Dir.
type Info struct {
	Name      string    `json:"name"`
	Size      int64     `json:"size"`
	CreatedAt time.Time `json:"createdAt"`
	// Scheduled is an archive the schedule took: the only kind pruning
	// removes.
	Scheduled bool `json:"scheduled"`
}

// ErrNoBackup is a name that is not an archive in the directory.
var ErrNoBackup = errors.New("no such backup")

// namePattern is the form FileName and ScheduledFileName give; a Dir
// serves only files of this form, and prunes only scheduled ones.
var namePattern = regexp.MustCompile(`^commsplan-backup-(\d{4}-\d{2}-\d{2}T\d{6}Z)(` + scheduledMark + `)?\.cpbak$`)

// scheduledMark ends the name of an archive the schedule took, before Ext.
const scheduledMark = "-scheduled"

// ScheduledFileName is the name a scheduled backup taken at t gets in a
// Dir: FileName with a mark pruning looks for.
func ScheduledFileName(t time.Time) string {
	return strings.TrimSuffix(FileName(t), Ext) + scheduledMark + Ext
}

// DefaultMinAge is how old a scheduled archive must be before pruning may
// remove it (backup.min-age).
const DefaultMinAge = 24 * time.Hour

// infoOf is the Info of a file named name (matching namePattern) of size.
func infoOf(m []string, size int64) Info {
	at, _ := time.Parse("2006-01-02T150405Z", m[1])
	return Info{Name: m[0], Size: size, CreatedAt: at.UTC(), Scheduled: m[2] != ""}
}

// Dir is a directory of backups that serve writes on demand and on a
// schedule. Only a scheduled backup prunes, once it verified, and only
// scheduled archives: beyond Keep, never the newest, never one younger than
// MinAge. An archive taken on demand is never removed, so no number of
// on-demand backups can push a good archive out. Its methods are safe for
// concurrent use; backups run one at a time.
type Dir struct {
	// Path is the directory, created when the first backup is written.
	Path string
	// Keep is how many scheduled archives to keep; 0 keeps all.
	Keep int
	// MinAge is the age below which no archive is pruned, whatever Keep
	// says, measured from the archive just taken; 0 is DefaultMinAge,
	// negative prunes by count alone.
	MinAge time.Duration
	// Audit, when set, enters each archive the schedule takes or prunes in
	// the audit trail (the store's Audit; the actor is the context's).
	Audit AuditFunc
	// Store is the database backed up.
	Store store.Store
	// Version is the commsplan version recorded in each manifest.
	Version string
	// Now is the clock that names and dates each archive; nil is time.Now.
	// Tests set it so a loop on a short interval still gets distinct,
	// ordered names (they have one-second resolution).
	Now func() time.Time

	mu sync.Mutex
}

// List returns the directory's archives, newest first. A directory not yet
// made has none.
func (d *Dir) List() ([]Info, error) {
	entries, err := os.ReadDir(d.Path)
	if errors.Is(err, os.ErrNotExist) {
		return []Info{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := []Info{}
	for _, e := range entries {
		m := namePattern.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, infoOf(m, fi.Size()))
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.After(out[j].CreatedAt)
		}
		return out[i].Name > out[j].Name
	})
	return out, nil
}

// Open opens an archive of the directory by name; ErrNoBackup for a name
// that is not one (a path, another file, a missing archive).
func (d *Dir) Open(name string) (*os.File, Info, error) {
	m := namePattern.FindStringSubmatch(name)
	if m == nil {
		return nil, Info{}, ErrNoBackup
	}
	f, err := os.Open(filepath.Join(d.Path, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, Info{}, ErrNoBackup
	}
	if err != nil {
		return nil, Info{}, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	return f, infoOf(m, fi.Size()), nil
}

// Run takes a backup on demand: it writes a new archive and verifies it
// (one that fails is removed). It prunes nothing.
func (d *Dir) Run(ctx context.Context) (Info, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.write(ctx, FileName)
}

// RunScheduled takes a scheduled backup: it writes and verifies a new
// archive, and only then removes the scheduled archives Keep and MinAge
// allow (and .partial- files a crash left). An archive that fails to
// verify is removed and nothing is pruned. It answers the new archive and
// those it removed.
func (d *Dir) RunScheduled(ctx context.Context) (Info, []Info, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	info, err := d.write(ctx, ScheduledFileName)
	if err != nil {
		return Info{}, nil, err
	}
	removed, err := d.prune(info)
	if err != nil {
		return info, removed, fmt.Errorf("prune: %w", err)
	}
	return info, removed, nil
}

// write writes an archive named by name, verifies it and answers it.
func (d *Dir) write(ctx context.Context, name func(time.Time) string) (Info, error) {
	if err := os.MkdirAll(d.Path, 0o700); err != nil {
		return Info{}, err
	}
	now := d.Now
	if now == nil {
		now = time.Now
	}
	at := now()
	path, _, err := WriteFile(ctx, d.Store, filepath.Join(d.Path, name(at)), Options{Version: d.Version, Now: func() time.Time { return at }})
	if err != nil {
		return Info{}, err
	}
	if _, err := Verify(path); err != nil {
		os.Remove(path)
		return Info{}, fmt.Errorf("the new backup does not verify: %w", err)
	}
	f, info, err := d.Open(filepath.Base(path))
	if err != nil {
		return Info{}, err
	}
	f.Close()
	return info, nil
}

// prune removes the scheduled archives beyond Keep, oldest first, never the
// newest scheduled one (newest, just written) nor one younger than MinAge,
// and leftover partial files. On-demand archives are never removed.
func (d *Dir) prune(newest Info) ([]Info, error) {
	if partial, err := filepath.Glob(filepath.Join(d.Path, TempPrefix+"commsplan-backup-*")); err == nil {
		for _, p := range partial {
			if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > time.Hour {
				os.Remove(p)
			}
		}
	}
	if d.Keep <= 0 {
		return nil, nil
	}
	list, err := d.List()
	if err != nil {
		return nil, err
	}
	minAge := d.MinAge
	if minAge == 0 {
		minAge = DefaultMinAge
	}
	// Ages are measured from the archive just taken, on the Dir's clock.
	cutoff := newest.CreatedAt.Add(-max(minAge, 0))
	var removed []Info
	kept := 0
	for _, b := range list {
		if !b.Scheduled {
			continue
		}
		kept++
		if kept <= d.Keep || b.Name == newest.Name || b.CreatedAt.After(cutoff) {
			continue
		}
		if err := os.Remove(filepath.Join(d.Path, b.Name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, b)
	}
	return removed, nil
}

// Label is how an audit entry names an archive: its name and size.
func Label(info Info) string {
	return fmt.Sprintf("%s (%d bytes)", info.Name, info.Size)
}

// The audit actions of backups (entity type "backup", id the archive's
// name).
const (
	ActionCreated    = "backup_created"
	ActionDownloaded = "backup_downloaded"
	ActionPruned     = "backup_pruned"
	ActionRestored   = "backup_restored"
)

// EntityType is the audit trail's entity type of an archive.
const EntityType = "backup"

// AuditFunc enters an event in the audit trail as the context's actor (the
// store's Audit).
type AuditFunc func(ctx context.Context, action, entityType, entityID, label string) error

// Record enters action on the archive info in the audit trail through
// audit, with its name and size as the entry's fields.
func Record(ctx context.Context, audit AuditFunc, action string, info Info, more ...store.Changes) error {
	ch := store.Changes{"name": {After: info.Name}, "size": {After: info.Size}}
	for _, m := range more {
		maps.Copy(ch, m)
	}
	ctx = store.WithChanges(ctx, ch)
	return audit(ctx, action, EntityType, info.Name, Label(info))
}

func (d *Dir) audit(ctx context.Context, log *slog.Logger, action string, info Info) {
	if d.Audit == nil {
		return
	}
	if err := Record(ctx, d.Audit, action, info); err != nil {
		log.Warn("backup: cannot enter it in the audit trail", "action", action, "name", info.Name, "err", err)
	}
}

// Schedule runs a backup every interval until ctx ends, logging each. It
// takes any positive interval; the one-minute minimum is the setting's.
func (d *Dir) Schedule(ctx context.Context, interval time.Duration, log *slog.Logger) {
	periodic.Every(ctx, interval, func() { d.RunLogged(ctx, log) })
}

// RunLogged takes one scheduled backup and prunes, as Schedule does at
// each interval, logging and auditing what it did; the job queue's
// periodic job calls it, so replicas take one backup, not one each.
func (d *Dir) RunLogged(ctx context.Context, log *slog.Logger) {
	start := time.Now()
	info, removed, err := d.RunScheduled(ctx)
	if info.Name != "" {
		log.Info("scheduled backup", "name", info.Name, "bytes", info.Size, "took", time.Since(start).Round(time.Millisecond))
		d.audit(context.WithoutCancel(ctx), log, ActionCreated, info)
	}
	for _, r := range removed {
		log.Info("scheduled backup pruned", "name", r.Name, "bytes", r.Size)
		d.audit(context.WithoutCancel(ctx), log, ActionPruned, r)
	}
	if err != nil && ctx.Err() == nil {
		log.Error("scheduled backup failed", "dir", d.Path, "err", err)
	}
}

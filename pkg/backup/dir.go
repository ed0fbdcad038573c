package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
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
}

// ErrNoBackup is a name that is not an archive in the directory.
var ErrNoBackup = errors.New("no such backup")

// namePattern is the form FileName gives; a Dir serves and prunes only
// files of this form.
var namePattern = regexp.MustCompile(`^commsplan-backup-(\d{4}-\d{2}-\d{2}T\d{6}Z)\.cpbak$`)

// Dir is a directory of backups that serve writes on demand and on a
// schedule: each new archive is verified before the oldest beyond Keep are
// removed. Its methods are safe for concurrent use; backups run one at a
// time.
type Dir struct {
	// Path is the directory, created when the first backup is written.
	Path string
	// Keep is how many archives to keep; 0 keeps all.
	Keep int
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
		at, _ := time.Parse("2006-01-02T150405Z", m[1])
		out = append(out, Info{Name: e.Name(), Size: fi.Size(), CreatedAt: at.UTC()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name > out[j].Name })
	return out, nil
}

// Open opens an archive of the directory by name; ErrNoBackup for a name
// that is not one (a path, another file, a missing archive).
func (d *Dir) Open(name string) (*os.File, Info, error) {
	if !namePattern.MatchString(name) {
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
	at, _ := time.Parse("2006-01-02T150405Z", namePattern.FindStringSubmatch(name)[1])
	return f, Info{Name: name, Size: fi.Size(), CreatedAt: at.UTC()}, nil
}

// Run writes a new archive, verifies it, and only then removes the oldest
// beyond Keep (and .partial- files a crash left). An archive that fails to
// verify is removed and nothing is pruned.
func (d *Dir) Run(ctx context.Context) (Info, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := os.MkdirAll(d.Path, 0o750); err != nil {
		return Info{}, err
	}
	path, _, err := WriteFile(ctx, d.Store, d.Path+string(os.PathSeparator), Options{Version: d.Version, Now: d.Now})
	if err != nil {
		return Info{}, err
	}
	if _, err := Verify(path); err != nil {
		os.Remove(path)
		return Info{}, fmt.Errorf("the new backup does not verify, nothing pruned: %w", err)
	}
	if err := d.prune(filepath.Base(path)); err != nil {
		return Info{}, fmt.Errorf("prune: %w", err)
	}
	f, info, err := d.Open(filepath.Base(path))
	if err != nil {
		return Info{}, err
	}
	f.Close()
	return info, nil
}

// prune removes the archives beyond Keep, oldest first, never the one just
// written, and leftover partial files.
func (d *Dir) prune(newest string) error {
	if partial, err := filepath.Glob(filepath.Join(d.Path, TempPrefix+"commsplan-backup-*")); err == nil {
		for _, p := range partial {
			if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > time.Hour {
				os.Remove(p)
			}
		}
	}
	if d.Keep <= 0 {
		return nil
	}
	list, err := d.List()
	if err != nil {
		return err
	}
	for i, b := range list {
		if i >= d.Keep && b.Name != newest {
			if err := os.Remove(filepath.Join(d.Path, b.Name)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

// Schedule runs a backup every interval until ctx ends, logging each. It
// takes any positive interval; the one-minute minimum is the setting's.
func (d *Dir) Schedule(ctx context.Context, interval time.Duration, log *slog.Logger) {
	periodic.Every(ctx, interval, func() {
		start := time.Now()
		info, err := d.Run(ctx)
		if err != nil {
			if ctx.Err() == nil {
				log.Error("scheduled backup failed", "dir", d.Path, "err", err)
			}
			return
		}
		log.Info("scheduled backup", "name", info.Name, "bytes", info.Size, "took", time.Since(start).Round(time.Millisecond))
	})
}

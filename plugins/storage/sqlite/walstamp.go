//go:build unix

package sqlite

import (
	"bytes"
	"os"
	"sync"
	"syscall"

	"github.com/commsplan/commsplan/pkg/store/sqlstore"
)

// walHeaderSize is the wal-index header at the start of the -shm file: two
// copies of a 48-byte header that every commit, by any connection in any
// process, rewrites before its COMMIT returns (its change counter, last
// frame and checksums move; https://www.sqlite.org/walformat.html, "The
// WAL-Index Header"). SQLite itself compares it to tell whether another
// connection changed the database.
const walHeaderSize = 96

// walStamp reads the wal-index header with pread; it is the store's
// sqlstore.Stamper: a list hit on an unchanged database then costs this read,
// about a microsecond, instead of a version query (about 10).
type walStamp struct {
	path string
	mu   sync.Mutex
	f    *os.File
}

func newWALStamp(dbPath string) sqlstore.Stamper { return &walStamp{path: dbPath + "-shm"} }

// Stamp appends the header to dst. It reports false, so the versions are
// read from the database, when it cannot tell: the file is missing or was
// replaced, or a commit is rewriting the header (its two copies differ).
func (w *walStamp) Stamp(dst []byte) ([]byte, bool) {
	f := w.file()
	if f == nil {
		return dst, false
	}
	var hdr [walHeaderSize]byte
	if n, err := f.ReadAt(hdr[:], 0); n != walHeaderSize || err != nil {
		return dst, false
	}
	half := walHeaderSize / 2
	if !bytes.Equal(hdr[:half], hdr[half:]) || hdr[12] == 0 { // isInit
		return dst, false
	}
	// The last connection to close deletes the -shm file, and the next one
	// makes a new one; this descriptor would then read a frozen copy.
	if fi, err := f.Stat(); err != nil || linkCount(fi) == 0 {
		w.reset(f)
		return dst, false
	}
	return append(dst, hdr[:]...), true
}

func (w *walStamp) file() *os.File {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		f, err := os.Open(w.path)
		if err != nil {
			return nil
		}
		w.f = f
	}
	return w.f
}

// reset drops f, if it is still the open file, so the next stamp opens the
// file again.
func (w *walStamp) reset(f *os.File) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == f {
		_ = w.f.Close()
		w.f = nil
	}
}

// Close closes the file.
func (w *walStamp) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	err := w.f.Close()
	w.f = nil
	return err
}

// linkCount is how many names the file has; 0 once it was deleted.
func linkCount(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 0
}

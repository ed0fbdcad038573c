package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/backup"
)

// routeBackups registers the backups of serve's backup.dir: admins only
// (backups.manage), each creation and download audited, on-demand backups
// rate-limited per person and never pruning (docs/backup.md).
func (s *Server) routeBackups(r *mux.Router) {
	r.HandleFunc("/backups", s.listBackups).Methods(http.MethodGet)
	r.HandleFunc("/backups", s.createBackup).Methods(http.MethodPost)
	r.HandleFunc("/backups/{name}", s.downloadBackup).Methods(http.MethodGet)
}

// errNoBackups answers the backup routes of a server without a backup
// directory.
var errNoBackups = &Error{Status: http.StatusNotFound, Body: ErrorBody{Error: "backups are not set up on this server"}}

func (s *Server) listBackups(w http.ResponseWriter, r *http.Request) {
	if s.backups == nil {
		s.fail(w, r, errNoBackups)
		return
	}
	list, err := s.backups.List()
	s.answer(w, r, http.StatusOK, list, err)
}

func (s *Server) createBackup(w http.ResponseWriter, r *http.Request) {
	if s.backups == nil {
		s.fail(w, r, errNoBackups)
		return
	}
	who, err := actor.From(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if wait := s.backupLimit.take(who.ID, s.now()); wait > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
		writeJSON(w, http.StatusTooManyRequests, ErrorBody{Error: "A backup was taken a moment ago. Please wait before taking another."})
		return
	}
	info, err := s.backups.Run(r.Context())
	if err == nil {
		err = backup.Record(context.WithoutCancel(r.Context()), s.store.Audit, backup.ActionCreated, info)
	}
	s.answer(w, r, http.StatusCreated, info, err)
}

// backupEvery is how often one person may take a backup on demand.
const backupEvery = time.Minute

// rateLimit allows one act per key per interval.
type rateLimit struct {
	every time.Duration
	mu    sync.Mutex
	last  map[string]time.Time
}

// take answers 0 and counts the act when key may act at now, else how long
// until it may.
func (l *rateLimit) take(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.last == nil {
		l.last = map[string]time.Time{}
	}
	if at, ok := l.last[key]; ok && now.Sub(at) < l.every {
		return l.every - now.Sub(at)
	}
	for k, at := range l.last {
		if now.Sub(at) >= l.every {
			delete(l.last, k)
		}
	}
	l.last[key] = now
	return 0
}

func (s *Server) downloadBackup(w http.ResponseWriter, r *http.Request) {
	if s.backups == nil {
		s.fail(w, r, errNoBackups)
		return
	}
	f, info, err := s.backups.Open(mux.Vars(r)["name"])
	if errors.Is(err, backup.ErrNoBackup) {
		s.fail(w, r, &Error{Status: http.StatusNotFound, Body: ErrorBody{Error: "no backup named " + mux.Vars(r)["name"]}})
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer f.Close()
	if err := backup.Record(context.WithoutCancel(r.Context()), s.store.Audit, backup.ActionDownloaded, info); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	attachment(w, info.Name)
	http.ServeContent(w, r, info.Name, info.CreatedAt, io.ReadSeeker(f))
}

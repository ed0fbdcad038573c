package api

import (
	"errors"
	"io"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/backup"
)

// routeBackups registers the backups of serve's backup.dir. Every signed-in
// session may use them until people and roles exist; then they become
// admin-only (docs/backup.md).
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
	info, err := s.backups.Run(r.Context())
	s.answer(w, r, http.StatusCreated, info, err)
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
	w.Header().Set("Content-Type", "application/zip")
	attachment(w, info.Name)
	http.ServeContent(w, r, info.Name, info.CreatedAt, io.ReadSeeker(f))
}

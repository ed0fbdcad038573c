package api

import "github.com/gorilla/mux"

// routeChecklist registers the readiness checklist routes (issue 6).
func (s *Server) routeChecklist(r *mux.Router) {}

package api

import "github.com/gorilla/mux"

// routeReference registers the organisation dataset and reference data
// routes (issue 3).
func (s *Server) routeReference(r *mux.Router) {}

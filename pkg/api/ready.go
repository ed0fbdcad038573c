package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/commsplan/commsplan/pkg/store"
)

// readyTimeout bounds the readiness check's ping of the database.
const readyTimeout = time.Second

// ready is the readiness check for load balancers: 200 when the database
// answers within readyTimeout, 503 with Retry-After when it does not.
// /api/health, the liveness check, never touches the database.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		if !errors.Is(err, store.ErrUnavailable) {
			err = fmt.Errorf("%w: %w", store.ErrUnavailable, err)
		}
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

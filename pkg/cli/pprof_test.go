package cli

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPprofListener(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Find a free port, then serve pprof on it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	stop, err := startPprof(addr, log)
	require.NoError(t, err)
	resp, err := http.Get("http://" + addr + "/debug/pprof/")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), "goroutine")
	stop()
	_, err = http.Get("http://" + addr + "/debug/pprof/")
	assert.Error(t, err, "stopped")
}

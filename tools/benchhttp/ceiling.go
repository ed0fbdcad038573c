package main

import (
	"bufio"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/commsplan/commsplan/tools/internal/load"
)

// serveCeilingFrom is set in the ceiling's own process: the file of
// recorded answers it serves.
var serveCeilingFrom string

// ceiling is the running same-bytes ceiling.
type ceiling struct {
	url string
	// cpu reads the ceiling process's CPU time; nil when it shares this
	// process, whose CPU is mostly the load generator's.
	cpu   func() (time.Duration, error)
	close func()
}

// startCeiling starts the ceiling on the answers in sent. By default it runs
// as a process of its own, as our server does and as in issue 15's first
// figures (a bare server driven by wrk): in this tool's process, the load
// generator's goroutines and the ceiling's share one Go scheduler and hand
// each other the sockets without waking another process, which no server
// measured against it can do. where "inprocess" keeps it here.
func startCeiling(where string, sent map[string]variant, dir string) (*ceiling, error) {
	if where == "inprocess" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		s := &http.Server{Handler: ceilingHandler(sent), ReadHeaderTimeout: 10 * time.Second}
		go func() { _ = s.Serve(ln) }()
		return &ceiling{url: "http://" + ln.Addr().String(), close: func() { _ = s.Close() }}, nil
	}
	file := filepath.Join(dir, "ceiling.gob")
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := errors.Join(gob.NewEncoder(f).Encode(sent), f.Close()); err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, "-serve-ceiling", file)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe() // closed by us, or by our exit: the ceiling then stops
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop := func() { _ = stdin.Close(); _ = cmd.Wait() }
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		stop()
		return nil, fmt.Errorf("no address from the ceiling process: %w", err)
	}
	pid := cmd.Process.Pid
	return &ceiling{url: "http://" + strings.TrimSpace(addr), close: stop,
		cpu: func() (time.Duration, error) { return load.ProcessCPU(pid) }}, nil
}

// serveCeiling is the ceiling process: it serves the answers recorded in
// file, prints its address on stdout and stops when stdin closes.
func serveCeiling(file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	var sent map[string]variant
	err = gob.NewDecoder(f).Decode(&sent)
	_ = f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	s := &http.Server{Handler: ceilingHandler(sent), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		_ = s.Close()
	}()
	fmt.Println(ln.Addr())
	if err := s.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// ceilingHandler serves the recorded answers from memory: the gzip bytes
// when the request accepts gzip, the identity bytes otherwise, with the
// headers our server sent.
func ceilingHandler(sent map[string]variant) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		enc := "identity"
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			enc = "gzip"
		}
		v, ok := sent[r.URL.RequestURI()+" "+enc]
		if !ok {
			http.NotFound(w, r)
			return
		}
		for k, vals := range v.Header {
			if k == "Date" {
				continue
			}
			w.Header()[k] = vals
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(v.Body)))
		_, _ = w.Write(v.Body)
	})
}

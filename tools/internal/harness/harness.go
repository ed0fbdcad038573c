// Package harness starts a real `commsplan serve` for the tools: it builds
// the binary once, runs it on a given database with a known access code,
// waits for /api/health and signs in; and it makes and drops throw-away
// PostgreSQL databases.
package harness

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	_ "github.com/lib/pq" // the admin connection that creates and drops databases

	"github.com/commsplan/commsplan/tools/internal/load"
)

// Code is the access code every tool's server accepts.
const Code = "LOADTEST-CODE"

// secret signs the sessions, the same across restarts on one database.
const secret = "loadtest-session-secret-0123456789"

// DefaultPostgres is the admin DSN used when COMMSPLAN_TEST_POSTGRES_DSN is unset.
const DefaultPostgres = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// Build compiles cmd/commsplan into dir and answers the binary's path. It
// runs from the module root, found from the working directory.
func Build(ctx context.Context, dir string) (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "commsplan")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/commsplan")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build ./cmd/commsplan: %w", err)
	}
	return bin, nil
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory: run from the repository")
		}
		dir = parent
	}
}

// Config says how to start a server.
type Config struct {
	// Bin is the commsplan binary (from Build).
	Bin string
	// DB is the storage DSN; DataDir the data directory.
	DB, DataDir string
	// Log is the file that receives the server's output (appended to).
	Log string
	// Conns is how many keep-alive connections the client keeps.
	Conns int
	// Args are more flags for serve, such as "--pprof", "127.0.0.1:6060".
	Args []string
}

// Server is a running `commsplan serve`, signed in.
type Server struct {
	// URL is the base URL, e.g. http://127.0.0.1:41234.
	URL string
	// Cookie is the session cookie ("name=value") sent with every request.
	Cookie string
	// Client is a keep-alive client that accepts gzip.
	Client *http.Client
	cfg    Config
	cmd    *exec.Cmd
	exited chan struct{} // closed when the process has exited
	err    error         // its exit status, once exited is closed
}

// Start runs the server and waits until it answers and a sign-in succeeds.
// Flags follow the `serve` word, so they work whether they are the root
// command's or serve's own.
func Start(ctx context.Context, cfg Config) (*Server, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	logf, err := os.OpenFile(cfg.Log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer logf.Close() // the child keeps its own descriptor
	cmd := exec.Command(cfg.Bin, "serve", "--addr", addr, "--db", cfg.DB, "--data-dir", cfg.DataDir,
		"--access-codes", Code, "--session-secret", secret)
	cmd.Args = append(cmd.Args, cfg.Args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Bin, err)
	}
	s := &Server{URL: "http://" + addr, Client: load.NewClient(max(cfg.Conns, 2), true), cfg: cfg, cmd: cmd,
		exited: make(chan struct{})}
	go func() { s.err = cmd.Wait(); close(s.exited) }()
	if err := s.waitHealthy(ctx, 60*time.Second); err != nil {
		_ = s.Kill()
		return nil, err
	}
	if err := s.signIn(ctx); err != nil {
		_ = s.Kill()
		return nil, err
	}
	return s, nil
}

// FreeAddr is a 127.0.0.1 address with a port free at the time of asking.
func FreeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func (s *Server) waitHealthy(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return fmt.Errorf("server exited before it was healthy (%v); see %s", s.err, s.cfg.Log)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		resp, err := s.Client.Get(s.URL + "/api/health")
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("server not healthy after %s; see %s", limit, s.cfg.Log)
}

func (s *Server) signIn(ctx context.Context) error {
	req, err := s.Request(ctx, "POST", "/api/session", map[string]string{"code": Code})
	if err != nil {
		return err
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("sign-in answered %d", resp.StatusCode)
	}
	for _, c := range resp.Cookies() {
		s.Cookie = c.Name + "=" + c.Value
		return nil
	}
	return errors.New("sign-in set no cookie")
}

// Request builds a request to path with the session cookie and, when body
// is not nil, its JSON.
func (s *Server) Request(ctx context.Context, method, path string, body any) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.URL+path, r)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if s.Cookie != "" {
		req.Header.Set("Cookie", s.Cookie)
	}
	return req, nil
}

// Do sends a JSON request and reads the whole answer.
func (s *Server) Do(ctx context.Context, method, path string, body any) (load.Response, error) {
	req, err := s.Request(ctx, method, path, body)
	if err != nil {
		return load.Response{}, err
	}
	return load.Do(s.Client, req, false)
}

// Browse GETs path as a browser does, asking for gzip, and reads the answer
// without decoding or keeping a 2xx body. On one machine a client decoding
// every list would take the CPU the server is measured on: under the soak,
// decoding bodies nobody read was two thirds of the load tool's CPU.
func (s *Server) Browse(ctx context.Context, path string) (load.Response, error) {
	req, err := s.Request(ctx, "GET", path, nil)
	if err != nil {
		return load.Response{}, err
	}
	// Set by hand, the transport leaves the answer encoded.
	req.Header.Set("Accept-Encoding", "gzip")
	return load.Do(s.Client, req, true)
}

// JSON sends a request, wants a 2xx and decodes the answer into out (when
// not nil).
func (s *Server) JSON(ctx context.Context, method, path string, body, out any) error {
	resp, err := s.Do(ctx, method, path, body)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.Status/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.Status, truncate(resp.Body, 300))
	}
	if out != nil {
		if err := json.Unmarshal(resp.Body, out); err != nil {
			return fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return nil
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}

// CPU is the CPU time the server process has used so far (Linux only;
// load.ProcessCPU).
func (s *Server) CPU() (time.Duration, error) { return load.ProcessCPU(s.cmd.Process.Pid) }

// Memory is the server process's resident memory now and at its peak
// (Linux only; load.ProcessMemory).
func (s *Server) Memory() (load.Memory, error) { return load.ProcessMemory(s.cmd.Process.Pid) }

// Seed runs `commsplan seed` with args (for example "--demo", "--scale")
// on cfg's database, before a server is started on it.
func Seed(ctx context.Context, cfg Config, args ...string) error {
	cmd := exec.CommandContext(ctx, cfg.Bin, append([]string{"seed", "--db", cfg.DB, "--data-dir", cfg.DataDir}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("commsplan seed %s: %w: %s", strings.Join(args, " "), err, truncate(out, 2000))
	}
	return nil
}

// Kill ends the server with SIGKILL and waits for it.
func (s *Server) Kill() error {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.exited
	s.Client.CloseIdleConnections()
	return nil
}

// Stop sends SIGTERM and waits up to 30 s for a clean exit, then kills.
// Stopping a stopped server answers how it ended.
func (s *Server) Stop() error {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	defer s.Client.CloseIdleConnections()
	select {
	case <-s.exited:
		return s.err
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Signal(syscall.SIGKILL)
		<-s.exited
		return errors.New("server did not stop within 30 s of SIGTERM; killed")
	}
}

// LogLines answers the lines of the server's log that contain any of subs
// (case-insensitive), at most limit of them, and how many there were.
func LogLines(path string, limit int, subs ...string) ([]string, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var lines []string
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := strings.ToLower(sc.Text())
		for _, sub := range subs {
			if strings.Contains(line, strings.ToLower(sub)) {
				n++
				if len(lines) < limit {
					lines = append(lines, sc.Text())
				}
				break
			}
		}
	}
	return lines, n, sc.Err()
}

// PostgresAdmin is the admin DSN: COMMSPLAN_TEST_POSTGRES_DSN or the default.
func PostgresAdmin() string {
	if dsn := os.Getenv("COMMSPLAN_TEST_POSTGRES_DSN"); dsn != "" {
		return dsn
	}
	return DefaultPostgres
}

// NewPostgresDB creates a fresh database next to admin's and answers its
// DSN and a function that drops it.
func NewPostgresDB(ctx context.Context, admin string) (string, func() error, error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, fmt.Errorf("postgres DSN: %w", err)
	}
	db, err := sql.Open("postgres", admin)
	if err != nil {
		return "", nil, err
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "commsplan_load_" + hex.EncodeToString(b[:])
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("create database (is PostgreSQL at %s?): %w", u.Host, err)
	}
	u.Path = "/" + name
	drop := func() error {
		defer db.Close()
		_, err := db.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		return err
	}
	return u.String(), drop, nil
}

// Backends parses a -backend flag: sqlite, postgres or both.
func Backends(flag string) ([]string, error) {
	switch flag {
	case "sqlite", "postgres":
		return []string{flag}, nil
	case "both":
		return []string{"sqlite", "postgres"}, nil
	}
	return nil, fmt.Errorf("-backend must be sqlite, postgres or both, not %q", flag)
}

// Database makes an empty database for backend in dir: a SQLite file, or a
// fresh PostgreSQL database. It answers the DSN and a cleanup.
func Database(ctx context.Context, backend, dir string) (string, func() error, error) {
	if backend == "postgres" {
		return NewPostgresDB(ctx, PostgresAdmin())
	}
	return filepath.Join(dir, "commsplan.db"), func() error { return nil }, nil
}

// Workspace makes a temporary directory named after tool and builds the
// binary into it; remove the directory when done.
func Workspace(ctx context.Context, tool string) (dir, bin string, err error) {
	if dir, err = os.MkdirTemp("", "commsplan-"+tool+"-"); err != nil {
		return "", "", err
	}
	if bin, err = Build(ctx, dir); err != nil {
		os.RemoveAll(dir)
		return "", "", err
	}
	return dir, bin, nil
}

// Exit ends a tool: on an error it prints "tool: error" and exits 1.
func Exit(tool string, err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, tool+":", err)
		os.Exit(1)
	}
}

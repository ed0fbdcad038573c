package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/api"
	"github.com/commsplan/commsplan/webui"
)

// ServeOptions are serve's inputs.
type ServeOptions struct {
	// Ready, when set, receives the listening address (tests use it).
	Ready func(addr string)
	// ShutdownTimeout bounds how long in-flight requests may finish.
	ShutdownTimeout time.Duration
}

func newServeCmd(f *Factory, runF func(context.Context, *ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{ShutdownTimeout: 15 * time.Second}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the web UI and the REST API",
		Example: `  commsplan serve
  commsplan serve --addr 0.0.0.0:8080 --db postgres://commsplan@db/commsplan?sslmode=disable
  COMMSPLAN_ACCESS_CODES=ALPHA-1,BRAVO-2 commsplan serve`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			if runF != nil {
				return runF(ctx, opts)
			}
			return serveRun(ctx, f, opts)
		},
	}
	return cmd
}

// serveRun serves until ctx ends, then lets in-flight requests finish and
// closes the database.
func serveRun(ctx context.Context, f *Factory, opts *ServeOptions) error {
	log := f.Logger()
	cfg := f.Config
	codes := cfg.AccessCodes
	if len(codes) == 0 {
		code, created, err := access.LoadOrCreate(cfg.DataDir, "access-code", access.GenerateCode)
		if err != nil {
			return fmt.Errorf("access code: %w", err)
		}
		codes = []string{code}
		log.Info("access code (kept in the data dir; set --access-codes to choose your own)", "code", code, "generated", created)
	} else {
		log.Info("access codes configured", "count", len(codes))
	}
	secret := cfg.SessionSecret
	if secret == "" {
		var err error
		if secret, _, err = access.LoadOrCreate(cfg.DataDir, "session-secret", access.GenerateSecret); err != nil {
			return fmt.Errorf("session secret: %w", err)
		}
	}

	st, err := f.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if err := st.Close(); err != nil {
			log.Error("closing the database", "err", err)
		} else {
			log.Info("database closed")
		}
	}()

	gen, err := f.Generator()
	if err != nil {
		return fmt.Errorf("content generator: %w", err)
	}
	log.Info("content generator", "name", cfg.ComposeGenerator)

	if !webui.Built() {
		log.Warn("this binary has no built web UI; serving a placeholder page (run make build)")
	}
	srv := api.New(api.Options{Store: st, Log: log, Codes: access.NewCodes(codes), Secret: []byte(secret),
		UI: webui.FS(), Version: f.Version, MaxPerAudienceWeek: cfg.MaxPerAudienceWeek, Generator: gen})
	httpSrv := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	log.Info("listening", "url", "http://"+ln.Addr().String(), "db", redactDSN(cfg.DB))
	if opts.Ready != nil {
		opts.Ready(ln.Addr().String())
	}

	errc := make(chan error, 1)
	go func() { errc <- httpSrv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: letting in-flight requests finish")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), opts.ShutdownTimeout)
	defer cancel()
	if err := httpSrv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

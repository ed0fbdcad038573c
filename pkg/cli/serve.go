package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/api"
	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/config"
	"github.com/commsplan/commsplan/pkg/delivery"
	"github.com/commsplan/commsplan/pkg/jobs"
	"github.com/commsplan/commsplan/pkg/notify"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/redact"
	"github.com/commsplan/commsplan/pkg/sso"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/webui"
)

// ServeOptions are serve's inputs.
type ServeOptions struct {
	// Ready, when set, receives the listening address (tests use it).
	Ready func(addr string)
}

func newServeCmd(f *Factory, runF func(context.Context, *ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the web UI and the REST API",
		Example: `  commsplan serve
  commsplan serve --addr 0.0.0.0:8080 --db postgres://commsplan@db/commsplan?sslmode=disable
  COMMSPLAN_ACCESS_CODES=ALPHA-ONE-7KQ2,BRAVO-TWO-M9XD commsplan serve`,
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
	// serve's own settings are its flags alone, and the content
	// generator's are shared with "content generate"; other commands read
	// them from the environment or the config file.
	config.AddSettingFlags(cmd.Flags(), func(s config.Setting) bool { return s.Serve || s.Compose })
	return cmd
}

// checkCodes refuses a short access code, configured or kept in the data
// dir, before anything is opened or listens.
func checkCodes(cfg config.Config) error {
	for i, code := range cfg.AccessCodes {
		if err := access.CheckCode(code); err != nil {
			return UsageError("access-codes: code %d of %d: %v", i+1, len(cfg.AccessCodes), err)
		}
	}
	if len(cfg.AccessCodes) > 0 {
		return nil
	}
	path := filepath.Join(cfg.DataDir, access.CodeFile)
	b, err := os.ReadFile(path)
	if err != nil || strings.TrimSpace(string(b)) == "" {
		return nil // none yet: serve generates one
	}
	if err := access.CheckCode(string(b)); err != nil {
		return UsageError("access-codes: the code in %s: %v (delete the file for a new one, or set access-codes)", path, err)
	}
	return nil
}

// serveRun serves until ctx ends (SIGINT or SIGTERM), then stops accepting
// connections, lets in-flight requests finish for up to the shutdown grace,
// and only then closes the database.
func serveRun(ctx context.Context, f *Factory, opts *ServeOptions) error {
	cfg := f.Config
	if err := checkCodes(cfg); err != nil {
		return err
	}
	log, logBuf := cfg.ServerLogger(f.Err)
	defer logBuf.Close() // first in, so it runs last: after "database closed"
	// The database first: a server that cannot reach it fails before it
	// writes an access code or a secret into the data dir.
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
	// Every stored campaign's HTML is the server's rendering (pkg/plan).
	n, err := f.Plan(st).RerenderCampaigns(ctx)
	if n > 0 {
		log.Info("campaigns rendered again", "count", n)
	}
	if err != nil {
		log.Warn("campaigns not rendered again", "err", err)
	}

	codes := cfg.AccessCodes
	if len(codes) == 0 {
		code, created, err := access.LoadOrCreate(cfg.DataDir, access.CodeFile, access.GenerateCode)
		if err != nil {
			return fmt.Errorf("access code: %w", err)
		}
		codes = []string{code}
		// The code is shown once, here, and never in a log line:
		// "commsplan access-code show" prints it again.
		if created {
			fmt.Fprintf(f.Out, "Access code: %s\n(generated and kept in %s; \"commsplan access-code show\" prints it again; set access-codes to choose your own)\n",
				code, filepath.Join(cfg.DataDir, access.CodeFile))
		}
		log.Info("access code: the one kept in the data dir (commsplan access-code show prints it)",
			"file", filepath.Join(cfg.DataDir, access.CodeFile), "new", created)
	} else {
		log.Info("access codes configured", "count", len(codes))
	}
	// The first start also makes an admin, so someone can manage people
	// from the first minute; the code is shown this once, like the shared
	// one, and "commsplan people code" issues a new one.
	admin, adminCode, created, err := f.Plan(st).EnsureAdmin(actor.With(ctx, actor.Terminal))
	if err != nil {
		return fmt.Errorf("first admin: %w", err)
	}
	if created {
		fmt.Fprintf(f.Out, "Admin code: %s\n(the personal code of %q, role admin, shown this once; \"commsplan people code %s\" issues a new one)\n",
			adminCode, admin.Name, admin.ID)
		log.Info("first admin created", "id", admin.ID)
	}
	var chores []jobs.Chore
	if cfg.AuditKeepDays > 0 {
		pruneAudit(ctx, f.Plan(st), cfg.AuditKeepDays, log)
		chores = append(chores, jobs.Chore{Name: "audit-prune", Interval: 24 * time.Hour,
			Run: func(ctx context.Context) error { pruneAudit(ctx, f.Plan(st), cfg.AuditKeepDays, log); return nil }})
	}
	secret := cfg.SessionSecret
	if secret == "" {
		if secret, _, err = access.LoadOrCreate(cfg.DataDir, "session-secret", access.GenerateSecret); err != nil {
			return fmt.Errorf("session secret: %w", err)
		}
	}

	accessCodes := access.NewCodes(codes)
	if err := revokeOnCodeRotation(ctx, f, st, accessCodes, []byte(secret), log); err != nil {
		return err
	}

	gen, err := f.Generator()
	if err != nil {
		return fmt.Errorf("content generator: %w", err)
	}
	log.Info("content generator", "name", cfg.ComposeGenerator)

	if !webui.Built() {
		log.Warn("this binary has no built web UI; serving a placeholder page (run make build)")
	}
	backups := &backup.Dir{Path: cfg.BackupDir, Keep: cfg.BackupKeep, MinAge: cfg.BackupMinAge, Store: st, Version: f.Version, Audit: st.Audit}
	if cfg.BackupInterval > 0 {
		log.Info("scheduled backups", "dir", cfg.BackupDir, "interval", cfg.BackupInterval, "keep", cfg.BackupKeep, "minAge", cfg.BackupMinAge)
		// The schedule's entries in the audit trail are the server's own,
		// as audit pruning's are.
		// A periodic job of the queue: the leader of the servers sharing
		// the database enqueues it, so replicas take one backup, not one each.
		chores = append(chores, jobs.Chore{Name: "backup", Interval: cfg.BackupInterval,
			Run: func(ctx context.Context) error { backups.RunLogged(actor.With(ctx, actor.Terminal), log); return nil }})
	}
	queue, dispatch, err := startQueue(ctx, st, cfg, chores, log)
	if err != nil {
		return err
	}
	defer func() {
		// Shutdown drains the queue within the grace: sends running then
		// finish, the rest wait in the database for the next start.
		stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
		defer cancel()
		if err := queue.Stop(stopCtx); err != nil {
			log.Warn("job queue stopped with jobs cut short", "err", err)
		} else {
			log.Info("job queue drained")
		}
	}()
	var signOn *sso.Provider
	if f.Wiring.OIDC.Enabled() {
		log.Info("single sign-on", "issuer", redact.URL(f.Wiring.OIDC.Issuer), "name", f.Wiring.OIDC.Name, "redirect", f.Wiring.OIDC.RedirectURL,
			"clientSecret", f.Wiring.OIDC.ClientSecret != "")
		signOn = sso.New(f.Wiring.OIDC, nil)
	}
	srv := api.New(api.Options{Store: st, Backups: backups, Log: log, Codes: accessCodes, SharedRole: f.Wiring.SharedRole, Review: f.Wiring.Review, Secret: []byte(secret),
		IdleTimeout: cfg.IdleTimeout, MaxAge: cfg.MaxAge,
		UI: webui.FS(), Version: f.Version, MaxPerAudienceWeek: cfg.MaxPerAudienceWeek, HolidayCalendar: cfg.HolidayCalendar, Generator: gen,
		TrustedProxies: cfg.TrustedProxies, PublicURL: cfg.PublicURL, Notify: webhook(cfg, f.Wiring.WebhookFormat, st, log),
		SignOn: signOn, Dispatch: dispatch})
	httpSrv := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute}

	if cfg.PprofAddr != "" {
		stopPprof, err := startPprof(cfg.PprofAddr, log)
		if err != nil {
			return err
		}
		defer stopPprof()
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	log.Info("listening", "url", "http://"+ln.Addr().String(), "db", redactDSN(cfg.DB))
	logBuf.Flush() // the access code and the address, before anyone is told to come
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
	log.Info("shutting down: letting in-flight requests finish", "grace", cfg.ShutdownGrace)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer cancel()
	if err := httpSrv.Shutdown(shutdownCtx); err != nil {
		_ = httpSrv.Close()
		return fmt.Errorf("shutdown: requests still running after the %s grace: %w", cfg.ShutdownGrace, err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// webhook is the publisher of notify.webhook-url, nil when none is set.
func webhook(cfg config.Config, format notify.Format, st store.Store, log *slog.Logger) plan.Publisher {
	if cfg.WebhookURL == "" {
		return nil
	}
	log.Info("notifications go to a webhook", "to", redact.URL(cfg.WebhookURL), "format", format)
	return &notify.Webhook{URL: cfg.WebhookURL, Format: format, PublicURL: cfg.PublicURL, Log: log, Audit: st.Audit}
}

// pruneAudit removes the audit entries older than audit.keep-days; a
// failure is logged and tried again the next day.
func pruneAudit(ctx context.Context, p *plan.Plan, keepDays int, log *slog.Logger) {
	n, err := p.PruneAudit(actor.With(ctx, actor.Terminal), keepDays, time.Now())
	if err != nil {
		log.Warn("pruning the audit trail", "err", err)
		return
	}
	log.Info("audit trail pruned", "keep-days", keepDays, "removed", n)
}

// deliveryOptions are the channels and limits the settings configure.
func deliveryOptions(cfg config.Config, st store.Store, log *slog.Logger) (delivery.Options, error) {
	opt := delivery.Options{Senders: map[string]delivery.Sender{}, MaxErrors: cfg.Delivery.MaxErrors, Lease: cfg.Delivery.Lease,
		Rates: map[string]float64{delivery.Email: cfg.Delivery.EmailRate, delivery.Slack: cfg.Delivery.SlackRate}, Logger: log}
	// Channel posts read each vehicle's webhook when they send.
	hooks := delivery.VehicleWebhooks(st)
	opt.Senders[delivery.Teams] = delivery.NewPoster(delivery.Teams, hooks, cfg.Delivery.SMTP.Timeout)
	opt.Senders[delivery.Slack] = delivery.NewPoster(delivery.Slack, hooks, cfg.Delivery.SMTP.Timeout)
	if cfg.Delivery.SMTP.Host != "" {
		m, err := delivery.NewMailer(delivery.SMTPSettings(cfg.Delivery.SMTP))
		if err != nil {
			return opt, err
		}
		opt.Senders[delivery.Email], opt.Host = m, m.Host()
	}
	return opt, nil
}

// startQueue runs the job queue: deliveries on the channels configured,
// and the periodic chores.
func startQueue(ctx context.Context, st store.Store, cfg config.Config, chores []jobs.Chore, log *slog.Logger) (*jobs.Queue, plan.Dispatch, error) {
	opt, err := deliveryOptions(cfg, st, log)
	if err != nil {
		return nil, nil, err
	}
	if cfg.Delivery.SMTP.Host != "" {
		log.Info("email delivery", "smtp", delivery.SMTPSettings(cfg.Delivery.SMTP).String(), "rate", cfg.Delivery.EmailRate, "workers", cfg.Delivery.Workers)
	}
	qc, err := jobs.For(st)
	if err != nil {
		return nil, nil, err
	}
	qc.Logger = log.With("component", "queue")
	qc.RescueAfter = cfg.Delivery.Lease
	qc = delivery.QueueConfig(delivery.NewWorker(st, opt), cfg.Delivery.Workers, qc)
	qc = jobs.WithChores(qc, chores)
	q, err := jobs.New(qc)
	if err != nil {
		return nil, nil, fmt.Errorf("job queue: %w", err)
	}
	if err := q.Start(context.WithoutCancel(ctx)); err != nil {
		return nil, nil, fmt.Errorf("job queue: %w", err)
	}
	return q, delivery.NewService(q, opt), nil
}

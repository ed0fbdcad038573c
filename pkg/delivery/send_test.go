package delivery_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/delivery"
	"github.com/commsplan/commsplan/pkg/delivery/smtpsink"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/jobs"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/review"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"

	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

var admin = actor.With(context.Background(), actor.Terminal)

// world is a store with a directory, an audience of n active people (and
// one inactive, one without an address), an email vehicle and a
// communication to them.
type world struct {
	st   store.Store
	comm domain.Communication
	sink *smtpsink.Sink
}

func newWorld(t *testing.T, dsn string, n int) *world {
	t.Helper()
	st := storetest.Open(t, dsn)
	var people []domain.Employee
	for i := range n {
		people = append(people, domain.Employee{EmployeeID: fmt.Sprintf("E%05d", i), Name: fmt.Sprintf("Person %05d", i),
			Email: fmt.Sprintf("p%05d@example.com", i), Division: "Test Division", Active: true, Source: domain.SourceCSV})
	}
	people = append(people,
		domain.Employee{EmployeeID: "LEFT", Name: "Left Already", Email: "left@example.com", Division: "Test Division", Active: false, Source: domain.SourceCSV},
		domain.Employee{EmployeeID: "NOMAIL", Name: "No Mail", Division: "Test Division", Active: true, Source: domain.SourceCSV})
	require.NoError(t, st.ApplyDirectory(admin, store.DirectoryChange{Create: people, Action: store.ActionDirectoryImported, Label: "test"}))
	aud := domain.Audience{Name: "Test Division", Divisions: []string{"Test Division"}}
	require.NoError(t, st.CreateAudience(admin, &aud))
	v := domain.Vehicle{Name: "All-staff email", Type: "email"}
	require.NoError(t, st.CreateVehicle(admin, &v))
	c := domain.Communication{Title: "New tools on Monday", AudienceID: aud.ID, VehicleID: v.ID, Status: domain.StatusDraft,
		GeneratedContent: "<p>From <strong>Monday</strong> we use the new portal.</p>", SelectedQuestions: []string{}}
	require.NoError(t, st.CreateCommunication(admin, &c))
	sink, err := smtpsink.Start()
	require.NoError(t, err)
	t.Cleanup(func() { sink.Close() })
	return &world{st: st, comm: c, sink: sink}
}

// start runs a queue with workers over w's store; it stops with the test.
func (w *world) start(t *testing.T, opt delivery.Options, run bool) *delivery.Service {
	t.Helper()
	if opt.Senders == nil {
		m, err := delivery.NewMailer(delivery.SMTPSettings{Host: w.sink.Host, Port: w.sink.Port, From: "comms@example.com",
			TLS: delivery.TLSNone, Timeout: 3 * time.Second})
		require.NoError(t, err)
		opt.Senders = map[string]delivery.Sender{delivery.Email: m}
		opt.Host = m.Host()
	}
	cfg, err := jobs.For(w.st)
	require.NoError(t, err)
	cfg.RetryBase, cfg.PollInterval = 50*time.Millisecond, 50*time.Millisecond
	cfg = delivery.QueueConfig(delivery.NewWorker(w.st, opt), 8, cfg)
	q, err := jobs.New(cfg)
	require.NoError(t, err)
	if run {
		require.NoError(t, q.Start(context.Background()))
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_ = q.Stop(ctx)
		})
	}
	return delivery.NewService(q, opt)
}

// wait polls the record until done says so, or fails after d.
func (w *world) wait(t *testing.T, p *plan.Plan, d time.Duration, done func(store.DeliveryCounts) bool) store.DeliveryCounts {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		rec, err := p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID, Limit: 1})
		require.NoError(t, err)
		if done(rec.Summary) {
			return rec.Summary
		}
		if time.Now().After(deadline) {
			t.Fatalf("not done after %s: %+v", d, rec.Summary)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func eachBackend(t *testing.T, fn func(t *testing.T, dsn string)) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) { fn(t, b.DSN(t)) })
	}
}

func TestSendOncePerRecipient(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		w := newWorld(t, dsn, 40)
		w.sink.Reject(func(rcpt string) *smtp.SMTPError {
			if rcpt == "p00007@example.com" {
				return smtpsink.Permanent
			}
			return nil
		})
		svc := w.start(t, delivery.Options{}, true)
		p := plan.New(w.st).WithDispatch(svc)
		res, err := p.Send(admin, w.comm.ID)
		require.NoError(t, err)
		assert.Equal(t, plan.SendResult{Queued: 40, Skipped: 1}, res, "the inactive person is no member; the one without an address is skipped")
		again, err := p.Send(admin, w.comm.ID)
		require.NoError(t, err)
		assert.Equal(t, 0, again.Queued, "a second send queues nobody twice")
		assert.Equal(t, 40, again.Already)
		sum := w.wait(t, p, 30*time.Second, store.DeliveryCounts.Done)
		assert.Equal(t, store.DeliveryCounts{Sent: 39, Failed: 1, Total: 40}, sum)
		by := w.sink.ByRecipient()
		assert.Len(t, by, 39)
		for rcpt, n := range by {
			assert.Equal(t, 1, n, rcpt)
		}
		assert.NotContains(t, by, "left@example.com")
		failed, err := p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID, State: domain.DeliveryFailed})
		require.NoError(t, err)
		require.Len(t, failed.Rows, 1)
		assert.Equal(t, "p00007@example.com", failed.Rows[0].Recipient)
		assert.Equal(t, 1, failed.Rows[0].Attempts, "a 5xx reply is not retried")
		assert.Contains(t, failed.Rows[0].LastError, "550")

		// Retry failed: the server takes it now.
		w.sink.Reject(nil)
		n, err := p.RetryFailed(admin, w.comm.ID)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		sum = w.wait(t, p, 30*time.Second, func(c store.DeliveryCounts) bool { return c.Sent == 40 })
		assert.Equal(t, 40, sum.Total)
		assert.Equal(t, 1, w.sink.ByRecipient()["p00007@example.com"])
		audit, err := w.st.ListAudit(admin, store.AuditFilter{EntityType: "communication", Limit: 10})
		require.NoError(t, err)
		var actions []string
		for _, a := range audit {
			actions = append(actions, a.Action)
		}
		assert.Subset(t, actions, []string{plan.ActionSendQueued, plan.ActionSendRetried})
	})
}

func TestSendRetriesTemporaryFailures(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		w := newWorld(t, dsn, 3)
		tries := 0
		w.sink.Reject(func(rcpt string) *smtp.SMTPError {
			if rcpt == "p00001@example.com" && tries < 2 {
				tries++
				return smtpsink.Temporary
			}
			return nil
		})
		p := plan.New(w.st).WithDispatch(w.start(t, delivery.Options{}, true))
		_, err := p.Send(admin, w.comm.ID)
		require.NoError(t, err)
		w.wait(t, p, 30*time.Second, func(c store.DeliveryCounts) bool { return c.Sent == 3 })
		rec, err := p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID, Q: "p00001"})
		require.NoError(t, err)
		require.Len(t, rec.Rows, 1)
		assert.Equal(t, 3, rec.Rows[0].Attempts, "two 4xx replies, then sent")
		assert.Equal(t, 1, w.sink.ByRecipient()["p00001@example.com"])
	})
}

func TestSendPausesAfterMaxErrorsAndResumes(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		w := newWorld(t, dsn, 12)
		w.sink.Reject(func(string) *smtp.SMTPError { return smtpsink.Permanent })
		p := plan.New(w.st).WithDispatch(w.start(t, delivery.Options{MaxErrors: 3}, true))
		_, err := p.Send(admin, w.comm.ID)
		require.NoError(t, err)
		deadline := time.Now().Add(20 * time.Second)
		var rec plan.Deliveries
		for time.Now().Before(deadline) {
			rec, err = p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID})
			require.NoError(t, err)
			if rec.Run.Paused && rec.Summary.Sending == 0 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		require.True(t, rec.Run.Paused, "paused after 3 failures in a row")
		assert.Contains(t, rec.Run.PauseReason, "failures in a row")
		// Let the failures in flight settle (a worker records its failure,
		// then pauses): the planner resumes a pause that has happened.
		for settled, last := 0, rec.Summary; settled < 10 && time.Now().Before(deadline.Add(20*time.Second)); {
			time.Sleep(100 * time.Millisecond)
			rec, err = p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID})
			require.NoError(t, err)
			if rec.Summary == last {
				settled++
			} else {
				settled, last = 0, rec.Summary
			}
		}
		rec, err = p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID})
		require.NoError(t, err)
		assert.Greater(t, rec.Summary.Queued, 0, "nothing more is tried while paused")
		assert.GreaterOrEqual(t, rec.Summary.Failed, 3)

		w.sink.Reject(nil)
		require.NoError(t, p.PauseSend(admin, w.comm.ID, false))
		sum := w.wait(t, p, 30*time.Second, store.DeliveryCounts.Done)
		assert.Equal(t, 12-sum.Failed, sum.Sent, "resumed: every queued one is sent")
		assert.Equal(t, sum.Sent, w.sink.Count())
	})
}

func TestReviewRequiredAndContentChangedSinceApproval(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		w := newWorld(t, dsn, 5)
		svc := w.start(t, delivery.Options{}, false)
		p := plan.New(w.st).WithDispatch(svc).WithReview(review.Policy{Required: true, Approvals: 1})
		_, err := p.Send(admin, w.comm.ID)
		var approval *plan.ApprovalError
		require.ErrorAs(t, err, &approval, "an unapproved communication is never sent")
		rec, err := p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID})
		require.NoError(t, err)
		assert.Equal(t, 0, rec.Total)

		// Without review.required it is queued; then the content changes
		// before any worker runs, and every job stops.
		p = plan.New(w.st).WithDispatch(svc)
		res, err := p.Send(admin, w.comm.ID)
		require.NoError(t, err)
		require.Equal(t, 5, res.Queued)
		c, err := w.st.GetCommunication(admin, w.comm.ID)
		require.NoError(t, err)
		c.GeneratedContent = "<p>Something else entirely</p>"
		require.NoError(t, w.st.UpdateCommunication(admin, &c))
		w.start(t, delivery.Options{}, true)
		sum := w.wait(t, p, 30*time.Second, store.DeliveryCounts.Done)
		assert.Equal(t, store.DeliveryCounts{Skipped: 5, Total: 5}, sum)
		assert.Equal(t, 0, w.sink.Count())
		skipped, err := p.DeliveryRecord(admin, store.DeliveryFilter{CommunicationID: w.comm.ID, Limit: 1})
		require.NoError(t, err)
		assert.Equal(t, delivery.ErrContentChanged.Error(), skipped.Rows[0].LastError)
	})
}

func TestSendNeedsThePermission(t *testing.T) {
	w := newWorld(t, storetest.SQLiteDSN(t), 1)
	p := plan.New(w.st).WithDispatch(w.start(t, delivery.Options{}, false))
	planner := actor.With(context.Background(), actor.Actor{ID: "p", Name: "P", Role: actor.RolePlanner})
	_, err := p.Send(planner, w.comm.ID)
	var denied *actor.DeniedError
	require.ErrorAs(t, err, &denied)
	assert.Equal(t, actor.DeliverySend, denied.Permission)
	approver := actor.With(context.Background(), actor.Actor{ID: "a", Name: "A", Role: actor.RoleApprover})
	to, err := p.SendTest(approver, w.comm.ID, "me@example.com")
	require.NoError(t, err)
	assert.Equal(t, "me@example.com", to)
	msgs := w.sink.Messages()
	require.Len(t, msgs, 1)
	assert.Equal(t, []string{"me@example.com"}, msgs[0].To)
	assert.Contains(t, string(msgs[0].Data), "[Test] New tools on Monday")
}

func TestSlackPostThroughTheQueue(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		w := newWorld(t, dsn, 3)
		var got []string
		var mu sync.Mutex
		srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			mu.Lock()
			got = append(got, string(b))
			n := len(got)
			mu.Unlock()
			if n == 1 {
				rw.Header().Set("Retry-After", "1")
				rw.WriteHeader(http.StatusTooManyRequests)
				return
			}
			rw.WriteHeader(http.StatusOK)
		}))
		defer srv.Close()
		v := domain.Vehicle{Name: "#programme", Type: "slack", Settings: domain.VehicleSettings{Webhook: domain.Secret(srv.URL + "/services/SECRET")}}
		require.NoError(t, w.st.CreateVehicle(admin, &v))
		stored, err := w.st.GetVehicle(admin, v.ID)
		require.NoError(t, err)
		assert.Equal(t, srv.URL+"/services/SECRET", string(stored.Settings.Webhook), "the store keeps it whole")
		shown, err := json.Marshal(stored)
		require.NoError(t, err)
		assert.NotContains(t, string(shown), "SECRET", "JSON shows scheme and host only")
		c, err := w.st.GetCommunication(admin, w.comm.ID)
		require.NoError(t, err)
		c.VehicleID, c.Confidentiality = v.ID, "Board Confidential"
		require.NoError(t, w.st.UpdateCommunication(admin, &c))

		senders := map[string]delivery.Sender{delivery.Slack: delivery.NewPoster(delivery.Slack, delivery.VehicleWebhooks(w.st), 5*time.Second)}
		p := plan.New(w.st).WithDispatch(w.start(t, delivery.Options{Senders: senders}, true))
		_, err = p.Send(admin, w.comm.ID)
		require.ErrorContains(t, err, "confidential", "a confidential post goes to a private channel only")
		v.Settings.Private = true
		require.NoError(t, w.st.UpdateVehicle(admin, &v))
		res, err := p.Send(admin, w.comm.ID)
		require.NoError(t, err)
		assert.Equal(t, 1, res.Queued, "one post per channel")
		sum := w.wait(t, p, 30*time.Second, store.DeliveryCounts.Done)
		assert.Equal(t, store.DeliveryCounts{Sent: 1, Total: 1}, sum)
		mu.Lock()
		defer mu.Unlock()
		require.Len(t, got, 2, "a 429, then the post after Retry-After")
		assert.Contains(t, got[1], "New tools on Monday")
	})
}

// TestBenchDelivery sends 5,000 recipients to the in-process sink on each
// backend with the rate limit off, and reports messages a second and the
// process's peak RSS (the sink and the test included: an upper bound on
// what serve needs). It runs only with COMMSPLAN_BENCH_DELIVERY=1
// (make bench-delivery): a benchmark, not part of make test.
func TestBenchDelivery(t *testing.T) {
	if os.Getenv("COMMSPLAN_BENCH_DELIVERY") == "" {
		t.Skip("set COMMSPLAN_BENCH_DELIVERY=1 (make bench-delivery)")
	}
	n := 5000
	eachBackend(t, func(t *testing.T, dsn string) {
		w := newWorld(t, dsn, n)
		m, err := delivery.NewMailer(delivery.SMTPSettings{Host: w.sink.Host, Port: w.sink.Port, From: "comms@example.com",
			TLS: delivery.TLSNone, Timeout: 10 * time.Second})
		require.NoError(t, err)
		cfg, err := jobs.For(w.st)
		require.NoError(t, err)
		cfg.PollInterval = 100 * time.Millisecond
		opt := delivery.Options{Senders: map[string]delivery.Sender{delivery.Email: m}, Host: m.Host()}
		cfg = delivery.QueueConfig(delivery.NewWorker(w.st, opt), 20, cfg)
		q, err := jobs.New(cfg)
		require.NoError(t, err)
		p := plan.New(w.st).WithDispatch(delivery.NewService(q, opt))
		start := time.Now()
		res, err := p.Send(admin, w.comm.ID)
		require.NoError(t, err)
		require.Equal(t, n, res.Queued)
		queued := time.Since(start)
		require.NoError(t, q.Start(context.Background()))
		defer q.Stop(context.Background())
		sendStart := time.Now()
		sum := w.wait(t, p, 10*time.Minute, store.DeliveryCounts.Done)
		took := time.Since(sendStart)
		require.Equal(t, n, sum.Sent)
		require.Equal(t, n, w.sink.Count(), "one message per recipient")
		t.Logf("BENCH %s: %d recipients queued in %s; sent in %s: %.0f messages/s; peak RSS %d MB",
			t.Name(), n, queued.Round(time.Millisecond), took.Round(time.Millisecond), float64(n)/took.Seconds(), peakRSS()/1024)
	})
}

// peakRSS is the process's peak resident set in KiB (Linux), 0 elsewhere.
func peakRSS() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			n, _ := strconv.Atoi(strings.Fields(line)[1])
			return n
		}
	}
	return 0
}

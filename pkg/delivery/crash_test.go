package delivery_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store"
)

// TestCrashMidSend kills `commsplan serve` with SIGKILL in the middle of a
// 2,000-recipient send, starts it again, and counts: every recipient gets
// the message, and the duplicates are at most the messages in flight
// (delivery.workers). It runs only with COMMSPLAN_CRASH_DELIVERY=1 (make
// crash-delivery): it builds the binary and takes about a minute.
func TestCrashMidSend(t *testing.T) {
	if os.Getenv("COMMSPLAN_CRASH_DELIVERY") == "" {
		t.Skip("set COMMSPLAN_CRASH_DELIVERY=1 (make crash-delivery)")
	}
	const n, workers = 2000, 10
	dir := t.TempDir()
	bin := filepath.Join(dir, "commsplan")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/commsplan")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run())

	dsn := filepath.Join(dir, "plan.db")
	w := newWorld(t, dsn, n)
	id := w.comm.ID
	require.NoError(t, w.st.Close())
	sink := w.sink
	// Slow enough that the kill lands mid-send.
	sink.Delay(5 * time.Millisecond)

	serve := func() *exec.Cmd {
		cmd := exec.Command(bin, "serve", "--db", dsn, "--data-dir", dir, "--addr", "127.0.0.1:0",
			"--smtp-host", sink.Host, "--smtp-port", strconv.Itoa(sink.Port), "--smtp-from", "comms@example.com",
			"--smtp-tls", "none", "--delivery-email-rate", "0", "--delivery-workers", strconv.Itoa(workers),
			"--delivery-lease", "5s", "--log-level", "warn")
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		cmd.Stderr = os.Stderr
		require.NoError(t, cmd.Start())
		go func() {
			s := bufio.NewScanner(out)
			for s.Scan() {
				_ = s.Text()
			}
		}()
		return cmd
	}
	first := serve()
	send := exec.Command(bin, "send", id, "--db", dsn, "--data-dir", dir)
	got, err := send.CombinedOutput()
	require.NoError(t, err, string(got))
	require.Contains(t, string(got), "2000 recipients queued")

	deadline := time.Now().Add(2 * time.Minute)
	for sink.Count() < n/3 {
		require.True(t, time.Now().Before(deadline), "the first server sent %d in 2 minutes", sink.Count())
		time.Sleep(20 * time.Millisecond)
	}
	require.NoError(t, first.Process.Kill())
	_ = first.Wait()
	atKill := sink.Count()
	time.Sleep(200 * time.Millisecond)
	afterKill := sink.Count()

	second := serve()
	defer func() { _ = second.Process.Kill(); _ = second.Wait() }()
	deadline = time.Now().Add(4 * time.Minute)
	for len(sink.ByRecipient()) < n {
		require.True(t, time.Now().Before(deadline), "after the restart %d of %d recipients", len(sink.ByRecipient()), n)
		time.Sleep(100 * time.Millisecond)
	}
	// The deliveries in flight at the kill stay sending until their lease
	// ends and the queue runs their jobs again.
	st := openAgain(t, dsn)
	var counts map[string]store.DeliveryCounts
	for {
		counts, err = st.CountDeliveries(admin, []string{id})
		require.NoError(t, err)
		if counts[id].Done() {
			break
		}
		require.True(t, time.Now().Before(deadline), "after the restart: %+v", counts[id])
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	by := sink.ByRecipient()
	dups := 0
	for _, c := range by {
		dups += c - 1
	}
	t.Logf("CRASH: killed after %d messages (%d arrived after the kill), restarted; %d distinct recipients of %d, %d messages, %d duplicates (bound: %d in flight)",
		atKill, afterKill-atKill, len(by), n, sink.Count(), dups, workers)
	assert.Len(t, by, n)
	assert.LessOrEqual(t, dups, workers, "duplicates are at most the messages in flight")
	assert.Equal(t, store.DeliveryCounts{Sent: n, Total: n}, counts[id])
}

func openAgain(t *testing.T, dsn string) store.Store {
	t.Helper()
	st, err := store.OpenWith(context.Background(), dsn, store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	return st
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/commsplan/commsplan/tools/internal/harness"
)

// pocketBase is a PocketBase (v0.23 or later) started from POCKETBASE_BIN
// on a temporary data dir, holding a public "themes" collection with the
// same rows as our themes. It is never downloaded.
type pocketBase struct {
	url  string
	rows int
	cmd  *exec.Cmd
}

const (
	pbEmail    = "bench@example.com"
	pbPassword = "benchhttp-password"
)

func startPocketBase(ctx context.Context, bin, dir string, rows int) (*pocketBase, error) {
	if rows > 1000 {
		return nil, errors.New("PocketBase pages hold at most 1000 rows: use -themes 1000 or fewer")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if out, err := exec.CommandContext(ctx, bin, "superuser", "upsert", pbEmail, pbPassword, "--dir", dir).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("superuser upsert: %w: %s", err, out)
	}
	addr, err := harness.FreeAddr()
	if err != nil {
		return nil, err
	}
	log, err := os.Create(dir + ".log")
	if err != nil {
		return nil, err
	}
	defer log.Close()
	cmd := exec.Command(bin, "serve", "--http", addr, "--dir", dir)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	pb := &pocketBase{url: "http://" + addr, rows: rows, cmd: cmd}
	if err := pb.fill(ctx); err != nil {
		pb.stop()
		return nil, err
	}
	return pb, nil
}

func (pb *pocketBase) stop() {
	_ = pb.cmd.Process.Signal(syscall.SIGTERM)
	_ = pb.cmd.Wait()
}

func (pb *pocketBase) listURL() string {
	return fmt.Sprintf("%s/api/collections/themes/records?perPage=%d", pb.url, pb.rows)
}

// call sends JSON with the superuser token and decodes the answer.
func (pb *pocketBase) call(ctx context.Context, method, path, token string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, pb.url+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %d %.300s", method, path, resp.StatusCode, body)
	}
	if out != nil {
		return json.Unmarshal(body, out)
	}
	return nil
}

// fill waits for PocketBase, creates the collection (listing open to all,
// as our list is to a signed-in user) and the rows, eight at a time.
func (pb *pocketBase) fill(ctx context.Context) error {
	var err error
	for range 200 {
		var resp *http.Response
		if resp, err = http.Get(pb.url + "/api/health"); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("not healthy: %w", err)
	}
	var auth struct {
		Token string `json:"token"`
	}
	if err := pb.call(ctx, "POST", "/api/collections/_superusers/auth-with-password", "",
		map[string]string{"identity": pbEmail, "password": pbPassword}, &auth); err != nil {
		return err
	}
	text := func(name string) map[string]any { return map[string]any{"name": name, "type": "text"} }
	if err := pb.call(ctx, "POST", "/api/collections", auth.Token, map[string]any{
		"name": "themes", "type": "base", "listRule": "", "viewRule": "",
		"fields": []any{text("name"), text("description"), text("icon"), text("color")},
	}, nil); err != nil {
		return err
	}
	jobs := make(chan int)
	errs := make(chan error, 8)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i := range jobs {
				if err := pb.call(ctx, "POST", "/api/collections/themes/records", auth.Token, map[string]any{
					"name": fmt.Sprintf("Theme %d", i), "description": fmt.Sprintf("What theme %d covers", i),
					"icon": "fa-tag", "color": "blue"}, nil); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		})
	}
	for i := range pb.rows {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

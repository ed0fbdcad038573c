package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/backup"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func TestBackupsAPI(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			require.NoError(t, st.CreateTheme(t.Context(), &domain.Theme{Name: "Kept", Icon: "fa-star", Color: "blue"}))
			dir := filepath.Join(t.TempDir(), "backups")
			srv := newTestServer(t, b, Options{Store: st, Backups: &backup.Dir{Path: dir, Keep: 2, Store: st, Version: "t"}})
			_, ts := srv.personAs("Ada Admin", "admin")

			resp, body := ts.do(http.MethodGet, "/api/backups", nil)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			assert.JSONEq(t, `[]`, string(body))

			resp, body = ts.do(http.MethodPost, "/api/backups", nil)
			require.Equal(t, http.StatusCreated, resp.StatusCode, string(body))
			var made backup.Info
			require.NoError(t, json.Unmarshal(body, &made))
			assert.Regexp(t, `^commsplan-backup-\d{4}-\d\d-\d\dT\d{6}Z\.cpbak$`, made.Name)
			assert.Positive(t, made.Size)

			resp, body = ts.do(http.MethodGet, "/api/backups", nil)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			var list []backup.Info
			require.NoError(t, json.Unmarshal(body, &list))
			assert.Equal(t, []backup.Info{made}, list)

			resp, body = ts.do(http.MethodGet, "/api/backups/"+made.Name, nil)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
			assert.Contains(t, resp.Header.Get("Content-Disposition"), `attachment; filename=`+made.Name)
			path := filepath.Join(t.TempDir(), made.Name)
			require.NoError(t, os.WriteFile(path, body, 0o600))
			m, err := backup.Verify(path)
			require.NoError(t, err, "the download is the whole archive")
			assert.Equal(t, int64(1), m.Tables[0].Rows)

			for _, name := range []string{"commsplan-backup-2020-01-01T000000Z.cpbak", "..%2Fcommsplan.db", "manifest.json"} {
				resp, body = ts.do(http.MethodGet, "/api/backups/"+name, nil)
				assert.Equal(t, http.StatusNotFound, resp.StatusCode, name)
				assert.Contains(t, string(body), `"error"`)
			}
		})
	}
	t.Run("not set up", func(t *testing.T) {
		_, ts := newTestServer(t, storetest.Backends[0]).personAs("Ada Admin", "admin")
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			resp, body := ts.do(m, "/api/backups", nil)
			assert.Equal(t, http.StatusNotFound, resp.StatusCode)
			assert.JSONEq(t, `{"error":"backups are not set up on this server"}`, string(body))
		}
	})
}

// TestBackupsAreAdminOnly: an archive holds the whole audit trail, so
// listing, taking and downloading backups is for admins alone; a planner,
// an approver, a viewer and the shared code are refused naming
// backups.manage, and nothing is written for them.
func TestBackupsAreAdminOnly(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		st := storetest.Open(t, b.DSN(t))
		dir := filepath.Join(t.TempDir(), "backups")
		ts := newTestServer(t, b, Options{Store: st, Backups: &backup.Dir{Path: dir, Keep: 2, Store: st, Version: "t"}})
		_, admin := ts.personAs("Ada Admin", "admin")
		var made backup.Info
		admin.json(http.MethodPost, "/api/backups", nil, http.StatusCreated, &made)

		_, planner := ts.personAs("Pat Planner", "planner")
		_, approver := ts.personAs("Abe Approver", "approver")
		_, viewer := ts.personAs("Vi Viewer", "viewer")
		for who, client := range map[string]*testServer{"shared code": ts, "planner": planner, "approver": approver, "viewer": viewer} {
			for _, req := range [][2]string{{http.MethodGet, "/api/backups"}, {http.MethodPost, "/api/backups"}, {http.MethodGet, "/api/backups/" + made.Name}} {
				resp, body := client.do(req[0], req[1], nil)
				if assert.Equal(t, http.StatusForbidden, resp.StatusCode, "%s: %s %s", who, req[0], req[1]) {
					assert.Contains(t, string(body), `"backups.manage"`, who)
				}
			}
		}
		list, err := (&backup.Dir{Path: dir}).List()
		require.NoError(t, err)
		assert.Len(t, list, 1, "no one but the admin took a backup")
	})
}

// TestOnDemandBackupsNeverPrune: however many backups admins take on
// demand, the archives already there stay (pruning is the schedule's
// alone); one person may take one per minute; taking and downloading each
// enter the person, the archive's name and size in the audit trail.
func TestOnDemandBackupsNeverPrune(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		st := storetest.Open(t, b.DSN(t))
		require.NoError(t, st.CreateTheme(t.Context(), &domain.Theme{Name: "Before the damage", Icon: "fa-star", Color: "blue"}))
		dir := filepath.Join(t.TempDir(), "backups")
		require.NoError(t, os.MkdirAll(dir, 0o700))
		good := []string{"commsplan-backup-2020-01-01T000000Z.cpbak", "commsplan-backup-2021-01-01T000000Z.cpbak"}
		for _, n := range good {
			_, _, err := backup.WriteFile(t.Context(), st, filepath.Join(dir, n), backup.Options{Version: "t"})
			require.NoError(t, err)
		}
		clock := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
		var mu sync.Mutex
		d := &backup.Dir{Path: dir, Keep: 1, Store: st, Version: "t", Now: func() time.Time {
			mu.Lock()
			defer mu.Unlock()
			clock = clock.Add(time.Second)
			return clock
		}}
		ts := newTestServer(t, b, Options{Store: st, Backups: d})
		var takers []*testServer
		for i := range 8 {
			_, c := ts.personAs(fmt.Sprintf("Admin %d", i), "admin")
			takers = append(takers, c)
		}
		var made []backup.Info
		for _, c := range takers {
			var info backup.Info
			c.json(http.MethodPost, "/api/backups", nil, http.StatusCreated, &info)
			made = append(made, info)
		}
		for _, n := range good {
			assert.FileExists(t, filepath.Join(dir, n), "an on-demand backup pruned a good archive")
		}
		list, err := d.List()
		require.NoError(t, err)
		assert.Len(t, list, len(good)+len(takers))

		resp, body := takers[0].do(http.MethodPost, "/api/backups", nil)
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, string(body))
		assert.NotEmpty(t, resp.Header.Get("Retry-After"))

		resp, _ = takers[1].do(http.MethodGet, "/api/backups/"+good[0], nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)

		var created, downloaded []domain.Activity
		takers[0].json(http.MethodGet, "/api/audit?action="+"backup_created", nil, http.StatusOK, &created)
		takers[0].json(http.MethodGet, "/api/audit?action="+"backup_downloaded", nil, http.StatusOK, &downloaded)
		require.Len(t, created, len(takers))
		byName := map[string]domain.Activity{}
		for _, e := range created {
			byName[e.EntityID] = e
		}
		for i, info := range made {
			e, ok := byName[info.Name]
			if assert.True(t, ok, info.Name) {
				assert.Equal(t, fmt.Sprintf("Admin %d", i), e.ActorName)
				assert.Equal(t, fmt.Sprintf("%s (%d bytes)", info.Name, info.Size), e.Label)
				assert.Equal(t, "backup", e.EntityType)
			}
		}
		require.Len(t, downloaded, 1)
		assert.Equal(t, "Admin 1", downloaded[0].ActorName)
		assert.Equal(t, good[0], downloaded[0].EntityID)
		assert.Contains(t, downloaded[0].Label, good[0]+" (")
		assert.Contains(t, string(downloaded[0].Changes), `"size"`)
	})
}

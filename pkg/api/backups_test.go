package api

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

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
			ts := newTestServer(t, b, Options{Store: st, Backups: &backup.Dir{Path: dir, Keep: 2, Store: st, Version: "t"}})

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
		ts := newTestServer(t, storetest.Backends[0])
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			resp, body := ts.do(m, "/api/backups", nil)
			assert.Equal(t, http.StatusNotFound, resp.StatusCode)
			assert.JSONEq(t, `{"error":"backups are not set up on this server"}`, string(body))
		}
	})
}

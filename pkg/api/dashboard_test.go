package api

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// dashboardVector is one case of testdata/dashboard/vectors.json, which
// webui/src/lib/dashboard.vectors.test.ts runs over the full lists.
type dashboardVector struct {
	Name      string `json:"name"`
	Now       time.Time
	TZ        string `json:"tz"`
	Themes    []struct{ ID, CreatedAt string }
	Content   []struct{ ID, CreatedAt string }
	Audiences []struct {
		ID           string
		ContactCount int
		CreatedAt    string
	}
	Communications []struct{ ID, Title, Status, ScheduledDate, CreatedAt string }
	Want           map[string]any
}

// memRestore is a store.RestoreSource over rows in memory.
type memRestore struct {
	schema int64
	rows   map[string][][]byte
}

func (m memRestore) SchemaVersion() int64     { return m.schema }
func (m memRestore) Count(table string) int64 { return int64(len(m.rows[table])) }
func (m memRestore) Rows(table string, fn func([]byte) error) error {
	for _, r := range m.rows[table] {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

// backdate sets created_at of the rows named in at (by id), through a
// snapshot and a restore: the store sets creation times itself.
func backdate(t *testing.T, s store.Store, at map[string]string) {
	t.Helper()
	ctx := context.Background()
	src := memRestore{rows: map[string][][]byte{}}
	require.NoError(t, s.Snapshot(ctx, func(snap store.Snapshot) error {
		src.schema = snap.SchemaVersion()
		for _, table := range store.BackupTables {
			err := snap.Rows(ctx, table, func(row []byte) error {
				var fields map[string]any
				if err := json.Unmarshal(row, &fields); err != nil {
					return err
				}
				if id, ok := fields["id"].(string); ok && at[id] != "" {
					if _, has := fields["created_at"]; has {
						fields["created_at"] = at[id]
					}
				}
				out, err := json.Marshal(fields)
				src.rows[table] = append(src.rows[table], out)
				return err
			})
			if err != nil {
				return err
			}
		}
		return nil
	}))
	require.NoError(t, s.Restore(ctx, src, true))
}

// TestDashboardSummaryMatchesTheFullLists stores each vector's records with
// their creation times and checks GET /api/dashboard gives the figures the
// UI's full-list computation gives for them (the vectors' want).
func TestDashboardSummaryMatchesTheFullLists(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/dashboard/vectors.json")
	require.NoError(t, err)
	var file struct{ Cases []dashboardVector }
	require.NoError(t, json.Unmarshal(raw, &file))
	require.NotEmpty(t, file.Cases)
	forEachBackend(t, func(t *testing.T, b storetest.Backend) {
		for _, v := range file.Cases {
			t.Run(v.Name, func(t *testing.T) {
				ts := newTestServer(t, b, Options{Now: func() time.Time { return v.Now }})
				ctx := context.Background()
				ids := map[string]string{} // vector id → stored id
				created := map[string]string{}
				require.NoError(t, ts.Store.InTx(ctx, func(tx store.Store) error {
					for _, x := range v.Themes {
						th := domain.Theme{Name: "Theme " + x.ID, Description: "d", Icon: "fa-tag", Color: "blue"}
						if err := tx.CreateTheme(ctx, &th); err != nil {
							return err
						}
						ids[x.ID], created[th.ID] = th.ID, x.CreatedAt
					}
					for _, x := range v.Content {
						c := domain.Content{Title: "Content " + x.ID, Type: "text", Content: "x"}
						if err := tx.CreateContent(ctx, &c); err != nil {
							return err
						}
						created[c.ID] = x.CreatedAt
					}
					for _, x := range v.Audiences {
						a := domain.Audience{Name: "Audience " + x.ID, TargetingScope: "organization", AudienceType: "general", ContactCount: x.ContactCount}
						if err := tx.CreateAudience(ctx, &a); err != nil {
							return err
						}
						created[a.ID] = x.CreatedAt
					}
					for _, x := range v.Communications {
						c := domain.Communication{Title: x.Title, Status: x.Status, ScheduledDate: x.ScheduledDate}
						if err := tx.CreateCommunications(ctx, []*domain.Communication{&c}); err != nil {
							return err
						}
						ids[c.ID], created[c.ID] = x.ID, x.CreatedAt
					}
					return nil
				}))
				backdate(t, ts.Store, created)
				var got map[string]any
				ts.json("GET", "/api/dashboard?"+url.Values{"tz": {v.TZ}}.Encode(), nil, 200, &got)
				upcoming := []any{}
				for _, c := range got["upcoming"].([]any) {
					upcoming = append(upcoming, ids[c.(map[string]any)["id"].(string)])
				}
				got["upcoming"] = upcoming
				assert.Len(t, got["activity"], min(6, len(v.Themes)+len(v.Content)+len(v.Audiences)+len(v.Communications)))
				delete(got, "activity")
				// Sent this week is the delivery record's, not a view of the
				// lists the vectors hold (pkg/delivery tests it).
				assert.Equal(t, float64(0), got["sentThisWeek"])
				delete(got, "sentThisWeek")
				assert.Equal(t, v.Want, got)
			})
		}
	})
}

// TestDashboardBadZone: an unknown zone is a 400 naming tz.
func TestDashboardBadZone(t *testing.T) {
	ts := newTestServer(t, storetest.Backends[0])
	ts.fieldError("GET", "/api/dashboard?tz=Mars/Olympus", nil, "tz")
}

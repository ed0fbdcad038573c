package plan

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/roster"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func importFixture(t *testing.T, p *Plan, ctx context.Context, name string, opts DirectoryImportOptions) (DirectoryImport, error) {
	t.Helper()
	fh, err := os.Open(filepath.Join("..", "..", "testdata", "directory", name))
	require.NoError(t, err)
	defer fh.Close()
	return p.ImportDirectory(ctx, fh, opts)
}

func TestImportDirectory(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			today := time.Date(2031, 4, 5, 10, 0, 0, 0, time.UTC)
			p := New(st).WithClock(func() time.Time { return today })

			planner := actor.With(context.Background(), actor.Actor{ID: "p", Role: actor.RolePlanner})
			_, err := importFixture(t, p, planner, "staff.csv", DirectoryImportOptions{})
			var denied *actor.DeniedError
			require.ErrorAs(t, err, &denied)
			assert.Equal(t, actor.DirectoryManage, denied.Permission)

			dry, err := importFixture(t, p, ctx, "staff.csv", DirectoryImportOptions{DryRun: true})
			require.NoError(t, err)
			assert.Equal(t, 3, dry.Created)
			assert.False(t, dry.Written)
			status, err := st.DirectoryStatus(ctx)
			require.NoError(t, err)
			assert.Equal(t, 0, status.Total, "a dry run writes nothing")

			first, err := importFixture(t, p, ctx, "staff.csv", DirectoryImportOptions{})
			require.NoError(t, err)
			assert.Equal(t, DirectoryImport{Created: 3, Written: true, Columns: first.Columns, Mapping: first.Mapping, Separator: ",", Fields: roster.Fields, Errors: []roster.Error{}}, first)

			again, err := importFixture(t, p, ctx, "staff.csv", DirectoryImportOptions{})
			require.NoError(t, err)
			assert.Equal(t, [4]int{0, 0, 0, 3}, [4]int{again.Created, again.Updated, again.Deactivated, again.Unchanged}, "the same file twice changes nothing")

			noDeact, err := importFixture(t, p, ctx, "staff-leaver.csv", DirectoryImportOptions{NoDeactivate: true})
			require.NoError(t, err)
			assert.Equal(t, 0, noDeact.Deactivated)

			leaver, err := importFixture(t, p, ctx, "staff-leaver.csv", DirectoryImportOptions{})
			require.NoError(t, err)
			assert.Equal(t, [4]int{0, 0, 1, 2}, [4]int{leaver.Created, leaver.Updated, leaver.Deactivated, leaver.Unchanged})
			bob, err := st.GetEmployee(ctx, "E002")
			require.NoError(t, err, "a leaver is never deleted")
			assert.False(t, bob.Active)
			assert.Equal(t, "2031-04-05", bob.EndDate)

			back, err := importFixture(t, p, ctx, "staff.csv", DirectoryImportOptions{})
			require.NoError(t, err)
			assert.Equal(t, 1, back.Updated, "a returning employee is active again")
			bob, err = st.GetEmployee(ctx, "E002")
			require.NoError(t, err)
			assert.True(t, bob.Active)
			assert.Empty(t, bob.EndDate)

			// Bad rows: nothing written without --partial, the good rows with it.
			_, err = importFixture(t, p, ctx, "bad.csv", DirectoryImportOptions{})
			var refused *ImportRefusedError
			require.ErrorAs(t, err, &refused)
			assert.Len(t, refused.Result.Errors, 5)
			assert.False(t, refused.Result.Written)
			ann, err := st.GetEmployee(ctx, "E001")
			require.NoError(t, err)
			assert.Equal(t, "ann.abbott@example.com", ann.Email)
			partial, err := importFixture(t, p, ctx, "bad.csv", DirectoryImportOptions{Partial: true})
			require.NoError(t, err)
			assert.True(t, partial.Written)
			assert.Equal(t, 1, partial.Updated+partial.Unchanged)
			assert.Equal(t, 0, partial.Deactivated, "E002 and E003 have bad rows, not none: they stay active")

			audit, err := st.ListAudit(ctx, store.AuditFilter{EntityType: "directory", Limit: 20})
			require.NoError(t, err)
			assert.Len(t, audit, 6, "one audit entry per import that wrote, none for dry or refused runs")
			assert.Equal(t, "terminal", audit[0].ActorID)
		})
	}
}

func TestAudienceCountsFollowTheDirectory(t *testing.T) {
	ctx := actor.With(context.Background(), actor.Terminal)
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	p := New(st)
	a := domain.Audience{Name: "SFB", Divisions: []string{"sfb"}, ContactCount: 142}
	require.NoError(t, a.Validate())
	require.NoError(t, st.CreateAudience(ctx, &a))
	list, err := p.Audiences(ctx)
	require.NoError(t, err)
	assert.Equal(t, 142, list[0].ContactCount, "without a directory the stored count stands")
	assert.Nil(t, list[0].ContactCountAsOf)

	_, err = importFixture(t, p, ctx, "staff.csv", DirectoryImportOptions{})
	require.NoError(t, err)
	list, err = p.Audiences(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, list[0].ContactCount, "the dataset's id sfb names the division SFB - California")
	assert.NotNil(t, list[0].ContactCountAsOf)
	members, err := p.AudienceMembers(ctx, a.ID, 0, 10)
	require.NoError(t, err)
	require.Len(t, members.Rows, 1)
	assert.Equal(t, "Ann Abbott", members.Rows[0].Name)

	viewer := actor.With(context.Background(), actor.Actor{ID: "v", Role: actor.RoleViewer})
	page, err := p.Directory(viewer, store.EmployeeFilter{})
	require.NoError(t, err)
	require.Len(t, page.Rows, 3)
	assert.Empty(t, page.Rows[0].Email, "a viewer sees no contact details")
	assert.Equal(t, "SFB - California", page.Rows[0].Division)
	page, err = p.Directory(ctx, store.EmployeeFilter{})
	require.NoError(t, err)
	assert.Equal(t, "ann.abbott@example.com", page.Rows[0].Email)
}

// TestRealLookingHRExport imports a 200-row HR export with every awkward
// trait (a BOM, semicolons, quoted separators and line breaks, names with
// commas and apostrophes, non-ASCII letters, upper-case emails, four date
// spellings, empty cells, unknown columns), then the next month's export
// with ten leavers and five people moved to a new division, and checks the
// audiences' counts before and after.
func TestRealLookingHRExport(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := New(st).WithClock(func() time.Time { return time.Date(2031, 4, 5, 9, 0, 0, 0, time.UTC) })
			mk := func(name string, a domain.Audience) {
				a.Name = name
				require.NoError(t, a.Validate())
				require.NoError(t, st.CreateAudience(ctx, &a))
			}
			mk("Everyone", domain.Audience{})
			mk("Washington", domain.Audience{Locations: []string{"washington"}})
			mk("NWF", domain.Audience{Divisions: []string{"NWF - Washington"}})
			mk("Texas contractors", domain.Audience{Locations: []string{"Texas"}, EmployeeTypes: []string{"contractor"}})
			counts := func() map[string]int {
				list, err := p.Audiences(ctx)
				require.NoError(t, err)
				out := map[string]int{}
				for _, a := range list {
					out[a.Name] = a.ContactCount
				}
				return out
			}

			first, err := importFixture(t, p, ctx, "hr-export-200.csv", DirectoryImportOptions{})
			require.NoError(t, err)
			assert.Equal(t, [4]int{200, 0, 0, 0}, [4]int{first.Created, first.Updated, first.Deactivated, first.Unchanged})
			assert.Equal(t, ";", first.Separator)
			assert.Empty(t, first.Errors)
			before := counts()
			k0, err := st.GetEmployee(ctx, "K0000")
			require.NoError(t, err)
			assert.Equal(t, "D'Angelo, Aiko", k0.Name)
			assert.Equal(t, "Works nights;\nsee HR note, ref #0", k0.Attributes["Notes"])
			assert.Equal(t, "2005-01-01", k0.StartDate)
			assert.Equal(t, "Middle Management", k0.Level)

			second, err := importFixture(t, p, ctx, "hr-export-200-leavers.csv", DirectoryImportOptions{})
			require.NoError(t, err)
			assert.Equal(t, [4]int{0, 5, 10, 185}, [4]int{second.Created, second.Updated, second.Deactivated, second.Unchanged})
			after := counts()
			assert.Equal(t, 200, before["Everyone"])
			assert.Equal(t, 190, after["Everyone"])
			assert.Equal(t, 0, before["NWF"])
			assert.Equal(t, 5, after["NWF"], "a new division in an import is counted without a new binary")
			assert.Equal(t, 5, after["Washington"])
			t.Logf("before: %v", before)
			t.Logf("after:  %v", after)
			page, err := st.ListEmployees(ctx, store.EmployeeFilter{Division: "NWF - Washington"})
			require.NoError(t, err)
			assert.Equal(t, 5, page.Total)
		})
	}
}

// TestDashboardContactsFollowTheDirectory: the contacts card sums the
// audiences' live counts once a directory is loaded.
func TestDashboardContactsFollowTheDirectory(t *testing.T) {
	ctx := actor.With(context.Background(), actor.Terminal)
	st := storetest.Open(t, storetest.SQLiteDSN(t))
	p := New(st)
	for _, a := range []domain.Audience{{Name: "SFB", Divisions: []string{"SFB - California"}, ContactCount: 142}, {Name: "All", ContactCount: 1933}} {
		require.NoError(t, a.Validate())
		require.NoError(t, st.CreateAudience(ctx, &a))
	}
	d, err := p.Dashboard(ctx, time.Now(), nil)
	require.NoError(t, err)
	assert.Equal(t, 142+1933, d.Contacts, "the stored counts without a directory")
	_, err = importFixture(t, p, ctx, "staff.csv", DirectoryImportOptions{})
	require.NoError(t, err)
	d, err = p.Dashboard(ctx, time.Now(), nil)
	require.NoError(t, err)
	assert.Equal(t, 1+3, d.Contacts, "SFB has Ann, All has the three")
}

// TestImportStreamsAllOrNothing: an import larger than a batch whose bad
// row comes after batches were written leaves nothing of them (one
// transaction), deactivates nobody and writes no audit entry; the same
// file with Partial writes every good row; leavers across batches are
// deactivated. On both backends.
func TestImportStreamsAllOrNothing(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			ctx := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := New(st)
			n := 3*importBatch + 7
			file := hrExport(n, 0)
			res, err := p.ImportDirectory(ctx, bytes.NewReader(file), DirectoryImportOptions{})
			require.NoError(t, err)
			require.Equal(t, n, res.Created)

			// A changed file with a bad last row: its updates (three
			// batches' worth) and the leaver are all rolled back.
			changed := hrExport(n-1, 1) // the last employee left
			bad := append(bytes.Clone(changed), []byte("X1,\"Bad, Row\",not-an-email,Corporate,Texas,Service,T,L,Full-time,,1/1/2020,America/Chicago,en-US,CC-1\r\n")...)
			_, err = p.ImportDirectory(ctx, bytes.NewReader(bad), DirectoryImportOptions{})
			var refused *ImportRefusedError
			require.ErrorAs(t, err, &refused)
			assert.Equal(t, (n-1+9)/10, refused.Result.Updated)
			assert.Equal(t, 1, refused.Result.Deactivated)
			page, err := st.ListEmployees(ctx, store.EmployeeFilter{JobTitle: "Senior Technician 1"})
			require.NoError(t, err)
			assert.Zero(t, page.Total, "no batch of a refused import stays")
			status, err := st.DirectoryStatus(ctx)
			require.NoError(t, err)
			assert.Equal(t, n, status.Active, "nobody deactivated")
			audit, err := st.ListAudit(ctx, store.AuditFilter{EntityType: "directory", Limit: 10})
			require.NoError(t, err)
			assert.Len(t, audit, 1, "the first import's entry only")

			res, err = p.ImportDirectory(ctx, bytes.NewReader(bad), DirectoryImportOptions{Partial: true})
			require.NoError(t, err)
			assert.Equal(t, [4]int{0, (n - 1 + 9) / 10, 1, n - 1 - (n-1+9)/10}, [4]int{res.Created, res.Updated, res.Deactivated, res.Unchanged})
			page, err = st.ListEmployees(ctx, store.EmployeeFilter{JobTitle: "Senior Technician 1"})
			require.NoError(t, err)
			assert.Equal(t, (n-1+9)/10, page.Total)
			status, err = st.DirectoryStatus(ctx)
			require.NoError(t, err)
			assert.Equal(t, n-1, status.Active)
		})
	}
}

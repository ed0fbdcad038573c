package cli

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// fillPlan gives a database one of everything a backup holds: the demo
// plan, a saved campaign, a checklist template, the working checklist and
// its history, a blackout, a calendar feed, a newsletter template and a
// comment.
func fillPlan(t *testing.T, dir, db string) {
	t.Helper()
	run := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, append([]string{"--db", db}, args...)...)
		require.Equal(t, 0, code, errOut)
		return out
	}
	run("seed", "--demo")
	run("campaign", "generate", "--file", campaignTestdata(t, "configs", "change-management-organizational.json"), "--save",
		"--title", "Wave 1")
	items := writeFile(t, dir, "items.json", jsonOf(t, awkwardItems()))
	run("checklist", "apply", items, "--version", "0")
	run("checklist", "import", checklistReport(t, dir), "--name", "Baseline")

	ctx := context.Background()
	st := storetest.Open(t, db)
	auds, err := st.ListAudiences(ctx)
	require.NoError(t, err)
	require.NoError(t, st.CreateBlackout(ctx, &domain.Blackout{Name: "Year end", StartDate: "2031-12-20", EndDate: "2032-01-02",
		AudienceIDs: []string{auds[1].ID, auds[0].ID}}))
	require.NoError(t, st.CreateCalendarFeed(ctx, &domain.CalendarFeed{Name: "Team", IncludeCampaignActivities: true},
		strings.Repeat("ab", 32)))
	require.NoError(t, st.CreateNewsletterTemplate(ctx, &domain.NewsletterTemplate{Name: "Monthly", Template: []byte(`{"sections":[]}`)}))
	comms, err := st.ListCommunications(ctx)
	require.NoError(t, err)
	_, err = plan.New(st).AddComment(actor.With(ctx, actor.Terminal), "communication", comms[0].ID, "Line one\nline two", "")
	require.NoError(t, err)
	require.NoError(t, st.Close())
}

// checklistReport writes a checklist HTML report to import.
func checklistReport(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "report.html")
	code, _, errOut := runCLI(t, "checklist", "report", "--file", writeFile(t, dir, "r.json", jsonOf(t, awkwardItems())),
		"--date", "2031-03-07", "--out", out)
	require.Equal(t, 0, code, errOut)
	return out
}

// exports is every export of a plan: the schedule in its three formats,
// each saved campaign in its four and the checklist report.
func exports(t *testing.T, db string) map[string]string {
	t.Helper()
	run := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, append([]string{"--db", db}, args...)...)
		require.Equal(t, 0, code, errOut)
		return out
	}
	out := map[string]string{}
	for _, f := range []string{"ics", "csv", "json"} {
		out["schedule."+f] = run("export", "schedule", "--include-campaigns", "-o", f)
	}
	list := run("campaign", "list", "-o", "csv")
	out["campaigns.csv"] = list
	lines := strings.Split(strings.TrimSpace(list), "\n")[1:]
	require.NotEmpty(t, lines)
	for _, l := range lines {
		id, _, _ := strings.Cut(l, ",")
		for _, f := range []string{"html", "json", "csv", "ics"} {
			out["campaign-"+id+"."+f] = run("campaign", "export", id, "-o", f)
		}
	}
	out["checklist.html"] = run("checklist", "report", "--date", "2031-03-07", "--out", "-")
	out["communications"] = run("communication", "list", "-o", "json")
	return out
}

// TestBackupRestoreRoundTrip moves a plan SQLite → PostgreSQL → SQLite
// with the commands a team runs; every export stays byte-identical and
// the archives' data parts do too.
func TestBackupRestoreRoundTrip(t *testing.T) {
	dir := cleanDir(t)
	orig := storetest.SQLiteDSN(t)
	fillPlan(t, dir, orig)
	want := exports(t, orig)

	code, out, errOut := runCLI(t, "--db", orig, "backup", "--out", dir+"/first/")
	require.Equal(t, 0, code, errOut)
	first := strings.Fields(strings.TrimPrefix(out, "backup written: "))[0]
	code, out, errOut = runCLI(t, "backup", "verify", first)
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, fmt.Sprintf(`^ok: .* \(schema \d+, \d+ rows in %d tables, \d+ bytes, created .*\)\n$`, len(store.BackupTables)), out)

	pg := storetest.PostgresDSN(t)
	code, out, errOut = runCLI(t, "restore", first, "--db", pg, "--keep-feeds")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "restored ")
	assert.Equal(t, want, exports(t, pg), "SQLite → PostgreSQL")

	second := filepath.Join(dir, "second.cpbak")
	code, _, errOut = runCLI(t, "--db", pg, "backup", "--out", second)
	require.Equal(t, 0, code, errOut)
	back := storetest.SQLiteDSN(t)
	code, _, errOut = runCLI(t, "restore", second, "--db", back, "--keep-feeds")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, exports(t, back), "PostgreSQL → SQLite")

	third := filepath.Join(dir, "third.cpbak")
	code, _, errOut = runCLI(t, "--db", back, "backup", "--out", third)
	require.Equal(t, 0, code, errOut)
	for name, part := range partsOf(t, first) {
		assert.NotEmpty(t, part, "the plan has rows in %s", name)
	}
	assert.Contains(t, want["schedule.ics"], "BEGIN:VEVENT")
	// The data parts are identical, but for the audit trail, which gained
	// one backup_restored entry per restore.
	for i, p := range []string{second, third} {
		want, got := partsOf(t, first), partsOf(t, p)
		wantActivity, gotActivity := lines(want["data/activity.jsonl"]), lines(got["data/activity.jsonl"])
		delete(want, "data/activity.jsonl")
		delete(got, "data/activity.jsonl")
		assert.Equal(t, want, got, "the data parts are identical")
		var added []string
		for _, l := range gotActivity {
			if !slices.Contains(wantActivity, l) {
				added = append(added, l)
			}
		}
		assert.Len(t, added, i+1, "one entry per restore")
		for _, l := range added {
			assert.Contains(t, l, `"backup_restored"`)
		}
		assert.Len(t, gotActivity, len(wantActivity)+i+1)
	}

	// A second restore is refused without --replace, with one line; with
	// it the plan is the archive's again.
	code, _, errOut = runCLI(t, "restore", first, "--db", pg)
	assert.Equal(t, 2, code)
	assert.Regexp(t, `^Error: restore: the database is not empty: table themes has \d+ rows \(--replace deletes them\)\n$`, errOut)
	code, _, errOut = runCLI(t, "restore", first, "--db", pg, "--replace", "--keep-feeds")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, exports(t, pg))
}

// lines splits a JSON Lines part.
func lines(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }

// partsOf reads an archive's data parts.
func partsOf(t *testing.T, path string) map[string]string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	out := map[string]string{}
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "data/") {
			r, err := f.Open()
			require.NoError(t, err)
			b, err := io.ReadAll(r)
			require.NoError(t, err)
			out[f.Name] = string(b)
		}
	}
	require.Len(t, out, len(store.BackupTables))
	return out
}

// TestMigrateTo moves a plan to PostgreSQL in one command and back.
func TestMigrateTo(t *testing.T) {
	dir := cleanDir(t)
	orig := storetest.SQLiteDSN(t)
	fillPlan(t, dir, orig)
	want := exports(t, orig)
	pg := storetest.PostgresDSN(t)
	code, out, errOut := runCLI(t, "--db", orig, "migrate-to", pg)
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^communications\s+\d+\s+[0-9a-f]{12}\s+same$`, out)
	assert.Contains(t, out, "row counts and checksums match")
	assert.NotContains(t, out, "DIFFERS")
	assert.Equal(t, want, exports(t, pg))

	code, _, errOut = runCLI(t, "--db", orig, "migrate-to", pg)
	assert.Equal(t, 2, code, "the target is no longer empty")
	assert.Contains(t, errOut, "the database is not empty")

	back := storetest.SQLiteDSN(t)
	code, _, errOut = runCLI(t, "--db", pg, "migrate-to", back)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, exports(t, back))
}

// TestRestoreRefusalsWriteNothing: a damaged archive or a missing file is
// refused in one line with exit code 2, and no database is created.
func TestRestoreRefusalsWriteNothing(t *testing.T) {
	dir := cleanDir(t)
	orig := storetest.SQLiteDSN(t)
	code, _, errOut := runCLI(t, "--db", orig, "seed")
	require.Equal(t, 0, code, errOut)
	path := filepath.Join(dir, "plan.cpbak")
	code, _, errOut = runCLI(t, "--db", orig, "backup", "--out", path)
	require.Equal(t, 0, code, errOut)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	cut := writeFile(t, dir, "cut.cpbak", raw[:len(raw)-100])

	target := filepath.Join(dir, "target.db")
	for _, p := range []string{cut, filepath.Join(dir, "none.cpbak")} {
		code, _, errOut = runCLI(t, "backup", "verify", p)
		assert.Equal(t, 2, code)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
		code, _, errOut = runCLI(t, "restore", p, "--db", target)
		assert.Equal(t, 2, code)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
		assert.NoFileExists(t, target)
	}
	code, _, errOut = runCLI(t, "--db", orig, "backup")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--out is required")
}

// TestRestoreRevokesFeeds: a feed revoked after the backup must not answer
// again after a restore. By default a restore brings the calendar feeds
// back revoked (their tokens find nothing) and says so; --keep-feeds keeps
// them. Each restore is a backup_restored entry of the audit trail with
// the archive's name and size and the feeds revoked.
func TestRestoreRevokesFeeds(t *testing.T) {
	dir := cleanDir(t)
	orig := storetest.SQLiteDSN(t)
	ctx := actor.With(context.Background(), actor.Terminal)
	st := storetest.Open(t, orig)
	feed, token, err := plan.New(st).CreateCalendarFeed(ctx, func(f domain.CalendarFeed) (domain.CalendarFeed, error) {
		f.Name = "Team"
		return f, nil
	})
	require.NoError(t, err)
	require.NoError(t, st.Close())

	code, out, errOut := runCLI(t, "--db", orig, "backup", "--out", dir+"/")
	require.Equal(t, 0, code, errOut)
	archive := strings.Fields(strings.TrimPrefix(out, "backup written: "))[0]
	st = storetest.Open(t, orig)
	made, err := st.ListAudit(ctx, store.AuditFilter{Action: "backup_created", Limit: 10})
	require.NoError(t, err)
	require.Len(t, made, 1, "the command's backup is audited")
	assert.Equal(t, filepath.Base(archive), made[0].EntityID)
	require.NoError(t, st.Close())
	// The feed is revoked after the backup.
	st = storetest.Open(t, orig)
	require.NoError(t, plan.Delete(ctx, plan.New(st), plan.CalendarFeeds, feed.ID))
	require.NoError(t, st.Close())

	fresh := storetest.SQLiteDSN(t)
	code, out, errOut = runCLI(t, "restore", archive, "--db", fresh)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "calendar feeds: 1 revoked")
	st = storetest.Open(t, fresh)
	_, err = st.GetCalendarFeedByTokenHash(ctx, plan.FeedTokenHash(token))
	assert.ErrorIs(t, err, store.ErrNotFound, "the revoked feed's URL does not answer again")
	entries, err := st.ListAudit(ctx, store.AuditFilter{Action: "backup_restored", Limit: 10})
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, actor.Terminal.ID, entries[0].ActorID)
	assert.Equal(t, filepath.Base(archive), entries[0].EntityID)
	assert.Contains(t, string(entries[0].Changes), `"feedsRevoked":{"after":1}`)
	assert.Contains(t, entries[0].Label, filepath.Base(archive)+" (")
	require.NoError(t, st.Close())

	kept := storetest.SQLiteDSN(t)
	code, out, errOut = runCLI(t, "restore", archive, "--db", kept, "--keep-feeds")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "calendar feeds: kept")
	st = storetest.Open(t, kept)
	got, err := st.GetCalendarFeedByTokenHash(ctx, plan.FeedTokenHash(token))
	require.NoError(t, err)
	assert.Equal(t, feed.ID, got.ID)
}

package plan_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/access"
	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/assembly"
	"github.com/commsplan/commsplan/pkg/checklist"
	"github.com/commsplan/commsplan/pkg/compose"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

// TestPruneAudit: audit.keep-days removes the entries older than the cutoff
// and records the pruning itself; 0 keeps every entry; only an admin may.
func TestPruneAudit(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			admin := actor.With(context.Background(), actor.Terminal)
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			for _, name := range []string{"One", "Two"} {
				_, err := plan.Create(acting(), p, plan.Themes, func(th domain.Theme) (domain.Theme, error) {
					th.Name, th.Description = name, "d"
					return th, nil
				})
				require.NoError(t, err)
			}
			_, err := p.PruneAudit(acting(), 1, time.Now())
			var denied *actor.DeniedError
			require.ErrorAs(t, err, &denied, "a planner may not prune")

			n, err := p.PruneAudit(admin, 0, time.Now().AddDate(1, 0, 0))
			require.NoError(t, err)
			assert.Zero(t, n, "0 keeps every entry")
			n, err = p.PruneAudit(admin, 30, time.Now())
			require.NoError(t, err)
			assert.Zero(t, n, "nothing is 30 days old")

			n, err = p.PruneAudit(admin, 30, time.Now().AddDate(0, 0, 31))
			require.NoError(t, err)
			assert.Equal(t, 3, n, "the two themes and the record of the first, empty pruning")
			left, err := p.AuditTrail(admin, store.AuditFilter{Limit: 10})
			require.NoError(t, err)
			require.Len(t, left, 1, "only the record of the pruning")
			assert.Equal(t, store.ActionPruned, left[0].Action)
			assert.Contains(t, string(left[0].Changes), `"entries":{"before":3,"after":0}`)
			assert.Equal(t, "Command line", left[0].ActorName)
		})
	}
}

// TestAuditDiffs: each kind of write that had no diff before (campaign
// writes, deletes, a reorder, a batch, a feed, a checklist template,
// content generation and its save to the library, the people writes: the
// first admin, a new code, a sign-out everywhere, one session ended, a
// removal) makes exactly one entry per record, by the acting person, with
// the fields it changed, and never a personal code or its hash.
func TestAuditDiffs(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			dana, _, err := p.AddPerson(actor.With(context.Background(), actor.Terminal), "Dana Reyes", "", "planner")
			require.NoError(t, err)
			ctx := actor.With(context.Background(), actor.Actor{ID: dana.ID, Name: dana.Name, Role: actor.RolePlanner})
			// by answers the one entry of entity id with action, checking
			// that who made it, and its changes as a map.
			by := func(who actor.Actor, entity, id, action string) map[string]store.Change {
				t.Helper()
				entries, err := st.ListAudit(ctx, store.AuditFilter{EntityType: entity, EntityID: id, Action: action, Limit: 10})
				require.NoError(t, err)
				require.Len(t, entries, 1, "%s %s %s", action, entity, id)
				assert.Equal(t, who.ID, entries[0].ActorID)
				assert.Equal(t, who.Name, entries[0].ActorName)
				var c map[string]store.Change
				require.NoError(t, json.Unmarshal(entries[0].Changes, &c), "%s %s has a diff", action, entity)
				require.NotEmpty(t, c, "%s %s has a diff", action, entity)
				return c
			}
			danaActor, _ := actor.From(ctx)
			// only is by for Dana, who makes the plan's writes.
			only := func(entity, id, action string) map[string]store.Change {
				t.Helper()
				return by(danaActor, entity, id, action)
			}

			raw, _ := schedule(t, "Wave")
			c, err := p.CreateCampaign(ctx, plan.CampaignChange{Title: ptr("Wave 1"), Schedule: &raw})
			require.NoError(t, err)
			assert.Equal(t, "Wave 1", only("campaign", c.ID, "created")["title"].After)
			_, err = p.UpdateCampaign(ctx, c.ID, plan.CampaignChange{Title: ptr("Wave 2")})
			require.NoError(t, err)
			assert.Equal(t, map[string]store.Change{"title": {Before: "Wave 1", After: "Wave 2"}}, only("campaign", c.ID, "updated"))
			require.NoError(t, plan.Delete(ctx, p, plan.Campaigns, c.ID))
			assert.Equal(t, "Wave 2", only("campaign", c.ID, "deleted")["title"].Before)

			th, err := plan.Create(ctx, p, plan.Themes, func(th domain.Theme) (domain.Theme, error) {
				th.Name, th.Description = "Why", "The case"
				return th, nil
			})
			require.NoError(t, err)
			var qs []domain.Question
			for _, text := range []string{"First?", "Second?"} {
				q, err := plan.Create(ctx, p, plan.Questions, func(q domain.Question) (domain.Question, error) {
					q.ThemeID, q.Question = th.ID, text
					return q, nil
				})
				require.NoError(t, err)
				qs = append(qs, q)
			}
			_, err = p.ReorderQuestions(ctx, th.ID, []domain.QuestionOrder{{ID: qs[0].ID, SortOrder: 7}, {ID: qs[1].ID, SortOrder: 6}})
			require.NoError(t, err)
			order := only("question_order", th.ID, "updated")
			assert.Equal(t, map[string]store.Change{qs[0].ID: {Before: float64(qs[0].SortOrder), After: float64(7)},
				qs[1].ID: {Before: float64(qs[1].SortOrder), After: float64(6)}}, order)

			batch, err := p.CreateCommunications(ctx, []domain.Communication{{Title: "One", ThemeID: th.ID}, {Title: "Two"}})
			require.NoError(t, err)
			require.Len(t, batch, 2)
			assert.Equal(t, "One", only("communication", batch[0].ID, "created")["title"].After)
			assert.Equal(t, th.ID, only("communication", batch[0].ID, "created")["themeId"].After)
			assert.Equal(t, "Two", only("communication", batch[1].ID, "created")["title"].After, "each record its own diff")
			require.NoError(t, plan.Delete(ctx, p, plan.Communications, batch[1].ID))
			assert.Equal(t, "Two", only("communication", batch[1].ID, "deleted")["title"].Before)

			require.NoError(t, plan.Delete(ctx, p, plan.Questions, qs[1].ID))
			assert.Equal(t, "Second?", only("question", qs[1].ID, "deleted")["question"].Before)
			require.NoError(t, plan.Delete(ctx, p, plan.Themes, th.ID))
			assert.Equal(t, "Why", only("theme", th.ID, "deleted")["name"].Before)

			f, _, err := p.CreateCalendarFeed(ctx, func(f domain.CalendarFeed) (domain.CalendarFeed, error) {
				f.Name = "Team"
				return f, nil
			})
			require.NoError(t, err)
			assert.Equal(t, "Team", only("calendar_feed", f.ID, "created")["name"].After)
			require.NoError(t, plan.Delete(ctx, p, plan.CalendarFeeds, f.ID))
			assert.Equal(t, "Team", only("calendar_feed", f.ID, "deleted")["name"].Before)

			tpl, err := p.CreateChecklistTemplate(ctx, plan.ChecklistTemplate{Name: "Go-live",
				Items: []checklist.Item{{ID: 1, WeightCode: 1, Weight: 1, Title: "Sponsor named", Description: "Who signs off", MaxScore: 5}}})
			require.NoError(t, err)
			assert.Equal(t, "Go-live", only("checklist_template", tpl.ID, "created")["name"].After)
			require.NoError(t, plan.Delete(ctx, p, plan.ChecklistTemplates, tpl.ID))
			assert.Equal(t, "Go-live", only("checklist_template", tpl.ID, "deleted")["name"].Before)

			// Content generation and its save to the library.
			v, err := plan.Create(ctx, p, plan.Vehicles, func(domain.Vehicle) (domain.Vehicle, error) {
				v, _ := domain.DefaultVehicle("sms")
				return v, nil
			})
			require.NoError(t, err)
			th2, err := plan.Create(ctx, p, plan.Themes, func(th domain.Theme) (domain.Theme, error) {
				th.Name, th.Description = "Go-live", "The date"
				return th, nil
			})
			require.NoError(t, err)
			sms, err := plan.Create(ctx, p, plan.Communications, func(c domain.Communication) (domain.Communication, error) {
				c.Title, c.ThemeID = "Text", th2.ID
				return c, nil
			})
			require.NoError(t, err)
			res, err := p.GenerateContent(ctx, compose.Rules(), sms.ID, assembly.Generation{VehicleID: v.ID})
			require.NoError(t, err)
			gen := only("communication", sms.ID, "updated")
			assert.Equal(t, store.Change{Before: "", After: v.ID}, gen["vehicleId"])
			assert.Equal(t, res.Content, gen["generatedContent"].After)
			draft, piece, err := p.SaveDraftToLibrary(ctx, domain.Communication{Title: "Draft", ThemeID: th2.ID, GeneratedContent: "Hello all"},
				assembly.Save{Title: "Hello piece"})
			require.NoError(t, err)
			assert.Equal(t, "Draft", only("communication", draft.ID, "created")["title"].After)
			saved := only("content", piece.ID, "created")
			assert.Equal(t, "Hello piece", saved["title"].After)
			assert.Equal(t, "Hello all", saved["content"].After)
			assert.Equal(t, map[string]store.Change{"finalContentId": {Before: "", After: piece.ID}}, only("communication", draft.ID, "updated"))

			// The people writes, by an admin.
			admin := actor.Actor{ID: "admin-1", Name: "Ada Admin", Role: actor.RoleAdmin}
			actx := actor.With(context.Background(), admin)
			ed, edCode, err := p.AddPerson(actx, "Ed Evans", "", "planner")
			require.NoError(t, err)
			assert.Equal(t, "Ed Evans", by(admin, "person", ed.ID, "created")["name"].After)
			open := func(id string) {
				now := time.Now()
				require.NoError(t, st.CreatePersonSession(ctx, domain.PersonSession{ID: id, PersonID: ed.ID, CreatedAt: now, LastSeenAt: now,
					ExpiresAt: now.Add(time.Hour), UserAgent: "Firefox " + id}))
			}
			open("ed-1")
			open("ed-2")
			edCtx := actor.With(context.Background(), actor.Actor{ID: ed.ID, Name: ed.Name, Role: actor.RolePlanner})
			require.NoError(t, p.EndSession(edCtx, "ed-1"), "one's own session")
			ended := by(actor.Actor{ID: ed.ID, Name: ed.Name}, "person", ed.ID, store.ActionSessionEnded)
			assert.Equal(t, "ed-1", ended["session"].Before)
			assert.Equal(t, "Firefox ed-1", ended["userAgent"].Before)
			assert.NotEmpty(t, ended["startedAt"].Before)

			newCode, err := p.NewPersonCode(actx, ed.ID)
			require.NoError(t, err)
			code := by(admin, "person", ed.ID, store.ActionCodeIssued)
			assert.Equal(t, map[string]store.Change{"code": {Before: plan.CodeReplaced, After: plan.CodeIssued},
				"activeSessions": {Before: float64(1), After: float64(0)}}, code, "what changed, without the code")
			open("ed-3")
			n, err := p.SignOutPerson(actx, ed.ID)
			require.NoError(t, err)
			assert.Equal(t, 1, n)
			assert.Equal(t, map[string]store.Change{"activeSessions": {Before: float64(1), After: float64(0)}},
				by(admin, "person", ed.ID, store.ActionSignedOut))
			edFeed, _, err := p.CreateCalendarFeed(edCtx, func(f domain.CalendarFeed) (domain.CalendarFeed, error) {
				f.Name = "Ed's feed"
				return f, nil
			})
			require.NoError(t, err)
			require.NoError(t, p.RemovePerson(actx, ed.ID))
			removed := by(admin, "person", ed.ID, "deleted")
			assert.Equal(t, "Ed Evans", removed["name"].Before)
			assert.Equal(t, "planner", removed["role"].Before)
			feedGone := by(admin, "calendar_feed", edFeed.ID, "deleted")
			assert.Equal(t, "Ed's feed", feedGone["name"].Before, "the feed revoked with its owner has its own diff")
			assert.NotContains(t, feedGone, "role")

			// No entry anywhere holds a personal code or its hash.
			all, err := st.ListAudit(ctx, store.AuditFilter{Limit: 1000})
			require.NoError(t, err)
			for _, e := range all {
				for _, secret := range []string{edCode, newCode, access.PersonalCodeHash(edCode), access.PersonalCodeHash(newCode)} {
					assert.NotContains(t, string(e.Changes)+e.Label, secret, "%s %s", e.Action, e.EntityType)
				}
			}
		})
	}
}

// TestEnsureAdminAudit: the first admin's creation names its fields.
func TestEnsureAdminAudit(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			ctx := actor.With(context.Background(), actor.Terminal)
			admin, _, created, err := plan.New(st).EnsureAdmin(ctx)
			require.NoError(t, err)
			require.True(t, created)
			entries, err := st.ListAudit(ctx, store.AuditFilter{EntityType: "person", EntityID: admin.ID, Limit: 10})
			require.NoError(t, err)
			require.Len(t, entries, 1)
			assert.Equal(t, actor.Terminal.ID, entries[0].ActorID)
			assert.JSONEq(t, `{"name": {"after": "Administrator"}, "role": {"after": "admin"}}`, string(entries[0].Changes))
		})
	}
}

// TestChecklistItemHistory: a checklist save records, in its transaction,
// one checklist_item entry per item it changed (only the changed fields),
// added or removed, by the acting person; a move records none, and a save
// refused for its stale version records nothing. An item's History reads
// them.
func TestChecklistItemHistory(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			st := storetest.Open(t, b.DSN(t))
			p := plan.New(st)
			dana, _, err := p.AddPerson(actor.With(context.Background(), actor.Terminal), "Dana Reyes", "", "planner")
			require.NoError(t, err)
			ctx := actor.With(context.Background(), actor.Actor{ID: dana.ID, Name: dana.Name, Role: actor.RolePlanner})
			history := func(id int) []domain.Activity {
				t.Helper()
				entries, err := p.History(ctx, plan.ChecklistItemEntity, strconv.Itoa(id))
				require.NoError(t, err)
				return entries
			}
			diff := func(e domain.Activity) map[string]store.Change {
				t.Helper()
				var c map[string]store.Change
				require.NoError(t, json.Unmarshal(e.Changes, &c))
				return c
			}

			fresh, err := p.WorkingChecklist(ctx)
			require.NoError(t, err)
			items := fresh.Items
			require.Greater(t, len(items), 4)
			changedID, movedA, movedB, removed := items[0].ID, items[1].ID, items[2].ID, items[len(items)-1]
			scoreBefore := float64(items[0].ActualScore)
			require.NotEqual(t, 3, items[0].ActualScore)
			items[0].ActualScore, items[0].Notes = 3, "Sponsor agreed"
			items[1], items[2] = items[2], items[1]
			added := items[3]
			added.ID, added.Title = 999, "Hypercare rota"
			items = append(items[:len(items)-1], added)
			_, err = p.SaveChecklist(ctx, plan.ChecklistSave{Items: items, Version: version(0)})
			require.NoError(t, err)

			got := history(changedID)
			require.Len(t, got, 1)
			assert.Equal(t, domain.ActionUpdated, got[0].Action)
			assert.Equal(t, "Dana Reyes", got[0].ActorName)
			assert.Equal(t, items[0].Title, got[0].Label)
			assert.Equal(t, map[string]store.Change{"actualScore": {Before: scoreBefore, After: float64(3)},
				"notes": {Before: "", After: "Sponsor agreed"}}, diff(got[0]), "only the fields that changed")

			assert.Empty(t, history(movedA), "a move changes no item")
			assert.Empty(t, history(movedB))

			got = history(added.ID)
			require.Len(t, got, 1)
			assert.Equal(t, domain.ActionCreated, got[0].Action)
			assert.Equal(t, "Hypercare rota", diff(got[0])["title"].After)

			got = history(removed.ID)
			require.Len(t, got, 1)
			assert.Equal(t, domain.ActionDeleted, got[0].Action)
			assert.Equal(t, removed.Title, diff(got[0])["title"].Before)

			all, err := st.ListAudit(ctx, store.AuditFilter{EntityType: plan.ChecklistItemEntity, Limit: 100})
			require.NoError(t, err)
			require.Len(t, all, 3, "one entry per changed, added and removed item")
			checklistEntries, err := st.ListAudit(ctx, store.AuditFilter{EntityType: "checklist", Limit: 100})
			require.NoError(t, err)
			assert.Len(t, checklistEntries, 1, "and the checklist's own entry, as before")

			items[0].ActualScore = 4
			_, err = p.SaveChecklist(ctx, plan.ChecklistSave{Items: items, Version: version(0)})
			require.ErrorIs(t, err, store.ErrConflict)
			assert.Len(t, history(changedID), 1, "a refused save leaves no entry")

			activity, err := st.ListActivity(ctx, 50)
			require.NoError(t, err)
			for _, e := range activity {
				assert.NotEqual(t, plan.ChecklistItemEntity, e.EntityType, "item entries are the audit trail's, like the checklist's")
			}
		})
	}
}

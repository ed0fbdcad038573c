// End-to-end scenarios of the Schedule screen's planning tools:
// import from a saved campaign, overload and blackout warnings,
// calendar feeds. Real Chromium against the real binary on a temporary
// SQLite database. Run with `npm run e2e`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request as playwrightRequest } from 'playwright-core';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, expectToast, signIn, watchedPage } from './helpers.mjs';

let server;
let browser;
let context;
let page;
/** confirms collects the text of every confirm prompt; all are accepted. */
const confirms = [];
/** external collects requests to other hosts (there must be none). */
const external = [];
/** pageErrors collects uncaught exceptions in the page. */
const pageErrors = [];

/** ymd is a local date as YYYY-MM-DD. */
function ymd(d) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** isoWeek names the ISO 8601 week of a YYYY-MM-DD date, e.g. "2031-W10". */
function isoWeek(date) {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day); // the Thursday of the week decides its year
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((t - yearStart) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** monthLabel is react-big-calendar's month heading, e.g. "March 2031". */
function monthLabel(date) {
  const [y, m] = date.split('-').map(Number);
  return new Date(y, m - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

// The campaign runs over the next month, so its activities are in the future
// and one "next" click away on the calendar.
const now = new Date();
const campaignStart = ymd(new Date(now.getFullYear(), now.getMonth() + 1, 1));
const campaignEnd = ymd(new Date(now.getFullYear(), now.getMonth() + 1, 28));
// The overload week is a Monday to Thursday three months out, far from the
// imported activities (which, having no audience, count against every audience).
const overloadMonday = (() => {
  const d = new Date(now.getFullYear(), now.getMonth() + 4, 1);
  while (d.getDay() !== 1) d.setDate(d.getDate() + 1);
  return d;
})();
const overloadDays = [0, 1, 2, 3].map((i) => ymd(new Date(overloadMonday.getFullYear(), overloadMonday.getMonth(), overloadMonday.getDate() + i)));

/** state shared by the scenarios, which run in order. */
const seeded = { theme: null, campaign: null, activities: [], picked: [], audience: null, overloadIds: [] };

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Nothing may be fetched from another host.
  ({ context, page } = await watchedPage(browser, server, { external, pageErrors, confirms }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });

  await signIn(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** everyoneForAll answers the import's mapping step: every audience name is everyone. */
async function everyoneForAll(dialog) {
  await dialog.getByRole('heading', { name: 'Map audiences' }).waitFor();
  const boxes = dialog.getByRole('checkbox', { name: 'Everyone (all audiences)' });
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
}

async function openSchedule() {
  await page.goto('/schedule');
  await expectHeader(page, 'Schedule', 'Plan and schedule your communications timeline');
}

describe('Schedule planning tools', () => {
  test('an import the server refuses shows the failure toast and creates nothing', async () => {
    const generated = await api(page, 'POST', '/api/campaigns/generate', {
      campaignName: 'Finance Cut-over',
      startDate: campaignStart,
      endDate: campaignEnd,
      campaignTypes: ['change-management'],
    });
    seeded.campaign = await api(page, 'POST', '/api/campaigns', {
      title: 'Finance Cut-over',
      description: 'Saved from the scheduler',
      schedule: generated.schedule,
      htmlContent: generated.htmlContent,
    });
    seeded.activities = generated.schedule.phases.flatMap((p) => p.activities);
    assert.ok(seeded.activities.length >= 3, 'the campaign has activities to choose from');

    await openSchedule();
    await page.getByRole('button', { name: 'Import from Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Campaign Activities' });

    // No theme yet: nothing can be imported.
    // An activity's box: while the campaign's activities load, the only
    // checkbox in the dialog is "ask for a review".
    await dialog.getByRole('list', { name: 'Campaign activities' }).getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Next: audiences and themes (1)' }).click();
    await expectToast(page, 'No themes available. Please create a theme first.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The dialog uses the first theme it loaded; deleting that theme behind
    // its back makes the server refuse the whole batch (a real failure).
    const doomed = await api(page, 'POST', '/api/themes', { name: 'Doomed', description: 'Deleted mid-import', icon: 'fa-rocket', color: 'blue' });
    await openSchedule();
    await page.getByRole('button', { name: 'Import from Campaign' }).click();
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('button', { name: `Next: audiences and themes (${seeded.activities.length})` }).click();
    await everyoneForAll(dialog);
    await dialog.getByRole('button', { name: 'Next: summary' }).click();
    await dialog.getByTestId('import-sentence').waitFor();
    await api(page, 'DELETE', `/api/themes/${doomed.id}`);
    await dialog.getByRole('button', { name: `Add to Schedule (${seeded.activities.length})` }).click();
    await expectToast(page, 'Failed to add communications');
    await page.getByText('There was an error adding campaign activities to the schedule.', { exact: true }).waitFor();
    assert.equal(await dialog.isVisible(), true, 'the dialog stays open after a failure');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(await api(page, 'GET', '/api/communications'), [], 'all or nothing');
  });

  test('the import dialog needs a selection, then adds two campaign activities to the calendar', async () => {
    seeded.theme = await api(page, 'POST', '/api/themes', { name: 'ERP Go-Live', description: 'Cut-over', icon: 'fa-rocket', color: 'blue' });
    const activities = seeded.activities;
    seeded.picked = [activities[0], activities[1]];

    // A fresh load, so the dialog sees the new theme.
    await openSchedule();
    await page.getByRole('button', { name: 'Import from Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Campaign Activities' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /Finance Cut-over/ }).waitFor();
    await dialog.getByRole('checkbox', { name: new RegExp(seeded.picked[0].title) }).first().waitFor();
    await checkA11y(page, 'the Select Campaign Activities dialog');

    // Nothing chosen yet.
    await dialog.getByRole('button', { name: 'Next: audiences and themes (0)' }).click();
    await expectToast(page, 'Selection required');
    await page.getByText('Please select activities to add to the schedule', { exact: true }).waitFor();

    // Select All then Deselect All act on the whole list.
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('button', { name: `Next: audiences and themes (${activities.length})` }).waitFor();
    await dialog.getByRole('button', { name: 'Deselect All' }).click();
    await dialog.getByRole('button', { name: 'Next: audiences and themes (0)' }).waitFor();

    // The search narrows the list; picks survive a change of search.
    const search = dialog.getByRole('searchbox', { name: 'Search activities' });
    for (const a of seeded.picked) {
      await search.fill(a.title);
      await dialog.getByRole('checkbox', { name: new RegExp(`^${a.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().check();
    }
    await search.fill('no activity is called this');
    await dialog.getByText('No activities match your search.').waitFor();
    await dialog.getByRole('button', { name: 'Next: audiences and themes (2)' }).click();
    // No stored audience has the activities' names yet: the dialog asks, and
    // "Everyone" is an explicit choice.
    await everyoneForAll(dialog);
    await dialog.getByRole('button', { name: 'Next: summary' }).click();
    await dialog.getByRole('button', { name: 'Add to Schedule (2)' }).click();
    await expectToast(page, 'Activities added');
    await page.getByText('Successfully added 2 communications to schedule', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Stored as scheduled, on the activities' dates, with the first theme and their source.
    const comms = await api(page, 'GET', '/api/communications');
    const imported = comms.filter((c) => c.sourceCampaignId === seeded.campaign.id);
    assert.equal(imported.length, 2);
    for (const a of seeded.picked) {
      const c = imported.find((x) => x.sourceActivityId === a.id);
      assert.ok(c, `activity ${a.id} imported`);
      assert.equal(c.title, a.title);
      assert.equal(c.status, 'scheduled');
      assert.equal(c.scheduledDate, a.date);
      assert.equal(c.themeId, seeded.theme.id);
      assert.equal(c.rawContent, a.description);
    }

    // On the calendar, in their month.
    const calendar = page.getByRole('region', { name: 'Communication Calendar' });
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByText(monthLabel(seeded.picked[0].date), { exact: true }).waitFor();
    for (const a of seeded.picked) {
      const event = calendar.getByTestId('calendar-event').filter({ hasText: a.title });
      await event.first().waitFor();
      // The event sits in its day's column of its week's row.
      const placed = await event.first().evaluate((el, date) => {
        const row = el.closest('.rbc-month-row');
        const cell = row?.querySelector(`[data-date="${date}"]`)?.closest('.rbc-date-cell');
        if (!cell) return false;
        const e = el.getBoundingClientRect();
        const c = cell.getBoundingClientRect();
        const mid = e.left + e.width / 2;
        return mid >= c.left && mid <= c.right;
      }, a.date);
      assert.ok(placed, `${a.title} is shown on ${a.date}`);
    }
  });

  test('an overloaded week shows in the warnings panel and in the form', async () => {
    seeded.audience = await api(page, 'POST', '/api/audiences', { name: 'Field Technicians', description: '', contactCount: 120 });
    for (const [i, day] of overloadDays.entries()) {
      const c = await api(page, 'POST', '/api/communications', {
        title: `Cut-over notice ${i + 1}`,
        themeId: seeded.theme.id,
        audienceId: seeded.audience.id,
        status: 'scheduled',
        scheduledDate: day,
      });
      seeded.overloadIds.push(c.id);
    }
    // Warnings speak dates: the week of its Monday (overloadDays[0]), as "3 Feb 2031".
    const [y, m, d] = overloadDays[0].split('-').map(Number);
    const monday = `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
    const text = `Field Technicians gets 4 communications in the week of ${monday} (limit 3)`;
    assert.ok(isoWeek(overloadDays[0]).includes('-W'));

    await openSchedule();
    // Folded to a count badge until opened, and open from then on.
    const badge = page.getByTestId('warnings-panel').getByTestId('warnings-badge');
    await badge.waitFor();
    assert.equal(await badge.textContent(), '1');
    await page.getByTestId('warnings-panel').getByRole('button', { name: /Scheduling Warnings/ }).click();
    const panel = page.getByTestId('warnings-panel');
    const warning = panel.getByTestId('schedule-warning').filter({ hasText: text });
    await warning.waitFor();
    for (let i = 1; i <= 4; i++) await warning.getByRole('button', { name: new RegExp(`^Cut-over notice ${i} \\(`) }).waitFor();
    await checkA11y(page, 'the Schedule screen with warnings');

    // A communication named by the warning opens in the form, which shows the warning before saving.
    await warning.getByRole('button', { name: /^Cut-over notice 2 \(/ }).click();
    const form = page.getByRole('dialog', { name: 'Edit Communication' });
    await form.waitFor();
    const notice = form.getByTestId('form-warnings');
    await eventually(async () => assert.match(await notice.textContent(), new RegExp(text.replace(/[()]/g, '\\$&'))));
    assert.equal(await notice.getAttribute('role'), 'status');
    // The notice never blocks the save.
    await form.getByRole('button', { name: 'Update Communication' }).click();
    await expectToast(page, 'Communication updated successfully!');
    await form.waitFor({ state: 'hidden' });
  });

  test('the warnings panel counts by kind, folds away and stays folded after a reload', async () => {
    await openSchedule();
    const panel = page.getByTestId('warnings-panel');
    await eventually(async () => assert.match(await panel.getByTestId('warnings-counts').textContent(), /^1 scheduling conflict: 1 audience overload\./));
    const toggle = panel.getByRole('button', { name: 'Scheduling Warnings' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await panel.getByTestId('schedule-warning').count(), 0);
    await page.reload();
    await eventually(async () => assert.equal(await page.getByTestId('warnings-panel').getByRole('button', { name: 'Scheduling Warnings' }).getAttribute('aria-expanded'), 'false'));
    await page.getByTestId('warnings-panel').getByRole('button', { name: 'Scheduling Warnings' }).click();
    await page.getByTestId('warnings-panel').getByTestId('schedule-warning').first().waitFor();
  });

  test('a blackout period is created, edited and deleted, and its warning comes and goes', async () => {
    await openSchedule();
    await page.getByRole('button', { name: 'Blackout Periods' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blackout Periods' });
    await dialog.getByText('No blackout periods').waitFor();
    await checkA11y(page, 'the Blackout Periods dialog (empty)');

    await dialog.getByRole('button', { name: 'Add Blackout Period' }).click();
    // An empty form is refused with the field messages.
    await dialog.getByRole('button', { name: 'Create Blackout Period' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Quarter-end freeze');
    await dialog.getByLabel('Start Date').fill(overloadDays[1]);
    await dialog.getByLabel('End Date').fill(overloadDays[0]);
    await dialog.getByRole('button', { name: 'Create Blackout Period' }).click();
    await dialog.getByText('End date cannot be before the start date').waitFor();
    await dialog.getByLabel('End Date').fill(overloadDays[1]);
    await dialog.getByText('Applies to: Everyone').waitFor();
    await checkA11y(page, 'the blackout form');
    await dialog.getByRole('button', { name: 'Create Blackout Period' }).click();
    await expectToast(page, 'Blackout period created successfully!');
    const row = dialog.getByTestId('blackout-row').filter({ hasText: 'Quarter-end freeze' });
    await row.getByText('Audiences: Everyone').waitFor();
    const stored = (await api(page, 'GET', '/api/blackouts')).find((b) => b.name === 'Quarter-end freeze');
    assert.deepEqual([stored.startDate, stored.endDate, stored.audienceIds], [overloadDays[1], overloadDays[1], []]);
    await checkA11y(page, 'the Blackout Periods dialog (with a period)');

    // Edit: limit it to Field Technicians and widen it by a day.
    await row.getByRole('button', { name: 'Edit Quarter-end freeze' }).click();
    await dialog.getByLabel('End Date').fill(overloadDays[2]);
    await dialog.getByLabel('Field Technicians').check();
    await dialog.getByRole('button', { name: 'Update Blackout Period' }).click();
    await expectToast(page, 'Blackout period updated successfully!');
    await row.getByText('Audiences: Field Technicians').waitFor();

    // Escape closes the dialog even with a toast showing, and focus returns to its button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Blackout Periods'));
    const warning = page.getByTestId('schedule-warning').filter({ hasText: '2 communications are scheduled during the blackout “Quarter-end freeze”' });
    await warning.waitFor();
    await warning.getByRole('button', { name: /^Cut-over notice 2 \(/ }).waitFor();
    await warning.getByRole('button', { name: /^Cut-over notice 3 \(/ }).waitFor();

    // Delete after the confirm prompt: the warning goes.
    await page.getByRole('button', { name: 'Blackout Periods' }).click();
    await dialog.getByRole('button', { name: 'Delete Quarter-end freeze' }).click();
    assert.equal(confirms.at(-1), 'Are you sure you want to delete this blackout period?');
    await expectToast(page, 'Blackout period deleted successfully');
    await dialog.getByText('No blackout periods').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await warning.waitFor({ state: 'detached' });
  });

  test('a calendar feed is created, its URL copied and fetched without a session, then revoked', async () => {
    await openSchedule();
    await page.getByRole('button', { name: 'Calendar Feeds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar Feeds' });
    await dialog.getByText('No calendar feeds yet.').waitFor();
    await checkA11y(page, 'the Calendar Feeds dialog (empty)');

    await dialog.getByRole('button', { name: 'Create Feed' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Feed Name').fill('Comms team Outlook');
    await dialog.getByLabel('Include campaign activities').check();
    await dialog.getByRole('button', { name: 'Create Feed' }).click();
    await expectToast(page, 'Calendar feed created successfully!');

    const urlBox = dialog.getByRole('textbox', { name: 'Subscription URL' });
    const url = await urlBox.inputValue();
    assert.match(url, new RegExp(`^${server.base.replace(/[.]/g, '\\.')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    await dialog.getByText('Copy this URL now: it will not be shown again.', { exact: false }).waitFor();
    await dialog.getByTestId('feed-row').filter({ hasText: 'Comms team Outlook' }).getByText('Includes campaign activities').waitFor();
    await checkA11y(page, 'the Calendar Feeds dialog with a new URL');

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Feed URL copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);

    // A calendar app has no session cookie: the token alone must do.
    const anonymous = await playwrightRequest.newContext();
    try {
      const res = await anonymous.get(url);
      assert.equal(res.status(), 200);
      assert.match(res.headers()['content-type'], /^text\/calendar/);
      const body = await res.text();
      assert.match(body, /^BEGIN:VCALENDAR\r\n/);
      for (const a of seeded.picked) assert.ok(body.includes(`SUMMARY:${a.title}`), `feed has ${a.title}`);
      assert.ok(body.includes('Cut-over notice 1'), 'feed has the seeded communications');

      // The URL is shown once: reopening the dialog does not show it.
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Calendar Feeds' }).click();
      await dialog.getByTestId('feed-row').first().waitFor();
      assert.equal(await dialog.getByRole('textbox', { name: 'Subscription URL' }).count(), 0);

      await dialog.getByRole('button', { name: 'Revoke Comms team Outlook' }).click();
      assert.match(confirms.at(-1), /^Revoke this calendar feed\?/);
      await expectToast(page, 'Calendar feed revoked');
      await dialog.getByText('No calendar feeds yet.').waitFor();
      assert.equal((await anonymous.get(url)).status(), 404);
    } finally {
      await anonymous.dispose();
    }
  });

  test('no page errors and no requests to other hosts', () => {
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(external, []);
  });
});

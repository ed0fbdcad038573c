// End-to-end scenarios of the Campaign Inventory: the list and
// its empty state, editing a saved campaign (stored at once, re-rendered by
// the server), the sandboxed preview, the downloads, Add to Schedule and
// delete. Real Chromium against the real binary on a temporary SQLite
// database; campaigns are seeded through the API. Run with `npm run e2e`.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, expectToast, signIn, watchedPage } from './helpers.mjs';

let server;
let browser;
let page;
/** confirms collects the text of every confirm prompt; all are accepted. */
const confirms = [];
/** external collects requests to other hosts (there must be none). */
const external = [];
/** pageErrors collects uncaught exceptions in the page. */
const pageErrors = [];

/** seeded holds the campaigns the scenarios share; they run in order. */
const seeded = { finance: null, plant: null };

/** shortDate is the UI's en-US short date of an instant, in this machine's zone (the browser's too). */
function shortDate(instant) {
  return new Date(instant).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors, confirms }, { acceptDownloads: true }));
  await signIn(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function openInventory() {
  await page.goto('/campaign-inventory');
  await expectHeader(page, 'Campaign Inventory', 'Manage and review generated campaign schedules');
}

/** row is the inventory row of a campaign title. */
function row(title) {
  return page.getByTestId('campaign-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** save generates a configuration and saves it as the scheduler's form does. */
async function save(cfg, title, description, geographicFilters = []) {
  const g = await api(page, 'POST', '/api/campaigns/generate', cfg);
  const count = g.schedule.targeting?.targetCount;
  return api(page, 'POST', '/api/campaigns', {
    title,
    description,
    schedule: g.schedule,
    htmlContent: g.htmlContent,
    audienceFilters: { types: cfg.campaignTypes, targetCount: count > 0 ? count : null },
    geographicFilters,
  });
}

/** downloadFrom clicks a control and returns the download's file name and text. */
async function downloadFrom(control) {
  const [download] = await Promise.all([page.waitForEvent('download'), control.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe('Campaign Inventory', () => {
  test('an empty inventory says so', async () => {
    await openInventory();
    await page.getByText('No campaigns saved yet', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('campaign-row').count(), 0);
    await checkA11y(page, 'the empty Campaign Inventory');
  });

  test('each saved campaign is a row with its texts and counts', async () => {
    seeded.finance = await save(
      { campaignName: 'Finance Cut-over', startDate: '2031-03-01', endDate: '2031-04-15', campaignTypes: ['change-management'] },
      'Finance Cut-over',
      '',
    );
    seeded.plant = await save(
      {
        campaignName: 'Plant Rollout',
        startDate: '2031-05-01',
        endDate: '2031-07-15',
        campaignTypes: ['change-management'],
        audienceMode: 'organizational',
        locations: ['california', 'florida'],
        divisions: ['sfb', 'laf'],
      },
      'Plant Rollout',
      'West and south coast plants',
      ['california', 'florida'],
    );
    const people = seeded.plant.audienceFilters.targetCount;
    assert.ok(people > 0, 'organisational targeting gives a head count');

    await openInventory();
    const finance = row('Finance Cut-over');
    await finance.waitFor();
    assert.equal(await page.getByTestId('campaign-row').count(), 2);
    await finance.getByText('No description provided', { exact: true }).waitFor();
    assert.equal(await finance.getByTestId('campaign-created').textContent(), shortDate(seeded.finance.createdAt));
    assert.equal(await finance.getByTestId('campaign-people').textContent(), 'Unknown');
    assert.equal(await finance.getByTestId('campaign-locations').textContent(), '0 locations');
    assert.equal(await finance.getByTestId('campaign-activities').textContent(), `${seeded.finance.schedule.totalActivities} activities`);

    const plant = row('Plant Rollout');
    await plant.getByText('West and south coast plants', { exact: true }).waitFor();
    assert.equal(await plant.getByTestId('campaign-people').textContent(), `${people.toLocaleString('en-US')} people`);
    assert.equal(await plant.getByTestId('campaign-locations').textContent(), '2 locations');
    await checkA11y(page, 'the Campaign Inventory with campaigns');
  });

  test('editing stores each change at once and it survives a reload', async () => {
    const total = seeded.finance.schedule.totalActivities;
    const doomed = seeded.finance.schedule.phases[1].activities[0];
    await openInventory();
    await row('Finance Cut-over').getByRole('button', { name: 'Edit Finance Cut-over' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Campaign: Finance Cut-over' });
    await editor.waitFor();
    const totalText = editor.getByTestId('editor-total');
    assert.match(await totalText.textContent(), new RegExp(`: ${total} activities across 4 phases`));
    await checkA11y(page, 'the schedule editor');

    // Add: every required field has its message, then the total goes up.
    await editor.getByRole('button', { name: 'Add Activity to Preparation' }).click();
    const form = page.getByRole('dialog', { name: 'Add Activity' });
    await form.getByRole('button', { name: 'Add Activity' }).click();
    for (const msg of ['Title is required', 'Type is required', 'Timing is required', 'Date is required', 'Audience is required', 'Channel is required', 'Description is required']) {
      await form.getByText(msg, { exact: true }).waitFor();
    }
    assert.equal(await form.getByLabel('Priority').textContent(), 'Medium');
    assert.equal(await form.getByLabel('Status').textContent(), 'Planned');
    await checkA11y(page, 'the activity form with its messages');
    await form.getByLabel('Title').fill('Town Hall Q&A');
    await form.getByLabel('Type').fill('Event');
    await form.getByLabel('Timing').fill('Day 3');
    await form.getByLabel('Date').fill('2031-03-03');
    await form.getByLabel('Audience').fill('All employees');
    await form.getByLabel('Channel').fill('town-hall');
    await form.getByLabel('Description').fill('Open questions with the finance leads');
    await form.getByLabel('Priority').click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await form.getByRole('button', { name: 'Add Activity' }).click();
    await expectToast(page, 'Campaign updated');
    await form.waitFor({ state: 'hidden' });
    await eventually(async () => assert.match(await totalText.textContent(), new RegExp(`: ${total + 1} activities`)));
    await editor.getByTestId('editor-phase-phase-1').getByText('Town Hall Q&A', { exact: true }).waitFor();

    // Delete: after the confirm, the total goes down.
    await editor.getByRole('button', { name: `Delete ${doomed.title}`, exact: true }).click();
    assert.equal(confirms.at(-1), `Are you sure you want to delete the activity "${doomed.title}"?`);
    await eventually(async () => assert.match(await totalText.textContent(), new RegExp(`: ${total} activities`)));
    assert.equal(await editor.getByRole('button', { name: `Delete ${doomed.title}`, exact: true }).count(), 0);

    // Stored, with HTML the server rendered from the edited schedule.
    const stored = await api(page, 'GET', `/api/campaigns/${seeded.finance.id}`);
    assert.equal(stored.schedule.totalActivities, total);
    assert.equal(stored.schedule.activities.length, total);
    assert.ok(stored.schedule.activities.some((a) => a.title === 'Town Hall Q&A' && a.priority === 'high' && a.phase === 'Preparation'));
    assert.ok(!stored.schedule.activities.some((a) => a.id === doomed.id));
    assert.ok(stored.htmlContent.includes('Town Hall Q&amp;A'), 'the HTML was re-rendered');
    assert.ok(!stored.htmlContent.includes(`>${doomed.title}<`), 'the deleted activity left the HTML');

    // And after a reload.
    await page.reload();
    await row('Finance Cut-over').getByRole('button', { name: 'Edit Finance Cut-over' }).click();
    await editor.getByTestId('editor-phase-phase-1').getByText('Town Hall Q&A', { exact: true }).waitFor();
    assert.match(await totalText.textContent(), new RegExp(`: ${total} activities`));
    assert.equal(await editor.getByRole('button', { name: `Delete ${doomed.title}`, exact: true }).count(), 0);
    await editor.getByRole('button', { name: 'Close' }).first().click();
    await editor.waitFor({ state: 'hidden' });
  });

  test('preview shows the HTML in a frame without scripts, and downloads it', async () => {
    await openInventory();
    await row('Finance Cut-over').getByRole('button', { name: 'Preview Finance Cut-over' }).click();
    const preview = page.getByRole('dialog', { name: 'Finance Cut-over' });
    const frame = preview.locator('iframe');
    await frame.waitFor();
    const sandbox = await frame.getAttribute('sandbox');
    assert.equal(sandbox, '', 'a fully sandboxed frame');
    assert.ok(!sandbox.includes('allow-scripts'));
    await preview.frameLocator('iframe').getByText('Town Hall Q&A').first().waitFor();
    await checkA11y(page, 'the preview dialog');
    const file = await downloadFrom(preview.getByRole('button', { name: 'Download' }));
    assert.equal(file.name, 'finance_cut_over_campaign.html');
    assert.ok(file.text.includes('Town Hall Q&amp;A'));
    await preview.getByRole('button', { name: 'Close' }).first().click();
    await preview.waitFor({ state: 'hidden' });
  });

  test('the row downloads the HTML, the calendar and the spreadsheet', async () => {
    await openInventory();
    const r = row('Finance Cut-over');
    const html = await downloadFrom(r.getByRole('button', { name: 'Download Finance Cut-over' }));
    assert.equal(html.name, 'finance_cut_over_campaign.html');
    assert.match(html.text, /^<!DOCTYPE html>/i);

    const ics = await downloadFrom(r.getByRole('button', { name: 'Download ICS Finance Cut-over' }));
    assert.equal(ics.name, 'finance_cut_over_campaign_schedule.ics');
    assert.match(ics.text, /^BEGIN:VCALENDAR/);
    assert.equal(ics.text.match(/BEGIN:VEVENT/g).length, seeded.finance.schedule.totalActivities);
    assert.ok(ics.text.includes('SUMMARY:Town Hall Q&A'));

    const csv = await downloadFrom(r.getByRole('button', { name: 'Download CSV Finance Cut-over' }));
    assert.equal(csv.name, 'finance_cut_over_campaign_schedule.csv');
    const lines = csv.text.trim().split('\r\n');
    assert.match(lines[0], /^ID,Date,Phase,Title,/);
    assert.equal(lines.length, seeded.finance.schedule.totalActivities + 1);
  });

  test('Add to Schedule opens the import dialog on that campaign', async () => {
    await openInventory();
    // Choose the row that is not first in the list, so the preselection is visible.
    await page.getByTestId('campaign-row').nth(1).waitFor();
    const titles = await page.getByTestId('campaign-row').getByRole('heading').allTextContents();
    const target = titles[1];
    await row(target).getByRole('button', { name: `Add to Schedule ${target}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Campaign Activities' });
    await dialog.waitFor();
    await eventually(async () => {
      const pressed = dialog.getByRole('button', { pressed: true });
      assert.equal(await pressed.count(), 1);
      assert.match(await pressed.textContent(), new RegExp(`^${target}`));
    });
    await checkA11y(page, 'the import dialog from the inventory');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('a change the server refuses says so', async () => {
    await openInventory();
    await row('Plant Rollout').getByRole('button', { name: 'Edit Plant Rollout' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Campaign: Plant Rollout' });
    const first = seeded.plant.schedule.phases[0].activities[0];
    // Deleted behind the screen's back: the update gets a 404.
    await api(page, 'DELETE', `/api/campaigns/${seeded.plant.id}`);
    await editor.getByRole('button', { name: `Delete ${first.title}`, exact: true }).click();
    await expectToast(page, 'Failed to update campaign');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
  });

  test('delete asks first, then removes the row', async () => {
    await openInventory();
    await row('Finance Cut-over').getByRole('button', { name: 'Delete Finance Cut-over' }).click();
    assert.equal(confirms.at(-1), 'Are you sure you want to delete the campaign "Finance Cut-over"? This cannot be undone.');
    await expectToast(page, 'Campaign deleted');
    await page.getByText('No campaigns saved yet', { exact: true }).waitFor();
    assert.deepEqual(await api(page, 'GET', '/api/campaigns'), []);
  });

  test('nothing came from another host and the page raised no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

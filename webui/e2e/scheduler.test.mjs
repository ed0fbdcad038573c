// End-to-end scenarios of the Campaign Scheduler, in a real
// headless Chromium against the real binary with a temporary SQLite database.
// Run with `COMMSPLAN_BIN=$PWD/../bin/commsplan node --test e2e/scheduler.test.mjs`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { binaryPath, launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, expectToast, signIn, watchedPage } from './helpers.mjs';

let server;
let browser;
let page;
const confirms = [];
const external = [];
const pageErrors = [];
const tmp = mkdtempSync(join(tmpdir(), 'commsplan-scheduler-e2e-'));

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Nothing may be fetched from another host (the map's atlas is bundled).
  ({ page } = await watchedPage(browser, server, { external, pageErrors, confirms }, { acceptDownloads: true }));
  await signIn(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** openScheduler loads the screen afresh, so the form starts empty. */
async function openScheduler() {
  await page.goto('/campaign-scheduler');
  await expectHeader(page, 'Campaign Scheduler', 'Strategic campaign planning for organizational transformation');
  await page.getByLabel('Campaign Name *').waitFor();
}

async function fillBasics(name, start, end, types) {
  await page.getByLabel('Campaign Name *').fill(name);
  await page.getByLabel('Start Date *').fill(start);
  await page.getByLabel('End Date *').fill(end);
  for (const t of types) await page.getByLabel(t, { exact: true }).check();
}

const generateButton = () => page.getByRole('button', { name: 'Generate Schedule' });
const total = async () => Number(await page.getByTestId('total-activities').textContent());
const target = () => page.getByTestId('employee-target');

/** inventoryRow is the Campaign Inventory row of a title. */
function inventoryRow(title) {
  return page.getByTestId('campaign-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** toastText waits for the open toast with this title and returns its whole text. */
async function toastText(title) {
  await expectToast(page, title);
  return page.locator('li[data-state="open"]', { has: page.getByText(title, { exact: true }) }).first().textContent();
}

describe('Campaign Scheduler', () => {
  test('prompts before generation and passes axe', async () => {
    await openScheduler();
    await page.getByRole('heading', { name: 'Configure Your Campaign' }).waitFor();
    // Urgency labels of spec 02 §9 and the 8 campaign types.
    assert.equal(await page.getByRole('checkbox').count() >= 8, true);
    assert.equal(await page.getByLabel('Campaign Urgency').textContent(), 'Medium (accelerated)');
    // General mode: the target reads from the chosen audiences.
    assert.equal(await target().textContent(), 'No segments selected');
    await page.getByLabel('Managers', { exact: true }).check();
    assert.equal(await target().textContent(), 'Multiple segments');
    await checkA11y(page, 'the Campaign Scheduler before generation');
  });

  test('shows the server validation message as a Generation Failed toast', async () => {
    await openScheduler();
    await fillBasics('Backwards', '2025-03-01', '2025-02-01', ['Change Management']);
    await generateButton().click();
    const text = await toastText('Generation Failed');
    assert.match(text, /End date must be after start date/);
    await page.getByRole('heading', { name: 'Configure Your Campaign' }).waitFor();
  });

  test('a technology implementation ends at go-live + 90 days, the same schedule as the CLI', async () => {
    await openScheduler();
    await fillBasics('ERP Go-Live', '2025-01-06', '2025-03-01', ['Technology Implementation']);
    assert.equal(await page.getByLabel('Technology Go-Live Date').getAttribute('min'), '2025-01-06');
    await page.getByLabel('Technology Go-Live Date').fill('2025-02-15');
    const [req, res] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/campaigns/generate')),
      page.waitForResponse((r) => r.url().endsWith('/api/campaigns/generate')),
      generateButton().click(),
    ]);
    const text = await toastText('Campaign Schedule Generated');
    const body = await res.json();
    assert.match(text, new RegExp(`${body.schedule.totalActivities} activities`));
    assert.equal(body.schedule.endDate, '2025-05-16');
    assert.equal(await page.getByTestId('end-date-note').textContent(), 'End date set to go-live + 90 days: May 16, 2025');
    assert.equal(await total(), body.schedule.totalActivities);
    assert.equal(await page.getByTestId('activity-list').locator('li').count(), body.schedule.totalActivities);
    await page.getByTestId('phase-timeline').waitFor();

    // The same configuration through `commsplan campaign generate` gives the same schedule.
    const cfgFile = join(tmp, 'ui-config.json');
    writeFileSync(cfgFile, req.postData());
    const cli = JSON.parse(execFileSync(binaryPath(), ['campaign', 'generate', '--file', cfgFile, '--output', 'json'], { encoding: 'utf8' }));
    assert.deepEqual(cli, body.schedule);
    await checkA11y(page, 'the Campaign Scheduler with a schedule');
  });

  test('edits the schedule: add and delete an activity, the total follows', async () => {
    const before = await total();
    await page.getByRole('button', { name: 'Edit Schedule' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('button', { name: 'Add Activity to Preparation' }).click();
    const form = page.getByRole('dialog', { name: 'Add Activity' });
    await form.getByRole('button', { name: 'Add Activity' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByLabel('Title', { exact: true }).fill('Hypercare Drop-in Clinic');
    await form.getByLabel('Type', { exact: true }).fill('training');
    await form.getByLabel('Timing', { exact: true }).fill('Day 3');
    await form.getByLabel('Audience', { exact: true }).fill('Employees');
    await form.getByLabel('Channel', { exact: true }).fill('Interactive Workshop');
    await form.getByLabel('Date', { exact: true }).fill('2025-01-08');
    await form.getByLabel('Description', { exact: true }).fill('Walk-in help with the new system.');
    await form.getByRole('button', { name: 'Add Activity' }).click();
    await expectToast(page, 'Activity added');
    await eventually(async () => assert.equal(await total(), before + 1));

    const victim = (await page.getByTestId('activity-list').locator('li h3').first().textContent()).trim();
    await page.getByRole('dialog').getByRole('button', { name: `Delete ${victim}`, exact: true }).first().click();
    await expectToast(page, 'Activity deleted');
    await eventually(async () => assert.equal(await total(), before));
    assert.equal(confirms.length > 0, true, 'delete asks first');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const titles = await page.getByTestId('activity-list').locator('li h3').allTextContents();
    assert.equal(titles.includes('Hypercare Drop-in Clinic'), true);
  });

  test('the plan check names an activity edited into a checker error, beside the plan and at the activity', async () => {
    // The plan on screen was edited before (a drop-in clinic added before go-live): the panel already reads it.
    const panel = page.getByTestId('plan-check').first();
    await eventually(async () => assert.match(await panel.getByTestId('plan-check-counts').textContent(), /^\d+ errors? · \d+ warnings?$/));
    const before = Number((await panel.getByTestId('plan-check-counts').textContent()).split(' ')[0]);
    await page.getByRole('button', { name: 'Edit Schedule' }).click();
    const editor = page.getByRole('dialog');
    const inEditor = editor.getByTestId('plan-check');
    await eventually(async () => assert.match(await inEditor.getByTestId('plan-check-counts').textContent(), /^\d+ errors?/));
    assert.equal(await inEditor.getByTestId('plan-finding').filter({ hasText: 'Training Enrolment Opens (14 Feb)' }).count(), 0);

    // Enrolment moved to the day before go-live: after the training it opens.
    const step = 'Training Enrolment Opens';
    await editor.getByRole('button', { name: `Edit ${step}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit Activity' });
    await form.getByLabel('Date', { exact: true }).fill('2025-02-14');
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/campaigns/check') && r.request().method() === 'POST');
    const saved = Date.now();
    await form.getByRole('button', { name: 'Update Activity' }).click();
    const res = await checked;
    // The checker's round trip for the edited plan, what the 50 ms budget is about.
    console.log(`plan check of ${(await res.json()).findings.length} findings answered in ${Math.round(res.request().timing().responseEnd)} ms`);
    await expectToast(page, 'Activity updated');

    const finding = inEditor.getByTestId('plan-finding').filter({ hasText: `${step} (14 Feb) comes after End-User Training Sessions` });
    await finding.waitFor();
    console.log(`plan check refreshed ${Date.now() - saved} ms after the edit was saved`);
    assert.equal(await finding.getAttribute('data-severity'), 'error');
    assert.match(await finding.getByTestId('plan-finding-activities').textContent(), new RegExp(step));
    assert.ok(Number((await inEditor.getByTestId('plan-check-counts').textContent()).split(' ')[0]) > before, 'one more error');
    // The activity it names carries the finding in the editor's list, and in the plan behind it.
    const row = editor.getByTestId('editor-activity').filter({ hasText: step });
    assert.match(await row.getByTestId('activity-finding').first().textContent(), /error/);
    await editor.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const card = page.getByTestId('activity-list').locator('li').filter({ has: page.getByRole('heading', { name: step, exact: true }) });
    assert.match(await card.getByTestId('activity-finding').textContent(), /error/);
    await panel.getByTestId('plan-finding').filter({ hasText: `${step} (14 Feb)` }).first().waitFor();
    await checkA11y(page, 'the Campaign Scheduler with the plan check');
  });

  test('previews the edited schedule, rendered by the server, in a sandboxed iframe', async () => {
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/campaigns/render')),
      page.getByRole('button', { name: 'Preview Schedule' }).click(),
    ]);
    assert.equal(res.status(), 200);
    const frame = page.getByRole('dialog').locator('iframe');
    await frame.waitFor();
    const sandbox = await frame.getAttribute('sandbox');
    assert.notEqual(sandbox, null);
    assert.equal(sandbox.includes('allow-scripts'), false);
    await eventually(async () => assert.match(await frame.getAttribute('srcdoc'), /Hypercare Drop-in Clinic/));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  test('downloads the HTML as <sanitised name>_campaign_schedule.html', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download HTML' }).click()]);
    assert.equal(download.suggestedFilename(), 'erp_go_live_campaign_schedule.html');
    await expectToast(page, 'Download started');
  });

  test('saves to the Campaign Inventory', async () => {
    await page.getByRole('button', { name: 'Save Campaign' }).click();
    assert.match(await toastText('Title required'), /Please enter a title for the campaign\./);
    await page.getByLabel('Title *').fill('ERP Go-Live Plan');
    await page.getByLabel('Description').fill('Cutover communications');
    await page.getByRole('button', { name: 'Save Campaign' }).click();
    assert.match(await toastText('Campaign saved'), /Campaign schedule has been saved to Campaign Inventory\./);
    assert.equal(await page.getByLabel('Title *').inputValue(), '');
    assert.equal(await page.getByLabel('Description').inputValue(), '');
    const saved = await api(page, 'GET', '/api/campaigns');
    const row = saved.find((c) => c.title === 'ERP Go-Live Plan');
    assert.ok(row, 'the saved campaign is listed');
    assert.equal(row.description, 'Cutover communications');
    assert.equal(row.schedule.totalActivities, await total());
    assert.equal(row.htmlContent, undefined, 'the list leaves the HTML out');
    const one = await api(page, 'GET', `/api/campaigns/${row.id}`);
    assert.match(one.htmlContent, /Hypercare Drop-in Clinic/);
    // The row shows in the Campaign Inventory screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaign Inventory', exact: true }).click();
    const listed = inventoryRow('ERP Go-Live Plan');
    await listed.getByText('Cutover communications', { exact: true }).waitFor();
    assert.equal(await listed.getByTestId('campaign-activities').textContent(), `${row.schedule.totalActivities} activities`);
    await checkA11y(page, 'the Campaign Inventory after a save');
  });

  test('organizational mode: the map toggles locations, divisions filter, the target follows', async () => {
    await openScheduler();
    await fillBasics('Regional Rollout', '2025-04-01', '2025-06-30', ['Change Management']);
    await page.getByLabel('Organizational targeting').check();
    assert.equal(await target().textContent(), 'No segments selected');
    const marker = page.getByRole('button', { name: 'California, 500 employees' });
    assert.equal(await marker.getAttribute('aria-pressed'), 'false');
    await marker.click();
    assert.equal(await marker.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByLabel('California (500)').isChecked(), true);
    assert.equal(await target().textContent(), '~500 employees');
    // Divisions are filtered to California's.
    await page.getByLabel('SFB - California (142)').waitFor();
    assert.equal(await page.getByLabel('TFS - Florida', { exact: false }).count(), 0);
    const rolesBefore = await page.getByRole('group', { name: 'All role categories' }).getByRole('checkbox').count();
    await page.getByLabel('SFB - California (142)').check();
    // The division profile, and the roles narrowed to the division's.
    const profile = page.getByRole('article', { name: 'SFB - California profile' });
    await profile.getByText('Large · 142 employees').waitFor();
    await profile.getByText('High communication impact').waitFor();
    assert.equal(await profile.locator('ol li').count(), 8);
    const rolesAfter = await page.getByRole('group', { name: 'Roles in the chosen divisions' }).getByRole('checkbox').count();
    assert.equal(rolesAfter < rolesBefore, true, `roles narrowed: ${rolesAfter} < ${rolesBefore}`);
    // Unticking the location by keyboard leaves the division: the target is now the division's.
    await marker.focus();
    await page.keyboard.press('Enter');
    assert.equal(await marker.getAttribute('aria-pressed'), 'false');
    assert.equal(await target().textContent(), '~142 employees');
    // The map can be hidden.
    await page.getByRole('button', { name: 'Hide Map' }).click();
    assert.equal(await page.getByRole('button', { name: 'California, 500 employees' }).count(), 0);
    await page.getByRole('button', { name: 'Show Map' }).click();
    await checkA11y(page, 'the Campaign Scheduler in organizational mode');
    await generateButton().click();
    await expectToast(page, 'Campaign Schedule Generated');
    await page.getByRole('definition').filter({ hasText: '~142 employees' }).waitFor();
    // Saved, the inventory shows the target as its people count.
    await page.getByLabel('Title *').fill('Regional Rollout');
    await page.getByRole('button', { name: 'Save Campaign' }).click();
    await expectToast(page, 'Campaign saved');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaign Inventory', exact: true }).click();
    assert.equal(await inventoryRow('Regional Rollout').getByTestId('campaign-people').textContent(), '142 people');
  });

  test('M&A integration with pre-acquisition phases', async () => {
    await openScheduler();
    await fillBasics('Project Lighthouse', '2025-01-06', '2025-07-07', ['M&A Integration']);
    await page.getByLabel('Organizational targeting').check();
    await page.getByLabel('Pre-Acquisition (Before close)').check();
    await page.getByText('Select at least one phase').waitFor();
    await generateButton().click();
    assert.match(await toastText('Generation Failed'), /Select at least one phase/);
    await page.getByLabel('Due Diligence (15-40%)').check();
    await page.getByLabel('Negotiation (40-70%)').check();
    await page.getByLabel('Integrating (6-18 months)').check();
    await page.getByLabel('Acquisition Date').fill('2025-03-01');
    // 6 integrating activities and 4 pre-acquisition ones: the first 3, then "and 7 more".
    const preview = page.getByTestId('ma-preview');
    assert.equal(await preview.locator('li').count(), 4);
    assert.equal(await preview.locator('li').last().textContent(), 'and 7 more');
    await generateButton().click();
    await expectToast(page, 'Campaign Schedule Generated');
    await page.getByText(/^CONFIDENTIAL: this schedule contains pre-acquisition activities/).waitFor();
    await page.getByTestId('activity-list').getByText('Strictly Confidential - Deal Team Only', { exact: false }).first().waitFor();
    const high = page.getByTestId('activity-list').locator('li[data-priority="high"]').first();
    assert.match(await high.getAttribute('class'), /green/);
  });

  test('no external requests and no page errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

// Business Readiness Checklist (spec 02 §2.9) in a real headless
// Chromium against the real binary with a temporary SQLite database. The
// tests run in order over one team checklist.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, expectToast, signIn, watchedPage, discardIfAsked } from './helpers.mjs';

const RESET_CONFIRM =
  'Are you sure you want to completely reset the checklist? This will clear all scores, team assignments, responsibilities, and notes. This action cannot be undone.';

let server;
let browser;
let page;
let tmp;
const confirms = [];
const external = [];
const pageErrors = [];

async function openContext() {
  const { page: p } = await watchedPage(browser, server, { external, pageErrors, confirms }, { acceptDownloads: true });
  await signIn(p);
  await p.goto('/business-readiness');
  await expectHeader(p, 'Business Readiness Checklist', 'Track and manage organizational readiness for the ERP implementation project');
  await p.getByTestId('value-readiness').waitFor();
  return p;
}

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'readiness-e2e-'));
  server = await startServer();
  browser = await launchBrowser();
  page = await openContext();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const text = (p, id) => p.getByTestId(id).textContent();
const tab = (p, name) => p.getByRole('tab', { name, exact: true }).click();
/** saved waits until the team copy holds every change. */
const saved = (p = page) => eventually(async () => assert.equal(await text(p, 'save-status'), 'All changes saved'));
/** cards reads the four dashboard cards. */
async function cards(p = page) {
  const out = {};
  for (const id of ['readiness', 'completion', 'score', 'disabled']) out[id] = `${await text(p, `value-${id}`)} ${await text(p, `note-${id}`)}`;
  return out;
}
/** headingOrder checks the heading rules the shell suite checks on every screen's first view. */
async function headingOrder(where) {
  const axe = await new AxeBuilder({ page }).withRules(['heading-order', 'empty-heading']).analyze();
  assert.deepEqual(axe.violations.map((v) => v.id), [], `heading rules on ${where}`);
}
const trendPoints = async () => Number((await page.getByTestId('trend').getAttribute('data-points')) ?? 0);

describe('Business Readiness', () => {
  test('the dashboard shows the initial checklist', async () => {
    assert.deepEqual(await cards(), {
      readiness: '38.2% Needs Attention',
      completion: '12/26 46.2% of items complete',
      score: '78/204 points earned',
      disabled: '0 excluded as not applicable',
    });
    const cat = (n) => page.getByTestId(`category-${n}`);
    assert.match(await cat(1).textContent(), /^Impact.*14 items.*10\.0% \(low\).*14\/140 points$/);
    assert.match(await cat(2).textContent(), /^User Engagement.*8 items.*100\.0% \(completed\).*48\/48 points$/);
    assert.match(await cat(3).textContent(), /^System Functionality.*4 items.*100\.0% \(completed\).*16\/16 points$/);
    assert.match(await cat(1).getAttribute('class'), /red/);
    assert.match(await cat(2).getAttribute('class'), /yellow/);
    assert.match(await cat(3).getAttribute('class'), /blue/);
    await page.getByTestId('trend-empty').waitFor();
    await page.getByRole('img', { name: /Category progress: Impact 10\.0%, User Engagement 100\.0%, System Functionality 100\.0%/ }).waitFor();
    await checkA11y(page, 'the readiness dashboard');
    await headingOrder('the readiness dashboard');
  });

  test('completing an item changes Overall Readiness at once, and the trend gains a point after the save', async () => {
    await tab(page, 'Checklist');
    const box = page.getByRole('checkbox', { name: 'Complete: Business Process Changes Mapped' });
    await box.check();
    assert.equal(await text(page, 'item-1-points'), '10/10 (100.0%)');
    assert.equal(await page.getByTestId('item-1').getAttribute('data-color'), 'green');
    await saved();
    await tab(page, 'Dashboard');
    assert.equal((await cards()).readiness, '42.6% Needs Attention'); // 87/204
    await eventually(async () => assert.equal(await trendPoints(), 1));
    // The slider sets any integer; a drag of several steps is one save.
    await tab(page, 'Checklist');
    const before = (await api(page, 'GET', '/api/checklist/history')).length;
    const slider = page.getByRole('slider', { name: 'Score for Role and Job Changes Defined' });
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await text(page, 'item-3-points'), '6/10 (60.0%)');
    assert.equal(await page.getByTestId('item-3').getAttribute('data-color'), 'yellow');
    await saved();
    assert.equal((await api(page, 'GET', '/api/checklist/history')).length, before + 1);
    await tab(page, 'Dashboard');
    assert.equal((await cards()).readiness, '45.1% Needs Attention'); // 92/204
    await eventually(async () => assert.equal(await trendPoints(), 2));
  });

  test('a disabled item is excluded, dimmed and cannot be scored', async () => {
    await tab(page, 'Checklist');
    await page.getByRole('switch', { name: 'Enabled: Organizational Impact Assessment' }).click();
    const card = page.getByTestId('item-2');
    assert.equal(await card.getAttribute('data-enabled'), 'false');
    assert.match(await card.getAttribute('class'), /bg-slate-100/);
    assert.equal(await page.getByRole('checkbox', { name: 'Complete: Organizational Impact Assessment' }).isDisabled(), true);
    assert.equal(await page.getByRole('slider', { name: 'Score for Organizational Impact Assessment' }).isDisabled(), true);
    assert.equal(await page.getByLabel('Weight for Organizational Impact Assessment').isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Edit team, responsibility and notes of Organizational Impact Assessment' }).isDisabled(), true);
    await saved();
    await tab(page, 'Dashboard');
    const c = await cards();
    assert.equal(c.readiness, '46.9% Needs Attention'); // 91/194
    assert.equal(c.completion, '13/25 52.0% of items complete');
    assert.equal(c.disabled, '1 excluded as not applicable');
  });

  test('Add Item appends an item with the defaults', async () => {
    await tab(page, 'Checklist');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Checklist Item' });
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').fill('  Hypercare Rota Agreed  ');
    await dialog.getByLabel('Description').fill('Who is on call in week one?\nWho escalates?');
    await dialog.getByLabel('Category').selectOption({ label: 'System Functionality' });
    await dialog.getByLabel('Max Score').fill('');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('item-27');
    assert.equal(await card.getByRole('heading').textContent(), 'Hypercare Rota Agreed');
    assert.equal(await text(page, 'item-27-points'), '0/10 (0.0%)');
    assert.equal(await card.locator('p.whitespace-pre-line').innerText(), 'Who is on call in week one?\nWho escalates?');
    assert.equal(await text(page, 'showing'), 'Showing 27 of 27 items');
    await saved();
    const st = await api(page, 'GET', '/api/checklist');
    assert.deepEqual(st.items.at(-1), {
      id: 27, weightCode: 3, weight: 1, title: 'Hypercare Rota Agreed', description: 'Who is on call in week one?\nWho escalates?',
      team: '', responsibility: '', actualScore: 0, maxScore: 10, heatMap: 0, enabled: true, notes: '',
    });
    // Move it up one place; the last item cannot move down.
    await page.getByRole('button', { name: 'Move Hypercare Rota Agreed up' }).click();
    const order = () => page.locator('[data-testid^="item-"][data-enabled]').evaluateAll((els) => els.map((e) => e.dataset.testid));
    assert.deepEqual((await order()).slice(-2), ['item-27', 'item-26']);
    assert.equal(await page.getByRole('button', { name: 'Move Performance and Load Testing down' }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Move Hypercare Rota Agreed down' }).isDisabled(), false);
    await saved();
    assert.deepEqual((await api(page, 'GET', '/api/checklist')).items.slice(-2).map((it) => it.id), [27, 26]);
  });

  test('edit team and notes: Cancel discards, Save writes, the scroll position is kept', async () => {
    const card = page.getByTestId('item-10');
    const edit = page.getByRole('button', { name: 'Edit team, responsibility and notes of Integrations and Interface Dependencies' });
    await edit.scrollIntoViewIfNeeded();
    const y0 = await page.evaluate(() => window.scrollY);
    const team0 = await text(page, 'item-10-team');
    await edit.click();
    await card.getByRole('textbox', { name: 'Team' }).fill('Nobody');
    await card.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await text(page, 'item-10-team'), team0);
    assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - y0) < 4, 'scroll kept after Cancel');
    await edit.click();
    assert.equal(await card.getByRole('textbox', { name: 'Notes' }).getAttribute('rows'), '3');
    await card.getByRole('textbox', { name: 'Team' }).fill('Finance Champions');
    await card.getByRole('textbox', { name: 'Notes' }).fill('Kick-off on Monday\nReview on Friday');
    await card.getByRole('button', { name: 'Save' }).click();
    assert.equal(await text(page, 'item-10-team'), 'Finance Champions');
    assert.equal(await page.getByTestId('item-10-notes').innerText(), 'Kick-off on Monday\nReview on Friday');
    assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - y0) < 4, 'scroll kept after Save');
    await saved();
  });

  test('filters, the count and the no-match state', async () => {
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'User Engagement' });
    assert.equal(await text(page, 'showing'), 'Showing 8 of 27 items');
    await page.getByLabel('Show Completed').uncheck();
    assert.equal(await text(page, 'showing'), 'Showing 0 of 27 items');
    await page.getByRole('heading', { name: 'No items match your filters' }).waitFor();
    await page.getByText('Try adjusting your filter settings to see more items.').waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'All Categories' });
    assert.equal(await text(page, 'showing'), 'Showing 14 of 27 items'); // 13 Impact (one complete) + 1 new
    await page.getByLabel('Show Completed').check();
    await page.getByLabel('Show Incomplete').uncheck();
    assert.equal(await text(page, 'showing'), 'Showing 13 of 27 items');
    await page.getByLabel('Show Incomplete').check();
    await checkA11y(page, 'the checklist tab');
    await headingOrder('the checklist tab');
  });

  test('a change survives a reload', async () => {
    await page.reload();
    await page.getByTestId('value-readiness').waitFor();
    assert.equal((await cards()).readiness, '44.6% Needs Attention'); // 91/204
    await tab(page, 'Checklist');
    assert.equal(await text(page, 'item-10-team'), 'Finance Champions');
    assert.equal(await text(page, 'item-3-points'), '6/10 (60.0%)');
  });

  test('save to the repository, change, load it back, delete it', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Checklist to Repository' });
    await dialog.getByRole('button', { name: 'Save to Repository' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('Week 1 baseline');
    await dialog.getByRole('button', { name: 'Save to Repository' }).click();
    await expectToast(page, 'Checklist saved to repository successfully!');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('checkbox', { name: 'Complete: Policies and Procedures Updated' }).check();
    await saved();
    await page.getByRole('button', { name: 'Repository' }).click();
    const repo = page.getByRole('dialog', { name: 'Checklist Repository' });
    await repo.getByRole('button', { name: 'Load Week 1 baseline' }).click();
    await expectToast(page, 'Checklist loaded from repository successfully!');
    await repo.waitFor({ state: 'detached' });
    assert.equal(await text(page, 'item-4-points'), '1/10 (10.0%)');
    await saved();

    await page.getByRole('button', { name: 'Repository' }).click();
    await repo.getByRole('button', { name: 'Delete Week 1 baseline' }).click();
    await repo.getByRole('heading', { name: 'No Saved Checklists' }).waitFor();
    assert.equal(confirms.at(-1), 'Are you sure you want to delete this checklist template?');
    await page.keyboard.press('Escape');
  });

  test('print preview shows the server report in a sandboxed frame', async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print Preview' });
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    assert.equal(await frame.getAttribute('sandbox'), '');
    const body = page.frameLocator('iframe[title="Business readiness report preview"]').locator('body');
    await eventually(async () => assert.match(await body.innerText(), /Business Readiness Report[\s\S]*Hypercare Rota Agreed/));
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('a downloaded report imports back: Loaded N items.', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    assert.match(download.suggestedFilename(), /^business_readiness_report_\d{4}-\d{2}-\d{2}\.html$/);
    const file = join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const before = await api(page, 'GET', '/api/checklist');

    // Change the checklist, then import the report: the items come back exactly.
    await page.getByRole('button', { name: 'Delete Hypercare Rota Agreed' }).click();
    await saved();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import HTML Checklist' });
    await dialog.getByText('Upload a previously downloaded HTML checklist report').waitFor();
    assert.equal(await dialog.getByLabel('HTML File').getAttribute('accept'), '.html');
    await dialog.getByLabel('Template Name').fill('Downloaded report');
    await dialog.getByLabel('HTML File').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'Checklist imported successfully! Loaded 27 items.');
    await dialog.waitFor({ state: 'detached' });
    await saved();
    const after = await api(page, 'GET', '/api/checklist');
    assert.deepEqual(after.items, before.items);

    // A file that is not a report: the spec's non-OK alert, and nothing changes.
    await page.getByRole('button', { name: 'Import' }).click();
    await dialog.getByLabel('Template Name').fill('Bad');
    await dialog.getByLabel('HTML File').setInputFiles({ name: 'x.html', mimeType: 'text/html', buffer: Buffer.from('<p>hello</p>') });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'Failed to import checklist from HTML');
    // The dialog holds typed changes, so closing asks before discarding them.
    await page.keyboard.press('Escape');
    await discardIfAsked(dialog);
    await dialog.waitFor({ state: 'detached' });
    assert.equal(readFileSync(file, 'utf8').includes('data-commsplan-checklist="1"'), true);
  });

  test('reset asks the spec question and clears scores, assignments and notes', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectToast(page, 'Checklist has been completely reset. All scores, assignments, and notes have been cleared.');
    assert.equal(confirms.at(-1), RESET_CONFIRM);
    await saved();
    const st = await api(page, 'GET', '/api/checklist');
    assert.equal(st.items.length, 27);
    assert.ok(st.items.every((it) => it.actualScore === 0 && it.heatMap === 0 && it.team === '' && it.responsibility === '' && it.notes === '' && it.weight === 1));
    assert.equal(st.items[1].enabled, false);
    await tab(page, 'Dashboard');
    assert.equal((await cards()).readiness, '0.0% Needs Attention');
  });

  test('two planners at once: the second sees the 409 prompt and reloads their version', async () => {
    const other = await openContext();
    await tab(page, 'Checklist');
    await tab(other, 'Checklist');
    await page.getByRole('checkbox', { name: 'Complete: Data Migration Readiness' }).check();
    await saved(page);
    await other.getByRole('checkbox', { name: 'Complete: Reporting and Analytics Continuity' }).check();
    const alert = other.getByRole('alert').filter({ hasText: 'This checklist was changed by someone else.' });
    await alert.waitFor();
    assert.equal(await text(other, 'save-status'), 'Changes not saved');
    assert.match(await text(other, 'conflict-by'), /^Changed by Shared access at \d\d:\d\d( [AP]M)?\.$/, 'who saved first, and when');
    let st = await api(page, 'GET', '/api/checklist');
    assert.equal(st.items.filter((it) => it.actualScore > 0).length, 1, 'the second save did not overwrite the first');
    await alert.getByRole('button', { name: 'Reload' }).click();
    await alert.waitFor({ state: 'detached' });
    await saved(other);
    assert.equal(await other.getByRole('checkbox', { name: 'Complete: Data Migration Readiness' }).isChecked(), true);
    assert.equal(await other.getByRole('checkbox', { name: 'Complete: Reporting and Analytics Continuity' }).isChecked(), false);
    st = await api(page, 'GET', '/api/checklist');
    assert.equal(st.items.filter((it) => it.actualScore > 0).length, 1);
    // Again, and this time the second planner keeps theirs on purpose.
    await page.getByRole('checkbox', { name: 'Complete: Cutover and Business Continuity Plan' }).check();
    await saved(page);
    await other.getByRole('checkbox', { name: 'Complete: Security Roles and Access Controls' }).check();
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Keep mine' }).click();
    await saved(other);
    st = await api(page, 'GET', '/api/checklist');
    const done = st.items.filter((it) => it.actualScore > 0).map((it) => it.title);
    assert.deepEqual(done, ['Data Migration Readiness', 'Security Roles and Access Controls']);
    await other.context().close();
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(external, []);
  });
});

// The UI follows the role (issue 25 §2), in a real headless Chromium against
// the real binary: a viewer visits every main screen, reads what is there and
// finds no control that changes the plan (hidden, or disabled with the reason).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, eventually, watchedPage, signInWith } from './helpers.mjs';

let server;
let browser;
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** absent asserts that no control named name (a string or pattern) is on the page. */
async function absent(page, role, name, where) {
  assert.equal(await page.getByRole(role, { name }).count(), 0, `no ${name} ${role} for a viewer on ${where}`);
}

test('a viewer sees every screen read-only', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, `the first start prints the admin's code:\n${server.output.join('')}`);
  const { context: adminContext, page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const theme = await api(admin, 'POST', '/api/themes', { name: 'Go-live', description: 'The go-live', icon: 'fa-rocket', color: 'blue' });
  await api(admin, 'POST', '/api/questions', { themeId: theme.id, question: 'What is changing for technicians?', description: '', sortOrder: 1 });
  await api(admin, 'POST', '/api/communications', { title: 'Undated letter', themeId: theme.id, status: 'draft' });
  const checklist = await api(admin, 'GET', '/api/checklist');
  await api(admin, 'POST', '/api/checklist-templates', { name: 'Baseline', description: '', items: checklist.items, isPublic: false });
  const { code } = await api(admin, 'POST', '/api/people', { name: 'Vic Viewer', role: 'viewer' });
  await adminContext.close();

  const { context, page } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(page, code);
  await eventually(async () => assert.equal(await page.getByTestId('signed-in-as').textContent(), 'Vic Viewer · viewer'));
  await absent(page, 'button', 'Create New', 'the header');

  // Themes and Questions: the records read, nothing to add, reorder or edit.
  await page.goto('/themes');
  await page.getByText('Go-live').first().waitFor();
  await absent(page, 'button', 'Add Theme', 'Themes');
  await page.goto('/questions');
  await page.getByText('What is changing for technicians?').waitFor();
  await absent(page, 'button', /^Drag to reorder/, 'Questions');
  await absent(page, 'button', 'Edit question', 'Questions');
  await absent(page, 'button', 'Delete question', 'Questions');

  // Schedule: the backlog reads, but nothing drags and nothing is created.
  await page.goto('/schedule');
  await page.getByText('Undated letter').first().waitFor();
  await absent(page, 'button', /Schedule Communication/, 'Schedule');
  await absent(page, 'button', /Import from Campaign/, 'Schedule');
  const backlog = page.getByTestId('backlog-list').locator('[draggable="true"]');
  assert.equal(await backlog.count(), 0, 'no backlog item drags for a viewer');

  // Blackouts open read-only.
  await page.getByRole('button', { name: /Blackout/ }).first().click();
  const blackouts = page.getByRole('dialog', { name: /Blackout/ });
  await blackouts.waitFor();
  assert.equal(await blackouts.getByRole('button', { name: /Add Blackout Period/ }).count(), 0, 'no Add Blackout Period for a viewer');
  await blackouts.getByRole('button', { name: 'Close' }).first().click();

  // Campaign Scheduler: Generate is disabled and says why.
  await page.goto('/campaign-scheduler');
  const generate = page.getByRole('button', { name: 'Generate Schedule' });
  await generate.waitFor();
  assert.equal(await generate.isDisabled(), true, 'Generate Schedule is disabled for a viewer');
  assert.equal(await page.getByTestId('guarded').filter({ has: generate }).getAttribute('title'), 'Your role (viewer) cannot change the plan.');

  // Readiness: the checklist reads; Save, Import and Reset, and every control
  // of every item (N/A switch, Complete, score, weight, category, move, edit,
  // delete) are disabled and say why; History opens; Add Item is hidden.
  const reason = 'Your role (viewer) cannot change the plan.';
  await page.goto('/business-readiness');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.waitFor();
  for (const name of ['Save', 'Import', 'Reset']) {
    const button = page.getByRole('button', { name, exact: true });
    assert.equal(await button.isDisabled(), true, `${name} is disabled for a viewer on Readiness`);
    assert.equal(await page.getByTestId('guarded').filter({ has: button }).getAttribute('title'), reason, `${name} says why`);
  }
  await page.getByRole('tab', { name: 'Checklist', exact: true }).click();
  const items = page.locator('section[aria-labelledby="items-heading"]');
  await items.waitFor();
  const controls = items.locator('input, select, button:not([aria-label^="History of"])');
  const n = await controls.count();
  assert.ok(n >= 9 * checklist.items.length, `every item's controls are there (${n})`);
  for (let i = 0; i < n; i++) {
    const c = controls.nth(i);
    const label = await c.getAttribute('aria-label');
    assert.equal(await c.isDisabled(), true, `${label} is disabled for a viewer`);
    assert.equal(await c.evaluate((el) => el.closest('[title]')?.getAttribute('title')), reason, `${label} says why`);
  }
  const title = checklist.items[0].title;
  await page.getByRole('slider', { name: `Score for ${title}` }).click({ force: true });
  await page.getByRole('switch', { name: `Enabled: ${title}` }).click({ force: true });
  assert.equal(await page.getByTestId('save-status').textContent(), 'All changes saved', 'nothing was sent, nothing refused');
  await absent(page, 'button', 'Add Item', 'Readiness');
  await page.getByRole('button', { name: `History of ${title}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${title}` });
  await history.getByText('No recorded changes yet.').waitFor();
  await page.keyboard.press('Escape');
  await history.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Repository', exact: true }).click();
  const repository = page.getByRole('dialog', { name: 'Checklist Repository' });
  for (const name of ['Load Baseline', 'Delete Baseline']) {
    const button = repository.getByRole('button', { name, exact: true });
    await button.waitFor();
    assert.equal(await button.isDisabled(), true, `${name} is disabled for a viewer`);
    assert.equal(await repository.getByTestId('guarded').filter({ has: page.getByRole('button', { name, exact: true }) }).getAttribute('title'), reason, `${name} says why`);
  }
  await page.keyboard.press('Escape');

  // The other lists: read, no create.
  await page.goto('/audiences');
  await absent(page, 'button', /^Add Audience|^Create/, 'Audiences');
  await page.goto('/vehicles');
  await absent(page, 'button', /^Add Vehicle|^Create/, 'Vehicles');
  await page.goto('/content');
  await absent(page, 'button', /^Add Content|^Create/, 'Content');

  await context.close();
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

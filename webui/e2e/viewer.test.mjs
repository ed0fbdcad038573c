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

  // Readiness: the checklist reads; Save, Import and Reset are disabled, items have no edit controls.
  await page.goto('/business-readiness');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.waitFor();
  for (const name of ['Save', 'Import', 'Reset']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).isDisabled(), true, `${name} is disabled for a viewer on Readiness`);
  }
  await absent(page, 'button', 'Add Item', 'Readiness');
  await absent(page, 'button', /^Delete /, 'Readiness');

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

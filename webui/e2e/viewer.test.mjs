// The UI follows the role, in a real headless Chromium against
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
  await api(admin, 'POST', '/api/audiences', { name: 'Field technicians', description: 'Everyone on the road' });
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
  // An audience's details open read-only: View, not Edit.
  await page.getByRole('button', { name: 'View Field technicians', exact: true }).click();
  const audience = page.getByRole('dialog', { name: 'View Audience' });
  assert.deepEqual(await enabledFields(audience), [], 'every audience field is disabled');
  assert.deepEqual(await enabledSaves(audience), [], 'no enabled save');
  await audience.getByRole('button', { name: 'Close', exact: true }).first().click();
  await audience.waitFor({ state: 'detached' });
  await page.goto('/vehicles');
  await absent(page, 'button', /^Add Vehicle|^Create/, 'Vehicles');
  await page.goto('/content');
  await absent(page, 'button', /^Add Content|^Create/, 'Content');

  await context.close();
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

/** enabledFields lists the fields of a dialog's form that are not disabled (an empty list: it is read-only). */
async function enabledFields(dialog) {
  const fields = dialog.locator('input, textarea, select, button[role="combobox"]');
  await fields.first().waitFor();
  const enabled = [];
  for (const f of await fields.all()) {
    if (!(await f.isDisabled())) enabled.push((await f.getAttribute('id')) ?? (await f.evaluate((e) => e.outerHTML.slice(0, 80))));
  }
  return enabled;
}

/** enabledSaves lists the enabled buttons of a dialog that would save, create, delete or generate. */
async function enabledSaves(dialog) {
  const found = [];
  for (const b of await dialog.getByRole('button', { name: /Save|Update|Create|Add|Delete|Generate|Revoke/ }).all()) {
    if (!(await b.isDisabled())) found.push(await b.textContent());
  }
  return found;
}

test('a viewer opens a communication and the Schedule dialogs read-only and cannot drag', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)[1];
  const { context: adminContext, page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const theme = await api(admin, 'POST', '/api/themes', { name: 'Cut-over', description: 'The cut-over', icon: 'fa-rocket', color: 'green' });
  const next = new Date();
  next.setDate(1);
  next.setMonth(next.getMonth() + 1);
  const day = (n) => `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(n).padStart(2, '0')}`;
  const briefing = await api(admin, 'POST', '/api/communications', {
    title: 'Cut-over briefing',
    themeId: theme.id,
    status: 'scheduled',
    scheduledDate: day(10),
    rawContent: 'What changes on the day',
  });
  await api(admin, 'POST', '/api/communications', { title: 'Cut-over draft', themeId: theme.id, status: 'draft' });
  const { code } = await api(admin, 'POST', '/api/people', { name: 'Val Viewer', role: 'viewer' });
  await adminContext.close();

  const { context, page } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(page, code);
  await eventually(async () => assert.equal(await page.getByTestId('signed-in-as').textContent(), 'Val Viewer · viewer'));
  // Every request a viewer's role is refused: anything but a read (the warnings preview is one, a planner's).
  const writes = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !['GET', 'HEAD'].includes(r.method())) writes.push(`${r.method()} ${r.url()}`);
  });

  // The backlog's draft opens read-only: View, not Edit; every field disabled, no enabled save, Close and History usable.
  await page.goto('/schedule');
  await page.getByRole('button', { name: 'View Cut-over draft' }).click();
  let dialog = page.getByRole('dialog', { name: 'View Communication' });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), 'Cut-over draft');
  assert.deepEqual(await enabledFields(dialog), [], 'every field of the communication is disabled for a viewer');
  assert.deepEqual(await enabledSaves(dialog), [], 'no enabled save in the communication dialog');
  const update = dialog.getByTestId('guarded').filter({ has: page.getByRole('button', { name: 'Update Communication' }) });
  assert.equal(await update.getAttribute('title'), 'Your role (viewer) cannot change the plan.');
  assert.equal(await dialog.getByRole('button', { name: 'History of Cut-over draft' }).isEnabled(), true, 'a viewer may read the History');
  assert.equal(await page.getByRole('button', { name: 'Edit Cut-over draft' }).count(), 0, 'no Edit control for a viewer');
  assert.equal(await dialog.locator('form').getByRole('button', { name: 'Cancel' }).count(), 0, 'nothing to cancel in a read-only form');
  await dialog.locator('form').getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The calendar: the scheduled one does not move when dragged, and opens read-only when clicked.
  await page.getByRole('button', { name: 'Next month' }).click();
  const event = page.locator('.rbc-event', { hasText: 'Cut-over briefing' }).first();
  await event.waitFor();
  const from = await event.boundingBox();
  const target = await page.locator(`.rbc-month-view [data-date="${day(17)}"]`).first().boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2 - 20, target.y + target.height + 40, { steps: 20 });
  await page.mouse.up();
  await page.waitForTimeout(500);
  assert.equal((await api(page, 'GET', `/api/communications/${briefing.id}`)).scheduledDate, day(10), 'a drag by a viewer moves nothing');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' }).catch(() => {});
  await event.locator('button').click();
  dialog = page.getByRole('dialog', { name: 'View Communication' });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel('Scheduled Date').inputValue(), day(10));
  assert.deepEqual(await enabledFields(dialog), [], 'every field of the scheduled communication is disabled for a viewer');
  assert.deepEqual(await enabledSaves(dialog), [], 'no enabled save in the scheduled communication dialog');
  await dialog.locator('form').getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Calendar Feeds: the new-feed form is read-only, Create Feed says why.
  await page.getByRole('button', { name: 'Calendar Feeds' }).click();
  dialog = page.getByRole('dialog', { name: 'Calendar Feeds' });
  await dialog.waitFor();
  assert.deepEqual(await enabledFields(dialog), [], 'every field of the new feed is disabled for a viewer');
  assert.deepEqual(await enabledSaves(dialog), [], 'no enabled Create Feed');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  assert.deepEqual(writes, [], 'a viewer sends no write');
  await context.close();
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

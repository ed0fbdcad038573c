// A team's day in the shell, in a real headless Chromium against the real
// binary, each role in a browser context of its own: the header on one row
// at 390 px, People as cards on a phone, the sidebar's People in view at
// 1280×800 and no section called Dashboard, subtitles on one line, a
// labelled Backups, the viewer told why on forms, the wizard and the
// scheduler, no drag hints for a viewer, the scheduler's result brought into
// view, History in sentences naming whom a review was asked of, and a
// sign-out that says so. Screenshots go to SHOTS_DIR when it is set.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectToast, signInWith, watchedPage } from './helpers.mjs';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const ROUTES = ['/', '/schedule', '/inbox', '/campaign-scheduler', '/campaign-inventory', '/assembly', '/content', '/themes', '/questions', '/audiences', '/directory', '/vehicles', '/business-readiness', '/people'];
const SHOTS = process.env.SHOTS_DIR;

let server;
let browser;
let adminCode;
const people = {};
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, `the first start prints the admin's code:\n${server.output.join('')}`);
  const { context, page } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(page, adminCode);
  for (const [key, name, role] of [
    ['viewer', 'Vic Viewer', 'viewer'],
    ['planner', 'Priya Planner', 'planner'],
    ['approver', 'Arjun Rao', 'approver'],
  ]) {
    people[key] = await api(page, 'POST', '/api/people', { name, role, email: `${name.split(' ')[0].toLowerCase()}@example.com` });
  }
  const theme = await api(page, 'POST', '/api/themes', { name: 'Go-live', description: 'The go-live', icon: 'fa-rocket', color: 'blue' });
  await api(page, 'POST', '/api/questions', { themeId: theme.id, question: 'What changes for technicians?', description: '', sortOrder: 1 });
  await api(page, 'POST', '/api/audiences', { name: 'Field technicians', description: 'Everyone on the road' });
  people.draft = await api(page, 'POST', '/api/communications', { title: 'Undated letter', themeId: theme.id, status: 'draft' });
  await context.close();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** as opens a browser context signed in with code, at viewport. */
async function as(code, viewport = LAPTOP) {
  const { context, page } = await watchedPage(browser, server, { external, pageErrors }, { viewport });
  await signInWith(page, code);
  return { context, page };
}

async function visit(page, path) {
  await page.goto(path);
  await page.getByTestId('page-title').waitFor();
  await page.waitForLoadState('networkidle');
}

async function shot(page, name) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, name) });
}

/** sideways lists what reaches past the viewport's right edge (the document scrolls sideways). */
function sideways(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 0.5 && !el.closest('[data-radix-popper-content-wrapper]')) wide.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    }
    return { scroll: document.documentElement.scrollWidth > width || document.body.scrollWidth > width, wide: wide.slice(0, 5) };
  });
}

describe("a team's day in the shell", () => {
  test('the header is one row at 390 px, its controls in reach', async () => {
    const { context, page } = await as(adminCode, PHONE);
    const problems = [];
    for (const path of ROUTES) {
      await visit(page, path);
      const h = await page.evaluate(() => {
        const header = document.querySelector('header');
        const r = header.getBoundingClientRect();
        const [title, controls] = [...header.children].map((c) => c.getBoundingClientRect());
        return { height: r.height, title: { top: title.top, bottom: title.bottom, right: title.right }, controls: { top: controls.top, bottom: controls.bottom, left: controls.left, right: controls.right } };
      });
      if (h.height > 64) problems.push(`${path}: the header is ${h.height} px tall`);
      if (!(h.controls.top < h.title.bottom && h.title.top < h.controls.bottom) || h.controls.left < h.title.right) problems.push(`${path}: the header wrapped ${JSON.stringify(h)}`);
      if (h.controls.right > PHONE.width) problems.push(`${path}: the controls reach ${h.controls.right} px`);
      const o = await sideways(page);
      if (o.scroll) problems.push(`${path}: scrolls sideways: ${o.wide.join(', ')}`);
    }
    assert.deepEqual(problems, []);
    await visit(page, '/schedule');
    await shot(page, 'phone-header-390.png');

    // Every control is still there: the menu, search, the account (with Backups) and Create New.
    await page.getByRole('button', { name: 'Create New' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const search = page.getByRole('combobox', { name: 'Search' });
    await eventually(async () => assert.equal(await search.evaluate((el) => el === document.activeElement), true, 'the search field takes the focus'));
    await checkA11y(page, 'the phone header with search open');
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Administrator · admin' }).click();
    await page.getByRole('menuitem', { name: 'Backups' }).click();
    await page.getByRole('dialog', { name: 'Backups' }).waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  test('People are cards at 390 px, with no sideways scroll', async () => {
    const { context, page } = await as(adminCode, PHONE);
    await visit(page, '/people');
    await page.getByTestId('person-card').first().waitFor();
    assert.equal(await page.getByTestId('person-card').count(), 4, 'the admin and three people');
    assert.equal(await page.getByTestId('person-row').count(), 0, 'no table on a phone');
    assert.equal(await page.locator('main table').count(), 0);
    const o = await sideways(page);
    assert.equal(o.scroll, false, `People scrolls sideways: ${o.wide.join(', ')}`);
    // Each card's role and actions are in view, labelled.
    const card = page.getByTestId('person-card').filter({ hasText: 'Priya Planner' });
    for (const name of ['Role of Priya Planner', 'New code for Priya Planner', 'Sign out Priya Planner everywhere', 'Remove Priya Planner']) {
      const box = await page.getByLabel(name, { exact: true }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} is within the screen`);
    }
    assert.match(await card.textContent(), /New code.*Sign out everywhere.*Remove/);
    await checkA11y(page, 'People as cards at 390 px');
    await shot(page, 'people-390.png');
    // The same work as the table: a role changes from the card.
    await page.getByLabel('Role of Priya Planner', { exact: true }).click();
    await page.getByRole('option', { name: /^Approver/ }).click();
    await page.getByText('Priya Planner is now approver').first().waitFor();
    await api(page, 'PATCH', `/api/people/${people.planner.id}`, { role: 'planner' });
    await context.close();
  });

  test('the Roles Database is cards at 390 px, scrolling only down', async () => {
    const { context, page } = await as(adminCode, PHONE);
    await visit(page, '/audiences');
    const row = page.getByTestId('role-row').first();
    await row.waitFor();
    const box = await page.locator('table').first().evaluate((t) => ({ scroll: t.parentElement.scrollWidth, client: t.parentElement.clientWidth }));
    assert.ok(box.scroll <= box.client, `the roles box scrolls sideways (${box.scroll} > ${box.client})`);
    assert.match(await row.innerText(), /Total Employees:\s*\d+/, 'a card names its values by their column');
    await page.getByRole('button', { name: /Total Employees/ }).click();
    await page.getByLabel('Filter by division').fill('Florida');
    await eventually(async () => assert.match(await page.getByTestId('role-row').first().innerText(), /Florida/));
    await page.getByTestId('role-row').nth(1).scrollIntoViewIfNeeded();
    await shot(page, 'roles-390.png');
    await checkA11y(page, 'the Roles Database at 390 px');
    await context.close();
  });

  test('at 1280×800 the sidebar shows People, Schedule is no Dashboard section, subtitles keep to one line and Backups is labelled', async () => {
    const { context, page } = await as(adminCode, LAPTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const people = nav.getByRole('link', { name: 'People', exact: true });
    await people.waitFor();
    const fits = await nav.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    assert.ok(fits.scroll <= fits.client, `the sidebar fits without scrolling (${fits.scroll} > ${fits.client})`);
    const box = await people.boundingBox();
    assert.ok(box.y + box.height <= LAPTOP.height, `People is above the fold (bottom ${box.y + box.height})`);
    const sections = await nav.locator('p[id^="nav-"]').allTextContents();
    assert.ok(!sections.map((s) => s.toLowerCase()).includes('dashboard'), `no section called Dashboard: ${sections}`);
    const scheduleSection = await nav.getByRole('link', { name: 'Schedule', exact: true }).evaluate((a) => a.closest('ul').getAttribute('aria-labelledby'));
    assert.equal(scheduleSection, null, 'Schedule sits with the daily screens');

    const wrapped = [];
    for (const path of ROUTES) {
      await visit(page, path);
      const sub = await page.getByTestId('page-subtitle').evaluate((el) => ({ h: el.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(el).lineHeight), title: el.title, text: el.textContent }));
      if (sub.h > sub.lh * 1.5) wrapped.push(`${path}: ${sub.h} px`);
      // The title has room: never cut inside a word ("Dashboa / rd").
      const room = await page.getByTestId('page-title').evaluate((el) => el.parentElement.getBoundingClientRect().width);
      if (room < 240) wrapped.push(`${path}: the title block is ${room} px wide`);
      assert.equal(sub.title, sub.text, `${path}: the full subtitle is its tooltip`);
    }
    assert.deepEqual(wrapped, [], 'every subtitle is one line, every title has room');
    assert.equal(await page.getByTestId('programme-badge').textContent(), 'ERP Implementation');
    const backups = page.getByRole('button', { name: 'Backups' });
    assert.equal((await backups.innerText()).trim(), 'Backups', 'Backups shows its name');
    await context.close();
  });

  test('a viewer is told why on forms, the wizard and the scheduler, and gets no drag hints', async () => {
    const { context, page } = await as(people.viewer.code, LAPTOP);
    const reason = 'View only: your role (viewer) cannot change the plan.';
    const writes = [];
    page.on('request', (r) => {
      // POST /api/audiences/count only counts (the audience form's preview).
    if (r.url().includes('/api/') && !['GET', 'HEAD'].includes(r.method()) && !r.url().endsWith('/api/audiences/count')) writes.push(`${r.method()} ${r.url()}`);
    });

    // A form, opened read-only, says so first.
    await visit(page, '/audiences');
    await page.getByRole('button', { name: 'View Field technicians', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'View Audience' });
    const note = dialog.getByRole('note');
    assert.equal(await note.textContent(), reason);
    assert.equal(await dialog.getByText(/Usually a division/).isVisible(), false, 'no editing hint in a read-only form');
    await checkA11y(page, "a viewer's read-only form");
    await shot(page, 'viewer-notice-1280.png');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    // The communication form too, and the backlog offers no drag.
    await visit(page, '/schedule');
    const hint = page.locator('section[aria-labelledby="schedule-backlog"] p').first();
    assert.equal(await hint.textContent(), 'Drafts without a date.');
    await page.getByTestId('backlog-list').getByText('Undated letter').waitFor();
    assert.equal(await page.getByTestId('backlog-list').locator('.cursor-grab, [draggable="true"]').count(), 0, 'no drag handle for a viewer');
    await page.getByRole('button', { name: 'View Undated letter' }).click();
    assert.equal(await page.getByRole('dialog', { name: 'View Communication' }).getByRole('note').textContent(), reason);
    await page.keyboard.press('Escape');

    // The wizard says up front that generating needs the planner role, and the themes still read.
    await visit(page, '/assembly');
    const wizardNote = page.getByRole('note');
    assert.match(await wizardNote.textContent(), /^View only: your role \(viewer\) cannot change the plan\. Generating content needs the planner role\./);
    const step = await page.getByRole('heading', { name: /^Step 1/ }).boundingBox();
    assert.ok((await wizardNote.boundingBox()).y < step.y, 'the notice comes before the first step');
    await page.getByText('Go-live').first().waitFor();
    await checkA11y(page, "the wizard for a viewer");

    // The scheduler: the notice, and a form that reads but does not change.
    await visit(page, '/campaign-scheduler');
    assert.match(await page.getByRole('note').textContent(), /Generating a schedule needs the planner role\./);
    await page.getByLabel('Campaign Name *').waitFor();
    const fields = page.getByTestId('scheduler-fields').locator('input, button, select, textarea');
    const n = await fields.count();
    assert.ok(n > 10, `the scheduler's fields are there (${n})`);
    for (let i = 0; i < n; i++) assert.equal(await fields.nth(i).isDisabled(), true, `scheduler field ${i} is read-only for a viewer`);
    await checkA11y(page, 'the Campaign Scheduler for a viewer');

    // A planner sees no notice.
    const { context: plannerContext, page: planner } = await as(people.planner.code, LAPTOP);
    await visit(planner, '/campaign-scheduler');
    await planner.getByLabel('Campaign Name *').waitFor();
    assert.equal(await planner.getByTestId('view-only-notice').count(), 0, 'no notice for a planner');
    await plannerContext.close();

    assert.deepEqual(writes, [], 'a viewer sends no write');
    await context.close();
  });

  test('after Generate on a phone the scheduler brings the result into view', async () => {
    const { context, page } = await as(people.planner.code, PHONE);
    await visit(page, '/campaign-scheduler');
    await page.getByLabel('Campaign Name *').fill('Phone launch');
    await page.getByLabel('Start Date *').fill('2031-01-06');
    await page.getByLabel('End Date *').fill('2031-03-01');
    await page.getByLabel('Change Management', { exact: true }).check();
    await page.getByRole('button', { name: 'Generate Schedule' }).click();
    await expectToast(page, 'Campaign Schedule Generated');
    const result = page.getByTestId('scheduler-result');
    await eventually(async () => {
      const top = await result.evaluate((el) => el.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < PHONE.height / 4, `the result's top is in view (${top})`);
    });
    assert.equal(await result.evaluate((el) => el === document.activeElement), true, 'focus moves to the result');
    await context.close();
  });

  test('History reads as sentences: a comment, and whom a review was asked of', async () => {
    const { context, page } = await as(people.planner.code, LAPTOP);
    const id = people.draft.id;
    await api(page, 'POST', `/api/communications/${id}/comments`, { text: 'Check the depot list' });
    await api(page, 'POST', `/api/communications/${id}/review`, { approvers: [people.approver.id], dueDate: '2031-12-02' });
    await page.goto(`/schedule?focus=${id}`);
    const form = page.getByRole('dialog', { name: /Communication/ });
    await form.getByRole('button', { name: 'History of Undated letter' }).click();
    const history = page.getByRole('dialog', { name: 'History of Undated letter' });
    const entries = history.getByTestId('history-entry');
    await entries.first().waitFor();
    const text = (await entries.allTextContents()).join('\n');
    assert.match(text, /Priya Planner asked Arjun Rao to review this, due Dec 2, 2031/);
    assert.match(text, /Priya Planner commented on this/);
    assert.match(text, /Comment: Check the depot list/);
    assert.doesNotMatch(text, /Comment id|[0-9a-f]{8}-[0-9a-f]{4}-/i, 'no ids in History');
    await checkA11y(page, 'History in sentences');
    await context.close();
  });

  test('signing out says so on the sign-in page', async () => {
    const { context, page } = await as(people.planner.code, LAPTOP);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
    const notice = page.getByTestId('gate-notice');
    assert.equal(await notice.getAttribute('role'), 'status');
    assert.equal(await notice.textContent(), 'You have signed out. Sign in again with your access code when you return.');
    await checkA11y(page, 'the gate after signing out');
    // A fresh visit says nothing.
    await page.reload();
    await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
    assert.equal(await page.getByTestId('gate-notice').count(), 0);
    await context.close();
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

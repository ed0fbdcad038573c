// Shell fixes in a real headless Chromium against the real
// binary: the header on one row, Skip to content, focus back to a dialog's
// opener, Escape under a toast, heading order on every screen, and the
// dragged question's shape.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { launchBrowser, startServer } from './harness.mjs';
import { api, eventually, expectToast, signIn, watchedPage, discardIfAsked } from './helpers.mjs';

const ROUTES = ['/', '/campaign-scheduler', '/campaign-inventory', '/themes', '/questions', '/audiences', '/vehicles', '/assembly', '/content', '/schedule', '/business-readiness', '/no/such/page'];

let server;
let browser;
let page;
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors }, { viewport: { width: 1280, height: 900 } }));
  await signIn(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** focused describes the focused element: its tag, id and accessible text. */
function focused() {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName.toLowerCase(), id: el.id, label: el.getAttribute('aria-label') ?? el.textContent.trim() } : null;
  });
}

/** headingProblems lists what is wrong with the page's heading outline (visible headings only). */
function headingProblems() {
  return page.evaluate(() => {
    const hs = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => h.getClientRects().length > 0 && !h.closest('[aria-hidden="true"]'));
    const levels = hs.map((h) => Number(h.tagName[1]));
    const problems = [];
    if (levels[0] !== 1) problems.push(`first heading is h${levels[0]} "${hs[0]?.textContent}"`);
    if (levels.filter((l) => l === 1).length !== 1) problems.push(`${levels.filter((l) => l === 1).length} h1 elements`);
    for (let i = 1; i < levels.length; i++) {
      if (levels[i] > levels[i - 1] + 1) problems.push(`h${levels[i - 1]} "${hs[i - 1].textContent}" is followed by h${levels[i]} "${hs[i].textContent}"`);
    }
    return problems;
  });
}

async function checkHeadings(where) {
  assert.deepEqual(await headingProblems(), [], `heading outline of ${where}`);
  const axe = await new AxeBuilder({ page }).withRules(['heading-order', 'page-has-heading-one', 'empty-heading']).analyze();
  assert.deepEqual(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `axe heading rules on ${where}`,
  );
}

async function visit(path) {
  await page.goto(path);
  await page.getByTestId('page-title').waitFor();
  await page.waitForLoadState('networkidle');
}

describe('shell', () => {
  test('the header stays on one row at 1280 px on every screen', async () => {
    for (const width of [1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ROUTES) {
        await visit(path);
        const boxes = await page.evaluate(() => {
          const header = document.querySelector('header');
          return [...header.children].map((c) => {
            const r = c.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
          });
        });
        assert.equal(boxes.length, 2, 'title block and controls');
        const [title, controls] = boxes;
        // One row: the two blocks overlap vertically and the controls sit to the right of the title.
        assert.ok(controls.top < title.bottom && title.top < controls.bottom, `${path} at ${width} px: header wrapped (${JSON.stringify(boxes)})`);
        assert.ok(controls.left >= title.right, `${path} at ${width} px: controls overlap the title`);
        const create = await page.getByRole('button', { name: 'Create New' }).boundingBox();
        assert.ok(create.x + create.width <= width, `${path} at ${width} px: Create New is cut off`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('Skip to content is the first focusable element and moves focus to main', async () => {
    await visit('/themes');
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const link = page.getByRole('link', { name: 'Skip to content' });
    assert.deepEqual(await focused(), { tag: 'a', id: '', label: 'Skip to content' });
    const box = await link.boundingBox();
    assert.ok(box && box.width > 20 && box.height > 10, 'visible when focused');
    await page.keyboard.press('Enter');
    const f = await focused();
    assert.equal(f.tag, 'main');
    assert.equal(f.id, 'main-content');
    assert.equal(new URL(page.url()).pathname, '/themes');
    // The next Tab goes into the page, past the sidebar and header.
    await page.keyboard.press('Tab');
    assert.equal((await focused()).label, 'Add Theme');
    await page.mouse.click(5, 5);
    assert.equal((await link.boundingBox())?.width ?? 0, 1, 'hidden again when not focused (sr-only is 1 px)');
  });

  test('focus returns to the control that opened a dialog', async () => {
    await visit('/themes');
    // From a button, closed with Escape.
    const add = page.getByRole('button', { name: 'Add Theme' });
    await add.click();
    await page.getByRole('dialog', { name: 'Create New Theme' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await eventually(async () => assert.equal((await focused()).label, 'Add Theme'));

    // From the header's Create New menu, by keyboard, closed with Cancel.
    const createNew = page.getByRole('button', { name: 'Create New' });
    await createNew.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Audience' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create New Audience' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => assert.equal((await focused()).label, 'Create New'));

    // From a card's menu: Edit, closed with the close button.
    await api(page, 'POST', '/api/themes', { name: 'Focus Theme', description: 'Menus', icon: 'fa-rocket', color: 'blue' });
    await visit('/themes');
    await page.getByRole('button', { name: 'Actions for Focus Theme' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Theme' });
    await edit.waitFor();
    await edit.getByRole('button', { name: 'Close' }).click();
    await edit.waitFor({ state: 'hidden' });
    await eventually(async () => assert.equal((await focused()).label, 'Actions for Focus Theme'));
  });

  test('Escape closes the open dialog while a toast is shown', async () => {
    await visit('/themes');
    // A failed save shows a toast over the open dialog.
    await page.route('**/api/themes', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add Theme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Theme' });
    await dialog.getByLabel('Theme Name').fill('Never saved');
    await dialog.getByLabel('Description').fill('The server fails');
    await dialog.getByRole('button', { name: 'Create Theme' }).click();
    await expectToast(page, 'Failed to create theme');
    // Escape reaches the dialog, which holds typed changes and so asks first.
    await page.keyboard.press('Escape');
    await discardIfAsked(dialog);
    await dialog.waitFor({ state: 'hidden', timeout: 2000 });
    // The toast was not what Escape closed.
    await expectToast(page, 'Failed to create theme');
    await page.unroute('**/api/themes');

    // A toast shown before the dialog opened does not take Escape either.
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('menuitem', { name: 'Theme' }).click();
    await page.getByRole('dialog', { name: 'Create New Theme' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 2000 });
  });

  test('headings are in order and nothing scrolls sideways on every screen, empty and with data', async () => {
    for (const path of ROUTES) {
      await visit(path);
      await checkHeadings(`${path} (empty)`);
    }
    const [theme] = await api(page, 'GET', '/api/themes');
    await api(page, 'POST', '/api/questions', { themeId: theme.id, question: 'Who is affected?', description: 'By division' });
    await api(page, 'POST', '/api/content', { title: 'Training plan', type: 'document', description: 'Plan', content: 'Week 1', url: '' });
    await api(page, 'POST', '/api/audiences', { name: 'TFS - Florida', description: '', contactCount: 120 });
    await api(page, 'POST', '/api/vehicles', { name: 'Weekly email', type: 'email', description: '' });
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await api(page, 'POST', '/api/communications', { title: 'Kick-off', themeId: theme.id, status: 'scheduled', scheduledDate: today });
    // Long unbroken titles in the backlog and the lists once pushed the Schedule screen sideways.
    const long = 'Draft: Why One System Helps Our Customers Across Every Division';
    await api(page, 'POST', '/api/communications', { title: long, themeId: theme.id, status: 'draft' });
    await api(page, 'POST', '/api/communications', { title: `${long} (sent)`, themeId: theme.id, status: 'sent', scheduledDate: today });
    for (const path of ROUTES) {
      await visit(path);
      await checkHeadings(`${path} (with data)`);
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(scroll <= client, `${path} scrolls sideways at 1280 px: ${scroll} > ${client}`);
    }
    await visit('/schedule');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `the Schedule List view scrolls sideways at 1280 px: ${scroll} > ${client}`);
    // The Dashboard's selected day adds a heading under the calendar.
    await visit('/');
    await page.getByRole('button', { name: /, 2 communications$/ }).click();
    await checkHeadings('/ with a selected day');
  });

  test('a dragged question keeps its shape', async () => {
    const theme = await api(page, 'POST', '/api/themes', { name: 'Drag Shape', description: 'Rows of different heights', icon: 'fa-rocket', color: 'blue' });
    const long = 'A long question that wraps over several lines because it asks about every division, every location and every shift pattern in the rollout plan at once';
    await api(page, 'POST', '/api/questions', { themeId: theme.id, question: long, description: 'Several lines\nof description', sortOrder: 1 });
    await api(page, 'POST', '/api/questions', { themeId: theme.id, question: 'Short one?', description: '', sortOrder: 2 });
    await visit('/questions');
    const card = page.getByTestId('theme-questions').filter({ has: page.getByRole('heading', { name: 'Drag Shape' }) });
    const rows = card.getByTestId('question-row');
    await eventually(async () => assert.equal(await rows.count(), 2));
    const before = await rows.nth(1).boundingBox();
    const other = await rows.nth(0).boundingBox();
    assert.ok(other.height > before.height + 10, 'the rows differ in height');
    const handle = await page.getByRole('button', { name: 'Drag to reorder: Short one?' }).boundingBox();
    const x = handle.x + handle.width / 2;
    await page.mouse.move(x, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, handle.y - 10, { steps: 5 });
    await page.mouse.move(x, other.y + 5, { steps: 10 });
    const during = await card.locator('[data-testid="question-row"]', { hasText: 'Short one?' }).boundingBox();
    await page.mouse.up();
    assert.ok(Math.abs(during.height - before.height) < 1, `height while dragging ${during.height}, at rest ${before.height}`);
    assert.ok(Math.abs(during.width - before.width) < 1, `width while dragging ${during.width}, at rest ${before.width}`);
    await expectToast(page, 'Questions reordered successfully');
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

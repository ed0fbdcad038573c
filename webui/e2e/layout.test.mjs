// the screens that fit the screen, in a real headless Chromium against
// the real binary: no route scrolls sideways at 390 and 1280 px, the sidebar
// is a keyboard-usable drawer below 768 px, long titles wrap or carry their
// full text, and Dashboard items open the communication they name.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, signIn, watchedPage } from './helpers.mjs';

const ROUTES = ['/', '/campaign-scheduler', '/campaign-inventory', '/themes', '/questions', '/audiences', '/vehicles', '/assembly', '/content', '/schedule', '/business-readiness', '/people', '/no/such/page'];

/** LONG titles: one of many words, one without a break opportunity. */
const LONG_WORDS = 'Quarterly operational readiness review for the field technicians of the northern depots and their supervisors';
const LONG_UNBROKEN = 'Northern-depots-ERP-cut-over-readiness-programme-for-field-technicians-2027';

let server;
let browser;
let page;
const external = [];
const pageErrors = [];
const data = {};

/** isoDay is the local date n days from today, YYYY-MM-DD. */
function isoDay(n) {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors }, { viewport: { width: 390, height: 844 } }));
  await signIn(page);
  // Records with long titles on every screen that lists them.
  data.theme = await api(page, 'POST', '/api/themes', { name: LONG_UNBROKEN, description: LONG_WORDS, icon: 'fa-rocket', color: 'blue' });
  await api(page, 'POST', '/api/themes', { name: LONG_WORDS, description: 'Short', icon: 'fa-users', color: 'green' });
  await api(page, 'POST', '/api/questions', { themeId: data.theme.id, question: `${LONG_WORDS}?`, description: LONG_UNBROKEN, sortOrder: 1 });
  await api(page, 'POST', '/api/content', { title: LONG_UNBROKEN, description: LONG_WORDS, content: 'Body', type: 'text', url: '' });
  data.audience = await api(page, 'POST', '/api/audiences', { name: LONG_WORDS, description: LONG_UNBROKEN, contactCount: 120 });
  await api(page, 'POST', '/api/vehicles', { name: LONG_UNBROKEN, type: 'email', description: LONG_WORDS });
  data.comm = await api(page, 'POST', '/api/communications', {
    title: 'Tablet hand-out at the depots',
    themeId: data.theme.id,
    audienceId: data.audience.id,
    status: 'scheduled',
    scheduledDate: isoDay(1),
  });
  data.longComm = await api(page, 'POST', '/api/communications', { title: LONG_UNBROKEN, themeId: data.theme.id, status: 'scheduled', scheduledDate: isoDay(2) });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function visit(path) {
  await page.goto(path);
  await page.getByTestId('page-title').waitFor();
  await page.waitForLoadState('networkidle');
}

/** overflow reports the document's scroll and client widths and the elements reaching past the viewport. */
function overflow() {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const wide = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 0.5 && !el.closest('[data-radix-popper-content-wrapper]')) {
        // Report only the outermost: an element whose parent also overflows is its parent's doing.
        const parent = el.parentElement?.getBoundingClientRect();
        if (!parent || parent.right <= width + 0.5) wide.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} right=${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, bodyScroll: document.body.scrollWidth, wide: wide.slice(0, 5) };
  });
}

/** cutTitles lists text cut off with an ellipsis whose full text is in no title attribute (a tooltip). */
function cutTitles() {
  return page.evaluate(() => {
    const cut = [];
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
      const text = el.textContent.trim();
      const tip = el.closest('[title]')?.getAttribute('title') ?? '';
      if (!tip.includes(text)) cut.push(text.slice(0, 80));
    }
    return cut;
  });
}

describe('screens that fit the screen', () => {
  test('no route scrolls sideways at 390 and 1280 px, and no title is cut without its full text', async () => {
    const problems = [];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const path of ROUTES) {
        await visit(path);
        const o = await overflow();
        if (o.scrollWidth > o.clientWidth || o.bodyScroll > o.clientWidth) {
          problems.push(`${path} at ${width} px: document ${o.scrollWidth} > viewport ${o.clientWidth}\n      ${o.wide.join('\n      ')}`);
        }
        const cut = await cutTitles();
        if (cut.length) problems.push(`${path} at ${width} px: cut off without a tooltip: ${cut.join(' | ')}`);
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });

  test('below 768 px the sidebar is a drawer opened by the Menu button, by keyboard', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await main.count(), 0, 'the sidebar is hidden');
    const menu = page.getByRole('button', { name: 'Open menu' });
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    // While the drawer is open the rest of the page is aria-hidden (a modal): read the button by id then.
    const menuById = page.locator('#menu-button');

    // Skip to content, then the Menu button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Open menu');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    assert.equal(await menuById.getAttribute('aria-expanded'), 'true');
    assert.equal(await menuById.getAttribute('aria-controls'), await drawer.getAttribute('id'));
    await drawer.getByRole('navigation', { name: 'Main' }).waitFor();
    await checkA11y(page, 'the menu drawer');

    // Focus stays in the drawer however far one tabs.
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab');
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), `focus left the drawer after ${i + 1} Tab(s)`);
    }
    // Escape closes it and gives focus back to the Menu button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await eventually(async () => assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Open menu'));
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');

    // Following a link navigates and closes the drawer.
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Themes' }).focus();
    await page.keyboard.press('Enter');
    await expectHeader(page, 'Themes', 'Organize communications around key themes and topics');
    await drawer.waitFor({ state: 'hidden' });

    // The Close button closes it too.
    await menu.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // From 768 px the sidebar shows and the Menu button does not.
    await page.setViewportSize({ width: 1280, height: 800 });
    await main.waitFor();
    assert.equal(await menu.isVisible(), false);
  });

  test('Dashboard items open the communication they name', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/');
    const dialog = page.getByRole('dialog', { name: 'Edit Communication' });

    // An upcoming communication, by keyboard.
    const upcoming = page.getByTestId('upcoming-list').getByRole('button', { name: /Tablet hand-out at the depots/ });
    await upcoming.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), 'Tablet hand-out at the depots');
    await checkA11y(page, 'the communication opened from the Dashboard');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The long title wraps inside its card.
    const long = page.getByTestId('upcoming-list').getByRole('button', { name: new RegExp(LONG_UNBROKEN) });
    const fits = await long.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    assert.ok(fits, 'the long title wraps');

    // A Recent Activity entry of a communication opens it; one of a content piece links to its preview.
    await page.setViewportSize({ width: 1280, height: 800 });
    const activity = page.getByTestId('activity-list');
    const contentLink = activity.getByRole('link', { name: `Content created: ${LONG_UNBROKEN}` });
    assert.match(await contentLink.getAttribute('href'), /^\/content\?preview=/);
    await activity.getByRole('button', { name: `Communication created: ${LONG_UNBROKEN}` }).click();
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), LONG_UNBROKEN);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A calendar dot opens its communication.
    await page.getByTestId('day-dots').getByRole('img', { name: 'Tablet hand-out at the depots' }).first().click();
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), 'Tablet hand-out at the depots');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // By keyboard, a day's button lists its communications, each of which opens.
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    if (tomorrow.getMonth() === new Date().getMonth()) {
      const label = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(tomorrow);
      await page.getByRole('button', { name: `${label}, 1 communication` }).click();
      await page.getByTestId('selected-day').getByRole('button', { name: /Tablet hand-out at the depots/ }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

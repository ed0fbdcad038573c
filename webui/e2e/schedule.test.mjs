// End-to-end scenarios of the Schedule screen and the Communication form
// (issue 9), in a real headless Chromium against the real binary. The browser
// runs in New York time, so a date read as UTC midnight would land a day early.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, chooseOption, eventually, expectHeader, expectToast, signIn, watchedPage } from './helpers.mjs';

const ZONE = 'America/New_York';

let server;
let browser;
let page;
/** confirms collects the text of every confirm prompt; all are accepted. */
const confirms = [];
const external = [];
const pageErrors = [];
let theme;
/** d holds the test's days, computed in the browser's zone. */
let d;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors, confirms }, { viewport: { width: 1440, height: 1100 }, timezoneId: ZONE }));

  await signIn(page);

  theme = await api(page, 'POST', '/api/themes', { name: 'Schedule Theme', description: 'Go-live', icon: 'fa-rocket', color: 'blue' });
  const probe = await api(page, 'POST', '/api/communications', { title: 'probe', themeId: theme.id, status: 'scheduled', scheduledDate: '2031-03-04T15:00:00Z' });
  assert.equal(probe.scheduledDate, '2031-03-04T15:00:00Z', 'the server keeps an instant (docs/schedule.md)');
  await api(page, 'DELETE', `/api/communications/${probe.id}`);

  // Days of next month: always in the future and on one month page.
  d = await page.evaluate(() => {
    const pad = (n) => String(n).padStart(2, '0');
    const key = (x) => `${x.getFullYear()}-${pad(x.getMonth() + 1)}-${pad(x.getDate())}`;
    const now = new Date();
    const y = now.getFullYear();
    const m = now.getMonth() + 1;
    const day = (n) => key(new Date(y, m, n));
    const at = (n, h) => new Date(y, m, n, h).toISOString();
    return {
      today: key(now),
      todayLabel: now.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
      d5: day(5),
      d10: day(10),
      d17: day(17),
      d20: day(20),
      d24: day(24),
      at10: at(10, 15),
      at17: at(17, 15),
      // 22:00 in New York is 03:00 UTC the next day.
      late20: at(20, 22),
    };
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function openSchedule() {
  await page.goto('/schedule');
  await expectHeader(page, 'Schedule', 'Plan and schedule your communications timeline');
  await page.getByRole('heading', { name: 'Communication Calendar' }).waitFor();
}

async function nextMonth() {
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.locator(`[data-date="${d.d10}"]`).first().waitFor();
}

/** eventDay finds the day an event is drawn on from the layout: the month cell under the event's centre. */
function eventDay(title) {
  return page.evaluate((t) => {
    const ev = [...document.querySelectorAll('.rbc-month-view .rbc-event')].find((e) => e.textContent.includes(t));
    if (!ev) return null;
    const r = ev.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    for (const row of document.querySelectorAll('.rbc-month-row')) {
      const rb = row.getBoundingClientRect();
      if (cy < rb.top || cy > rb.bottom) continue;
      for (const h of row.querySelectorAll('[data-date]')) {
        const hb = h.closest('.rbc-date-cell').getBoundingClientRect();
        if (cx >= hb.left && cx <= hb.right) return h.dataset.date;
      }
    }
    return 'nowhere';
  }, title);
}

/** dayPoint is a point inside the month cell of a day, below its number. */
async function dayPoint(day) {
  const box = await page.locator(`.rbc-month-view [data-date="${day}"]`).first().boundingBox();
  return { x: box.x + box.width / 2 - 20, y: box.y + box.height + 40 };
}

async function dragEventTo(title, day) {
  const ev = await page.locator('.rbc-event', { hasText: title }).first().boundingBox();
  const to = await dayPoint(day);
  await page.mouse.move(ev.x + ev.width / 2, ev.y + ev.height / 2);
  await page.mouse.down();
  await page.mouse.move(ev.x + ev.width / 2 + 10, ev.y + ev.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

async function columnTitles(key) {
  return page.getByTestId(`column-${key}`).getByTestId('schedule-item-title').allTextContents();
}

describe('Schedule and the Communication form', () => {
  test('the empty Schedule screen passes axe in both views', async () => {
    await openSchedule();
    await page.getByText('No undated drafts').waitFor();
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'the empty Schedule calendar');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByText('No scheduled communications').waitFor();
    await checkA11y(page, 'the empty Schedule list');
  });

  test('schedule a communication with a time from the form; it shows on its day', async () => {
    await openSchedule();
    await page.getByRole('button', { name: 'Schedule Communication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Communication' });
    await dialog.waitFor();
    // The date only shows for scheduled communications.
    assert.equal(await dialog.getByLabel('Scheduled Date').count(), 0);
    await dialog.getByRole('button', { name: 'Create Communication' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Theme is required').waitFor();

    await dialog.getByLabel('Title').fill('Town hall');
    await chooseOption(page, 'Theme', 'Schedule Theme');
    await chooseOption(page, 'Status', 'Scheduled');
    const date = dialog.getByLabel('Scheduled Date');
    assert.equal(await date.getAttribute('min'), d.today);
    await dialog.getByRole('button', { name: 'Create Communication' }).click();
    await dialog.getByText('Scheduled date is required').waitFor();
    assert.equal(await dialog.getByLabel('Content').getAttribute('rows'), '10');
    await checkA11y(page, 'the Create Communication form');

    await date.fill(d.d10);
    await dialog.getByLabel('Time (optional)').fill('15:00');
    await dialog.getByLabel('Content').fill('All hands on the cut-over.');
    await dialog.getByRole('button', { name: 'Create Communication' }).click();
    await expectToast(page, 'Communication created successfully!');
    await dialog.waitFor({ state: 'hidden' });

    const [stored] = (await api(page, 'GET', '/api/communications')).filter((c) => c.title === 'Town hall');
    assert.equal(stored.status, 'scheduled');
    assert.equal(stored.rawContent, 'All hands on the cut-over.');
    // The form sends the instant of 15:00 New York time; the server answers it in UTC.
    assert.equal(stored.scheduledDate, d.at10.replace('.000Z', 'Z'));

    await nextMonth();
    await eventually(async () => assert.equal(await eventDay('Town hall'), d.d10));
    await page.locator('.rbc-event', { hasText: 'Town hall' }).getByText('3:00 PM').waitFor();
  });

  test('drag an event to another day: a failed save rolls back, a good one survives a reload', async () => {
    await openSchedule();
    await nextMonth();
    await eventually(async () => assert.equal(await eventDay('Town hall'), d.d10));

    const failPut = (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }) : route.continue());
    await page.route('**/api/communications/*', failPut);
    await dragEventTo('Town hall', d.d17);
    await expectToast(page, 'Failed to update communication');
    await eventually(async () => assert.equal(await eventDay('Town hall'), d.d10));
    await page.unroute('**/api/communications/*', failPut);

    await dragEventTo('Town hall', d.d17);
    await expectToast(page, 'Communication updated successfully!');
    await eventually(async () => assert.equal(await eventDay('Town hall'), d.d17));

    await page.reload();
    await page.getByRole('heading', { name: 'Communication Calendar' }).waitFor();
    await nextMonth();
    await eventually(async () => assert.equal(await eventDay('Town hall'), d.d17));
    const [stored] = (await api(page, 'GET', '/api/communications')).filter((c) => c.title === 'Town hall');
    // The time of day is kept (15:00 New York time).
    assert.equal(stored.scheduledDate, d.at17.replace('.000Z', 'Z'));
    await page.locator('.rbc-event', { hasText: 'Town hall' }).getByText('3:00 PM').waitFor();
  });

  test('drag a backlog draft onto a day; it becomes scheduled', async () => {
    await api(page, 'POST', '/api/communications', { title: 'Backlog memo', themeId: theme.id, status: 'draft' });
    await openSchedule();
    const item = page.getByTestId('backlog-list').getByTestId('schedule-item').filter({ hasText: 'Backlog memo' });
    await item.waitFor();
    await nextMonth();
    const to = await dayPoint(d.d24);
    const from = await item.boundingBox();
    await item.dragTo(page.locator('.rbc-month-view'), {
      sourcePosition: { x: 20, y: from.height / 2 },
      targetPosition: await page.locator('.rbc-month-view').boundingBox().then((b) => ({ x: to.x - b.x, y: to.y - b.y })),
    });
    await expectToast(page, 'Communication updated successfully!');
    await page.getByText('No undated drafts').waitFor();
    await eventually(async () => assert.equal(await eventDay('Backlog memo'), d.d24));
    const [stored] = (await api(page, 'GET', '/api/communications')).filter((c) => c.title === 'Backlog memo');
    assert.equal(stored.status, 'scheduled');
    assert.equal(stored.scheduledDate, d.d24);
  });

  test('the List view: three columns, sorted, scheduled duplicates dropped', async () => {
    const [town] = (await api(page, 'GET', '/api/communications')).filter((c) => c.title === 'Town hall');
    const seed = [
      { title: 'Alpha launch', status: 'scheduled', scheduledDate: d.d20 },
      { title: 'Zed update', status: 'scheduled', scheduledDate: d.d5 },
      // Same title and scheduled time as the town hall: shown once.
      { title: 'Town hall', status: 'scheduled', scheduledDate: town.scheduledDate },
      // Same title, another day: kept.
      { title: 'Zed update', status: 'scheduled', scheduledDate: d.d20 },
      { title: 'beta draft', status: 'draft' },
      { title: 'Alpha draft', status: 'draft' },
      { title: 'Old news', status: 'sent', scheduledDate: '2024-01-05' },
      { title: 'Recent news', status: 'sent', scheduledDate: '2024-06-01' },
    ];
    for (const s of seed) await api(page, 'POST', '/api/communications', { themeId: theme.id, ...s });

    await openSchedule();
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByRole('heading', { name: 'Scheduled', exact: true }).waitFor();
    await eventually(async () => {
      assert.deepEqual(await columnTitles('scheduled'), ['Zed update', 'Town hall', 'Alpha launch', 'Zed update', 'Backlog memo']);
    });
    assert.deepEqual(await columnTitles('drafts'), ['Alpha draft', 'beta draft']);
    assert.deepEqual(await columnTitles('sent'), ['Recent news', 'Old news']);
    const when = await page.getByTestId('column-sent').getByTestId('schedule-item-when').allTextContents();
    assert.deepEqual(when, ['Jun 1, 2024', 'Jan 5, 2024']);
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'the Schedule list with data');
  });

  test('edit and delete from the List view, with the confirm text and every toast', async () => {
    await openSchedule();
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Alpha launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Communication' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Title').inputValue(), 'Alpha launch');
    assert.equal(await dialog.getByLabel('Scheduled Date').inputValue(), d.d20);
    assert.equal(await dialog.getByLabel('Time (optional)').inputValue(), '');

    // A failed update keeps the dialog open with the spec's toast.
    const failPut = (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{}' }) : route.continue());
    await page.route('**/api/communications/*', failPut);
    await dialog.getByLabel('Title').fill('Alpha launch v2');
    await dialog.getByRole('button', { name: 'Update Communication' }).click();
    await expectToast(page, 'Failed to update communication');
    await page.unroute('**/api/communications/*', failPut);

    // The keyboard way to reschedule: the date field.
    await dialog.getByLabel('Scheduled Date').fill(d.d24);
    await dialog.getByRole('button', { name: 'Update Communication' }).click();
    await expectToast(page, 'Communication updated successfully!');
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => assert.ok((await columnTitles('scheduled')).includes('Alpha launch v2')));
    const [stored] = (await api(page, 'GET', '/api/communications')).filter((c) => c.title === 'Alpha launch v2');
    assert.equal(stored.scheduledDate, d.d24);

    const failDelete = (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.continue());
    await page.route('**/api/communications/*', failDelete);
    await page.getByRole('button', { name: 'Delete Alpha launch v2' }).click();
    await expectToast(page, 'Failed to delete communication');
    await page.unroute('**/api/communications/*', failDelete);

    await page.getByRole('button', { name: 'Delete Alpha launch v2' }).click();
    assert.equal(confirms.at(-1), 'Are you sure you want to delete the communication "Alpha launch v2"? This cannot be undone.');
    await expectToast(page, 'Communication deleted successfully');
    await eventually(async () => assert.ok(!(await columnTitles('scheduled')).includes('Alpha launch v2')));

    const failPost = (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue());
    await page.route('**/api/communications', failPost);
    await page.getByRole('button', { name: 'Schedule Communication' }).click();
    const create = page.getByRole('dialog', { name: 'Create Communication' });
    await create.getByLabel('Title').fill('Never saved');
    await chooseOption(page, 'Theme', 'Schedule Theme');
    await create.getByRole('button', { name: 'Create Communication' }).click();
    await expectToast(page, 'Failed to create communication');
    await page.unroute('**/api/communications', failPost);
    await create.getByRole('button', { name: 'Cancel' }).click();
    await create.waitFor({ state: 'hidden' });
  });

  test('the form opens from Create New, from a Dashboard day and from a search hit', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('menuitem', { name: 'Communication' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Communication' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A Dashboard day: the form comes prefilled with that day, scheduled.
    await page.getByRole('button', { name: new RegExp(`^${d.todayLabel}`) }).click();
    await page.getByTestId('selected-day').getByRole('button', { name: 'Schedule Communication' }).click();
    dialog = page.getByRole('dialog', { name: 'Create Communication' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Scheduled Date').inputValue(), d.today);
    await dialog.getByLabel('Title').fill('Daily stand-up note');
    await chooseOption(page, 'Theme', 'Schedule Theme');
    await dialog.getByRole('button', { name: 'Create Communication' }).click();
    await expectToast(page, 'Communication created successfully!');
    const [stored] = (await api(page, 'GET', '/api/communications')).filter((c) => c.title === 'Daily stand-up note');
    assert.deepEqual([stored.status, stored.scheduledDate], ['scheduled', d.today]);
    await page.getByTestId('selected-day').getByText('Daily stand-up note').waitFor();

    // A search hit opens the communication's edit form on the Schedule screen.
    await page.getByRole('combobox', { name: 'Search' }).fill('Town hall');
    await page.getByRole('option', { name: /Town hall/ }).first().click();
    await expectHeader(page, 'Schedule', 'Plan and schedule your communications timeline');
    dialog = page.getByRole('dialog', { name: 'Edit Communication' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Title').inputValue(), 'Town hall');
    assert.equal(new URL(page.url()).search, '');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('events named by a schedule warning are marked on the calendar and in the list', async () => {
    const audience = await api(page, 'POST', '/api/audiences', { name: 'Field Technicians', description: '', contactCount: 40 });
    for (const i of [1, 2, 3, 4]) {
      await api(page, 'POST', '/api/communications', { title: `Overload ${i}`, themeId: theme.id, audienceId: audience.id, status: 'scheduled', scheduledDate: d.d17 });
    }
    const warnings = await api(page, 'GET', `/api/schedule/warnings?tz=${encodeURIComponent(ZONE)}`);
    const overload = warnings.find((w) => w.kind === 'overload' && w.audienceId === audience.id);
    assert.ok(overload, 'the server reports the overload');
    const warned = new Set(warnings.flatMap((w) => w.communicationIds));
    const all = await api(page, 'GET', '/api/communications');
    const calm = all.find((c) => c.scheduledDate && !warned.has(c.id) && c.title === 'Zed update');

    await openSchedule();
    await nextMonth();
    for (const id of overload.communicationIds) {
      const button = page.locator(`[data-testid="calendar-event"][data-id="${id}"]`);
      await eventually(async () => assert.match(await button.getAttribute('aria-label'), /, has schedule warnings$/));
      assert.match(await button.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " rbc-event ")][1]').getAttribute('class'), /cp-event-warned/);
    }
    if (calm) assert.doesNotMatch(await page.locator(`[data-testid="calendar-event"][data-id="${calm.id}"]`).getAttribute('aria-label'), /warnings/);

    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByTestId('column-scheduled').getByTestId('schedule-item').filter({ hasText: 'Overload 1' }).getByText('Has schedule warnings').waitFor();
    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  });

  test('a date is never shifted; an instant sits on the planner’s local day', async () => {
    await api(page, 'POST', '/api/communications', { title: 'Late call', themeId: theme.id, status: 'scheduled', scheduledDate: d.late20 });
    await api(page, 'POST', '/api/communications', { title: 'All-day memo', themeId: theme.id, status: 'scheduled', scheduledDate: d.d5 });
    await openSchedule();
    await nextMonth();
    await eventually(async () => {
      assert.equal(await eventDay('Late call'), d.d20);
      assert.equal(await eventDay('All-day memo'), d.d5);
    });
    await page.locator('.rbc-event', { hasText: 'Late call' }).getByText('10:00 PM').waitFor();
  });

  test('the Schedule screen with data passes axe; Upcoming lists the first 5', async () => {
    await openSchedule();
    await eventually(async () => assert.equal(await page.getByTestId('upcoming-list').getByTestId('schedule-item').count(), 5));
    const upcoming = await page.getByTestId('upcoming-list').getByTestId('schedule-item-title').allTextContents();
    assert.equal(upcoming[0], 'Daily stand-up note');
    await nextMonth();
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'the Schedule calendar with data');
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

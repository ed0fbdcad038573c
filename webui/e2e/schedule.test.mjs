// End-to-end scenarios of the Schedule screen and the Communication form
// in a real headless Chromium against the real binary. The browser
// runs in New York time, so a date read as UTC midnight would land a day early.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, chooseOption, eventually, expectHeader, expectToast, signIn, watchedPage, discardIfAsked } from './helpers.mjs';

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
    // The unsaved form asks before Cancel discards it.
    await create.getByRole('button', { name: 'Cancel' }).click();
    await discardIfAsked(create);
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
    // The four on one day; the week's overload may name others on other days.
    const mine = [];
    for (const i of [1, 2, 3, 4]) {
      mine.push((await api(page, 'POST', '/api/communications', { title: `Overload ${i}`, themeId: theme.id, audienceId: audience.id, status: 'scheduled', scheduledDate: d.d17 })).id);
    }
    const warnings = await api(page, 'GET', `/api/schedule/warnings?tz=${encodeURIComponent(ZONE)}`);
    const overload = warnings.find((w) => w.kind === 'overload' && w.audienceId === audience.id);
    assert.ok(overload, 'the server reports the overload');
    const warned = new Set(warnings.flatMap((w) => w.communicationIds));
    const all = await api(page, 'GET', '/api/communications');
    const calm = all.find((c) => c.scheduledDate && !warned.has(c.id) && c.title === 'Zed update');

    await openSchedule();
    await nextMonth();
    // A day holds three rows: the warned events beyond two are behind "+N more", which says so, and open with the day.
    await page.getByTestId('calendar-event').first().waitFor();
    const more = page.locator(mine.map((id) => `[data-testid="calendar-more"][data-more-ids~="${id}"]`).join(', ')).first();
    for (const id of overload.communicationIds) {
      const button = page.locator(`[data-testid="calendar-event"][data-id="${id}"]`);
      if ((await button.count()) === 0) {
        const behind = page.locator(`[data-testid="calendar-more"][data-more-ids~="${id}"]`);
        assert.equal(await behind.count(), 1, `${id} is behind "+N more"`);
        assert.match(await behind.getAttribute('aria-label'), /with schedule warnings: open the day$/);
        continue;
      }
      await eventually(async () => assert.match(await button.getAttribute('aria-label'), /, has schedule warnings$/));
      assert.match(await button.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " rbc-event ")][1]').getAttribute('class'), /cp-event-warned/);
    }
    await more.click();
    const day = page.getByRole('dialog');
    await day.getByTestId('day-list').waitFor();
    for (const id of mine) {
      assert.ok(overload.communicationIds.includes(id), 'the overload names each of the four');
      await eventually(async () => assert.match(await day.locator(`[data-testid="agenda-item"][data-id="${id}"]`).textContent(), /Has schedule warnings/));
    }
    await page.keyboard.press('Escape');
    await day.waitFor({ state: 'hidden' });
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

/**
 * wordsBrokenInside answers the words of the matched elements that a line
 * break cuts inside (a word's characters on more than one line); a break
 * at a hyphen is between words.
 */
function wordsBrokenInside(page, selector) {
  return page.evaluate((sel) => {
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const re = /[^\s-]+/g;
        for (let m = re.exec(node.textContent); m; m = re.exec(node.textContent)) {
          const r = document.createRange();
          r.setStart(node, m.index);
          r.setEnd(node, m.index + m[0].length);
          const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (lines.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  }, selector);
}

describe('A month after a 180-activity import', () => {
  let big;
  let wide;
  let camp;
  let month;
  const log = { external: [], pageErrors: [] };

  before(async () => {
    big = await startServer();
    ({ page: wide } = await watchedPage(browser, big, log, { viewport: { width: 1280, height: 800 }, timezoneId: ZONE }));
    await signIn(wide);
    await api(wide, 'POST', '/api/themes', { name: 'Cut-over', description: 'The cut-over', icon: 'fa-rocket', color: 'blue' });
    // 180 activities over the 28 first days of next month, six or seven a day, with words as long as planners write.
    month = await wide.evaluate(() => {
      const now = new Date();
      const first = new Date(now.getFullYear(), now.getMonth() + 1, 1);
      const pad = (n) => String(n).padStart(2, '0');
      return { y: first.getFullYear(), m: first.getMonth() + 1, label: first.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }), pad: pad(first.getMonth() + 1) };
    });
    const day = (n) => `${month.y}-${month.pad}-${String(n).padStart(2, '0')}`;
    const kinds = ['Super-User Nomination Reminder', 'Floor-Walker Briefing', 'Hypercare Daily Stand-up Summary', 'Go-Live Readiness Checklist', 'Training Enrolment Opens'];
    const activities = Array.from({ length: 180 }, (_, i) => ({
      id: `act-${i}`,
      title: `Plant Systems Cut-over ${kinds[i % kinds.length]} ${i + 1}`,
      type: 'announcement',
      timing: 'Week 1',
      date: day(1 + (i % 28)),
      audience: 'Employees',
      channel: 'email',
      description: 'Prepared by the communications team.',
      priority: 'medium',
      status: 'planned',
      phase: 'Launch',
    }));
    const schedule = {
      id: 'plant',
      name: 'Plant Systems Cut-over',
      campaignName: 'Plant Systems Cut-over',
      startDate: day(1),
      endDate: day(28),
      type: 'technology-implementation',
      status: 'draft',
      totalActivities: 180,
      phases: [{ id: 'p1', name: 'Launch', description: '', duration: '', activities }],
      activities,
      timeline: [],
      summary: '',
      confidentialityNote: '',
      warnings: [],
      milestones: { goLive: day(15) },
    };
    camp = await api(wide, 'POST', '/api/campaigns', { title: 'Plant Systems Cut-over', schedule });
    await api(wide, 'POST', '/api/audiences', { name: 'Employees', description: 'Everyone on the payroll', contactCount: 900 });
    const res = await api(wide, 'POST', `/api/campaigns/${camp.id}/import`, {});
    assert.equal(res.created.length, 180);
  });

  after(async () => {
    await wide?.context().close();
    await big?.stop();
    assert.deepEqual(log.external, []);
    assert.deepEqual(log.pageErrors, []);
  });

  async function openMonth(page) {
    await page.goto('/schedule');
    await expectHeader(page, 'Schedule', 'Plan and schedule your communications timeline');
    const view = page.getByRole('group', { name: 'View' });
    if ((await view.getByRole('button', { name: 'Calendar' }).getAttribute('aria-pressed')) !== 'true') await view.getByRole('button', { name: 'Calendar' }).click();
    const calendar = page.getByRole('region', { name: 'Communication Calendar' });
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('heading', { name: month.label }).waitFor();
    await calendar.getByTestId('calendar-event').first().waitFor();
    return calendar;
  }

  test('the month holds 180 imported activities in under 1.5 viewport heights, with "+N more", colours and go-live', async (t) => {
    const calendar = await openMonth(wide);
    const grid = calendar.locator('.rbc-month-view');
    const { height } = await grid.boundingBox();
    t.diagnostic(`month grid ${Math.round(height)} px tall at 1280×800 (limit ${1.5 * 800})`);
    assert.ok(height < 1.5 * 800, `the month is ${Math.round(height)} px tall`);
    // Every day holds at most three rows, the third a "+N more" for the rest; all 180 are reachable.
    const shown = await calendar.getByTestId('calendar-event').count();
    const hidden = (await calendar.getByTestId('calendar-more').evaluateAll((els) => els.map((e) => e.dataset.moreIds.split(' ')))).flat();
    assert.equal(shown + hidden.length, 180, `${shown} shown and ${hidden.length} behind "+N more"`);
    assert.ok(shown <= 28 * 2, 'at most two events a day beside "+N more"');
    // The campaign's colour, not its name.
    const titles = await calendar.locator('.cp-event-title').allTextContents();
    assert.ok(titles.every((t) => !t.startsWith('Plant Systems Cut-over')), 'no event repeats the campaign name');
    await calendar.getByTestId('campaign-legend').getByText('Plant Systems Cut-over').waitFor();
    const stripe = await calendar.locator('.rbc-event.cp-event-campaign').first().evaluate((el) => getComputedStyle(el).borderLeftWidth);
    assert.equal(stripe, '5px');
    // Go-live on its day.
    const goLive = `${month.y}-${month.pad}-15`;
    const mark = calendar.getByTestId('calendar-milestone');
    assert.equal(await mark.count(), 1);
    assert.equal(await mark.getAttribute('title'), 'Go-live: Plant Systems Cut-over');
    assert.ok(await mark.evaluate((el, day) => !!el.parentElement.querySelector(`[data-date="${day}"]`), goLive), 'marked on go-live day');
    await checkA11y(wide, 'the month after a 180-activity import');
    await wide.screenshot({ path: '/work/wt/shots/month-after-import-1280.png', fullPage: true });

    // "+N more" opens the day with all of its communications.
    const more = calendar.getByTestId('calendar-more').first();
    const ids = (await more.getAttribute('data-more-ids')).split(' ');
    await more.click();
    const day = wide.getByRole('dialog');
    await day.getByTestId('day-list').waitFor();
    assert.equal(await day.getByTestId('agenda-item').count(), ids.length + 2);
    await checkA11y(wide, 'a day opened from "+N more"');
    await wide.keyboard.press('Escape');

    // The campaign filter sits beside "Needs my review".
    await chooseOption(wide, 'Campaign', 'Not from a campaign');
    await eventually(async () => assert.equal(await calendar.getByTestId('calendar-event').count(), 0));
    await chooseOption(wide, 'Campaign', 'All campaigns');
    await calendar.getByTestId('calendar-event').first().waitFor();
  });

  test('the warnings fold to a count badge that opens the panel, and the calendar stays above the fold', async () => {
    await openMonth(wide);
    const panel = wide.getByTestId('warnings-panel');
    assert.equal(await panel.getAttribute('data-collapsed'), 'true');
    const badge = Number(await panel.getByTestId('warnings-badge').textContent());
    assert.ok(badge > 0, 'six a day for one audience break the weekly cap');
    const box = await wide.getByRole('heading', { name: 'Communication Calendar' }).boundingBox();
    assert.ok(box.y + box.height < 800, `the calendar's heading is at ${Math.round(box.y)} px`);
    await panel.getByRole('button', { name: /Scheduling Warnings/ }).click();
    await eventually(async () => assert.equal(await wide.getByTestId('warnings-panel').getAttribute('data-collapsed'), 'false'));
    await wide.getByTestId('warnings-panel').getByTestId('schedule-warning').first().waitFor();
    await wide.getByTestId('warnings-panel').getByRole('button', { name: 'Scheduling Warnings' }).click();
  });

  test('on a phone the Schedule opens as an agenda by day, no word broken inside a word, the month a tap away', async () => {
    const { page: phone, context } = await watchedPage(browser, big, log, { viewport: { width: 390, height: 844 }, timezoneId: ZONE, isMobile: true, hasTouch: true });
    await signIn(phone);
    await phone.goto('/schedule');
    const agenda = phone.getByTestId('schedule-agenda');
    await agenda.waitFor();
    assert.equal(await phone.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Agenda' }).getAttribute('aria-pressed'), 'true');
    await agenda.getByRole('button', { name: 'Next month' }).click();
    await agenda.getByRole('heading', { name: month.label }).waitFor();
    await agenda.getByTestId('agenda-item').first().waitFor();
    assert.equal(await agenda.getByTestId('agenda-day').count(), 28);
    assert.equal(await agenda.getByTestId('agenda-item').count(), 180);
    await agenda.getByTestId('agenda-milestone').filter({ hasText: 'Go-live' }).waitFor();
    assert.deepEqual(await wordsBrokenInside(phone, '[data-testid="schedule-agenda"]'), [], 'no word broken inside a word');
    const sideways = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(sideways <= 0, `the page scrolls ${sideways} px sideways`);
    await checkA11y(phone, 'the agenda at 390 px');
    await phone.screenshot({ path: '/work/wt/shots/agenda-390.png' });

    // The month grid is a tap away, and breaks no word either.
    await phone.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Calendar' }).tap();
    const calendar = phone.getByRole('region', { name: 'Communication Calendar' });
    await calendar.getByTestId('calendar-event').first().waitFor();
    assert.deepEqual(await wordsBrokenInside(phone, '.rbc-month-view .cp-event-title'), [], 'no word broken inside a word in the grid');
    await context.close();
  });
});

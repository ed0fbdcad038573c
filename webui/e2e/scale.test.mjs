// The Schedule at the five-year scale (issue 27): `commsplan seed --scale`
// (20,000 communications from January 2027), then behaviour, not time:
// month navigation shows that month's communications, the List view scrolls
// to its last item while rendering only what is in view, and the warnings
// panel keeps the calendar in view. Times belong to the benchmarks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, eventually, expectHeader, signIn, watchedPage } from './helpers.mjs';

const ZONE = 'Europe/Paris';
let server;
let browser;
let page;
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer({ seed: ['--scale'] });
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors }, { viewport: { width: 1440, height: 1000 }, timezoneId: ZONE }));
  await signIn(page);
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

/** allPages reads every page of a filtered list through the API, following Link. */
async function allPages(query) {
  return page.evaluate(async (q) => {
    const rows = [];
    let url = `/api/communications?${q}&limit=1000`;
    while (url) {
      const res = await fetch(url, { credentials: 'same-origin' });
      rows.push(...(await res.json()));
      url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    }
    return rows;
  }, query);
}

describe('the Schedule at the five-year scale', () => {
  test('month navigation shows each month’s communications', async () => {
    await openSchedule();
    // The programme starts in January 2027: walk to it, then two months on.
    const heading = page.getByRole('heading', { level: 3 }).filter({ hasText: /^[A-Z][a-z]+ \d{4}$/ }).first();
    for (let i = 0; i < 120; i++) {
      const shown = new Date(`1 ${await heading.textContent()}`);
      if (shown.getFullYear() === 2027 && shown.getMonth() === 0) break;
      await page.getByRole('button', { name: shown < new Date(2027, 0, 1) ? 'Next month' : 'Previous month' }).click();
    }
    for (const [label, from, to] of [
      ['January 2027', '2026-12-27', '2027-02-06'],
      ['February 2027', '2027-01-31', '2027-03-06'],
      ['March 2027', '2027-02-28', '2027-04-03'],
    ]) {
      await eventually(async () => assert.equal(await heading.textContent(), label));
      const want = (await api(page, 'GET', `/api/communications?from=${from}&to=${to}&tz=${encodeURIComponent(ZONE)}`)).map((c) => c.id).sort();
      assert.ok(want.length > 50, `${label}: ${want.length} communications`);
      await eventually(async () => {
        const ids = await page.getByTestId('calendar-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
        assert.deepEqual([...new Set(ids)].sort(), want, label);
      }, 20_000);
      await page.getByRole('button', { name: 'Next month' }).click();
    }
  });

  test('the warnings panel summarises and keeps the calendar in view', async () => {
    await openSchedule();
    const panel = page.getByTestId('warnings-panel');
    const warnings = await api(page, 'GET', `/api/schedule/warnings?tz=${encodeURIComponent(ZONE)}`);
    assert.ok(warnings.length > 5, `${warnings.length} warnings`);
    await eventually(async () => assert.equal(await panel.getByTestId('schedule-warning').count(), 5), 20_000);
    await panel.getByRole('button', { name: `Show all ${warnings.length}` }).click();
    await eventually(async () => assert.equal(await panel.getByTestId('schedule-warning').count(), warnings.length));
    const box = await page.getByRole('heading', { name: 'Communication Calendar' }).boundingBox();
    assert.ok(box && box.y + box.height < 1000, `the calendar's heading is at ${box?.y}px, below the fold`);
  });

  test('the List view scrolls to its last item, rendering only what is in view', async () => {
    await openSchedule();
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const column = page.getByTestId('column-sent');
    const scroller = column.getByTestId('column-scroll');
    await scroller.waitFor();
    const want = await allPages('status=sent&sort=-scheduled');
    assert.ok(want.length > 1000, `${want.length} sent`);
    await eventually(async () => assert.equal(await column.getByTestId('column-count').textContent(), String(want.length)));
    const last = want.at(-1).title;
    await eventually(
      async () => {
        await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        const titles = await column.getByTestId('schedule-item-title').allTextContents();
        assert.equal(titles.at(-1), last);
        assert.ok(titles.length < 60, `${titles.length} rows rendered`);
      },
      120_000,
    );
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

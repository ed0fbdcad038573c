// The screens at the five-year scale: `commsplan seed --scale`
// (20,000 communications from January 2027, 5,000 content pieces, 200
// themes of 10 questions), then behaviour, not time: month navigation shows
// that month's communications, drag-to-reschedule moves one, the List view
// scrolls to its last item while rendering only what is in view, the
// warnings panel keeps the calendar in view and stays folded, the
// Dashboard's cards equal the figures computed from the full lists, the
// Content Library pages and opens a linked piece, the Content Library,
// Audiences, Delivery Vehicles and the Assembly's themes draw only the
// cards in view and reach the last by scrolling, and the Questions screen
// draws only what is in view, opens a linked question and finds one by
// searching, and the Themes screen draws its rows of cards in view, Tab
// reaching each next card. Times belong to the benchmarks.
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
  server = await startServer({ seed: ['--scale'], healthMs: 120_000 });
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

/** monthHeading is the calendar's "Month YYYY" heading. */
function monthHeading() {
  return page.getByRole('heading', { level: 3 }).filter({ hasText: /^[A-Z][a-z]+ \d{4}$/ }).first();
}

/** gotoMonth steps the Schedule's calendar to the month of year and month (0-based). */
async function gotoMonth(year, month) {
  const heading = monthHeading();
  for (let i = 0; i < 120; i++) {
    const shown = new Date(`1 ${await heading.textContent()}`);
    if (shown.getFullYear() === year && shown.getMonth() === month) return;
    await page.getByRole('button', { name: shown < new Date(year, month, 1) ? 'Next month' : 'Previous month' }).click();
  }
  throw new Error(`never reached ${year}-${month + 1}`);
}

/** dayIn is the calendar day of a stored scheduledDate in ZONE: a date is its own day, an instant its day there (domain.Scheduled.Day). */
function dayIn(scheduled) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(scheduled)) return scheduled;
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(scheduled));
}

/** total reads a list's X-Total-Count from a one-row page. */
async function total(path) {
  return page.evaluate(async (p) => Number((await fetch(`${p}${p.includes('?') ? '&' : '?'}limit=1`, { credentials: 'same-origin' })).headers.get('X-Total-Count')), path);
}

/**
 * drawnCards checks that a virtual card grid draws only some of its size
 * cards, each saying the whole size, and answers the titles drawn.
 */
async function drawnCards(list, size) {
  const cards = list.getByRole('listitem');
  const drawn = await cards.count();
  assert.ok(drawn > 0 && drawn < Math.min(size, 40), `${drawn} cards drawn of ${size}`);
  assert.equal(await cards.first().getAttribute('aria-setsize'), String(size));
  return list.getByRole('heading').allTextContents();
}

/** scrollToLast scrolls to the end of the page until the grid's last card is drawn, still only a few, and answers its heading (of level). */
async function scrollToLast(list, level) {
  const cards = list.getByRole('listitem');
  await eventually(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = cards.last();
    assert.equal(await last.getAttribute('aria-posinset'), await last.getAttribute('aria-setsize'));
    assert.ok((await cards.count()) < 40, `${await cards.count()} cards drawn`);
  }, 20_000);
  return cards.last().getByRole('heading', { level }).textContent();
}

/** allPages reads every page of a filtered list through the API, following Link. */
async function allPages(query, list = '/api/communications') {
  return page.evaluate(async ([l, q]) => {
    const rows = [];
    let url = `${l}?${q ? `${q}&` : ''}limit=1000`;
    while (url) {
      const res = await fetch(url, { credentials: 'same-origin' });
      rows.push(...(await res.json()));
      url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    }
    return rows;
  }, [list, query]);
}

describe('the Schedule at the five-year scale', () => {
  test('month navigation shows each month’s communications', async () => {
    await openSchedule();
    // The programme starts in January 2027: walk to it, then two months on.
    const heading = monthHeading();
    await gotoMonth(2027, 0);
    for (const [label, from, to] of [
      ['January 2027', '2026-12-27', '2027-02-06'],
      ['February 2027', '2027-01-31', '2027-03-06'],
      ['March 2027', '2027-02-28', '2027-04-03'],
    ]) {
      await eventually(async () => assert.equal(await heading.textContent(), label));
      const want = (await api(page, 'GET', `/api/communications?from=${from}&to=${to}&tz=${encodeURIComponent(ZONE)}`)).map((c) => c.id).sort();
      assert.ok(want.length > 50, `${label}: ${want.length} communications`);
      await eventually(async () => {
        // The events shown, and those behind each day's "+N more".
        const ids = [
          ...(await page.getByTestId('calendar-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))),
          ...(await page.getByTestId('calendar-more').evaluateAll((els) => els.flatMap((e) => e.dataset.moreIds.split(' ')))),
        ];
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
    // Folded to a count badge at first: it opens the panel.
    const badge = panel.getByTestId('warnings-badge');
    await badge.waitFor({ timeout: 20_000 });
    assert.equal(Number(await badge.textContent()), warnings.length);
    await panel.getByRole('button', { name: /Scheduling Warnings/ }).click();
    await eventually(async () => assert.equal(await panel.getByTestId('schedule-warning').count(), 5), 20_000);
    await panel.getByRole('button', { name: `Show all ${warnings.length}` }).click();
    await eventually(async () => assert.equal(await panel.getByTestId('schedule-warning').count(), warnings.length));
    const box = await page.getByRole('heading', { name: 'Communication Calendar' }).boundingBox();
    assert.ok(box && box.y + box.height < 1000, `the calendar's heading is at ${box?.y}px, below the fold`);
  });

  test('drag-to-reschedule moves a communication to another day', async () => {
    await openSchedule();
    await gotoMonth(2027, 1);
    // A communication that may move (not sent), shown in the week of 8 February; moved to that week's Saturday.
    const event = page.locator('.rbc-month-view .rbc-event:not(.cp-event-sent)').filter({ has: page.getByTestId('calendar-event') });
    let id;
    let from;
    await eventually(async () => {
      const n = await event.count();
      assert.ok(n > 0, 'no movable event in February 2027');
      for (let i = 0; i < n && !from; i++) {
        const candidate = await event.nth(i).getByTestId('calendar-event').getAttribute('data-id');
        const stored = await api(page, 'GET', `/api/communications/${candidate}`);
        const day = dayIn(stored.scheduledDate);
        if (day >= '2027-02-07' && day <= '2027-02-12') [id, from] = [candidate, day];
      }
      assert.ok(from, 'no movable event in the week of 8 February');
    }, 20_000);
    const to = '2027-02-13';
    const moved = page.locator(`.rbc-event:has([data-id="${id}"])`).first();
    await moved.scrollIntoViewIfNeeded();
    const box = await moved.boundingBox();
    const cell = await page.locator(`.rbc-month-view [data-date="${to}"]`).first().boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.move(cell.x + cell.width / 2 - 20, cell.y + cell.height + 40, { steps: 20 });
    await page.mouse.up();
    await eventually(async () => assert.equal(dayIn((await api(page, 'GET', `/api/communications/${id}`)).scheduledDate), to), 20_000);
    // The range query of its new day finds it, and that of its old day no longer does.
    const onDay = async (day) => (await api(page, 'GET', `/api/communications?from=${day}&to=${day}&tz=${encodeURIComponent(ZONE)}`)).map((c) => c.id);
    assert.ok((await onDay(to)).includes(id));
    assert.ok(!(await onDay(from)).includes(id));
  });

  test('the warnings panel folds away and stays folded after a reload', async () => {
    await openSchedule();
    const panel = page.getByTestId('warnings-panel');
    const toggle = panel.getByRole('button', { name: 'Scheduling Warnings' });
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await panel.getByTestId('schedule-warning').first().waitFor();
    await toggle.click();
    await eventually(async () => assert.equal(await panel.getAttribute('data-collapsed'), 'true'));
    assert.equal(await panel.getByTestId('schedule-warning').count(), 0);
    await page.reload();
    await page.getByRole('heading', { name: 'Communication Calendar' }).waitFor();
    await eventually(async () => assert.equal(await page.getByTestId('warnings-panel').getAttribute('data-collapsed'), 'true'), 20_000);
    assert.equal(await page.getByTestId('schedule-warning').count(), 0);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    // Unfolded again for the tests after this one.
    await toggle.click();
    await eventually(async () => assert.equal(await panel.getAttribute('data-collapsed'), 'false'));
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

  test('the Dashboard’s cards equal the figures computed from the full lists', async () => {
    const all = await allPages('');
    assert.ok(all.length >= 20_000, `${all.length} communications`);
    const themes = await api(page, 'GET', '/api/themes');
    const audiences = await api(page, 'GET', '/api/audiences');
    const content = await total('/api/content');
    // The spec's cards: Scheduled Comms counts scheduled communications with
    // a date; due this week those of them whose day (in the planner's zone)
    // is in this week, Sunday to Saturday; contacts sum the audiences.
    const scheduled = all.filter((c) => c.status === 'scheduled' && c.scheduledDate);
    const today = dayIn(new Date().toISOString());
    const sunday = new Date(`${today}T00:00:00Z`);
    sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay());
    const saturday = new Date(sunday);
    saturday.setUTCDate(saturday.getUTCDate() + 6);
    const [weekFrom, weekTo] = [sunday, saturday].map((d) => d.toISOString().slice(0, 10));
    const due = scheduled.filter((c) => dayIn(c.scheduledDate) >= weekFrom && dayIn(c.scheduledDate) <= weekTo).length;
    const contacts = audiences.reduce((n, a) => n + (Number.parseInt(String(a.contactCount), 10) || 0), 0);
    const want = {
      'Active Themes': String(themes.length),
      'Scheduled Comms': String(scheduled.length),
      'Total Contacts': contacts.toLocaleString('en-US'),
      'Content Pieces': String(content),
    };
    assert.ok(scheduled.length > 1000 && content >= 5000, JSON.stringify(want));

    await page.goto('/');
    await expectHeader(page, 'Dashboard', 'Overview of your communication planning activities');
    const card = (title) => page.getByTestId('stat-card').filter({ has: page.getByText(title, { exact: true }) });
    await eventually(async () => {
      for (const [title, value] of Object.entries(want)) {
        assert.equal(await card(title).locator('p.text-3xl').textContent(), value, title);
      }
      assert.equal(await card('Scheduled Comms').getByText(/ due this week$/).textContent(), `${due} due this week`);
    }, 20_000);
  });

  test('the Content Library draws the cards in view, shows more on request, scrolls to the last piece, and a ?preview= link opens a piece on no page shown', async () => {
    const first120 = (await api(page, 'GET', '/api/content?limit=120')).map((c) => c.title);
    await page.goto('/content');
    const list = page.getByRole('list', { name: 'Content pieces', exact: true });
    await list.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    const titles = await drawnCards(list, 60);
    assert.deepEqual(titles, first120.slice(0, titles.length), 'the first pieces, in order');
    assert.equal(await list.getByRole('heading', { level: 2, name: first120[59], exact: true }).count(), 0, 'the 60th piece is not drawn yet');
    await page.getByRole('button', { name: 'Show more' }).click();
    await eventually(async () => assert.equal(await list.getByRole('listitem').first().getAttribute('aria-setsize'), '120'));
    assert.equal(await scrollToLast(list, 2), first120[119]);

    const late = (await api(page, 'GET', '/api/content?limit=1000')).at(-1);
    assert.ok(late && !first120.includes(late.title), 'a piece past the pages shown');
    await page.goto(`/content?preview=${late.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: late.title }).waitFor({ timeout: 20_000 });
    assert.equal(new URL(page.url()).searchParams.get('preview'), null, 'the link is used once');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('the Audiences, Delivery Vehicles and Assembly screens draw the cards in view and scroll to the last one', async () => {
    const audiences = await api(page, 'GET', '/api/audiences');
    await page.goto('/audiences');
    const cards = page.getByRole('list', { name: 'Audiences', exact: true });
    await cards.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    // All Employees first, then every audience.
    await drawnCards(cards, audiences.length + 1);
    assert.equal(await scrollToLast(cards, 3), audiences.at(-1).name);
    // The Roles Database is below the cards, its rows in view of its own box.
    await page.getByTestId('role-row').first().waitFor();

    const vehicles = await api(page, 'GET', '/api/vehicles');
    await page.goto('/vehicles');
    const vehicleCards = page.getByRole('list', { name: 'Delivery vehicles', exact: true });
    await vehicleCards.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await drawnCards(vehicleCards, vehicles.length);
    assert.equal(await scrollToLast(vehicleCards, 3), vehicles.at(-1).name);

    // The wizard's first step: the last theme is reached by scrolling and chosen.
    const themes = await api(page, 'GET', '/api/themes');
    await page.goto('/assembly');
    const choices = page.getByRole('list', { name: 'Themes', exact: true });
    await choices.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await drawnCards(choices, themes.length);
    const last = themes.at(-1);
    await eventually(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      assert.equal(await choices.getByRole('listitem').last().getAttribute('aria-posinset'), String(themes.length));
    }, 20_000);
    const lastChoice = choices.getByRole('listitem').last().getByRole('button');
    assert.match(await lastChoice.textContent(), new RegExp(`^${last.name.replace(/[^\w ]/g, '.')}`));
    await lastChoice.click();
    await page.getByRole('heading', { name: 'Step 2: Choose Questions' }).waitFor();
  });

  test('the Questions screen draws the cards in view, opens a ?focus= link and searches on the server', async () => {
    const themes = await api(page, 'GET', '/api/themes');
    const questions = await allPages('', '/api/questions');
    assert.ok(questions.length >= 2000, `${questions.length} questions`);
    // The last theme's card is far below the first screen.
    const lastTheme = themes.filter((t) => t.questionCount > 0).at(-1);
    const target = questions.filter((q) => q.themeId === lastTheme.id).at(-1);

    await page.goto('/questions');
    await expectHeader(page, 'Questions', 'Define questions that guide your content creation');
    const rows = page.getByTestId('question-row');
    await rows.first().waitFor({ timeout: 20_000 });
    const drawn = await rows.count();
    assert.ok(drawn > 0 && drawn < 100, `${drawn} rows drawn of ${questions.length}`);
    assert.equal(await page.locator(`[data-focus-id="${target.id}"]`).count(), 0, 'the last theme is not drawn yet');

    // The header search's link to a question: its theme's card is drawn, the row scrolled into view and ringed.
    await page.goto(`/questions?focus=${target.id}`);
    const focused = page.locator(`[data-focus-id="${target.id}"]`);
    await focused.waitFor({ timeout: 20_000 });
    await eventually(async () => {
      const box = await focused.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 1000, `the row is at ${box?.y}px`);
      assert.match(await focused.getAttribute('class'), /ring-2/);
    });

    // A search finds it, from the server, a later page than the first screen.
    await page.goto('/questions');
    await rows.first().waitFor({ timeout: 20_000 });
    const searched = page.waitForRequest((r) => r.url().includes('/api/questions?q='));
    // The seed's questions read "Question N of theme M: ...": all ten of the target's theme match.
    const [ofTheme] = /of theme \d+:/.exec(target.question);
    await page.getByRole('searchbox', { name: 'Search questions' }).fill(ofTheme);
    await searched;
    await eventually(async () => {
      assert.equal(await page.getByTestId('question-matches').textContent(), '10 questions match');
      assert.ok((await rows.getByTestId('question-text').allTextContents()).includes(target.question));
    }, 20_000);
    assert.equal(await rows.count(), 10, 'only what matched');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill('no question says this');
    await page.getByRole('heading', { name: 'No questions found' }).waitFor();
  });

  test('the Themes screen draws the rows of cards in view, Tab reaches the next ones, and scrolling shows the last theme', async () => {
    const themes = await api(page, 'GET', '/api/themes');
    assert.ok(themes.length >= 200, `${themes.length} themes`);
    await page.goto('/themes');
    await expectHeader(page, 'Themes', 'Organize communications around key themes and topics');
    const list = page.getByRole('list', { name: 'Themes', exact: true });
    const cards = list.getByRole('listitem');
    await cards.first().waitFor({ timeout: 20_000 });
    const drawn = await cards.count();
    assert.ok(drawn > 0 && drawn < 40, `${drawn} cards drawn of ${themes.length}`);
    // The list says its whole size, not what is drawn.
    assert.equal(await cards.first().getAttribute('aria-setsize'), String(themes.length));
    assert.equal(await list.getByRole('heading', { level: 3, name: themes.at(-1).name, exact: true }).count(), 0, 'the last theme is not drawn yet');

    // Tab from the first card's actions, one stop a card, past every card drawn at first.
    await list.getByRole('button', { name: `Actions for ${themes[0].name}` }).focus();
    const steps = drawn + 5;
    for (let i = 0; i < steps; i++) await page.keyboard.press('Tab');
    const at = await page.evaluate(() => document.activeElement?.closest('[role="listitem"]')?.getAttribute('aria-posinset'));
    assert.equal(at, String(steps + 1), 'focus is on a card drawn as Tab reached it');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Actions for ${themes[steps].name}`);

    // To the end of the page: the last theme is drawn, and still only a few cards.
    await eventually(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const names = await list.getByRole('heading', { level: 3 }).allTextContents();
      assert.equal(names.at(-1), themes.at(-1).name);
      assert.equal(await cards.last().getAttribute('aria-posinset'), String(themes.length));
      assert.ok((await cards.count()) < 40, `${await cards.count()} cards drawn`);
    }, 20_000);
    const box = await list.getByRole('heading', { level: 3, name: themes.at(-1).name, exact: true }).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 1000, `the last theme is at ${box?.y}px`);
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

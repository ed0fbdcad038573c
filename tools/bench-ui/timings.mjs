// The interaction timings of `make bench-ui` (issue 27): the Schedule at the
// five-year scale, driven by playwright-core on Debian's Chromium (never a
// downloaded browser), as a planner uses it after the first load:
//
//   month   click Next or Previous month on the calendar → the new month's
//           label and every one of its events drawn (the ids the API gives
//           for its grid), then the next frame painted; bytes are the API
//           responses of the step (gzip, the body as sent), prefetches included.
//   list    click List (a fresh page each time, the calendar drawn) → each
//           of the three columns shows rows, then the next frame painted.
//   scroll  each List view column scrolled to its end, a step a frame,
//           pages loaded as it goes: long tasks (PerformanceObserver
//           'longtask'), frames over 50 ms, and the most rows in the DOM.
//
// Every step also counts React commits and the components rendered in them
// (a devtools hook installed before the app starts), DOM elements added and
// long tasks, which stay steadier than the times on a loaded machine.
import { chromium } from 'playwright-core';

/** TIMING_TARGETS are issue 27's: a month ≤ 150 KB gzip and ≤ 300 ms, the List view ≤ 300 ms. */
export const TIMING_TARGETS = { monthMs: 300, monthKB: 150, listMs: 300 };

/** VIEWPORT is the e2e suites' window. */
const VIEWPORT = { width: 1440, height: 1000 };
const ZONE = 'Europe/Paris';
/** START is the month the navigation starts from: mid-programme, busy (about 400 events). */
const START = { year: 2029, month: 2 };

const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * PROBE runs in the page before the app: a React devtools hook that counts
 * commits, a long-task observer, a MutationObserver counting added elements,
 * and a larger resource-timing buffer. window.__bench reads and resets them.
 */
const PROBE = () => {
  const state = { commits: 0, rendered: 0, trees: new WeakMap(), added: 0, longTasks: [] };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(r) {
      const id = this.renderers.size + 1;
      this.renderers.set(id, r);
      return id;
    },
    onScheduleFiberRoot() {},
    // A component rendered in a commit is a fiber of the new tree that was
    // not in the last one (React renders into the other buffer; a subtree
    // that bails out keeps its objects) and that ran (PerformedWork, flag 1).
    onCommitFiberRoot(_id, root) {
      state.commits++;
      const last = state.trees.get(root) ?? new WeakSet();
      const seen = new WeakSet();
      const stack = [root.current];
      while (stack.length) {
        const f = stack.pop();
        seen.add(f);
        if ((f.flags & 1) === 1 && !last.has(f)) state.rendered++;
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
      }
      state.trees.set(root, seen);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  performance.setResourceTimingBufferSize(100000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const count = (nodes) => {
    let n = 0;
    for (const node of nodes) if (node.nodeType === 1) n += 1 + node.getElementsByTagName('*').length;
    return n;
  };
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      for (const r of records) state.added += count(r.addedNodes);
    }).observe(document.body, { childList: true, subtree: true });
  });
  window.__bench = {
    /**
     * click marks, clicks btn and waits (at most ms) until done() holds, then
     * for the next paint (a rAF runs before it, the task after it after).
     * Answers the mark and the milliseconds to the condition and the paint.
     */
    async click(btn, done, what, ms) {
      const t0 = this.mark();
      btn.click();
      await new Promise((resolve, reject) => {
        if (done()) return resolve();
        const timer = setTimeout(() => reject(new Error(`${what} not drawn in ${ms / 1000} s`)), ms);
        const obs = new MutationObserver(() => {
          if (done()) {
            obs.disconnect();
            clearTimeout(timer);
            resolve();
          }
        });
        obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const drawnMs = performance.now() - t0;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return { t0, drawnMs, paintedMs: performance.now() - t0 };
    },
    mark() {
      state.commits = 0;
      state.rendered = 0;
      state.added = 0;
      state.longTasks = [];
      return performance.now();
    },
    read(since) {
      const api = performance.getEntriesByType('resource').filter((e) => e.startTime >= since && new URL(e.name).pathname.startsWith('/api/'));
      const lt = state.longTasks.filter((t) => t.start >= since);
      return {
        commits: state.commits,
        rendered: state.rendered,
        added: state.added,
        longTasks: lt.length,
        longTaskMs: lt.reduce((s, t) => s + t.ms, 0),
        apiRequests: api.length,
        apiBodyBytes: api.reduce((s, e) => s + e.encodedBodySize, 0),
        apiTransferBytes: api.reduce((s, e) => s + e.transferSize, 0),
        apiDecodedBytes: api.reduce((s, e) => s + e.decodedBodySize, 0),
      };
    },
  };
};


/** stats gives the median and p95 (nearest rank) of xs. */
export function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return { n: 0, median: null, p95: null, max: null };
  const rank = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { n: s.length, median, p95: rank(0.95), max: s.at(-1) };
}

/** monthGrid is the days a month view shows (Sunday on or before the 1st to Saturday on or after the last), as YYYY-MM-DD. */
function monthGrid(year, month) {
  const key = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const first = new Date(year, month, 1);
  const last = new Date(year, month + 1, 0);
  return { from: key(new Date(year, month, 1 - first.getDay())), to: key(new Date(year, month + 1, 0 + (6 - last.getDay()))) };
}

const LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** monthIds reads the ids of a month's grid from the API (Node's fetch: the page's caches are not touched). */
async function monthIds(base, cookie, year, month) {
  const { from, to } = monthGrid(year, month);
  const res = await fetch(`${base}/api/communications?from=${from}&to=${to}&tz=${encodeURIComponent(ZONE)}`, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`month ${from}..${to}: ${res.status}`);
  return (await res.json()).map((c) => c.id);
}

/**
 * navigate clicks the toolbar's button (Next month / Previous month) and
 * waits until the heading reads label and exactly the ids are drawn.
 * Answers the milliseconds to the condition and to the next paint.
 */
function navigate(page, button, label, ids) {
  return page.evaluate(
    async ([button, label, ids]) => {
      const want = new Set(ids);
      const heading = () => [...document.querySelectorAll('h3')].find((h) => /^[A-Z][a-z]+ \d{4}$/.test(h.textContent ?? ''));
      const done = () => {
        if (heading()?.textContent !== label) return false;
        const drawn = new Set([...document.querySelectorAll('[data-testid="calendar-event"]')].map((e) => e.getAttribute('data-id')));
        if (drawn.size !== want.size) return false;
        for (const id of drawn) if (!want.has(id)) return false;
        return true;
      };
      const btn = document.querySelector(`button[aria-label="${button}"]`);
      return window.__bench.click(btn, done, label, 30_000);
    },
    [button, label, ids],
  );
}

/** settle waits until no API response has arrived for quietMs (the step's prefetches are in), at most 10 s. */
async function settle(page, quietMs = 600) {
  await page.evaluate(async (quiet) => {
    const last = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).reduce((m, e) => Math.max(m, e.responseEnd), 0);
    const end = performance.now() + 10_000;
    while (performance.now() < end && performance.now() - last() < quiet) await new Promise((r) => setTimeout(r, 100));
  }, quietMs);
}

/** openSchedule loads /schedule and waits for the calendar's events. */
async function openSchedule(page) {
  await page.goto('/schedule');
  await page.getByRole('heading', { name: 'Communication Calendar' }).waitFor({ timeout: 60_000 });
}

/** gotoMonth steps the calendar, unmeasured, to year and month (0-based). */
async function gotoMonth(page, year, month) {
  const heading = page.getByRole('heading', { level: 3 }).filter({ hasText: /^[A-Z][a-z]+ \d{4}$/ }).first();
  for (let i = 0; i < 200; i++) {
    const text = await heading.textContent();
    const shown = new Date(`1 ${text}`);
    if (shown.getFullYear() === year && shown.getMonth() === month) return;
    const forward = shown < new Date(year, month, 1);
    await page.getByRole('button', { name: forward ? 'Next month' : 'Previous month' }).click();
    await page.waitForFunction((t) => [...document.querySelectorAll('h3')].every((h) => h.textContent !== t), text);
  }
  throw new Error(`never reached ${year}-${month + 1}`);
}

/** monthSteps measures reps moves forward from START, then reps back. */
async function monthSteps(page, base, cookie, reps) {
  await openSchedule(page);
  await gotoMonth(page, START.year, START.month);
  await settle(page);
  const steps = [];
  let { year, month } = START;
  for (const [button, delta] of [
    ['Next month', 1],
    ['Previous month', -1],
  ]) {
    for (let i = 0; i < reps; i++) {
      const d = new Date(year, month + delta, 1);
      [year, month] = [d.getFullYear(), d.getMonth()];
      const label = LABEL.format(d);
      const ids = await monthIds(base, cookie, year, month);
      const t = await navigate(page, button, label, ids);
      await settle(page);
      const probe = await page.evaluate((since) => window.__bench.read(since), t.t0);
      steps.push({ action: button === 'Next month' ? 'next' : 'previous', month: label, events: ids.length, drawnMs: t.drawnMs, paintedMs: t.paintedMs, ...probe });
    }
  }
  return steps;
}

/** listSteps measures reps switches to the List view, each on a freshly loaded page. */
async function listSteps(page, reps) {
  const steps = [];
  for (let i = 0; i < reps; i++) {
    await openSchedule(page);
    await settle(page);
    const t = await page.evaluate(async () => {
      const cols = ['scheduled', 'drafts', 'sent'];
      const done = () =>
        cols.every((k) => {
          const col = document.querySelector(`[data-testid="column-${k}"]`);
          return col && (col.querySelector('[data-testid="schedule-item"]') || /No .* communications/.test(col.textContent ?? ''));
        });
      const btn = [...document.querySelectorAll('[aria-label="View"] button')].find((b) => b.textContent?.trim() === 'List');
      return window.__bench.click(btn, done, 'List view', 60_000);
    });
    await settle(page);
    const probe = await page.evaluate((since) => window.__bench.read(since), t.t0);
    const rows = await page.locator('[data-testid="schedule-item"]').count();
    steps.push({ action: 'list', rep: i + 1, drawnMs: t.drawnMs, paintedMs: t.paintedMs, rows, ...probe });
  }
  return steps;
}

/**
 * scrollColumns scrolls each List view column (already on screen) to its
 * end, 400 px a frame, waiting at the bottom while a page loads; it counts
 * frames, frames over 50 ms, long tasks and the most rows drawn at once.
 */
async function scrollColumns(page) {
  const out = [];
  for (const key of ['scheduled', 'drafts', 'sent']) {
    const r = await page.evaluate(async (key) => {
      const col = document.querySelector(`[data-testid="column-${key}"]`);
      const total = Number(col.querySelector('[data-testid="column-count"]').textContent);
      const scroller = col.querySelector('[data-testid="column-scroll"]');
      const t0 = window.__bench.mark();
      let frames = 0;
      let slow = 0;
      let maxGap = 0;
      let maxRows = 0;
      let last = performance.now();
      let stalled = performance.now();
      let lastIndex = -1;
      const deadline = performance.now() + 300_000;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        const gap = now - last;
        last = now;
        frames++;
        if (gap > 50) slow++;
        maxGap = Math.max(maxGap, gap);
        const rows = col.querySelectorAll('[data-testid="schedule-item"]');
        maxRows = Math.max(maxRows, rows.length);
        const index = Math.max(...[...rows].map((e) => Number(e.getAttribute('data-index'))));
        if (index > lastIndex) {
          lastIndex = index;
          stalled = now;
        }
        const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
        // The Scheduled column drops same-title same-time duplicates: its last index can be under total - 1.
        if (atEnd && (lastIndex >= total - 1 || now - stalled > 5000)) break;
        if (now > deadline) break;
        scroller.scrollTop += 400;
      }
      const ms = performance.now() - t0;
      return { t0, column: key, total, lastIndex, frames, slowFrames: slow, maxFrameMs: maxGap, maxRows, scrollMs: ms };
    }, key);
    const probe = await page.evaluate((since) => window.__bench.read(since), r.t0);
    out.push({ ...r, ...probe });
  }
  return out;
}

/** cookiesOf turns a Cookie header into playwright cookies for base. */
function cookiesOf(header, base) {
  return header.split('; ').map((kv) => {
    const i = kv.indexOf('=');
    return { name: kv.slice(0, i), value: kv.slice(i + 1), url: base };
  });
}

/**
 * runTimings measures the Schedule's interactions on the server at base,
 * signed in with cookie: reps month moves each way, reps List view
 * switches and (unless scroll is false) one scroll of each column to its end.
 */
export async function runTimings({ base, cookie, chromePath, reps, scroll: withScroll = true, log }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, timezoneId: ZONE });
    await context.addCookies(cookiesOf(cookie, base));
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    log('timings: month navigation…');
    const month = await monthSteps(page, base, cookie, reps);
    log('timings: List view…');
    const list = await listSteps(page, reps);
    log('timings: scrolling the List view…');
    const scroll = withScroll ? await scrollColumns(page) : [];
    return { viewport: VIEWPORT, timezone: ZONE, reps, month, list, scroll, summary: summarise(month, list, scroll) };
  } finally {
    await browser.close();
  }
}

/** summarise gives each measure's median and p95 and the targets missed. */
export function summarise(month, list, scroll) {
  const of = (steps, f) => stats(steps.map(f));
  const m = {
    monthPaintedMs: of(month, (s) => s.paintedMs),
    monthKB: of(month, (s) => s.apiBodyBytes / 1024),
    monthLongTaskMs: of(month, (s) => s.longTaskMs),
    monthCommits: of(month, (s) => s.commits),
    monthRendered: of(month, (s) => s.rendered),
    monthAdded: of(month, (s) => s.added),
    listPaintedMs: of(list, (s) => s.paintedMs),
    listKB: of(list, (s) => s.apiBodyBytes / 1024),
    listLongTaskMs: of(list, (s) => s.longTaskMs),
    listCommits: of(list, (s) => s.commits),
    listRendered: of(list, (s) => s.rendered),
    listRows: of(list, (s) => s.rows),
    scrollMaxRows: scroll.length ? Math.max(...scroll.map((s) => s.maxRows)) : null,
    scrollLongTaskMs: scroll.reduce((a, s) => a + s.longTaskMs, 0),
    scrollSlowFrames: scroll.reduce((a, s) => a + s.slowFrames, 0),
    scrollFrames: scroll.reduce((a, s) => a + s.frames, 0),
    scrollRendered: scroll.reduce((a, s) => a + (s.rendered ?? 0), 0),
  };
  const misses = [];
  if (m.monthPaintedMs.p95 > TIMING_TARGETS.monthMs) misses.push('month time');
  if (m.monthKB.max > TIMING_TARGETS.monthKB) misses.push('month KB');
  if (m.listPaintedMs.p95 > TIMING_TARGETS.listMs) misses.push('List view time');
  m.misses = misses;
  return m;
}

const ms = (v) => (v === null || v === undefined ? '—' : `${Math.round(v)} ms`);
const num = (v, d = 0) => (v === null || v === undefined ? '—' : v.toFixed(d));

/** timingsTable prints a run's timings as Markdown. */
export function timingsTable(t) {
  const s = t.summary;
  const lines = [
    `Schedule interactions at scale (${t.reps} repetitions; median / p95):`,
    '',
    '| action | time to drawn | API KB (gzip) | long tasks | React commits | components rendered | elements added | rows in DOM |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| month (next/previous, ${t.month.length} moves, ${Math.round(stats(t.month.map((x) => x.events)).median)} events median) | ${ms(s.monthPaintedMs.median)} / ${ms(s.monthPaintedMs.p95)} | ${num(s.monthKB.median, 1)} / ${num(s.monthKB.max, 1)} max | ${ms(s.monthLongTaskMs.median)} / ${ms(s.monthLongTaskMs.p95)} | ${num(s.monthCommits.median)} / ${num(s.monthCommits.p95)} | ${num(s.monthRendered?.median)} / ${num(s.monthRendered?.p95)} | ${num(s.monthAdded.median)} / ${num(s.monthAdded.p95)} | — |`,
    `| switch to List view (fresh page each) | ${ms(s.listPaintedMs.median)} / ${ms(s.listPaintedMs.p95)} | ${num(s.listKB.median, 1)} / ${num(s.listKB.max, 1)} max | ${ms(s.listLongTaskMs.median)} / ${ms(s.listLongTaskMs.p95)} | ${num(s.listCommits.median)} / ${num(s.listCommits.p95)} | ${num(s.listRendered?.median)} / ${num(s.listRendered?.p95)} | — | ${num(s.listRows.median)} |`,
  ];
  for (const c of t.scroll) {
    lines.push(
      `| scroll ${c.column} to its end (${c.total} rows, ${c.frames} frames, ${c.slowFrames} over 50 ms, worst ${Math.round(c.maxFrameMs)} ms) | ${ms(c.scrollMs)} | ${num(c.apiBodyBytes / 1024, 1)} | ${c.longTasks}, ${ms(c.longTaskMs)} | ${c.commits} | ${c.rendered ?? '—'} | ${c.added} | ${c.maxRows} max |`,
    );
  }
  lines.push('', `targets (month ≤ ${TIMING_TARGETS.monthMs} ms and ≤ ${TIMING_TARGETS.monthKB} KB, List view ≤ ${TIMING_TARGETS.listMs} ms; p95 of time, max of KB): ${s.misses.length ? `missed: ${s.misses.join(', ')}` : 'met'}`);
  return lines.join('\n');
}

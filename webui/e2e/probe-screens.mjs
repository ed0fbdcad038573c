// probe-screens: load-independent figures of a screen's first load, for
// comparing two binaries on one database. For each screen: DOM
// elements once the network is idle, the long tasks (> 50 ms) and their
// total, the LCP time and element, the API requests started before the LCP,
// the bytes transferred, the layout shift, and (with --profile) the
// functions with the most self time in a CPU profile of the load.
//
//   COMMSPLAN_BIN=/tmp/bin node e2e/probe-screens.mjs [--seed=--demo,--scale]
//        [--screens=/audiences,/content] [--data-dir=DIR] [--profile] [--runs=N]
//
// Chromium's window is Lighthouse desktop's (1350 × 940). Timings depend on
// the machine's load; elements, requests, bytes and shift do not.
import { startServer, launchBrowser, ACCESS_CODE } from './harness.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k, v.length ? v.join('=') : 'true'];
  }),
);
const screens = (args.screens ?? '/audiences,/questions,/content,/assembly,/vehicles').split(',');
const seed = (args.seed ?? '--demo,--scale').split(',');
const runs = Number(args.runs ?? 1);

const server = await startServer({ seed, healthMs: 120_000 });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page0 = await context.newPage();
  await page0.goto(server.base + '/');
  const res = await page0.request.post(server.base + '/api/session', { data: { code: ACCESS_CODE }, headers: { Origin: server.base } });
  if (!res.ok()) throw new Error(`sign-in ${res.status()}`);
  await page0.close();
  await context.addInitScript(() => {
    window.__probe = { long: [], lcp: [], cls: 0 };
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__probe.long.push({ start: e.startTime, ms: e.duration }))).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((l) =>
      l.getEntries().forEach((e) => {
        const el = e.element;
        window.__probe.lcp.push({ t: e.startTime, size: e.size, el: el ? `${el.tagName.toLowerCase()}${el.dataset?.testid ? `[${el.dataset.testid}]` : ''} "${(el.textContent ?? '').slice(0, 40)}"` : null });
      }),
    ).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => !e.hadRecentInput && (window.__probe.cls += e.value))).observe({ type: 'layout-shift', buffered: true });
  });
  for (const path of screens) {
    for (let r = 0; r < runs + 1; r++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const requests = [];
      let bytes = 0;
      cdp.on('Network.requestWillBeSent', (e) => requests.push({ id: e.requestId, url: e.request.url, t: e.timestamp }));
      cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
      await cdp.send('Network.enable');
      const profile = args.profile && r > 0;
      if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(server.base + path, { waitUntil: 'networkidle' });
      // Settled: no loading state left and the element count unchanged for a second.
      for (let last = -1, n = 0; ; ) {
        await page.waitForTimeout(1000);
        n = await page.evaluate(() => (document.querySelector('[role="status"][aria-label^="Loading"], [aria-busy="true"]') ? -2 : document.querySelectorAll('*').length));
        if (n === last && n > 0) break;
        last = n;
      }
      const probe = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        return { ...window.__probe, elements: document.querySelectorAll('*').length, navStart: performance.timeOrigin, domContentLoaded: nav.domContentLoadedEventEnd };
      });
      let top = [];
      if (profile) {
        const { profile: p } = await cdp.send('Profiler.stop');
        top = selfTimes(p).slice(0, 15);
      }
      await page.close();
      if (r === 0) continue; // the first load warms the server's caches, as bench-ui's warm-up
      const lcp = probe.lcp.at(-1);
      const originSec = probe.navStart / 1000;
      // CDP timestamps are monotonic seconds; performance.timeOrigin is wall time: compare relative to the first request.
      const t0 = requests[0]?.t ?? 0;
      const beforeLcp = requests.filter((q) => lcp && (q.t - t0) * 1000 <= lcp.t && new URL(q.url).pathname.startsWith('/api/'));
      const longMs = probe.long.reduce((s, l) => s + l.ms, 0);
      const blocking = probe.long.reduce((s, l) => s + Math.max(0, l.ms - 50), 0);
      console.log(
        JSON.stringify({
          path,
          elements: probe.elements,
          longTasks: probe.long.length,
          longMs: Math.round(longMs),
          blockingMs: Math.round(blocking),
          lcpMs: lcp ? Math.round(lcp.t) : null,
          lcpElement: lcp?.el ?? null,
          apiBeforeLcp: beforeLcp.map((q) => new URL(q.url).pathname + new URL(q.url).search),
          apiRequests: requests.filter((q) => new URL(q.url).pathname.startsWith('/api/')).length,
          kb: Math.round(bytes / 1024),
          cls: Number(probe.cls.toFixed(3)),
          originSec: Math.round(originSec),
          ...(profile ? { top } : {}),
        }),
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

/** selfTimes sums a CPU profile's self time by function and file, largest first. */
function selfTimes(p) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]);
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  }
  return [...self.entries()]
    .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${Math.round(v)} ms ${k}`);
}

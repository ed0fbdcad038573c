// make bench-ui: Lighthouse desktop, authenticated, on every screen of the
// app, on the demo data and on the demo data plus the five-year scale
// dataset (`seed --demo --scale`, issue 27), and the Schedule of the demo
// data after a 180-activity campaign import ("import"). Each dataset gets its own
// temporary data directory and `serve`; Debian's Chromium is started by
// chrome-launcher (no browser is ever downloaded). Prints a Markdown table
// and writes every figure, with the diagnostics behind it, as JSON.
//
//   node bench.mjs [--bin PATH] [--json PATH] [--datasets demo,scale,import]
//                  [--screens /,/schedule] [--runs N] [--warmup N]
//                  [--timings-only] [--no-timings] [--no-scroll] [--reps N]
//
// On the scale dataset it then times the Schedule's interactions
// (timings.mjs, playwright-core): month navigation, the switch to the List
// view and scrolling its columns, --reps N times each (default 10).
// --timings-only seeds only the scale dataset and runs only those;
// --no-timings runs only Lighthouse; --no-scroll leaves out the scrolling
// (the longest part: minutes on a loaded machine). Each part replaces its own section of
// the JSON and keeps the other's.
//
// --runs N reports the run of median performance; --warmup N first loads
// each screen N times unmeasured (default 1: the server's caches of the
// screen's queries are warm, as for a planner on a running server).
// --print FILE prints the tables of an earlier run's JSON.
// BENCH_UI_DUMP=FILE writes the last full Lighthouse result there.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { runTimings, timingsTable } from './timings.mjs';

/** SCREENS are the routes of the navigation (webui/src/lib/routes.ts). */
const SCREENS = [
  ['/', 'Dashboard'],
  ['/inbox', 'My reviews'],
  ['/campaign-scheduler', 'Campaign Scheduler'],
  ['/campaign-inventory', 'Campaign Inventory'],
  ['/themes', 'Themes'],
  ['/questions', 'Questions'],
  ['/audiences', 'Audiences'],
  ['/vehicles', 'Delivery Vehicles'],
  ['/assembly', 'Content Assembler'],
  ['/content', 'Content Library'],
  ['/schedule', 'Schedule'],
  ['/business-readiness', 'Business Readiness'],
  ['/people', 'People'],
];

/**
 * DATASETS are the `commsplan seed` flags of each dataset. "import" is the
 * demo data after a 180-activity campaign import (importCampaign), the
 * Schedule only: the month a planner opens after importing.
 */
const DATASETS = { demo: ['--demo'], scale: ['--demo', '--scale'], import: ['--demo'] };

/** DATASET_SCREENS narrow a dataset to the screens it is about. */
const DATASET_SCREENS = { import: ['/schedule'] };

/** TARGETS are issue 27's: performance, LCP, TBT, CLS at every screen. */
const TARGETS = { performance: { demo: 96, scale: 95, import: 96 }, lcpMs: 1000, tbtMs: 200, cls: 0.1 };

/**
 * importCampaign generates a technology campaign from the first of this
 * month over 180 days (about 180 activities, the current month's among
 * them), saves it and imports all of it, every audience name to everyone,
 * through the API a planner's dialog uses.
 */
async function importCampaign(base, cookie) {
  const call = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: base }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const day = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth(), 1);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 180);
  const goLive = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 90);
  const { schedule } = await call('POST', '/api/campaigns/generate', {
    campaignName: 'Bench Import',
    startDate: day(start),
    endDate: day(end),
    campaignTypes: ['technology-implementation'],
    goLiveDate: day(goLive),
  });
  const saved = await call('POST', '/api/campaigns', { title: 'Bench Import', schedule });
  const labels = [...new Set(schedule.activities.map((a) => a.audience))];
  const res = await call('POST', `/api/campaigns/${saved.id}/import`, { audienceMap: Object.fromEntries(labels.map((l) => [l, ['']])) });
  return res.created.length;
}

const ACCESS_CODE = 'BENCH-UI-CODE';

/** CHROME_FLAGS keep the headless browser quiet and offline. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const { values: opts } = parseArgs({
  options: {
    bin: { type: 'string', default: '../../bin/commsplan' },
    json: { type: 'string', default: '../../docs/bench-ui.json' },
    datasets: { type: 'string', default: 'demo,scale,import' },
    screens: { type: 'string', default: '' },
    runs: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '1' },
    chrome: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    print: { type: 'string', default: '' },
    'timings-only': { type: 'boolean', default: false },
    'no-timings': { type: 'boolean', default: false },
    'no-scroll': { type: 'boolean', default: false },
    reps: { type: 'string', default: '10' },
  },
});

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** startServer seeds a temporary data directory and runs `serve` on it. */
async function startServer(bin, seedFlags) {
  const dataDir = mkdtempSync(join(tmpdir(), 'commsplan-bench-ui-'));
  const t0 = Date.now();
  execFileSync(bin, ['seed', '--data-dir', dataDir, ...seedFlags], { stdio: 'ignore' });
  const seedMs = Date.now() - t0;
  const port = await freePort();
  const addr = `127.0.0.1:${port}`;
  const output = [];
  // The shared code signs in an admin, who adds the named admin the bench
  // signs in as (a named person has every screen, My reviews included).
  const proc = spawn(bin, ['serve', '--data-dir', dataDir, '--addr', addr, '--access-codes', ACCESS_CODE], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, COMMSPLAN_ACCESS_CODES: ACCESS_CODE, COMMSPLAN_AUTH_SHARED_ROLE: 'admin' },
  });
  proc.stdout.on('data', (d) => output.push(String(d)));
  proc.stderr.on('data', (d) => output.push(String(d)));
  const base = `http://${addr}`;
  const stop = async () => {
    if (proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`commsplan exited with ${proc.exitCode}:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`commsplan did not become healthy:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, seedMs, stop };
}

/** signIn opens a session with code and returns its cookie header. */
async function signIn(base, code) {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ code }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** adminCookie signs in with the shared code, adds a named admin and signs in as them. */
async function adminCookie(base) {
  const shared = await signIn(base, ACCESS_CODE);
  const res = await fetch(`${base}/api/people`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: shared, Origin: base },
    body: JSON.stringify({ name: 'Bench Admin', role: 'admin' }),
  });
  if (!res.ok) throw new Error(`add person: ${res.status} ${await res.text()}`);
  const { code } = await res.json();
  return signIn(base, code);
}

/** measure runs Lighthouse desktop on url and picks the figures of the table and the diagnostics. */
async function measure(url, port, cookie) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } };
  const { lhr } = await lighthouse(url, flags, desktopConfig);
  if (process.env.BENCH_UI_DUMP) writeFileSync(process.env.BENCH_UI_DUMP, JSON.stringify(lhr, null, 1));
  const a = lhr.audits;
  const num = (id) => a[id]?.numericValue ?? null;
  const items = (id) => a[id]?.details?.items ?? [];
  const requests = items('network-requests');
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcpMs: num('first-contentful-paint'),
    siMs: num('speed-index'),
    transferBytes: num('total-byte-weight'),
    apiTransferBytes: api.reduce((s, r) => s + (r.transferSize ?? 0), 0),
    domNodes: items('dom-size-insight').find((i) => i.statistic === 'Total elements')?.value?.value ?? null,
    mainThreadMs: num('mainthread-work-breakdown'),
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings,
    apiRequests: api.map((r) => ({ url: new URL(r.url).pathname + new URL(r.url).search, transferBytes: r.transferSize, ms: Math.round((r.networkEndTime ?? 0) - (r.networkRequestTime ?? 0)) })),
    layoutShifts: items('layout-shifts').map((s) => ({ score: s.score, node: s.node?.selector ?? s.node?.snippet ?? null })),
    lcpElement: items('lcp-breakdown-insight').find((i) => i.type === 'node')?.selector ?? null,
  };
}

/** misses lists the targets a row misses. */
function misses(row) {
  const out = [];
  if (row.performance === null || row.performance < TARGETS.performance[row.dataset]) out.push('performance');
  if (row.lcpMs === null || row.lcpMs > TARGETS.lcpMs) out.push('LCP');
  if (row.tbtMs === null || row.tbtMs > TARGETS.tbtMs) out.push('TBT');
  if (row.cls === null || row.cls > TARGETS.cls) out.push('CLS');
  return out;
}

/** warm loads url once in Lighthouse's browser, auditing nothing but the requests: the server's caches of the screen's queries fill. */
async function warm(url, port, cookie) {
  const flags = { port, logLevel: 'error', onlyAudits: ['network-requests'], extraHeaders: { Cookie: cookie } };
  await lighthouse(url, flags, desktopConfig);
}

/** median picks the run with the median performance score. */
function median(runs) {
  const sorted = [...runs].sort((x, y) => (x.performance ?? -1) - (y.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const fmt = (v, f) => (v === null || v === undefined ? '—' : f(v));

function table(rows) {
  const lines = [
    '| screen | dataset | performance | LCP | TBT | CLS | transferred KB | API KB | DOM nodes | misses |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.screen} (\`${r.path}\`) | ${r.dataset} | ${fmt(r.performance, String)} | ${fmt(r.lcpMs, (v) => `${(v / 1000).toFixed(2)} s`)} | ${fmt(r.tbtMs, (v) => `${Math.round(v)} ms`)} | ${fmt(r.cls, (v) => v.toFixed(3))} | ${fmt(r.transferBytes, (v) => (v / 1024).toFixed(0))} | ${fmt(r.apiTransferBytes, (v) => (v / 1024).toFixed(1))} | ${fmt(r.domNodes, String)} | ${r.misses.length ? r.misses.join(', ') : 'none'} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  if (opts.print) {
    // --print FILE prints the tables of a run's JSON (one cut short included).
    const prior = JSON.parse(readFileSync(resolve(opts.print), 'utf8'));
    if (prior.rows?.length) console.log(table(prior.rows));
    if (prior.timings) console.log(`\n${timingsTable(prior.timings)}`);
    return;
  }
  const bin = resolve(opts.bin);
  if (!existsSync(bin)) throw new Error(`commsplan binary not found at ${bin}: run make build`);
  const wanted = opts.screens ? opts.screens.split(',') : null;
  // --screens keeps its own order (a slow screen can go last).
  const screens = wanted ? wanted.map((p) => SCREENS.find(([q]) => q === p) ?? [p, p]) : SCREENS;
  const runs = Math.max(1, Number(opts.runs));
  const warmup = Math.max(0, Number(opts.warmup));
  const started = new Date();
  const rows = [];
  const seeds = {};
  const timingsOnly = opts['timings-only'];
  const withTimings = !opts['no-timings'];
  const reps = Math.max(1, Number(opts.reps));
  // Lighthouse's browser; none with --timings-only.
  const launch = () => (timingsOnly ? null : chromeLauncher.launch({ chromePath: opts.chrome, chromeFlags: CHROME_FLAGS, logLevel: 'silent' }));
  let chrome = await launch();
  let server = null;
  let timings = null;
  const relaunch = async () => {
    await chrome?.kill();
    chrome = await launch();
  };
  const save = () => writeJson({ started, runs, warmup, seeds, rows: timingsOnly ? null : rows, timings });
  // Stopped by a signal, the run still ends its browser and server.
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => {
      await Promise.allSettled([chrome?.kill(), server?.stop()]);
      process.exit(130);
    });
  }
  try {
    for (const dataset of timingsOnly ? ['scale'] : opts.datasets.split(',')) {
      const flags = DATASETS[dataset];
      if (!flags) throw new Error(`unknown dataset ${dataset}: demo, scale or import`);
      process.stderr.write(`${dataset}: seeding (seed ${flags.join(' ')})…\n`);
      server = await startServer(bin, flags);
      seeds[dataset] = { flags, seedMs: server.seedMs };
      try {
        const cookie = await adminCookie(server.base);
        if (dataset === 'import') {
          seeds[dataset].imported = await importCampaign(server.base, cookie);
          process.stderr.write(`import: ${seeds[dataset].imported} activities imported\n`);
        }
        const only = DATASET_SCREENS[dataset];
        for (const [path, screen] of timingsOnly ? [] : screens.filter(([p]) => !only || only.includes(p))) {
          const url = server.base + path;
          // A first, discarded run fills the server's caches of the screen's
          // queries: the table is what a planner sees on a warm server.
          // A screen whose run fails (a protocol timeout while its main
          // thread is blocked) is reported with its error; the others go on.
          const attempt = async (fn) => {
            try {
              return await fn();
            } catch (err) {
              return { performance: null, lcpMs: null, tbtMs: null, cls: null, transferBytes: null, apiTransferBytes: null, domNodes: null, runtimeError: err.friendlyMessage ?? err.message };
            }
          };
          for (let i = 0; i < warmup; i++) await attempt(() => warm(url, chrome.port, cookie));
          const results = [];
          for (let i = 0; i < runs; i++) {
            let r = await attempt(() => measure(url, chrome.port, cookie));
            // A trace Lighthouse could not read (NO_NAVSTART on a loaded machine) gets one more try.
            if (r.runtimeError) {
              await relaunch();
              r = await attempt(() => measure(url, chrome.port, cookie));
            }
            results.push(r);
          }
          // After a failed run the browser is often left unusable ("an
          // internal Chrome error"): the next screen gets a new one.
          if (results.some((r) => r.runtimeError)) await relaunch();
          const m = median(results);
          const row = { screen, path, dataset, ...m, load1: Number(loadavg()[0].toFixed(2)), runs: results.map((r) => r.performance) };
          row.misses = misses(row);
          rows.push(row);
          // Written after every screen, so a run cut short keeps what it measured.
          save();
          process.stderr.write(
            `${dataset} ${path}: performance ${m.performance}, LCP ${Math.round(m.lcpMs)} ms, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls?.toFixed(3)}, load ${row.load1}${m.runtimeError ? `, error: ${m.runtimeError}` : ''}\n`,
          );
        }
        // The Schedule's interactions, on the five-year data only.
        if (dataset === 'scale' && withTimings) {
          const load = loadavg().map((v) => Number(v.toFixed(2)));
          const begun = new Date().toISOString();
          const t = await runTimings({ base: server.base, cookie, chromePath: opts.chrome, reps, scroll: !opts['no-scroll'], log: (m) => process.stderr.write(`${m}\n`) });
          timings = { started: begun, finished: new Date().toISOString(), loadavgBefore: load, loadavgAfter: loadavg().map((v) => Number(v.toFixed(2))), ...t };
          save();
        }
      } finally {
        await server.stop();
        server = null;
      }
    }
  } finally {
    await chrome?.kill();
  }
  const out = save();
  if (out.rows?.length && !timingsOnly) console.log(table(rows));
  if (timings) console.log(`\n${timingsTable(timings)}`);
  console.log(`\nload average at the end: ${loadavg().map((v) => v.toFixed(2)).join(', ')}; JSON: ${resolve(opts.json)}`);
}

/**
 * writeJson writes the run so far to --json and returns it. A part not run
 * (rows null: --timings-only; timings null: --no-timings or no scale
 * dataset) keeps what the file held, so each part can be run alone.
 */
function writeJson({ started, runs, warmup, seeds, rows, timings }) {
  let prior = {};
  try {
    prior = JSON.parse(readFileSync(resolve(opts.json), 'utf8'));
  } catch {
    // no earlier run
  }
  const lighthouseRun = rows !== null;
  const out = {
    started: lighthouseRun ? started.toISOString() : prior.started,
    finished: lighthouseRun ? new Date().toISOString() : prior.finished,
    lighthouse: '13.5.0 (desktop preset, performance only)',
    chromium: opts.chrome,
    runs: lighthouseRun ? runs : prior.runs,
    warmup: lighthouseRun ? warmup : prior.warmup,
    loadavg: lighthouseRun ? loadavg().map((v) => Number(v.toFixed(2))) : prior.loadavg,
    targets: TARGETS,
    seeds: lighthouseRun ? seeds : prior.seeds,
    rows: lighthouseRun ? rows : (prior.rows ?? []),
    timings: timings ?? prior.timings ?? null,
  };
  writeFileSync(resolve(opts.json), `${JSON.stringify(out, null, 2)}\n`);
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

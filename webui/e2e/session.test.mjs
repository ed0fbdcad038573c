// A first visit, as a new user makes it: the access gate shows and the
// browser logs no error (GET /api/session answers 200 {"authenticated": false}).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a fresh visit shows the gate and logs no console error', async () => {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  const session = page.waitForResponse((r) => r.url().endsWith('/api/session'));
  await page.goto('/');
  const res = await session;
  assert.equal(res.status(), 200);
  assert.deepEqual(await res.json(), { authenticated: false });
  await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(problems, []);
  await context.close();
});

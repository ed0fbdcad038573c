// Small helpers for the end-to-end scenarios (playwright-core has no expect).
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { ACCESS_CODE } from './harness.mjs';

/** eventually retries fn until it stops throwing or the timeout passes. */
export async function eventually(fn, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      last = err;
      if (Date.now() > deadline) throw last;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** expectToast waits for an open toast with exactly this title. */
export async function expectToast(page, title) {
  await page.locator('li[data-state="open"]', { has: page.getByText(title, { exact: true }) }).first().waitFor({ timeout: 10_000 });
}

/** expectHeader checks the header title and subtitle. */
export async function expectHeader(page, title, subtitle) {
  await eventually(async () => {
    assert.equal(await page.getByTestId('page-title').textContent(), title);
    assert.equal(await page.getByTestId('page-subtitle').textContent(), subtitle);
  });
}

/**
 * checkA11y runs axe on the page and fails on serious or critical violations.
 * Sandboxed iframes (generated previews) are always left out: no script
 * runs in them, so axe's run inside would never finish. Their documents are
 * built by the app, and the tests check their title attribute themselves.
 * exclude leaves out a further selector.
 */
export async function checkA11y(page, where, { exclude } = {}) {
  const builder = new AxeBuilder({ page }).exclude('iframe[sandbox]');
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`).join('\n  ');
  assert.equal(bad.length, 0, `axe found serious or critical violations on ${where}:\n  ${report}`);
}

/** chooseOption picks an option of a Radix select named by its label. */
export async function chooseOption(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** api calls the server with the page's session cookie. */
export async function api(page, method, path, data) {
  const res = await page.request.fetch(path, { method, data, headers: data ? { 'Content-Type': 'application/json' } : undefined });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? undefined : res.json();
}

/**
 * watchedPage opens a page in a new browser context (options are passed to
 * newContext; baseURL is the server and the viewport 1440×1000 unless given)
 * that the suites can hold to account: every request to another host is
 * refused and recorded in log.external, every uncaught page error goes to
 * log.pageErrors, and every confirm prompt is accepted with its text kept in
 * log.confirms.
 */
export async function watchedPage(browser, server, log, options = {}) {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1440, height: 1000 }, ...options });
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
    log.external?.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => log.pageErrors?.push(err.message));
  page.on('dialog', async (d) => {
    log.confirms?.push(d.message());
    await d.accept();
  });
  return { context, page };
}

/** signIn enters the test access code at the gate and waits for the Dashboard. */
export async function signIn(page) {
  await page.goto('/');
  await page.getByLabel('Access Code').fill(ACCESS_CODE);
  await page.getByRole('button', { name: 'Access System' }).click();
  await expectHeader(page, 'Dashboard', 'Overview of your communication planning activities');
}

/** signInWith enters code at the gate and waits for the Dashboard. */
export async function signInWith(page, code) {
  await page.goto('/');
  await page.getByLabel('Access Code').fill(code);
  await page.getByRole('button', { name: 'Access System' }).click();
  await expectHeader(page, 'Dashboard', 'Overview of your communication planning activities');
}

/**
 * discardIfAsked answers "Discard changes" when a dialog being closed asks
 * about unsaved changes, then waits for it to close. A form whose failed
 * save left nothing it counts as changed closes without asking.
 */
export async function discardIfAsked(dialog) {
  const confirm = dialog.getByTestId('discard-confirm');
  const asked = await Promise.race([
    confirm.waitFor().then(() => true, () => false),
    dialog.waitFor({ state: 'hidden' }).then(() => false, () => false),
  ]);
  if (asked) await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

// The Backups panel in a real headless Chromium against the real
// binary: list, "Back up now" and Download of an archive that verifies.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { binaryPath, launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectToast, signIn, signInWith, watchedPage } from './helpers.mjs';

let server;
let browser;
let page;
const external = [];
const pageErrors = [];
const scratch = mkdtempSync(join(tmpdir(), 'commsplan-e2e-backups-'));

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors }, { acceptDownloads: true }));
  // Backups are for admins alone: the shared code (a planner) has no panel.
  await signIn(page);
  assert.equal(await page.getByRole('button', { name: 'Backups' }).count(), 0, 'no Backups for the shared code');
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, 'the first start prints the admin code');
  await page.context().clearCookies();
  await signInWith(page, adminCode);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('the Backups panel backs up now, lists the archive and downloads one that verifies', async () => {
  await api(page, 'POST', '/api/themes', { name: 'Backed up theme', description: 'd', icon: 'fa-tag', color: 'blue' });
  await page.getByRole('button', { name: 'Backups' }).click();
  const dialog = page.getByRole('dialog', { name: 'Backups' });
  await dialog.getByText('No backups yet.').waitFor();

  await dialog.getByRole('button', { name: 'Back up now' }).click();
  await expectToast(page, 'Backup created');
  const rows = dialog.locator('tbody tr');
  await eventually(async () => assert.equal(await rows.count(), 1));
  const [listed] = await api(page, 'GET', '/api/backups');
  assert.match(listed.name, /^commsplan-backup-\d{4}-\d\d-\d\dT\d{6}Z\.cpbak$/);
  assert.match(await rows.first().textContent(), /\d+(\.\d)? KB/);
  await checkA11y(page, 'the Backups panel');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: `Download ${listed.name}` }).click()]);
  assert.equal(download.suggestedFilename(), listed.name);
  const file = join(scratch, listed.name);
  await download.saveAs(file);
  assert.equal(readFileSync(file).length, listed.size);
  const verify = spawnSync(binaryPath(), ['backup', 'verify', file], { encoding: 'utf8' });
  assert.equal(verify.status, 0, verify.stderr);

  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

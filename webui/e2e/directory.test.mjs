// The employee directory in a real headless Chromium against the
// real binary: an admin imports an HR export through the dialog, maps the
// two columns the server could not name, and sees an audience's count
// follow the directory; the audience form previews the count, also for a
// division only the import brought in; the
// Directory screen lists and searches the people.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, expectToast, signInWith, watchedPage, discardIfAsked } from './helpers.mjs';

let server;
let browser;
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer({ seed: [] }); // the division audiences, no directory
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('an admin imports a CSV through the dialog, maps two columns, and an audience count follows', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, server.output.join(''));
  const { page } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(page, adminCode);

  const sfb = async () => (await api(page, 'GET', '/api/audiences')).find((a) => a.name === 'SFB - California');
  assert.equal((await sfb()).contactCount, 142, 'the dataset head count while no directory is loaded');

  await page.getByRole('link', { name: 'Employee Directory' }).click();
  await expectHeader(page, 'Employee Directory', 'The people your communications reach, imported from HR');
  await page.getByRole('heading', { name: 'No employees' }).waitFor();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Employee Directory' });
  await dialog.getByLabel('CSV file').setInputFiles(join(import.meta.dirname, '..', '..', 'testdata', 'directory', 'e2e-export.csv'));
  // The server suggests Mail, Division and Location, not the two German headers.
  await dialog.getByText('no column maps to employeeId', { exact: false }).waitFor();
  assert.equal(await dialog.getByLabel('Field for Mail').inputValue(), 'email');
  assert.equal(await dialog.getByRole('button', { name: 'Import' }).isDisabled(), true);
  await checkA11y(page, 'the import dialog');

  await dialog.getByLabel('Field for Personalnummer').selectOption('employeeId');
  await dialog.getByLabel('Field for Anzeigename').selectOption('name');
  await eventually(async () => assert.match(await dialog.getByTestId('import-preview').textContent(), /Would import: 4 created, 0 updated, 0 deactivated, 0 unchanged$/));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Directory imported');

  await eventually(async () => assert.equal(await page.getByTestId('directory-total').textContent(), '4 employees'));
  await page.getByRole('cell', { name: 'ada@example.com' }).waitFor();
  await page.getByLabel('Search the directory').fill('turing');
  await eventually(async () => assert.equal(await page.getByTestId('directory-total').textContent(), '1 employee'));
  await checkA11y(page, 'the Directory screen');

  // The audience now counts its members in the directory.
  assert.equal((await sfb()).contactCount, 2);
  await page.getByRole('link', { name: 'Audiences' }).click();
  // The first cards (ASF - New Jersey...) had their head counts; no one of
  // the directory works there.
  await page.getByText('0 contacts').first().waitFor();

  // The form previews the count for the division it names.
  await page.getByRole('button', { name: 'Add Audience' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Audience' });
  await form.getByLabel('Audience Name').fill('TFS - Florida');
  await eventually(async () => assert.match(await form.getByTestId('audience-live-count').textContent(), /^1 employee in the directory/));
  // A division only the import brought in is offered and counted.
  assert.equal(await form.locator('datalist option[value="NWF - Washington"]').count(), 1);
  await form.getByLabel('Audience Name').fill('NWF - Washington');
  await eventually(async () => assert.match(await form.getByTestId('audience-live-count').textContent(), /^1 employee in the directory/));
  await form.getByLabel('Audience Name').fill('Nowhere');
  await eventually(async () => assert.match(await form.getByTestId('audience-live-count').textContent(), /^4 employees in the directory/), 'a name that is no division has no criteria: everyone');

  // The mapping is remembered for a file with the same columns.
  // The form holds typed changes, so closing asks before discarding them.
  await page.keyboard.press('Escape');
  await discardIfAsked(form);
  await form.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Employee Directory' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(join(import.meta.dirname, '..', '..', 'testdata', 'directory', 'e2e-export.csv'));
  await eventually(async () => assert.equal(await dialog.getByLabel('Field for Personalnummer').inputValue(), 'employeeId'));
  await eventually(async () => assert.match(await dialog.getByTestId('import-preview').textContent(), /0 created, 0 updated, 0 deactivated, 4 unchanged$/));

  // The scheduler targets the directory's organisation: the division the
  // import brought in is offered and counted, one nobody is in is not.
  await page.keyboard.press('Escape');
  await page.goto('/campaign-scheduler');
  await page.getByLabel('Organizational targeting').check();
  await page.getByLabel('NWF - Washington (1)').check();
  await eventually(async () => assert.equal(await page.getByTestId('employee-target').textContent(), '~1 employees'));
  assert.equal(await page.getByLabel('SFB - California (2)').count(), 1);
  assert.equal(await page.getByLabel('LAF - California', { exact: false }).count(), 0);

  assert.deepEqual(external, [], 'nothing is loaded from other hosts');
  assert.deepEqual(pageErrors, []);
});

// Need to know in a real headless Chromium against the real binary: an
// insider and a planner who is no insider of a confidential campaign, side
// by side, on the Campaign Inventory, the Schedule's List view, the header
// search and the Dashboard. The campaign (a pre-acquisition plan, so its
// labelled activities make it confidential) holds a canary word in every
// title; the insider finds it everywhere, the other sees no trace of it.
// The insider then adds and removes the other on the Inventory's Insiders.
// A planner labels a communication confidential by hand in its form, and
// gives another planner sight of it through the form's Insiders.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, signInWith, watchedPage } from './helpers.mjs';

const CANARY = 'Zephyrcanary';

let server;
let browser;
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** person adds a person as the admin and signs them in in a browser of their own. */
async function person(admin, name, role) {
  const { code } = await api(admin, 'POST', '/api/people', { name, role });
  const { page } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(page, code);
  return page;
}

/** text is what the page shows, once its main heading is there. */
async function text(page) {
  return page.locator('body').innerText();
}

test('an insider and a non-insider see the same screens differently', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, 'the first start prints the admin code');
  const { page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const insider = await person(admin, 'Ines Insider', 'approver');
  const outsider = await person(admin, 'Otto Outsider', 'planner');

  // The insider saves a pre-acquisition campaign and imports it.
  const cfg = JSON.parse(await readFile(new URL('../../testdata/campaign/configs/ma-integration-pre-acquisition.json', import.meta.url)));
  const g = await api(insider, 'POST', '/api/campaigns/generate', cfg);
  const audiences = {};
  const theme = await api(insider, 'POST', '/api/themes', { name: 'Integration', description: 'd' });
  const aud = await api(insider, 'POST', '/api/audiences', { name: 'Executives', description: 'd' });
  for (const a of g.schedule.activities) {
    a.title = `${a.title} ${CANARY}`;
    audiences[a.audience] = aud.id;
  }
  const camp = await api(insider, 'POST', '/api/campaigns', { title: `Project ${CANARY}`, description: 'Deal', schedule: g.schedule });
  assert.equal(camp.confidential, true);
  const imported = await api(insider, 'POST', `/api/campaigns/${camp.id}/import`, { themeId: theme.id, audienceMap: audiences });
  assert.ok(imported.created.length > 0);
  await api(outsider, 'POST', '/api/communications', { title: 'All hands', themeId: theme.id, status: 'draft' });

  // Campaign Inventory.
  for (const page of [insider, outsider]) {
    await page.goto('/campaign-inventory');
    await expectHeader(page, 'Campaign Inventory', 'Manage and review generated campaign schedules');
  }
  await insider.getByRole('heading', { name: `Project ${CANARY}`, exact: true }).waitFor();
  assert.ok(!(await text(outsider)).includes(CANARY), 'the Inventory shows the other no trace of it');

  // The Schedule's List view.
  for (const page of [insider, outsider]) {
    await page.goto('/schedule');
    await page.getByRole('button', { name: 'List', exact: true }).click();
  }
  await insider.getByText(imported.created[0].title).first().waitFor();
  await outsider.getByText('All hands').first().waitFor();
  assert.ok(!(await text(outsider)).includes(CANARY), 'the List view shows the other no trace of it');
  // The insider's form shows the imported one's label read-only: it follows the campaign's insiders.
  await insider.getByRole('button', { name: `Edit ${imported.created[0].title}` }).first().click();
  const form = insider.getByRole('dialog', { name: 'Edit Communication' });
  await form.getByText(`It follows the insiders of its campaign, Project ${CANARY}`).waitFor();
  assert.equal(await form.getByLabel('Confidential (label, optional)').count(), 0, 'no label field for a campaign-scoped communication');
  await form.getByRole('button', { name: `Insiders of ${imported.created[0].title}` }).click();
  const campaignInsiders = insider.getByRole('dialog', { name: `Insiders: ${imported.created[0].title}` });
  await campaignInsiders.getByTestId('insider').filter({ hasText: 'Ines Insider' }).waitFor();
  await campaignInsiders.getByText(/follows the insiders of its campaign/).waitFor();
  await insider.keyboard.press('Escape');
  await campaignInsiders.waitFor({ state: 'detached' });
  await insider.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });

  // The header search.
  for (const page of [insider, outsider]) {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search' }).fill(CANARY);
  }
  await insider.getByRole('option', { name: new RegExp(CANARY) }).first().waitFor();
  await outsider.getByText(`No results for "${CANARY}"`).waitFor();
  assert.equal(await outsider.getByRole('option', { name: new RegExp(CANARY) }).count(), 0, 'the search finds nothing for the other');

  // The Dashboard: the insider's recent activity names it, the other's says
  // "Confidential item".
  for (const page of [insider, outsider]) {
    await page.goto('/');
    await expectHeader(page, 'Dashboard', 'Overview of your communication planning activities');
  }
  await eventually(async () => assert.ok((await text(insider)).includes(CANARY), "the insider's Dashboard names it"));
  await eventually(async () => assert.ok((await text(outsider)).includes('Confidential item'), "the other's shows its entries masked"));
  assert.ok(!(await text(outsider)).includes(CANARY), 'the Dashboard shows the other no trace of it');

  // The insider manages the insiders on the Inventory: Otto is added, and
  // sees the campaign; removed, he no longer does.
  await insider.goto('/campaign-inventory');
  await insider.getByRole('button', { name: `Insiders of Project ${CANARY}` }).click();
  const dialog = insider.getByRole('dialog', { name: `Insiders: Project ${CANARY}` });
  await dialog.getByTestId('insider').filter({ hasText: 'Ines Insider' }).waitFor();
  await dialog.getByLabel("Person's name").fill('Nobody Here');
  await dialog.getByRole('button', { name: 'Add insider' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'names no person here' }).waitFor();
  await dialog.getByLabel("Person's name").fill('otto outsider');
  await dialog.getByRole('button', { name: 'Add insider' }).click();
  await dialog.getByTestId('insider').filter({ hasText: 'Otto Outsider' }).waitFor();
  await outsider.goto('/campaign-inventory');
  await outsider.getByRole('heading', { name: `Project ${CANARY}`, exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Remove Otto Outsider' }).click();
  await eventually(async () => assert.equal(await dialog.getByTestId('insider').filter({ hasText: 'Otto Outsider' }).count(), 0));
  await outsider.goto('/campaign-inventory');
  await expectHeader(outsider, 'Campaign Inventory', 'Manage and review generated campaign schedules');
  await eventually(async () => assert.ok(!(await text(outsider)).includes(CANARY), 'removed, Otto no longer sees it'));

  assert.deepEqual(external, [], 'no request left the server');
  assert.deepEqual(pageErrors, [], 'no page error');
});

test("a planner labels a communication confidential in its form and shares it through its Insiders", async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  const { page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const pia = await person(admin, 'Pia Planner', 'planner');
  const quinn = await person(admin, 'Quinn Planner', 'planner');
  const theme = await api(pia, 'POST', '/api/themes', { name: 'Board', description: 'd' });
  await api(pia, 'POST', '/api/communications', { title: 'Merger memo', themeId: theme.id, status: 'draft' });
  await api(quinn, 'POST', '/api/communications', { title: 'Canteen menu', themeId: theme.id, status: 'draft' });

  // Pia labels it in its form.
  await pia.goto('/schedule');
  await pia.getByRole('button', { name: 'List', exact: true }).click();
  await pia.getByRole('button', { name: 'Edit Merger memo' }).click();
  let form = pia.getByRole('dialog', { name: 'Edit Communication' });
  const label = form.getByLabel('Confidential (label, optional)');
  assert.equal(await label.isEnabled(), true);
  assert.equal(await form.getByRole('button', { name: 'Insiders of Merger memo' }).count(), 0, 'no Insiders before it is confidential');
  await label.fill('Board Confidential');
  await checkA11y(pia, 'the communication form with its Confidential label');
  await form.getByRole('button', { name: 'Update Communication' }).click();
  await form.waitFor({ state: 'detached' });
  await eventually(async () => assert.equal((await api(pia, 'GET', '/api/communications')).find((c) => c.title === 'Merger memo')?.confidential, true));

  // Quinn, no insider, does not see it in the List view.
  await quinn.goto('/schedule');
  await quinn.getByRole('button', { name: 'List', exact: true }).click();
  await quinn.getByText('Canteen menu').first().waitFor();
  assert.ok(!(await text(quinn)).includes('Merger memo'), 'the List view shows the non-insider no trace of it');

  // Pia adds Quinn on the form's Insiders.
  await pia.getByRole('button', { name: 'Edit Merger memo' }).click();
  form = pia.getByRole('dialog', { name: 'Edit Communication' });
  assert.equal(await form.getByLabel('Confidential (label, optional)').inputValue(), 'Board Confidential');
  await form.getByRole('button', { name: 'Insiders of Merger memo' }).click();
  const dialog = pia.getByRole('dialog', { name: 'Insiders: Merger memo' });
  await dialog.getByTestId('insider').filter({ hasText: 'Pia Planner' }).waitFor();
  await checkA11y(pia, "a communication's Insiders");
  await dialog.getByLabel("Person's name").fill('Quinn Planner');
  await dialog.getByRole('button', { name: 'Add insider' }).click();
  await dialog.getByTestId('insider').filter({ hasText: 'Quinn Planner' }).waitFor();

  // Now Quinn sees it.
  await quinn.reload();
  await quinn.getByRole('button', { name: 'List', exact: true }).click();
  await quinn.getByText('Merger memo').first().waitFor();

  assert.deepEqual(external, [], 'no request left the server');
  assert.deepEqual(pageErrors, [], 'no page error');
});

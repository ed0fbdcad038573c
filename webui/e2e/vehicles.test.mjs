// Delivery Vehicles (spec 02 §2.6) in a real headless Chromium
// against the real binary with a temporary SQLite database.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, chooseOption, eventually, expectHeader, expectToast, signIn, watchedPage, discardIfAsked } from './helpers.mjs';

const PLAIN_CONFIRM = 'Are you sure you want to delete this delivery vehicle?';

let server;
let browser;
let page;
const confirms = [];
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors, confirms }));
  await signIn(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** field reads a dialog input's value by its label. */
const value = (dialog, label) => dialog.getByLabel(label, { exact: true }).inputValue();
/** selected reads the text of a Radix select's trigger. */
const selected = (dialog, label) => dialog.getByLabel(label, { exact: true }).textContent();
/** checked lists the checked boxes of a fieldset by legend. */
async function checked(dialog, legend) {
  const group = dialog.getByRole('group', { name: legend });
  const out = [];
  for (const box of await group.getByRole('checkbox').all()) {
    if (await box.isChecked()) out.push(await box.evaluate((el) => el.labels[0].textContent.trim()));
  }
  return out;
}

describe('Delivery Vehicles', () => {
  test('the empty state and the generational banner, taken from the dataset', async () => {
    await page.goto('/vehicles');
    await expectHeader(page, 'Delivery Vehicles', 'Configure how your communications are delivered');
    await page.getByRole('heading', { name: 'No delivery vehicles yet' }).waitFor();
    await page.getByRole('button', { name: 'Create First Vehicle' }).waitFor();

    const ref = await api(page, 'GET', '/api/reference');
    assert.deepEqual([ref.generationalSplit.traditional, ref.generationalSplit.digitalNative, ref.totalEmployees], [873, 1059, 1933]);
    const tile = (id) => page.getByTestId(`generation-${id}`);
    await eventually(async () => {
      assert.equal(await tile('traditional').getByTestId('figure').textContent(), '873');
      assert.equal(await tile('digital').getByTestId('figure').textContent(), '1,059');
      assert.equal(await tile('total').getByTestId('figure').textContent(), '1,933');
    });
    assert.match(await tile('traditional').textContent(), /Traditional \(45\.1%\)/);
    assert.match(await tile('digital').textContent(), /Digital Native \(54\.8%\)/);
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'the empty Delivery Vehicles screen');
  });

  test('create a vehicle: choosing a type fills in its defaults', async () => {
    const ref = await api(page, 'GET', '/api/reference');
    const social = ref.vehicleTypes.find((t) => t.type === 'social');
    await page.getByRole('button', { name: 'Create First Vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Delivery Vehicle' });
    await dialog.waitFor();
    // A new vehicle starts as an email with the email defaults (spec 02 §3).
    await eventually(async () => assert.equal(await value(dialog, 'Template'), 'standard'));
    assert.equal(await value(dialog, 'Max Length'), '5000');
    assert.equal(await selected(dialog, 'Format'), 'HTML');
    assert.equal(await dialog.getByLabel('Max Length', { exact: true }).getAttribute('type'), 'number');
    assert.equal(await dialog.getByLabel('Type', { exact: true }).textContent(), 'Email');
    await checkA11y(page, 'the Create New Delivery Vehicle dialog');

    // All 17 types are offered.
    await dialog.getByLabel('Type', { exact: true }).click();
    assert.equal(await page.getByRole('option').count(), 17);
    await page.getByRole('option', { name: social.label, exact: true }).click();
    await eventually(async () => assert.equal(await value(dialog, 'Template'), social.defaultSettings.template));
    assert.equal(await value(dialog, 'Max Length'), String(social.defaultSettings.maxLength));
    assert.equal(await selected(dialog, 'Format'), 'Text');
    assert.equal(await selected(dialog, 'Communication Strategy'), 'Digital');
    assert.deepEqual(await checked(dialog, 'Preferred Generations'), ['Millennials', 'Generation Z']);
    assert.deepEqual(await checked(dialog, 'Generational Targeting'), ['Millennials', 'Generation Z']);
    assert.equal(await value(dialog, 'Generation Z effectiveness (%)'), '85');
    assert.equal(await value(dialog, 'Silent Generation effectiveness (%)'), '45');
    assert.equal(await value(dialog, 'Description'), social.description);

    await dialog.getByLabel('Vehicle Name').fill('Programme Socials');
    await dialog.getByLabel('Max Length', { exact: true }).fill('250');
    await dialog.getByRole('group', { name: 'Generational Targeting' }).getByLabel('Generation X').check();
    await dialog.getByRole('button', { name: 'Create Vehicle' }).click();
    await expectToast(page, 'Delivery vehicle created successfully');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Programme Socials' }).waitFor();

    const [stored] = await api(page, 'GET', '/api/vehicles');
    assert.equal(stored.type, 'social');
    assert.deepEqual(stored.settings, { template: 'post', maxLength: 250, format: 'text', webhook: '', private: false });
    assert.equal(stored.communicationStrategy, 'digital');
    assert.deepEqual(stored.preferredGenerations, ['millennials', 'gen_z']);
    assert.deepEqual(stored.generationalTargeting, ['gen_x', 'millennials', 'gen_z']);
    assert.equal(stored.generationalEffectiveness.gen_z, 0.85);
    assert.equal(stored.generationalEffectiveness.silent_gen, 0.45);

    const card = page.getByTestId('vehicle-card');
    assert.match(await card.textContent(), /Social Media/);
    assert.equal(await card.getByTestId('vehicle-preferred').textContent(), 'Millennials, Generation Z');
    assert.equal(await card.getByTestId('vehicle-settings').textContent(), 'Text · up to 250 characters · post template');
    await checkA11y(page, 'the Delivery Vehicles screen with a vehicle');
  });

  test('edit from the card menu keeps the stored values; a changed type fills its defaults', async () => {
    const trigger = page.getByRole('button', { name: 'Actions for Programme Socials' });
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Delivery Vehicle' });
    await dialog.waitFor();
    // Opening the edit dialog does not overwrite what is stored with type defaults.
    await eventually(async () => assert.equal(await value(dialog, 'Max Length'), '250'));
    assert.deepEqual(await checked(dialog, 'Generational Targeting'), ['Generation X', 'Millennials', 'Generation Z']);
    await checkA11y(page, 'the Edit Delivery Vehicle dialog');
    await dialog.getByLabel('Vehicle Name').fill('Programme Socials EU');
    await dialog.getByLabel('Silent Generation effectiveness (%)').fill('10');
    await dialog.getByRole('button', { name: 'Update Vehicle' }).click();
    await expectToast(page, 'Delivery vehicle updated successfully');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Programme Socials EU' }).waitFor();
    const [stored] = await api(page, 'GET', '/api/vehicles');
    assert.equal(stored.name, 'Programme Socials EU');
    assert.equal(stored.generationalEffectiveness.silent_gen, 0.1);
    assert.equal(stored.settings.maxLength, 250);
    // Focus went back to the menu's trigger.
    await eventually(async () => assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Actions for Programme Socials EU'));

    // Configure opens the same dialog; changing the type fills that type's defaults.
    await page.getByRole('button', { name: 'Configure Programme Socials EU' }).click();
    const configure = page.getByRole('dialog', { name: 'Edit Delivery Vehicle' });
    await eventually(async () => assert.equal(await value(configure, 'Max Length'), '250'));
    await chooseOption(page, 'Type', 'Town Hall');
    await eventually(async () => assert.equal(await value(configure, 'Template'), 'talking_points'));
    assert.equal(await value(configure, 'Max Length'), '4000');
    assert.equal(await selected(configure, 'Format'), 'Markdown');
    assert.equal(await selected(configure, 'Communication Strategy'), 'Traditional');
    assert.deepEqual(await checked(configure, 'Preferred Generations'), ['Silent Generation', 'Baby Boomers', 'Generation X']);
    assert.equal(await value(configure, 'Vehicle Name'), 'Programme Socials EU');
    // The changed type is unsaved, so Cancel asks before discarding it.
    await configure.getByRole('button', { name: 'Cancel' }).click();
    await discardIfAsked(configure);
    await configure.waitFor({ state: 'hidden' });
    assert.equal((await api(page, 'GET', '/api/vehicles'))[0].type, 'social', 'Cancel saves nothing');
  });

  test('a bad max length is refused in the form', async () => {
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Delivery Vehicle' });
    await eventually(async () => assert.equal(await value(dialog, 'Max Length'), '5000'));
    await dialog.getByLabel('Vehicle Name').fill('Broken');
    await dialog.getByLabel('Max Length', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Create Vehicle' }).click();
    await dialog.getByText('Max length must be at least 1').waitFor();
    assert.equal(await dialog.getByLabel('Max Length', { exact: true }).getAttribute('aria-invalid'), 'true');
    await page.keyboard.press('Escape');
    await discardIfAsked(dialog);
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await api(page, 'GET', '/api/vehicles')).length, 1);
  });

  test('delete says when communications use the vehicle, and they keep working without it', async () => {
    const [vehicle] = await api(page, 'GET', '/api/vehicles');
    const theme = await api(page, 'POST', '/api/themes', { name: 'Go-Live', description: 'Cut-over', icon: 'fa-rocket', color: 'blue' });
    const comm = await api(page, 'POST', '/api/communications', { title: 'Cut-over post', themeId: theme.id, status: 'draft', vehicleId: vehicle.id });
    await page.reload();
    await page.getByRole('heading', { name: 'Programme Socials EU' }).waitFor();
    // communicationCount is the server's (read only); the card and the prompt follow it.
    assert.equal((await api(page, 'GET', '/api/vehicles'))[0].communicationCount, 1);
    await eventually(async () => assert.equal(await page.getByTestId('vehicle-usage').textContent(), 'Used by 1 communication'));

    await page.getByRole('button', { name: 'Actions for Programme Socials EU' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expectToast(page, 'Delivery vehicle deleted successfully');
    assert.equal(confirms.at(-1), `${PLAIN_CONFIRM} 1 communication uses it and will no longer have a delivery vehicle.`);
    await page.getByRole('heading', { name: 'No delivery vehicles yet' }).waitFor();

    const after = await api(page, 'GET', `/api/communications/${comm.id}`);
    assert.equal(after.title, 'Cut-over post');
    assert.ok(!after.vehicleId, 'the communication no longer has a vehicle');

    // An unused vehicle gets the plain prompt.
    await api(page, 'POST', '/api/vehicles', { name: 'Memo', type: 'internal', description: '' });
    await page.reload();
    await page.getByRole('button', { name: 'Actions for Memo' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expectToast(page, 'Delivery vehicle deleted successfully');
    assert.equal(confirms.at(-1), PLAIN_CONFIRM);
    await page.getByRole('button', { name: 'Create First Vehicle' }).waitFor();
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

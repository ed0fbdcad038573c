// People and roles in a real headless Chromium against the real
// binary: the first admin (its code printed at the first start) adds a
// person and copies the code; the person signs in in a second browser as a
// viewer without the controls that change the plan; a promotion shows after
// a reload; a removal sends them back to the gate at their next action; a
// person ends their own other session from the account menu.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, chooseOption, checkA11y, eventually, expectHeader, watchedPage, signInWith } from './helpers.mjs';

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

test('an admin adds a viewer, promotes them and removes them', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, `the first start prints the admin's code:\n${server.output.join('')}`);

  const { context: adminContext, page: admin } = await watchedPage(browser, server, { external, pageErrors }, { permissions: ['clipboard-read', 'clipboard-write'] });
  await signInWith(admin, adminCode);
  await eventually(async () => assert.equal(await admin.getByTestId('signed-in-as').textContent(), 'Administrator · admin'));

  await admin.getByRole('link', { name: 'People' }).click();
  await expectHeader(admin, 'People', 'Who can sign in, and what their role lets them do');
  await admin.getByTestId('person-row').first().waitFor();
  await checkA11y(admin, 'the People page');

  await admin.getByRole('button', { name: 'Add Person' }).click();
  const add = admin.getByRole('dialog', { name: 'Add Person' });
  await add.getByLabel('Name').fill('Vera Viewer');
  await add.getByRole('button', { name: 'Add Person' }).click();
  const shown = admin.getByRole('dialog', { name: 'Code for Vera Viewer' });
  const code = (await shown.getByTestId('personal-code').textContent()).trim();
  assert.match(code, /^CPP(-[A-Z0-9]{4}){5}$/);
  await checkA11y(admin, 'the code dialog');
  await shown.getByRole('button', { name: 'Copy' }).click();
  await shown.getByRole('button', { name: 'Copied' }).waitFor();
  assert.equal(await admin.evaluate(() => navigator.clipboard.readText()), code);
  await shown.getByRole('button', { name: 'Done' }).click();

  // The person, in a browser of their own, as a viewer.
  const { page: viewer } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(viewer, code);
  await eventually(async () => assert.equal(await viewer.getByTestId('signed-in-as').textContent(), 'Vera Viewer · viewer'));
  assert.equal(await viewer.getByRole('button', { name: 'Create New' }).count(), 0, 'no Create New for a viewer');
  assert.equal(await viewer.getByRole('button', { name: 'Backups' }).count(), 0, 'no Backups for a viewer');
  assert.equal(await viewer.getByRole('link', { name: 'People' }).count(), 0, 'People is for admins');
  await viewer.getByRole('link', { name: 'Themes' }).click();
  await expectHeader(viewer, 'Themes', 'Organize communications around key themes and topics');
  await viewer.getByRole('heading', { name: 'Communication Themes' }).waitFor();
  assert.equal(await viewer.getByRole('button', { name: 'Add Theme' }).count(), 0, 'no Add Theme for a viewer');

  // Promoted to planner: the change shows after a reload.
  await chooseOption(admin, 'Role of Vera Viewer', 'Planner: changes the plan');
  await admin.getByText('Vera Viewer is now planner').first().waitFor();
  await viewer.reload();
  await eventually(async () => assert.equal(await viewer.getByTestId('signed-in-as').textContent(), 'Vera Viewer · planner'));
  await viewer.getByRole('button', { name: 'Create New' }).waitFor();

  // Removed: the next action goes back to the gate.
  await admin.getByRole('button', { name: 'Remove Vera Viewer' }).click();
  await admin.getByText('Vera Viewer removed').first().waitFor();
  // A background refetch may be that next request and reach the gate
  // before the click does: either way the viewer ends at the gate.
  const questions = viewer.getByRole('link', { name: 'Questions' });
  const gate = viewer.getByRole('heading', { name: 'Authorized Access Required' });
  await questions.or(gate).first().waitFor();
  await questions.click({ timeout: 2000 }).catch(() => {});
  await gate.waitFor();

  await adminContext.close();
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

test("an admin signs out one of a person's sessions; the other holds", async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)[1];
  const { context: adminContext, page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const { code } = await api(admin, 'POST', '/api/people', { name: 'Sam Sessions', role: 'planner' });
  const { context: laptopContext, page: laptop } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(laptop, code);
  const { context: phoneContext, page: phone } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(phone, code);

  await admin.getByRole('link', { name: 'People' }).click();
  await admin.getByRole('button', { name: '2 active sessions of Sam Sessions' }).click();
  const sessions = admin.getByRole('list', { name: 'Sessions of Sam Sessions' }).getByTestId('session-row');
  await eventually(async () => assert.equal(await sessions.count(), 2));
  await checkA11y(admin, "a person's sessions");
  // The most recently used first: the phone signed in last.
  await sessions.first().getByRole('button', { name: /^Sign out the session of Sam Sessions/ }).click();
  await admin.getByText('Session signed out').first().waitFor();
  await eventually(async () => assert.equal(await sessions.count(), 1));
  await admin.getByRole('button', { name: '1 active sessions of Sam Sessions' }).waitFor();

  const gate = (page) => page.getByRole('heading', { name: 'Authorized Access Required' });
  const themes = (page) => page.getByRole('link', { name: 'Themes' });
  await themes(phone).or(gate(phone)).first().waitFor();
  await themes(phone).click({ timeout: 2000 }).catch(() => {});
  await gate(phone).waitFor();
  await themes(laptop).click();
  await expectHeader(laptop, 'Themes', 'Organize communications around key themes and topics');
  assert.equal(await gate(laptop).count(), 0, 'the other session holds');

  await Promise.all([adminContext.close(), laptopContext.close(), phoneContext.close()]);
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

test('a person ends their other session from Your sessions; its next action lands on the gate', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)[1];
  const { context: adminContext, page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const { code } = await api(admin, 'POST', '/api/people', { name: 'Olive Own', role: 'viewer' });
  await adminContext.close();
  const { context: firstContext, page: first } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(first, code);
  const { context: secondContext, page: second } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(second, code);

  // The account menu, where the name and role show, opens Your sessions.
  await first.getByTestId('signed-in-as').click();
  await first.getByRole('menuitem', { name: 'Your sessions' }).click();
  const dialog = first.getByRole('dialog', { name: 'Your sessions' });
  const rows = dialog.getByTestId('own-session');
  await eventually(async () => assert.equal(await rows.count(), 2));
  await checkA11y(first, 'Your sessions');
  const mine = rows.filter({ hasText: 'This browser' });
  assert.equal(await mine.count(), 1, 'one session is this browser');
  assert.equal(await mine.getByRole('button', { name: /^Sign out/ }).count(), 0, 'this browser is signed out with Log out');
  assert.match(await mine.textContent(), /Chrome on Linux.*Started .* · last seen /);
  await rows.filter({ hasNotText: 'This browser' }).getByRole('button', { name: /^Sign out Chrome/ }).click();
  await first.getByText('Session signed out').first().waitFor();
  await eventually(async () => assert.equal(await rows.count(), 1));
  await first.keyboard.press('Escape');

  const gate = (page) => page.getByRole('heading', { name: 'Authorized Access Required' });
  const themes = (page) => page.getByRole('link', { name: 'Themes' });
  await themes(second).or(gate(second)).first().waitFor();
  await themes(second).click({ timeout: 2000 }).catch(() => {});
  await gate(second).waitFor();
  await themes(first).click();
  await expectHeader(first, 'Themes', 'Organize communications around key themes and topics');
  assert.equal(await gate(first).count(), 0, 'the first session holds');

  await Promise.all([firstContext.close(), secondContext.close()]);
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

test("a vehicle's History panel shows the change and who made it", async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)[1];
  const { context, page } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(page, adminCode);
  const v = await api(page, 'POST', '/api/vehicles', { name: 'Town hall', type: 'town_hall', description: 'Quarterly' });
  await api(page, 'PUT', `/api/vehicles/${v.id}`, { ...v, name: 'Town hall live' });

  await page.getByRole('link', { name: 'Delivery Vehicles' }).click();
  await page.getByRole('button', { name: 'Actions for Town hall live' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'History of Town hall live' });
  const entries = dialog.getByTestId('history-entry');
  await eventually(async () => assert.equal(await entries.count(), 2));
  assert.match(await entries.nth(0).textContent(), /^Administrator updated this.*Vehicle name: Town hall → Town hall live/);
  assert.match(await entries.nth(1).textContent(), /^Administrator created this/);
  await checkA11y(page, 'the History panel');
  await context.close();
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

test("a checklist item's History panel shows the change and the person who made it", async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)[1];
  const { context: adminContext, page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const { code } = await api(admin, 'POST', '/api/people', { name: 'Dana Reyes', role: 'planner' });
  await adminContext.close();

  const { context, page } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(page, code);
  await page.goto('/business-readiness');
  await page.getByRole('tab', { name: 'Checklist', exact: true }).click();
  const { items } = await api(page, 'GET', '/api/checklist');
  const [changed, untouched] = [items[0], items[1]];
  const complete = page.getByRole('checkbox', { name: `Complete: ${changed.title}` });
  assert.equal(await complete.isChecked(), false);
  await complete.check();
  await eventually(async () => assert.equal(await page.getByTestId('save-status').textContent(), 'All changes saved'));

  await page.getByRole('button', { name: `History of ${changed.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `History of ${changed.title}` });
  const entries = dialog.getByTestId('history-entry');
  await eventually(async () => assert.equal(await entries.count(), 1));
  const entry = await entries.nth(0).textContent();
  assert.match(entry, /^Dana Reyes updated this/, 'who changed it');
  assert.ok(entry.includes(`Score: ${changed.actualScore} → ${changed.maxScore}`), `which field, from what to what: ${entry}`);
  await checkA11y(page, "a checklist item's History panel");
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: `History of ${untouched.title}` }).click();
  await page.getByRole('dialog', { name: `History of ${untouched.title}` }).getByText('No recorded changes yet.').waitFor();
  await context.close();
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

test("a planner's changes show in the History panels of a communication, a campaign and a vehicle, with the planner's name", async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)[1];
  const { context: adminContext, page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const theme = await api(admin, 'POST', '/api/themes', { name: 'Payroll', description: 'The payroll move', icon: 'fa-rocket', color: 'blue' });
  const comm = await api(admin, 'POST', '/api/communications', { title: 'Payroll letter', themeId: theme.id, status: 'draft' });
  const vehicle = await api(admin, 'POST', '/api/vehicles', { name: 'Payroll email', type: 'email', description: '' });
  const generated = await api(admin, 'POST', '/api/campaigns/generate', {
    campaignName: 'Payroll move',
    startDate: '2031-06-02',
    endDate: '2031-10-31',
    campaignTypes: ['technology-implementation'],
    goLiveDate: '2031-09-15',
  });
  const campaign = await api(admin, 'POST', '/api/campaigns', { title: 'Payroll move', schedule: generated.schedule });
  const { code } = await api(admin, 'POST', '/api/people', { name: 'Pat Planner', role: 'planner' });

  // The planner changes the communication in its dialog, the campaign and the vehicle through the API.
  const { context: plannerContext, page: planner } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(planner, code);
  await planner.goto('/schedule');
  await planner.getByRole('button', { name: 'Edit Payroll letter' }).click();
  const form = planner.getByRole('dialog', { name: 'Edit Communication' });
  await form.getByLabel('Title', { exact: true }).fill('Payroll letter v2');
  await form.getByRole('button', { name: 'Update Communication' }).click();
  await form.waitFor({ state: 'hidden' });
  await api(planner, 'PATCH', `/api/campaigns/${campaign.id}`, { title: 'Payroll move 2031' });
  await api(planner, 'PUT', `/api/vehicles/${vehicle.id}`, { ...vehicle, name: 'Payroll email list' });
  await plannerContext.close();

  /** latest asserts that a History panel's newest entry is the planner's update of the field. */
  async function latest(dialog, field, before, after) {
    const entries = dialog.getByTestId('history-entry');
    await eventually(async () => assert.ok((await entries.count()) >= 2, 'the creation and the change'));
    const text = await entries.nth(0).textContent();
    assert.match(text, /^Pat Planner updated this/);
    assert.ok(text.includes(`${field}: ${before} → ${after}`), `the change of ${field} in: ${text}`);
  }

  // The admin reads each History panel.
  await admin.goto('/schedule');
  await admin.getByRole('button', { name: 'Edit Payroll letter v2' }).click();
  const commDialog = admin.getByRole('dialog', { name: 'Edit Communication' });
  await commDialog.getByRole('button', { name: 'History of Payroll letter v2' }).click();
  const commHistory = admin.getByRole('dialog', { name: 'History of Payroll letter v2' });
  await latest(commHistory, 'Title', 'Payroll letter', 'Payroll letter v2');
  assert.equal(comm.title, 'Payroll letter');
  await admin.keyboard.press('Escape');
  await commHistory.waitFor({ state: 'hidden' });

  await admin.goto('/campaign-inventory');
  await admin.getByRole('button', { name: 'History of Payroll move 2031' }).click();
  await latest(admin.getByRole('dialog', { name: 'History of Payroll move 2031' }), 'Campaign name', 'Payroll move', 'Payroll move 2031');
  await admin.keyboard.press('Escape');

  await admin.goto('/vehicles');
  await admin.getByRole('button', { name: 'Actions for Payroll email list' }).click();
  await admin.getByRole('menuitem', { name: 'History' }).click();
  await latest(admin.getByRole('dialog', { name: 'History of Payroll email list' }), 'Vehicle name', 'Payroll email', 'Payroll email list');

  await adminContext.close();
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

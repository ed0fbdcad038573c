// End-to-end scenarios of issue 29's hand-off: the import dialog keeps each
// activity's audience and channel, asks once for names no stored audience
// has, creates nothing twice; the campaign form marks its invalid fields and
// says when go-live moves the end date; the generator's warnings show.
// Real Chromium against the real binary on a temporary SQLite database.
// Run with `COMMSPLAN_BIN=$PWD/../bin/commsplan node --test e2e/import.test.mjs`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, chooseOption, eventually, expectHeader, expectToast, signIn, watchedPage } from './helpers.mjs';

let server;
let browser;
let page;
const external = [];
const pageErrors = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors }));
  await signIn(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function openScheduler() {
  await page.goto('/campaign-scheduler');
  await expectHeader(page, 'Campaign Scheduler', 'Strategic campaign planning for organizational transformation');
  await page.getByLabel('Campaign Name *').waitFor();
}

describe('Campaign hand-off (issue 29)', () => {
  test('the campaign form marks its invalid fields and says when go-live moves the end date', async () => {
    await openScheduler();
    await page.getByLabel('Campaign Name *').fill('ERP Go-Live');
    await page.getByLabel('Start Date *').fill('2031-06-02');
    await page.getByLabel('End Date *').fill('2031-10-31');
    await page.getByLabel('Technology Implementation', { exact: true }).check();
    await page.getByRole('button', { name: 'Generate Schedule' }).click();
    await expectToast(page, 'Go-Live Date is required for technology implementations');
    const goLive = page.getByLabel('Technology Go-Live Date');
    await eventually(async () => assert.equal(await goLive.getAttribute('aria-invalid'), 'true'));
    const describedBy = await goLive.getAttribute('aria-describedby');
    assert.equal(describedBy, 'go-live-date-error');
    assert.ok((await page.locator('#go-live-date-error').textContent()).length > 0, 'the message is shown beside the input');
    assert.equal(await page.getByLabel('Campaign Name *').getAttribute('aria-invalid'), null, 'valid fields are not marked');
    await checkA11y(page, 'the campaign form with an invalid field');

    await goLive.fill('2031-09-15');
    await page.getByRole('button', { name: 'Generate Schedule' }).click();
    const hint = page.locator('#end-date-hint');
    await hint.waitFor();
    assert.match(await hint.textContent(), /^End date set to go-live \+ 90 days: /);
    assert.equal(await page.getByLabel('End Date *').getAttribute('aria-describedby'), 'end-date-hint');
    assert.equal(await goLive.getAttribute('aria-invalid'), null, 'the mark goes once the field is right');
  });

  test("the generator's warnings are shown beside the summary", async () => {
    await openScheduler();
    await page.getByLabel('Campaign Name *').fill('Outage');
    await page.getByLabel('Start Date *').fill('2031-03-04');
    await page.getByLabel('End Date *').fill('2031-03-05');
    await page.getByLabel('Crisis Communication', { exact: true }).check();
    // A two-day crisis plan for one audience cannot hold three a week.
    await page.getByLabel('Employees', { exact: true }).check();
    await page.getByRole('button', { name: 'Generate Schedule' }).click();
    const warnings = page.getByTestId('generator-warnings');
    await warnings.waitFor();
    assert.match(await warnings.textContent(), /Employees gets \d+ activities in the week of 3 Mar 2031 \(limit 3\)/);
    await checkA11y(page, "the scheduler with the generator's warnings");
  });

  test('the import maps audience and vehicle, asks once, and a second import creates nothing', async () => {
    const theme = await api(page, 'POST', '/api/themes', { name: 'ERP', description: 'Cut-over', icon: 'fa-rocket', color: 'blue' });
    const staff = await api(page, 'POST', '/api/audiences', { name: 'EMPLOYEES', description: '', contactCount: 900 });
    const leaders = await api(page, 'POST', '/api/audiences', { name: 'Leadership team', description: '', contactCount: 40 });
    const email = await api(page, 'POST', '/api/vehicles', { name: 'Staff email', type: 'email', description: '' });
    const generated = await api(page, 'POST', '/api/campaigns/generate', {
      campaignName: 'ERP Go-Live',
      startDate: '2031-06-02',
      endDate: '2031-10-31',
      campaignTypes: ['technology-implementation'],
      goLiveDate: '2031-09-15',
    });
    const activities = generated.schedule.activities;
    const saved = await api(page, 'POST', '/api/campaigns', { title: 'ERP Go-Live', schedule: generated.schedule });
    const labels = [...new Set(activities.map((a) => a.audience))].filter((l) => l !== 'Employees').sort();
    assert.ok(labels.includes('Executives'));

    await page.goto('/schedule');
    await expectHeader(page, 'Schedule', 'Plan and schedule your communications timeline');
    await page.getByRole('button', { name: 'Import from Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Campaign Activities' });
    await dialog.getByRole('button', { name: 'Select All' }).click();
    const add = dialog.getByRole('button', { name: `Add to Schedule (${activities.length})` });
    await add.click();

    // Employees matches "EMPLOYEES"; the other names are asked, once each.
    await dialog.getByRole('heading', { name: 'Map audiences' }).waitFor();
    const asked = dialog.getByRole('combobox', { name: /^Audience for / });
    assert.equal(await asked.count(), labels.length);
    for (const label of labels) {
      await chooseOption(page, `Audience for ${label}`, label === 'Executives' ? 'Leadership team' : 'Everyone (all audiences)');
    }
    await checkA11y(page, 'the import dialog asking for audiences');
    await add.click();
    await expectToast(page, 'Activities added');
    await page.getByText(`Successfully added ${activities.length} communications to schedule`, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const comms = (await api(page, 'GET', '/api/communications')).filter((c) => c.sourceCampaignId === saved.id);
    assert.equal(comms.length, activities.length);
    for (const c of comms) {
      const a = activities.find((x) => x.id === c.sourceActivityId);
      assert.equal(c.themeId, theme.id);
      assert.equal(c.scheduledDate, a.date);
      const want = a.audience === 'Employees' ? staff.id : a.audience === 'Executives' ? leaders.id : '';
      assert.equal(c.audienceId, want, `${a.title} for ${a.audience}`);
      if (a.channel === 'email') assert.equal(c.vehicleId, email.id, `${a.title} by email`);
    }

    // Again: the answers are remembered, nothing is created twice.
    await page.getByRole('button', { name: 'Import from Campaign' }).click();
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await add.click();
    await page.getByText(`Successfully added 0 communications to schedule; ${activities.length} were already in the schedule`, { exact: true }).waitFor();
    assert.equal(await dialog.getByRole('heading', { name: 'Map audiences' }).count(), 0, 'not asked again');
    assert.equal((await api(page, 'GET', '/api/communications')).length, activities.length);

    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });

  test('only an approver is offered a feed with confidential activities', async () => {
    // A planner (the shared code's default role) is not offered it.
    await page.goto('/schedule');
    await page.getByRole('button', { name: 'Calendar Feeds' }).click();
    let dialog = page.getByRole('dialog', { name: 'Calendar Feeds' });
    await dialog.getByLabel('Include campaign activities').check();
    assert.equal(await dialog.getByLabel('Include confidential activities (left out by default)').count(), 0);
    await page.keyboard.press('Escape');

    // A server whose shared code signs in approvers (auth.shared-role).
    process.env.COMMSPLAN_AUTH_SHARED_ROLE = 'approver';
    const approverServer = await startServer();
    delete process.env.COMMSPLAN_AUTH_SHARED_ROLE;
    try {
      const { page: approver } = await watchedPage(browser, approverServer, { external, pageErrors });
      await signIn(approver);
      await approver.goto('/schedule');
      await approver.getByRole('button', { name: 'Calendar Feeds' }).click();
      dialog = approver.getByRole('dialog', { name: 'Calendar Feeds' });
      await dialog.getByLabel('Feed Name').fill('Deal team');
      const secret = dialog.getByLabel('Include confidential activities (left out by default)');
      assert.equal(await secret.count(), 0, 'offered only with campaign activities');
      await dialog.getByLabel('Include campaign activities').check();
      await secret.check();
      await checkA11y(approver, 'the Calendar Feeds dialog of an approver');
      await dialog.getByRole('button', { name: 'Create Feed' }).click();
      await expectToast(approver, 'Calendar feed created successfully!');
      await dialog.getByTestId('feed-row').filter({ hasText: 'Deal team' }).getByText('Includes confidential activities').waitFor();
      const feeds = await api(approver, 'GET', '/api/calendar-feeds');
      assert.equal(feeds.length, 1);
      assert.equal(feeds[0].includeConfidential, true);
    } finally {
      await approverServer.stop();
    }
    assert.deepEqual(pageErrors, []);
  });
});

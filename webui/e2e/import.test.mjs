// End-to-end scenarios of the hand-off: the import dialog keeps each
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

describe('Campaign hand-off', () => {
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
    assert.match(await warnings.textContent(), /1 audience at most 3 a week each can take 3: .*the busiest Employees with \d+ in the week of 3 Mar 2031/);
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
    await dialog.getByRole('button', { name: `Next: audiences and themes (${activities.length})` }).click();

    // Mapping is its own step: Employees starts on "EMPLOYEES", the other names are asked.
    await dialog.getByRole('heading', { name: 'Map audiences' }).waitFor();
    const group = (label) => dialog.getByRole('group', { name: label, exact: true });
    assert.equal(await group('Employees').getByRole('checkbox', { name: 'EMPLOYEES' }).isChecked(), true, 'named after a stored audience');
    for (const label of labels) {
      assert.equal(await group(label).getByRole('checkbox', { checked: true }).count(), 0, `${label} is asked`);
      await group(label).getByRole('checkbox', { name: label === 'Executives' ? 'Leadership team' : 'Everyone (all audiences)' }).check();
    }
    await chooseOption(page, 'Theme for all activities', 'ERP');
    await checkA11y(page, 'the import dialog asking for audiences');
    await dialog.getByRole('button', { name: 'Next: summary' }).click();
    await dialog.getByTestId('import-sentence').waitFor();
    await dialog.getByRole('button', { name: `Add to Schedule (${activities.length})` }).click();
    await expectToast(page, 'Activities added');
    await page.getByText(`Successfully added ${activities.length} communications to schedule`, { exact: true }).waitFor();
    await dialog.getByRole('heading', { name: 'Added to the Schedule' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
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

    // Again: the campaign is marked imported, the answers are remembered, nothing is created twice.
    await page.getByRole('button', { name: 'Import from Campaign' }).click();
    await dialog.getByTestId('already-imported').waitFor();
    assert.match(await dialog.getByTestId('already-imported').textContent(), new RegExp(`Already imported: ${activities.length} of ${activities.length} activities`));
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('button', { name: `Next: audiences and themes (${activities.length})` }).click();
    assert.equal(await group('Executives').getByRole('checkbox', { name: 'Leadership team' }).isChecked(), true, 'remembered');
    await dialog.getByRole('button', { name: 'Next: summary' }).click();
    await dialog.getByText(`${activities.length} activities already on the Schedule, left as they are`).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Add to Schedule (0)' }).isDisabled(), true, 'nothing left to add');
    await page.keyboard.press('Escape');
    assert.equal((await api(page, 'GET', '/api/communications')).length, activities.length);

    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });

  test('the import dialog fits 1280 px, maps a name to two audiences, a theme per phase, sums up before Add, and is undone as one act', async () => {
    const { page: wide } = await watchedPage(browser, server, { external, pageErrors }, { viewport: { width: 1280, height: 800 } });
    await signIn(wide);
    const themeA = await api(wide, 'POST', '/api/themes', { name: 'Readiness', description: 'Before go-live', icon: 'fa-rocket', color: 'blue' });
    const themeB = await api(wide, 'POST', '/api/themes', { name: 'Launch week', description: 'The week of go-live', icon: 'fa-rocket', color: 'green' });
    const north = await api(wide, 'POST', '/api/audiences', { name: 'North plant', description: '', contactCount: 300 });
    const south = await api(wide, 'POST', '/api/audiences', { name: 'South plant', description: '', contactCount: 300 });
    const generated = await api(wide, 'POST', '/api/campaigns/generate', {
      campaignName: 'Plant Systems Cut-over With A Long Name That Wraps',
      startDate: '2032-01-05',
      endDate: '2032-06-25',
      campaignTypes: ['technology-implementation'],
      goLiveDate: '2032-04-05',
    });
    const activities = generated.schedule.activities;
    const saved = await api(wide, 'POST', '/api/campaigns', { title: 'Plant Systems Cut-over With A Long Name That Wraps', schedule: generated.schedule });
    const labels = [...new Set(activities.map((a) => a.audience))].sort();
    const firstPhase = activities[0].phase;

    await wide.goto('/schedule');
    await wide.getByRole('button', { name: 'Import from Campaign' }).click();
    const dialog = wide.getByRole('dialog', { name: 'Select Campaign Activities' });
    await dialog.getByRole('button', { name: 'Plant Systems Cut-over With A Long Name That Wraps' }).first().click();
    const selectAll = dialog.getByRole('button', { name: 'Select All' });
    await selectAll.waitFor();
    await dialog.getByRole('list', { name: 'Campaign activities' }).waitFor();
    const noSideways = async (where) => {
      const m = await dialog.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, doc: document.documentElement.scrollWidth, vw: window.innerWidth }));
      assert.ok(m.sw <= m.cw, `${where}: the dialog scrolls sideways (${m.sw} > ${m.cw})`);
      assert.ok(m.doc <= m.vw, `${where}: the page scrolls sideways (${m.doc} > ${m.vw})`);
    };
    await noSideways('the activities step');
    const box = await selectAll.boundingBox();
    const dbox = await dialog.boundingBox();
    assert.ok(box.x >= dbox.x && box.x + box.width <= dbox.x + dbox.width && box.x + box.width <= 1280, 'Select All is in view');
    await checkA11y(wide, 'the import dialog, activities step');
    await selectAll.click();
    await dialog.getByRole('button', { name: `Next: audiences and themes (${activities.length})` }).click();

    // Every name to both plants: one communication per activity and plant.
    await dialog.getByRole('heading', { name: 'Map audiences' }).waitFor();
    for (const label of labels) {
      const group = dialog.getByRole('group', { name: label, exact: true });
      // A name an earlier test stored an audience for starts on it: only the plants here.
      const checked = group.getByRole('checkbox', { checked: true });
      while ((await checked.count()) > 0) await checked.first().uncheck();
      await group.getByRole('checkbox', { name: 'North plant' }).check();
      await group.getByRole('checkbox', { name: 'South plant' }).check();
    }
    await dialog.getByRole('button', { name: 'Next: summary' }).click();
    await dialog.getByText('Choose a theme for the activities first.').or(wide.getByText('Choose a theme for the activities first.')).first().waitFor();
    await chooseOption(wide, 'Theme for all activities', 'Readiness');
    await chooseOption(wide, `Theme for ${firstPhase}`, 'Launch week');
    await noSideways('the mapping step');
    await checkA11y(wide, 'the import dialog, mapping step');
    await dialog.getByRole('button', { name: 'Next: summary' }).click();

    const sentence = dialog.getByTestId('import-sentence');
    await sentence.waitFor();
    const dry = await api(wide, 'POST', `/api/campaigns/${saved.id}/import`, {
      dryRun: true,
      themeId: themeA.id,
      phaseThemes: { [firstPhase]: themeB.id },
      audienceMap: Object.fromEntries(labels.map((l) => [l, [north.id, south.id]])),
    });
    assert.equal(dry.created.length, 2 * activities.length);
    const expected = `${activities.length} activities → 2 audiences, 2 themes, ${dry.warnings.total} ${dry.warnings.total === 1 ? 'warning' : 'warnings'} expected`;
    assert.equal(await sentence.textContent(), expected);
    assert.ok(dry.warnings.total > 0, 'two plants at the campaign pace break the weekly cap');
    await dialog.getByTestId('import-warnings').waitFor();
    await noSideways('the summary step');
    await checkA11y(wide, 'the import dialog, summary step');
    await wide.screenshot({ path: '/work/wt/shots/import-summary-1280.png' });

    await dialog.getByRole('button', { name: `Add to Schedule (${2 * activities.length})` }).click();
    await dialog.getByRole('heading', { name: 'Added to the Schedule' }).waitFor();
    assert.match(await dialog.getByTestId('import-sentence').textContent(), new RegExp(`${dry.warnings.total} warnings? caused$`));
    let mine = (await api(wide, 'GET', '/api/communications')).filter((c) => c.sourceCampaignId === saved.id);
    assert.equal(mine.length, 2 * activities.length);
    for (const c of mine) {
      const a = activities.find((x) => x.id === c.sourceActivityId);
      assert.equal(c.themeId, a.phase === firstPhase ? themeB.id : themeA.id, `${a.title} in ${a.phase}`);
    }

    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await expectToast(wide, 'Import undone');
    await dialog.waitFor({ state: 'hidden' });
    mine = (await api(wide, 'GET', '/api/communications')).filter((c) => c.sourceCampaignId === saved.id);
    assert.equal(mine.length, 0, 'the whole import is gone');
    const history = await api(wide, 'GET', `/api/history/campaign/${saved.id}`);
    assert.equal(history.filter((e) => e.action === 'import_undone').length, 1, "one act in the campaign's history");
    assert.deepEqual(pageErrors, []);
    await wide.context().close();
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

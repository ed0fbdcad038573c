// End-to-end scenarios of the app, in a real headless Chromium against the
// real binary with a temporary SQLite database. Run with `npm run e2e`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ACCESS_CODE, launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, chooseOption, eventually, expectHeader, expectToast, watchedPage } from './helpers.mjs';

const INVALID = 'Invalid access code. Please contact your project administrator.';

const ROUTES = [
  ['/', 'Dashboard', 'Overview of your communication planning activities'],
  ['/campaign-scheduler', 'Campaign Scheduler', 'Strategic campaign planning for organizational transformation'],
  ['/campaign-inventory', 'Campaign Inventory', 'Manage and review generated campaign schedules'],
  ['/themes', 'Themes', 'Organize communications around key themes and topics'],
  ['/questions', 'Questions', 'Define questions that guide your content creation'],
  ['/audiences', 'Audiences', 'Manage your communication audiences and segments'],
  ['/vehicles', 'Delivery Vehicles', 'Configure how your communications are delivered'],
  ['/assembly', 'Assembly', 'Build communications by selecting themes and questions'],
  ['/content', 'Content Library', 'Manage all your content pieces and their associations'],
  ['/schedule', 'Schedule', 'Plan and schedule your communications timeline'],
  ['/business-readiness', 'Business Readiness Checklist', 'Track and manage organizational readiness for the ERP implementation project'],
  ['/directory', 'Employee Directory', 'The people your communications reach, imported from HR'],
];

let server;
let browser;
let page;
/** confirms collects the text of every confirm prompt; all are accepted. */
const confirms = [];
/** external collects requests to other hosts (there must be none). */
const external = [];
/** pageErrors collects uncaught exceptions in the page. */
const pageErrors = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Nothing may be fetched from another host.
  ({ page } = await watchedPage(browser, server, { external, pageErrors, confirms }, { acceptDownloads: true }));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function login() {
  await page.goto('/');
  await page.getByLabel('Access Code').fill(ACCESS_CODE);
  await page.getByRole('button', { name: 'Access System' }).click();
  await expectHeader(page, 'Dashboard', ROUTES[0][2]);
}

async function openSidebar(label) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
}

describe('commsplan web UI', () => {
  test('the access gate rejects a wrong code and admits the right one', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
    await checkA11y(page, 'the access gate');
    const button = page.getByRole('button', { name: 'Access System' });
    assert.equal(await button.isDisabled(), true, 'button disabled while the code is empty');
    await page.getByLabel('Access Code').fill('NOT-THE-CODE');
    await button.click();
    await eventually(async () => assert.equal(await page.getByRole('alert').textContent(), INVALID));
    await page.getByLabel('Access Code').fill(ACCESS_CODE.toLowerCase());
    await page.getByRole('button', { name: 'Access System' }).click();
    await expectHeader(page, 'Dashboard', ROUTES[0][2]);
    await eventually(async () => assert.equal(await page.title(), 'Dashboard | CommsPlan'));
  });

  test('every route shows its header title and subtitle and passes axe', async () => {
    for (const [path, title, subtitle] of ROUTES) {
      await page.goto(path);
      await expectHeader(page, title, subtitle);
      // Let lazy chunks and queries settle before auditing.
      await page.waitForLoadState('networkidle');
      await checkA11y(page, path);
    }
  });

  test('the sidebar navigates and highlights the active route', async () => {
    await page.goto('/');
    await openSidebar('Content Library');
    await expectHeader(page, 'Content Library', ROUTES[8][2]);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content Library' });
    assert.equal(await link.getAttribute('aria-current'), 'page');
  });

  test('an unknown route shows the 404 page', async () => {
    await page.goto('/no/such/page');
    await expectHeader(page, 'Page', 'Manage your communications');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await checkA11y(page, 'the 404 page');
    const res = await page.request.get('/api/no-such-route');
    assert.equal(res.status(), 404);
    assert.match(res.headers()['content-type'] ?? '', /json/);
  });

  test('create, edit and delete a theme', async () => {
    await page.goto('/themes');
    await page.getByText('No themes yet').waitFor();
    await page.getByRole('button', { name: 'Add Theme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Theme' });
    await dialog.waitFor();
    await checkA11y(page, 'the Create New Theme dialog');
    await dialog.getByLabel('Theme Name').fill('System Go-Live');
    await dialog.getByLabel('Description').fill('Everything about the cut-over weekend');
    await chooseOption(page, 'Color', 'Green');
    await dialog.getByRole('button', { name: 'Create Theme' }).click();
    await expectToast(page, 'Theme created successfully!');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'System Go-Live' }).waitFor();

    await page.getByRole('button', { name: 'Actions for System Go-Live' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Theme' });
    await edit.getByLabel('Theme Name').fill('Go-Live Weekend');
    await edit.getByRole('button', { name: 'Update Theme' }).click();
    await expectToast(page, 'Theme updated successfully!');
    await page.getByRole('heading', { name: 'Go-Live Weekend' }).waitFor();

    // The dialogs work from the keyboard alone: focus starts in the first field
    // and Enter in a text field submits.
    await page.getByRole('button', { name: 'Add Theme' }).focus();
    await page.keyboard.press('Enter');
    const kb = page.getByRole('dialog', { name: 'Create New Theme' });
    await kb.waitFor();
    await page.keyboard.type('Keyboard Theme');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Theme created successfully!');
    await kb.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Keyboard Theme' }).waitFor();
    await page.getByRole('button', { name: 'Actions for Keyboard Theme' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Theme deleted successfully');

    await page.getByRole('button', { name: 'Actions for Go-Live Weekend' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expectToast(page, 'Theme deleted successfully');
    assert.equal(confirms.at(-1), 'Are you sure you want to delete this theme? This will also delete all associated questions.');
    await page.getByText('No themes yet').waitFor();
  });

  test('create, edit and delete a question', async () => {
    await api(page, 'POST', '/api/themes', { name: 'Training', description: 'Getting people ready', icon: 'fa-users', color: 'purple' });
    await page.goto('/questions');
    await page.getByText('No questions yet').waitFor();
    await page.getByRole('button', { name: 'Create First Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Question' });
    await chooseOption(page, 'Theme', 'Training');
    await dialog.getByLabel('Question', { exact: true }).fill('When does training start?');
    await dialog.getByLabel('Description (optional)').fill('Dates per division');
    await checkA11y(page, 'the Create New Question dialog');
    await dialog.getByRole('button', { name: 'Create Question' }).click();
    await expectToast(page, 'Question created successfully!');
    await page.getByText('When does training start?').waitFor();

    await page.getByRole('button', { name: 'Edit question' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Question' });
    await edit.getByLabel('Question', { exact: true }).fill('When does system training start?');
    await edit.getByRole('button', { name: 'Update Question' }).click();
    await expectToast(page, 'Question updated successfully!');
    await page.getByText('When does system training start?').waitFor();

    await page.getByRole('button', { name: 'Delete question' }).click();
    await expectToast(page, 'Question deleted successfully');
    assert.equal(confirms.at(-1), 'Are you sure you want to delete this question? This will also remove all associated content.');
    await page.getByText('No questions yet').waitFor();
  });

  test('create, preview, download, edit and delete a content piece', async () => {
    await page.goto('/content');
    await page.getByText('No content yet').waitFor();
    await page.getByRole('button', { name: 'Add Content' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Content' });
    await dialog.getByLabel('Title').fill('Go-Live FAQ');
    await dialog.getByLabel('Content', { exact: true }).fill('Line one\nLine two');
    await dialog.getByRole('button', { name: 'Create Content' }).click();
    await expectToast(page, 'Content created successfully!');
    await page.getByRole('heading', { name: 'Go-Live FAQ' }).waitFor();
    await page.getByText('No description provided').waitFor();

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Go-Live FAQ' });
    assert.equal(await preview.getByTestId('preview-body').innerText(), 'Line one\nLine two');
    await checkA11y(page, 'the content preview dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Download' }).click()]);
    assert.equal(download.suggestedFilename(), 'go_live_faq.html');
    await expectToast(page, 'Content downloaded successfully');
    await preview.getByRole('button', { name: 'Close', exact: true }).first().click();
    await preview.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Actions for Go-Live FAQ' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await chooseOption(page, 'Type', 'Document');
    await edit.getByLabel('URL (optional)').fill('https://intranet.example/faq.pdf');
    await edit.getByLabel('Description (optional)').fill('Answers for the field');
    await edit.getByRole('button', { name: 'Update Content' }).click();
    await expectToast(page, 'Content updated successfully!');
    await page.getByText('Answers for the field').waitFor();

    // Search and type filter.
    await page.getByLabel('Search content library').fill('nothing like this');
    await page.getByText('No content found').waitFor();
    await page.getByLabel('Search content library').fill('faq');
    await page.getByRole('heading', { name: 'Go-Live FAQ' }).waitFor();
    await chooseOption(page, 'Filter by type', 'Video');
    await page.getByText('No content found').waitFor();
    await chooseOption(page, 'Filter by type', 'All Types');

    await page.getByRole('button', { name: 'Actions for Go-Live FAQ' }).click();
    await page.getByRole('menuitem', { name: 'Open Link' }).waitFor();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expectToast(page, 'Content deleted successfully');
    assert.equal(confirms.at(-1), 'Are you sure you want to delete this content? This will remove it from all associated questions.');
    await page.getByText('No content yet').waitFor();
  });

  test('create, edit and delete an audience, with All Employees', async () => {
    await page.goto('/audiences');
    await page.getByRole('button', { name: 'Add Audience' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Audience' });
    await dialog.getByLabel('Audience Name').fill('SFB - California');
    await dialog.getByLabel('Contact Count').fill('142');
    await checkA11y(page, 'the Create New Audience dialog');
    await dialog.getByRole('button', { name: 'Create Audience' }).click();
    await expectToast(page, 'Audience created successfully!');
    await page.getByRole('heading', { name: 'SFB - California' }).waitFor();
    await page.getByRole('heading', { name: 'All Employees' }).waitFor();
    await page.getByText('Combined grouping of all employees from 1 divisions totaling 142 employees').waitFor();
    await eventually(async () => assert.match(await page.getByTestId('audience-summary').textContent(), /^1 audience · /));

    await page.getByRole('button', { name: 'Edit SFB - California' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Audience' });
    await edit.getByLabel('Contact Count').fill('150');
    // The greeting drafts for this audience use ("Hello, California crew,").
    await edit.getByLabel('Greeting (optional)').fill('California crew');
    await edit.getByRole('button', { name: 'Update Audience' }).click();
    await expectToast(page, 'Audience updated successfully!');
    const stored = (await api(page, 'GET', '/api/audiences')).find((a) => a.name === 'SFB - California');
    assert.equal(stored.greeting, 'California crew');
    await page.getByRole('button', { name: 'Edit SFB - California' }).click();
    assert.equal(await page.getByRole('dialog', { name: 'Edit Audience' }).getByLabel('Greeting (optional)').inputValue(), 'California crew');
    await page.keyboard.press('Escape');
    await page.getByText('Combined grouping of all employees from 1 divisions totaling 150 employees').waitFor();

    await page.getByRole('button', { name: 'Delete SFB - California' }).click();
    await expectToast(page, 'Audience deleted successfully');
    assert.match(confirms.at(-1), /^Are you sure you want to delete this audience\?/);
    await page.getByText('No audiences yet').waitFor();
  });

  test('Create New opens the create dialogs', async () => {
    await page.goto('/');
    for (const [item, title] of [
      ['Theme', 'Create New Theme'],
      ['Question', 'Create New Question'],
      ['Content', 'Create New Content'],
      ['Audience', 'Create New Audience'],
    ]) {
      await page.getByRole('button', { name: 'Create New' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('menuitem', { name: 'Theme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Theme' });
    await dialog.getByLabel('Theme Name').fill('Header Theme');
    await dialog.getByLabel('Description').fill('Made from the header');
    await dialog.getByRole('button', { name: 'Create Theme' }).click();
    await expectToast(page, 'Theme created successfully!');
    await eventually(async () => assert.equal(await page.getByTestId('stat-card').first().locator('p.text-3xl').textContent(), '2'));
  });

  test('reorder questions by dragging; the order survives a reload', async () => {
    const theme = await api(page, 'POST', '/api/themes', { name: 'Reorder Theme', description: 'Drag test', icon: 'fa-rocket', color: 'blue' });
    for (const [i, text] of ['First question', 'Second question', 'Third question'].entries()) {
      await api(page, 'POST', '/api/questions', { themeId: theme.id, question: text, description: '', sortOrder: i + 1 });
    }
    await page.goto('/questions');
    const card = page.getByTestId('theme-questions').filter({ has: page.getByRole('heading', { name: 'Reorder Theme' }) });
    const texts = () => card.getByTestId('question-text').allTextContents();
    await eventually(async () => assert.deepEqual(await texts(), ['First question', 'Second question', 'Third question']));

    async function dragThirdOntoFirst() {
      const from = await page.getByRole('button', { name: 'Drag to reorder: Third question' }).boundingBox();
      const to = await card.getByTestId('question-row').first().boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
      await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 15 });
      await page.mouse.up();
    }

    // A failed save rolls the optimistic move back.
    await page.route('**/api/questions/reorder', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await dragThirdOntoFirst();
    await expectToast(page, 'Failed to reorder questions');
    await eventually(async () => assert.deepEqual(await texts(), ['First question', 'Second question', 'Third question']));
    await page.unroute('**/api/questions/reorder');

    await dragThirdOntoFirst();
    await expectToast(page, 'Questions reordered successfully');
    await eventually(async () => assert.deepEqual(await texts(), ['Third question', 'First question', 'Second question']));
    assert.deepEqual(await card.getByTestId('question-order').allTextContents(), ['1', '2', '3']);

    await page.reload();
    await eventually(async () => assert.deepEqual(await texts(), ['Third question', 'First question', 'Second question']));
    const stored = (await api(page, 'GET', `/api/questions?themeId=${theme.id}`)).sort((a, b) => a.sortOrder - b.sortOrder);
    assert.deepEqual(
      stored.map((q) => [q.question, q.sortOrder]),
      [
        ['Third question', 1],
        ['First question', 2],
        ['Second question', 3],
      ],
    );
  });

  test('header search finds a theme and leads to it', async () => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search' }).fill('Reorder');
    await page.getByRole('option', { name: /Reorder Theme/ }).click();
    await expectHeader(page, 'Themes', ROUTES[3][2]);
    await page.getByRole('heading', { name: 'Reorder Theme' }).waitFor();
  });

  test('the roles table filters by search and by division', async (t) => {
    const probe = await page.request.get('/api/job-titles');
    if (probe.status() === 404) {
      t.skip('GET /api/job-titles is not served by this binary yet');
      return;
    }
    const titles = await probe.json();
    await page.goto('/audiences');
    const caption = page.getByTestId('roles-caption');
    await eventually(async () => assert.equal(await caption.textContent(), `Showing ${titles.length} of ${titles.length} authentic job titles`));
    await page.getByText(`${titles.length} Authentic Job Titles`, { exact: true }).waitFor();

    await page.getByLabel('Search job titles').fill('installer');
    const installers = titles.filter((r) => r.jobTitle.toLowerCase().includes('installer'));
    await eventually(async () => assert.equal(await caption.textContent(), `Showing ${installers.length} of ${titles.length} authentic job titles`));

    await page.getByLabel('Filter by division').fill('florida');
    const both = installers.filter((r) => r.divisions.some((d) => d.toLowerCase().includes('florida')));
    assert.ok(both.length > 0 && both.length <= installers.length);
    await eventually(async () => assert.equal(await caption.textContent(), `Showing ${both.length} of ${titles.length} authentic job titles`));
    for (const row of await page.getByTestId('role-row').all()) {
      assert.match((await row.locator('td').first().textContent()).toLowerCase(), /installer/);
    }

    // "+N more" expands a row; "Show less" collapses it.
    const wide = both.find((r) => r.divisions.length > 3);
    if (wide) {
      await page.getByRole('button', { name: `Show ${wide.divisions.length - 3} more divisions for ${wide.jobTitle}` }).click();
      await page.getByRole('button', { name: `Show less for ${wide.jobTitle}` }).click();
    }

    await page.getByLabel('Search job titles').fill('no such title anywhere');
    await page.getByText('No roles found matching the current filters').waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await eventually(async () => assert.equal(await caption.textContent(), `Showing ${titles.length} of ${titles.length} authentic job titles`));
  });

  test('the dashboard shows real figures, the calendar dots and recent activity', async () => {
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const theme = await api(page, 'POST', '/api/themes', { name: 'Calendar Theme', description: 'Dots', icon: 'fa-rocket', color: 'blue' });
    for (const [title, status] of [
      ['Kick-off email', 'scheduled'],
      ['Town hall', 'scheduled'],
      ['Newsletter', 'scheduled'],
      ['Draft memo', 'draft'],
    ]) {
      await api(page, 'POST', '/api/communications', { title, themeId: theme.id, status, scheduledDate: today });
    }
    await api(page, 'POST', '/api/audiences', { name: 'TFS - Florida', description: '', contactCount: 120 });
    await api(page, 'POST', '/api/audiences', { name: 'Corporate', description: '', contactCount: '30' });

    await page.goto('/');
    await expectHeader(page, 'Dashboard', ROUTES[0][2]);
    const card = (title) => page.getByTestId('stat-card').filter({ hasText: title });
    await eventually(async () => {
      assert.equal(await card('Scheduled Comms').locator('p.text-3xl').textContent(), '3');
      assert.match(await card('Scheduled Comms').textContent(), /3 due this week/);
      assert.equal(await card('Total Contacts').locator('p.text-3xl').textContent(), '150');
    });
    const upcomingTitles = await page.getByTestId('upcoming-list').locator('li button span.font-medium').allTextContents();
    assert.equal(upcomingTitles.length, 3);

    // Four communications today: two dots and a grey "+2 more".
    const dots = page.getByTestId('day-dots');
    assert.equal(await dots.count(), 1);
    assert.equal(await dots.locator('[role="img"]').count(), 3);
    assert.equal(await dots.locator('[title="+2 more"]').count(), 1);

    await page.getByRole('button', { name: new RegExp(`, 4 communications$`) }).click();
    await page.getByTestId('selected-day').getByText('Draft memo').waitFor();

    await page.getByTestId('activity-list').getByText('Audience created: Corporate').waitFor();
    await checkA11y(page, 'the Dashboard with data');
  });

  test('screens with data pass axe', async () => {
    await api(page, 'POST', '/api/questions', { themeId: (await api(page, 'GET', '/api/themes'))[0].id, question: 'Who is affected?', description: 'By division' });
    await api(page, 'POST', '/api/content', { title: 'Training plan', type: 'document', description: 'Plan', content: 'Week 1\nWeek 2', url: 'https://intranet.example/plan' });
    for (const path of ['/themes', '/questions', '/content', '/audiences']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await checkA11y(page, `${path} with data`);
    }
    await page.getByRole('button', { name: 'Show 14 more divisions for FA/LV Installer' }).click().catch(() => {});
    await checkA11y(page, '/audiences with an expanded row');
  });

  test('a 401 returns to the gate; log out works', async () => {
    await page.goto('/');
    await expectHeader(page, 'Dashboard', ROUTES[0][2]);
    // Let the Dashboard's refetches finish so the 401 comes from the save below.
    await page.waitForLoadState('networkidle');
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('menuitem', { name: 'Theme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Theme' });
    await dialog.getByLabel('Theme Name').fill('Too late');
    await dialog.getByLabel('Description').fill('Session is gone');
    await dialog.getByRole('button', { name: 'Create Theme' }).click();
    await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();

    await login();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

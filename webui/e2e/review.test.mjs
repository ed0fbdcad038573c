// Review and approval in a real headless Chromium against the
// real binary started with review.required on, as two people in two browser
// contexts: a planner asks an approver for review in the Communication form;
// the approver requests changes with a comment; the planner is told, in the
// form, that an edit of an approved item resets it; the form refuses to
// schedule an unapproved item with the server's message and stores nothing;
// once approved, it schedules. axe runs on the Review section.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, chooseOption, eventually, expectToast, watchedPage, signInWith } from './helpers.mjs';

let server;
let browser;
const external = [];
const pageErrors = [];

before(async () => {
  process.env.COMMSPLAN_REVIEW_REQUIRED = 'true';
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const MSG = 'This communication needs approval before it can be scheduled';

test('a planner asks for review, an approver decides, and only an approved item is scheduled', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, 'the first start prints the admin code');
  const { page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const dana = await api(admin, 'POST', '/api/people', { name: 'Dana Reyes', role: 'planner' });
  const ari = await api(admin, 'POST', '/api/people', { name: 'Ari Stone', role: 'approver' });
  const theme = await api(admin, 'POST', '/api/themes', { name: 'Go-live', description: 'The go-live', icon: 'fa-rocket', color: 'blue' });
  const comm = await api(admin, 'POST', '/api/communications', { title: 'Go-live letter', themeId: theme.id, status: 'draft' });
  await api(admin, 'POST', '/api/communications', { title: 'Unreviewed note', themeId: theme.id, status: 'draft' });

  // The planner cannot schedule it yet: the form says why, and nothing is stored.
  const { page: planner } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(planner, dana.code);
  await planner.goto(`/schedule?focus=${comm.id}`);
  let form = planner.getByRole('dialog', { name: 'Edit Communication' });
  await chooseOption(planner, 'Status', 'Scheduled');
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('Scheduled Date').fill(tomorrow);
  await form.getByRole('button', { name: 'Update Communication' }).click();
  await form.getByText(MSG).first().waitFor();
  assert.equal((await api(planner, 'GET', `/api/communications/${comm.id}`)).status, 'draft', 'nothing half-saved');

  // The planner asks Ari for review.
  const section = form.getByTestId('review-section');
  await section.getByLabel('Ari Stone').check();
  await section.getByRole('button', { name: 'Request review' }).click();
  await expectToast(planner, 'Review requested');
  await eventually(async () => assert.match(await section.textContent(), /In review/));
  await checkA11y(planner, 'the Review section');

  // The approver requests changes with a comment.
  const { page: approver } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(approver, ari.code);
  await approver.goto(`/schedule`);
  await approver.getByTestId('needs-my-review').click();
  // The List view's server pages follow the toggle too.
  await approver.getByRole('button', { name: 'List', exact: true }).click();
  const drafts = approver.getByTestId('column-drafts');
  await eventually(async () => assert.deepEqual(await drafts.getByTestId('schedule-item-title').allTextContents(), ['Go-live letter']));
  assert.equal(await drafts.getByTestId('column-count').textContent(), '1');
  await approver.getByTestId('needs-my-review-list').getByRole('button', { name: 'Go-live letter' }).click();
  // An item in the approver's queue opens as its review view.
  const review = approver.getByRole('dialog', { name: 'Review Communication' }).getByTestId('review-section');
  await review.getByLabel('Decision comment').fill('Say which sites go first.');
  await review.getByRole('button', { name: 'Request changes' }).click();
  await eventually(async () => assert.match(await review.textContent(), /Changes requested/));

  // The planner edits, asks again, and the approver approves.
  const stored = await api(planner, 'GET', `/api/communications/${comm.id}`);
  assert.equal(stored.review.state, 'changes_requested');
  await api(planner, 'PUT', `/api/communications/${comm.id}`, { rawContent: 'Sites A and B first.', scheduledDate: tomorrow });
  await api(planner, 'POST', `/api/communications/${comm.id}/review`, { approvers: [ari.id] });
  await api(approver, 'POST', `/api/communications/${comm.id}/decisions`, { decision: 'approved', comment: '' });

  // Approved: the form warns that a title edit resets it, and schedules it as it is.
  await planner.goto(`/schedule?focus=${comm.id}`);
  form = planner.getByRole('dialog', { name: 'Edit Communication' });
  await eventually(async () => assert.match(await form.getByTestId('review-section').textContent(), /Approved/));
  await form.getByLabel('Title').fill('Go-live letter, final');
  await form.getByTestId('approval-reset-warning').waitFor();
  await form.getByLabel('Title').fill('Go-live letter');
  await eventually(async () => assert.equal(await form.getByTestId('approval-reset-warning').count(), 0));
  await chooseOption(planner, 'Status', 'Scheduled');
  await form.getByLabel('Scheduled Date').fill(tomorrow);
  await form.getByRole('button', { name: 'Update Communication' }).click();
  await expectToast(planner, 'Communication updated successfully!');
  const done = await api(planner, 'GET', `/api/communications/${comm.id}`);
  assert.equal(done.status, 'scheduled');
  assert.equal(done.review.state, 'approved');

  assert.deepEqual(pageErrors, []);
  assert.deepEqual(external, []);
});

// The review flow in a real headless Chromium against the real
// binary, started with review.required on, as two people in two browser
// contexts: a planner requests review; the approver sees the count in My
// reviews, opens the item and requests changes with a comment mentioning
// the planner (it also lands in the thread); the planner sees both in
// their inbox, edits, and requests again; the approver approves; the
// planner schedules it. An unapproved item is refused by the form with the server's message. axe runs on My
// reviews and on the Review section with its thread.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, chooseOption, eventually, expectHeader, watchedPage, signInWith } from './helpers.mjs';

let server;
let browser;
const external = [];
const pageErrors = [];

before(async () => {
  // serve reads review.required from its environment (harness.mjs passes it on).
  process.env.COMMSPLAN_REVIEW_REQUIRED = 'true';
  server = await startServer();
  delete process.env.COMMSPLAN_REVIEW_REQUIRED;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** openForm opens a communication's form from its address, the one My reviews links to. */
async function openForm(page, id) {
  await page.goto(`/schedule?focus=${id}`);
  const form = page.getByRole('dialog', { name: 'Edit Communication' });
  await form.getByTestId('review-section').waitFor();
  return form;
}

/** openFromInbox opens My reviews, waits for an unread entry matching text and follows it. */
async function openFromInbox(page, text, title) {
  await page.getByRole('link', { name: /My reviews/ }).click();
  await expectHeader(page, 'My reviews', 'Reviews asked of you, decisions on your requests, and comments that mention you');
  const entry = page.getByTestId('inbox-entry').filter({ hasText: text }).first();
  await entry.waitFor();
  assert.equal(await entry.getAttribute('data-read'), 'false');
  return entry.getByRole('link', { name: title });
}

/** futureDay is a date some weeks ahead, YYYY-MM-DD. */
function futureDay(days) {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

test('a communication goes from request to approval to scheduled, told through My reviews', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, 'the first start prints the admin code');
  const { page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const dana = await api(admin, 'POST', '/api/people', { name: 'Dana Reyes', role: 'planner' });
  const ari = await api(admin, 'POST', '/api/people', { name: 'Ari Stone', role: 'approver' });
  const theme = await api(admin, 'POST', '/api/themes', { name: 'Go-live', description: 'The go-live', icon: 'fa-rocket', color: 'blue' });
  const date = futureDay(40);
  // A draft with its date already set: the approval covers the date, and scheduling then only changes the status.
  const comm = await api(admin, 'POST', '/api/communications', { title: 'Go-live letter', themeId: theme.id, status: 'draft', scheduledDate: date });
  const other = await api(admin, 'POST', '/api/communications', { title: 'Cutover notice', themeId: theme.id, status: 'draft', scheduledDate: date });

  // 1. The planner requests review from the approver.
  const { page: planner } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(planner, dana.code);
  let form = await openForm(planner, comm.id);
  let section = form.getByTestId('review-section');
  await section.getByLabel('Ari Stone').check();
  await section.getByRole('button', { name: 'Request review' }).click();
  await section.locator('[data-review="requested"]').waitFor();
  assert.match(await section.textContent(), /Asked of Ari Stone by Dana Reyes/);

  // 2. The approver sees the count, opens the item, requests changes with a comment mentioning the planner.
  const { page: approver } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(approver, ari.code);
  await eventually(async () => assert.equal((await approver.getByTestId('inbox-count').textContent()).trim(), '1 unread'));
  let link = await openFromInbox(approver, 'Dana Reyes asked you to review', 'Go-live letter');
  await checkA11y(approver, 'My reviews');
  await link.click();
  // The approver reads it in the review view.
  form = approver.getByRole('dialog', { name: 'Review Communication' });
  section = form.getByTestId('review-section');
  await section.waitFor();
  await checkA11y(approver, 'the Review section and its thread');
  // The decision's comment mentions the planner; it also lands in the thread.
  await section.getByLabel('Decision comment').fill('@Dana.Reyes the date in the second paragraph is wrong');
  await section.getByRole('button', { name: 'Request changes' }).click();
  await section.locator('[data-review="changes_requested"]').waitFor();
  const thread = form.getByTestId('comment-thread');
  await thread.getByTestId('comment').filter({ hasText: 'the date in the second paragraph is wrong' }).waitFor();

  // 3. The planner sees both in their inbox, edits, and requests again.
  await planner.goto('/');
  await eventually(async () => assert.equal((await planner.getByTestId('inbox-count').textContent()).trim(), '2 unread'), 40_000);
  link = await openFromInbox(planner, 'Ari Stone requested changes to', 'Go-live letter');
  await planner.getByTestId('inbox-entry').filter({ hasText: 'Ari Stone mentioned you on' }).waitFor();
  await link.click();
  form = planner.getByRole('dialog', { name: 'Edit Communication' });
  await form.getByLabel('Content').fill('The go-live is on the date above.');
  await form.getByRole('button', { name: 'Update Communication' }).click();
  await form.waitFor({ state: 'detached' });
  form = await openForm(planner, comm.id);
  section = form.getByTestId('review-section');
  await section.getByRole('button', { name: 'Request review again' }).click();
  await section.locator('[data-review="requested"]').waitFor();

  // 4. The approver approves.
  await approver.goto('/');
  link = await openFromInbox(approver, 'Dana Reyes asked you to review', 'Go-live letter');
  await link.click();
  section = approver.getByRole('dialog', { name: 'Review Communication' }).getByTestId('review-section');
  await section.getByRole('button', { name: 'Approve' }).click();
  await section.locator('[data-review="approved"]').waitFor();

  // 5. The planner schedules it.
  await planner.goto('/');
  await eventually(async () => assert.ok(Number((await planner.getByTestId('inbox-count').textContent()).trim().split(' ')[0]) >= 1), 40_000);
  form = await openForm(planner, comm.id);
  await chooseOption(planner, 'Status', 'Scheduled');
  await form.getByRole('button', { name: 'Update Communication' }).click();
  await form.waitFor({ state: 'detached' });
  const stored = await api(planner, 'GET', `/api/communications/${comm.id}`);
  assert.equal(stored.status, 'scheduled');

  // 6. With review.required on, the form refuses to schedule an unapproved item.
  form = await openForm(planner, other.id);
  await chooseOption(planner, 'Status', 'Scheduled');
  await form.getByRole('button', { name: 'Update Communication' }).click();
  await form.getByText('This communication needs approval before it can be scheduled').first().waitFor();
  const refused = await api(planner, 'GET', `/api/communications/${other.id}`);
  assert.equal(refused.status, 'draft', 'nothing was saved');

  assert.deepEqual(pageErrors, []);
  assert.deepEqual(external, []);
});

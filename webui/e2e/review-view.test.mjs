// Review as a reader, review without surprises, My reviews as a queue: in a
// real headless Chromium against the real binary, as a planner and two
// approvers, each in their own browser context.
//   - the approver opens an item from My reviews and reads the message as
//     it will be sent (subject, body, vehicle; the notes folded), with
//     nothing focused for editing and the decision in view; after the
//     decision only Close and Edit remain, and Edit opens the form;
//   - the second approver's notice clears when the first one decides;
//   - a re-request keeps its approvers and due date and saves unsaved
//     edits with it; Cancel and Escape ask before discarding edits; an
//     edit of an approved item says "Saving reopens the approval";
//   - typing @ in a comment opens a picker of people, and the mention shows
//     as a chip.
// axe runs on My reviews, the review view, the form and the picker.
// Screenshots of the review view at 1280×800 and 390×844 go to
// $COMMSPLAN_SHOTS (when set).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, signInWith, watchedPage } from './helpers.mjs';

let server;
let browser;
const external = [];
const pageErrors = [];
let people;
let theme;
let vehicle;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, 'the first start prints the admin code');
  const { page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  people = {
    admin,
    dana: await api(admin, 'POST', '/api/people', { name: 'Dana Reyes', role: 'planner' }),
    ari: await api(admin, 'POST', '/api/people', { name: 'Ari Stone', role: 'approver' }),
    bo: await api(admin, 'POST', '/api/people', { name: 'Bo Lind', role: 'approver' }),
  };
  theme = await api(admin, 'POST', '/api/themes', { name: 'Go-live', description: 'The go-live', icon: 'fa-rocket', color: 'blue' });
  vehicle = await api(admin, 'POST', '/api/vehicles', { name: 'Site memo', type: 'internal', description: 'Memo to the sites', settings: { format: 'text' } });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** futureDay is a date some days ahead, YYYY-MM-DD. */
function futureDay(days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** as opens a browser context signed in as person, at the viewport given. */
async function as(person, viewport) {
  const { page } = await watchedPage(browser, server, { external, pageErrors }, viewport ? { viewport } : {});
  await signInWith(page, person.code);
  return page;
}

/** shot saves a screenshot to $COMMSPLAN_SHOTS/name when set. */
async function shot(page, name) {
  const dir = process.env.COMMSPLAN_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, name) });
}

/** inViewport says whether the locator's box lies inside the page's viewport. */
async function inViewport(page, locator) {
  const box = await locator.boundingBox();
  const vp = page.viewportSize();
  return !!box && box.y >= 0 && box.y + box.height <= vp.height && box.x >= 0 && box.x + box.width <= vp.width;
}

test("the approver reads the message as it will be sent, decides, and the other approver's notice clears", async () => {
  const { dana, ari, bo } = people;
  const due = futureDay(5);
  const planner = await as(dana);
  const comm = await api(planner, 'POST', '/api/communications', {
    title: 'Cut-over weekend',
    themeId: theme.id,
    status: 'draft',
    vehicleId: vehicle.id,
    rawContent: 'INTERNAL: check with Sam before sending',
    generatedContent: 'Dear colleagues,\n\nThe cut-over runs on Saturday.',
  });
  await api(planner, 'POST', `/api/communications/${comm.id}/review`, { approvers: [ari.id, bo.id], dueDate: due });

  // Bo has the notice, unread, and does nothing with it.
  const other = await as(bo);
  await eventually(async () => assert.equal((await other.getByTestId('inbox-count').textContent()).trim(), '1 unread'));

  // Ari's My reviews is a queue: state, who asked, due date, age.
  const approver = await as(ari, { width: 1280, height: 800 });
  await approver.getByRole('link', { name: /My reviews/ }).click();
  await expectHeader(approver, 'My reviews', 'Reviews asked of you, decisions on your requests, and comments that mention you');
  const item = approver.getByTestId('queue-item').filter({ hasText: 'Cut-over weekend' });
  await item.waitFor();
  const facts = await item.textContent();
  assert.match(facts, /In review/);
  assert.match(facts, /Asked by Dana Reyes/);
  assert.match(facts, /due [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  assert.match(facts, /· (just now|.* ago)$/);
  await checkA11y(approver, 'My reviews with its queue');

  // The review view: the message, the notes folded, nothing focused for editing.
  await item.getByRole('link', { name: 'Cut-over weekend' }).click();
  const view = approver.getByRole('dialog', { name: 'Review Communication' });
  await view.waitFor();
  assert.equal(await approver.getByRole('dialog', { name: 'Edit Communication' }).count(), 0);
  assert.equal(await view.getByTestId('review-subject').textContent(), 'Cut-over weekend');
  assert.equal(await view.getByTestId('review-vehicle').textContent(), 'Site memo');
  assert.match(await view.getByTestId('review-body').textContent(), /The cut-over runs on Saturday\./);
  assert.equal(await view.getByTestId('review-notes').getAttribute('open'), null, 'the notes are folded away');
  assert.equal(await view.getByText('INTERNAL: check with Sam before sending').isVisible(), false);
  const focused = await approver.evaluate(() => document.activeElement?.tagName);
  assert.ok(!['INPUT', 'TEXTAREA', 'SELECT'].includes(focused), `nothing is focused for editing (focus on ${focused})`);
  await approver.keyboard.type('x');
  const approve = view.getByRole('button', { name: 'Approve' });
  assert.ok(await inViewport(approver, approve), 'Approve is in view');
  assert.ok(await inViewport(approver, view.getByRole('button', { name: 'Request changes' })), 'Request changes is in view');
  await checkA11y(approver, 'the review view');
  await shot(approver, 'review-1280.png');

  // The same view on a phone keeps the decision within reach.
  const phone = await as(ari, { width: 390, height: 844 });
  await phone.goto(`/schedule?focus=${comm.id}`);
  const phoneView = phone.getByRole('dialog', { name: 'Review Communication' });
  await phoneView.getByTestId('review-subject').waitFor();
  await checkA11y(phone, 'the review view at 390 px');
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
  await shot(phone, 'review-390.png');

  // The decision; after it, only Close and Edit.
  await approve.click();
  await view.locator('[data-review="approved"]').first().waitFor();
  assert.equal(await view.getByRole('button', { name: 'Cancel' }).count(), 0);
  assert.equal(await view.getByRole('button', { name: 'Update Communication' }).count(), 0);
  await view.getByRole('button', { name: 'Close' }).first().waitFor();
  const stored = await api(approver, 'GET', `/api/communications/${comm.id}`);
  assert.equal(stored.title, 'Cut-over weekend', 'the key pressed changed nothing');
  assert.equal(stored.review.state, 'approved');

  // Bo's notice cleared without Bo opening it; Ari's queue is empty.
  await other.reload();
  await eventually(async () => assert.equal(await other.getByTestId('inbox-count').count(), 0), 40_000);
  await other.getByRole('link', { name: /My reviews/ }).click();
  const notice = other.getByTestId('inbox-entry').filter({ hasText: 'Dana Reyes asked you to review' });
  await eventually(async () => assert.equal(await notice.getAttribute('data-read'), 'true'));
  await other.getByTestId('queue-empty').waitFor();

  // Edit is a separate step, for those who may edit.
  await view.getByRole('button', { name: 'Edit' }).click();
  const form = approver.getByRole('dialog', { name: 'Edit Communication' });
  await form.getByLabel('Title').waitFor();
  assert.equal(await form.getByLabel('Title').inputValue(), 'Cut-over weekend');

  assert.deepEqual(pageErrors, []);
  assert.deepEqual(external, []);
});

test('a re-request keeps its approvers and due date and saves unsaved edits; dialogs ask before discarding', async () => {
  const { dana, ari } = people;
  const due = futureDay(9);
  const planner = await as(dana);
  const comm = await api(planner, 'POST', '/api/communications', { title: 'Badge swap', themeId: theme.id, status: 'draft', rawContent: 'First draft' });
  await api(planner, 'POST', `/api/communications/${comm.id}/review`, { approvers: [ari.id], dueDate: due });
  const approver = await as(ari);
  await api(approver, 'POST', `/api/communications/${comm.id}/decisions`, { decision: 'changes_requested', comment: 'Say which door.' });

  await planner.goto(`/schedule?focus=${comm.id}`);
  const form = planner.getByRole('dialog', { name: 'Edit Communication' });
  const section = form.getByTestId('review-section');
  await section.locator('[data-review="changes_requested"]').first().waitFor();
  // Prefilled from the round: the picker says who is chosen.
  await eventually(async () => assert.equal(await section.getByRole('checkbox', { name: 'Ari Stone' }).isChecked(), true));
  await section.getByText('Approvers (chosen: Ari Stone)').waitFor();
  assert.equal(await section.getByLabel('Due date (optional)').inputValue(), due);

  // Unsaved edits go with the re-request.
  await form.getByLabel('Content').fill('Use the north door.');
  await section.getByTestId('review-saves-edits').waitFor();
  await section.getByRole('button', { name: 'Save and request review again' }).click();
  await section.locator('[data-review="requested"]').first().waitFor();
  const stored = await api(planner, 'GET', `/api/communications/${comm.id}`);
  assert.equal(stored.rawContent, 'Use the north door.', 'the edit was saved with the request');
  assert.deepEqual(stored.review.approvers.map((a) => a.name), ['Ari Stone']);
  assert.equal(stored.review.dueDate, due);
  await section.getByRole('button', { name: 'Request review again' }).waitFor();

  // Cancel with changes asks; Keep editing keeps them; Escape asks too; Discard closes.
  await form.getByLabel('Title').fill('Badge swap, north door');
  await form.getByRole('button', { name: 'Cancel' }).click();
  const confirm = form.getByTestId('discard-confirm');
  await confirm.waitFor();
  await checkA11y(planner, 'the discard question');
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  assert.equal(await form.getByLabel('Title').inputValue(), 'Badge swap, north door');
  await form.getByLabel('Title').focus();
  await planner.keyboard.press('Escape');
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await form.waitFor({ state: 'detached' });
  assert.equal((await api(planner, 'GET', `/api/communications/${comm.id}`)).title, 'Badge swap');

  // Approved, an edit says before saving that it reopens the approval.
  await api(approver, 'POST', `/api/communications/${comm.id}/decisions`, { decision: 'approved', comment: '' });
  await planner.goto(`/schedule?focus=${comm.id}`);
  const again = planner.getByRole('dialog', { name: 'Edit Communication' });
  await again.getByTestId('review-section').locator('[data-review="approved"]').first().waitFor();
  assert.equal(await again.getByTestId('approval-reset-warning').count(), 0);
  await again.getByLabel('Title').fill('Badge swap (final)');
  const warning = again.getByTestId('approval-reset-warning');
  await warning.waitFor();
  assert.match(await warning.textContent(), /^Saving reopens the approval/);
  await checkA11y(planner, 'the form with the reopen warning');

  assert.deepEqual(pageErrors, []);
  assert.deepEqual(external, []);
});

test('typing @ in a comment opens a picker of people, and the mention shows as a chip', async () => {
  const { dana } = people;
  const planner = await as(dana);
  const comm = await api(planner, 'POST', '/api/communications', { title: 'Parking notice', themeId: theme.id, status: 'draft' });
  await planner.goto(`/schedule?focus=${comm.id}`);
  const thread = planner.getByRole('dialog', { name: 'Edit Communication' }).getByTestId('comment-thread');
  const box = thread.getByLabel('Add a comment');
  await box.click();
  await box.pressSequentially('Please check @st');
  const picker = thread.getByRole('listbox', { name: 'People to mention' });
  await picker.waitFor();
  assert.deepEqual(await picker.getByRole('option').allTextContents(), ['Ari Stone']);
  await checkA11y(planner, 'the @-picker');
  await box.press('Backspace');
  await box.press('Backspace');
  await eventually(async () => assert.ok((await picker.getByRole('option').count()) >= 3, 'an empty query offers everyone'));
  await box.pressSequentially('b');
  await eventually(async () => assert.deepEqual(await picker.getByRole('option').allTextContents(), ['Bo Lind']));
  await box.press('Enter');
  await eventually(async () => assert.equal(await box.inputValue(), 'Please check @"Bo Lind" '));
  assert.equal(await picker.count(), 0, 'the picker closes on a choice');
  await box.pressSequentially('today');
  // Escape closes the picker, not the dialog.
  await box.pressSequentially(' @a');
  await picker.waitFor();
  await box.press('Escape');
  assert.equal(await picker.count(), 0);
  await planner.getByRole('dialog', { name: 'Edit Communication' }).waitFor();
  await box.press('Backspace');
  await box.press('Backspace');
  await box.press('Backspace');
  await thread.getByRole('button', { name: 'Post comment' }).click();
  const chip = thread.getByTestId('mention-chip');
  await chip.waitFor();
  assert.equal(await chip.textContent(), '@Bo Lind');
  assert.equal(await thread.getByTestId('comment-text').textContent(), 'Please check @Bo Lind today');
  await checkA11y(planner, 'a comment with a mention chip');

  // Bo is told.
  const bo = await as(people.bo);
  await bo.getByRole('link', { name: /My reviews/ }).click();
  await bo.getByTestId('inbox-entry').filter({ hasText: 'Dana Reyes mentioned you on Parking notice' }).waitFor();

  assert.deepEqual(pageErrors, []);
  assert.deepEqual(external, []);
});

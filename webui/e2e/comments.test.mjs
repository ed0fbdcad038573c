// Comments and My reviews in a real headless Chromium against
// the real binary, as two people in two browser contexts: a planner
// comments on a communication with markup and a mention; the markup shows
// as text and runs nothing; the approver sees the unread count, opens the
// entry, which opens the communication, and answers; a mention of nobody
// is refused with the server's message; a saved campaign has its thread.
// axe runs on the thread and on the inbox.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, watchedPage, signInWith } from './helpers.mjs';

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

const MARKUP = '<script>window.__ran = 1</script><img src=x onerror="window.__ran = 2"> @Ari.Stone please check\nthe second line';
/** SHOWN is MARKUP as the thread shows it: the mention is a chip naming the person. */
const SHOWN = MARKUP.replace('@Ari.Stone', '@Ari Stone');

test('two people discuss a communication through comments and My reviews', async () => {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)?.[1];
  assert.ok(adminCode, 'the first start prints the admin code');
  const { page: admin } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(admin, adminCode);
  const dana = await api(admin, 'POST', '/api/people', { name: 'Dana Reyes', role: 'planner' });
  const ari = await api(admin, 'POST', '/api/people', { name: 'Ari Stone', role: 'approver' });
  const theme = await api(admin, 'POST', '/api/themes', { name: 'Go-live', description: 'The go-live', icon: 'fa-rocket', color: 'blue' });
  const comm = await api(admin, 'POST', '/api/communications', { title: 'Go-live letter', themeId: theme.id, status: 'draft' });

  // The planner comments in the Communication form.
  const { page: planner } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(planner, dana.code);
  await planner.goto(`/schedule?focus=${comm.id}`);
  const form = planner.getByRole('dialog', { name: 'Edit Communication' });
  const thread = form.getByTestId('comment-thread');
  await thread.getByText('No comments yet.').waitFor();
  await thread.getByLabel('Add a comment').fill(MARKUP);
  await thread.getByRole('button', { name: 'Post comment' }).click();
  const text = thread.getByTestId('comment-text');
  await eventually(async () => assert.equal(await text.textContent(), SHOWN));
  assert.equal(await text.getByTestId('mention-chip').textContent(), '@Ari Stone');
  assert.equal(await thread.locator('img, script').count(), 0, 'the markup is text, not elements');
  assert.equal(await planner.evaluate(() => window.__ran), undefined, 'nothing in the comment ran');
  assert.equal(await text.evaluate((el) => getComputedStyle(el).whiteSpace), 'pre-wrap', 'line breaks are kept');
  await checkA11y(planner, 'the comment thread');

  // The approver sees the count, opens the entry, and answers.
  const { page: approver } = await watchedPage(browser, server, { external, pageErrors });
  await signInWith(approver, ari.code);
  await eventually(async () => assert.equal((await approver.getByTestId('inbox-count').textContent()).trim(), '1 unread'));
  await approver.getByRole('link', { name: /My reviews/ }).click();
  await expectHeader(approver, 'My reviews', 'Reviews asked of you, decisions on your requests, and comments that mention you');
  const entry = approver.getByTestId('inbox-entry');
  await eventually(async () => assert.match(await entry.textContent(), /Dana Reyes mentioned you on Go-live letter/));
  assert.equal(await entry.getAttribute('data-read'), 'false');
  await checkA11y(approver, 'My reviews');
  await entry.getByRole('link', { name: 'Go-live letter' }).click();
  const answerForm = approver.getByRole('dialog', { name: 'Edit Communication' });
  const answerThread = answerForm.getByTestId('comment-thread');
  await eventually(async () => assert.equal(await answerThread.getByTestId('comment-text').first().textContent(), SHOWN));
  await eventually(async () => assert.equal(await approver.getByTestId('inbox-count').count(), 0, 'opening the entry marked it read'));

  // A mention of nobody is refused with the server's words, and nothing is stored.
  await answerThread.getByLabel('Add a comment').fill('Asking @Nobody too');
  await answerThread.getByRole('button', { name: 'Post comment' }).click();
  await eventually(async () => assert.match(await answerThread.getByRole('alert').textContent(), /mentions @Nobody, who is not a person here/));
  await answerThread.getByRole('button', { name: 'Reply to Dana Reyes' }).click();
  await answerThread.getByLabel('Add a comment').fill('Looks right, @"Dana Reyes"');
  await answerThread.getByRole('button', { name: 'Post comment' }).click();
  await eventually(async () => assert.equal(await answerThread.getByTestId('comment').count(), 2));
  assert.match(await answerThread.getByTestId('comment').nth(1).textContent(), /in reply to Dana Reyes/);

  // The planner edits their comment within the 15 minutes.
  await planner.goto(`/schedule?focus=${comm.id}`);
  const again = planner.getByRole('dialog', { name: 'Edit Communication' }).getByTestId('comment-thread');
  await again.getByTestId('comment').first().getByRole('button', { name: 'Edit' }).click();
  await again.getByLabel('Edit comment').fill('@Ari.Stone please check the date');
  await again.getByRole('button', { name: 'Save comment' }).click();
  await eventually(async () => assert.match(await again.getByTestId('comment').first().textContent(), /edited/));
  assert.equal(await again.getByTestId('comment').nth(1).getByRole('button', { name: 'Edit' }).count(), 0, "no Edit on someone else's comment");

  assert.deepEqual(pageErrors, []);
  assert.deepEqual(external, []);
});

// End-to-end scenarios of the UI: the Communication Assembly wizard and
// the Newsletter Template Editor, in a real headless Chromium against the real
// binary with a temporary SQLite database.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';
import { api, checkA11y, eventually, expectHeader, expectToast, signIn, watchedPage } from './helpers.mjs';

let server;
let browser;
let page;
/** external collects requests to other hosts (there must be none). */
const external = [];
/** pageErrors collects uncaught exceptions in the page. */
const pageErrors = [];
const confirms = [];

/** data holds the records the scenarios start from. */
const data = {};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ page } = await watchedPage(browser, server, { external, pageErrors, confirms }, { acceptDownloads: true }));
  await signIn(page);

  data.theme = await api(page, 'POST', '/api/themes', { name: 'Digital Transformation', description: 'Moving the field to the new ERP', icon: 'fa-rocket', color: 'blue' });
  data.other = await api(page, 'POST', '/api/themes', { name: 'Payroll Changes', description: 'New pay calendar', icon: 'fa-users', color: 'green' });
  data.q1 = await api(page, 'POST', '/api/questions', { themeId: data.theme.id, question: 'What is changing for technicians?', description: '', sortOrder: 1 });
  data.q2 = await api(page, 'POST', '/api/questions', { themeId: data.theme.id, question: 'When does the new system go live?', description: '', sortOrder: 2 });
  data.q3 = await api(page, 'POST', '/api/questions', { themeId: data.theme.id, question: 'Where can I get training?', description: '', sortOrder: 3 });
  data.qOther = await api(page, 'POST', '/api/questions', { themeId: data.other.id, question: 'When is the first new payday?', description: '', sortOrder: 1 });
  data.email = await api(page, 'POST', '/api/vehicles', { name: 'All-Staff Email', type: 'email', description: 'Company-wide email' });
  data.blog = await api(page, 'POST', '/api/vehicles', { name: 'Intranet Blog', type: 'blog', description: 'Programme blog' });
  data.sms = await api(page, 'POST', '/api/vehicles', { name: 'Field SMS', type: 'sms', description: 'Text alerts' });
  data.newsletter = await api(page, 'POST', '/api/vehicles', { name: 'Monthly Newsletter', type: 'newsletter', description: 'Programme newsletter' });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const step = (n, label) => page.getByRole('heading', { name: `Step ${n}: ${label}` });
const preview = () => page.getByTestId('assembly-preview');

async function openWizard() {
  await page.goto('/assembly');
  await expectHeader(page, 'Assembly', 'Build communications by selecting themes and questions');
  await step(1, 'Select Theme').waitFor();
}

/** toStep3 chooses the theme and questions and moves on to step 3. */
async function toStep3(questions) {
  await openWizard();
  await page.getByRole('button', { name: /Digital Transformation/ }).click();
  await step(2, 'Choose Questions').waitFor();
  for (const q of questions) await page.getByLabel(new RegExp(q)).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await step(3, 'Add Raw Content and Select Vehicle Template').waitFor();
}

/** downloaded clicks a download button and returns the file's name and text. */
async function downloaded(button) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** generatedFrame is the body of the sandboxed iframe that shows generated content. */
const generatedFrame = () => page.frameLocator('iframe[title="Generated content"]').locator('body');

describe('Communication Assembly wizard', () => {
  test('walks from a theme to a saved piece in the Content Library, linked to the questions', async () => {
    await openWizard();
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'assembly step 1');
    // Four steps, the first current.
    const steps = page.getByRole('navigation', { name: 'Assembly steps' }).getByRole('listitem');
    assert.deepEqual(
      (await steps.allTextContents()).map((s) => s.trim()),
      ['1Select Theme', '2Choose Questions', '3Add Raw Content and Select Vehicle Template', '4Review and Save to Content Library'],
    );
    // No question is requested before a theme is chosen.
    const questionCalls = [];
    page.on('request', (r) => r.url().includes('/api/questions?themeId=') && questionCalls.push(r.url()));
    assert.equal(questionCalls.length, 0);

    await page.getByRole('button', { name: /Digital Transformation/ }).click();
    await step(2, 'Choose Questions').waitFor();
    await page.getByLabel(/What is changing for technicians/).waitFor();
    assert.equal(questionCalls.length, 1);
    assert.ok(questionCalls[0].endsWith(`themeId=${data.theme.id}`));
    // Only this theme's questions.
    assert.equal(await page.getByText('When is the first new payday?').count(), 0);
    await checkA11y(page, 'assembly step 2');

    await page.getByRole('button', { name: 'Next' }).click();
    await expectToast(page, 'Please select at least one question');
    await step(2, 'Choose Questions').waitFor();

    await page.getByLabel(/When does the new system go live/).check();
    await page.getByLabel(/What is changing for technicians/).check();
    await eventually(async () => assert.match(await preview().textContent(), /Questions \(2\)/));
    await page.getByRole('button', { name: 'Next' }).click();
    await step(3, 'Add Raw Content and Select Vehicle Template').waitFor();
    await checkA11y(page, 'assembly step 3');

    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Please select a delivery vehicle');
    await step(3, 'Add Raw Content and Select Vehicle Template').waitFor();

    const raw = 'INTERNAL: do not mention the tablet budget yet.\nGo-live is on <b>Nov 3</b>. Technicians get tablets; training runs in October.';
    await page.getByLabel('Raw Content', { exact: true }).fill(raw);
    await eventually(async () => assert.match(await preview().textContent(), new RegExp(`Raw Content${raw.length} characters`)));
    await page.getByLabel(/All-Staff Email/).check();
    await eventually(async () => assert.match(await preview().textContent(), /VehicleAll-Staff Email/));
    // Email is not a newsletter: no template editor.
    assert.equal(await page.getByRole('button', { name: 'Customize Newsletter Template' }).count(), 0);

    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();

    // The draft was created first, titled with the theme and today's date.
    const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
    const comms = await api(page, 'GET', '/api/communications');
    assert.equal(comms.length, 1);
    const draft = comms[0];
    assert.equal(draft.title, `Digital Transformation - ${today}`);
    assert.equal(draft.status, 'draft');
    assert.equal(draft.themeId, data.theme.id);
    assert.deepEqual(draft.selectedQuestions, [data.q1.id, data.q2.id]);
    assert.equal(draft.vehicleId, data.email.id);
    assert.equal(draft.rawContent, raw);
    assert.ok(draft.generatedContent.length > 0);

    // html content is shown in a sandbox that runs no script, and the raw markup is text.
    const frame = page.locator('iframe[title="Generated content"]');
    assert.equal(await frame.getAttribute('sandbox'), '');
    await eventually(async () => assert.match(await generatedFrame().textContent(), /Nov 3/));
    assert.equal(await generatedFrame().locator('b').count(), 0);
    // The internal line is withheld, and the wizard says so.
    const withheld = page.getByTestId('withheld-lines');
    assert.match(await withheld.textContent(), /1 line withheld as internal/);
    assert.match(await withheld.textContent(), /INTERNAL: do not mention the tablet budget yet\./);
    assert.doesNotMatch(await generatedFrame().textContent(), /budget/);
    assert.doesNotMatch(draft.generatedContent, /budget/);
    const count = await page.getByTestId('generated-count').textContent();
    assert.equal(count, `${[...draft.generatedContent].length} / 5000`);
    await checkA11y(page, 'assembly step 4');

    // A title is required.
    const title = page.getByLabel('Title', { exact: true });
    assert.equal(await title.inputValue(), `Digital Transformation - ${today}`);
    await title.fill('   ');
    await page.getByRole('button', { name: 'Save to Content Library' }).click();
    await expectToast(page, 'Please enter a title for the content');
    await title.fill('Go-Live Email for Technicians');
    await page.getByLabel('Description (optional)').fill('Written with the wizard');
    await page.getByRole('button', { name: 'Save to Content Library' }).click();
    await expectToast(page, 'Saved to Library');

    const pieces = await api(page, 'GET', '/api/content');
    const piece = pieces.find((c) => c.title === 'Go-Live Email for Technicians');
    assert.ok(piece, 'the piece is in the library');
    assert.equal(piece.description, 'Written with the wizard');
    assert.equal(piece.type, 'text');
    assert.equal(piece.vehicleType, 'email');
    assert.deepEqual([...piece.questionIds].sort(), [data.q1.id, data.q2.id].sort());
    const qs = await api(page, 'GET', `/api/questions?themeId=${data.theme.id}`);
    const counts = Object.fromEntries(qs.map((q) => [q.id, q.contentCount]));
    assert.deepEqual(counts, { [data.q1.id]: 1, [data.q2.id]: 1, [data.q3.id]: 0 });
    assert.equal((await api(page, 'GET', `/api/communications/${draft.id}`)).finalContentId, piece.id);

    // The Content Library and the Questions screen show it.
    await page.getByRole('link', { name: 'View it' }).click();
    await expectHeader(page, 'Content Library', 'Manage all your content pieces and their associations');
    await page.getByRole('dialog', { name: 'Go-Live Email for Technicians' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/questions');
    await eventually(async () => {
      const card = page.locator('li', { hasText: 'What is changing for technicians?' }).last();
      assert.match(await card.textContent(), /1 content piece/);
    });
  });

  test('step 4 is editable, and Save to Content Library saves the text as shown', async () => {
    // Text: edited in place.
    await toStep3(['Where can I get training']);
    await page.getByLabel('Raw Content', { exact: true }).fill('Training opens in October at the St. Paul depot.');
    await page.getByLabel(/Field SMS/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    const box = page.getByRole('textbox', { name: 'Generated content' });
    const sms = 'Training opens in October. Book a seat with your supervisor.';
    await box.fill(sms);
    await eventually(async () => assert.equal(await page.getByTestId('generated-count').textContent(), `${sms.length} / 160`));
    await page.getByLabel('Title', { exact: true }).fill('Edited SMS');
    await page.getByRole('button', { name: 'Save to Content Library' }).click();
    await expectToast(page, 'Saved to Library');
    let piece = (await api(page, 'GET', '/api/content')).find((c) => c.title === 'Edited SMS');
    assert.equal(piece.content, sms, 'the library holds the text as edited');
    const commId = piece.sourceData.communicationId;
    assert.equal((await api(page, 'GET', `/api/communications/${commId}`)).generatedContent, sms, 'and so does the communication');

    // HTML: the source is edited under Edit HTML, and the preview follows.
    await toStep3(['What is changing for technicians']);
    await page.getByLabel('Raw Content', { exact: true }).fill('Tablets replace paper work orders on 3 Nov.');
    await page.getByLabel(/All-Staff Email/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    await page.getByRole('tab', { name: 'Edit HTML' }).click();
    const source = page.getByRole('textbox', { name: 'Generated content (HTML)' });
    const html = (await source.inputValue()).replace('<p>', '<p>A note from your depot lead. ');
    await source.fill(html);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await eventually(async () => assert.match(await generatedFrame().textContent(), /A note from your depot lead\./));
    await checkA11y(page, 'assembly step 4, edited');
    await page.getByLabel('Title', { exact: true }).fill('Edited email');
    await page.getByRole('button', { name: 'Save to Content Library' }).click();
    await expectToast(page, 'Saved to Library');
    piece = (await api(page, 'GET', '/api/content')).find((c) => c.title === 'Edited email');
    assert.equal(piece.content, html);
    assert.equal(piece.sourceData.format, 'html');
  });

  test('the Content Library renders html pieces in a sandbox and downloads pieces in their format', async () => {
    await page.goto('/content');
    await page.getByRole('heading', { name: 'Edited email' }).waitFor();
    const card = page.locator('li', { has: page.getByRole('heading', { name: 'Edited email' }) });
    await card.getByRole('button', { name: 'Preview', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edited email' });
    const frame = dialog.locator('iframe');
    assert.equal(await frame.getAttribute('sandbox'), '');
    const body = dialog.frameLocator('iframe').locator('body');
    await eventually(async () => assert.match(await body.textContent(), /A note from your depot lead\./));
    assert.doesNotMatch(await body.textContent(), /<p>|<\/p>/, 'the tags are rendered, not shown');
    assert.ok((await body.locator('p').count()) > 0);
    await checkA11y(page, 'the html piece preview');
    let file = await downloaded(dialog.getByRole('button', { name: 'Download' }));
    assert.equal(file.name, 'edited_email.html');
    assert.match(file.text, /<p>A note from your depot lead\. /);
    assert.match(file.text, /Content-Security-Policy/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A text piece (an SMS) is shown as text and downloads as .txt.
    const sms = page.locator('li', { has: page.getByRole('heading', { name: 'Edited SMS' }) });
    file = await downloaded(sms.getByRole('button', { name: 'Download', exact: true }));
    assert.equal(file.name, 'edited_sms.txt');
    assert.equal(file.text, 'Training opens in October. Book a seat with your supervisor.\n');
    await sms.getByRole('button', { name: 'Preview', exact: true }).click();
    const smsDialog = page.getByRole('dialog', { name: 'Edited SMS' });
    assert.equal(await smsDialog.getByTestId('preview-body').innerText(), 'Training opens in October. Book a seat with your supervisor.');
    assert.equal(await smsDialog.locator('iframe').count(), 0);
    await page.keyboard.press('Escape');
  });

  test('the draft check beside the preview follows the edits, and a kept template has its prompts', async () => {
    await toStep3(['When does the new system go live', 'Where can I get training']);
    await page.getByLabel('Raw Content', { exact: true }).fill('The new system goes live on Monday 16 March at 8 a.m. Training questions go to the help desk on ext. 210.');
    await page.getByLabel(/All-Staff Email/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    const findings = page.getByTestId('draft-findings');
    await eventually(async () => assert.match(await findings.textContent(), /No findings: the draft can be sent as it is\./));
    await checkA11y(page, 'assembly step 4 with the draft check');

    // An edit that leaves a prompt and drops the extension is found once typing pauses.
    await page.getByRole('tab', { name: 'Edit HTML' }).click();
    const source = page.getByRole('textbox', { name: 'Generated content (HTML)' });
    await source.fill((await source.inputValue()).replace('</h2>', '</h2><p>[Add the training dates]</p>').replace('ext. 210', 'the desk'));
    await eventually(async () => {
      assert.equal(await findings.locator('li[data-rule="placeholder"]').count(), 1);
      assert.match(await findings.textContent(), /A placeholder is left to fill: \[Add the training dates\]/);
    });
    // Undoing the edit clears the list again.
    await source.fill((await source.inputValue()).replace('<p>[Add the training dates]</p>', '').replace('the desk', 'ext. 210'));
    await eventually(async () => assert.equal(await findings.locator('li[data-rule="placeholder"]').count(), 0));

    // "Keep placeholders (template)" asks for the prompts, and they are then no finding.
    await page.getByRole('button', { name: 'Back' }).click();
    await step(3, 'Add Raw Content and Select Vehicle Template').waitFor();
    await page.getByLabel(/Monthly Newsletter/).check();
    await page.getByLabel('Keep placeholders (template)').check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    await eventually(async () => assert.match(await generatedFrame().textContent(), /\[(Add|Insert|Enter)[^\]]*\]/));
    await eventually(async () => assert.equal(await findings.locator('li[data-rule="placeholder"]').count(), 0));
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Keep placeholders (template)').uncheck();
  });

  test('Back goes 4 → 3 → 2 → 1 and Reset clears everything', async () => {
    await toStep3(['Where can I get training']);
    await page.getByLabel('Raw Content', { exact: true }).fill('Training opens in October.');
    await page.getByLabel(/Field SMS/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    // SMS is text: shown as text, within 160 characters.
    const text = await page.getByTestId('generated-text').inputValue();
    assert.ok([...text].length <= 160);
    assert.match(await page.getByTestId('generated-count').textContent(), / \/ 160$/);

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(3, 'Add Raw Content and Select Vehicle Template').waitFor();
    assert.equal(await page.getByLabel('Raw Content', { exact: true }).inputValue(), 'Training opens in October.');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(2, 'Choose Questions').waitFor();
    assert.equal(await page.getByLabel(/Where can I get training/).isChecked(), true);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(1, 'Select Theme').waitFor();

    // A theme click clears the chosen questions.
    await page.getByRole('button', { name: /Digital Transformation/ }).click();
    await step(2, 'Choose Questions').waitFor();
    assert.equal(await page.getByLabel(/Where can I get training/).isChecked(), false);
    assert.match(await preview().textContent(), /No questions selected/);

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('dialog', { name: 'Keep this draft?' }).getByRole('button', { name: 'Keep draft' }).click();
    await step(1, 'Select Theme').waitFor();
    const summary = await preview().textContent();
    assert.match(summary, /No theme selected/);
    assert.match(summary, /Raw Content0 characters/);
    assert.match(summary, /No vehicle selected/);
    assert.match(summary, /Not generated yet/);
  });

  test('markdown content is rendered; a failed generation shows the server message', async () => {
    await toStep3(['What is changing for technicians']);
    await page.getByLabel('Raw Content', { exact: true }).fill('Tablets replace paper work orders.');
    await page.getByLabel(/Intranet Blog/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    await eventually(async () => assert.ok((await generatedFrame().locator('h1, h2').count()) > 0, 'markdown headings rendered'));
    assert.doesNotMatch(await generatedFrame().textContent(), /^#/m);

    // The vehicle disappears before generating again: the server's 404 message shows.
    const gone = await api(page, 'POST', '/api/vehicles', { name: 'Short-lived Memo', type: 'internal', description: '' });
    await toStep3(['What is changing for technicians']);
    await page.getByLabel(/Short-lived Memo/).check();
    await api(page, 'DELETE', `/api/vehicles/${gone.id}`);
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const toastItem = page.locator('li[data-state="open"]', { has: page.getByText('Generation Failed', { exact: true }) });
    await toastItem.waitFor();
    const description = (await toastItem.textContent()).replace('Generation Failed', '').trim();
    assert.ok(description.length > 0, 'the toast carries a message');
    await step(3, 'Add Raw Content and Select Vehicle Template').waitFor();
  });

  test('a wizard run owns one draft: generating again, retitling and scheduling all change that one, and the toast opens it', async () => {
    const before = new Set((await api(page, 'GET', '/api/communications')).map((c) => c.id));
    const mine = async () => (await api(page, 'GET', '/api/communications')).filter((c) => !before.has(c.id));
    await toStep3(['When does the new system go live']);
    await page.getByLabel('Raw Content', { exact: true }).fill('Cut-over weekend plan.');
    await page.getByLabel(/All-Staff Email/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    // Generating again, and again for another theme, keeps the one draft.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByLabel('Raw Content', { exact: true }).fill('The new system goes live on Monday 16 March.');
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    for (let n = 4; n > 1; n--) await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: /Payroll Changes/ }).click();
    await page.getByLabel(/When is the first new payday/).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await step(4, 'Review and Save to Content Library').waitFor();
    let drafts = await mine();
    assert.equal(drafts.length, 1, 'one draft for the run');
    assert.equal(drafts[0].themeId, data.other.id);
    assert.equal(drafts[0].status, 'draft');

    // Retitling renames the draft and the Subject line.
    const title = 'Payday moves: what to know';
    await page.getByLabel('Title', { exact: true }).fill(title);
    await eventually(async () => assert.match(await generatedFrame().textContent(), /Subject: Payday moves: what to know/));
    await eventually(async () => assert.equal((await mine())[0].title, title));

    // Create Scheduled Communication turns that draft into the scheduled item.
    await page.getByRole('button', { name: 'Create Scheduled Communication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Scheduled Communication' });
    await dialog.waitFor();
    await checkA11y(page, 'the Create Scheduled Communication dialog');
    assert.equal(await dialog.getByLabel('Title').inputValue(), title);
    assert.equal(await dialog.getByLabel('Status').textContent(), 'Scheduled');
    assert.equal(await dialog.getByLabel('Delivery Vehicle (optional)').textContent(), 'All-Staff Email');
    const d = new Date();
    d.setDate(d.getDate() + 7);
    const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await dialog.getByLabel('Scheduled Date').fill(date);
    await dialog.getByRole('button', { name: /Communication$/ }).click();
    await expectToast(page, `“${title}” is scheduled`);
    drafts = await mine();
    assert.equal(drafts.length, 1, 'no second communication');
    assert.equal(drafts[0].status, 'scheduled');
    assert.equal(drafts[0].scheduledDate, date);
    assert.deepEqual(drafts[0].selectedQuestions, [data.qOther.id]);
    assert.equal(drafts[0].vehicleId, data.email.id);
    assert.match(drafts[0].generatedContent, /<strong>Subject:<\/strong> Payday moves: what to know/);

    // The toast's link opens the item.
    await page.locator('li[data-state="open"]').getByRole('link', { name: 'Open it' }).click();
    await eventually(async () => assert.match(page.url(), new RegExp(`/schedule\\?focus=${drafts[0].id}`)));
    await eventually(async () => assert.equal(await page.getByRole('dialog').getByLabel('Title').inputValue(), title));
    await page.keyboard.press('Escape');
  });

  test('leaving the wizard with a draft neither scheduled nor saved asks to keep or discard it', async () => {
    const before = new Set((await api(page, 'GET', '/api/communications')).map((c) => c.id));
    const mine = async () => (await api(page, 'GET', '/api/communications')).filter((c) => !before.has(c.id));
    await toStep3(['Where can I get training']);
    await page.getByLabel('Raw Content', { exact: true }).fill('Training opens in October.');
    await page.getByLabel(/Field SMS/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    const [draft] = await mine();
    assert.ok(draft);

    const scheduleLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule', exact: true });
    await scheduleLink.click();
    const ask = page.getByRole('dialog', { name: 'Keep this draft?' });
    await ask.waitFor();
    await checkA11y(page, 'the keep-or-discard dialog');
    await ask.getByRole('button', { name: 'Stay' }).click();
    assert.match(page.url(), /\/assembly$/);
    await scheduleLink.click();
    await ask.getByRole('button', { name: 'Discard draft' }).click();
    await page.waitForURL(/\/schedule$/);
    assert.equal((await mine()).length, 0, 'the draft is gone');

    // Reset with a draft asks too; Keep leaves it in the backlog and starts a new run.
    await toStep3(['Where can I get training']);
    await page.getByLabel(/Field SMS/).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expectToast(page, 'Content Generated');
    await page.getByRole('button', { name: 'Reset' }).click();
    await ask.getByRole('button', { name: 'Keep draft' }).click();
    await step(1, 'Select Theme').waitFor();
    const kept = await mine();
    assert.equal(kept.length, 1);
    assert.equal(kept[0].status, 'draft');
  });
});

describe('Newsletter Template Editor', () => {
  test('an optional section turned on shows in the preview, the download and the generated newsletter', async () => {
    await toStep3(['What is changing for technicians', 'When does the new system go live']);
    await page.getByLabel('Raw Content', { exact: true }).fill('The new scheduling board goes live on Nov 3.');
    await page.getByLabel(/Monthly Newsletter/).check();
    await page.getByRole('button', { name: 'Customize Newsletter Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Newsletter Template Editor' });
    await editor.waitFor();
    await checkA11y(page, 'the Newsletter Template Editor');

    const sections = editor.getByRole('list', { name: 'Newsletter sections' }).locator(':scope > li');
    assert.equal(await sections.count(), 15);
    // Required sections cannot be switched off; optional ones start off.
    const required = editor.getByRole('switch', { name: /^1\. .*\(required, always included\)$/ });
    assert.equal(await required.isDisabled(), true);
    assert.equal(await required.getAttribute('aria-checked'), 'true');
    const timeline = editor.getByRole('switch', { name: 'Include 7. Implementation Timeline' });
    assert.equal(await timeline.getAttribute('aria-checked'), 'false');
    await timeline.click();
    assert.equal(await timeline.getAttribute('aria-checked'), 'true');

    // Expand and edit section 7, with a sub-section.
    await editor.getByRole('button', { name: /^7\. Implementation Timeline/ }).click();
    const content = editor.locator('#nl-section-7-content');
    assert.equal(await content.getAttribute('rows'), '6');
    await content.fill('Cut-over weekend: Nov 1-2. Hypercare: four weeks. <script>alert(1)</script>');
    await editor.getByRole('button', { name: 'Add Sub-section' }).click();
    await editor.getByLabel('Sub-section 1 Title').fill('Warehouse readiness');
    await editor.getByLabel('Sub-section 1 Content').fill('Scanners arrive Oct 20.');
    await checkA11y(page, 'the Newsletter Template Editor with a section open');

    await editor.getByRole('tab', { name: 'Newsletter Settings' }).click();
    const titleInput = editor.getByLabel('Newsletter Title');
    assert.ok((await titleInput.inputValue()).length > 0, 'the title defaults to a newsletter name');
    await titleInput.fill('ERP Monthly: November');
    await editor.getByLabel('Campaign Theme').fill('Ready for Go-Live');
    await checkA11y(page, 'the Newsletter Settings tab');

    await editor.getByRole('button', { name: 'Preview' }).click();
    const previewDialog = page.getByRole('dialog', { name: 'Newsletter Preview' });
    await previewDialog.waitFor();
    const body = page.frameLocator('iframe[title="Newsletter preview"]').locator('body');
    // The server renders the preview as Generate does: one renderer.
    await eventually(async () => assert.match(await body.textContent(), /Implementation Timeline/));
    assert.match(await body.textContent(), /\[Add a message from the programme sponsor\]/, 'a default is a visible placeholder');
    assert.match(await body.textContent(), /Warehouse readiness/);
    assert.match(await body.textContent(), /Ready for Go-Live/);
    assert.equal(await body.locator('script').count(), 0);
    assert.doesNotMatch(await body.textContent(), /Support and Adoption Strategies/);
    const previewText = (await body.textContent()).replace(/\s+/g, ' ').trim();
    await checkA11y(page, 'the Newsletter Preview dialog');
    await previewDialog.getByRole('button', { name: 'Close' }).first().click();

    const [download] = await Promise.all([page.waitForEvent('download'), editor.getByRole('button', { name: 'Download' }).click()]);
    assert.equal(download.suggestedFilename(), 'erp_monthly__november_template.html');
    await expectToast(page, 'Download started');

    // Store it as a named template, then apply it.
    await editor.getByLabel('Template Name').fill('November layout');
    await editor.getByRole('button', { name: 'Save Named Template' }).click();
    await expectToast(page, 'Newsletter template created successfully!');
    await editor.getByRole('list', { name: 'Saved newsletter templates' }).getByText('November layout').waitFor();
    const saved = await api(page, 'GET', '/api/newsletter-templates');
    assert.equal(saved.length, 1);
    assert.equal(saved[0].template.sections.find((s) => s.number === 7).enabled, true);

    await editor.getByRole('button', { name: 'Save Template' }).click();
    await expectToast(page, 'Newsletter template customized successfully');
    await editor.waitFor({ state: 'detached' });
    assert.match(await page.getByTestId('newsletter-template-status').textContent(), /customized/);

    const sent = page.waitForRequest((r) => r.url().endsWith('/generate-content'));
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const request = await sent;
    const posted = request.postDataJSON();
    assert.equal(posted.customTemplate.sections.find((s) => s.number === 7).enabled, true);
    await expectToast(page, 'Content Generated');
    await eventually(async () => assert.match(await generatedFrame().textContent(), /Implementation Timeline/));
    assert.equal(await generatedFrame().locator('script').count(), 0);
    // The preview shows a template, prompts and all; the generated piece is
    // a draft, which leaves out what the notes cannot fill. Every section
    // of the draft is one of the preview's, and no prompt is left in it.
    const headings = await generatedFrame().locator('h2').allTextContents();
    assert.ok(headings.length > 0);
    for (const h of headings) assert.ok(previewText.includes(h.replace(/\s+/g, ' ').trim()), `the preview has the section ${h}`);
    assert.doesNotMatch(await generatedFrame().textContent(), /\[Add a/);
    assert.equal(await page.getByTestId('placeholders-left').count(), 0);
    assert.doesNotMatch(await generatedFrame().textContent(), /Support and Adoption Strategies/);
  });

  test('a saved named template loads into the editor', async () => {
    await toStep3(['Where can I get training']);
    await page.getByLabel(/Monthly Newsletter/).check();
    await page.getByRole('button', { name: 'Customize Newsletter Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Newsletter Template Editor' });
    // A fresh wizard starts from the default: section 7 is off.
    assert.equal(await editor.getByRole('switch', { name: 'Include 7. Implementation Timeline' }).getAttribute('aria-checked'), 'false');
    await editor.getByRole('tab', { name: 'Newsletter Settings' }).click();
    await editor.getByRole('button', { name: 'Load November layout' }).click();
    assert.equal(await editor.getByLabel('Newsletter Title').inputValue(), 'ERP Monthly: November');
    await editor.getByRole('tab', { name: 'Customize Sections' }).click();
    assert.equal(await editor.getByRole('switch', { name: 'Include 7. Implementation Timeline' }).getAttribute('aria-checked'), 'true');
    await editor.getByRole('tab', { name: 'Newsletter Settings' }).click();
    await editor.getByRole('button', { name: 'Delete November layout' }).click();
    assert.equal(confirms.at(-1), 'Are you sure you want to delete this newsletter template?');
    await expectToast(page, 'Newsletter template deleted successfully');
    await editor.getByText('No saved templates yet.').waitFor();
  });

  test('nothing was loaded from another host and the page threw no errors', () => {
    assert.deepEqual(external, []);
    assert.deepEqual(pageErrors, []);
  });
});

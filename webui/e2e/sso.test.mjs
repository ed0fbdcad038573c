// Single sign-on in a real headless Chromium against the real
// binary and a real OpenID provider (tools/oidcprovider: the op package of
// zitadel/oidc, with a login form): the gate offers "Sign in with Test IdP"
// above the access-code form, which still works; signing in at the provider
// lands in the app as the person, with the role their group maps to; an
// email of a domain not allowed comes back to the gate with the message and
// no session.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { freePort, launchBrowser, startOIDCProvider, startServer } from './harness.mjs';
import { eventually, expectHeader, signIn, watchedPage } from './helpers.mjs';

/** DOMAIN_REFUSED is the gate's sentence for ?signin_error=domain (AccessGate's SIGN_IN_ERRORS). */
const DOMAIN_REFUSED = 'Your email address may not sign in here. Please contact your project administrator.';

let server;
let provider;
let browser;
/** external collects requests to other hosts (there must be none). */
const external = [];
const pageErrors = [];

before(async () => {
  // The callback names the server's port, so it is chosen first.
  const port = await freePort();
  provider = await startOIDCProvider({
    redirectURL: `http://127.0.0.1:${port}/api/auth/oidc/callback`,
    users: ['Dana Reyes;dana@example.com;comms-approvers,staff', 'Sam Outsider;sam@elsewhere.test;comms-approvers'],
  });
  server = await startServer({
    port,
    env: {
      ...provider.env,
      COMMSPLAN_AUTH_OIDC_NAME: 'Test IdP',
      COMMSPLAN_AUTH_OIDC_ALLOWED_DOMAINS: 'example.com',
      COMMSPLAN_AUTH_OIDC_ROLE_CLAIM: 'groups',
      COMMSPLAN_AUTH_OIDC_ROLES: 'comms-approvers=approver',
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
});

/** gate opens the gate in a fresh context and waits for the SSO button. */
async function gate() {
  const { context, page } = await watchedPage(browser, server, { external, pageErrors });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
  const sso = page.getByRole('button', { name: 'Sign in with Test IdP' });
  await sso.waitFor();
  return { context, page, sso };
}

/** session is GET /api/session with the page's cookies. */
async function session(page) {
  const res = await page.request.get('/api/session');
  assert.equal(res.status(), 200);
  return res.json();
}

test('the gate offers single sign-on above the access-code form, and axe finds nothing', async () => {
  const { context, page, sso } = await gate();
  const button = await sso.boundingBox();
  const field = await page.getByLabel('Access Code').boundingBox();
  assert.ok(button.y + button.height <= field.y, `the button (y ${button.y}) is above the access-code field (y ${field.y})`);
  // Every violation counts here, not only the serious ones: the gate is small.
  const { violations } = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
  await context.close();
});

test('the access-code form still works beside it', async () => {
  const { context, page } = await watchedPage(browser, server, { external, pageErrors });
  await signIn(page);
  await eventually(async () => assert.equal(await page.getByTestId('signed-in-as').textContent(), 'Shared access · planner'));
  await context.close();
});

test("signing in at the provider lands in the app as the person, with the role their group maps to", async () => {
  const { context, page, sso } = await gate();
  assert.equal((await session(page)).authenticated, false);
  await sso.click();
  // The provider's own login page, on its own port.
  await page.getByRole('heading', { name: 'Test provider: sign in' }).waitFor();
  assert.ok(page.url().startsWith(`${provider.issuer}/login`), page.url());
  await page.getByRole('button', { name: 'Sign in as Dana Reyes (dana@example.com)' }).click();
  await expectHeader(page, 'Dashboard', 'Overview of your communication planning activities');
  assert.equal(page.url(), `${server.base}/`);
  await eventually(async () => assert.equal(await page.getByTestId('signed-in-as').textContent(), 'Dana Reyes · approver'));
  const s = await session(page);
  assert.equal(s.authenticated, true);
  assert.equal(s.name, 'Dana Reyes');
  assert.equal(s.role, 'approver');
  // The session is a real one: a read the gate guards answers.
  assert.equal((await page.request.get('/api/themes')).status(), 200);
  await context.close();
});

test('an email of a domain not allowed comes back to the gate with the message, and no session', async () => {
  const { context, page, sso } = await gate();
  await sso.click();
  await page.getByRole('button', { name: 'Sign in as Sam Outsider (sam@elsewhere.test)' }).click();
  await page.getByRole('heading', { name: 'Authorized Access Required' }).waitFor();
  await page.getByText(DOMAIN_REFUSED, { exact: true }).waitFor();
  // The reason is taken out of the address bar once shown.
  await eventually(async () => assert.equal(page.url(), `${server.base}/`));
  assert.deepEqual(await session(page), { authenticated: false });
  assert.equal((await page.request.get('/api/themes')).status(), 401);
  // The code form is still there to use.
  await page.getByLabel('Access Code').waitFor();
  await context.close();
});

test('nothing was loaded from another host and no page failed', () => {
  assert.deepEqual(external, []);
  assert.deepEqual(pageErrors, []);
});

import { launchBrowser, startServer } from './harness.mjs';
import { api, signInWith, watchedPage } from './helpers.mjs';
const server = await startServer();
const browser = await launchBrowser();
const log = {};
try {
  const adminCode = server.output.join('').match(/Admin code: (CPP[-A-Z0-9]+)/)[1];
  const { page: admin } = await watchedPage(browser, server, log, { viewport: { width: 1280, height: 800 } });
  await signInWith(admin, adminCode);
  const v = await api(admin, 'POST', '/api/people', { name: 'Vic Viewer', role: 'viewer' });
  await api(admin, 'POST', '/api/themes', { name: 'Go-live', description: 'The go-live', icon: 'fa-rocket', color: 'blue' });
  await admin.waitForTimeout(500);
  await admin.screenshot({ path: '/work/wt/shots/header-1280.png' });
  const { page } = await watchedPage(browser, server, log, { viewport: { width: 1280, height: 800 } });
  await signInWith(page, v.code);
  await page.goto('/assembly');
  await page.getByRole('note').waitFor();
  await page.screenshot({ path: '/work/wt/shots/wizard-viewer-1280.png' });
  await page.goto('/campaign-scheduler');
  await page.getByRole('note').waitFor();
  await page.screenshot({ path: '/work/wt/shots/scheduler-viewer-1280.png' });
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByTestId('gate-notice').waitFor();
  await page.screenshot({ path: '/work/wt/shots/signed-out-1280.png' });
} finally {
  await browser.close();
  await server.stop();
}

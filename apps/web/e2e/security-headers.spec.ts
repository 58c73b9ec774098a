// Security headers in the browser: another site cannot show the app in a frame
// (frame-ancestors 'none'), and the main pages and the API docs render under the Content-Security-Policy
// without a single violation (Mantine's run-time styles carry the page's nonce).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, emailOf, expect, mainMenu, signInThroughForm, test, SIGN_IN_HEADING } from './fixtures.ts';
import { createLead, leadPanel, leadRow } from './lead-helpers.ts';

// The walk loads every main page once: more time than the default on a busy machine.
test.describe.configure({ mode: 'parallel' });

/** Collects what the browser refused under the policy, from the console and from the DOM event. */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(text)) violations.push(text);
  });
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile})`);
    });
  });
  return violations;
}

/**
 * The one report the docs page may make: Scalar's bundle carries its own zod, which probes for eval
 * (`new Function`) when it loads and falls back when refused. The app itself tells zod not to probe
 * (public/zod-jitless.js); the docs page is Scalar's.
 */
const scalarEvalProbe = (violation: string) =>
  /^script-src refused eval \(.*\/api\/docs\/js\/scalar\.js\)$/.test(violation);

test.describe('another site', () => {
  let server: Server;
  let origin: string;

  test.beforeAll(async ({ baseURL }) => {
    // A page on another origin (its own port) that frames the app, and a frame of its own as a control.
    server = createServer((request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      if (request.url === '/own') return response.end('<!doctype html><p>Own frame loaded</p>');
      response.end(
        `<!doctype html><title>Framing test</title>` +
          `<iframe id="own" src="/own"></iframe><iframe id="app" src="${baseURL}/auth"></iframe>`,
      );
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((done) => server?.close(done));
  });

  test('cannot show the app in a frame', async ({ page, baseURL }) => {
    const appUrl = `${baseURL}/auth`;
    const blocked: string[] = [];
    page.on('requestfailed', (request) => blocked.push(`${request.url()} ${request.failure()?.errorText}`));
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));

    await page.goto(origin); // its load event waits for both frames
    // Frames do load on this page (the control), but the app's does not show the app.
    await expect(page.frameLocator('#own').getByText('Own frame loaded')).toBeVisible();
    await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
    expect(page.frames().map((frame) => frame.url())).not.toContain(appUrl);
    // Because the browser blocked the response for its policy.
    await expect.poll(() => blocked).toContain(`${appUrl} net::ERR_BLOCKED_BY_RESPONSE`);
    await expect
      .poll(() => messages)
      .toContainEqual(expect.stringMatching(/^Framing '[^']+' violates .*"frame-ancestors 'none'"/));
  });
});

test('the main pages and the API docs render with no policy violation', async ({ page }) => {
  const violations = await watchPolicyViolations(page);

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING, level: 1 })).toBeVisible();
  const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(violations).toEqual([]);
  await signInThroughForm(page, emailOf('administrator'), DEMO_PASSWORD);

  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leads by stage', level: 2 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^New leads per week for the last 12 weeks: / })).toBeVisible();

  const lead = await createLead(page.request);
  const leadName = `${lead.firstName} ${lead.lastName}`;
  await mainMenu(page).getByRole('link', { name: 'Leads and Clients', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search leads' }).fill(lead.lastName);
  await leadRow(page, leadName).click();
  await expect(leadPanel(page).getByRole('tab', { name: 'Lead Details' })).toBeVisible();
  // Every <style> injected so far (Mantine's, the modal's scroll lock) carries the page's nonce.
  const styleNonces = await page.locator('style').evaluateAll((styles) => styles.map((s) => (s as HTMLElement).nonce));
  expect(styleNonces.length).toBeGreaterThan(1);
  expect(new Set(styleNonces)).toEqual(new Set([nonce]));
  await page.keyboard.press('Escape');
  await expect(leadPanel(page)).toHaveCount(0);

  await page.getByRole('tab', { name: /^Clients \(/ }).click();
  await expect(page.getByRole('tab', { name: /^Clients \(/ })).toHaveAttribute('aria-selected', 'true');

  await mainMenu(page).getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: 'Visa CRM API', level: 1 })).toBeVisible();
  // The document was read and drawn: the first operation is listed.
  await expect(page.getByText('Server and database health').first()).toBeVisible();
  expect(violations.filter((v) => !scalarEvalProbe(v))).toEqual([]);
});

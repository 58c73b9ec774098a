/// <reference types="node" />
// Shared helpers for the browser tests: each worker's own server (e2e-servers.ts) as the base URL, the
// seeded demo users, fast sign-in through the API (the page's request context shares the browser
// context's cookies) and the mail the worker's server sent.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type Page, request as apiRequest } from '@playwright/test';
import { type Role, ROLES } from '@crm/domain';
import { E2E_ROOT, removeDataDir, startServer, TEMPLATE_DIR } from './e2e-servers.ts';

export { type Role, ROLES };

export const DEMO_PASSWORD = 'Demo-Password-1!';

/** The sign-in page's heading names the firm (Branding: the demo data's company name, or Visa CRM). */
export const SIGN_IN_HEADING = /^Sign in to /;

export const emailOf = (role: Role) => `${role}@example.com`;

/** Names given by the server's demo seed (apps/server/src/seed/demo-users.ts). */
export const DEMO_NAMES: Record<Role, { firstName: string; lastName: string }> = {
  account_administrator: { firstName: 'Alexandra', lastName: 'Reid' },
  administrator: { firstName: 'Marcus', lastName: 'Tan' },
  supervisor: { firstName: 'Priya', lastName: 'Sharma' },
  team_lead: { firstName: 'Daniel', lastName: 'Nguyen' },
  consultant: { firstName: 'Sofia', lastName: 'Santos' },
  member: { firstName: 'Liam', lastName: "O'Connor" },
  guest: { firstName: 'Grace', lastName: 'Kim' },
};

/**
 * The data folder of this worker's server (set when the worker's server starts; one worker, one server,
 * one process): its mail lands in `mail-received` there.
 */
let workerDataDir: string | null = null;

/** Signs the page's browser context in through the API (fast; the form is covered in auth.spec). */
export async function signInAs(page: Page, role: Role, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/sign-in', { data: { email: emailOf(role), password } });
  expect(response.status(), `API sign-in as ${role}`).toBe(200);
}

/** The sidebar's main menu. */
/**
 * Counts the page's API requests in flight (the live event stream aside, which never ends); `settled()`
 * waits until none is. Start it before the page loads. A test that ends the session waits for it first,
 * so that no request of the page's own is still out to meet the ended session.
 */
export function trackApiRequests(page: Page) {
  const inFlight = new Set<unknown>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/') && !url.includes('/api/events');
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight.add(request);
  });
  page.on('requestfinished', (request) => void inFlight.delete(request));
  page.on('requestfailed', (request) => void inFlight.delete(request));
  return { settled: () => expect.poll(() => inFlight.size).toBe(0) };
}

/**
 * A browser tab's title as the app writes it: the page's, then the firm's company name from the branding
 * the page was served with (the demo data may name the firm after a first page was served).
 */
export async function tabTitle(page: Page, title: string): Promise<string> {
  const companyName = await page.evaluate(() => {
    const content = document.querySelector('meta[name="crm-branding"]')?.getAttribute('content');
    return content ? ((JSON.parse(content) as { companyName?: string }).companyName ?? '') : '';
  });
  return `${title} · ${companyName || 'Visa CRM'}`;
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sidebar footer's user button, found by the full name in its accessible name (today
 * 'Account menu for <name>'). The name must stand alone: 'Priya Sharma' does not find the
 * button of 'Priya Sharma-Live'.
 */
export const accountMenuButton = (page: Page, fullName: string) =>
  page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('button', { name: new RegExp(`(^|\\s)${escapeRegExp(fullName)}(?![\\w'-])`) });

/** Fills the sign-in form and submits it. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Safety net for the tests that change a demo password: if the test stopped before changing it
 * back, sign in with the temporary password and restore the demo one through the API.
 */
export async function restoreDemoPassword(baseURL: string, role: Role, temporaryPassword: string) {
  const api = await apiRequest.newContext({ baseURL });
  try {
    const demo = await api.post('/api/auth/sign-in', { data: { email: emailOf(role), password: DEMO_PASSWORD } });
    if (demo.ok()) return;
    const signedIn = await api.post('/api/auth/sign-in', {
      data: { email: emailOf(role), password: temporaryPassword },
    });
    if (!signedIn.ok()) return;
    const changed = await api.post('/api/profile/password', {
      data: { currentPassword: temporaryPassword, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    expect(changed.status(), `restoring the demo password of ${role}`).toBe(200);
  } finally {
    await api.dispose();
  }
}

// ---- mail ----------------------------------------------------------------------------------------
// The app sends through a mail server of the tests' own (scripts/e2e-server.mjs), which writes each message
// it accepts to its data folder's mail-received: the tests read what a recipient gets, sent over SMTP.

const mailDir = () => {
  if (!workerDataDir) throw new Error("the worker's server has not started: use `test` from fixtures.ts");
  return join(workerDataDir, 'mail-received');
};

/** The messages received so far: what a test passes as `seen` before it causes a mail. */
export async function outboxNames(): Promise<string[]> {
  const names = await readdir(mailDir()).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('.eml')).sort();
}

/** Decodes quoted-printable text: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for a message to `to` that was not received before (`seen`), and returns the newest such message
 * decoded. An earlier test of the worker may have mailed other users, so filter by recipient.
 */
export async function waitForMailTo(to: string, seen: readonly string[]): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outboxNames()).filter((n) => !seen.includes(n));
        for (const name of fresh.reverse()) {
          const content = await readFile(join(mailDir(), name), 'utf8');
          if (new RegExp(`^To: ${escapeRegExp(to)}\\s*$`, 'mi').test(content)) {
            found = decodeQuotedPrintable(content);
            return true;
          }
        }
        return false;
      },
      { message: `a new mail to ${to} in ${mailDir()}` },
    )
    .toBe(true);
  return found!;
}

export function resetLinkIn(mail: string): string {
  const match = mail.match(/https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/);
  expect(match, 'a reset link in the mail').not.toBeNull();
  return match![0];
}

// ---- the worker's server ---------------------------------------------------------------------------

type WorkerFixtures = { workerServer: { url: string } };

export const test = base.extend<object, WorkerFixtures>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const dataDir = join(E2E_ROOT, `worker-${workerInfo.workerIndex}`);
      const server = await startServer(dataDir, TEMPLATE_DIR);
      workerDataDir = dataDir;
      try {
        await use({ url: server.url });
      } finally {
        workerDataDir = null;
        await server.stop();
        await removeDataDir(dataDir);
      }
    },
    // A start on a busy machine may take long; it is not a test's time.
    { scope: 'worker', timeout: 6 * 60_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.url);
  },
});

export { expect };

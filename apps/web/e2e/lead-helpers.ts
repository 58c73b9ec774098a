// Helpers for the lead and dashboard browser tests: unique names (letters only, as names may not
// hold digits), unique contact numbers, and leads created through the API (the form itself is
// covered in leads.spec.ts).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

let counter = 0;

/** A word no other test (or the demo seed) uses: letters only. */
export function uniqueWord(prefix = 'Zq'): string {
  const n = Date.now() * 1000 + Math.floor(Math.random() * 1000) + counter++;
  const letters = n
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(/\d/.test(c) ? 97 + Number(c) : c.charCodeAt(0) + 10))
    .join('');
  return prefix + letters.slice(-9);
}

/** '+61 4xx xxx xxx', different for every call. */
export function uniquePhone(): string {
  const digits = String(Date.now() * 100 + Math.floor(Math.random() * 100) + counter++).slice(-8);
  // 043x: a valid Australian mobile range, which the forms require (decision 0005).
  return `+61 43${digits.slice(1, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)}`;
}

export type LeadFields = {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  dateOfBirth: string;
  nationality: string;
  countryOfResidence: string;
  applicantLocation: 'Inside Australia' | 'Outside Australia';
  leadStatus: string;
  leadSource: string;
  desiredVisa?: string;
  middleName?: string;
};

export function leadFields(overrides: Partial<LeadFields> = {}): LeadFields {
  const firstName = overrides.firstName ?? uniqueWord('Ann');
  const lastName = overrides.lastName ?? uniqueWord('Lee');
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@e2e.example.com`.toLowerCase(),
    contactNumber: uniquePhone(),
    dateOfBirth: '1990-05-17',
    nationality: 'India',
    countryOfResidence: 'India',
    applicantLocation: 'Outside Australia',
    leadStatus: 'New Lead Received',
    leadSource: 'Website',
    desiredVisa: 'Student 500',
    ...overrides,
  };
}

export type CreatedLead = LeadFields & { id: string; displayId: string; version: number };

/**
 * The manager and assistant manager the staff form must name (spec 1 §5.1): the supervisor fits both
 * pickers. Read through the pickers' own API, as the form does.
 */
export async function staffAssignment(
  request: APIRequestContext,
): Promise<{ managerUserId: string; assistantManagerUserId: string }> {
  const response = await request.get('/api/users/assignable?roles=supervisor');
  expect(response.status(), 'reading the assignable users').toBe(200);
  const [supervisor] = (await response.json()) as { id: string }[];
  return { managerUserId: supervisor!.id, assistantManagerUserId: supervisor!.id };
}

export async function createLead(
  request: APIRequestContext,
  overrides: Partial<LeadFields> = {},
): Promise<CreatedLead> {
  const fields = leadFields(overrides);
  const response = await request.post('/api/leads', { data: { ...(await staffAssignment(request)), ...fields } });
  expect(response.status(), `creating ${fields.firstName} ${fields.lastName}: ${await response.text()}`).toBe(201);
  const body = (await response.json()) as { id: string; displayId: string; version: number };
  return { ...fields, ...body };
}

/** The leads table row of a lead, found by its full name. */
export const leadRow = (page: Page, name: string) => page.getByRole('row', { name: `Open lead ${name}` });

/** The open lead panel (a dialog). */
export const leadPanel = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Lead Details' }) });

/** Converts a lead to a client through the API (POST /api/leads/{id}/convert); returns the client's id. */
export async function convertLead(request: APIRequestContext, leadId: string): Promise<string> {
  const response = await request.post(`/api/leads/${leadId}/convert`, { data: {} });
  expect(response.status(), `converting lead ${leadId}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { clientId: string }).clientId;
}

/** Archives a lead through the API (POST /api/leads/{id}/archive): it becomes a contact. */
export async function archiveLead(
  request: APIRequestContext,
  leadId: string,
  reason = 'Archived by e2e test',
): Promise<void> {
  const response = await request.post(`/api/leads/${leadId}/archive`, { data: { reason } });
  expect(response.status(), `archiving lead ${leadId}: ${await response.text()}`).toBe(200);
}

// ---- clients (clients.spec.ts) -----------------------------------------------------------------

/** Converts a lead through the API; returns the new client's id. */
export async function convertLeadThroughApi(request: APIRequestContext, leadId: string): Promise<string> {
  const response = await request.post(`/api/leads/${leadId}/convert`, { data: {} });
  expect(response.status(), `converting lead ${leadId}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { clientId: string }).clientId;
}

/** The clients table row of a client, found by its full name. */
export const clientRow = (page: Page, name: string) => page.getByRole('row', { name: `Open client ${name}` });

/** The open client panel (a dialog). */
export const clientPanel = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Client Details' }) });

/**
 * Records, frame by frame, every value an input shows from now on; `seen()` returns them. Catches a
 * form that shows old values again for a moment after a save.
 */
async function watchValues(input: Locator): Promise<{ seen: () => Promise<string[]> }> {
  await input.evaluate((element: HTMLInputElement) => {
    const seen: string[] = [];
    (window as unknown as { valuesSeen: string[] }).valuesSeen = seen;
    const watch = () => {
      if (seen.at(-1) !== element.value) seen.push(element.value);
      requestAnimationFrame(watch);
    };
    watch();
  });
  const page = input.page();
  return { seen: () => page.evaluate(() => (window as unknown as { valuesSeen: string[] }).valuesSeen) };
}

/**
 * Types 'Kept' into the open record panel's Middle Name and saves: the save message shows, and once the panel
 * has read the record again (by then any flash of old values has happened) the field holds 'Kept' and never
 * showed another value on the way. `recordPath`: the end of the record's GET URL (`/api/leads/<id>`).
 */
export async function expectSaveKeepsTypedValue(panel: Locator, recordPath: string, savedMessage: string) {
  const page = panel.page();
  const middleName = panel.getByRole('textbox', { name: 'Middle Name' });
  await middleName.fill('Kept');
  const values = await watchValues(middleName);
  const reread = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith(recordPath));
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(savedMessage)).toBeVisible();
  await reread;
  await expect(middleName).toHaveValue('Kept');
  expect(await values.seen()).toEqual(['Kept']);
}

/** Opens Leads and Clients (`query`: '?view=<id>&type=lead', …) and waits for its heading. */
export async function openLeadsClients(page: Page, query = '') {
  await page.goto(`/leads-clients${query}`);
  // The first visit loads the page's code: allow for a busy machine.
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
}

/** Opens a Mantine Select by its label and picks an option (typing first when it is searchable). */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string, type = false) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (type) await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

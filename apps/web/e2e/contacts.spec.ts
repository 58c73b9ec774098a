// The Contacts page (spec 2 "Contacts page", §4 "Contact restore", §5 "Restore contact", §6, §8):
// a lead archived on the Leads and Clients screen shows up here (also live, without reload), the
// search narrows 'x of y contacts', the restore dialog's rules and messages, restore to lead and to
// client (each found again on the Leads and Clients screen), guest and consultant visibility, and
// the axe check in both themes.
// Accounts used: administrator, consultant, guest (read-only for the accounts).
// Every test makes its own leads with unique names, so the tests do not depend on each other.
import type { Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { archiveLead, createLead, type CreatedLead, leadPanel, leadRow, uniqueWord } from './lead-helpers.ts';

// Multi-step flows on a busy machine: more time than the default 45 s.
test.describe.configure({ mode: 'parallel' });

const fullName = (lead: CreatedLead) => `${lead.firstName} ${lead.lastName}`;

async function openContacts(page: Page, query = '') {
  await page.goto(`/contacts${query}`);
  // The first visit loads the page's code: allow for a busy machine.
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
}

async function searchContacts(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${text}`));
}

const contactRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const countText = (page: Page) => page.getByTestId('contacts-count');

/** A lead made and archived through the API, so it is a contact. */
async function archivedLead(page: Page, overrides: Parameters<typeof createLead>[1] = {}) {
  const lead = await createLead(page.request, overrides);
  await archiveLead(page.request, lead.id);
  return lead;
}

async function openRestoreDialog(page: Page, lead: CreatedLead) {
  await openContacts(page, `?search=${lead.lastName}`);
  await page.getByRole('button', { name: `Restore ${fullName(lead)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore Contact' });
  await expect(dialog.getByText(fullName(lead))).toBeVisible();
  return dialog;
}

test('a lead archived on the Leads and Clients screen appears on Contacts; search narrows the count', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request, { leadStatus: 'Not Proceeding / Lost', nationality: 'Nepal' });
  const name = fullName(lead);

  await page.goto(`/leads-clients?search=${lead.lastName}`);
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await leadRow(page, name).click();
  await leadPanel(page).getByRole('button', { name: 'Archive' }).click();
  const archive = page.getByRole('dialog', { name: 'Archive Lead' });
  await archive.getByRole('button', { name: 'Archive Lead' }).click();
  await expect(page.getByText('Lead archived and moved to contacts successfully!')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  // Unsearched, both figures count the same list.
  await expect(countText(page)).toHaveText(/^([\d,]+) of \1 contacts$/);
  for (const header of ['Name', 'Contact Info', 'Original Status', 'Archived Date', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Total Contacts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Restored Recently' })).toBeVisible();

  await searchContacts(page, lead.lastName);
  await expect(countText(page)).toHaveText(/^1 of [\d,]+ contacts$/);
  const row = contactRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Nepal · No company')).toBeVisible();
  await expect(row.getByText(lead.email)).toBeVisible();
  await expect(row.getByText(lead.contactNumber)).toBeVisible();
  await expect(row.getByText('Not Proceeding / Lost')).toBeVisible();
  await expect(row.getByText(/^\d{2} [A-Z][a-z]{2,4} \d{4}$/)).toBeVisible();
  await expect(row.getByRole('button', { name: `Restore ${name}` })).toBeVisible();

  // A search with no match, then clearing it.
  await searchContacts(page, `${lead.lastName}xyz`);
  await expect(page.getByText('No contacts found')).toBeVisible();
  await expect(countText(page)).toHaveText(/^0 of [\d,]+ contacts$/);
  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(countText(page)).toHaveText(/^([\d,]+) of \1 contacts$/);

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Data refreshed successfully')).toBeVisible();
});

test('a lead archived elsewhere appears on an open Contacts page without reload', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await openContacts(page, `?search=${lead.lastName}`);
  await expect(page.getByText('No contacts found')).toBeVisible();

  // Archived through the API, as another browser would: the server's change event refreshes the list.
  await archiveLead(page.request, lead.id);
  await expect(contactRow(page, fullName(lead))).toHaveCount(1);
  await expect(countText(page)).toHaveText(/^1 of [\d,]+ contacts$/);
});

test('restore to lead needs a type and notes, then the lead is back in the Leads tab', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await archivedLead(page);
  const name = fullName(lead);
  const dialog = await openRestoreDialog(page, lead);

  const leadCard = dialog.getByRole('button', { name: /^Restore to Lead Reactivate as an active lead for follow-up$/ });
  const clientCard = dialog.getByRole('button', { name: /^Restore to Client Convert directly to active client$/ });
  await expect(leadCard).toBeVisible();
  await expect(clientCard).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Restore Contact', exact: true });
  await expect(confirm).toBeDisabled();
  // It only looks disabled: a click says what is missing.
  await confirm.click({ force: true });
  await expect(dialog.getByRole('alert')).toHaveText('Please select restore type and provide notes');

  await clientCard.click();
  await expect(leadCard).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Change Selection' }).click();
  await expect(clientCard).toBeVisible();
  await leadCard.click();
  await expect(clientCard).toHaveCount(0);
  await expect(dialog.getByText('Selected')).toBeVisible();

  const restore = dialog.getByRole('button', { name: 'Restore to Lead', exact: true });
  await expect(restore).toBeDisabled();
  const notes = dialog.getByRole('textbox', { name: 'Notes' });
  await notes.fill('   ');
  await restore.click({ force: true });
  await expect(dialog.getByRole('alert')).toHaveText('Please select restore type and provide notes');
  await notes.fill('Called back, ready to apply next intake');
  await expect(restore).toBeEnabled();
  await restore.click();

  await expect(page.getByText('Contact restored to lead successfully').first()).toBeVisible();
  await expect(page.getByText('No contacts found')).toBeVisible();
  await expect(contactRow(page, name)).toHaveCount(0);

  await dialog.getByRole('link', { name: 'Open Lead' }).click();
  // The first visit loads the screen's code: allow for a busy machine.
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/leads-clients\\?.*view=${lead.id}`));
  await expect(page).toHaveURL(/type=lead/);
  await expect(leadPanel(page).getByRole('textbox', { name: 'First Name' })).toHaveValue(lead.firstName);

  await page.goto(`/leads-clients?search=${lead.lastName}`);
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await expect(leadRow(page, name)).toBeVisible();
  expect((await page.request.get(`/api/leads/${lead.id}`)).status()).toBe(200);
});

test('restore to client: the client appears in the Clients tab', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await archivedLead(page);
  const name = fullName(lead);
  const dialog = await openRestoreDialog(page, lead);

  await dialog.getByRole('button', { name: /^Restore to Client Convert directly/ }).click();
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Signed the service agreement');
  await dialog.getByRole('button', { name: 'Restore to Client', exact: true }).click();
  await expect(page.getByText('Contact restored to client successfully').first()).toBeVisible();
  await expect(page.getByText('No contacts found')).toBeVisible();

  const openClient = dialog.getByRole('link', { name: 'Open Client' });
  await expect(openClient).toHaveAttribute('href', /type=client/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/leads-clients?tab=clients`);
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search clients' }).fill(lead.lastName);
  await expect(page.getByRole('row', { name: `Open client ${name}` })).toBeVisible();

  const clients = await page.request.get(`/api/clients?search=${lead.lastName}`);
  const body = (await clients.json()) as { items: { firstName: string; lastName: string; email: string }[] };
  expect(body.items.map((c) => [c.firstName, c.lastName, c.email])).toEqual([
    [lead.firstName, lead.lastName, lead.email],
  ]);
});

test('smart revert lets the server choose: a signed agreement comes back as a client, and the toast says so', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await archivedLead(page, { leadStatus: 'Agreement Signed – Awaiting Payment' });
  const dialog = await openRestoreDialog(page, lead);
  await dialog.getByRole('button', { name: /^Smart Revert Let the system choose/ }).click();
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Paid the first instalment');
  await dialog.getByRole('button', { name: 'Smart Revert', exact: true }).click();
  await expect(page.getByText('Contact reverted to client successfully').first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open Client' })).toHaveAttribute('href', /type=client/);
});

test('a guest sees the contacts (at most 20 a page) but no Restore', async ({ page, browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  let lead: CreatedLead;
  try {
    const adminPage = await admin.newPage();
    await signInAs(adminPage, 'administrator');
    lead = await archivedLead(adminPage);
  } finally {
    await admin.close();
  }

  await signInAs(page, 'guest');
  await openContacts(page);
  await expect(countText(page)).toHaveText(/^[\d,]+ of [\d,]+ contacts$/);
  const rows = page.getByTestId('contact-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(20);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Restore / })).toHaveCount(0);

  await searchContacts(page, lead.lastName);
  await expect(contactRow(page, fullName(lead))).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Restore / })).toHaveCount(0);
});

test('a consultant sees only the contacts of its own leads', async ({ page, browser, baseURL }) => {
  const word = uniqueWord('Kx');
  const admin = await browser.newContext({ baseURL });
  let others: CreatedLead;
  try {
    const adminPage = await admin.newPage();
    await signInAs(adminPage, 'administrator');
    others = await archivedLead(adminPage, { lastName: `Admin${word}` });
  } finally {
    await admin.close();
  }
  await signInAs(page, 'consultant');
  const own = await archivedLead(page, { lastName: `Own${word}` });

  await openContacts(page);
  await searchContacts(page, word);
  await expect(contactRow(page, fullName(own))).toHaveCount(1);
  await expect(contactRow(page, fullName(others))).toHaveCount(0);
  await expect(countText(page)).toHaveText(/^1 of [\d,]+ contacts$/);
  // A consultant may edit contacts: its own can be restored.
  await expect(page.getByRole('button', { name: `Restore ${fullName(own)}` })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('the page and the restore dialog pass axe', async ({ page }) => {
      await signInAs(page, 'administrator');
      const lost = await archivedLead(page, { leadStatus: 'Not Proceeding / Lost' });
      const other = await archivedLead(page, { lastName: lost.lastName.replace(/^Lee/, 'Ray') });
      // Both rows (a red and an orange status badge) match the shared part of their last names.
      await openContacts(page, `?search=${lost.lastName.slice(3)}`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(contactRow(page, fullName(lost))).toHaveCount(1);
      await expect(contactRow(page, fullName(other))).toHaveCount(1);
      await expect(page.getByTestId('contacts-stat-Total Contacts')).toBeVisible();
      const findings = (await seriousFindings(page)).map((f) => `[list] ${f}`);

      await page.getByRole('button', { name: `Restore ${fullName(lost)}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Restore Contact' });
      await expect(dialog.getByRole('button', { name: /^Restore to Lead Reactivate/ })).toBeVisible();
      findings.push(...(await seriousFindings(page)).map((f) => `[choice] ${f}`));

      await dialog.getByRole('button', { name: /^Restore to Client Convert/ }).click();
      await dialog.getByRole('button', { name: 'Restore to Client', exact: true }).click({ force: true });
      await expect(dialog.getByRole('alert')).toBeVisible();
      findings.push(...(await seriousFindings(page)).map((f) => `[chosen] ${f}`));

      await dialog.getByRole('textbox', { name: 'Notes' }).fill('Ready to sign');
      await dialog.getByRole('button', { name: 'Restore to Client', exact: true }).click();
      await expect(dialog.getByRole('link', { name: 'Open Client' })).toBeVisible();
      findings.push(...(await seriousFindings(page)).map((f) => `[restored] ${f}`));

      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(contactRow(page, fullName(lost))).toHaveCount(0);
      await openContacts(page, `?search=${lost.lastName}xyz`);
      await expect(page.getByText('No contacts found')).toBeVisible();
      findings.push(...(await seriousFindings(page)).map((f) => `[empty] ${f}`));
      expect(findings).toEqual([]);
    });
  });
}

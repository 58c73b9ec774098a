// The Leads and Clients screen and the lead panel (spec 1 §2.3, §2.5, §2.7, §4.4, §5.1, §8):
// create and its validation messages, a conflicting edit, archive, hide / Show Hidden, soft delete,
// filters and search, keyboard use, live updates between two browsers, and an axe check.
// Accounts used: administrator, account_administrator, supervisor, guest (read-only for the accounts).
// Every test makes its own leads with unique names, so the tests do not depend on each other.
import type { Locator, Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import {
  choose,
  createLead,
  expectSaveKeepsTypedValue,
  leadPanel,
  leadRow,
  openLeadsClients,
  uniquePhone,
  uniqueWord,
} from './lead-helpers.ts';

// Multi-step flows (some with two browsers): more time than the default 45 s on a busy machine.
test.describe.configure({ mode: 'parallel' });

/** The status options also show their convertibility ('Convertibility: High'). */
async function chooseStatus(scope: Locator, page: Page, status: string) {
  await scope.getByRole('combobox', { name: 'Lead Status', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${status} Convertibility:`) }).click();
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search leads' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${text}`));
}

test('creates a lead through the panel; it appears in the list', async ({ page }) => {
  await signInAs(page, 'administrator');
  await openLeadsClients(page);
  const first = uniqueWord('Nora');
  const last = uniqueWord('Vance');

  await page.getByRole('button', { name: 'Add New Lead' }).first().click();
  const panel = leadPanel(page);
  await expect(panel.getByRole('heading', { name: 'New Lead', exact: true })).toBeVisible();
  await expect(panel.getByText('Save the lead first to add tasks and notes.')).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Tasks & Notes' })).toBeDisabled();
  await expect(panel.getByRole('tab', { name: 'Services' })).toBeDisabled();
  const save = panel.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  await panel.getByRole('textbox', { name: 'First Name' }).fill(first);
  await panel.getByRole('textbox', { name: 'Last Name' }).fill(last);
  await panel.getByRole('textbox', { name: 'Date of Birth' }).fill('1992-03-04');
  await choose(panel, page, 'Nationality', 'Nepal', true);
  await choose(panel, page, 'Country of Residence', 'Australia', true);

  await panel.getByRole('button', { name: /Contact Information/ }).click();
  await panel.getByRole('textbox', { name: 'Email' }).fill(`${first}.${last}@e2e.example.com`);
  // The number field keeps only digits, spaces, hyphens and parentheses.
  const phone = uniquePhone().replace('+61 ', '');
  await panel.getByRole('textbox', { name: 'Contact Number' }).fill(`${phone}abc`);
  await expect(panel.getByRole('textbox', { name: 'Contact Number' })).toHaveValue(phone);
  await expect(panel.getByRole('combobox', { name: 'Country dial code' })).toHaveValue('AU +61');

  await panel.getByRole('button', { name: /Visa Information/ }).click();
  await expect(panel.getByRole('combobox', { name: 'Desired Visa' })).toHaveCount(0);
  await choose(panel, page, 'Applicant Location', 'Inside Australia');
  // Inside Australia: the current visa and its expiry appear, and the desired visa once a location is chosen.
  await expect(panel.getByRole('combobox', { name: 'Current Visa Subclass' })).toBeVisible();
  await choose(panel, page, 'Current Visa Subclass', 'Student 500', true);
  await panel.getByRole('textbox', { name: 'Visa Expiry Date' }).fill('2027-01-31');
  await panel.getByRole('combobox', { name: 'Desired Visa' }).click();
  await expect(page.getByRole('option', { name: 'None', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Skilled Independent 189', exact: true }).click();

  await panel.getByRole('button', { name: /Assignment & Source/ }).click();
  await choose(panel, page, 'Lead Source', 'Social Media');
  await expect(panel.getByText('Social Media Platform is required when lead source is Social Media')).toHaveCount(0);
  await expect(save).toBeDisabled();
  await choose(panel, page, 'Social Media Platform', 'LinkedIn');
  await choose(panel, page, 'Manager', 'Marcus Tan · Administrator');
  await expect(save).toBeDisabled();
  await choose(panel, page, 'Assistant Manager', 'Priya Sharma · Supervisor');

  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Lead created successfully!')).toBeVisible();
  await expect(panel).toHaveCount(0);

  await searchFor(page, last);
  const row = leadRow(page, `${first} ${last}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`+61 ${phone}`);
  await expect(row).toContainText('New Lead Received');
  await expect(row).toContainText('Inside Australia');
  await expect(row).toContainText('Skilled Independent 189');
  await expect(row).toContainText('Marcus Tan');
  await expect(page.getByRole('tab', { name: 'Leads (1)' })).toBeVisible();
});

test('shows each required-field message and keeps Save disabled while the form is invalid', async ({ page }) => {
  await signInAs(page, 'administrator');
  await openLeadsClients(page);
  await page.getByRole('button', { name: 'Add New Lead' }).first().click();
  const panel = leadPanel(page);
  const save = panel.getByRole('button', { name: 'Save', exact: true });

  for (const section of ['Contact Information', 'Visa Information', 'Assignment & Source']) {
    await panel.getByRole('button', { name: new RegExp(section) }).click();
  }

  // Text fields: typed, then emptied.
  for (const [label, message] of [
    ['First Name', 'First name is required'],
    ['Last Name', 'Last name is required'],
    ['Email', 'Email is required'],
  ] as const) {
    const field = panel.getByRole('textbox', { name: label, exact: true });
    await field.fill('x');
    await field.fill('');
    await expect(panel.getByText(message, { exact: true })).toBeVisible();
  }
  await panel.getByRole('textbox', { name: 'Contact Number' }).fill('4');
  await panel.getByRole('textbox', { name: 'Contact Number' }).fill('');
  await expect(panel.getByText('Contact number is required', { exact: true })).toBeVisible();

  // Fields left without a value: visited and left.
  for (const [role, label, message] of [
    ['textbox', 'Date of Birth', 'Date of birth is required'],
    ['combobox', 'Nationality', 'Nationality is required'],
    ['combobox', 'Country of Residence', 'Country of residence is required'],
    ['combobox', 'Applicant Location', 'Applicant location is required'],
  ] as const) {
    await panel.getByRole(role, { name: label, exact: true }).focus();
    await panel.getByRole(role, { name: label, exact: true }).blur();
    await expect(panel.getByText(message, { exact: true })).toBeVisible();
  }

  // The service-level rules and the email pattern.
  await panel.getByRole('textbox', { name: 'First Name' }).fill('J0hn');
  await expect(panel.getByText('First name must be 2-50 characters and contain no numbers')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await expect(panel.getByText('Invalid email format')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Contact Number' }).fill('12');
  await expect(panel.getByText('Contact number must be 8-20 characters')).toBeVisible();
  await choose(panel, page, 'Lead Source', 'Branch Office');
  await panel.getByRole('textbox', { name: 'Branch Office' }).fill('x');
  await panel.getByRole('textbox', { name: 'Branch Office' }).fill('');
  await expect(panel.getByText('Branch Office is required when lead source is Branch Office')).toBeVisible();
  // The staff form names a manager and an assistant manager (spec 1 §5.1).
  for (const [label, message] of [
    ['Manager', 'Manager is required'],
    ['Assistant Manager', 'Assistant Manager is required'],
  ] as const) {
    await panel.getByRole('combobox', { name: label, exact: true }).focus();
    await panel.getByRole('combobox', { name: label, exact: true }).blur();
    await expect(panel.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(save).toBeDisabled();
  // Save held back by missing fields still answers (a click or Enter) with the spec's message.
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please check all required fields and try again.')).toBeVisible();

  // A new lead cannot be saved as Converted to Client: the status goes back, the user is told.
  await chooseStatus(panel, page, 'Converted to Client');
  await expect(panel.getByText(/A new lead cannot be saved as Converted to Client/).first()).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Lead Status' })).toHaveValue('New Lead Received');
});

test('the server refuses a duplicate email with the spec message', async ({ page }) => {
  await signInAs(page, 'administrator');
  const existing = await createLead(page.request);
  await openLeadsClients(page);
  await page.getByRole('button', { name: 'Add New Lead' }).first().click();
  const panel = leadPanel(page);
  await panel.getByRole('textbox', { name: 'First Name' }).fill(uniqueWord('Dup'));
  await panel.getByRole('textbox', { name: 'Last Name' }).fill(uniqueWord('Lic'));
  await panel.getByRole('textbox', { name: 'Date of Birth' }).fill('1988-08-08');
  await choose(panel, page, 'Nationality', 'India', true);
  await choose(panel, page, 'Country of Residence', 'India', true);
  await panel.getByRole('button', { name: /Contact Information/ }).click();
  await panel.getByRole('textbox', { name: 'Email' }).fill(existing.email);
  await panel.getByRole('textbox', { name: 'Contact Number' }).fill(uniquePhone().replace('+61 ', ''));
  await panel.getByRole('button', { name: /Visa Information/ }).click();
  await choose(panel, page, 'Applicant Location', 'Outside Australia');
  await panel.getByRole('button', { name: /Assignment & Source/ }).click();
  await choose(panel, page, 'Manager', 'Marcus Tan · Administrator');
  await choose(panel, page, 'Assistant Manager', 'Priya Sharma · Supervisor');
  await panel.getByRole('button', { name: 'Save', exact: true }).click();

  const message = `Duplicate detected: email ${existing.email} already exists in leads records.`;
  await expect(panel.getByText('Failed to Save Lead')).toBeVisible();
  await expect(panel.getByRole('alert').getByText(message)).toBeVisible();
  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel.getByText('Failed to Save Lead')).toHaveCount(0);
});

test('after a save the lead form keeps the saved values: it never shows the previous ones again', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await openLeadsClients(page, `?view=${lead.id}&type=lead`);
  await expectSaveKeepsTypedValue(leadPanel(page), `/api/leads/${lead.id}`, 'Lead updated successfully');
});

test('a stale edit gets the reload message; Reload shows the other user’s save', async ({ browser, baseURL }) => {
  const first = await browser.newContext({ baseURL });
  const second = await browser.newContext({ baseURL });
  try {
    const pageA = await first.newPage();
    const pageB = await second.newPage();
    await signInAs(pageA, 'administrator');
    await signInAs(pageB, 'account_administrator');
    const lead = await createLead(pageA.request);
    const view = `?view=${lead.id}&type=lead`;

    await openLeadsClients(pageA, view);
    await openLeadsClients(pageB, view);
    const panelA = leadPanel(pageA);
    const panelB = leadPanel(pageB);
    await expect(panelA.getByRole('heading', { name: /^Edit Lead LD-/ })).toBeVisible();
    await expect(panelA.getByText(lead.displayId).first()).toBeVisible();
    await expect(panelA.getByRole('heading', { name: 'Lead Overview' })).toBeVisible();
    await expect(panelB.getByRole('textbox', { name: 'First Name' })).toHaveValue(lead.firstName);
    await expect(panelB.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    // B starts editing; A saves first.
    await panelB.getByRole('textbox', { name: 'Middle Name' }).fill('Bravo');
    await panelA.getByRole('textbox', { name: 'Middle Name' }).fill('Alpha');
    await panelA.getByRole('button', { name: 'Save Changes' }).click();
    await expect(pageA.getByText('Lead updated successfully!')).toBeVisible();

    await panelB.getByRole('button', { name: 'Save Changes' }).click();
    await expect(panelB.getByText('Failed to Save Lead')).toBeVisible();
    await expect(
      panelB.getByText('This record was changed by someone else. Please reload it and try again.'),
    ).toBeVisible();
    await panelB.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
    await expect(panelB.getByRole('textbox', { name: 'Middle Name' })).toHaveValue('Alpha');
    await expect(panelB.getByText('Failed to Save Lead')).toHaveCount(0);
    await expect(panelB.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  } finally {
    await first.close();
    await second.close();
  }
});

test('archive asks first, moves the lead out of the list', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  await openLeadsClients(page);
  await searchFor(page, lead.lastName);
  await leadRow(page, name).click();
  const panel = leadPanel(page);
  // Escape in the confirmation closes the confirmation only: the panel stays open under it.
  await panel.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('dialog', { name: 'Archive Lead' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Archive Lead' })).toHaveCount(0);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Archive' }).click();

  const dialog = page.getByRole('dialog', { name: 'Archive Lead' });
  await expect(
    dialog.getByText(/moves to Contacts and disappears from the leads list\. This is reversible/),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Not ready this year');
  await dialog.getByRole('button', { name: 'Archive Lead' }).click();
  await expect(page.getByText('Lead archived and moved to contacts successfully!')).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(leadRow(page, name)).toHaveCount(0);
  await expect(page.getByText('No records found matching your criteria.')).toBeVisible();
  expect((await page.request.get(`/api/leads/${lead.id}`)).status()).toBe(404);
});

test('hide removes the lead from the list; Show Hidden brings it back marked, and unhide restores it', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  await openLeadsClients(page);
  await searchFor(page, lead.lastName);

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  const hideDialog = page.getByRole('dialog', { name: 'Hide Lead' });
  await hideDialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Duplicate enquiry');
  await hideDialog.getByRole('button', { name: 'Hide Lead' }).click();
  await expect(page.getByText('Lead hidden successfully')).toBeVisible();
  await expect(leadRow(page, name)).toHaveCount(0);

  await page.getByRole('button', { name: 'Show Hidden' }).click();
  await expect(page).toHaveURL(/showHidden=true/);
  await expect(leadRow(page, name)).toBeVisible();
  await expect(leadRow(page, name).getByText('Hidden', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Unhide' }).click();
  await page.getByRole('dialog', { name: 'Unhide Lead' }).getByRole('button', { name: 'Unhide Lead' }).click();
  await expect(page.getByText('Lead unhidden successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Hidden' }).click();
  await expect(leadRow(page, name)).toBeVisible();
  await expect(leadRow(page, name).getByText('Hidden', { exact: true })).toHaveCount(0);
});

test('an administrator soft-deletes a lead after confirming', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  await openLeadsClients(page, `?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  await panel.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Lead' });
  await expect(dialog.getByText(/moved to Deleted Items/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Test entry');
  await dialog.getByRole('button', { name: 'Delete Lead' }).click();
  await expect(page.getByText('Lead deleted successfully')).toBeVisible();
  await expect(panel).toHaveCount(0);
  await searchFor(page, lead.lastName);
  await expect(leadRow(page, name)).toHaveCount(0);
  expect((await page.request.get(`/api/leads/${lead.id}`)).status()).toBe(404);
});

test('a supervisor sees no Delete, in the panel or the row menu', async ({ page }) => {
  await signInAs(page, 'supervisor');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  await openLeadsClients(page);
  await searchFor(page, lead.lastName);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await leadRow(page, name).click();
  const panel = leadPanel(page);
  await expect(panel.getByRole('button', { name: 'Archive' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a guest reads leads but gets no Add New Lead, no row actions and a read-only panel', async ({ page }) => {
  await signInAs(page, 'guest');
  await openLeadsClients(page);
  await expect(page.getByText('Guest', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Lead' })).toHaveCount(0);
  const firstRow = page.getByTestId('lead-row').first();
  await expect(firstRow).toBeVisible();
  await expect(firstRow.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  // A guest's page is at most 10 rows (spec 1 §6.3).
  await expect(page.getByTestId('lead-row')).toHaveCount(10);
  await firstRow.click();
  const panel = leadPanel(page);
  await expect(panel.getByRole('heading', { name: /^View Lead LD-/ })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Archive' })).toHaveCount(0);
});

test('search and filters narrow the list on the server; the URL reproduces the view', async ({ page }) => {
  await signInAs(page, 'administrator');
  const family = uniqueWord('Kem');
  const a = await createLead(page.request, {
    lastName: family,
    firstName: uniqueWord('Ava'),
    applicantLocation: 'Outside Australia',
    desiredVisa: 'Student 500',
  });
  const b = await createLead(page.request, {
    lastName: family,
    firstName: uniqueWord('Bea'),
    applicantLocation: 'Inside Australia',
    desiredVisa: 'Skilled Nominated 190',
    leadStatus: 'Consultation Completed',
  });
  const c = await createLead(page.request, {
    lastName: family,
    firstName: uniqueWord('Cal'),
    applicantLocation: 'Outside Australia',
    desiredVisa: 'Skilled Nominated 190',
    leadStatus: 'Ineligible',
  });
  const nameOf = (l: typeof a) => `${l.firstName} ${l.lastName}`;

  await openLeadsClients(page);
  await searchFor(page, family);
  await expect(page.getByTestId('lead-row')).toHaveCount(3);
  await expect(page.getByRole('tab', { name: 'Leads (3)' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Filter by desired visa' }).click();
  await page.getByRole('option', { name: 'Skilled Nominated 190', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lead-row')).toHaveCount(2);
  await expect(leadRow(page, nameOf(a))).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Filter by location' }).click();
  await page.getByRole('option', { name: 'Inside Australia', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await expect(leadRow(page, nameOf(b))).toBeVisible();

  // The URL carries the view: opening it again shows the same rows.
  const url = page.url();
  await page.goto('/dashboard');
  await page.goto(url);
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await expect(leadRow(page, nameOf(b))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search leads' })).toHaveValue(family);

  // Status filter alone (search by email works too).
  await openLeadsClients(page);
  await searchFor(page, c.email.split('@')[0]!);
  await expect(page.getByTestId('lead-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Consultation Completed', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('No records found matching your criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search leads' })).toHaveValue('');
});

test('rows open with the keyboard; sorting by name and paging work', async ({ page }) => {
  await signInAs(page, 'administrator');
  const family = uniqueWord('Sor');
  const early = await createLead(page.request, { lastName: family, firstName: 'Aaron' });
  await createLead(page.request, { lastName: family, firstName: 'Zelda' });
  await openLeadsClients(page);
  await searchFor(page, family);
  await expect(page.getByTestId('lead-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=firstName%3Aasc|sort=firstName:asc/);
  await expect(page.getByTestId('lead-row').first()).toContainText('Aaron');
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByTestId('lead-row').first()).toContainText('Zelda');

  const row = leadRow(page, `${early.firstName} ${early.lastName}`);
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(leadPanel(page).getByRole('textbox', { name: 'First Name' })).toHaveValue('Aaron');
  await expect(page).toHaveURL(new RegExp(`view=${early.id}`));
  await page.keyboard.press('Escape');
  await expect(leadPanel(page)).toHaveCount(0);

  // Paging over the whole (seeded) list by keyset: Next starts at 51, Last ends at the total, First is back
  // at 1, and the URL reproduces the page shown. (Other tests add leads meanwhile: the total may grow.)
  await page.getByRole('textbox', { name: 'Search leads' }).fill('');
  const position = page.getByTestId('list-position');
  await expect(position).toHaveText(/^1–50 of [\d,]+$/);
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(position).toHaveText(/^51–100 of [\d,]+$/);
  await expect(page).toHaveURL(/after=/);
  // A cursor page is fixed by its cursor, whatever is added before it.
  const secondPageIds = await page.getByTestId('lead-row').evaluateAll((rows) => rows.map((r) => r.textContent));
  await page.reload();
  await expect
    .poll(() => page.getByTestId('lead-row').evaluateAll((rows) => rows.map((r) => r.textContent)))
    .toEqual(secondPageIds);
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/last=true/);
  await expect(position).toHaveText(/^[\d,]+–([\d,]+) of \1$/);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/before=/);
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(position).toHaveText(/^1–50 of [\d,]+$/);
  await expect(page).not.toHaveURL(/after=|before=|last=/);
});

test('a lead saved in one browser appears in another without reload', async ({ browser, baseURL }) => {
  const watcherContext = await browser.newContext({ baseURL });
  const editorContext = await browser.newContext({ baseURL });
  try {
    const watcher = await watcherContext.newPage();
    const editor = await editorContext.newPage();
    await signInAs(watcher, 'account_administrator');
    await signInAs(editor, 'administrator');
    const family = uniqueWord('Liv');
    await openLeadsClients(watcher);
    await searchFor(watcher, family);
    await expect(watcher.getByText('No records found matching your criteria.')).toBeVisible();

    // Saved in the other browser: the watcher's list follows through the live event stream.
    const lead = await createLead(editor.request, { lastName: family });
    const row = leadRow(watcher, `${lead.firstName} ${family}`);
    await expect(row).toBeVisible();
    await expect(watcher.getByRole('tab', { name: 'Leads (1)' })).toBeVisible();

    await openLeadsClients(editor, `?view=${lead.id}&type=lead`);
    await chooseStatus(leadPanel(editor), editor, 'Consultation Completed');
    await leadPanel(editor).getByRole('button', { name: 'Save Changes' }).click();
    await expect(editor.getByText('Lead updated successfully!')).toBeVisible();
    await expect(row).toContainText('Consultation Completed');
  } finally {
    await watcherContext.close();
    await editorContext.close();
  }
});

test('the leads screen and the lead panel pass axe (no serious or critical findings)', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  const lead = await createLead(page.request);
  await openLeadsClients(page);
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  // The page's own content; the shell around it is checked by a11y.spec.ts.
  expect(await seriousFindings(page, 'main')).toEqual([]);
  await openLeadsClients(page, `?view=${lead.id}&type=lead`);
  await expect(leadPanel(page).getByRole('textbox', { name: 'First Name' })).toHaveValue(lead.firstName);
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
});

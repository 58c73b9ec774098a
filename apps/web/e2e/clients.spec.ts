// The clients tab, the client panel, conversion and reversion, and record links (spec 1 §2.1, §2.3,
// §2.5, §2.6, §4.2, §4.3, §5.2, §8; DECISIONS.md §2): a lead saved as Converted to Client leaves the
// Leads tab and appears as a client; the client form's conditional rules; 'Revert to Lead'; links
// to a lead, a converted lead and a panel tab; hide / Show Hidden; delete rights; a guest's view.
// Every test makes its own leads and clients with unique names, so the tests do not depend on each other.
import type { Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import {
  choose,
  clientPanel,
  clientRow,
  convertLeadThroughApi,
  createLead,
  expectSaveKeepsTypedValue,
  leadPanel,
  leadRow,
  openLeadsClients,
} from './lead-helpers.ts';

// Multi-step flows (a conversion refreshes every list): more time than the defaults on a busy machine.
test.describe.configure({ mode: 'parallel' });

async function openClientsTab(page: Page) {
  await page.getByRole('tab', { name: /^Clients \(/ }).click();
  await expect(page.getByRole('tab', { name: /^Clients \(/ })).toHaveAttribute('aria-selected', 'true');
}

async function searchFor(page: Page, tab: 'leads' | 'clients', text: string) {
  await page.getByRole('textbox', { name: `Search ${tab}` }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${text}`));
}

/** A lead converted through the API: the client's id with the lead. */
async function convertedLead(page: Page) {
  const lead = await createLead(page.request);
  const clientId = await convertLeadThroughApi(page.request, lead.id);
  return { lead, clientId, name: `${lead.firstName} ${lead.lastName}` };
}

test('saving a lead as Converted to Client converts it: it leaves the Leads tab and appears as a client', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request, {
    applicantLocation: 'Outside Australia',
    desiredVisa: 'Skilled Independent 189',
  });
  const name = `${lead.firstName} ${lead.lastName}`;
  await openLeadsClients(page, `?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  await expect(panel.getByRole('textbox', { name: 'First Name' })).toHaveValue(lead.firstName);
  // An ordinary save first: its toast must give way to the conversion's at once (one toast at a time).
  await panel.getByRole('combobox', { name: 'Gender', exact: true }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Lead updated successfully!')).toBeVisible();

  await panel.getByRole('combobox', { name: 'Lead Status', exact: true }).click();
  await page.getByRole('option', { name: /^Converted to Client Convertibility: Fully Converted/ }).click();
  await expect(panel.getByText('Saving converts this lead to a client with its details.')).toBeVisible();
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Lead converted to client successfully!')).toBeVisible();
  await expect(page.getByText('Lead updated successfully!')).toHaveCount(0);

  // The lead stays open, read-only, with the banner naming the date, who converted and the client.
  const banner = panel.getByRole('alert').filter({ hasText: 'Successfully Converted to Client' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('by Marcus Tan');
  await expect(panel.getByRole('heading', { name: /^View Lead LD-/ })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  const saved = (await (await page.request.get(`/api/leads/${lead.id}`)).json()) as {
    convertedToClientId: string;
    leadStatus: string;
  };
  expect(saved.leadStatus).toBe('Converted to Client');
  const clientDisplayId = `CL-${saved.convertedToClientId.replace(/-/g, '').slice(-8).toUpperCase()}`;

  // The client link in the banner opens the client with the lead's data.
  await banner.getByRole('button', { name: clientDisplayId }).click();
  const client = clientPanel(page);
  await expect(client.getByRole('heading', { name: new RegExp(`${name}.*Client`) })).toBeVisible();
  await expect(client.getByRole('textbox', { name: 'Email' })).toHaveValue(lead.email);
  await expect(client.getByRole('region', { name: 'Client Overview' })).toContainText(lead.displayId);
  await expect(page).toHaveURL(
    new RegExp(`view=${saved.convertedToClientId}&type=client|type=client.*view=${saved.convertedToClientId}`),
  );
  await client.getByRole('button', { name: 'Close client panel' }).click();
  await expect(client).toHaveCount(0);

  // Gone from the Leads tab, present in the Clients tab.
  await page.getByRole('tab', { name: /^Leads \(/ }).click();
  await searchFor(page, 'leads', lead.lastName);
  await expect(leadRow(page, name)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Clients (1)' })).toBeVisible();
  await openClientsTab(page);
  const row = clientRow(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText(lead.email);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Outside Australia');
  await expect(row).toContainText('Skilled Independent 189');
  await expect(row).toContainText(clientDisplayId);
});

test('the client form checks the conditional rules of §5.2 and saves', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { clientId } = await convertedLead(page);
  await openLeadsClients(page, `?view=${clientId}&type=client`);
  const panel = clientPanel(page);
  const save = panel.getByRole('button', { name: 'Save Changes' });
  await expect(panel.getByRole('heading', { name: 'Client Overview' })).toBeVisible();
  await expect(panel.getByText('Passport: N/A')).toBeVisible();
  await expect(save).toBeDisabled();

  // Inside Australia: the current visa is required, then its expiry (not for Other or Bridging visas).
  await panel.getByRole('button', { name: /^Visa Information/ }).click();
  await choose(panel, page, 'Applicant Location', 'Inside Australia');
  await expect(
    panel.getByText('Current/Previous Visa is required when applicant location is Inside Australia'),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await panel.getByRole('combobox', { name: 'Desired Visa' }).click();
  await expect(page.getByRole('option', { name: 'None', exact: true })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Bridging A (010)', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await choose(panel, page, 'Current/Previous Visa', 'Student 500', true);
  await expect(
    panel.getByText('Current/Previous Visa is required when applicant location is Inside Australia'),
  ).toHaveCount(0);
  await expect(panel.getByText('Visa expiry date is required for current visa when inside Australia')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Visa Expiry Date' }).fill('2027-06-30');
  await expect(panel.getByText('Visa expiry date is required for current visa when inside Australia')).toHaveCount(0);

  // Married: the spouse section appears and names its three required fields.
  await expect(panel.getByRole('button', { name: /^Spouse\/Partner Information/ })).toHaveCount(0);
  await choose(panel, page, 'Marital Status', 'Married');
  await expect(panel.getByRole('button', { name: /^Spouse\/Partner Information/ })).toBeVisible();
  for (const field of ['first name', 'last name', 'nationality']) {
    await expect(
      panel.getByText(`Spouse ${field} is required when marital status is Married or De Facto`),
    ).toBeVisible();
  }
  await expect(save).toBeDisabled();
  await panel.getByRole('textbox', { name: 'Spouse First Name' }).fill('Rosa');
  await panel.getByRole('textbox', { name: 'Spouse Last Name' }).fill('Lindqvist');
  await choose(panel, page, 'Spouse Nationality', 'Sweden', true);

  // Two dependents: two blank entries with relationship Child; back to one: the last goes.
  await expect(panel.getByRole('button', { name: /^Dependents Information/ })).toHaveCount(0);
  await choose(panel, page, 'Number of Dependents', '2');
  const entries = panel.getByTestId('dependent-entry');
  await expect(entries).toHaveCount(2);
  await expect(
    panel.getByRole('group', { name: 'Dependent 2' }).getByRole('combobox', { name: 'Relationship' }),
  ).toHaveValue('Child');
  const first = panel.getByRole('group', { name: 'Dependent 1' });
  await first.getByRole('textbox', { name: 'First Name' }).fill('Nils');
  await first.getByRole('textbox', { name: 'First Name' }).fill('');
  await expect(first.getByText('Dependent first name is required')).toBeVisible();
  await choose(panel, page, 'Number of Dependents', '1');
  await expect(entries).toHaveCount(1);
  await first.getByRole('textbox', { name: 'First Name' }).fill('Nils');
  await first.getByRole('textbox', { name: 'Last Name' }).fill('Lindqvist');
  await expect(save).toBeDisabled();
  await choose(first, page, 'Nationality', 'Sweden', true);

  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Client updated successfully')).toBeVisible();
  await expect(save).toBeDisabled();

  const stored = (await (await page.request.get(`/api/clients/${clientId}`)).json()) as {
    currentVisaSubclass: string;
    visaExpiryDate: string;
    spouseFirstName: string;
    spouseNationality: string;
    numberOfDependents: string;
    dependents: { firstName: string; relationship: string; nationality: string }[];
  };
  expect(stored.currentVisaSubclass).toBe('Student 500');
  expect(stored.visaExpiryDate.slice(0, 10)).toBe('2027-06-30');
  expect(stored.spouseFirstName).toBe('Rosa');
  expect(stored.spouseNationality).toBe('Sweden');
  expect(stored.numberOfDependents).toBe('1');
  expect(stored.dependents).toEqual([
    expect.objectContaining({ firstName: 'Nils', relationship: 'Child', nationality: 'Sweden' }),
  ]);
});

test('after a save the form keeps the saved values: it never shows the previous ones again', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { clientId } = await convertedLead(page);
  await openLeadsClients(page, `?view=${clientId}&type=client`);
  await expectSaveKeepsTypedValue(clientPanel(page), `/api/clients/${clientId}`, 'Client updated successfully');
});

test('a stale client edit gets the reload message', async ({ browser, baseURL }) => {
  const first = await browser.newContext({ baseURL });
  const second = await browser.newContext({ baseURL });
  try {
    const pageA = await first.newPage();
    const pageB = await second.newPage();
    await signInAs(pageA, 'administrator');
    await signInAs(pageB, 'account_administrator');
    const { clientId } = await convertedLead(pageA);
    await openLeadsClients(pageA, `?view=${clientId}&type=client`);
    await openLeadsClients(pageB, `?view=${clientId}&type=client`);
    const panelA = clientPanel(pageA);
    const panelB = clientPanel(pageB);
    await panelB.getByRole('textbox', { name: 'Middle Name' }).fill('Bravo');
    await panelA.getByRole('textbox', { name: 'Middle Name' }).fill('Alpha');
    await panelA.getByRole('button', { name: 'Save Changes' }).click();
    await expect(pageA.getByText('Client updated successfully')).toBeVisible();

    await panelB.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      panelB.getByText('This record was changed by someone else. Please reload it and try again.').first(),
    ).toBeVisible();
    await panelB.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
    await expect(panelB.getByRole('textbox', { name: 'Middle Name' })).toHaveValue('Alpha');
  } finally {
    await first.close();
    await second.close();
  }
});

test('Revert to Lead within 30 days puts the lead back; the client shows Reverted only with the Reverted filter', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request, { leadStatus: 'Agreement Signed – Awaiting Payment' });
  const name = `${lead.firstName} ${lead.lastName}`;
  const clientId = await convertLeadThroughApi(page.request, lead.id);
  await openLeadsClients(page, `?view=${clientId}&type=client`);
  const panel = clientPanel(page);
  await expect(panel.getByText(/The conversion can be reverted until/)).toBeVisible();
  await panel.getByRole('button', { name: 'Revert to Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revert to Lead' });
  await expect(dialog).toContainText(lead.displayId);
  await dialog.getByRole('button', { name: 'Revert to Lead' }).click();
  await expect(page.getByText('Client reverted to lead successfully')).toBeVisible();

  const banner = panel.getByRole('alert').filter({ hasText: 'Reverted to Lead' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('by Marcus Tan');
  await expect(panel.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Revert to Lead' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close client panel' }).click();

  // The lead is back in the Leads tab with the status it had before the conversion.
  await page.getByRole('tab', { name: /^Leads \(/ }).click();
  await searchFor(page, 'leads', lead.lastName);
  await expect(leadRow(page, name)).toContainText('Agreement Signed – Awaiting Payment');

  // The Reverted client is left out of the clients list unless the Reverted filter is on.
  await openClientsTab(page);
  await expect(page.getByTestId('client-row')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await expect(page.getByRole('option')).toHaveText(['Active', 'Inactive', 'Reverted']);
  await page.getByRole('option', { name: 'Reverted', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(clientRow(page, name)).toContainText('Reverted');

  // The lead keeps its conversion in the history and says who reverted it (spec 1 §4.2).
  await openLeadsClients(page, `?view=${lead.id}&type=lead`);
  const leadBanner = leadPanel(page).getByRole('alert').filter({ hasText: 'Reverted to Lead' });
  await expect(leadBanner).toContainText('by Marcus Tan');
  await expect(leadBanner).toContainText(`It was converted on`);
  await leadPanel(page).getByRole('button', { name: 'Close lead panel' }).click();

  // The dashboard counts the reversion beside the conversions.
  await page.goto('/dashboard');
  await expect(page.getByText(/in the last 30 days · [1-9]\d* reverted/)).toBeVisible();
});

test('links open the record: a lead, a converted lead’s client, and a panel tab', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const converted = await convertedLead(page);

  // A lead: its panel over the Leads tab.
  await openLeadsClients(page, `?view=${lead.id}&type=lead`);
  await expect(leadPanel(page).getByRole('textbox', { name: 'First Name' })).toHaveValue(lead.firstName);
  await expect(page.getByRole('tab', { name: /^Leads \(/ })).toHaveAttribute('aria-selected', 'true');

  // A converted lead's id: its client opens instead, over the Clients tab.
  await openLeadsClients(page, `?view=${converted.lead.id}&type=lead`);
  const panel = clientPanel(page);
  await expect(panel.getByRole('textbox', { name: 'Email' })).toHaveValue(converted.lead.email);
  await expect(page).toHaveURL(new RegExp(`view=${converted.clientId}`));
  await expect(page.getByRole('tab', { name: /^Clients \(/ })).toHaveAttribute('aria-selected', 'true');
  // From the client, its lead opens as it is: read-only, with the conversion banner.
  await panel
    .getByRole('region', { name: 'Client Overview' })
    .getByRole('button', { name: converted.lead.displayId })
    .click();
  await expect(leadPanel(page).getByText('Successfully Converted to Client')).toBeVisible();
  await expect(leadPanel(page).getByRole('textbox', { name: 'First Name' })).toBeDisabled();

  // tab=services selects the Services tab of the panel; closing removes view, type and tab.
  await openLeadsClients(page, `?view=${converted.clientId}&type=client&tab=services`);
  await expect(panel.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByRole('tab', { name: 'Client Details' }).click();
  await expect(panel.getByRole('textbox', { name: 'Email' })).toHaveValue(converted.lead.email);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=|type=|tab=services/);
  await expect(page.getByRole('tab', { name: /^Clients \(/ })).toHaveAttribute('aria-selected', 'true');

  // An unknown id shows nothing.
  await openLeadsClients(page, `?view=00000000-0000-4000-8000-000000000000&type=lead`);
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('hide takes a client out of the list; Show Hidden brings it back marked, and unhide restores it', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const { lead, name } = await convertedLead(page);
  await openLeadsClients(page, '?tab=clients');
  await searchFor(page, 'clients', lead.lastName);
  await expect(clientRow(page, name)).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  const hide = page.getByRole('dialog', { name: 'Hide Client' });
  await hide.getByRole('textbox', { name: 'Reason (optional)' }).fill('Duplicate file');
  await hide.getByRole('button', { name: 'Hide Client' }).click();
  await expect(page.getByText('Client hidden successfully')).toBeVisible();
  await expect(clientRow(page, name)).toHaveCount(0);
  await expect(page.getByText('No records found matching your criteria.')).toBeVisible();

  await page.getByRole('button', { name: 'Show Hidden' }).click();
  await expect(clientRow(page, name).getByText('Hidden', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Unhide' }).click();
  await page.getByRole('dialog', { name: 'Unhide Client' }).getByRole('button', { name: 'Unhide Client' }).click();
  await expect(page.getByText('Client unhidden successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Hidden' }).click();
  await expect(clientRow(page, name)).toBeVisible();
  await expect(clientRow(page, name).getByText('Hidden', { exact: true })).toHaveCount(0);
});

test('delete rights: administrator soft-deletes, account administrator also deletes permanently, supervisor never', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const soft = await convertedLead(page);
  const gone = await convertedLead(page);
  const kept = await convertedLead(page);

  await openLeadsClients(page, `?tab=clients&search=${soft.lead.lastName}`);
  await page.getByRole('button', { name: `Actions for ${soft.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Permanently Delete' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Client' });
  await expect(dialog).toContainText('moved to Deleted Items');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Client deleted successfully')).toBeVisible();
  await expect(clientRow(page, soft.name)).toHaveCount(0);
  expect((await page.request.get(`/api/clients/${soft.clientId}`)).status()).toBe(404);

  await signInAs(page, 'account_administrator');
  await openLeadsClients(page, `?view=${gone.clientId}&type=client`);
  const panel = clientPanel(page);
  await expect(panel.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Permanently Delete' }).click();
  const permanent = page.getByRole('dialog', { name: 'Delete Client' });
  await expect(permanent).toContainText('cannot be undone');
  await permanent.getByRole('button', { name: 'Permanently Delete' }).click();
  await expect(page.getByText('Client permanently deleted')).toBeVisible();
  await expect(panel).toHaveCount(0);

  await signInAs(page, 'supervisor');
  await openLeadsClients(page, `?tab=clients&search=${kept.lead.lastName}`);
  await page.getByRole('button', { name: `Actions for ${kept.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Hide' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await clientRow(page, kept.name).click();
  await expect(clientPanel(page).getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await expect(clientPanel(page).getByRole('button', { name: /Delete/ })).toHaveCount(0);
});

test('a guest reads clients without any edit control', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { lead, clientId, name } = await convertedLead(page);
  await signInAs(page, 'guest');
  await openLeadsClients(page, `?tab=clients&search=${lead.lastName}`);
  await expect(page.getByRole('button', { name: 'Add New Lead' })).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View']);
  await page.getByRole('menuitem', { name: 'View' }).click();

  const panel = clientPanel(page);
  await expect(page).toHaveURL(new RegExp(`view=${clientId}`));
  await expect(panel.getByText('Your role can view this client but not change it.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /Revert to Lead|Hide|Delete/ })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
});

test('the clients tab and the client panel pass axe (no serious or critical findings)', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  const { clientId, lead } = await convertedLead(page);
  await openLeadsClients(page, '?tab=clients');
  await expect(page.getByTestId('client-row').first()).toBeVisible();
  expect(await seriousFindings(page, 'main')).toEqual([]);
  await openLeadsClients(page, `?view=${clientId}&type=client`);
  await expect(clientPanel(page).getByRole('textbox', { name: 'Email' })).toHaveValue(lead.email);
  await choose(clientPanel(page), page, 'Marital Status', 'De Facto');
  await choose(clientPanel(page), page, 'Number of Dependents', '1');
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
});

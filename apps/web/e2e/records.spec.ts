// The 'All Records' tab of the Leads and Clients screen (spec 1 §2.4): search with display ids and
// types, the conversion badges, the statistics cards against the API, records per page and the page
// buttons, view / keyboard opening, the Desired Visa hover card, delete as administrator (and none
// for a supervisor), and an axe check in both themes.
// Accounts used: administrator, supervisor (read-only for the accounts). Every test makes its own
// leads with unique names and never depends on global counts that other tests change.
import type { Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { clientPanel, convertLead, createLead, leadPanel } from './lead-helpers.ts';

test.describe.configure({ mode: 'parallel' });

async function openRecords(page: Page, search?: string) {
  await page.goto(`/leads-clients?tab=records${search ? `&search=${search}` : ''}`);
  // The first visit loads the page's code: allow for a busy machine.
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All Records', selected: true })).toBeVisible();
}

const recordsPanel = (page: Page) => page.getByRole('tabpanel', { name: 'All Records' });
const leadRecordRow = (page: Page, name: string) => recordsPanel(page).getByRole('row', { name: `Open lead ${name}` });
const clientRecordRow = (page: Page, name: string) =>
  recordsPanel(page).getByRole('row', { name: `Open client ${name}` });

test('finds a new lead by search, with its LD- id, type and status', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request, { desiredVisa: 'Skilled Independent 189' });
  const name = `${lead.firstName} ${lead.lastName}`;
  expect(lead.displayId).toMatch(/^LD-[0-9A-F]{8}$/);

  await openRecords(page, lead.lastName);
  await expect(recordsPanel(page).getByRole('heading', { name: 'Records (1)', level: 2 })).toBeVisible();
  const row = leadRecordRow(page, name);
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText(lead.displayId);
  await expect(cells.nth(1)).toHaveText('Lead');
  await expect(cells.nth(2)).toHaveText(name);
  await expect(cells.nth(3)).toContainText(lead.email);
  await expect(cells.nth(3)).toContainText(lead.contactNumber);
  await expect(cells.nth(4)).toHaveText('New Lead Received');
  await expect(cells.nth(5)).toHaveText('Outside Australia');
  await expect(cells.nth(6)).toHaveText('Skilled Independent 189');

  // The page's search box drives the tab too; a search that matches nothing gives the empty text.
  await page.goto(`/leads-clients?tab=records&search=${lead.lastName}Nomatch`);
  await expect(recordsPanel(page).getByText('No records found matching your criteria.')).toBeVisible();
  await expect(recordsPanel(page).getByRole('heading', { name: 'Records (0)' })).toBeVisible();
});

test("a converted lead shows '→ Client' and its client '← From Lead'", async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  const clientId = await convertLead(page.request, lead.id);

  await openRecords(page, lead.lastName);
  await expect(recordsPanel(page).getByRole('heading', { name: 'Records (2)' })).toBeVisible();
  const leadCells = leadRecordRow(page, name).getByRole('cell');
  await expect(leadCells.nth(0)).toHaveText(lead.displayId);
  // Status 'Converted to Client' reads 'Client', with the conversion badge beside it.
  await expect(leadCells.nth(4).getByText('Client', { exact: true })).toBeVisible();
  await expect(leadCells.nth(4).getByText('→ Client', { exact: true })).toBeVisible();
  const clientCells = clientRecordRow(page, name).getByRole('cell');
  await expect(clientCells.nth(0)).toHaveText(`CL-${clientId.replace(/-/g, '').slice(-8).toUpperCase()}`);
  await expect(clientCells.nth(1)).toHaveText('Client');
  await expect(clientCells.nth(4).getByText('Active', { exact: true })).toBeVisible();
  await expect(clientCells.nth(4).getByText('← From Lead', { exact: true })).toBeVisible();
  // Newest first: the client was created after the lead.
  await expect(recordsPanel(page).getByRole('row', { name: /^Open (lead|client) / })).toHaveText([/^CL-/, /^LD-/]);

  // A converted lead is read-only: view only, no edit.
  await expect(leadRecordRow(page, name).getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
  await expect(clientRecordRow(page, name).getByRole('button', { name: `Edit ${name}` })).toBeVisible();
});

test("a converted lead's Tasks & Notes tab says its entries moved to the client, and opens it", async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  const added = await page.request.post(`/api/leads/${lead.id}/tasks`, {
    data: { taskType: 'Notes', content: '<p>Wants to apply before June.</p>' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const clientId = await convertLead(page.request, lead.id);

  // A converted lead opens as itself from its client's 'converted from' link.
  await page.goto(`/leads-clients?view=${clientId}&type=client`);
  await clientPanel(page).getByRole('button', { name: lead.displayId }).first().click();
  const panel = leadPanel(page);
  await panel.getByRole('tab', { name: 'Tasks & Notes' }).click();
  await expect(panel.getByText("This lead's tasks and notes moved to its client when it was converted.")).toBeVisible();
  await expect(panel.getByText('Add your first one!', { exact: false })).toHaveCount(0);
  await panel.getByRole('button', { name: `Open client ${name}` }).click();
  const client = clientPanel(page);
  await client.getByRole('tab', { name: 'Tasks & Notes' }).click();
  await expect(client.getByRole('listitem', { name: 'Note' })).toContainText('Wants to apply before June.');
});

test('statistics cards agree with /api/records/statistics', async ({ page }) => {
  await signInAs(page, 'administrator');
  await openRecords(page);
  const format = (n: number) => n.toLocaleString('en-AU');
  // Other tests add records meanwhile: compare a fresh API reading until the live page shows it.
  await expect(async () => {
    const response = await page.request.get('/api/records/statistics');
    expect(response.status()).toBe(200);
    const s = (await response.json()) as {
      totalRecords: number;
      activeLeads: number;
      convertedClients: number;
      lostLeads: number;
      conversionRate: number;
    };
    const card = (title: string) => page.getByRole('region', { name: title }).getByTestId(`records-stat-${title}`);
    expect(await card('Total Records').textContent()).toBe(format(s.totalRecords));
    expect(await card('Active Leads').textContent()).toBe(format(s.activeLeads));
    expect(await card('Converted Clients').textContent()).toBe(format(s.convertedClients));
    expect(await card('Lost Leads').textContent()).toBe(format(s.lostLeads));
    expect(await card('Conversion Rate').textContent()).toBe(`${s.conversionRate.toFixed(1)}%`);
    // clients ÷ (leads + clients), one decimal.
    expect(s.conversionRate).toBeCloseTo(Math.round((s.convertedClients / s.totalRecords) * 1000) / 10, 5);
  }).toPass();
});

test('records per page and the page buttons', async ({ page }) => {
  // Renders pages of 50 and 100 rows several times: slow on a busy machine.
  await signInAs(page, 'administrator');
  await openRecords(page);
  const rows = recordsPanel(page).getByRole('row', { name: /^Open (lead|client) / });
  // The demo seed alone has 300 leads: more than six pages of 50.
  await expect(rows).toHaveCount(50);
  const select = recordsPanel(page).getByRole('combobox', { name: 'Records per page' });
  await expect(select).toHaveValue('50 / page');
  const position = recordsPanel(page).getByTestId('list-position');
  await expect(position).toHaveText(/^1–50 of [\d,]+$/);

  await recordsPanel(page).getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/last=true/);
  await expect(recordsPanel(page).getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(position).toHaveText(/^[\d,]+–([\d,]+) of \1$/);

  await select.click();
  await page.getByRole('option', { name: '100 / page' }).click();
  await expect(page).toHaveURL(/pageSize=100/);
  await expect(page).not.toHaveURL(/[?&](page|after|before|last)=/);
  await expect(select).toHaveValue('100 / page');
  await expect(rows).toHaveCount(100);
  await expect(recordsPanel(page).getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await recordsPanel(page).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(rows).toHaveCount(100);
  await expect(position).toHaveText(/^101–200 of /);

  // Spec 1 §2.4: up to 5 page buttons (decision 0031), the page shown marked; a number is a numbered page.
  await expect(recordsPanel(page).getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // At least 300 records at 100 a page: 3 pages or more, never more than 5 buttons.
  const numbers = await recordsPanel(page)
    .getByRole('button', { name: /^Page \d+$/ })
    .count();
  expect(numbers).toBeGreaterThanOrEqual(3);
  expect(numbers).toBeLessThanOrEqual(5);
  await recordsPanel(page).getByRole('button', { name: 'Page 3', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);
  await expect(position).toHaveText(/^201–300 of /);
  await expect(rows).toHaveCount(100);
  await expect(recordsPanel(page).getByRole('button', { name: 'Page 3', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A link to a page past the numbered ones says so, rather than showing page 1 as if it were that page.
  await page.goto(page.url().replace(/([?&])page=3(&|$)/, '$1page=25$2'));
  await expect(recordsPanel(page).getByRole('alert')).toContainText(
    'Pages beyond 20 are reached with Next, Previous and Last.',
  );
  await expect(rows).toHaveCount(0);
  await expect(recordsPanel(page).getByRole('button', { name: 'Try Again' })).toHaveCount(0);
});

test('view, a click or Enter on a row opens the lead panel through the URL', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  await openRecords(page, lead.lastName);

  await leadRecordRow(page, name)
    .getByRole('button', { name: `View ${name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`view=${lead.id}`));
  await expect(page).toHaveURL(/type=lead/);
  await expect(leadPanel(page)).toBeVisible();
  await expect(leadPanel(page).getByText(lead.displayId).first()).toBeVisible();
  await page.getByRole('button', { name: 'Close lead panel' }).click();
  await expect(page).not.toHaveURL(/view=/);

  const row = leadRecordRow(page, name);
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`view=${lead.id}`));
  await expect(leadPanel(page)).toBeVisible();
});

test("the Desired Visa cell's hover card shows the tasks-and-notes summary", async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await openRecords(page, lead.lastName);
  await leadRecordRow(page, `${lead.firstName} ${lead.lastName}`)
    .getByRole('cell')
    .nth(6)
    .getByText('Student 500')
    .hover();
  await expect(page.getByText('No tasks and notes available')).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByText('No tasks and notes available')).toBeHidden();

  // With a task (one pending) and a note: the card shows the truth, the note as plain text.
  const add = async (body: Record<string, unknown>) =>
    expect((await page.request.post(`/api/leads/${lead.id}/tasks`, { data: body })).status()).toBe(201);
  await add({ taskType: 'Document Collection', taskName: 'Collect passports', content: '<p>All pages</p>' });
  await add({ taskType: 'Notes', content: '<p>Client <strong>confirmed</strong> the medical booking</p>' });
  await page.reload();
  await leadRecordRow(page, `${lead.firstName} ${lead.lastName}`)
    .getByRole('cell')
    .nth(6)
    .getByText('Student 500')
    .hover();
  const card = page.getByRole('tooltip').filter({ hasText: 'Tasks & Notes' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1Tasks');
  await expect(card).toContainText('1Pending');
  await expect(card).toContainText('1Notes');
  await expect(card).toContainText('Client confirmed the medical booking');
});

test("an administrator deletes a lead and a client after the 'Delete …' question", async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  await openRecords(page, lead.lastName);

  await leadRecordRow(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Lead' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog).toContainText(lead.displayId);
  // Cancel keeps the lead.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(leadRecordRow(page, name)).toBeVisible();

  await leadRecordRow(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await dialog.getByRole('button', { name: 'Delete Lead' }).click();
  await expect(page.getByText('Lead deleted successfully')).toBeVisible();
  await expect(leadRecordRow(page, name)).toHaveCount(0);
  await expect(recordsPanel(page).getByText('No records found matching your criteria.')).toBeVisible();
  expect((await page.request.get(`/api/leads/${lead.id}`)).status()).toBe(404);

  const other = await createLead(page.request);
  const otherName = `${other.firstName} ${other.lastName}`;
  const clientId = await convertLead(page.request, other.id);
  await openRecords(page, other.lastName);
  await clientRecordRow(page, otherName)
    .getByRole('button', { name: `Delete ${otherName}` })
    .click();
  const clientDialog = page.getByRole('dialog', { name: 'Delete Client' });
  await expect(clientDialog).toContainText('cannot be undone');
  await clientDialog.getByRole('button', { name: 'Delete Client' }).click();
  await expect(page.getByText('Client deleted successfully')).toBeVisible();
  await expect(clientRecordRow(page, otherName)).toHaveCount(0);
  expect((await page.request.get(`/api/clients/${clientId}`)).status()).toBe(404);
});

test('a supervisor sees no delete button', async ({ page }) => {
  await signInAs(page, 'supervisor');
  const lead = await createLead(page.request);
  const name = `${lead.firstName} ${lead.lastName}`;
  await openRecords(page, lead.lastName);
  const row = leadRecordRow(page, name);
  await expect(row.getByRole('button', { name: `View ${name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(recordsPanel(page).getByRole('button', { name: /^Delete / })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('the tab passes axe', async ({ page }) => {
      await signInAs(page, 'administrator');
      const lead = await createLead(page.request);
      await convertLead(page.request, lead.id);
      // The first page holds the newest records, so both conversion badges are on screen.
      await openRecords(page);
      await expect(recordsPanel(page).getByRole('row', { name: /^Open (lead|client) / })).toHaveCount(50);
      await expect(page.getByTestId('records-stat-Total Records')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(await seriousFindings(page)).toEqual([]);
    });
  });
}

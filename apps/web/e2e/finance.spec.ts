/// <reference types="node" />
// Finance → Services Overview (spec 3 §2.1, §8, §9; issue 11 items 4 and 6), as an administrator: services
// made through the API on a lead and on a client, found with the filters, the cards' figures, the chosen
// rows exported to CSV and the filtered set to Excel (the files read back), a delete with its confirmation,
// View Profile opening the record's Services tab, and Compact kept across a reload. A consultant has no
// Finance entry and meets Access Restricted; a member exports and selects rows, without delete.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { SERVICE_EXPORT_COLUMNS } from '@crm/domain';
import { seriousFindings } from './axe.ts';
import { expect, mainMenu, signInAs, test, tabTitle } from './fixtures.ts';
import { convertLead, createLead, leadPanel, uniqueWord } from './lead-helpers.ts';

type ServiceBody = {
  serviceName: string;
  serviceCategory: string;
  serviceStatus: string;
  serviceFee: string;
  paidAmount: string;
  currency: string;
  startDate: string;
};

async function addService(request: APIRequestContext, path: string, body: ServiceBody) {
  const response = await request.post(path, { data: body });
  expect(response.status(), `adding ${body.serviceName}: ${await response.text()}`).toBe(201);
  return (await response.json()) as { id: string };
}

/**
 * A lead with a part-paid AUD consultation and an unpaid PHP skills assessment, and a client (a converted
 * lead) with a paid AUD visa application, all three sharing a last name no other test uses.
 */
async function makeServices(request: APIRequestContext) {
  const family = uniqueWord('Fin');
  const lead = await createLead(request, { lastName: family });
  const convertedLead = await createLead(request, { lastName: family });
  const clientId = await convertLead(request, convertedLead.id);
  await addService(request, `/api/leads/${lead.id}/services`, {
    serviceName: 'Consultation Fee',
    serviceCategory: 'Consultation Fee',
    serviceStatus: 'Active',
    serviceFee: '1000.00',
    paidAmount: '250.50',
    currency: 'AUD',
    startDate: '2026-03-10',
  });
  await addService(request, `/api/leads/${lead.id}/services`, {
    serviceName: 'Skills Assessment',
    serviceCategory: 'Skills Assessment',
    serviceStatus: 'Pending',
    serviceFee: '50000.00',
    paidAmount: '0.00',
    currency: 'PHP',
    startDate: '2026-05-02',
  });
  await addService(request, `/api/clients/${clientId}/services`, {
    serviceName: 'Visa Application',
    serviceCategory: 'Visa Application',
    serviceStatus: 'Completed',
    serviceFee: '2000.00',
    paidAmount: '2000.00',
    currency: 'AUD',
    startDate: '2026-04-01',
  });
  return {
    family,
    lead: { id: lead.id, name: `${lead.firstName} ${lead.lastName}`, email: lead.email },
    client: { id: clientId, name: `${convertedLead.firstName} ${convertedLead.lastName}` },
  };
}

const rowOf = (page: Page, service: string, person: string) =>
  page.getByRole('row').filter({ hasText: service }).filter({ hasText: person });

const bodyRows = (page: Page) => page.locator('table tbody tr');

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator filters the overview, reads the cards, exports, deletes and opens a profile', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const { family, lead, client } = await makeServices(page.request);

  await page.goto('/finance');
  await expect(page.getByRole('heading', { name: 'Finance and Sales', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage invoices, financial documents, and track services')).toBeVisible();
  await expect(page).toHaveTitle(await tabTitle(page, 'Finance and Sales'));
  await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Services Overview', level: 2 })).toBeVisible();
  await expect(page.getByTestId('overview-date-range')).toHaveText('All dates');

  // Search: the three services of the family, and the cards over exactly them.
  await page.getByRole('textbox', { name: 'Search services' }).fill(family);
  await expect(page).toHaveURL(new RegExp(`search=${family}`));
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(page.getByTestId('overview-total')).toHaveText('3');
  await expect(page.getByTestId('overview-AUD-revenue')).toHaveText('A$3,000.00');
  await expect(page.getByTestId('overview-AUD-paid')).toHaveText('A$2,250.50');
  await expect(page.getByTestId('overview-AUD-pending')).toHaveText('A$749.50');
  await expect(page.getByTestId('overview-PHP-revenue')).toHaveText('₱50,000.00');
  await expect(page.getByTestId('overview-PHP-pending')).toHaveText('₱50,000.00');
  // PHP's card comes first (spec 2 "Currency group").
  await expect(page.getByRole('region', { name: /services$/ }).first()).toHaveAttribute('aria-label', 'PHP services');

  // The charts follow the same filters: one paid, one part-paid and one unpaid service; PHP's months
  // first, AUD's a click away (March's part-paid consultation and April's paid visa application).
  await expect(page.getByTestId('payment-status-split')).toContainText('Paid1');
  await expect(page.getByTestId('payment-status-split')).toContainText('Partially Paid1');
  await expect(page.getByTestId('payment-status-split')).toContainText('Unpaid1');
  const months = page.getByRole('img', { name: /^Revenue and paid by month/ });
  await expect(months).toHaveAttribute('aria-label', /in PHP\. May 2026: revenue ₱50,000\.00, paid ₱0\.00$/);
  await page.getByRole('region', { name: 'Revenue and paid by month' }).getByText('AUD', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'AUD' })).toBeChecked();
  await expect(months).toHaveAttribute(
    'aria-label',
    /in AUD\. Mar 2026: revenue A\$1,000\.00, paid A\$250\.50; Apr 2026: revenue A\$2,000\.00, paid A\$2,000\.00$/,
  );
  await page.getByRole('button', { name: 'Hide charts' }).click();
  await expect(months).toHaveCount(0);
  await page.getByRole('button', { name: 'Show charts' }).click();
  await expect(page.getByTestId('payment-status-split')).toBeVisible();

  const consultation = rowOf(page, 'Consultation Fee', lead.name);
  await expect(consultation).toContainText('Partially Paid');
  await expect(consultation).toContainText('A$1,000.00');
  await expect(consultation).toContainText('A$250.50');
  await expect(consultation).toContainText('A$749.50');
  await expect(consultation).toContainText('10 Mar 2026');
  await expect(consultation).toContainText('Lead');
  await expect(rowOf(page, 'Visa Application', client.name)).toContainText('Client');

  // Type, then currency: the server filters, the cards follow.
  await chooseFilter(page, 'Filter by type', 'Leads');
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByTestId('overview-total')).toHaveText('2');
  await chooseFilter(page, 'Filter by currency', 'PHP');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByTestId('overview-total')).toHaveText('1');
  await expect(page.getByTestId('overview-AUD-revenue')).toHaveCount(0);
  await expect(page).toHaveURL(/type=lead/);
  await expect(page).toHaveURL(/currency=PHP/);
  // The URL reproduces the view.
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Filter by currency' })).toHaveValue('PHP');
  await chooseFilter(page, 'Filter by type', 'All Types');
  await chooseFilter(page, 'Filter by currency', 'All Currency');
  await expect(bodyRows(page)).toHaveCount(3);

  // A start date: the range shows as text, the March service drops out.
  const start = page.getByRole('textbox', { name: 'Start date' });
  await start.pressSequentially('01/04/2026');
  await start.press('Tab');
  await expect(page.getByTestId('overview-date-range')).toHaveText(
    'Start dates from 01 Apr 2026 (and services without a start date)',
  );
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByTestId('overview-total')).toHaveText('2');
  await page.getByRole('button', { name: 'Clear Start date' }).click();
  await expect(bodyRows(page)).toHaveCount(3);

  // Choose the two AUD rows and export them to CSV.
  await page.getByRole('checkbox', { name: `Select Consultation Fee of ${lead.name}` }).check();
  await page.getByRole('checkbox', { name: `Select Visa Application of ${client.name}` }).check();
  await expect(page.getByTestId('overview-selected')).toHaveText('2 selected');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^services-export-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Exported 2 services to CSV')).toBeVisible();
  const lines = (await readFile(await csv.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(SERVICE_EXPORT_COLUMNS.join(','));
  expect(lines).toHaveLength(3);
  const consultationLine = lines.find((line) => line.includes('Consultation Fee'))!;
  expect(consultationLine).toContain(`${lead.name},`);
  expect(consultationLine).toContain(',AUD,1000.00,250.50,749.50,2026-03-10,');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByTestId('overview-selected')).toHaveCount(0);

  // The whole filtered set to Excel: a workbook (zip: 'PK') whose figures are the screen's.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Export to Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^services-export-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Exported 3 services to Excel')).toBeVisible();
  const bytes = await readFile(await xlsx.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as the Buffer of older Node typings.
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Services')!;
  expect(sheet.rowCount).toBe(4);
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...SERVICE_EXPORT_COLUMNS]);
  const skills = sheet.getRows(2, 3)!.find((row) => row.getCell(2).value === 'Skills Assessment')!;
  expect(skills.getCell(9).value).toBe('PHP');
  expect(skills.getCell(10).value).toBe(50000);
  expect(skills.getCell(12).value).toBe(50000);

  // Delete asks first, then the row and its figures are gone.
  await rowOf(page, 'Skills Assessment', lead.name)
    .getByRole('button', { name: `Delete Skills Assessment of ${lead.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Service' });
  await expect(dialog).toContainText('₱50,000.00');
  await dialog.getByRole('button', { name: 'Delete Service' }).click();
  await expect(page.getByText('Service Deleted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByTestId('overview-total')).toHaveText('2');
  await expect(page.getByTestId('overview-PHP-revenue')).toHaveCount(0);

  // Compact hides Type and Date and the second lines, and is remembered.
  await page.getByRole('button', { name: 'Compact' }).click();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveCount(0);
  await expect(consultation).not.toContainText(lead.email);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand' }).click();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible();
  await expect(consultation).toContainText(lead.email);

  // View Profile opens the lead's panel on its Services tab.
  await consultation.getByRole('link', { name: `View Profile of ${lead.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/leads-clients\\?.*view=${lead.id}`));
  await expect(page).toHaveURL(/tab=services/);
  await expect(leadPanel(page).getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
});

// One test per theme: each runs a whole-page axe scan, which a busy machine may take long over.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`the overview passes axe in the ${colorScheme} theme, and the Invoices and Templates tabs open`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await signInAs(page, 'administrator');
    await page.goto('/finance');
    // A row of services, not the skeleton rows of the first load.
    await expect(page.getByRole('link', { name: /^View Profile of / }).first()).toBeVisible();
    expect(await seriousFindings(page), colorScheme).toEqual([]);

    await page.getByRole('tab', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/tab=invoices/);
    await expect(page.getByRole('heading', { name: 'Invoice Management' })).toBeVisible();
    await page.getByRole('tab', { name: 'Templates' }).click();
    await expect(page.getByRole('tab', { name: 'Invoice Templates' })).toBeVisible();
    await page.getByRole('tab', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/finance$/);
    await context.close();
  });
}

test('the keyset footer moves First, Next, Last, Previous and by page number, and a header sorts by mouse or keyboard', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  await page.goto('/finance');
  // The shared list footer places the rows in the summary's count: '51–100 of 349'.
  const position = page.getByTestId('list-position');
  await expect(position).toHaveText(/^1–50 of [\d,]+$/);
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(position).toHaveText(/^51–100 of [\d,]+$/);
  await expect(page).toHaveURL(/after=/);
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/last=true/);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  // The last row is the count's last ('301–349 of 349').
  await expect(position).toHaveText(/^[\d,]+–([\d,]+) of \1$/);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/before=/);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(position).toHaveText(/^1–50 of /);
  await expect(page).not.toHaveURL(/after=|before=|last=/);

  // Numbered pages (decision 0031): the page shown is marked, a number goes straight to its page, and a page
  // reached by Next is still known by its number.
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const numbered = (n: number) => pages.getByRole('button', { name: `Page ${n}`, exact: true });
  await expect(numbered(1)).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(5);
  await numbered(3).click();
  await expect(position).toHaveText(/^101–150 of [\d,]+$/);
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);
  await expect(numbered(3)).toHaveAttribute('aria-current', 'page');
  await expect(numbered(1)).not.toHaveAttribute('aria-current', /.*/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(position).toHaveText(/^151–200 of [\d,]+$/);
  await expect(page).toHaveURL(/after=/);
  await expect(numbered(4)).toHaveAttribute('aria-current', 'page');
  // By keyboard: Tab reaches the numbers, Enter moves.
  await numbered(2).focus();
  await page.keyboard.press('Enter');
  await expect(position).toHaveText(/^51–100 of [\d,]+$/);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(numbered(2)).toHaveAttribute('aria-current', 'page');
  // A phone gets three numbers, and the footer's buttons stay on the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(3);
  for (const button of await pages.getByRole('button').all()) {
    const box = await button.boundingBox();
    const name = (await button.getAttribute('aria-label')) ?? 'a page button';
    expect(box && box.x >= 0 && box.x + box.width <= 390, name).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(position).toHaveText(/^1–50 of /);

  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '100 / page' }).click();
  await expect(position).toHaveText(/^1–100 of /);
  await expect(bodyRows(page)).toHaveCount(100);

  await page.getByRole('button', { name: /^Service/ }).click();
  await expect(page).toHaveURL(/sort=serviceName%3Aasc|sort=serviceName:asc/);
  // The previous order stays on screen until the sorted page arrives: read the rows until they are sorted.
  await expect(async () => {
    const names = await bodyRows(page).locator('td:nth-child(2) p:first-child').allTextContents();
    expect(names.slice(0, 10)).toEqual([...names.slice(0, 10)].sort((a, b) => a.localeCompare(b)));
  }).toPass();
  await page.getByRole('button', { name: /^Client\/Lead/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=entityName(%3A|:)asc/);
  // The sorted column turns round.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=entityName(%3A|:)desc/);
});

test('a member exports the overview and selects rows, but has no delete (DECISIONS.md §2)', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { family, lead, client } = await makeServices(page.request);
  await signInAs(page, 'member');
  await page.goto(`/finance?search=${family}`);
  await expect(page.getByRole('heading', { name: 'Services Overview', level: 2 })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^View Profile of / }).first()).toBeVisible();

  // Two rows chosen and exported: the server answers the member's export as the screen offers it.
  await page.getByRole('checkbox', { name: `Select Consultation Fee of ${lead.name}` }).check();
  await page.getByRole('checkbox', { name: `Select Visa Application of ${client.name}` }).check();
  await expect(page.getByTestId('overview-selected')).toHaveText('2 selected');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  const csv = await csvDownload;
  await expect(page.getByText('Exported 2 services to CSV')).toBeVisible();
  const lines = (await readFile(await csv.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(SERVICE_EXPORT_COLUMNS.join(','));
  expect(lines).toHaveLength(3);
  await page.getByRole('button', { name: 'Clear', exact: true }).click();

  // And the whole filtered set from the Export menu.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Export to Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^services-export-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Exported 3 services to Excel')).toBeVisible();
});

test('a consultant has no Finance entry and meets Access Restricted on /finance', async ({ page }) => {
  await signInAs(page, 'consultant');
  await page.goto('/dashboard');
  await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Finance and Sales' })).toHaveCount(0);
  await page.goto('/finance');
  await expect(page.getByRole('heading', { name: 'Access Restricted', level: 1 })).toBeVisible();
  await expect(page.getByText('Your role (Consultant) does not have access to Finance and Sales.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Services Overview' })).toHaveCount(0);
});

// The service catalogue and tax treatment (issue 25 point 5, docs/decisions/0024): an account administrator
// adds a service type in System Settings → Finance (a name another type has is refused on the field); a
// consultant adds a service of that type to a client (its default fee and treatment filled in); finance staff
// bill it with 'Bill services', taxed by the service's treatment, and a line taxed otherwise asks for a reason.
// Consultants do not open Finance, so a member (the finance role) issues the invoice.
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, signInAs, test, type Role } from './fixtures.ts';
import { clientPanel, convertLeadThroughApi, createLead, uniqueWord } from './lead-helpers.ts';

async function pageAs(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, role);
  return page;
}

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a service type added in System Settings → Finance is sold by a consultant and billed with GST by its treatment', async ({
  browser,
}) => {
  const typeName = `Professional Fee - Citizenship ${uniqueWord()}`;

  // ---- The account administrator adds the type.
  const admin = await pageAs(browser, 'account_administrator');
  await admin.goto('/admin?tab=system');
  await admin.getByRole('tab', { name: 'Finance' }).click();
  await expect(admin).toHaveURL(/section=finance/);
  const catalogue = admin.getByRole('table', { name: 'Service types' });
  await expect(catalogue.getByRole('row', { name: /Visa Application/ }).first()).toContainText(
    'Government charge passed on (no GST)',
  );
  await admin.getByRole('button', { name: 'Add service type' }).click();
  let dialog = admin.getByRole('dialog', { name: 'Add service type' });
  // A name another type has, in another case, is refused on the field.
  await dialog.getByRole('textbox', { name: 'Name' }).fill('visa application');
  await dialog.getByRole('button', { name: 'Add service type' }).click();
  await expect(dialog.getByText('A service type with this name already exists')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(typeName);
  await expect(dialog.getByRole('combobox', { name: 'Tax treatment' })).toHaveValue('Taxable professional fee');
  await dialog.getByRole('textbox', { name: 'AUD' }).fill('1650');
  await dialog.getByRole('button', { name: 'Add service type' }).click();
  await expect(admin.getByText('Service type added')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = catalogue.getByRole('row', { name: new RegExp(typeName) });
  await expect(row).toContainText('A$1,650.00');
  await expect(row).toContainText('Taxable professional fee');

  // An administrator reads the catalogue without changing it.
  const reader = await pageAs(browser, 'administrator');
  await reader.goto('/admin?tab=system&section=finance');
  await expect(
    reader.getByRole('table', { name: 'Service types' }).getByRole('row', { name: new RegExp(typeName) }),
  ).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Add service type' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: `Edit ${typeName}` })).toHaveCount(0);
  await reader.context().close();

  // ---- A consultant sells it to a client: the fee and treatment come from the type.
  const consultant = await pageAs(browser, 'consultant');
  const lead = await createLead(consultant.request);
  const clientId = await convertLeadThroughApi(consultant.request, lead.id);
  await consultant.goto(`/leads-clients?view=${clientId}&type=client&tab=services`);
  const panel = clientPanel(consultant);
  await expect(panel.getByRole('heading', { name: 'Services Availed' })).toBeVisible();
  await panel.getByRole('button', { name: 'Add Service' }).click();
  dialog = consultant.getByRole('dialog', { name: 'Add New Service' });
  await choose(dialog, consultant, 'Service', typeName);
  await expect(dialog.getByRole('textbox', { name: 'Service Fee' })).toHaveValue('1650.00');
  await expect(dialog.getByRole('combobox', { name: 'Tax treatment' })).toHaveValue('Taxable professional fee');
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(consultant.getByText('Service added successfully')).toBeVisible();
  await consultant.context().close();

  // ---- Finance staff bill it: taxed by its treatment; taxed otherwise, the line needs a reason.
  const finance = await pageAs(browser, 'member');
  await finance.goto('/finance?tab=invoices');
  await finance.getByRole('button', { name: 'New Invoice' }).click();
  const invoice = finance.getByRole('dialog', { name: 'Create New Invoice' });
  await invoice.getByRole('combobox', { name: 'Existing client or lead (optional)' }).fill(lead.lastName);
  await finance
    .getByRole('option', { name: new RegExp(lead.lastName) })
    .first()
    .click();
  await invoice.getByRole('textbox', { name: 'Client Address' }).fill('1 Market St, Sydney NSW 2000');
  await invoice.getByRole('button', { name: 'Bill services' }).click();
  await expect(invoice.getByRole('textbox', { name: 'Description of item 1' })).toHaveValue(typeName);
  const treatment = invoice.getByRole('combobox', { name: 'Tax treatment of item 1' });
  await expect(treatment).toHaveValue('Taxable professional fee');
  await expect(invoice.getByTestId('invoice-totals')).toContainText('A$1,815.00');

  await treatment.click();
  await finance.getByRole('option', { name: 'Government charge passed on (no GST)' }).click();
  const reason = invoice.getByRole('textbox', { name: 'Reason for the tax treatment of item 1' });
  await expect(reason).toBeVisible();
  await expect(invoice.getByTestId('invoice-totals')).not.toContainText('A$1,815.00');
  await invoice.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(invoice.getByText('Give a reason for changing the tax treatment')).toBeVisible();

  await invoice.getByRole('combobox', { name: 'Tax treatment of item 1' }).click();
  await finance.getByRole('option', { name: 'Taxable professional fee' }).click();
  await expect(reason).toHaveCount(0);
  await expect(invoice.getByTestId('invoice-totals')).toContainText('A$1,815.00');
  await invoice.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(finance.getByText('Invoice created successfully')).toBeVisible();

  const list = await finance.request.get(`/api/invoices?search=${encodeURIComponent(lead.lastName)}`);
  expect(list.status()).toBe(200);
  const [saved] = ((await list.json()) as { items: { id: string }[] }).items;
  const read = (await (await finance.request.get(`/api/invoices/${saved!.id}`)).json()) as {
    tax: string;
    total: string;
    items: { taxTreatment: string; taxable: boolean }[];
  };
  expect(read).toMatchObject({ tax: '165.00', total: '1815.00' });
  expect(read.items[0]).toMatchObject({ taxTreatment: 'taxable', taxable: true });
  await finance.context().close();
  await admin.context().close();
});

// The Services Availed panel (spec 2 "Services Availed panel", §5, §8; issue 11 item 2): on a lead, a
// Tuition Fee service with payment terms and an evidence image is added, a service in another currency
// too; one is edited and the cards follow; a renamed text file is refused as evidence; one is deleted after
// the confirmation; the Grid/List choice survives a reload; the lead is converted and its service shows on
// the client as 'Transferred from Lead'. Every test makes its own lead.
import type { Locator, Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { clientPanel, createLead, leadPanel } from './lead-helpers.ts';

// A conversion refreshes every list: more time than the defaults on a busy machine.
test.describe.configure({ mode: 'parallel' });

/** A 1×1 PNG: a real image, told by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The figure lines of a summary card, e.g. ['₱10,000.00', 'A$6,000.00', '1 service(s) pending']. */
const card = (page: Page, name: 'total' | 'active' | 'completed' | 'paid' | 'balance') =>
  page.getByTestId(`services-card-${name}`);

test('services on a lead: add with terms and evidence, edit, delete, then see them on the converted client', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await page.goto(`/leads-clients?view=${lead.id}&type=lead&tab=services`);
  const panel = leadPanel(page);
  await expect(panel.getByRole('heading', { name: 'Services Availed' })).toBeVisible();
  await expect(panel.getByText('No services added yet')).toBeVisible();
  await expect(panel.getByText('Showing 0 of 0 services')).toBeVisible();
  await expect(card(page, 'total')).toContainText('0');
  await expect(card(page, 'paid')).toContainText('$0.00');
  await expect(card(page, 'balance')).toContainText('0 service(s) pending');

  // ---- Add: the schema's message first, then a Tuition Fee with two terms and an image.
  await panel.getByRole('button', { name: 'Add Service' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(dialog.getByText('Selected service is required')).toBeVisible();
  // Escape closes the dialog only: the lead's panel stays open under it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Services Availed' })).toBeVisible();

  await panel.getByRole('button', { name: 'Add Service' }).click();
  dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await choose(dialog, page, 'Service', 'Tuition Fee');
  await dialog.getByRole('textbox', { name: 'Service Fee' }).fill('12000');
  await dialog.getByRole('button', { name: 'Add Term' }).click();
  await dialog.getByRole('button', { name: 'Add Term' }).click();
  const term1 = dialog.getByRole('group', { name: 'Term 1' });
  const term2 = dialog.getByRole('group', { name: 'Term 2' });
  await term1.getByRole('textbox', { name: 'Amount', exact: true }).fill('6000');
  await term1.getByRole('textbox', { name: 'Paid Amount' }).fill('5000.5');
  await term2.getByRole('textbox', { name: 'Amount', exact: true }).fill('7000');
  await expect(dialog.getByText('Total of all terms cannot exceed the service fee')).toBeVisible();
  await term2.getByRole('textbox', { name: 'Amount', exact: true }).fill('6000');
  await expect(dialog.getByText('Total of all terms cannot exceed the service fee')).toHaveCount(0);
  await term2.getByRole('textbox', { name: 'Due Date' }).fill('01 Jul 2027');
  // With terms the paid amount is theirs, and Balance Due is fee minus paid, to the cent.
  await expect(dialog.getByRole('textbox', { name: 'Paid Amount' }).first()).toHaveValue('5000.50');
  const balance = dialog.getByTestId('form-balance-due');
  await expect(balance).toHaveText('A$6,999.50');
  const owing = await balance.locator('p').evaluate((e) => getComputedStyle(e).color);
  // A file that is no image is refused in the browser with the spec's message.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(dialog.getByText('Only image files are allowed (JPG, PNG, GIF, WEBP)')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Only image files are allowed (JPG, PNG, GIF, WEBP)')).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'The chosen image' })).toBeVisible();
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByText('Service added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const tuition = panel.getByTestId('service-item').filter({ hasText: 'Tuition Fee' });
  await expect(tuition).toContainText('Partially Paid');
  await expect(tuition).toContainText('A$12,000.00');
  await expect(tuition.getByRole('listitem').filter({ hasText: 'Term 1' })).toContainText('Partially Paid');
  await expect(tuition.getByRole('listitem').filter({ hasText: 'Term 2' })).toContainText('due 01 Jul 2027');
  await expect(tuition.getByRole('listitem').filter({ hasText: 'Term 2' })).toContainText('Pending');
  // The saved image shows as a thumbnail that opens it full size.
  const thumbnail = tuition.getByRole('link', { name: /Payment evidence of Tuition Fee/ });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await expect(card(page, 'total')).toContainText('1');
  await expect(card(page, 'paid')).toContainText('A$5,000.50');
  await expect(card(page, 'balance')).toContainText('A$6,999.50');
  await expect(card(page, 'balance')).toContainText('1 service(s) pending');

  // ---- A second service in pesos; a renamed text file passes the browser's look but not the server's.
  await panel.getByRole('button', { name: 'Add Service' }).click();
  dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await choose(dialog, page, 'Service', 'Visa Application');
  await expect(dialog.getByRole('button', { name: 'Add Term' })).toHaveCount(0);
  await choose(dialog, page, 'Currency', 'PHP (₱)');
  await dialog.getByRole('textbox', { name: 'Service Fee' }).fill('45000');
  await dialog.getByRole('textbox', { name: 'Paid Amount' }).fill('50000');
  await expect(dialog.getByText('Paid amount cannot exceed service fee')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Paid Amount' }).fill('10000');
  await expect(dialog.getByTestId('form-balance-due')).toHaveText('₱35,000.00');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a picture') });
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  // The service is saved; the image is refused and the dialog stays on the saved service to try again.
  await expect(page.getByText('Failed to upload payment evidence', { exact: true })).toBeVisible();
  dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(
    dialog.getByText('Failed to upload payment evidence: Only image files are allowed (JPG, PNG, GIF, WEBP)'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  const visa = panel.getByTestId('service-item').filter({ hasText: 'Visa Application' });
  await expect(visa).toContainText('₱35,000.00');
  await expect(visa.getByRole('link', { name: /Payment evidence/ })).toHaveCount(0);
  // PHP first, then the others alphabetically.
  await expect(card(page, 'paid')).toHaveText(/Total Paid\s*₱10,000\.00\s*A\$5,000\.50/);
  await expect(card(page, 'balance')).toContainText('2 service(s) pending');

  // ---- Edit the tuition: its second term paid and the service completed; the cards follow.
  await tuition.getByRole('button', { name: 'Edit service Tuition Fee' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(dialog.getByRole('group', { name: 'Term 1' })).toContainText('Partially Paid');
  await dialog.getByRole('group', { name: 'Term 1' }).getByRole('textbox', { name: 'Paid Amount' }).fill('6000');
  await dialog.getByRole('group', { name: 'Term 2' }).getByRole('textbox', { name: 'Paid Amount' }).fill('6000');
  await dialog.getByRole('group', { name: 'Term 2' }).getByRole('textbox', { name: 'Term Name' }).fill('Semester 2');
  await choose(dialog, page, 'Status', 'Completed');
  await expect(dialog.getByTestId('form-balance-due')).toHaveText('A$0.00');
  const settled = await dialog
    .getByTestId('form-balance-due')
    .locator('p')
    .evaluate((e) => getComputedStyle(e).color);
  expect(settled, 'Balance Due changes colour once nothing is owed').not.toBe(owing);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Service updated successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(tuition).toContainText('Completed');
  await expect(tuition.getByRole('listitem')).toHaveText([/Term 1.*Paid$/, /Semester 2.*Paid$/]);
  await expect(card(page, 'active')).toContainText('1');
  await expect(card(page, 'completed')).toContainText('1');
  await expect(card(page, 'paid')).toHaveText(/₱10,000\.00\s*A\$12,000\.00/);
  await expect(card(page, 'balance')).toHaveText(/₱35,000\.00\s*A\$0\.00\s*1 service\(s\) pending/);

  // ---- Search and filters over the record's services.
  await panel.getByRole('textbox', { name: 'Search services' }).fill('semester');
  await expect(panel.getByText('Showing 1 of 2 services')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Search services' }).fill('nothing like this');
  await expect(panel.getByText('No services match your filters')).toBeVisible();
  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await choose(panel, page, 'Filter by status', 'Active');
  await expect(panel.getByText('Showing 1 of 2 services')).toBeVisible();
  await expect(panel.getByTestId('service-item')).toHaveText([/Visa Application/]);
  await choose(panel, page, 'Filter by status', 'All Statuses');
  await expect(panel.getByText('Showing 2 of 2 services')).toBeVisible();

  // ---- Delete the pesos service, after the confirmation.
  await visa.getByRole('button', { name: 'Delete service Visa Application' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Service' });
  await expect(
    confirm.getByText(
      'Are you sure you want to delete this service? This action cannot be undone from here: the service goes to Deleted Items, where administrators and account administrators can restore it.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Service deleted successfully')).toBeVisible();
  await expect(visa).toHaveCount(0);
  await expect(panel.getByText('Showing 1 of 1 services')).toBeVisible();
  await expect(card(page, 'paid')).toHaveText(/Total Paid\s*A\$12,000\.00$/);

  // ---- The List view is kept in the browser.
  await panel.getByRole('button', { name: 'List view' }).click();
  await expect(panel.getByRole('table', { name: 'Services' })).toBeVisible();
  await page.reload();
  await expect(leadPanel(page).getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(leadPanel(page).getByRole('row', { name: 'Tuition Fee' })).toBeVisible();

  // ---- Convert the lead: its service moves to the client, marked 'Transferred from Lead'.
  await leadPanel(page).getByRole('tab', { name: 'Lead Details' }).click();
  await leadPanel(page).getByRole('combobox', { name: 'Lead Status', exact: true }).click();
  await page.getByRole('option', { name: /^Converted to Client Convertibility:/ }).click();
  await leadPanel(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Lead converted to client successfully!')).toBeVisible();
  await leadPanel(page).getByRole('tab', { name: 'Services' }).click();
  await expect(leadPanel(page).getByText('No services added yet')).toBeVisible();
  await expect(leadPanel(page).getByRole('button', { name: 'Add Service' })).toHaveCount(0);
  await leadPanel(page).getByRole('tab', { name: 'Lead Details' }).click();
  const banner = leadPanel(page).getByRole('alert').filter({ hasText: 'Successfully Converted to Client' });
  await banner.getByRole('button', { name: /^CL-/ }).click();

  const client = clientPanel(page);
  await client.getByRole('tab', { name: 'Services' }).click();
  const moved = client.getByRole('row', { name: 'Tuition Fee' });
  await expect(moved).toBeVisible();
  await expect(moved).toContainText('Transferred from Lead');
  await client.getByRole('button', { name: 'Grid view' }).click();
  await expect(client.getByTestId('service-item').filter({ hasText: 'Tuition Fee' })).toContainText(
    'Transferred from Lead',
  );
  await expect(card(page, 'paid')).toHaveText(/A\$12,000\.00/);
});

test('a read-only role sees no Add, Edit or Delete; a stale edit is refused; a deleted service says so', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const added = await page.request.post(`/api/leads/${lead.id}/services`, {
    data: { serviceName: 'Consultation Fee', serviceFee: '150.00', paidAmount: '50', currency: 'AUD' },
  });
  expect(added.status()).toBe(201);

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  try {
    await signInAs(guest, 'guest');
    await guest.goto(`/leads-clients?view=${lead.id}&type=lead&tab=services`);
    const panel = leadPanel(guest);
    await expect(panel.getByRole('heading', { name: 'Services Availed' })).toBeVisible();
    await expect(panel.getByText('Your role can view these services but not change them.')).toBeVisible();
    const item = panel.getByTestId('service-item').filter({ hasText: 'Consultation Fee' });
    await expect(item).toContainText('A$100.00');
    await expect(panel.getByRole('button', { name: 'Add Service' })).toHaveCount(0);
    await expect(item.getByRole('button', { name: /^Delete service/ })).toHaveCount(0);
    await item.getByRole('button', { name: 'View service Consultation Fee' }).click();
    const dialog = guest.getByRole('dialog', { name: 'View Service' });
    await expect(dialog.getByRole('textbox', { name: 'Service Fee' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await guestContext.close();
  }

  // Changes made elsewhere while the live stream is cut (so no change event refreshes the screen first).
  await page.route('**/api/events', (route) => route.abort());
  await page.goto(`/leads-clients?view=${lead.id}&type=lead&tab=services`);
  const panel = leadPanel(page);
  const item = panel.getByTestId('service-item').filter({ hasText: 'Consultation Fee' });
  await expect(item).toBeVisible();
  const [service] = (await (await page.request.get(`/api/leads/${lead.id}/services`)).json()) as {
    id: string;
    version: number;
  }[];

  // A stale edit is refused with 409; the user reloads the saved service instead of overwriting it.
  await item.getByRole('button', { name: 'Edit service Consultation Fee' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(dialog.getByRole('textbox', { name: 'Service Fee' })).toHaveValue('150.00');
  const elsewhere = await page.request.patch(`/api/services/${service!.id}`, {
    data: { notes: 'Changed elsewhere', version: service!.version },
  });
  expect(elsewhere.status()).toBe(200);
  await dialog.getByRole('textbox', { name: 'Service Fee' }).fill('200');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update service', { exact: true }).first()).toBeVisible();
  const notice = dialog.getByRole('alert').filter({ hasText: 'Failed to update service' });
  await expect(notice).toContainText('This record was changed by someone else. Please reload it and try again.');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Changed elsewhere');
  await expect(dialog.getByRole('textbox', { name: 'Service Fee' })).toHaveValue('150.00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // A service deleted while its row is still on screen: editing it says so.
  expect((await page.request.delete(`/api/services/${service!.id}`, { data: {} })).status()).toBe(200);
  await item.getByRole('button', { name: 'Edit service Consultation Fee' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(dialog.getByText('Service not found or has been deleted')).toBeVisible();
});

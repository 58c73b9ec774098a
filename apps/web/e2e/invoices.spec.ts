// Issue 13: an invoice for a client from a template, with GST and untaxed items: the figures as typed,
// Preview and Download PDF (the server's PDF, read back), Mark as Paid, the receipt saved with its number
// and printed, and sending the invoice by email (a mail with the PDF lands in the outbox).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, outboxNames, signInAs, test, waitForMailTo } from './fixtures.ts';
import { convertLeadThroughApi, createLead } from './lead-helpers.ts';
import { pdfText } from './pdf-text.ts';

async function fillItem(page: Page, index: number, description: string, rate: string) {
  const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });
  await dialog.getByRole('textbox', { name: `Description of item ${index}` }).fill(description);
  await dialog.getByRole('textbox', { name: `Rate of item ${index}` }).fill(rate);
}

test('an invoice for a client with GST: preview, PDF, paid, receipt and email', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await convertLeadThroughApi(page.request, lead.id);
  const clientName = `${lead.firstName} ${lead.lastName}`;

  await page.goto('/finance?tab=invoices');
  await expect(page.getByRole('heading', { name: 'Invoice Management' })).toBeVisible();
  await page.getByRole('button', { name: 'New Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });

  // The client is picked from the clients: name and email are filled in.
  const records = dialog.getByRole('combobox', { name: 'Existing client or lead (optional)' });
  await records.fill(lead.lastName);
  await page
    .getByRole('option', { name: new RegExp(lead.lastName) })
    .first()
    .click();
  await expect(dialog.getByRole('textbox', { name: 'Client Name' })).toHaveValue(clientName);
  await expect(dialog.getByRole('textbox', { name: 'Client Email' })).toHaveValue(lead.email);
  await dialog.getByRole('textbox', { name: 'Client Address' }).fill('12 George St, Sydney NSW 2000');
  await dialog.getByRole('button', { name: 'Select Template' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Invoice Template' });
  await picker.getByRole('radio', { name: /^Australian Standard/ }).click();
  await picker.getByRole('button', { name: 'Use Template' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toHaveValue('Australian Standard');

  await fillItem(page, 1, 'Professional fee – Student visa 500', '3000');
  await fillItem(page, 2, 'Visa application charge', '2000');
  const totals = dialog.getByTestId('invoice-totals');
  await expect(totals).toContainText('GST (10%)');
  await expect(totals).toContainText('A$300.00');
  await expect(totals).toContainText('A$5,300.00');

  // Preview: the server's PDF of the unsaved invoice, drawn in the dialog; its Download PDF gives that file,
  // and Back to Editor returns to the form with everything typed still there.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  // The first preview loads pdf.js and starts its worker: more work than one request, so more room.
  await expect(dialog.getByRole('img', { name: 'Invoice preview, page 1 of 1' })).toBeVisible();
  await expect(dialog.getByText('A preview: the invoice number is assigned on save.')).toBeVisible();
  const previewDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const previewFile = await previewDownload;
  expect(previewFile.suggestedFilename()).toBe('invoice-preview.pdf');
  const previewText = await pdfText(new Uint8Array(await readFile((await previewFile.path())!)));
  for (const part of [clientName, 'Professional fee – Student visa 500', 'A$5,300.00'])
    expect(previewText, part).toContain(part);
  await dialog.getByRole('button', { name: 'Back to Editor' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description of item 2' })).toHaveValue('Visa application charge');
  await expect(totals).toContainText('A$5,300.00');

  await dialog.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(page.getByText('Invoice created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('invoice-row').filter({ hasText: clientName });
  await expect(row).toContainText('A$5,300.00');
  await expect(row).toContainText('Draft');
  const invoiceNumber = (await row.getByRole('button').first().textContent())!.trim();
  expect(invoiceNumber).toMatch(/^INV-\d+$/);

  // View, then Download PDF: a tax invoice with every item and the totals.
  await row.getByRole('button', { name: invoiceNumber, exact: true }).click();
  const view = page.getByRole('dialog', { name: 'View Invoice' });
  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const text = await pdfText(new Uint8Array(await readFile((await file.path())!)));
  for (const part of [
    'Tax invoice',
    invoiceNumber,
    clientName,
    'Professional fee – Student visa 500',
    'Visa application charge',
    'GST 10%',
    'A$5,300.00',
  ])
    expect(text, part).toContain(part);

  // Send by email: the PDF goes to the client.
  const seen = await outboxNames();
  await view.getByRole('button', { name: 'Send by email' }).click();
  // The toast follows the mail: queued, then sent once the (tests') mail server took it.
  await expect(page.getByText(`Invoice sent to ${lead.email}`)).toBeVisible();
  const mail = await waitForMailTo(lead.email, seen);
  expect(mail).toContain(`tax-invoice-${invoiceNumber}.pdf`);
  await view.getByRole('button', { name: 'Back to Invoices' }).click();

  // Mark as Paid, then the receipt: previewed, saved with the server's number, printed.
  await row.getByRole('button', { name: `Actions for ${invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Mark as Paid' }).click();
  const pay = page.getByRole('dialog', { name: 'Mark as Paid' });
  await pay.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(page.getByText('Invoice marked as paid')).toBeVisible();
  await expect(row).toContainText('Paid');

  await row.getByRole('button', { name: `Actions for ${invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Generate Receipt' }).click();
  await expect(page.getByText('Receipt generated successfully')).toBeVisible();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  // The number is taken on save (receipts are numbered without gaps): the preview says so.
  await expect(receipt.getByTestId('receipt-number')).toHaveText('Assigned on save');
  await expect(receipt.getByTestId('receipt-balance')).toHaveText('A$0.00');
  await receipt.getByRole('button', { name: 'Save Receipt' }).click();
  await expect(page.getByText('Receipt saved successfully!')).toBeVisible();
  await expect(receipt.getByTestId('receipt-number')).toHaveText(/^RCP-\d{6}$/);
  const printed = page.waitForEvent('popup');
  await receipt.getByRole('button', { name: 'Print Receipt' }).click();
  await (await printed).close();
});

test("'Bill services' bills a client's owing service; paid, the service is paid; a credit note cancels it", async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const clientId = await convertLeadThroughApi(page.request, lead.id);
  const service = await page.request.post(`/api/clients/${clientId}/services`, {
    data: { serviceName: 'Professional Fee - Student Visa', serviceFee: '1500.00', paidAmount: '0', currency: 'AUD' },
  });
  expect(service.status(), await service.text()).toBe(201);
  const serviceId = ((await service.json()) as { id: string }).id;

  await page.goto('/finance?tab=invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });
  await dialog.getByRole('combobox', { name: 'Existing client or lead (optional)' }).fill(lead.lastName);
  await page
    .getByRole('option', { name: new RegExp(lead.lastName) })
    .first()
    .click();
  await dialog.getByRole('textbox', { name: 'Client Address' }).fill('1 Market St, Sydney NSW 2000');
  await dialog.getByRole('button', { name: 'Bill services' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description of item 1' })).toHaveValue(
    'Professional Fee - Student Visa',
  );
  await expect(dialog.getByTestId('invoice-totals')).toContainText('A$1,650.00');
  await dialog.getByRole('button', { name: 'Save Invoice' }).click();
  await expect(page.getByText('Invoice created successfully')).toBeVisible();

  const row = page.getByTestId('invoice-row').filter({ hasText: `${lead.firstName} ${lead.lastName}` });
  const number = (await row.getByRole('button').first().textContent())!.trim();
  await row.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Mark as Paid' }).click();
  await page.getByRole('dialog', { name: 'Mark as Paid' }).getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(row).toContainText('Paid');
  const paid = (await (await page.request.get(`/api/services/${serviceId}`)).json()) as { paymentStatus: string };
  expect(paid.paymentStatus).toBe('Paid');
  // The client's Services tab says which invoice billed the service.
  const services = await page.context().newPage();
  await services.goto(`/leads-clients?view=${clientId}&type=client&tab=services`);
  await expect(services.getByTestId('service-billed')).toContainText(`Billed on ${number} · Paid`);
  await services.close();

  // Cancelled, the money received is kept as the client's credit (the dialog's choice for a client) and the
  // service no longer counts it.
  await row.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel with credit note' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel with credit note' });
  await expect(cancel.getByTestId('money-row')).toContainText('A$1,650.00');
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Billed to the wrong family member');
  await cancel.getByRole('button', { name: 'Cancel invoice' }).click();
  await expect(page.getByText('Invoice cancelled with a credit note')).toBeVisible();
  await expect(row).toContainText('Cancelled');
  const after = (await (await page.request.get(`/api/services/${serviceId}`)).json()) as { paymentStatus: string };
  expect(after.paymentStatus).toBe('Unpaid');
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a template with a logo and ABN: created, previewed, deleted; the built-in ones stay', async ({ page }) => {
  await signInAs(page, 'administrator');
  await page.goto('/finance?tab=templates');
  await expect(page.getByTestId('template-card').filter({ hasText: 'Australian Standard' })).toContainText('Built-in');
  await expect(page.getByRole('button', { name: 'Delete Australian Standard' })).toHaveCount(0);

  await page.getByRole('button', { name: 'New Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Template' });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByText('Template name is required')).toBeVisible();
  const name = `Partner visas ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Template Name' }).fill(name);
  await dialog.getByRole('tab', { name: 'Logo & Branding' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('textbox', { name: 'Company Name' }).fill('Harbour Visa Partners');
  await dialog.getByRole('textbox', { name: 'ABN / Business Number' }).fill('12 345 678 901');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByText('Enter a valid 11-digit ABN')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'ABN / Business Number' }).fill('51 824 753 556');
  await dialog.getByRole('tab', { name: 'Preview Template' }).click();
  await expect(dialog).toContainText('Tax invoice');
  await expect(dialog).toContainText('ABN 51 824 753 556');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Template created successfully')).toBeVisible();
  const card = page.getByTestId('template-card').filter({ hasText: name });
  await expect(card).toContainText('Logo');
  await expect(card).toContainText('Harbour Visa Partners');
  // The shared search box narrows the templates to the new one, and clearing it brings the others back.
  const search = page.getByRole('textbox', { name: 'Search templates' });
  await search.fill(name);
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('template-card').filter({ hasText: 'Australian Standard' })).toBeVisible();

  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: `Preview ${name}` }).click();
  await (await popup).close();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Template' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Template deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('roles outside Finance do not see invoices', async ({ page }) => {
  await signInAs(page, 'consultant');
  const res = await page.request.get('/api/invoices');
  expect(res.status()).toBe(403);
});

// Issue 25, tried as a new user would: an invoice billing two services is paid in two parts, each payment
// gets its receipt showing the balance it left, then it is cancelled with a credit note that refunds one
// payment and keeps the other as client credit — and the invoice, its services, the client's ledger and
// Finance's totals agree; the adjustment note PDF says what a tax office expects. A sent invoice reads
// Sent and offers no Delete; the dates' rules show on their fields.
import type { APIRequestContext, Page } from '@playwright/test';
import { daysAfter } from '@crm/domain';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { convertLeadThroughApi, createLead } from './lead-helpers.ts';
import { pdfText } from './pdf-text.ts';

const ok = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>) => {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
};

type Summary = { currencies: { currency: string; totalPaid: string }[] };
/** The Finance summary's AUD paid total over one client's services (other tests pay theirs meanwhile). */
const paidInSummary = async (request: APIRequestContext, clientEmail: string) =>
  (
    await ok<Summary>(await request.get(`/api/services/summary?search=${encodeURIComponent(clientEmail)}`))
  ).currencies.find((c) => c.currency === 'AUD')?.totalPaid ?? '0.00';

/** A client with a professional fee (A$4,000 + GST) and a visa charge (A$1,200) billed on one invoice. */
async function billedClient(request: APIRequestContext) {
  const lead = await createLead(request);
  const clientId = await convertLeadThroughApi(request, lead.id);
  const service = async (serviceName: string, serviceFee: string) =>
    (
      await ok<{ id: string }>(
        await request.post(`/api/clients/${clientId}/services`, {
          data: { serviceName, serviceFee, paidAmount: '0', currency: 'AUD' },
        }),
      )
    ).id;
  const fee = await service('Professional Fee - Student Visa', '4000.00');
  const charge = await service('Visa Application', '1200.00');
  // Issued yesterday (in any time zone, a day the firm has reached), due in a month: not overdue.
  const day = (offset: number) => daysAfter(new Date(), offset).toISOString().slice(0, 10);
  const invoice = await ok<{ id: string; invoiceNumber: string }>(
    await request.post('/api/invoices', {
      data: {
        issueDate: day(-1),
        dueDate: day(30),
        entityType: 'client',
        entityId: clientId,
        clientName: `${lead.firstName} ${lead.lastName}`,
        clientEmail: lead.email,
        clientAddress: '1 Martin Place, Sydney NSW 2000',
        currency: 'AUD',
        applyTax: true,
        items: [
          { description: 'Professional fee', quantity: '1', rate: '4000', taxable: true, serviceId: fee },
          { description: 'Visa application charge', quantity: '1', rate: '1200', taxable: false, serviceId: charge },
        ],
      },
    }),
  );
  return { lead, clientId, fee, charge, invoice };
}

const openInvoice = async (page: Page, number: string) => {
  await page.goto('/finance?tab=invoices');
  await page.getByRole('textbox', { name: 'Search invoices' }).fill(number);
  const row = page.getByTestId('invoice-row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  return row;
};

async function markPaid(
  page: Page,
  row: ReturnType<Page['getByTestId']>,
  number: string,
  amount: string,
  method: string,
) {
  await row.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Mark as Paid' }).click();
  const pay = page.getByRole('dialog', { name: 'Mark as Paid' });
  await pay.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await pay.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: method, exact: true }).click();
  await pay.getByRole('textbox', { name: 'Reference' }).fill(`${method} ${amount}`);
  await pay.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(pay).toBeHidden();
}

test('paid in two parts, a receipt for each, cancelled with a refund and client credit: everything agrees', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const { lead, clientId, fee, charge, invoice } = await billedClient(page.request);
  const paidBefore = await paidInSummary(page.request, lead.email);
  const row = await openInvoice(page, invoice.invoiceNumber);

  await markPaid(page, row, invoice.invoiceNumber, '2500', 'Bank Transfer');
  await expect(row).toContainText('Partially Paid');
  await markPaid(page, row, invoice.invoiceNumber, '3100', 'Card');
  await expect(row).toContainText('Paid');

  // A receipt for each payment, the first one too, each with the balance it left.
  await row.getByRole('button', { name: invoice.invoiceNumber, exact: true }).click();
  const view = page.getByRole('dialog', { name: 'View Invoice' });
  const payments = view.getByTestId('payment-row');
  await expect(payments).toHaveCount(2);
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  for (const [index, balance] of [
    [0, 'A$3,100.00'],
    [1, 'A$0.00'],
  ] as const) {
    await payments.nth(index).getByRole('button', { name: 'Generate receipt' }).click();
    await expect(receipt.getByTestId('receipt-number')).toHaveText('Assigned on save');
    await expect(receipt.getByTestId('receipt-balance')).toHaveText(balance);
    await receipt.getByRole('button', { name: 'Save Receipt' }).click();
    await expect(receipt.getByTestId('receipt-number')).toHaveText(/^RCP-\d{6}$/);
    await receipt.getByText('Close', { exact: true }).click();
    await expect(receipt).toBeHidden();
  }
  await expect(payments.getByRole('button', { name: /^Open receipt RCP-/ })).toHaveCount(2);

  // Cancel with credit note: the dialog names the money received and asks what happens to each payment.
  await view.getByRole('button', { name: 'Cancel with credit note' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel with credit note' });
  await expect(cancel.getByText('This credit reaches A$5,600.00 of the money received')).toBeVisible();
  const money = cancel.getByTestId('money-row');
  await expect(money).toHaveCount(2);
  const first = money.filter({ hasText: 'A$2,500.00' });
  await first.getByText('Refund', { exact: true }).click();
  await cancel.getByRole('textbox', { name: 'Reference' }).fill('EFT back to client');
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Client withdrew the application');
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
  await cancel.getByRole('button', { name: 'Cancel invoice' }).click();
  await expect(page.getByText('Invoice cancelled with a credit note')).toBeVisible();
  await expect(row).toContainText('Cancelled');

  // The invoice (its view, still open, read again), its services, the client's ledger and Finance's totals agree.
  await expect(view.getByTestId('invoice-balance')).toHaveText('Received A$0.00 · Balance due A$0.00');
  const note = view.getByTestId('credit-note-row');
  await expect(note).toContainText('A$2,500.00 refunded · A$3,100.00 kept as client credit');
  for (const id of [fee, charge]) {
    expect((await ok<{ paidAmount: string }>(await page.request.get(`/api/services/${id}`))).paidAmount).toBe('0.00');
  }
  const ledger = await ok<{ ledgers: { currency: string; balance: string }[] }>(
    await page.request.get(`/api/clients/${clientId}/client-money`),
  );
  expect(ledger.ledgers).toEqual([expect.objectContaining({ currency: 'AUD', balance: '3100.00' })]);
  expect(await paidInSummary(page.request, lead.email)).toBe(paidBefore);

  // The adjustment note opens as a PDF with what a tax office expects of it.
  const number = (await note.getByRole('button', { name: /^Open credit note / }).textContent())!.trim();
  const notes = await ok<{ items: { id: string; creditNoteNumber: string }[] }>(
    await page.request.get(`/api/credit-notes?search=${number}`),
  );
  const pdf = await page.request.get(`/api/credit-notes/${notes.items[0]!.id}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(new Uint8Array(await pdf.body()));
  for (const part of [
    'Adjustment note',
    number,
    invoice.invoiceNumber,
    'Client withdrew the application',
    'GST adjusted (10%)',
    'A$400.00',
  ])
    expect(text, part).toContain(part);
  const popup = page.waitForEvent('popup');
  await note.getByRole('button', { name: `Open credit note ${number}` }).click();
  await (await popup).close();
});

test('a part credit of one line adjusts its GST; a sent invoice reads Sent and offers no Delete', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { invoice } = await billedClient(page.request);
  const sent = await page.request.post(`/api/invoices/${invoice.id}/send`, { data: { to: 'client@example.com' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const row = await openInvoice(page, invoice.invoiceNumber);
  await expect(row).toContainText('Sent');
  await row.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Credit note', exact: true }).click();

  const credit = page.getByRole('dialog', { name: 'Credit note' });
  await credit.getByRole('checkbox', { name: 'Credit Professional fee' }).check();
  await credit.getByRole('textbox', { name: 'Amount to credit on Professional fee' }).fill('500');
  await expect(credit.getByTestId('credit-figures')).toContainText('GST adjusted (10%): A$50.00');
  await expect(credit.getByTestId('credit-figures')).toContainText('Total credited: A$550.00');
  await credit.getByRole('textbox', { name: 'Amount to credit on Professional fee' }).fill('4000.01');
  await expect(credit.getByText('The credit cannot exceed what is left of this line')).toBeVisible();
  await credit.getByRole('textbox', { name: 'Amount to credit on Professional fee' }).fill('500');
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Fee reduced by agreement');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByText('Credit note issued')).toBeVisible();

  await row.getByRole('button', { name: invoice.invoiceNumber, exact: true }).click();
  const view = page.getByRole('dialog', { name: 'View Invoice' });
  await expect(view.getByTestId('invoice-balance')).toHaveText('Received A$0.00 · Balance due A$5,050.00');
  await expect(view.getByTestId('credit-note-row')).toContainText('Fee reduced by agreement');
});

test("the dates' rules show on their fields: due before issue, a payment in the future", async ({ page }) => {
  await signInAs(page, 'administrator');
  const { invoice } = await billedClient(page.request);
  const row = await openInvoice(page, invoice.invoiceNumber);
  await row.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Mark as Paid' }).click();
  const pay = page.getByRole('dialog', { name: 'Mark as Paid' });
  const date = pay.getByRole('textbox', { name: 'Payment date' });
  await date.fill('');
  await date.pressSequentially('01 Jan 2099');
  await date.press('Tab');
  await expect(pay.getByText('Payment date cannot be in the future')).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Mark as Paid' })).toBeDisabled();
  await pay.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'New Invoice' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Invoice' });
  const due = form.getByRole('textbox', { name: 'Due Date' });
  await due.fill('');
  await due.pressSequentially('01 Jan 2000');
  await due.press('Tab');
  await expect(form.getByText('Due date cannot be before the issue date')).toBeVisible();
});

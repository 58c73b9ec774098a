// Issue 25 item 3: Finance → Receipts & Credits. A client's invoice paid in two parts, a receipt saved for
// each, then cancelled by a credit note that refunds one payment and keeps the other as client credit, and
// part of that credit refunded: the three lists show them, a search narrows each to them, a credit note's
// PDF opens, a receipt downloads and is deleted after a confirmation, the keyboard switches the lists, the
// same lists stand under Templates → 'Receipt Management', axe finds nothing serious in either theme, and
// a 390 px phone shows the rows without scrolling sideways.
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test, tabTitle } from './fixtures.ts';
import { convertLeadThroughApi, createLead } from './lead-helpers.ts';

type Invoice = {
  id: string;
  invoiceNumber: string;
  version: number;
  total: string;
  payments: { id: string; amount: string }[];
  creditNotes: { id: string; creditNoteNumber: string }[];
};
type Receipt = { id: string; receiptNumber: string };
type ClientMoney = { ledgers: { id: string; balance: string; version: number }[] };

async function json<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/**
 * Through the API: a client, an invoice of A$5,300.00 (A$3,000 + GST, A$2,000 untaxed) paid A$1,000.00
 * by bank transfer and A$4,300.00 by card, a receipt for each payment, the cancellation (the first payment
 * refunded, the second kept as client credit), and A$300.00 of that credit refunded in cash.
 */
async function cancelledInvoice(request: APIRequestContext) {
  const lead = await createLead(request);
  const clientId = await convertLeadThroughApi(request, lead.id);
  const { today } = await json<{ today: string }>(request.get('/api/tasks/reminders'));
  let invoice = await json<Invoice>(
    request.post('/api/invoices', {
      data: {
        issueDate: today,
        dueDate: today,
        entityType: 'client',
        entityId: clientId,
        clientName: `${lead.firstName} ${lead.lastName}`,
        clientEmail: lead.email,
        clientAddress: '12 George St, Sydney NSW 2000',
        currency: 'AUD',
        applyTax: true,
        items: [
          { description: 'Professional fee – Student visa 500', quantity: '1', rate: '3000.00', taxable: true },
          { description: 'Visa application charge', quantity: '1', rate: '2000.00', taxable: false },
        ],
      },
    }),
    201,
  );
  expect(invoice.total).toBe('5300.00');
  for (const [amount, method] of [
    ['1000.00', 'Bank Transfer'],
    ['4300.00', 'Card'],
  ] as const) {
    invoice = await json<Invoice>(
      request.post(`/api/invoices/${invoice.id}/mark-paid`, {
        data: { amount, method, paymentDate: today, version: invoice.version },
      }),
    );
  }
  const [bank, card] = invoice.payments;
  const receipts: Receipt[] = [];
  for (const payment of [bank!, card!]) {
    receipts.push(
      await json<Receipt>(
        request.post(`/api/invoices/${invoice.id}/receipt`, { data: { paymentId: payment.id } }),
        201,
      ),
    );
  }
  invoice = await json<Invoice>(request.get(`/api/invoices/${invoice.id}`));
  invoice = await json<Invoice>(
    request.post(`/api/invoices/${invoice.id}/cancel`, {
      data: {
        reason: 'Client withdrew the application',
        money: [
          { paymentId: bank!.id, action: 'refund', amount: '1000.00' },
          { paymentId: card!.id, action: 'client_credit', amount: '4300.00' },
        ],
        refund: { refundDate: today, method: 'Bank Transfer', reference: 'EFT 4417' },
        version: invoice.version,
      },
    }),
  );
  const { ledgers } = await json<ClientMoney>(request.get(`/api/clients/${clientId}/client-money`));
  expect(ledgers.map((l) => l.balance)).toEqual(['4300.00']);
  await json<ClientMoney>(
    request.post(`/api/client-ledgers/${ledgers[0]!.id}/refund`, {
      data: {
        amount: '300.00',
        refundDate: today,
        method: 'Cash',
        reference: 'Counter 2',
        version: ledgers[0]!.version,
      },
    }),
  );
  return { lastName: lead.lastName, invoice, creditNote: invoice.creditNotes[0]!, receipts };
}

const listSwitch = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
/** Chooses a list by its label, as a mouse does (the radio itself is visually hidden). */
const chooseList = (page: Page, name: string) => page.locator('label', { hasText: new RegExp(`^${name}$`) }).click();

test('receipts, credit notes and refunds: listed, searched, the PDFs, a receipt deleted; Templates shows the same', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const { lastName, invoice, creditNote, receipts } = await cancelledInvoice(page.request);
  const [bankReceipt, cardReceipt] = receipts;

  await page.goto('/finance?tab=receipts');
  await expect(page.getByRole('tab', { name: 'Receipts & Credits' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Receipts & Credits', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle(await tabTitle(page, 'Receipts & Credits · Finance and Sales'));
  await expect(listSwitch(page, 'Receipts')).toBeChecked();

  // Receipts: the demo data's and ours, newest first; the search narrows them to this client's two.
  const receiptRows = page.getByTestId('receipt-row');
  await expect.poll(() => receiptRows.count()).toBeGreaterThan(2);
  await page.getByRole('textbox', { name: 'Search receipts' }).fill(lastName);
  await expect(receiptRows).toHaveCount(2);
  await expect(receiptRows.nth(0)).toContainText(cardReceipt!.receiptNumber);
  await expect(receiptRows.nth(0)).toContainText('A$4,300.00');
  await expect(receiptRows.nth(0)).toContainText('Card');
  await expect(receiptRows.nth(1)).toContainText(bankReceipt!.receiptNumber);
  await expect(receiptRows.nth(1)).toContainText(invoice.invoiceNumber);
  await expect(receiptRows.nth(1)).toContainText('A$1,000.00');
  await expect(receiptRows.nth(1)).toContainText('Bank Transfer');
  expect(await seriousFindings(page), 'receipts, light').toEqual([]);

  // A search that finds nothing says so, and 'Show all receipts' brings the list back.
  await page.getByRole('textbox', { name: 'Search receipts' }).fill(`${lastName}zz`);
  await expect(page.getByText('No receipts match your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all receipts' }).click();
  await expect(page.getByRole('textbox', { name: 'Search receipts' })).toHaveValue('');
  await expect.poll(() => receiptRows.count()).toBeGreaterThan(2);

  // Credit notes, chosen from the keyboard: the adjustment note of the tax invoice, with its tax and total.
  await listSwitch(page, 'Receipts').focus();
  await page.keyboard.press('ArrowRight');
  await expect(listSwitch(page, 'Credit notes')).toBeChecked();
  const noteRows = page.getByTestId('credit-note-row');
  await page.getByRole('textbox', { name: 'Search credit notes' }).fill(lastName);
  await expect(noteRows).toHaveCount(1);
  for (const text of [
    creditNote.creditNoteNumber,
    'Adjustment note',
    invoice.invoiceNumber,
    'Client withdrew the application',
    'A$300.00',
    'A$5,300.00',
  ])
    await expect(noteRows.first(), text).toContainText(text);

  // View PDF: the server's PDF, shown in a new tab.
  const pdf = page.waitForResponse((r) => r.url().includes(`/api/credit-notes/${creditNote.id}/pdf`));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `View PDF ${creditNote.creditNoteNumber}` }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await (await popup).close();
  const noteDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${creditNote.creditNoteNumber}` }).click();
  expect((await noteDownload).suggestedFilename()).toBe(`adjustment-note-${creditNote.creditNoteNumber}.pdf`);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousFindings(page), 'credit notes, dark').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // Refunds: the payment refunded by the credit note, and the client money refunded later.
  await chooseList(page, 'Refunds');
  await expect(listSwitch(page, 'Refunds')).toBeChecked();
  const refundRows = page.getByTestId('refund-row');
  await page.getByRole('textbox', { name: 'Search refunds' }).fill(lastName);
  await expect(refundRows).toHaveCount(2);
  await expect(refundRows.nth(0)).toContainText('A$300.00');
  await expect(refundRows.nth(0)).toContainText('Cash');
  await expect(refundRows.nth(0)).toContainText('Counter 2');
  await expect(refundRows.nth(0)).toContainText('Client money');
  await expect(refundRows.nth(1)).toContainText('A$1,000.00');
  await expect(refundRows.nth(1)).toContainText('EFT 4417');
  await expect(refundRows.nth(1)).toContainText(invoice.invoiceNumber);
  await expect(refundRows.nth(1)).toContainText(creditNote.creditNoteNumber);
  // Searching by the credit note's number leaves the refund it released.
  await page.getByRole('textbox', { name: 'Search refunds' }).fill(creditNote.creditNoteNumber);
  await expect(refundRows).toHaveCount(1);
  await expect(refundRows.first()).toContainText('EFT 4417');
  expect(await seriousFindings(page), 'refunds, light').toEqual([]);

  // Templates → Receipt Templates: the same lists under 'Receipt Management'. A receipt downloads, and is
  // deleted once the confirmation is answered.
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/tab=templates/);
  await page.getByRole('tab', { name: 'Receipt Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt Management', level: 3 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search receipts' }).fill(lastName);
  await expect(receiptRows).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${bankReceipt!.receiptNumber}` }).click();
  expect((await download).suggestedFilename()).toBe(`receipt-${bankReceipt!.receiptNumber}.pdf`);
  await page.getByRole('button', { name: `Delete ${bankReceipt!.receiptNumber}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Receipt' });
  await expect(confirm).toContainText('Are you sure you want to delete this receipt?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Receipt deleted successfully')).toBeVisible();
  await expect(receiptRows).toHaveCount(1);
  await expect(receiptRows.first()).toContainText(cardReceipt!.receiptNumber);

  // A phone: the rows keep the number, the client and the amount, the actions fold into a menu, and
  // nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(receiptRows.first()).toContainText(lastName);
  await expect(receiptRows.first()).toContainText('A$4,300.00');
  await expect(page.getByRole('button', { name: `Actions for ${cardReceipt!.receiptNumber}` })).toBeVisible();
  const table = page.locator('[data-list-table]');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test('a member sees the lists but no Delete', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/finance?tab=receipts');
  const rows = page.getByTestId('receipt-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('button', { name: /^View RCP-/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete RCP-/ })).toHaveCount(0);
});

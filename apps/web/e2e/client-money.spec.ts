// Client money on a client's Services tab (issue 25): A$1,000 received for the client, A$400 of it refunded
// after a confirmation, the balance and both entries shown; the dates' and the balance's rules on their
// fields; a ledger changed in another tab refused with 'changed by someone else' and read again; money kept
// from an invoice cancelled elsewhere shown by the live updates with its credit note and invoice; and a role
// without Finance does not see the section.
import type { Page } from '@playwright/test';
import { daysAfter } from '@crm/domain';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { clientPanel, convertLeadThroughApi, createLead } from './lead-helpers.ts';

async function newClient(page: Page) {
  const lead = await createLead(page.request);
  const clientId = await convertLeadThroughApi(page.request, lead.id);
  return { clientId, name: `${lead.firstName} ${lead.lastName}` };
}

async function openClientMoney(page: Page, clientId: string) {
  await page.goto(`/leads-clients?view=${clientId}&type=client&tab=services`);
  const panel = clientPanel(page);
  await expect(panel.getByRole('heading', { name: 'Services Availed' })).toBeVisible();
  return panel.getByRole('region', { name: 'Client money', exact: true });
}

test('money received for a client and part refunded: the balance and both entries show', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { clientId, name } = await newClient(page);
  const section = await openClientMoney(page, clientId);
  await expect(section.getByText('No client money held')).toBeVisible();

  await section.getByRole('button', { name: 'Receive client money' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive client money' });
  // The server's rules, on their fields: an amount is needed, and no date after today.
  await receive.getByRole('button', { name: 'Record client money' }).click();
  await expect(receive.getByText('Amount must be more than 0')).toBeVisible();
  const date = receive.getByRole('textbox', { name: 'Date received' });
  const today = await date.inputValue();
  await date.fill('');
  await date.pressSequentially('01 Jan 2099');
  await date.press('Tab');
  await expect(receive.getByText('The date received cannot be in the future')).toBeVisible();
  await date.fill('');
  await date.pressSequentially(today);
  await date.press('Tab');
  await expect(receive.getByText('The date received cannot be in the future')).toBeHidden();

  await receive.getByRole('textbox', { name: 'Amount' }).fill('1000');
  await receive.getByRole('textbox', { name: 'Reference' }).fill('Deposit for visa charges');
  await receive.getByRole('button', { name: 'Record client money' }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByText('Client money recorded')).toBeVisible();
  const ledger = section.getByTestId('client-ledger');
  await expect(ledger.getByTestId('ledger-balance')).toHaveText('A$1,000.00');

  await ledger.getByRole('button', { name: 'Refund AUD client money' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund client money (AUD)' });
  await expect(refund.getByTestId('refund-balance')).toHaveText('A$1,000.00');
  const amount = refund.getByRole('textbox', { name: 'Amount' });
  await amount.fill('1000.01');
  await expect(refund.getByText('More than the client money held')).toBeVisible();
  await amount.fill('400');
  await refund.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Cheque', exact: true }).click();
  await refund.getByRole('textbox', { name: 'Reference' }).fill('CHQ 000123');
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
  await refund.getByRole('button', { name: 'Refund...' }).click();
  // Money leaving is confirmed first; Back keeps what was typed.
  await expect(refund.getByText(`Refund A$400.00 to ${name} by Cheque`)).toBeVisible();
  await expect(refund.getByText('goes from A$1,000.00 to A$600.00')).toBeVisible();
  await refund.getByRole('button', { name: 'Back' }).click();
  await expect(amount).toHaveValue('400.00');
  await refund.getByRole('button', { name: 'Refund...' }).click();
  await refund.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByText('Refund recorded')).toBeVisible();

  await expect(ledger.getByTestId('ledger-balance')).toHaveText('A$600.00');
  const entries = ledger.getByTestId('ledger-entry');
  await expect(entries).toHaveCount(2);
  // Newest first, each signed by whether it came in or went out.
  await expect(entries.nth(0)).toContainText('Refunded');
  await expect(entries.nth(0)).toContainText('Cheque');
  await expect(entries.nth(0)).toContainText('CHQ 000123');
  await expect(entries.nth(0)).toContainText('−A$400.00');
  await expect(entries.nth(1)).toContainText('Client money received');
  await expect(entries.nth(1)).toContainText('Bank Transfer');
  await expect(entries.nth(1)).toContainText('Deposit for visa charges');
  await expect(entries.nth(1)).toContainText('+A$1,000.00');
  expect(await seriousFindings(page, '[data-testid="client-ledger"]')).toEqual([]);
});

test('a ledger changed elsewhere is refused, read again, and the next save lands', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { clientId } = await newClient(page);
  const section = await openClientMoney(page, clientId);
  await expect(section.getByText('No client money held')).toBeVisible();

  await section.getByRole('button', { name: 'Receive client money' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive client money' });
  await receive.getByRole('textbox', { name: 'Amount' }).fill('250');
  // Another tab records money first: the version this dialog read (none yet) is stale.
  // Yesterday in UTC: never after the firm's today, whatever its zone (no date in the future is taken).
  const yesterday = daysAfter(new Date(), -1).toISOString().slice(0, 10);
  const other = await page.request.post(`/api/clients/${clientId}/client-money`, {
    data: { currency: 'AUD', amount: '100.00', receivedDate: yesterday, method: 'Cash', version: 0 },
  });
  expect(other.status(), await other.text()).toBe(200);

  await receive.getByRole('button', { name: 'Record client money' }).click();
  await expect(receive.getByText('This client money was changed by someone else')).toBeVisible();
  await expect(receive.getByTestId('receive-held')).toHaveText('Held in AUD now: A$100.00');
  await receive.getByRole('button', { name: 'Record client money' }).click();
  await expect(receive).toBeHidden();
  await expect(section.getByTestId('ledger-balance')).toHaveText('A$350.00');
  await expect(section.getByTestId('ledger-entry')).toHaveCount(2);
});

test('money kept from a cancelled invoice appears without a reload, with its credit note and invoice', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const { clientId, name } = await newClient(page);
  const section = await openClientMoney(page, clientId);
  await expect(section.getByText('No client money held')).toBeVisible();

  // Elsewhere (the page's own session, through the API): an invoice paid, then cancelled into client credit.
  const day = (offset: number) => daysAfter(new Date(), offset).toISOString().slice(0, 10);
  const created = await page.request.post('/api/invoices', {
    data: {
      issueDate: day(-1),
      dueDate: day(30),
      entityType: 'client',
      entityId: clientId,
      clientName: name,
      clientAddress: '1 Martin Place, Sydney NSW 2000',
      currency: 'AUD',
      applyTax: false,
      items: [{ description: 'Professional fee', quantity: '1', rate: '800', taxable: false }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: string; version: number; invoiceNumber: string };
  const paid = await page.request.post(`/api/invoices/${invoice.id}/mark-paid`, {
    data: { method: 'Card', paymentDate: day(-1), version: invoice.version },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const afterPayment = (await paid.json()) as { version: number; payments: { id: string }[] };
  const cancelled = await page.request.post(`/api/invoices/${invoice.id}/cancel`, {
    data: {
      reason: 'Client withdrew the application',
      money: [{ paymentId: afterPayment.payments[0]!.id, action: 'client_credit', amount: '800.00' }],
      version: afterPayment.version,
    },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const note = ((await cancelled.json()) as { creditNotes: { creditNoteNumber: string }[] }).creditNotes[0]!;

  // The record's change event refreshes the open section.
  await expect(section.getByTestId('ledger-balance')).toHaveText('A$800.00');
  const entry = section.getByTestId('ledger-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Kept from a credited invoice');
  await expect(entry).toContainText(`${note.creditNoteNumber} · ${invoice.invoiceNumber}`);
  await expect(entry).toContainText('+A$800.00');
});

test('a role without Finance sees the services but not the client money', async ({ page }) => {
  await signInAs(page, 'administrator');
  const { clientId } = await newClient(page);
  await page.request.post(`/api/clients/${clientId}/client-money`, {
    data: { currency: 'AUD', amount: '500.00', receivedDate: '2020-01-01', method: 'Cash', version: 0 },
  });
  await page.context().clearCookies();

  await signInAs(page, 'team_lead');
  expect((await page.request.get(`/api/clients/${clientId}/client-money`)).status()).toBe(403);
  await page.goto(`/leads-clients?view=${clientId}&type=client&tab=services`);
  const panel = clientPanel(page);
  await expect(panel.getByRole('heading', { name: 'Services Availed' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Client money' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Receive client money' })).toHaveCount(0);
});

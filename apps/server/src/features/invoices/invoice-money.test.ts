// The money on invoices through the API (issue 25): part payments paying services in line order, a receipt
// for every payment with the earlier ones and the balance, a cancellation whose credit note refunds one
// payment and keeps the other as client credit (invoice, services, ledger and Finance agreeing), the
// adjustment note PDF, client credit used on a later invoice and refunded, part credits, the date rules,
// what a sent invoice offers, one receipt per payment under parallel requests, and client money following
// its record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientMoney,
  type CreditNoteRecord,
  DEFAULT_GENERAL_SETTINGS,
  INVOICE_EXAMPLE,
  INVOICE_MESSAGES,
  INVOICE_MONEY_MESSAGES,
  type InvoiceRecord,
  type InvoiceSent,
  type Page,
  type ReceiptRecord,
  type RefundRow,
  type ServiceRecord,
  type ServiceSummary,
} from '@crm/domain';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { receipts } from '../../db/schema/index.ts';
import { readFirmToday, writeSetting } from '../settings/settings.repository.ts';

let f: Fixture;
let today: string;

beforeAll(async () => {
  f = await createFixture();
  today = await readFirmToday(f.t.database.db);
  await writeSetting(
    f.t.database.db,
    'general_settings',
    { ...DEFAULT_GENERAL_SETTINGS, companyName: 'Southern Cross Migration', abn: '51824753556' },
    null,
  );
});
afterAll(async () => {
  await f?.t.close();
});

const ok = async <T>(res: Awaited<ReturnType<Fixture['call']>>, status = 200): Promise<T> => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const post = <T>(path: string, body: unknown, status = 200) =>
  f.call('administrator', 'POST', path, body).then((r) => ok<T>(r, status));
const get = <T>(path: string) => f.call('administrator', 'GET', path).then((r) => ok<T>(r));

const addService = (clientId: string, body: Record<string, unknown>) =>
  post<ServiceRecord>(`/api/clients/${clientId}/services`, { currency: 'AUD', ...body }, 201);

/** A client with two services billed on one invoice: professional fee A$4,000 + GST, visa charge A$1,200. */
async function billedClient() {
  const { client } = await f.convertedLead();
  const fee = await addService(client.id, { serviceName: 'Professional Fee - Student Visa', serviceFee: '4000.00' });
  const charge = await addService(client.id, {
    serviceName: 'Visa Application',
    serviceFee: '1200.00',
    paidAmount: '0',
  });
  const invoice = await post<InvoiceRecord>(
    '/api/invoices',
    {
      ...INVOICE_EXAMPLE,
      issueDate: today,
      dueDate: today,
      entityType: 'client',
      entityId: client.id,
      clientName: `${client.firstName} ${client.lastName}`,
      items: [
        { description: 'Professional fee', quantity: '1', rate: '4000.00', taxable: true, serviceId: fee.id },
        {
          description: 'Visa application charge',
          quantity: '1',
          rate: '1200.00',
          taxable: false,
          serviceId: charge.id,
        },
      ],
    },
    201,
  );
  expect(invoice.total).toBe('5600.00');
  return { client, fee, charge, invoice };
}

const pay = (invoice: InvoiceRecord, amount: string, method = 'Bank Transfer') =>
  post<InvoiceRecord>(`/api/invoices/${invoice.id}/mark-paid`, {
    amount,
    method,
    paymentDate: today,
    version: invoice.version,
  });

const service = (id: string) => get<ServiceRecord>(`/api/services/${id}`);

describe('an invoice paid in two parts, then cancelled', () => {
  it('pays services in line order, receipts each payment, and accounts for every dollar on cancellation', async () => {
    const { client, fee, charge, invoice } = await billedClient();

    const first = await pay(invoice, '2500.00');
    expect(first).toMatchObject({ state: 'partially_paid', amountPaid: '2500.00', balanceDue: '3100.00' });
    // Line order: the professional fee is paid first; the visa charge waits.
    expect(await service(fee.id)).toMatchObject({ paidAmount: '2500.00', invoicePaidAmount: '2500.00' });
    expect(await service(charge.id)).toMatchObject({ paidAmount: '0.00', paymentStatus: 'Unpaid' });

    const second = await pay(first, '3100.00', 'Card');
    expect(second).toMatchObject({ state: 'paid', status: 'paid', amountPaid: '5600.00', balanceDue: '0.00' });
    expect(await service(fee.id)).toMatchObject({ paidAmount: '4000.00', paymentStatus: 'Paid' });
    expect(await service(charge.id)).toMatchObject({ paidAmount: '1200.00', paymentStatus: 'Paid' });

    // A receipt for each payment, the first one too, each with the balance it left.
    const [p1, p2] = second.payments;
    const r1 = await post<ReceiptRecord>(`/api/invoices/${invoice.id}/receipt`, { paymentId: p1!.id }, 201);
    const r2 = await post<ReceiptRecord>(`/api/invoices/${invoice.id}/receipt`, { paymentId: p2!.id }, 201);
    expect(r1).toMatchObject({ amountPaid: '2500.00', balanceDue: '3100.00', earlierPayments: [] });
    expect(r2).toMatchObject({
      amountPaid: '3100.00',
      balanceDue: '0.00',
      paymentMethod: 'Card',
      earlierPayments: [{ amount: '2500.00', method: 'Bank Transfer', kind: 'payment' }],
    });
    const [receiptPage] = await pdfPages((await f.call('member', 'GET', `/api/receipts/${r2.id}/pdf`)).rawPayload);
    for (const text of [
      'Payments on this invoice',
      'A$2,500.00',
      'A$3,100.00',
      '(this receipt)',
      'Balance still due',
    ]) {
      expect(receiptPage).toContain(text);
    }

    // Cancel: the dialog's question answered — refund the first payment, keep the second as client credit.
    const unbalanced = await f.call('administrator', 'POST', `/api/invoices/${invoice.id}/cancel`, {
      reason: 'Client withdrew the application',
      money: [{ paymentId: p1!.id, action: 'refund', amount: '2500.00' }],
      refund: { refundDate: today, method: 'Bank Transfer' },
      version: second.version,
    });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().fieldErrors.money).toEqual([INVOICE_MONEY_MESSAGES.moneyMismatch('A$5,600.00')]);
    const cancelled = await post<InvoiceRecord>(`/api/invoices/${invoice.id}/cancel`, {
      reason: 'Client withdrew the application',
      money: [
        { paymentId: p1!.id, action: 'refund', amount: '2500.00' },
        { paymentId: p2!.id, action: 'client_credit', amount: '3100.00' },
      ],
      refund: { refundDate: today, method: 'Bank Transfer', reference: 'EFT 7781' },
      version: second.version,
    });
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      status: 'cancelled',
      amountPaid: '0.00',
      credited: '5600.00',
      balanceDue: '0.00',
      movedToClientCredit: '3100.00',
      clientCreditAvailable: '3100.00',
    });
    expect(cancelled.payments.map((p) => p.remaining)).toEqual(['0.00', '0.00']);
    expect(cancelled.refunds).toMatchObject([{ amount: '2500.00', reference: 'EFT 7781', paymentId: p1!.id }]);
    const [note] = cancelled.creditNotes;
    expect(note).toMatchObject({ cancels: true, total: '5600.00', tax: '400.00', refunded: '2500.00' });

    // Mailed, the cancelled invoice carries its adjustment note.
    const sent = await f.call('administrator', 'POST', `/api/invoices/${invoice.id}/send`, {
      to: `accounts.${invoice.invoiceNumber}@example.com`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = (await f.t.mailsTo(`accounts.${invoice.invoiceNumber}@example.com`)).at(-1);
    expect(mail!.content).toContain(`filename=tax-invoice-${invoice.invoiceNumber}.pdf`);
    expect(mail!.content).toContain(`filename=adjustment-note-${note!.creditNoteNumber}.pdf`);
    expect(mail!.content).toContain(`Also attached: adjustment note ${note!.creditNoteNumber} for A$5,600.00.`);

    // The services no longer count the money; the client's ledger holds what was kept.
    expect(await service(fee.id)).toMatchObject({ paidAmount: '0.00', invoicePaidAmount: '0.00' });
    expect(await service(charge.id)).toMatchObject({ paidAmount: '0.00', paymentStatus: 'Unpaid' });
    const money = await get<ClientMoney>(`/api/clients/${client.id}/client-money`);
    expect(money.ledgers).toMatchObject([{ currency: 'AUD', balance: '3100.00' }]);
    expect(money.ledgers[0]!.entries).toMatchObject([
      {
        kind: 'from_invoice',
        amount: '3100.00',
        invoiceNumber: invoice.invoiceNumber,
        creditNoteNumber: note!.creditNoteNumber,
      },
    ]);

    // Finance's lists: the credit note and the refund beside the receipts.
    const notes = await get<Page<CreditNoteRecord>>(`/api/credit-notes?search=${invoice.invoiceNumber}`);
    expect(notes.items).toMatchObject([{ creditNoteNumber: note!.creditNoteNumber, title: 'Adjustment note' }]);
    const refunds = await get<Page<RefundRow>>(`/api/refunds?search=EFT%207781`);
    expect(refunds.items).toMatchObject([
      { amount: '2500.00', source: 'invoice', invoiceNumber: invoice.invoiceNumber },
    ]);
    const listed = await get<Page<ReceiptRecord>>(`/api/receipts?search=${invoice.invoiceNumber}`);
    expect(listed.items.map((r) => r.receiptNumber).sort()).toEqual([r1.receiptNumber, r2.receiptNumber].sort());

    // The adjustment note: its own number and date, the firm and ABN, the recipient, the reason, the GST
    // adjusted and the original invoice's number and date.
    const [page] = await pdfPages((await f.call('member', 'GET', `/api/credit-notes/${note!.id}/pdf`)).rawPayload);
    for (const text of [
      'Adjustment note',
      note!.creditNoteNumber,
      'Southern Cross Migration',
      'ABN 51 824 753 556',
      `${client.firstName} ${client.lastName}`,
      'Client withdrew the application',
      invoice.invoiceNumber,
      'GST adjusted (10%)',
      'A$400.00',
      'A$5,600.00',
      'Refunded to the client',
      'Kept as client credit',
    ]) {
      expect(page).toContain(text);
    }
  });

  it('uses the client credit on a later invoice and refunds what is left, never more than is held', async () => {
    const { client, invoice } = await billedClient();
    const paid = await pay(invoice, '5600.00');
    const cancelled = await post<InvoiceRecord>(`/api/invoices/${invoice.id}/cancel`, {
      reason: 'Wrong visa subclass',
      money: [{ paymentId: paid.payments[0]!.id, action: 'client_credit', amount: '5600.00' }],
      version: paid.version,
    });
    expect(cancelled.clientCreditAvailable).toBe('5600.00');

    const later = await post<InvoiceRecord>(
      '/api/invoices',
      {
        ...INVOICE_EXAMPLE,
        issueDate: today,
        dueDate: today,
        entityType: 'client',
        entityId: client.id,
        items: [{ description: 'Professional fee (482)', quantity: '1', rate: '1000.00', taxable: true }],
      },
      201,
    );
    expect(later.clientCreditAvailable).toBe('5600.00');
    const over = await f.call('administrator', 'POST', `/api/invoices/${later.id}/apply-client-credit`, {
      amount: '1100.01',
      version: later.version,
    });
    expect(over.statusCode).toBe(400);
    const applied = await post<InvoiceRecord>(`/api/invoices/${later.id}/apply-client-credit`, {
      amount: '1100.00',
      version: later.version,
    });
    expect(applied).toMatchObject({ state: 'paid', balanceDue: '0.00', clientCreditAvailable: '4500.00' });
    expect(applied.payments).toMatchObject([{ kind: 'client_credit', amount: '1100.00', method: 'Client credit' }]);
    await post<ReceiptRecord>(`/api/invoices/${later.id}/receipt`, {}, 201);

    const money = await get<ClientMoney>(`/api/clients/${client.id}/client-money`);
    const ledger = money.ledgers[0]!;
    const tooMuch = await f.call('administrator', 'POST', `/api/client-ledgers/${ledger.id}/refund`, {
      amount: '4500.01',
      refundDate: today,
      method: 'Bank Transfer',
      version: ledger.version,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors.amount).toEqual([INVOICE_MONEY_MESSAGES.ledgerRefundOver]);
    const refunded = await post<ClientMoney>(`/api/client-ledgers/${ledger.id}/refund`, {
      amount: '4500.00',
      refundDate: today,
      method: 'Bank Transfer',
      version: ledger.version,
    });
    expect(refunded.ledgers[0]).toMatchObject({ balance: '0.00' });
    expect(refunded.ledgers[0]!.entries.map((e) => e.kind)).toEqual(['refunded', 'to_invoice', 'from_invoice']);
    // The same version again is stale.
    const stale = await f.call('administrator', 'POST', `/api/client-ledgers/${ledger.id}/refund`, {
      amount: '1.00',
      refundDate: today,
      method: 'Bank Transfer',
      version: ledger.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('takes Finance’s totals with it: the summary no longer counts money a credit note returned', async () => {
    const summaryPaid = async () => {
      const s = await get<ServiceSummary>('/api/services/summary?currency=AUD');
      return s.currencies.find((c) => c.currency === 'AUD')?.totalPaid ?? '0.00';
    };
    const before = await summaryPaid();
    const { invoice } = await billedClient();
    const paid = await pay(invoice, '5600.00');
    expect(Number(await summaryPaid()) - Number(before)).toBeCloseTo(5200, 2);
    await post<InvoiceRecord>(`/api/invoices/${invoice.id}/cancel`, {
      reason: 'Duplicate invoice',
      money: [{ paymentId: paid.payments[0]!.id, action: 'refund', amount: '5600.00' }],
      refund: { refundDate: today, method: 'Card' },
      version: paid.version,
    });
    expect(await summaryPaid()).toBe(before);
  });
});

describe('part credits', () => {
  it('credits a line or part of one with the GST it carries, releasing money only beyond the balance due', async () => {
    const { fee, invoice } = await billedClient();
    const paid = await pay(invoice, '600.00');
    // A$200 off the professional fee: GST adjusted A$20; the balance falls, no money is released.
    const credited = await post<InvoiceRecord>(`/api/invoices/${invoice.id}/credit-notes`, {
      reason: 'Fee reduced by agreement',
      lines: [{ index: 0, amount: '200.00' }],
      version: paid.version,
    });
    expect(credited).toMatchObject({ state: 'partially_paid', credited: '220.00', balanceDue: '4780.00' });
    expect(credited.uncredited).toEqual(['3800.00', '1200.00']);
    expect(credited.creditNotes[0]).toMatchObject({ cancels: false, tax: '20.00', total: '220.00' });

    const over = await f.call('administrator', 'POST', `/api/invoices/${invoice.id}/credit-notes`, {
      reason: 'Too much',
      lines: [{ index: 0, amount: '3800.01' }],
      version: credited.version,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors['lines.0.amount']).toEqual([INVOICE_MONEY_MESSAGES.creditOverLine]);

    // Credit the rest of the fee and the visa charge: A$5,380 credited against A$4,780 due releases A$600.
    const rest = {
      reason: 'Application withdrawn',
      lines: [
        { index: 0, amount: '3800.00' },
        { index: 1, amount: '1200.00' },
      ],
    };
    const unsaid = await f.call('administrator', 'POST', `/api/invoices/${invoice.id}/credit-notes`, {
      ...rest,
      version: credited.version,
    });
    expect(unsaid.json().fieldErrors.money).toEqual([INVOICE_MONEY_MESSAGES.moneyUnhandled('A$600.00')]);
    const all = await post<InvoiceRecord>(`/api/invoices/${invoice.id}/credit-notes`, {
      ...rest,
      money: [{ paymentId: paid.payments[0]!.id, action: 'refund', amount: '600.00' }],
      refund: { refundDate: today, method: 'Cash' },
      version: credited.version,
    });
    // Everything credited: the invoice reads cancelled, its tax credited exactly (A$20 + A$380 = A$400).
    expect(all).toMatchObject({ state: 'cancelled', credited: '5600.00', amountPaid: '0.00', balanceDue: '0.00' });
    expect(all.creditNotes.map((n) => n.tax)).toEqual(['20.00', '380.00']);
    expect(await service(fee.id)).toMatchObject({ paidAmount: '0.00' });
  });

  it('keeps the lines of a credited invoice: its items cannot change, only another credit note', async () => {
    const { invoice } = await billedClient();
    const credited = await post<InvoiceSent>(`/api/invoices/${invoice.id}/send`, { to: 'client@example.com' }).then(
      ({ invoice: sent }) =>
        post<InvoiceRecord>(`/api/invoices/${invoice.id}/credit-notes`, {
          reason: 'Discount',
          lines: [{ index: 1, amount: '100.00' }],
          version: sent.version,
        }),
    );
    const edit = await f.call('administrator', 'PUT', `/api/invoices/${invoice.id}`, {
      ...INVOICE_EXAMPLE,
      entityType: 'client',
      entityId: invoice.entityId,
      version: credited.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(INVOICE_MONEY_MESSAGES.creditItemsLocked);
  });
});

describe('what an invoice offers', () => {
  it('reads a sent unpaid invoice as Sent, never Draft, and refuses to delete it; an unsent draft is not credited', async () => {
    const draft = await post<InvoiceRecord>(
      '/api/invoices',
      { ...INVOICE_EXAMPLE, issueDate: today, dueDate: today },
      201,
    );
    expect(draft.status).toBe('drafts');
    const refused = await f.call('administrator', 'POST', `/api/invoices/${draft.id}/cancel`, {
      reason: 'x',
      version: draft.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MONEY_MESSAGES.creditDraft);
    const sent = await post<InvoiceSent>(`/api/invoices/${draft.id}/send`, { to: 'client@example.com' });
    expect(sent.invoice).toMatchObject({ state: 'drafts', status: 'sent' });
    expect(sent.mail).toMatchObject({ to: 'client@example.com', status: 'queued' });
    const deleted = await f.call('administrator', 'DELETE', `/api/invoices/${draft.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(INVOICE_MESSAGES.deleteRefused);
    // The Drafts tab lists unsent drafts only.
    const drafts = await get<Page<{ id: string }>>('/api/invoices?tab=drafts&pageSize=100');
    expect(drafts.items.map((i) => i.id)).not.toContain(draft.id);
  });

  it("refuses a due date before the issue date and a payment dated after the firm's today", async () => {
    const early = await f.call('administrator', 'POST', '/api/invoices', {
      ...INVOICE_EXAMPLE,
      issueDate: '2026-03-10',
      dueDate: '2026-03-09',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors.dueDate).toEqual([INVOICE_MONEY_MESSAGES.dueBeforeIssue]);
    const invoice = await post<InvoiceRecord>(
      '/api/invoices',
      { ...INVOICE_EXAMPLE, issueDate: today, dueDate: today },
      201,
    );
    const future = await f.call('administrator', 'POST', `/api/invoices/${invoice.id}/mark-paid`, {
      paymentDate: '2100-01-01',
      version: invoice.version,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors.paymentDate).toEqual([INVOICE_MONEY_MESSAGES.paymentInFuture]);
    expect((await get<InvoiceRecord>(`/api/invoices/${invoice.id}`)).payments).toEqual([]);
  });
});

describe('under parallel requests', () => {
  it('saves one receipt for one payment, whatever number of requests arrive at once', async () => {
    const { invoice } = await billedClient();
    const paid = await pay(invoice, '5600.00');
    const paymentId = paid.payments[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        f.call('administrator', 'POST', `/api/invoices/${invoice.id}/receipt`, { paymentId }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await f.t.database.db.select().from(receipts);
    expect(rows.filter((r) => r.paymentId === paymentId && r.deletedAt === null)).toHaveLength(1);
  });

  it('records one payment of twenty sent at once with the same version; the rest are stale', async () => {
    const { invoice } = await billedClient();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        f.call('administrator', 'POST', `/api/invoices/${invoice.id}/mark-paid`, {
          amount: '100.00',
          version: invoice.version,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await get<InvoiceRecord>(`/api/invoices/${invoice.id}`)).payments).toHaveLength(1);
  });
});

describe('client money and its record', () => {
  it('follows a lead to the client it becomes, and keeps the record from being deleted forever while held', async () => {
    const lead = await f.createLead();
    const received = await post<ClientMoney>(`/api/leads/${lead.id}/client-money`, {
      currency: 'AUD',
      amount: '750.00',
      receivedDate: today,
      method: 'Bank Transfer',
      reference: 'Deposit',
      version: 0,
    });
    expect(received.ledgers).toMatchObject([{ currency: 'AUD', balance: '750.00', version: 1 }]);
    const future = await f.call('administrator', 'POST', `/api/leads/${lead.id}/client-money`, {
      currency: 'AUD',
      amount: '1.00',
      receivedDate: '2100-01-01',
      method: 'Cash',
      version: 1,
    });
    expect(future.statusCode).toBe(400);
    // A role without the Finance module sees none of it.
    expect((await f.call('team_lead', 'GET', `/api/leads/${lead.id}/client-money`)).statusCode).toBe(403);

    const converted = await post<{ clientId: string }>(`/api/leads/${lead.id}/convert`, {});
    const moved = await get<ClientMoney>(`/api/clients/${converted.clientId}/client-money`);
    expect(moved.ledgers).toMatchObject([{ currency: 'AUD', balance: '750.00' }]);
    expect((await get<ClientMoney>(`/api/leads/${lead.id}/client-money`)).ledgers).toEqual([]);

    const deleted = await f.call('administrator', 'DELETE', `/api/clients/${converted.clientId}`, { reason: 'Test' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const purge = await f.call('account_administrator', 'DELETE', `/api/clients/${converted.clientId}/permanent`);
    expect(purge.statusCode).toBe(409);
    expect(purge.json().message).toBe(INVOICE_MONEY_MESSAGES.purgeHoldsMoney);
  });

  it('keeps a service’s paid amount at least what invoices paid it', async () => {
    const { fee, invoice } = await billedClient();
    await pay(invoice, '1000.00');
    const current = await service(fee.id);
    const res = await f.call('administrator', 'PATCH', `/api/services/${fee.id}`, {
      paidAmount: '500.00',
      version: current.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.paidAmount).toEqual([INVOICE_MONEY_MESSAGES.paidBelowInvoices('A$1,000.00')]);
    const more = await f.call('administrator', 'PATCH', `/api/services/${fee.id}`, {
      paidAmount: '1500.00',
      version: current.version,
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ paidAmount: '1500.00', invoicePaidAmount: '1000.00' });
  });
});

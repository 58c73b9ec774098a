// The money on invoices through the API (issue 25): part payments paying services in line order, a receipt
// for every payment with the earlier ones and the balance, a cancellation whose credit note refunds one
// payment and keeps the other as client credit (invoice, services, ledger and Finance agreeing), the
// adjustment note PDF, client credit used on a later invoice and refunded, part credits, the date rules,
// what a sent invoice offers, one receipt per payment under parallel requests, and client money following
// its record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS, INVOICE_EXAMPLE, INVOICE_MESSAGES, INVOICE_MONEY_MESSAGES } from '@crm/domain';
import { idPath, type JsonBody, ok } from '../../../test/api-client.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { receipts } from '../../db/schema/index.ts';
import { readFirmToday, writeSetting } from '../../platform/settings/settings.repository.ts';

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

type PaymentMethod = JsonBody<'/api/invoices/{id}/mark-paid', 'post'>['method'];

const admin = () => f.api('administrator');

const addService = async (clientId: string, body: JsonBody<'/api/clients/{id}/services', 'post'>) =>
  ok(
    await admin().POST('/api/clients/{id}/services', { ...idPath(clientId), body: { currency: 'AUD', ...body } }),
    201,
  );
const createInvoice = async (body: Partial<JsonBody<'/api/invoices', 'post'>>) =>
  ok(await admin().POST('/api/invoices', { body: { ...INVOICE_EXAMPLE, ...body } }), 201);

/** A client with two services billed on one invoice: professional fee A$4,000 + GST, visa charge A$1,200. */
async function billedClient() {
  const { client } = await f.convertedLead();
  const fee = await addService(client.id, { serviceName: 'Professional Fee - Student Visa', serviceFee: '4000.00' });
  const charge = await addService(client.id, {
    serviceName: 'Visa Application',
    serviceFee: '1200.00',
    paidAmount: '0',
  });
  const invoice = await createInvoice({
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
  });
  expect(invoice.total).toBe('5600.00');
  return { client, fee, charge, invoice };
}

const pay = async (invoice: { id: string; version: number }, amount: string, method: PaymentMethod = 'Bank Transfer') =>
  ok(
    await admin().POST('/api/invoices/{id}/mark-paid', {
      ...idPath(invoice.id),
      body: { amount, method, paymentDate: today, version: invoice.version },
    }),
  );

const service = async (id: string) => ok(await admin().GET('/api/services/{id}', idPath(id)));
const clientMoney = async (kind: 'leads' | 'clients', id: string) =>
  ok(
    kind === 'leads'
      ? await admin().GET('/api/leads/{id}/client-money', idPath(id))
      : await admin().GET('/api/clients/{id}/client-money', idPath(id)),
  );

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
    const receipt = async (paymentId: string) =>
      ok(await admin().POST('/api/invoices/{id}/receipt', { ...idPath(invoice.id), body: { paymentId } }), 201);
    const r1 = await receipt(p1!.id);
    const r2 = await receipt(p2!.id);
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
    const unbalanced = await admin().POST('/api/invoices/{id}/cancel', {
      ...idPath(invoice.id),
      body: {
        reason: 'Client withdrew the application',
        money: [{ paymentId: p1!.id, action: 'refund', amount: '2500.00' }],
        refund: { refundDate: today, method: 'Bank Transfer' },
        version: second.version,
      },
    });
    expect(unbalanced.response.status).toBe(400);
    expect(unbalanced.error?.fieldErrors?.money).toEqual([INVOICE_MONEY_MESSAGES.moneyMismatch('A$5,600.00')]);
    const cancelled = ok(
      await admin().POST('/api/invoices/{id}/cancel', {
        ...idPath(invoice.id),
        body: {
          reason: 'Client withdrew the application',
          money: [
            { paymentId: p1!.id, action: 'refund', amount: '2500.00' },
            { paymentId: p2!.id, action: 'client_credit', amount: '3100.00' },
          ],
          refund: { refundDate: today, method: 'Bank Transfer', reference: 'EFT 7781' },
          version: second.version,
        },
      }),
    );
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
    const sent = await admin().POST('/api/invoices/{id}/send', {
      ...idPath(invoice.id),
      body: { to: `accounts.${invoice.invoiceNumber}@example.com` },
    });
    expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
    const mail = (await f.t.mailsTo(`accounts.${invoice.invoiceNumber}@example.com`)).at(-1);
    expect(mail!.content).toContain(`filename=tax-invoice-${invoice.invoiceNumber}.pdf`);
    expect(mail!.content).toContain(`filename=adjustment-note-${note!.creditNoteNumber}.pdf`);
    expect(mail!.content).toContain(`Also attached: adjustment note ${note!.creditNoteNumber} for A$5,600.00.`);

    // The services no longer count the money; the client's ledger holds what was kept.
    expect(await service(fee.id)).toMatchObject({ paidAmount: '0.00', invoicePaidAmount: '0.00' });
    expect(await service(charge.id)).toMatchObject({ paidAmount: '0.00', paymentStatus: 'Unpaid' });
    const money = await clientMoney('clients', client.id);
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
    const notes = ok(await admin().GET('/api/credit-notes', { params: { query: { search: invoice.invoiceNumber } } }));
    expect(notes.items).toMatchObject([{ creditNoteNumber: note!.creditNoteNumber, title: 'Adjustment note' }]);
    const refunds = ok(await admin().GET('/api/refunds', { params: { query: { search: 'EFT 7781' } } }));
    expect(refunds.items).toMatchObject([
      { amount: '2500.00', source: 'invoice', invoiceNumber: invoice.invoiceNumber },
    ]);
    const listed = ok(await admin().GET('/api/receipts', { params: { query: { search: invoice.invoiceNumber } } }));
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
    const cancelled = ok(
      await admin().POST('/api/invoices/{id}/cancel', {
        ...idPath(invoice.id),
        body: {
          reason: 'Wrong visa subclass',
          money: [{ paymentId: paid.payments[0]!.id, action: 'client_credit', amount: '5600.00' }],
          version: paid.version,
        },
      }),
    );
    expect(cancelled.clientCreditAvailable).toBe('5600.00');

    const later = await createInvoice({
      issueDate: today,
      dueDate: today,
      entityType: 'client',
      entityId: client.id,
      items: [{ description: 'Professional fee (482)', quantity: '1', rate: '1000.00', taxable: true }],
    });
    expect(later.clientCreditAvailable).toBe('5600.00');
    const over = await admin().POST('/api/invoices/{id}/apply-client-credit', {
      ...idPath(later.id),
      body: { amount: '1100.01', version: later.version },
    });
    expect(over.response.status).toBe(400);
    const applied = ok(
      await admin().POST('/api/invoices/{id}/apply-client-credit', {
        ...idPath(later.id),
        body: { amount: '1100.00', version: later.version },
      }),
    );
    expect(applied).toMatchObject({ state: 'paid', balanceDue: '0.00', clientCreditAvailable: '4500.00' });
    expect(applied.payments).toMatchObject([{ kind: 'client_credit', amount: '1100.00', method: 'Client credit' }]);
    ok(await admin().POST('/api/invoices/{id}/receipt', { ...idPath(later.id), body: {} }), 201);

    const money = await clientMoney('clients', client.id);
    const ledger = money.ledgers[0]!;
    const refund = (amount: string) =>
      admin().POST('/api/client-ledgers/{id}/refund', {
        ...idPath(ledger.id),
        body: { amount, refundDate: today, method: 'Bank Transfer', version: ledger.version },
      });
    const tooMuch = await refund('4500.01');
    expect(tooMuch.response.status).toBe(400);
    expect(tooMuch.error?.fieldErrors?.amount).toEqual([INVOICE_MONEY_MESSAGES.ledgerRefundOver]);
    const refunded = ok(await refund('4500.00'));
    expect(refunded.ledgers[0]).toMatchObject({ balance: '0.00' });
    expect(refunded.ledgers[0]!.entries.map((e) => e.kind)).toEqual(['refunded', 'to_invoice', 'from_invoice']);
    // The same version again is stale.
    const stale = await refund('1.00');
    expect(stale.response.status).toBe(409);
  });

  it('takes Finance’s totals with it: the summary no longer counts money a credit note returned', async () => {
    const summaryPaid = async () => {
      const s = ok(await admin().GET('/api/services/summary', { params: { query: { currency: 'AUD' } } }));
      return s.currencies.find((c) => c.currency === 'AUD')?.totalPaid ?? '0.00';
    };
    const before = await summaryPaid();
    const { invoice } = await billedClient();
    const paid = await pay(invoice, '5600.00');
    expect(Number(await summaryPaid()) - Number(before)).toBeCloseTo(5200, 2);
    ok(
      await admin().POST('/api/invoices/{id}/cancel', {
        ...idPath(invoice.id),
        body: {
          reason: 'Duplicate invoice',
          money: [{ paymentId: paid.payments[0]!.id, action: 'refund', amount: '5600.00' }],
          refund: { refundDate: today, method: 'Card' },
          version: paid.version,
        },
      }),
    );
    expect(await summaryPaid()).toBe(before);
  });
});

describe('part credits', () => {
  it('credits a line or part of one with the GST it carries, releasing money only beyond the balance due', async () => {
    const { fee, invoice } = await billedClient();
    const paid = await pay(invoice, '600.00');
    // A$200 off the professional fee: GST adjusted A$20; the balance falls, no money is released.
    const creditNote = (body: JsonBody<'/api/invoices/{id}/credit-notes', 'post'>) =>
      admin().POST('/api/invoices/{id}/credit-notes', { ...idPath(invoice.id), body });
    const credited = ok(
      await creditNote({
        reason: 'Fee reduced by agreement',
        lines: [{ index: 0, amount: '200.00' }],
        version: paid.version,
      }),
    );
    expect(credited).toMatchObject({ state: 'partially_paid', credited: '220.00', balanceDue: '4780.00' });
    expect(credited.uncredited).toEqual(['3800.00', '1200.00']);
    expect(credited.creditNotes[0]).toMatchObject({ cancels: false, tax: '20.00', total: '220.00' });

    const over = await creditNote({
      reason: 'Too much',
      lines: [{ index: 0, amount: '3800.01' }],
      version: credited.version,
    });
    expect(over.response.status).toBe(400);
    expect(over.error?.fieldErrors?.['lines.0.amount']).toEqual([INVOICE_MONEY_MESSAGES.creditOverLine]);

    // Credit the rest of the fee and the visa charge: A$5,380 credited against A$4,780 due releases A$600.
    const rest = {
      reason: 'Application withdrawn',
      lines: [
        { index: 0, amount: '3800.00' },
        { index: 1, amount: '1200.00' },
      ],
    };
    const unsaid = await creditNote({ ...rest, version: credited.version });
    expect(unsaid.error?.fieldErrors?.money).toEqual([INVOICE_MONEY_MESSAGES.moneyUnhandled('A$600.00')]);
    const all = ok(
      await creditNote({
        ...rest,
        money: [{ paymentId: paid.payments[0]!.id, action: 'refund', amount: '600.00' }],
        refund: { refundDate: today, method: 'Cash' },
        version: credited.version,
      }),
    );
    // Everything credited: the invoice reads cancelled, its tax credited exactly (A$20 + A$380 = A$400).
    expect(all).toMatchObject({ state: 'cancelled', credited: '5600.00', amountPaid: '0.00', balanceDue: '0.00' });
    expect(all.creditNotes.map((n) => n.tax)).toEqual(['20.00', '380.00']);
    expect(await service(fee.id)).toMatchObject({ paidAmount: '0.00' });
  });

  it('keeps the lines of a credited invoice: its items cannot change, only another credit note', async () => {
    const { invoice } = await billedClient();
    const { invoice: sent } = ok(
      await admin().POST('/api/invoices/{id}/send', { ...idPath(invoice.id), body: { to: 'client@example.com' } }),
    );
    const credited = ok(
      await admin().POST('/api/invoices/{id}/credit-notes', {
        ...idPath(invoice.id),
        body: { reason: 'Discount', lines: [{ index: 1, amount: '100.00' }], version: sent.version },
      }),
    );
    const edit = await admin().PUT('/api/invoices/{id}', {
      ...idPath(invoice.id),
      body: { ...INVOICE_EXAMPLE, entityType: 'client', entityId: invoice.entityId, version: credited.version },
    });
    expect(edit.response.status).toBe(409);
    expect(edit.error?.message).toBe(INVOICE_MONEY_MESSAGES.creditItemsLocked);
  });
});

describe('what an invoice offers', () => {
  it('reads a sent unpaid invoice as Sent, never Draft, and refuses to delete it; an unsent draft is not credited', async () => {
    const draft = await createInvoice({ issueDate: today, dueDate: today });
    expect(draft.status).toBe('drafts');
    const refused = await admin().POST('/api/invoices/{id}/cancel', {
      ...idPath(draft.id),
      body: { reason: 'x', version: draft.version },
    });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.message).toBe(INVOICE_MONEY_MESSAGES.creditDraft);
    const sent = ok(
      await admin().POST('/api/invoices/{id}/send', { ...idPath(draft.id), body: { to: 'client@example.com' } }),
    );
    expect(sent.invoice).toMatchObject({ state: 'drafts', status: 'sent' });
    expect(sent.mail).toMatchObject({ to: 'client@example.com', status: 'queued' });
    const deleted = await admin().DELETE('/api/invoices/{id}', idPath(draft.id));
    expect(deleted.response.status).toBe(409);
    expect(deleted.error?.message).toBe(INVOICE_MESSAGES.deleteRefused);
    // The Drafts tab lists unsent drafts only.
    const drafts = ok(await admin().GET('/api/invoices', { params: { query: { tab: 'drafts', pageSize: 100 } } }));
    expect(drafts.items.map((i) => i.id)).not.toContain(draft.id);
  });

  it("refuses a due date before the issue date and a payment dated after the firm's today", async () => {
    const early = await admin().POST('/api/invoices', {
      body: { ...INVOICE_EXAMPLE, issueDate: '2026-03-10', dueDate: '2026-03-09' },
    });
    expect(early.response.status).toBe(400);
    expect(early.error?.fieldErrors?.dueDate).toEqual([INVOICE_MONEY_MESSAGES.dueBeforeIssue]);
    const invoice = await createInvoice({ issueDate: today, dueDate: today });
    const future = await admin().POST('/api/invoices/{id}/mark-paid', {
      ...idPath(invoice.id),
      body: { paymentDate: '2100-01-01', version: invoice.version },
    });
    expect(future.response.status).toBe(400);
    expect(future.error?.fieldErrors?.paymentDate).toEqual([INVOICE_MONEY_MESSAGES.paymentInFuture]);
    expect(ok(await admin().GET('/api/invoices/{id}', idPath(invoice.id))).payments).toEqual([]);
  });
});

describe('under parallel requests', () => {
  it('saves one receipt for one payment, whatever number of requests arrive at once', async () => {
    const { invoice } = await billedClient();
    const paid = await pay(invoice, '5600.00');
    const paymentId = paid.payments[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin().POST('/api/invoices/{id}/receipt', { ...idPath(invoice.id), body: { paymentId } }),
      ),
    );
    expect(results.map((r) => r.response.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await f.t.database.db.select().from(receipts);
    expect(rows.filter((r) => r.paymentId === paymentId && r.deletedAt === null)).toHaveLength(1);
  });

  it('records one payment of twenty sent at once with the same version; the rest are stale', async () => {
    const { invoice } = await billedClient();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin().POST('/api/invoices/{id}/mark-paid', {
          ...idPath(invoice.id),
          body: { amount: '100.00', version: invoice.version },
        }),
      ),
    );
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.response.status === 409)).toHaveLength(19);
    expect(ok(await admin().GET('/api/invoices/{id}', idPath(invoice.id))).payments).toHaveLength(1);
  });
});

describe('client money and its record', () => {
  it('follows a lead to the client it becomes, and keeps the record from being deleted forever while held', async () => {
    const lead = await f.createLead();
    const received = ok(
      await admin().POST('/api/leads/{id}/client-money', {
        ...idPath(lead.id),
        body: {
          currency: 'AUD',
          amount: '750.00',
          receivedDate: today,
          method: 'Bank Transfer',
          reference: 'Deposit',
          version: 0,
        },
      }),
    );
    expect(received.ledgers).toMatchObject([{ currency: 'AUD', balance: '750.00', version: 1 }]);
    const future = await admin().POST('/api/leads/{id}/client-money', {
      ...idPath(lead.id),
      body: { currency: 'AUD', amount: '1.00', receivedDate: '2100-01-01', method: 'Cash', version: 1 },
    });
    expect(future.response.status).toBe(400);
    // A role without the Finance module sees none of it.
    expect((await f.api('team_lead').GET('/api/leads/{id}/client-money', idPath(lead.id))).response.status).toBe(403);

    const converted = ok(await admin().POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} }));
    const moved = await clientMoney('clients', converted.clientId);
    expect(moved.ledgers).toMatchObject([{ currency: 'AUD', balance: '750.00' }]);
    expect((await clientMoney('leads', lead.id)).ledgers).toEqual([]);

    const deleted = await admin().DELETE('/api/clients/{id}', {
      ...idPath(converted.clientId),
      body: { reason: 'Test' },
    });
    expect(deleted.response.status, JSON.stringify(deleted.error)).toBe(200);
    const purge = await f
      .api('account_administrator')
      .DELETE('/api/clients/{id}/permanent', idPath(converted.clientId));
    expect(purge.response.status).toBe(409);
    expect(purge.error?.message).toBe(INVOICE_MONEY_MESSAGES.purgeHoldsMoney);
  });

  it('keeps a service’s paid amount at least what invoices paid it', async () => {
    const { fee, invoice } = await billedClient();
    await pay(invoice, '1000.00');
    const current = await service(fee.id);
    const patch = (paidAmount: string) =>
      admin().PATCH('/api/services/{id}', { ...idPath(fee.id), body: { paidAmount, version: current.version } });
    const res = await patch('500.00');
    expect(res.response.status).toBe(400);
    expect(res.error?.fieldErrors?.paidAmount).toEqual([INVOICE_MONEY_MESSAGES.paidBelowInvoices('A$1,000.00')]);
    const more = await patch('1500.00');
    expect(more.response.status, JSON.stringify(more.error)).toBe(200);
    expect(more.data).toMatchObject({ paidAmount: '1500.00', invoicePaidAmount: '1000.00' });
  });
});

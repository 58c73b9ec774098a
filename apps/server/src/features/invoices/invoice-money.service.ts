// The money on invoices (issue 25; docs/decisions/0012, 0022): payments, client credit applied, credit and
// adjustment notes with what happens to the money they release (refunded or kept as client credit), and
// receipts. Every change locks the invoice first (then the client's ledger, then the services, in id order),
// checks the version it was read at, writes its rows, and settles: the invoice's figures, state and the
// services its money pays are recomputed from the rows in the same transaction, so they never disagree.
import {
  allocateInLineOrder,
  type ApplyClientCreditInput,
  type CancelInvoiceInput,
  centsOf,
  type CreditLine,
  creditLinesProblem,
  creditNoteFigures,
  type CreditNoteInput,
  displayMoney,
  formatMoney,
  futureMoneyDate,
  INVOICE_MESSAGES,
  INVOICE_MONEY_MESSAGES,
  invoiceActionsOf,
  invoiceStateOf,
  isTaxInvoice,
  type InvoiceRecord,
  type MarkPaidInput,
  type ReceiptRecord,
  remainingCreditLines,
  moneyReleasedBy,
  positionAfterPayment,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, conflict, validationError } from '../../plugins/errors.ts';
import { publishChange, recordChange } from '../../platform/audit/record-change.ts';
import { balanceOf, insertRefund, lockOrCreateLedger, postEntry } from '../client-money/client-money.repository.ts';
import { type LedgerOwner, lockLedgerOf } from '../record-kit/child-records.repository.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import {
  creditNotesOf,
  type InvoiceDbRow,
  type InvoiceInsert,
  insertCreditNote,
  insertPayment,
  lockInvoice,
  lockPayment,
  moneyRowsOf,
  paymentsOf,
  refundsOf,
  replaceAllocations,
  saveInvoiceFigures,
  syncInvoicePaid,
} from './invoice-money.repository.ts';
import {
  creditedPerLine,
  creditNoteNumberOf,
  insertReceipt,
  liveReceiptOfPayment,
  nextNumber,
  receiptValuesOf,
  toInvoiceRecord,
  toReceiptRecord,
} from './invoices.repository.ts';
import { queueWebhook } from '../../platform/webhooks/webhook-queue.ts';

export const INVOICE_EVENT = 'invoice';

export const invoiceNotFound = () => new AppError('NOT_FOUND', INVOICE_MESSAGES.notFound);

/** The lead or client an invoice bills, whose ledger holds its client money. */
export const invoiceOwner = (row: Pick<InvoiceDbRow, 'leadId' | 'clientId'>): LedgerOwner | null =>
  row.leadId ? { type: 'lead', id: row.leadId } : row.clientId ? { type: 'client', id: row.clientId } : null;

export async function invoiceChanged(
  tx: Executor,
  actor: Actor,
  id: string,
  action: string,
  values: { old?: unknown; new?: unknown },
) {
  await recordChange(tx, actor.ctx, {
    action,
    resourceType: 'INVOICE',
    resourceId: id,
    oldValues: values.old as Record<string, unknown> | undefined,
    newValues: values.new as Record<string, unknown> | undefined,
  });
  await publishChange(tx, actor.ctx, INVOICE_EVENT, action, id);
}

/** The API's invoice: the row with its money rows and the client credit its record holds. */
export async function recordOf(db: Executor, row: InvoiceDbRow): Promise<InvoiceRecord> {
  const owner = invoiceOwner(row);
  // One after another: inside a transaction they share one connection (node-postgres queues and warns).
  const payments = await paymentsOf(db, row.id);
  const notes = await creditNotesOf(db, row.id);
  const refunds = await refundsOf(db, row.id);
  const today = await readFirmToday(db);
  const available = owner ? await balanceOf(db, owner, row.currency) : null;
  return toInvoiceRecord(row, { payments, creditNotes: notes, refunds, clientCreditAvailable: available }, today);
}

/**
 * Brings the invoice in line with its money rows: net received, credited, state and the day it was paid in
 * full; then which services its money pays (line order, each line up to its uncredited amount), and those
 * services' paid amounts. `extra` carries columns the change sets too (a cancellation's number and reason).
 */
export async function settleInvoice(
  tx: Executor,
  actor: Actor,
  before: InvoiceDbRow,
  extra: Partial<InvoiceInsert> = {},
): Promise<InvoiceDbRow> {
  const money = await moneyRowsOf(tx, before.id);
  const netPaid = money.received - money.refunded - money.moved;
  const total = centsOf(before.total);
  const state = invoiceStateOf({ total, credited: money.credited, netPaid, creditNotes: money.creditNotes });
  const row = await saveInvoiceFigures(
    tx,
    before.id,
    {
      ...extra,
      amountPaid: formatMoney(netPaid),
      credited: formatMoney(money.credited),
      state,
      paymentDate: state === 'paid' ? money.lastPaymentDate : null,
    },
    actor.ctx.actorId,
  );
  await payServices(tx, actor, row, netPaid);
  return row;
}

/** The services the invoice's money pays, and their paid amounts, from its lines and credit notes. */
async function payServices(tx: Executor, actor: Actor, row: InvoiceDbRow, netPaid: bigint): Promise<void> {
  const credited = creditedPerLine(row.items, await creditNotesOf(tx, row.id));
  const paid = allocateInLineOrder(
    row.items.map((item, i) => ({ amount: centsOf(item.amount), credited: credited[i]! })),
    netPaid,
  );
  const byService = new Map<string, bigint>();
  row.items.forEach((item, i) => {
    if (item.serviceId) byService.set(item.serviceId, (byService.get(item.serviceId) ?? 0n) + paid[i]!);
  });
  const affected = await replaceAllocations(tx, row.id, byService);
  for (const service of await syncInvoicePaid(tx, affected, actor.ctx.actorId)) {
    await recordChange(tx, actor.ctx, {
      action: 'PAY_SERVICE_BY_INVOICE',
      resourceType: 'SERVICE',
      resourceId: service.id,
      newValues: {
        invoiceId: row.id,
        invoiceNumber: row.invoiceNumber,
        invoicePaidAmount: service.invoicePaidAmount,
        paidAmount: service.paidAmount,
      },
    });
    await publishChange(
      tx,
      actor.ctx,
      service.leadId ? 'lead' : 'client',
      'PAY_SERVICE_BY_INVOICE',
      service.leadId ?? service.clientId,
    );
  }
}

/** The invoice locked at the version the user read, or the reason it cannot change. */
async function lockAtVersion(tx: Executor, id: string, version: number): Promise<InvoiceDbRow> {
  const row = await lockInvoice(tx, id);
  if (!row) throw invoiceNotFound();
  if (row.version !== version) throw conflict();
  return row;
}

const balanceOfRow = (row: InvoiceDbRow) => centsOf(row.total) - centsOf(row.credited) - centsOf(row.amountPaid);

const actionsOfRow = (row: InvoiceDbRow) =>
  invoiceActionsOf({
    state: row.state as InvoiceRecord['state'],
    sentAt: row.sentAt?.toISOString() ?? null,
    credited: row.credited,
    balanceDue: formatMoney(balanceOfRow(row)),
    total: row.total,
  });

/** Money can be recorded on it: not cancelled, not paid, something still due. */
function checkPayable(row: InvoiceDbRow): void {
  if (row.state === 'cancelled') throw new AppError('CONFLICT', INVOICE_MESSAGES.readOnlyCancelled);
  if (!actionsOfRow(row).recordPayment) throw new AppError('CONFLICT', INVOICE_MESSAGES.alreadyPaid);
}

/**
 * A payment onto the invoice, recorded by the actor and dated as given, else the firm's today; never after
 * the firm's today.
 */
async function insertDatedPayment(
  tx: Executor,
  actor: Actor,
  invoiceId: string,
  given: string | undefined,
  values: Pick<Parameters<typeof insertPayment>[1], 'kind' | 'amount' | 'method' | 'reference' | 'ledgerId'>,
) {
  const today = await readFirmToday(tx);
  const paymentDate = given ?? today;
  if (futureMoneyDate(paymentDate, today)) {
    throw validationError({ paymentDate: [INVOICE_MONEY_MESSAGES.paymentInFuture] });
  }
  const payment = await insertPayment(tx, { ...values, invoiceId, paymentDate, createdBy: actor.ctx.actorId });
  return { payment, paymentDate };
}

/**
 * Records a payment: the balance due (spec 3 §4 'Mark as Paid': paid today, on the firm's date) or a part
 * of it, never dated after the firm's today. The services it bills are paid in line order.
 */
export async function markInvoicePaid(db: Database, actor: Actor, id: string, input: MarkPaidInput) {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, input.version);
    checkPayable(before);
    const balance = balanceOfRow(before);
    const amount = input.amount === undefined ? balance : centsOf(input.amount);
    if (amount <= 0n || amount > balance) throw validationError({ amount: [INVOICE_MESSAGES.paymentOverTotal] });
    const { payment, paymentDate } = await insertDatedPayment(tx, actor, id, input.paymentDate, {
      kind: 'payment',
      amount,
      method: input.method,
      reference: input.reference ?? null,
    });
    const row = await settleInvoice(tx, actor, before);
    await queueWebhook(
      tx,
      'payment.succeeded',
      {
        invoiceId: id,
        invoiceNumber: row.invoiceNumber,
        paymentId: payment.id,
        amount: formatMoney(amount),
        currency: row.currency,
        paymentDate,
        invoiceStatus: row.state,
      },
      actor.ctx.actorId,
    );
    await invoiceChanged(tx, actor, id, 'MARK_INVOICE_PAID', {
      old: { state: before.state, amountPaid: before.amountPaid },
      new: { state: row.state, amountPaid: row.amountPaid, payment: formatMoney(amount), paymentDate },
    });
    return recordOf(tx, row);
  });
}

/** Client money the invoice's lead or client holds pays (part of) it: out of the ledger, onto the invoice. */
export async function applyClientCredit(db: Database, actor: Actor, id: string, input: ApplyClientCreditInput) {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, input.version);
    checkPayable(before);
    const owner = invoiceOwner(before);
    const ledger = owner ? await lockLedgerOf(tx, owner, before.currency) : undefined;
    if (!owner || !ledger || centsOf(ledger.balance) === 0n) {
      throw new AppError('CONFLICT', INVOICE_MONEY_MESSAGES.clientCreditNone);
    }
    const amount = centsOf(input.amount);
    if (amount > centsOf(ledger.balance) || amount > balanceOfRow(before)) {
      throw validationError({ amount: [INVOICE_MONEY_MESSAGES.clientCreditOver] });
    }
    const { payment, paymentDate } = await insertDatedPayment(tx, actor, id, input.paymentDate, {
      kind: 'client_credit',
      amount,
      method: 'Client credit',
      ledgerId: ledger.id,
    });
    await postEntry(tx, ledger, {
      kind: 'to_invoice',
      entryDate: paymentDate,
      amount,
      invoiceId: id,
      paymentId: payment.id,
      createdBy: actor.ctx.actorId,
    });
    const row = await settleInvoice(tx, actor, before);
    await invoiceChanged(tx, actor, id, 'APPLY_CLIENT_CREDIT', {
      old: { state: before.state, amountPaid: before.amountPaid },
      new: { state: row.state, amountPaid: row.amountPaid, clientCredit: formatMoney(amount), paymentDate },
    });
    await publishChange(tx, actor.ctx, owner.type, 'APPLY_CLIENT_CREDIT', owner.id);
    return recordOf(tx, row);
  });
}

/** Cancel with credit note: all that is left of the invoice is credited. */
export const cancelInvoice = (db: Database, actor: Actor, id: string, input: CancelInvoiceInput) =>
  creditInvoice(db, actor, id, input, null);

/** A part credit: the lines (and amounts) chosen. */
export const issueCreditNote = (db: Database, actor: Actor, id: string, input: CreditNoteInput) =>
  creditInvoice(
    db,
    actor,
    id,
    input,
    input.lines.map((l) => ({ index: l.index, amount: centsOf(l.amount) })),
  );

/**
 * A credit note (an adjustment note for a tax invoice) for the lines given, or for all that is left (`lines`
 * null: the invoice is cancelled). What it credits beyond the balance due releases money already received:
 * the input says, payment by payment, whether it is refunded or kept as client credit, and the amounts must
 * add up to exactly that.
 */
async function creditInvoice(
  db: Database,
  actor: Actor,
  id: string,
  input: CancelInvoiceInput,
  lines: CreditLine[] | null,
): Promise<InvoiceRecord> {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, input.version);
    if (before.state === 'cancelled') throw new AppError('CONFLICT', INVOICE_MESSAGES.readOnlyCancelled);
    if (!actionsOfRow(before).cancel) throw new AppError('CONFLICT', INVOICE_MONEY_MESSAGES.creditDraft);
    const items = before.items.map((item) => ({ amount: centsOf(item.amount), taxable: item.taxable }));
    const notes = await creditNotesOf(tx, id);
    const creditedBefore = creditedPerLine(before.items, notes);
    const credit = lines ?? remainingCreditLines(items, creditedBefore);
    if (lines) {
      const problem = creditLinesProblem(items, creditedBefore, lines);
      if (problem) throw validationError({ [problem.path]: [problem.message] });
    }
    const figures = creditNoteFigures(items, creditedBefore, credit, before.applyTax, before.taxRate);
    const released = moneyReleasedBy(figures.total, balanceOfRow(before));
    const payments = await paymentsOf(tx, id);
    const owner = invoiceOwner(before);
    checkMoneyHandling(input, payments, released, before.currency, owner !== null);
    const today = await readFirmToday(tx);
    if (input.refund && futureMoneyDate(input.refund.refundDate, today)) {
      throw validationError({ 'refund.refundDate': [INVOICE_MONEY_MESSAGES.refundInFuture] });
    }

    const sequence = await nextNumber(tx, 'credit_note');
    const creditNoteNumber = creditNoteNumberOf(sequence);
    const refunded = sumOf(input.money.filter((m) => m.action === 'refund'));
    const kept = sumOf(input.money.filter((m) => m.action === 'client_credit'));
    const note = await insertCreditNote(tx, {
      creditNoteNumber,
      sequence,
      invoiceId: id,
      issueDate: today,
      reason: input.reason,
      cancels: lines === null,
      ofTaxInvoice: isTaxInvoice(before),
      lines: credit.map((l) => ({
        index: l.index,
        description: before.items[l.index]!.description,
        amount: formatMoney(l.amount),
        taxable: before.items[l.index]!.taxable,
      })),
      taxableAmount: formatMoney(figures.taxable),
      nonTaxableAmount: formatMoney(figures.nonTaxable),
      tax: formatMoney(figures.tax),
      total: formatMoney(figures.total),
      currency: before.currency,
      applyTax: before.applyTax,
      taxRate: before.taxRate,
      invoiceNumber: before.invoiceNumber,
      invoiceIssueDate: before.issueDate,
      invoiceTotal: before.total,
      clientName: before.clientName,
      clientAddress: before.clientAddress,
      refunded: formatMoney(refunded),
      movedToClientCredit: formatMoney(kept),
      createdBy: actor.ctx.actorId,
      updatedBy: actor.ctx.actorId,
    });
    for (const handling of input.money) {
      const amount = centsOf(handling.amount);
      if (handling.action === 'refund') {
        await insertRefund(tx, {
          refundDate: input.refund!.refundDate,
          amount: formatMoney(amount),
          currency: before.currency,
          method: input.refund!.method,
          reference: input.refund!.reference ?? null,
          clientName: before.clientName,
          invoiceId: id,
          invoiceNumber: before.invoiceNumber,
          paymentId: handling.paymentId,
          creditNoteId: note.id,
          creditNoteNumber,
          createdBy: actor.ctx.actorId,
        });
      } else {
        const ledger = await lockOrCreateLedger(tx, owner!, before.currency);
        await postEntry(tx, ledger, {
          kind: 'from_invoice',
          entryDate: today,
          amount,
          invoiceId: id,
          paymentId: handling.paymentId,
          creditNoteId: note.id,
          createdBy: actor.ctx.actorId,
        });
      }
    }
    const row = await settleInvoice(
      tx,
      actor,
      before,
      lines === null ? { cancelledAt: new Date(), creditNoteNumber, cancelReason: input.reason } : {},
    );
    await invoiceChanged(tx, actor, id, lines === null ? 'CANCEL_INVOICE' : 'ISSUE_CREDIT_NOTE', {
      old: { state: before.state, credited: before.credited, amountPaid: before.amountPaid },
      new: {
        state: row.state,
        creditNoteNumber,
        reason: input.reason,
        credited: formatMoney(figures.total),
        tax: formatMoney(figures.tax),
        refunded: formatMoney(refunded),
        movedToClientCredit: formatMoney(kept),
      },
    });
    if (kept > 0n && owner) {
      await publishChange(tx, actor.ctx, owner.type, 'ISSUE_CREDIT_NOTE', owner.id);
    }
    return recordOf(tx, row);
  });
}

const sumOf = (money: readonly { amount: string }[]) => money.reduce((sum, m) => sum + centsOf(m.amount), 0n);

/** The money a credit releases must be said for exactly, payment by payment, within what is left of each. */
function checkMoneyHandling(
  input: CancelInvoiceInput,
  payments: Awaited<ReturnType<typeof paymentsOf>>,
  released: bigint,
  currency: string,
  hasRecord: boolean,
): void {
  const errors: Record<string, string[]> = {};
  const total = sumOf(input.money);
  if (total !== released) {
    const amount = displayMoney(released, currency);
    errors.money = [
      input.money.length === 0 && released > 0n
        ? INVOICE_MONEY_MESSAGES.moneyUnhandled(amount)
        : INVOICE_MONEY_MESSAGES.moneyMismatch(amount),
    ];
  }
  const taken = new Map<string, bigint>();
  input.money.forEach((m, i) => {
    const payment = payments.find((p) => p.id === m.paymentId);
    if (!payment) {
      errors[`money.${i}.paymentId`] = [INVOICE_MONEY_MESSAGES.moneyNoSuchPayment];
      return;
    }
    const sum = (taken.get(m.paymentId) ?? 0n) + centsOf(m.amount);
    taken.set(m.paymentId, sum);
    if (sum > centsOf(payment.amount) - payment.returned) {
      errors[`money.${i}.amount`] = [INVOICE_MONEY_MESSAGES.moneyOverPayment];
    }
    if (m.action === 'client_credit' && !hasRecord)
      errors[`money.${i}.action`] = [INVOICE_MONEY_MESSAGES.noRecordForCredit];
  });
  if (input.money.some((m) => m.action === 'refund') && !input.refund) {
    errors.refund = [INVOICE_MONEY_MESSAGES.refundDetailsRequired];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/**
 * Saves the receipt of a payment (the latest one without a receipt when none is named): the invoice's
 * figures repeated exactly (DECISIONS §2), the payment, the money received before it, the balance left after
 * it, and the next number of the gap-free sequence. The payment row is locked first, so parallel requests
 * for one payment queue and all but the first are refused; a unique index is the backstop.
 */
export async function saveReceipt(
  db: Database,
  actor: Actor,
  invoiceId: string,
  input: { paymentId?: string | undefined },
): Promise<ReceiptRecord> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) throw invoiceNotFound();
    const payments = await paymentsOf(tx, invoiceId);
    if (payments.length === 0) throw new AppError('CONFLICT', INVOICE_MESSAGES.receiptUnpaid);
    const chosen = input.paymentId
      ? payments.find((p) => p.id === input.paymentId)
      : payments.findLast((p) => p.receiptId === null);
    if (!chosen) {
      if (input.paymentId) throw validationError({ paymentId: [INVOICE_MONEY_MESSAGES.noSuchPayment] });
      throw new AppError('CONFLICT', INVOICE_MONEY_MESSAGES.everyPaymentReceipted);
    }
    const payment = await lockPayment(tx, invoiceId, chosen.id);
    const existing = await liveReceiptOfPayment(tx, chosen.id);
    if (existing) throw new AppError('CONFLICT', INVOICE_MONEY_MESSAGES.receiptExists(existing.receiptNumber));
    const position = receiptPosition(invoice, payments, await creditNotesOf(tx, invoiceId), chosen.id);
    const sequence = await nextNumber(tx, 'receipt');
    const row = await insertReceipt(tx, receiptValuesOf(invoice, payment!, position, sequence, actor.ctx.actorId));
    await invoiceChanged(tx, actor, invoiceId, 'SAVE_RECEIPT', {
      new: { receiptNumber: row.receiptNumber, amount: payment!.amount, paymentId: payment!.id },
    });
    return toReceiptRecord(row);
  });
}

/** Where the invoice stood when the payment came: the money before it, the credits before it, the balance after. */
function receiptPosition(
  invoice: InvoiceDbRow,
  payments: Awaited<ReturnType<typeof paymentsOf>>,
  notes: Awaited<ReturnType<typeof creditNotesOf>>,
  paymentId: string,
) {
  const at = payments.findIndex((p) => p.id === paymentId);
  const { credited, balanceDue } = positionAfterPayment(
    centsOf(invoice.total),
    payments.map((p) => ({ amount: centsOf(p.amount), createdAt: p.createdAt.toISOString() })),
    at,
    notes.map((n) => ({
      total: centsOf(n.total),
      returned: centsOf(n.refunded) + centsOf(n.movedToClientCredit),
      createdAt: n.createdAt.toISOString(),
    })),
  );
  return {
    earlierPayments: payments.slice(0, at).map((p) => ({
      paymentDate: p.paymentDate,
      amount: formatMoney(centsOf(p.amount)),
      method: p.method,
      kind: p.kind as 'payment' | 'client_credit',
    })),
    credited,
    balanceDue,
  };
}

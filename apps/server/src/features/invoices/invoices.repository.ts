// Reading and writing invoices, payments and receipts, and the document numbers. Rows become the API's
// shape here (toInvoiceRecord), with the status derived on the firm's date.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  centsOf,
  formatMoney,
  INVOICE_DEFAULTS,
  type InvoiceInput,
  type InvoiceListQuery,
  type InvoicePayment,
  type InvoiceRecord,
  type InvoiceRow,
  invoiceStatusOf,
  invoiceTotalsText,
  type InvoiceState,
  type Page,
  taxRateFor,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid, listPage, sortKey, type Viewer } from '../../db/list-query.ts';
import { prefixSearchKey } from '../../db/schema/columns.ts';
import {
  documentCounters,
  invoicePayments,
  invoiceSearchText,
  invoices,
  receipts,
  type StoredInvoiceItem,
} from '../../db/schema/index.ts';

export type InvoiceDbRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;

/** The document kinds with a number sequence. */
export type CounterName = 'invoice' | 'receipt' | 'credit_note';

/**
 * The next number of a kind, taken in the caller's transaction: the counter row stays locked until it
 * commits, so concurrent saves queue on it and each gets the next number; a save that rolls back gives
 * its number back with the lock — no gaps, no duplicates.
 */
export async function nextNumber(tx: Executor, name: CounterName): Promise<number> {
  const result = await tx.execute<{ last_value: string }>(sql`
    insert into ${documentCounters} (name, last_value) values (${name}, 1)
    on conflict (name) do update set last_value = ${documentCounters.lastValue} + 1
    returning last_value`);
  return Number(result.rows[0]!.last_value);
}

export const invoiceNumberOf = (n: number) => `${INVOICE_DEFAULTS.numberPrefix}${String(n).padStart(4, '0')}`;
export const receiptNumberOf = (n: number) => `${INVOICE_DEFAULTS.receiptPrefix}${String(n).padStart(6, '0')}`;
export const creditNoteNumberOf = (n: number) => `${INVOICE_DEFAULTS.creditNotePrefix}${String(n).padStart(4, '0')}`;

/** The stored columns of an input: the figures computed here, never taken from the client. */
export function invoiceColumns(input: InvoiceInput) {
  const taxRate = input.taxRate ?? taxRateFor(input.currency);
  const totals = invoiceTotalsText(input.items, input.applyTax, taxRate);
  const items: StoredInvoiceItem[] = input.items.map((item, i) => ({
    description: item.description,
    quantity: item.quantity,
    rate: formatMoney(centsOf(item.rate)),
    amount: totals.lineAmounts[i]!,
    taxable: item.taxable,
    serviceId: item.serviceId ?? null,
  }));
  return {
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    leadId: input.entityType === 'lead' ? (input.entityId ?? null) : null,
    clientId: input.entityType === 'client' ? (input.entityId ?? null) : null,
    clientName: input.clientName,
    clientEmail: input.clientEmail || null,
    clientAddress: input.clientAddress,
    templateId: input.templateId ?? null,
    currency: input.currency,
    applyTax: input.applyTax,
    taxRate,
    items,
    taxableSubtotal: totals.taxableSubtotal,
    nonTaxableSubtotal: totals.nonTaxableSubtotal,
    tax: totals.tax,
    total: totals.total,
    notes: input.notes ?? null,
    terms: input.terms ?? null,
  };
}

/** numeric(5,2) reads back as '10.00'; the API gives the rate as written ('10', '7.5'). */
export const rateText = (stored: string) => stored.replace(/\.?0+$/, '') || '0';

export function toInvoiceRecord(
  row: InvoiceDbRow,
  payments: readonly (PaymentRow & { receiptId: string | null; receiptNumber: string | null })[],
  today: string,
): InvoiceRecord {
  const total = centsOf(row.total);
  const paid = centsOf(row.amountPaid);
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    entityType: row.leadId ? 'lead' : row.clientId ? 'client' : null,
    entityId: row.leadId ?? row.clientId ?? null,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    clientAddress: row.clientAddress,
    templateId: row.templateId,
    currency: row.currency as InvoiceRecord['currency'],
    applyTax: row.applyTax,
    taxRate: rateText(row.taxRate),
    items: row.items,
    taxableSubtotal: row.taxableSubtotal,
    nonTaxableSubtotal: row.nonTaxableSubtotal,
    subtotal: formatMoney(centsOf(row.taxableSubtotal) + centsOf(row.nonTaxableSubtotal)),
    tax: row.tax,
    total: row.total,
    amountPaid: row.amountPaid,
    balanceDue: formatMoney(total - paid),
    state: row.state as InvoiceState,
    status: invoiceStatusOf({ state: row.state as InvoiceState, dueDate: row.dueDate }, today),
    paymentDate: row.paymentDate,
    payments: payments.map((p): InvoicePayment => ({
      id: p.id,
      paymentDate: p.paymentDate,
      amount: p.amount,
      method: p.method,
      receiptId: p.receiptId,
      receiptNumber: p.receiptNumber,
      createdAt: p.createdAt.toISOString(),
    })),
    notes: row.notes,
    terms: row.terms,
    sentAt: row.sentAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    creditNoteNumber: row.creditNoteNumber,
    cancelReason: row.cancelReason,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function findInvoice(db: Executor, id: string): Promise<InvoiceDbRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .limit(1);
  return row;
}

export async function paymentsOf(db: Executor, invoiceId: string) {
  return db
    .select({
      payment: invoicePayments,
      receiptId: receipts.id,
      receiptNumber: receipts.receiptNumber,
    })
    .from(invoicePayments)
    .leftJoin(receipts, and(eq(receipts.paymentId, invoicePayments.id), isNull(receipts.deletedAt)))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.paymentDate), asc(invoicePayments.createdAt))
    .then((rows) => rows.map((r) => ({ ...r.payment, receiptId: r.receiptId, receiptNumber: r.receiptNumber })));
}

/** Whether a number is already taken (by any invoice, deleted ones too: numbers are never reused). */
export async function invoiceNumberTaken(db: Executor, number: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, number)).limit(1);
  return row !== undefined && row.id !== exceptId;
}

const SORT_KEYS = {
  createdAt: sortKey(invoices.createdAt, 'timestamptz'),
  issueDate: sortKey(invoices.issueDate, 'date'),
  dueDate: sortKey(invoices.dueDate, 'date'),
  invoiceNumber: sortKey(invoices.invoiceNumber),
};

/** The tab's condition (spec 3 §2.2): drafts are unpaid and not yet due; overdue unpaid past due. */
function tabCondition(tab: InvoiceListQuery['tab'], today: string) {
  const unpaid = inArray(invoices.state, ['drafts', 'partially_paid']);
  switch (tab) {
    case 'drafts':
      return and(eq(invoices.state, 'drafts'), sql`${invoices.dueDate} >= ${today}`);
    case 'paid':
      return eq(invoices.state, 'paid');
    case 'overdue':
      return and(unpaid, lt(invoices.dueDate, today));
    case 'all':
      return undefined;
  }
}

export const toInvoiceRow = (row: InvoiceDbRow, today: string): InvoiceRow => ({
  id: row.id,
  invoiceNumber: row.invoiceNumber,
  issueDate: row.issueDate,
  dueDate: row.dueDate,
  clientName: row.clientName,
  clientEmail: row.clientEmail,
  currency: row.currency as InvoiceRow['currency'],
  total: row.total,
  balanceDue: formatMoney(centsOf(row.total) - centsOf(row.amountPaid)),
  state: row.state as InvoiceState,
  status: invoiceStatusOf({ state: row.state as InvoiceState, dueDate: row.dueDate }, today),
  entityType: row.leadId ? 'lead' : row.clientId ? 'client' : null,
  entityId: row.leadId ?? row.clientId ?? null,
  version: row.version,
});

export async function invoicePage(
  db: Executor,
  viewer: Viewer,
  query: InvoiceListQuery,
  today: string,
): Promise<Page<InvoiceRow>> {
  return listPage(db, {
    viewer,
    from: invoices,
    conditions: [isNull(invoices.deletedAt), tabCondition(query.tab, today)],
    // Finance staff see every invoice: the module decides (features/invoices/invoices.routes.ts).
    visibility: () => undefined,
    search: {
      expression: invoiceSearchText(invoices),
      prefixes: [prefixSearchKey(invoices.invoiceNumber), prefixSearchKey(invoices.clientName)],
      term: query.search,
    },
    sort: { keys: SORT_KEYS, requested: query.sort, fallback: 'createdAt', tieBreaker: invoices.id },
    query,
    filtered: query.tab !== 'all' || Boolean(query.search?.trim()),
    toItems: async (rows) => rows.map((row) => toInvoiceRow(row, today)),
  });
}

export async function receiptsPage(db: Executor, limit = 100): Promise<ReceiptRow[]> {
  return db
    .select()
    .from(receipts)
    .where(isNull(receipts.deletedAt))
    .orderBy(desc(receipts.createdAt), desc(receipts.id))
    .limit(limit);
}

/** A receipt's row: the invoice's lines and figures repeated exactly, with the payment it receipts. */
export function receiptValuesOf(
  invoice: InvoiceDbRow,
  payment: Pick<PaymentRow, 'id' | 'paymentDate' | 'method' | 'amount'>,
  sequence: number,
  actorId: string | null,
): typeof receipts.$inferInsert {
  return {
    receiptNumber: receiptNumberOf(sequence),
    sequence,
    invoiceId: invoice.id,
    paymentId: payment.id,
    invoiceNumber: invoice.invoiceNumber,
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    clientAddress: invoice.clientAddress,
    issueDate: invoice.issueDate,
    paymentDate: payment.paymentDate,
    items: invoice.items,
    subtotal: formatMoney(centsOf(invoice.taxableSubtotal) + centsOf(invoice.nonTaxableSubtotal)),
    tax: invoice.tax,
    total: invoice.total,
    currency: invoice.currency,
    applyTax: invoice.applyTax,
    taxRate: invoice.taxRate,
    paymentMethod: payment.method,
    amountPaid: payment.amount,
    notes: invoice.notes,
    createdBy: actorId,
    updatedBy: actorId,
  };
}

export async function findReceipt(db: Executor, id: string): Promise<ReceiptRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.id, id), isNull(receipts.deletedAt)))
    .limit(1);
  return row;
}

// Reading and writing invoices and receipts, and the document numbers. Rows become the API's shape here
// (toInvoiceRecord), with the status derived on the firm's date. The money rows (payments, credit notes,
// refunds) are read and written by invoice-money.repository.ts.
import { and, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  centsOf,
  type CreditNoteRow as CreditNoteListRow,
  creditNoteTitle,
  formatMoney,
  INVOICE_DEFAULTS,
  type InvoiceCreditNote,
  type InvoiceInput,
  type InvoiceListQuery,
  type InvoicePayment,
  type InvoiceRecord,
  type InvoiceRow,
  invoiceStatusOf,
  invoiceTotalsText,
  type InvoiceState,
  type Page,
  type PaymentKind,
  type ReceiptListQuery,
  type ReceiptRecord,
  type ReceiptRow as ReceiptListRow,
  type RefundRow as RefundListRow,
  taxRateFor,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid, listPage, type SortKey, sortKey, type Viewer } from '../../db/list-query.ts';
import { changedBy, prefixSearchKey } from '../../db/schema/columns.ts';
import {
  creditNoteSearchText,
  creditNotes,
  documentCounters,
  invoiceSearchText,
  invoices,
  receiptSearchText,
  receipts,
  refundSearchText,
  refunds,
  services,
  type StoredEarlierPayment,
  type StoredInvoiceItem,
} from '../../db/schema/index.ts';
import type {
  CreditNoteRow,
  InvoiceDbRow,
  PaymentRow,
  PaymentWithReceipt,
  RefundRow,
} from './invoice-money.repository.ts';

export type { InvoiceDbRow, PaymentRow } from './invoice-money.repository.ts';
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
    taxTreatment: item.taxTreatment,
    treatmentReason: item.treatmentReason,
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

/**
 * numeric(5,2) reads back as '10.00'; the API gives the rate as written ('10', '7.5'). A rate without
 * decimals (a preview's, straight from the form) stays as it is: '10' is not '1'.
 */
export const rateText = (stored: string) =>
  (stored.includes('.') ? stored.replace(/0+$/, '').replace(/\.$/, '') : stored) || '0';

/** What an invoice's record shows besides its row: its money rows and the client credit it could use. */
export type InvoiceMoneyDetail = {
  payments: readonly PaymentWithReceipt[];
  creditNotes: readonly CreditNoteRow[];
  refunds: readonly RefundRow[];
  clientCreditAvailable: bigint | null;
};

export const NO_MONEY: InvoiceMoneyDetail = { payments: [], creditNotes: [], refunds: [], clientCreditAvailable: null };

/** What each line has credited so far, before tax, from the credit notes' lines. */
export function creditedPerLine(items: readonly unknown[], notes: readonly Pick<CreditNoteRow, 'lines'>[]): bigint[] {
  const credited = items.map(() => 0n);
  for (const note of notes) {
    for (const line of note.lines) {
      if (line.index < credited.length) credited[line.index]! += centsOf(line.amount);
    }
  }
  return credited;
}

export function toInvoiceRecord(row: InvoiceDbRow, detail: InvoiceMoneyDetail, today: string): InvoiceRecord {
  const total = centsOf(row.total);
  const paid = centsOf(row.amountPaid);
  const credited = centsOf(row.credited);
  const perLine = creditedPerLine(row.items, detail.creditNotes);
  const notesById = new Map(detail.creditNotes.map((n) => [n.id, n]));
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
    amountPaid: formatMoney(paid),
    credited: formatMoney(credited),
    balanceDue: formatMoney(total - credited - paid),
    state: row.state as InvoiceState,
    status: invoiceStatusOf(row as { state: InvoiceState; dueDate: string; sentAt: Date | null }, today),
    paymentDate: row.paymentDate,
    payments: detail.payments.map((p): InvoicePayment => ({
      id: p.id,
      kind: p.kind as PaymentKind,
      paymentDate: p.paymentDate,
      amount: formatMoney(centsOf(p.amount)),
      method: p.method,
      reference: p.reference,
      returned: formatMoney(p.returned),
      remaining: formatMoney(centsOf(p.amount) - p.returned),
      receiptId: p.receiptId,
      receiptNumber: p.receiptNumber,
      createdAt: p.createdAt.toISOString(),
    })),
    creditNotes: detail.creditNotes.map(toInvoiceCreditNote),
    refunds: detail.refunds.map((r) => ({
      id: r.id,
      refundDate: r.refundDate,
      amount: formatMoney(centsOf(r.amount)),
      method: r.method,
      reference: r.reference,
      paymentId: r.paymentId,
      creditNoteNumber: (r.creditNoteId && notesById.get(r.creditNoteId)?.creditNoteNumber) ?? r.creditNoteNumber,
    })),
    movedToClientCredit: formatMoney(detail.creditNotes.reduce((sum, n) => sum + centsOf(n.movedToClientCredit), 0n)),
    uncredited: row.items.map((item, i) => formatMoney(centsOf(item.amount) - perLine[i]!)),
    clientCreditAvailable: detail.clientCreditAvailable === null ? null : formatMoney(detail.clientCreditAvailable),
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

/** A credit note as its invoice lists it: what the credit note's own record (toCreditNoteRecord) starts with. */
export const toInvoiceCreditNote = (row: CreditNoteRow): InvoiceCreditNote => ({
  id: row.id,
  creditNoteNumber: row.creditNoteNumber,
  issueDate: row.issueDate,
  reason: row.reason,
  cancels: row.cancels,
  tax: formatMoney(centsOf(row.tax)),
  total: formatMoney(centsOf(row.total)),
  refunded: formatMoney(centsOf(row.refunded)),
  movedToClientCredit: formatMoney(centsOf(row.movedToClientCredit)),
  createdAt: row.createdAt.toISOString(),
});

/** A live invoice (unlocked: for reading; a change locks it with lockInvoice). */
export async function findInvoice(db: Executor, id: string): Promise<InvoiceDbRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .limit(1);
  return row;
}

/** Whether a number is already taken (by any invoice, deleted ones too: numbers are never reused). */
export async function invoiceNumberTaken(db: Executor, number: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNumber, number)).limit(1);
  return row !== undefined && row.id !== exceptId;
}

/** A deleted invoice (Deleted Items' Restore and Delete Forever). */
export async function findDeletedInvoice(tx: Executor, id: string): Promise<InvoiceDbRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNotNull(invoices.deletedAt)))
    .limit(1);
  return row;
}

export type InvoiceColumns = ReturnType<typeof invoiceColumns>;

export async function insertInvoice(
  tx: Executor,
  values: InvoiceColumns,
  invoiceNumber: string,
  actorId: string,
): Promise<InvoiceDbRow> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, invoiceNumber, createdBy: actorId, updatedBy: actorId })
    .returning();
  return row!;
}

/** The change, at the version read, of a live invoice; undefined when it changed or went meanwhile. */
export async function updateInvoiceRow(
  tx: Executor,
  id: string,
  version: number,
  values: InvoiceColumns & { invoiceNumber: string },
  actorId: string,
): Promise<InvoiceDbRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({
      ...values,
      ...changedBy(invoices, actorId),
    })
    .where(and(eq(invoices.id, id), eq(invoices.version, version), isNull(invoices.deletedAt)))
    .returning();
  return row;
}

export async function softDeleteInvoice(tx: Executor, id: string, actorId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ deletedAt: new Date(), deletedBy: actorId, version: sql`${invoices.version} + 1` })
    .where(eq(invoices.id, id));
}

export async function undeleteInvoice(tx: Executor, id: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ deletedAt: null, deletedBy: null, version: sql`${invoices.version} + 1` })
    .where(eq(invoices.id, id));
}

export async function purgeInvoiceRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(invoices).where(eq(invoices.id, id));
}

/** Records that a live invoice was sent; undefined when it is gone. */
export async function markInvoiceSent(tx: Executor, id: string): Promise<InvoiceDbRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({ sentAt: new Date(), updatedAt: new Date(), version: sql`${invoices.version} + 1` })
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .returning();
  return row;
}

/** The template an invoice (deleted or not) was made with, as a list of at most one row. */
export function invoiceTemplateIdOf(db: Executor, invoiceId: string) {
  return db.select({ templateId: invoices.templateId }).from(invoices).where(eq(invoices.id, invoiceId));
}

/** The live services among `ids`, with the record each belongs to and its tax treatment. */
export function billedServices(tx: Executor, ids: string[]) {
  return tx
    .select({
      id: services.id,
      leadId: services.leadId,
      clientId: services.clientId,
      taxTreatment: services.taxTreatment,
    })
    .from(services)
    .where(and(inArray(services.id, ids), isNull(services.deletedAt)));
}

/** Each service of the record a live invoice bills, with that invoice, by invoice number. */
export async function invoicesOfServices(db: Executor, owner: { type: 'lead' | 'client'; id: string }) {
  const column = owner.type === 'lead' ? invoices.leadId : invoices.clientId;
  const result = await db.execute<{
    service_id: string;
    id: string;
    invoice_number: string;
    state: string;
    due_date: string;
    sent_at: string | null;
  }>(sql`
    select distinct item->>'serviceId' as service_id, ${invoices.id} as id, ${invoices.invoiceNumber} as invoice_number,
      ${invoices.state} as state, ${invoices.dueDate}::text as due_date, ${invoices.sentAt}::text as sent_at
    from ${invoices}, jsonb_array_elements(${invoices.items}) as item
    where ${column} = ${owner.id} and ${invoices.deletedAt} is null and item->>'serviceId' is not null
    order by 3`);
  return result.rows;
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
      // Unsent drafts only: a sent one reads Sent (invoiceStatusOf).
      return and(eq(invoices.state, 'drafts'), isNull(invoices.sentAt), sql`${invoices.dueDate} >= ${today}`);
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
  credited: formatMoney(centsOf(row.credited)),
  balanceDue: formatMoney(centsOf(row.total) - centsOf(row.credited) - centsOf(row.amountPaid)),
  state: row.state as InvoiceState,
  status: invoiceStatusOf(row as { state: InvoiceState; dueDate: string; sentAt: Date | null }, today),
  sentAt: row.sentAt?.toISOString() ?? null,
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

/** What sets one finance document list apart: its table, the columns its search and sort use, its row shape. */
type DocumentList<TTable extends PgTable & { id: PgColumn; createdAt: PgColumn }, Item, F extends string> = {
  from: TTable;
  /** Conditions every row must meet besides the search. */
  conditions: (SQL | undefined)[];
  searchText: SQL;
  /** The columns a one- or two-letter search matches the start of. */
  prefixes: PgColumn[];
  /** The sortable fields besides createdAt, which every document list has and sorts by when none is asked. */
  sortKeys: Record<F, SortKey>;
  toItem: (row: TTable['$inferSelect']) => Item;
};

/**
 * The receipts, credit notes and refunds lists: finance staff see every row (the module decides), newest
 * first by default, searched by their text and prefix keys, keyset pages.
 */
function documentPage<TTable extends PgTable & { id: PgColumn; createdAt: PgColumn }, Item, F extends string>(
  db: Executor,
  viewer: Viewer,
  query: ReceiptListQuery,
  list: DocumentList<TTable, Item, F>,
): Promise<Page<Item>> {
  const keys: Record<F | 'createdAt', SortKey> = {
    createdAt: sortKey(list.from.createdAt, 'timestamptz'),
    ...list.sortKeys,
  };
  return listPage(db, {
    viewer,
    from: list.from,
    conditions: list.conditions,
    visibility: () => undefined,
    search: { expression: list.searchText, prefixes: list.prefixes.map(prefixSearchKey), term: query.search },
    sort: { keys, requested: query.sort, fallback: 'createdAt', tieBreaker: list.from.id },
    query,
    filtered: Boolean(query.search?.trim()),
    toItems: async (rows) => rows.map((row) => list.toItem(row)),
  });
}

const toReceiptListRow = (row: ReceiptRow): ReceiptListRow => ({
  id: row.id,
  receiptNumber: row.receiptNumber,
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  clientName: row.clientName,
  paymentDate: row.paymentDate,
  paymentMethod: row.paymentMethod,
  amountPaid: formatMoney(centsOf(row.amountPaid)),
  currency: row.currency as ReceiptListRow['currency'],
  createdAt: row.createdAt.toISOString(),
});

/** The receipts list: searched by numbers and client. */
export const receiptsPage = (db: Executor, viewer: Viewer, query: ReceiptListQuery): Promise<Page<ReceiptListRow>> =>
  documentPage(db, viewer, query, {
    from: receipts,
    conditions: [isNull(receipts.deletedAt)],
    searchText: receiptSearchText(receipts),
    prefixes: [receipts.receiptNumber, receipts.invoiceNumber, receipts.clientName],
    sortKeys: { paymentDate: sortKey(receipts.paymentDate, 'date'), receiptNumber: sortKey(receipts.receiptNumber) },
    toItem: toReceiptListRow,
  });

export const toCreditNoteListRow = (row: CreditNoteRow): CreditNoteListRow => ({
  id: row.id,
  creditNoteNumber: row.creditNoteNumber,
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  clientName: row.clientName,
  issueDate: row.issueDate,
  reason: row.reason,
  total: formatMoney(centsOf(row.total)),
  tax: formatMoney(centsOf(row.tax)),
  currency: row.currency as CreditNoteListRow['currency'],
  title: creditNoteTitle(row),
  createdAt: row.createdAt.toISOString(),
});

export const creditNotesPage = (
  db: Executor,
  viewer: Viewer,
  query: ReceiptListQuery,
): Promise<Page<CreditNoteListRow>> =>
  documentPage(db, viewer, query, {
    from: creditNotes,
    conditions: [],
    searchText: creditNoteSearchText(creditNotes),
    prefixes: [creditNotes.creditNoteNumber, creditNotes.invoiceNumber, creditNotes.clientName],
    sortKeys: {
      issueDate: sortKey(creditNotes.issueDate, 'date'),
      creditNoteNumber: sortKey(creditNotes.creditNoteNumber),
    },
    toItem: toCreditNoteListRow,
  });

const toRefundListRow = (row: RefundRow): RefundListRow => ({
  id: row.id,
  refundDate: row.refundDate,
  amount: formatMoney(centsOf(row.amount)),
  currency: row.currency as RefundListRow['currency'],
  method: row.method,
  reference: row.reference,
  clientName: row.clientName,
  source: row.invoiceId ? 'invoice' : 'client_money',
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  creditNoteNumber: row.creditNoteNumber,
  createdAt: row.createdAt.toISOString(),
});

export const refundsPage = (db: Executor, viewer: Viewer, query: ReceiptListQuery): Promise<Page<RefundListRow>> =>
  documentPage(db, viewer, query, {
    from: refunds,
    conditions: [],
    searchText: refundSearchText(refunds),
    prefixes: [refunds.clientName],
    sortKeys: { refundDate: sortKey(refunds.refundDate, 'date') },
    toItem: toRefundListRow,
  });

/** Where the invoice stood when a payment came: the money before it, the credits before it, the balance after. */
export type ReceiptPosition = { earlierPayments: StoredEarlierPayment[]; credited: bigint; balanceDue: bigint };

/** A receipt's row: the invoice's lines and figures repeated exactly, with the payment it receipts. */
export function receiptValuesOf(
  invoice: InvoiceDbRow,
  payment: Pick<PaymentRow, 'id' | 'paymentDate' | 'method' | 'amount' | 'kind' | 'reference'>,
  position: ReceiptPosition,
  sequence: number,
  actorId: string | null,
): typeof receipts.$inferInsert {
  return {
    paymentKind: payment.kind,
    reference: payment.reference,
    earlierPayments: position.earlierPayments,
    credited: formatMoney(position.credited),
    balanceDue: formatMoney(position.balanceDue),
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

export function toReceiptRecord(row: ReceiptRow): ReceiptRecord {
  return {
    id: row.id,
    receiptNumber: row.receiptNumber,
    invoiceId: row.invoiceId,
    paymentId: row.paymentId,
    invoiceNumber: row.invoiceNumber,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    clientAddress: row.clientAddress,
    issueDate: row.issueDate,
    paymentDate: row.paymentDate,
    items: row.items,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    currency: row.currency as ReceiptRecord['currency'],
    applyTax: row.applyTax,
    taxRate: rateText(row.taxRate),
    paymentMethod: row.paymentMethod,
    paymentKind: row.paymentKind as PaymentKind,
    reference: row.reference,
    amountPaid: row.amountPaid,
    earlierPayments: row.earlierPayments,
    credited: formatMoney(centsOf(row.credited)),
    balanceDue: formatMoney(centsOf(row.balanceDue)),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
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

/** A receipt is deleted softly: its number stays taken. */
export async function softDeleteReceipt(tx: Executor, id: string, actorId: string): Promise<void> {
  await tx.update(receipts).set({ deletedAt: new Date(), updatedBy: actorId }).where(eq(receipts.id, id));
}

/** The live receipt already taken for a payment, if any. */
export async function liveReceiptOfPayment(
  tx: Executor,
  paymentId: string,
): Promise<{ receiptNumber: string } | undefined> {
  const [existing] = await tx
    .select({ receiptNumber: receipts.receiptNumber })
    .from(receipts)
    .where(and(eq(receipts.paymentId, paymentId), sql`${receipts.deletedAt} is null`));
  return existing;
}

export async function insertReceipt(tx: Executor, values: typeof receipts.$inferInsert): Promise<ReceiptRow> {
  const [row] = await tx.insert(receipts).values(values).returning();
  return row!;
}

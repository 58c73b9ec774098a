// Reading and writing the money on invoices (issue 25): payments, credit notes, refunds, and which services
// the money pays (invoice_allocations). The figures stored on an invoice and a service are recomputed from
// these rows by invoice-money.service.ts in the same transaction.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Cents, centsOf, formatMoney, type PaymentKind } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import { changedBy } from '../../db/schema/columns.ts';
import {
  clientLedgerEntries,
  creditNotes,
  invoiceAllocations,
  invoicePayments,
  invoices,
  receipts,
  refunds,
  services,
} from '../../db/schema/index.ts';

export type InvoiceDbRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A live invoice, locked for the transaction: every change to its money starts here. */
export async function lockInvoice(tx: Executor, id: string): Promise<InvoiceDbRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .for('update');
  return row;
}

/** Refunded or moved to the ledger out of a payment. */
const returnedOf = (paymentId: typeof invoicePayments.id) => sql<string>`(
  coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.paymentId} = ${paymentId}), 0) +
  coalesce((select sum(${clientLedgerEntries.amount}) from ${clientLedgerEntries}
    where ${clientLedgerEntries.paymentId} = ${paymentId} and ${clientLedgerEntries.kind} = 'from_invoice'), 0))::numeric(16,2)::text`;

export type PaymentWithReceipt = PaymentRow & {
  receiptId: string | null;
  receiptNumber: string | null;
  /** Refunded or moved to client credit out of it. */
  returned: Cents;
};

/** An invoice's money rows in the order they came, each with its live receipt and what was returned of it. */
export async function paymentsOf(db: Executor, invoiceId: string): Promise<PaymentWithReceipt[]> {
  const rows = await db
    .select({
      payment: invoicePayments,
      receiptId: receipts.id,
      receiptNumber: receipts.receiptNumber,
      returned: returnedOf(invoicePayments.id),
    })
    .from(invoicePayments)
    .leftJoin(receipts, and(eq(receipts.paymentId, invoicePayments.id), isNull(receipts.deletedAt)))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
  return rows.map((r) => ({
    ...r.payment,
    receiptId: r.receiptId,
    receiptNumber: r.receiptNumber,
    returned: centsOf(r.returned),
  }));
}

/** One payment of an invoice, locked (a receipt is taken for it under this lock). */
export async function lockPayment(tx: Executor, invoiceId: string, paymentId: string): Promise<PaymentRow | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)))
    .for('update');
  return row;
}

export async function insertPayment(
  tx: Executor,
  values: {
    invoiceId: string;
    kind: PaymentKind;
    paymentDate: string;
    amount: Cents;
    method: string;
    reference?: string | null;
    ledgerId?: string | null;
    createdBy: string | null;
  },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(invoicePayments)
    .values({ ...values, amount: formatMoney(values.amount), reference: values.reference ?? null })
    .returning();
  return row!;
}

export async function creditNotesOf(db: Executor, invoiceId: string): Promise<CreditNoteRow[]> {
  return db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.sequence));
}

export async function insertCreditNote(tx: Executor, values: typeof creditNotes.$inferInsert): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  return row!;
}

export async function findCreditNote(db: Executor, id: string): Promise<CreditNoteRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id)).limit(1);
  return row;
}

export async function refundsOf(db: Executor, invoiceId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.invoiceId, invoiceId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** What the money rows of an invoice add up to. */
export type InvoiceMoneyRows = {
  received: Cents;
  refunded: Cents;
  moved: Cents;
  credited: Cents;
  creditNotes: number;
  lastPaymentDate: string | null;
};

export async function moneyRowsOf(db: Executor, invoiceId: string): Promise<InvoiceMoneyRows> {
  const result = await db.execute<{
    received: string;
    refunded: string;
    moved: string;
    credited: string;
    notes: string;
    last_payment: string | null;
  }>(sql`select
    (select coalesce(sum(${invoicePayments.amount}), 0) from ${invoicePayments} where ${invoicePayments.invoiceId} = ${invoiceId})::numeric(16,2)::text as received,
    (select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.invoiceId} = ${invoiceId})::numeric(16,2)::text as refunded,
    (select coalesce(sum(${clientLedgerEntries.amount}), 0) from ${clientLedgerEntries}
      where ${clientLedgerEntries.invoiceId} = ${invoiceId} and ${clientLedgerEntries.kind} = 'from_invoice')::numeric(16,2)::text as moved,
    (select coalesce(sum(${creditNotes.total}), 0) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoiceId})::numeric(16,2)::text as credited,
    (select count(*) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoiceId})::text as notes,
    (select max(${invoicePayments.paymentDate}) from ${invoicePayments} where ${invoicePayments.invoiceId} = ${invoiceId})::text as last_payment`);
  const row = result.rows[0]!;
  return {
    received: centsOf(row.received),
    refunded: centsOf(row.refunded),
    moved: centsOf(row.moved),
    credited: centsOf(row.credited),
    creditNotes: Number(row.notes),
    lastPaymentDate: row.last_payment,
  };
}

/**
 * Replaces which services the invoice's money pays; returns every service whose sum may have changed (the
 * ones it paid before and the ones it pays now), sorted, so rows are locked in one order by everyone.
 */
export async function replaceAllocations(
  tx: Executor,
  invoiceId: string,
  allocations: ReadonlyMap<string, Cents>,
): Promise<string[]> {
  const before = await tx
    .delete(invoiceAllocations)
    .where(eq(invoiceAllocations.invoiceId, invoiceId))
    .returning({ serviceId: invoiceAllocations.serviceId });
  const existing = allocations.size
    ? await tx
        .select({ id: services.id })
        .from(services)
        .where(inArray(services.id, [...allocations.keys()]))
    : [];
  const known = new Set(existing.map((s) => s.id));
  const rows = [...allocations]
    .filter(([serviceId, amount]) => amount > 0n && known.has(serviceId))
    .map(([serviceId, amount]) => ({ invoiceId, serviceId, amount: formatMoney(amount) }));
  if (rows.length) await tx.insert(invoiceAllocations).values(rows);
  return [...new Set([...before.map((b) => b.serviceId), ...rows.map((r) => r.serviceId)])].sort();
}

export type PaidService = {
  id: string;
  leadId: string | null;
  clientId: string | null;
  paidAmount: string;
  invoicePaidAmount: string;
};

/**
 * Sets each service's invoice-paid amount to the sum of its allocations, keeping what was recorded on the
 * service itself (paid − invoice-paid) as it was. Locks the rows in id order first. Returns the services
 * that changed.
 */
export async function syncInvoicePaid(tx: Executor, serviceIds: readonly string[], actorId: string | null) {
  if (serviceIds.length === 0) return [] as PaidService[];
  await tx
    .select({ id: services.id })
    .from(services)
    .where(inArray(services.id, [...serviceIds]))
    .orderBy(asc(services.id))
    .for('update');
  const result = await tx.execute<{
    id: string;
    lead_id: string | null;
    client_id: string | null;
    paid_amount: string;
    invoice_paid_amount: string;
  }>(sql`
    update ${services} s set
      paid_amount = s.paid_amount - s.invoice_paid_amount + x.total,
      invoice_paid_amount = x.total,
      updated_at = now(), updated_by = ${actorId}, version = s.version + 1
    from (
      select id, coalesce((select sum(a.amount) from ${invoiceAllocations} a where a.service_id = ids.id), 0) as total
      from unnest(${`{${serviceIds.join(',')}}`}::uuid[]) as ids(id)
    ) x
    where s.id = x.id and s.invoice_paid_amount <> x.total
    returning s.id, s.lead_id, s.client_id, s.paid_amount::text, s.invoice_paid_amount::text`);
  return result.rows.map((r): PaidService => ({
    id: r.id,
    leadId: r.lead_id,
    clientId: r.client_id,
    paidAmount: r.paid_amount,
    invoicePaidAmount: r.invoice_paid_amount,
  }));
}

/** Writes an invoice's figures (and any other columns of the same change) recomputed from its money rows. */
export async function saveInvoiceFigures(
  tx: Executor,
  id: string,
  set: Partial<InvoiceInsert>,
  actorId: string,
): Promise<InvoiceDbRow> {
  const [row] = await tx
    .update(invoices)
    .set({
      ...set,
      ...changedBy(invoices, actorId),
    })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

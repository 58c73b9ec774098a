// The only place that reads and writes the services table.
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  balanceDueOf,
  centsOf,
  formatMoney,
  paymentStatusOf,
  type ServiceEntityType,
  type ServiceInput,
  type ServiceRecord,
  SERVICES_PER_RECORD,
  type TaxTreatment,
  termStatusOf,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import { services, type StoredPaymentTerm } from '../../db/schema/index.ts';
import { changedBy } from '../../db/schema/columns.ts';
import { type Parent, parentOf } from '../record-kit/child-records.ts';

export type ServiceRow = typeof services.$inferSelect;

/** The record a service belongs to. */
export type ServiceOwner = Parent;

const ownerColumn = (type: ServiceEntityType) => (type === 'lead' ? services.leadId : services.clientId);

/** numeric comes back as '1234.50' from PostgreSQL, possibly without the trailing zeros elsewhere. */
const money = (value: string) => formatMoney(centsOf(value));

/**
 * The payment status (domain paymentStatusOf) as SQL, for the overview's filter; a test holds the two
 * to the same answer at every boundary.
 */
export const paymentStatusSql = sql`(case when ${services.serviceFee} is null or ${services.serviceFee} = 0 then 'N/A'
  when ${services.paidAmount} >= ${services.serviceFee} then 'Paid'
  when ${services.paidAmount} > 0 then 'Partially Paid' else 'Unpaid' end)`;

/** The API shape; statuses derived from the amounts and the firm's today (`today`, 'YYYY-MM-DD'). */
export function toServiceRecord(row: ServiceRow, today: string): ServiceRecord {
  const fee = row.serviceFee === null ? null : centsOf(row.serviceFee);
  const paid = centsOf(row.paidAmount);
  const owner = parentOf(row);
  return {
    id: row.id,
    entityType: owner.type,
    entityId: owner.id,
    serviceName: row.serviceName,
    serviceCategory: row.serviceCategory,
    serviceDescription: row.serviceDescription,
    serviceStatus: row.serviceStatus as ServiceRecord['serviceStatus'],
    paymentStatus: paymentStatusOf(fee, paid),
    serviceFee: row.serviceFee === null ? null : money(row.serviceFee),
    paidAmount: money(row.paidAmount),
    invoicePaidAmount: money(row.invoicePaidAmount),
    balanceDue: formatMoney(balanceDueOf(fee, paid)),
    currency: row.currency as ServiceRecord['currency'],
    startDate: row.startDate,
    completionDate: row.completionDate,
    notes: row.notes,
    hasPaymentEvidence: row.paymentEvidenceKey !== null,
    taxTreatment: row.taxTreatment as TaxTreatment,
    tuitionTerms: row.tuitionTerms.map((term) => ({
      ...term,
      amount: money(term.amount),
      paidAmount: money(term.paidAmount),
      status: termStatusOf(
        { amount: centsOf(term.amount), paidAmount: centsOf(term.paidAmount), dueDate: term.dueDate },
        today,
      ),
    })),
    transferredFrom: row.transferredFromLeadId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The stored form of the schema's terms: numbered in order, 'Term N' unless named. */
export function storedTerms(input: ServiceInput): StoredPaymentTerm[] {
  return input.tuitionTerms.map((term, i) => ({
    termNumber: i + 1,
    termName: term.termName ?? `Term ${i + 1}`,
    amount: term.amount,
    paidAmount: term.paidAmount,
    dueDate: term.dueDate ?? null,
    paymentDate: term.paymentDate ?? null,
    notes: term.notes ?? null,
  }));
}

/** The columns a form sets; `taxTreatment` is the input's, resolved by the caller when it was left out. */
export function serviceColumns(input: ServiceInput, taxTreatment: TaxTreatment) {
  return {
    taxTreatment,
    serviceName: input.serviceName,
    serviceCategory: input.serviceCategory ?? null,
    serviceDescription: input.serviceDescription ?? null,
    serviceStatus: input.serviceStatus,
    serviceFee: input.serviceFee ?? null,
    paidAmount: input.paidAmount,
    currency: input.currency,
    startDate: input.startDate ?? null,
    completionDate: input.completionDate ?? null,
    notes: input.notes ?? null,
    tuitionTerms: storedTerms(input),
  };
}

/** A record's live services, newest first (spec 2 §7: at most 100). */
export async function servicesOf(db: Executor, owner: ServiceOwner): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(and(eq(ownerColumn(owner.type), owner.id), isNull(services.deletedAt)))
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(SERVICES_PER_RECORD);
}

/** One live service; undefined when there is none (or the id is no uuid). */
export async function findService(db: Executor, id: string): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  return row;
}

export async function insertService(
  db: Executor,
  owner: ServiceOwner,
  values: ReturnType<typeof serviceColumns> & { createdBy: string; updatedBy: string },
): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({
      ...values,
      leadId: owner.type === 'lead' ? owner.id : null,
      clientId: owner.type === 'client' ? owner.id : null,
    })
    .returning();
  if (!row) throw new Error('insert services returned no row');
  return row;
}

/** Applies a change only when the version matches and the service is live; undefined otherwise. */
export async function updateServiceVersioned(
  db: Executor,
  id: string,
  expectedVersion: number,
  patch: Partial<typeof services.$inferInsert>,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ ...patch, updatedAt: new Date(), version: sql`${services.version} + 1` })
    .where(and(eq(services.id, id), eq(services.version, expectedVersion), isNull(services.deletedAt)))
    .returning();
  return row;
}

/** A soft-deleted service (Deleted Items). */
export async function findDeletedService(db: Executor, id: string): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), isNotNull(services.deletedAt)))
    .limit(1);
  return row;
}

export async function restoreServiceRow(db: Executor, id: string, actorId: string): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({
      deletedAt: null,
      deleteReason: null,
      deletedBy: null,
      ...changedBy(services, actorId),
    })
    .where(and(eq(services.id, id), isNotNull(services.deletedAt)))
    .returning();
  return row;
}

/** Removes a service row for good (its terms are in the row; an invoice item keeps its own copy). */
export async function deleteServiceRow(db: Executor, id: string): Promise<void> {
  await db.delete(services).where(eq(services.id, id));
}

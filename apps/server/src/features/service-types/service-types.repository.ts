// The only place that reads and writes the service catalogue (service_types).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  feesOf,
  type ServiceTypeInput,
  type ServiceTypeRecord,
  serviceTypeNameKey,
  type TaxTreatment,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import { serviceTypes } from '../../db/schema/index.ts';

export type ServiceTypeRow = typeof serviceTypes.$inferSelect;

export const toServiceTypeRecord = (row: ServiceTypeRow): ServiceTypeRecord => ({
  id: row.id,
  name: row.name,
  defaultFees: feesOf(row.defaultFees),
  defaultTreatment: row.defaultTreatment as TaxTreatment,
  archived: row.archived,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/** The stored columns of an input: only the currencies with a fee are kept. */
export const serviceTypeColumns = (input: ServiceTypeInput) => ({
  name: input.name,
  defaultFees: Object.fromEntries(Object.entries(feesOf(input.defaultFees)).filter(([, fee]) => fee !== null)),
  defaultTreatment: input.defaultTreatment,
  archived: input.archived,
});

/** The whole catalogue, archived types included, by name (a firm keeps tens of them, never thousands). */
export async function allServiceTypes(db: Executor): Promise<ServiceTypeRow[]> {
  return db
    .select()
    .from(serviceTypes)
    .orderBy(asc(sql`lower(${serviceTypes.name})`), asc(serviceTypes.id))
    .limit(1000);
}

export async function findServiceType(db: Executor, id: string): Promise<ServiceTypeRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(serviceTypes).where(eq(serviceTypes.id, id)).limit(1);
  return row;
}

/** Whether another type (not `exceptId`) has this name in any case. */
export async function serviceTypeNameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceTypes.id })
    .from(serviceTypes)
    .where(
      and(
        eq(sql`lower(${serviceTypes.name})`, serviceTypeNameKey(name)),
        exceptId ? ne(serviceTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The treatment of the type of this name (any case, archived too); undefined when there is none. */
export async function treatmentOfTypeNamed(db: Executor, name: string): Promise<TaxTreatment | undefined> {
  const [row] = await db
    .select({ treatment: serviceTypes.defaultTreatment })
    .from(serviceTypes)
    .where(eq(sql`lower(${serviceTypes.name})`, serviceTypeNameKey(name)))
    .limit(1);
  return row?.treatment as TaxTreatment | undefined;
}

export async function insertServiceType(
  db: Executor,
  values: ReturnType<typeof serviceTypeColumns> & { createdBy: string; updatedBy: string },
): Promise<ServiceTypeRow> {
  const [row] = await db.insert(serviceTypes).values(values).returning();
  if (!row) throw new Error('insert service_types returned no row');
  return row;
}

/** Applies a change only when the version matches; undefined otherwise. */
export async function updateServiceTypeVersioned(
  db: Executor,
  id: string,
  expectedVersion: number,
  values: ReturnType<typeof serviceTypeColumns> & { updatedBy: string },
): Promise<ServiceTypeRow | undefined> {
  const [row] = await db
    .update(serviceTypes)
    .set({ ...values, updatedAt: new Date(), version: sql`${serviceTypes.version} + 1` })
    .where(and(eq(serviceTypes.id, id), eq(serviceTypes.version, expectedVersion)))
    .returning();
  return row;
}

// The only place that reads and writes contracts, contract templates and the contract number counters.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CONTRACT_SORT_FIELDS, ContractListQuery, ContractStatus, ContractSummary } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid, listPage, seesEverything, sortKey, visibleRecordTo, type Viewer } from '../../db/list-query.ts';
import {
  clientOwnership,
  clients,
  contractSearchText,
  contractTemplates,
  contracts,
  documentCounters,
  leadOwnership,
  leads,
} from '../../db/schema/index.ts';
import { changedBy, prefixSearchKey } from '../../db/schema/columns.ts';

export type ContractRow = typeof contracts.$inferSelect;
export type ContractInsert = typeof contracts.$inferInsert;
export type TemplateRow = typeof contractTemplates.$inferSelect;
export type TemplateColumns = Pick<
  typeof contractTemplates.$inferInsert,
  'name' | 'category' | 'description' | 'content' | 'isPublic'
>;

/**
 * The next number of the year, from its counter row: the row stays locked until the transaction ends, so
 * concurrent creates (in any server process) queue on it and each gets its own number.
 */
export async function takeContractNumber(tx: Executor, year: string): Promise<number> {
  const name = `contract-${year}`;
  const result = await tx.execute<{ last_value: string }>(sql`
    insert into ${documentCounters} (name, last_value) values (${name}, 1)
    on conflict (name) do update set last_value = ${documentCounters.lastValue} + 1
    returning last_value`);
  return Number(result.rows[0]!.last_value);
}

export function leadsByIds(db: Executor, ids: string[]) {
  return db
    .select()
    .from(leads)
    .where(inArray(leads.id, [...new Set(ids)]));
}

export function clientsByIds(db: Executor, ids: string[]) {
  return db
    .select()
    .from(clients)
    .where(inArray(clients.id, [...new Set(ids)]));
}

/**
 * Which contracts a viewer sees: every one for a role that sees all records; otherwise those they wrote and
 * those of the leads and clients they may see (the same rule as the records themselves), checked row by
 * row with one primary-key probe into leads or clients. `offset 0` keeps each EXISTS a per-row subplan:
 * without it PostgreSQL makes them hashed subplans that first read every lead and client the viewer sees
 * (60,000 for the demo consultant at 100,000 leads: seconds a page).
 */
function contractVisibility(viewer: Viewer): SQL | undefined {
  if (seesEverything(viewer)) return undefined;
  return or(
    eq(contracts.createdBy, viewer.id),
    sql`exists (select 1 from ${leads} where ${leads.id} = ${contracts.leadId} and ${visibleRecordTo(viewer, leadOwnership)} offset 0)`,
    sql`exists (select 1 from ${clients} where ${clients.id} = ${contracts.clientId} and ${visibleRecordTo(viewer, clientOwnership)} offset 0)`,
  );
}

export async function findContract(db: Executor, viewer: Viewer, id: string): Promise<ContractRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), contractVisibility(viewer)))
    .limit(1);
  return row;
}

function statusCondition(statuses: readonly ContractStatus[] | undefined, today: string): SQL | undefined {
  if (!statuses || statuses.length === 0) return undefined;
  const notExpired = sql`(${contracts.expiryDate} is null or ${contracts.expiryDate} >= ${today}::date)`;
  const each: Record<ContractStatus, SQL> = {
    draft: sql`${contracts.state} = 'draft'`,
    terminated: sql`${contracts.state} = 'terminated'`,
    active: sql`(${contracts.state} = 'active' and ${notExpired})`,
    expired: sql`(${contracts.state} = 'active' and ${contracts.expiryDate} < ${today}::date)`,
  };
  return or(...statuses.map((s) => each[s]));
}

/** One page of the contracts the viewer sees; `filtered` leaves it uncounted. */
export function contractsPage(
  db: Executor,
  viewer: Viewer,
  query: ContractListQuery,
  today: string,
  filtered: boolean,
  toItems: (rows: ContractRow[]) => Promise<ContractSummary[]>,
) {
  return listPage<typeof contracts, ContractSummary, (typeof CONTRACT_SORT_FIELDS)[number]>(db, {
    viewer,
    from: contracts,
    visibility: contractVisibility,
    conditions: [statusCondition(query.status, today)],
    search: {
      expression: contractSearchText(contracts),
      prefixes: [
        prefixSearchKey(contracts.reference),
        prefixSearchKey(contracts.title),
        prefixSearchKey(contracts.clientName),
      ],
      term: query.search,
    },
    sort: {
      keys: {
        createdAt: sortKey(contracts.createdAt, 'timestamptz'),
        updatedAt: sortKey(contracts.updatedAt, 'timestamptz'),
        title: sortKey(contracts.title),
        reference: sortKey(contracts.reference),
      },
      requested: query.sort,
      fallback: 'createdAt',
      tieBreaker: contracts.id,
    },
    query,
    filtered,
    toItems,
  });
}

/** A record's contracts, newest first: a client's include those naming it as an additional client. */
export function contractsOfOwner(db: Executor, owner: { type: 'lead' | 'client'; id: string }) {
  const column = owner.type === 'lead' ? contracts.leadId : contracts.clientId;
  return db
    .select()
    .from(contracts)
    .where(
      owner.type === 'client'
        ? or(eq(column, owner.id), sql`${owner.id}::uuid = any(${contracts.additionalClientIds})`)
        : eq(column, owner.id),
    )
    .orderBy(sql`${contracts.createdAt} desc`, contracts.id)
    .limit(200);
}

export async function insertContract(tx: Executor, values: ContractInsert): Promise<ContractRow> {
  const [row] = await tx.insert(contracts).values(values).returning();
  return row!;
}

/** The change, at the version read; undefined when the row changed meanwhile. */
export async function updateContractRow(
  tx: Executor,
  actorId: string,
  row: ContractRow,
  set: Partial<ContractInsert>,
): Promise<ContractRow | undefined> {
  const [saved] = await tx
    .update(contracts)
    .set({ ...set, ...changedBy(contracts, actorId) })
    .where(and(eq(contracts.id, row.id), eq(contracts.version, row.version)))
    .returning();
  return saved;
}

export async function deleteContractRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(contracts).where(eq(contracts.id, id));
}

/** A template the viewer may use: public, or their own. */
export async function findTemplate(db: Executor, viewer: Viewer, id: string): Promise<TemplateRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(contractTemplates)
    .where(
      and(
        eq(contractTemplates.id, id),
        or(eq(contractTemplates.isPublic, true), eq(contractTemplates.createdBy, viewer.id)),
      ),
    )
    .limit(1);
  return row;
}

/** The templates the actor may use: the public ones and their own private ones, by name. */
export function templatesOf(db: Executor, actorId: string) {
  return db
    .select()
    .from(contractTemplates)
    .where(or(eq(contractTemplates.isPublic, true), eq(contractTemplates.createdBy, actorId)))
    .orderBy(contractTemplates.name, contractTemplates.id)
    .limit(500);
}

export async function insertTemplate(tx: Executor, values: TemplateColumns, actorId: string): Promise<TemplateRow> {
  const [row] = await tx
    .insert(contractTemplates)
    .values({ ...values, createdBy: actorId, updatedBy: actorId })
    .returning();
  return row!;
}

/** The change, at the version read; undefined when the row changed meanwhile. */
export async function updateTemplateRow(
  tx: Executor,
  id: string,
  version: number,
  values: TemplateColumns,
  actorId: string,
): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .update(contractTemplates)
    .set({
      ...values,
      ...changedBy(contractTemplates, actorId),
    })
    .where(and(eq(contractTemplates.id, id), eq(contractTemplates.version, version)))
    .returning();
  return row;
}

export async function deleteTemplateRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(contractTemplates).where(eq(contractTemplates.id, id));
}

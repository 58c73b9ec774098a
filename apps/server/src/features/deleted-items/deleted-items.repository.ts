// Reads the soft-deleted leads, clients, services and invoices as one UNION of each table's deleted rows
// (each has a partial index on its deleted rows, so the list costs what was deleted, not the tables).
import { and, type SQL, sql } from 'drizzle-orm';
import type { DeletedItemsQuery, DeletedItemType } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { type Direction, matchesSearch } from '../../db/list-query.ts';

/** Every deleted row as (type, id, name, email, phone, deleted_at, deleted_by, reason). */
const DELETED = sql`(
  select 'lead' as type, id, first_name || ' ' || last_name as name, email, contact_number as phone,
         deleted_at, deleted_by, delete_reason as reason
    from leads where deleted_at is not null
  union all
  select 'client', id, first_name || ' ' || last_name, email, contact_number, deleted_at, deleted_by, delete_reason
    from clients where deleted_at is not null
  union all
  select 'service', id, service_name || ' · ' || entity_name, nullif(entity_email, ''), null, deleted_at, deleted_by,
         delete_reason
    from services where deleted_at is not null
  union all
  select 'invoice', id, invoice_number || ' · ' || client_name, client_email, null, deleted_at, deleted_by, null
    from invoices where deleted_at is not null
) as deleted`;

export type DeletedRow = {
  type: DeletedItemType;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  deleted_at: string;
  deleted_by: string | null;
  reason: string | null;
};

export type DeletedFilter = Pick<DeletedItemsQuery, 'type' | 'search'>;

function filterOf(query: DeletedFilter): SQL {
  return (
    and(
      sql`true`,
      query.type ? sql`type = ${query.type}` : undefined,
      matchesSearch(sql`lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`, query.search),
    ) ?? sql`true`
  );
}

/** One keyset page of the deleted rows matching the filter, beyond `boundary` in `direction`. */
export async function deletedRowsPage(
  db: Executor,
  query: DeletedFilter,
  direction: Direction,
  boundary: { key: string; id: string } | null,
  limit: number,
  offset: number,
): Promise<DeletedRow[]> {
  const beyond = boundary
    ? direction === 'desc'
      ? sql`and (deleted_at, id) < (${boundary.key}::timestamptz, ${boundary.id}::uuid)`
      : sql`and (deleted_at, id) > (${boundary.key}::timestamptz, ${boundary.id}::uuid)`
    : sql``;
  const order = direction === 'desc' ? sql`deleted_at desc, id desc` : sql`deleted_at asc, id asc`;
  const result = await db.execute<DeletedRow>(sql`
    select type, id, name, email, phone, deleted_at::text as deleted_at, deleted_by, reason
      from ${DELETED} where ${filterOf(query)} ${beyond} order by ${order} limit ${limit} offset ${offset}`);
  return result.rows;
}

export async function countDeletedRows(db: Executor, query: DeletedFilter): Promise<number> {
  const [counted] = (
    await db.execute<{ n: number | string }>(sql`select count(*) as n from ${DELETED} where ${filterOf(query)}`)
  ).rows;
  return Number(counted?.n ?? 0);
}

/** Per type: how many are deleted, and how many of those in the last 7 days. */
export async function deletedCountsByType(
  db: Executor,
): Promise<{ type: DeletedItemType; n: number | string; recent: number | string }[]> {
  const result = await db.execute<{ type: DeletedItemType; n: number | string; recent: number | string }>(sql`
    select type, count(*) as n, count(*) filter (where deleted_at >= now() - interval '7 days') as recent
      from ${DELETED} group by type`);
  return result.rows;
}

// Administration → Deleted Items (issue 14 item 6): the soft-deleted leads, clients, services and invoices
// in one list, newest deletion first, read as a UNION of each table's deleted rows (each has a partial index
// on its deleted rows, so the list costs what was deleted, not the tables) and paged by the shared keyset
// helper. Restore and Delete Forever are each record type's own routes.
import { and, type SQL, sql } from 'drizzle-orm';
import {
  type DeletedItem,
  type DeletedItemsPage,
  type DeletedItemsQuery,
  type DeletedItemsStatistics,
  type DeletedItemType,
  MAX_PAGE_SIZE,
  navigationOf,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { assertOneNavigation, decodeCursor, encodeCursor, keysetRows, matchesSearch } from '../../db/list-query.ts';
import { userFullNames } from '../users/users.repository.ts';

const SORT = 'deletedAt:desc';

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

type Row = {
  type: DeletedItemType;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  deleted_at: string;
  deleted_by: string | null;
  reason: string | null;
};

function filterOf(query: Pick<DeletedItemsQuery, 'type' | 'search'>): SQL {
  return (
    and(
      sql`true`,
      query.type ? sql`type = ${query.type}` : undefined,
      matchesSearch(sql`lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`, query.search),
    ) ?? sql`true`
  );
}

export async function listDeletedItems(db: Executor, query: DeletedItemsQuery): Promise<DeletedItemsPage> {
  assertOneNavigation(query);
  const pageSize = Math.min(query.pageSize, MAX_PAGE_SIZE);
  const where = filterOf(query);
  const { rows, prev, next, page } = await keysetRows<Row>(
    navigationOf(query),
    pageSize,
    'desc',
    async (direction, cursor, limit, offset) => {
      const boundary = cursor ? decodeCursor(cursor, SORT, 'timestamptz') : null;
      const beyond = boundary
        ? direction === 'desc'
          ? sql`and (deleted_at, id) < (${boundary.key}::timestamptz, ${boundary.id}::uuid)`
          : sql`and (deleted_at, id) > (${boundary.key}::timestamptz, ${boundary.id}::uuid)`
        : sql``;
      const order = direction === 'desc' ? sql`deleted_at desc, id desc` : sql`deleted_at asc, id asc`;
      const result = await db.execute<Row>(sql`
        select type, id, name, email, phone, deleted_at::text as deleted_at, deleted_by, reason
          from ${DELETED} where ${where} ${beyond} order by ${order} limit ${limit} offset ${offset}`);
      return result.rows;
    },
  );
  const names = await userFullNames(
    db,
    rows.map((r) => r.deleted_by),
  );
  const [counted] = (await db.execute<{ n: number | string }>(sql`select count(*) as n from ${DELETED} where ${where}`))
    .rows;
  const cursorOf = (r: Row) => encodeCursor({ sort: SORT, key: r.deleted_at, id: r.id });
  const items: DeletedItem[] = rows.map((r) => ({
    type: r.type,
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    deletedAt: r.deleted_at ? new Date(r.deleted_at).toISOString() : null,
    deletedByName: r.deleted_by ? (names.get(r.deleted_by) ?? null) : null,
    reason: r.reason,
  }));
  return {
    items,
    pageSize,
    page,
    nextCursor: next && rows.length > 0 ? cursorOf(rows[rows.length - 1]!) : null,
    prevCursor: prev && rows.length > 0 ? cursorOf(rows[0]!) : null,
    total: Number(counted?.n ?? 0),
    totalCapped: false,
  };
}

export async function deletedItemsStatistics(db: Executor): Promise<DeletedItemsStatistics> {
  const result = await db.execute<{ type: DeletedItemType; n: number | string; recent: number | string }>(sql`
    select type, count(*) as n, count(*) filter (where deleted_at >= now() - interval '7 days') as recent
      from ${DELETED} group by type`);
  const stats: DeletedItemsStatistics = { leads: 0, clients: 0, services: 0, invoices: 0, total: 0, recent: 0 };
  for (const row of result.rows) {
    const n = Number(row.n);
    stats[`${row.type}s`] += n;
    stats.total += n;
    stats.recent += Number(row.recent);
  }
  return stats;
}

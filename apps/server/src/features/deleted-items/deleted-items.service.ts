// Administration → Deleted Items (issue 14 item 6): the soft-deleted leads, clients, services and invoices
// in one list, newest deletion first, paged by the shared keyset helper. Restore and Delete Forever are
// each record type's own routes.
import {
  type DeletedItem,
  type DeletedItemsPage,
  type DeletedItemsQuery,
  type DeletedItemsStatistics,
  MAX_PAGE_SIZE,
  navigationOf,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { assertOneNavigation, decodeCursor, encodeCursor, keysetRows } from '../../db/list-query.ts';
import { userFullNames } from '../users/users.repository.ts';
import { countDeletedRows, deletedCountsByType, type DeletedRow, deletedRowsPage } from './deleted-items.repository.ts';

const SORT = 'deletedAt:desc';

export async function listDeletedItems(db: Executor, query: DeletedItemsQuery): Promise<DeletedItemsPage> {
  assertOneNavigation(query);
  const pageSize = Math.min(query.pageSize, MAX_PAGE_SIZE);
  const { rows, prev, next, page } = await keysetRows<DeletedRow>(
    navigationOf(query),
    pageSize,
    'desc',
    async (direction, cursor, limit, offset) => {
      const boundary = cursor ? decodeCursor(cursor, SORT, 'timestamptz') : null;
      return deletedRowsPage(db, query, direction, boundary, limit, offset);
    },
  );
  const names = await userFullNames(
    db,
    rows.map((r) => r.deleted_by),
  );
  const total = await countDeletedRows(db, query);
  const cursorOf = (r: DeletedRow) => encodeCursor({ sort: SORT, key: r.deleted_at, id: r.id });
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
    total,
    totalCapped: false,
  };
}

export async function deletedItemsStatistics(db: Executor): Promise<DeletedItemsStatistics> {
  const stats: DeletedItemsStatistics = { leads: 0, clients: 0, services: 0, invoices: 0, total: 0, recent: 0 };
  for (const row of await deletedCountsByType(db)) {
    const n = Number(row.n);
    stats[`${row.type}s`] += n;
    stats.total += n;
    stats.recent += Number(row.recent);
  }
  return stats;
}

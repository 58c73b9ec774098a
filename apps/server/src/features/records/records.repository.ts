// The combined record list (spec 1 §2.4): leads and clients in one paginated, searchable list, read
// with one UNION ALL ordered by created_at; and the counts behind its statistics cards.
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  displayId,
  formatPhoneNumber,
  fullNameOf,
  pageSizeLimit,
  type RecordListQuery,
  type RecordPage,
  type RecordRow,
  REVERTED_STATUS,
  navigationOf,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import {
  assertOneNavigation,
  decodeCursor,
  type Direction,
  encodeCursor,
  keysetRows,
  matchesSearch,
  type Ownership,
  type SearchSpec,
  seesEverything,
  type Viewer,
  visibleTo,
} from '../../db/list-query.ts';
import { cappedCount, clientBuckets, leadBuckets, sumOf } from '../../db/record-counts.ts';
import { clientSearch } from '../clients/clients.repository.ts';
import { leadSearch } from '../leads/leads.repository.ts';
import { clientIsActive, clientOwnership, clients, leadIsLive, leadOwnership, leads } from '../../db/schema/index.ts';
import { recordSearchText } from '../../db/schema/columns.ts';

/** Which record types the viewer may list (clients need clients:view as well). */
export type RecordScope = { leads: boolean; clients: boolean };

type RecordQuery = Pick<RecordListQuery, 'search' | 'showHidden'>;

/** The rows of one kind the list shows the viewer: the kind's listed rows, hidden ones on request, searched. */
function recordWhere(
  viewer: Viewer,
  query: RecordQuery,
  kind: {
    listed: SQL;
    table: typeof leads | typeof clients;
    ownership: Ownership;
    status: AnyPgColumn;
    prefixes: SearchSpec['prefixes'];
  },
): SQL | undefined {
  return and(
    kind.listed,
    query.showHidden ? undefined : eq(kind.table.isHidden, false),
    visibleTo(viewer, kind.ownership),
    matchesSearch(
      recordSearchText(kind.table, kind.status),
      query.search,
      kind.table.contactNumberDigits,
      kind.prefixes,
    ),
  );
}

const leadWhere = (viewer: Viewer, query: RecordQuery) =>
  recordWhere(viewer, query, {
    listed: leadIsLive(),
    table: leads,
    ownership: leadOwnership,
    status: leads.leadStatus,
    prefixes: leadSearch('').prefixes,
  });

const clientWhere = (viewer: Viewer, query: RecordQuery) =>
  recordWhere(viewer, query, {
    listed: clientIsActive(),
    table: clients,
    ownership: clientOwnership,
    status: clients.status,
    prefixes: clientSearch('').prefixes,
  });

type UnionRow = {
  type: 'lead' | 'client';
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  contact_number: string;
  status: string;
  location: string | null;
  desired_visa: string | null;
  nationality: string | null;
  created_at: Date | string;
  converted_from_lead_id: string | null;
  converted_to_client_id: string | null;
  is_hidden: boolean;
  sort_key: string;
};

/**
 * Each branch of the union is ordered and limited itself: PostgreSQL does not plan a merge of the two
 * tables' partial (created_at, id) indexes for an ORDER BY over a flattened UNION ALL (it reads and sorts
 * every row), but it does merge two branches that are each already ordered and limited. The page's rows
 * are among the first rows of each branch beyond the cursor, so the result is the same.
 */
const ORDER: Record<Direction, SQL> = {
  desc: sql`order by created_at desc, id desc`,
  asc: sql`order by created_at asc, id asc`,
};

/** Rows beyond the cursor in the given direction (keyset on created_at, id; docs/decisions/0008). */
const beyond = (table: typeof leads | typeof clients, boundary: { key: string; id: string } | null, dir: Direction) =>
  boundary === null
    ? undefined
    : dir === 'desc'
      ? sql`(${table.createdAt}, ${table.id}) < (cast(${boundary.key} as timestamptz), ${boundary.id}::uuid)`
      : sql`(${table.createdAt}, ${table.id}) > (cast(${boundary.key} as timestamptz), ${boundary.id}::uuid)`;

const leadSelect = (where: SQL | undefined, dir: Direction, limit: number) => sql`(
  select 'lead' as type, ${leads.id} as id, ${leads.firstName} as first_name, ${leads.middleName} as middle_name,
    ${leads.lastName} as last_name, ${leads.email} as email, ${leads.contactNumber} as contact_number,
    ${leads.leadStatus} as status, ${leads.applicantLocation} as location, ${leads.desiredVisa} as desired_visa,
    ${leads.nationality} as nationality, ${leads.createdAt} as created_at, (${leads.createdAt})::text as sort_key,
    null::uuid as converted_from_lead_id, ${leads.convertedToClientId} as converted_to_client_id,
    ${leads.isHidden} as is_hidden
  from ${leads} where ${where ?? sql`true`} ${ORDER[dir]} limit ${limit})`;

const clientSelect = (where: SQL | undefined, dir: Direction, limit: number) => sql`(
  select 'client' as type, ${clients.id} as id, ${clients.firstName} as first_name, ${clients.middleName} as middle_name,
    ${clients.lastName} as last_name, ${clients.email} as email, ${clients.contactNumber} as contact_number,
    ${clients.status} as status, ${clients.applicantLocation} as location, ${clients.desiredVisa} as desired_visa,
    ${clients.nationality} as nationality, ${clients.createdAt} as created_at, (${clients.createdAt})::text as sort_key,
    ${clients.convertedFromLeadId} as converted_from_lead_id, null::uuid as converted_to_client_id,
    ${clients.isHidden} as is_hidden
  from ${clients} where ${where ?? sql`true`} ${ORDER[dir]} limit ${limit})`;

function toRecordRow(r: UnionRow): RecordRow {
  return {
    type: r.type,
    id: r.id,
    displayId: displayId(r.type, r.id),
    fullName: fullNameOf({ firstName: r.first_name, lastName: r.last_name }),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    contactNumber: r.contact_number,
    contactNumberDisplay: formatPhoneNumber(r.contact_number),
    status: r.status,
    location: r.location,
    desiredVisa: r.desired_visa,
    nationality: r.nationality,
    createdAt: new Date(r.created_at).toISOString(),
    convertedFromLeadId: r.converted_from_lead_id,
    convertedToClientId: r.converted_to_client_id,
    isHidden: Boolean(r.is_hidden),
  };
}

/** The cursors of the combined list carry this sort name (it has one order). */
const RECORD_SORT = 'createdAt:desc';

/**
 * One page of the union, newest first, by keyset like every list (list-query.ts): the first pages by
 * number, then Next / Previous from a cursor and Last as the reversed order. The total comes from the
 * maintained counts for a role that sees everything, a capped count for a consultant, and is unknown for
 * a search.
 */
export async function listRecords(
  db: Executor,
  viewer: Viewer,
  scope: RecordScope,
  query: RecordListQuery,
): Promise<RecordPage> {
  assertOneNavigation(query);
  const navigation = navigationOf(query);
  const pageSize = Math.min(query.pageSize, pageSizeLimit(viewer.role));
  const withLeads = scope.leads && query.type !== 'client';
  const withClients = scope.clients && query.type !== 'lead';
  const empty = { items: [], pageSize, nextCursor: null, prevCursor: null, totalCapped: false };
  if (!withLeads && !withClients) return { ...empty, page: 1, total: 0 };

  const read = async (dir: Direction, cursor: string | null, limit: number, offset: number) => {
    const boundary = cursor === null ? null : decodeCursor(cursor, RECORD_SORT, 'timestamptz');
    const parts = [
      withLeads
        ? leadSelect(and(leadWhere(viewer, query), beyond(leads, boundary, dir)), dir, offset + limit)
        : undefined,
      withClients
        ? clientSelect(and(clientWhere(viewer, query), beyond(clients, boundary, dir)), dir, offset + limit)
        : undefined,
    ].filter((part): part is SQL => part !== undefined);
    const result = await db.execute<UnionRow>(
      sql`select * from (${sql.join(parts, sql` union all `)}) as records ${ORDER[dir]} limit ${limit} offset ${offset}`,
    );
    return result.rows;
  };
  const result = await keysetRows(navigation, pageSize, 'desc', read);

  const cursorOf = (r: UnionRow) => encodeCursor({ sort: RECORD_SORT, key: r.sort_key, id: r.id });
  const { rows } = result;
  const counted = query.search?.trim()
    ? null
    : await recordTotal(db, viewer, { leads: withLeads, clients: withClients }, query);
  return {
    items: rows.map(toRecordRow),
    pageSize,
    page: result.page,
    nextCursor: result.next && rows.length > 0 ? cursorOf(rows[rows.length - 1]!) : null,
    prevCursor: result.prev && rows.length > 0 ? cursorOf(rows[0]!) : null,
    total: counted?.total ?? null,
    totalCapped: counted?.capped ?? false,
  };
}

/** How many records the unsearched list holds: maintained counts, or capped counts of a consultant's own. */
async function recordTotal(
  db: Executor,
  viewer: Viewer,
  scope: RecordScope,
  query: Pick<RecordListQuery, 'showHidden'>,
): Promise<{ total: number; capped: boolean }> {
  if (seesEverything(viewer)) {
    const [leadTotal, clientTotal] = await Promise.all([
      scope.leads ? sumOf(await leadBuckets(db), (b) => query.showHidden || !b.hidden) : 0,
      scope.clients
        ? sumOf(await clientBuckets(db), (b) => b.status !== REVERTED_STATUS && (query.showHidden || !b.hidden))
        : 0,
    ]);
    return { total: leadTotal + clientTotal, capped: false };
  }
  const [leadCount, clientCount] = await Promise.all([
    scope.leads ? cappedCount(db, leads, leadWhere(viewer, query)) : { total: 0, capped: false },
    scope.clients ? cappedCount(db, clients, clientWhere(viewer, query)) : { total: 0, capped: false },
  ]);
  return { total: leadCount.total + clientCount.total, capped: leadCount.capped || clientCount.capped };
}

async function countOf(db: Executor, table: typeof leads | typeof clients, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * Lead counts by status, and the client count, over what the list shows (search aside): the maintained
 * counts for a role that sees everything; a consultant's own records counted (its owner and assignee
 * indexes bound the work to its share).
 */
export async function recordCounts(db: Executor, viewer: Viewer, scope: RecordScope, showHidden: boolean | undefined) {
  if (seesEverything(viewer)) {
    const [leadRows, clientRows] = await Promise.all([
      scope.leads ? leadBuckets(db) : [],
      scope.clients ? clientBuckets(db) : [],
    ]);
    const leadsByStatus = new Map<string, number>();
    for (const b of leadRows) {
      if (showHidden || !b.hidden) leadsByStatus.set(b.status, (leadsByStatus.get(b.status) ?? 0) + b.n);
    }
    return {
      leadsByStatus,
      clients: sumOf(clientRows, (b) => b.status !== REVERTED_STATUS && (showHidden || !b.hidden)),
    };
  }
  // Both counts at once: on a PostgreSQL pool they run side by side.
  const [leadRows, clientCount] = await Promise.all([
    scope.leads
      ? db
          .select({ status: leads.leadStatus, n: count() })
          .from(leads)
          .where(leadWhere(viewer, { showHidden }))
          .groupBy(leads.leadStatus)
      : [],
    scope.clients ? countOf(db, clients, clientWhere(viewer, { showHidden })) : 0,
  ]);
  return { leadsByStatus: new Map(leadRows.map((r) => [r.status, r.n])), clients: clientCount };
}

// The combined record list (spec 1 §2.4): leads and clients in one paginated, searchable list, read
// with one UNION ALL ordered by created_at; and the counts behind its statistics cards.
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import {
  displayId,
  formatPhoneNumber,
  fullNameOf,
  pageSizeLimit,
  type RecordListQuery,
  type RecordPage,
  type RecordRow,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { matchesSearch, type Viewer, visibleTo } from '../../db/list-query.ts';
import { clientIsActive, clientOwnership, clients, leadIsLive, leadOwnership, leads } from '../../db/schema/index.ts';
import { recordSearchText } from '../../db/schema/columns.ts';

/** Which record types the viewer may list (clients need clients:view as well). */
export type RecordScope = { leads: boolean; clients: boolean };

function leadWhere(viewer: Viewer, query: Pick<RecordListQuery, 'search' | 'showHidden'>): SQL | undefined {
  return and(
    leadIsLive(),
    query.showHidden ? undefined : eq(leads.isHidden, false),
    visibleTo(viewer, leadOwnership),
    matchesSearch(recordSearchText(leads, leads.leadStatus), query.search, leads.contactNumberE164),
  );
}

function clientWhere(viewer: Viewer, query: Pick<RecordListQuery, 'search' | 'showHidden'>): SQL | undefined {
  return and(
    clientIsActive(),
    query.showHidden ? undefined : eq(clients.isHidden, false),
    visibleTo(viewer, clientOwnership),
    matchesSearch(recordSearchText(clients, clients.status), query.search, clients.contactNumberE164),
  );
}

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
};

/**
 * Each branch of the union is ordered and limited itself: PostgreSQL does not plan a merge of the two
 * tables' partial (created_at, id) indexes for an ORDER BY over a flattened UNION ALL (it reads and sorts
 * every row, ~0.3 s at 130,000 records), but it does merge two branches that are each already ordered and
 * limited. The page's rows are among the first offset + pageSize of each branch, so the result is the same.
 */
const NEWEST_FIRST = sql`order by created_at desc, id desc`;

const leadSelect = (where: SQL | undefined, limit: number) => sql`(
  select 'lead' as type, ${leads.id} as id, ${leads.firstName} as first_name, ${leads.middleName} as middle_name,
    ${leads.lastName} as last_name, ${leads.email} as email, ${leads.contactNumber} as contact_number,
    ${leads.leadStatus} as status, ${leads.applicantLocation} as location, ${leads.desiredVisa} as desired_visa,
    ${leads.nationality} as nationality, ${leads.createdAt} as created_at, null::uuid as converted_from_lead_id,
    ${leads.convertedToClientId} as converted_to_client_id, ${leads.isHidden} as is_hidden
  from ${leads} where ${where ?? sql`true`} ${NEWEST_FIRST} limit ${limit})`;

const clientSelect = (where: SQL | undefined, limit: number) => sql`(
  select 'client' as type, ${clients.id} as id, ${clients.firstName} as first_name, ${clients.middleName} as middle_name,
    ${clients.lastName} as last_name, ${clients.email} as email, ${clients.contactNumber} as contact_number,
    ${clients.status} as status, ${clients.applicantLocation} as location, ${clients.desiredVisa} as desired_visa,
    ${clients.nationality} as nationality, ${clients.createdAt} as created_at, ${clients.convertedFromLeadId} as converted_from_lead_id,
    null::uuid as converted_to_client_id, ${clients.isHidden} as is_hidden
  from ${clients} where ${where ?? sql`true`} ${NEWEST_FIRST} limit ${limit})`;

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

/** One page of the union, newest first (id as tie-breaker so pages never repeat or skip a row). */
export async function listRecords(
  db: Executor,
  viewer: Viewer,
  scope: RecordScope,
  query: RecordListQuery,
): Promise<RecordPage> {
  const pageSize = Math.min(query.pageSize, pageSizeLimit(viewer.role));
  const page = Math.max(1, query.page);
  const offset = (page - 1) * pageSize;
  const withLeads = scope.leads && query.type !== 'client';
  const withClients = scope.clients && query.type !== 'lead';
  const parts = [
    withLeads ? leadSelect(leadWhere(viewer, query), offset + pageSize) : undefined,
    withClients ? clientSelect(clientWhere(viewer, query), offset + pageSize) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  if (parts.length === 0) return { items: [], total: 0, page, pageSize };

  const [rows, leadTotal, clientTotal] = await Promise.all([
    db.execute<UnionRow>(
      sql`select * from (${sql.join(parts, sql` union all `)}) as records ${NEWEST_FIRST} limit ${pageSize} offset ${offset}`,
    ),
    withLeads ? countOf(db, leads, leadWhere(viewer, query)) : 0,
    withClients ? countOf(db, clients, clientWhere(viewer, query)) : 0,
  ]);
  return { items: rows.rows.map(toRecordRow), total: leadTotal + clientTotal, page, pageSize };
}

async function countOf(db: Executor, table: typeof leads | typeof clients, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Lead counts by status, and the client count, over what the list shows (search aside). */
export async function recordCounts(db: Executor, viewer: Viewer, scope: RecordScope, showHidden: boolean | undefined) {
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

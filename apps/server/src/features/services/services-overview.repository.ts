// The overview's reads of the services table (Finance → Services Overview): the filters, search and
// visibility of its list, the summary sums, the chart's groups, and the export's keyset batches.
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type {
  PaymentStatus,
  SERVICE_SORT_FIELDS,
  ServiceExportQuery,
  ServiceFilter,
  ServiceOverviewQuery,
  ServiceOverviewRow,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import {
  listPage,
  listWhere,
  seesEverything,
  type SortKey,
  sortKey,
  type Viewer,
  visibleTo,
} from '../../db/list-query.ts';
import { dateSortKey, prefixSearchKey } from '../../db/schema/columns.ts';
import {
  clientOwnership,
  clients,
  leadOwnership,
  leads,
  serviceSearchText,
  services,
  serviceTotals,
} from '../../db/schema/index.ts';
import { keysetBatches } from '../../exports/table-export.ts';
import { paymentStatusSql, type ServiceRow } from './services.repository.ts';

const SORT_KEYS = {
  createdAt: sortKey(services.createdAt, 'timestamptz'),
  startDate: { expr: dateSortKey(services.startDate), type: 'date' },
  serviceName: sortKey(services.serviceName),
  entityName: sortKey(services.entityName),
} satisfies Record<(typeof SERVICE_SORT_FIELDS)[number], SortKey>;

/** The services the overview lists (the partial indexes' condition, schema/services.ts). */
const listed = (): SQL[] => [isNull(services.deletedAt), sql`${services.recordLive}`];

/** A role that sees only its own records sees the services of those records. */
function servicesVisibleTo(viewer: Viewer): SQL | undefined {
  if (seesEverything(viewer)) return undefined;
  return or(
    sql`exists (select 1 from ${leads} where ${leads.id} = ${services.leadId} and ${visibleTo(viewer, leadOwnership)})`,
    sql`exists (select 1 from ${clients} where ${clients.id} = ${services.clientId} and ${visibleTo(viewer, clientOwnership)})`,
  );
}

/** The filters of spec 3 §2.1: a service with a start date must fall inside the range; one without passes. */
function filterConditions(filter: ServiceFilter): (SQL | undefined)[] {
  return [
    filter.from ? or(isNull(services.startDate), sql`${services.startDate} >= ${filter.from}`) : undefined,
    filter.until ? or(isNull(services.startDate), sql`${services.startDate} <= ${filter.until}`) : undefined,
    filter.currency ? eq(services.currency, filter.currency) : undefined,
    filter.status ? eq(services.serviceStatus, filter.status) : undefined,
    filter.paymentStatus ? sql`${paymentStatusSql} = ${filter.paymentStatus}` : undefined,
    filter.type === 'lead'
      ? isNotNull(services.leadId)
      : filter.type === 'client'
        ? isNotNull(services.clientId)
        : undefined,
  ];
}

const overviewSearch = (term: string | undefined) => ({
  expression: serviceSearchText(services),
  prefixes: [
    prefixSearchKey(services.serviceName),
    prefixSearchKey(services.entityName),
    prefixSearchKey(services.entityEmail),
  ],
  term,
});

function overviewWhere(viewer: Viewer, filter: ServiceFilter): SQL | undefined {
  return listWhere({
    viewer,
    conditions: [...listed(), ...filterConditions(filter)],
    visibility: servicesVisibleTo,
    search: overviewSearch(filter.search),
  });
}

/** One page of the overview, never counted (the summary counts the filtered set exactly). */
export function overviewPage(
  db: Database,
  viewer: Viewer,
  query: ServiceOverviewQuery,
  toItems: (rows: ServiceRow[]) => Promise<ServiceOverviewRow[]>,
) {
  return listPage(db, {
    viewer,
    from: services,
    conditions: [...listed(), ...filterConditions(query)],
    visibility: servicesVisibleTo,
    search: overviewSearch(query.search),
    sort: { keys: SORT_KEYS, requested: query.sort, fallback: 'createdAt', tieBreaker: services.id },
    query,
    // Never counted here: the overview's count card comes from GET /api/services/summary, which counts the
    // filtered set exactly in its own request (docs/decisions/0008), so the page stays an index range.
    filtered: true,
    toItems,
  });
}

export type SummaryRow = {
  currency: string;
  n: number | string;
  fee: string;
  paid: string;
  due: string;
  active: number | string;
  completed: number | string;
};

/**
 * The per-currency sums from the maintained totals (schema/services.ts serviceTotals): a handful of rows
 * however many services there are. Only for a filter the buckets can answer (no search, no date range) and a
 * viewer who sees every service.
 */
export function summaryFromTotals(db: Executor, filter: ServiceFilter) {
  const t = serviceTotals;
  return db
    .select({
      currency: t.currency,
      n: sql<string>`sum(${t.n})::text`,
      fee: sql<string>`sum(${t.fee})::text`,
      paid: sql<string>`sum(${t.paid})::text`,
      due: sql<string>`sum(${t.due})::text`,
      active: sql<string>`(coalesce(sum(${t.n}) filter (where ${t.serviceStatus} = 'Active'), 0))::text`,
      completed: sql<string>`(coalesce(sum(${t.n}) filter (where ${t.serviceStatus} = 'Completed'), 0))::text`,
    })
    .from(t)
    .where(
      and(
        filter.currency ? eq(t.currency, filter.currency) : undefined,
        filter.status ? eq(t.serviceStatus, filter.status) : undefined,
        filter.paymentStatus ? eq(t.paymentStatus, filter.paymentStatus) : undefined,
        filter.type ? eq(t.entityType, filter.type) : undefined,
      ),
    )
    .groupBy(t.currency)
    .having(sql`sum(${t.n}) > 0`);
}

/** The same sums over the matching services themselves (a search, a date range, or a narrower viewer). */
export function summaryFromServices(db: Executor, viewer: Viewer, filter: ServiceFilter) {
  return db
    .select({
      currency: services.currency,
      n: sql<number>`count(*)::int`,
      fee: sql<string>`coalesce(sum(${services.serviceFee}), 0)::text`,
      paid: sql<string>`coalesce(sum(${services.paidAmount}), 0)::text`,
      // Owed service by service (balanceDueOf): a service without a fee owes nothing, whatever was paid.
      due: sql<string>`coalesce(sum(${services.serviceFee} - ${services.paidAmount}), 0)::text`,
      active: sql<number>`(count(*) filter (where ${services.serviceStatus} = 'Active'))::int`,
      completed: sql<number>`(count(*) filter (where ${services.serviceStatus} = 'Completed'))::int`,
    })
    .from(services)
    .where(overviewWhere(viewer, filter))
    .groupBy(services.currency);
}

/**
 * Per month (of the start date, else of the created date, in the firm's zone) and currency the fees and
 * payments, and how many services are in each payment status, over the filtered set.
 */
export async function chartGroups(db: Database, viewer: Viewer, filter: ServiceFilter, timeZone: string) {
  const where = overviewWhere(viewer, filter);
  const month = sql<string>`to_char(coalesce(${services.startDate}, (${services.createdAt} at time zone ${timeZone})::date), 'YYYY-MM')`;
  const [months, statuses] = await Promise.all([
    db
      .select({
        month,
        currency: services.currency,
        revenue: sql<string>`coalesce(sum(${services.serviceFee}), 0)::text`,
        paid: sql<string>`coalesce(sum(${services.paidAmount}), 0)::text`,
      })
      .from(services)
      .where(where)
      .groupBy(sql`1`, services.currency)
      .orderBy(sql`1`, services.currency),
    db
      .select({ status: sql<PaymentStatus>`${paymentStatusSql}`, count: sql<number>`count(*)::int` })
      .from(services)
      .where(where)
      .groupBy(sql`1`),
  ]);
  return { months, statuses };
}

/** Every matching service, newest first, in keyset batches. */
export async function* exportRows(db: Executor, viewer: Viewer, query: ServiceExportQuery): AsyncGenerator<ServiceRow> {
  const where = and(overviewWhere(viewer, query), query.ids?.length ? inArray(services.id, query.ids) : undefined);
  for await (const batch of keysetBatches<ServiceRow>(db, services, services, where)) yield* batch;
}

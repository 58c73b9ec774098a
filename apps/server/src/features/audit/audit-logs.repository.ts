// audit_logs read for Administration → Audit Logs and Security: the filtered pages and export batches,
// the security events, and the distinct actions.
import { and, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { type AuditLogEntry, type AuditLogPage, type AuditLogQuery, SECURITY_EVENT_ACTIONS } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { listPage, matchesSearch, type Viewer } from '../../db/list-query.ts';
import { keysetBatches } from '../../exports/table-export.ts';
import { auditLogs, auditSearchText } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLogs.$inferSelect;

/** The filters of the list and the export: action, user and the days of the firm's time zone. */
function auditFilter(query: Omit<AuditLogQuery, 'pageSize'>, timeZone: string): (SQL | undefined)[] {
  return [
    query.action ? eq(auditLogs.action, query.action) : undefined,
    query.userId ? eq(auditLogs.userId, query.userId) : undefined,
    query.from ? sql`${auditLogs.createdAt} >= (${query.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    query.to ? sql`${auditLogs.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  ];
}

export async function auditLogPage(
  db: Executor,
  viewer: Viewer,
  query: AuditLogQuery,
  timeZone: string,
  toItems: (rows: AuditRow[]) => Promise<AuditLogEntry[]>,
): Promise<AuditLogPage> {
  return listPage<typeof auditLogs, AuditLogEntry, 'createdAt'>(db, {
    viewer,
    from: auditLogs,
    conditions: auditFilter(query, timeZone),
    search: { expression: auditSearchText(auditLogs), term: query.search },
    // created_at is never null: the plain column, so the (created_at, id) index serves every page.
    sort: {
      keys: { createdAt: { expr: sql`${auditLogs.createdAt}`, type: 'timestamptz' } },
      requested: 'createdAt:desc',
      fallback: 'createdAt',
      tieBreaker: auditLogs.id,
    },
    query,
    filtered: Boolean(query.search || query.action || query.userId || query.from || query.to),
    toItems,
  });
}

/** Every matching row, newest first, in keyset batches (the one export streamer's reader). */
export async function* matchingAuditRows(
  db: Executor,
  query: Omit<AuditLogQuery, 'pageSize'>,
  timeZone: string,
): AsyncGenerator<AuditRow> {
  const where = and(...auditFilter(query, timeZone), matchesSearch(auditSearchText(auditLogs), query.search));
  for await (const batch of keysetBatches<AuditRow>(db, auditLogs, auditLogs, where)) yield* batch;
}

/** The security events of the last 24 hours, counted by action. */
export const securityEventCounts = (db: Executor) =>
  db
    .select({
      action: auditLogs.action,
      n: count(),
    })
    .from(auditLogs)
    .where(
      and(
        inArray(auditLogs.action, [...SECURITY_EVENT_ACTIONS]),
        gte(auditLogs.createdAt, sql`now() - interval '24 hours'`),
      ),
    )
    .groupBy(auditLogs.action);

export const latestSecurityEvents = (db: Executor, limit: number): Promise<AuditRow[]> =>
  db
    .select()
    .from(auditLogs)
    .where(inArray(auditLogs.action, [...SECURITY_EVENT_ACTIONS]))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);

/**
 * Every action the log holds, found by a loose index scan over (action, created_at, id), one index probe
 * per distinct action, so it costs the same at a million rows as at a thousand.
 */
export async function distinctAuditActions(db: Executor): Promise<string[]> {
  const result = await db.execute<{ action: string }>(sql`
    with recursive found as (
      (select action from audit_logs order by action limit 1)
      union all
      select (select a.action from audit_logs a where a.action > found.action order by a.action limit 1)
      from found where found.action is not null
    )
    select action from found where action is not null`);
  return result.rows.map((row) => row.action);
}

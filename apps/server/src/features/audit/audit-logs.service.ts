// Administration → Audit Logs and Security (issue 14 item 4): the audit rows every write leaves
// (record-change.ts), paged by the shared keyset helper newest first, and the security overview.
import { and, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import {
  auditActionOptions,
  auditChanges,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditLogQuery,
  auditResourceText,
  SECURITY_EVENT_ACTIONS,
  type SecurityOverview,
  USER_ACCESS_CHANGE_ACTIONS,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { listPage, matchesSearch, type Viewer } from '../../db/list-query.ts';
import { keysetBatches } from '../../exports/table-export.ts';
import { auditLogs, auditSearchText } from '../../db/schema/index.ts';
import { auditRowNames } from './audit-words.ts';

type AuditRow = typeof auditLogs.$inferSelect;

/** Recorded values are objects of fields; anything else (an older row's bare value) is shown as `value`. */
const asFields = (values: unknown): Record<string, unknown> | null =>
  values === null || values === undefined
    ? null
    : typeof values === 'object' && !Array.isArray(values)
      ? (values as Record<string, unknown>)
      : { value: values };

export async function toAuditEntries(db: Executor, rows: AuditRow[]): Promise<AuditLogEntry[]> {
  const nameOf = await auditRowNames(db, rows);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    action: r.action,
    resourceType: r.resourceType,
    resourceId: r.resourceId,
    userId: r.userId,
    userName: r.userId ? nameOf({ kind: 'user', id: r.userId }) : null,
    ipAddress: r.ipAddress,
    userAgent: r.userAgent,
    oldValues: asFields(r.oldValues),
    newValues: asFields(r.newValues),
    resourceName: auditResourceText(r, nameOf),
    changes: auditChanges(r, nameOf),
  }));
}

/** The filters of the list and the export: action, user and the days of the firm's time zone. */
export function auditFilter(query: Omit<AuditLogQuery, 'pageSize'>, timeZone: string): (SQL | undefined)[] {
  return [
    query.action ? eq(auditLogs.action, query.action) : undefined,
    query.userId ? eq(auditLogs.userId, query.userId) : undefined,
    query.from ? sql`${auditLogs.createdAt} >= (${query.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    query.to ? sql`${auditLogs.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  ];
}

export async function listAuditLogs(
  db: Executor,
  viewer: Viewer,
  query: AuditLogQuery,
  timeZone: string,
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
    toItems: (rows) => toAuditEntries(db, rows),
  });
}

/** Every matching row, newest first, in keyset batches (the one export streamer's reader). */
export async function* auditRowsForExport(
  db: Executor,
  query: Omit<AuditLogQuery, 'pageSize'>,
  timeZone: string,
): AsyncGenerator<AuditRow> {
  const where = and(...auditFilter(query, timeZone), matchesSearch(auditSearchText(auditLogs), query.search));
  for await (const batch of keysetBatches<AuditRow>(db, auditLogs, auditLogs, where)) yield* batch;
}

export async function securityOverview(db: Executor): Promise<SecurityOverview> {
  const since = sql`now() - interval '24 hours'`;
  const counted = await db
    .select({
      action: auditLogs.action,
      n: count(),
    })
    .from(auditLogs)
    .where(and(inArray(auditLogs.action, [...SECURITY_EVENT_ACTIONS]), gte(auditLogs.createdAt, since)))
    .groupBy(auditLogs.action);
  const last24Hours = { failedSignIns: 0, lockouts: 0, passwordResets: 0, roleAndStatusChanges: 0 };
  for (const row of counted) {
    const n = Number(row.n);
    if (row.action === 'SIGN_IN_FAILED') last24Hours.failedSignIns += n;
    else if (row.action === 'ACCOUNT_LOCKED') last24Hours.lockouts += n;
    else if (row.action.includes('RESET')) last24Hours.passwordResets += n;
    else if ((USER_ACCESS_CHANGE_ACTIONS as readonly string[]).includes(row.action))
      last24Hours.roleAndStatusChanges += n;
  }
  const rows = await db
    .select()
    .from(auditLogs)
    .where(inArray(auditLogs.action, [...SECURITY_EVENT_ACTIONS]))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(20);
  return { last24Hours, events: await toAuditEntries(db, rows) };
}

/**
 * The action filter's options: the spec's actions, and every other the log holds, found by a loose index
 * scan over (action, created_at, id), one index probe per distinct action, so it costs the same at a
 * million rows as at a thousand.
 */
export async function auditActions(db: Executor): Promise<string[]> {
  const result = await db.execute<{ action: string }>(sql`
    with recursive found as (
      (select action from audit_logs order by action limit 1)
      union all
      select (select a.action from audit_logs a where a.action > found.action order by a.action limit 1)
      from found where found.action is not null
    )
    select action from found where action is not null`);
  return auditActionOptions(result.rows.map((row) => row.action));
}

// Administration → Audit Logs and Security (issue 14 item 4): the audit rows every write leaves
// (record-change.ts), paged by the shared keyset helper newest first, and the security overview.
import {
  auditActionOptions,
  auditChanges,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditLogQuery,
  auditResourceText,
  type SecurityOverview,
  USER_ACCESS_CHANGE_ACTIONS,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import {
  auditLogPage,
  type AuditRow,
  distinctAuditActions,
  latestSecurityEvents,
  matchingAuditRows,
  securityEventCounts,
} from './audit-logs.repository.ts';
import { auditRowNames } from './audit-words.ts';

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

export async function listAuditLogs(
  db: Executor,
  viewer: Viewer,
  query: AuditLogQuery,
  timeZone: string,
): Promise<AuditLogPage> {
  return auditLogPage(db, viewer, query, timeZone, (rows) => toAuditEntries(db, rows));
}

/** Every matching row, newest first, in keyset batches (the one export streamer's reader). */
export const auditRowsForExport = (db: Executor, query: Omit<AuditLogQuery, 'pageSize'>, timeZone: string) =>
  matchingAuditRows(db, query, timeZone);

export async function securityOverview(db: Executor): Promise<SecurityOverview> {
  const counted = await securityEventCounts(db);
  const last24Hours = { failedSignIns: 0, lockouts: 0, passwordResets: 0, roleAndStatusChanges: 0 };
  for (const row of counted) {
    const n = Number(row.n);
    if (row.action === 'SIGN_IN_FAILED') last24Hours.failedSignIns += n;
    else if (row.action === 'ACCOUNT_LOCKED') last24Hours.lockouts += n;
    else if (row.action.includes('RESET')) last24Hours.passwordResets += n;
    else if ((USER_ACCESS_CHANGE_ACTIONS as readonly string[]).includes(row.action))
      last24Hours.roleAndStatusChanges += n;
  }
  const rows = await latestSecurityEvents(db, 20);
  return { last24Hours, events: await toAuditEntries(db, rows) };
}

/** The action filter's options: the spec's actions, and every other the log holds. */
export async function auditActions(db: Executor): Promise<string[]> {
  return auditActionOptions(await distinctAuditActions(db));
}

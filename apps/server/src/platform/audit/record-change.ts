// The one helper every mutation calls inside its transaction: it writes the audit row and
// publishes the change event (NOTIFY is delivered at commit, so a rolled-back change is never announced).
import { sql } from 'drizzle-orm';
import type { ChangeEvent, ChangeResource } from '@crm/domain';
import { CHANGE_CHANNEL, type Executor } from '../../db/database.ts';
import { auditLogs } from '../../db/schema/index.ts';

export type RequestContext = {
  actorId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
};

export type Change = {
  /** Upper-case verb and noun, as the audit screen filters them: CREATE_LEAD, SIGN_IN, ... */
  action: string;
  /** Upper-case resource type: USER, LEAD, SYSTEM_SETTINGS, ... */
  resourceType: string;
  resourceId: string | null;
  oldValues?: unknown;
  newValues?: unknown;
  /** Change-event resource the web listens for; omit for events nobody displays (failed sign-in). */
  event?: ChangeResource;
};

const SECRET_KEY = /password|token|secret/i;

/** Drops secrets and turns Dates into strings so the audit row never holds a hash or a token. */
export function redact(values: unknown): unknown {
  if (values === undefined || values === null) return null;
  if (values instanceof Date) return values.toISOString();
  if (Array.isArray(values)) return values.map(redact);
  if (typeof values === 'object') {
    return Object.fromEntries(
      Object.entries(values as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, value]) => [key, redact(value)]),
    );
  }
  return values;
}

/** The same JSON whatever the order of its keys (jsonb columns come back with their keys reordered). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** Only the fields whose value changed, before and after, for an update's audit row. */
export function changedFields(before: object, after: Record<string, unknown>) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const previous = (before as Record<string, unknown>)[key];
    if (canonical(previous) !== canonical(value)) {
      oldValues[key] = previous;
      newValues[key] = value;
    }
  }
  return { oldValues, newValues };
}

export async function recordChange(db: Executor, ctx: RequestContext, change: Change): Promise<void> {
  await db.insert(auditLogs).values({
    userId: ctx.actorId,
    action: change.action,
    resourceType: change.resourceType,
    resourceId: change.resourceId,
    oldValues: redact(change.oldValues),
    newValues: redact(change.newValues),
    ipAddress: ctx.ipAddress,
    userAgent: ctx.userAgent,
  });
  if (change.event) await publishChange(db, ctx, change.event, change.action, change.resourceId);
}

export async function publishChange(
  db: Executor,
  ctx: RequestContext,
  resource: ChangeResource,
  action: string,
  id: string | null,
): Promise<void> {
  const event: ChangeEvent = { resource, action, id, at: new Date().toISOString(), actorId: ctx.actorId };
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(event)})`);
}

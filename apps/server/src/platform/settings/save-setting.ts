// The one way a setting is saved, shared by every settings screen (general, security, integrations, the
// firm's notification defaults).
import type { Database, Executor } from '../../db/database.ts';
import { changedFields, recordChange, type RequestContext } from '../audit/record-change.ts';
import { writeSetting } from './settings.repository.ts';

/**
 * The one way a setting is saved: written, audited with what changed and announced (the 'settings' event)
 * in one transaction. `alongside` does what the change entails in the same transaction and may add to the
 * audit row.
 */
export async function saveSetting<T extends object>(
  db: Database,
  ctx: RequestContext,
  /** `stored` is written instead of `next` when the stored form differs from the audited one (sealed secrets). */
  change: { key: string; action: string; before: T; next: T; stored?: unknown },
  alongside?: (tx: Executor) => Promise<Record<string, unknown>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await writeSetting(tx, change.key, change.stored ?? change.next, ctx.actorId);
    const extra = alongside ? await alongside(tx) : {};
    const { oldValues, newValues } = changedFields(change.before, change.next as Record<string, unknown>);
    await recordChange(tx, ctx, {
      action: change.action,
      resourceType: 'SYSTEM_SETTINGS',
      resourceId: change.key,
      oldValues,
      newValues: { ...newValues, ...extra },
      event: 'settings',
    });
  });
}

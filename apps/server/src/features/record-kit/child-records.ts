// Child records follow their record (DECISIONS.md §6; issue 11): the one rule the record lifecycle applies to
// every kind of child — services, tasks and notes, invoices, contracts, client money; files add themselves here.
// Invoices and contracts are the firm's records of what was agreed and billed: they move with conversion and reversion, but a record's
// delete or purge leaves them (docs/decisions/0012).
// - conversion (and a contact restored to a client) moves the lead's children to the client, marked as
//   transferred from the lead; a reversion moves the client's children back to the lead;
// - archive and restore: the archived lead row keeps its children, so they come back with it;
// - soft delete hides them with the record (lists read them through a live record) and restore shows them;
// - purge deletes them with the record (foreign keys ON DELETE CASCADE).
import type { Executor } from '../../db/database.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { publishChange, recordChange, type RequestContext } from '../../platform/audit/record-change.ts';

/** The kinds of record that have children. */
export type ParentType = 'lead' | 'client';

/** The record a child (a service, a task or note) belongs to. */
export type Parent = { type: ParentType; id: string };

/** A child's record: its lead, else its client (a database check keeps exactly one of the two set). */
export const parentOf = (row: { leadId: string | null; clientId: string | null }): Parent =>
  row.leadId ? { type: 'lead', id: row.leadId } : { type: 'client', id: row.clientId! };

/**
 * A child's change, in the audit log and on its record's event: the record's screens show its children, so
 * they refresh on the record's event rather than on one of the child's own.
 */
export async function recordChildChange(
  tx: Executor,
  ctx: RequestContext,
  resourceType: string,
  row: { id: string; leadId: string | null; clientId: string | null },
  action: string,
  values: { old?: unknown; new?: unknown },
): Promise<void> {
  const parent = parentOf(row);
  await recordChange(tx, ctx, {
    action,
    resourceType,
    resourceId: row.id,
    oldValues: values.old,
    newValues: values.new,
  });
  await publishChange(tx, ctx, parent.type, action, parent.id);
}

/** Removes files whose rows are gone; a file that cannot be removed is logged, the purge stands. */
export async function removeFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await storage.remove(key).catch((error: unknown) => console.warn(`Could not remove file ${key}: ${String(error)}`));
  }
}

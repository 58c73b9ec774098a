// Hide / unhide, soft delete, restore and permanent delete (Deleted Items), written once for every record type.
// Each type supplies its table's lookups and its own rules; the transactions, audit rows and change events
// come out the same for all of them, so the Deleted Items screen can treat every type alike.
import type { Database, Executor } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type ChangeResource, INVOICE_MONEY_MESSAGES } from '@crm/domain';
import type { FileStorage } from '../../storage/file-storage.ts';
import { type Change, publishChange, recordChange } from '../../platform/audit/record-change.ts';
import { type ParentType, removeFiles } from './child-records.ts';
import { childFileKeys, holdsMoney } from './child-records.repository.ts';

/** Which stored state a lookup accepts: live (the lists'), soft-deleted (Deleted Items), or any row. */
export type RecordState = 'live' | 'deleted' | 'any';

/** The columns a table needs for a record to be hidden and soft-deleted. */
type LifecycleRow = {
  id: string;
  isHidden: boolean;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  deletedAt: Date | null;
  deletedBy: string | null;
  deleteReason: string | null;
};

type LifecyclePatch = Partial<Omit<LifecycleRow, 'id'>> & { updatedBy: string };

export type RecordLifecycleOptions<Row extends LifecycleRow> = {
  /** Upper-case audit resource type; the actions are HIDE_, UNHIDE_, DELETE_, RESTORE_ and PERMANENT_DELETE_<type>. */
  resourceType: string;
  /** The change-event resource the web listens for, and the parent type of its child records. */
  event: ParentType;
  /** The record as a 404 names it: 'Lead' gives 'Lead not found' and, on restore, 'Deleted lead not found'. */
  name: string;
  /** One row the viewer may see, in the given state (visibility stays the repository's rule). */
  find: (db: Executor, viewer: Viewer, id: string, state: RecordState) => Promise<Row | undefined>;
  /** Applies a patch whatever the version, bumping it (a state change, not a form save). */
  update: (db: Executor, id: string, patch: LifecyclePatch) => Promise<unknown>;
  /** Deletes the row; false when it was already gone. */
  remove: (db: Executor, id: string) => Promise<boolean>;
  /** Refuses a restore the type's rules forbid (another record took its email meanwhile); throws to refuse. */
  checkRestore?: (tx: Executor, row: Row) => Promise<void>;
  /**
   * What else a permanent delete changes, in its transaction before the row goes (a client clears the link of
   * the lead converted to it): the audit row's new values, and the records changed that get their own event.
   */
  beforePermanentDelete?: (
    tx: Executor,
    actor: Actor,
    row: Row,
  ) => Promise<{ newValues: unknown; changed: { resource: ChangeResource; id: string }[] }>;
};

/** The record type's lifecycle operations, each one transaction with its audit row and change event. */
export type RecordLifecycle = {
  /** Hides or shows the record; no change and no audit row when it already is so. */
  setHidden: (db: Database, actor: Actor, id: string, hidden: boolean, reason: string) => Promise<void>;
  softDelete: (db: Database, actor: Actor, id: string, reason: string) => Promise<void>;
  restore: (db: Database, actor: Actor, id: string) => Promise<void>;
  /** Removes the row for good, its child records and their files with it; the audit row keeps every old value. */
  permanentlyDelete: (db: Database, actor: Actor, id: string, storage: FileStorage) => Promise<void>;
};

export function recordLifecycle<Row extends LifecycleRow>(options: RecordLifecycleOptions<Row>): RecordLifecycle {
  const { resourceType, event, find, update, remove, checkRestore, beforePermanentDelete } = options;
  const missing = () => notFound(options.name);
  const audit = (
    tx: Executor,
    actor: Actor,
    verb: string,
    id: string,
    values: Pick<Change, 'oldValues' | 'newValues'>,
  ) =>
    recordChange(tx, actor.ctx, { action: `${verb}_${resourceType}`, resourceType, resourceId: id, ...values, event });

  return {
    setHidden: (db, actor, id, hidden, reason) =>
      db.transaction(async (tx) => {
        const row = await find(tx, actor.viewer, id, 'live');
        if (!row) throw missing();
        if (row.isHidden === hidden) return; // already so: nothing changes, nothing to record
        await update(
          tx,
          row.id,
          hidden
            ? { isHidden: true, hiddenAt: new Date(), hiddenReason: reason, updatedBy: actor.ctx.actorId }
            : { isHidden: false, hiddenAt: null, hiddenReason: null, updatedBy: actor.ctx.actorId },
        );
        await audit(tx, actor, hidden ? 'HIDE' : 'UNHIDE', row.id, {
          oldValues: { isHidden: row.isHidden, hiddenAt: row.hiddenAt, hiddenReason: row.hiddenReason },
          newValues: { isHidden: hidden, reason },
        });
      }),

    softDelete: (db, actor, id, reason) =>
      db.transaction(async (tx) => {
        const row = await find(tx, actor.viewer, id, 'live');
        if (!row) throw missing();
        const deletedAt = new Date();
        await update(tx, row.id, {
          deletedAt,
          deletedBy: actor.ctx.actorId,
          deleteReason: reason,
          updatedBy: actor.ctx.actorId,
        });
        await audit(tx, actor, 'DELETE', row.id, { oldValues: { deletedAt: null }, newValues: { deletedAt, reason } });
      }),

    restore: (db, actor, id) =>
      db.transaction(async (tx) => {
        const row = await find(tx, actor.viewer, id, 'deleted');
        if (!row) throw notFound(`Deleted ${options.name.toLowerCase()}`);
        await checkRestore?.(tx, row);
        await update(tx, row.id, {
          deletedAt: null,
          deletedBy: null,
          deleteReason: null,
          updatedBy: actor.ctx.actorId,
        });
        await audit(tx, actor, 'RESTORE', row.id, {
          oldValues: { deletedAt: row.deletedAt, deletedBy: row.deletedBy, deleteReason: row.deleteReason },
          newValues: { deletedAt: null },
        });
      }),

    permanentlyDelete: async (db, actor, id, storage) => {
      const files = await db.transaction(async (tx) => {
        const row = await find(tx, actor.viewer, id, 'any');
        if (!row) throw missing();
        // Client money held for the person is the firm's debt to them: it is refunded before they go.
        if (await holdsMoney(tx, { type: event, id: row.id })) {
          throw new AppError('CONFLICT', INVOICE_MONEY_MESSAGES.purgeHoldsMoney);
        }
        const also = await beforePermanentDelete?.(tx, actor, row);
        const keys = await childFileKeys(tx, { type: event, id: row.id });
        if (!(await remove(tx, row.id))) throw missing();
        await audit(tx, actor, 'PERMANENT_DELETE', row.id, { oldValues: row, newValues: also?.newValues });
        for (const changed of also?.changed ?? []) {
          await publishChange(tx, actor.ctx, changed.resource, `PERMANENT_DELETE_${resourceType}`, changed.id);
        }
        return keys;
      });
      await removeFiles(storage, files);
    },
  };
}

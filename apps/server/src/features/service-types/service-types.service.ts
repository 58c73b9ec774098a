// The service catalogue (docs/decisions/0024): read by everyone who adds or edits services, kept by account
// administrators. Names are unique in any case (400 with the field's message; two saves racing past the check
// meet the unique index and get the same answer); a change names the version it read (409 when stale). Each
// write is one transaction with its audit row and a 'service_types' change event.
import {
  mergePatch,
  SERVICE_TYPE_MESSAGES,
  serviceTypeFieldsSchema,
  type ServiceTypeInput,
  serviceTypeInputSchema,
  type ServiceTypeRecord,
} from '@crm/domain';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, conflict, fieldErrorsFromZod, validationError } from '../../plugins/errors.ts';
import { changedFields, recordChange } from '../../platform/audit/record-change.ts';
import {
  allServiceTypes,
  findServiceType,
  insertServiceType,
  serviceTypeColumns,
  serviceTypeNameTaken,
  toServiceTypeRecord,
  updateServiceTypeVersioned,
} from './service-types.repository.ts';

/** The change event the catalogue's readers refresh on (features/events/event-audience.ts). */
export const SERVICE_TYPES_EVENT = 'service_types';

export type ServiceTypePatch = Record<string, unknown> & { version: number };

const nameTaken = () => validationError({ name: [SERVICE_TYPE_MESSAGES.nameTaken] });
const typeNotFound = () => new AppError('NOT_FOUND', SERVICE_TYPE_MESSAGES.notFound);

/** A duplicate name found by the unique index (a save that raced past the check) reads as the check's. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw nameTaken();
    throw error;
  }
}

export async function listServiceTypes(db: Database): Promise<ServiceTypeRecord[]> {
  return (await allServiceTypes(db)).map(toServiceTypeRecord);
}

export async function addServiceType(db: Database, actor: Actor, input: ServiceTypeInput): Promise<ServiceTypeRecord> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      if (await serviceTypeNameTaken(tx, input.name)) throw nameTaken();
      const values = serviceTypeColumns(input);
      const row = await insertServiceType(tx, {
        ...values,
        createdBy: actor.ctx.actorId,
        updatedBy: actor.ctx.actorId,
      });
      await changed(tx, actor, row.id, 'CREATE_SERVICE_TYPE', { newValues: values });
      return toServiceTypeRecord(row);
    }),
  );
}

/** PATCH: the fields sent over the stored type, checked whole; archiving is `{ archived: true, version }`. */
export async function updateServiceType(
  db: Database,
  actor: Actor,
  id: string,
  patch: ServiceTypePatch,
): Promise<ServiceTypeRecord> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const before = await findServiceType(tx, id);
      if (!before) throw typeNotFound();
      if (before.version !== patch.version) throw conflict();
      const merged = mergePatch(Object.keys(serviceTypeFieldsSchema.shape), before, patch);
      const parsed = serviceTypeInputSchema.safeParse(merged);
      if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error as z.ZodError));
      if (await serviceTypeNameTaken(tx, parsed.data.name, id)) throw nameTaken();
      const values = serviceTypeColumns(parsed.data);
      const row = await updateServiceTypeVersioned(tx, id, patch.version, { ...values, updatedBy: actor.ctx.actorId });
      if (!row) throw conflict();
      const action =
        values.archived !== before.archived
          ? values.archived
            ? 'ARCHIVE_SERVICE_TYPE'
            : 'RESTORE_SERVICE_TYPE'
          : 'UPDATE_SERVICE_TYPE';
      await changed(tx, actor, id, action, changedFields(serviceTypeColumns(storedInput(before)), values));
      return toServiceTypeRecord(row);
    }),
  );
}

/** A stored row as the input that would make it (to audit what changed). */
const storedInput = (row: NonNullable<Awaited<ReturnType<typeof findServiceType>>>): ServiceTypeInput => ({
  name: row.name,
  defaultFees: row.defaultFees,
  defaultTreatment: row.defaultTreatment as ServiceTypeInput['defaultTreatment'],
  archived: row.archived,
});

async function changed(
  tx: Executor,
  actor: Actor,
  id: string,
  action: string,
  values: { oldValues?: unknown; newValues?: unknown },
) {
  await recordChange(tx, actor.ctx, {
    action,
    resourceType: 'SERVICE_TYPE',
    resourceId: id,
    ...values,
    event: SERVICE_TYPES_EVENT,
  });
}

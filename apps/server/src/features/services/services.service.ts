// Services of a lead or client (spec 2 "Services Availed panel", §5, §7; issue 11): read with the record's
// view permission and visibility, written with its edit permission; a version guards every edit; delete
// is soft, with a reason. Each write is one transaction with its audit row and a change event on the
// record, so an open panel refreshes.
import {
  centsOf,
  CLIENT_MESSAGES,
  displayMoney,
  INVOICE_MONEY_MESSAGES,
  CONVERTED_STATUS,
  LEAD_MESSAGES,
  mayDeleteService,
  mergePatch,
  REVERTED_STATUS,
  SERVICE_MESSAGES,
  type ServiceEntityType,
  serviceFieldsSchema,
  serviceInputSchema,
  type ServiceInput,
  type ServiceRecord,
  DEFAULT_TAX_TREATMENT,
  type TaxTreatment,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { type Actor, requireActorCan } from '../../plugins/actor.ts';
import { AppError, conflict, fieldErrorsFromZod, notFound, validationError } from '../../plugins/errors.ts';
import { findClient } from '../clients/clients.repository.ts';
import { findLead } from '../leads/leads.repository.ts';
import { parentOf, recordChildChange } from '../record-kit/child-records.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import { treatmentOfTypeNamed } from '../service-types/service-types.repository.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  deleteServiceRow,
  findDeletedService,
  findService,
  insertService,
  restoreServiceRow,
  type ServiceOwner,
  type ServiceRow,
  serviceColumns,
  servicesOf,
  toServiceRecord,
  updateServiceVersioned,
} from './services.repository.ts';

export type ServicePatch = Record<string, unknown> & { version: number };

const serviceNotFound = () => new AppError('NOT_FOUND', SERVICE_MESSAGES.notFound);

/**
 * The record, when the actor may see it (404 otherwise, as for the record itself) and, for a write, may
 * edit it: the record's own edit permission, and not a read-only record (a converted lead, a Reverted
 * client).
 */
async function ownerFor(tx: Executor, actor: Actor, owner: ServiceOwner, access: 'view' | 'edit'): Promise<void> {
  requireActorCan(actor, `${owner.type === 'lead' ? 'leads' : 'clients'}:${access}`);
  if (owner.type === 'lead') {
    const lead = await findLead(tx, actor.viewer, owner.id);
    if (!lead) throw notFound('Lead');
    if (access === 'edit' && lead.leadStatus === CONVERTED_STATUS) {
      throw new AppError('CONFLICT', LEAD_MESSAGES.readOnlyConverted);
    }
  } else {
    const client = await findClient(tx, actor.viewer, owner.id);
    if (!client) throw notFound('Client');
    if (access === 'edit' && client.status === REVERTED_STATUS) {
      throw new AppError('CONFLICT', CLIENT_MESSAGES.readOnlyReverted);
    }
  }
}

/** A live service whose record the actor may see (and edit, for a write); 404 otherwise. */
export async function serviceFor(tx: Executor, actor: Actor, id: string, access: 'view' | 'edit'): Promise<ServiceRow> {
  const row = await findService(tx, id);
  if (!row) throw serviceNotFound();
  await ownerFor(tx, actor, parentOf(row), access).catch((error: unknown) => {
    // A record the actor may not see hides its services too.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw serviceNotFound();
    throw error;
  });
  return row;
}

export async function serviceChanged(
  tx: Executor,
  actor: Actor,
  row: ServiceRow,
  action: string,
  values: { old?: unknown; new?: unknown },
) {
  await recordChildChange(tx, actor.ctx, 'SERVICE', row, action, values);
}

export async function listServicesOf(db: Database, actor: Actor, owner: ServiceOwner): Promise<ServiceRecord[]> {
  await ownerFor(db, actor, owner, 'view');
  const [rows, today] = await Promise.all([servicesOf(db, owner), readFirmToday(db)]);
  return rows.map((row) => toServiceRecord(row, today));
}

export async function readService(db: Database, actor: Actor, id: string): Promise<ServiceRecord> {
  const row = await serviceFor(db, actor, id, 'view');
  return toServiceRecord(row, await readFirmToday(db));
}

export async function addService(
  db: Database,
  actor: Actor,
  owner: ServiceOwner,
  input: ServiceInput,
): Promise<ServiceRecord> {
  return db.transaction(async (tx) => {
    await ownerFor(tx, actor, owner, 'edit');
    // Left out, the treatment is the catalogue's for a type of that name, else taxable (decision 0024).
    const treatment =
      input.taxTreatment ?? (await treatmentOfTypeNamed(tx, input.serviceName)) ?? DEFAULT_TAX_TREATMENT;
    const values = serviceColumns(input, treatment);
    const row = await insertService(tx, owner, {
      ...values,
      createdBy: actor.ctx.actorId,
      updatedBy: actor.ctx.actorId,
    });
    await serviceChanged(tx, actor, row, 'CREATE_SERVICE', {
      new: { ...values, entityType: owner.type, entityId: owner.id },
    });
    return toServiceRecord(row, await readFirmToday(tx));
  });
}

/** The form the stored service makes, for a PATCH to merge over (money as the schema writes it). */
function storedForm(row: ServiceRow): Record<string, unknown> {
  return {
    ...row,
    tuitionTerms: row.tuitionTerms.map(({ termNumber: _n, ...term }) => term),
  };
}

/** PATCH /api/services/{id}: the fields sent, merged over the stored service, checked whole; 409 when stale. */
export async function updateService(
  db: Database,
  actor: Actor,
  id: string,
  patch: ServicePatch,
): Promise<ServiceRecord> {
  return db.transaction(async (tx) => {
    const before = await serviceFor(tx, actor, id, 'edit');
    if (before.version !== patch.version) throw conflict();
    const merged = mergePatch(Object.keys(serviceFieldsSchema.shape), storedForm(before), patch);
    const parsed = serviceInputSchema.safeParse(merged);
    if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
    // The stored treatment was merged in when the patch left it out: a service keeps its treatment.
    const values = serviceColumns(parsed.data, parsed.data.taxTreatment ?? (before.taxTreatment as TaxTreatment));
    // Money on invoices is part of the paid amount; it changes there (by credit notes), not here.
    if (centsOf(values.paidAmount) < centsOf(before.invoicePaidAmount)) {
      const invoicePaid = displayMoney(centsOf(before.invoicePaidAmount), before.currency);
      throw validationError({ paidAmount: [INVOICE_MONEY_MESSAGES.paidBelowInvoices(invoicePaid)] });
    }
    const row = await updateServiceVersioned(tx, id, patch.version, { ...values, updatedBy: actor.ctx.actorId });
    if (!row) throw conflict();
    await serviceChanged(tx, actor, row, 'UPDATE_SERVICE', { old: auditValuesOf(before), new: values });
    return toServiceRecord(row, await readFirmToday(tx));
  });
}

/** What the audit row keeps of a stored service: its form's columns. */
function auditValuesOf(row: ServiceRow) {
  const { serviceName, serviceCategory, serviceDescription, serviceStatus, serviceFee, paidAmount, currency } = row;
  const { startDate, completionDate, notes, tuitionTerms, taxTreatment } = row;
  return {
    taxTreatment,
    serviceName,
    serviceCategory,
    serviceDescription,
    serviceStatus,
    serviceFee,
    paidAmount,
    currency,
    startDate,
    completionDate,
    notes,
    tuitionTerms,
  };
}

/** A service the Finance overview lists for the actor (its record visible to it); 404 otherwise. */
async function overviewServiceFor(tx: Executor, actor: Actor, id: string): Promise<ServiceRow> {
  const row = await findService(tx, id);
  if (!row || !row.recordLive) throw serviceNotFound();
  const owner = parentOf(row);
  const visible =
    owner.type === 'lead'
      ? await findLead(tx, actor.viewer, owner.id, 'any')
      : await findClient(tx, actor.viewer, owner.id, 'any');
  if (!visible) throw serviceNotFound();
  return row;
}

/**
 * DELETE /api/services/{id}: soft delete with a reason; administrators recover it (Deleted Items). Deleting
 * needs the delete action (spec 1 §6.2; decision 0027): Finance's, from the overview, or the record's.
 */
export async function deleteService(
  db: Database,
  actor: Actor,
  id: string,
  body: { reason?: string; version?: number },
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    // Finance's deleters delete from the overview any service it lists; others reach it through its record
    // (visible and not read-only), where the delete action decides.
    const before = actor.can('finance:delete')
      ? await overviewServiceFor(tx, actor, id)
      : await serviceFor(tx, actor, id, 'edit');
    if (!mayDeleteService(actor.viewer.role, parentOf(before).type, actor.moduleAccess)) {
      throw new AppError('FORBIDDEN', SERVICE_MESSAGES.deleteRefused);
    }
    if (body.version !== undefined && before.version !== body.version) throw conflict();
    const reason = body.reason?.trim() || 'Deleted by user';
    const row = await updateServiceVersioned(tx, id, before.version, {
      deletedAt: new Date(),
      deleteReason: reason,
      deletedBy: actor.ctx.actorId,
      updatedBy: actor.ctx.actorId,
    });
    if (!row) throw conflict();
    await serviceChanged(tx, actor, row, 'DELETE_SERVICE', { new: { deleteReason: reason } });
    return { message: SERVICE_MESSAGES.deleted };
  });
}

export const ownerFromRoute = (type: ServiceEntityType, id: string): ServiceOwner => ({ type, id });

/**
 * POST /api/services/{id}/restore: a deleted service comes back (Deleted Items, DECISIONS §6) for those who
 * may delete its record's kind, when its record is live and visible.
 */
export async function restoreService(db: Database, actor: Actor, id: string): Promise<ServiceRecord> {
  return db.transaction(async (tx) => {
    const row = await findDeletedService(tx, id);
    if (!row) throw new AppError('NOT_FOUND', SERVICE_MESSAGES.notFound);
    const owner = parentOf(row);
    requireActorCan(actor, `${owner.type === 'lead' ? 'leads' : 'clients'}:delete`);
    await ownerFor(tx, actor, owner, 'view').catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw serviceNotFound();
      throw error;
    });
    const restored = await restoreServiceRow(tx, id, actor.ctx.actorId);
    if (!restored) throw conflict();
    await serviceChanged(tx, actor, restored, 'RESTORE_SERVICE', {
      old: { deletedAt: row.deletedAt, deleteReason: row.deleteReason },
      new: { deletedAt: null },
    });
    return toServiceRecord(restored, await readFirmToday(tx));
  });
}

/**
 * DELETE /api/services/{id}/permanent: a deleted service gone for good (Deleted Items' Delete Forever), for
 * those who may delete its record's kind permanently; its evidence image goes after the commit. The audit
 * row keeps its values.
 */
export async function purgeService(db: Database, storage: FileStorage, actor: Actor, id: string) {
  const evidence = await db.transaction(async (tx) => {
    const row = await findDeletedService(tx, id);
    if (!row) throw new AppError('NOT_FOUND', SERVICE_MESSAGES.notFound);
    const owner = parentOf(row);
    requireActorCan(actor, `${owner.type === 'lead' ? 'leads' : 'clients'}:delete_permanent`);
    await deleteServiceRow(tx, id);
    await serviceChanged(tx, actor, row, 'PURGE_SERVICE', {
      old: { serviceName: row.serviceName, serviceFee: row.serviceFee, deleteReason: row.deleteReason },
    });
    return row.paymentEvidenceKey;
  });
  if (evidence) await storage.remove(evidence);
  return { message: SERVICE_MESSAGES.purged };
}
